//! Big fixed-point arithmetic on num-bigint: a value is an integer scaled by 2^-[`P`].
//! Used by the table generator (Remez exchange, Taylor coefficients of the functions) and
//! as the slow, independent reference that checks the fast one ([`super::hp`]). Every
//! function here is computed from first principles (series, Machin's formula), never from
//! the host's libm. Results are accurate to far better than 2^-200.
use num_bigint::{BigInt, Sign};
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::ops::{Add, Mul, Neg, Sub};
use std::sync::OnceLock;

/// Fraction bits of every [`Fx`].
pub const P: u32 = 320;

/// A fixed-point number `0 / 2^P`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fx(pub BigInt);

impl Fx {
    pub fn zero() -> Fx {
        Fx(BigInt::zero())
    }
    pub fn one() -> Fx {
        Fx(BigInt::one() << P)
    }
    pub fn from_i64(i: i64) -> Fx {
        Fx(BigInt::from(i) << P)
    }
    /// `m * 2^e` exactly (as long as e >= -P).
    pub fn dyadic(m: i128, e: i32) -> Fx {
        let s = e + P as i32;
        assert!(s >= 0, "dyadic below the precision");
        Fx(BigInt::from(m) << s as u32)
    }
    /// n / d, rounded to nearest.
    pub fn ratio(n: i64, d: i64) -> Fx {
        Fx::from_i64(n).div(&Fx::from_i64(d))
    }
    pub fn is_neg(&self) -> bool {
        self.0.sign() == Sign::Minus
    }
    pub fn abs(&self) -> Fx {
        Fx(self.0.abs())
    }
    /// x * 2^k.
    pub fn shl(&self, k: i32) -> Fx {
        if k >= 0 {
            Fx(&self.0 << k as u32)
        } else {
            Fx(shr_tz(self.0.clone(), (-k) as u32))
        }
    }
    pub fn mul_i(&self, k: i64) -> Fx {
        Fx(&self.0 * k)
    }
    /// Division by a small integer, truncating.
    pub fn div_i(&self, k: i64) -> Fx {
        Fx(&self.0 / k)
    }
    pub fn div(&self, o: &Fx) -> Fx {
        let n: BigInt = &self.0 << (P + 1);
        let q = n / &o.0;
        // round half away from zero on the extra bit
        Fx((q + if self.is_neg() != o.is_neg() { -1 } else { 1 }) >> 1u32)
    }
    pub fn recip(&self) -> Fx {
        Fx::one().div(self)
    }
    /// Square root (x >= 0), truncated.
    pub fn sqrt(&self) -> Fx {
        assert!(!self.is_neg());
        let n: BigInt = &self.0 << P;
        Fx(n.sqrt())
    }
    /// round(x * 2^k) to nearest (ties away from zero).
    pub fn round_scaled(&self, k: i32) -> BigInt {
        let s = P as i32 - k;
        assert!(s > 0);
        let half = BigInt::one() << (s - 1) as u32;
        if self.is_neg() {
            -((-&self.0 + half) >> s as u32)
        } else {
            (&self.0 + half) >> s as u32
        }
    }
    /// floor(x * 2^k).
    pub fn floor_scaled(&self, k: i32) -> BigInt {
        let s = P as i32 - k;
        if s >= 0 {
            &self.0 >> s as u32 // arithmetic shift floors
        } else {
            &self.0 << (-s) as u32
        }
    }
    pub fn to_f64(&self) -> f64 {
        // top 64 bits of the magnitude, scaled
        let bits = self.0.bits() as i64;
        let sh = (bits - 64).max(0);
        let top = (self.0.abs() >> sh as u32).to_u64().unwrap_or(0) as f64;
        let v = top * 2f64.powi((sh - P as i64) as i32);
        if self.is_neg() {
            -v
        } else {
            v
        }
    }
    /// x^k for k >= 0.
    pub fn powi(&self, k: u32) -> Fx {
        let mut r = Fx::one();
        for _ in 0..k {
            r = &r * self;
        }
        r
    }
}

impl Add for &Fx {
    type Output = Fx;
    fn add(self, o: &Fx) -> Fx {
        Fx(&self.0 + &o.0)
    }
}
impl Sub for &Fx {
    type Output = Fx;
    fn sub(self, o: &Fx) -> Fx {
        Fx(&self.0 - &o.0)
    }
}
/// x >> k truncated toward zero (an arithmetic shift would floor negative values and never
/// reach zero in a series).
fn shr_tz(x: BigInt, k: u32) -> BigInt {
    if x.sign() == Sign::Minus {
        -((-x) >> k)
    } else {
        x >> k
    }
}

impl Mul for &Fx {
    type Output = Fx;
    fn mul(self, o: &Fx) -> Fx {
        Fx(shr_tz(&self.0 * &o.0, P))
    }
}
impl Neg for &Fx {
    type Output = Fx;
    fn neg(self) -> Fx {
        Fx(-&self.0)
    }
}
impl Add for Fx {
    type Output = Fx;
    fn add(self, o: Fx) -> Fx {
        Fx(self.0 + o.0)
    }
}
impl Sub for Fx {
    type Output = Fx;
    fn sub(self, o: Fx) -> Fx {
        Fx(self.0 - o.0)
    }
}
impl Mul for Fx {
    type Output = Fx;
    fn mul(self, o: Fx) -> Fx {
        Fx(shr_tz(self.0 * o.0, P))
    }
}
impl Neg for Fx {
    type Output = Fx;
    fn neg(self) -> Fx {
        Fx(-self.0)
    }
}

