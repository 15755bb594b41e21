//! Warp scheduler and SIMT control (issue 7). Every scheduler run here is the golden model
//! (`heddle_sim::golden::warp_sched`) and the rust-hdl block (`warp_sched`, 24 warps) in
//! lock step, compared on every output every clock, unless a test says "golden only".
//! The seed's timing claims with exact slot counts; divergence, loops and early exits
//! against hand-derived (PC, mask) sequences and against the golden functional SM
//! (`heddle_sim::gsm`) on heddle microcode; barriers and every fault; the fairness bound;
//! random streams over more than 10^5 clocks on two configurations; the exported Verilog in
//! Verilator and Icarus; planted bugs. Larger sweeps: `heddle cosim warp_sched`.
use heddle_hw::sched::issue_select::IssueTiming;
use heddle_sim::golden::warp_sched::{class, fault, Bugs, MAX_PC, NO_GUARD};
use heddle_sim::golden::warp_sched::{Opnd, SInst};
use heddle_sim::gsm::{GlobalMem, Launch};
use heddle_sim::isa::asm::assemble;
use heddle_sim::ptx::translate::Kernel;
use heddle_sim::runners::warp_sched::{random_opts, random_streams, Exported, Tiny};
use heddle_sim::runners::{self, Replays};
use heddle_sim::sched::isa_map::{GsmRun, Lats};
use heddle_sim::sched::random::{random_script, RandomOpts};
use heddle_sim::sched::{text, CtaPlan, DriverOpts, Guards, Log, Outcome, PInst, Program, WarpPlan};
use heddle_sim::vectors::Rng;

const T: IssueTiming = IssueTiming::of(&heddle_hw::config::G80);

/// Runs a text script to completion, golden and hw in lock step (or golden only).
fn run_with(src: &str, opts: DriverOpts, hw: bool) -> Exported {
    let s = text::parse(src).unwrap_or_else(|e| panic!("{e}"));
    let mut ls = Exported::new(T, s.prog, s.plan, Guards::Script, opts, hw, false).unwrap();
    ls.run(400_000).unwrap_or_else(|e| panic!("{e}"));
    ls
}

fn run(src: &str) -> Exported {
    run_with(src, DriverOpts::default(), true)
}

fn seq(log: &Log, launch: usize) -> Vec<(u32, u32)> {
    log.of_launch(launch).iter().map(|e| (e.pc, e.mask)).collect()
}

/// Issue slots of each warp launch.
fn slots_by_warp(log: &Log, n: usize, c: u8) -> Vec<Vec<u64>> {
    (0..n).map(|l| log.of_launch(l).iter().filter(|e| e.class == c).map(|e| e.slot).collect()).collect()
}

fn script(header: &str, body: &[String]) -> String {
    format!("{header}\n{}\nexit\n", body.join("\n"))
}

// ---------------------------------------------------------------- the seed's claims

/// C.4: "a round-robin schedule of eight warps has a period of 32 cycles between successive
/// instructions for the same warp", and the SPs never idle.
#[test]
fn eight_warps_issue_every_32_sp_clocks_and_the_sps_never_idle() {
    let body: Vec<String> = (0..24).map(|k| format!("sp r{} <- r20 lat 12", k % 8)).collect();
    let ls = run(&script(".cta 8", &body));
    let log = &ls.drv.log;
    let per = slots_by_warp(log, 8, class::SP);
    // Steady state: from the first issue of the last warp launched to the last issue of
    // the first warp to finish.
    let from = per.iter().map(|s| s[0]).max().unwrap();
    let to = per.iter().map(|s| *s.last().unwrap()).min().unwrap();
    assert!(to - from >= 15 * 16, "steady window {from}..{to}");
    for (w, s) in per.iter().enumerate() {
        let inside: Vec<u64> = s.iter().copied().filter(|&x| x >= from && x <= to).collect();
        for p in inside.windows(2) {
            assert_eq!(2 * (p[1] - p[0]), 32, "warp {w}: issues at slots {p:?}");
        }
    }
    let sp: Vec<(u64, u8)> = log.slots_of(class::SP).into_iter().map(|s| (s, 2)).collect();
    assert_eq!(Log::idle_clocks(&sp, from, to + 2), 0, "SPs idle in {from}..{to}");
    // One SP warp-instruction (32 threads) per 4 clocks: 1 thread-instruction per SP per
    // clock (IPC 1.0 per core).
    let n = log.slots_of(class::SP).iter().filter(|&&s| s >= from && s <= to).count() as u64;
    assert_eq!(n, (to - from) / 2 + 1);
    eprintln!("8 warps round robin: window slots {from}..{to}, {n} SP issues, every warp every 32 SP clocks, 0 idle SP clocks");
}

