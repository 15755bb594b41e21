//! Golden model of the warp scheduler and SIMT control (issue 7): the cycle-exact policy of
//! `heddle_hw::sched::WarpSched` (warp table, instruction buffer and scoreboard, issue
//! selection, SIMT branch-synchronization stack, barrier unit), written as plain Rust over
//! the same registers. `docs/scheduler.md` is its prose form; this file is the reference.
//!
//! Time. One call of [`SchedModel::clock`] is one rising edge of the SP clock. Two SP clocks
//! make one issue slot: phase 0 (even clocks) qualifies the warps for the slot, resolves the
//! instruction issued in the previous slot (branch, exit, barrier, next PC) and serves one
//! warp in the stack engine (a pop or a fetch); phase 1 (odd clocks) selects at most one
//! warp and issues its instruction, completes the engine's work, writes the pushes of a
//! divergent branch into the stack RAM and takes warp and CTA launches.
//!
//! Every register of the hardware is a field here, and every output is a function of the
//! registers (and of `dbg_warp`), so comparing [`SchedOut`] each clock compares the machine.
//! All "next" values are computed from the state before the edge (`old`), as in hardware.

pub use heddle_hw::isa::{issue_class as class, sched_fault as fault, unit, warp_state as state, MAX_PC};




/// "No guard predicate" (`pt`).
pub const NO_GUARD: u8 = 7;

/// Sizes and unit timings. Defaults: the G80 SM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchedConfig {
    /// Warps (1..=32).
    pub warps: usize,
    /// Threads per warp (1..=32).
    pub lanes: usize,
    /// log2 of the stack entries per warp in each of the two RAM banks: depth 2^(sa+1)
    /// entries, the top of stack included.
    pub sa: usize,
    /// Scoreboard entries per warp (1..=4).
    pub sb_entries: usize,
    /// CTA slots (1..=8).
    pub ctas: usize,
    /// Issue slots a warp-instruction occupies its unit for, by unit-bearing class:
    /// SP, SFU, SFUMUL, FMA, MEM (1..=31).
    pub occ: [u8; 5],
    /// A warp denied this many times while eligible becomes urgent (0..=15).
    pub urgent_after: u8,
}

impl Default for SchedConfig {
    fn default() -> Self {
        SchedConfig::of(&heddle_hw::config::G80)
    }
}

impl SchedConfig {
    /// The scheduler of an SM configuration.
    pub const fn of(c: &heddle_hw::config::SmConfig) -> Self {
        SchedConfig {
            warps: c.warps,
            lanes: c.lanes,
            sa: c.stack_log2,
            sb_entries: c.scoreboard_entries,
            ctas: c.cta_slots,
            occ: c.occupancies(),
            urgent_after: c.urgent_after,
        }
    }

    /// Stack depth in entries (the top of stack included).
    pub fn depth(&self) -> usize {
        2 << self.sa
    }
    pub fn all_lanes(&self) -> u32 {
        if self.lanes == 32 {
            u32::MAX
        } else {
            (1 << self.lanes) - 1
        }
    }
    pub fn all_warps(&self) -> u32 {
        if self.warps == 32 {
            u32::MAX
        } else {
            (1 << self.warps) - 1
        }
    }
    /// The denial bound the issue selection guarantees (docs/scheduler.md, "Fairness").
    pub fn denial_bound(&self) -> u32 {
        self.urgent_after as u32 + self.warps as u32 - 1
    }
    pub fn validate(&self) -> Result<(), String> {
        let chk = |ok: bool, m: &str| if ok { Ok(()) } else { Err(m.to_string()) };
        chk((1..=32).contains(&self.warps), "warps must be 1..=32")?;
        chk((1..=32).contains(&self.lanes), "lanes must be 1..=32")?;
        chk((1..=6).contains(&self.sa), "sa must be 1..=6 (depth 4..128)")?;
        chk((1..=4).contains(&self.sb_entries), "sb_entries must be 1..=4")?;
        chk((1..=8).contains(&self.ctas), "ctas must be 1..=8")?;
        chk(self.occ.iter().all(|&o| (1..=31).contains(&o)), "occupancies must be 1..=31 slots")?;
        chk(self.urgent_after <= 15, "urgent_after must be 0..=15")
    }
    /// The unit a class occupies, if any.
    pub fn unit_of(c: u8) -> Option<usize> {
        match c {
            class::SP => Some(unit::SP),
            class::SFU | class::SFUMUL => Some(unit::SFU),
            class::FMA => Some(unit::FMA),
            class::MEM => Some(unit::MEM),
            _ => None,
        }
    }
    /// Occupancy (slots) of a unit-bearing class.
    pub fn occ_of(&self, c: u8) -> u8 {
        match c {
            class::SP => self.occ[0],
            class::SFU => self.occ[1],
            class::SFUMUL => self.occ[2],
            class::FMA => self.occ[3],
            _ => self.occ[4],
        }
    }
}

