//! Runner for the FMA unit: operation streams (directed cases, TestFloat-style level 1 in
//! both formats and all five modes, weighted random over fma/add/sub/mul and the
//! conversions, both formats, every mode, ftz), each result checked three ways at the documented latency: hw Rust
//! model == golden model (num-bigint) == Berkeley SoftFloat (y and flags), then the trace
//! is replayed into the exported Verilog.
use super::{finish, golden_mismatch, verilog, Replays, RunSummary};
use crate::cosim::{Bench, CosimError};
use crate::golden::fma::{self as g, softfloat_check as sf, Fmt, Ity, Op, Rnd};
use crate::vectors::{f32_random, f64_random, fma_triple_random, triples_level1, Rng};
use heddle_hw::fma::{Fma, FMA_LATENCY};
use std::collections::VecDeque;

/// One operation of the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FmaVec {
    pub op: Op,
    pub fmt: Fmt,
    pub rnd: Rnd,
    pub ftz: bool,
    /// Integer type of the integer conversions (ignored by the other operations).
    pub ity: Ity,
    pub a: u64,
    pub b: u64,
    pub c: u64,
}

impl FmaVec {
    pub fn fma(fmt: Fmt, rnd: Rnd, a: u64, b: u64, c: u64) -> FmaVec {
        FmaVec { op: Op::Fma, fmt, rnd, ftz: false, ity: Ity::U32, a, b, c }
    }
    /// An operation without a third operand, ftz or integer type.
    pub fn op2(op: Op, fmt: Fmt, rnd: Rnd, a: u64, b: u64) -> FmaVec {
        FmaVec { op, fmt, rnd, ftz: false, ity: Ity::U32, a, b, c: 0 }
    }
    /// An integer conversion (`CvtI2F` or `CvtF2I`) of `a`.
    pub fn int_cvt(op: Op, fmt: Fmt, ity: Ity, rnd: Rnd, a: u64) -> FmaVec {
        FmaVec { op, fmt, rnd, ftz: false, ity, a, b: 0, c: 0 }
    }
    pub fn golden(&self) -> (u64, u8) {
        g::exec(self.op, self.fmt, self.ity, self.a, self.b, self.c, self.rnd, self.ftz)
    }
    pub fn softfloat(&self) -> (u64, u8) {
        sf::exec(self.op, self.fmt, self.ity, self.a, self.b, self.c, self.rnd, self.ftz)
    }
}

/// A random integer operand of type `ity` for a conversion to floating point: full-range,
/// small, near powers of two, or near the binary64/binary32 rounding boundaries (a run of
/// ones or a tie pattern below the significand).
pub fn int_random(rng: &mut Rng, ity: Ity) -> u64 {
    let x = match rng.below(6) {
        0 => rng.next_u64(),
        1 => rng.below(2048),
        2 => {
            let k = rng.below(64);
            (1u64 << k).wrapping_add(rng.below(5)).wrapping_sub(2)
        }
        3 => {
            // A tie or near-tie at the binary64 (53-bit) or binary32 (24-bit) precision.
            let p = if rng.bool() { 53 } else { 24 };
            let top = 40 + rng.below(24) as u32; // the leading bit
            let lead = 1u64 << top;
            let sh = top.saturating_sub(p);
            let hi = (rng.next_u64() & (lead - 1)) >> sh << sh;
            let tail = if sh == 0 { 0 } else { (1u64 << (sh - 1)).wrapping_add(rng.below(3)).wrapping_sub(1) };
            lead | hi | (tail & ((1u64 << sh) - 1))
        }
        4 => rng.next_u64() >> rng.below(64),
        _ => (rng.next_u64() as i64 >> rng.below(64)) as u64,
    };
    let x = if rng.below(4) == 0 { x.wrapping_neg() } else { x };
    if ity.bits() == 32 {
        x & 0xFFFF_FFFF
    } else {
        x
    }
}