/// "With few active warps, the processor pipeline depth becomes visible and may cause
/// processors to stall": dependent chains with a 12-slot (24-clock) latency.
#[test]
fn few_warps_show_the_pipeline_latency_as_stalls() {
    let dep: Vec<String> = (0..10).map(|_| "sp r1 <- r1 lat 12".to_string()).collect();
    // 1 warp: one issue every 12 slots; each dependent instruction waits 10 slots more
    // than back-to-back issue (2 slots); the SPs idle 180 of the 220 clocks.
    let ls = run(&script(".cta 1", &dep));
    let s = &slots_by_warp(&ls.drv.log, 1, class::SP)[0];
    let t0 = s[0];
    assert_eq!(*s, (0..10).map(|k| t0 + 12 * k).collect::<Vec<_>>());
    let busy: Vec<(u64, u8)> = s.iter().map(|&x| (x, 2)).collect();
    assert_eq!(Log::idle_clocks(&busy, t0, t0 + 110), 180);
    // Without dependences a warp issues every 2 slots while it has scoreboard entries:
    // with 4 entries and a 12-slot latency, 4 instructions per 12 slots; with an 8-slot
    // latency the SPs never idle.
    let ind: Vec<String> = (0..10).map(|k| format!("sp r{k} <- r20 lat 12")).collect();
    let ls = run(&script(".cta 1", &ind));
    let s = &slots_by_warp(&ls.drv.log, 1, class::SP)[0];
    let o = [0, 2, 4, 6, 12, 14, 16, 18, 24, 26];
    assert_eq!(*s, o.iter().map(|k| s[0] + k).collect::<Vec<_>>());
    let ind: Vec<String> = (0..10).map(|k| format!("sp r{k} <- r20 lat 8")).collect();
    let ls = run(&script(".cta 1", &ind));
    let s = &slots_by_warp(&ls.drv.log, 1, class::SP)[0];
    assert_eq!(*s, (0..10).map(|k| s[0] + 2 * k).collect::<Vec<_>>());
    // 2 warps: interleaved two slots apart, the SPs busy 4 slots of every 12.
    let ls = run(&script(".cta 2", &dep));
    let per = slots_by_warp(&ls.drv.log, 2, class::SP);
    let t0 = per[0][0];
    assert_eq!(per[0], (0..10).map(|k| t0 + 12 * k).collect::<Vec<_>>());
    assert_eq!(per[1], (0..10).map(|k| t0 + 2 + 12 * k).collect::<Vec<_>>());
    let busy: Vec<(u64, u8)> = per.concat().into_iter().map(|x| (x, 2)).collect();
    assert_eq!(Log::idle_clocks(&busy, t0, t0 + 108), 2 * (108 - 36));
    // 8 warps hide a 16-slot (32-clock) latency completely; 17 slots show one idle slot
    // per round.
    for (lat, period) in [(16u64, 16u64), (17, 17)] {
        let body: Vec<String> = (0..20).map(|_| format!("sp r1 <- r1 lat {lat}")).collect();
        let ls = run(&script(".cta 8", &body));
        let per = slots_by_warp(&ls.drv.log, 8, class::SP);
        let from = per.iter().map(|s| s[1]).max().unwrap();
        let to = per.iter().map(|s| *s.last().unwrap()).min().unwrap();
        for s in &per {
            for p in s.windows(2).filter(|p| p[0] >= from && p[1] <= to) {
                assert_eq!(p[1] - p[0], period, "latency {lat}: {p:?}");
            }
        }
        let busy: Vec<(u64, u8)> = per.concat().into_iter().map(|x| (x, 2)).collect();
        let idle = Log::idle_clocks(&busy, from, from + 10 * period);
        assert_eq!(idle, 10 * 2 * (period - 16), "latency {lat}");
        eprintln!("8 warps, dependent chains, latency {lat} slots: one issue per warp every {period} slots, {idle} idle SP clocks per {} clocks", 20 * period);
    }
}

