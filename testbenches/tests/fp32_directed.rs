//! Directed corner cases of the G80 FP32 semantics, with expected bit patterns derived by
//! hand (derivations in the comments), checked on the golden model AND on the hardware
//! blocks' Rust models (the co-simulation tests carry them into the Verilog).
use heddle_hw::fp32::add::Fp32Add;
use heddle_hw::fp32::mad::Fp32Mad;
use heddle_hw::fp32::mul::Fp32Mul;
use heddle_sim::golden::g80_fp32::{self as g, softfloat_check as sf, Rnd};
use rust_hdl::prelude::*;

fn hw_add(a: u32, b: u32, sub: bool, rz: bool) -> u32 {
    let mut u = Fp32Add::default();
    u.connect_all();
    u.a.next = (a as u64).into();
    u.b.next = (b as u64).into();
    u.sub.next = sub;
    u.rz.next = rz;
    assert!(simulate(&mut u, 1000));
    u.y.val().to_u32()
}

fn hw_mul(a: u32, b: u32, rz: bool) -> u32 {
    let mut u = Fp32Mul::default();
    u.connect_all();
    u.a.next = (a as u64).into();
    u.b.next = (b as u64).into();
    u.rz.next = rz;
    assert!(simulate(&mut u, 1000));
    u.y.val().to_u32()
}

fn hw_mad(a: u32, b: u32, c: u32) -> u32 {
    let mut u = Fp32Mad::default();
    u.connect_all();
    u.a.next = (a as u64).into();
    u.b.next = (b as u64).into();
    u.c.next = (c as u64).into();
    assert!(simulate(&mut u, 1000));
    u.y.val().to_u32()
}

/// (a, b, rz, expected) for mul; checked on golden and hw.
fn mul_case(a: u32, b: u32, rz: bool, want: u32) {
    let rnd = if rz { Rnd::Rz } else { Rnd::Rn };
    assert_eq!(g::mul(a, b, rnd), want, "golden mul {a:08x} {b:08x} rz={rz}");
    assert_eq!(hw_mul(a, b, rz), want, "hw mul {a:08x} {b:08x} rz={rz}");
}

fn add_case(a: u32, b: u32, sub: bool, rz: bool, want: u32) {
    let rnd = if rz { Rnd::Rz } else { Rnd::Rn };
    let gl = if sub { g::sub(a, b, rnd) } else { g::add(a, b, rnd) };
    assert_eq!(gl, want, "golden {a:08x} {} {b:08x} rz={rz}", if sub { "-" } else { "+" });
    assert_eq!(hw_add(a, b, sub, rz), want, "hw {a:08x} {} {b:08x} rz={rz}", if sub { "-" } else { "+" });
}

fn mad_case(a: u32, b: u32, c: u32, want: u32) {
    assert_eq!(g::mad(a, b, c), want, "golden mad {a:08x} {b:08x} {c:08x}");
    assert_eq!(hw_mad(a, b, c), want, "hw mad {a:08x} {b:08x} {c:08x}");
}

#[test]
fn flush_to_zero_after_unbounded_rounding() {
    // DESIGN.md: (1 - 2^-24) * 2^-126 is below 2^-126 after rounding to 24 bits with an
    // unbounded exponent: +0 (IEEE with subnormals would round it up to 0x00800000).
    mul_case(0x3F7F_FFFF, 0x0080_0000, false, 0x0000_0000);
    assert_eq!(sf::mul(0x3F7F_FFFF, 0x0080_0000, Rnd::Rn), 0, "SoftFloat with the flush layer agrees");
    // (1 - 2^-24)(1 + 2^-23) * 2^-126 = 2^-126 (1 + 2^-24 - 2^-47): rounds (rn and rz) to
    // exactly 2^-126, which is normal: kept.
    mul_case(0x3F7F_FFFF, 0x0080_0001, false, 0x0080_0000);
    mul_case(0x3F7F_FFFF, 0x0080_0001, true, 0x0080_0000);
    // 2^-126 * 0.5 = 2^-127: flushed, keeping the sign.
    mul_case(0x0080_0000, 0x3F00_0000, false, 0x0000_0000);
    mul_case(0x8080_0000, 0x3F00_0000, false, 0x8000_0000);
    // A subnormal input is a zero: 0x00000001 + 1.0 = 1.0 exactly (no sticky), and
    // -subnormal + -0 = -0.
    add_case(0x0000_0001, 0x3F80_0000, false, false, 0x3F80_0000);
    add_case(0x8000_0001, 0x8000_0000, false, false, 0x8000_0000);
    add_case(0x8000_0001, 0x0000_0000, false, false, 0x0000_0000);
    // 1.5 * 2^-126 - 2^-126 = 2^-127: flushed.
    add_case(0x00C0_0000, 0x0080_0000, true, false, 0x0000_0000);
}

