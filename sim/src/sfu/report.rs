//! `heddle sfu-report`: the accuracy of the SFU's bit-exact model, exhaustively, against a
//! correctly rounded reference computed in high precision by [`super::hp`] (never the
//! host's libm), side by side with the Oberman & Siu 2005 figures for the G80's SFU.
//!
//! Rows: every binary32 input of each function's reference interval (rcp [1,2), rsqrt
//! [1,4), exp2 [0,1), log2 [1,2), sin and cos [0,pi/2)), and all 2^32 inputs for rcp,
//! rsqrt, exp2 and log2. The reference is the exact value of the function at the input
//! after the G80 input flush, rounded to nearest even with the G80 output flush
//! ([`hp::pack_g80`]). Two threads (`std::thread`).
use super::hp::{self, Exact};
use super::model::{self, Op};
use super::tablegen::TFn;
use heddle_hw::fp32::bits::{ABS_MASK, FRAC_MASK, INF};
use serde::{Deserialize, Serialize};

/// One published row (Oberman & Siu 2005, DESIGN.md).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Published {
    pub good_bits: f64,
    pub max_ulp: Option<f64>,
    pub exact_pct: Option<f64>,
    pub monotonic: bool,
}

/// The measurement of one sweep.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Row {
    pub function: String,
    pub interval: String,
    pub inputs: u64,
    /// ulps of the exact value, over inputs whose reference is a finite non-zero number
    pub max_ulp: f64,
    pub max_ulp_input: u32,
    /// -log2 of the largest absolute error
    pub good_bits: f64,
    pub max_abs_input: u32,
    /// results equal to the correctly rounded reference (G80 flush), in percent
    pub exact_pct: f64,
    /// the largest number of consecutive-input pairs that go the wrong way (0: monotonic)
    pub monotonic_violations: u64,
    /// results that differ from the reference where the reference is zero, infinite or NaN
    pub special_mismatches: u64,
    /// references decided by the slow (big fixed-point) path
    pub slow_references: u64,
    pub rom_bits: u64,
    pub seconds: f64,
    pub published: Option<Published>,
}

#[derive(Debug, Clone, Default)]
struct Acc {
    n: u64,
    exact: u64,
    max_ulp: f64,
    max_ulp_at: u32,
    max_abs: f64,
    max_abs_at: u32,
    mono_bad: u64,
    first: Option<u32>,
    last: Option<u32>,
    special: u64,
    slow: u64,
}

/// Direction of the function in the order of the inputs swept (for monotonicity).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dir {
    Up,
    Down,
}

fn value_order(y: u32) -> i64 {
    // total order of binary32 values (NaN never appears in monotone sweeps)
    if y >> 31 == 1 {
        -((y & ABS_MASK) as i64)
    } else {
        y as i64
    }
}

impl Acc {
    fn add(&mut self, x: u32, y: u32, cr: u32, r: Option<&Exact>, dir: Option<Dir>) {
        self.n += 1;
        let nan = |v: u32| (v & INF) == INF && v & FRAC_MASK != 0;
        let same = y == cr || (nan(y) && nan(cr));
        self.exact += same as u64;
        match r {
            Some(e) if e.mant != 0 && (cr & ABS_MASK) < INF && (cr & INF) != 0 => {
                if (y & INF) == INF {
                    self.special += 1;
                } else {
                    let u = e.ulp_err(y);
                    if u > self.max_ulp {
                        self.max_ulp = u;
                        self.max_ulp_at = x;
                    }
                    let a = e.abs_err(y);
                    if a > self.max_abs {
                        self.max_abs = a;
                        self.max_abs_at = x;
                    }
                }
            }
            _ => self.special += !same as u64,
        }
        if let Some(d) = dir {
            if let Some(l) = self.last {
                let (a, b) = (value_order(l), value_order(y));
                if (d == Dir::Up && b < a) || (d == Dir::Down && b > a) {
                    self.mono_bad += 1;
                }
            }
            if self.first.is_none() {
                self.first = Some(y);
            }
            self.last = Some(y);
        }
    }
    fn merge(mut self, o: Acc, dir: Option<Dir>) -> Acc {
        if let (Some(d), Some(l), Some(f)) = (dir, self.last, o.first) {
            let (a, b) = (value_order(l), value_order(f));
            if (d == Dir::Up && b < a) || (d == Dir::Down && b > a) {
                self.mono_bad += 1;
            }
        }
        self.n += o.n;
        self.exact += o.exact;
        if o.max_ulp > self.max_ulp {
            self.max_ulp = o.max_ulp;
            self.max_ulp_at = o.max_ulp_at;
        }
        if o.max_abs > self.max_abs {
            self.max_abs = o.max_abs;
            self.max_abs_at = o.max_abs_at;
        }
        self.mono_bad += o.mono_bad;
        self.first = self.first.or(o.first);
        self.last = o.last.or(self.last);
        self.special += o.special;
        self.slow += o.slow;
        self
    }
}

