//! The golden functional SM: runs a translated kernel ([`crate::ptx::translate::Kernel`])
//! over a grid of CTAs with warps of 32 threads, a SIMT branch-synchronization stack per
//! warp, predication, `bar` barriers, shared memory through the golden banking model
//! (counting steps), global memory as byte buffers, param and constant memory, and the SP's
//! exact FP semantics from the golden models. It records statistics and, on request, a
//! trace per warp-instruction (PC, mask, register writes, stores) for lock-step comparison
//! with the RTL SM.
//!
//! Functional, not timed: CTAs run one after another; within a CTA the warps issue round
//! robin, one warp-instruction each, and wait at barriers. [`Stepper`] executes the same
//! warp-instructions one at a time in the caller's order instead (the RTL SM's issue order,
//! several CTAs live at once). Every fault is returned as a [`Fault`] naming the CTA, the
//! thread, the address and the PTX instruction.
pub mod launch;
pub mod random;
pub mod step;

pub use step::{StepError, Stepper, WarpState};

use std::collections::BTreeMap;
use crate::golden::shared_mem::{HalfWarp, SharedMemModel};
use crate::golden::sp_datapath;
use crate::isa::{self, op, size, space, Class, Instr};
use crate::ptx::translate::{Kernel, ParamSlot, RPC_EXIT};

pub const WARP: usize = 32;

/// SM configuration (DESIGN.md's reference SM by default).
#[derive(Debug, Clone, Copy)]
pub struct Config {
    pub regs: u32,
    pub shared_bytes: u32,
    pub max_threads_per_cta: u32,
    pub max_warps: u32,
    /// Entries of each warp's branch-synchronization stack.
    pub stack_depth: usize,
    /// Warp-instructions per launch before the watchdog fires.
    pub watchdog: u64,
    /// The binary64 ops run (else they fault `not-supported`: `SmConfig::fp64`).
    pub fp64: bool,
    /// Lanes of one shared-memory request (`SmConfig::smem_lanes`: 16 or 8); bank
    /// conflicts are counted among them.
    pub smem_lanes: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config::of(&heddle_hw::config::G80)
    }
}

impl Config {
    /// The golden SM of an SM configuration (watchdog: 5 * 10^7 warp-instructions).
    pub fn of(c: &heddle_hw::config::SmConfig) -> Self {
        Config {
            regs: c.regs as u32,
            shared_bytes: c.shared_bytes as u32,
            max_threads_per_cta: c.max_threads_per_cta as u32,
            max_warps: c.warps as u32,
            stack_depth: c.stack_depth(),
            watchdog: 50_000_000,
            fp64: c.fp64,
            smem_lanes: c.smem_lanes,
        }
    }
}

/// Global memory: disjoint buffers at 256-byte aligned addresses with unmapped gaps
/// between them (address 0 up to 0x1000 is never mapped).
#[derive(Debug, Clone, Default)]
pub struct GlobalMem {
    pub bufs: Vec<(u32, Vec<u8>)>,
}

impl GlobalMem {
    /// The first buffer's base address (the addresses below it are unmapped).
    pub const FIRST: u32 = 0x1000;

    /// Maps `bytes` and returns its base address.
    pub fn alloc(&mut self, bytes: Vec<u8>) -> u32 {
        let next = self.bufs.last().map_or(Self::FIRST as u64, |(a, b)| (*a as u64 + b.len() as u64 + 256).div_ceil(256) * 256);
        self.bufs.push((next as u32, bytes));
        next as u32
    }
    pub fn alloc_u32(&mut self, words: &[u32]) -> u32 {
        self.alloc(words.iter().flat_map(|w| w.to_le_bytes()).collect())
    }
    /// The buffer at base address `addr`.
    pub fn buffer(&self, addr: u32) -> Option<&[u8]> {
        self.bufs.iter().find(|b| b.0 == addr).map(|b| &b.1[..])
    }
    pub fn words(&self, addr: u32) -> Vec<u32> {
        self.buffer(addr)
            .unwrap_or(&[])
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }
    /// The `n` bytes at `addr`, when one buffer maps them all.
    pub fn find(&mut self, addr: u32, n: u32) -> Option<&mut [u8]> {
        for (base, b) in &mut self.bufs {
            if addr >= *base && (addr as u64 + n as u64) <= *base as u64 + b.len() as u64 {
                let o = (addr - *base) as usize;
                return Some(&mut b[o..o + n as usize]);
            }
        }
        None
    }
}

/// A scalar kernel argument.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arg {
    U32(u32),
    U64(u64),
    F32(f32),
}

/// Packs `args` into the kernel's parameter block.
pub fn pack_params(k: &Kernel, args: &[Arg]) -> Result<Vec<u8>, String> {
    if args.len() != k.params.len() {
        return Err(format!("kernel {} takes {} parameters, {} given", k.name, k.params.len(), args.len()));
    }
    let mut b = vec![0u8; k.param_bytes as usize];
    for (p, a) in k.params.iter().zip(args) {
        let ParamSlot { offset, size, name, .. } = p;
        let bytes: Vec<u8> = match (a, size) {
            (Arg::U32(v), 4) => v.to_le_bytes().to_vec(),
            (Arg::F32(v), 4) => v.to_bits().to_le_bytes().to_vec(),
            (Arg::U64(v), 8) => v.to_le_bytes().to_vec(),
            _ => return Err(format!("parameter {name} is {size} bytes; {a:?} does not fit")),
        };
        b[*offset as usize..(*offset + size) as usize].copy_from_slice(&bytes);
    }
    Ok(b)
}

