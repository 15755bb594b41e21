//! The first blocks of the SM (FP32 classify, FP32 unpack stage, valid pipeline): golden
//! model checks, and co-simulation of their exported Verilog in Verilator (RTL and gate
//! level) and Icarus. Larger sweeps: `heddle cosim <block> --vectors N`.
use heddle_sim::golden::fp32_classify::{classify, cross_check};
use heddle_sim::runners::{self, Replays};
use heddle_sim::vectors::{f32_random, f32_specials, Rng};

/// The golden classify model agrees with its independent oracles (`f32::classify` and the
/// value identity) on every special, with and without DAZ, and 10^6 random operands.
#[test]
fn golden_classify_matches_its_oracles() {
    let mut n = 0;
    for a in f32_specials() {
        for daz in [false, true] {
            cross_check(a, daz, &classify(a, daz)).unwrap();
            n += 1;
        }
    }
    let mut rng = Rng::new(42);
    for _ in 0..1_000_000 {
        let (a, daz) = (f32_random(&mut rng), rng.bool());
        cross_check(a, daz, &classify(a, daz)).unwrap();
        n += 1;
    }
    assert!(n > 1_000_000);
}

/// The oracle check itself can fail: a classify result with a planted error is rejected.
#[test]
fn golden_oracle_rejects_planted_errors() {
    let a = 0x0000_0001; // the smallest subnormal
    let good = classify(a, false);
    assert!(cross_check(a, false, &good).is_ok());
    let bad_exp = heddle_sim::golden::fp32_classify::Fp32Class { exp_eff: 0, ..good };
    assert!(cross_check(a, false, &bad_exp).is_err());
    let bad_zero = heddle_sim::golden::fp32_classify::Fp32Class { is_zero: true, ..good };
    assert!(cross_check(a, false, &bad_zero).is_err());
    let nan = 0x7f80_0001; // signalling
    let bad_snan = heddle_sim::golden::fp32_classify::Fp32Class { is_snan: false, ..classify(nan, false) };
    assert!(cross_check(nan, false, &bad_snan).is_err());
}

/// 10^6 operands (every special x DAZ first, then weighted random) through the Rust
/// model (checked against the golden model), then all of them in Verilator and Icarus, at
/// RTL and on the Yosys gate-level netlist (about 20 s, most of it Icarus).
#[test]
fn fp32_classify_cosim_1m() {
    let replays = Replays::all(1_000_000);
    let s = runners::fp32_classify(1_000_000, 1, replays).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.steps, 1_000_000);
    assert_eq!(s.replays.len(), 4);
    assert!(s.replays.iter().all(|r| r.steps == 1_000_000), "{s}");
}

#[test]
fn fp32_unpack_cosim() {
    let s = runners::fp32_unpack(200_000, 2, Replays::all(20_000)).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.steps, 400_000);
}

#[test]
fn valid_pipe_cosim() {
    let s = runners::valid_pipe(200_000, 3, Replays::all(20_000)).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.steps, 400_000);
}

#[test]
fn every_registered_block_has_a_runner() {
    for b in heddle_hw::blocks() {
        assert!(runners::RUNNERS.contains(&b.name), "block `{}` has no co-simulation runner", b.name);
    }
    assert!(runners::run("no_such_block", 1, 1, Replays::all(0)).is_err());
}
