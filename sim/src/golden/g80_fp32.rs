//! Golden model of the SP's G80-mode FP32 arithmetic: add, sub, mul, mad, min, max, the
//! comparisons, and `.sat` (contract: docs/sp-numerics.md).
//!
//! Written from the definitions with exact integer arithmetic: an operand is
//! `(-1)^s * m * 2^e` with integer m, sums and products are formed exactly (num-bigint),
//! and [`round_g80`] rounds the exact value once, with an unbounded exponent, then flushes
//! or overflows. Independent of hw/; cross-checked against Berkeley SoftFloat in
//! [`softfloat_check`].
use num_bigint::{BigInt, BigUint, Sign};

/// The canonical NaN, the largest finite value and 1.0 (`heddle_hw::fp32::bits`).
pub use heddle_hw::fp32::bits::{CANON_NAN, MAX_FINITE, ONE};
use heddle_hw::fp32::bits::{ABS_MASK, INF};

/// Rounding modes (`heddle_hw::isa::Rnd`; the SP encodes the first four, docs/sp-numerics.md).
pub use heddle_hw::isa::Rnd;

/// Subnormal inputs become a zero of the same sign.
pub fn flush(a: u32) -> u32 {
    if a & 0x7F80_0000 == 0 {
        a & 0x8000_0000
    } else {
        a
    }
}

pub fn is_nan(a: u32) -> bool {
    a & ABS_MASK > INF
}
pub fn is_inf(a: u32) -> bool {
    a & ABS_MASK == INF
}
pub fn is_zero(a: u32) -> bool {
    a & ABS_MASK == 0
}
fn sign(a: u32) -> bool {
    a >> 31 == 1
}

/// A finite, flushed operand as (sign, m, e) with value (-1)^sign * m * 2^e.
fn decode(a: u32) -> (bool, u64, i64) {
    let e = ((a >> 23) & 0xFF) as i64;
    let f = (a & 0x7F_FFFF) as u64;
    if e == 0 {
        (sign(a), 0, 0) // zero (subnormals were flushed)
    } else {
        (sign(a), f | 1 << 23, e - 150)
    }
}

/// Rounds `(-1)^sign * mag * 2^exp` (mag > 0) to 24 significant bits with an unbounded
/// exponent in mode `rnd`, then applies the G80 range rules: magnitude below 2^-126 gives
/// a signed zero; above the largest finite gives infinity or the largest finite per mode.
pub fn round_g80(sign: bool, mag: &BigUint, exp: i64, rnd: Rnd) -> u32 {
    assert!(mag.bits() > 0, "round_g80 of zero");
    let n = mag.bits() as i64;
    let shift = n - 24;
    let (mut q, mut e) = if shift > 0 {
        let q = mag >> (shift as u64);
        let rem = mag - (&q << (shift as u64));
        let half = BigUint::from(1u8) << ((shift - 1) as u64);
        let odd = q.bit(0);
        let inexact = rem.bits() > 0;
        let up = match rnd {
            Rnd::Rn => rem > half || (rem == half && odd),
            Rnd::Rna => rem >= half,
            Rnd::Rz => false,
            Rnd::Rm => sign && inexact,
            Rnd::Rp => !sign && inexact,
        };
        let q: u64 = q.try_into().expect("24-bit quotient");
        (q + up as u64, exp + shift)
    } else {
        let m: u64 = mag.try_into().expect("at most 24 bits");
        (m << (-shift) as u64, exp + shift)
    };
    if q == 1 << 24 {
        q >>= 1;
        e += 1;
    }
    // value = q * 2^e with 2^23 <= q < 2^24, i.e. biased exponent e + 150.
    let biased = e + 150;
    let s = (sign as u32) << 31;
    if biased < 1 {
        return s;
    }
    if biased > 254 {
        let to_inf = match rnd {
            Rnd::Rn | Rnd::Rna => true,
            Rnd::Rz => false,
            Rnd::Rm => sign,
            Rnd::Rp => !sign,
        };
        return s | if to_inf { 0x7F80_0000 } else { MAX_FINITE };
    }
    s | (biased as u32) << 23 | (q as u32 & 0x7F_FFFF)
}

/// The exact sum of two finite terms `(sign, m, e)`, rounded by [`round_g80`]; an exact
/// zero gets the IEEE sign (same-sign operands keep it; otherwise +0, or -0 in rm).
fn exact_sum(x: (bool, u64, i64), y: (bool, u64, i64), rnd: Rnd) -> u32 {
    let terms = [x, y];
    let e0 = terms.iter().filter(|t| t.1 != 0).map(|t| t.2).min().unwrap_or(0);
    let mut sum = BigInt::from(0);
    for &(s, m, e) in &terms {
        if m != 0 {
            let v = BigInt::from(m) << ((e - e0) as u64);
            sum += if s { -v } else { v };
        }
    }
    match sum.sign() {
        Sign::NoSign => {
            let neg = if x.0 == y.0 { x.0 } else { rnd == Rnd::Rm };
            (neg as u32) << 31
        }
        s => round_g80(s == Sign::Minus, sum.magnitude(), e0, rnd),
    }
}

