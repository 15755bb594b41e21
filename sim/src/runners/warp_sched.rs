//! Co-simulation runner of the warp scheduler (`warp_sched`): the scripted front end
//! ([`crate::sched::Driver`]) plays the SM around the golden model and the rust-hdl block in
//! lock step; every output of the block is compared with the golden model on every clock
//! (before and after the edge), and the trace is replayed into the exported Verilog.
use super::{finish, golden_mismatch, verilog, Replays, RunSummary};
use crate::cosim::{Bench, CosimError};
use crate::golden::warp_sched::{Bugs, SchedConfig, SchedIn, SchedModel, SchedOut};
use crate::sched::random::{random_script, RandomOpts};
use crate::sched::{CtaPlan, Driver, DriverOpts, Guards, MemReady, Program};
use crate::vectors::Rng;
use heddle_hw::sched::issue_select::IssueTiming;
use heddle_hw::sched::WarpSched;
use rust_hdl::prelude::*;

const NAME: &str = "warp_sched";

/// The golden configuration of a `WarpSched` type.
pub fn config_of<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize, const E: usize, const C: usize>(
    t: IssueTiming,
) -> SchedConfig {
    SchedConfig {
        warps: N,
        lanes: L,
        sa: SA,
        sb_entries: E,
        ctas: C,
        occ: [t.occ_sp, t.occ_sfu, t.occ_sfumul, t.occ_fma, t.occ_mem],
        urgent_after: t.urgent_after,
    }
}

fn lanes_mask(l: usize) -> u64 {
    if l == 32 {
        0xFFFF_FFFF
    } else {
        (1u64 << l) - 1
    }
}

/// Drives every input of the block from `i` (values cut to the port widths).
pub fn drive<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize, const E: usize, const C: usize>(
    u: &mut WarpSched<N, L, SA, SPW, AW, E, C>,
    i: &SchedIn,
) {
    let lm = lanes_mask(L);
    u.clear.next = i.clear;
    u.res_guard.next = (i.res_guard as u64 & lm).into();
    let s = &i.inst;
    u.inst_class.next = ((s.class & 15) as u64).into();
    u.inst_dst_v.next = s.dst.v;
    u.inst_dst.next = (s.dst.id as u64).into();
    u.inst_dst_w.next = ((s.dst.w & 3) as u64).into();
    u.inst_s0_v.next = s.src[0].v;
    u.inst_s0.next = (s.src[0].id as u64).into();
    u.inst_s0_w.next = ((s.src[0].w & 3) as u64).into();
    u.inst_s1_v.next = s.src[1].v;
    u.inst_s1.next = (s.src[1].id as u64).into();
    u.inst_s1_w.next = ((s.src[1].w & 3) as u64).into();
    u.inst_s2_v.next = s.src[2].v;
    u.inst_s2.next = (s.src[2].id as u64).into();
    u.inst_s2_w.next = ((s.src[2].w & 3) as u64).into();
    u.inst_guard.next = ((s.guard & 7) as u64).into();
    u.inst_lat.next = ((s.lat & 63) as u64).into();
    u.inst_target.next = ((s.target & 0xFF_FFFF) as u64).into();
    u.inst_brpc.next = ((s.brpc & 0xFF_FFFF) as u64).into();
    u.inst_uni.next = s.uni;
    u.mem_ready.next = i.mem_ready;
    u.fpu_ready.next = i.fpu_ready;
    let (rv, rw, rt) = match i.rel {
        Some((w, t)) => (true, w, t),
        None => (false, 0, 0),
    };
    u.rel_valid.next = rv;
    u.rel_warp.next = ((rw & 31) as u64).into();
    u.rel_tag.next = ((rt & 3) as u64).into();
    let l = i.launch.unwrap_or_default();
    u.launch_valid.next = i.launch.is_some();
    u.launch_warp.next = ((l.warp & 31) as u64).into();
    u.launch_cta.next = ((l.cta & 7) as u64).into();
    u.launch_type.next = ((l.wtype & 3) as u64).into();
    u.launch_pc.next = ((l.pc & 0xFF_FFFF) as u64).into();
    u.launch_mask.next = (l.mask as u64 & lm).into();
    let (cv, ci, cn) = match i.cta_start {
        Some((c, n)) => (true, c, n),
        None => (false, 0, 0),
    };
    u.cta_valid.next = cv;
    u.cta_id.next = ((ci & 7) as u64).into();
    u.cta_nwarps.next = ((cn & 63) as u64).into();
    u.prio_class.next = ((i.prio_class & 0x3_FFFF) as u64).into();
    u.prio_type.next = (i.prio_type as u64).into();
    u.dbg_warp.next = ((i.dbg_warp & 31) as u64).into();
}

