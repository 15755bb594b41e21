//! Golden model of the FMA unit: IEEE 754-2008 fusedMultiplyAdd, addition, subtraction,
//! multiplication for binary64 and binary32, conversion between them, and conversions
//! between them and the integers s32/u32/s64/u64 (contract: docs/fma-numerics.md).
//!
//! Written from the definitions with exact arithmetic: every finite operand is
//! `(-1)^s * m * 2^e` with integer m, the exact result is formed with num-bigint and
//! [`round`] rounds it once, from the definition of the IEEE rounding-direction attributes
//! (with a bounded exponent range and gradual underflow). Independent of hw/; cross-checked
//! against Berkeley SoftFloat (8086-SSE specialisation, tininess before rounding) in
//! [`softfloat_check`].
//!
//! Flags are returned as a 4-bit word: bit 0 inexact, bit 1 underflow, bit 2 overflow,
//! bit 3 invalid ([`NX`], [`UF`], [`OF`], [`NV`]).
use num_bigint::{BigInt, BigUint, Sign};

pub const NX: u8 = 1;
pub const UF: u8 = 2;
pub const OF: u8 = 4;
pub const NV: u8 = 8;

/// Operand format. Binary32 operands live in the low 32 bits of a u64.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fmt {
    F32 = 0,
    F64 = 1,
}

/// Rounding-direction attributes (`heddle_hw::isa::Rnd`; the numbers are the hw `rnd`
/// encoding).
pub use heddle_hw::isa::Rnd;
use heddle_hw::isa::fma_fn;

/// Operations of the unit; the numbers are the hw `op` encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// a * b + c
    Fma = fma_fn::FMA as isize,
    /// a + b
    Add = fma_fn::ADD as isize,
    /// a - b
    Sub = fma_fn::SUB as isize,
    /// a * b
    Mul = fma_fn::MUL as isize,
    /// convertFormat: a, in the other format, to this one
    Cvt = fma_fn::CVT as isize,
    /// convertFromInt: a, an integer of type `ity`, to this format
    CvtI2F = fma_fn::CVT_I2F as isize,
    /// convertToInteger: a, in this format, to an integer of type `ity` (rounded in the
    /// selected mode; out of range and NaN saturate, as PTX `cvt` does, raising invalid)
    CvtF2I = fma_fn::CVT_F2I as isize,
}

impl Op {
    pub const ALL: [Op; 7] = [Op::Fma, Op::Add, Op::Sub, Op::Mul, Op::Cvt, Op::CvtI2F, Op::CvtF2I];
}

/// Integer types of the conversions; the numbers are the hw `ity` encoding (bit 0 signed,
/// bit 1 64-bit). A 32-bit integer lives in the low 32 bits of a u64 (the high bits of an
/// operand are ignored, those of a result are 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ity {
    U32 = fma_fn::ITY_U32 as isize,
    S32 = fma_fn::ITY_S32 as isize,
    U64 = fma_fn::ITY_U64 as isize,
    S64 = fma_fn::ITY_S64 as isize,
}

impl Ity {
    pub const ALL: [Ity; 4] = [Ity::U32, Ity::S32, Ity::U64, Ity::S64];
    pub fn signed(self) -> bool {
        self as u8 & 1 == 1
    }
    pub fn bits(self) -> u32 {
        if self as u8 & 2 == 2 {
            64
        } else {
            32
        }
    }
    /// The integer an operand holds.
    pub fn value(self, a: u64) -> i128 {
        match self {
            Ity::U32 => a as u32 as i128,
            Ity::S32 => a as u32 as i32 as i128,
            Ity::U64 => a as i128,
            Ity::S64 => a as i64 as i128,
        }
    }
    /// The smallest and largest value of the type.
    pub fn range(self) -> (i128, i128) {
        let n = self.bits();
        if self.signed() {
            (-(1i128 << (n - 1)), (1i128 << (n - 1)) - 1)
        } else {
            (0, (1i128 << n) - 1)
        }
    }
    /// A value of the type as result bits.
    pub fn encode(self, v: i128) -> u64 {
        let r = v as u64;
        if self.bits() == 32 {
            r & 0xFFFF_FFFF
        } else {
            r
        }
    }
    /// The saturated result of an invalid conversion: 0 for a NaN, otherwise the end of
    /// the range on the operand's side (PTX `cvt` saturation).
    pub fn saturate(self, nan: bool, neg: bool) -> u64 {
        let (lo, hi) = self.range();
        self.encode(if nan { 0 } else if neg { lo } else { hi })
    }
}

