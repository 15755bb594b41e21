//! The SP integer ALU and its 32x32 multiplier: the golden model pinned on the corner
//! cases of docs/sp-numerics.md "Integer ALU" (expected values written by hand), the golden
//! model against an independent formulation, co-simulation of the exported Verilog, and
//! planted bugs in the exported Verilog that the harness must catch.
use heddle_sim::cosim::{Bench, CosimError, Mismatch};
use heddle_sim::golden::int_alu::{cmp, int_alu, mul32, op};
use heddle_sim::runners::int_alu::{int_alu_directed, int_alu_random, int_alu_vectors, IntAluVector, DIRECTED_LEN};
use heddle_sim::runners::{self, Replays};
use heddle_sim::vectors::Rng;
use std::cmp::Ordering;

const S: bool = true; // .s32
const U: bool = false; // .u32

/// y of a two-operand op (cmp 0, p_in false, c 0).
fn y(o: u32, s: bool, a: u32, b: u32) -> u32 {
    int_alu(o, s, 0, false, a, b, 0).0
}

/// y of a mad op.
fn mad(o: u32, s: bool, a: u32, b: u32, c: u32) -> u32 {
    int_alu(o, s, 0, false, a, b, c).0
}

/// p of setp.
fn setp(c: u32, s: bool, a: u32, b: u32) -> bool {
    let (y, p) = int_alu(op::SETP, s, c, false, a, b, 0);
    assert_eq!(y, if p { 0xffff_ffff } else { 0 }, "setp's y mirrors p");
    p
}

#[test]
fn golden_add_sub_and_saturation() {
    for s in [S, U] {
        assert_eq!(y(op::ADD, s, 0xffff_ffff, 1), 0);
        assert_eq!(y(op::ADD, s, 0x7fff_ffff, 1), 0x8000_0000);
        assert_eq!(y(op::SUB, s, 0, 1), 0xffff_ffff);
        assert_eq!(y(op::SUB, s, 0x8000_0000, 1), 0x7fff_ffff);
        // add.sat/sub.sat are .s32 whatever is_signed says.
        assert_eq!(y(op::ADD_SAT, s, 0x7fff_ffff, 1), 0x7fff_ffff, "positive overflow");
        assert_eq!(y(op::ADD_SAT, s, 0x4000_0000, 0x4000_0000), 0x7fff_ffff);
        assert_eq!(y(op::ADD_SAT, s, 0x8000_0000, 0xffff_ffff), 0x8000_0000, "negative overflow");
        assert_eq!(y(op::ADD_SAT, s, 0x8000_0000, 0x8000_0000), 0x8000_0000);
        assert_eq!(y(op::ADD_SAT, s, 0x7fff_ffff, 0x8000_0000), 0xffff_ffff, "no overflow");
        assert_eq!(y(op::ADD_SAT, s, 0xffff_ffff, 1), 0, "-1 + 1");
        assert_eq!(y(op::SUB_SAT, s, 0x8000_0000, 1), 0x8000_0000, "negative overflow");
        assert_eq!(y(op::SUB_SAT, s, 0x7fff_ffff, 0xffff_ffff), 0x7fff_ffff, "positive overflow");
        assert_eq!(y(op::SUB_SAT, s, 0, 0x8000_0000), 0x7fff_ffff, "0 - INT_MIN");
        assert_eq!(y(op::SUB_SAT, s, 0xffff_ffff, 0x8000_0000), 0x7fff_ffff, "-1 - INT_MIN exact");
        assert_eq!(y(op::SUB_SAT, s, 5, 7), 0xffff_fffe);
    }
}

