//! The SM's lock-step runner: loads a kernel into the RTL SM (`heddle_hw::sm::Sm`) through
//! its program and launch ports, clocks it in the rust-hdl simulation, rebuilds every
//! retired warp-instruction from the retire port (`rt_*`) and the lane-group writes before
//! it (`rw_*`), and compares each with the golden SM's record of the same warp's next
//! instruction (`gsm::TraceEntry`: CTA, warp, PC, active mask, register and predicate
//! writes, stores). The comparison is per warp, so it does not depend on timing. The first
//! difference is reported with the cycle, warp, PC, PTX line, expected and actual, and a
//! VCD of the SM's ports up to it; a fault of the SM is compared with the golden SM's.
//! Every clock is recorded, so the same run replays into the exported Verilog (`sm.v`) in
//! Verilator, output by output ([`finish`]).
use super::{finish, Replays, RunSummary};
use crate::cosim::{Bench, CosimError};
use crate::gsm::{self, FaultKind, GlobalMem, Launch, TraceEntry};
use crate::isa;
use crate::ptx::translate::Kernel;
use heddle_hw::config::SmConfig;
use heddle_hw::isa::sm_fault;
use heddle_hw::sm::Sm;
use std::collections::{BTreeMap, VecDeque};

/// A fault of the RTL SM (`fault_kind`, `fault_warp`, `fault_pc`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmFault {
    pub kind: u8,
    pub warp: u32,
    pub pc: u32,
    /// Memory faults: the lane and the byte address.
    pub lane: u32,
    pub addr: u32,
}

impl std::fmt::Display for SmFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = sm_fault::NAMES.get(self.kind as usize).copied().unwrap_or("?");
        write!(f, "{name} (warp slot {}, pc {}", self.warp, self.pc)?;
        if matches!(self.kind, sm_fault::OUT_OF_BOUNDS | sm_fault::MISALIGNED | sm_fault::READ_ONLY) {
            write!(f, ", lane {}, address {:#x}", self.lane, self.addr)?;
        }
        write!(f, ")")
    }
}

/// The golden fault kind an SM fault kind stands for.
pub fn golden_kind(kind: u8) -> Option<FaultKind> {
    use heddle_hw::isa::sched_fault as s;
    Some(match kind {
        s::STACK_OVERFLOW => FaultKind::StackOverflow,
        s::DIVERGENT_BARRIER => FaultKind::DivergentBarrier,
        s::UNIFORM_DIVERGED => FaultKind::UniformBranchDiverged,
        sm_fault::OUT_OF_BOUNDS => FaultKind::OutOfBounds,
        sm_fault::MISALIGNED => FaultKind::Misaligned,
        sm_fault::READ_ONLY => FaultKind::ReadOnly,
        sm_fault::NOT_SUPPORTED => FaultKind::NotYetSupported,
        sm_fault::BAD_PC => FaultKind::BadPc,
        sm_fault::RESOURCES => FaultKind::Resources,
        sm_fault::WATCHDOG => FaultKind::Watchdog,
        _ => return None,
    })
}

/// What a run of the RTL SM produced.
#[derive(Debug, Clone, Default)]
pub struct SmRun {
    /// Retired warp-instructions, in retire order.
    pub trace: Vec<TraceEntry>,
    pub cycles: u64,
    pub fault: Option<SmFault>,
    /// The cycle (after the launch) of each retire in `trace`.
    pub retired_at: Vec<u64>,
}

impl SmRun {
    /// Warp-instructions per clock.
    pub fn ipc(&self) -> f64 {
        if self.cycles == 0 {
            0.0
        } else {
            self.trace.len() as f64 / self.cycles as f64
        }
    }
}

/// The memory model's default latency in clocks: a G80's global load took 400 to 600 SP
/// clocks (CUDA 1.x programming guide); the SM runs one request at a time for now, so the
/// default keeps runs short until requests overlap.
pub const DEFAULT_MEM_LATENCY: u32 = 4;

