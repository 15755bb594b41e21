//! Runners for the SFU (`heddle cosim sfu`, `heddle cosim sfu_rro`): operation streams
//! (every segment boundary of every table, special cases, then weighted random operands of
//! every operation), each result of the hw block's Rust model checked against the
//! bit-exact model ([`crate::sfu::model`]) at the documented latency; then the trace is
//! replayed into the exported Verilog.
use super::{finish, golden_mismatch, verilog, Replays, RunSummary};
use crate::cosim::{Bench, CosimError};
use crate::sfu::model::{self, Op};
use crate::sfu::tablegen::TFn;
use crate::vectors::{f32_random, f32_specials, Rng};
use heddle_hw::sfu::{Sfu, SFU_LATENCY};
use heddle_hw::sfu::rro::{SfuRro, RRO_LATENCY};
use std::collections::VecDeque;

/// One SFU operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SfuVec {
    pub op: Op,
    pub x: u32,
}

impl SfuVec {
    pub fn golden(&self) -> u32 {
        model::eval(self.op, self.x)
    }
}

/// Operand of `op` whose table operand is `u` (for rcp/rsq/lg2 with biased exponent `be`;
/// for ex2, sin and cos an RRO word; `var` picks the sign or quadrant).
pub fn operand_for(f: TFn, u: u32, be: u32, var: u32) -> Vec<SfuVec> {
    match f {
        TFn::Rcp => vec![SfuVec { op: Op::Rcp, x: (var & 1) << 31 | be << 23 | u >> 9 }],
        TFn::Rsq => {
            // u's top bit is the binade: exponent parity
            let b = u >> 31;
            let be = (be.clamp(2, 253) & !1) | (1 - b); // e = be - 127 odd <=> be even
            vec![SfuVec { op: Op::Rsq, x: be << 23 | ((u >> 8) & 0x7F_FFFF) }]
        }
        TFn::Lg2 => vec![SfuVec { op: Op::Lg2, x: be << 23 | u >> 9 }],
        TFn::Ex2 => {
            // |x| < 1 word (F = u) and a large word with a 7-bit integer part
            let s = (var & 1) << 31;
            vec![
                SfuVec { op: Op::Ex2, x: s | u >> 2 },
                SfuVec { op: Op::Ex2, x: s | 1 << 30 | (1 + be % 127) << 23 | ((u >> 9) & 0x7F_FFFF) },
            ]
        }
        TFn::Sin => {
            let w = (var & 1) << 31 | 1 << 30 | (var >> 1 & 3) << 28 | u >> 4;
            vec![SfuVec { op: Op::Sin, x: w }, SfuVec { op: Op::Cos, x: w }]
        }
    }
}

/// Every table segment's first operand, its second, and its last (at each function's input
/// step), with varied exponents, signs and quadrants.
pub fn boundaries() -> Vec<SfuVec> {
    let mut v = Vec::new();
    let mut rng = Rng::new(0xB0B);
    for f in TFn::ALL {
        let cfg = crate::sfu::tablegen::committed_config(f);
        let step = f.input_step() as u32;
        for s in crate::sfu::tablegen::segments(&cfg) {
            let start = s.start as u32;
            let last = (s.start + s.width - step as u64) as u32;
            for u in [start, start.wrapping_add(step), last] {
                let be = 1 + rng.below(254) as u32;
                v.extend(operand_for(f, u, be, rng.next_u32()));
                v.extend(operand_for(f, u, 127, 0));
            }
        }
    }
    v
}

