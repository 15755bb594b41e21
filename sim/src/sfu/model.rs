//! The bit-exact model of the SFU datapath (docs/sfu.md): the quadratic interpolator, the
//! output normalization and rounding, each function's range handling and special cases,
//! and the range-reduction step (RRO). Plain integer Rust, no rust-hdl: fast enough for
//! the 2^32 sweeps of `heddle sfu-report`. The hw block (`heddle_hw::sfu`) must equal it on
//! every input.
use heddle_hw::isa::sfu_fn;
use heddle_hw::sfu::table::{SfuTable, ACC_FRAC, SQ_BITS, XL_BITS};
use heddle_hw::sfu::tables;

/// The operations of the SFU (the `op` port of the hw block uses these codes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    Rcp = sfu_fn::RCP as isize,
    Rsq = sfu_fn::RSQ as isize,
    Lg2 = sfu_fn::LG2 as isize,
    Ex2 = sfu_fn::EX2 as isize,
    Sin = sfu_fn::SIN as isize,
    Cos = sfu_fn::COS as isize,
    RroSincos = sfu_fn::RRO_SINCOS as isize,
    RroEx2 = sfu_fn::RRO_EX2 as isize,
}

impl Op {
    pub const ALL: [Op; 8] = [Op::Rcp, Op::Rsq, Op::Lg2, Op::Ex2, Op::Sin, Op::Cos, Op::RroSincos, Op::RroEx2];
    pub fn from_code(c: u32) -> Op {
        Op::ALL[(c & 7) as usize]
    }
    pub fn name(self) -> &'static str {
        sfu_fn::NAMES[self as usize]
    }
}

/// The canonical NaN.
pub const NAN: u32 = heddle_hw::fp32::bits::CANON_NAN;
/// rro.sincos of a NaN or an infinity.
pub const RRO_SINCOS_NAN: u32 = 0x3FFF_FFFF;
/// rro.ex2 of a NaN.
pub const RRO_EX2_NAN: u32 = 0x407F_FFFF;
/// rro.sincos passes |x| below 2^-12 through unchanged (biased exponent < this).
pub const TINY_EXP: u32 = 115;

/// Index of the table entry and the `Xl` field for operand `u`.
#[inline]
pub fn split(t: &SfuTable, u: u32) -> (usize, u32) {
    let k = t.region_bits;
    let r = t.region(u);
    let m = t.m[r];
    let within = if m == k { 0 } else { (u >> (32 - m)) & ((1u32 << (m - k)) - 1) };
    let idx = t.base[r] + within;
    let xl = ((((u as u64) << t.m_min) as u32) >> (32 - XL_BITS)) & ((1u32 << (XL_BITS - (m - t.m_min))) - 1);
    (idx as usize, xl)
}

/// The truncated squarer: top SQ_BITS of Xl squared, top SQ_BITS of the square.
#[inline]
pub fn square(xl: u32) -> u32 {
    let xs = (xl >> (XL_BITS - SQ_BITS)) as u64;
    ((xs * xs) >> SQ_BITS) as u32
}

/// The three terms of the sum for entry `idx` in region `r`: (T0, T1, T2) with T1, T2 the truncated
/// magnitudes of the product terms, all in units of 2^-ACC_FRAC.
#[inline]
pub fn terms(t: &SfuTable, r: usize, idx: usize, xl: u32) -> (i64, i64, i64) {
    let t0 = (t.c0[idx] as i64 + t.off0 as i64) << (ACC_FRAC - t.f0);
    let t1 = ((t.c1[idx] as u64 * xl as u64) >> t.shift1(r)) as i64;
    let t2 = ((t.c2[idx] as u64 * square(xl) as u64) >> t.shift2(r)) as i64;
    (t0, t1, t2)
}