/// Places kernel `k`'s module-level `.global` variables in `mem` (initialized, zero past
/// their initializers) and writes their addresses into their hidden parameters of `params`
/// (a block from [`pack_params`]). A variable already in `placed` (by an earlier launch of
/// the same module: one variable for all its kernels and launches) keeps its address; new
/// ones are added.
pub fn place_globals(k: &Kernel, mem: &mut GlobalMem, params: &mut [u8], placed: &mut BTreeMap<String, u32>) -> Result<(), String> {
    for g in &k.global_vars {
        let a = match placed.get(&g.name) {
            Some(&a) => a,
            None => {
                let mut b = g.init.clone();
                b.resize(g.size.max(g.init.len() as u32) as usize, 0);
                // buffers are 256-byte aligned, which covers every variable alignment
                let a = mem.alloc(b);
                placed.insert(g.name.clone(), a);
                a
            }
        };
        let at = g.param_offset as usize;
        match params.get_mut(at..at + 4) {
            Some(p) => p.copy_from_slice(&a.to_le_bytes()),
            None => return Err(format!("kernel {}: the parameter block has no room for the address of {}", k.name, g.name)),
        }
    }
    Ok(())
}

/// A launch: grid and CTA dimensions, the parameter block and the constant bank.
#[derive(Debug, Clone, Default)]
pub struct Launch {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub params: Vec<u8>,
    pub constant: Vec<u8>,
}

/// Fault classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultKind {
    OutOfBounds,
    Misaligned,
    ReadOnly,
    DivergentBarrier,
    StackOverflow,
    Watchdog,
    Resources,
    BadPc,
    UniformBranchDiverged,
    /// An instruction whose golden model does not exist yet (SFU, FMA).
    NotYetSupported,
}

/// A fault: what, where in the grid, which address, which instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    pub kind: FaultKind,
    pub cta: [u32; 3],
    pub thread: Option<[u32; 3]>,
    pub warp: u32,
    pub pc: u32,
    pub addr: Option<u32>,
    /// PTX file:line:col and instruction of `pc`.
    pub at: String,
    pub msg: String,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {} (CTA {:?}, warp {}", self.kind, self.msg, self.cta, self.warp)?;
        if let Some(t) = self.thread {
            write!(f, ", thread {t:?}")?;
        }
        if let Some(a) = self.addr {
            write!(f, ", address {a:#x}")?;
        }
        write!(f, ", pc {} at {})", self.pc, self.at)
    }
}

impl std::error::Error for Fault {}

/// Hooks for the units whose golden models live elsewhere (SFU and FMA issues): the SM
/// calls them for the SFU and FMA classes. `Err(reason)` becomes a NotYetSupported fault.
pub trait FpUnits {
    /// rcp rsq lg2 ex2 sin cos rro on one f32 operand (after the source modifiers).
    fn sfu(&mut self, i: &Instr, x: u32) -> Result<u32, String>;
    /// ffma (f32) on operands after their source modifiers; `i.rnd` and `i.sat` apply.
    fn fma32(&mut self, i: &Instr, a: u32, b: u32, c: u32) -> Result<u32, String>;
    /// dfma, dadd, dmul (binary64, register pairs) on operands after their source
    /// modifiers (c unused by dadd and dmul); `i.rnd` applies.
    fn fma64(&mut self, i: &Instr, _a: u64, _b: u64, _c: u64) -> Result<u64, String> {
        Err(format!("not yet supported: {} (no binary64 FMA model here)", isa::opdef(i.op).map_or("?", |d| d.name)))
    }
    /// dcvt (`isa::dcvt_kind`) of a register pair's value; a 32-bit result in the low word.
    fn dcvt(&mut self, i: &Instr, _a: u64) -> Result<u64, String> {
        Err(format!("not yet supported: {} (no binary64 conversion model here)", isa::opdef(i.op).map_or("?", |d| d.name)))
    }
}

/// No SFU or FMA golden model yet: every such instruction faults with "not yet supported".
pub struct NoFpUnits;

impl FpUnits for NoFpUnits {
    fn sfu(&mut self, i: &Instr, _x: u32) -> Result<u32, String> {
        Err(format!("not yet supported: {} (no SFU golden model yet)", isa::opdef(i.op).map_or("?", |d| d.name)))
    }
    fn fma32(&mut self, i: &Instr, _a: u32, _b: u32, _c: u32) -> Result<u32, String> {
        Err(format!("not yet supported: {} (no FMA golden model yet)", isa::opdef(i.op).map_or("?", |d| d.name)))
    }
}

/// The golden models of heddle's own units: the SFU's bit-exact datapath model
/// ([`crate::sfu::exec_isa`], which the hw block equals) and the FMA unit's
/// ([`crate::golden::fma`]: binary32 fused multiply-add with one rounding, IEEE subnormals,
/// the instruction's rounding mode, then `.sat`).
pub struct GoldenFpUnits;

