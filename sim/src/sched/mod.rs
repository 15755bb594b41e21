//! The scripted testbench front end of the warp scheduler (issue 7): a program of
//! scheduling instructions (unit class, destination and source registers and predicates,
//! latency, branches with per-thread outcomes and reconvergence points, barriers, exit), a
//! launch plan of CTAs, and a [`Driver`] that plays the rest of the SM around the scheduler
//! (instruction fetch, the per-thread guard values of each issued instruction, the memory
//! pipeline's scoreboard releases and ready signal, the CTA/warp launcher). The same driver
//! feeds the golden model alone ([`run_golden`]) and the golden model in lock step with the
//! rust-hdl block and its exported Verilog (`runners::warp_sched`).
pub mod isa_map;
pub mod random;
pub mod text;

use crate::golden::warp_sched::{class, fault, LaunchIn, SInst, SchedConfig, SchedIn, SchedModel, SchedOut};
use crate::vectors::Rng;
use std::collections::{HashMap, VecDeque};

/// Per-thread outcome of a guarded instruction (the guard predicate after negation), by the
/// warp's index in its CTA and the number of times this warp executed this instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Every thread true.
    All,
    /// The same mask every time.
    Mask(u32),
    /// `masks[warp_in_cta % len]` every time.
    WarpMasks(Vec<u32>),
    /// Thread t (= 32 * warp_in_cta + lane) is true on its first `trips[t % len]`
    /// executions: a loop back edge with per-thread trip counts.
    Trips(Vec<u32>),
    /// Execution k of the warp: `seq[(k + warp_in_cta) % len]`.
    Seq(Vec<u32>),
}

impl Outcome {
    pub fn eval(&self, warp_in_cta: usize, k: u32) -> u32 {
        match self {
            Outcome::All => u32::MAX,
            Outcome::Mask(m) => *m,
            Outcome::WarpMasks(v) => v[warp_in_cta % v.len()],
            Outcome::Trips(t) => {
                let mut m = 0;
                for l in 0..32 {
                    if k < t[(32 * warp_in_cta + l) % t.len()] {
                        m |= 1 << l;
                    }
                }
                m
            }
            Outcome::Seq(v) => v[(k as usize + warp_in_cta) % v.len()],
        }
    }
}

/// One program instruction: its scheduling fields, guard outcome and, for `lat = 0`
/// memory instructions, the slots until the memory pipeline releases the destination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PInst {
    pub inst: SInst,
    pub outcome: Outcome,
    pub mem_lat: u32,
}

impl PInst {
    pub fn new(inst: SInst) -> PInst {
        PInst { inst, outcome: Outcome::All, mem_lat: 0 }
    }
}

/// Instructions indexed by PC (warps start at their own PCs: one address space).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Program {
    pub code: Vec<PInst>,
}

/// One warp of a CTA to launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WarpPlan {
    pub wtype: u8,
    pub pc: u32,
    pub mask: u32,
}

/// A CTA: its warps, launched one per slot after the CTA start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CtaPlan {
    pub warps: Vec<WarpPlan>,
}

impl CtaPlan {
    /// `n` compute warps (type 0) with `threads` threads in all, starting at `pc`.
    pub fn uniform(n: usize, pc: u32) -> CtaPlan {
        CtaPlan { warps: vec![WarpPlan { wtype: 0, pc, mask: u32::MAX }; n] }
    }
}

/// How the memory pipeline's `mem_ready` and the SFU and FMA units' `fpu_ready` behave
/// (each drawn on its own when random).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemReady {
    Always,
    /// Ready in a slot with probability num/16.
    Random(u32),
}

/// Where the guard outcomes come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Guards {
    /// The program's [`Outcome`]s.
    Script,
    /// Per launched warp (in launch order), the guard mask of each instruction it
    /// executes, in order (the golden functional SM's trace, `isa_map`).
    Recorded(Vec<Vec<u32>>),
}