/// Reads every output of the block.
pub fn read<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize, const E: usize, const C: usize>(
    u: &WarpSched<N, L, SA, SPW, AW, E, C>,
) -> SchedOut {
    SchedOut {
        phase: u.phase.val(),
        iss_valid: u.iss_valid.val(),
        iss_warp: u.iss_warp.val().to_u32() as u8,
        iss_class: u.iss_class.val().to_u32() as u8,
        iss_pc: u.iss_pc.val().to_u32(),
        iss_mask: u.iss_mask.val().to_u32(),
        iss_tag: u.iss_tag.val().to_u32() as u8,
        fetch_valid: u.fetch_valid.val(),
        fetch_warp: u.fetch_warp.val().to_u32() as u8,
        fetch_pc: u.fetch_pc.val().to_u32(),
        elig: u.elig.val().to_u32(),
        sbwait: u.sbwait.val().to_u32(),
        ubwait: u.ubwait.val().to_u32(),
        memwait: u.memwait.val().to_u32(),
        barwait: u.barwait.val().to_u32(),
        fault: u.fault.val(),
        fault_kind: u.fault_kind.val().to_u32() as u8,
        fault_warp: u.fault_warp.val().to_u32() as u8,
        fault_pc: u.fault_pc.val().to_u32(),
        cta_done_valid: u.cta_done_valid.val(),
        cta_done_id: u.cta_done_id.val().to_u32() as u8,
        bar_rel_valid: u.bar_rel_valid.val(),
        bar_rel_id: u.bar_rel_id.val().to_u32() as u8,
        dbg_state: u.dbg_state.val().to_u32() as u8,
        dbg_pc: u.dbg_pc.val().to_u32(),
        dbg_rpc: u.dbg_rpc.val().to_u32(),
        dbg_mask: u.dbg_mask.val().to_u32(),
        dbg_live: u.dbg_live.val().to_u32(),
        dbg_sp: u.dbg_sp.val().to_u32() as u8,
        dbg_cta: u.dbg_cta.val().to_u32() as u8,
    }
}

/// The fields where two output records differ.
pub fn diff(a: &SchedOut, b: &SchedOut) -> String {
    let fa = format!("{a:?}");
    let fb = format!("{b:?}");
    let strip = |s: &str| -> Vec<String> {
        s.trim_start_matches("SchedOut { ").trim_end_matches(" }").split(", ").map(str::to_string).collect()
    };
    let (xa, xb) = (strip(&fa), strip(&fb));
    xa.iter().zip(&xb).filter(|(x, y)| x != y).map(|(x, y)| format!("hw {x} / golden {y}")).collect::<Vec<_>>().join(", ")
}

enum Hw<B: Block> {
    Bench(Box<Bench<B>>),
    Plain(Box<B>),
}

/// The golden model and the rust-hdl block in lock step, fed by a [`Driver`].
pub struct LockStep<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize, const E: usize, const C: usize>
{
    pub model: SchedModel,
    pub drv: Driver,
    hw: Option<Hw<WarpSched<N, L, SA, SPW, AW, E, C>>>,
    pub clocks: u64,
    started: std::time::Instant,
}

impl<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize, const E: usize, const C: usize>
    LockStep<N, L, SA, SPW, AW, E, C>
{
    /// `record`: through a [`Bench`] (trace for the Verilog replays; only the exported
    /// configuration); `hw` false: the golden model alone.
    pub fn new(
        t: IssueTiming,
        prog: Program,
        plan: Vec<CtaPlan>,
        guards: Guards,
        opts: DriverOpts,
        hw: bool,
        record: bool,
    ) -> Result<Self, CosimError> {
        let cfg = config_of::<N, L, SA, SPW, AW, E, C>(t);
        let uut = WarpSched::<N, L, SA, SPW, AW, E, C>::new(t);
        let hw = match (hw, record) {
            (false, _) => None,
            (true, true) => Some(Hw::Bench(Box::new(Bench::clocked(NAME, &verilog(NAME)?, uut, |u, c| u.clock.next = c.into())?))),
            (true, false) => {
                let mut u = Box::new(uut);
                u.connect_all();
                Some(Hw::Plain(u))
            }
        };
        Ok(LockStep {
            model: SchedModel::new(cfg),
            drv: Driver::new(cfg, prog, plan, guards, opts),
            hw,
            clocks: 0,
            started: std::time::Instant::now(),
        })
    }

    /// Plants bugs in the golden model (to show the comparison catches them).
    pub fn plant(&mut self, b: Bugs) {
        self.model.bugs = b;
    }

    fn hw_step(&mut self, clock: bool, inp: Option<&SchedIn>) -> Result<Option<SchedOut>, CosimError> {
        let set = |u: &mut WarpSched<N, L, SA, SPW, AW, E, C>| {
            u.clock.next = clock.into();
            if let Some(i) = inp {
                drive(u, i);
            }
        };
        match self.hw.as_mut() {
            None => Ok(None),
            Some(Hw::Bench(b)) => {
                let u = b.step(set)?;
                Ok(Some(read(u)))
            }
            Some(Hw::Plain(u)) => {
                set(u);
                if !simulate(u.as_mut(), 1000) {
                    return Err(CosimError::RustModel(format!("{NAME}: the Rust model did not settle at clock {}", self.clocks)));
                }
                Ok(Some(read(u)))
            }
        }
    }

    /// One clock: inputs from the driver, both sides compared before and after the edge.
    pub fn cycle(&mut self) -> Result<(), CosimError> {
        let inp = self.drv.inputs(&self.model.out(0));
        if let Some(got) = self.hw_step(false, Some(&inp))? {
            let want = self.model.out(inp.dbg_warp);
            if got != want {
                return Err(golden_mismatch(NAME, self.clocks, format!("clock {} (before the edge): {}", self.clocks, diff(&got, &want))));
            }
        }
        self.model.clock(&inp);
        if let Some(got) = self.hw_step(true, None)? {
            let want = self.model.out(inp.dbg_warp);
            if got != want {
                return Err(golden_mismatch(NAME, self.clocks, format!("clock {} (after the edge): {}", self.clocks, diff(&got, &want))));
            }
        }
        self.clocks += 1;
        if let Some(e) = &self.drv.error {
            return Err(CosimError::RustModel(format!("{NAME}: script error: {e}")));
        }
        Ok(())
    }

    /// Clocks until the plan is done (or `max` clocks: an error unless the plan repeats).
    pub fn run(&mut self, max: u64) -> Result<(), CosimError> {
        for _ in 0..max {
            self.cycle()?;
            if self.drv.done() && self.model.phase == false && self.clocks > 4 && self.idle() {
                return Ok(());
            }
        }
        if self.drv.opts.repeat {
            Ok(())
        } else {
            Err(CosimError::RustModel(format!("{NAME}: the script did not finish within {max} clocks")))
        }
    }

    fn idle(&self) -> bool {
        self.model.warps.iter().all(|w| w.st == crate::golden::warp_sched::state::FREE) && !self.model.ir.valid
    }

    /// Clocks per second so far.
    pub fn speed(&self) -> f64 {
        self.clocks as f64 / self.started.elapsed().as_secs_f64().max(1e-9)
    }

    /// The recorded bench (for the Verilog replays).
    pub fn into_bench(self) -> Option<Bench<WarpSched<N, L, SA, SPW, AW, E, C>>> {
        match self.hw {
            Some(Hw::Bench(b)) => Some(*b),
            _ => None,
        }
    }
}