impl FpUnits for GoldenFpUnits {
    fn sfu(&mut self, i: &Instr, x: u32) -> Result<u32, String> {
        crate::sfu::exec_isa(i, x)
    }
    fn fma32(&mut self, i: &Instr, a: u32, b: u32, c: u32) -> Result<u32, String> {
        use crate::golden::fma::{fma, Fmt, Rnd};
        let rnd = Rnd::from_field(i.rnd as u32);
        let (y, _flags) = fma(Fmt::F32, a as u64, b as u64, c as u64, rnd, false);
        let y = y as u32;
        Ok(if i.sat { crate::golden::g80_fp32::sat(y) } else { y })
    }
    fn fma64(&mut self, i: &Instr, a: u64, b: u64, c: u64) -> Result<u64, String> {
        use crate::golden::fma::{add, fma, mul, Fmt, Rnd};
        let rnd = Rnd::from_field(i.rnd as u32);
        Ok(match i.op {
            op::DFMA => fma(Fmt::F64, a, b, c, rnd, false),
            op::DADD => add(Fmt::F64, a, b, rnd),
            _ => mul(Fmt::F64, a, b, rnd),
        }
        .0)
    }
    fn dcvt(&mut self, i: &Instr, a: u64) -> Result<u64, String> {
        use crate::golden::fma::{cvt, cvt_f2i, cvt_i2f, Fmt, Ity, Rnd};
        use heddle_hw::isa::dcvt_kind as k;
        let rnd = Rnd::from_field(i.rnd as u32);
        let (i32t, i64t) = if i.signed { (Ity::S32, Ity::S64) } else { (Ity::U32, Ity::U64) };
        let lo = a & 0xFFFF_FFFF;
        Ok(match i.kind {
            k::F64_F32 => cvt(Fmt::F64, lo, rnd).0,
            k::F32_F64 => cvt(Fmt::F32, a, rnd).0 & 0xFFFF_FFFF,
            k::F64_I32 => cvt_i2f(Fmt::F64, i32t, lo, rnd).0,
            k::F64_I64 => cvt_i2f(Fmt::F64, i64t, a, rnd).0,
            k::I32_F64 => cvt_f2i(Fmt::F64, i32t, a, rnd).0 & 0xFFFF_FFFF,
            _ => cvt_f2i(Fmt::F64, i64t, a, rnd).0,
        })
    }
}

/// Execution statistics.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    pub ctas: u64,
    pub warp_instrs: u64,
    /// Sum over warp-instructions of the active threads.
    pub thread_instrs: u64,
    pub divergent_branches: u64,
    /// Shared-memory requests (half-warps, or quarter-warps where `smem_lanes` is 8), the
    /// steps they took, and the extra steps (steps - requests) due to bank conflicts.
    pub shared_requests: u64,
    pub shared_steps: u64,
    pub shared_conflict_steps: u64,
    /// The largest number of steps one request took.
    pub shared_max_steps: u32,
    /// Global-memory transactions of `ld.global` and `st.global` by the compute
    /// capability 1.x coalescing rule ([`global_transactions`]).
    pub global_transactions: u64,
    /// Barrier releases (each releases all warps of a CTA).
    pub barriers: u64,
    pub max_stack_depth: usize,
}

impl Stats {
    /// Active threads per warp-instruction / 32.
    pub fn simt_efficiency(&self) -> f64 {
        if self.warp_instrs == 0 {
            0.0
        } else {
            self.thread_instrs as f64 / (self.warp_instrs as f64 * WARP as f64)
        }
    }
}

/// One traced warp-instruction.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct TraceEntry {
    pub cta: u32,
    pub warp: u32,
    pub pc: u32,
    /// Active threads (before the guard).
    pub mask: u32,
    /// (lane, register, value); predicates as register 128 + p.
    pub writes: Vec<(u8, u8, u32)>,
    /// (lane, space, byte address, value, bytes).
    pub stores: Vec<(u8, u8, u32, u32, u8)>,
}

#[derive(Debug, Clone, Copy)]
struct Ent {
    pc: u32,
    rpc: u32,
    mask: u32,
}

struct Warp {
    id: u32,
    regs: Vec<u32>,
    preds: Vec<u8>,
    stack: Vec<Ent>,
    lanes: u32,
    exited: u32,
    at_bar: bool,
    done: bool,
}

/// Result of a run.
#[derive(Debug, Clone, Default)]
pub struct RunResult {
    pub stats: Stats,
    pub trace: Vec<TraceEntry>,
}

struct Cta<'a> {
    k: &'a Kernel,
    l: &'a Launch,
    cfg: &'a Config,
    id: [u32; 3],
    lin: u32,
    nreg: usize,
    shared: SharedMemModel,
    local: Vec<Vec<u8>>,
    /// What `%clock` reads: 0 in a run (the functional model has no clock); the RTL SM's
    /// counter at the instruction when stepped in its issue order ([`Stepper::set_clock`]).
    clock: u32,
}

fn fault(kind: FaultKind, k: &Kernel, cta: [u32; 3], w: u32, pc: u32, lane: Option<usize>, block: [u32; 3], addr: Option<u32>, msg: String) -> Fault {
    let thread = lane.map(|l| {
        let t = w * WARP as u32 + l as u32;
        [t % block[0], t / block[0] % block[1], t / (block[0] * block[1])]
    });
    Fault { kind, cta, thread, warp: w, pc, addr, at: k.where_(pc as usize), msg }
}