/// The memory behind the SM's memory port in a run: global memory, and the launch's
/// parameter block and constant bank for the param and constant spaces.
pub struct MemModel<'a> {
    pub global: &'a mut GlobalMem,
    pub params: &'a [u8],
    pub constant: &'a [u8],
}

impl MemModel<'_> {
    /// The request's access: the bytes of `be` in the word at `addr` of `space`; a load
    /// returns the word (bytes outside `be` 0), a store writes the bytes. `Err` when a byte
    /// is outside the space's memory.
    pub fn access(&mut self, space: u8, addr: u32, we: bool, be: u8, wdata: u32) -> Result<u32, ()> {
        if be == 0 {
            return Ok(0);
        }
        let first = be.trailing_zeros();
        let n = 8 - be.leading_zeros() - first;
        let a = addr.wrapping_add(first);
        let slot: &mut [u8] = match space {
            isa::space::GLOBAL => self.global.find(a, n).ok_or(())?,
            isa::space::PARAM | isa::space::CONST => {
                let src = if space == isa::space::PARAM { self.params } else { self.constant };
                if we || a as u64 + n as u64 > src.len() as u64 {
                    return Err(());
                }
                let mut w = [0u8; 4];
                w[first as usize..(first + n) as usize].copy_from_slice(&src[a as usize..(a + n) as usize]);
                return Ok(u32::from_le_bytes(w));
            }
            _ => return Err(()),
        };
        let mut w = [0u8; 4];
        let wb = wdata.to_le_bytes();
        for i in 0..n as usize {
            let b = first as usize + i;
            if we {
                if be >> b & 1 == 1 {
                    slot[i] = wb[b];
                }
            } else {
                w[b] = slot[i];
            }
        }
        Ok(u32::from_le_bytes(w))
    }
}

/// Options of a run.
#[derive(Debug, Clone, Copy)]
pub struct SmOpts {
    /// Clocks after the launch before the runner stops a run that neither finished nor
    /// faulted (a safety net behind the SM's own watchdog).
    pub max_cycles: u64,
    /// The SM's watchdog: clocks after the launch before the SM faults (0: off); the golden
    /// SM gets the same number as its budget of warp-instructions.
    pub watchdog: u32,
    /// Clocks from a request accepted on the memory port to its response (at least 1).
    pub mem_latency: u32,
}

impl Default for SmOpts {
    fn default() -> Self {
        SmOpts { max_cycles: 5_000_000, watchdog: 4_000_000, mem_latency: DEFAULT_MEM_LATENCY }
    }
}

fn set_clock<
    const N: usize,
    const L: usize,
    const SA: usize,
    const SPW: usize,
    const AW: usize,
    const E: usize,
    const C: usize,
    const RA: usize,
    const IW: usize,
    const NP: usize,
    const SW: usize,
>(
    u: &mut Sm<N, L, SA, SPW, AW, E, C, RA, IW, NP, SW>,
    v: bool,
) {
    u.clock.next = v.into();
}

/// Loads `k` with launch `l` into the SM on `bench` and runs it to its end (done, a fault,
/// or `opts.max_cycles`), returning what the retire port showed.
#[allow(clippy::type_complexity)]
pub fn drive<
    const N: usize,
    const L: usize,
    const SA: usize,
    const SPW: usize,
    const AW: usize,
    const E: usize,
    const C: usize,
    const RA: usize,
    const IW: usize,
    const NP: usize,
    const SW: usize,