/// A register or predicate operand of the scheduler: `id` bit 7 selects predicates
/// (`0x80 | p`), bits 6..0 the register; `w` is the width code (0: 1 register, 1: an aligned
/// pair, 2: an aligned quad, 3: 8 registers).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Opnd {
    pub v: bool,
    pub id: u8,
    pub w: u8,
}

impl Opnd {
    pub const NONE: Opnd = Opnd { v: false, id: 0, w: 0 };
    pub fn reg(r: u8) -> Opnd {
        Opnd { v: true, id: r & 0x7f, w: 0 }
    }
    pub fn regs(r: u8, w: u8) -> Opnd {
        Opnd { v: true, id: r & 0x7f, w }
    }
    pub fn pred(p: u8) -> Opnd {
        Opnd { v: true, id: 0x80 | (p & 7), w: 0 }
    }
}

fn align_mask(w: u8) -> u8 {
    (0x7f << (w & 3)) & 0x7f
}

/// Do operand `op` and a pending entry name a common register or predicate?
pub fn overlaps(op: Opnd, e: &SbEntry) -> bool {
    op.v && e.v && (op.id & 0x80) == (e.id & 0x80) && ((op.id ^ e.id) & align_mask(op.w) & align_mask(e.w)) == 0
}

/// The decoded scheduling fields of one instruction: what the fetch port delivers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SInst {
    pub class: u8,
    pub dst: Opnd,
    pub src: [Opnd; 3],
    /// Guard predicate 0..=6, or [`NO_GUARD`].
    pub guard: u8,
    /// Issue slots until a dependent instruction may issue (0: until released through the
    /// release port; 1 and 2 need no scoreboard entry).
    pub lat: u8,
    /// Branch target, reconvergence PC and uniform flag (class BRA).
    pub target: u32,
    pub brpc: u32,
    pub uni: bool,
}

impl SInst {
    /// Whether issuing it allocates a scoreboard entry.
    pub fn needs_entry(&self) -> bool {
        self.dst.v && (self.lat == 0 || self.lat >= 3)
    }
    fn guard_op(&self) -> Opnd {
        if self.guard == NO_GUARD {
            Opnd::NONE
        } else {
            Opnd::pred(self.guard)
        }
    }
    /// The operands the scoreboard checks: destination, sources, guard.
    pub fn operands(&self) -> [Opnd; 5] {
        [self.dst, self.src[0], self.src[1], self.src[2], self.guard_op()]
    }
}

/// A warp launch (port sampled at the end of phase 1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LaunchIn {
    pub warp: u8,
    pub cta: u8,
    pub wtype: u8,
    pub pc: u32,
    pub mask: u32,
}

/// Inputs during one clock. Which ones are sampled depends on the phase
/// (docs/scheduler.md, "Ports"); the others are ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SchedIn {
    /// Synchronous reset of every register (every clock).
    pub clear: bool,
    /// Phase 0: per-thread guard value of the instruction issued in the previous slot.
    pub res_guard: u32,
    /// Both phases: the instruction at `fetch_pc`, when `fetch_valid`.
    pub inst: SInst,
    /// Phase 0: the memory pipeline can accept an instruction in this slot.
    pub mem_ready: bool,
    /// Phase 0: the SFU and FMA units can accept an instruction in this slot.
    pub fpu_ready: bool,
    /// Phase 1: release of a scoreboard entry (warp, tag) by the memory pipeline.
    pub rel: Option<(u8, u8)>,
    /// Phase 1: warp launch.
    pub launch: Option<LaunchIn>,
    /// Phase 1: CTA start (cta, warps in the CTA).
    pub cta_start: Option<(u8, u8)>,
    /// Phase 0: 2-bit priority per class (`prio_class >> 2k`).
    pub prio_class: u32,
    /// Phase 0: 2-bit priority per warp type.
    pub prio_type: u8,
    /// Any time: the warp the `dbg_*` outputs show.
    pub dbg_warp: u8,
}