#[test]
fn golden_mul_and_mad() {
    // mul.lo is the same for .s32 and .u32.
    for s in [S, U] {
        assert_eq!(y(op::MUL_LO, s, 0xffff_ffff, 0xffff_ffff), 1);
        assert_eq!(y(op::MUL_LO, s, 0xffff_ffff, 2), 0xffff_fffe);
        assert_eq!(y(op::MUL_LO, s, 0x1234_5678, 0x10), 0x2345_6780);
        assert_eq!(y(op::MUL_HI, s, 0x8000_0000, 0x8000_0000), 0x4000_0000, "2^62 both ways");
        assert_eq!(y(op::MUL_HI, s, 0x7fff_ffff, 0x7fff_ffff), 0x3fff_ffff);
    }
    // mul.hi with negative operands: signed vs unsigned.
    assert_eq!(y(op::MUL_HI, S, 0xffff_ffff, 0xffff_ffff), 0, "(-1)(-1) = 1");
    assert_eq!(y(op::MUL_HI, U, 0xffff_ffff, 0xffff_ffff), 0xffff_fffe, "0xfffffffe00000001");
    assert_eq!(y(op::MUL_HI, S, 0xffff_ffff, 2), 0xffff_ffff, "-2");
    assert_eq!(y(op::MUL_HI, U, 0xffff_ffff, 2), 1, "0x1fffffffe");
    assert_eq!(y(op::MUL_HI, S, 0x8000_0000, 1), 0xffff_ffff);
    assert_eq!(y(op::MUL_HI, U, 0x8000_0000, 1), 0);
    assert_eq!(y(op::MUL_HI, S, 0x8000_0000, 0x7fff_ffff), 0xc000_0000, "-2^62 + 2^31");
    assert_eq!(y(op::MUL_LO, S, 0x8000_0000, 0x7fff_ffff), 0x8000_0000);
    // mad.lo / mad.hi: product half + c, modulo 2^32.
    assert_eq!(mad(op::MAD_LO, U, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff), 0, "1 + 0xffffffff");
    assert_eq!(mad(op::MAD_LO, S, 3, 0xffff_fffb, 20), 5, "3 * -5 + 20");
    assert_eq!(mad(op::MAD_HI, U, 0xffff_ffff, 0xffff_ffff, 3), 1, "0xfffffffe + 3");
    assert_eq!(mad(op::MAD_HI, S, 0xffff_ffff, 2, 1), 0, "hi(-2) + 1");
    // The golden multiplier itself.
    assert_eq!(mul32(0xffff_ffff, 0xffff_ffff, U), (1, 0xffff_fffe));
    assert_eq!(mul32(0xffff_ffff, 0xffff_ffff, S), (1, 0));
    assert_eq!(mul32(0x8000_0000, 0x8000_0000, S), (0, 0x4000_0000));
    assert_eq!(mul32(0x8000_0000, 0xffff_ffff, S), (0x8000_0000, 0), "(-2^31)(-1) = 2^31");
    assert_eq!(mul32(0x8000_0000, 0xffff_ffff, U), (0x8000_0000, 0x7fff_ffff));
    assert_eq!(mul32(0x1234_5678, 0x9abc_def0, U), (0x242d_2080, 0x0b00_ea4e));
}

#[test]
fn golden_mul24_and_mad24() {
    // Bits above 24 are ignored: 3 * 5.
    for s in [S, U] {
        assert_eq!(y(op::MUL24_LO, s, 0xff00_0003, 0xab00_0005), 15);
        assert_eq!(y(op::MUL24_HI, s, 0xff00_0003, 0xab00_0005), 0);
        assert_eq!(y(op::MUL24_LO, s, 0x1280_0000, 0x3480_0000), 0, "(+-2^23)^2 = 2^46");
        assert_eq!(y(op::MUL24_HI, s, 0x1280_0000, 0x3480_0000), 0x4000_0000);
    }
    // 0x00ffffff is -1 as .s32 and 2^24 - 1 as .u32.
    assert_eq!(y(op::MUL24_LO, S, 0x00ff_ffff, 2), 0xffff_fffe);
    assert_eq!(y(op::MUL24_HI, S, 0x00ff_ffff, 2), 0xffff_ffff, "bits 47..16 of -2");
    assert_eq!(y(op::MUL24_LO, U, 0x00ff_ffff, 2), 0x01ff_fffe);
    assert_eq!(y(op::MUL24_HI, U, 0x00ff_ffff, 2), 0x0000_01ff);
    assert_eq!(y(op::MUL24_LO, U, 0x00ff_ffff, 0x00ff_ffff), 0xfe00_0001, "0xfffffe000001");
    assert_eq!(y(op::MUL24_HI, U, 0x00ff_ffff, 0x00ff_ffff), 0xffff_fe00);
    assert_eq!(y(op::MUL24_LO, S, 0x00ff_ffff, 0x00ff_ffff), 1);
    assert_eq!(y(op::MUL24_HI, S, 0x00ff_ffff, 0x00ff_ffff), 0);
    // Bit 23 set with a top byte of garbage: -2^23 * 3 = -0x1800000 as .s32.
    assert_eq!(y(op::MUL24_LO, S, 0x1280_0000, 0xff00_0003), 0xfe80_0000);
    assert_eq!(y(op::MUL24_HI, S, 0x1280_0000, 0xff00_0003), 0xffff_fe80);
    assert_eq!(y(op::MUL24_LO, U, 0x1280_0000, 0xff00_0003), 0x0180_0000);
    assert_eq!(y(op::MUL24_HI, U, 0x1280_0000, 0xff00_0003), 0x0000_0180);
    // mad24.lo / mad24.hi.
    assert_eq!(mad(op::MAD24_LO, S, 0x00ff_ffff, 2, 5), 3, "-2 + 5");
    assert_eq!(mad(op::MAD24_LO, U, 0x00ff_ffff, 2, 5), 0x0200_0003);
    assert_eq!(mad(op::MAD24_HI, S, 0x00ff_ffff, 2, 1), 0, "0xffffffff + 1");
    assert_eq!(mad(op::MAD24_HI, U, 0x00ff_ffff, 0x00ff_ffff, 0x200), 0);
    assert_eq!(mad(op::MAD24_LO, U, 0xff00_0003, 0x0100_0005, 0xffff_fff0), 0xffff_ffff, "15 - 16");
}