/// Driver options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriverOpts {
    pub mem_ready: MemReady,
    pub prio_class: u32,
    pub prio_type: u8,
    /// Drive random values on every input the scheduler must ignore in this clock.
    pub junk: bool,
    /// After a fault, wait this many slots, pulse `clear` and go on with the plan (None:
    /// stop launching and let the run idle).
    pub clear_after_fault: Option<u32>,
    /// Start the plan over when it is done (for long random runs).
    pub repeat: bool,
    /// Slots between one CTA's last warp launch and the next CTA start (0: as soon as
    /// resources allow).
    pub cta_gap: u32,
    /// Probability (per 1000 slots) of an invalid warp launch or CTA start in phase 1
    /// (a launch with no threads, a CTA of 0 warps): the scheduler must report it.
    pub bad_ports: u32,
    pub seed: u64,
}

impl Default for DriverOpts {
    fn default() -> Self {
        DriverOpts {
            mem_ready: MemReady::Always,
            prio_class: 0,
            prio_type: 0,
            junk: false,
            clear_after_fault: None,
            repeat: false,
            cta_gap: 0,
            bad_ports: 0,
            seed: 1,
        }
    }
}

/// One issued warp-instruction as the driver saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IssueEv {
    /// Issue slot (the slot whose phase 1 selected it).
    pub slot: u64,
    /// Launch number of the warp (0, 1, ... in launch order) and its hardware slot.
    pub launch: usize,
    pub warp: u8,
    pub class: u8,
    pub pc: u32,
    pub mask: u32,
    /// Guard outcome the driver supplied at resolve.
    pub guard: u32,
}

/// Everything a run produced.
#[derive(Debug, Clone, Default)]
pub struct Log {
    pub clocks: u64,
    pub issues: Vec<IssueEv>,
    /// (slot, kind, warp, pc) of each fault seen (one per clear).
    pub faults: Vec<(u64, u8, u8, u32)>,
    /// (slot, cta id) of each CTA completion.
    pub cta_done: Vec<(u64, u8)>,
    /// (slot, cta id) of each barrier release.
    pub bar_rel: Vec<(u64, u8)>,
    /// Per warp slot, per slot: eligible-but-not-selected counts between issues (max).
    pub max_denials: u32,
    /// Longest wait, in slots, from first eligibility to issue.
    pub max_wait_slots: u64,
    /// Warps launched (in order): (slot, hw warp, cta plan index, warp index in CTA).
    pub launches: Vec<(u64, u8, usize, usize)>,
    /// Number of `clear` pulses.
    pub clears: u32,
}

impl Log {
    /// Issues of launch number `l`, in order.
    pub fn of_launch(&self, l: usize) -> Vec<IssueEv> {
        self.issues.iter().filter(|e| e.launch == l).copied().collect()
    }
    /// Issue slots of the given class.
    pub fn slots_of(&self, c: u8) -> Vec<u64> {
        self.issues.iter().filter(|e| e.class == c).map(|e| e.slot).collect()
    }
    /// SP clocks (2 per slot) in `[from, to)` slots during which a unit was idle, given the
    /// issue slots of its instructions and their occupancy.
    pub fn idle_clocks(issue_slots: &[(u64, u8)], from: u64, to: u64) -> u64 {
        let mut busy = vec![false; (to - from) as usize];
        for &(s, occ) in issue_slots {
            for k in s..s + occ as u64 {
                if k >= from && k < to {
                    busy[(k - from) as usize] = true;
                }
            }
        }
        2 * busy.iter().filter(|b| !**b).count() as u64
    }
}

#[derive(Debug, Clone)]
struct WarpInfo {
    launch: usize,
    in_cta: usize,
    /// Slot from which the warp has been waiting (eligible and not yet issued).
    wait_from: Option<u64>,
    denials: u32,
}

/// Plays the SM around the scheduler. Call [`Driver::inputs`] with the outputs of the
/// current state before every clock, then clock the model(s) with the returned inputs.
pub struct Driver {
    pub cfg: SchedConfig,
    pub prog: Program,
    pub plan: Vec<CtaPlan>,
    pub opts: DriverOpts,
    guards: Guards,
    rng: Rng,
    clock: u64,
    next_cta: usize,
    /// CTA id -> plan index (started CTAs).
    cta_of: Vec<Option<usize>>,
    /// CTAs started this slot or earlier whose warps are still to be launched:
    /// (cta id, plan index, next warp index, warp slots reserved).
    launching: VecDeque<(u8, usize, usize, Vec<u8>)>,
    warp_busy: u32,
    warps: Vec<Option<WarpInfo>>,
    warp_cta: Vec<Option<u8>>,
    last_elig: u32,
    exec_count: HashMap<(usize, u32), u32>,
    guard_pos: Vec<usize>,
    mem_queue: VecDeque<(u64, u8, u8)>,
    launches: usize,
    gap_until: u64,
    fault_seen: Option<u64>,
    pending_clear: bool,
    last_issue_logged: Option<u64>,
    pub log: Log,
    /// Error found by the driver (bad PC, bad program): the run stops.
    pub error: Option<String>,
}