/// Outputs during one clock (functions of the registers and `dbg_warp`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SchedOut {
    pub phase: bool,
    pub iss_valid: bool,
    pub iss_warp: u8,
    pub iss_class: u8,
    pub iss_pc: u32,
    pub iss_mask: u32,
    pub iss_tag: u8,
    pub fetch_valid: bool,
    pub fetch_warp: u8,
    pub fetch_pc: u32,
    pub elig: u32,
    pub sbwait: u32,
    /// Warps whose instruction is ready but whose unit is busy / of them, those whose unit
    /// is the memory pipeline / warps at a barrier (registered in phase 0, as `sbwait`).
    pub ubwait: u32,
    pub memwait: u32,
    pub barwait: u32,
    pub fault: bool,
    pub fault_kind: u8,
    pub fault_warp: u8,
    pub fault_pc: u32,
    pub cta_done_valid: bool,
    pub cta_done_id: u8,
    pub bar_rel_valid: bool,
    pub bar_rel_id: u8,
    pub dbg_state: u8,
    pub dbg_pc: u32,
    pub dbg_rpc: u32,
    pub dbg_mask: u32,
    pub dbg_live: u32,
    pub dbg_sp: u8,
    pub dbg_cta: u8,
}

/// A pending destination (scoreboard entry).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SbEntry {
    pub v: bool,
    /// Cleared by the release port, not by a countdown.
    pub relmode: bool,
    pub id: u8,
    pub w: u8,
    pub cnt: u8,
}

/// A stack entry: (PC, reconvergence PC, mask).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StackEnt {
    pub pc: u32,
    pub rpc: u32,
    pub mask: u32,
}

/// One warp's registers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WarpRegs {
    pub st: u8,
    /// Top of stack: the warp's PC, reconvergence PC and active mask.
    pub pc: u32,
    pub rpc: u32,
    pub mask: u32,
    /// Threads that have not exited.
    pub live: u32,
    pub cta: u8,
    pub wtype: u8,
    /// Queued for the stack engine (a pop or a first fetch is due).
    pub mq: bool,
    /// Entries below the top of stack (in the RAM).
    pub sp: u8,
    pub urg: u8,
    pub bufv: bool,
    pub buf: SInst,
    pub sb: Vec<SbEntry>,
}

/// Per-CTA barrier counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CtaRegs {
    pub active: bool,
    pub expected: u8,
    pub launched: u8,
    pub arrived: u8,
    pub exited: u8,
}

/// The issue record: what was issued in the previous slot (resolved in phase 0).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IssueRec {
    pub valid: bool,
    pub warp: u8,
    pub class: u8,
    pub pc: u32,
    pub rpc: u32,
    pub mask: u32,
    pub live: u32,
    pub cta: u8,
    pub tag: u8,
    pub guard_none: bool,
    pub target: u32,
    pub brpc: u32,
    pub uni: bool,
}

/// The stack engine's phase-0 pick, completed in phase 1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EngRec {
    pub valid: bool,
    pub warp: u8,
    pub pop: bool,
    pub underflow: bool,
    /// The RAM word read for a pop.
    pub data: StackEnt,
}

/// Planted faults, so the testbenches can show the lock-step comparison catches them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Bugs {
    /// The scoreboard ignores the guard predicate.
    pub ignore_guard_dep: bool,
    /// A divergent branch runs the not-taken path first.
    pub not_taken_first: bool,
    /// Urgency never rises (strict priority: starvation possible).
    pub no_urgency: bool,
    /// The SFU is free again one slot early.
    pub sfu_occ_short: bool,
    /// Exited warps are not counted at the barrier.
    pub bar_ignores_exited: bool,
}