impl Fmt {
    /// The other format (the source of a conversion to this one).
    pub fn other(self) -> Fmt {
        match self {
            Fmt::F32 => Fmt::F64,
            Fmt::F64 => Fmt::F32,
        }
    }
    /// Fraction bits (precision - 1).
    pub fn fbits(self) -> u32 {
        match self {
            Fmt::F32 => 23,
            Fmt::F64 => 52,
        }
    }
    pub fn ebits(self) -> u32 {
        match self {
            Fmt::F32 => 8,
            Fmt::F64 => 11,
        }
    }
    pub fn bias(self) -> i64 {
        (1 << (self.ebits() - 1)) - 1
    }
    pub fn emin(self) -> i64 {
        1 - self.bias()
    }
    pub fn emax(self) -> i64 {
        self.bias()
    }
    pub fn sign_bit(self) -> u64 {
        1 << (self.ebits() + self.fbits())
    }
    pub fn exp_max(self) -> u64 {
        (1 << self.ebits()) - 1
    }
    fn exp(self, x: u64) -> u64 {
        (x >> self.fbits()) & self.exp_max()
    }
    fn frac(self, x: u64) -> u64 {
        x & ((1 << self.fbits()) - 1)
    }
    pub fn sign(self, x: u64) -> bool {
        x & self.sign_bit() != 0
    }
    pub fn is_nan(self, x: u64) -> bool {
        self.exp(x) == self.exp_max() && self.frac(x) != 0
    }
    pub fn is_snan(self, x: u64) -> bool {
        self.is_nan(x) && x & self.quiet_bit() == 0
    }
    pub fn is_inf(self, x: u64) -> bool {
        self.exp(x) == self.exp_max() && self.frac(x) == 0
    }
    pub fn is_zero(self, x: u64) -> bool {
        x & (self.sign_bit() - 1) == 0
    }
    pub fn is_subnormal(self, x: u64) -> bool {
        self.exp(x) == 0 && self.frac(x) != 0
    }
    pub fn quiet_bit(self) -> u64 {
        1 << (self.fbits() - 1)
    }
    /// The default NaN (8086-SSE: sign set, quiet bit set, payload zero).
    pub fn default_nan(self) -> u64 {
        self.sign_bit() | self.exp_max() << self.fbits() | self.quiet_bit()
    }
    pub fn inf(self, neg: bool) -> u64 {
        (neg as u64) * self.sign_bit() | self.exp_max() << self.fbits()
    }
    pub fn max_finite(self, neg: bool) -> u64 {
        self.inf(neg) - 1
    }
    pub fn zero(self, neg: bool) -> u64 {
        (neg as u64) * self.sign_bit()
    }
    pub fn one(self) -> u64 {
        (self.bias() as u64) << self.fbits()
    }
    /// The operand bits of this format (a binary32 operand is the low 32 bits).
    pub fn mask(self) -> u64 {
        match self {
            Fmt::F32 => 0xFFFF_FFFF,
            Fmt::F64 => u64::MAX,
        }
    }
    /// A finite operand as (sign, m, e): value (-1)^sign * m * 2^e.
    fn decode(self, x: u64) -> (bool, u64, i64) {
        let (e, f) = (self.exp(x), self.frac(x));
        let fb = self.fbits() as i64;
        if e == 0 {
            (self.sign(x), f, self.emin() - fb)
        } else {
            (self.sign(x), f | 1 << self.fbits(), e as i64 - self.bias() - fb)
        }
    }
    /// Flush-to-zero of an input: a subnormal becomes a zero of its sign.
    pub fn flush_input(self, x: u64) -> u64 {
        if self.is_subnormal(x) {
            x & self.sign_bit()
        } else {
            x
        }
    }
}

