//! The fast high-precision reference: log2, exp2, sin and cos of binary32 inputs to about
//! 2^-110 relative, in 128-bit integer fixed point (124 fraction bits, "Q124") with small
//! tables computed once by [`super::bigfx`]; rcp and rsqrt are exact integer arithmetic in
//! the report. Nothing here uses the host's libm. [`Exact`] carries an error bound; when a
//! value is too close to a rounding boundary for that bound, [`Exact::round_f32`] says so
//! and the caller recomputes it with [`super::bigfx`] (the `slow_*` functions).
use super::bigfx::{self, Fx};
use std::sync::OnceLock;

/// Fraction bits of the Q124 format.
pub const F: u32 = 124;
const ONE: u128 = 1 << F;

/// floor(a * b / 2^124) for a, b < 2^128 with a product below 2^252.
#[inline]
pub fn mul(a: u128, b: u128) -> u128 {
    let (a1, a0) = (a >> 64, a & 0xFFFF_FFFF_FFFF_FFFF);
    let (b1, b0) = (b >> 64, b & 0xFFFF_FFFF_FFFF_FFFF);
    let lo = a0 * b0;
    let m1 = a1 * b0;
    let m2 = a0 * b1;
    let hi = a1 * b1;
    // 256-bit sum: hi*2^128 + (m1 + m2)*2^64 + lo
    let (mid, c1) = m1.overflowing_add(m2);
    let (low, c2) = lo.overflowing_add(mid << 64);
    let high = hi + (mid >> 64) + ((c1 as u128) << 64) + c2 as u128;
    (high << (128 - F)) | (low >> F)
}

/// A real value `(-1)^neg * mant * 2^(exp - 127)` with `mant` normalized (bit 127 set; zero
/// is `mant == 0`), known to within `err` units of the last place of `mant`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exact {
    pub neg: bool,
    pub mant: u128,
    pub exp: i32,
    pub err: u128,
}

/// The G80 rounding of a value to binary32 (round to nearest even with an unbounded
/// exponent, then flush below 2^-126 to a signed zero; overflow to infinity).
pub fn pack_g80(neg: bool, sig24: u64, exp: i32) -> u32 {
    // sig24 in [2^23, 2^24]: 2^24 is a carry out of the rounding
    let (sig, exp) = if sig24 >> 24 != 0 { (sig24 >> 1, exp + 1) } else { (sig24, exp) };
    let s = (neg as u32) << 31;
    if exp > 127 {
        return s | 0x7F80_0000;
    }
    if exp < -126 {
        return s;
    }
    s | (((exp + 127) as u32) << 23) | (sig as u32 & 0x7F_FFFF)
}

impl Exact {
    pub const ZERO: Exact = Exact { neg: false, mant: 0, exp: 0, err: 0 };

    /// The exact power of two 2^e.
    pub fn pow2(e: i32) -> Exact {
        Exact { neg: false, mant: 1 << 127, exp: e, err: 0 }
    }

    /// `v * 2^(shift)` for an unsigned integer v, normalized; `err` in units of v's lsb.
    pub fn from_u128(neg: bool, v: u128, shift: i32, err: u128) -> Exact {
        if v == 0 {
            return Exact { neg, mant: 0, exp: 0, err };
        }
        let lz = v.leading_zeros();
        // mant = v << lz: value = mant * 2^(shift - lz); exp - 127 = shift - lz
        Exact { neg, mant: v << lz, exp: shift - lz as i32 + 127, err: (err << lz).max(1) }
    }

    /// `ip + frac * 2^-124` (ip an integer >= 0, frac a Q124 fraction < 1).
    pub fn from_int_frac(neg: bool, ip: u64, frac: u128, err: u128) -> Exact {
        if ip == 0 {
            return Exact::from_u128(neg, frac, -(F as i32), err);
        }
        let b = 64 - ip.leading_zeros(); // bits of ip
        // top 128 bits of ip * 2^124 + frac: ip goes to bits 127..128-b
        let sh = 128 - b; // left shift of ip
        let fr = if sh <= F { frac >> (F - sh) } else { frac << (sh - F) };
        let mant = ((ip as u128) << sh) | fr;
        Exact { neg, mant, exp: b as i32 - 1, err: (err >> (F.saturating_sub(sh))) + 1 }
    }