/// The scheduler's registers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchedModel {
    pub cfg: SchedConfig,
    pub bugs: Bugs,
    pub phase: bool,
    pub warps: Vec<WarpRegs>,
    pub ctas: Vec<CtaRegs>,
    /// `age[w]` bit x: warp x is older than warp w (last issued or launched earlier).
    pub age: Vec<u32>,
    /// Unit busy counters (slots left after this one), by [`unit`].
    pub busy: [u8; 4],
    /// Registered in phase 0 for the selection in phase 1.
    pub elig: u32,
    pub sbwait: u32,
    pub ubwait: u32,
    pub memwait: u32,
    pub barwait: u32,
    /// `beat_by[w]` bit x: warp x wins over warp w when both are eligible.
    pub beat_by: Vec<u32>,
    pub ir: IssueRec,
    pub fetch: Option<(u8, u32)>,
    pub eng: EngRec,
    /// Warps at or below the stack engine's last pick (round robin).
    pub eng_done: u32,
    /// Pushes of the last divergent branch, written at the end of phase 1: (warp, index, entry).
    pub push: [Option<(u8, u8, StackEnt)>; 2],
    /// The stack RAM: `depth` entries per warp (index = entry below the top of stack).
    pub ram: Vec<Vec<StackEnt>>,
    pub fault: Option<(u8, u8, u32)>,
    pub cta_done: Option<u8>,
    pub bar_rel: Option<u8>,
}

impl SchedModel {
    pub fn new(cfg: SchedConfig) -> Self {
        cfg.validate().expect("scheduler configuration");
        let n = cfg.warps;
        SchedModel {
            cfg,
            bugs: Bugs::default(),
            phase: false,
            warps: vec![WarpRegs { sb: vec![SbEntry::default(); cfg.sb_entries], ..Default::default() }; n],
            ctas: vec![CtaRegs::default(); cfg.ctas],
            age: (0..n).map(|w| (1u32 << w).wrapping_sub(1)).collect(),
            busy: [0; 4],
            elig: 0,
            sbwait: 0,
            ubwait: 0,
            memwait: 0,
            barwait: 0,
            beat_by: vec![0; n],
            ir: IssueRec::default(),
            fetch: None,
            eng: EngRec::default(),
            eng_done: 0,
            push: [None, None],
            ram: vec![vec![StackEnt::default(); cfg.depth()]; n],
            fault: None,
            cta_done: None,
            bar_rel: None,
        }
    }

    /// Back to the reset state (the stack RAM keeps its contents, as in hardware).
    fn reset(&mut self) {
        let ram = std::mem::take(&mut self.ram);
        let bugs = self.bugs;
        *self = SchedModel::new(self.cfg);
        self.ram = ram;
        self.bugs = bugs;
    }

    /// The outputs during the current clock.
    pub fn out(&self, dbg_warp: u8) -> SchedOut {
        let w = self.warps.get(dbg_warp as usize);
        let (f, fk, fw, fp) = match self.fault {
            Some((k, w, p)) => (true, k, w, p),
            None => (false, 0, 0, 0),
        };
        SchedOut {
            phase: self.phase,
            iss_valid: self.ir.valid,
            iss_warp: self.ir.warp,
            iss_class: self.ir.class,
            iss_pc: self.ir.pc,
            iss_mask: self.ir.mask,
            iss_tag: self.ir.tag,
            fetch_valid: self.fetch.is_some(),
            fetch_warp: self.fetch.map_or(0, |f| f.0),
            fetch_pc: self.fetch.map_or(0, |f| f.1),
            elig: self.elig,
            sbwait: self.sbwait,
            ubwait: self.ubwait,
            memwait: self.memwait,
            barwait: self.barwait,
            fault: f,
            fault_kind: fk,
            fault_warp: fw,
            fault_pc: fp,
            cta_done_valid: self.cta_done.is_some(),
            cta_done_id: self.cta_done.unwrap_or(0),
            bar_rel_valid: self.bar_rel.is_some(),
            bar_rel_id: self.bar_rel.unwrap_or(0),
            dbg_state: w.map_or(0, |w| w.st),
            dbg_pc: w.map_or(0, |w| w.pc),
            dbg_rpc: w.map_or(0, |w| w.rpc),
            dbg_mask: w.map_or(0, |w| w.mask),
            dbg_live: w.map_or(0, |w| w.live),
            dbg_sp: w.map_or(0, |w| w.sp),
            dbg_cta: w.map_or(0, |w| w.cta),
        }
    }

