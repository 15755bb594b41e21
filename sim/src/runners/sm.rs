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
use heddle_hw::sm::{counters, host, host::reg, Sm};
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
    /// The warp slot of each retire in `trace`.
    pub retired_slot: Vec<u8>,
    /// The issue port: every issued warp-instruction in issue order (cycle after the
    /// launch, linear CTA number, warp in its CTA, PC), the order the golden SM steps in.
    pub issued: Vec<Issue>,
    /// Clocks before the launch (reset, program load): clock `launch_clock + c` of the
    /// simulation is cycle `c` after the launch.
    pub launch_clock: u64,
    /// The performance counters read after the run ([`counters::NAMES`] order).
    pub counters: Vec<u32>,
}

/// One warp-instruction on the SM's issue port.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Issue {
    pub cycle: u64,
    pub cta: u32,
    pub warp: u32,
    pub pc: u32,
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

/// The memory behind the SM's memory port in a run: global memory, the launch's parameter
/// block and constant bank for the param and constant spaces, and local memory (a window
/// of `2^local_shift` bytes per thread slot: warp slot w, lane l at `(32 w + l) <<
/// local_shift`).
pub struct MemModel<'a> {
    pub global: &'a mut GlobalMem,
    pub params: &'a [u8],
    pub constant: &'a [u8],
    pub local: Vec<u8>,
    pub local_shift: u32,
}

/// Log2 of a thread's local-memory window on the memory port for `local_bytes` bytes per
/// thread (the SM's `local_shift`): at least one word.
pub fn local_shift(local_bytes: u32) -> u32 {
    local_bytes.max(4).next_power_of_two().trailing_zeros()
}

impl MemModel<'_> {
    /// Zeroes the local memory of warp slot `slot`'s 32 threads (a new warp in the slot:
    /// the golden SM starts every thread's local memory at zero).
    pub fn clear_local(&mut self, slot: u32) {
        let (from, to) = ((slot as usize * 32) << self.local_shift, (slot as usize * 32 + 32) << self.local_shift);
        if let Some(w) = self.local.get_mut(from..to) {
            w.fill(0);
        }
    }

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
            isa::space::LOCAL => self.local.get_mut(a as usize..a as usize + n as usize).ok_or(())?,
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
    const SW: usize,
    const S: usize,
>(
    u: &mut Sm<N, L, SA, SPW, AW, E, C, RA, IW, SW, S>,
    v: bool,
) {
    u.clock.next = v.into();
}

/// The SM's inputs in one clock: reset, the host interface's bus (register map:
/// [`heddle_hw::sm::host`]), the memory port's ready and response.
#[derive(Debug, Clone, Copy, Default)]
pub struct SmIn {
    pub clear: bool,
    pub h_we: bool,
    pub h_re: bool,
    pub h_addr: u64,
    pub h_wdata: u64,
    pub m_req_ready: bool,
    pub m_resp_valid: bool,
    pub m_resp_data: u64,
    pub m_resp_err: bool,
}

/// Where each port the runner uses sits in a record of the SM's ports (the [`Trace`]
/// layout: every port in declaration order, `Port::words()` words each).
///
/// [`Trace`]: crate::cosim::Trace
macro_rules! port_map {
    ($($f:ident),* $(,)?) => {
        #[derive(Debug, Clone, Copy, Default)]
        pub struct SmPortMap { $(pub $f: usize,)* }
        impl SmPortMap {
            /// The offsets of the ports in `ports`; every one must be there.
            pub fn of(ports: &[crate::cosim::Port]) -> Result<Self, CosimError> {
                let mut m = SmPortMap::default();
                $(let mut $f = false;)*
                let mut off = 0;
                for p in ports {
                    match p.name.as_str() {
                        $(stringify!($f) => { m.$f = off; $f = true; })*
                        _ => {}
                    }
                    off += p.words();
                }
                $(if !$f {
                    return Err(CosimError::Unsupported(format!("sm: no port `{}`", stringify!($f))));
                })*
                Ok(m)
            }
        }
    };
}
port_map!(
    clear, h_we, h_re, h_addr, h_wdata, h_rvalid, h_rdata, m_req_ready, m_resp_valid, m_resp_data, m_resp_err, done, fault,
    rt_valid, rt_warp, rt_pc, rt_mask, rt_cta, rt_wid, rw_valid, rw_warp, rw_grp, rw_reg, rw_mask, rw_d0, rw_p,
    m_req_valid, m_req_addr, m_req_space, m_req_we, m_req_be, m_req_wdata, lt_valid, lt_warp, lt_pc, lt_mask, lt_cta,
    lt_wid, lw_valid, lw_grp, lw_reg, lw_mask, lw_d0, st_valid, st_lane, st_addr, st_data, st_bytes, ss_valid, ss_grp,
    ss_mask, ss_a0, ss_d0, ft_valid, ft_warp, ft_pc, ft_mask, ft_cta, ft_wid, fw_valid, fw_grp, fw_reg, fw_mask, fw_d0,
    is_valid, is_warp, is_pc, is_cta, is_wid, mt_valid, mt_warp, mt_pc, mt_mask, mt_cta, mt_wid, mw_valid, mw_grp,
    mw_reg, mw_mask, mw_d0,
);

impl SmPortMap {
    /// Writes `i` into the input words of record `rec`.
    pub fn put(&self, rec: &mut [u32], i: &SmIn) {
        let b = |v: bool| v as u32;
        rec[self.clear] = b(i.clear);
        rec[self.h_we] = b(i.h_we);
        rec[self.h_re] = b(i.h_re);
        rec[self.h_addr] = i.h_addr as u32;
        rec[self.h_wdata] = i.h_wdata as u32;
        rec[self.m_req_ready] = b(i.m_req_ready);
        rec[self.m_resp_valid] = b(i.m_resp_valid);
        rec[self.m_resp_data] = i.m_resp_data as u32;
        rec[self.m_resp_err] = b(i.m_resp_err);
    }
}

/// A simulation of the SM the runner clocks: the rust-hdl model on a [`Bench`] (every
/// clock recorded for replays), or the exported Verilog in Verilator ([`VerilatorSm`]).
pub trait SmSim {
    /// The port offsets of this SM's records.
    fn map(&self) -> &SmPortMap;
    /// Words the instruction memory holds.
    fn imem_words(&self) -> usize;
    /// One clock with inputs `i`; every port's words after the rising edge.
    fn cycle(&mut self, i: &SmIn) -> Result<&[u32], CosimError>;
}