>(
    bench: &mut Bench<Sm<N, L, SA, SPW, AW, E, C, RA, IW, NP, SW>>,
    k: &Kernel,
    l: &Launch,
    global: &mut GlobalMem,
    opts: SmOpts,
) -> Result<SmRun, CosimError> {
    let bad = |m: String| CosimError::Unsupported(format!("sm: {m}"));
    if k.code.len() > 1 << IW {
        return Err(bad(format!(
            "kernel {} has {} instructions; the instruction memory holds {}",
            k.name,
            k.code.len(),
            1 << IW
        )));
    }
    let words: Vec<u64> = k
        .code
        .iter()
        .enumerate()
        .map(|(pc, i)| isa::encode(i).map_err(|e| bad(format!("{} at pc {pc}: {e:?}", k.where_(pc)))))
        .collect::<Result<_, _>>()?;
    let dim = |v: u32, what: &str| {
        if v > 0xFFFF {
            Err(bad(format!("{what} {v} does not fit the launch port (16 bits)")))
        } else {
            Ok(v as u64)
        }
    };
    let (gx, gy, gz) = (dim(l.grid[0], "grid.x")?, dim(l.grid[1], "grid.y")?, dim(l.grid[2], "grid.z")?);
    let (bx, by, bz) = (dim(l.block[0], "block.x")?, dim(l.block[1], "block.y")?, dim(l.block[2], "block.z")?);
    let regs = k.regs_per_thread.clamp(1, 255) as u64;
    // Reset, then the program.
    bench.cycle(|u| u.clear.next = true)?;
    bench.cycle(|u| u.clear.next = false)?;
    for (a, w) in words.iter().enumerate() {
        bench.cycle(|u| {
            u.prog_we.next = true;
            u.prog_addr.next = (a as u64).into();
            u.prog_data.next = (*w).into();
        })?;
    }
    bench.cycle(|u| {
        u.prog_we.next = false;
        u.prog_len.next = (words.len() as u64).into();
        u.grid_x.next = gx.into();
        u.grid_y.next = gy.into();
        u.grid_z.next = gz.into();
        u.block_x.next = bx.into();
        u.block_y.next = by.into();
        u.block_z.next = bz.into();
        u.regs.next = regs.into();
        u.shared_bytes.next = (k.shared_bytes as u64).into();
        u.watchdog.next = (opts.watchdog as u64).into();
        u.launch.next = true;
    })?;
    bench.cycle(|u| u.launch.next = false)?;
    let mut run = SmRun::default();
    let mut mem = MemModel { global, params: &l.params, constant: &l.constant };
    // Each warp slot's writes since its last retire, by the SP pipeline and by the
    // load/store unit, and the load/store unit's stores.
    let mut pending: Vec<Vec<(u8, u8, u32)>> = vec![vec![]; 32];
    let mut lsu_writes: Vec<(u8, u8, u32)> = vec![];
    let mut lsu_stores: Vec<(u8, u8, u32, u32, u8)> = vec![];
    let mut lsu_space = 0u8;
    // The response in flight: due cycle, data, error.
    let mut resp: Option<(u64, u32, bool)> = None;
    let latency = opts.mem_latency.max(1) as u64;
    for cyc in 0..opts.max_cycles {
        let u = bench.cycle(|u| {
            let mut r_valid = false;
            let (mut r_data, mut r_err) = (0, false);
            if let Some((due, d, e)) = resp {
                if due <= cyc {
                    (r_valid, r_data, r_err) = (true, d, e);
                    resp = None;
                }
            }
            u.m_resp_valid.next = r_valid;
            u.m_resp_data.next = (r_data as u64).into();
            u.m_resp_err.next = r_err;
            let ready = resp.is_none() && !r_valid;
            u.m_req_ready.next = ready;
            if ready && u.m_req_valid.val() {
                let space = u.m_req_space.val().to_u32() as u8;
                let a = mem.access(
                    space,
                    u.m_req_addr.val().to_u32(),
                    u.m_req_we.val(),
                    u.m_req_be.val().to_u32() as u8,
                    u.m_req_wdata.val().to_u32(),
                );
                lsu_space = space;
                resp = Some((cyc + latency, a.unwrap_or(0), a.is_err()));
            }
        })?;
        if u.rw_valid.val() {
            let w = u.rw_warp.val().to_u32() as usize;
            let g = u.rw_grp.val().to_u32() as u8;
            let reg = u.rw_reg.val().to_u32() as u8;
            let m = u.rw_mask.val().to_u32();
            let d = [&u.rw_d0, &u.rw_d1, &u.rw_d2, &u.rw_d3, &u.rw_d4, &u.rw_d5, &u.rw_d6, &u.rw_d7];
            let p = u.rw_p.val().to_u32();
            for j in 0..8u8 {
                if m >> j & 1 == 1 {
                    let v = if reg & 0x80 != 0 { p >> j & 1 } else { d[j as usize].val().to_u32() };
                    pending[w].push((8 * g + j, reg, v));
                }
            }
        }
        if u.lw_valid.val() {
            let g = u.lw_grp.val().to_u32() as u8;
            let reg = u.lw_reg.val().to_u32() as u8;
            let m = u.lw_mask.val().to_u32();
            let d = [&u.lw_d0, &u.lw_d1, &u.lw_d2, &u.lw_d3, &u.lw_d4, &u.lw_d5, &u.lw_d6, &u.lw_d7];
            for j in 0..8u8 {
                if m >> j & 1 == 1 {
                    lsu_writes.push((8 * g + j, reg, d[j as usize].val().to_u32()));
                }
            }
        }
        if u.st_valid.val() {
            lsu_stores.push((
                u.st_lane.val().to_u32() as u8,
                lsu_space,
                u.st_addr.val().to_u32(),
                u.st_data.val().to_u32(),
                u.st_bytes.val().to_u32() as u8,
            ));
        }
        if u.ss_valid.val() {
            let g = u.ss_grp.val().to_u32() as u8;
            let m = u.ss_mask.val().to_u32();
            let a = [&u.ss_a0, &u.ss_a1, &u.ss_a2, &u.ss_a3, &u.ss_a4, &u.ss_a5, &u.ss_a6, &u.ss_a7];
            let d = [&u.ss_d0, &u.ss_d1, &u.ss_d2, &u.ss_d3, &u.ss_d4, &u.ss_d5, &u.ss_d6, &u.ss_d7];
            for j in 0..8usize {
                if m >> j & 1 == 1 {
                    lsu_stores.push((
                        8 * g + j as u8,
                        isa::space::SHARED,
                        a[j].val().to_u32(),
                        d[j].val().to_u32(),
                        u.st_bytes.val().to_u32() as u8,
                    ));
                }
            }
        }
        for lsu in [false, true] {
            let (v, w, pc, mask, cta, wid) = if lsu {
                (u.lt_valid.val(), u.lt_warp.val(), u.lt_pc.val(), u.lt_mask.val(), u.lt_cta.val(), u.lt_wid.val())
            } else {
                (u.rt_valid.val(), u.rt_warp.val(), u.rt_pc.val(), u.rt_mask.val(), u.rt_cta.val(), u.rt_wid.val())
            };
            if !v {
                continue;
            }
            let (mut writes, stores) = if lsu {
                (std::mem::take(&mut lsu_writes), std::mem::take(&mut lsu_stores))
            } else {
                (std::mem::take(&mut pending[w.to_u32() as usize]), vec![])
            };
            writes.sort();
            let mask = mask.to_u32();
            run.retired_at.push(cyc);
            run.trace.push(TraceEntry { cta: cta.to_u32(), warp: wid.to_u32(), pc: pc.to_u32(), mask, writes, stores });
        }
        run.cycles = cyc + 1;
        if u.fault.val() {
            run.fault = Some(SmFault {
                kind: u.fault_kind.val().to_u32() as u8,
                warp: u.fault_warp.val().to_u32(),
                pc: u.fault_pc.val().to_u32(),
                lane: u.fault_lane.val().to_u32(),
                addr: u.fault_addr.val().to_u32(),
            });
            break;
        }
        if u.done.val() {
            break;
        }
    }
    Ok(run)
}

