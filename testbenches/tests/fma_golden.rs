//! The FMA golden model (sim/src/golden/fma.rs) against Berkeley SoftFloat (tininess
//! before rounding), and directed cases with hand-written expectations.
use heddle_sim::golden::fma::{self as g, softfloat_check as sf, Fmt, Ity, Op, Rnd, NV, NX, OF, UF};
use heddle_sim::vectors::{f32_random, f64_random, fma_triple_random, level1, triples_level1, Rng};

fn both(op: Op, fmt: Fmt, a: u64, b: u64, c: u64, rnd: Rnd, ftz: bool) -> (u64, u8) {
    let gl = g::exec(op, fmt, Ity::U32, a, b, c, rnd, ftz);
    let s = sf::exec(op, fmt, Ity::U32, a, b, c, rnd, ftz);
    assert_eq!(gl, s, "{op:?} {fmt:?} {a:016x} {b:016x} {c:016x} {rnd:?} ftz={ftz}: golden {gl:x?}, SoftFloat {s:x?}");
    gl
}

/// A level-1 subset (every 4th triple) in all five modes, both formats, plus random.
#[test]
fn fma_matches_softfloat_level1_subset_and_random() {
    for fmt in [Fmt::F32, Fmt::F64] {
        let l1 = triples_level1(fmt == Fmt::F64);
        for &(a, b, c) in l1.iter().step_by(4) {
            for rnd in Rnd::ALL {
                both(Op::Fma, fmt, a, b, c, rnd, false);
            }
        }
        let mut rng = Rng::new(41 + fmt as u64);
        for i in 0..100_000 {
            let (a, b, c) = fma_triple_random(&mut rng, fmt == Fmt::F64);
            let rnd = Rnd::ALL[i % 5];
            both(Op::Fma, fmt, a, b, c, rnd, false);
            if fmt == Fmt::F32 {
                both(Op::Fma, fmt, a, b, c, rnd, true);
            }
            for op in [Op::Add, Op::Sub, Op::Mul] {
                both(op, fmt, a, b, c, rnd, false);
            }
        }
    }
}

const ONE: u64 = 0x3FF0_0000_0000_0000;
const NEG: u64 = 1 << 63;
const MIN_SUB: u64 = 1;
const MAX: u64 = 0x7FEF_FFFF_FFFF_FFFF;
const INF: u64 = 0x7FF0_0000_0000_0000;

#[test]
fn exact_cancellation_zero_sign_per_mode() {
    // 1*1 + (-1) = 0: +0 in every mode but rm, -0 in rm.
    for rnd in Rnd::ALL {
        let want = if rnd == Rnd::Rm { NEG } else { 0 };
        assert_eq!(both(Op::Fma, Fmt::F64, ONE, ONE, ONE | NEG, rnd, false), (want, 0));
        assert_eq!(both(Op::Fma, Fmt::F32, 0x3F80_0000, 0x3F80_0000, 0xBF80_0000, rnd, false), (want >> 32, 0));
        // (-0)*(+x) + (-0) = -0 in every mode; (+0)*x + (-0) = +0 except rm.
        assert_eq!(both(Op::Fma, Fmt::F64, NEG, ONE, NEG, rnd, false), (NEG, 0));
        assert_eq!(both(Op::Fma, Fmt::F64, 0, ONE, NEG, rnd, false), (want, 0));
        // Multiplication: the xor of the signs, in every mode.
        assert_eq!(both(Op::Mul, Fmt::F64, NEG, ONE, 0, rnd, false), (NEG, 0));
        assert_eq!(both(Op::Mul, Fmt::F64, 0, ONE, 0, rnd, false), (0, 0));
        assert_eq!(both(Op::Mul, Fmt::F64, NEG, NEG | ONE, 0, rnd, false), (0, 0));
        // x - x = +0 (rm: -0).
        assert_eq!(both(Op::Sub, Fmt::F64, ONE, ONE, 0, rnd, false), (want, 0));
        assert_eq!(both(Op::Add, Fmt::F64, NEG, NEG, 0, rnd, false), (NEG, 0));
    }
}

