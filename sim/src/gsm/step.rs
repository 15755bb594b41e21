//! Stepping the golden SM in a given order: [`Stepper`] executes one warp-instruction at a
//! time, of the warp and CTA the caller names, so that the golden SM runs warp-instructions
//! in the order the RTL SM issues them (several CTAs live at once, the warps in the
//! scheduler's order). Atomics and racing global accesses then give the RTL SM's results.
//!
//! The semantics are [`super::run`]'s: the same launch checks, the same CTA and warp state,
//! the same warp-instructions, trace entries, statistics, faults and watchdog. Stepped in
//! `run`'s order (CTA after CTA; each CTA's warps round robin, skipping warps that are done
//! or wait at a barrier) a [`Stepper`] gives `run`'s trace, statistics and memory.
use std::collections::{BTreeMap, BTreeSet};

use super::{check_launch, Config, Cta, Fault, FpUnits, GlobalMem, Launch, RunResult, Warp};
use crate::ptx::translate::Kernel;

/// Why a step was not executed: a kernel fault, or a step the launch cannot take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepError {
    /// The warp-instruction faulted (the [`Fault`] [`super::run`] reports for it); the
    /// launch stops there.
    Fault(Fault),
    /// The step names a CTA outside the grid, a warp outside the CTA, a warp that is done
    /// or waits at a barrier, or comes after a fault.
    Order(String),
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StepError::Fault(x) => write!(f, "{x}"),
            StepError::Order(m) => write!(f, "step out of order: {m}"),
        }
    }
}

impl std::error::Error for StepError {}

/// Where a warp stands between steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WarpState {
    /// It can issue; `pc` is its next instruction (0 before its CTA's first step).
    Ready { pc: u32 },
    /// It waits at a barrier and resumes at `pc` when the barrier is released.
    AtBarrier { pc: u32 },
    /// All its threads have exited (or its CTA has finished).
    Done,
}

/// A CTA that has begun and not finished: its state and its warps.
struct Live<'a> {
    cta: Cta<'a>,
    warps: Vec<Warp>,
}

/// The golden SM executing a launch one warp-instruction at a time, in the caller's order.
pub struct Stepper<'a> {
    k: &'a Kernel,
    l: &'a Launch,
    cfg: &'a Config,
    threads: u32,
    /// Warps per CTA.
    nw: u32,
    /// CTAs in the grid.
    ctas: u64,
    live: BTreeMap<u32, Live<'a>>,
    finished: BTreeSet<u32>,
    budget: u64,
    out: RunResult,
    fault: Option<Fault>,
    /// What `%clock` reads in the next steps.
    clock: u32,
}

/// The pc warp `w` issues next: its stack's top entry after the finished and reconverged
/// entries that the step pops (the top entry's pc when the step would pop them all).
fn next_pc(w: &Warp) -> u32 {
    w.stack
        .iter()
        .rev()
        .find(|e| e.mask & !w.exited != 0 && e.pc != e.rpc)
        .or(w.stack.last())
        .map_or(0, |e| e.pc)
}

impl<'a> Stepper<'a> {
    /// The launch checks of `run` (resources, parameter block size, register operands);
    /// no CTA has begun.
    pub fn new(k: &'a Kernel, l: &'a Launch, cfg: &'a Config) -> Result<Self, Fault> {
        let threads = check_launch(k, l, cfg)?;
        Ok(Stepper {
            k,
            l,
            cfg,
            threads,
            nw: threads.div_ceil(super::WARP as u32),
            ctas: l.grid.iter().map(|&x| x as u64).product(),
            live: BTreeMap::new(),
            finished: BTreeSet::new(),
            budget: cfg.watchdog,
            out: RunResult::default(),
            fault: None,
            clock: 0,
        })
    }

    /// CTAs in the grid.
    pub fn ctas(&self) -> u64 {
        self.ctas
    }

    /// Warps per CTA.
    pub fn warps_per_cta(&self) -> u32 {
        self.nw
    }

    /// CTA `cta`'s coordinates in the grid (x fastest).
    fn id(&self, cta: u32) -> [u32; 3] {
        let [gx, gy] = [self.l.grid[0] as u64, self.l.grid[1] as u64];
        let c = cta as u64;
        [(c % gx) as u32, (c / gx % gy) as u32, (c / (gx * gy)) as u32]
    }