/// Rounds the exact nonzero value `(-1)^neg * mag * 2^e` to `fmt` in mode `rnd`, from the
/// definition: the result is the representable number selected by the mode among the two
/// that bracket the exact value (with gradual underflow: the quantum is never below
/// 2^(emin - fbits)); overflow per mode. Tininess is detected before rounding: the exact
/// value's magnitude is below 2^emin. Underflow = tiny and inexact.
pub fn round(fmt: Fmt, neg: bool, mag: &BigUint, e: i64, rnd: Rnd) -> (u64, u8) {
    assert!(mag.bits() > 0, "round of zero");
    let fb = fmt.fbits() as i64;
    let lead = e + mag.bits() as i64 - 1; // exponent of the leading bit
    let tiny = lead < fmt.emin();
    let mut qe = lead.max(fmt.emin()) - fb; // exponent of the quantum (ulp)
    let (mut q, inexact) = if e >= qe {
        (mag << ((e - qe) as u64), false)
    } else {
        let sh = (qe - e) as u64;
        let q: BigUint = mag >> sh;
        let rem: BigUint = mag - (&q << sh);
        let half = BigUint::from(1u8) << (sh - 1);
        let odd = q.bit(0);
        let nz = rem.bits() > 0;
        let up = match rnd {
            Rnd::Rn => rem > half || (rem == half && odd),
            Rnd::Rna => rem >= half,
            Rnd::Rz => false,
            Rnd::Rm => neg && nz,
            Rnd::Rp => !neg && nz,
        };
        (if up { q + 1u8 } else { q }, nz)
    };
    if q.bits() as i64 > fb + 1 {
        // Rounded up to the next binade.
        q >>= 1u8;
        qe += 1;
    }
    let q: u64 = q.try_into().expect("at most fbits+1 bits");
    let mut flags = if inexact { NX } else { 0 };
    if tiny && inexact {
        flags |= UF;
    }
    if q >> fb != 0 && qe + fb > fmt.emax() {
        let to_inf = match rnd {
            Rnd::Rn | Rnd::Rna => true,
            Rnd::Rz => false,
            Rnd::Rm => neg,
            Rnd::Rp => !neg,
        };
        let r = if to_inf { fmt.inf(neg) } else { fmt.max_finite(neg) };
        return (r, OF | NX);
    }
    let bits = if q >> fb == 0 {
        q // subnormal (qe is emin - fbits), or 0 when a tiny value rounds down
    } else {
        ((qe + fb + fmt.bias()) as u64) << fb | (q & ((1 << fb) - 1))
    };
    (fmt.zero(neg) | bits, flags)
}

/// The exact sum of finite terms `(sign, m, e)` (m may be 0), rounded once. An exact zero
/// sum takes the IEEE sign: the common sign if all nonzero-or-zero terms agree, otherwise
/// +0 (-0 in roundTowardNegative).
fn exact_sum(fmt: Fmt, terms: &[(bool, BigUint, i64)], rnd: Rnd) -> (u64, u8) {
    let e0 = terms.iter().map(|t| t.2).min().expect("terms");
    let mut sum = BigInt::from(0);
    for (s, m, e) in terms {
        let v = BigInt::from(m.clone() << ((e - e0) as u64));
        sum += if *s { -v } else { v };
    }
    match sum.sign() {
        Sign::NoSign => {
            let neg = if terms.iter().all(|t| t.0 == terms[0].0) { terms[0].0 } else { rnd == Rnd::Rm };
            (fmt.zero(neg), 0)
        }
        s => round(fmt, s == Sign::Minus, sum.magnitude(), e0, rnd),
    }
}

/// Quietens a NaN.
fn quiet(fmt: Fmt, x: u64) -> u64 {
    x | fmt.quiet_bit()
}

