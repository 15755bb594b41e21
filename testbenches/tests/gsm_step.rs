//! The golden SM's stepping mode (`gsm::Stepper`): stepped in `gsm::run`'s order it gives
//! `run`'s trace, statistics and memory (every launch file, random programs); interleaved
//! CTAs and a random warp order give the same final memory for race-free kernels (and the
//! same instruction stream per warp); atomics follow the step order; out-of-order steps are
//! `StepError::Order`; a kernel fault is `run`'s fault.
use std::path::PathBuf;

use heddle_sim::gsm::launch::prepare;
use heddle_sim::gsm::random::{random_kernel, RandomProgram};
use heddle_sim::gsm::{self, Config, FaultKind, GlobalMem, GoldenFpUnits, Launch, NoFpUnits, RunResult, StepError, Stepper, TraceEntry, WarpState};
use heddle_sim::isa::op;
use heddle_sim::ptx::translate::Kernel;
use heddle_sim::runners::sm::{random_mem, random_shape};
use heddle_sim::vectors::Rng;

fn launch_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(format!("{}/../examples/kernels/launch", env!("CARGO_MANIFEST_DIR")));
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "json")).collect();
    v.sort();
    assert!(v.len() >= 10, "launch files in {}", dir.display());
    v
}

/// A launch to compare: name, kernel, launch, configuration and initial memory.
struct Case {
    name: String,
    k: Kernel,
    l: Launch,
    cfg: Config,
    mem: GlobalMem,
}

fn file_case(p: &PathBuf) -> Case {
    let pr = prepare(p).unwrap_or_else(|e| panic!("{e}"));
    let mut cfg = Config::default();
    if let Some(w) = pr.lf.watchdog {
        cfg.watchdog = w;
    }
    Case { name: p.file_name().unwrap().to_string_lossy().into_owned(), k: pr.k, l: pr.l, cfg, mem: pr.mem }
}

/// Random programs (the lock-step sweep's shapes) on random launch shapes; `atomics`:
/// whether they may have atomics (whose old values depend on the order).
fn random_cases(n: usize, seed: u64, atomics: bool) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let pseed = rng.next_u64();
            let shape = RandomProgram::random(&mut rng);
            let shape = RandomProgram { atomics: atomics && shape.atomics, ..shape };
            let (grid, block) = random_shape(&mut rng);
            Case {
                name: format!("random seed {pseed} grid {grid:?} block {block:?}"),
                k: random_kernel(shape, pseed),
                l: Launch { grid, block, ..Default::default() },
                cfg: Config::default(),
                mem: random_mem(grid, block),
            }
        })
        .collect()
}

fn ready(s: &Stepper, cta: u32) -> Vec<u32> {
    (0..s.warps_per_cta()).filter(|&w| matches!(s.warp_state(cta, w), Some(WarpState::Ready { .. }))).collect()
}

/// Steps the whole grid in `run`'s order: CTA after CTA; passes over the CTA's warps,
/// each warp that is neither done nor at a barrier at the start of the pass issuing one
/// warp-instruction (as `run` releases a barrier at the end of the pass).
fn step_in_run_order(s: &mut Stepper, mem: &mut GlobalMem) -> Result<(), StepError> {
    for cta in 0..s.ctas() as u32 {
        loop {
            let r = ready(s, cta);
            if r.is_empty() {
                break;
            }
            for w in r {
                s.step(cta, w, mem, &mut GoldenFpUnits)?;
            }
        }
        assert!((0..s.warps_per_cta()).all(|w| s.warp_state(cta, w) == Some(WarpState::Done)), "CTA {cta} finished");
    }
    Ok(())
}

/// Steps the grid two CTAs at a time, alternating between them, each time a random warp
/// of the CTA that can issue.
fn step_interleaved(s: &mut Stepper, mem: &mut GlobalMem, rng: &mut Rng) -> Result<(), StepError> {
    let n = s.ctas() as u32;
    for first in (0..n).step_by(2) {
        let pair: Vec<u32> = (first..(first + 2).min(n)).collect();
        let mut turn = 0;
        loop {
            let live: Vec<u32> = pair.iter().copied().filter(|&c| !ready(s, c).is_empty()).collect();
            if live.is_empty() {
                break;
            }
            let cta = live[turn % live.len()];
            turn += 1;
            let r = ready(s, cta);
            let w = r[rng.below(r.len() as u64) as usize];
            s.step(cta, w, mem, &mut GoldenFpUnits)?;
        }
    }
    Ok(())
}