/// Runs `k` over the whole grid.
pub fn run(k: &Kernel, l: &Launch, mem: &mut GlobalMem, cfg: &Config, units: &mut dyn FpUnits, trace: bool) -> Result<RunResult, Fault> {
    let threads = check_launch(k, l, cfg)?;
    let mut out = RunResult::default();
    let mut budget = cfg.watchdog;
    for z in 0..l.grid[2] {
        for y in 0..l.grid[1] {
            for x in 0..l.grid[0] {
                let mut c = Cta::new(k, l, cfg, [x, y, z]);
                let mut warps = c.warps(threads);
                c.run(&mut warps, mem, units, &mut out, trace, &mut budget)?;
                out.stats.ctas += 1;
            }
        }
    }
    Ok(out)
}

/// The launch checks of [`run`] and [`Stepper::new`] (and of the FPGA loader, before it
/// uploads): a non-empty grid and CTA within the
/// SM's threads, warps, registers and shared memory, a parameter block as large as the
/// kernel's, and every register operand within the kernel's registers per thread. Returns
/// the threads per CTA.
pub fn check_launch(k: &Kernel, l: &Launch, cfg: &Config) -> Result<u32, Fault> {
    let threads = l.block.iter().map(|&x| x as u64).product::<u64>();
    let ctas = l.grid.iter().map(|&x| x as u64).product::<u64>();
    let res = |msg: String| Fault { kind: FaultKind::Resources, cta: [0; 3], thread: None, warp: 0, pc: 0, addr: None, at: k.name.clone(), msg };
    if threads == 0 || ctas == 0 {
        return Err(res("empty grid or CTA".into()));
    }
    if threads > cfg.max_threads_per_cta as u64 {
        return Err(res(format!("{threads} threads per CTA (at most {})", cfg.max_threads_per_cta)));
    }
    let warps = threads.div_ceil(WARP as u64);
    if warps > cfg.max_warps as u64 {
        return Err(res(format!("{warps} warps per CTA (at most {})", cfg.max_warps)));
    }
    let regs = k.regs_per_thread.max(1) as u64 * warps * WARP as u64;
    if regs > cfg.regs as u64 {
        return Err(res(format!("{} registers/thread x {} threads = {regs} registers (the SM has {})", k.regs_per_thread, warps * WARP as u64, cfg.regs)));
    }
    if k.shared_bytes > cfg.shared_bytes {
        return Err(res(format!("{} bytes of shared memory (the SM has {})", k.shared_bytes, cfg.shared_bytes)));
    }
    if l.params.len() < k.param_bytes as usize {
        return Err(res(format!("parameter block of {} bytes, the kernel needs {}", l.params.len(), k.param_bytes)));
    }
    // every register operand must lie within the kernel's declared registers per thread
    let nreg = k.regs_per_thread.max(1) as u8;
    for (pc, i) in k.code.iter().enumerate() {
        let bad = |f: &str, r: u8| Fault {
            kind: FaultKind::Resources,
            cta: [0; 3],
            thread: None,
            warp: 0,
            pc: pc as u32,
            addr: None,
            at: k.where_(pc),
            msg: format!("{f} uses r{r} but the kernel declares {nreg} registers per thread"),
        };
        let Some(def) = isa::opdef(i.op) else {
            return Err(bad("an undefined op code", 0));
        };
        for o in def.operands {
            let r = match o {
                isa::Opnd::D | isa::Opnd::Sd => i.d,
                isa::Opnd::A | isa::Opnd::Mem | isa::Opnd::MemR => i.a,
                isa::Opnd::B => i.b,
                isa::Opnd::C => i.c,
                _ => continue,
            };
            if r >= nreg || (isa::pair_op(i.op) && (r % 2 == 1 || r + 1 >= nreg)) {
                return Err(bad(if isa::pair_op(i.op) { "a register pair (even, both declared) of" } else { def.name }, r));
            }
        }
    }
    Ok(threads as u32)
}

impl<'a> Cta<'a> {
    /// CTA `id` of the launch, its shared and local memory zero.
    fn new(k: &'a Kernel, l: &'a Launch, cfg: &'a Config, id: [u32; 3]) -> Self {
        let [x, y, z] = id;
        let threads = l.block.iter().map(|&x| x as u64).product::<u64>();
        let words_per_bank = (k.shared_bytes as usize).div_ceil(64).max(1);
        Cta {
            k,
            l,
            cfg,
            id,
            lin: (z * l.grid[1] + y) * l.grid[0] + x,
            nreg: k.regs_per_thread.max(1) as usize,
            shared: SharedMemModel::new(words_per_bank),
            local: vec![vec![0; k.local_bytes as usize]; threads as usize],
            clock: 0,
        }
    }

    /// The CTA's warps for `threads` threads: at pc 0 with their lanes, registers and
    /// predicates zero.
    fn warps(&self, threads: u32) -> Vec<Warp> {
        let nw = threads.div_ceil(WARP as u32);
        (0..nw)
            .map(|w| {
                let n = (threads - w * WARP as u32).min(WARP as u32);
                let lanes = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
                Warp {
                    id: w,
                    regs: vec![0; WARP * self.nreg],
                    preds: vec![0; WARP],
                    stack: vec![Ent { pc: 0, rpc: u32::MAX, mask: lanes }],
                    lanes,
                    exited: 0,
                    at_bar: false,
                    done: false,
                }
            })
            .collect()
    }