/// The reference of `op` at binary32 `x`: (correctly rounded result, exact value if finite
/// and non-zero, decided by the slow path).
pub fn reference(op: Op, x: u32) -> (u32, Option<Exact>, bool) {
    let a = model::unpack(x);
    let nan = model::NAN;
    let signed = |neg: bool, v: u32| ((neg as u32) << 31) | v;
    match op {
        Op::Rcp => {
            if a.nan {
                return (nan, None, false);
            }
            if a.inf {
                return (signed(a.neg, 0), None, false);
            }
            if a.zero {
                return (signed(a.neg, INF), None, false);
            }
            let e = a.be as i32 - 127;
            let mut r = if a.frac == 0 { Exact::pow2(0) } else { hp::rcp_frac(a.frac) };
            r.neg = a.neg;
            r.exp -= e;
            let (y, r, slow) = hp::round_or_slow(r, || slow_rcp(x));
            (y, Some(r), slow)
        }
        Op::Rsq => {
            if a.nan || (a.neg && !a.zero) {
                return (nan, None, false);
            }
            if a.inf {
                return (0, None, false);
            }
            if a.zero {
                return (signed(a.neg, INF), None, false);
            }
            let e = a.be as i32 - 127;
            let b = (e & 1) as u32;
            let mut r = if a.frac == 0 && b == 0 { Exact::pow2(0) } else { hp::rsqrt_frac(b, a.frac) };
            r.exp -= (e - b as i32) / 2;
            let (y, r, slow) = hp::round_or_slow(r, || slow_rsqrt(x));
            (y, Some(r), slow)
        }
        Op::Lg2 => {
            if a.nan || (a.neg && !a.zero) {
                return (nan, None, false);
            }
            if a.zero {
                return (0xFF80_0000, None, false);
            }
            if a.inf {
                return (INF, None, false);
            }
            let r = hp::log2(x & ABS_MASK);
            if r.mant == 0 {
                return (0, None, false);
            }
            let (y, r, slow) = hp::round_or_slow(r, || hp::slow_log2(x));
            (y, Some(r), slow)
        }
        Op::Ex2 => {
            if a.nan {
                return (nan, None, false);
            }
            if a.inf {
                return (if a.neg { 0 } else { INF }, None, false);
            }
            let xf = if a.zero { x & 0x8000_0000 } else { x };
            let r = hp::exp2(xf);
            let (y, r, slow) = hp::round_or_slow(r, || hp::slow_exp2(xf));
            (y, Some(r), slow)
        }
        Op::Sin | Op::Cos => {
            // reference interval only: x in [0, pi/2)
            let (s, c) = hp::sin_cos(x);
            let r = if op == Op::Sin { s } else { c };
            if r.mant == 0 {
                return (0, None, false);
            }
            let (y, r, slow) = hp::round_or_slow(r, || {
                let (s, c) = hp::slow_sin_cos(x);
                if op == Op::Sin {
                    s
                } else {
                    c
                }
            });
            (y, Some(r), slow)
        }
        _ => panic!("no reference for {}", op.name()),
    }
}

fn fx(x: u32) -> super::bigfx::Fx {
    let a = model::unpack(x);
    super::bigfx::Fx::dyadic((a.frac | 0x80_0000) as i128, a.be as i32 - 150)
}

fn slow_rcp(x: u32) -> Exact {
    let mut e = exact_of_fx(&fx(x).recip());
    e.neg = x >> 31 == 1;
    e
}

fn slow_rsqrt(x: u32) -> Exact {
    exact_of_fx(&fx(x).recip().sqrt())
}

fn exact_of_fx(v: &super::bigfx::Fx) -> Exact {
    // via the log2 path's converter: top 128 bits of the magnitude
    let a = v.abs();
    let bits = a.0.bits() as i64;
    let sh = bits - 128;
    let top = if sh >= 0 { &a.0 >> sh as u32 } else { &a.0 << (-sh) as u32 };
    let (_, d) = top.to_u64_digits();
    let mant = d.iter().rev().fold(0u128, |acc, &w| (acc << 64) | w as u128);
    Exact { neg: v.is_neg(), mant, exp: (sh - super::bigfx::P as i64 + 127) as i32, err: 2 }
}