#[test]
fn subnormal_results_overflow_and_nan_rule() {
    // 2^-1022 * 2^-1 = 2^-1023: an exact subnormal, no underflow (exact).
    let min_norm = 0x0010_0000_0000_0000;
    let half = 0x3FE0_0000_0000_0000;
    assert_eq!(both(Op::Fma, Fmt::F64, min_norm, half, 0, Rnd::Rn, false), (0x0008_0000_0000_0000, 0));
    // min subnormal * 0.5: a tie between 0 and min subnormal; rn -> 0, rna/rp -> min sub.
    assert_eq!(both(Op::Fma, Fmt::F64, MIN_SUB, half, 0, Rnd::Rn, false), (0, UF | NX));
    assert_eq!(both(Op::Fma, Fmt::F64, MIN_SUB, half, 0, Rnd::Rna, false), (MIN_SUB, UF | NX));
    assert_eq!(both(Op::Fma, Fmt::F64, MIN_SUB, half, 0, Rnd::Rp, false), (MIN_SUB, UF | NX));
    assert_eq!(both(Op::Fma, Fmt::F64, MIN_SUB, half | NEG, 0, Rnd::Rm, false), (MIN_SUB | NEG, UF | NX));
    // Overflow per mode: MAX * 2 + 0.
    let two = 0x4000_0000_0000_0000;
    for (rnd, want) in [(Rnd::Rn, INF), (Rnd::Rna, INF), (Rnd::Rz, MAX), (Rnd::Rm, MAX), (Rnd::Rp, INF)] {
        assert_eq!(both(Op::Fma, Fmt::F64, MAX, two, 0, rnd, false), (want, OF | NX), "{rnd:?}");
    }
    for (rnd, want) in [(Rnd::Rn, INF), (Rnd::Rna, INF), (Rnd::Rz, MAX), (Rnd::Rm, INF), (Rnd::Rp, MAX)] {
        assert_eq!(both(Op::Fma, Fmt::F64, MAX | NEG, two, 0, rnd, false), (want | NEG, OF | NX), "{rnd:?}");
    }
    // NaN order: first NaN of a, b, then inf*0, then c; sNaN raises invalid.
    let qa = 0x7FF8_0000_0000_00AA;
    let sb = 0x7FF0_0000_0000_00BB;
    let qc = 0xFFF8_0000_0000_00CC;
    assert_eq!(both(Op::Fma, Fmt::F64, qa, sb, qc, Rnd::Rn, false), (qa, NV));
    assert_eq!(both(Op::Fma, Fmt::F64, ONE, sb, qc, Rnd::Rn, false), (sb | 1 << 51, NV));
    assert_eq!(both(Op::Fma, Fmt::F64, INF, 0, qc, Rnd::Rn, false), (0xFFF8_0000_0000_0000, NV));
    assert_eq!(both(Op::Fma, Fmt::F64, INF, ONE, qc, Rnd::Rn, false), (qc, 0));
    assert_eq!(both(Op::Fma, Fmt::F64, INF, ONE, INF | NEG, Rnd::Rn, false), (0xFFF8_0000_0000_0000, NV));
    // f32 flush-to-zero: 2^-126 * 0.5 is subnormal -> +0 with UF|NX; subnormal inputs are 0.
    assert_eq!(both(Op::Fma, Fmt::F32, 0x0080_0000, 0x3F00_0000, 0, Rnd::Rn, true), (0, UF | NX));
    assert_eq!(both(Op::Fma, Fmt::F32, 0x0000_0001, 0x4B00_0000, 0x8000_0000, Rnd::Rn, true), (0, 0));
    assert_eq!(both(Op::Fma, Fmt::F32, 0x0000_0001, 0x4B00_0000, 0x8000_0000, Rnd::Rn, false), (0x0080_0000, 0));
}

#[test]
fn product_low_bits_decide_rounding() {
    // a = 1 + 2^-52, b = 1 + 2^-52: product 1 + 2^-51 + 2^-104. Adding -(1 + 2^-51) leaves
    // the 2^-104 that a mul-then-add would lose; in rn, (1+2^-52)^2 alone rounds to
    // 1 + 2^-51 but the last product bit makes rp round up.
    let a = ONE | 1;
    let c = (ONE | 2) | NEG;
    assert_eq!(both(Op::Fma, Fmt::F64, a, a, c, Rnd::Rn, false), (0x3970_0000_0000_0000, 0));
    assert_eq!(both(Op::Fma, Fmt::F64, a, a, 0, Rnd::Rp, false), (ONE | 3, NX));
    assert_eq!(both(Op::Fma, Fmt::F64, a, a, 0, Rnd::Rn, false), (ONE | 2, NX));
}

