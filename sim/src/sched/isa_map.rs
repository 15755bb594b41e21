//! heddle microcode on the scheduler, and the golden functional SM as the reference for its
//! SIMT behaviour. [`sinst`] gives the scheduling fields of a heddle instruction (the SM's
//! decoder does the same); [`GsmRun`] takes a kernel's execution in the golden functional
//! SM (`crate::gsm`, with its trace), turns the kernel into a scheduler program, the grid
//! into a launch plan and the trace into each warp's guard values (reconstructed from the
//! traced predicate writes), and keeps each warp's (PC, mask) sequence: running the
//! scheduler with [`super::Guards::Recorded`] must issue exactly that sequence per warp.
use super::{CtaPlan, Guards, PInst, Program, WarpPlan};
use crate::golden::warp_sched::{class, Opnd, SInst, NO_GUARD};
use crate::gsm::{self, GlobalMem, Launch, TraceEntry};
use crate::isa::{self, op, size, Class, Instr, Opnd as IOp};
use crate::ptx::translate::Kernel;
use heddle_hw::sm::decode::SlotLats;
use std::path::Path;

/// Latencies (issue slots) the mapping gives each unit; memory instructions are released
/// by the memory pipeline after `mem` slots.
#[derive(Debug, Clone, Copy)]
pub struct Lats {
    pub sp: u8,
    pub sfu: u8,
    pub fma: u8,
    pub mem: u32,
}

impl Default for Lats {
    /// The SM decoder's default unit latencies ([`SlotLats::GOLDEN_RUNS`]); loads released
    /// after 40 slots.
    fn default() -> Self {
        let l = SlotLats::GOLDEN_RUNS;
        Lats { sp: l.sp, sfu: l.sfu, fma: l.fma, mem: 40 }
    }
}

fn width_of_size(s: u8) -> u8 {
    match s {
        size::B64 => 1,
        size::B128 => 2,
        _ => 0,
    }
}

/// The scheduling fields of heddle instruction `i`. Deliberate choices: `nop` is a
/// control instruction (no unit); `fmul` goes to the SPs (the SFU's `mul.f32` class is for
/// an SM that dispatches some multiplies to the SFUs; heddle's ISA has no separate op).
pub fn sinst(i: &Instr, lat: &Lats) -> PInst {
    let def = isa::opdef(i.op);
    let (c, l) = match def.map(|d| d.class) {
        Some(Class::Sp) => (class::SP, lat.sp),
        Some(Class::Sfu) => (class::SFU, lat.sfu),
        Some(Class::Fma) => (class::FMA, lat.fma),
        Some(Class::LdSt) => (class::MEM, 0),
        _ => match i.op {
            op::BRA => (class::BRA, 1),
            op::BAR => (class::BAR, 1),
            op::EXIT => (class::EXIT, 1),
            _ => (class::NOP, 1),
        },
    };
    let pair = isa::pair_op(i.op);
    let rw = if pair { 1 } else { 0 };
    let mut s = SInst { class: c, guard: i.guard.pred, lat: l, ..Default::default() };
    if i.guard.pred == isa::PT {
        s.guard = NO_GUARD;
    }
    let mut srcs: Vec<Opnd> = vec![];
    let pred = |p: u8| if p == isa::PT { None } else { Some(Opnd::pred(p)) };
    for o in def.map_or(&[][..], |d| d.operands) {
        match o {
            IOp::D => {
                let w = if c == class::MEM { width_of_size(i.size) } else { rw };
                s.dst = Opnd::regs(i.d, w);
            }
            IOp::Pd => {
                if let Some(p) = pred(i.d & 7) {
                    s.dst = p;
                }
            }
            IOp::A => srcs.push(Opnd::regs(i.a, rw)),
            IOp::B => srcs.push(Opnd::regs(i.b, rw)),
            IOp::C => srcs.push(Opnd::regs(i.c, rw)),
            IOp::Pa => srcs.extend(pred(i.a & 7)),
            IOp::Pb => srcs.extend(pred(i.b & 7)),
            IOp::Ps => srcs.extend(pred(i.psrc & 7)),
            IOp::Mem | IOp::MemR => srcs.push(Opnd::reg(i.a)),
            IOp::Sd => srcs.push(Opnd::regs(i.d, width_of_size(i.size))),
            _ => {}
        }
    }
    for (k, o) in srcs.into_iter().take(3).enumerate() {
        s.src[k] = o;
    }
    if c == class::BRA {
        s.target = i.imm;
        s.brpc = i.rpc;
        s.uni = i.uni;
    }
    let mut p = PInst::new(s);
    if c == class::MEM {
        if s.dst.v {
            p.mem_lat = lat.mem;
        } else {
            p.inst.lat = 1;
        }
    }
    p
}

/// The scheduler program of a kernel.
pub fn program_of(k: &Kernel, lat: &Lats) -> Program {
    Program { code: k.code.iter().map(|i| sinst(i, lat)).collect() }
}