/// A difference between the RTL SM and the golden SM.
#[derive(Debug, Clone)]
pub struct LockstepError {
    pub msg: String,
    pub vcd: Option<std::path::PathBuf>,
}

impl std::fmt::Display for LockstepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.msg)?;
        if let Some(v) = &self.vcd {
            write!(f, " (VCD of the SM's ports: {})", v.display())?;
        }
        Ok(())
    }
}

fn fmt_writes(w: &[(u8, u8, u32)]) -> String {
    let mut s = String::new();
    for (lane, r, v) in w.iter().take(6) {
        if r & 0x80 != 0 {
            s += &format!(" lane {lane}: p{}={v}", r & 7);
        } else {
            s += &format!(" lane {lane}: r{r}={v:#x}");
        }
    }
    if w.len() > 6 {
        s += &format!(" ... ({} writes)", w.len());
    }
    s
}

/// Compares the RTL SM's retired instructions with the golden SM's trace, warp by warp:
/// each retire must be the warp's next golden instruction, except that a memory
/// instruction retires in the load/store unit after the warp's instructions issued behind
/// it (the oldest unretired one, when it is a memory instruction, may be passed).
/// Returns the number of compared warp-instructions, or the first difference.
pub fn compare(k: &Kernel, golden: &[TraceEntry], rtl: &[TraceEntry]) -> Result<u64, String> {
    let mut queues: BTreeMap<(u32, u32), VecDeque<&TraceEntry>> = BTreeMap::new();
    for e in golden {
        queues.entry((e.cta, e.warp)).or_default().push_back(e);
    }
    let is_mem =
        |pc: u32| k.code.get(pc as usize).and_then(|i| isa::opdef(i.op)).is_some_and(|d| d.class == isa::Class::LdSt);
    for (n, a) in rtl.iter().enumerate() {
        let at = |pc: u32| k.where_(pc as usize);
        let g = queues.get_mut(&(a.cta, a.warp)).and_then(|q| {
            if q.len() > 1 && q[0].pc != a.pc && is_mem(q[0].pc) {
                q.remove(1)
            } else {
                q.pop_front()
            }
        });
        let Some(g) = g else {
            return Err(format!(
                "retire {n}: CTA {} warp {} retired pc {} at {}, but the golden SM's warp has no more instructions",
                a.cta,
                a.warp,
                a.pc,
                at(a.pc)
            ));
        };
        let head = format!("retire {n}: CTA {} warp {} pc {} at {}", a.cta, a.warp, a.pc, at(a.pc));
        if g.pc != a.pc {
            return Err(format!(
                "{head}: the golden SM's next instruction of this warp is pc {} at {}",
                g.pc,
                at(g.pc)
            ));
        }
        if g.mask != a.mask {
            return Err(format!("{head}: active mask {:#010x}, expected {:#010x}", a.mask, g.mask));
        }
        let mut gw = g.writes.clone();
        gw.sort();
        if gw != a.writes {
            let first = gw.iter().zip(&a.writes).position(|(x, y)| x != y).unwrap_or(gw.len().min(a.writes.len()));
            return Err(format!(
                "{head}: writes differ from entry {first}: expected{} / actual{}",
                fmt_writes(&gw[first.min(gw.len())..]),
                fmt_writes(&a.writes[first.min(a.writes.len())..])
            ));
        }
        if g.stores != a.stores {
            return Err(format!("{head}: stores {:?}, expected {:?}", a.stores, g.stores));
        }
    }
    if let Some(((c, w), q)) = queues.iter().find(|(_, q)| !q.is_empty()) {
        let e = q[0];
        return Err(format!(
            "the RTL SM stopped with CTA {c} warp {w} still to run pc {} at {} ({} golden instructions not retired)",
            e.pc,
            k.where_(e.pc as usize),
            q.len()
        ));
    }
    Ok(rtl.len() as u64)
}