/// fusedMultiplyAdd(a, b, c) = a*b + c with one rounding.
///
/// NaN rule (the 8086-SSE one of SoftFloat): invalid is raised if any operand is a
/// signaling NaN; the result is the first NaN among a, b (quietened); otherwise, if a*b is
/// inf*0 the result is the default NaN (invalid raised, even when c is a quiet NaN);
/// otherwise a NaN c (quietened). inf - inf gives the default NaN and invalid.
///
/// `ftz` (binary32 only): subnormal inputs are replaced by zeros of their sign before the
/// operation, and a subnormal result by a zero of its sign, raising underflow and inexact.
pub fn fma(fmt: Fmt, a: u64, b: u64, c: u64, rnd: Rnd, ftz: bool) -> (u64, u8) {
    let m = fmt.mask();
    let (a, b, c) = (a & m, b & m, c & m);
    let ftz = ftz && fmt == Fmt::F32;
    let (a, b, c) = if ftz { (fmt.flush_input(a), fmt.flush_input(b), fmt.flush_input(c)) } else { (a, b, c) };
    let snan = if fmt.is_snan(a) || fmt.is_snan(b) || fmt.is_snan(c) { NV } else { 0 };
    if fmt.is_nan(a) {
        return (quiet(fmt, a), snan);
    }
    if fmt.is_nan(b) {
        return (quiet(fmt, b), snan);
    }
    let sp = fmt.sign(a) != fmt.sign(b);
    let inf_times_zero = (fmt.is_inf(a) && fmt.is_zero(b)) || (fmt.is_zero(a) && fmt.is_inf(b));
    if inf_times_zero {
        return (fmt.default_nan(), NV);
    }
    if fmt.is_nan(c) {
        return (quiet(fmt, c), snan);
    }
    let sc = fmt.sign(c);
    if fmt.is_inf(a) || fmt.is_inf(b) {
        if fmt.is_inf(c) && sc != sp {
            return (fmt.default_nan(), NV);
        }
        return (fmt.inf(sp), 0);
    }
    if fmt.is_inf(c) {
        return (c, 0);
    }
    let ((_, ma, ea), (_, mb, eb), (_, mc, ec)) = (fmt.decode(a), fmt.decode(b), fmt.decode(c));
    let prod = BigUint::from(ma) * BigUint::from(mb);
    let (r, f) = exact_sum(fmt, &[(sp, prod, ea + eb), (sc, BigUint::from(mc), ec)], rnd);
    if ftz && fmt.is_subnormal(r) {
        return (r & fmt.sign_bit(), f | UF | NX);
    }
    (r, f)
}

/// addition(a, b) (IEEE): NaN rule as [`fma`] with operands a, b.
pub fn add(fmt: Fmt, a: u64, b: u64, rnd: Rnd) -> (u64, u8) {
    let m = fmt.mask();
    let (a, b) = (a & m, b & m);
    let snan = if fmt.is_snan(a) || fmt.is_snan(b) { NV } else { 0 };
    if fmt.is_nan(a) {
        return (quiet(fmt, a), snan);
    }
    if fmt.is_nan(b) {
        return (quiet(fmt, b), snan);
    }
    if fmt.is_inf(a) || fmt.is_inf(b) {
        if fmt.is_inf(a) && fmt.is_inf(b) && fmt.sign(a) != fmt.sign(b) {
            return (fmt.default_nan(), NV);
        }
        return (if fmt.is_inf(a) { a } else { b }, 0);
    }
    let ((sa, ma, ea), (sb, mb, eb)) = (fmt.decode(a), fmt.decode(b));
    exact_sum(fmt, &[(sa, BigUint::from(ma), ea), (sb, BigUint::from(mb), eb)], rnd)
}

/// subtraction(a, b) = a + (-b); a NaN b is returned with its own sign (quietened).
pub fn sub(fmt: Fmt, a: u64, b: u64, rnd: Rnd) -> (u64, u8) {
    let b = b & fmt.mask();
    if fmt.is_nan(b) {
        return add(fmt, a, b, rnd);
    }
    add(fmt, a, b ^ fmt.sign_bit(), rnd)
}

