//! Test-vector generation: a small deterministic PRNG and TestFloat-style binary32
//! operands (exponent boundary table x significand patterns, plus weighted random).

/// xorshift64* : deterministic, seedable, fast; good enough for test stimulus.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() >> 11) as u128 * n as u128 >> 53) as u64
    }
    pub fn bool(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }
}

/// Biased exponents at the binary32 boundaries: zero/subnormal, the smallest normals,
/// around 1.0, the largest normals, and inf/NaN.
pub const F32_BOUNDARY_EXPONENTS: [u32; 12] = [0, 1, 2, 3, 63, 125, 126, 127, 128, 252, 253, 254];

/// Significand (fraction) patterns in the TestFloat style: zero, all ones, single bits,
/// near-halfway values and the ends of the range.
pub fn f32_fraction_patterns() -> Vec<u32> {
    let mut v = vec![0, 0x7f_ffff, 1, 2, 0x40_0000, 0x3f_ffff, 0x20_0000, 0x7f_fffe, 0x40_0001, 0x00_0fff];
    for b in 0..23 {
        v.push(1 << b);
        v.push(0x7f_ffff ^ (1 << b));
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// Every sign x boundary exponent (plus 255) x fraction pattern: the level-1 specials.
pub fn f32_specials() -> Vec<u32> {
    let mut v = Vec::new();
    for s in [0u32, 1] {
        for e in F32_BOUNDARY_EXPONENTS.iter().copied().chain([255]) {
            for f in f32_fraction_patterns() {
                v.push(s << 31 | e << 23 | f);
            }
        }
    }
    v
}

/// A weighted random binary32: half the time a boundary exponent with a random or
/// patterned fraction, otherwise uniformly random bits.
pub fn f32_random(rng: &mut Rng) -> u32 {
    let s = (rng.bool() as u32) << 31;
    match rng.below(4) {
        0 | 1 => rng.next_u32(),
        2 => {
            let all: Vec<u32> = F32_BOUNDARY_EXPONENTS.iter().copied().chain([255]).collect();
            let e = all[rng.below(all.len() as u64) as usize];
            s | e << 23 | (rng.next_u32() & 0x7f_ffff)
        }
        _ => {
            let pats = f32_fraction_patterns();
            let e = rng.below(256) as u32;
            s | e << 23 | pats[rng.below(pats.len() as u64) as usize]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn rng_is_deterministic_and_spread() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let xs: Vec<u64> = (0..1000).map(|_| a.next_u64()).collect();
        assert!(xs.iter().all(|&x| x == b.next_u64()));
        let mut r = Rng::new(1);
        let mut hist = [0u32; 8];
        for _ in 0..80_000 {
            hist[r.below(8) as usize] += 1;
        }
        assert!(hist.iter().all(|&h| (9_000..11_000).contains(&h)), "{hist:?}");
    }
    #[test]
    fn specials_cover_every_class() {
        let v = f32_specials();
        let f = |p: fn(f32) -> bool| v.iter().any(|&x| p(f32::from_bits(x)));
        assert!(f(f32::is_nan) && f(f32::is_infinite) && f(|x| x == 0.0) && f(f32::is_subnormal) && f(f32::is_normal));
    }
}