/// Special cases of every operation: the binary32 specials (zeros, subnormals, infinities,
/// NaNs, boundary exponents) for rcp rsq lg2 and both RROs, special RRO words for ex2,
/// sin and cos.
pub fn specials() -> Vec<SfuVec> {
    let mut v = Vec::new();
    let f = f32_specials();
    for &x in &f {
        for op in [Op::Rcp, Op::Rsq, Op::Lg2, Op::RroSincos, Op::RroEx2] {
            v.push(SfuVec { op, x });
        }
        for op in [Op::Ex2, Op::Sin, Op::Cos] {
            v.push(SfuVec { op, x }); // raw words
            let pre = if op == Op::Ex2 { model::rro_ex2(x) } else { model::rro_sincos(x) };
            v.push(SfuVec { op, x: pre });
        }
    }
    // RRO-format edge words
    for w in [
        0u32, 0x8000_0000, 0x4000_0000, 0xC000_0000, 0x407F_FFFF, 0x3FFF_FFFF, 0x3F80_0000, 0x3980_0000, 0x3A00_0000,
        0x4FFF_FFFF, 0x5000_0000, 0x7FFF_FFFF, 0x3FFF_FFFF, 0x4080_0000, 0xC080_0000, 0x3FFF_FFFC, 0xBFFF_FFFC, 0x0000_0001,
        0x8000_0001, 0x7F80_0000, 0x4F80_0000,
    ] {
        for op in [Op::Ex2, Op::Sin, Op::Cos] {
            v.push(SfuVec { op, x: w });
        }
    }
    // rro.ex2 around |x| = 1, 128 and the 2^-30 truncation; rro.sincos around 2^-12
    for be in [96, 97, 119, 120, 121, 126, 127, 128, 133, 134, 135, 113, 114, 115, 116, 254] {
        for fr in [0u32, 1, 0x40_0000, 0x7F_FFFF] {
            for s in [0u32, 1] {
                let x = s << 31 | be << 23 | fr;
                v.push(SfuVec { op: Op::RroEx2, x });
                v.push(SfuVec { op: Op::RroSincos, x });
                v.push(SfuVec { op: Op::Ex2, x: model::rro_ex2(x) });
                v.push(SfuVec { op: Op::Sin, x: model::rro_sincos(x) });
            }
        }
    }
    v
}

/// A random operation: op uniform over the eight; rcp/rsq/lg2/rro operands weighted
/// binary32 (specials, boundary exponents, random); ex2/sin/cos operands are the RRO of a
/// random binary32 (three in four) or a random word.
pub fn random(seed: u64) -> impl Iterator<Item = SfuVec> {
    let mut rng = Rng::new(seed);
    std::iter::from_fn(move || {
        let op = Op::from_code(rng.below(8) as u32);
        let f = if rng.below(4) == 0 { rng.next_u32() } else { f32_random(&mut rng) };
        // ex2: keep most operands where 2^x is finite and non-zero
        let f = if op == Op::Ex2 && rng.bool() { (f & 0x807F_FFFF) | ((100 + rng.below(34) as u32) << 23) } else { f };
        let x = match op {
            Op::Ex2 if rng.below(4) != 0 => model::rro_ex2(f),
            Op::Sin | Op::Cos if rng.below(4) != 0 => model::rro_sincos(f),
            _ => f,
        };
        Some(SfuVec { op, x })
    })
}

/// The stream of `heddle cosim sfu`: boundaries, specials, then random operations.
pub fn full_stream(seed: u64) -> impl Iterator<Item = SfuVec> {
    boundaries().into_iter().chain(specials()).chain(random(seed))
}

/// Drives `n` operations of `stream` through the unit, valid on 7 of 8 cycles, and checks
/// every result against the bit-exact model (`golden`) at the latency.
pub fn run_stream(
    verilog_text: &str,
    stream: impl Iterator<Item = SfuVec>,
    n: u64,
    seed: u64,
    golden: fn(&SfuVec) -> u32,
    replays: Replays,
) -> Result<RunSummary, CosimError> {
    let name = "sfu";
    let mut bench = Bench::clocked(name, verilog_text, Sfu::default(), |u, c| u.clock.next = c.into())?;
    let mut rng = Rng::new(seed ^ 0x5F0);
    let mut inflight: VecDeque<Option<(bool, SfuVec)>> = (0..SFU_LATENCY - 1).map(|_| None).collect();
    for (i, o) in stream.take(n as usize).enumerate() {
        let valid = rng.below(8) != 0;
        let u = bench.cycle(|u| {
            u.in_valid.next = valid;
            u.op.next = (o.op as u64).into();
            u.x.next = (o.x as u64).into();
        })?;
        inflight.push_back(Some((valid, o)));
        let got = (u.out_valid.val(), u.y.val().to_u64() as u32);
        let Some((ev, eo)) = inflight.pop_front().expect("in flight") else {
            continue;
        };
        let want = golden(&eo);
        if got != (ev, want) {
            return Err(golden_mismatch(
                name,
                (i + 1 - SFU_LATENCY) as u64,
                format!("{} x={:#010x}: hw (valid, y) = ({}, {:#010x}), model ({ev}, {want:#010x})", eo.op.name(), eo.x, got.0, got.1),
            ));
        }
    }
    finish(bench, n, replays)
}