    /// Runs the CTA to its end: its warps round robin, one warp-instruction each, waiting
    /// at barriers (released when every warp that is not done waits).
    fn run(&mut self, warps: &mut [Warp], mem: &mut GlobalMem, units: &mut dyn FpUnits, out: &mut RunResult, trace: bool, budget: &mut u64) -> Result<(), Fault> {
        loop {
            for w in warps.iter_mut() {
                if w.done || w.at_bar {
                    continue;
                }
                self.issue(w, mem, units, out, trace, budget)?;
            }
            if warps.iter().all(|w| w.done) {
                return Ok(());
            }
            if warps.iter().all(|w| w.done || w.at_bar) {
                out.stats.barriers += 1;
                for w in warps.iter_mut() {
                    w.at_bar = false;
                }
            }
        }
    }

    /// One warp-instruction of warp `w` against the launch's watchdog `budget`.
    fn issue(&mut self, w: &mut Warp, mem: &mut GlobalMem, units: &mut dyn FpUnits, out: &mut RunResult, trace: bool, budget: &mut u64) -> Result<(), Fault> {
        if *budget == 0 {
            let pc = w.stack.last().map_or(0, |e| e.pc);
            return Err(fault(
                FaultKind::Watchdog,
                self.k,
                self.id,
                w.id,
                pc,
                None,
                self.l.block,
                None,
                format!("the kernel did not finish within {} warp-instructions", self.cfg.watchdog),
            ));
        }
        *budget -= 1;
        self.step(w, mem, units, out, trace)
    }

    fn f(&self, kind: FaultKind, w: u32, pc: u32, lane: Option<usize>, addr: Option<u32>, msg: String) -> Fault {
        fault(kind, self.k, self.id, w, pc, lane, self.l.block, addr, msg)
    }

    fn sreg(&self, w: &Warp, lane: usize, s: u8) -> u32 {
        let b = self.l.block;
        let t = w.id * WARP as u32 + lane as u32;
        match s {
            0 => t % b[0],
            1 => t / b[0] % b[1],
            2 => t / (b[0] * b[1]),
            3..=5 => b[(s - 3) as usize],
            6..=8 => self.id[(s - 6) as usize],
            9..=11 => self.l.grid[(s - 9) as usize],
            isa::sreg::LANEID => lane as u32,
            13 => w.id,
            isa::sreg::CLOCK => self.clock,
            _ => b.iter().product::<u32>().div_ceil(WARP as u32),
        }
    }