/// `add.f32` (G80): flushed inputs, canonical NaN, one rounding, flushed result.
pub fn add(a: u32, b: u32, rnd: Rnd) -> u32 {
    let (a, b) = (flush(a), flush(b));
    if is_nan(a) || is_nan(b) {
        return CANON_NAN;
    }
    if is_inf(a) || is_inf(b) {
        if is_inf(a) && is_inf(b) && sign(a) != sign(b) {
            return CANON_NAN;
        }
        return if is_inf(a) { a } else { b };
    }
    exact_sum(decode(a), decode(b), rnd)
}

/// `sub.f32` = a + (-b).
pub fn sub(a: u32, b: u32, rnd: Rnd) -> u32 {
    add(a, b ^ 0x8000_0000, rnd)
}

/// `mul.f32` (G80).
pub fn mul(a: u32, b: u32, rnd: Rnd) -> u32 {
    let (a, b) = (flush(a), flush(b));
    let s = sign(a) != sign(b);
    if is_nan(a) || is_nan(b) || (is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b)) {
        return CANON_NAN;
    }
    if is_inf(a) || is_inf(b) {
        return (s as u32) << 31 | 0x7F80_0000;
    }
    if is_zero(a) || is_zero(b) {
        return (s as u32) << 31;
    }
    let ((_, ma, ea), (_, mb, eb)) = (decode(a), decode(b));
    round_g80(s, &BigUint::from(ma * mb), ea + eb, rnd)
}

/// The G80 MAD product: a*b exactly, truncated toward zero to 24 significant bits with
/// an unbounded exponent (no rounding up, no overflow, no flush). Finite, flushed inputs.
pub fn mad_product(a: u32, b: u32) -> (bool, u64, i64) {
    let ((sa, ma, ea), (sb, mb, eb)) = (decode(a), decode(b));
    let (mut m, mut e) = (ma * mb, ea + eb);
    let n = 64 - m.leading_zeros() as i64;
    if n > 24 {
        m >>= n - 24;
        e += n - 24;
    }
    (sa != sb, m, e)
}

/// `mad.f32` (G80 MAD, not fused): truncated product, then one rn rounding of p + c.
pub fn mad(a: u32, b: u32, c: u32) -> u32 {
    let (a, b, c) = (flush(a), flush(b), flush(c));
    let sp = sign(a) != sign(b);
    if is_nan(a) || is_nan(b) || is_nan(c) || (is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b)) {
        return CANON_NAN;
    }
    if is_inf(a) || is_inf(b) {
        if is_inf(c) && sign(c) != sp {
            return CANON_NAN;
        }
        return (sp as u32) << 31 | 0x7F80_0000;
    }
    if is_inf(c) {
        return c;
    }
    exact_sum(mad_product(a, b), decode(c), Rnd::Rn)
}

/// `.sat`: clamp to [+0, 1.0]; NaN and every negative value (including -0) give +0.
pub fn sat(r: u32) -> u32 {
    if is_nan(r) || sign(r) {
        0
    } else if r > ONE {
        ONE
    } else {
        r
    }
}

/// Order key of a flushed non-NaN value: -0 and +0 share 0.
fn key(a: u32) -> i64 {
    let m = (a & ABS_MASK) as i64;
    if sign(a) {
        -m
    } else {
        m
    }
}

/// `min.f32` / `max.f32` (G80): flushed inputs; one NaN gives the other operand; both NaN
/// give the canonical NaN; min(-0, +0) = -0, max(-0, +0) = +0.
pub fn minmax(a: u32, b: u32, max: bool) -> u32 {
    let (a, b) = (flush(a), flush(b));
    match (is_nan(a), is_nan(b)) {
        (true, true) => return CANON_NAN,
        (true, false) => return b,
        (false, true) => return a,
        _ => {}
    }
    let (ka, kb) = (key(a), key(b));
    if ka == kb {
        // Equal values; differ only for zeros of opposite signs.
        return if max { a & b } else { a | b };
    }
    if (ka < kb) != max {
        a
    } else {
        b
    }
}

/// Comparison codes of setp/set (docs/sp-numerics.md; `heddle_hw::isa::cmp`).
pub use heddle_hw::isa::cmp::NAMES as CMP_NAMES;