#[test]
fn nan_is_canonical_and_invalid_operations() {
    add_case(0x7FC0_0001, 0x3F80_0000, false, false, 0x7FFF_FFFF); // quiet NaN payload dropped
    add_case(0x7F80_0001, 0x3F80_0000, false, false, 0x7FFF_FFFF); // signalling NaN
    add_case(0x7F80_0000, 0xFF80_0000, false, false, 0x7FFF_FFFF); // inf - inf
    add_case(0x7F80_0000, 0x7F80_0000, true, false, 0x7FFF_FFFF); // inf - inf via sub
    mul_case(0x7F80_0000, 0x0000_0000, false, 0x7FFF_FFFF); // inf * 0
    mul_case(0x7F80_0000, 0x0000_0001, false, 0x7FFF_FFFF); // inf * (subnormal = 0)
    mul_case(0xFFC0_0000, 0x3F80_0000, true, 0x7FFF_FFFF);
    mad_case(0x7F80_0000, 0x3F80_0000, 0xFF80_0000, 0x7FFF_FFFF); // inf*1 + -inf
    mad_case(0x0000_0000, 0x7F80_0000, 0x3F80_0000, 0x7FFF_FFFF); // 0*inf + 1
    mad_case(0x3F80_0000, 0x3F80_0000, 0x7FA0_0000, 0x7FFF_FFFF); // NaN addend
}

#[test]
fn signed_zero_rules() {
    add_case(0x8000_0000, 0x8000_0000, false, false, 0x8000_0000); // -0 + -0 = -0
    add_case(0x0000_0000, 0x8000_0000, false, false, 0x0000_0000); // +0 + -0 = +0
    add_case(0x3F80_0000, 0x3F80_0000, true, false, 0x0000_0000); // 1 - 1 = +0
    add_case(0x3F80_0000, 0x3F80_0000, true, true, 0x0000_0000); // 1 - 1 = +0 in rz too
    add_case(0xBF80_0000, 0x3F80_0000, false, true, 0x0000_0000); // -1 + 1 = +0
    add_case(0x8000_0000, 0x0000_0000, true, false, 0x8000_0000); // -0 - +0 = -0
    mul_case(0x8000_0000, 0x40A0_0000, false, 0x8000_0000); // -0 * 5 = -0
    mul_case(0x8000_0000, 0x8000_0000, false, 0x0000_0000); // -0 * -0 = +0
    mad_case(0x8000_0000, 0x3F80_0000, 0x8000_0000, 0x8000_0000); // -0*1 + -0 = -0
    mad_case(0x8000_0000, 0x3F80_0000, 0x0000_0000, 0x0000_0000); // -0*1 + +0 = +0
    mad_case(0x3F80_0000, 0x3F80_0000, 0xBF80_0000, 0x0000_0000); // 1*1 - 1 = +0
}