    fn step(&mut self, w: &mut Warp, mem: &mut GlobalMem, units: &mut dyn FpUnits, out: &mut RunResult, trace: bool) -> Result<(), Fault> {
        // pop finished and reconverged entries
        let mask = loop {
            let Some(top) = w.stack.last() else {
                w.done = true;
                return Ok(());
            };
            let m = top.mask & !w.exited;
            if m == 0 || top.pc == top.rpc {
                let e = w.stack.pop();
                // a reconverged entry hands its pc to the entry below when it is the one
                // that holds the reconvergence point (already set at the divergence)
                let _ = e;
                continue;
            }
            break m;
        };
        let pc = w.stack.last().map_or(0, |e| e.pc);
        let Some(&i) = self.k.code.get(pc as usize) else {
            return Err(self.f(FaultKind::BadPc, w.id, pc, None, None, format!("pc {pc} is outside the code (0..{})", self.k.code.len())));
        };
        let nreg = self.nreg;
        let pv = |w: &Warp, lane: usize, p: u8| p == isa::PT || w.preds[lane] >> p & 1 == 1;
        let mut exec = 0u32;
        for lane in 0..WARP {
            if mask >> lane & 1 == 1 && pv(w, lane, i.guard.pred) != i.guard.neg {
                exec |= 1 << lane;
            }
        }
        out.stats.warp_instrs += 1;
        out.stats.thread_instrs += mask.count_ones() as u64;
        let mut te = TraceEntry { cta: self.lin, warp: w.id, pc, mask, writes: vec![], stores: vec![] };
        let set_pc = |w: &mut Warp, p: u32| {
            if let Some(t) = w.stack.last_mut() {
                t.pc = p;
            }
        };
        let def = isa::opdef(i.op).map(|d| d.class);
        match i.op {
            op::BRA => {
                let taken = exec;
                let nt = mask & !taken;
                if nt == 0 {
                    set_pc(w, i.imm);
                } else if taken == 0 {
                    set_pc(w, pc + 1);
                } else {
                    if i.uni {
                        return Err(self.f(FaultKind::UniformBranchDiverged, w.id, pc, None, None, format!("bra.uni diverged: mask {mask:#010x}, taken {taken:#010x}")));
                    }
                    if w.stack.len() + 2 > self.cfg.stack_depth {
                        return Err(self.f(FaultKind::StackOverflow, w.id, pc, None, None, format!("branch stack overflow (depth {})", self.cfg.stack_depth)));
                    }
                    // The entry becomes the reconvergence entry (pc = rpc), unless it
                    // already reconverges at rpc: then the reconvergence entry is below it
                    // (with a superset mask) and the entry is simply replaced by the paths
                    // (this keeps loops from growing the stack). A path starting at rpc
                    // is not pushed: its threads wait in the reconvergence entry.
                    let top_rpc = w.stack.last().map_or(u32::MAX, |e| e.rpc);
                    if top_rpc == i.rpc {
                        w.stack.pop();
                    } else {
                        set_pc(w, i.rpc);
                    }
                    for (p, m) in [(pc + 1, nt), (i.imm, taken)] {
                        if p != i.rpc {
                            w.stack.push(Ent { pc: p, rpc: i.rpc, mask: m });
                        }
                    }
                    out.stats.divergent_branches += 1;
                    out.stats.max_stack_depth = out.stats.max_stack_depth.max(w.stack.len());
                }
                if i.rpc == RPC_EXIT {
                    // the reconvergence point is the exit: the entry below never reaches
                    // a pc, its threads all exit on the paths
                }
            }
            op::EXIT => {
                w.exited |= exec;
                set_pc(w, pc + 1);
                if w.lanes & !w.exited == 0 {
                    w.done = true;
                    w.stack.clear();
                }
            }
            op::BAR => {
                let live = w.lanes & !w.exited;
                if exec != live {
                    return Err(self.f(
                        FaultKind::DivergentBarrier,
                        w.id,
                        pc,
                        None,
                        None,
                        format!("bar {} reached by threads {exec:#010x} of the warp's live threads {live:#010x}", i.imm),
                    ));
                }
                w.at_bar = true;
                set_pc(w, pc + 1);
            }
            op::NOP => set_pc(w, pc + 1),
            op::LD | op::ST | op::ATOM => {
                self.mem_op(w, &i, pc, exec, mem, out, &mut te)?;
                set_pc(w, pc + 1);
            }
            _ => {
                // a warp vote's source: the predicate of every executing thread
                let ballot = if i.op == op::VOTE || i.op == op::BALLOT {
                    (0..WARP).filter(|&l| exec >> l & 1 == 1 && pv(w, l, i.psrc)).fold(0u32, |b, l| b | 1 << l)
                } else {
                    0
                };
                for lane in 0..WARP {
                    if exec >> lane & 1 == 0 {
                        continue;
                    }
                    // fields that are not registers (s2r's index, plop's predicates) may
                    // exceed the register count; they read as 0 and are not used
                    let r = |x: u8| if (x as usize) < nreg { w.regs[lane * nreg + x as usize] } else { 0 };
                    let (a, b, c) = (r(i.a), r(i.b), r(i.c));
                    let mut pw: Option<(u8, bool)> = None;
                    let mut rw: Option<u32> = None;
                    match i.op {
                        op::PLOP => {
                            let x = pv(w, lane, i.a) ^ (i.mod_a & 2 != 0);
                            let y = pv(w, lane, i.b) ^ (i.mod_b & 2 != 0);
                            let v = match i.sub {
                                0 => x & y,
                                1 => x | y,
                                2 => x ^ y,
                                _ => x,
                            };
                            pw = Some((i.d, v));
                        }
                        op::S2R => rw = Some(self.sreg(w, lane, i.a)),
                        op::MOVI => rw = Some(i.imm),
                        op::VOTE => {
                            let v = match i.sub {
                                isa::vote_mode::ALL => ballot == exec,
                                isa::vote_mode::ANY => ballot != 0,
                                _ => ballot == 0 || ballot == exec,
                            };
                            pw = Some((i.d, v));
                        }
                        op::BALLOT => rw = Some(ballot),
                        o if o <= op::MOV => {
                            let (y, p) = sp_datapath::exec(&isa::sp_op(&i, a, b, c, pv(w, lane, i.psrc)));
                            if o == op::ISETP || o == op::FSETP {
                                pw = Some((i.d, p));
                            } else {
                                rw = Some(y);
                            }
                        }
                        o if isa::pair_op(o) => {
                            // binary64 on register pairs (lo in rN, hi in rN+1)
                            let pair = |x: u8| (r(x) as u64) | ((r(x.wrapping_add(1)) as u64) << 32);
                            let m = |v: u64, md: u8| {
                                let v = if md & 1 != 0 { v & !(1 << 63) } else { v };
                                if md & 2 != 0 { v ^ (1 << 63) } else { v }
                            };
                            let res = if !self.cfg.fp64 {
                                Err(format!("not supported: {} (this SM configuration has no binary64 on its FMA unit)", isa::asm::disasm(&i)))
                            } else if o == op::DCVT {
                                units.dcvt(&i, pair(i.a))
                            } else {
                                units.fma64(&i, m(pair(i.a), i.mod_a), m(pair(i.b), i.mod_b), m(pair(i.c), i.mod_c))
                            };
                            match res {
                                Ok(y) => {
                                    for (k, v) in [(0u8, y as u32), (1, (y >> 32) as u32)] {
                                        w.regs[lane * nreg + (i.d + k) as usize] = v;
                                        if trace {
                                            te.writes.push((lane as u8, i.d + k, v));
                                        }
                                    }
                                }
                                Err(m) => return Err(self.f(FaultKind::NotYetSupported, w.id, pc, Some(lane), None, format!("{m} at {}", self.k.where_(pc as usize)))),
                            }
                        }
                        _ => {
                            let res = match def {
                                Some(Class::Sfu) => units.sfu(&i, sp_datapath::modify(a, i.mod_a as u32)),
                                Some(Class::Fma) if i.op == op::FFMA => units.fma32(
                                    &i,
                                    sp_datapath::modify(a, i.mod_a as u32),
                                    sp_datapath::modify(b, i.mod_b as u32),
                                    sp_datapath::modify(c, i.mod_c as u32),
                                ),
                                _ => Err(format!("not yet supported: {}", isa::asm::disasm(&i))),
                            };
                            match res {
                                Ok(y) => rw = Some(y),
                                Err(m) => return Err(self.f(FaultKind::NotYetSupported, w.id, pc, Some(lane), None, format!("{m} at {}", self.k.where_(pc as usize)))),
                            }
                        }
                    }
                    if let Some(y) = rw {
                        w.regs[lane * nreg + i.d as usize] = y;
                        if trace {
                            te.writes.push((lane as u8, i.d, y));
                        }
                    }
                    if let Some((p, v)) = pw {
                        if p != isa::PT {
                            if v {
                                w.preds[lane] |= 1 << p;
                            } else {
                                w.preds[lane] &= !(1 << p);
                            }
                            if trace {
                                te.writes.push((lane as u8, 128 + p, v as u32));
                            }
                        }
                    }
                }
                set_pc(w, pc + 1);
            }
        }
        if trace {
            out.trace.push(te);
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn mem_op(&mut self, w: &mut Warp, i: &Instr, pc: u32, exec: u32, mem: &mut GlobalMem, out: &mut RunResult, te: &mut TraceEntry) -> Result<(), Fault> {
        let nreg = self.nreg;
        let n = if i.op == op::ATOM { 4 } else { size::bytes(i.size) };
        if n > 4 {
            return Err(self.f(FaultKind::NotYetSupported, w.id, pc, None, None, "not yet supported: 64/128-bit accesses".into()));
        }
        let store = i.op == op::ST;
        let addr = |w: &Warp, lane: usize| w.regs[lane * nreg + i.a as usize].wrapping_add(i.imm);
        // alignment first (every space)
        for lane in 0..WARP {
            if exec >> lane & 1 == 1 {
                let a = addr(w, lane);
                if a % n != 0 {
                    return Err(self.f(FaultKind::Misaligned, w.id, pc, Some(lane), Some(a), format!("{n}-byte access at a misaligned address")));
                }
            }
        }
        let extend = |v: u32| -> u32 {
            match i.size {
                size::S8 => v as u8 as i8 as i32 as u32,
                size::S16 => v as u16 as i16 as i32 as u32,
                _ => v,
            }
        };
        if i.space == space::SHARED && i.op != op::ATOM {
            // One request per `smem_lanes` lanes (a half-warp, or a quarter-warp in lanes
            // 0..7 of the request), as the load/store unit sends them.
            let q = self.cfg.smem_lanes;
            for part in 0..WARP / q {
                let act = ((exec >> (q * part)) & ((1u32 << q) - 1)) as u16;
                if act == 0 {
                    continue;
                }
                let mut r = HalfWarp { store, size: n.trailing_zeros(), signed: matches!(i.size, size::S8 | size::S16), active: act, ..Default::default() };
                for l in 0..q {
                    let lane = q * part + l;
                    r.addr[l] = addr(w, lane);
                    r.data[l] = w.regs[lane * nreg + i.d as usize];
                    if act >> l & 1 == 1 && r.addr[l] as u64 + n as u64 > self.k.shared_bytes as u64 {
                        return Err(self.f(
                            FaultKind::OutOfBounds,
                            w.id,
                            pc,
                            Some(lane),
                            Some(r.addr[l]),
                            format!("shared memory access beyond the CTA's {} bytes", self.k.shared_bytes),
                        ));
                    }
                }
                let resp = self.shared.access(&r);
                out.stats.shared_requests += 1;
                out.stats.shared_steps += resp.steps as u64;
                out.stats.shared_conflict_steps += resp.steps.saturating_sub(1) as u64;
                out.stats.shared_max_steps = out.stats.shared_max_steps.max(resp.steps);
                for l in 0..q {
                    let lane = q * part + l;
                    if act >> l & 1 == 1 {
                        if store {
                            te.stores.push((lane as u8, i.space, r.addr[l], r.data[l], n as u8));
                        } else {
                            w.regs[lane * nreg + i.d as usize] = resp.data[l];
                            te.writes.push((lane as u8, i.d, resp.data[l]));
                        }
                    }
                }
            }
            return Ok(());
        }
        // the lanes' addresses before a load overwrites its address register
        let global_addrs: Option<[u32; WARP]> =
            (i.space == space::GLOBAL && i.op != op::ATOM).then(|| std::array::from_fn(|lane| addr(w, lane)));
        for lane in 0..WARP {
            if exec >> lane & 1 == 0 {
                continue;
            }
            let (sp, a) = if i.space == space::GENERIC { space::resolve_generic(addr(w, lane)) } else { (i.space, addr(w, lane)) };
            let oob = |s: &Self, what: &str| s.f(FaultKind::OutOfBounds, w.id, pc, Some(lane), Some(a), format!("{what} access out of bounds"));
            let data = w.regs[lane * nreg + i.d as usize];
            let (b, c) = (w.regs[lane * nreg + i.b as usize], w.regs[lane * nreg + i.c as usize]);
            // the bytes of this access
            let slot: &mut [u8] = match sp {
                space::GLOBAL => match mem.find(a, n) {
                    Some(s) => s,
                    None => return Err(oob(self, "global")),
                },
                space::SHARED if i.op != op::ATOM => {
                    // a generic access to shared memory (not through the banks' model: not
                    // counted in the shared-memory statistics)
                    let words = &mut self.shared.words;
                    let wi = (a / 4) as usize;
                    if a as u64 + n as u64 > self.k.shared_bytes as u64 || wi >= words.len() {
                        return Err(oob(self, "shared"));
                    }
                    let mut bytes = words[wi].to_le_bytes();
                    let at = (a % 4) as usize..(a % 4 + n) as usize;
                    if store {
                        bytes[at].copy_from_slice(&data.to_le_bytes()[..n as usize]);
                        words[wi] = u32::from_le_bytes(bytes);
                        te.stores.push((lane as u8, sp, a, data, n as u8));
                    } else {
                        let mut v = [0u8; 4];
                        v[..n as usize].copy_from_slice(&bytes[at]);
                        let y = extend(u32::from_le_bytes(v));
                        w.regs[lane * nreg + i.d as usize] = y;
                        te.writes.push((lane as u8, i.d, y));
                    }
                    continue;
                }
                space::SHARED => {
                    let words = &mut self.shared.words;
                    let wi = (a / 4) as usize;
                    if a as u64 + 4 > self.k.shared_bytes as u64 || wi >= words.len() {
                        return Err(oob(self, "shared"));
                    }
                    // atomics only: a whole word
                    let old = words[wi];
                    let new = atom(i.sub, old, b, c);
                    words[wi] = new;
                    w.regs[lane * nreg + i.d as usize] = old;
                    te.writes.push((lane as u8, i.d, old));
                    te.stores.push((lane as u8, sp, a, new, 4));
                    continue;
                }
                space::LOCAL => {
                    let t = (w.id as usize) * WARP + lane;
                    let lm = &mut self.local[t];
                    if a as u64 + n as u64 > lm.len() as u64 {
                        return Err(oob(self, "local"));
                    }
                    &mut lm[a as usize..(a + n) as usize]
                }
                _ => {
                    let src = if sp == space::PARAM { &self.l.params } else { &self.l.constant };
                    if store {
                        return Err(self.f(FaultKind::ReadOnly, w.id, pc, Some(lane), Some(a), "store to read-only memory".into()));
                    }
                    if a as u64 + n as u64 > src.len() as u64 {
                        return Err(oob(self, if sp == space::PARAM { "param" } else { "constant" }));
                    }
                    let mut v = [0u8; 4];
                    v[..n as usize].copy_from_slice(&src[a as usize..(a + n) as usize]);
                    let y = extend(u32::from_le_bytes(v));
                    w.regs[lane * nreg + i.d as usize] = y;
                    te.writes.push((lane as u8, i.d, y));
                    continue;
                }
            };
            let mut v = [0u8; 4];
            v[..n as usize].copy_from_slice(slot);
            let old = u32::from_le_bytes(v);
            if i.op == op::ATOM {
                let new = atom(i.sub, old, b, c);
                slot.copy_from_slice(&new.to_le_bytes());
                w.regs[lane * nreg + i.d as usize] = old;
                te.writes.push((lane as u8, i.d, old));
                te.stores.push((lane as u8, sp, a, new, 4));
            } else if store {
                slot.copy_from_slice(&data.to_le_bytes()[..n as usize]);
                te.stores.push((lane as u8, sp, a, data, n as u8));
            } else {
                let y = extend(old);
                w.regs[lane * nreg + i.d as usize] = y;
                te.writes.push((lane as u8, i.d, y));
            }
        }
        if let Some(addrs) = global_addrs {
            out.stats.global_transactions += global_transactions(&addrs, exec, n) as u64;
        }
        Ok(())
    }
}

/// The global-memory transactions of one `ld.global` / `st.global` warp-instruction by the
/// compute capability 1.0 and 1.1 rule (CUDA Programming Guide 2.x, 5.1.2.1, "Global
/// Memory"; the G80 is 1.0): each half-warp is served apart; its access is coalesced into
/// one transaction when the words are 32 bits and every thread that takes part (bit of
/// `exec`) reads or writes the k-th word of one 64-byte-aligned segment, k its index in the
/// half-warp (threads that take no part do not break it); otherwise each thread that takes
/// part makes its own transaction. 8- and 16-bit accesses are never coalesced (the rule
/// asks for 4-, 8- or 16-byte words). A half-warp without threads makes none. `addr`: each
/// lane's byte address; `bytes`: the access size (1, 2 or 4).
pub fn global_transactions(addr: &[u32; WARP], exec: u32, bytes: u32) -> u32 {
    (0..2)
        .map(|h| {
            let half = (exec >> (16 * h)) & 0xFFFF;
            let lanes = || (16 * h..16 * h + 16).filter(|&l| exec >> l & 1 == 1);
            let Some(first) = lanes().next() else { return 0 };
            let segment = addr[first] & !63;
            if bytes == 4 && lanes().all(|l| addr[l] == segment + 4 * (l as u32 % 16)) {
                1
            } else {
                half.count_ones()
            }
        })
        .sum()
}

/// The new value of an atomic (isa::ATOM_NAMES order).
fn atom(sub: u8, old: u32, b: u32, c: u32) -> u32 {
    match sub {
        0 => old.wrapping_add(b),
        1 => old.min(b),
        2 => old.max(b),
        3 => (old as i32).min(b as i32) as u32,
        4 => (old as i32).max(b as i32) as u32,
        5 => old & b,
        6 => old | b,
        7 => old ^ b,
        8 => b,
        9 => {
            if old == b {
                c
            } else {
                old
            }
        }
        10 => {
            if old >= b {
                0
            } else {
                old + 1
            }
        }
        11 => {
            if old == 0 || old > b {
                b
            } else {
                old - 1
            }
        }
        _ => crate::golden::g80_fp32::add(old, b, crate::golden::g80_fp32::Rnd::Rn),
    }
}