/// Sweeps `op` over the inputs `lo..hi` (bit patterns, in order) on two threads.
fn sweep(op: Op, lo: u64, hi: u64, dir: Option<Dir>) -> Acc {
    let work = |a: u64, b: u64| -> Acc {
        let mut acc = Acc::default();
        for x in a..b {
            let x = x as u32;
            let (cr, r, slow) = reference(op, x);
            let y = model::func(op, x);
            acc.slow += slow as u64;
            acc.add(x, y, cr, r.as_ref(), dir);
        }
        acc
    };
    // interleaved chunks balance the threads when the cost varies along the range
    const CH: u64 = 1 << 20;
    let chunks: Vec<(u64, u64)> = (lo..hi).step_by(CH as usize).map(|a| (a, (a + CH).min(hi))).collect();
    let results: Vec<Acc> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2)
            .map(|t| {
                let chunks = &chunks;
                s.spawn(move || chunks.iter().skip(t).step_by(2).map(|&(a, b)| work(a, b)).collect::<Vec<Acc>>())
            })
            .collect();
        let per: Vec<Vec<Acc>> = hs.into_iter().map(|h| h.join().unwrap()).collect();
        // back into input order
        let mut out = Vec::new();
        for i in 0..chunks.len() {
            out.push(per[i % 2][i / 2].clone());
        }
        out
    });
    results.into_iter().fold(Acc::default(), |a, b| if a.n == 0 { b } else { a.merge(b, dir) })
}

/// Published G80 figures for a row.
pub fn published(op: Op) -> Published {
    match op {
        Op::Rcp => Published { good_bits: 24.02, max_ulp: Some(0.98), exact_pct: Some(87.0), monotonic: true },
        Op::Rsq => Published { good_bits: 23.40, max_ulp: Some(1.52), exact_pct: Some(78.0), monotonic: true },
        Op::Ex2 => Published { good_bits: 22.51, max_ulp: Some(1.41), exact_pct: Some(74.0), monotonic: true },
        Op::Lg2 => Published { good_bits: 22.57, max_ulp: None, exact_pct: None, monotonic: true },
        _ => Published { good_bits: 22.47, max_ulp: None, exact_pct: None, monotonic: false },
    }
}

pub fn rom_bits(op: Op) -> u64 {
    model::table(op).rom_bits() as u64
}

fn row(op: Op, interval: &str, lo: u64, hi: u64, dir: Option<Dir>, with_published: bool) -> Row {
    let t0 = std::time::Instant::now();
    let a = sweep(op, lo, hi, dir);
    Row {
        function: op.name().to_string(),
        interval: interval.to_string(),
        inputs: a.n,
        max_ulp: a.max_ulp,
        max_ulp_input: a.max_ulp_at,
        good_bits: if a.max_abs > 0.0 { -a.max_abs.log2() } else { f64::INFINITY },
        max_abs_input: a.max_abs_at,
        exact_pct: 100.0 * a.exact as f64 / a.n.max(1) as f64,
        monotonic_violations: a.mono_bad,
        special_mismatches: a.special,
        slow_references: a.slow,
        rom_bits: rom_bits(op),
        seconds: t0.elapsed().as_secs_f64(),
        published: if with_published { Some(published(op)) } else { None },
    }
}

/// Largest binary32 below pi/2.
pub const BELOW_HALF_PI: u32 = 0x3FC9_0FDA;