fn run_case(c: &Case) -> (RunResult, GlobalMem) {
    let mut mem = c.mem.clone();
    let r = gsm::run(&c.k, &c.l, &mut mem, &c.cfg, &mut GoldenFpUnits, true).unwrap_or_else(|f| panic!("{}: {f}", c.name));
    (r, mem)
}

/// Each warp's trace entries in order.
fn per_warp(t: &[TraceEntry]) -> std::collections::BTreeMap<(u32, u32), Vec<&TraceEntry>> {
    let mut m = std::collections::BTreeMap::<_, Vec<_>>::new();
    for e in t {
        m.entry((e.cta, e.warp)).or_default().push(e);
    }
    m
}

fn check_run_order(c: &Case) {
    let (r, rmem) = run_case(c);
    let mut mem = c.mem.clone();
    let mut s = Stepper::new(&c.k, &c.l, &c.cfg).unwrap_or_else(|f| panic!("{}: {f}", c.name));
    assert!(!s.finished());
    step_in_run_order(&mut s, &mut mem).unwrap_or_else(|e| panic!("{}: {e}", c.name));
    assert!(s.finished(), "{}", c.name);
    assert_eq!(s.result().stats, r.stats, "{}: statistics", c.name);
    assert_eq!(s.result().trace.len(), r.trace.len(), "{}: trace length", c.name);
    if let Some(i) = (0..r.trace.len()).find(|&i| s.result().trace[i] != r.trace[i]) {
        panic!("{}: trace entry {i} differs: stepped {:?}, run {:?}", c.name, s.result().trace[i], r.trace[i]);
    }
    assert_eq!(mem.bufs, rmem.bufs, "{}: global memory", c.name);
    assert_eq!(s.into_result().trace, r.trace);
}

#[test]
fn launch_files_stepped_in_run_order_equal_run() {
    for p in launch_files() {
        let c = file_case(&p);
        check_run_order(&c);
        eprintln!("{}: equal", c.name);
    }
}

#[test]
fn random_programs_stepped_in_run_order_equal_run() {
    for c in random_cases(20, 77, true) {
        check_run_order(&c);
    }
}

fn check_interleaved(c: &Case, rng: &mut Rng) {
    let (r, rmem) = run_case(c);
    let mut mem = c.mem.clone();
    let mut s = Stepper::new(&c.k, &c.l, &c.cfg).unwrap();
    step_interleaved(&mut s, &mut mem, rng).unwrap_or_else(|e| panic!("{}: {e}", c.name));
    assert!(s.finished(), "{}", c.name);
    assert_eq!(mem.bufs, rmem.bufs, "{}: global memory", c.name);
    let st = &s.result().stats;
    assert_eq!((st.ctas, st.warp_instrs, st.thread_instrs, st.barriers), (r.stats.ctas, r.stats.warp_instrs, r.stats.thread_instrs, r.stats.barriers), "{}", c.name);
    // without atomics (whose old values depend on the order), every warp executes the
    // same instructions with the same results in any order
    if !c.k.code.iter().any(|i| i.op == op::ATOM) {
        assert_eq!(per_warp(&s.result().trace), per_warp(&r.trace), "{}: per-warp traces", c.name);
    }
    // more than one warp or CTA: the order differed from run's
    if c.l.grid.iter().product::<u32>() > 1 {
        let switches = s.result().trace.windows(2).filter(|p| p[0].cta != p[1].cta).count();
        assert!(switches as u32 > c.l.grid.iter().product::<u32>() - 1 || r.trace.len() < 4, "{}: interleaved", c.name);
    }
}

#[test]
fn interleaved_ctas_and_warps_give_the_same_memory() {
    let mut rng = Rng::new(5);
    for p in launch_files() {
        let c = file_case(&p);
        check_interleaved(&c, &mut rng);
        eprintln!("{}: equal", c.name);
    }
    for c in random_cases(20, 78, false) {
        check_interleaved(&c, &mut rng);
    }
}