/// The result of a lock-step run.
#[derive(Debug, Clone)]
pub struct Lockstep {
    pub rtl: SmRun,
    pub golden: Result<gsm::RunResult, gsm::Fault>,
    /// Global memory after the RTL SM's run.
    pub mem: GlobalMem,
    /// Warp-instructions compared.
    pub compared: u64,
}

/// Runs `k` on the RTL SM `uut` (configuration `cfg`) in the rust-hdl simulation and on the
/// golden SM, each on its own copy of global memory `mem`, and compares them: every retired
/// warp-instruction, then global memory after the run. With `replays`, the recorded clocks
/// are then replayed into the exported Verilog (block `sm`).
#[allow(clippy::type_complexity)]
pub fn lockstep<
    const N: usize,
    const L: usize,
    const SA: usize,
    const SPW: usize,
    const AW: usize,
    const E: usize,
    const C: usize,
    const RA: usize,
    const IW: usize,
    const NP: usize,
    const SW: usize,
>(
    uut: Sm<N, L, SA, SPW, AW, E, C, RA, IW, NP, SW>,
    cfg: &SmConfig,
    k: &Kernel,
    l: &Launch,
    mem: &GlobalMem,
    opts: SmOpts,
    replays: Option<Replays>,
) -> Result<(Lockstep, Option<RunSummary>), LockstepError> {
    let verilog = if replays.is_some() { super::verilog("sm").map_err(|e| err(e.to_string()))? } else { String::new() };
    lockstep_verilog(uut, cfg, k, l, mem, opts, replays, &verilog)
}

