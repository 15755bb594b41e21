//! 256-bit unsigned words for the native Rust models of the FMA's wide hand-written blocks
//! (the 161-bit window, its 162-bit two's complement sums, the 214-bit alignment shifter).
//! Not a block: plain arithmetic, limb 0 least significant.

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct W256(pub [u64; 4]);

impl W256 {
    pub const ZERO: W256 = W256([0; 4]);

    /// `v` placed at bit `at` (bits beyond 255 are dropped).
    pub fn from_u64_at(v: u64, at: u32) -> W256 {
        W256([v, 0, 0, 0]).shl(at)
    }
    /// Little-endian limbs of `widths` bits each, concatenated.
    pub fn from_limbs(limbs: &[(u64, u32)]) -> W256 {
        let mut r = W256::ZERO;
        let mut at = 0;
        for &(v, w) in limbs {
            r = r.or(W256::from_u64_at(v & mask64(w), at));
            at += w;
        }
        r
    }
    pub fn shl(self, n: u32) -> W256 {
        if n >= 256 {
            return W256::ZERO;
        }
        let (q, r) = ((n / 64) as usize, n % 64);
        let mut o = [0u64; 4];
        for i in (q..4).rev() {
            let lo = self.0[i - q];
            o[i] = lo << r;
            if r > 0 && i > q {
                o[i] |= self.0[i - q - 1] >> (64 - r);
            }
        }
        W256(o)
    }
    pub fn shr(self, n: u32) -> W256 {
        if n >= 256 {
            return W256::ZERO;
        }
        let (q, r) = ((n / 64) as usize, n % 64);
        let mut o = [0u64; 4];
        for i in 0..(4 - q) {
            o[i] = self.0[i + q] >> r;
            if r > 0 && i + q + 1 < 4 {
                o[i] |= self.0[i + q + 1] << (64 - r);
            }
        }
        W256(o)
    }
    pub fn add(self, o: W256) -> W256 {
        let mut r = [0u64; 4];
        let mut carry = 0u64;
        for i in 0..4 {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(carry);
            r[i] = s2;
            carry = (c1 as u64) + (c2 as u64);
        }
        W256(r)
    }
    pub fn not(self) -> W256 {
        W256(self.0.map(|x| !x))
    }
    pub fn and(self, o: W256) -> W256 {
        W256([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2], self.0[3] & o.0[3]])
    }
    pub fn or(self, o: W256) -> W256 {
        W256([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }
    pub fn xor(self, o: W256) -> W256 {
        W256([self.0[0] ^ o.0[0], self.0[1] ^ o.0[1], self.0[2] ^ o.0[2], self.0[3] ^ o.0[3]])
    }
    /// The low `bits` bits.
    pub fn trunc(self, bits: u32) -> W256 {
        let mut o = self.0;
        for (i, l) in o.iter_mut().enumerate() {
            let lo = i as u32 * 64;
            if bits <= lo {
                *l = 0;
            } else if bits < lo + 64 {
                *l &= mask64(bits - lo);
            }
        }
        W256(o)
    }
    pub fn bit(self, i: u32) -> bool {
        (self.0[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }
    pub fn is_zero(self) -> bool {
        self.0 == [0; 4]
    }
    /// `width` (<= 64) bits starting at bit `lo`.
    pub fn field(self, lo: u32, width: u32) -> u64 {
        self.shr(lo).0[0] & mask64(width)
    }
    /// Leading zeros of the low `width` bits (width if all zero).
    pub fn leading_zeros_in(self, width: u32) -> u32 {
        for i in (0..width).rev() {
            if self.bit(i) {
                return width - 1 - i;
            }
        }
        width
    }
    /// Trailing zeros of the low `width` bits (width if all zero).
    pub fn trailing_zeros_in(self, width: u32) -> u32 {
        (0..width).find(|&i| self.bit(i)).unwrap_or(width)
    }
}

/// Low `w` bits set (w <= 64).
pub fn mask64(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn shifts_and_add() {
        let x = W256::from_u64_at(0x8000_0000_0000_0001, 100);
        assert!(x.bit(100) && x.bit(163) && !x.bit(99));
        assert_eq!(x.shr(100).0[0], 0x8000_0000_0000_0001);
        assert_eq!(x.shl(92).shr(192).0[0], 0x8000_0000_0000_0001);
        let ones = W256::ZERO.not().trunc(130);
        let s = ones.add(W256::from_u64_at(1, 0));
        assert!(s.bit(130) && s.trunc(130).is_zero());
        assert_eq!(W256::from_u64_at(1, 150).leading_zeros_in(161), 10);
    }
}