/// The exported configuration.
/// The lock step of the exported scheduler (the G80's).
pub type Exported = heddle_hw::sched_sized!(LockStep, heddle_hw::config::G80);

/// The lock step of the [`heddle_hw::config::TINY`] scheduler: every limit within reach.
pub type Tiny = heddle_hw::sched_sized!(LockStep, heddle_hw::config::TINY);

/// Driver options of the random runs (junk on ignored inputs, random memory readiness and
/// priorities, clear after faults, the plan repeated).
pub fn random_opts(rng: &mut Rng, seed: u64) -> DriverOpts {
    DriverOpts {
        mem_ready: MemReady::Random(8 + rng.below(9) as u32),
        prio_class: if rng.bool() { 0 } else { rng.next_u32() & 0x3_FFFF },
        prio_type: if rng.bool() { 0 } else { rng.next_u32() as u8 },
        junk: true,
        clear_after_fault: Some(5 + rng.below(20) as u32),
        repeat: true,
        cta_gap: rng.below(3) as u32,
        bad_ports: if rng.below(4) == 0 { 1 } else { 0 },
        seed,
    }
}

/// Clocks each random script runs before the next one (with a `clear` in between).
pub const PER_SCRIPT: u64 = 20_000;

/// Runs `n` clocks of random scripts on a lock-step pair (a new script every
/// [`PER_SCRIPT`] clocks). Returns the number of scripts.
pub fn random_streams<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize, const E: usize, const C: usize>(
    ls: &mut LockStep<N, L, SA, SPW, AW, E, C>,
    rng: &mut Rng,
    n: u64,
    ropts: RandomOpts,
) -> Result<u64, CosimError> {
    let mut scripts = 1;
    let mut next = PER_SCRIPT;
    for _ in 0..n {
        if ls.clocks == next {
            let faults = rng.below(3) == 0;
            let (prog, plan) = random_script(rng, RandomOpts { faults, ..ropts });
            ls.drv.restart(prog, plan);
            scripts += 1;
            next += PER_SCRIPT;
        }
        ls.cycle()?;
    }
    Ok(scripts)
}

/// Random streams on the exported configuration: `n` clocks, every clock compared with the
/// golden model; then the Verilog replays.
pub fn warp_sched(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    // The 24-warp block is a large value: run on a thread with a large stack.
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || warp_sched_run(n, seed, replays))
        .map_err(|e| CosimError::RustModel(format!("{NAME}: cannot start a thread: {e}")))?
        .join()
        .map_err(|_| CosimError::RustModel(format!("{NAME}: the runner panicked")))?
}

fn warp_sched_run(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let mut rng = Rng::new(seed);
    let faults = rng.below(3) == 0;
    let ropts = RandomOpts::default();
    let (prog, plan) = random_script(&mut rng, RandomOpts { faults, ..ropts });
    let opts = random_opts(&mut rng, seed);
    let mut ls = Exported::new(IssueTiming::default(), prog, plan, Guards::Script, opts, true, true)?;
    random_streams(&mut ls, &mut rng, n, ropts)?;
    let bench = ls.into_bench().expect("recorded");
    finish(bench, n, replays)
}