impl Driver {
    pub fn new(cfg: SchedConfig, prog: Program, plan: Vec<CtaPlan>, guards: Guards, opts: DriverOpts) -> Driver {
        let seed = opts.seed;
        Driver {
            cfg,
            prog,
            plan,
            opts,
            guards,
            rng: Rng::new(seed ^ 0x5c4e_d001),
            clock: 0,
            next_cta: 0,
            cta_of: vec![None; cfg.ctas],
            launching: VecDeque::new(),
            warp_busy: 0,
            warps: vec![None; cfg.warps],
            warp_cta: vec![None; cfg.warps],
            last_elig: 0,
            exec_count: HashMap::new(),
            guard_pos: vec![],
            mem_queue: VecDeque::new(),
            launches: 0,
            gap_until: 0,
            fault_seen: None,
            pending_clear: false,
            last_issue_logged: None,
            log: Log::default(),
            error: None,
        }
    }

    /// Every CTA of the plan has completed (and nothing is being launched).
    pub fn done(&self) -> bool {
        !self.opts.repeat && self.next_cta >= self.plan.len() && self.launching.is_empty() && self.cta_of.iter().all(|c| c.is_none())
    }

    fn slot(&self) -> u64 {
        self.clock / 2
    }

    fn junk_u32(&mut self) -> u32 {
        if self.opts.junk {
            self.rng.next_u32()
        } else {
            0
        }
    }

    fn junk_inst(&mut self) -> SInst {
        if !self.opts.junk {
            return SInst::default();
        }
        let r = &mut self.rng;
        let op = |r: &mut Rng| crate::golden::warp_sched::Opnd { v: r.bool(), id: r.next_u32() as u8, w: r.below(4) as u8 };
        SInst {
            class: r.below(16) as u8,
            dst: op(r),
            src: [op(r), op(r), op(r)],
            guard: r.below(8) as u8,
            lat: r.below(64) as u8,
            target: r.next_u32() & 0xFF_FFFF,
            brpc: r.next_u32() & 0xFF_FFFF,
            uni: r.bool(),
        }
    }

    fn fetch(&mut self, pc: u32) -> SInst {
        match self.prog.code.get(pc as usize) {
            Some(p) => p.inst,
            None => {
                if self.error.is_none() {
                    self.error = Some(format!("fetch of pc {pc}: outside the program (0..{})", self.prog.code.len()));
                }
                SInst { class: class::EXIT, ..Default::default() }
            }
        }
    }

    fn guard_of(&mut self, warp: u8, pc: u32) -> u32 {
        let Some(info) = self.warps[warp as usize].clone() else {
            return 0;
        };
        match &self.guards {
            Guards::Script => {
                let k = self.exec_count.entry((info.launch, pc)).or_insert(0);
                let kk = *k;
                *k += 1;
                match self.prog.code.get(pc as usize) {
                    Some(p) => p.outcome.eval(info.in_cta, kk),
                    None => 0,
                }
            }
            Guards::Recorded(v) => {
                let l = info.launch;
                if self.guard_pos.len() <= l {
                    self.guard_pos.resize(l + 1, 0);
                }
                let k = self.guard_pos[l];
                self.guard_pos[l] += 1;
                match v.get(l).and_then(|s| s.get(k)) {
                    Some(&g) => g,
                    None => {
                        if self.error.is_none() {
                            self.error = Some(format!("warp launch {l} executed more instructions ({}) than recorded", k + 1));
                        }
                        0
                    }
                }
            }
        }
    }