/// The accumulator: C0 +- C1 Xl +- C2 Xl^2 + bias, in units of 2^-ACC_FRAC (may be
/// negative or above 2 only for operands outside the table's purpose; clamped by callers).
#[inline]
pub fn interp(t: &SfuTable, u: u32) -> i64 {
    let (idx, xl) = split(t, u);
    let (t0, t1, t2) = terms(t, t.region(u), idx, xl);
    t0 + if t.neg1 { -t1 } else { t1 } + if t.neg2 { -t2 } else { t2 } + t.bias as i64
}

/// Round a positive fixed-point value `v * 2^-frac` to 24 significant bits, to nearest
/// even: (significand in [2^23, 2^24], exponent of its leading bit). The significand may be
/// 2^24 after a carry (packing renormalizes). v must be non-zero.
#[inline]
pub fn round24(v: u64, frac: u32) -> (u64, i32) {
    let len = 64 - v.leading_zeros();
    let exp = len as i32 - 1 - frac as i32;
    if len <= 24 {
        return (v << (24 - len), exp);
    }
    let sh = len - 24;
    let sig = v >> sh;
    let rem = v & ((1u64 << sh) - 1);
    let half = 1u64 << (sh - 1);
    let up = rem > half || (rem == half && sig & 1 == 1);
    (sig + up as u64, exp)
}

pub use super::hp::pack_g80;

/// The interpolated value in [0, 2) of table `t` at `u`, rounded: (significand, exponent).
/// Negative sums are clamped to zero (returned as None).
#[inline]
pub fn table_value(t: &SfuTable, u: u32) -> Option<(u64, i32)> {
    let a = interp(t, u);
    if a <= 0 {
        None
    } else {
        Some(round24(a as u64, ACC_FRAC))
    }
}

/// Unpacked binary32 operand after the G80 input flush.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct In {
    pub neg: bool,
    /// biased exponent (0 for zero and flushed subnormals)
    pub be: u32,
    pub frac: u32,
    pub zero: bool,
    pub inf: bool,
    pub nan: bool,
}

pub fn unpack(x: u32) -> In {
    let be = (x >> 23) & 0xFF;
    let frac = x & 0x7F_FFFF;
    In {
        neg: x >> 31 == 1,
        be: if be == 0 { 0 } else { be },
        frac: if be == 0 { 0 } else { frac },
        zero: be == 0,
        inf: be == 255 && frac == 0,
        nan: be == 255 && frac != 0,
    }
}

fn inf(neg: bool) -> u32 {
    ((neg as u32) << 31) | 0x7F80_0000
}
fn zero(neg: bool) -> u32 {
    (neg as u32) << 31
}

/// rcp: 1/x.
pub fn rcp_with(t: &SfuTable, x: u32) -> u32 {
    let a = unpack(x);
    if a.nan {
        return NAN;
    }
    if a.inf {
        return zero(a.neg);
    }
    if a.zero {
        return inf(a.neg);
    }
    let e = a.be as i32 - 127;
    if a.frac == 0 {
        return pack_g80(a.neg, 1 << 23, -e);
    }
    match table_value(t, a.frac << 9) {
        Some((s, ex)) => pack_g80(a.neg, s, ex - e),
        None => zero(a.neg),
    }
}

/// rsqrt: 1/sqrt(x); the exponent's parity chooses the binade [1, 2) or [2, 4).
pub fn rsq_with(t: &SfuTable, x: u32) -> u32 {
    let a = unpack(x);
    if a.nan || (a.neg && !a.zero) {
        return NAN;
    }
    if a.inf {
        return 0;
    }
    if a.zero {
        return inf(a.neg);
    }
    let e = a.be as i32 - 127;
    let b = (e & 1) as u32;
    let half = (e - b as i32) / 2;
    if a.frac == 0 && b == 0 {
        return pack_g80(false, 1 << 23, -half);
    }
    match table_value(t, (b << 31) | (a.frac << 8)) {
        Some((s, ex)) => pack_g80(false, s, ex - half),
        None => 0,
    }
}