/// [`lockstep`], replaying into the Verilog text `verilog` (a planted bug's, in tests).
#[allow(clippy::too_many_arguments)]
pub fn lockstep_verilog<
    const N: usize,
    const L: usize,
    const SA: usize,
    const SPW: usize,
    const AW: usize,
    const E: usize,
    const C: usize,
    const RA: usize,
    const IW: usize,
    const NP: usize,
    const SW: usize,
>(
    uut: Sm<N, L, SA, SPW, AW, E, C, RA, IW, NP, SW>,
    cfg: &SmConfig,
    k: &Kernel,
    l: &Launch,
    mem: &GlobalMem,
    opts: SmOpts,
    replays: Option<Replays>,
    verilog: &str,
) -> Result<(Lockstep, Option<RunSummary>), LockstepError> {
    let mut bench = Bench::clocked("sm", verilog, uut, set_clock).map_err(|e| err(e.to_string()))?;
    let mut rtl_mem = mem.clone();
    let rtl = drive(&mut bench, k, l, &mut rtl_mem, opts).map_err(|e| err(e.to_string()))?;
    let mut golden_mem = mem.clone();
    let gcfg = gsm::Config {
        watchdog: if opts.watchdog == 0 { u64::MAX } else { opts.watchdog as u64 },
        ..gsm::Config::of(cfg)
    };
    let golden = gsm::run(k, l, &mut golden_mem, &gcfg, &mut gsm::GoldenFpUnits, true);
    let fail = |bench: &mut Bench<_>, msg: String| {
        let steps = bench.trace.steps();
        let vcd = std::env::temp_dir().join(format!("heddle-sm-{}-{}.vcd", k.name, std::process::id()));
        let vcd = bench.trace.write_vcd(&vcd, steps.saturating_sub(1)).ok().map(|_| vcd);
        LockstepError { msg, vcd }
    };
    let compared = match (&golden, rtl.fault) {
        (Ok(g), None) => {
            let n = compare(k, &g.trace, &rtl.trace)
                .map_err(|m| fail(&mut bench, format!("sm: {m} (cycle {})", rtl.cycles)))?;
            for ((a, gb), (_, rb)) in golden_mem.bufs.iter().zip(&rtl_mem.bufs) {
                if let Some(i) = gb.iter().zip(rb).position(|(x, y)| x != y) {
                    return Err(fail(
                        &mut bench,
                        format!(
                            "sm: global memory after the run differs at {:#x}: {:#04x}, expected {:#04x}",
                            a + i as u32,
                            rb[i],
                            gb[i]
                        ),
                    ));
                }
            }
            n
        }
        (Err(gf), Some(f)) => {
            let at_addr = gf.addr.is_none() || gf.addr == Some(f.addr);
            // the golden SM names the thread: its lane is its linear index mod 32
            let at_lane = gf.thread.is_none_or(|t| {
                let [bx, by, _] = l.block.map(|v| v as u64);
                (t[0] as u64 + bx * (t[1] as u64 + by * t[2] as u64)) % 32 == f.lane as u64
            });
            if golden_kind(f.kind) != Some(gf.kind)
                || (f.pc != gf.pc && f.kind != sm_fault::RESOURCES && f.kind != sm_fault::WATCHDOG)
                || !at_addr
                || !at_lane
            {
                return Err(fail(&mut bench, format!("sm: the RTL SM faulted with {f}; the golden SM with {gf}")));
            }
            0
        }
        (Ok(_), Some(f)) => {
            let why = if f.kind == sm_fault::NOT_SUPPORTED {
                " (this SM does not have that unit yet: docs/sm.md, \"Status\")"
            } else {
                ""
            };
            return Err(fail(
                &mut bench,
                format!(
                    "sm: the RTL SM faulted with {f} at {}, cycle {}{why}; the golden SM ran the kernel",
                    k.where_(f.pc as usize),
                    rtl.cycles
                ),
            ));
        }
        (Err(gf), None) => {
            return Err(fail(&mut bench, format!("sm: the golden SM faulted with {gf}; the RTL SM did not")))
        }
    };
    let summary = match replays {
        Some(r) => Some(finish(bench, rtl.cycles, r).map_err(|e| err(e.to_string()))?),
        None => {
            bench.trace.discard();
            None
        }
    };
    Ok((Lockstep { rtl, golden, mem: rtl_mem, compared }, summary))
}