/// How many of the first `n` operations of [`full_stream`] are segment boundaries, special
/// cases, and each operation (printed by `heddle cosim sfu`, so a run's per-function
/// coverage is visible).
pub fn stream_counts(seed: u64, n: u64) -> String {
    let (nb, ns) = (boundaries().len() as u64, specials().len() as u64);
    let (mut all, mut rand) = ([0u64; 8], [0u64; 8]);
    for (i, v) in full_stream(seed).take(n as usize).enumerate() {
        all[v.op as usize] += 1;
        if i as u64 >= nb + ns {
            rand[v.op as usize] += 1;
        }
    }
    let ops: Vec<String> =
        (0..8).map(|c| format!("{} {} ({} random)", Op::from_code(c).name(), all[c as usize], rand[c as usize])).collect();
    format!(
        "sfu stream: {} segment-boundary operations, {} special-case operations, then random; per operation: {}\n",
        nb.min(n),
        ns.min(n.saturating_sub(nb)),
        ops.join(", ")
    )
}

/// `heddle cosim sfu`.
pub fn sfu(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    print!("{}", stream_counts(seed, n));
    run_stream(&verilog("sfu")?, full_stream(seed), n, seed, |v| v.golden(), replays)
}

/// `heddle cosim sfu_rro`: the standalone RRO block on the RRO operations of the stream.
pub fn sfu_rro(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "sfu_rro";
    let mut bench = Bench::clocked(name, &verilog(name)?, SfuRro::default(), |u, c| u.clock.next = c.into())?;
    let mut rng = Rng::new(seed ^ 0x220);
    let stream = specials().into_iter().chain(random(seed)).filter(|v| matches!(v.op, Op::RroSincos | Op::RroEx2));
    let mut inflight: VecDeque<Option<(bool, SfuVec)>> = (0..RRO_LATENCY - 1).map(|_| None).collect();
    for (i, o) in stream.take(n as usize).enumerate() {
        let valid = rng.below(8) != 0;
        let u = bench.cycle(|u| {
            u.in_valid.next = valid;
            u.ex2.next = o.op == Op::RroEx2;
            u.x.next = (o.x as u64).into();
        })?;
        inflight.push_back(Some((valid, o)));
        let got = (u.out_valid.val(), u.y.val().to_u64() as u32);
        let Some((ev, eo)) = inflight.pop_front().expect("in flight") else { continue };
        let want = eo.golden();
        if got != (ev, want) {
            return Err(golden_mismatch(
                name,
                (i + 1 - RRO_LATENCY) as u64,
                format!("{} x={:#010x}: hw ({}, {:#010x}), model ({ev}, {want:#010x})", eo.op.name(), eo.x, got.0, got.1),
            ));
        }
    }
    finish(bench, n, replays)
}

/// The unit's Rust model driven directly (no trace), for long runs and speed.
pub struct SfuSim {
    uut: Sfu,
    inflight: VecDeque<Option<SfuVec>>,
}

impl Default for SfuSim {
    fn default() -> Self {
        use rust_hdl::prelude::Block;
        let mut uut = Sfu::default();
        uut.connect_all();
        SfuSim { uut, inflight: (0..SFU_LATENCY - 1).map(|_| None).collect() }
    }
}

impl SfuSim {
    /// One clock with `v` (None: not valid); returns the operation leaving the pipeline
    /// with its result.
    pub fn clock(&mut self, v: Option<SfuVec>) -> Option<(SfuVec, u32)> {
        use rust_hdl::prelude::*;
        let o = v.unwrap_or(SfuVec { op: Op::Rcp, x: 0 });
        self.uut.clock.next = false.into();
        self.uut.in_valid.next = v.is_some();
        self.uut.op.next = (o.op as u64).into();
        self.uut.x.next = (o.x as u64).into();
        assert!(simulate(&mut self.uut, 1000), "sfu model did not settle");
        self.uut.clock.next = true.into();
        assert!(simulate(&mut self.uut, 1000), "sfu model did not settle");
        self.inflight.push_back(v);
        let out = self.inflight.pop_front().flatten()?;
        assert!(self.uut.out_valid.val(), "out_valid low for a valid operation");
        Some((out, self.uut.y.val().to_u64() as u32))
    }
}