/// log2: the exponent becomes the integer part, the table gives log2 of the significand.
pub fn lg2_with(t: &SfuTable, x: u32) -> u32 {
    let a = unpack(x);
    if a.nan || (a.neg && !a.zero) {
        return NAN;
    }
    if a.zero {
        return inf(true);
    }
    if a.inf {
        return inf(false);
    }
    let e = a.be as i64 - 127;
    let l = if a.frac == 0 { 0 } else { interp(t, a.frac << 9).max(0) };
    let v = (e << ACC_FRAC) + l;
    if v == 0 {
        return 0;
    }
    let (s, ex) = round24(v.unsigned_abs(), ACC_FRAC);
    pack_g80(v < 0, s, ex)
}

/// The fields of an rro.ex2 word: (integer part, 30-bit fraction) of x = I + F with
/// F in [0, 1), or a special result.
pub fn ex2_decode(w: u32) -> Result<(i32, u32), u32> {
    let s = w >> 31 == 1;
    let (i, f) = if w >> 30 & 1 == 1 {
        let i = (w >> 23) & 0x7F;
        let fr = w & 0x7F_FFFF;
        if i == 0 {
            // saturated (|x| >= 128 or infinite), or NaN
            return Err(if fr != 0 { NAN } else if s { 0 } else { 0x7F80_0000 });
        }
        (i as i32, fr << 7)
    } else {
        (0, w & 0x3FFF_FFFF)
    };
    Ok(if !s {
        (i, f)
    } else if f == 0 {
        (-i, 0)
    } else {
        (-i - 1, (1 << 30) - f)
    })
}

/// ex2 on an rro.ex2 word: 2^I * 2^F.
pub fn ex2_with(t: &SfuTable, w: u32) -> u32 {
    let (i, f) = match ex2_decode(w) {
        Ok(v) => v,
        Err(r) => return r,
    };
    if f == 0 {
        return pack_g80(false, 1 << 23, i);
    }
    match table_value(t, f << 2) {
        Some((s, ex)) => pack_g80(false, s, ex + i),
        None => 0,
    }
}

/// The decoded rro.sincos word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SinArg {
    /// |x| < 2^-12: x itself (sin x = x, cos x = 1 after rounding).
    Tiny(u32),
    /// quadrant (0..3) and the fraction q (28 bits) of a quarter turn; sign of x.
    Turn { neg: bool, quad: u32, q: u32 },
    Nan,
}

pub fn sincos_decode(w: u32) -> SinArg {
    if w >> 30 & 1 == 1 {
        SinArg::Turn { neg: w >> 31 == 1, quad: (w >> 28) & 3, q: w & 0x0FFF_FFFF }
    } else if (w >> 23) & 0x7F >= TINY_EXP {
        SinArg::Nan
    } else if (w >> 23) & 0x7F == 0 {
        SinArg::Tiny(w & 0x8000_0000)
    } else {
        SinArg::Tiny(w)
    }
}

/// sin (cos: `cos` true) on an rro.sincos word.
pub fn sincos_with(t: &SfuTable, w: u32, cos: bool) -> u32 {
    match sincos_decode(w) {
        SinArg::Nan => NAN,
        SinArg::Tiny(x) => {
            if cos {
                0x3F80_0000
            } else {
                x
            }
        }
        SinArg::Turn { neg, quad, q } => {
            let j = if cos { (quad + 1) & 3 } else { quad };
            let rneg = (j >= 2) ^ (neg && !cos);
            // j odd: sin((1 - q) pi/2) = cos(q pi/2)
            let arg = if j & 1 == 1 { (1 << 28) - q } else { q };
            if arg == 0 {
                return zero(rneg);
            }
            if arg == 1 << 28 {
                return ((rneg as u32) << 31) | 0x3F80_0000;
            }
            match table_value(t, arg << 4) {
                Some((s, ex)) => pack_g80(rneg, s, ex),
                None => zero(rneg),
            }
        }
    }
}