/// A random floating-point operand for a conversion to an integer of type `ity`: mostly
/// near the integers and the ends of the range (exponents from -3 to bits + 1 with random,
/// half-integer and integer significands), and the weighted random operands of the
/// format (specials, subnormals, huge values).
pub fn float_for_int(rng: &mut Rng, fmt: Fmt, ity: Ity) -> u64 {
    if rng.below(5) == 0 {
        return if fmt == Fmt::F64 { f64_random(rng) } else { f32_random(rng) as u64 };
    }
    let fb = fmt.fbits() as i64;
    let e = rng.below(ity.bits() as u64 + 5) as i64 - 3; // unbiased exponent
    let mut f = rng.next_u64() & ((1 << fb) - 1);
    // Cut the fraction at the integer point (an integer), or at one bit below it (a half).
    let frac_bits = fb - e;
    if frac_bits > 0 && frac_bits <= fb && rng.below(3) == 0 {
        let keep = if rng.bool() { frac_bits } else { frac_bits - 1 };
        f = f >> keep << keep;
        if keep == frac_bits - 1 {
            f |= 1 << keep; // exactly .5
        }
    }
    let sgn = if rng.below(3) == 0 { fmt.sign_bit() } else { 0 };
    sgn | ((e + fmt.bias()) as u64) << fb | f
}

/// Level 1 of one format: every level-1 triple (1 in `stride`) in each of the five modes
/// (262,144 x 5 = 1,310,720 operations at stride 1).
pub fn level1(fmt: Fmt, stride: usize) -> impl Iterator<Item = FmaVec> {
    triples_level1(fmt == Fmt::F64)
        .into_iter()
        .step_by(stride)
        .flat_map(move |(a, b, c)| Rnd::ALL.into_iter().map(move |rnd| FmaVec::fma(fmt, rnd, a, b, c)))
}

/// Weighted random operations: fma 7/13, add/sub/mul/cvt/int-to-float/float-to-int 1/13
/// each (any integer type); `fmt` None: both formats; every mode; binary32 fma with ftz on
/// one in four.
pub fn random(seed: u64, fmt: Option<Fmt>) -> impl Iterator<Item = FmaVec> {
    let mut rng = Rng::new(seed);
    std::iter::from_fn(move || {
        let fmt = fmt.unwrap_or(if rng.bool() { Fmt::F64 } else { Fmt::F32 });
        let op = match rng.below(13) {
            0 => Op::Add,
            1 => Op::Sub,
            2 => Op::Mul,
            3 => Op::Cvt,
            4 => Op::CvtI2F,
            5 => Op::CvtF2I,
            _ => Op::Fma,
        };
        let ity = Ity::ALL[rng.below(4) as usize];
        let rnd = Rnd::ALL[rng.below(5) as usize];
        let ftz = fmt == Fmt::F32 && op == Op::Fma && rng.below(4) == 0;
        let (a, b, c) = fma_triple_random(&mut rng, fmt == Fmt::F64);
        // add/sub: make b close to -a or a sometimes (cancellation).
        let b = if op != Op::Fma && op != Op::Mul && rng.below(3) == 0 { c } else { b };
        // cvt: a in the other format (binary64 to binary32 near the binary32 range edges
        // half of the time).
        let a = match (op, fmt) {
            (Op::Cvt, Fmt::F64) => f32_random(&mut rng) as u64,
            (Op::Cvt, Fmt::F32) if rng.bool() => {
                let e = 1023 - 160 + rng.below(320);
                (rng.next_u64() & (1 << 63 | ((1 << 52) - 1))) | e << 52
            }
            (Op::Cvt, Fmt::F32) => f64_random(&mut rng),
            (Op::CvtI2F, _) => int_random(&mut rng, ity),
            (Op::CvtF2I, _) => float_for_int(&mut rng, fmt, ity),
            _ => a,
        };
        Some(FmaVec { op, fmt, rnd, ftz, ity, a, b, c })
    })
}

/// Random integer conversions only (both directions, both formats, every integer type
/// and mode), for the conversion tests.
pub fn int_conversions(seed: u64) -> impl Iterator<Item = FmaVec> {
    let mut rng = Rng::new(seed);
    std::iter::from_fn(move || {
        let fmt = if rng.bool() { Fmt::F64 } else { Fmt::F32 };
        let ity = Ity::ALL[rng.below(4) as usize];
        let rnd = Rnd::ALL[rng.below(5) as usize];
        Some(if rng.bool() {
            FmaVec::int_cvt(Op::CvtI2F, fmt, ity, rnd, int_random(&mut rng, ity))
        } else {
            FmaVec::int_cvt(Op::CvtF2I, fmt, ity, rnd, float_for_int(&mut rng, fmt, ity))
        })
    })
}

