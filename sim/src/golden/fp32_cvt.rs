//! Golden model of the SP conversion unit `Fp32Cvt` (docs/sp-numerics.md, "Common FP32
//! rules" and "Conversions"; ports in `hw/src/fp32/cvt.rs`).
//!
//! Written from first principles: every operand is decoded into the exact value it denotes
//! (an integer magnitude times a power of two), the exact value is rounded with integer
//! arithmetic (u128/i128, no host floating point), and only then encoded, saturated or
//! flushed. Nothing here looks at hw/. [`softfloat_check`] is the independent oracle: the
//! same conversions through Berkeley SoftFloat with the G80 layer (input flush, NaN and
//! saturation rules) applied around it.

/// `kind` codes (the `kind` port of `Fp32Cvt`).
pub mod kind {
    /// cvt.f32.s32: s32 -> f32, rounded (rn rz rm rp).
    pub const F32_S32: u32 = 0;
    /// cvt.f32.u32: u32 -> f32, rounded.
    pub const F32_U32: u32 = 1;
    /// cvt.s32.f32: f32 -> s32 (rni rzi rmi rpi), saturating, NaN -> 0.
    pub const S32_F32: u32 = 2;
    /// cvt.u32.f32: f32 -> u32, saturating, NaN -> 0.
    pub const U32_F32: u32 = 3;
    /// cvt.f32.f32 with rni/rzi/rmi/rpi: round to an integral f32.
    pub const F32_F32_INT: u32 = 4;
    /// cvt.f16.f32: f32 -> binary16 in bits 15..0, gradual underflow.
    pub const F16_F32: u32 = 5;
    /// cvt.f32.f16: binary16 (bits 15..0) -> f32, exact.
    pub const F32_F16: u32 = 6;
    /// Unused code: y = 0.
    pub const ZERO: u32 = 7;
}

/// Rounding modes (the `rnd` port): rn/rni, rz/rzi, rm/rmi, rp/rpi.
pub mod rnd {
    pub const RN: u32 = 0;
    pub const RZ: u32 = 1;
    pub const RM: u32 = 2;
    pub const RP: u32 = 3;
}
use rnd::{RM, RN, RP, RZ};

/// The canonical f32 NaN of the SP.
pub const F32_NAN: u32 = heddle_hw::fp32::bits::CANON_NAN;
/// The canonical f16 NaN of cvt.f16.f32.
pub const F16_NAN: u32 = 0x7FFF;

/// One conversion: `kind` and `rnd` as on the ports (only the low 3 and 2 bits count).
pub fn cvt(kind: u32, rnd: u32, a: u32) -> u32 {
    let r = rnd & 3;
    match kind & 7 {
        kind::F32_S32 => f32_from_s32(a as i32, r),
        kind::F32_U32 => f32_from_u32(a, r),
        kind::S32_F32 => s32_from_f32(a, r) as u32,
        kind::U32_F32 => u32_from_f32(a, r),
        kind::F32_F32_INT => f32_round_int(a, r),
        kind::F16_F32 => f16_from_f32(a, r) as u32,
        kind::F32_F16 => f32_from_f16(a as u16),
        _ => 0,
    }
}

/// Input flush (DAZ): a subnormal f32 becomes a zero of the same sign.
pub fn flush(a: u32) -> u32 {
    if a & 0x7F80_0000 == 0 {
        a & 0x8000_0000
    } else {
        a
    }
}

/// A decoded f32 operand (after the flush).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum F32Val {
    Nan,
    Inf {
        neg: bool,
    },
    /// `(-1)^neg * m * 2^e`, with `m == 0` for zeros.
    Finite {
        neg: bool,
        m: u128,
        e: i32,
    },
}

fn decode_f32(a: u32) -> F32Val {
    let a = flush(a);
    let neg = a >> 31 == 1;
    let exp = ((a >> 23) & 0xFF) as i32;
    let frac = (a & 0x7F_FFFF) as u128;
    match exp {
        255 if frac != 0 => F32Val::Nan,
        255 => F32Val::Inf { neg },
        0 => F32Val::Finite { neg, m: 0, e: 0 }, // a zero (subnormals were flushed)
        _ => F32Val::Finite { neg, m: (1 << 23) | frac, e: exp - 150 },
    }
}

/// `m / 2^k` rounded to an integer by `rnd`; `neg` is the sign of the value being rounded
/// (it selects the direction of rm and rp).
fn round_div_pow2(m: u128, k: u32, neg: bool, rnd: u32) -> u128 {
    if k == 0 {
        return m;
    }
    // Every operand here is below 2^64: beyond k = 100 the quotient is 0 and the remainder
    // is below half, exactly as at k = 100.
    let k = k.min(100);
    let q = m >> k;
    let rem = m - (q << k);
    let half = 1u128 << (k - 1);
    let up = match rnd {
        RN => rem > half || (rem == half && q & 1 == 1),
        RZ => false,
        RM => neg && rem != 0,
        RP => !neg && rem != 0,
        _ => unreachable!("rounding mode {rnd}"),
    };
    q + up as u128
}