/// multiplication(a, b) (IEEE): the sign of a zero product is the xor of the signs.
pub fn mul(fmt: Fmt, a: u64, b: u64, rnd: Rnd) -> (u64, u8) {
    let m = fmt.mask();
    let (a, b) = (a & m, b & m);
    let snan = if fmt.is_snan(a) || fmt.is_snan(b) { NV } else { 0 };
    if fmt.is_nan(a) {
        return (quiet(fmt, a), snan);
    }
    if fmt.is_nan(b) {
        return (quiet(fmt, b), snan);
    }
    let sp = fmt.sign(a) != fmt.sign(b);
    if (fmt.is_inf(a) && fmt.is_zero(b)) || (fmt.is_zero(a) && fmt.is_inf(b)) {
        return (fmt.default_nan(), NV);
    }
    if fmt.is_inf(a) || fmt.is_inf(b) {
        return (fmt.inf(sp), 0);
    }
    if fmt.is_zero(a) || fmt.is_zero(b) {
        return (fmt.zero(sp), 0);
    }
    let ((_, ma, ea), (_, mb, eb)) = (fmt.decode(a), fmt.decode(b));
    round(fmt, sp, &(BigUint::from(ma) * BigUint::from(mb)), ea + eb, rnd)
}

/// convertFormat(a) from `dst.other()` to `dst`: exact for widening, rounded once for
/// narrowing (overflow, underflow, inexact as for any rounding). A NaN keeps its sign and
/// the top of its fraction (left-aligned: binary32 fraction f becomes f << 29, binary64
/// fraction f becomes f >> 29), quietened; a signaling NaN raises invalid.
pub fn cvt(dst: Fmt, a: u64, rnd: Rnd) -> (u64, u8) {
    let src = dst.other();
    let a = a & src.mask();
    let s = src.sign(a);
    if src.is_nan(a) {
        let f = a & ((1 << src.fbits()) - 1);
        let payload = if dst == Fmt::F64 { f << 29 } else { f >> 29 };
        let nv = if src.is_snan(a) { NV } else { 0 };
        return (dst.zero(s) | dst.exp_max() << dst.fbits() | dst.quiet_bit() | payload, nv);
    }
    if src.is_inf(a) {
        return (dst.inf(s), 0);
    }
    if src.is_zero(a) {
        return (dst.zero(s), 0);
    }
    let (_, m, e) = src.decode(a);
    round(dst, s, &BigUint::from(m), e, rnd)
}

/// convertFromInt: the integer `a` of type `ity` rounded once to `dst` (inexact is the
/// only flag possible: every 64-bit integer is below the binary32 overflow threshold).
/// Zero gives +0.
pub fn cvt_i2f(dst: Fmt, ity: Ity, a: u64, rnd: Rnd) -> (u64, u8) {
    let v = ity.value(a);
    if v == 0 {
        return (0, 0);
    }
    round(dst, v < 0, &BigUint::from(v.unsigned_abs()), 0, rnd)
}

/// convertToInteger: `a` in `src` rounded to an integer in mode `rnd` (rn ties to even,
/// rna ties away, rz, rm, rp), from the definition. In range: that integer, inexact when
/// it differs from a. Otherwise invalid (and not inexact): a NaN gives 0, an infinity or
/// a rounded value beyond the range the end of the range on its side (so a negative value
/// to an unsigned type gives 0; one that rounds to -0 is in range).
pub fn cvt_f2i(src: Fmt, ity: Ity, a: u64, rnd: Rnd) -> (u64, u8) {
    let a = a & src.mask();
    let neg = src.sign(a);
    if src.is_nan(a) {
        return (ity.saturate(true, neg), NV);
    }
    if src.is_inf(a) {
        return (ity.saturate(false, neg), NV);
    }
    let (_, m, e) = src.decode(a);
    // |a| = m * 2^e = q + r / 2^sh exactly, 0 <= r < 2^sh.
    let (q, inexact, up) = if e >= 0 {
        (BigUint::from(m) << (e as u64), false, false)
    } else {
        let sh = (-e) as u64;
        let mb = BigUint::from(m);
        let q: BigUint = &mb >> sh;
        let r: BigUint = mb - (&q << sh);
        let half = BigUint::from(1u8) << (sh - 1);
        let nz = r.bits() > 0;
        let up = match rnd {
            Rnd::Rn => r > half || (r == half && q.bit(0)),
            Rnd::Rna => r >= half,
            Rnd::Rz => false,
            Rnd::Rm => neg && nz,
            Rnd::Rp => !neg && nz,
        };
        (q, nz, up)
    };
    let mag = BigInt::from(if up { q + 1u8 } else { q });
    let v = if neg { -mag } else { mag };
    let (lo, hi) = ity.range();
    if v < BigInt::from(lo) || v > BigInt::from(hi) {
        return (ity.saturate(false, neg), NV);
    }
    let v: i128 = v.try_into().expect("in range");
    (ity.encode(v), if inexact { NX } else { 0 })
}