    /// Correctly rounded binary32 with the G80 flush, or None when the value lies within
    /// its error bound of a rounding boundary (ties and near-ties).
    pub fn round_f32(&self) -> Option<u32> {
        if self.mant == 0 {
            return Some((self.neg as u32) << 31);
        }
        let sig = (self.mant >> 104) as u64;
        let rest = self.mant & ((1u128 << 104) - 1);
        let half = 1u128 << 103;
        let d = if rest > half { rest - half } else { half - rest };
        if d <= self.err {
            if self.err == 0 && d == 0 {
                // an exact tie: to even
                let up = sig & 1 == 1;
                return Some(pack_g80(self.neg, sig + up as u64, self.exp));
            }
            return None;
        }
        let up = rest > half;
        Some(pack_g80(self.neg, sig + up as u64, self.exp))
    }

    /// |y - self| in units in the last place of self (ulp = 2^(exp - 23)), for a finite y.
    pub fn ulp_err(&self, y: u32) -> f64 {
        self.abs_err(y) / 2f64.powi(self.exp - 23)
    }

    /// |y - self| as an absolute value, for a finite y.
    pub fn abs_err(&self, y: u32) -> f64 {
        let yv = f32::from_bits(y) as f64;
        if self.mant == 0 {
            return yv.abs();
        }
        // both scaled by 2^-(exp - 23) so that the reference is in [2^23, 2^24)
        let r = (self.mant >> 64) as f64 * 2f64.powi(-40); // mant / 2^104
        let r = if self.neg { -r } else { r };
        let ys = yv * 2f64.powi(23 - self.exp);
        (ys - r).abs() * 2f64.powi(self.exp - 23)
    }

    /// The value as an f64 (for messages).
    pub fn to_f64(&self) -> f64 {
        let v = (self.mant >> 64) as f64 * 2f64.powi(self.exp - 63);
        if self.neg {
            -v
        } else {
            v
        }
    }
}

fn q124(x: &Fx) -> u128 {
    let v = x.round_scaled(F as i32);
    assert!(v.sign() != num_bigint::Sign::Minus);
    let (_, d) = v.to_u64_digits();
    d.iter().rev().fold(0u128, |a, &w| (a << 64) | w as u128)
}

struct Tables {
    /// ln(1 + j/256), 1/(1 + j/256)
    ln_c: Vec<u128>,
    inv_c: Vec<u128>,
    log2e: u128,
    ln2: u128,
    /// 2^(j/256)
    exp2_c: Vec<u128>,
    /// sin(j/256), cos(j/256), j < 403
    sin_c: Vec<u128>,
    cos_c: Vec<u128>,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let c = |j: i64| Fx::ratio(256 + j, 256);
        Tables {
            ln_c: (0..256).map(|j| q124(&bigfx::ln(&c(j)))).collect(),
            inv_c: (0..256).map(|j| q124(&c(j).recip())).collect(),
            log2e: q124(&bigfx::ln2().recip()),
            ln2: q124(bigfx::ln2()),
            exp2_c: (0..256).map(|j| q124(&bigfx::exp2(&Fx::ratio(j, 256)))).collect(),
            sin_c: (0..403).map(|j| q124(&bigfx::sin_cos(&Fx::ratio(j, 256)).0)).collect(),
            cos_c: (0..403).map(|j| q124(&bigfx::sin_cos(&Fx::ratio(j, 256)).1)).collect(),
        }
    })
}

/// log2(1 + f/2^23) in Q124 (absolute error below 2^-118).
pub fn log2_frac(f: u32) -> u128 {
    debug_assert!(f < 1 << 23);
    let t = tables();
    let j = (f >> 15) as usize;
    // X - c_j = (f mod 2^15) / 2^23
    let dx = ((f & 0x7FFF) as u128) << (F - 23);
    let d = mul(dx, t.inv_c[j]);
    // ln(1 + d) = d - d^2/2 + d^3/3 - ...  (d < 2^-8)
    let mut pow = d;
    let mut pos = 0u128;
    let mut neg = 0u128;
    let mut k = 1u128;
    while pow != 0 {
        if k % 2 == 1 {
            pos += pow / k;
        } else {
            neg += pow / k;
        }
        pow = mul(pow, d);
        k += 1;
    }
    let ln = t.ln_c[j] + pos - neg;
    mul(ln, t.log2e)
}