/// Directed cases: cancellation to exact zero with each mode's zero sign, subnormal
/// results, overflow per mode, product low bits deciding the rounding, huge exponent
/// differences both ways, NaN order, ftz, signed zeros of add/sub/mul; each in both
/// formats where it applies.
pub fn directed() -> Vec<FmaVec> {
    let mut v = Vec::new();
    for fmt in [Fmt::F64, Fmt::F32] {
        let one = fmt.one();
        let neg = fmt.sign_bit();
        let fb = fmt.fbits();
        let ulp1 = one | 1; // 1 + ulp
        let min_norm = 1u64 << fb;
        let max = fmt.max_finite(false);
        let two = one + (1 << fb);
        let half = one - (1 << fb);
        let tiny = 3u64;
        let big = fmt.max_finite(false) - (5 << fb);
        let half_ulp = (fmt.bias() as u64 - fb as u64 - 1) << fb; // 2^-(fbits+1): half an ulp of 1
        let three = one | 1 << (fb - 1); // 1.5
        for rnd in Rnd::ALL {
            let f = |a, b, c| FmaVec::fma(fmt, rnd, a, b, c);
            v.extend([
                f(one, one, one | neg),             // exact zero: +0, rm -0
                f(neg, one, neg),                   // -0 + -0
                f(0, one, neg),                     // +0 + -0
                f(ulp1, ulp1, (one | 2) | neg),     // only the product's low bits remain
                f(ulp1, ulp1, 0),                   // product low bits decide the rounding
                f(ulp1, ulp1 | neg, 0),
                f(ulp1, one - 1, one | neg),        // near cancellation
                f(ulp1, one, half_ulp),             // exact ties: odd and even last bit
                f(one, one, half_ulp),
                f(ulp1 | neg, one, half_ulp | neg),
                f(three, ulp1, half_ulp),           // product with a half-ulp tail
                f(ulp1, ulp1, half_ulp | neg),
                f(min_norm, half, 0),               // exact subnormal
                f(1, half, 0),                      // tie below the smallest subnormal
                f(1, half | neg, 0),
                f(min_norm | 5, one - 1, min_norm | neg), // cancellation into subnormals
                f(max, two, 0),                     // overflow per mode
                f(max | neg, two, 0),
                f(max, one, max),
                f(tiny, tiny, one),                 // addend dominates (huge difference)
                f(tiny | neg, tiny, one),
                f(tiny, one, one),
                f(max, one, tiny),                  // product dominates
                f(max, one, tiny | neg),
                f(big, big, 1),                     // product overflows, tiny addend
                f(1, 1, max | neg),                 // product far below a huge addend
                f(1, 1, 1),                         // product far below the smallest addend
                f(1, 1, 0),
                f(min_norm, min_norm, 1 | neg),
                f(fmt.inf(false), 0, fmt.default_nan() & !neg), // inf*0 + qNaN
                f(fmt.inf(false), one, fmt.inf(true)),          // inf - inf
                f(fmt.exp_max() << fb | 1, one, 5 << fb | 3), // sNaN a
                f(one, fmt.exp_max() << fb | 7, fmt.default_nan()), // sNaN b, NaN c
            ]);
            for op in [Op::Add, Op::Sub, Op::Mul] {
                for (a, b) in [(0, 0), (0, neg), (neg, 0), (neg, neg), (one, one), (one | neg, one), (max, max), (1, 1), (min_norm, 1 | neg)] {
                    v.push(FmaVec::op2(op, fmt, rnd, a, b));
                }
            }
            // Conversions to this format from the other one.
            let cv = |a: u64| FmaVec::op2(Op::Cvt, fmt, rnd, a, 0);
            if fmt == Fmt::F32 {
                v.extend(
                    [
                        0x3FF0_0000_1000_0000u64, // a tie (1 + 2^-24): even
                        0x3FF0_0000_3000_0000,    // a tie: odd, rounds up in rn
                        0x3FF0_0000_1000_0001,    // just above a tie
                        0x47EF_FFFF_F000_0000,    // rounds up to 2^128: overflow in rn/rna/rp
                        0xC7EF_FFFF_E000_0000,    // -max f32 exactly
                        0x3810_0000_0000_0000,    // 2^-126: smallest normal
                        0x380F_FFFF_F000_0000,    // just below 2^-126: tiny, rounds to it in rn
                        0x36A0_0000_0000_0000,    // 2^-149: smallest subnormal
                        0x3690_0000_0000_0000,    // 2^-150: a tie with zero
                        0x3690_0000_0000_0001,
                        0x8000_0000_0000_0000,    // -0
                        0x0000_0000_0000_0001,    // smallest f64 subnormal: underflows to 0 or min sub
                        0x7FF0_0000_0000_0000,
                        0x7FF0_0000_0000_0001,    // sNaN with a low payload: quiet NaN, payload lost
                        0xFFF4_0000_0000_0000,    // sNaN? no: quiet bit clear -> sNaN with payload
                        0x7FF8_0000_2000_0000,    // qNaN, payload bit that survives
                    ]
                    .map(cv),
                );
            } else {
                v.extend([0x3F80_0001u64, 0x0000_0001, 0x807F_FFFF, 0x7F7F_FFFF, 0x7F80_0000, 0xFFC0_0001, 0x7F80_0001, 0x8000_0000].map(cv));
            }
            if fmt == Fmt::F32 {
                for (a, b, c) in [(min_norm, half, 0), (1, 0x4B00_0000, neg), (min_norm | 1, one - 1, min_norm | neg), (1, one, 0)] {
                    v.push(FmaVec { op: Op::Fma, fmt, rnd, ftz: true, ity: Ity::U32, a, b, c });
                }
            }
            // Integer conversions: every type, both directions.
            for ity in Ity::ALL {
                for a in int_directed(ity) {
                    v.push(FmaVec::int_cvt(Op::CvtI2F, fmt, ity, rnd, a));
                }
                for a in float_int_directed(fmt, ity) {
                    v.push(FmaVec::int_cvt(Op::CvtF2I, fmt, ity, rnd, a));
                }
            }
        }
    }
    v
}