#[test]
fn atomics_follow_the_step_order() {
    // every thread of two one-warp CTAs adds 1 to the same word and keeps the old value
    let k = Kernel::from_asm("atomics", "movi r1, 4096\nmovi r3, 1\natom.global.add r2, [r1], r3, r0\nexit", 4).unwrap();
    let l = Launch { grid: [2, 1, 1], block: [32, 1, 1], ..Default::default() };
    let cfg = Config::default();
    let mut mem = GlobalMem::default();
    mem.alloc_u32(&[0]);
    let mut s = Stepper::new(&k, &l, &cfg).unwrap();
    // CTA 1 first, then CTA 0
    for (cta, n) in [(1, 3), (0, 4), (1, 1)] {
        for _ in 0..n {
            s.step(cta, 0, &mut mem, &mut NoFpUnits).unwrap();
        }
    }
    assert!(s.finished());
    assert_eq!(mem.words(4096), vec![64]);
    let atoms: Vec<&TraceEntry> = s.result().trace.iter().filter(|e| e.pc == 2).collect();
    assert_eq!(atoms.iter().map(|e| e.cta).collect::<Vec<_>>(), vec![1, 0]);
    let olds = |e: &TraceEntry| e.writes.iter().map(|w| w.2).collect::<Vec<_>>();
    assert_eq!(olds(atoms[0]), (0..32).collect::<Vec<_>>(), "CTA 1 went first");
    assert_eq!(olds(atoms[1]), (32..64).collect::<Vec<_>>());
    assert_eq!(s.result().stats.ctas, 2);
}

#[test]
fn out_of_order_steps_are_order_errors() {
    let k = Kernel::from_asm("bar", "s2r r0, %tid.x\nbar 0\nexit", 4).unwrap();
    let l = Launch { grid: [2, 1, 1], block: [64, 1, 1], ..Default::default() };
    let cfg = Config::default();
    let mut mem = GlobalMem::default();
    let mut s = Stepper::new(&k, &l, &cfg).unwrap();
    let order = |r: Result<(), StepError>, words: &[&str]| match r {
        Err(StepError::Order(m)) => {
            for w in words {
                assert!(m.contains(w), "'{m}' names {w}");
            }
            eprintln!("{}", StepError::Order(m));
        }
        r => panic!("expected an order error, got {r:?}"),
    };
    // outside the grid and the CTA
    order(s.step(2, 0, &mut mem, &mut NoFpUnits), &["CTA 2", "warp 0", "outside the grid"]);
    order(s.step(0, 2, &mut mem, &mut NoFpUnits), &["CTA 0", "warp 2", "outside the CTA"]);
    assert_eq!(s.warp_state(0, 0), Some(WarpState::Ready { pc: 0 }));
    assert_eq!(s.warp_state(0, 2), None);
    // warp 0 reaches the barrier and waits there
    s.step(0, 0, &mut mem, &mut NoFpUnits).unwrap();
    s.step(0, 0, &mut mem, &mut NoFpUnits).unwrap();
    assert_eq!(s.warp_state(0, 0), Some(WarpState::AtBarrier { pc: 2 }));
    order(s.step(0, 0, &mut mem, &mut NoFpUnits), &["CTA 0", "warp 0", "barrier", "pc 2"]);
    // another CTA runs meanwhile
    s.step(1, 1, &mut mem, &mut NoFpUnits).unwrap();
    assert_eq!(s.result().trace.len(), 3);
    // warp 1 arrives: the barrier is released
    s.step(0, 1, &mut mem, &mut NoFpUnits).unwrap();
    s.step(0, 1, &mut mem, &mut NoFpUnits).unwrap();
    assert_eq!(s.result().stats.barriers, 1);
    assert_eq!(s.warp_state(0, 0), Some(WarpState::Ready { pc: 2 }));
    // warp 0 exits; stepping it again is an error
    s.step(0, 0, &mut mem, &mut NoFpUnits).unwrap();
    assert_eq!(s.warp_state(0, 0), Some(WarpState::Done));
    order(s.step(0, 0, &mut mem, &mut NoFpUnits), &["CTA 0", "warp 0", "done"]);
    // the CTA finishes
    s.step(0, 1, &mut mem, &mut NoFpUnits).unwrap();
    assert_eq!(s.result().stats.ctas, 1);
    order(s.step(0, 1, &mut mem, &mut NoFpUnits), &["CTA 0", "warp 1", "finished"]);
    assert!(!s.finished());
    // the errors changed nothing: CTA 1 runs to its end
    for w in [1, 0, 0, 0, 1] {
        s.step(1, w, &mut mem, &mut NoFpUnits).unwrap();
    }
    assert!(s.finished());
    let st = &s.result().stats;
    assert_eq!((st.ctas, st.barriers, st.warp_instrs), (2, 2, 12));
    let r = gsm::run(&k, &l, &mut GlobalMem::default(), &cfg, &mut NoFpUnits, false).unwrap();
    assert_eq!(r.stats, *st);
}