/// log2 of a positive normal binary32 `x` (after the G80 flush).
pub fn log2(x: u32) -> Exact {
    let e = ((x >> 23) & 0xFF) as i64 - 127;
    let f = x & 0x7F_FFFF;
    if f == 0 {
        let a = e.unsigned_abs();
        return if a == 0 { Exact::ZERO } else { Exact::from_u128(e < 0, a as u128, 0, 0) };
    }
    let l = log2_frac(f);
    const ERR: u128 = 1 << 8; // Q124 lsbs
    if e >= 0 {
        Exact::from_int_frac(false, e as u64, l, ERR)
    } else {
        Exact::from_int_frac(true, (-e - 1) as u64, ONE - l, ERR)
    }
}

/// 2^F for a Q124 fraction F in [0, 1): a Q124 value in [1, 2).
pub fn exp2_frac(fr: u128) -> u128 {
    let t = tables();
    let j = (fr >> (F - 8)) as usize;
    let r = fr & ((1u128 << (F - 8)) - 1);
    let y = mul(r, t.ln2);
    // e^y = sum y^k / k!
    let mut term = ONE;
    let mut sum = ONE;
    let mut k = 1u128;
    loop {
        term = mul(term, y) / k;
        if term == 0 {
            break;
        }
        sum += term;
        k += 1;
    }
    mul(t.exp2_c[j], sum)
}

/// 2^x for a binary32 x (after the G80 flush), exact up to the error bound.
pub fn exp2(x: u32) -> Exact {
    let neg = x >> 31 == 1;
    let be = ((x >> 23) & 0xFF) as i32;
    if be == 0 {
        return Exact::pow2(0);
    }
    let m = ((x & 0x7F_FFFF) | 0x80_0000) as u128;
    let e = be - 150; // x = m 2^e
    if e >= 0 {
        // an integer: 2^(+-m 2^e), far out of range when e > 8
        let v = if e > 8 { 1i64 << 40 } else { (m << e) as i64 };
        return Exact::pow2(if neg { -v.min(1 << 30) as i32 } else { v.min(1 << 30) as i32 });
    }
    let sh = (-e) as u32;
    let ip = if sh >= 64 { 0 } else { (m >> sh) as i64 };
    let fbits = if sh >= 64 { m } else { m & ((1u128 << sh) - 1) };
    // the fraction in Q124 (truncated below 2^-124 when sh > 124)
    let (fr, lost) = if sh <= F { (fbits << (F - sh), false) } else { (fbits >> (sh - F), fbits & ((1u128 << (sh - F).min(127)) - 1) != 0) };
    let (ip, fr) = if !neg {
        (ip, fr)
    } else if fr == 0 && !lost {
        (-ip, 0)
    } else {
        // -(ip + fr) = -(ip + 1) + (1 - fr)
        (-ip - 1, ONE - fr - lost as u128)
    };
    let v = exp2_frac(fr);
    Exact::from_u128(false, v, ip as i32 - F as i32, 1 << 8)
}

/// (sin x, cos x) in Q124 for a Q124 x in [0, pi/2] (absolute error below 2^-120): table
/// point a = j/256 and b = x - a < 2^-8 by their series.
pub fn sin_cos_q124(xq: u128) -> (u128, u128) {
    let t = tables();
    let j = (xq >> (F - 8)) as usize;
    let b = xq & ((1u128 << (F - 8)) - 1);
    let b2 = mul(b, b);
    let (mut sb, mut cb) = (0u128, 0u128);
    let (mut sbn, mut cbn) = (0u128, 0u128);
    let mut ts = b;
    let mut tc = ONE;
    let mut n = 0u128;
    while ts != 0 || tc != 0 {
        if n % 2 == 0 {
            sb += ts;
            cb += tc;
        } else {
            sbn += ts;
            cbn += tc;
        }
        ts = mul(ts, b2) / ((2 * n + 2) * (2 * n + 3));
        tc = mul(tc, b2) / ((2 * n + 1) * (2 * n + 2));
        n += 1;
    }
    let (sb, cb) = (sb - sbn, cb - cbn);
    let s = mul(t.sin_c[j], cb) + mul(t.cos_c[j], sb);
    let c = mul(t.cos_c[j], cb).saturating_sub(mul(t.sin_c[j], sb));
    (s, c)
}