/// Position of the most significant set bit of `m` (> 0).
fn msb(m: u128) -> u32 {
    127 - m.leading_zeros()
}

/// Rounds `(-1)^neg * m` (an integer, m < 2^64) to binary32 with an unbounded exponent.
/// (Every caller's magnitude is far inside the f32 range, so no overflow or flush applies.)
fn f32_from_integer(neg: bool, m: u128, rnd: u32) -> u32 {
    let sign = (neg as u32) << 31;
    if m == 0 {
        return sign;
    }
    let p = msb(m);
    // Keep 24 significant bits: the significand is m scaled so its MSB is bit 23.
    let (mut sig, mut p) = if p <= 23 { (m << (23 - p), p) } else { (round_div_pow2(m, p - 23, neg, rnd), p) };
    if sig == 1 << 24 {
        // Rounding carried into a new binade.
        sig >>= 1;
        p += 1;
    }
    debug_assert!(sig >> 23 == 1 && p + 127 < 255);
    sign | (p + 127) << 23 | (sig as u32 & 0x7F_FFFF)
}

/// cvt.{rn,rz,rm,rp}.f32.s32
pub fn f32_from_s32(x: i32, rnd: u32) -> u32 {
    f32_from_integer(x < 0, x.unsigned_abs() as u128, rnd)
}

/// cvt.{rn,rz,rm,rp}.f32.u32
pub fn f32_from_u32(x: u32, rnd: u32) -> u32 {
    f32_from_integer(false, x as u128, rnd)
}

/// The flushed finite f32 `(-1)^neg * m * 2^e` rounded to an integer (exact, i128).
fn round_to_integer(neg: bool, m: u128, e: i32, rnd: u32) -> i128 {
    let mag = if e >= 0 {
        // m < 2^24 and e <= 104 (exp 254): the product fits u128.
        m << e
    } else {
        round_div_pow2(m, (-e) as u32, neg, rnd)
    };
    // Up to 2^128 - 2^104 (exp 254): cap it (far outside every destination range) so
    // the signed value cannot wrap.
    let mag = mag.min(1 << 64) as i128;
    if neg {
        -mag
    } else {
        mag
    }
}

/// f32 -> integer, then saturated to `[lo, hi]`; NaN -> 0, infinities saturate.
fn f32_to_int_sat(a: u32, rnd: u32, lo: i128, hi: i128) -> i128 {
    match decode_f32(a) {
        F32Val::Nan => 0,
        F32Val::Inf { neg } => {
            if neg {
                lo
            } else {
                hi
            }
        }
        F32Val::Finite { neg, m, e } => round_to_integer(neg, m, e, rnd).clamp(lo, hi),
    }
}

/// cvt.{rni,rzi,rmi,rpi}.s32.f32
pub fn s32_from_f32(a: u32, rnd: u32) -> i32 {
    f32_to_int_sat(a, rnd, i32::MIN as i128, i32::MAX as i128) as i32
}

/// cvt.{rni,rzi,rmi,rpi}.u32.f32
pub fn u32_from_f32(a: u32, rnd: u32) -> u32 {
    f32_to_int_sat(a, rnd, 0, u32::MAX as i128) as u32
}

/// cvt.{rni,rzi,rmi,rpi}.f32.f32: round to an integral value, result an f32.
pub fn f32_round_int(a: u32, rnd: u32) -> u32 {
    let fa = flush(a);
    match decode_f32(a) {
        F32Val::Nan => F32_NAN,
        F32Val::Inf { .. } => fa,
        F32Val::Finite { neg, m, e } => {
            if e >= 0 {
                return fa; // already an integer (this includes every |a| >= 2^23)
            }
            // |result| <= 2^24: exactly representable, so the re-encoding never rounds. A
            // zero result keeps the input's sign (rni(-0.3) = -0, rpi(-0.3) = -0).
            let mag = round_div_pow2(m, (-e) as u32, neg, rnd);
            f32_from_integer(neg, mag, RZ)
        }
    }
}

/// cvt.{rn,rz,rm,rp}.f16.f32: the flushed input rounded to binary16 with gradual underflow.
pub fn f16_from_f32(a: u32, rnd: u32) -> u16 {
    let (neg, m, e) = match decode_f32(a) {
        F32Val::Nan => return F16_NAN as u16,
        F32Val::Inf { neg } => return (neg as u16) << 15 | 0x7C00,
        F32Val::Finite { neg, m, e } => (neg, m, e),
    };
    let sign = (neg as u16) << 15;
    if m == 0 {
        return sign;
    }
    // value = m * 2^e with m in [2^23, 2^24): its binade exponent is E = e + 23.
    let big_e = e + 23;
    let (field, frac) = if big_e >= -14 {
        // Normal range: keep 11 significant bits (hidden + 10).
        let mut q = round_div_pow2(m, 13, neg, rnd);
        let mut big_e = big_e;
        if q == 1 << 11 {
            q >>= 1;
            big_e += 1;
        }
        if big_e > 15 {
            return sign | f16_overflow(neg, rnd);
        }
        ((big_e + 15) as u16, (q & 0x3FF) as u16)
    } else {
        // Subnormal range: count units of 2^-24; value / 2^-24 = m * 2^(e + 24).
        let q = round_div_pow2(m, (-(e + 24)) as u32, neg, rnd);
        // q <= 2^10; q == 2^10 is the smallest normal, whose encoding is the same integer.
        debug_assert!(q <= 1 << 10);
        (0, q as u16)
    };
    sign | field << 10 | frac
}