/// atan(1/k) by its series, for the Machin formula.
fn atan_inv(k: i64) -> Fx {
    let k2 = k * k;
    let mut term = Fx::one().div_i(k); // 1/k^(2n+1)
    let mut sum = Fx::zero();
    let mut n = 0i64;
    while !term.0.is_zero() {
        let t = term.div_i(2 * n + 1);
        sum = if n % 2 == 0 { &sum + &t } else { &sum - &t };
        term = term.div_i(k2);
        n += 1;
    }
    sum
}

/// pi (Machin: 16 atan(1/5) - 4 atan(1/239)).
pub fn pi() -> &'static Fx {
    static PI: OnceLock<Fx> = OnceLock::new();
    PI.get_or_init(|| &atan_inv(5).mul_i(16) - &atan_inv(239).mul_i(4))
}

/// ln 2 = sum 1/(k 2^k).
pub fn ln2() -> &'static Fx {
    static LN2: OnceLock<Fx> = OnceLock::new();
    LN2.get_or_init(|| {
        let mut sum = Fx::zero();
        let mut k = 1i64;
        loop {
            let t = Fx::one().shl(-(k as i32)).div_i(k);
            if t.0.is_zero() {
                break;
            }
            sum = &sum + &t;
            k += 1;
        }
        sum
    })
}

/// e^x for |x| <= 64: x/2^12 by Taylor, squared 12 times.
pub fn exp(x: &Fx) -> Fx {
    let r = x.shl(-12);
    let mut term = Fx::one();
    let mut sum = Fx::one();
    let mut k = 1i64;
    loop {
        term = (&term * &r).div_i(k);
        if term.0.is_zero() {
            break;
        }
        sum = &sum + &term;
        k += 1;
    }
    for _ in 0..12 {
        sum = &sum * &sum;
    }
    sum
}

/// 2^x.
pub fn exp2(x: &Fx) -> Fx {
    exp(&(x * ln2()))
}

/// ln x for x > 0: x = m 2^k with m in [0.75, 1.5), ln m = 2 atanh((m-1)/(m+1)).
pub fn ln(x: &Fx) -> Fx {
    assert!(!x.is_neg() && !x.0.is_zero(), "ln of a non-positive value");
    let mut m = x.clone();
    let mut k = 0i64;
    let hi = Fx::ratio(3, 2);
    let lo = Fx::ratio(3, 4);
    while m >= hi {
        m = m.shl(-1);
        k += 1;
    }
    while m < lo {
        m = m.shl(1);
        k -= 1;
    }
    let z = (&m - &Fx::one()).div(&(&m + &Fx::one()));
    let z2 = &z * &z;
    let mut pow = z.clone();
    let mut sum = Fx::zero();
    let mut n = 0i64;
    while !pow.0.is_zero() {
        sum = &sum + &pow.div_i(2 * n + 1);
        pow = &pow * &z2;
        n += 1;
    }
    &sum.mul_i(2) + &ln2().mul_i(k)
}

pub fn log2(x: &Fx) -> Fx {
    ln(x).div(ln2())
}

/// (sin x, cos x) for |x| <= 2 by Taylor series.
pub fn sin_cos(x: &Fx) -> (Fx, Fx) {
    let x2 = x * x;
    let (mut s, mut c) = (Fx::zero(), Fx::zero());
    let mut ts = x.clone(); // x^(2n+1)/(2n+1)!
    let mut tc = Fx::one(); // x^(2n)/(2n)!
    let mut n = 0i64;
    while !(ts.0.is_zero() && tc.0.is_zero()) {
        if n % 2 == 0 {
            s = &s + &ts;
            c = &c + &tc;
        } else {
            s = &s - &ts;
            c = &c - &tc;
        }
        ts = (&ts * &x2).div_i((2 * n + 2) * (2 * n + 3));
        tc = (&tc * &x2).div_i((2 * n + 1) * (2 * n + 2));
        n += 1;
    }
    (s, c)
}

/// The bits of 2/pi after the binary point: `bits[i]` is the bit of weight 2^-(i+1),
/// `n` bits (n <= P - 16).
pub fn two_over_pi_bits(n: usize) -> Vec<u8> {
    assert!(n as u32 <= P - 16);
    let v = Fx::from_i64(2).div(pi()); // 0.6366...
    let scaled = v.floor_scaled(n as i32); // floor(2/pi * 2^n)
    (0..n).map(|i| if scaled.bit((n - 1 - i) as u64) { 1 } else { 0 }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_and_identities() {
        assert!((pi().to_f64() - std::f64::consts::PI).abs() < 1e-15);
        assert!((ln2().to_f64() - std::f64::consts::LN_2).abs() < 1e-15);
        let (s, c) = sin_cos(&Fx::ratio(7, 5));
        let one = &(&s * &s) + &(&c * &c);
        assert!((&one - &Fx::one()).abs() < Fx::one().shl(-300));
        let x = Fx::ratio(13, 10);
        let back = exp(&ln(&x));
        assert!((&back - &x).abs() < Fx::one().shl(-290));
        assert!((&exp2(&Fx::from_i64(5)) - &Fx::from_i64(32)).abs() < Fx::one().shl(-290));
        // pi/2 has sin 1
        let (s, _) = sin_cos(&pi().shl(-1));
        assert!((&s - &Fx::one()).abs() < Fx::one().shl(-300));
        // 2/pi = 0.10100010111110011000001101101110010011100100010000010101001...
        let b = two_over_pi_bits(24);
        assert_eq!(b, [1, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 1]);
    }
}