/// pi/2 in Q124.
pub fn half_pi_q124() -> u128 {
    static H: OnceLock<u128> = OnceLock::new();
    *H.get_or_init(|| q124(&bigfx::pi().shl(-1)))
}

/// sin(q pi/2) for q = u 2^-32 in (0, 1).
pub fn sin_quarter(u: u32) -> Exact {
    let x = mul((u as u128) << (F - 32), half_pi_q124());
    Exact::from_u128(false, sin_cos_q124(x).0, -(F as i32), 1 << 8)
}

/// (sin x, cos x) for a binary32 x in [0, pi/2).
pub fn sin_cos(x: u32) -> (Exact, Exact) {
    let be = ((x >> 23) & 0xFF) as i32;
    if be == 0 {
        return (Exact::ZERO, Exact::pow2(0));
    }
    let m = ((x & 0x7F_FFFF) | 0x80_0000) as u128;
    let e = be - 150;
    assert!(x >> 31 == 0 && e <= -22, "sin_cos reference: x must be in [0, pi/2)");
    const ERR: u128 = 1 << 8;
    if be >= 127 - 8 {
        // x >= 2^-8: exact in Q124
        let (s, c) = sin_cos_q124(m << (F as i32 + e) as u32);
        (Exact::from_u128(false, s, -(F as i32), ERR), Exact::from_u128(false, c, -(F as i32), ERR))
    } else {
        // x < 2^-8: sin x = x S(x^2), cos x = C(x^2) by their series
        let sh = 2 * e + F as i32; // x^2 = m^2 2^(2e)
        let m2 = m * m;
        let x2 = if sh <= -64 { 0 } else if sh < 0 { m2 >> (-sh) as u32 } else { m2 << sh as u32 };
        let (mut s, mut c) = (0u128, 0u128);
        let (mut sn, mut cn) = (0u128, 0u128);
        let (mut ts, mut tc) = (ONE, ONE);
        let mut n = 0u128;
        while ts != 0 || tc != 0 {
            if n % 2 == 0 {
                s += ts;
                c += tc;
            } else {
                sn += ts;
                cn += tc;
            }
            ts = mul(ts, x2) / ((2 * n + 2) * (2 * n + 3));
            tc = mul(tc, x2) / ((2 * n + 1) * (2 * n + 2));
            n += 1;
        }
        let (s, c) = (s - sn, c - cn);
        // sin = m * 2^e * S: (S >> 24) * m has 124 bits
        let sm = (s >> 24) * m;
        (Exact::from_u128(false, sm, e - 100, 1 << 30), Exact::from_u128(false, c, -(F as i32), ERR))
    }
}

// ---- the slow path (bigfx), for values too close to a rounding boundary and for checks ----

fn exact_of(v: &Fx) -> Exact {
    let neg = v.is_neg();
    let a = v.abs();
    if a.0.bits() == 0 {
        return Exact::ZERO;
    }
    // a = A / 2^P, A with `bits` bits: keep the top 128 bits
    let bits = a.0.bits() as i64;
    let sh = bits - 128;
    let top = if sh >= 0 { &a.0 >> sh as u32 } else { &a.0 << (-sh) as u32 };
    let (_, d) = top.to_u64_digits();
    let mant = d.iter().rev().fold(0u128, |acc, &w| (acc << 64) | w as u128);
    // value = mant * 2^(sh - P) ; exp - 127 = sh - P
    Exact { neg, mant, exp: (sh - bigfx::P as i64 + 127) as i32, err: 1 }
}

fn fx_of_f32(x: u32) -> Fx {
    let be = ((x >> 23) & 0xFF) as i32;
    if be == 0 {
        return Fx::zero();
    }
    let m = ((x & 0x7F_FFFF) | 0x80_0000) as i128;
    let v = Fx::dyadic(m, be - 150);
    if x >> 31 == 1 {
        -v
    } else {
        v
    }
}