    /// Is the scoreboard clear for warp `w`'s buffered instruction (dependences, a free
    /// entry if it needs one, an empty scoreboard for `exit`)?
    pub fn sb_ready(&self, w: usize) -> bool {
        let wr = &self.warps[w];
        let i = &wr.buf;
        let mut ops = i.operands();
        if self.bugs.ignore_guard_dep {
            ops[4] = Opnd::NONE;
        }
        let pending = wr.sb.iter().any(|e| ops.iter().any(|&o| overlaps(o, e)));
        let room = !i.needs_entry() || wr.sb.iter().any(|e| !e.v);
        let empty = wr.sb.iter().all(|e| !e.v);
        !pending && room && (i.class != class::EXIT || empty)
    }

    fn unit_free(&self, c: u8, mem_ready: bool, fpu_ready: bool) -> bool {
        match SchedConfig::unit_of(c) {
            None => true,
            Some(u) => {
                self.busy[u] == 0 && (u != unit::MEM || mem_ready) && (!(u == unit::SFU || u == unit::FMA) || fpu_ready)
            }
        }
    }

    fn key(&self, w: usize, prio_class: u32, prio_type: u8) -> u8 {
        let wr = &self.warps[w];
        let urgent = wr.urg >= self.cfg.urgent_after;
        if urgent {
            return 0x10;
        }
        let cp = ((prio_class >> (2 * (wr.buf.class as u32).min(class::COUNT as u32 - 1))) & 3) as u8;
        let tp = (prio_type >> (2 * (wr.wtype & 3))) & 3;
        cp << 2 | tp
    }

    fn is_on(&self, w: usize) -> bool {
        let s = self.warps[w].st;
        s == state::ACTIVE || s == state::BAR
    }

    fn need_pop(pc: u32, rpc: u32, mask: u32) -> bool {
        pc == rpc || mask == 0
    }

    fn set_fault(&mut self, kind: u8, warp: u8, pc: u32) {
        if self.fault.is_none() {
            self.fault = Some((kind, warp, pc));
        }
    }

    /// One rising edge with the inputs `inp` presented during the clock.
    pub fn clock(&mut self, inp: &SchedIn) {
        if inp.clear {
            self.reset();
            return;
        }
        // The stack RAM is read in phase 0 only, from `self` (no write happens in phase 0):
        // keep it out of the copy of the old state.
        let ram = std::mem::take(&mut self.ram);
        let old = self.clone();
        self.ram = ram;
        if !self.phase {
            self.phase0(&old, inp);
        } else {
            self.phase1(&old, inp);
        }
        self.phase = !self.phase;
    }