    /// Free warp slots not reserved.
    fn free_slots(&self) -> Vec<u8> {
        (0..self.cfg.warps as u8).filter(|&w| self.warp_busy >> w & 1 == 0).collect()
    }

    /// Switches to a new program and plan: a `clear` is pulsed in the next clock and the new
    /// plan starts from its first CTA.
    pub fn restart(&mut self, prog: Program, plan: Vec<CtaPlan>) {
        self.prog = prog;
        self.plan = plan;
        self.next_cta = 0;
        self.exec_count.clear();
        self.pending_clear = true;
    }

    fn reset_after_clear(&mut self) {
        self.cta_of = vec![None; self.cfg.ctas];
        self.launching.clear();
        self.warp_busy = 0;
        self.warps = vec![None; self.cfg.warps];
        self.warp_cta = vec![None; self.cfg.warps];
        self.last_elig = 0;
        self.mem_queue.clear();
        self.fault_seen = None;
        self.log.clears += 1;
    }

    /// The inputs for the next clock, given the outputs of the current state.
    pub fn inputs(&mut self, o: &SchedOut) -> SchedIn {
        let slot = self.slot();
        let mut inp = SchedIn {
            clear: false,
            res_guard: self.junk_u32(),
            inst: self.junk_inst(),
            mem_ready: false,
            fpu_ready: false,
            rel: None,
            launch: None,
            cta_start: None,
            prio_class: self.opts.prio_class,
            prio_type: self.opts.prio_type,
            dbg_warp: if self.opts.junk { self.rng.below(32) as u8 } else { (self.clock % self.cfg.warps as u64) as u8 },
        };
        // In a clock with `clear` the fetch is not answered (the scheduler ignores `inst`;
        // after `restart` the request is for the old program).
        if o.fetch_valid && !self.pending_clear {
            inp.inst = self.fetch(o.fetch_pc);
        }
        if self.opts.junk {
            // Invalid port contents must be ignored.
            if self.rng.below(4) == 0 {
                inp.rel = Some((self.rng.below(32) as u8, self.rng.below(4) as u8));
            }
        }
        if self.pending_clear {
            self.pending_clear = false;
            inp.clear = true;
            self.reset_after_clear();
            self.clock += 1;
            return inp;
        }
        if !o.phase {
            // Phase 0: resolve of the previous slot's issue, memory readiness.
            if o.iss_valid {
                let g = self.guard_of(o.iss_warp, o.iss_pc);
                inp.res_guard = g;
                self.log_issue(o, g);
                if o.iss_class == class::MEM {
                    if let Some(p) = self.prog.code.get(o.iss_pc as usize) {
                        if p.inst.lat == 0 && p.inst.dst.v {
                            let due = slot + p.mem_lat.max(1) as u64;
                            self.mem_queue.push_back((due, o.iss_warp, o.iss_tag));
                        }
                    }
                }
            }
            (inp.mem_ready, inp.fpu_ready) = match self.opts.mem_ready {
                MemReady::Always => (true, true),
                MemReady::Random(p) => ((self.rng.below(16) as u32) < p, (self.rng.below(16) as u32) < p),
            };
            if self.opts.junk {
                inp.launch = Some(self.junk_launch());
                inp.cta_start = Some((self.rng.below(8) as u8, self.rng.below(32) as u8));
            }
            self.track_waits(o);
        } else {
            // Phase 1: releases, CTA completion, launches.
            if let Some(&(due, w, t)) = self.mem_queue.front() {
                if due <= slot {
                    inp.rel = Some((w, t));
                    self.mem_queue.pop_front();
                } else {
                    inp.rel = None;
                }
            } else {
                inp.rel = None;
            }
            if o.cta_done_valid {
                self.log.cta_done.push((slot, o.cta_done_id));
                self.cta_of[o.cta_done_id as usize] = None;
                self.free_cta_warps(o.cta_done_id);
            }
            self.last_elig = o.elig;
            if o.bar_rel_valid {
                self.log.bar_rel.push((slot, o.bar_rel_id));
            }
            if o.fault {
                if self.fault_seen.is_none() {
                    self.fault_seen = Some(slot);
                    self.log.faults.push((slot, o.fault_kind, o.fault_warp, o.fault_pc));
                }
                if let (Some(t), Some(after)) = (self.fault_seen, self.opts.clear_after_fault) {
                    if slot >= t + after as u64 {
                        self.pending_clear = true;
                    }
                }
            }
            if self.fault_seen.is_none() {
                self.launch_step(&mut inp, slot);
                if self.opts.bad_ports > 0 && (self.rng.below(1000) as u32) < self.opts.bad_ports {
                    if self.rng.bool() {
                        let mut l = self.junk_launch();
                        l.mask = 0;
                        inp.launch = Some(l);
                    } else {
                        inp.cta_start = Some((self.rng.below(8) as u8, 0));
                    }
                }
            }
        }
        self.clock += 1;
        self.log.clocks = self.clock;
        inp
    }