/// The report's rows: the reference intervals, then (`full`) all 2^32 inputs.
///
/// `only`: the functions to run (names as in [`Op::name`]); empty: all.
pub fn run(full: bool, only: &[String], mut progress: impl FnMut(&Row)) -> Vec<Row> {
    let one = 0x3F80_0000u64;
    let mut rows = Vec::new();
    let on = |op: Op| only.is_empty() || only.iter().any(|n| n == op.name());
    let row = |op: Op, interval: &str, lo: u64, hi: u64, dir: Option<Dir>, with_published: bool| {
        on(op).then(|| row(op, interval, lo, hi, dir, with_published))
    };
    let mut push = |r: Option<Row>| {
        if let Some(r) = r {
            progress(&r);
            rows.push(r);
        }
    };
    push(row(Op::Rcp, "[1,2)", one, 0x4000_0000, Some(Dir::Down), true));
    push(row(Op::Rsq, "[1,4)", one, 0x4080_0000, Some(Dir::Down), true));
    push(row(Op::Ex2, "[0,1)", 0, one, Some(Dir::Up), true));
    push(row(Op::Ex2, "[0.5,1)", 0x3F00_0000, one, Some(Dir::Up), false));
    push(row(Op::Lg2, "[1,2)", one, 0x4000_0000, Some(Dir::Up), true));
    push(row(Op::Sin, "[0,pi/2)", 0, BELOW_HALF_PI as u64 + 1, Some(Dir::Up), true));
    push(row(Op::Cos, "[0,pi/2)", 0, BELOW_HALF_PI as u64 + 1, Some(Dir::Down), true));
    if full {
        for op in [Op::Rcp, Op::Rsq, Op::Ex2, Op::Lg2].into_iter().filter(|&op| on(op)) {
            // monotonic over each sign half (negative inputs: value order reversed)
            let (pd, nd) = match op {
                Op::Rcp => (Dir::Down, Dir::Up),
                Op::Ex2 => (Dir::Up, Dir::Down),
                _ => (if op == Op::Rsq { Dir::Down } else { Dir::Up }, Dir::Up),
            };
            let t0 = std::time::Instant::now();
            let p = sweep(op, 0, 0x7F80_0000, Some(pd));
            let n = sweep(op, 0x8000_0000, 0xFF80_0000, Some(nd));
            let rest = sweep(op, 0x7F80_0000, 0x8000_0000, None).merge(sweep(op, 0xFF80_0000, 1 << 32, None), None);
            let mono = p.mono_bad + if op == Op::Rsq || op == Op::Lg2 { 0 } else { n.mono_bad };
            let mut a = p.merge(n, None).merge(rest, None);
            a.mono_bad = mono;
            push(Some(Row {
                function: op.name().to_string(),
                interval: "all 2^32".into(),
                inputs: a.n,
                max_ulp: a.max_ulp,
                max_ulp_input: a.max_ulp_at,
                good_bits: -a.max_abs.log2(),
                max_abs_input: a.max_abs_at,
                exact_pct: 100.0 * a.exact as f64 / a.n as f64,
                monotonic_violations: a.mono_bad,
                special_mismatches: a.special,
                slow_references: a.slow,
                rom_bits: rom_bits(op),
                seconds: t0.elapsed().as_secs_f64(),
                published: None,
            }));
        }
    }
    rows
}

/// The text table: each row with the published figures beside it.
pub fn table(rows: &[Row]) -> String {
    let mut s = String::from(
        "function interval    inputs          max ulp    good bits  exactly rounded  monotonic       ROM bits | Oberman-Siu: good bits  max ulp  exact  monotonic\n",
    );
    for r in rows {
        let mono = if r.monotonic_violations == 0 { "yes".to_string() } else { format!("no ({})", r.monotonic_violations) };
        let mut line = format!(
            "{:8} {:11} {:>13}  {:>10.4}  {:>10.2}  {:>14.2} %  {:>12}  {:>10} |",
            r.function, r.interval, r.inputs, r.max_ulp, r.good_bits, r.exact_pct, mono, r.rom_bits
        );
        if let Some(p) = &r.published {
            line.push_str(&format!(
                " {:>10.2}  {:>10}  {:>5}  {}",
                p.good_bits,
                p.max_ulp.map_or("n/a".into(), |v| format!("{v:.2}")),
                p.exact_pct.map_or("n/a".into(), |v| format!("{v:.0} %")),
                if p.monotonic { "yes" } else { "no" }
            ));
        }
        if r.special_mismatches > 0 {
            line.push_str(&format!("  [{} special mismatches]", r.special_mismatches));
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    let total: u64 = [Op::Rcp, Op::Rsq, Op::Lg2, Op::Ex2, Op::Sin].iter().map(|&o| rom_bits(o)).sum();
    s.push_str(&format!("total ROM {total} bits (sin and cos share one table; G80: 23,296)\n"));
    s
}

/// ROM of each table function.
pub fn rom_by_function() -> Vec<(TFn, u64)> {
    TFn::ALL.iter().map(|&f| (f, model::table([Op::Rcp, Op::Rsq, Op::Lg2, Op::Ex2, Op::Sin][f as usize]).rom_bits() as u64)).collect()
}