/// SP and SFU issued on alternate slots: MAD (2 flops) on the SPs and mul.f32 (1 flop) on
/// the SFUs reach 24 flops per clock, 1.5 times the SPs' 16.
#[test]
fn sp_sfu_interleave_reaches_one_and_a_half_times_the_sp_flop_rate() {
    let mut body = vec![];
    for k in 0..12 {
        body.push(format!("sp r{} <- r20, r21, r22 lat 12", k % 4));
        body.push(format!("sfumul r{} <- r20, r21 lat 12", 4 + k % 4));
    }
    let mix = run(&script(".cta 8", &body));
    let sp_only: Vec<String> = (0..24).map(|k| format!("sp r{} <- r20, r21, r22 lat 12", k % 8)).collect();
    let base = run(&script(".cta 8", &sp_only));
    // The longest run of consecutive slots each issuing one instruction; flops per clock
    // over it (32 threads per warp-instruction).
    // The longest run of issues at most `gap` slots apart, as (first slot, slots, flops):
    // the run covers [first, last + gap).
    let rate = |log: &Log, gap: u64| {
        let flops = |c: u8| if c == class::SP { 64 } else if c == class::SFUMUL { 32 } else { 0 };
        let v: Vec<(u64, u8)> = log.issues.iter().filter(|e| e.class == class::SP || e.class == class::SFUMUL).map(|e| (e.slot, e.class)).collect();
        let (mut best, mut start) = ((0u64, 0u64, 0u64), 0usize);
        for i in 0..v.len() {
            if i > 0 && v[i].0 > v[i - 1].0 + gap {
                start = i;
            }
            let len = v[i].0 + gap - v[start].0;
            if len > best.1 {
                best = (v[start].0, len, v[start..=i].iter().map(|e| flops(e.1)).sum());
            }
        }
        best
    };
    let (s0, slots, _) = rate(&mix.drv.log, 1);
    // Whole 4-clock periods of the run.
    let slots = slots / 2 * 2;
    let fl: u64 = mix.drv.log.issues.iter().filter(|e| e.slot >= s0 && e.slot < s0 + slots).map(|e| if e.class == class::SP { 64 } else if e.class == class::SFUMUL { 32 } else { 0 }).sum();
    // In the window the SP issues on every other slot and the SFU on the others.
    let spn = mix.drv.log.slots_of(class::SP).iter().filter(|&&s| s >= s0 && s < s0 + slots).count() as u64;
    let sfn = mix.drv.log.slots_of(class::SFUMUL).iter().filter(|&&s| s >= s0 && s < s0 + slots).count() as u64;
    assert!(slots >= 150, "window {slots}");
    assert_eq!(spn + sfn, slots, "one issue per slot");
    assert!(spn.abs_diff(sfn) <= 1);
    let mix_rate = fl as f64 / (2 * slots) as f64;
    let (b0, bslots, _) = rate(&base.drv.log, 2);
    let bslots = bslots / 2 * 2;
    let bfl: u64 = base.drv.log.issues.iter().filter(|e| e.slot >= b0 && e.slot < b0 + bslots && e.class == class::SP).count() as u64 * 64;
    let base_rate = bfl as f64 / (2 * bslots) as f64;
    eprintln!("MAD + mul.f32: {mix_rate:.3} flops/clock over {slots} slots; MAD only: {base_rate:.3} over {bslots} slots");
    assert_eq!(base_rate, 16.0);
    assert_eq!(mix_rate, 24.0);
    // Exactly: over a whole number of 4-clock periods the counts are 1 MAD + 1 MUL each.
    let k = slots / 2;
    assert_eq!((spn.min(sfn), k), (k, k));
}

/// "The two SFUs execute special function instructions at a quarter the simple
/// instruction rate of the eight SPs."
#[test]
fn sfu_special_functions_sustain_a_quarter_rate() {
    let body: Vec<String> = (0..12).map(|k| format!("sfu r{} <- r20 lat 20", k % 4)).collect();
    let ls = run(&script(".cta 8", &body));
    let s = ls.drv.log.slots_of(class::SFU);
    let steady = &s[2..s.len() - 2];
    for p in steady.windows(2) {
        assert_eq!(2 * (p[1] - p[0]), 16, "an SFU warp-instruction every 16 SP clocks: {p:?}");
    }
    // 32 results per 16 clocks = 2 per clock, a quarter of the SPs' 8 per clock.
    let busy: Vec<(u64, u8)> = s.iter().map(|&x| (x, 8)).collect();
    assert_eq!(Log::idle_clocks(&busy, steady[0], *steady.last().unwrap()), 0);
    eprintln!("SFU: {} special-function warp-instructions, one per 16 SP clocks (2 results/clock)", s.len());
}

// ---------------------------------------------------------------- divergence

const F: u32 = u32::MAX;