#[test]
fn golden_min_max_abs_neg() {
    assert_eq!(y(op::MIN, S, 0x8000_0000, 1), 0x8000_0000);
    assert_eq!(y(op::MIN, U, 0x8000_0000, 1), 1);
    assert_eq!(y(op::MAX, S, 0x8000_0000, 1), 1);
    assert_eq!(y(op::MAX, U, 0x8000_0000, 1), 0x8000_0000);
    assert_eq!(y(op::MIN, S, 0xffff_ffff, 0), 0xffff_ffff);
    assert_eq!(y(op::MIN, U, 0xffff_ffff, 0), 0);
    assert_eq!(y(op::MAX, S, 0x7fff_ffff, 0x8000_0000), 0x7fff_ffff);
    assert_eq!(y(op::MAX, U, 0x7fff_ffff, 0x8000_0000), 0x8000_0000);
    assert_eq!(y(op::MIN, S, 7, 7), 7);
    for s in [S, U] {
        assert_eq!(y(op::ABS, s, 0x8000_0000, 0), 0x8000_0000, "abs(INT_MIN) = INT_MIN");
        assert_eq!(y(op::ABS, s, 0xffff_ffff, 0), 1);
        assert_eq!(y(op::ABS, s, 0x8000_0001, 0), 0x7fff_ffff);
        assert_eq!(y(op::ABS, s, 5, 0), 5);
        assert_eq!(y(op::ABS, s, 0, 0), 0);
        assert_eq!(y(op::NEG, s, 0x8000_0000, 0), 0x8000_0000);
        assert_eq!(y(op::NEG, s, 1, 0), 0xffff_ffff);
        assert_eq!(y(op::NEG, s, 0, 0), 0);
        assert_eq!(y(op::NEG, s, 0x7fff_ffff, 0), 0x8000_0001);
    }
}

#[test]
fn golden_logic_cnot_selp() {
    let (a, b) = (0xf0f0_1234, 0x0ff0_ff00);
    assert_eq!(y(op::AND, S, a, b), 0x00f0_1200);
    assert_eq!(y(op::OR, U, a, b), 0xfff0_ff34);
    assert_eq!(y(op::XOR, S, a, b), 0xff00_ed34);
    assert_eq!(y(op::NOT, U, a, b), 0x0f0f_edcb);
    assert_eq!(y(op::CNOT, S, 0, 0xffff_ffff), 1);
    assert_eq!(y(op::CNOT, S, 1, 0), 0);
    assert_eq!(y(op::CNOT, U, 0x8000_0000, 0), 0);
    assert_eq!(y(op::CNOT, U, 0xffff_ffff, 0), 0);
    assert_eq!(int_alu(op::SELP, S, 0, true, 11, 22, 33), (11, false));
    assert_eq!(int_alu(op::SELP, U, 3, false, 11, 22, 33), (22, false));
}