/// Directed integers for conversion to floating point: zero, one, the ends of the type's
/// range, values needing exactly 24/53 bits and one more, ties at both precisions.
pub fn int_directed(ity: Ity) -> Vec<u64> {
    let (lo, hi) = ity.range();
    let mut v = vec![0, 1, ity.encode(-1), ity.encode(lo), ity.encode(hi), ity.encode(lo + 1), ity.encode(hi - 1)];
    for p in [24u32, 53] {
        if p + 2 > ity.bits() {
            continue;
        }
        let full = (1u64 << p) - 1; // exactly p bits
        v.extend([full, full + 2, (full << 1) | 1, (1 << p) + 1, (1 << (p + 1)) + 1, (1 << (p + 1)) + 3]);
        // ties: 1 0...0 1 (even: down) and 1 0...1 1 (odd: up), one bit beyond p
        v.extend([(1u64 << p) | 1, (1u64 << p) | 3]);
    }
    let n = v.len();
    for i in 0..n {
        let x = v[i];
        if ity.signed() {
            v.push(ity.encode(-ity.value(x)));
        }
    }
    v.into_iter().map(|x| ity.encode(ity.value(x))).collect()
}

/// Directed floating-point operands for conversion to an integer: zeros, halves (ties
/// to even and odd), values just inside and outside the range and at its ends, the largest
/// finite, infinities, NaNs, subnormals.
pub fn float_int_directed(fmt: Fmt, ity: Ity) -> Vec<u64> {
    let fb = fmt.fbits();
    let f = |x: f64| -> u64 {
        if fmt == Fmt::F64 {
            x.to_bits()
        } else {
            (x as f32).to_bits() as u64
        }
    };
    let n = ity.bits() as i32;
    let top = if ity.signed() { n - 1 } else { n };
    let two = |k: i32| 2f64.powi(k);
    let mut v = vec![0, fmt.sign_bit(), 1, 1 | fmt.sign_bit(), 1 << fb, fmt.max_finite(false), fmt.max_finite(true)];
    v.extend([fmt.inf(false), fmt.inf(true), fmt.default_nan(), fmt.exp_max() << fb | 1]);
    for x in [0.5, 1.5, 2.5, 0.25, 0.75, 1.0, 2.0, 3.75, 1e9, 4294967295.0, 4294967295.5, 4294967296.0, 2147483647.5, 2147483648.0] {
        v.push(f(x));
        v.push(f(-x));
    }
    for x in [two(top), two(top) - two(top - fb as i32 - 1), two(top - 1), two(top) + two(top - fb as i32 + 1), two(top + 1)] {
        v.push(f(x));
        v.push(f(-x));
    }
    v
}

