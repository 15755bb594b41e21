//! The SP datapath (the core the SM instantiates 8 times): random operation streams over
//! every op code, modifier, rounding mode and condition, checked against the golden model
//! at the documented latency (`SP_LATENCY` clocks), then co-simulated (Verilator RTL and gate level,
//! Icarus). Larger runs: `heddle cosim sp_datapath --vectors N`.
use heddle_sim::golden::sp_datapath::{exec, op, SpOp};
use heddle_sim::runners::{sp_datapath, Replays};

#[test]
fn sp_datapath_cosim() {
    let r = Replays { verilator: true, icarus_steps: 20_000, gate: true, icarus_gate_steps: 2_000 };
    let s = sp_datapath::sp_datapath(200_000, 21, r).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.steps, 400_000);
}

/// Decode details of the datapath's golden model, with hand-derived results.
#[test]
fn golden_decode() {
    let base = SpOp::default();
    // abs then neg on a: -|(-2.0)| = -2.0; 1.0 + -2.0 = -1.0.
    let o = SpOp { op: op::FADD, a: 0xC000_0000, b: 0x3F80_0000, mod_a: 3, ..base };
    assert_eq!(exec(&o), (0xBF80_0000, false));
    // .sat: 0.5 + 0.75 = 1.25 -> 1.0; -0.5 * 1 -> +0; NaN -> +0.
    assert_eq!(exec(&SpOp { op: op::FADD, a: 0x3F00_0000, b: 0x3F40_0000, sat: true, ..base }).0, 0x3F80_0000);
    assert_eq!(exec(&SpOp { op: op::FMUL, a: 0xBF00_0000, b: 0x3F80_0000, sat: true, ..base }).0, 0);
    assert_eq!(exec(&SpOp { op: op::FMUL, a: 0x7F80_0000, b: 0, sat: true, ..base }).0, 0);
    // rz only for rnd == 1: 1 + 2^-24 (a tie) rounds to even in rn and rm/rp codes alike.
    let o = SpOp { op: op::FADD, a: 0x3F80_0001, b: 0x3380_0000, ..base };
    assert_eq!(exec(&SpOp { rnd: 0, ..o }).0, 0x3F80_0002);
    assert_eq!(exec(&SpOp { rnd: 1, ..o }).0, 0x3F80_0001);
    assert_eq!(exec(&SpOp { rnd: 3, ..o }).0, 0x3F80_0002);
    // set.f32.lt: 1.0 / 0.0; setp writes ~0 and the predicate.
    assert_eq!(exec(&SpOp { op: op::FSET_F32, cmp: 2, a: 0, b: 0x3F80_0000, ..base }), (0x3F80_0000, true));
    assert_eq!(exec(&SpOp { op: op::FSETP, cmp: 2, a: 0x3F80_0000, b: 0, ..base }), (0, false));
    // Integer ops use the ALU codes; MOV passes a untouched (no modifiers).
    assert_eq!(exec(&SpOp { op: 0, a: 2, b: 3, ..base }), (5, false));
    assert_eq!(exec(&SpOp { op: op::MOV, a: 0x8000_0001, mod_a: 3, ..base }), (0x8000_0001, false));
    // Unused codes give 0.
    assert_eq!(exec(&SpOp { op: 47, a: 5, ..base }), (0, false));
}