    fn junk_launch(&mut self) -> LaunchIn {
        LaunchIn {
            warp: self.rng.below(32) as u8,
            cta: self.rng.below(8) as u8,
            wtype: self.rng.below(4) as u8,
            pc: self.rng.next_u32() & 0xFF_FFFF,
            mask: self.rng.next_u32(),
        }
    }

    fn free_cta_warps(&mut self, cta: u8) {
        for w in 0..self.cfg.warps {
            if self.warps[w].is_some() && self.warp_cta[w] == Some(cta) {
                self.warps[w] = None;
                self.warp_cta[w] = None;
                self.warp_busy &= !(1 << w);
            }
        }
    }

    fn launch_step(&mut self, inp: &mut SchedIn, slot: u64) {
        // Launch one warp of the oldest CTA being launched (started in an earlier slot).
        if let Some((cta, plan_i, k, slots)) = self.launching.front_mut() {
            if *k < slots.len() {
                let f = slots[*k];
                let wp = self.plan[*plan_i].warps[*k];
                inp.launch = Some(LaunchIn { warp: f, cta: *cta, wtype: wp.wtype, pc: wp.pc, mask: wp.mask });
                let info = WarpInfo { launch: self.launches, in_cta: *k, wait_from: None, denials: 0 };
                self.log.launches.push((slot, f, *plan_i, *k));
                self.warps[f as usize] = Some(info);
                self.warp_cta[f as usize] = Some(*cta);
                self.launches += 1;
                *k += 1;
                if *k == slots.len() {
                    self.launching.pop_front();
                    self.gap_until = slot + self.opts.cta_gap as u64;
                }
            }
        }
        // Start the next CTA when a CTA slot and all its warps are free.
        if self.next_cta >= self.plan.len() && self.opts.repeat && !self.plan.is_empty() {
            self.next_cta = 0;
        }
        let started_now = self.launching.iter().any(|l| l.2 == 0);
        if self.next_cta < self.plan.len() && slot >= self.gap_until && !started_now {
            let need = self.plan[self.next_cta].warps.len();
            let free = self.free_slots();
            let cta = (0..self.cfg.ctas).find(|&c| self.cta_of[c].is_none() && !self.launching.iter().any(|l| l.0 as usize == c));
            if let Some(c) = cta {
                if need >= 1 && free.len() >= need {
                    let slots: Vec<u8> = free[..need].to_vec();
                    for &s in &slots {
                        self.warp_busy |= 1 << s;
                    }
                    inp.cta_start = Some((c as u8, need as u8));
                    self.cta_of[c] = Some(self.next_cta);
                    self.launching.push_back((c as u8, self.next_cta, 0, slots));
                    self.next_cta += 1;
                    return;
                }
            }
        }
    }

    fn log_issue(&mut self, o: &SchedOut, guard: u32) {
        let slot = self.slot().saturating_sub(1);
        if self.last_issue_logged == Some(slot) {
            return;
        }
        self.last_issue_logged = Some(slot);
        let launch = self.warps[o.iss_warp as usize].as_ref().map_or(usize::MAX, |i| i.launch);
        self.log.issues.push(IssueEv { slot, launch, warp: o.iss_warp, class: o.iss_class, pc: o.iss_pc, mask: o.iss_mask, guard });
    }