/// The rust-hdl model on a [`Bench`].
pub struct RustSm<
    const N: usize,
    const L: usize,
    const SA: usize,
    const SPW: usize,
    const AW: usize,
    const E: usize,
    const C: usize,
    const RA: usize,
    const IW: usize,
    const SW: usize,
    const S: usize,
> {
    pub bench: Bench<Sm<N, L, SA, SPW, AW, E, C, RA, IW, SW, S>>,
    map: SmPortMap,
}

impl<
        const N: usize,
        const L: usize,
        const SA: usize,
        const SPW: usize,
        const AW: usize,
        const E: usize,
        const C: usize,
        const RA: usize,
        const IW: usize,
        const SW: usize,
        const S: usize,
    > RustSm<N, L, SA, SPW, AW, E, C, RA, IW, SW, S>
{
    /// A bench for `uut` recording for replays into `verilog` (empty: no replays), whose top
    /// module is `block` (the configuration's, [`heddle_hw::sm_block`]).
    pub fn new(block: &str, uut: Sm<N, L, SA, SPW, AW, E, C, RA, IW, SW, S>, verilog: &str) -> Result<Self, CosimError> {
        let bench = Bench::clocked(block, verilog, uut, set_clock)?;
        let map = SmPortMap::of(&bench.trace.ports)?;
        Ok(RustSm { bench, map })
    }
}

impl<
        const N: usize,
        const L: usize,
        const SA: usize,
        const SPW: usize,
        const AW: usize,
        const E: usize,
        const C: usize,
        const RA: usize,
        const IW: usize,
        const SW: usize,
        const S: usize,
    > SmSim for RustSm<N, L, SA, SPW, AW, E, C, RA, IW, SW, S>
{
    fn map(&self) -> &SmPortMap {
        &self.map
    }
    fn imem_words(&self) -> usize {
        1 << IW
    }
    fn cycle(&mut self, i: &SmIn) -> Result<&[u32], CosimError> {
        self.bench.cycle(|u| {
            u.clear.next = i.clear;
            u.h_we.next = i.h_we;
            u.h_re.next = i.h_re;
            u.h_addr.next = i.h_addr.into();
            u.h_wdata.next = i.h_wdata.into();
            u.m_req_ready.next = i.m_req_ready;
            u.m_resp_valid.next = i.m_resp_valid;
            u.m_resp_data.next = i.m_resp_data.into();
            u.m_resp_err.next = i.m_resp_err;
        })?;
        Ok(self.bench.trace.last())
    }
}

/// The exported Verilog of the SM (`sm.v`, or another configuration's) in Verilator, as a
/// library clocked from Rust ([`crate::cosim::verilator::LibSim`]): the fast path.
pub struct VerilatorSm {
    sim: crate::cosim::verilator::LibSim,
    map: SmPortMap,
    rec: Vec<u32>,
    imem_words: usize,
}

impl VerilatorSm {
    /// Loads a new instance of `model`'s library; with `vcd` (path, first clock), the
    /// clocks from that one on are written there.
    pub fn new(model: &SmModel, vcd: Option<(&std::path::Path, u64)>) -> Result<Self, CosimError> {
        let words = model.ports.iter().map(|p| p.words()).sum();
        let lib = if vcd.is_some() { model.traced()? } else { &model.lib };
        let sim = crate::cosim::verilator::LibSim::load(lib, words, vcd)?;
        Ok(VerilatorSm { sim, map: model.map, rec: vec![0; words], imem_words: model.imem_words })
    }
}

impl SmSim for VerilatorSm {
    fn map(&self) -> &SmPortMap {
        &self.map
    }
    fn imem_words(&self) -> usize {
        self.imem_words
    }
    fn cycle(&mut self, i: &SmIn) -> Result<&[u32], CosimError> {
        self.map.put(&mut self.rec, i);
        Ok(self.sim.cycle(&self.rec))
    }
}

/// What a host writes to launch `k` with `l` on an SM whose instruction memory holds
/// `imem_words`: the program's microcode words and the launch registers (host interface
/// addresses and values), the SM's watchdog `watchdog` clocks (0: off). An error names
/// what does not fit (a kernel too large, a dimension beyond 16 bits, an instruction that
/// cannot be encoded).
pub fn launch_program(k: &Kernel, l: &Launch, watchdog: u32, imem_words: usize) -> Result<(Vec<u64>, Vec<(u16, u32)>), String> {
    if k.code.len() > imem_words {
        return Err(format!("kernel {} has {} instructions; the instruction memory holds {}", k.name, k.code.len(), imem_words));
    }
    let words: Vec<u64> = k
        .code
        .iter()
        .enumerate()
        .map(|(pc, i)| isa::encode(i).map_err(|e| format!("{} at pc {pc}: {e:?}", k.where_(pc))))
        .collect::<Result<_, _>>()?;
    let dim = |v: u32, what: &str| {
        if v > 0xFFFF {
            Err(format!("{what} {v} does not fit the launch port (16 bits)"))
        } else {
            Ok(v)
        }
    };
    let grid = [dim(l.grid[0], "grid.x")?, dim(l.grid[1], "grid.y")?, dim(l.grid[2], "grid.z")?];
    let block = [dim(l.block[0], "block.x")?, dim(l.block[1], "block.y")?, dim(l.block[2], "block.z")?];
    let regs = vec![
        (reg::PROG_LEN, words.len() as u32),
        (reg::GRID_X, grid[0]),
        (reg::GRID_Y, grid[1]),
        (reg::GRID_Z, grid[2]),
        (reg::BLOCK_X, block[0]),
        (reg::BLOCK_Y, block[1]),
        (reg::BLOCK_Z, block[2]),
        (reg::REGS, k.regs_per_thread.clamp(1, 255)),
        (reg::SHARED_BYTES, k.shared_bytes),
        (reg::LOCAL_BYTES, k.local_bytes),
        (reg::LOCAL_SHIFT, local_shift(k.local_bytes)),
        (reg::WATCHDOG, watchdog),
    ];
    Ok((words, regs))
}