/// Runs `ops` through [`SfuSim`] (valid every cycle) and counts results that differ from
/// the bit-exact model; returns (mismatches, first few described, operations per second).
pub fn check_direct(ops: impl Iterator<Item = SfuVec>) -> (u64, Vec<String>, u64, f64) {
    let mut sim = SfuSim::default();
    let t0 = std::time::Instant::now();
    let (mut bad, mut n) = (0u64, 0u64);
    let mut first = Vec::new();
    let mut check = |r: Option<(SfuVec, u32)>| {
        if let Some((v, y)) = r {
            n += 1;
            let g = v.golden();
            if y != g {
                bad += 1;
                if first.len() < 5 {
                    first.push(format!("{} x={:#010x}: hw {y:#010x}, model {g:#010x}", v.op.name(), v.x));
                }
            }
        }
    };
    for v in ops {
        check(sim.clock(Some(v)));
    }
    for _ in 0..SFU_LATENCY {
        check(sim.clock(None));
    }
    let rate = n as f64 / t0.elapsed().as_secs_f64();
    (bad, first, n, rate)
}

#[cfg(test)]
mod tests {
    #[test]
    fn quick_direct() {
        let ops = super::boundaries().into_iter().chain(super::specials()).chain(super::random(1).take(20000));
        let (bad, first, n, rate) = super::check_direct(ops);
        eprintln!("{n} ops, {bad} mismatches, {rate:.0} ops/s: {first:?}");
        assert_eq!(bad, 0, "{first:?}");
    }
}

// ---------------------------------------------------------------- attribute interpolation

use crate::sfu::attr::{self, AttrIn};
use heddle_hw::sfu::attr::{SfuAttr, ATTR_LATENCY};

/// Directed quads: exact cancellation between the products (leaving C or nothing), ties
/// broken by a tiny third term, zero signs, infinities, NaN, overflow, flush to zero,
/// subnormal inputs, the coordinate extremes.
pub fn attr_directed() -> Vec<AttrIn> {
    let one = 0x3F80_0000;
    let q = |a, b, c, qx, qy| AttrIn { a, b, c, qx, qy };
    let mut v = vec![
        q(one, one, 0, 0, 0),
        q(one, 0xBF80_0000, 0x0080_0001, 7, 7),
        q(one, 0xBF80_0000, 0, 7, 7),
        q(one, 0xBF80_0000, 0x8000_0000, 7, 7),
        q(0x4B80_0000, one, 0x0080_0000, 0, 0),
        q(0x4B80_0000, one, 0x8080_0000, 0, 0),
        q(0x4B80_0000, one, 0, 0, 0),
        q(0x8000_0000, 0x8000_0000, 0x8000_0000, 3, 4),
        q(0x8000_0000, 0, 0x8000_0000, 3, 4),
        q(0x8000_0001, 0x8000_0001, 0x8000_0001, 3, 4),
        q(0x7F80_0000, 0xFF80_0000, 0, 0, 0),
        q(0x7F80_0000, one, 0, 0, 0),
        q(one, one, 0xFF80_0000, 0, 0),
        q(0x7FC0_0000, one, one, 0, 0),
        q(one, 0x7F80_0001, one, 0, 0),
        q(0x7F7F_FFFF, 0, 0, 4095, 0),
        q(0x7F7F_FFFF, 0x7F7F_FFFF, 0x7F7F_FFFF, 4095, 4095),
        q(0x0080_0000, 0x8080_0000, 0, 1, 0),
        q(0x0080_0000, 0, 0x8080_0000, 1, 0),
        q(0x0080_0000, 0x0080_0000, 0x0080_0000, 0, 0),
        q(0x3F80_0001, 0xBF80_0000, 0x3380_0000, 4095, 4095),
        q(0x4000_0000, 0xC000_0000, 0x2F80_0000, 100, 100),
        q(0, 0, 0, 0, 0),
        q(0, 0, 0x0000_0001, 0, 0),
    ];
    // a term far below the others, next to each threshold of the window (d2 = 40, d3 = d2 + 64)
    for k in [36u32, 38, 39, 40, 41, 42, 60, 62, 63, 64, 65, 66, 100, 104, 105, 106, 110] {
        let e = 127u32.saturating_sub(k).max(1);
        v.push(q(one, e << 23 | 0x12345, 0xBF80_0000, 0, 0));
        v.push(q(one, 0xBF00_0000, e << 23 | 0x4_5678, 0, 0)); // A/2 - B/2 cancel at (0,0)
        v.push(q(one, 0xBF80_0000 | 1, (e + 10).min(254) << 23 | 0x8_0001, 5, 5));
    }
    v
}