#[test]
fn overflow_per_rounding_mode() {
    // max * 2: rn gives inf, rz the largest finite, both signs.
    mul_case(0x7F7F_FFFF, 0x4000_0000, false, 0x7F80_0000);
    mul_case(0x7F7F_FFFF, 0x4000_0000, true, 0x7F7F_FFFF);
    mul_case(0xFF7F_FFFF, 0x4000_0000, false, 0xFF80_0000);
    mul_case(0xFF7F_FFFF, 0x4000_0000, true, 0xFF7F_FFFF);
    add_case(0x7F7F_FFFF, 0x7F7F_FFFF, false, false, 0x7F80_0000);
    add_case(0x7F7F_FFFF, 0x7F7F_FFFF, false, true, 0x7F7F_FFFF);
    // max + half an ulp of max: a tie, to even (max's last bit is 1) gives inf in rn.
    add_case(0x7F7F_FFFF, 0x7300_0000, false, false, 0x7F80_0000);
    add_case(0x7F7F_FFFF, 0x7300_0000, false, true, 0x7F7F_FFFF);
    // mad: the product 2^254 is not overflowed; minus 2^127 * 1.99... still overflows (rn).
    mad_case(0x7F00_0000, 0x7F00_0000, 0xFF7F_FFFF, 0x7F80_0000);
}

#[test]
fn mad_truncation_differs_from_mul_add_and_from_fma() {
    // a = 1 + 2^-12 + 2^-23, b = 1 + 2^-12: a*b = 1 + 2^-11 + 2^-23 + 2^-24 + 2^-35.
    // MAD truncates it to 1 + 2^-11 + 2^-23; minus 1 leaves 2^-11 (1 + 2^-12): 0x3A000800.
    // mul rounds it up to 1 + 2^-11 + 2^-22; minus 1: 2^-11 (1 + 2^-11): 0x3A001000.
    // FMA: 2^-11 (1 + 2^-12 + 2^-13 + 2^-24), a tie to even: 2^-11 (1 + 2^-12 + 2^-13): 0x3A000C00.
    let (a, b, c) = (0x3F80_0801, 0x3F80_0800, 0xBF80_0000);
    mad_case(a, b, c, 0x3A00_0800);
    let mul_add = g::add(g::mul(a, b, Rnd::Rn), c, Rnd::Rn);
    assert_eq!(mul_add, 0x3A00_1000);
    assert_eq!(hw_add(hw_mul(a, b, false), c, false, false), 0x3A00_1000);
    use softfloat_wrapper::{Float, RoundingMode, F32};
    let fma = F32::from_bits(a).fused_mul_add(F32::from_bits(b), F32::from_bits(c), RoundingMode::TiesToEven);
    assert_eq!(fma.to_bits(), 0x3A00_0C00);
    // Negative product: truncation is toward zero, not toward -inf.
    mad_case(0xBF80_0801, 0x3F80_0800, 0x3F80_0000, 0xBA00_0800);
    // The product 2^-127 is below the normal range but not flushed inside the MAD:
    // 2^-127 + 2^-126 = 1.5 * 2^-126 = 0x00C00000, where mul-then-add gives 0 + 2^-126.
    mad_case(0x0080_0000, 0x3F00_0000, 0x0080_0000, 0x00C0_0000);
    assert_eq!(g::add(g::mul(0x0080_0000, 0x3F00_0000, Rnd::Rn), 0x0080_0000, Rnd::Rn), 0x0080_0000);
    // A product above the f32 range is not overflowed inside the MAD: 2^127 * 2 = 2^128,
    // minus the largest finite (2^128 - 2^104) leaves exactly 2^104 = 0x73800000, where
    // mul-then-add gives inf - max = inf.
    mad_case(0x7F00_0000, 0x4000_0000, 0xFF7F_FFFF, 0x7380_0000);
    assert_eq!(g::add(g::mul(0x7F00_0000, 0x4000_0000, Rnd::Rn), 0xFF7F_FFFF, Rnd::Rn), 0x7F80_0000);
    // 2^127 * 4 = 2^129, minus the largest finite, still overflows: inf.
    mad_case(0x7F00_0000, 0x4080_0000, 0xFF7F_FFFF, 0x7F80_0000);
}