/// The magnitude an f16 overflow gives: infinity when the mode rounds away from zero for
/// this sign (rn; rp for +; rm for -), else the largest finite 0x7BFF.
fn f16_overflow(neg: bool, rnd: u32) -> u16 {
    let to_inf = match rnd {
        RN => true,
        RZ => false,
        RM => neg,
        _ => !neg,
    };
    if to_inf {
        0x7C00
    } else {
        0x7BFF
    }
}

/// cvt.f32.f16: exact; f16 subnormals become f32 normals; NaN -> 0x7FFFFFFF.
pub fn f32_from_f16(h: u16) -> u32 {
    let sign = ((h >> 15) as u32) << 31;
    let e5 = ((h >> 10) & 0x1F) as u32;
    let f10 = (h & 0x3FF) as u32;
    match e5 {
        31 if f10 != 0 => F32_NAN,
        31 => sign | 0x7F80_0000,
        0 if f10 == 0 => sign,
        0 => {
            // value = f10 * 2^-24 = 2^(p - 24) * (f10 / 2^p), p = MSB position of f10.
            let p = msb(f10 as u128);
            sign | (p + 127 - 24) << 23 | ((f10 << (23 - p)) & 0x7F_FFFF)
        }
        // (e5 - 15) + 127 = e5 + 112
        _ => sign | (e5 + 112) << 23 | f10 << 13,
    }
}

/// The independent oracle: Berkeley SoftFloat 3 (through `softfloat-wrapper`) with the
/// G80 layer of docs/sp-numerics.md applied around it (input flush, NaN results, PTX
/// saturation), so that its `cvt` must equal the golden [`super::cvt`] bit for bit.
pub mod softfloat_check {
    use super::{flush, kind, F16_NAN, F32_NAN};
    use softfloat_wrapper::{ExceptionFlags, Float, RoundingMode, F16, F32};

    fn mode(rnd: u32) -> RoundingMode {
        match rnd & 3 {
            0 => RoundingMode::TiesToEven,
            1 => RoundingMode::TowardZero,
            2 => RoundingMode::TowardNegative,
            _ => RoundingMode::TowardPositive,
        }
    }

    fn is_nan32(a: u32) -> bool {
        a & heddle_hw::fp32::bits::ABS_MASK > heddle_hw::fp32::bits::INF
    }

    /// SoftFloat's f32 -> i32 / u32 signal out-of-range operands (and NaN) with the
    /// invalid flag and return an implementation value (8086-SSE: 0x80000000 for i32,
    /// 0xFFFFFFFF for u32, also for negative u32 results). PTX saturates instead:
    /// NaN -> 0, out of range -> the nearest end of the destination range. (SoftFloat
    /// raises invalid only when the rounded integer is out of range: a negative operand
    /// rounding to 0 returns 0 without it.)
    fn to_int(a: u32, rnd: u32, signed: bool) -> u32 {
        let x = F32::from_bits(flush(a));
        if is_nan32(a) {
            return 0;
        }
        let mut flags = ExceptionFlags::default();
        flags.set(); // clear the (thread-local) flags
        let r = if signed { x.to_i32(mode(rnd), false) as u32 } else { x.to_u32(mode(rnd), false) };
        flags.get();
        if !flags.is_invalid() {
            return r;
        }
        let neg = a >> 31 == 1;
        match (signed, neg) {
            (true, true) => i32::MIN as u32,
            (true, false) => i32::MAX as u32,
            (false, true) => 0,
            (false, false) => u32::MAX,
        }
    }

    /// One conversion through SoftFloat, with the G80 rules around it.
    pub fn cvt(k: u32, rnd: u32, a: u32) -> u32 {
        let m = mode(rnd);
        match k & 7 {
            kind::F32_S32 => F32::from_i32(a as i32, m).to_bits(),
            kind::F32_U32 => F32::from_u32(a, m).to_bits(),
            kind::S32_F32 => to_int(a, rnd, true),
            kind::U32_F32 => to_int(a, rnd, false),
            kind::F32_F32_INT => {
                if is_nan32(a) {
                    F32_NAN
                } else {
                    F32::from_bits(flush(a)).round_to_integral(m).to_bits()
                }
            }
            kind::F16_F32 => {
                if is_nan32(a) {
                    F16_NAN
                } else {
                    F32::from_bits(flush(a)).to_f16(m).to_bits() as u32
                }
            }
            kind::F32_F16 => {
                let h = F16::from_bits(a as u16);
                if h.is_nan() {
                    F32_NAN
                } else {
                    h.to_f32(m).to_bits()
                }
            }
            _ => 0,
        }
    }
}