#[test]
fn golden_shifts() {
    for s in [S, U] {
        assert_eq!(y(op::SHL, s, 1, 31), 0x8000_0000);
        assert_eq!(y(op::SHL, s, 1, 32), 0);
        assert_eq!(y(op::SHL, s, 1, 33), 0, "not 1 << 1");
        assert_eq!(y(op::SHL, s, 0xffff_ffff, 0xffff_ffff), 0);
        assert_eq!(y(op::SHL, s, 3, 0x8000_0001), 0, "the full 32-bit amount counts");
        assert_eq!(y(op::SHL, s, 0xffff_ffff, 0), 0xffff_ffff);
        assert_eq!(y(op::SHL, s, 0x1234_5678, 4), 0x2345_6780);
    }
    // shr.u32: logical.
    assert_eq!(y(op::SHR, U, 0x8000_0000, 31), 1);
    assert_eq!(y(op::SHR, U, 0x8000_0000, 32), 0);
    assert_eq!(y(op::SHR, U, 0x8000_0000, 33), 0);
    assert_eq!(y(op::SHR, U, 0xffff_ffff, 0xffff_ffff), 0);
    assert_eq!(y(op::SHR, U, 0xf000_0000, 4), 0x0f00_0000);
    assert_eq!(y(op::SHR, U, 0xffff_ffff, 0), 0xffff_ffff);
    // shr.s32: arithmetic; all sign bits once b >= 32.
    assert_eq!(y(op::SHR, S, 0x8000_0000, 31), 0xffff_ffff);
    assert_eq!(y(op::SHR, S, 0x8000_0000, 32), 0xffff_ffff);
    assert_eq!(y(op::SHR, S, 0x8000_0000, 33), 0xffff_ffff);
    assert_eq!(y(op::SHR, S, 0x8000_0000, 0xffff_ffff), 0xffff_ffff);
    assert_eq!(y(op::SHR, S, 0xf000_0000, 4), 0xff00_0000);
    assert_eq!(y(op::SHR, S, 0x8000_0000, 4), 0xf800_0000);
    assert_eq!(y(op::SHR, S, 0x7fff_ffff, 30), 1);
    assert_eq!(y(op::SHR, S, 0x7fff_ffff, 31), 0);
    assert_eq!(y(op::SHR, S, 0x7fff_ffff, 32), 0);
    assert_eq!(y(op::SHR, S, 0x7fff_ffff, 0xffff_ffff), 0);
    assert_eq!(y(op::SHR, S, 0xffff_fff0, 2), 0xffff_fffc, "-16 >> 2 = -4");
    assert_eq!(y(op::SHR, S, 0xffff_ffff, 1), 0xffff_ffff, "-1 >> 1 = -1 (floor)");
}

#[test]
fn golden_setp() {
    // 0x80000000 vs 1: -2^31 < 1 as .s32, 2^31 > 1 as .u32.
    let (a, b) = (0x8000_0000, 1);
    let s32 = [false, true, true, true, false, false];
    let u32_ = [false, true, false, false, true, true];
    for c in 0..6 {
        assert_eq!(setp(c, S, a, b), s32[c as usize], "s32 cmp {c}");
        assert_eq!(setp(c, U, a, b), u32_[c as usize], "u32 cmp {c}");
        // Swapped operands: the opposite order, equality still false.
        assert_eq!(setp(c, S, b, a), [false, true, false, false, true, true][c as usize], "s32 swapped cmp {c}");
        assert_eq!(setp(c, U, b, a), [false, true, true, true, false, false][c as usize], "u32 swapped cmp {c}");
    }
    // Equal operands: eq le ge true.
    for s in [S, U] {
        let eq = [true, false, false, true, false, true];
        for c in 0..6 {
            assert_eq!(setp(c, s, 0xffff_ffff, 0xffff_ffff), eq[c as usize], "equal cmp {c}");
        }
        // 6 and 7 are false even where every comparison would be true.
        for c in [6, 7] {
            assert!(!setp(c, s, 5, 5));
            assert!(!setp(c, s, 0x8000_0000, 1));
        }
    }
    // -1 vs 0.
    assert!(setp(cmp::LT, S, 0xffff_ffff, 0));
    assert!(setp(cmp::GT, U, 0xffff_ffff, 0));
    assert!(setp(cmp::GE, S, 0x7fff_ffff, 0x8000_0000));
    assert!(setp(cmp::LE, U, 0x7fff_ffff, 0x8000_0000));
}

