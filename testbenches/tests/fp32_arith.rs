//! The G80 FP32 arithmetic blocks (add/sub, mul, mad, compare): TestFloat-style level 1 in
//! full, hw Rust model == golden == SoftFloat on every vector, then co-simulation of the
//! exported Verilog. Level 2 and 10^7 random vectors: `heddle cosim <block> --vectors N`.
use heddle_sim::runners::fp32_arith;
use heddle_sim::runners::Replays;

fn replays() -> Replays {
    Replays { verilator: true, icarus_steps: 20_000, gate: true, icarus_gate_steps: 5_000 }
}

#[test]
fn fp32_add_level1() {
    // 50,176 level-1 pairs x {add, sub} x {rn, rz}, plus random.
    let s = fp32_arith::fp32_add(250_000, 1, replays()).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
}

#[test]
fn fp32_mul_level1() {
    let s = fp32_arith::fp32_mul(150_000, 2, replays()).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
}

#[test]
fn fp32_mad_level1() {
    // 262,144 level-1 triples, plus random triples biased toward cancellation; then
    // 300,000 add/sub vectors (every level-1 pair and mode) through the same unit as the
    // SP's adder.
    let s = fp32_arith::fp32_mad(300_000, 3, replays()).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
}

#[test]
fn fp32_cmp_level1() {
    // 50,176 level-1 pairs x 16 conditions x {min, max}.
    let s = fp32_arith::fp32_cmp(1_605_632, 4, replays()).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
}

#[test]
fn mul24_exact() {
    let s = heddle_sim::runners::mul24(200_000, 5, replays()).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
}