pub fn slow_log2(x: u32) -> Exact {
    exact_of(&bigfx::log2(&fx_of_f32(x)))
}

pub fn slow_exp2(x: u32) -> Exact {
    let v = fx_of_f32(x);
    // 2^x = 2^k 2^(x - k), k = floor(x)
    let k = v.floor_scaled(0);
    let ki: i64 = k.clone().try_into().unwrap_or(0);
    let r = &v - &Fx::from_i64(ki);
    let mut e = exact_of(&bigfx::exp2(&r));
    e.exp += ki as i32;
    e
}

/// sin and cos of any finite binary32 (reduced by pi/2 in big precision).
pub fn slow_sin_cos(x: u32) -> (Exact, Exact) {
    let v = fx_of_f32(x);
    let half_pi = bigfx::pi().shl(-1);
    let k = v.div(&half_pi).floor_scaled(0);
    let ki: i64 = (&k % 4i64).try_into().unwrap();
    let r = &v - &Fx(&half_pi.0 * &k);
    let (s, c) = bigfx::sin_cos(&r);
    let (s, c) = match ki.rem_euclid(4) {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    };
    (exact_of(&s), exact_of(&c))
}

/// Correct rounding with the fast path, falling back to the slow one.
pub fn round_or_slow(fast: Exact, slow: impl FnOnce() -> Exact) -> (u32, Exact, bool) {
    match fast.round_f32() {
        Some(y) => (y, fast, false),
        None => {
            let s = slow();
            (s.round_f32().expect("a value within 2^-300 of a rounding boundary"), s, true)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_agrees_with_slow() {
        let mut r = crate::vectors::Rng::new(5);
        for i in 0..300 {
            let f = r.next_u32() & 0x7F_FFFF;
            let x = 0x3F80_0000 | f;
            let (a, b) = (log2(x), slow_log2(x));
            assert_eq!(a.round_f32(), b.round_f32(), "log2 {x:#x}");
            assert!((a.to_f64() - b.to_f64()).abs() <= b.to_f64().abs() * 1e-15);
            let y = (0x3000_0000 + (r.next_u32() % 0x1300_0000)) ^ ((i & 1) << 31);
            let (a, b) = (exp2(y), slow_exp2(y));
            assert_eq!(a.round_f32(), b.round_f32(), "exp2 {y:#x}");
            let z = r.next_u32() % 0x3FC9_0FDB;
            let (s, c) = sin_cos(z);
            let (ss, cs) = slow_sin_cos(z);
            assert_eq!((s.round_f32(), c.round_f32()), (ss.round_f32(), cs.round_f32()), "sincos {z:#x}");
        }
        assert_eq!(log2(0x3F80_0000).round_f32(), Some(0));
        assert_eq!(log2(0x4100_0000).round_f32(), Some(0x4040_0000));
        assert_eq!(exp2(0x4040_0000).round_f32(), Some(0x4100_0000));
        assert_eq!(exp2(0xC040_0000).round_f32(), Some(0x3E00_0000));
    }
}

/// 1/X for X = 1 + f 2^-23 (f > 0), 64 correct bits (integer division).
pub fn rcp_frac(f: u32) -> Exact {
    let m = (f | 0x80_0000) as u128;
    Exact::from_u128(false, (1u128 << 87) / m, -64, 1)
}

/// 1/sqrt(X) for X = 2^b (1 + f 2^-23) ((b, f) != (0, 0)), 64 correct bits (integer
/// square root).
pub fn rsqrt_frac(b: u32, f: u32) -> Exact {
    let m = (f | 0x80_0000) as u128;
    // n = floor(2^(151-b) / m): v = floor(sqrt(n)) is 1/sqrt(X) scaled by 2^64
    let top = 1u128 << 127;
    let sh = 24 - b;
    let n = ((top / m) << sh) + (((top % m) << sh) / m);
    let mut v = (n as f64).sqrt() as u128; // estimate, then Newton, then exact correction
    for _ in 0..3 {
        v = (v + n / v) / 2;
    }
    while v.checked_mul(v).map_or(true, |s| s > n) {
        v -= 1;
    }
    while (v + 1).checked_mul(v + 1).map_or(false, |s| s <= n) {
        v += 1;
    }
    Exact::from_u128(false, v, -64, 2)
}