/// One operation of the unit, dispatched on `op` (c is used by fma only; ftz by f32 fma;
/// `ity` by the integer conversions, where `fmt` is the floating-point side).
pub fn exec(op: Op, fmt: Fmt, ity: Ity, a: u64, b: u64, c: u64, rnd: Rnd, ftz: bool) -> (u64, u8) {
    match op {
        Op::Fma => fma(fmt, a, b, c, rnd, ftz),
        Op::Add => add(fmt, a, b, rnd),
        Op::Sub => sub(fmt, a, b, rnd),
        Op::Mul => mul(fmt, a, b, rnd),
        Op::Cvt => cvt(fmt, a, rnd),
        Op::CvtI2F => cvt_i2f(fmt, ity, a, rnd),
        Op::CvtF2I => cvt_f2i(fmt, ity, a, rnd),
    }
}

/// Berkeley SoftFloat (8086-SSE), set to detect tininess before rounding: the independent
/// oracle for every operation of the unit, with heddle's f32 flush-to-zero layer on top.
pub mod softfloat_check {
    use super::{Fmt, Ity, Op, Rnd, NV, NX, OF, UF};
    use softfloat_wrapper::{ExceptionFlags, Float, RoundingMode, F32, F64};

    pub fn mode(rnd: Rnd) -> RoundingMode {
        match rnd {
            Rnd::Rn => RoundingMode::TiesToEven,
            Rnd::Rz => RoundingMode::TowardZero,
            Rnd::Rm => RoundingMode::TowardNegative,
            Rnd::Rp => RoundingMode::TowardPositive,
            Rnd::Rna => RoundingMode::TiesToAway,
        }
    }

    /// Runs `f` with tininess before rounding and cleared flags; returns (result, flags).
    fn run<F: FnOnce() -> u64>(f: F) -> (u64, u8) {
        // SoftFloat's state is thread-local.
        unsafe { softfloat_sys::softfloat_detectTininess_write_helper(softfloat_sys::softfloat_tininess_beforeRounding) };
        let mut flags = ExceptionFlags::default();
        flags.set();
        let r = f();
        flags.get();
        let fl = (flags.is_inexact() as u8) * NX
            | (flags.is_underflow() as u8) * UF
            | (flags.is_overflow() as u8) * OF
            | (flags.is_invalid() as u8) * NV;
        (r, fl)
    }

    /// Integer conversions through SoftFloat. Where SoftFloat raises invalid (it returns
    /// its "integer indefinite"), heddle's result is the PTX saturation of
    /// [`Ity::saturate`], so that value replaces SoftFloat's.
    fn int_cvt(op: Op, fmt: Fmt, ity: Ity, a: u64, rnd: Rnd) -> (u64, u8) {
        let m = mode(rnd);
        if op == Op::CvtI2F {
            return match fmt {
                Fmt::F64 => run(|| match ity {
                    Ity::U32 => F64::from_u32(a as u32, m),
                    Ity::S32 => F64::from_i32(a as u32 as i32, m),
                    Ity::U64 => F64::from_u64(a, m),
                    Ity::S64 => F64::from_i64(a as i64, m),
                }
                .to_bits()),
                Fmt::F32 => run(|| match ity {
                    Ity::U32 => F32::from_u32(a as u32, m),
                    Ity::S32 => F32::from_i32(a as u32 as i32, m),
                    Ity::U64 => F32::from_u64(a, m),
                    Ity::S64 => F32::from_i64(a as i64, m),
                }
                .to_bits() as u64),
            };
        }
        let a = a & fmt.mask();
        let (r, f) = match fmt {
            Fmt::F64 => {
                let x = F64::from_bits(a);
                run(|| match ity {
                    Ity::U32 => x.to_u32(m, true) as u64,
                    Ity::S32 => x.to_i32(m, true) as u32 as u64,
                    Ity::U64 => x.to_u64(m, true),
                    Ity::S64 => x.to_i64(m, true) as u64,
                })
            }
            Fmt::F32 => {
                let x = F32::from_bits(a as u32);
                run(|| match ity {
                    Ity::U32 => x.to_u32(m, true) as u64,
                    Ity::S32 => x.to_i32(m, true) as u32 as u64,
                    Ity::U64 => x.to_u64(m, true),
                    Ity::S64 => x.to_i64(m, true) as u64,
                })
            }
        };
        if f & NV != 0 {
            return (ity.saturate(fmt.is_nan(a), fmt.sign(a)), f);
        }
        (r, f)
    }