/// `setp.CMP.f32` (G80): flushed inputs, -0 == +0.
pub fn setp(code: u32, a: u32, b: u32) -> bool {
    use heddle_hw::isa::cmp;
    let (a, b) = (flush(a), flush(b));
    let unordered = is_nan(a) || is_nan(b);
    let (ka, kb) = (key(a), key(b));
    let ordered = |c: u32| match c {
        cmp::EQ => ka == kb,
        cmp::NE => ka != kb,
        cmp::LT => ka < kb,
        cmp::LE => ka <= kb,
        cmp::GT => ka > kb,
        _ => ka >= kb,
    };
    match code {
        cmp::EQ..=cmp::GE => !unordered && ordered(code),
        cmp::EQU..=cmp::GEU => unordered || ordered(code - cmp::UNORDERED),
        cmp::NUM => !unordered,
        cmp::NAN => unordered,
        _ => false,
    }
}

/// Berkeley SoftFloat with heddle's flush layer: the independent oracle for the
/// IEEE-shaped operations (add, sub, mul), and MAD evaluated through exact wider formats.
pub mod softfloat_check {
    use super::{flush, is_nan, CANON_NAN};
    use softfloat_wrapper::{ExceptionFlags, Float, RoundingMode, F128, F32, F64};

    fn mode(rnd: super::Rnd) -> RoundingMode {
        match rnd {
            super::Rnd::Rn => RoundingMode::TiesToEven,
            super::Rnd::Rz => RoundingMode::TowardZero,
            super::Rnd::Rm => RoundingMode::TowardNegative,
            super::Rnd::Rp => RoundingMode::TowardPositive,
            super::Rnd::Rna => RoundingMode::TiesToAway,
        }
    }

    /// Runs `f` with SoftFloat detecting tininess after rounding and cleared flags;
    /// returns its result with the G80 flush applied: a NaN becomes canonical; a
    /// subnormal result, or one raising underflow, becomes a zero of its sign.
    fn g80<F: FnOnce() -> u32>(f: F) -> u32 {
        // SoftFloat's state is thread-local.
        unsafe { softfloat_sys::softfloat_detectTininess_write_helper(softfloat_sys::softfloat_tininess_afterRounding) };
        let mut flags = ExceptionFlags::default();
        flags.set();
        let r = f();
        flags.get();
        if is_nan(r) {
            CANON_NAN
        } else if r & 0x7F80_0000 == 0 || flags.is_underflow() {
            r & 0x8000_0000
        } else {
            r
        }
    }

    pub fn add(a: u32, b: u32, rnd: super::Rnd) -> u32 {
        let (a, b) = (F32::from_bits(flush(a)), F32::from_bits(flush(b)));
        g80(|| a.add(b, mode(rnd)).to_bits())
    }

    pub fn sub(a: u32, b: u32, rnd: super::Rnd) -> u32 {
        let (a, b) = (F32::from_bits(flush(a)), F32::from_bits(flush(b)));
        g80(|| a.sub(b, mode(rnd)).to_bits())
    }

    pub fn mul(a: u32, b: u32, rnd: super::Rnd) -> u32 {
        let (a, b) = (F32::from_bits(flush(a)), F32::from_bits(flush(b)));
        g80(|| a.mul(b, mode(rnd)).to_bits())
    }

    /// MAD through SoftFloat: the f64 product of two f32 values is exact; masking its low
    /// 29 fraction bits truncates it to 24 bits (f64's range holds every such product, so
    /// the exponent is unbounded for our purpose); the sum is formed in binary128 and
    /// rounded once to f32. When the binary128 sum is inexact the addend lies more than
    /// 2^-89 below the larger term, so the f32 rounding is still that of the exact sum.
    pub fn mad(a: u32, b: u32, c: u32) -> u32 {
        let (fa, fb, fc) = (F32::from_bits(flush(a)), F32::from_bits(flush(b)), F32::from_bits(flush(c)));
        let rn = RoundingMode::TiesToEven;
        g80(|| {
            let p = fa.to_f64(rn).mul(fb.to_f64(rn), rn);
            let pb = p.to_bits();
            let finite_nonzero = (pb >> 52) & 0x7FF != 0x7FF && pb & 0x7FFF_FFFF_FFFF_FFFF != 0;
            let pt = if finite_nonzero { F64::from_bits(pb & !((1u64 << 29) - 1)) } else { p };
            let s: F128 = pt.to_f128(rn).add(fc.to_f128(rn), rn);
            s.to_f32(rn).to_bits()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn design_md_flush_example() {
        // 0x3F7FFFFF * 0x00800000: IEEE with subnormals gives 0x00800000, the G80 +0.
        assert_eq!(mul(0x3F7F_FFFF, 0x0080_0000, Rnd::Rn), 0);
    }
}