    /// The state of warp `warp` of CTA `cta`; None outside the grid or the CTA.
    pub fn warp_state(&self, cta: u32, warp: u32) -> Option<WarpState> {
        if cta as u64 >= self.ctas || warp >= self.nw {
            return None;
        }
        if self.finished.contains(&cta) {
            return Some(WarpState::Done);
        }
        let Some(c) = self.live.get(&cta) else {
            return Some(WarpState::Ready { pc: 0 });
        };
        let w = &c.warps[warp as usize];
        Some(if w.done {
            WarpState::Done
        } else if w.at_bar {
            WarpState::AtBarrier { pc: next_pc(w) }
        } else {
            WarpState::Ready { pc: next_pc(w) }
        })
    }

    /// Sets what `%clock` reads in the next steps (0 until set): a timed model's clock
    /// counter at the instruction, as the RTL SM's lock-step check gives it.
    pub fn set_clock(&mut self, clock: u32) {
        self.clock = clock;
    }

    /// Executes the next warp-instruction of warp `warp` (its number in its CTA) of CTA
    /// `cta` (linear CTA number, x fastest: (z gy + y) gx + x), as the RTL SM issued it,
    /// and appends its trace entry to the trace. The CTA's state (its warps at pc 0 with
    /// their lanes, registers, predicates, shared and local memory zero, as in `run`) is
    /// created at its first step; when every warp of the CTA that is not done waits at a
    /// barrier, the barrier is released (`stats.barriers` + 1); when all its warps are
    /// done, the CTA is dropped (`stats.ctas` + 1). A kernel fault (the one `run` reports
    /// for that instruction, the watchdog's included) is [`StepError::Fault`] and ends the
    /// launch: later steps are [`StepError::Order`]. Stepping a CTA beyond the grid, a warp
    /// beyond the CTA's warps, a warp that is done or one waiting at a barrier is
    /// [`StepError::Order`] and changes nothing.
    pub fn step(&mut self, cta: u32, warp: u32, mem: &mut GlobalMem, units: &mut dyn FpUnits) -> Result<(), StepError> {
        if let Some(f) = &self.fault {
            return Err(StepError::Order(format!("warp {warp} of CTA {cta} stepped after the launch faulted ({f})")));
        }
        if cta as u64 >= self.ctas {
            return Err(StepError::Order(format!("CTA {cta} (warp {warp}) is outside the grid {:?} of {} CTAs", self.l.grid, self.ctas)));
        }
        let id = self.id(cta);
        if warp >= self.nw {
            return Err(StepError::Order(format!("warp {warp} of CTA {cta} {id:?} is outside the CTA's {} warps", self.nw)));
        }
        if self.finished.contains(&cta) {
            return Err(StepError::Order(format!("warp {warp} of CTA {cta} {id:?} is done: the CTA has finished")));
        }
        let (k, l, cfg, threads) = (self.k, self.l, self.cfg, self.threads);
        let c = self.live.entry(cta).or_insert_with(|| {
            let cta = Cta::new(k, l, cfg, id);
            let warps = cta.warps(threads);
            Live { cta, warps }
        });
        c.cta.clock = self.clock;
        let w = &mut c.warps[warp as usize];
        if w.done {
            return Err(StepError::Order(format!("warp {warp} of CTA {cta} {id:?} is done (all its threads exited)")));
        }
        if w.at_bar {
            return Err(StepError::Order(format!("warp {warp} of CTA {cta} {id:?} waits at a barrier (resumes at pc {})", next_pc(w))));
        }
        if let Err(f) = c.cta.issue(w, mem, units, &mut self.out, true, &mut self.budget) {
            self.fault = Some(f.clone());
            return Err(StepError::Fault(f));
        }
        if c.warps.iter().all(|w| w.done) {
            self.live.remove(&cta);
            self.finished.insert(cta);
            self.out.stats.ctas += 1;
        } else if c.warps.iter().all(|w| w.done || w.at_bar) {
            self.out.stats.barriers += 1;
            for w in c.warps.iter_mut() {
                w.at_bar = false;
            }
        }
        Ok(())
    }

    /// The result so far (trace, statistics), whether or not the grid has finished.
    pub fn result(&self) -> &RunResult {
        &self.out
    }

    /// The fault that ended the launch, if one did.
    pub fn fault(&self) -> Option<&Fault> {
        self.fault.as_ref()
    }

    /// True when every CTA of the grid has run to its end.
    pub fn finished(&self) -> bool {
        self.finished.len() as u64 == self.ctas
    }

    /// The result (trace, statistics), whether or not the grid has finished.
    pub fn into_result(self) -> RunResult {
        self.out
    }
}