#[test]
fn huge_exponent_differences() {
    // c dominates: 1 + tiny product: rn gives 1, rp the next value up, rm/rz 1.
    let tiny = 0x0000_0000_0000_0003; // 3 * 2^-1074
    for (rnd, want) in [(Rnd::Rn, ONE), (Rnd::Rz, ONE), (Rnd::Rm, ONE), (Rnd::Rp, ONE | 1), (Rnd::Rna, ONE)] {
        assert_eq!(both(Op::Fma, Fmt::F64, tiny, tiny, ONE, rnd, false), (want, NX), "{rnd:?}");
        assert_eq!(both(Op::Fma, Fmt::F64, tiny, ONE, ONE, rnd, false), (want, NX), "{rnd:?}");
    }
    // Subtracting a tiny product from 1: rz and rm give the value below 1.
    assert_eq!(both(Op::Fma, Fmt::F64, tiny | NEG, tiny, ONE, Rnd::Rz, false), (ONE - 1, NX));
    // Product dominates: huge product + tiny c.
    assert_eq!(both(Op::Fma, Fmt::F64, MAX, ONE, tiny, Rnd::Rp, false), (INF, OF | NX));
    assert_eq!(both(Op::Fma, Fmt::F64, MAX, ONE, tiny, Rnd::Rn, false), (MAX, NX));
    assert_eq!(both(Op::Fma, Fmt::F64, MAX, ONE, tiny | NEG, Rnd::Rz, false), (MAX - 1, NX));
}

/// Conversions binary32 <-> binary64 against SoftFloat: every level-1 operand of the
/// source format and 2*10^5 random ones, all five modes; plus hand-derived cases.
#[test]
fn conversions_match_softfloat_and_definition() {
    let mut rng = Rng::new(43);
    for dst in [Fmt::F32, Fmt::F64] {
        let src_f64 = dst == Fmt::F32;
        let mut ops = level1(src_f64);
        for _ in 0..200_000 {
            ops.push(if src_f64 { f64_random(&mut rng) } else { f32_random(&mut rng) as u64 });
        }
        for a in ops {
            for rnd in Rnd::ALL {
                both(Op::Cvt, dst, a, 0, 0, rnd, false);
            }
        }
    }
    // 1 + 2^-24 is a tie between 1 and 1 + 2^-23: rn gives 1, rna and rp 1 + 2^-23.
    let t = 0x3FF0_0000_1000_0000;
    assert_eq!(both(Op::Cvt, Fmt::F32, t, 0, 0, Rnd::Rn, false), (0x3F80_0000, NX));
    assert_eq!(both(Op::Cvt, Fmt::F32, t, 0, 0, Rnd::Rna, false), (0x3F80_0001, NX));
    // 2^-150 -> 0 (rn, tie to even zero) with underflow; f32 NaN payload moves up 29 bits.
    assert_eq!(both(Op::Cvt, Fmt::F32, 0x3690_0000_0000_0000, 0, 0, Rnd::Rn, false), (0, UF | NX));
    assert_eq!(both(Op::Cvt, Fmt::F64, 0x7F80_0001, 0, 0, Rnd::Rn, false), (0x7FF8_0000_2000_0000, NV));
    assert_eq!(both(Op::Cvt, Fmt::F64, 0x0000_0001, 0, 0, Rnd::Rz, false), (0x36A0_0000_0000_0000, 0));
}

fn int_both(op: Op, fmt: Fmt, ity: Ity, a: u64, rnd: Rnd) -> (u64, u8) {
    let gl = g::exec(op, fmt, ity, a, 0, 0, rnd, false);
    let s = sf::exec(op, fmt, ity, a, 0, 0, rnd, false);
    assert_eq!(gl, s, "{op:?} {fmt:?} {ity:?} {a:016x} {rnd:?}: golden {gl:x?}, SoftFloat {s:x?}");
    gl
}

/// Integer -> float against SoftFloat in every mode, and against the host's
/// round-to-nearest-even casts (`as f64`, `as f32`) in rn.
#[test]
fn int_to_float_matches_softfloat_and_host() {
    use heddle_sim::runners::fma::{int_directed, int_random};
    let mut rng = Rng::new(44);
    for ity in Ity::ALL {
        let mut ops = int_directed(ity);
        ops.extend((0..50_000).map(|_| int_random(&mut rng, ity)));
        for a in ops {
            for fmt in [Fmt::F64, Fmt::F32] {
                for rnd in Rnd::ALL {
                    let (r, _) = int_both(Op::CvtI2F, fmt, ity, a, rnd);
                    if rnd == Rnd::Rn {
                        let v = ity.value(a);
                        let host = if fmt == Fmt::F64 { (v as f64).to_bits() } else { (v as f32).to_bits() as u64 };
                        assert_eq!(r, host, "{ity:?} {a:x} -> {fmt:?}");
                    }
                }
            }
        }
    }
    // 2^53 + 1 is a tie between 2^53 and 2^53 + 2 (even: down); rp goes up.
    let x = (1u64 << 53) + 1;
    assert_eq!(int_both(Op::CvtI2F, Fmt::F64, Ity::U64, x, Rnd::Rn), (0x4340_0000_0000_0000, NX));
    assert_eq!(int_both(Op::CvtI2F, Fmt::F64, Ity::U64, x, Rnd::Rp), (0x4340_0000_0000_0001, NX));
    assert_eq!(int_both(Op::CvtI2F, Fmt::F64, Ity::S64, x.wrapping_neg(), Rnd::Rm), (0xC340_0000_0000_0001, NX));
    // u64::MAX -> f32: 2^64 in rn, the largest f32 below it in rz.
    assert_eq!(int_both(Op::CvtI2F, Fmt::F32, Ity::U64, u64::MAX, Rnd::Rn), (0x5F80_0000, NX));
    assert_eq!(int_both(Op::CvtI2F, Fmt::F32, Ity::U64, u64::MAX, Rnd::Rz), (0x5F7F_FFFF, NX));
    // i64::MIN is exact; s32 reads the low word only; 0 is +0 in every mode.
    assert_eq!(int_both(Op::CvtI2F, Fmt::F64, Ity::S64, 1 << 63, Rnd::Rn), (0xC3E0_0000_0000_0000, 0));
    assert_eq!(int_both(Op::CvtI2F, Fmt::F64, Ity::S32, 0xDEAD_BEEF_FFFF_FFFF, Rnd::Rn), (0xBFF0_0000_0000_0000, 0));
    assert_eq!(int_both(Op::CvtI2F, Fmt::F64, Ity::S64, 0, Rnd::Rm), (0, 0));
}