/// Loads `k` with launch `l` into the SM `sim` and runs it to its end (done, a fault, or
/// `opts.max_cycles`), returning what the retire port showed. With `progress`, every
/// million clocks are reported.
pub fn drive(
    sim: &mut impl SmSim,
    k: &Kernel,
    l: &Launch,
    global: &mut GlobalMem,
    opts: SmOpts,
    mut progress: Option<&mut dyn FnMut(u64, u64)>,
) -> Result<SmRun, CosimError> {
    let bad = |m: String| CosimError::Unsupported(format!("sm: {m}"));
    let (words, regs) = launch_program(k, l, opts.watchdog, sim.imem_words()).map_err(bad)?;
    let shift = local_shift(k.local_bytes);
    // Reset; the host interface answers with the SM's ID and configuration.
    let mut clk = 0u64;
    let mut i = SmIn { clear: true, ..Default::default() };
    sim.cycle(&i)?;
    i.clear = false;
    sim.cycle(&i)?;
    clk += 2;
    let id = host_read(sim, &mut clk, reg::ID)?;
    if id != host::ID {
        return Err(bad(format!("the host interface answers ID 0x{id:08x}, not heddle's SM (0x{:08x})", host::ID)));
    }
    let config = host_read(sim, &mut clk, reg::CONFIG)?;
    let (version, imem_log2) = host::config_version_and_imem_log2(config);
    if version != host::MAP_VERSION || 1usize << imem_log2 != sim.imem_words() {
        return Err(bad(format!(
            "the host interface's configuration word 0x{config:08x} (map version {version}, 2^{imem_log2} instructions) is not this runner's (version {}, {} instructions)",
            host::MAP_VERSION,
            sim.imem_words()
        )));
    }
    host_launch(sim, &mut clk, &words, &regs)?;
    // The clock in which the SM takes the launch, and the next.
    i = SmIn::default();
    sim.cycle(&i)?;
    let mut o: Vec<u32> = sim.cycle(&i)?.to_vec();
    clk += 2;
    let m = *sim.map();
    let mut run = SmRun { launch_clock: clk, ..Default::default() };
    let mut mem = MemModel { global, params: &l.params, constant: &l.constant, local: vec![0; 32 * 32 << shift], local_shift: shift };
    // The warp (CTA, warp in it) each warp slot holds, by its issues: a new one's local
    // memory starts at zero. The slots to zero wait for the next memory instruction's issue:
    // the scheduler issues one only when the load/store unit is idle, so the last stores of
    // the slot's previous warp (which may exit while its store is still in the unit) have
    // landed then, and the new warp has not yet touched memory.
    let mut slot_warp: Vec<Option<(u32, u32)>> = vec![None; 32];
    let mut to_zero: Vec<u32> = vec![];
    // The instruction class of the kernel's instruction at a PC.
    let class_at = |pc: u32| k.code.get(pc as usize).and_then(|i| isa::opdef(i.op)).map(|d| d.class);
    // Each warp slot's writes since its last lane instruction's retire, by the SP pipeline
    // (a lane instruction retires with its last write, before the warp's next lane
    // instruction writes; a control instruction retires without writes); the writes of the
    // load/store unit's, of the SFU and FMA unit's and of the SFUs' multipliers' (in
    // order: they belong to its next retire) instruction, and the load/store unit's stores.
    let mut pending: Vec<Vec<(u8, u8, u32)>> = vec![vec![]; 32];
    let mut lsu_writes: Vec<(u8, u8, u32)> = vec![];
    let mut fpu_writes: Vec<(u8, u8, u32)> = vec![];
    let mut mul_writes: Vec<(u8, u8, u32)> = vec![];
    let mut lsu_stores: Vec<(u8, u8, u32, u32, u8)> = vec![];
    let mut lsu_space = 0u8;
    // The response in flight: due cycle, data, error.
    let mut resp: Option<(u64, u32, bool)> = None;
    let latency = opts.mem_latency.max(1) as u64;
    let mut served = 0u64;
    let mut finished = false;
    for cyc in 0..opts.max_cycles {
        if cyc % 1_000_000 == 0 && cyc > 0 {
            if let Some(p) = progress.as_mut() {
                p(cyc, run.trace.len() as u64);
            }
        }
        // The memory model answers the request shown after the last edge.
        i.m_resp_valid = false;
        i.m_resp_data = 0;
        i.m_resp_err = false;
        if let Some((due, d, e)) = resp {
            if due <= cyc {
                (i.m_resp_valid, i.m_resp_data, i.m_resp_err) = (true, d as u64, e);
                resp = None;
            }
        }
        i.m_req_ready = resp.is_none() && !i.m_resp_valid;
        if i.m_req_ready && o[m.m_req_valid] & 1 == 1 {
            let space = o[m.m_req_space] as u8;
            let a = mem.access(space, o[m.m_req_addr], o[m.m_req_we] & 1 == 1, o[m.m_req_be] as u8, o[m.m_req_wdata]);
            lsu_space = space;
            resp = Some((cyc + latency, a.unwrap_or(0), a.is_err()));
            served += 1;
        }
        o.copy_from_slice(sim.cycle(&i)?);
        let v = |off: usize| o[off] & 1 == 1;
        if v(m.rw_valid) {
            let w = o[m.rw_warp] as usize;
            let (g, reg, mask, p) = (o[m.rw_grp] as u8, o[m.rw_reg] as u8, o[m.rw_mask], o[m.rw_p]);
            for j in 0..8u8 {
                if mask >> j & 1 == 1 {
                    let val = if reg & 0x80 != 0 { p >> j & 1 } else { o[m.rw_d0 + j as usize] };
                    pending[w].push((8 * g + j, reg, val));
                }
            }
        }
        for (valid, grp, reg, mask, d0, to) in [
            (m.lw_valid, m.lw_grp, m.lw_reg, m.lw_mask, m.lw_d0, &mut lsu_writes),
            (m.fw_valid, m.fw_grp, m.fw_reg, m.fw_mask, m.fw_d0, &mut fpu_writes),
            (m.mw_valid, m.mw_grp, m.mw_reg, m.mw_mask, m.mw_d0, &mut mul_writes),
        ] {
            if v(valid) {
                let (g, reg, mask) = (o[grp] as u8, o[reg] as u8, o[mask]);
                for j in 0..8u8 {
                    if mask >> j & 1 == 1 {
                        to.push((8 * g + j, reg, o[d0 + j as usize]));
                    }
                }
            }
        }
        if v(m.st_valid) {
            lsu_stores.push((o[m.st_lane] as u8, lsu_space, o[m.st_addr], o[m.st_data], o[m.st_bytes] as u8));
        }
        if v(m.ss_valid) {
            let (g, mask) = (o[m.ss_grp] as u8, o[m.ss_mask]);
            for j in 0..8usize {
                if mask >> j & 1 == 1 {
                    lsu_stores.push((8 * g + j as u8, isa::space::SHARED, o[m.ss_a0 + j], o[m.ss_d0 + j], o[m.st_bytes] as u8));
                }
            }
        }
        if v(m.is_valid) {
            let (slot, who) = (o[m.is_warp] as usize, (o[m.is_cta], o[m.is_wid]));
            if slot_warp[slot] != Some(who) {
                slot_warp[slot] = Some(who);
                to_zero.push(slot as u32);
            }
            if class_at(o[m.is_pc]) == Some(isa::Class::LdSt) {
                for s in to_zero.drain(..) {
                    mem.clear_local(s);
                }
            }
            run.issued.push(Issue { cycle: cyc, cta: o[m.is_cta], warp: o[m.is_wid], pc: o[m.is_pc] });
        }
        // The four retire ports: the SP pipeline's, the load/store unit's, the SFU and FMA
        // unit's, the SFUs' multipliers'.
        for port in 0..4 {
            let (valid, w, pc, mask, cta, wid) = match port {
                0 => (m.rt_valid, m.rt_warp, m.rt_pc, m.rt_mask, m.rt_cta, m.rt_wid),
                1 => (m.lt_valid, m.lt_warp, m.lt_pc, m.lt_mask, m.lt_cta, m.lt_wid),
                2 => (m.ft_valid, m.ft_warp, m.ft_pc, m.ft_mask, m.ft_cta, m.ft_wid),
                _ => (m.mt_valid, m.mt_warp, m.mt_pc, m.mt_mask, m.mt_cta, m.mt_wid),
            };
            if !v(valid) {
                continue;
            }
            let (mut writes, stores) = match port {
                // A control instruction writes nothing; the warp's writes pending may be a
                // younger lane instruction's (its first pass, with 4 or 2 SPs), not yet retired.
                0 if class_at(o[pc]) == Some(isa::Class::Control) => {
                    (vec![], vec![])
                }
                0 => (std::mem::take(&mut pending[o[w] as usize]), vec![]),
                1 => (std::mem::take(&mut lsu_writes), std::mem::take(&mut lsu_stores)),
                2 => (std::mem::take(&mut fpu_writes), vec![]),
                _ => (std::mem::take(&mut mul_writes), vec![]),
            };
            writes.sort();
            run.retired_at.push(cyc);
            run.retired_slot.push(o[w] as u8);
            run.trace.push(TraceEntry { cta: o[cta], warp: o[wid], pc: o[pc], mask: o[mask], writes, stores });
        }
        run.cycles = cyc + 1;
        if v(m.fault) {
            // The first fault, from the register map.
            let mut f = [0u32; 5];
            for (j, r) in [reg::FAULT_KIND, reg::FAULT_WARP, reg::FAULT_PC, reg::FAULT_LANE, reg::FAULT_ADDR].into_iter().enumerate() {
                f[j] = host_read(sim, &mut clk, r)?;
            }
            run.fault = Some(SmFault { kind: f[0] as u8, warp: f[1], pc: f[2], lane: f[3], addr: f[4] });
            break;
        }
        if v(m.done) {
            finished = true;
            break;
        }
    }
    // The performance counters, from the register map; on a finished run they must agree
    // with what the ports showed.
    for c in 0..counters::COUNT {
        run.counters.push(host_read(sim, &mut clk, reg::COUNTERS + c as u16)?);
    }
    if finished {
        let n = &run.counters;
        let stalls: u64 = (counters::ISSUE..=counters::NO_READY).map(|c| n[c] as u64).sum();
        for (what, got, want, other) in [
            ("retired", n[counters::RETIRED] as u64, run.trace.len() as u64, "the retire ports showed"),
            ("issue", n[counters::ISSUE] as u64, run.issued.len() as u64, "the issue port showed"),
            ("memory_requests", n[counters::MEM_REQUESTS] as u64, served, "the memory model served"),
            ("slots", n[counters::SLOTS] as u64, stalls, "issue and the stall counters add up to"),
        ] {
            if got != want {
                return Err(bad(format!("performance counter {what} reads {got} after kernel {}; {other} {want}", k.name)));
            }
        }
    }
    Ok(run)
}