#[test]
fn golden_p_only_from_setp_and_undefined_ops_give_zero() {
    // cmp = eq and a == b: setp would be true, every other op keeps p = 0.
    for o in 0..32 {
        let (y, p) = int_alu(o, S, cmp::EQ, true, 7, 7, 9);
        assert_eq!(p, o == op::SETP, "op {o}");
        if o >= 25 {
            assert_eq!((y, p), (0, false), "undefined op {o}");
        }
    }
    assert_eq!(int_alu(31, U, cmp::NE, true, 0xffff_ffff, 1, 2), (0, false));
}

/// An independent formulation of the integer ALU on Rust's own fixed-width operations
/// (i32/u32 wrapping, saturating and checked ops, i128 products): no shared helper with the
/// golden model.
fn oracle(v: &IntAluVector) -> (u32, bool) {
    let (a, b, c, s) = (v.a, v.b, v.c, v.is_signed);
    let (ai, bi) = (a as i32, b as i32);
    let prod = |x: u32, y: u32| -> i128 {
        if s {
            x as i32 as i128 * y as i32 as i128
        } else {
            x as i128 * y as i128
        }
    };
    // The low 24 bits, sign-extended by shifting through bit 31 (or masked).
    let low24 = |x: u32| if s { ((x << 8) as i32 >> 8) as u32 } else { x & 0x00ff_ffff };
    let full = prod(a, b);
    let p24 = prod(low24(a), low24(b));
    let ord = if s { ai.cmp(&bi) } else { a.cmp(&b) };
    let pred = match v.cmp {
        0 => ord == Ordering::Equal,
        1 => ord != Ordering::Equal,
        2 => ord == Ordering::Less,
        3 => ord != Ordering::Greater,
        4 => ord == Ordering::Greater,
        5 => ord != Ordering::Less,
        _ => false,
    };
    let y = match v.op {
        0 => a.wrapping_add(b),
        1 => a.wrapping_sub(b),
        2 => ai.saturating_add(bi) as u32,
        3 => ai.saturating_sub(bi) as u32,
        4 => full as u32,
        5 => (full >> 32) as u32,
        6 => p24 as u32,
        7 => (p24 >> 16) as u32,
        8 => (full as u32).wrapping_add(c),
        9 => ((full >> 32) as u32).wrapping_add(c),
        10 => (p24 as u32).wrapping_add(c),
        11 => ((p24 >> 16) as u32).wrapping_add(c),
        12 => if s { ai.min(bi) as u32 } else { a.min(b) },
        13 => if s { ai.max(bi) as u32 } else { a.max(b) },
        14 => ai.wrapping_abs() as u32,
        15 => ai.wrapping_neg() as u32,
        16 => a & b,
        17 => a | b,
        18 => a ^ b,
        19 => !a,
        20 => u32::from(a == 0),
        21 => a.checked_shl(b).unwrap_or(0),
        22 => {
            if s {
                ai.checked_shr(b).unwrap_or(ai >> 31) as u32
            } else {
                a.checked_shr(b).unwrap_or(0)
            }
        }
        23 => 0u32.wrapping_sub(pred as u32),
        24 => if v.p_in { a } else { b },
        _ => 0,
    };
    (y, v.op == 23 && pred)
}

#[test]
fn golden_matches_independent_formulation() {
    let mut n = 0u64;
    for v in int_alu_directed() {
        assert_eq!(v.golden(), oracle(&v), "{v}");
        n += 1;
    }
    let mut rng = Rng::new(2024);
    let mut ops = [0u32; 32];
    for _ in 0..1_000_000 {
        let v = int_alu_random(&mut rng);
        assert_eq!(v.golden(), oracle(&v), "{v}");
        ops[v.op as usize] += 1;
    }
    n += 1_000_000;
    assert!(ops.iter().all(|&k| k > 1000), "every op code drawn: {ops:?}");
    // And the golden multiplier against i128 products.
    let mut rng = Rng::new(77);
    for _ in 0..1_000_000 {
        let (a, b, s) = (heddle_sim::runners::int_alu::int_operand(&mut rng), rng.next_u32(), rng.bool());
        let p = if s { a as i32 as i128 * b as i32 as i128 } else { a as i128 * b as i128 };
        assert_eq!(mul32(a, b, s), (p as u32, (p >> 32) as u32), "a=0x{a:08x} b=0x{b:08x} s={s}");
    }
    println!("golden int_alu == independent formulation on {n} vectors; mul32 on 1000000");
}