    /// Fairness bookkeeping from the eligible set (visible in phase 1 of a slot; sampled
    /// here in the next phase 0 together with the issue it produced).
    fn track_waits(&mut self, o: &SchedOut) {
        let slot = self.slot().saturating_sub(1);
        let won = if o.iss_valid { Some(o.iss_warp as usize) } else { None };
        for w in 0..self.cfg.warps {
            if self.last_elig >> w & 1 == 0 {
                continue;
            }
            let Some(info) = self.warps[w].as_mut() else { continue };
            let from = *info.wait_from.get_or_insert(slot);
            if won == Some(w) {
                self.log.max_wait_slots = self.log.max_wait_slots.max(slot - from);
                self.log.max_denials = self.log.max_denials.max(info.denials);
                info.wait_from = None;
                info.denials = 0;
            } else {
                info.denials += 1;
                self.log.max_denials = self.log.max_denials.max(info.denials);
            }
        }
    }
}

/// Runs the golden model alone until the plan is done (or `max_clocks`).
pub fn run_golden(model: &mut SchedModel, drv: &mut Driver, max_clocks: u64) -> Result<(), String> {
    for _ in 0..max_clocks {
        let o = model.out(0);
        let inp = drv.inputs(&o);
        model.clock(&inp);
        if let Some(e) = &drv.error {
            return Err(e.clone());
        }
        if drv.done() && model.phase {
            return Ok(());
        }
    }
    if drv.opts.repeat {
        Ok(())
    } else {
        Err(format!("the run did not finish within {max_clocks} clocks"))
    }
}

/// Names for messages.
pub fn fault_name(k: u8) -> &'static str {
    fault::NAMES.get(k as usize).copied().unwrap_or("?")
}

/// A run's statistics as text: issues by class, unit busy time, barrier and CTA events,
/// faults, the fairness numbers.
pub fn summary(log: &Log, cfg: &SchedConfig) -> String {
    use std::fmt::Write as _;
    let slots = log.clocks / 2;
    let mut s = String::new();
    let _ = writeln!(s, "{} SP clocks ({} issue slots), {} warp-instructions issued ({:.1} % of slots)", log.clocks, slots, log.issues.len(), 100.0 * log.issues.len() as f64 / slots.max(1) as f64);
    let mut by = [0u64; 16];
    for e in &log.issues {
        by[e.class as usize & 15] += 1;
    }
    let parts: Vec<String> = (0..class::COUNT).filter(|&c| by[c] > 0).map(|c| format!("{} {}", class::NAMES[c], by[c])).collect();
    let _ = writeln!(s, "  by class: {}", parts.join(", "));
    let busy = |cs: &[u8]| -> u64 {
        let v: Vec<(u64, u8)> = log.issues.iter().filter(|e| cs.contains(&e.class)).map(|e| (e.slot, cfg.occ_of(e.class))).collect();
        log.clocks - Log::idle_clocks(&v, 0, slots.max(1))
    };
    let (sp, sfu, fma, mem) = (busy(&[class::SP]), busy(&[class::SFU, class::SFUMUL]), busy(&[class::FMA]), busy(&[class::MEM]));
    let pc = |b: u64| 100.0 * b as f64 / log.clocks.max(1) as f64;
    let _ = writeln!(s, "  units busy: SP {sp} clocks ({:.1} %), SFU {sfu} ({:.1} %), FMA {fma} ({:.1} %), memory {mem} ({:.1} %)", pc(sp), pc(sfu), pc(fma), pc(mem));
    let threads: u64 = log.issues.iter().map(|e| e.mask.count_ones() as u64).sum();
    let _ = writeln!(s, "  thread-instructions {threads}, SIMT efficiency {:.1} %", 100.0 * threads as f64 / (32 * log.issues.len().max(1)) as f64);
    let _ = writeln!(s, "  {} warps launched, {} CTAs done, {} barrier releases, {} faults, {} clears", log.launches.len(), log.cta_done.len(), log.bar_rel.len(), log.faults.len(), log.clears);
    for f in &log.faults {
        let _ = writeln!(s, "  fault at slot {}: {} (warp {}, pc {})", f.0, fault_name(f.1), f.2, f.3);
    }
    let _ = writeln!(s, "  fairness: at most {} denials of an eligible warp (bound {}), longest wait {} slots", log.max_denials, cfg.denial_bound(), log.max_wait_slots);
    s
}
