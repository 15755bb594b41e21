//! Runners for the SP conversion unit `Fp32Cvt` (combinational): a directed sweep of every
//! kind x rounding mode over its boundary operands, then random (kind, rnd, operand); and
//! the exhaustive f16 -> f32 sweep. Every step is checked against
//! [`crate::golden::fp32_cvt::cvt`]; the trace is then replayed in the exported Verilog.
use super::{finish, golden_mismatch, verilog, Replays, RunSummary};
use crate::cosim::{Bench, CosimError};
use crate::golden::fp32_cvt::{cvt, kind};
use crate::vectors::{f32_fraction_patterns, f32_random, f32_specials, Rng};
use heddle_hw::fp32::cvt::Fp32Cvt;

const NAME: &str = "fp32_cvt";

/// Integer operands at the boundaries of int -> f32 rounding: 0, +-1, the edges of the
/// exactly representable range (2^24 +- 1, 2^25 + 3: ties and near-ties), every power of
/// two and its neighbours, the s32/u32 limits, and alternating and near-halfway patterns.
pub fn int_boundaries() -> Vec<u32> {
    let mut v = vec![
        0,
        1,
        u32::MAX, // -1
        (1 << 24) - 1,
        1 << 24,
        (1 << 24) + 1,
        (1 << 24) + 2,
        (1 << 24) + 3,
        (1 << 25) + 1,
        (1 << 25) + 2,
        (1 << 25) + 3,
        (1 << 25) + 6,
        i32::MIN as u32,
        i32::MAX as u32,
        i32::MAX as u32 - 63,
        i32::MAX as u32 - 64,
        i32::MAX as u32 - 127,
        (i32::MIN as u32) + 1,
        (i32::MIN as u32) + 64,
        (i32::MIN as u32) + 65,
        (i32::MIN as u32) + 128,
        (i32::MIN as u32) + 192,
        0xFFFF_FF80, // u32: tie below 2^32
        0xFFFF_FF7F,
        0xFFFF_FF00,
        0x5555_5555,
        0xAAAA_AAAA,
        0x0123_4567,
        0x89AB_CDEF,
    ];
    for b in 0..32 {
        let p = 1u32 << b;
        for x in [p, p.wrapping_sub(1), p.wrapping_add(1), p | (p >> 1), p | (p >> 1) | 1, p.wrapping_neg()] {
            v.push(x);
            v.push(x.wrapping_neg());
        }
        // 2^b + 2^(b-24): exactly halfway between two f32 neighbours (a tie), and the
        // integers just below and above it (round bit with or without sticky).
        if b >= 24 {
            let t = (1u32 << 24 | 1) << (b - 24);
            v.extend([t, t - 1, t + 1]);
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// f32 operands at the boundaries of the conversions: [`f32_specials`] plus every sign x
/// biased exponent 100..=160 (the f16 subnormal/normal/overflow edges 102..143, the
/// integer edges 126..159) x the TestFloat fraction patterns.
pub fn f32_cvt_boundaries() -> Vec<u32> {
    let mut v = f32_specials();
    for s in [0u32, 1] {
        for e in 100u32..161 {
            for f in f32_fraction_patterns() {
                v.push(s << 31 | e << 23 | f);
            }
        }
    }
    // The directed integer limits, exactly.
    v.extend([0x4EFF_FFFF, 0x4F00_0000, 0xCF00_0000, 0xCF00_0001, 0x4F80_0000, 0x4F7F_FFFF, 0xBF00_0000, 0xBE99_999A]);
    v.sort_unstable();
    v.dedup();
    v
}

/// f16 operands (bits 15..0): sign x the exponent edges x fraction patterns, each also with
/// junk in bits 31..16 (which the unit must ignore).
pub fn f16_patterns() -> Vec<u32> {
    let mut v = Vec::new();
    for s in [0u32, 1] {
        for e in [0u32, 1, 2, 14, 15, 16, 29, 30, 31] {
            for f in [0u32, 1, 2, 3, 0x200, 0x1FF, 0x3FF, 0x3FE, 0x155, 0x2AA, 0x201, 0x100] {
                let h = s << 15 | e << 10 | f;
                v.push(h);
                v.push(h | 0xA5C3_0000);
            }
        }
    }
    v
}

/// The directed operand set of one kind.
fn directed_for(k: u32) -> Vec<u32> {
    match k {
        kind::F32_S32 | kind::F32_U32 => int_boundaries(),
        kind::F32_F16 => f16_patterns(),
        kind::ZERO => vec![0, 1, 0x7FFF_FFFF, 0xFFFF_FFFF],
        _ => f32_cvt_boundaries(),
    }
}

/// Every (kind, rnd, a) of the directed sweep, in order.
pub fn directed() -> Vec<(u32, u32, u32)> {
    let mut out = Vec::new();
    for k in 0..8 {
        let ops = directed_for(k);
        for r in 0..4 {
            out.extend(ops.iter().map(|&a| (k, r, a)));
        }
    }
    out
}

/// A random (kind, rnd, a): the f32 kinds get weighted random f32 operands, the integer
/// kinds uniform words half the time and otherwise 26-bit numbers at a random shift
/// (so the round and sticky bits of int -> f32 are exercised, ties included), the f16
/// kind a random word.
fn random_vector(rng: &mut Rng) -> (u32, u32, u32) {
    let k = rng.below(8) as u32;
    let r = rng.below(4) as u32;
    let a = match k {
        kind::F32_S32 | kind::F32_U32 => {
            if rng.bool() {
                rng.next_u32()
            } else {
                // 26 significant bits: 24 kept, a round and a sticky bit (a tie 1 in 4).
                let x = ((rng.next_u32() & 0x3FF_FFFF) | 1 << 25) << rng.below(7);
                if rng.bool() {
                    x.wrapping_neg()
                } else {
                    x
                }
            }
        }
        kind::F32_F16 | kind::ZERO => rng.next_u32(),
        _ => f32_random(rng),
    };
    (k, r, a)
}

/// Drives one vector and checks it against the golden model.
fn check(bench: &mut Bench<Fp32Cvt>, i: u64, k: u32, r: u32, a: u32) -> Result<(), CosimError> {
    let u = bench.step(|u| {
        u.a.next = (a as u64).into();
        u.kind.next = (k as u64).into();
        u.rnd.next = (r as u64).into();
    })?;
    let (got, want) = (u.y.val().to_u32(), cvt(k, r, a));
    if got != want {
        return Err(golden_mismatch(
            NAME,
            i,
            format!("kind={k} rnd={r} a=0x{a:08x}: hw 0x{got:08x}, golden 0x{want:08x}"),
        ));
    }
    Ok(())
}

/// `n` vectors: the directed sweep first (truncated to `n`), then random vectors.
pub fn fp32_cvt(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let mut bench = Bench::combinational(NAME, &verilog(NAME)?, Fp32Cvt::default())?;
    let dir = directed();
    let mut rng = Rng::new(seed);
    for i in 0..n {
        let (k, r, a) = match dir.get(i as usize) {
            Some(&v) => v,
            None => random_vector(&mut rng),
        };
        check(&mut bench, i, k, r, a)?;
    }
    finish(bench, n, replays)
}

/// Every f16 input (65,536) through cvt.f32.f16, the rounding mode cycling (it must not
/// matter) and bits 31..16 filled with junk (they must be ignored).
pub fn f16_to_f32_exhaustive(replays: Replays) -> Result<RunSummary, CosimError> {
    let mut bench = Bench::combinational(NAME, &verilog(NAME)?, Fp32Cvt::default())?;
    for h in 0u32..1 << 16 {
        let junk = (h.wrapping_mul(0x9E37_79B9) >> 16) << 16;
        check(&mut bench, h as u64, kind::F32_F16, h & 3, junk | h)?;
    }
    finish(bench, 1 << 16, replays)
}