/// The bits of 2/pi used by rro.sincos: `g(i)` is the bit of weight 2^-i (zero for i <= 0),
/// for i up to 166.
pub fn two_over_pi_bit(i: i32) -> u64 {
    if i <= 0 {
        return 0;
    }
    let w = TWO_OVER_PI[((i - 1) / 64) as usize];
    (w >> (63 - (i - 1) % 64)) & 1
}

/// 2/pi = 0.A2F9836E4E441529 FC2757D1F534DDC0 DB6295993C439041 FE51... (hex), checked
/// against the big-precision value in the tests.
pub const TWO_OVER_PI: [u64; 3] = [0xA2F9_836E_4E44_1529, 0xFC27_57D1_F534_DDC0, 0xDB62_9599_3C43_9041];

/// The 64-bit window of 2/pi for exponent `e` (x = M 2^e): bits g(e-1) .. g(e+62).
pub fn two_over_pi_window(e: i32) -> u64 {
    (0..64).fold(0u64, |acc, k| (acc << 1) | two_over_pi_bit(e - 1 + k))
}

/// rro.sincos: x (radians) to sign, quadrant and fraction of a quarter turn; |x| < 2^-12
/// passes through; NaN and infinities give RRO_SINCOS_NAN.
pub fn rro_sincos(x: u32) -> u32 {
    let a = unpack(x);
    if a.nan || a.inf {
        return RRO_SINCOS_NAN;
    }
    if a.be < TINY_EXP {
        return if a.zero { zero(a.neg) } else { x };
    }
    let m = (a.frac | 0x80_0000) as u128;
    let e = a.be as i32 - 150;
    let p = m * two_over_pi_window(e) as u128; // x 2/pi = p 2^-62 (mod 4)
    let r = (((p + (1 << 33)) >> 34) & 0x3FFF_FFFF) as u32;
    ((a.neg as u32) << 31) | (1 << 30) | r
}

/// rro.ex2: x to sign, integer part and fraction (docs/sfu.md, "RRO formats").
pub fn rro_ex2(x: u32) -> u32 {
    let a = unpack(x);
    let s = (a.neg as u32) << 31;
    if a.nan {
        return RRO_EX2_NAN;
    }
    if a.inf || a.be >= 127 + 7 {
        return s | (1 << 30);
    }
    if a.zero {
        return s;
    }
    let m = a.frac | 0x80_0000;
    if a.be >= 127 {
        let e = a.be - 127; // 0..=6
        let i = m >> (23 - e);
        let fr = (m << e) & 0x7F_FFFF;
        s | (1 << 30) | (i << 23) | fr
    } else {
        let sh = a.be as i32 - 120; // |x| 2^30 = m 2^sh
        let mag = if sh >= 0 { m << sh } else if sh > -32 { m >> (-sh) } else { 0 };
        s | mag
    }
}

/// The committed tables.
pub fn table(op: Op) -> &'static SfuTable {
    match op {
        Op::Rcp => &tables::RCP,
        Op::Rsq => &tables::RSQ,
        Op::Lg2 => &tables::LG2,
        Op::Ex2 => &tables::EX2,
        _ => &tables::SIN,
    }
}

/// One SFU operation on a 32-bit operand with the committed tables.
pub fn eval(op: Op, x: u32) -> u32 {
    match op {
        Op::Rcp => rcp_with(table(op), x),
        Op::Rsq => rsq_with(table(op), x),
        Op::Lg2 => lg2_with(table(op), x),
        Op::Ex2 => ex2_with(table(op), x),
        Op::Sin => sincos_with(table(op), x, false),
        Op::Cos => sincos_with(table(op), x, true),
        Op::RroSincos => rro_sincos(x),
        Op::RroEx2 => rro_ex2(x),
    }
}

/// The whole function on a binary32 x: sin(x) = sin(rro.sincos(x)), 2^x = ex2(rro.ex2(x)).
pub fn func(op: Op, x: u32) -> u32 {
    match op {
        Op::Ex2 => eval(Op::Ex2, rro_ex2(x)),
        Op::Sin | Op::Cos => eval(op, rro_sincos(x)),
        _ => eval(op, x),
    }
}