    fn op2(fmt: Fmt, op: Op, a: u64, b: u64, c: u64, rnd: Rnd) -> (u64, u8) {
        let m = mode(rnd);
        match fmt {
            Fmt::F64 => {
                let (x, y, z) = (F64::from_bits(a), F64::from_bits(b), F64::from_bits(c));
                run(|| {
                    match op {
                        Op::Fma => x.fused_mul_add(y, z, m),
                        Op::Add => x.add(y, m),
                        Op::Sub => x.sub(y, m),
                        Op::Mul => x.mul(y, m),
                        Op::Cvt => F32::from_bits(a as u32).to_f64(m),
                        Op::CvtI2F | Op::CvtF2I => unreachable!("integer conversions go through int_cvt"),
                    }
                    .to_bits()
                })
            }
            Fmt::F32 => {
                let (x, y, z) = (F32::from_bits(a as u32), F32::from_bits(b as u32), F32::from_bits(c as u32));
                run(|| {
                    (match op {
                        Op::Fma => x.fused_mul_add(y, z, m),
                        Op::Add => x.add(y, m),
                        Op::Sub => x.sub(y, m),
                        Op::Mul => x.mul(y, m),
                        Op::Cvt => F64::from_bits(a).to_f32(m),
                        Op::CvtI2F | Op::CvtF2I => unreachable!("integer conversions go through int_cvt"),
                    })
                    .to_bits() as u64
                })
            }
        }
    }

    /// The operation through SoftFloat; for f32 fma with `ftz`, inputs are flushed first
    /// and a subnormal result becomes a signed zero with underflow and inexact raised.
    pub fn exec(op: Op, fmt: Fmt, ity: Ity, a: u64, b: u64, c: u64, rnd: Rnd, ftz: bool) -> (u64, u8) {
        if op == Op::CvtI2F || op == Op::CvtF2I {
            return int_cvt(op, fmt, ity, a, rnd);
        }
        let msk = fmt.mask();
        let a = if op == Op::Cvt { a & fmt.other().mask() } else { a & msk };
        let (b, c) = (b & msk, c & msk);
        if ftz && fmt == Fmt::F32 && op == Op::Fma {
            let (r, f) = op2(fmt, op, fmt.flush_input(a), fmt.flush_input(b), fmt.flush_input(c), rnd);
            if fmt.is_subnormal(r) {
                return (r & fmt.sign_bit(), f | UF | NX);
            }
            return (r, f);
        }
        op2(fmt, op, a, b, c, rnd)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn basic_fma() {
        let one = 0x3FF0_0000_0000_0000;
        assert_eq!(fma(Fmt::F64, one, one, one, Rnd::Rn, false), (0x4000_0000_0000_0000, 0));
        // (1+2^-52)*(1-2^-52) - 1 = -2^-104 exactly: one rounding keeps it.
        let a = 0x3FF0_0000_0000_0001;
        let b = 0x3FEF_FFFF_FFFF_FFFF;
        let c = one | 1 << 63;
        let (r, f) = fma(Fmt::F64, a, b, c, Rnd::Rn, false);
        let host = f64::from_bits(a).mul_add(f64::from_bits(b), f64::from_bits(c));
        assert_eq!((r, f), (host.to_bits(), 0));
        assert_eq!(f64::from_bits(r), 2f64.powi(-53) - 2f64.powi(-105));
    }
}
