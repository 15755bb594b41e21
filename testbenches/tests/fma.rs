//! The FMA unit (hw/src/fma/mod.rs): directed cases, a level-1 subset of both formats in all
//! five modes, and random operations, each checked against the golden model and
//! SoftFloat at the documented latency, then co-simulated in Verilator (RTL and gate
//! level) and Icarus. Planted bugs prove the checks fail. Larger runs: `heddle cosim fma`
//! and `heddle fma-sweep`.
use heddle_sim::cosim::CosimError;
use heddle_sim::golden::fma::{Fmt, Rnd};
use heddle_sim::runners::fma::{directed, level1, random, run_stream, FmaVec, Oracle};
use heddle_sim::runners::Replays;

fn rtl_only() -> Replays {
    Replays::verilator_only()
}

fn verilog() -> String {
    heddle_sim::export::block_verilog("fma").unwrap()
}

#[test]
fn fma_directed_cosim() {
    let d = directed();
    let n = d.len() as u64;
    let r = Replays { verilator: true, icarus_steps: 2 * n, gate: false, icarus_gate_steps: 0 };
    let s = run_stream(&verilog(), d.into_iter(), n, 1, &Oracle::default(), r).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.steps, 2 * n);
}

#[test]
fn fma_level1_subset_f64_cosim() {
    // Every 16th level-1 triple in all five modes: 81,920 operations.
    let n = 262_144 / 16 * 5;
    let s = run_stream(&verilog(), level1(Fmt::F64, 16), n, 2, &Oracle::default(), rtl_only()).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.vectors, n);
}

#[test]
fn fma_level1_subset_f32_cosim() {
    let n = 262_144 / 16 * 5;
    let s = run_stream(&verilog(), level1(Fmt::F32, 16), n, 3, &Oracle::default(), rtl_only()).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.vectors, n);
}

#[test]
fn fma_random_cosim() {
    let n = 100_000;
    let s = run_stream(&verilog(), random(4, None), n, 4, &Oracle::default(), rtl_only()).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
}

/// A planted rounding bug in the exported Verilog (round-to-nearest drops the
/// ties-to-even rule) passes the Rust-side checks but fails the Verilator replay.
#[test]
fn planted_verilog_rounding_bug_is_caught_by_verilator() {
    let v = verilog();
    let good = "3'd0: inc = g & (st | q[0]);";
    assert!(v.contains(good));
    let planted = v.replace(good, "3'd0: inc = g & st;");
    let d = directed();
    let n = d.len() as u64;
    let e = run_stream(&planted, d.into_iter(), n, 1, &Oracle::default(), rtl_only()).expect_err("planted bug not caught");
    match &e {
        CosimError::Mismatch(m) => assert!(m.port == "y" || m.port == "flags", "{e}"),
        other => panic!("expected a Verilator mismatch, got {other}"),
    }
}

/// The Rust-side checks fail on a wrong expectation: a golden model that rounds ties away
/// where the unit rounds to even is reported against the hw model (SoftFloat off), and
/// against SoftFloat (SoftFloat on).
#[test]
fn planted_golden_bug_is_caught() {
    fn wrong(v: &FmaVec) -> (u64, u8) {
        let rnd = if v.rnd == Rnd::Rn { Rnd::Rna } else { v.rnd };
        FmaVec { rnd, ..*v }.golden()
    }
    let n = directed().len() as u64;
    let no_sf = Oracle { golden: wrong, softfloat: false };
    let e = run_stream(&verilog(), directed().into_iter(), n, 1, &no_sf, rtl_only()).expect_err("not caught");
    assert!(e.to_string().contains("disagrees with the golden model"), "{e}");
    let with_sf = Oracle { golden: wrong, softfloat: true };
    let e = run_stream(&verilog(), directed().into_iter(), n, 1, &with_sf, rtl_only()).expect_err("not caught");
    assert!(e.to_string().contains("disagrees with SoftFloat"), "{e}");
}

/// Integer conversions (both directions, both formats, every integer type and mode):
/// 10^5 random ones plus the directed set, checked against the golden model and
/// SoftFloat, replayed in Verilator and (the first 4,000 steps) Icarus.
#[test]
fn fma_int_conversions_cosim() {
    use heddle_sim::golden::fma::Op;
    use heddle_sim::runners::fma::int_conversions;
    let d: Vec<FmaVec> = directed().into_iter().filter(|v| v.op == Op::CvtI2F || v.op == Op::CvtF2I).collect();
    assert!(d.len() > 1000, "{} directed integer conversions", d.len());
    let n = d.len() as u64 + 100_000;
    let r = Replays { verilator: true, icarus_steps: 4_000, gate: false, icarus_gate_steps: 0 };
    let s = run_stream(&verilog(), d.into_iter().chain(int_conversions(12)), n, 12, &Oracle::default(), r).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.vectors, n);
}

/// A planted bug in the float-to-integer rounder's Verilog (a negative operand to an
/// unsigned type saturates to the maximum instead of 0) is caught by the Verilator replay.
#[test]
fn planted_f2i_saturation_bug_is_caught_by_verilator() {
    use heddle_sim::golden::fma::Op;
    let v = verilog();
    let good = "wire [63:0] sat = nan ? 64'd0 : (s ? (64'd0 - lim_neg[63:0]) : lim_pos[63:0]);";
    assert!(v.contains(good));
    let planted = v.replace(good, "wire [63:0] sat = nan ? 64'd0 : ((s & sgd) ? (64'd0 - lim_neg[63:0]) : lim_pos[63:0]);");
    let d: Vec<FmaVec> = directed().into_iter().filter(|v| v.op == Op::CvtF2I).collect();
    let n = d.len() as u64;
    let e = run_stream(&planted, d.into_iter(), n, 1, &Oracle::default(), rtl_only()).expect_err("planted bug not caught");
    match &e {
        CosimError::Mismatch(m) => assert_eq!(m.port, "y", "{e}"),
        other => panic!("expected a Verilator mismatch, got {other}"),
    }
}