/// A kernel's execution in the golden functional SM, ready for the scheduler.
#[derive(Debug, Clone)]
pub struct GsmRun {
    pub prog: Program,
    pub plan: Vec<CtaPlan>,
    /// Per launched warp (plan order): its guard value at each instruction it executed.
    pub guards: Vec<Vec<u32>>,
    /// Per launched warp: the (PC, active mask) of each instruction it executed.
    pub expect: Vec<Vec<(u32, u32)>>,
    pub warp_instrs: u64,
}

impl GsmRun {
    pub fn guard_source(&self) -> Guards {
        Guards::Recorded(self.guards.clone())
    }

    /// From a kernel, its grid and its trace (entries of one (CTA, warp) in order).
    pub fn from_trace(k: &Kernel, grid: [u32; 3], block: [u32; 3], trace: &[TraceEntry], lat: &Lats) -> GsmRun {
        let threads: u32 = block.iter().product();
        let nw = threads.div_ceil(32) as usize;
        let nctas: u32 = grid.iter().product();
        let mut plan = vec![];
        for _ in 0..nctas {
            let mut warps = vec![];
            for w in 0..nw {
                let n = (threads - 32 * w as u32).min(32);
                let mask = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
                warps.push(WarpPlan { wtype: 0, pc: 0, mask });
            }
            plan.push(CtaPlan { warps });
        }
        let total = nctas as usize * nw;
        let mut guards = vec![vec![]; total];
        let mut expect = vec![vec![]; total];
        let mut preds = vec![[0u8; 32]; total];
        for e in trace {
            let l = e.cta as usize * nw + e.warp as usize;
            let i = &k.code[e.pc as usize];
            let g = i.guard;
            let mut m = 0u32;
            for lane in 0..32 {
                let v = g.pred == isa::PT || preds[l][lane] >> g.pred & 1 == 1;
                if v != g.neg {
                    m |= 1 << lane;
                }
            }
            guards[l].push(m);
            expect[l].push((e.pc, e.mask));
            for &(lane, reg, v) in &e.writes {
                if reg >= 128 {
                    let p = reg - 128;
                    if v != 0 {
                        preds[l][lane as usize] |= 1 << p;
                    } else {
                        preds[l][lane as usize] &= !(1 << p);
                    }
                }
            }
        }
        GsmRun { prog: program_of(k, lat), plan, guards, expect, warp_instrs: trace.len() as u64 }
    }

    /// Runs `k` in the golden functional SM with a trace.
    pub fn run(k: &Kernel, l: &Launch, mem: &mut GlobalMem, lat: &Lats) -> Result<GsmRun, String> {
        let r = gsm::run(k, l, mem, &gsm::Config::default(), &mut gsm::NoFpUnits, true).map_err(|f| f.to_string())?;
        Ok(GsmRun::from_trace(k, l.grid, l.block, &r.trace, lat))
    }

    /// A `heddle run` launch file (examples/kernels/launch/*.json).
    pub fn from_launch_file(path: &Path, lat: &Lats) -> Result<GsmRun, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let lf: gsm::launch::LaunchFile = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let ptx_path = path.parent().unwrap_or(Path::new(".")).join(&lf.ptx);
        let src = std::fs::read(&ptx_path).map_err(|e| format!("{}: {e}", ptx_path.display()))?;
        let name = lf.ptx.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let m = crate::ptx::parse_bytes(&name, &src).map_err(|e| e.to_string())?;
        let k = crate::ptx::translate::translate(&m, lf.kernel.as_deref(), crate::ptx::translate::Options { g80_mad: lf.g80_mad, ..Default::default() })
            .map_err(|e| e.to_string())?;
        let tmp = std::env::temp_dir().join(format!("heddle-sched-trace-{}-{}.jsonl", std::process::id(), name));
        gsm::launch::run_file_traced(path, Some(&tmp))?;
        let text = std::fs::read_to_string(&tmp).map_err(|e| e.to_string())?;
        let _ = std::fs::remove_file(&tmp);
        let mut trace = vec![];
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
            let n = |k: &str| v[k].as_u64().unwrap_or(0) as u32;
            let writes = v["writes"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|w| (w[0].as_u64().unwrap_or(0) as u8, w[1].as_u64().unwrap_or(0) as u8, w[2].as_u64().unwrap_or(0) as u32))
                        .collect()
                })
                .unwrap_or_default();
            trace.push(TraceEntry { cta: n("cta"), warp: n("warp"), pc: n("pc"), mask: n("mask"), writes, stores: vec![] });
        }
        Ok(GsmRun::from_trace(&k, lf.grid, lf.block, &trace, lat))
    }

    /// Compares each launched warp's issued (PC, mask) sequence with the functional SM's.
    pub fn check(&self, log: &super::Log) -> Result<(), String> {
        for (l, want) in self.expect.iter().enumerate() {
            let got: Vec<(u32, u32)> = log.of_launch(l).iter().map(|e| (e.pc, e.mask)).collect();
            if got != *want {
                let k = got.iter().zip(want).position(|(a, b)| a != b).unwrap_or(got.len().min(want.len()));
                return Err(format!(
                    "warp launch {l}: instruction {k} differs: scheduler {:?}, functional SM {:?} ({} vs {} instructions)",
                    got.get(k),
                    want.get(k),
                    got.len(),
                    want.len()
                ));
            }
        }
        Ok(())
    }
}
