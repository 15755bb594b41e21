//! Golden model of planar attribute interpolation (docs/sfu.md, "Attribute
//! interpolation"): for a 2x2 pixel quad with origin (qx, qy), the four values
//! U(i, j) = A (qx + i + 1/2) + B (qy + j + 1/2) + C, i, j in {0, 1}, each the exact value
//! rounded once to binary32 (round to nearest even, G80 rules: subnormal inputs flushed,
//! the result rounded with an unbounded exponent then flushed below 2^-126, overflow to
//! infinity, every NaN result 0x7FFFFFFF). Computed here from the definition in exact
//! integer arithmetic (num-bigint).
use super::hp::pack_g80;
use num_bigint::{BigInt, Sign};
use num_traits::Zero;

/// Bits of the quad origin coordinates (screens up to 4096 pixels wide and high).
pub const COORD_BITS: u32 = 12;

/// One quad's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AttrIn {
    pub a: u32,
    pub b: u32,
    pub c: u32,
    pub qx: u32,
    pub qy: u32,
}

struct F {
    neg: bool,
    /// m 2^(be - 150); m = 0 for zeros and flushed subnormals
    m: u64,
    be: i32,
    inf: bool,
    nan: bool,
}

fn unpack(x: u32) -> F {
    let be = ((x >> 23) & 0xFF) as i32;
    let fr = (x & 0x7F_FFFF) as u64;
    F {
        neg: x >> 31 == 1,
        m: if be == 0 || be == 255 { 0 } else { fr | 1 << 23 },
        be,
        inf: be == 255 && fr == 0,
        nan: be == 255 && fr != 0,
    }
}

/// The result for pixel (i, j) of the quad.
pub fn pixel(q: &AttrIn, i: u32, j: u32) -> u32 {
    let (a, b, c) = (unpack(q.a), unpack(q.b), unpack(q.c));
    if a.nan || b.nan || c.nan {
        return heddle_hw::fp32::bits::CANON_NAN;
    }
    // infinities (x, y > 0: A x has A's sign)
    let infs: Vec<bool> = [&a, &b, &c].iter().filter(|t| t.inf).map(|t| t.neg).collect();
    if let Some(&s) = infs.first() {
        return if infs.iter().all(|&t| t == s) { ((s as u32) << 31) | heddle_hw::fp32::bits::INF } else { heddle_hw::fp32::bits::CANON_NAN };
    }
    let x2 = 2 * (q.qx & ((1 << COORD_BITS) - 1)) + 2 * i + 1; // 2x, x = qx + i + 1/2
    let y2 = 2 * (q.qy & ((1 << COORD_BITS) - 1)) + 2 * j + 1;
    // exact sum in units of 2^-151: A x = mA x2 2^(beA - 151), C = mC 2^(beC + 1 - 151)
    let term = |f: &F, k: u64, sh: i32| -> BigInt {
        let v = BigInt::from(f.m * k) << (f.be + sh).max(0) as u32;
        if f.neg {
            -v
        } else {
            v
        }
    };
    let s = term(&a, x2 as u64, 0) + term(&b, y2 as u64, 0) + term(&c, 1, 1);
    if s.is_zero() {
        let all_neg_zero = [&a, &b, &c].iter().all(|t| t.m == 0 && t.neg);
        return (all_neg_zero as u32) << 31;
    }
    let neg = s.sign() == Sign::Minus;
    let mag = s.magnitude().clone();
    let bits = mag.bits() as i32;
    // round to 24 significant bits, to nearest even
    let (sig, exp) = if bits <= 24 {
        (mag.iter_u64_digits().next().unwrap_or(0) << (24 - bits), bits - 1 - 151)
    } else {
        let sh = (bits - 24) as u32;
        let top: u64 = (&mag >> sh).iter_u64_digits().next().unwrap_or(0);
        let rest = &mag - (BigInt::from(top) << sh).magnitude();
        let half = num_bigint::BigUint::from(1u8) << (sh - 1);
        let up = rest > half || (rest == half && top & 1 == 1);
        (top + up as u64, bits - 1 - 151)
    };
    pack_g80(neg, sig, exp)
}

/// The quad's four results, in the order (0,0), (1,0), (0,1), (1,1).
pub fn quad(q: &AttrIn) -> [u32; 4] {
    [pixel(q, 0, 0), pixel(q, 1, 0), pixel(q, 0, 1), pixel(q, 1, 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_derived_cases() {
        let one = 0x3F80_0000;
        // U = x + y + 0 at quad (0, 0): 1, 2, 2, 3
        let q = AttrIn { a: one, b: one, c: 0, qx: 0, qy: 0 };
        assert_eq!(quad(&q), [0x3F80_0000, 0x4000_0000, 0x4000_0000, 0x4040_0000]);
        // exact cancellation of the products leaves C: A = 1, B = -1, x = y
        let q = AttrIn { a: one, b: 0xBF80_0000, c: 0x0080_0001, qx: 7, qy: 7 };
        assert_eq!(pixel(&q, 0, 0), 0x0080_0001);
        assert_eq!(pixel(&q, 1, 1), 0x0080_0001);
        // single rounding: 2^24 x (x = 0.5) + 0.5 + C tiny -> rounds up only because of C
        let q = AttrIn { a: 0x4B80_0000, b: 0x3F80_0000, c: 0x0080_0000, qx: 0, qy: 0 };
        // A x = 2^23, B y = 0.5: tie at 2^23 + 0.5 -> C > 0 breaks it upward
        assert_eq!(pixel(&q, 0, 0), 0x4B00_0001);
        let q = AttrIn { c: 0, ..q };
        assert_eq!(pixel(&q, 0, 0), 0x4B00_0000); // tie to even
        // zero signs
        let nz = 0x8000_0000;
        assert_eq!(pixel(&AttrIn { a: nz, b: nz, c: nz, qx: 3, qy: 4 }, 1, 1), nz);
        assert_eq!(pixel(&AttrIn { a: nz, b: 0, c: nz, qx: 3, qy: 4 }, 1, 1), 0);
        // infinities and NaN
        assert_eq!(pixel(&AttrIn { a: 0x7F80_0000, b: 0xFF80_0000, c: 0, qx: 0, qy: 0 }, 0, 0), 0x7FFF_FFFF);
        assert_eq!(pixel(&AttrIn { a: 0x7F80_0000, b: one, c: 0, qx: 0, qy: 0 }, 0, 0), 0x7F80_0000);
        // overflow and flush
        assert_eq!(pixel(&AttrIn { a: 0x7F7F_FFFF, b: 0, c: 0, qx: 4095, qy: 0 }, 1, 0), 0x7F80_0000);
        // 2^-126 (1.5 - 0.5) = 2^-126 exactly; 1.5 2^-126 - 2^-126 = 2^-127 is flushed
        assert_eq!(pixel(&AttrIn { a: 0x0080_0000, b: 0x8080_0000, c: 0, qx: 1, qy: 0 }, 0, 0), 0x0080_0000);
        assert_eq!(pixel(&AttrIn { a: 0x0080_0000, b: 0, c: 0x8080_0000, qx: 1, qy: 0 }, 0, 0), 0);
    }
}
