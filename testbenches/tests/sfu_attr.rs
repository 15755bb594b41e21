//! Planar attribute interpolation (hw/src/sfu/attr/mod.rs; docs/sfu.md): the hw block against
//! the golden model (exact integer arithmetic, one rounding) on directed quads (exact
//! cancellation, ties decided by a tiny term, each threshold of the summation window,
//! zero signs, infinities, NaN, overflow, flush) and random quads biased to cancellation,
//! in Rust, Verilator and Icarus; planted bugs caught. Larger runs: `heddle cosim sfu_attr`.
use heddle_sim::cosim::CosimError;
use heddle_sim::runners::sfu::{attr_directed, attr_random, attr_run_stream};
use heddle_sim::runners::Replays;
use heddle_sim::sfu::attr::{self, AttrIn};

fn verilog() -> String {
    heddle_sim::export::block_verilog("sfu_attr").unwrap()
}

#[test]
fn attr_directed_and_random_cosim() {
    let stream: Vec<AttrIn> = attr_directed().into_iter().chain(attr_random(21).take(40_000)).collect();
    let n = stream.len() as u64;
    let r = Replays { verilator: true, icarus_steps: 4_000, gate: false, icarus_gate_steps: 0 };
    let s = attr_run_stream(&verilog(), stream.into_iter(), n, 21, attr::quad, r).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.replays.len(), 2);
}

/// The golden model is one rounding of the exact value: two roundings (A x + B y rounded,
/// then + C rounded) differ on the directed set and are caught.
#[test]
fn planted_golden_double_rounding_is_caught() {
    fn double_rounding(q: &AttrIn) -> [u32; 4] {
        let mut out = attr::quad(q);
        // (A x + B y) first, rounded, then + C: emulate with the model on C = 0 then add
        for (k, (i, j)) in [(0, 0), (1, 0), (0, 1), (1, 1)].into_iter().enumerate() {
            let p = attr::pixel(&AttrIn { c: 0, ..*q }, i, j);
            out[k] = attr::pixel(&AttrIn { a: p, b: 0, c: q.c, qx: 0, qy: 0 }, 0, 0);
            // that computed p * 0.5 + C: undo the half pixel by doubling p's exponent
            let pe = (p >> 23) & 0xFF;
            if pe > 0 && pe < 254 && p & 0x7FFF_FFFF != 0 {
                out[k] = attr::pixel(&AttrIn { a: p + (1 << 23), b: 0, c: q.c, qx: 0, qy: 0 }, 0, 0);
            }
        }
        out
    }
    let d = attr_directed();
    let n = d.len() as u64;
    let r = Replays { verilator: false, icarus_steps: 0, gate: false, icarus_gate_steps: 0 };
    let e = attr_run_stream(&verilog(), d.into_iter(), n, 1, double_rounding, r).expect_err("double rounding not caught");
    assert!(matches!(e, CosimError::RustModel(_)), "{e}");
}

/// A planted bug in the exported Verilog's window (t3 kept exactly only up to d2 + 40
/// places below t1 instead of d2 + 64) is caught by the Verilator replay.
#[test]
fn planted_window_bug_is_caught() {
    let v = verilog();
    let good = "in_d3 = (d <= 10'd64);";
    assert!(v.contains(good));
    let planted = v.replace(good, "in_d3 = (d <= 10'd40);");
    let stream: Vec<AttrIn> = attr_directed().into_iter().chain(attr_random(4).take(20_000)).collect();
    let n = stream.len() as u64;
    let r = Replays::verilator_only();
    let e = attr_run_stream(&planted, stream.into_iter(), n, 4, attr::quad, r).expect_err("planted window bug not caught");
    assert!(e.as_mismatch().is_some(), "{e}");
}