fn err(msg: String) -> LockstepError {
    LockstepError { msg, vcd: None }
}

/// Totals of a random-program sweep.
#[derive(Debug, Clone, Default)]
pub struct SweepTotals {
    pub programs: u64,
    pub warp_instrs: u64,
    pub cycles: u64,
    pub rust_seconds: f64,
    /// Verilator replay steps (every clock is two), all with 0 mismatches.
    pub verilator_steps: u64,
}

/// The global memory of a random program's launch: its buffer at `random::MEM_BASE`.
pub fn random_mem(grid: [u32; 3], block: [u32; 3]) -> GlobalMem {
    use crate::gsm::random::{mem_bytes, MEM_BASE};
    let threads = grid.iter().product::<u32>() * block.iter().product::<u32>().div_ceil(32) * 32;
    let mut m = GlobalMem::default();
    let base = m.alloc(vec![0; mem_bytes(threads)]);
    assert_eq!(base, MEM_BASE, "the random programs' buffer is the first one mapped");
    m
}

/// A random launch shape: 1-, 2- and 3-D CTAs (partial warps included) on small grids.
pub fn random_shape(rng: &mut crate::vectors::Rng) -> ([u32; 3], [u32; 3]) {
    let block = match rng.below(3) {
        0 => [1 + rng.below(128) as u32, 1, 1],
        1 => [1 + rng.below(16) as u32, 1 + rng.below(8) as u32, 1],
        _ => [1 + rng.below(6) as u32, 1 + rng.below(5) as u32, 1 + rng.below(4) as u32],
    };
    let grid = [1 + rng.below(4) as u32, 1 + rng.below(2) as u32, 1 + rng.below(2) as u32];
    (grid, block)
}

/// Random programs ([`crate::gsm::random`]) on random launch shapes, each in lock step on
/// the G80 SM until `min_warp_instrs` warp-instructions have been compared (and at least one
/// program run); with `verilator`, each run is also replayed into `sm.v`. `progress` gets
/// one line per program. The first difference is an error.
pub fn random_sweep(
    seed: u64,
    min_warp_instrs: u64,
    verilator: bool,
    mut progress: impl FnMut(&str),
) -> Result<SweepTotals, LockstepError> {
    use crate::gsm::random::{random_kernel, RandomProgram};
    use heddle_hw::config::G80;
    let mut rng = crate::vectors::Rng::new(seed);
    let mut t = SweepTotals::default();
    while t.programs == 0 || t.warp_instrs < min_warp_instrs {
        let pseed = rng.next_u64();
        let shape = RandomProgram {
            regs: 8 + rng.below(24) as u8,
            block_len: 1 + rng.below(8) as u32,
            blocks: 2 + rng.below(8) as u32,
            depth: 1 + rng.below(3) as u32,
            max_trips: 1 + rng.below(5) as u32,
            mem: rng.below(4) != 0,
            shared: rng.below(4) != 0,
        };
        let k = random_kernel(shape, pseed);
        let (grid, block) = random_shape(&mut rng);
        let l = Launch { grid, block, ..Default::default() };
        let mem = random_mem(grid, block);
        let replays = verilator.then_some(Replays::verilator_only());
        let start = std::time::Instant::now();
        let (ls, summary) = lockstep(heddle_hw::SmG80::new(&G80), &G80, &k, &l, &mem, SmOpts::default(), replays)
            .map_err(|e| LockstepError {
                msg: format!("program seed {pseed} ({shape:?}), grid {grid:?}, block {block:?}: {}", e.msg),
                ..e
            })?;
        t.programs += 1;
        t.warp_instrs += ls.compared;
        t.cycles += ls.rtl.cycles;
        t.rust_seconds += summary.as_ref().map_or(start.elapsed().as_secs_f64(), |s| s.rust_seconds);
        t.verilator_steps += summary.as_ref().map_or(0, |s| s.replays.iter().map(|r| r.steps).sum());
        progress(&format!(
            "program {} (seed {pseed}, {} instructions, grid {grid:?}, block {block:?}): {} warp-instructions, {} cycles, IPC {:.3}, 0 mismatches; total {} warp-instructions",
            t.programs,
            k.code.len(),
            ls.compared,
            ls.rtl.cycles,
            ls.rtl.ipc(),
            t.warp_instrs
        ));
    }
    Ok(t)
}