/// Float -> integer against SoftFloat (with the PTX saturation on invalid) in every mode,
/// and against the host's saturating truncation (`as i32`, ..., NaN -> 0) in rz.
#[test]
fn float_to_int_matches_softfloat_and_host() {
    use heddle_sim::runners::fma::{float_for_int, float_int_directed};
    let mut rng = Rng::new(45);
    for ity in Ity::ALL {
        for fmt in [Fmt::F64, Fmt::F32] {
            let mut ops = float_int_directed(fmt, ity);
            ops.extend(level1(fmt == Fmt::F64));
            ops.extend((0..50_000).map(|_| float_for_int(&mut rng, fmt, ity)));
            for a in ops {
                for rnd in Rnd::ALL {
                    let (r, _) = int_both(Op::CvtF2I, fmt, ity, a, rnd);
                    if rnd == Rnd::Rz {
                        let x = if fmt == Fmt::F64 { f64::from_bits(a) } else { f32::from_bits(a as u32) as f64 };
                        let host = match ity {
                            Ity::U32 => x as u32 as u64,
                            Ity::S32 => x as i32 as u32 as u64,
                            Ity::U64 => x as u64,
                            Ity::S64 => x as i64 as u64,
                        };
                        assert_eq!(r, host, "{fmt:?} {a:x} -> {ity:?} rz");
                    }
                }
            }
        }
    }
    let f = |x: f64| x.to_bits();
    // Ties: rn to even, rna away; rm/rp directed.
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S32, f(2.5), Rnd::Rn), (2, NX));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S32, f(3.5), Rnd::Rn), (4, NX));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S32, f(-2.5), Rnd::Rna), (0xFFFF_FFFD, NX));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S64, f(-2.25), Rnd::Rm), ((-3i64) as u64, NX));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S64, f(-2.25), Rnd::Rp), ((-2i64) as u64, NX));
    // A negative value that rounds to zero is in range for unsigned; one that rounds to -1 is not.
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::U32, f(-0.5), Rnd::Rn), (0, NX));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::U32, f(-0.7), Rnd::Rn), (0, NV));
    // Range ends: 2^63 is out of s64 (saturates), -2^63 is exact; u32 max + 0.5 rounds out in rn.
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S64, f(9223372036854775808.0), Rnd::Rn), (i64::MAX as u64, NV));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S64, f(-9223372036854775808.0), Rnd::Rn), (1 << 63, 0));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::U32, f(4294967295.5), Rnd::Rn), (0xFFFF_FFFF, NV));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::U32, f(4294967295.5), Rnd::Rz), (0xFFFF_FFFF, NX));
    // NaN -> 0, infinities saturate, invalid only.
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S32, 0x7FF8_0000_0000_0000, Rnd::Rn), (0, NV));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S32, INF | NEG, Rnd::Rn), (0x8000_0000, NV));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F32, Ity::U64, 0x7F80_0000, Rnd::Rn), (u64::MAX, NV));
    // The smallest subnormal rounds up to 1 only in rp (and to -1 in rm for -min).
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S32, MIN_SUB, Rnd::Rp), (1, NX));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S32, MIN_SUB | NEG, Rnd::Rm), (0xFFFF_FFFF, NX));
    assert_eq!(int_both(Op::CvtF2I, Fmt::F64, Ity::S32, MIN_SUB, Rnd::Rn), (0, NX));
}
