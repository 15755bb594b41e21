//! 146-bit two's complement arithmetic for the native Rust models of the attribute
//! interpolator's window (the sum's and round's stages in hw/src/sfu/attr/): three 64-bit
//! limbs, values modulo 2^146, and their 82-bit and 64-bit port halves. Not a block.
use rust_hdl::prelude::Bits;

/// Window width in bits.
pub const W: u32 = 146;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Wide(pub [u64; 3]);

impl Wide {
    pub fn zero() -> Wide {
        Wide([0; 3])
    }
    fn mask(mut self) -> Wide {
        self.0[2] &= (1u64 << (W - 128)) - 1;
        self
    }
    /// m << k (m < 2^38, k + 38 <= W).
    pub fn shl(m: u64, k: u32) -> Wide {
        let mut r = [0u64; 3];
        let (w, b) = ((k / 64) as usize, k % 64);
        r[w] |= m << b;
        if b != 0 && w + 1 < 3 {
            r[w + 1] |= m >> (64 - b);
        }
        Wide(r).mask()
    }
    pub fn add(self, o: Wide) -> Wide {
        let mut r = [0u64; 3];
        let mut c = 0u128;
        for i in 0..3 {
            let s = self.0[i] as u128 + o.0[i] as u128 + c;
            r[i] = s as u64;
            c = s >> 64;
        }
        Wide(r).mask()
    }
    pub fn neg(self) -> Wide {
        self.not().add(Wide([1, 0, 0]))
    }
    /// All ones (-1).
    pub fn minus_one() -> Wide {
        Wide([u64::MAX, u64::MAX, u64::MAX]).mask()
    }
    /// A small signed value, sign-extended to the window.
    pub fn from_i64(v: i64) -> Wide {
        Wide([v as u64, (v >> 63) as u64, (v >> 63) as u64]).mask()
    }
    /// The one's complement.
    pub fn not(self) -> Wide {
        Wide([!self.0[0], !self.0[1], !self.0[2]]).mask()
    }
    fn zip(self, o: Wide, f: impl Fn(u64, u64) -> u64) -> Wide {
        Wide([f(self.0[0], o.0[0]), f(self.0[1], o.0[1]), f(self.0[2], o.0[2])])
    }
    pub fn xor(self, o: Wide) -> Wide {
        self.zip(o, |a, b| a ^ b)
    }
    pub fn and(self, o: Wide) -> Wide {
        self.zip(o, |a, b| a & b)
    }
    pub fn or(self, o: Wide) -> Wide {
        self.zip(o, |a, b| a | b)
    }
    /// self << 1 (mod 2^W).
    pub fn shl1(self) -> Wide {
        Wide([self.0[0] << 1, (self.0[1] << 1) | (self.0[0] >> 63), (self.0[2] << 1) | (self.0[1] >> 63)]).mask()
    }
    pub fn is_zero(self) -> bool {
        self.0 == [0; 3]
    }
    pub fn bit(self, i: u32) -> bool {
        (self.0[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }
    /// Position of the highest set bit (None for zero).
    pub fn lead(self) -> Option<u32> {
        (0..3).rev().find(|&i| self.0[i] != 0).map(|i| i as u32 * 64 + 63 - self.0[i].leading_zeros())
    }
    /// Bits hi..=lo as an integer (hi - lo < 64).
    pub fn bits(self, hi: u32, lo: u32) -> u64 {
        (lo..=hi).rev().fold(0u64, |a, i| (a << 1) | self.bit(i) as u64)
    }
    /// self << k (mod 2^W).
    pub fn shl_wide(self, k: u32) -> Wide {
        let mut r = Wide::zero();
        for i in 0..W.saturating_sub(k) {
            if self.bit(i) {
                r.0[((i + k) / 64) as usize] |= 1 << ((i + k) % 64);
            }
        }
        r
    }
}

/// A wide value's high (82-bit) and low (64-bit) ports.
pub fn split(v: Wide) -> (Bits<82>, Bits<64>) {
    (Bits::<82>::from(v.0[1]) | (Bits::<82>::from(v.0[2]) << 64), v.0[0].into())
}

/// A wide value from its high and low ports.
pub fn join(hi: Bits<82>, lo: Bits<64>) -> Wide {
    Wide([lo.to_u64(), hi.get_bits::<64>(0).to_u64(), hi.get_bits::<18>(64).to_u64()])
}