/// The full stream of `heddle cosim fma`: the directed set, then level 1 of binary64,
/// level 1 of binary32 (all modes) and random operations taken in turn, one of each, until
/// the levels are exhausted; random operations after that.
pub fn full_stream(seed: u64) -> impl Iterator<Item = FmaVec> {
    let mut l64 = level1(Fmt::F64, 1);
    let mut l32 = level1(Fmt::F32, 1);
    let mut rnd = random(seed, None);
    let mut turn = 0u64;
    let mixed = std::iter::from_fn(move || {
        turn += 1;
        match turn % 3 {
            1 => l64.next().or_else(|| rnd.next()),
            2 => l32.next().or_else(|| rnd.next()),
            _ => rnd.next(),
        }
    });
    directed().into_iter().chain(mixed)
}

/// What a vector is checked against: the golden model (then SoftFloat when `softfloat`).
pub struct Oracle {
    pub golden: fn(&FmaVec) -> (u64, u8),
    pub softfloat: bool,
}

impl Default for Oracle {
    fn default() -> Self {
        Oracle { golden: |v| v.golden(), softfloat: true }
    }
}

/// Drives `n` operations of `stream` through the unit (Verilog text `verilog`), valid on 7
/// of 8 cycles, and checks every result at the documented latency.
pub fn run_stream(
    verilog_text: &str,
    stream: impl Iterator<Item = FmaVec>,
    n: u64,
    seed: u64,
    oracle: &Oracle,
    replays: Replays,
) -> Result<RunSummary, CosimError> {
    let name = "fma";
    let mut bench = Bench::clocked(name, verilog_text, Fma::default(), |u, c| u.clock.next = c.into())?;
    let mut rng = Rng::new(seed ^ 0xF3A);
    // The pipeline registers start at zero: the first FMA_LATENCY - 1 outputs are not valid
    // (their data, computed from all-zero registers, is compared by the replays only).
    let mut inflight: VecDeque<Option<(bool, FmaVec)>> = (0..FMA_LATENCY - 1).map(|_| None).collect();
    for (i, o) in stream.take(n as usize).enumerate() {
        let valid = rng.below(8) != 0;
        let u = bench.cycle(|u| {
            u.in_valid.next = valid;
            u.op.next = (o.op as u64).into();
            u.ity.next = (o.ity as u64).into();
            u.fmt.next = o.fmt == Fmt::F64;
            u.rnd.next = (o.rnd as u64).into();
            u.ftz.next = o.ftz;
            u.a.next = o.a.into();
            u.b.next = o.b.into();
            u.c.next = o.c.into();
        })?;
        inflight.push_back(Some((valid, o)));
        let got = (u.out_valid.val(), u.y.val().to_u64(), u.flags.val().to_u64() as u8);
        let Some((ev, eo)) = inflight.pop_front().expect("in flight") else {
            if got.0 {
                return Err(golden_mismatch(name, i as u64, format!("reset output {got:x?}")));
            }
            continue;
        };
        let want = (oracle.golden)(&eo);
        if oracle.softfloat {
            let s = eo.softfloat();
            if s != want {
                return Err(CosimError::RustModel(format!(
                    "{name}: golden model disagrees with SoftFloat at vector {}: {eo:x?}: golden {want:x?}, SoftFloat {s:x?}",
                    i + 1 - FMA_LATENCY
                )));
            }
        }
        if got != (ev, want.0, want.1) {
            return Err(golden_mismatch(
                name,
                (i + 1 - FMA_LATENCY) as u64,
                format!("{eo:x?}: hw (valid, y, flags) = {got:x?}, golden {:x?}", (ev, want.0, want.1)),
            ));
        }
    }
    finish(bench, n, replays)
}