/// The oracle comparison can fail: it notices a planted error in a golden-style result.
#[test]
fn independent_formulation_rejects_planted_errors() {
    let v = IntAluVector { op: op::SHR, is_signed: true, cmp: 0, p_in: false, a: 0x8000_0000, b: 33, c: 0 };
    assert_eq!(oracle(&v), (0xffff_ffff, false));
    assert_ne!(oracle(&v), (0, false), "a logical shift result is rejected");
    let v = IntAluVector { op: op::MUL24_HI, is_signed: true, cmp: 0, p_in: false, a: 0x00ff_ffff, b: 2, c: 0 };
    assert_eq!(oracle(&v), (0xffff_ffff, false));
    assert_ne!(oracle(&v), (0x0000_01ff, false), "an unsigned mul24.hi is rejected");
}

fn cosim_replays() -> Replays {
    Replays { verilator: true, icarus_steps: 100_000, gate: true, icarus_gate_steps: 2_000 }
}

/// The runner's stream holds the whole directed set exactly once (scrambled, on the even
/// steps of its first 2 * DIRECTED_LEN), so a 10^6-vector run covers it.
#[test]
fn runner_stream_covers_the_directed_set() {
    assert_eq!(DIRECTED_LEN, 26 * 26 * 2 * 8 * 32);
    let key = |v: &IntAluVector| (v.a, v.b, v.op, v.cmp, v.is_signed, v.c, v.p_in);
    let mut seen: Vec<_> = int_alu_vectors(2 * DIRECTED_LEN as u64, 5).step_by(2).map(|v| key(&v)).collect();
    let mut want: Vec<_> = int_alu_directed().map(|v| key(&v)).collect();
    seen.sort_unstable();
    want.sort_unstable();
    want.dedup();
    assert_eq!(want.len(), DIRECTED_LEN, "directed vectors are distinct");
    assert_eq!(seen, want);
    // A short prefix already spreads over every op code and cmp.
    let head: Vec<IntAluVector> = int_alu_vectors(2_000, 5).collect();
    assert!((0..32).all(|o| head.iter().any(|v| v.op == o)));
    assert!((0..8).all(|c| head.iter().any(|v| v.op == op::SETP && v.cmp == c)));
}

/// 10^6 vectors (the directed set of every op x is_signed x cmp over boundary operand
/// pairs interleaved with weighted random ones, then random) through the Rust model, each checked against the
/// golden model, then replayed in Verilator (RTL and gate level) and Icarus.
#[test]
fn int_alu_cosim_1m() {
    let s = runners::int_alu::int_alu(1_000_000, 11, cosim_replays()).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.steps, 1_000_000);
    let steps: Vec<u64> = s.replays.iter().map(|r| r.steps).collect();
    assert_eq!(steps, vec![1_000_000, 100_000, 1_000_000, 2_000], "{s}");
}

#[test]
fn mul32_cosim_1m() {
    let s = runners::int_alu::mul32(1_000_000, 12, cosim_replays()).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.steps, 1_000_000);
    let steps: Vec<u64> = s.replays.iter().map(|r| r.steps).collect();
    assert_eq!(steps, vec![1_000_000, 100_000, 1_000_000, 2_000], "{s}");
}

fn expect_mismatch(r: Result<heddle_sim::cosim::CosimReport, CosimError>) -> Mismatch {
    match r {
        Err(CosimError::Mismatch(m)) => *m,
        Err(e) => panic!("expected a mismatch, got another error: {e}"),
        Ok(rep) => panic!("the harness passed a block whose Verilog disagrees: {rep}"),
    }
}

fn hex_value(s: &str) -> u64 {
    u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap()
}