    fn phase0(&mut self, old: &SchedModel, inp: &SchedIn) {
        let cfg = self.cfg;
        let n = cfg.warps;
        let all = cfg.all_lanes();
        // (a) Qualification for this slot, from the registers before the edge.
        let mut elig = 0u32;
        let mut sbwait = 0u32;
        let mut ubwait = 0u32;
        let mut memwait = 0u32;
        let mut barwait = 0u32;
        for w in 0..n {
            let wr = &old.warps[w];
            if wr.st == state::BAR {
                barwait |= 1 << w;
            }
            let base = wr.st == state::ACTIVE && wr.bufv && !wr.mq;
            if !base {
                continue;
            }
            if !old.sb_ready(w) {
                sbwait |= 1 << w;
            } else if old.unit_free(wr.buf.class, inp.mem_ready, inp.fpu_ready) {
                elig |= 1 << w;
            } else {
                ubwait |= 1 << w;
                if wr.buf.class == class::MEM {
                    memwait |= 1 << w;
                }
            }
        }
        let keys: Vec<u8> = (0..n).map(|w| old.key(w, inp.prio_class, inp.prio_type)).collect();
        for w in 0..n {
            let mut b = 0u32;
            for x in 0..n {
                if x != w && (keys[x] > keys[w] || (keys[x] == keys[w] && old.age[w] >> x & 1 == 1)) {
                    b |= 1 << x;
                }
            }
            self.beat_by[w] = b;
        }
        self.elig = elig;
        self.sbwait = sbwait;
        self.ubwait = ubwait;
        self.memwait = memwait;
        self.barwait = barwait;

        // (b) Stack engine pick (round robin over queued warps), RAM read for a pop.
        let req = (0..n).filter(|&w| old.warps[w].mq && old.is_on(w)).fold(0u32, |m, w| m | 1 << w);
        self.eng = EngRec::default();
        if req != 0 {
            let hi = req & !old.eng_done;
            let v = if hi != 0 { hi } else { req };
            let p = v.trailing_zeros() as usize;
            let onehot = 1u32 << p;
            self.eng_done = (onehot | onehot.wrapping_sub(1)) & cfg.all_warps();
            let wr = &old.warps[p];
            let pop = Self::need_pop(wr.pc, wr.rpc, wr.mask);
            let underflow = pop && wr.sp == 0;
            let data = if pop && !underflow { self.ram[p][wr.sp as usize - 1] } else { StackEnt::default() };
            self.eng = EngRec { valid: true, warp: p as u8, pop: pop && !underflow, underflow, data };
        }

        // (c) Engine fetch presented in this clock: the instruction lands in the buffer.
        if let Some((fw, _)) = old.fetch {
            let wr = &mut self.warps[fw as usize];
            wr.buf = inp.inst;
            wr.bufv = true;
        }
        self.fetch = None;
        self.cta_done = None;
        self.bar_rel = None;
        self.push = [None, None];

        // (d) Resolve the instruction issued in the previous slot.
        let ir = old.ir;
        if !ir.valid {
            return;
        }
        let w = ir.warp as usize;
        let sp = old.warps[w].sp as u32;
        let exec = ir.mask & if ir.guard_none { all } else { inp.res_guard };
        let pc1 = (ir.pc + 1) & MAX_PC;
        let (mut pc, mut rpc, mut mask, mut live, mut nsp) = (pc1, ir.rpc, ir.mask, ir.live, sp);
        let mut flt = fault::NONE;
        let (mut arrive, mut exit_ev) = (false, false);
        match ir.class {
            class::BRA => {
                let taken = exec;
                let nt = ir.mask & !taken;
                if nt == 0 {
                    pc = ir.target;
                } else if taken == 0 {
                    pc = pc1;
                } else if ir.uni {
                    flt = fault::UNIFORM_DIVERGED;
                } else if sp + 3 > cfg.depth() as u32 {
                    flt = fault::STACK_OVERFLOW;
                } else {
                    // The old top becomes the reconvergence entry unless it already
                    // reconverges at brpc; then the paths replace it (loops do not grow the
                    // stack). A path starting at brpc is not pushed.
                    let mut s: Vec<StackEnt> = vec![];
                    if ir.rpc != ir.brpc {
                        s.push(StackEnt { pc: ir.brpc, rpc: ir.rpc, mask: ir.mask });
                    }
                    let mut paths = [(pc1, nt), (ir.target, taken)];
                    if self.bugs.not_taken_first {
                        paths.swap(0, 1);
                    }
                    for (p, m) in paths {
                        if p != ir.brpc {
                            s.push(StackEnt { pc: p, rpc: ir.brpc, mask: m });
                        }
                    }
                    match s.pop() {
                        None => {
                            // Nothing left on top: the entry below is popped by the engine.
                            pc = ir.brpc;
                            rpc = ir.brpc;
                            mask = 0;
                        }
                        Some(top) => {
                            pc = top.pc;
                            rpc = top.rpc;
                            mask = top.mask;
                            for (k, e) in s.iter().enumerate() {
                                self.push[k] = Some((ir.warp, (sp as usize + k) as u8, *e));
                            }
                            nsp = sp + s.len() as u32;
                        }
                    }
                }
            }
            class::EXIT => {
                live = ir.live & !exec;
                mask = ir.mask & !exec;
                exit_ev = live == 0;
            }
            class::BAR => {
                if exec != ir.live {
                    flt = fault::DIVERGENT_BARRIER;
                } else {
                    arrive = true;
                }
            }
            _ => {}
        }
        let wr = &mut self.warps[w];
        if flt != fault::NONE {
            wr.st = state::FAULT;
            wr.mq = false;
            self.push = [None, None];
            self.set_fault(flt, ir.warp, ir.pc);
            return;
        }
        wr.pc = pc;
        wr.rpc = rpc;
        wr.mask = mask;
        wr.live = live;
        wr.sp = nsp as u8;
        let pop = Self::need_pop(pc, rpc, mask);
        if exit_ev {
            wr.st = state::EXITED;
        } else {
            wr.st = if arrive { state::BAR } else { state::ACTIVE };
            if pop {
                wr.mq = true;
            } else {
                self.fetch = Some((ir.warp, pc));
            }
        }
        // Barrier unit: arrival or warp exit.
        if arrive || exit_ev {
            let c = ir.cta as usize;
            let mut cr = old.ctas[c];
            cr.arrived += arrive as u8;
            cr.exited += exit_ev as u8;
            let exited_counted = if self.bugs.bar_ignores_exited { 0 } else { cr.exited };
            let done = cr.exited == cr.expected;
            let release = cr.arrived != 0 && cr.arrived + exited_counted == cr.expected;
            if release {
                cr.arrived = 0;
                self.bar_rel = Some(ir.cta);
                for x in 0..n {
                    if old.warps[x].st == state::BAR && old.warps[x].cta == ir.cta {
                        self.warps[x].st = state::ACTIVE;
                    }
                }
                if arrive {
                    self.warps[w].st = state::ACTIVE;
                }
            }
            if done {
                cr.active = false;
                self.cta_done = Some(ir.cta);
                for x in 0..n {
                    if self.warps[x].cta == ir.cta {
                        self.warps[x].st = state::FREE;
                        self.warps[x].mq = false;
                    }
                }
            }
            self.ctas[c] = cr;
        }
    }