/// Runs `c` both ways (the stepper in run's order) and returns both faults.
fn both_faults(c: &Case) -> (gsm::Fault, gsm::Fault) {
    let f = gsm::run(&c.k, &c.l, &mut c.mem.clone(), &c.cfg, &mut GoldenFpUnits, true).expect_err("run faults");
    let mut mem = c.mem.clone();
    let mut s = Stepper::new(&c.k, &c.l, &c.cfg).unwrap();
    let g = match step_in_run_order(&mut s, &mut mem) {
        Err(StepError::Fault(g)) => g,
        r => panic!("{}: expected a fault, got {r:?}", c.name),
    };
    assert_eq!(s.fault(), Some(&g));
    // the launch stops at the fault
    let n = s.result().trace.len();
    assert!(matches!(s.step(0, 0, &mut mem, &mut GoldenFpUnits), Err(StepError::Order(m)) if m.contains("faulted")));
    assert_eq!(s.result().trace.len(), n);
    (f, g)
}

#[test]
fn kernel_faults_equal_runs() {
    // random programs with global accesses but no buffer: out of bounds
    let mut c = random_cases(1, 9, false).pop().unwrap();
    c.k = random_kernel(RandomProgram { mem: true, ..RandomProgram::default() }, 3);
    c.mem = GlobalMem::default();
    let (f, g) = both_faults(&c);
    assert_eq!(f.kind, FaultKind::OutOfBounds);
    assert_eq!(f, g);
    // the watchdog, part way through a launch file
    let mut c = file_case(&launch_files()[0]);
    c.cfg.watchdog = 1000;
    let (f, g) = both_faults(&c);
    assert_eq!(f.kind, FaultKind::Watchdog);
    assert_eq!(f, g);
    // a divergent barrier in CTA 1
    // (thread 16 of CTA 1: r0 = tid + 64 ctaid = 80)
    let k = Kernel::from_asm(
        "divbar",
        "s2r r0, %tid.x\ns2r r2, %ctaid.x\nmovi r3, 64\nimul r2, r2, r3\niadd r0, r0, r2\nmovi r1, 80\nisetp.eq.u32 p0, r0, r1\n@p0 bra 9, 10\nnop\nbar 0\nexit",
        4,
    )
    .unwrap();
    let c = Case { name: "divbar".into(), k, l: Launch { grid: [2, 1, 1], block: [64, 1, 1], ..Default::default() }, cfg: Config::default(), mem: GlobalMem::default() };
    let (f, g) = both_faults(&c);
    assert_eq!((f.kind, f.cta, f.warp), (FaultKind::DivergentBarrier, [1, 0, 0], 0));
    assert_eq!(f, g);
    // the launch checks are run's
    let l = Launch { grid: [1, 1, 1], block: [1024, 1, 1], ..Default::default() };
    let f = gsm::run(&c.k, &l, &mut GlobalMem::default(), &c.cfg, &mut NoFpUnits, false).unwrap_err();
    let g = Stepper::new(&c.k, &l, &c.cfg).err().unwrap();
    assert_eq!((f.kind, &f), (FaultKind::Resources, &g));
}