/// The performance counters of a run ([`SmRun::counters`]) as report lines: the issue
/// slots by what happened in them, then the memory counters.
pub fn counter_lines(n: &[u32]) -> Vec<String> {
    use counters::*;
    if n.len() < COUNT {
        return vec![];
    }
    let slots = n[SLOTS].max(1) as f64;
    let pct = |c: usize| format!("{:.1} %", 100.0 * n[c] as f64 / slots);
    vec![
        format!(
            "issue slots (counters): {} in {} clocks: issued {}, stalled on memory {}, on a busy unit {}, on the scoreboard {}, at a barrier {}, no instruction ready {}",
            n[SLOTS],
            n[CYCLES],
            pct(ISSUE),
            pct(MEM_BUSY),
            pct(UNIT_BUSY),
            pct(SCOREBOARD),
            pct(BARRIER),
            pct(NO_READY)
        ),
        format!(
            "memory (counters): {} shared-memory half-warp requests in {} steps ({} bank-conflict steps); {} memory-port requests, {} of them global; {} global transactions by the compute capability 1.x coalescing rule",
            n[SHARED_REQUESTS],
            n[SHARED_STEPS],
            n[SHARED_STEPS].saturating_sub(n[SHARED_REQUESTS]),
            n[MEM_REQUESTS],
            n[GLOBAL_REQUESTS],
            n[GLOBAL_TRANSACTIONS]
        ),
    ]
}

/// Writes the program `words` (two bus words per instruction), the launch registers
/// `regs` (register, value) and `CONTROL` (the launch) through the host interface.
pub fn host_launch(sim: &mut impl SmSim, clk: &mut u64, words: &[u64], regs: &[(u16, u32)]) -> Result<(), CosimError> {
    for (a, w) in words.iter().enumerate() {
        host_write(sim, clk, reg::IMEM + 2 * a as u16, *w as u32)?;
        host_write(sim, clk, reg::IMEM + 2 * a as u16 + 1, (*w >> 32) as u32)?;
    }
    for &(r, v) in regs {
        host_write(sim, clk, r, v)?;
    }
    host_write(sim, clk, reg::CONTROL, 1)
}

/// One write on the host interface's bus (one clock).
pub fn host_write(sim: &mut impl SmSim, clk: &mut u64, addr: u16, data: u32) -> Result<(), CosimError> {
    sim.cycle(&SmIn { h_we: true, h_addr: addr as u64, h_wdata: data as u64, ..Default::default() })?;
    *clk += 1;
    Ok(())
}

