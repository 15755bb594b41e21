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

/// Level-1 operand set (TestFloat style, small enough to cross with itself): sign x
/// every boundary exponent and 255 x a few fraction patterns (zero, one, all ones, the
/// MSB, near-halfway, a middle pattern).
pub fn f32_level1() -> Vec<u32> {
    let fracs = [0u32, 1, 0x7f_ffff, 0x40_0000, 0x3f_ffff, 0x40_0001, 0x00_0fff, 0x2a_aaab];
    let mut v = Vec::new();
    for s in [0u32, 1] {
        for e in F32_BOUNDARY_EXPONENTS.iter().copied().chain([255]) {
            for f in fracs {
                v.push(s << 31 | e << 23 | f);
            }
        }
    }
    v
}

/// Level-1 operand pairs: the full cross product of [`f32_level1`] (50,176 pairs).
pub fn f32_pairs_level1() -> Vec<(u32, u32)> {
    let v = f32_level1();
    v.iter().flat_map(|&a| v.iter().map(move |&b| (a, b))).collect()
}

/// Level-2 operand pairs: the cross product of every [`f32_specials`] operand
/// (1,300^2 = 1,690,000 pairs), then `extra` weighted random pairs.
pub fn f32_pairs_level2(extra: u64, seed: u64) -> impl Iterator<Item = (u32, u32)> {
    let v = f32_specials();
    let cross: Vec<(u32, u32)> = v.iter().flat_map(|&a| v.iter().map(move |&b| (a, b))).collect();
    let mut rng = Rng::new(seed);
    cross.into_iter().chain((0..extra).map(move |_| (f32_random(&mut rng), f32_random(&mut rng))))
}

/// Level-1 operand triples for three-operand operations: every (a, b) of a 64-value
/// subset of level 1 crossed with it, each with c from the full level-1 set in turn
/// (262,144 triples), so every c pattern meets every product class.
pub fn f32_triples_level1() -> Vec<(u32, u32, u32)> {
    let l1 = f32_level1();
    let sub: Vec<u32> = l1.iter().copied().step_by(l1.len() / 64).take(64).collect();
    let mut out = Vec::with_capacity(64 * 64 * 64);
    let mut k = 0;
    for &a in &sub {
        for &b in &sub {
            for _ in 0..64 {
                out.push((a, b, l1[k % l1.len()]));
                k += 7;
            }
        }
    }
    out
}

/// Random triples biased toward cancellation (c near -a*b) and near-halfway sums, the
/// cases where a truncating MAD differs from mul-then-add and from a fused FMA.
pub fn f32_triple_random(rng: &mut Rng) -> (u32, u32, u32) {
    let (a, b) = (f32_random(rng), f32_random(rng));
    let c = match rng.below(3) {
        0 => f32_random(rng),
        _ => {
            // c = -(a*b) rounded, nudged by a few ulps, same exponent region.
            let p = (f32::from_bits(a) as f64 * f32::from_bits(b) as f64) as f32;
            let nudge = rng.below(5) as i32 - 2;
            (p.to_bits() as i32).wrapping_add(nudge) as u32 ^ 0x8000_0000
        }
    };
    (a, b, c)
}

/// Biased exponents at the binary64 boundaries (as [`F32_BOUNDARY_EXPONENTS`]).
pub const F64_BOUNDARY_EXPONENTS: [u64; 12] = [0, 1, 2, 3, 511, 1021, 1022, 1023, 1024, 2044, 2045, 2046];

/// Level-1 fraction patterns, given the fraction width: zero, one, all ones, the MSB,
/// just below and above the MSB, a low run of ones, an alternating pattern.
fn level1_fracs(fb: u32) -> [u64; 8] {
    let all = (1u64 << fb) - 1;
    let msb = 1u64 << (fb - 1);
    [0, 1, all, msb, msb - 1, msb + 1, 0xfff, all / 3 + 1]
}

/// Level-1 binary64 operand set: sign x boundary exponents and 2047 x the level-1
/// fraction patterns (208 values).
pub fn f64_level1() -> Vec<u64> {
    let mut v = Vec::new();
    for s in [0u64, 1] {
        for e in F64_BOUNDARY_EXPONENTS.iter().copied().chain([2047]) {
            for f in level1_fracs(52) {
                v.push(s << 63 | e << 52 | f);
            }
        }
    }
    v
}

/// The level-1 operand set of a format (fmt_f64: binary64, else binary32 in the low bits).
pub fn level1(fmt_f64: bool) -> Vec<u64> {
    if fmt_f64 {
        f64_level1()
    } else {
        f32_level1().into_iter().map(|x| x as u64).collect()
    }
}

/// Level-1 operand triples of a format for fused multiply-add, TestFloat style: every
/// (a, b) of a 64-value subset of level 1, each with 64 c values that walk the whole
/// level-1 set (262,144 triples), so every c pattern meets every product class.
pub fn triples_level1(fmt_f64: bool) -> Vec<(u64, u64, u64)> {
    let l1 = level1(fmt_f64);
    let sub: Vec<u64> = l1.iter().copied().step_by(l1.len() / 64).take(64).collect();
    let mut out = Vec::with_capacity(64 * 64 * 64);
    let mut k = 0;
    for &a in &sub {
        for &b in &sub {
            for _ in 0..64 {
                out.push((a, b, l1[k % l1.len()]));
                k += 7;
            }
        }
    }
    out
}

/// A weighted random binary64: uniform bits, a boundary exponent with random fraction,
/// or a random exponent with a pattern fraction.
pub fn f64_random(rng: &mut Rng) -> u64 {
    let s = (rng.bool() as u64) << 63;
    match rng.below(4) {
        0 | 1 => rng.next_u64(),
        2 => {
            let all: Vec<u64> = F64_BOUNDARY_EXPONENTS.iter().copied().chain([2047]).collect();
            let e = all[rng.below(all.len() as u64) as usize];
            s | e << 52 | (rng.next_u64() & ((1 << 52) - 1))
        }
        _ => {
            let pats = level1_fracs(52);
            let e = rng.below(2048);
            let f = pats[rng.below(pats.len() as u64) as usize] ^ (rng.below(2) * (rng.next_u64() & 0xFFFF));
            s | e << 52 | f
        }
    }
}

/// Random FMA triples of a format, biased toward the hard cases: c close to -(a*b)
/// (cancellation), c a few ulps off the product's rounding (product low bits decide),
/// exponents far apart, subnormal ranges; a third of them uniform weighted random.
pub fn fma_triple_random(rng: &mut Rng, fmt_f64: bool) -> (u64, u64, u64) {
    let r = |rng: &mut Rng| if fmt_f64 { f64_random(rng) } else { f32_random(rng) as u64 };
    let (a, b) = (r(rng), r(rng));
    let c = match rng.below(3) {
        0 => r(rng),
        _ => {
            let nudge = rng.below(9) as i64 - 4;
            let neg = rng.below(4) != 0;
            if fmt_f64 {
                let p = f64::from_bits(a) * f64::from_bits(b);
                (p.to_bits() as i64).wrapping_add(nudge) as u64 ^ ((neg as u64) << 63)
            } else {
                let p = f32::from_bits(a as u32) * f32::from_bits(b as u32);
                ((p.to_bits() as i32).wrapping_add(nudge as i32) as u32 ^ ((neg as u32) << 31)) as u64
            }
        }
    };
    (a, b, c)
}