/// `heddle cosim fma`: the full stream (directed, level 1 of both formats, random).
pub fn fma(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    run_stream(&verilog("fma")?, full_stream(seed), n, seed, &Oracle::default(), replays)
}

/// The unit's Rust model driven directly (no trace): for sweeps too long to record.
pub struct FmaSim {
    uut: Fma,
    inflight: VecDeque<Option<FmaVec>>,
}

impl Default for FmaSim {
    fn default() -> Self {
        use rust_hdl::prelude::Block;
        let mut uut = Fma::default();
        uut.connect_all();
        FmaSim { uut, inflight: (0..FMA_LATENCY - 1).map(|_| None).collect() }
    }
}

impl FmaSim {
    /// One clock with `v` on the inputs (None: not valid); returns the operation leaving
    /// the pipeline with its (y, flags).
    pub fn clock(&mut self, v: Option<FmaVec>) -> Option<(FmaVec, u64, u8)> {
        use rust_hdl::prelude::*;
        let o = v.unwrap_or(FmaVec::fma(Fmt::F64, Rnd::Rn, 0, 0, 0));
        self.uut.clock.next = false.into();
        self.uut.in_valid.next = v.is_some();
        self.uut.op.next = (o.op as u64).into();
        self.uut.ity.next = (o.ity as u64).into();
        self.uut.fmt.next = o.fmt == Fmt::F64;
        self.uut.rnd.next = (o.rnd as u64).into();
        self.uut.ftz.next = o.ftz;
        self.uut.a.next = o.a.into();
        self.uut.b.next = o.b.into();
        self.uut.c.next = o.c.into();
        assert!(simulate(&mut self.uut, 1000), "fma model did not settle");
        self.uut.clock.next = true.into();
        assert!(simulate(&mut self.uut, 1000), "fma model did not settle");
        self.inflight.push_back(v);
        let out = self.inflight.pop_front().flatten()?;
        assert!(self.uut.out_valid.val(), "out_valid low for a valid operation");
        Some((out, self.uut.y.val().to_u64(), self.uut.flags.val().to_u64() as u8))
    }
}

/// One row of a sweep: a format and mode, how many vectors, how many mismatches.
#[derive(Debug, Clone)]
pub struct SweepRow {
    pub fmt: Fmt,
    pub rnd: Rnd,
    pub level1: u64,
    pub random: u64,
    /// hw Rust model != golden (y or flags).
    pub hw_mismatches: u64,
    /// golden != SoftFloat.
    pub sf_mismatches: u64,
    pub seconds: f64,
    /// The first few mismatches, described.
    pub first: Vec<String>,
}

/// Checks one result leaving [`FmaSim`] against the golden model and SoftFloat, counting
/// mismatches and describing the first five.
fn tally(hw: &mut u64, sf: &mut u64, first: &mut Vec<String>, got: Option<(FmaVec, u64, u8)>) {
    let Some((v, y, f)) = got else { return };
    let (gy, gf) = v.golden();
    let s = v.softfloat();
    if (gy, gf) != s {
        *sf += 1;
        if first.len() < 5 {
            first.push(format!("{v:x?}: golden {:x?}, SoftFloat {s:x?}", (gy, gf)));
        }
    }
    if (y, f) != (gy, gf) {
        *hw += 1;
        if first.len() < 5 {
            first.push(format!("{v:x?}: hw {:x?}, golden {:x?}", (y, f), (gy, gf)));
        }
    }
}

/// One row of the integer-conversion sweep: a direction, format, integer type and mode.
#[derive(Debug, Clone)]
pub struct IntSweepRow {
    /// `CvtI2F` or `CvtF2I`.
    pub op: Op,
    pub fmt: Fmt,
    pub ity: Ity,
    pub rnd: Rnd,
    pub vectors: u64,
    pub hw_mismatches: u64,
    pub sf_mismatches: u64,
    pub seconds: f64,
    pub first: Vec<String>,
}