/// One read on the host interface's bus (one clock: the word is shown after its edge).
pub fn host_read(sim: &mut impl SmSim, clk: &mut u64, addr: u16) -> Result<u32, CosimError> {
    let m = *sim.map();
    let o = sim.cycle(&SmIn { h_re: true, h_addr: addr as u64, ..Default::default() })?;
    *clk += 1;
    if o[m.h_rvalid] & 1 == 0 {
        return Err(CosimError::Unsupported(format!("sm: the host interface did not answer the read of word 0x{addr:04x}")));
    }
    Ok(o[m.h_rdata])
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

/// Does op `d` run on the RTL SM's SFU-side units: the SFU and FMA unit, or `fmul` on the
/// SFUs' multipliers where the decoder of configuration `cfg` sends it (`sm_lats`)?
pub fn on_sfu_units(cfg: &SmConfig, d: &isa::OpDef) -> bool {
    matches!(d.class, isa::Class::Sfu | isa::Class::Fma)
        || (d.code == isa::op::FMUL && heddle_hw::sm::sm_lats(cfg).sfumul.is_some())
}

/// Compares the RTL SM's retired instructions with the golden SM's trace, warp by warp:
/// each retire must be the warp's next golden instruction, except that memory, SFU, FMA and
/// `fmul` (the SFUs' multipliers) instructions retire in their units after the warp's
/// instructions issued behind them:
/// the warp's oldest unretired instructions, as long as they are of those classes and
/// differ in PC from the retired one, may be passed. Returns the number of compared
/// warp-instructions, or the first difference (with the index of its retire in `rtl`).
pub fn compare(cfg: &SmConfig, k: &Kernel, golden: &[TraceEntry], rtl: &[TraceEntry]) -> Result<u64, (usize, String)> {
    let mut queues: BTreeMap<(u32, u32), VecDeque<&TraceEntry>> = BTreeMap::new();
    for e in golden {
        queues.entry((e.cta, e.warp)).or_default().push_back(e);
    }
    let in_unit = |pc: u32| {
        k.code
            .get(pc as usize)
            .and_then(|i| isa::opdef(i.op))
            .is_some_and(|d| d.class == isa::Class::LdSt || on_sfu_units(cfg, d))
    };
    for (n, a) in rtl.iter().enumerate() {
        let at = |pc: u32| k.where_(pc as usize);
        let g = queues.get_mut(&(a.cta, a.warp)).and_then(|q| {
            let passed = q.iter().take_while(|e| e.pc != a.pc && in_unit(e.pc)).count();
            if passed < q.len() && passed > 0 {
                q.remove(passed)
            } else {
                q.pop_front()
            }
        });
        let Some(g) = g else {
            return Err((n, format!(
                "retire {n}: CTA {} warp {} retired pc {} at {}, but the golden SM's warp has no more instructions",
                a.cta,
                a.warp,
                a.pc,
                at(a.pc)
            )));
        };
        let head = format!("retire {n}: CTA {} warp {} pc {} at {}", a.cta, a.warp, a.pc, at(a.pc));
        if g.pc != a.pc {
            return Err((n, format!(
                "{head}: the golden SM's next instruction of this warp is pc {} at {}",
                g.pc,
                at(g.pc)
            )));
        }
        if g.mask != a.mask {
            return Err((n, format!("{head}: active mask {:#010x}, expected {:#010x}", a.mask, g.mask)));
        }
        let mut gw = g.writes.clone();
        gw.sort();
        if gw != a.writes {
            let first = gw.iter().zip(&a.writes).position(|(x, y)| x != y).unwrap_or(gw.len().min(a.writes.len()));
            return Err((n, format!(
                "{head}: writes differ from entry {first}: expected{} / actual{}",
                fmt_writes(&gw[first.min(gw.len())..]),
                fmt_writes(&a.writes[first.min(a.writes.len())..])
            )));
        }
        if g.stores != a.stores {
            return Err((n, format!("{head}: stores {:?}, expected {:?}", a.stores, g.stores)));
        }
    }
    if let Some(((c, w), q)) = queues.iter().find(|(_, q)| !q.is_empty()) {
        let e = q[0];
        return Err((rtl.len(), format!(
            "the RTL SM stopped with CTA {c} warp {w} still to run pc {} at {} ({} golden instructions not retired)",
            e.pc,
            k.where_(e.pc as usize),
            q.len()
        )));
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
/// are then replayed into the exported Verilog (the configuration's block: `sm`, `sm_small`).
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
    const SW: usize,
    const S: usize,
>(
    uut: Sm<N, L, SA, SPW, AW, E, C, RA, IW, SW, S>,
    cfg: &SmConfig,
    k: &Kernel,
    l: &Launch,
    mem: &GlobalMem,
    opts: SmOpts,
    replays: Option<Replays>,
) -> Result<(Lockstep, Option<RunSummary>), LockstepError> {
    let block = heddle_hw::sm_block(cfg).ok_or_else(|| err(no_sm(cfg)))?;
    let verilog = if replays.is_some() { super::verilog(block).map_err(|e| err(e.to_string()))? } else { String::new() };
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
    const SW: usize,
    const S: usize,
>(
    uut: Sm<N, L, SA, SPW, AW, E, C, RA, IW, SW, S>,
    cfg: &SmConfig,
    k: &Kernel,
    l: &Launch,
    mem: &GlobalMem,
    opts: SmOpts,
    replays: Option<Replays>,
    verilog: &str,
) -> Result<(Lockstep, Option<RunSummary>), LockstepError> {
    let block = heddle_hw::sm_block(cfg).ok_or_else(|| err(no_sm(cfg)))?;
    let mut sim = RustSm::new(block, uut, verilog).map_err(|e| err(e.to_string()))?;
    let mut rtl_mem = mem.clone();
    let rtl = drive(&mut sim, k, l, &mut rtl_mem, opts, None).map_err(|e| err(e.to_string()))?;
    let (golden, checked) = check(cfg, k, l, mem, opts, &rtl, &rtl_mem);
    let mut bench = sim.bench;
    let compared = match checked {
        Ok(n) => n,
        Err((msg, _)) => {
            let steps = bench.trace.steps();
            let vcd = std::env::temp_dir().join(format!("heddle-sm-{}-{}.vcd", k.name, std::process::id()));
            let vcd = bench.trace.write_vcd(&vcd, steps.saturating_sub(1)).ok().map(|_| vcd);
            return Err(LockstepError { msg, vcd });
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

/// [`lockstep`] on `model`, the exported Verilog of configuration `model.cfg`, in Verilator
/// ([`VerilatorSm`]). A difference is reported with a VCD of a second run: the
/// [`VCD_WINDOW`] clocks up to it. Also returns the seconds the Verilator run took.
pub fn lockstep_verilator(
    model: &SmModel,
    k: &Kernel,
    l: &Launch,
    mem: &GlobalMem,
    opts: SmOpts,
    progress: Option<&mut dyn FnMut(u64, u64)>,
) -> Result<(Lockstep, f64), LockstepError> {
    let mut sim = VerilatorSm::new(model, None).map_err(|e| err(e.to_string()))?;
    let mut rtl_mem = mem.clone();
    let start = std::time::Instant::now();
    let rtl = drive(&mut sim, k, l, &mut rtl_mem, opts, progress).map_err(|e| err(e.to_string()))?;
    let seconds = start.elapsed().as_secs_f64();
    drop(sim);
    let (golden, checked) = check(&model.cfg, k, l, mem, opts, &rtl, &rtl_mem);
    match checked {
        Ok(compared) => Ok((Lockstep { rtl, golden, mem: rtl_mem, compared }, seconds)),
        Err((msg, at)) => {
            // the same run again, to the same end, with a VCD of the clocks before the difference
            let vcd = std::env::temp_dir().join(format!("heddle-sm-{}-{}-verilator.vcd", k.name, std::process::id()));
            let launch_clock = rtl.launch_clock;
            let from = (launch_clock + at).saturating_sub(VCD_WINDOW);
            let again = VerilatorSm::new(model, Some((&vcd, from))).and_then(|mut sim| {
                let o = SmOpts { max_cycles: (at + 1).min(rtl.cycles), ..opts };
                drive(&mut sim, k, l, &mut mem.clone(), o, None)
            });
            Err(LockstepError { msg, vcd: again.ok().map(|_| vcd) })
        }
    }
}

/// Clocks of the SM a Verilator run's VCD shows before the first difference.
pub const VCD_WINDOW: u64 = 2_000;

/// What `%clock` reads in an instruction the issue port showed at `cycle` (clocks after the
/// launch, as the runner counts them): the SM's clock counter when the dispatcher reads it
/// ([`heddle_hw::sm::pipe::CLOCK_READ`]).
fn clock_read(cycle: u64) -> u32 {
    (cycle as u32).wrapping_add(heddle_hw::sm::pipe::CLOCK_READ)
}

/// Steps the golden SM through the RTL SM's issued warp-instructions (`rtl.issued`) on
/// `golden_mem`: the golden run (its trace in the RTL SM's issue order, so atomics and
/// racing accesses see what the RTL SM's saw), or its fault; or a difference in the order
/// itself (the RTL SM issued a warp the golden SM has done or holds at a barrier, another
/// PC, or finished with CTAs the golden SM has still to run), with its cycle.
fn step_golden(
    k: &Kernel,
    l: &Launch,
    gcfg: &gsm::Config,
    rtl: &SmRun,
    golden_mem: &mut GlobalMem,
) -> Result<Result<gsm::RunResult, gsm::Fault>, (String, u64)> {
    let mut s = match gsm::Stepper::new(k, l, gcfg) {
        Ok(s) => s,
        Err(f) => return Ok(Err(f)),
    };
    for (n, is) in rtl.issued.iter().enumerate() {
        let head = |m: String| {
            (
                format!("sm: issue {n} (cycle {}): CTA {} warp {} pc {} at {}: {m}", is.cycle, is.cta, is.warp, is.pc, k.where_(is.pc as usize)),
                is.cycle,
            )
        };
        let before = s.result().trace.len();
        s.set_clock(clock_read(is.cycle));
        match s.step(is.cta, is.warp, golden_mem, &mut gsm::GoldenFpUnits) {
            Ok(()) => {}
            Err(gsm::StepError::Fault(f)) => return Ok(Err(f)),
            Err(gsm::StepError::Order(m)) => return Err(head(m)),
        }
        if s.result().trace.len() == before {
            return Err(head("the golden SM's warp has no more instructions (its threads exited)".into()));
        }
        let pc = s.result().trace.last().map_or(u32::MAX, |e| e.pc);
        if pc != is.pc {
            return Err(head(format!("the golden SM's warp executed pc {pc} at {}", k.where_(pc as usize))));
        }
    }
    if rtl.fault.is_none() && !s.finished() {
        return Err((
            format!("sm: the RTL SM finished after {} issued warp-instructions; the golden SM has CTAs still to run", rtl.issued.len()),
            rtl.cycles,
        ));
    }
    Ok(Ok(s.into_result()))
}

/// Runs the golden SM on `k`, stepped in the RTL SM's issue order, and compares the RTL SM's
/// run `rtl` (and its global memory `rtl_mem` after it) with it: the golden run, and the
/// warp-instructions compared or the first difference (and the clock after the launch
/// where it shows). When the RTL SM faults and the stepped golden SM does not (a watchdog,
/// a unit the RTL SM lacks), the golden SM runs the whole kernel on its own, for the fault
/// to compare with.
fn check(
    cfg: &SmConfig,
    k: &Kernel,
    l: &Launch,
    mem: &GlobalMem,
    opts: SmOpts,
    rtl: &SmRun,
    rtl_mem: &GlobalMem,
) -> (Result<gsm::RunResult, gsm::Fault>, Result<u64, (String, u64)>) {
    let mut golden_mem = mem.clone();
    let gcfg = gsm::Config {
        watchdog: if opts.watchdog == 0 { u64::MAX } else { opts.watchdog as u64 },
        ..gsm::Config::of(cfg)
    };
    let mut golden = match step_golden(k, l, &gcfg, rtl, &mut golden_mem) {
        Ok(g) => g,
        Err(e) => return (gsm::run(k, l, &mut mem.clone(), &gcfg, &mut gsm::GoldenFpUnits, true), Err(e)),
    };
    if golden.is_ok() && rtl.fault.is_some() {
        golden_mem = mem.clone();
        golden = gsm::run(k, l, &mut golden_mem, &gcfg, &mut gsm::GoldenFpUnits, true);
    }
    let checked = match (&golden, rtl.fault) {
        (Ok(g), None) => compare(cfg, k, &g.trace, &rtl.trace)
            .map_err(|(n, m)| {
                let at = rtl.retired_at.get(n).copied().unwrap_or(rtl.cycles);
                (format!("sm: {m} (cycle {at} after the launch)"), at)
            })
            .and_then(|n| {
                for ((a, gb), (_, rb)) in golden_mem.bufs.iter().zip(&rtl_mem.bufs) {
                    if let Some(i) = gb.iter().zip(rb).position(|(x, y)| x != y) {
                        return Err((
                            format!(
                                "sm: global memory after the run differs at {:#x}: {:#04x}, expected {:#04x}",
                                a + i as u32,
                                rb[i],
                                gb[i]
                            ),
                            rtl.cycles,
                        ));
                    }
                }
                // The RTL SM's memory counters against the golden SM's statistics (counters
                // are read only on a finished run).
                for (c, golden) in [
                    (counters::SHARED_REQUESTS, g.stats.shared_requests),
                    (counters::SHARED_STEPS, g.stats.shared_steps),
                    (counters::GLOBAL_TRANSACTIONS, g.stats.global_transactions),
                ] {
                    if let Some(&got) = rtl.counters.get(c) {
                        if got as u64 != golden {
                            return Err((
                                format!(
                                    "sm: performance counter {} ({}) reads {got}; the golden SM counted {golden}",
                                    counters::NAMES[c].0,
                                    counters::NAMES[c].1
                                ),
                                rtl.cycles,
                            ));
                        }
                    }
                }
                Ok(n)
            }),
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
                Err((format!("sm: the RTL SM faulted with {f}; the golden SM with {gf}"), rtl.cycles))
            } else {
                Ok(0)
            }
        }
        (Ok(_), Some(f)) => {
            let why = if f.kind == sm_fault::NOT_SUPPORTED {
                " (this SM does not have that unit yet: docs/sm.md, \"Status\")"
            } else {
                ""
            };
            Err((
                format!(
                    "sm: the RTL SM faulted with {f} at {}, cycle {}{why}; the golden SM ran the kernel",
                    k.where_(f.pc as usize),
                    rtl.cycles
                ),
                rtl.cycles,
            ))
        }
        (Err(gf), None) => Err((format!("sm: the golden SM faulted with {gf}; the RTL SM did not"), rtl.cycles)),
    };
    (golden, checked)
}

fn err(msg: String) -> LockstepError {
    LockstepError { msg, vcd: None }
}

/// Totals of a random-program sweep.
#[derive(Debug, Clone, Default)]
pub struct SweepTotals {
    pub programs: u64,
    pub warp_instrs: u64,
    /// Of them, SFU, FMA and `fmul` instructions (the SFUs' units), and of those binary64
    /// ones; memory instructions, and of those atomics.
    pub fpu_instrs: u64,
    pub fp64_instrs: u64,
    pub mem_instrs: u64,
    pub atom_instrs: u64,
    pub cycles: u64,
    /// Seconds the RTL SM's simulation took (rust-hdl or Verilator).
    pub rtl_seconds: f64,
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

/// How the RTL SM is simulated in a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// The exported Verilog (`sm.v`) in Verilator: the fast path.
    Verilator,
    /// The rust-hdl model (the gate-accurate `cargo test` path).
    Rust,
    /// The rust-hdl model, its recorded clocks then replayed into `sm.v` in Verilator,
    /// output by output.
    RustReplayed,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Verilator => "Verilator",
            Backend::Rust => "rust-hdl",
            Backend::RustReplayed => "rust-hdl, replayed in Verilator",
        }
    }
}

/// The exported Verilog of an SM (block `sm` for the G80 preset, `sm_small` for the
/// board's: `heddle_hw::SM_BLOCKS`) built once as the Verilator runner's library, with its
/// ports, their offsets and the words of its instruction memory: what every Verilator run
/// of it loads.
pub struct SmModel {
    /// The configuration it was exported for.
    pub cfg: SmConfig,
    /// The fast library (no tracing).
    pub lib: crate::cosim::VerilatorModel,
    pub ports: Vec<crate::cosim::Port>,
    pub map: SmPortMap,
    pub imem_words: usize,
    verilog: String,
    /// The traced library, built the first time a VCD is asked for.
    traced: std::sync::OnceLock<Result<crate::cosim::VerilatorModel, String>>,
}

impl SmModel {
    /// Exports the SM of `cfg` and builds (or finds in the cache) its library.
    pub fn new(cfg: &SmConfig) -> Result<SmModel, String> {
        let cfg = *cfg;
        let block = heddle_hw::sm_block(&cfg).ok_or_else(|| no_sm(&cfg))?;
        let verilog = super::verilog(block).map_err(|e| e.to_string())?;
        let ports = crate::cosim::ports_of_verilog(&verilog, block).map_err(|e| e.to_string())?;
        let lib = crate::cosim::VerilatorModel::build_lib(block, &verilog, &ports, false).map_err(|e| e.to_string())?;
        let map = SmPortMap::of(&ports).map_err(|e| e.to_string())?;
        let imem_words = 1 << cfg.imem_log2;
        Ok(SmModel { cfg, lib, ports, map, imem_words, verilog, traced: Default::default() })
    }

    /// The G80 SM's model (block `sm`).
    pub fn g80() -> Result<SmModel, String> {
        Self::new(&heddle_hw::config::G80)
    }

    /// The library that writes VCDs (built, or found in the cache, on the first call).
    pub fn traced(&self) -> Result<&crate::cosim::VerilatorModel, CosimError> {
        self.traced
            .get_or_init(|| {
                crate::cosim::VerilatorModel::build_lib(&self.lib.block, &self.verilog, &self.ports, true).map_err(|e| e.to_string())
            })
            .as_ref()
            .map_err(|e| CosimError::Unsupported(e.clone()))
    }

    /// The model a run of the SM of `cfg` on `backend` needs: Verilator's, or none.
    pub fn for_backend(backend: Backend, cfg: &SmConfig) -> Result<Option<SmModel>, String> {
        if backend == Backend::Verilator {
            Self::new(cfg).map(Some)
        } else {
            Ok(None)
        }
    }
}

/// The error for a configuration no SM is exported for.
fn no_sm(cfg: &SmConfig) -> String {
    let known: Vec<&str> = heddle_hw::SM_BLOCKS.iter().map(|(c, _)| c.name).collect();
    format!("no SM is built for configuration `{}` (built: {})", cfg.name, known.join(", "))
}

/// A lock-step run of the SM of `cfg` on `backend` (the rust-hdl ones on a big stack;
/// `model`, of the same configuration, for Verilator): the run, and the seconds the RTL
/// simulation took.
#[allow(clippy::too_many_arguments)]
pub fn lockstep_on(
    backend: Backend,
    cfg: &SmConfig,
    model: Option<&SmModel>,
    k: &Kernel,
    l: &Launch,
    mem: &GlobalMem,
    opts: SmOpts,
    progress: Option<&mut dyn FnMut(u64, u64)>,
) -> Result<(Lockstep, f64, Option<RunSummary>), LockstepError> {
    let cfg = *cfg;
    match (backend, model) {
        (Backend::Verilator, Some(m)) if m.cfg == cfg => {
            let (ls, s) = lockstep_verilator(m, k, l, mem, opts, progress)?;
            Ok((ls, s, None))
        }
        (Backend::Verilator, Some(m)) => {
            Err(err(format!("sm: the Verilator model is configuration {}'s, the run {}'s", m.cfg.name, cfg.name)))
        }
        (Backend::Verilator, None) => Err(err("sm: a Verilator run needs the exported model".into())),
        _ => {
            let replays = (backend == Backend::RustReplayed).then_some(Replays::verilator_only());
            let (k, l, mem) = (k.clone(), l.clone(), mem.clone());
            heddle_hw::on_sm_stack(move || {
                let start = std::time::Instant::now();
                let (ls, summary) =
                    heddle_hw::with_sm!(&cfg, uut => lockstep(uut, &cfg, &k, &l, &mem, opts, replays), Err(err(no_sm(&cfg))))?;
                let s = summary.as_ref().map_or(start.elapsed().as_secs_f64(), |s| s.rust_seconds);
                Ok((ls, s, summary))
            })
            .map_err(err)?
        }
    }
}

/// Random programs ([`crate::gsm::random`]) on random launch shapes, each in lock step on
/// the SM of `cfg` (simulated by `backend`) until `min_warp_instrs` warp-instructions have been
/// compared (and at least one program run). `progress` gets one line per program. The
/// first difference is an error.
pub fn random_sweep(
    seed: u64,
    min_warp_instrs: u64,
    backend: Backend,
    cfg: &SmConfig,
    mut progress: impl FnMut(&str),
) -> Result<SweepTotals, LockstepError> {
    use crate::gsm::random::{random_kernel, RandomProgram};
    let model = SmModel::for_backend(backend, cfg).map_err(err)?;
    let mut rng = crate::vectors::Rng::new(seed);
    let mut t = SweepTotals::default();
    while t.programs == 0 || t.warp_instrs < min_warp_instrs {
        let pseed = rng.next_u64();
        let mut shape = RandomProgram::random(&mut rng);
        shape.fp64 &= cfg.fp64;
        let k = random_kernel(shape, pseed);
        let (grid, block) = random_shape(&mut rng);
        let l = Launch { grid, block, ..Default::default() };
        let mem = random_mem(grid, block);
        let (ls, seconds, summary) = lockstep_on(backend, cfg, model.as_ref(), &k, &l, &mem, SmOpts::default(), None)
            .map_err(|e| LockstepError {
                msg: format!("program seed {pseed} ({shape:?}), grid {grid:?}, block {block:?}: {}", e.msg),
                ..e
            })?;
        t.programs += 1;
        t.warp_instrs += ls.compared;
        let kinds = super::timeline::retired_by_kind(cfg, &k, &ls.rtl);
        (t.fpu_instrs, t.mem_instrs) = (t.fpu_instrs + kinds[1], t.mem_instrs + kinds[2]);
        let count = |f: fn(u8) -> bool| ls.rtl.trace.iter().filter(|e| k.code.get(e.pc as usize).is_some_and(|i| f(i.op))).count() as u64;
        t.atom_instrs += count(|o| o == isa::op::ATOM);
        t.fp64_instrs += count(isa::pair_op);
        t.cycles += ls.rtl.cycles;
        t.rtl_seconds += seconds;
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

/// `heddle cosim sm` / `sm_small`: one random program (`n` top-level blocks, 2..=64) on a
/// random launch shape from `seed` on the SM of `cfg`, in lock step with the golden SM in the
/// rust-hdl simulation, then its recorded clocks replayed into the exported Verilog as
/// `replays` asks.
pub fn sm_cosim(cfg: &SmConfig, n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    use crate::gsm::random::{random_kernel, RandomProgram};
    let cfg = *cfg;
    heddle_hw::on_sm_stack(move || {
        let mut rng = crate::vectors::Rng::new(seed);
        let k = random_kernel(RandomProgram { blocks: n.clamp(2, 64) as u32, fp64: cfg.fp64, ..RandomProgram::default() }, seed);
        let (grid, block) = random_shape(&mut rng);
        let l = Launch { grid, block, ..Default::default() };
        let mem = random_mem(grid, block);
        let (_, s) = heddle_hw::with_sm!(
            &cfg,
            uut => lockstep(uut, &cfg, &k, &l, &mem, SmOpts::default(), Some(replays)),
            Err(err(no_sm(&cfg)))
        )
        .map_err(|e| CosimError::RustModel(e.to_string()))?;
        s.ok_or_else(|| CosimError::Unsupported("sm: no replay summary".into()))
    })
    .map_err(|e| CosimError::Unsupported(format!("sm: {e}")))?
}

/// What `heddle run` on the RTL SM reports: the golden report (its outputs read from the
/// RTL SM's memory, equal to the golden SM's), and the RTL SM's run.
pub struct RtlRun {
    pub report: crate::gsm::launch::RunReport,
    /// The kernel that ran.
    pub kernel: Kernel,
    pub rtl: SmRun,
    pub compared: u64,
    /// Seconds the RTL simulation took.
    pub seconds: f64,
    pub backend: Backend,
}

impl RtlRun {
    /// Simulated clocks per second of the RTL run.
    pub fn clocks_per_second(&self) -> f64 {
        self.rtl.cycles as f64 / self.seconds.max(1e-9)
    }
}

/// Runs launch file `path` on the RTL SM of `cfg` (simulated by `backend`) in lock step
/// with the golden SM, with the SM's watchdog at `watchdog` clocks; every error (file,
/// translation, a fault, a difference) is a message. `progress` hears every million clocks
/// (clocks, warp-instructions retired).
pub fn run_file_rtl(
    path: &std::path::Path,
    backend: Backend,
    cfg: &SmConfig,
    watchdog: u32,
    progress: Option<&mut dyn FnMut(u64, u64)>,
) -> Result<RtlRun, String> {
    let p = crate::gsm::launch::prepare(path)?;
    let model = SmModel::for_backend(backend, cfg)?;
    let opts = SmOpts { watchdog, max_cycles: watchdog as u64 + 1_000, ..SmOpts::default() };
    let (ls, seconds, _) =
        lockstep_on(backend, cfg, model.as_ref(), &p.k, &p.l, &p.mem, opts, progress).map_err(|e| e.to_string())?;
    if let Some(f) = ls.rtl.fault {
        let g = ls.golden.as_ref().err().map(|g| g.to_string()).unwrap_or_default();
        return Err(format!("the RTL SM faulted: {f} at {}; the golden SM: {g}", p.k.where_(f.pc as usize)));
    }
    let g = ls.golden.as_ref().map_err(|e| e.to_string())?;
    let report = crate::gsm::launch::report(&p.lf, &p.k, &ls.mem, &p.addr, g, cfg, None)?;
    Ok(RtlRun { report, kernel: p.k, rtl: ls.rtl, compared: ls.compared, seconds, backend })
}