/// mul32 driven with three vectors; only the last is signed with a negative operand.
fn mul32_bench(verilog: &str) -> Bench<heddle_hw::prim::mul32::Mul32> {
    let mut b = Bench::combinational("mul32", verilog, heddle_hw::prim::mul32::Mul32::default()).unwrap();
    for (a, bb, s) in [(3u64, 5u64, true), (0xffff_ffff, 2, false), (0xffff_ffff, 2, true)] {
        b.step(|u| {
            u.a.next = a.into();
            u.b.next = bb.into();
            u.is_signed.next = s;
        })
        .unwrap();
    }
    b
}

/// Dropping a's sign extension in the exported multiplier is caught: -1 * 2 signed has
/// hi = 0xffffffff, the planted Verilog computes 0xffffffff * 2 = 0x1fffffffe (hi = 1);
/// lo agrees (the low half does not depend on the extension), so the port is `hi`.
#[test]
fn planted_mul32_sign_extension_bug_is_caught() {
    let v = heddle_sim::export::block_verilog("mul32").unwrap();
    let planted = v.replace("wire sa = is_signed & a[31];", "wire sa = 1'b0;");
    assert_ne!(planted, v, "the planted edit did not apply:\n{v}");
    // Control: the real Verilog passes the same vectors.
    assert_eq!(mul32_bench(&v).trace.verilator().unwrap().steps, 3);
    let mut b = mul32_bench(&planted);
    for (name, r) in [("verilator", b.trace.verilator()), ("icarus", b.trace.icarus(100))] {
        let m = expect_mismatch(r);
        assert_eq!((m.step, m.port.as_str()), (2, "hi"), "{name}: {m:?}");
        assert_eq!((hex_value(&m.expected), hex_value(&m.actual)), (0xffff_ffff, 1), "{name}: {m:?}");
        println!("{name}: planted mul32 bug caught: {}", CosimError::Mismatch(Box::new(m)));
    }
}

/// Dropping the `b >= 32` test of the shifter is caught by the first vectors the int_alu
/// runner drives (Verilog's `a << b[4:0]` then shifts by b mod 32).
#[test]
fn planted_int_alu_shift_bug_is_caught() {
    let v = heddle_sim::export::block_verilog("int_alu").unwrap();
    let planted = v.replace("big = |b[(32'h5)+:(27)];", "big = 1'b0;");
    assert_ne!(planted, v, "the planted edit did not apply:\n{v}");
    let mut b = Bench::combinational("int_alu", &planted, heddle_hw::sp::int_alu::IntAlu::default()).unwrap();
    let vectors: Vec<IntAluVector> = int_alu_vectors(20_000, 11).collect();
    for v in &vectors {
        b.step(|u| {
            u.op.next = (v.op as u64).into();
            u.is_signed.next = v.is_signed;
            u.cmp.next = (v.cmp as u64).into();
            u.p_in.next = v.p_in;
            u.a.next = (v.a as u64).into();
            u.b.next = (v.b as u64).into();
            u.c.next = (v.c as u64).into();
        })
        .unwrap();
    }
    let m = expect_mismatch(b.trace.verilator());
    let at = &vectors[m.step as usize];
    assert_eq!(m.port, "y", "{m:?}");
    assert!(at.op == op::SHL || at.op == op::SHR, "first mismatch on a shift: {at}");
    assert!(at.b >= 32, "{at}");
    assert_eq!(hex_value(&m.expected), at.golden().0 as u64, "{m:?}");
    println!("planted int_alu shift bug caught at step {} ({at}): {}", m.step, CosimError::Mismatch(Box::new(m.clone())));
}

/// rust-hdl's own structural checks (every input driven, no combinational loop, no
/// input written) pass on both blocks, so either can be instantiated inside a larger one.
#[test]
fn blocks_pass_rust_hdl_checks() {
    use rust_hdl::prelude::*;
    let mut alu = heddle_hw::sp::int_alu::IntAlu::default();
    alu.connect_all();
    check_all(&alu).unwrap_or_else(|e| panic!("IntAlu: {e:?}"));
    let mut m = heddle_hw::prim::mul32::Mul32::default();
    m.connect_all();
    check_all(&m).unwrap_or_else(|e| panic!("Mul32: {e:?}"));
}