/// Integer conversions through the unit's Rust model: for each direction, format, integer
/// type and mode, the directed operands and `random` random ones, every result checked
/// against the golden model and SoftFloat (y and flags).
pub fn int_sweep(random: u64, seed: u64, mut report: impl FnMut(&IntSweepRow)) -> Vec<IntSweepRow> {
    let mut rows = Vec::new();
    for op in [Op::CvtI2F, Op::CvtF2I] {
        for fmt in [Fmt::F64, Fmt::F32] {
            for ity in Ity::ALL {
                for rnd in Rnd::ALL {
                    let t0 = std::time::Instant::now();
                    let mut row = IntSweepRow { op, fmt, ity, rnd, vectors: 0, hw_mismatches: 0, sf_mismatches: 0, seconds: 0.0, first: vec![] };
                    let mut rng = Rng::new(seed ^ (op as u64) << 16 ^ (fmt as u64) << 12 ^ (ity as u64) << 8 ^ rnd as u64);
                    let directed = if op == Op::CvtI2F { int_directed(ity) } else { float_int_directed(fmt, ity) };
                    let randoms: Vec<u64> = (0..random)
                        .map(|_| if op == Op::CvtI2F { int_random(&mut rng, ity) } else { float_for_int(&mut rng, fmt, ity) })
                        .collect();
                    let mut sim = FmaSim::default();
                    let stream = directed
                        .into_iter()
                        .chain(randoms)
                        .map(|a| Some(FmaVec::int_cvt(op, fmt, ity, rnd, a)))
                        .chain((0..FMA_LATENCY - 1).map(|_| None));
                    for v in stream {
                        row.vectors += v.is_some() as u64;
                        let got = sim.clock(v);
                        tally(&mut row.hw_mismatches, &mut row.sf_mismatches, &mut row.first, got);
                    }
                    row.seconds = t0.elapsed().as_secs_f64();
                    report(&row);
                    rows.push(row);
                }
            }
        }
    }
    rows
}

/// TestFloat-style sweep of mulAdd through the unit's Rust model: for each format and
/// mode, the full level 1 (262,144 triples) and `random` weighted random triples, every
/// result checked against the golden model and SoftFloat (y and flags).
pub fn sweep(random: u64, seed: u64, level1_stride: usize, mut report: impl FnMut(&SweepRow)) -> Vec<SweepRow> {
    let mut rows = Vec::new();
    for fmt in [Fmt::F64, Fmt::F32] {
        let l1 = triples_level1(fmt == Fmt::F64);
        for rnd in Rnd::ALL {
            let t0 = std::time::Instant::now();
            let mut row = SweepRow { fmt, rnd, level1: 0, random: 0, hw_mismatches: 0, sf_mismatches: 0, seconds: 0.0, first: vec![] };
            let mut sim = FmaSim::default();
            let mut rng = Rng::new(seed ^ (fmt as u64) << 8 ^ rnd as u64);
            let l1n = l1.len().div_ceil(level1_stride) as u64;
            let check = |row: &mut SweepRow, got: Option<(FmaVec, u64, u8)>| {
                tally(&mut row.hw_mismatches, &mut row.sf_mismatches, &mut row.first, got)
            };
            let stream = l1
                .iter()
                .step_by(level1_stride)
                .map(|&(a, b, c)| (a, b, c))
                .chain((0..random).map(|_| fma_triple_random(&mut rng, fmt == Fmt::F64)))
                .map(|(a, b, c)| FmaVec::fma(fmt, rnd, a, b, c))
                .map(Some)
                .chain((0..FMA_LATENCY - 1).map(|_| None));
            for (i, v) in stream.enumerate() {
                if v.is_some() {
                    if (i as u64) < l1n {
                        row.level1 += 1;
                    } else {
                        row.random += 1;
                    }
                }
                let got = sim.clock(v);
                check(&mut row, got);
            }
            row.seconds = t0.elapsed().as_secs_f64();
            report(&row);
            rows.push(row);
        }
    }
    rows
}

/// rust-hdl simulation speed of the unit alone: `n` random operations clocked through
/// [`FmaSim`] with no checking; returns vectors per second.
pub fn model_speed(n: u64, seed: u64) -> f64 {
    let ops: Vec<FmaVec> = random(seed, None).take(n as usize).collect();
    let mut sim = FmaSim::default();
    let t0 = std::time::Instant::now();
    let mut outs = 0u64;
    for v in ops {
        outs += sim.clock(Some(v)).is_some() as u64;
    }
    assert_eq!(outs, n - (FMA_LATENCY as u64 - 1));
    n as f64 / t0.elapsed().as_secs_f64()
}