    fn phase1(&mut self, old: &SchedModel, inp: &SchedIn) {
        let cfg = self.cfg;
        let n = cfg.warps;
        // (a) Selection: the eligible warp no other eligible warp beats.
        let mut win: Option<usize> = None;
        for w in 0..n {
            if old.elig >> w & 1 == 1 && old.beat_by[w] & old.elig == 0 {
                win = Some(w);
            }
        }
        // (b) Scoreboard: releases and countdowns, then the new entry.
        for (wi, wr) in self.warps.iter_mut().enumerate() {
            for (t, e) in wr.sb.iter_mut().enumerate() {
                if !e.v {
                    continue;
                }
                if e.relmode {
                    if inp.rel == Some((wi as u8, t as u8)) {
                        e.v = false;
                    }
                } else if e.cnt == 0 {
                    e.v = false;
                } else {
                    e.cnt -= 1;
                }
            }
        }
        // Unit counters count down; the issued instruction's unit is set below.
        for b in self.busy.iter_mut() {
            *b = b.saturating_sub(1);
        }
        let mut ir = IssueRec::default();
        if let Some(w) = win {
            let wo = &old.warps[w];
            let i = wo.buf;
            let mut tag = 0u8;
            if i.needs_entry() {
                let t = wo.sb.iter().position(|e| !e.v).expect("room was checked");
                tag = t as u8;
                self.warps[w].sb[t] = SbEntry {
                    v: true,
                    relmode: i.lat == 0,
                    id: i.dst.id,
                    w: i.dst.w,
                    cnt: if i.lat == 0 { 0 } else { i.lat - 2 },
                };
            }
            if let Some(u) = SchedConfig::unit_of(i.class) {
                let mut occ = cfg.occ_of(i.class);
                if self.bugs.sfu_occ_short && u == unit::SFU && occ > 1 {
                    occ -= 1;
                }
                self.busy[u] = occ - 1;
            }
            self.warps[w].bufv = false;
            ir = IssueRec {
                valid: true,
                warp: w as u8,
                class: i.class,
                pc: wo.pc,
                rpc: wo.rpc,
                mask: wo.mask,
                live: wo.live,
                cta: wo.cta,
                tag,
                guard_none: i.guard == NO_GUARD,
                target: i.target,
                brpc: i.brpc,
                uni: i.uni,
            };
        }
        self.ir = ir;
        // Urgency: denied eligible warps count up to the threshold.
        let u = cfg.urgent_after;
        for w in 0..n {
            let wr = &mut self.warps[w];
            if win == Some(w) {
                wr.urg = 0;
            } else if old.elig >> w & 1 == 1 && !self.bugs.no_urgency {
                wr.urg = (wr.urg + 1).min(u);
            }
        }

        // (c) Stack engine completion: the popped entry becomes the top of stack; the
        // engine's fetch is presented in the next clock (phase 0).
        let e = old.eng;
        let mut eng_fetch = None;
        if e.valid {
            let p = e.warp as usize;
            let wr = &mut self.warps[p];
            if e.underflow {
                wr.st = state::FAULT;
                wr.mq = false;
                let pc = wr.pc;
                self.set_fault(fault::STACK_UNDERFLOW, e.warp, pc);
            } else if e.pop {
                wr.pc = e.data.pc;
                wr.rpc = e.data.rpc;
                wr.mask = e.data.mask & wr.live;
                wr.sp -= 1;
                if Self::need_pop(wr.pc, wr.rpc, wr.mask) {
                    wr.mq = true;
                } else {
                    wr.mq = false;
                    eng_fetch = Some((e.warp, wr.pc));
                }
            } else {
                wr.mq = false;
                eng_fetch = Some((e.warp, wr.pc));
            }
        }
        self.fetch = eng_fetch;

        // (d) The resolve's fetch presented in this clock lands in the buffer.
        if let Some((fw, _)) = old.fetch {
            let wr = &mut self.warps[fw as usize];
            wr.buf = inp.inst;
            wr.bufv = true;
        }

        // (e) Pushes of the divergent branch resolved in phase 0.
        for (w, k, ent) in old.push.iter().flatten() {
            self.ram[*w as usize][*k as usize] = *ent;
        }
        self.push = [None, None];

        // (f) Ages: the issued warp, then a launched warp, become the youngest.
        let all = cfg.all_warps();
        let mut youngest: Vec<usize> = win.into_iter().collect();

        // (g) CTA start and warp launch.
        self.cta_done = None;
        self.bar_rel = None;
        if let Some(l) = inp.launch {
            let f = l.warp as usize;
            let c = l.cta as usize;
            let ok = f < n
                && c < cfg.ctas
                && old.warps[f].st == state::FREE
                && old.ctas[c].active
                && old.ctas[c].launched < old.ctas[c].expected
                && l.mask & cfg.all_lanes() != 0;
            if ok {
                let wr = &mut self.warps[f];
                wr.st = state::ACTIVE;
                wr.pc = l.pc & MAX_PC;
                wr.rpc = MAX_PC;
                wr.mask = l.mask & cfg.all_lanes();
                wr.live = wr.mask;
                wr.cta = l.cta;
                wr.wtype = l.wtype & 3;
                wr.mq = true;
                wr.sp = 0;
                wr.urg = 0;
                self.ctas[c].launched += 1;
                youngest.push(f);
            } else {
                self.set_fault(fault::BAD_LAUNCH, l.warp, l.pc & MAX_PC);
            }
        }
        if let Some((c, nw)) = inp.cta_start {
            let ci = c as usize;
            if ci < cfg.ctas && !old.ctas[ci].active && nw >= 1 && nw as usize <= n {
                self.ctas[ci] = CtaRegs { active: true, expected: nw, launched: 0, arrived: 0, exited: 0 };
            } else {
                self.set_fault(fault::BAD_CTA, c, 0);
            }
        }
        for y in youngest {
            for x in 0..n {
                self.age[x] &= !(1 << y);
            }
            self.age[y] = all & !(1 << y);
        }
    }
}