#[test]
fn if_else_runs_the_taken_path_first_then_reconverges() {
    let ls = run("
        .cta 1
              sp r1 <- r2 lat 3
              @p0 bra ELSE rpc JOIN taken 0x0000ffff
              sp r3 <- r1 lat 3
              bra JOIN
        ELSE: sp r4 <- r1 lat 3
        JOIN: sp r5 <- r1 lat 3
              exit");
    assert_eq!(
        seq(&ls.drv.log, 0),
        vec![(0, F), (1, F), (4, 0x0000ffff), (2, 0xffff0000), (3, 0xffff0000), (5, F), (6, F)]
    );
}

#[test]
fn nested_if_else_three_deep() {
    let ls = run("
        .cta 1
                @p0 bra A_ELSE rpc A_JOIN taken 0x0000ffff
                @p1 bra B_ELSE rpc B_JOIN taken 0x00ff00ff
                @p2 bra C_ELSE rpc C_JOIN taken 0x0f0f0f0f
                sp r1 <- r2 lat 3
                bra C_JOIN
        C_ELSE: sp r1 <- r2 lat 3
        C_JOIN: sp r1 <- r2 lat 3
                bra B_JOIN
        B_ELSE: sp r1 <- r2 lat 3
        B_JOIN: sp r1 <- r2 lat 3
                bra A_JOIN
        A_ELSE: sp r1 <- r2 lat 3
        A_JOIN: exit");
    assert_eq!(
        seq(&ls.drv.log, 0),
        vec![
            (0, F),
            (11, 0x0000ffff),
            (1, 0xffff0000),
            (8, 0x00ff0000),
            (2, 0xff000000),
            (5, 0x0f000000),
            (3, 0xf0000000),
            (4, 0xf0000000),
            (6, 0xff000000),
            (7, 0xff000000),
            (9, 0xffff0000),
            (10, 0xffff0000),
            (12, F)
        ]
    );
}

#[test]
fn loop_with_per_thread_trip_counts_does_not_grow_the_stack() {
    let trips: Vec<String> = (0..32).map(|l| (l % 4).to_string()).collect();
    let ls = run(&format!(
        "
        .cta 1
        TOP:  sp r1 <- r1 lat 3
              @p0 bra TOP rpc NEXT taken trips({})
        NEXT: exit",
        trips.join(",")
    ));
    assert_eq!(
        seq(&ls.drv.log, 0),
        vec![(0, F), (1, F), (0, 0xeeeeeeee), (1, 0xeeeeeeee), (0, 0xcccccccc), (1, 0xcccccccc), (0, 0x88888888), (1, 0x88888888), (2, F)]
    );
}

#[test]
fn early_exit_of_some_threads() {
    let ls = run("
        .cta 1
              sp r1 <- r2 lat 3
              @p0 exit when 0x0000000f
              @p1 bra ELSE rpc JOIN taken 0x000000ff
              sp r1 <- r2 lat 3
              @p2 exit
              bra JOIN
        ELSE: sp r1 <- r2 lat 3
        JOIN: sp r1 <- r2 lat 3
              exit");
    assert_eq!(
        seq(&ls.drv.log, 0),
        vec![(0, F), (1, F), (2, 0xfffffff0), (6, 0x000000f0), (3, 0xffffff00), (4, 0xffffff00), (7, 0x000000f0), (8, 0x000000f0)]
    );
}

// ------------------------------------------- agreement with the golden functional SM

fn asm_kernel(src: &str, regs: u32) -> Kernel {
    Kernel {
        file: "asm".into(),
        name: "k".into(),
        code: assemble(src).unwrap_or_else(|e| panic!("{e:?}")),
        src: vec![],
        regs_per_thread: regs,
        preds_per_thread: 7,
        params: vec![],
        param_bytes: 0,
        shared_vars: vec![],
        shared_bytes: 0,
        local_bytes: 0,
        const_vars: vec![],
        const_bytes: 0,
        const_init: vec![],
        global_vars: vec![],
    }
}

/// Runs `g` on the scheduler (lock step with hw when `hw`) and checks every warp's
/// (PC, mask) sequence against the functional SM's.
fn agree(g: &GsmRun, hw: bool) -> Exported {
    let mut ls = Exported::new(T, g.prog.clone(), g.plan.clone(), g.guard_source(), DriverOpts::default(), hw, false).unwrap();
    ls.run(4_000_000).unwrap_or_else(|e| panic!("{e}"));
    g.check(&ls.drv.log).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ls.drv.log.issues.len() as u64, g.warp_instrs);
    ls
}

/// The four shapes above as heddle microcode with per-thread data (lane ids), run by the
/// golden functional SM and by the scheduler.
#[test]
fn microcode_divergence_agrees_with_the_functional_sm() {
    let kernels = [
        // if/else
        "s2r r0, %laneid
         movi r1, 16
         isetp.lt.u32 p0, r0, r1
         @p0 bra ELSE, JOIN
         iadd r2, r0, r1
         bra.uni JOIN, 0
         ELSE: isub r2, r0, r1
         JOIN: iadd r3, r2, r2
         exit",
        // nested 3 deep, both sides
        "s2r r0, %laneid
         movi r1, 16
         movi r4, 8
         movi r5, 3
         and r6, r0, r5
         isetp.lt.u32 p0, r0, r1
         isetp.lt.u32 p1, r6, r5
         isetp.eq.u32 p2, r6, r4
         @p0 bra AE, AJ
         @p1 bra BE, BJ
         @p2 bra CE, CJ
         iadd r2, r0, r1
         bra.uni CJ, 0
         CE: iadd r2, r0, r4
         CJ: iadd r2, r2, r2
         bra.uni BJ, 0
         BE: @p2 bra DE, DJ
         iadd r2, r0, r5
         bra.uni DJ, 0
         DE: isub r2, r0, r5
         DJ: iadd r2, r2, r1
         BJ: iadd r3, r2, r2
         bra.uni AJ, 0
         AE: isub r3, r0, r1
         AJ: exit",
        // loop with per-thread trip counts (lane & 7), an if inside
        "s2r r0, %laneid
         movi r1, 7
         and r2, r0, r1
         movi r3, 0
         movi r4, 1
         TOP: iadd r3, r3, r4
         isetp.eq.u32 p1, r3, r4
         @p1 bra SKIP, SKIP
         iadd r5, r3, r3
         SKIP: isetp.lt.u32 p0, r3, r2
         @p0 bra TOP, NEXT
         NEXT: exit",
        // early exit of some threads, an exit branch with reconvergence at the exit
        "s2r r0, %laneid
         movi r1, 5
         movi r6, 20
         isetp.lt.u32 p0, r0, r1
         @p0 exit
         isetp.gt.u32 p1, r0, r6
         @p1 bra OUT, 16777215
         movi r2, 3
         and r3, r0, r2
         isetp.eq.u32 p2, r3, r2
         @p2 bra E2, J2
         iadd r4, r0, r0
         @p2 exit
         bra.uni J2, 0
         E2: exit
         J2: iadd r5, r0, r0
         exit
         OUT: exit",
    ];
    for (i, src) in kernels.iter().enumerate() {
        let k = asm_kernel(src, 8);
        for block in [32u32, 72] {
            let l = Launch { grid: [2, 1, 1], block: [block, 1, 1], ..Default::default() };
            let g = GsmRun::run(&k, &l, &mut GlobalMem::default(), &Lats::default()).unwrap_or_else(|e| panic!("kernel {i}: {e}"));
            let ls = agree(&g, true);
            eprintln!("microcode kernel {i}, block {block}: {} warp-instructions agree ({} clocks)", g.warp_instrs, ls.clocks);
        }
    }
}

/// The example kernels (clang-14 PTX through the translator): every warp's PC and mask
/// sequence on the scheduler equals the functional SM's (golden model; one kernel also
/// with the hw block in lock step).
#[test]
fn example_kernels_agree_with_the_functional_sm() {
    let dir = format!("{}/../examples/kernels/launch", env!("CARGO_MANIFEST_DIR"));
    let mut total = 0;
    for name in ["nested_divergence", "loop_tripcount", "bitonic_sort", "reduction", "matmul_tiled", "histogram", "vector_add", "saxpy", "transpose_padded"] {
        let g = GsmRun::from_launch_file(std::path::Path::new(&format!("{dir}/{name}.json")), &Lats::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let ls = agree(&g, name == "nested_divergence");
        total += g.warp_instrs;
        eprintln!("{name}: {} warps, {} warp-instructions, {} barriers released, agree ({} clocks)", g.expect.len(), g.warp_instrs, ls.drv.log.bar_rel.len(), ls.clocks);
    }
    assert!(total > 10_000, "{total}");
}

/// The agreement check itself catches a wrong stack order (planted: not-taken path first).
#[test]
fn agreement_check_catches_a_planted_path_order_bug() {
    let dir = format!("{}/../examples/kernels/launch", env!("CARGO_MANIFEST_DIR"));
    let g = GsmRun::from_launch_file(std::path::Path::new(&format!("{dir}/nested_divergence.json")), &Lats::default()).unwrap();
    let mut ls = Exported::new(T, g.prog.clone(), g.plan.clone(), g.guard_source(), DriverOpts::default(), false, false).unwrap();
    ls.plant(Bugs { not_taken_first: true, ..Bugs::default() });
    let r = ls.run(4_000_000).map_err(|e| e.to_string()).and_then(|_| g.check(&ls.drv.log));
    assert!(r.is_err(), "the planted bug went unnoticed");
    eprintln!("planted not-taken-first: {}", r.unwrap_err());
}

// ---------------------------------------------------------------- barriers and faults

#[test]
fn barrier_waits_for_every_warp_and_releases_them_together() {
    // Warp k runs the loop k + 1 times before the barrier (whole-warp outcomes).
    let ls = run("
        .cta 4
        TOP: sp r1 <- r1 lat 6
             @p0 bra TOP rpc B taken trips(0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3)
        B:   bar
             sp r2 <- r1 lat 3
             exit");
    let log = &ls.drv.log;
    assert_eq!(log.bar_rel.len(), 1);
    let bars: Vec<u64> = (0..4).map(|w| log.of_launch(w).iter().find(|e| e.class == class::BAR).unwrap().slot).collect();
    let after: Vec<u64> = (0..4).map(|w| log.of_launch(w).iter().find(|e| e.pc == 3).unwrap().slot).collect();
    let last = *bars.iter().max().unwrap();
    let rel = log.bar_rel[0].0;
    // Released in the slot that resolved the last arrival; nobody passed before.
    assert_eq!(rel, last + 1);
    assert!(after.iter().all(|&a| a > rel), "bar {bars:?} release {rel} after {after:?}");
    // Waiting warps are not eligible: the first post-barrier issues follow the release
    // back to back (one per slot; the SP takes one every 2 slots).
    let mut a = after.clone();
    a.sort();
    assert!(a[0] <= rel + 2 && a[3] - a[0] <= 6, "{a:?}");
    eprintln!("barrier: arrivals at slots {bars:?}, release at {rel}, next instructions at {after:?}");
}

#[test]
fn exited_warps_do_not_deadlock_a_barrier() {
    // Warps 0 and 2 exit before the barrier; warp 3 exits while 1 waits: released then.
    let ls = run("
        .cta 4
           sp r1 <- r2 lat 3
           @p0 exit when warps(0xffffffff, 0, 0xffffffff, 0)
           @p1 bra L rpc B taken warps(0, 0, 0, 0xffffffff)
           bar
           sp r1 <- r2 lat 3
           exit
        L: sp r1 <- r2 lat 20
           exit
        B: exit");
    let log = &ls.drv.log;
    assert_eq!(log.bar_rel.len(), 1, "{:?}", log.bar_rel);
    let w1: Vec<u32> = log.of_launch(1).iter().map(|e| e.pc).collect();
    assert_eq!(w1, vec![0, 1, 2, 3, 4, 5]);
    let exit3 = log.of_launch(3).last().unwrap().slot;
    assert_eq!(log.bar_rel[0].0, exit3 + 1, "released when the last warp exits");
    assert_eq!(log.cta_done.len(), 1);
}

fn first_fault(ls: &Exported) -> (u8, u8, u32) {
    let f = ls.drv.log.faults.first().unwrap_or_else(|| panic!("no fault"));
    (f.1, f.2, f.3)
}

fn run_fault(src: &str) -> Exported {
    let opts = DriverOpts { clear_after_fault: None, ..Default::default() };
    let s = text::parse(src).unwrap();
    let mut ls = Exported::new(T, s.prog, s.plan, Guards::Script, opts, true, false).unwrap();
    for _ in 0..400 {
        ls.cycle().unwrap_or_else(|e| panic!("{e}"));
    }
    ls
}

#[test]
fn divergent_barrier_is_reported() {
    let ls = run_fault("
        .cta 2
           @p0 bra L rpc L taken 0x0000ffff
           bar
        L: exit");
    assert_eq!(first_fault(&ls), (fault::DIVERGENT_BARRIER, 0, 1));
    // A predicated barrier executed by only some threads is divergent too.
    let ls = run_fault(".cta 1\n@p0 bar when 0x1\nexit");
    assert_eq!(first_fault(&ls), (fault::DIVERGENT_BARRIER, 0, 0));
}

#[test]
fn uniform_branch_that_diverges_is_reported() {
    let ls = run_fault(".cta 1\n@p0 bra L rpc L uni taken 0xff\nsp r1 <- r2\nL: exit");
    assert_eq!(first_fault(&ls), (fault::UNIFORM_DIVERGED, 0, 0));
}

/// 15 nested divergent if/else fill a 32-entry stack (each pushes its reconvergence entry
/// and its not-taken path below the taken path: 1 + 2 x 15 = 31 entries); the 16th would
/// need 33: reported, nothing pushed, the warp halted.
#[test]
fn stack_overflow_is_reported_not_corrupted() {
    let mut s = String::from(".cta 1\n");
    for k in 0..16 {
        s += &format!("B{k}: @p0 bra B{} rpc J{k} taken 0x{:08x}\nsp r1 <- r2\nbra J{k}\n", k + 1, !(1u32 << k));
    }
    s += "B16: sp r1 <- r2\n";
    for k in (0..16).rev() {
        s += &format!("J{k}: sp r1 <- r2\n");
    }
    s += "exit\n";
    let ls = run_fault(&s);
    assert_eq!(first_fault(&ls), (fault::STACK_OVERFLOW, 0, 45));
    let w = &ls.model.warps[0];
    assert_eq!((w.sp, w.pc, w.mask), (30, 45, !0x7fffu32), "the stack is unchanged");
    assert_eq!(w.st, heddle_sim::golden::warp_sched::state::FAULT);
    // Half the depth: no fault (the same program on 8 levels).
    let mut s = String::from(".cta 1\n");
    for k in 0..8 {
        s += &format!("B{k}: @p0 bra B{} rpc J{k} taken 0x{:08x}\nsp r1 <- r2\nbra J{k}\n", k + 1, !(1u32 << k));
    }
    s += "B8: sp r1 <- r2\n";
    for k in (0..8).rev() {
        s += &format!("J{k}: sp r1 <- r2\n");
    }
    s += "exit\n";
    let ls = run(&s);
    assert!(ls.drv.log.faults.is_empty());
    assert_eq!(ls.drv.log.cta_done.len(), 1);
    assert_eq!(*seq(&ls.drv.log, 0).last().unwrap(), (3 * 8 + 1 + 8, F), "reconverged at the exit");
}

/// One warp (`mask`, launched at `pc`) over the one-instruction program `i`, run `clocks`
/// clocks in lock step without clearing after a fault.
fn one_warp(i: SInst, pc: u32, mask: u32, clocks: usize) -> Exported {
    let prog = Program { code: vec![PInst::new(i)] };
    let plan = vec![CtaPlan { warps: vec![WarpPlan { wtype: 0, pc, mask }] }];
    let opts = DriverOpts { clear_after_fault: None, ..Default::default() };
    let mut ls = Exported::new(T, prog, plan, Guards::Script, opts, true, false).unwrap();
    for _ in 0..clocks {
        ls.cycle().unwrap_or_else(|e| panic!("one warp at pc {pc:#x}, mask {mask:#x}: {e}"));
    }
    ls
}

/// A PC that reaches the bottom entry's reconvergence point (2^24 - 1) pops an empty
/// stack: reported.
#[test]
fn stack_underflow_is_reported() {
    let i = SInst { class: class::BRA, guard: NO_GUARD, lat: 1, target: MAX_PC, brpc: 1, uni: true, ..Default::default() };
    let ls = one_warp(i, 0, F, 40);
    assert_eq!(first_fault(&ls), (fault::STACK_UNDERFLOW, 0, MAX_PC));
}

/// A warp launched at PC 2^24 - 1 (the bottom entry's reconvergence point) has a top that
/// must be popped before anything is fetched: the stack engine pops its empty stack, a
/// fault. The hardware keeps each warp's "pop needed" bit beside its top of stack
/// (`WarpTable::v_need`) and computes a launch's from the launch's PC and mask, a path no
/// random stream takes (their launches start at a kernel's entry). (A launch with no
/// threads is refused as a bad launch, fault 5, by both models.)
#[test]
fn a_launch_at_the_reconvergence_point_faults_at_once() {
    for mask in [F, 1, 0x8000_0000] {
        let i = SInst { class: class::EXIT, guard: NO_GUARD, lat: 1, ..Default::default() };
        let ls = one_warp(i, MAX_PC, mask, 40);
        assert_eq!(first_fault(&ls), (fault::STACK_UNDERFLOW, 0, MAX_PC), "launch mask {mask:#x}");
        assert!(ls.drv.log.of_launch(0).is_empty(), "nothing issued");
    }
}

#[test]
fn bad_launches_and_cta_starts_are_reported() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 1..20u64 {
        let opts = DriverOpts { bad_ports: 1000, clear_after_fault: None, seed, ..Default::default() };
        let s = text::parse(".cta 2\nsp r1 <- r2\nexit").unwrap();
        let mut ls = Exported::new(T, s.prog, s.plan, Guards::Script, opts, true, false).unwrap();
        for _ in 0..20 {
            ls.cycle().unwrap();
        }
        let f = *ls.drv.log.faults.first().expect("a fault");
        assert!(f.1 == fault::BAD_LAUNCH || f.1 == fault::BAD_CTA, "{f:?}");
        seen.insert(f.1);
    }
    assert_eq!(seen.len(), 2);
}

// ---------------------------------------------------------------- fairness

/// A low-priority warp competing with high-priority ones for the SPs is selected after at
/// most `urgent_after + warps - 1` denials; without urgency (planted) it starves.
#[test]
fn no_ready_warp_starves() {
    // Warp type 1 has priority 3, type 0 priority 0. 7 high-priority warps and one victim,
    // all independent SP streams: every SP slot has 7 high-priority candidates.
    let hi: Vec<String> = (0..60).map(|k| format!("sp r{} <- r20 lat 3", k % 8)).collect();
    let src = format!(".cta 7 type=1\n.cta 1 type=0 pc=V\n{}\nexit\nV: {}\nexit\n", hi.join("\n"), hi[..20].join("\n"));
    let opts = DriverOpts { prio_type: 0b0000_1100, ..Default::default() };
    let ls = run_with(&src, opts.clone(), true);
    let bound = ls.model.cfg.denial_bound();
    let victim = ls.drv.log.launches.iter().position(|l| l.2 == 1).unwrap();
    let vs = slots_by_warp(&ls.drv.log, 8, class::SP)[victim].clone();
    assert_eq!(vs.len(), 20);
    eprintln!("victim issues at slots {vs:?}; max denials {} (bound {bound}), longest wait {} slots", ls.drv.log.max_denials, ls.drv.log.max_wait_slots);
    assert!(ls.drv.log.max_denials <= bound);
    // The victim waits, but far less than the 420 slots the high-priority streams need.
    assert!(vs[0] < 100, "{vs:?}");
    // Planted: no urgency. The victim issues only once the others have finished.
    let s = text::parse(&src).unwrap();
    let mut g = Exported::new(T, s.prog, s.plan, Guards::Script, opts, false, false).unwrap();
    g.plant(Bugs { no_urgency: true, ..Bugs::default() });
    g.run(400_000).unwrap();
    let others_done = (0..8).filter(|&l| l != victim).map(|l| g.drv.log.of_launch(l).last().unwrap().slot).max().unwrap();
    let v0 = g.drv.log.of_launch(victim)[0].slot;
    eprintln!("without urgency: the victim's first issue at slot {v0}, max denials {}", g.drv.log.max_denials);
    assert!(g.drv.log.max_denials > bound && v0 + 20 > others_done, "starvation not shown: {v0} {others_done}");
}

// ---------------------------------------------------------------- random streams

/// Random scripts (every class, dependences, divergence, loops, exits, barriers, faults,
/// `clear`, junk on ignored inputs, random mem_ready and priorities): the hw block equals
/// the golden model on every output of every clock, 120,000 clocks on the 24-warp block
/// and 40,000 on a 4-warp, depth-4, 2-entry, 2-CTA one; the fairness bound holds.
#[test]
fn random_streams_match_the_golden_model() {
    let mut total = 0;
    let mut faults = std::collections::BTreeMap::new();
    for seed in 1..=4u64 {
        let mut rng = Rng::new(seed);
        let ro = RandomOpts::default();
        let (prog, plan) = random_script(&mut rng, RandomOpts { faults: seed % 2 == 0, ..ro });
        let opts = random_opts(&mut rng, seed);
        let mut ls = Exported::new(T, prog, plan, Guards::Script, opts, true, false).unwrap();
        let scripts = random_streams(&mut ls, &mut rng, 30_000, ro).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let log = &ls.drv.log;
        assert!(log.max_denials <= ls.model.cfg.denial_bound(), "seed {seed}: {} denials", log.max_denials);
        for f in &log.faults {
            *faults.entry(heddle_sim::sched::fault_name(f.1)).or_insert(0) += 1;
        }
        eprintln!(
            "seed {seed}: {} clocks, {scripts} scripts, {} issues, {} CTAs done, {} barrier releases, {} faults, max denials {}, {:.0} clocks/s",
            ls.clocks,
            log.issues.len(),
            log.cta_done.len(),
            log.bar_rel.len(),
            log.faults.len(),
            log.max_denials,
            ls.speed()
        );
        assert!(log.issues.len() > 10_000 && log.cta_done.len() > 10);
        total += ls.clocks;
    }
    // A small configuration: stack depth 4 overflows, 2 scoreboard entries fill up.
    type Small = Tiny;
    let t = IssueTiming { occ_sfu: 6, occ_fma: 5, urgent_after: 3, ..T };
    let mut rng = Rng::new(99);
    let ro = RandomOpts { max_cta_warps: 4, ctas: 6, ..Default::default() };
    let (prog, plan) = random_script(&mut rng, ro);
    let opts = random_opts(&mut rng, 99);
    let mut ls = Small::new(t, prog, plan, Guards::Script, opts, true, false).unwrap();
    random_streams(&mut ls, &mut rng, 40_000, ro).unwrap_or_else(|e| panic!("small: {e}"));
    for f in &ls.drv.log.faults {
        *faults.entry(heddle_sim::sched::fault_name(f.1)).or_insert(0) += 1;
    }
    total += ls.clocks;
    eprintln!("small config: {} clocks, {} issues; faults over all runs: {faults:?}", ls.clocks, ls.drv.log.issues.len());
    assert!(total >= 100_000);
    for k in ["stack-overflow", "divergent-barrier", "uniform-diverged"] {
        assert!(faults.contains_key(k), "{k} never happened: {faults:?}");
    }
}

/// Each planted golden-model bug makes the lock-step comparison fail.
#[test]
fn planted_bugs_are_caught() {
    let bugs = [
        ("scoreboard ignores the guard", Bugs { ignore_guard_dep: true, ..Bugs::default() }),
        ("not-taken path first", Bugs { not_taken_first: true, ..Bugs::default() }),
        ("no urgency", Bugs { no_urgency: true, ..Bugs::default() }),
        ("SFU occupancy one slot short", Bugs { sfu_occ_short: true, ..Bugs::default() }),
        ("barrier ignores exited warps", Bugs { bar_ignores_exited: true, ..Bugs::default() }),
    ];
    for (what, b) in bugs {
        let mut rng = Rng::new(5);
        let ro = RandomOpts::default();
        let (prog, plan) = random_script(&mut rng, ro);
        let opts = random_opts(&mut rng, 5);
        let mut ls = Exported::new(T, prog, plan, Guards::Script, opts, true, false).unwrap();
        ls.plant(b);
        let r = random_streams(&mut ls, &mut rng, 20_000, ro);
        let e = r.expect_err(what);
        eprintln!("planted {what}: caught at clock {}: {}", ls.clocks, e.to_string().chars().take(160).collect::<String>());
    }
}

// ---------------------------------------------------------------- Verilog

/// The exported Verilog equals the Rust model in Verilator (random streams) and in Icarus
/// (the first steps).
#[test]
fn exported_verilog_matches_in_verilator_and_icarus() {
    let replays = Replays { verilator: true, icarus_steps: 3_000, gate: false, icarus_gate_steps: 0 };
    let s = runners::run("warp_sched", 20_000, 7, replays).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{s}");
    assert_eq!(s.replays.len(), 2);
}

// ---------------------------------------------------------------- the front end

#[test]
fn script_errors_name_line_and_column() {
    for (src, want) in [
        (".cta 1\nfoo r1", "2:1: unknown operation `foo`"),
        (".cta 1\nsp r1 <- r2 lat 99", "2:17: latency is 0..=63 slots"),
        (".cta 1\n@p9 sp r1", "2:1: bad guard `@p9` (@p0..@p6)"),
        (".cta 1\nbra NOWHERE\n", "2:5: undefined label `NOWHERE`"),
        (".cta 1\nmem r1 <- r2 lat 0", "2:1: a `lat 0` memory instruction needs `mem N` (slots until the release)"),
        (".cta 40\nexit", "1:6: bad warp count `40` (1..=32)"),
        ("exit", "the script launches nothing (add `.cta N`)"),
        (".cta 1\nsp r1 <- r2 taken 0xff", "2:1: an outcome needs a guard predicate (@pN)"),
    ] {
        assert_eq!(text::parse(src).unwrap_err(), want, "{src}");
    }
    let s = text::parse(".cta 2 type=3\n@!p2 bra L rpc exit uni taken warps(1, 2)\nL: fma r4:2 <- r2:2, r6:2 lat 16\nexit").unwrap();
    assert_eq!(s.prog.code[0].inst.brpc, MAX_PC);
    assert_eq!(s.prog.code[0].outcome, Outcome::WarpMasks(vec![1, 2]));
    assert_eq!(s.prog.code[1].inst.dst, Opnd::regs(4, 1));
    assert_eq!(s.plan.len(), 1);
    assert_eq!(s.plan[0].warps[1].wtype, 3);
}