/// Random quads, biased to the hard cases: B chosen so that B y nearly or exactly cancels
/// A x, C of a nearby or far exponent, and specials.
pub fn attr_random(seed: u64) -> impl Iterator<Item = AttrIn> {
    let mut rng = Rng::new(seed);
    std::iter::from_fn(move || {
        let qx = rng.below(4096) as u32;
        let qy = rng.below(4096) as u32;
        let a = if rng.below(8) == 0 { f32_random(&mut rng) } else { (rng.next_u32() & 0x807F_FFFF) | ((1 + rng.below(254) as u32) << 23) };
        let b = match rng.below(4) {
            0 => f32_random(&mut rng),
            1 => {
                // B y close to -A x (computed in f64, rounded to f32, nudged by a few ulps)
                let ax = f32::from_bits(a) as f64 * (qx as f64 + 0.5);
                let b = (-(ax / (qy as f64 + 0.5))) as f32;
                let d = rng.below(5) as i32 - 2;
                (b.to_bits() as i32).wrapping_add(d) as u32
            }
            _ => (rng.next_u32() & 0x807F_FFFF) | (((a >> 23 & 0xFF) as i32 + rng.below(61) as i32 - 30).clamp(1, 254) as u32) << 23,
        };
        let ea = (a >> 23 & 0xFF) as i32;
        let c = match rng.below(4) {
            0 => f32_random(&mut rng),
            1 => (rng.next_u32() & 0x807F_FFFF) | ((ea - rng.below(150) as i32).clamp(1, 254) as u32) << 23,
            _ => (rng.next_u32() & 0x807F_FFFF) | ((ea + rng.below(41) as i32 - 20).clamp(1, 254) as u32) << 23,
        };
        Some(AttrIn { a, b, c, qx, qy })
    })
}

/// `heddle cosim sfu_attr`: directed quads then random ones, each of the four results
/// checked against the golden model (exact integer arithmetic) at the latency.
pub fn sfu_attr(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let stream = attr_directed().into_iter().chain(attr_random(seed));
    attr_run_stream(&verilog("sfu_attr")?, stream, n, seed, attr::quad, replays)
}

pub fn attr_run_stream(
    verilog_text: &str,
    stream: impl Iterator<Item = AttrIn>,
    n: u64,
    seed: u64,
    golden: fn(&AttrIn) -> [u32; 4],
    replays: Replays,
) -> Result<RunSummary, CosimError> {
    let name = "sfu_attr";
    let mut bench = Bench::clocked(name, verilog_text, SfuAttr::default(), |u, c| u.clock.next = c.into())?;
    let mut rng = Rng::new(seed ^ 0xA77);
    let mut inflight: VecDeque<Option<(bool, AttrIn)>> = (0..ATTR_LATENCY - 1).map(|_| None).collect();
    for (i, o) in stream.take(n as usize).enumerate() {
        let valid = rng.below(8) != 0;
        let u = bench.cycle(|u| {
            u.in_valid.next = valid;
            u.a.next = (o.a as u64).into();
            u.b.next = (o.b as u64).into();
            u.c.next = (o.c as u64).into();
            u.qx.next = (o.qx as u64).into();
            u.qy.next = (o.qy as u64).into();
        })?;
        inflight.push_back(Some((valid, o)));
        let got = (
            u.out_valid.val(),
            [u.u00.val().to_u64() as u32, u.u10.val().to_u64() as u32, u.u01.val().to_u64() as u32, u.u11.val().to_u64() as u32],
        );
        let Some((ev, eo)) = inflight.pop_front().expect("in flight") else { continue };
        let want = golden(&eo);
        if got != (ev, want) {
            return Err(golden_mismatch(name, (i + 1 - ATTR_LATENCY) as u64, format!("{eo:x?}: hw {got:x?}, golden ({ev}, {want:x?})")));
        }
    }
    finish(bench, n, replays)
}