/// `heddle cosim sm`: one random program (`n` top-level blocks, 2..=64) on a random launch
/// shape from `seed`, in lock step with the golden SM in the rust-hdl simulation, then its
/// recorded clocks replayed into the exported Verilog as `replays` asks.
pub fn sm_cosim(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    use crate::gsm::random::{random_kernel, RandomProgram};
    heddle_hw::on_sm_stack(move || {
        let mut rng = crate::vectors::Rng::new(seed);
        let k = random_kernel(RandomProgram { blocks: n.clamp(2, 64) as u32, ..RandomProgram::default() }, seed);
        let (grid, block) = random_shape(&mut rng);
        let l = Launch { grid, block, ..Default::default() };
        let cfg = heddle_hw::config::G80;
        let (_, s) = lockstep(
            heddle_hw::SmG80::new(&cfg),
            &cfg,
            &k,
            &l,
            &random_mem(grid, block),
            SmOpts::default(),
            Some(replays),
        )
        .map_err(|e| CosimError::RustModel(e.to_string()))?;
        s.ok_or_else(|| CosimError::Unsupported("sm: no replay summary".into()))
    })
    .map_err(|e| CosimError::Unsupported(format!("sm: {e}")))?
}

/// What `heddle run --rust` reports: the golden report (its outputs read from the RTL SM's
/// memory, equal to the golden SM's), and the RTL SM's run.
pub struct RtlRun {
    pub report: crate::gsm::launch::RunReport,
    pub rtl: SmRun,
    pub compared: u64,
    pub rust_seconds: f64,
}

/// Runs launch file `path` on the RTL SM (rust-hdl, G80 preset) in lock step with the golden
/// SM; every error (file, translation, a fault, a difference) is a message.
pub fn run_file_rtl(path: &std::path::Path) -> Result<RtlRun, String> {
    let p = crate::gsm::launch::prepare(path)?;
    heddle_hw::on_sm_stack(move || {
        let cfg = heddle_hw::config::G80;
        let start = std::time::Instant::now();
        let (ls, _) = lockstep(heddle_hw::SmG80::new(&cfg), &cfg, &p.k, &p.l, &p.mem, SmOpts::default(), None)
            .map_err(|e| e.to_string())?;
        let rust_seconds = start.elapsed().as_secs_f64();
        if let Some(f) = ls.rtl.fault {
            let g = ls.golden.as_ref().err().map(|g| g.to_string()).unwrap_or_default();
            return Err(format!("the RTL SM faulted: {f} at {}; the golden SM: {g}", p.k.where_(f.pc as usize)));
        }
        let g = ls.golden.as_ref().map_err(|e| e.to_string())?;
        let report = crate::gsm::launch::report(&p.lf, &p.k, &ls.mem, &p.addr, g, None)?;
        Ok(RtlRun { report, rtl: ls.rtl, compared: ls.compared, rust_seconds })
    })?
}
