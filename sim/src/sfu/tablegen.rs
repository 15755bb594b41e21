//! The SFU table generator (docs/sfu.md, "Table generation").
//!
//! For each function and segment: the minimax quadratic by Remez exchange in big
//! fixed-point arithmetic ([`super::bigfx`], 320 fraction bits, the function given by its
//! Taylor series at the segment's centre); then the enhanced-minimax adjustment for finite
//! word lengths: C1 rounded to its width, the best C2 given the rounded C1 (Remez on the
//! basis {1, t^2}), C2 rounded, and C0 given both (the centre of the remaining error),
//! finally chosen among its neighbours by an exhaustive error search over every input of
//! the segment through the bit-exact datapath ([`super::model`]). Widths, segmentation and
//! the per-function bias are inputs ([`Config`]); `heddle sfu-tables --search` explores them
//! by the same exhaustive measurement. The output is deterministic: the same config gives
//! the same bytes (a test regenerates and compares with the committed files).
use super::bigfx::{self, Fx};
use super::hp::{self, Exact};
use super::model;
use heddle_hw::sfu::table::{SfuTable, ACC_FRAC, SQ_BITS, XL_BITS};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};
use serde::{Deserialize, Serialize};

/// The table functions (cos shares the sin table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TFn {
    Rcp,
    Rsq,
    Lg2,
    Ex2,
    Sin,
}

impl TFn {
    pub const ALL: [TFn; 5] = [TFn::Rcp, TFn::Rsq, TFn::Lg2, TFn::Ex2, TFn::Sin];

    pub fn name(self) -> &'static str {
        ["rcp", "rsq", "lg2", "ex2", "sin"][self as usize]
    }
    /// The constant's name in `sfu_tables.rs`.
    pub fn const_name(self) -> &'static str {
        ["RCP", "RSQ", "LG2", "EX2", "SIN"][self as usize]
    }
    /// Grid of the exhaustive search: u = k 2^-grid_bits. rcp, log2: every significand;
    /// rsqrt: both binades; exp2: F on 2^-24 (the f32 grid of [0.5, 1)); sin: q on 2^-23.
    pub fn grid_bits(self) -> u32 {
        [23, 24, 23, 24, 23][self as usize]
    }
    /// Step of u between consecutive operands the datapath can see (in units of 2^-32):
    /// rcp, log2: 23-bit significands; rsqrt: 24 bits; exp2: the 30-bit fraction of
    /// rro.ex2; sin: the 28-bit q of rro.sincos.
    pub fn input_step(self) -> u64 {
        [1 << 9, 1 << 8, 1 << 9, 4, 16][self as usize]
    }
    /// Is the function increasing in u?
    pub fn increasing(self) -> bool {
        !matches!(self, TFn::Rcp | TFn::Rsq)
    }
    /// Is the goal an absolute error (log2, sin: "good bits") rather than ulps?
    pub fn absolute(self) -> bool {
        matches!(self, TFn::Lg2 | TFn::Sin)
    }

    /// The function of u in [0, 1) that the table approximates.
    pub fn describe(self) -> &'static str {
        [
            "1/(1+u)",
            "1/sqrt(X), X = 1+2u (u < 1/2), 4u (u >= 1/2)",
            "log2(1+u)",
            "2^u",
            "sin(u pi/2)",
        ][self as usize]
    }

    /// Taylor coefficients a_k, k < n, of the function at u = c: f(c + s) = sum a_k s^k.
    pub fn taylor(self, c: &Fx, n: usize) -> Vec<Fx> {
        let one = Fx::one();
        match self {
            TFn::Rcp => {
                let x = &one + c;
                let inv = x.recip();
                let mut p = inv.clone();
                (0..n)
                    .map(|k| {
                        let v = if k % 2 == 0 { p.clone() } else { -&p };
                        p = &p * &inv;
                        v
                    })
                    .collect()
            }
            TFn::Rsq => {
                let b = *c >= Fx::ratio(1, 2);
                let (x, d) = if b { (c.mul_i(4), 4) } else { (&one + &c.mul_i(2), 2) };
                let inv = x.recip();
                // a_k = binom(-1/2, k) x^(-1/2-k) d^k
                let mut p = inv.sqrt(); // x^(-1/2)
                let mut binom = Fx::one();
                (0..n)
                    .map(|k| {
                        let v = &binom * &p;
                        binom = binom.mul_i(-(2 * k as i64 + 1)).div_i(2 * (k as i64 + 1));
                        p = (&p * &inv).mul_i(d);
                        v
                    })
                    .collect()
            }
            TFn::Lg2 => {
                let x = &one + c;
                let inv = x.recip();
                let inv_ln2 = bigfx::ln2().recip();
                let mut p = inv.clone();
                let mut v = vec![bigfx::log2(&x)];
                for k in 1..n {
                    let t = (&p * &inv_ln2).div_i(k as i64);
                    v.push(if k % 2 == 1 { t } else { -t });
                    p = &p * &inv;
                }
                v
            }
            TFn::Ex2 => {
                let base = bigfx::exp2(c);
                let ln2 = bigfx::ln2();
                let mut t = base;
                (0..n)
                    .map(|k| {
                        let v = t.clone();
                        t = (&t * ln2).div_i(k as i64 + 1);
                        v
                    })
                    .collect()
            }
            TFn::Sin => {
                let hp = bigfx::pi().shl(-1);
                let (s, co) = bigfx::sin_cos(&(&hp * c));
                let mut t = Fx::one();
                (0..n)
                    .map(|k| {
                        let d = match k % 4 {
                            0 => s.clone(),
                            1 => co.clone(),
                            2 => -&s,
                            _ => -&co,
                        };
                        let v = &t * &d;
                        t = (&t * &hp).div_i(k as i64 + 1);
                        v
                    })
                    .collect()
            }
        }
    }

    /// The high-precision reference at u = k 2^-grid_bits (k > 0).
    pub fn reference(self, u: u32) -> Exact {
        match self {
            TFn::Rcp => hp::rcp_frac(u >> 9),
            TFn::Rsq => hp::rsqrt_frac(u >> 31, (u >> 8) & 0x7F_FFFF),
            TFn::Lg2 => {
                let l = hp::log2_frac(u >> 9);
                Exact::from_u128(false, l, -(hp::F as i32), 1 << 8)
            }
            TFn::Ex2 => Exact::from_u128(false, hp::exp2_frac((u as u128) << (hp::F - 32)), -(hp::F as i32), 1 << 8),
            TFn::Sin => hp::sin_quarter(u),
        }
    }
}

/// The parameters of one function's table: segmentation, widths, bias, and the error goal
/// that the per-segment C0 search treats as a hard limit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Config {
    pub region_bits: u32,
    /// Segment size exponent per region (2^region_bits values).
    pub m: Vec<u32>,
    /// C0 lsb exponent and offset (C0 = (c0 + off0) 2^-f0).
    pub f0: u32,
    pub off0: i32,
    /// Stored widths: C0 values are capped to 2^w0 - 1 (the search works within it).
    pub w0: u32,
    pub w1: u32,
    pub w2: u32,
    /// Accumulator bias in 2^-30 units.
    pub bias: i32,
    /// Largest acceptable error: ulps (rcp, rsqrt, exp2) or absolute (log2, sin).
    pub goal: f64,
}

impl Config {
    pub fn entries(&self) -> u32 {
        self.m.iter().map(|&m| 1 << (m - self.region_bits)).sum()
    }
    pub fn m_min(&self) -> u32 {
        *self.m.iter().min().unwrap()
    }
}

/// The configuration of the committed tables (found with `heddle sfu-tables --search`;
/// docs/sfu.md records the search).
pub fn committed_config(f: TFn) -> Config {
    match f {
        TFn::Rcp => Config {
            region_bits: 3,
            m: vec![7, 7, 7, 7, 7, 6, 6, 6],
            f0: 27,
            off0: (1 << 26) + (1 << 19),
            w0: 26,
            w1: 15,
            w2: 11,
            bias: 6,
            goal: 0.95,
        },
        TFn::Rsq => Config {
            region_bits: 4,
            m: vec![8, 8, 7, 7, 7, 7, 7, 7, 8, 7, 7, 7, 7, 7, 7, 7],
            f0: 27,
            off0: (1 << 26) + (1 << 17),
            w0: 26,
            w1: 15,
            w2: 10,
            bias: 7,
            goal: 0.95,
        },
        TFn::Lg2 => Config { region_bits: 0, m: vec![6], f0: 26, off0: -32, w0: 26, w1: 15, w2: 10, bias: 8, goal: 2f64.powf(-23.1) },
        TFn::Ex2 => Config { region_bits: 0, m: vec![6], f0: 25, off0: 1 << 25, w0: 25, w1: 16, w2: 10, bias: 7, goal: 0.95 },
        TFn::Sin => Config { region_bits: 0, m: vec![6], f0: 27, off0: -64, w0: 27, w1: 16, w2: 12, bias: 6, goal: 1.16e-7 },
    }
}

/// One segment of the table: start and width in units of 2^-32.
#[derive(Debug, Clone, Copy)]
pub struct Segment {
    pub start: u64,
    pub width: u64,
    pub region: usize,
}

pub fn segments(cfg: &Config) -> Vec<Segment> {
    let k = cfg.region_bits;
    let mut v = Vec::new();
    for (r, &m) in cfg.m.iter().enumerate() {
        assert!(m >= k && m <= 12, "bad segment size 2^-{m}");
        for j in 0..(1u64 << (m - k)) {
            v.push(Segment { start: ((r as u64) << (32 - k)) + (j << (32 - m)), width: 1 << (32 - m), region: r });
        }
    }
    v
}

// ---------------------------------------------------------------- Remez exchange

/// sum a_k s^k, or its d-th derivative (d <= 2).
fn taylor_at(a: &[Fx], s: &Fx, d: usize) -> Fx {
    let mut acc = Fx::zero();
    for k in (d..a.len()).rev() {
        let c = match d {
            0 => a[k].clone(),
            1 => a[k].mul_i(k as i64),
            _ => a[k].mul_i((k * (k - 1)) as i64),
        };
        acc = &(&acc * s) + &c;
    }
    acc
}

/// A best-approximation problem on t in [0, h]: g(t) = taylor(t - h/2) minus fixed terms
/// C_p t^p, approximated by sum c_p t^p over `basis`.
struct Problem<'a> {
    a: &'a [Fx],
    h: Fx,
    fixed: Vec<(u32, Fx)>,
    basis: Vec<u32>,
}

fn tpow(t: &Fx, p: u32) -> Fx {
    t.powi(p)
}

impl Problem<'_> {
    /// d-th derivative of g minus the fixed terms.
    fn target(&self, t: &Fx, d: usize) -> Fx {
        let s = t - &self.h.shl(-1);
        let mut v = taylor_at(self.a, &s, d);
        for (p, c) in &self.fixed {
            v = &v - &(c * &poly_d(t, *p, d));
        }
        v
    }
    /// d-th derivative of the error of coefficients `c` (over `basis`).
    fn err(&self, c: &[Fx], t: &Fx, d: usize) -> Fx {
        let mut v = self.target(t, d);
        for (p, ck) in self.basis.iter().zip(c) {
            v = &v - &(ck * &poly_d(t, *p, d));
        }
        v
    }

    /// Local extrema of the error (with their values) from a dense sample refined by
    /// Newton's method on its derivative; one per run of equal sign.
    fn extrema(&self, c: &[Fx]) -> Vec<(Fx, Fx)> {
        const N: i64 = 128;
        let ts: Vec<Fx> = (0..=N).map(|i| self.h.mul_i(i).div_i(N)).collect();
        let rs: Vec<Fx> = ts.iter().map(|t| self.err(c, t, 0)).collect();
        let mut groups: Vec<usize> = Vec::new(); // index of the max |r| of each sign run
        let mut i = 0usize;
        while i < rs.len() {
            let neg = rs[i].is_neg();
            let mut best = i;
            let mut j = i;
            while j < rs.len() && rs[j].is_neg() == neg {
                if rs[j].abs() > rs[best].abs() {
                    best = j;
                }
                j += 1;
            }
            groups.push(best);
            i = j;
        }
        groups
            .into_iter()
            .map(|g| {
                if g == 0 || g == N as usize {
                    return (ts[g].clone(), rs[g].clone());
                }
                // Newton on r'(t) = 0, kept inside the neighbouring samples
                let (lo, hi) = (ts[g - 1].clone(), ts[g + 1].clone());
                let mut t = ts[g].clone();
                for _ in 0..40 {
                    let d1 = self.err(c, &t, 1);
                    let d2 = self.err(c, &t, 2);
                    if d2.0.is_zero() {
                        break;
                    }
                    let step = d1.div(&d2);
                    let nt = &t - &step;
                    let nt = if nt < lo { lo.clone() } else if nt > hi { hi.clone() } else { nt };
                    let done = (&nt - &t).abs() < Fx::one().shl(-200);
                    t = nt;
                    if done {
                        break;
                    }
                }
                let r = self.err(c, &t, 0);
                // keep the sample if Newton wandered to a smaller value
                if r.abs() >= rs[g].abs() {
                    (t, r)
                } else {
                    (ts[g].clone(), rs[g].clone())
                }
            })
            .collect()
    }

    /// Remez exchange: the minimax coefficients over `basis` and the levelled error.
    fn remez(&self) -> (Vec<Fx>, Fx) {
        let n = self.basis.len();
        let mut pts: Vec<Fx> = (0..=n)
            .map(|j| {
                let c = (std::f64::consts::PI * j as f64 / n as f64).cos();
                let f = Fx::dyadic(((1.0 - c) / 2.0 * (1u64 << 50) as f64) as i128, -50);
                &self.h * &f
            })
            .collect();
        let mut best = (vec![Fx::zero(); n], Fx::zero());
        for _ in 0..30 {
            let (c, e) = self.solve(&pts);
            let ext = self.extrema(&c);
            best = (c, e.clone());
            if ext.len() < n + 1 {
                break;
            }
            // the n+1 consecutive alternating extrema holding the largest error
            let mut ext = ext;
            while ext.len() > n + 1 {
                if ext[0].1.abs() < ext[ext.len() - 1].1.abs() {
                    ext.remove(0);
                } else {
                    ext.pop();
                }
            }
            let maxr = ext.iter().map(|x| x.1.abs()).max().unwrap();
            pts = ext.into_iter().map(|x| x.0).collect();
            let gap = &maxr - &e.abs();
            if gap <= maxr.shl(-40) {
                break;
            }
        }
        best
    }

    /// Solves sum c_p t_j^p + (-1)^j E = target(t_j) for the n+1 points.
    fn solve(&self, pts: &[Fx]) -> (Vec<Fx>, Fx) {
        let n = self.basis.len();
        let mut m: Vec<Vec<Fx>> = pts
            .iter()
            .enumerate()
            .map(|(j, t)| {
                let mut row: Vec<Fx> = self.basis.iter().map(|&p| tpow(t, p)).collect();
                row.push(if j % 2 == 0 { Fx::one() } else { -Fx::one() });
                row.push(self.target(t, 0));
                row
            })
            .collect();
        gauss(&mut m);
        let x: Vec<Fx> = (0..=n).map(|i| m[i][n + 1].clone()).collect();
        (x[..n].to_vec(), x[n].clone())
    }
}

/// d-th derivative of t^p.
fn poly_d(t: &Fx, p: u32, d: usize) -> Fx {
    if d as u32 > p {
        return Fx::zero();
    }
    let mut f = 1i64;
    for i in 0..d as u32 {
        f *= (p - i) as i64;
    }
    tpow(t, p - d as u32).mul_i(f)
}

/// Gaussian elimination with partial pivoting on an augmented square system (in place;
/// the solution ends up in the last column).
fn gauss(m: &mut [Vec<Fx>]) {
    let n = m.len();
    for col in 0..n {
        let piv = (col..n).max_by_key(|&r| m[r][col].abs()).unwrap();
        m.swap(col, piv);
        let p = m[col][col].clone();
        for k in col..=n {
            m[col][k] = m[col][k].div(&p);
        }
        for r in 0..n {
            if r != col && !m[r][col].0.is_zero() {
                let f = m[r][col].clone();
                for k in col..=n {
                    let v = &m[col][k] * &f;
                    m[r][k] = &m[r][k] - &v;
                }
            }
        }
    }
}

// ---------------------------------------------------------------- generation

/// The minimax and enhanced-minimax coefficients of one segment, before the C0 search.
#[derive(Debug, Clone)]
pub struct SegCoef {
    /// Minimax quadratic (real coefficients) and its levelled error.
    pub minimax: [f64; 3],
    pub minimax_err: f64,
    /// c1 (before rounding) for choosing f1.
    c1: Fx,
    a: Vec<Fx>,
    h: Fx,
}

fn minimax_segment(f: TFn, s: Segment) -> SegCoef {
    let h = Fx::dyadic(s.width as i128, -32);
    let c = Fx::dyadic((2 * s.start + s.width) as i128, -33);
    let a = f.taylor(&c, 48);
    let pr = Problem { a: &a, h: h.clone(), fixed: vec![], basis: vec![0, 1, 2] };
    let (co, e) = pr.remez();
    SegCoef { minimax: [co[0].to_f64(), co[1].to_f64(), co[2].to_f64()], minimax_err: e.abs().to_f64(), c1: co[1].clone(), a, h }
}

fn round_i(x: &Fx, k: u32) -> i64 {
    x.round_scaled(k as i32).to_i64().expect("coefficient out of range")
}

/// Smallest f such that max |v| 2^f < 2^w.
fn lsb_for(maxabs: &Fx, w: u32) -> u32 {
    let mut f = 0u32;
    // largest f with round(maxabs 2^f) < 2^w
    while (maxabs.round_scaled(f as i32 + 1)) < (BigInt::from(1) << w) {
        f += 1;
        assert!(f < 60);
    }
    f
}

/// The generated table of one function, with its search statistics.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Generated {
    pub func: TFn,
    pub config: Config,
    pub m_min: u32,
    pub f0: u32,
    pub off0: i32,
    pub w0: u32,
    pub f1: [u32; 16],
    pub w1: u32,
    pub neg1: bool,
    pub f2: [u32; 16],
    pub w2: u32,
    pub neg2: bool,
    pub bias: i32,
    pub c0: Vec<u32>,
    pub c1: Vec<u32>,
    pub c2: Vec<u32>,
    pub stats: Stats,
}

/// Measured over the generator's grid in the reference interval.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Stats {
    pub points: u64,
    pub exact: u64,
    /// ulps, or absolute for log2/sin
    pub max_err: f64,
    pub monotone: bool,
    /// segments where no C0 met the goal (and monotonicity)
    pub violations: u32,
    /// largest minimax (approximation-only) error, same unit as max_err
    pub max_minimax_err: f64,
    pub rom_bits: u64,
}

impl Generated {
    /// A borrowed view with the datapath's type (the vectors are leaked: generation runs a
    /// handful of times per process).
    pub fn leak(&self) -> SfuTable {
        let mut m = [0u32; 16];
        let mut base = [0u32; 16];
        let mut b = 0;
        for (r, &mr) in self.config.m.iter().enumerate() {
            m[r] = mr;
            base[r] = b;
            b += 1 << (mr - self.config.region_bits);
        }
        SfuTable {
            name: self.func.name(),
            region_bits: self.config.region_bits,
            m,
            base,
            m_min: self.m_min,
            f0: self.f0,
            off0: self.off0,
            w0: self.w0,
            f1: self.f1,
            w1: self.w1,
            neg1: self.neg1,
            f2: self.f2,
            w2: self.w2,
            neg2: self.neg2,
            bias: self.bias,
            c0: Box::leak(self.c0.clone().into_boxed_slice()),
            c1: Box::leak(self.c1.clone().into_boxed_slice()),
            c2: Box::leak(self.c2.clone().into_boxed_slice()),
        }
    }
}

/// The reference at every grid point of the reference interval: (correctly rounded f32,
/// value as f64), index k for u = k 2^-grid_bits (k = 0 is the exact special case).
pub fn grid_reference(f: TFn) -> Vec<(u32, f64)> {
    let gb = f.grid_bits();
    let n = 1u32 << gb;
    let work = |lo: u32, hi: u32| -> Vec<(u32, f64)> {
        (lo..hi)
            .map(|k| {
                if k == 0 {
                    return (0, 0.0);
                }
                let u = k << (32 - gb);
                let e = f.reference(u);
                let cr = match e.round_f32() {
                    Some(y) => y,
                    None => panic!("{}: grid reference at u={u:#x} too close to a rounding boundary", f.name()),
                };
                (cr, e.to_f64())
            })
            .collect()
    };
    let mid = n / 2;
    std::thread::scope(|s| {
        let h = s.spawn(|| work(mid, n));
        let mut a = work(0, mid);
        a.extend(h.join().unwrap());
        a
    })
}

/// Error of result y against reference value r: ulps of r, or absolute.
#[inline]
pub fn err_of(absolute: bool, y: u32, r: f64) -> f64 {
    let d = (f32::from_bits(y) as f64 - r).abs();
    if absolute {
        d
    } else {
        let e = ((r.to_bits() >> 52) & 0x7FF) as i32 - 1023;
        d / 2f64.powi(e - 23)
    }
}

/// Generates one function's table from `cfg`; `refs` from [`grid_reference`].
pub fn generate(f: TFn, cfg: &Config, refs: &[(u32, f64)]) -> Generated {
    let segs = segments(cfg);
    let coefs: Vec<SegCoef> = segs.iter().map(|&s| minimax_segment(f, s)).collect();
    generate_from(f, cfg, refs, &segs, &coefs)
}

/// The minimax coefficients of every segment of `cfg` (the slow part; reusable across
/// width and bias choices with the same segmentation).
pub fn minimax_all(f: TFn, cfg: &Config) -> (Vec<Segment>, Vec<SegCoef>) {
    let segs = segments(cfg);
    let coefs = segs.iter().map(|&s| minimax_segment(f, s)).collect();
    (segs, coefs)
}

pub fn generate_from(f: TFn, cfg: &Config, refs: &[(u32, f64)], segs: &[Segment], coefs: &[SegCoef]) -> Generated {
    let m_min = cfg.m_min();
    let nreg = 1usize << cfg.region_bits;
    // C1: per-region lsb from the region's largest |c1|, one sign for the whole table
    let per_region = |vals: &[Fx], w: u32| -> [u32; 16] {
        let mut f = [0u32; 16];
        for (r, fr) in f.iter_mut().enumerate().take(nreg) {
            let mx = segs.iter().zip(vals).filter(|(s, _)| s.region == r).map(|(_, v)| v.abs()).max().unwrap();
            *fr = lsb_for(&mx, w);
        }
        f
    };
    let c1f: Vec<Fx> = coefs.iter().map(|c| c.c1.clone()).collect();
    let f1 = per_region(&c1f, cfg.w1);
    let neg1 = coefs[0].c1.is_neg();
    assert!(coefs.iter().all(|c| c.c1.is_neg() == neg1), "{}: C1 changes sign", f.name());
    // per segment: c1 rounded, then the best C2 given it
    let mut c1r = Vec::new();
    let mut c2f = Vec::new();
    for (c, s) in coefs.iter().zip(segs) {
        let r1 = round_i(&c.c1, f1[s.region]);
        let c1v = Fx::dyadic(r1 as i128, -(f1[s.region] as i32));
        let pr = Problem { a: &c.a, h: c.h.clone(), fixed: vec![(1, c1v)], basis: vec![0, 2] };
        let (co, _) = pr.remez();
        c1r.push(r1);
        c2f.push(co[1].clone());
    }
    let f2 = per_region(&c2f, cfg.w2);
    let neg2 = c2f.iter().find(|c| !c.0.is_zero()).map_or(false, |c| c.is_neg());
    assert!(c2f.iter().all(|c| c.0.is_zero() || c.is_neg() == neg2), "{}: C2 changes sign", f.name());
    // Rounded C2, then the best integer pair near (c1, c2): each neighbour pair is scored
    // by the spread (max - min) of its remaining error over the segment (f64 on 257 points
    // is exact enough: the error is ~2^-26 on values ~1); C0 is the centre of that error.
    let mut c0 = Vec::new();
    let mut c2r = Vec::new();
    let mut pairs: Vec<Vec<(i64, i64, i64)>> = Vec::new();
    for (i, (c, s)) in coefs.iter().zip(segs).enumerate() {
        let (fa, fb) = (f1[s.region] as i32, f2[s.region] as i32);
        let r2 = round_i(&c2f[i], fb as u32);
        let half = c.h.shl(-1);
        let pts: Vec<(f64, f64)> = (0..=256)
            .map(|j| {
                let t = c.h.mul_i(j).div_i(256);
                (t.to_f64(), taylor_at(&c.a, &(&t - &half), 0).to_f64())
            })
            .collect();
        let spread = |a: i64, b: i64| -> (f64, f64) {
            let (c1v, c2v) = (a as f64 * 2f64.powi(-fa), b as f64 * 2f64.powi(-fb));
            let (mut lo, mut hi) = (f64::MAX, f64::MIN);
            for &(t, g) in &pts {
                let e = g - c1v * t - c2v * t * t;
                lo = lo.min(e);
                hi = hi.max(e);
            }
            (hi - lo, (hi + lo) / 2.0)
        };
        let mut cands: Vec<(f64, i64, i64, i64)> = Vec::new();
        for d1 in -6..=6i64 {
            for d2 in -8..=8i64 {
                let (a, b) = (c1r[i] + d1, r2 + d2);
                if a.unsigned_abs() >= 1 << cfg.w1 || b.unsigned_abs() >= 1 << cfg.w2 || (a < 0) != (c1r[i] < 0) {
                    continue;
                }
                let sp = spread(a, b);
                cands.push((sp.0, a, b, (sp.1 * 2f64.powi(cfg.f0 as i32)).round() as i64 - cfg.off0 as i64));
            }
        }
        cands.sort_by(|x, y| x.partial_cmp(y).unwrap());
        cands.truncate(PAIRS);
        pairs.push(cands.iter().map(|c| (c.1, c.2, c.3)).collect::<Vec<_>>());
        c1r[i] = cands[0].1;
        c0.push(cands[0].3);
        c2r.push(cands[0].2);
    }
    let mut g = Generated {
        func: f,
        config: cfg.clone(),
        m_min,
        f0: cfg.f0,
        off0: cfg.off0,
        w0: 0,
        f1,
        w1: cfg.w1,
        neg1,
        f2,
        w2: cfg.w2,
        neg2,
        bias: cfg.bias,
        c0: c0.iter().map(|&v| v.clamp(0, (1 << cfg.w0) - 1) as u32).collect(),
        c1: c1r.iter().map(|&v| v.unsigned_abs() as u32).collect(),
        c2: c2r.iter().map(|&v| v.unsigned_abs() as u32).collect(),
        stats: Stats::default(),
    };
    assert!(g.shift1_ok() && g.shift2_ok(), "{}: products finer than the accumulator", f.name());
    search_c0(f, &mut g, refs, segs, &pairs);
    g.w0 = 32 - g.c0.iter().max().unwrap().leading_zeros();
    g.stats.max_minimax_err = coefs
        .iter()
        .map(|c| if f.absolute() { c.minimax_err } else { c.minimax_err / ulp_at(c.minimax[0]) })
        .fold(0.0, f64::max);
    g.stats.rom_bits = g.c0.len() as u64 * (g.w0 + g.w1 + g.w2) as u64;
    g
}

fn ulp_at(v: f64) -> f64 {
    let e = ((v.to_bits() >> 52) & 0x7FF) as i32 - 1023;
    2f64.powi(e - 23)
}

impl Generated {
    fn shift1_ok(&self) -> bool {
        self.f1.iter().all(|&f| f + self.m_min + XL_BITS >= ACC_FRAC)
    }
    fn shift2_ok(&self) -> bool {
        self.f2.iter().all(|&f| f + 2 * (self.m_min + SQ_BITS) >= SQ_BITS + ACC_FRAC)
    }
}

/// How many (c1, c2) pairs per segment (the best by the spread of their error) go to the
/// exhaustive search.
const PAIRS: usize = 4;

/// Per segment, among the candidate (c1, c2) pairs and C0 within 4 of each pair's centre:
/// no error above the goal if possible (else the smallest error), then monotonic (with the
/// previous segment, at the finest input step), then the most correctly rounded results,
/// then the smallest maximum error. Every input of the segment's grid through the
/// bit-exact datapath.
fn search_c0(f: TFn, g: &mut Generated, refs: &[(u32, f64)], segs: &[Segment], pairs: &[Vec<(i64, i64, i64)>]) {
    let gb = f.grid_bits();
    let tab = g.leak();
    let shift = ACC_FRAC - g.f0;
    let inc = f.increasing();
    let mut prev: Option<u32> = None;
    let mut stats = Stats { monotone: true, ..Stats::default() };
    let mut chosen = Vec::with_capacity(segs.len());
    let (mut c1s, mut c2s) = (Vec::new(), Vec::new());
    let mut base: Vec<i64> = Vec::new();
    for (si, s) in segs.iter().enumerate() {
        let k0 = ((s.start >> (32 - gb)) as u32).max(1);
        let k1 = ((s.start + s.width) >> (32 - gb)) as u32;
        let mut best: Option<((i64, i64, i64), (bool, bool, u64, f64, Option<u32>))> = None;
        for &(pc1, pc2, pc0) in &pairs[si] {
        // the sum without C0, per point
        base.clear();
        for k in k0..k1 {
            let u = k << (32 - gb);
            let (idx, xl) = model::split(&tab, u);
            debug_assert_eq!(idx, si);
            let t1 = ((pc1.unsigned_abs() * xl as u64) >> tab.shift1(s.region)) as i64;
            let t2 = ((pc2.unsigned_abs() * model::square(xl) as u64) >> tab.shift2(s.region)) as i64;
            base.push(if tab.neg1 { -t1 } else { t1 } + if tab.neg2 { -t2 } else { t2 } + tab.bias as i64);
        }
        let end_base = {
            let u = (s.start + s.width - f.input_step()) as u32;
            let (_, xl) = model::split(&tab, u);
            let t1 = ((pc1.unsigned_abs() * xl as u64) >> tab.shift1(s.region)) as i64;
            let t2 = ((pc2.unsigned_abs() * model::square(xl) as u64) >> tab.shift2(s.region)) as i64;
            (if tab.neg1 { -t1 } else { t1 }) + (if tab.neg2 { -t2 } else { t2 }) + tab.bias as i64
        };
        // (error above the goal, not monotonic, exact count, max error, last result)
        let eval = |c0: i64| -> (bool, bool, u64, f64, Option<u32>) {
            let t0 = (c0 + g.off0 as i64) << shift;
            let mut exact = 0u64;
            let mut maxe = 0f64;
            let mut mono = true;
            let mut last = prev;
            for (j, k) in (k0..k1).enumerate() {
                let a = t0 + base[j];
                let y = if a <= 0 {
                    0
                } else {
                    let (sg, ex) = model::round24(a as u64, ACC_FRAC);
                    model::pack_g80(false, sg, ex)
                };
                let (cr, r) = refs[k as usize];
                exact += (y == cr) as u64;
                let e = err_of(f.absolute(), y, r);
                if e > maxe {
                    maxe = e;
                }
                if let Some(l) = last {
                    if (inc && y < l) || (!inc && y > l) {
                        mono = false;
                    }
                }
                last = Some(y);
            }
            // the segment's last operand at the finest input step (between grid points for
            // exp2 and sin): monotonicity across the boundary must hold there too
            let yend = {
                let a = t0 + end_base;
                if a <= 0 {
                    0
                } else {
                    let (sg, ex) = model::round24(a as u64, ACC_FRAC);
                    model::pack_g80(false, sg, ex)
                }
            };
            if let Some(l) = last {
                if (inc && yend < l) || (!inc && yend > l) {
                    mono = false;
                }
            }
            (maxe > g.config.goal, !mono, exact, maxe, Some(yend))
        };
        // order: within the goal, monotonic, then most correctly rounded (or, when the goal
        // cannot be met, the smallest error), then the smallest error
        let key = |r: &(bool, bool, u64, f64, Option<u32>)| (r.0, if r.0 { r.3 } else { 0.0 }, r.1, u64::MAX - r.2, r.3);
        for d in -4..=4i64 {
            let c = (pc0 + d).min((1i64 << g.config.w0) - 1);
            if c < 0 || (d > 0 && c == (1i64 << g.config.w0) - 1 && pc0 + d - 1 >= c) {
                continue;
            }
            let r = eval(c);
            let better = match &best {
                None => true,
                Some((_, b)) => key(&r).partial_cmp(&key(b)) == Some(std::cmp::Ordering::Less),
            };
            if better {
                best = Some(((pc1, pc2, c), r));
            }
        }
        }
        let ((bc1, bc2, c), r) = best.unwrap_or_else(|| panic!("{}: no C0 candidate for segment {si}", f.name()));
        c1s.push(bc1.unsigned_abs() as u32);
        c2s.push(bc2.unsigned_abs() as u32);
        if std::env::var("SFU_DEBUG").is_ok() {
            eprintln!("seg {si}: c0 {c} c1 {bc1} c2 {bc2}, max err {:.4e}, exact {}/{}, viol {} {}", r.3, r.2, k1 - k0, r.0, r.1);
        }
        chosen.push(c as u32);
        stats.points += (k1 - k0) as u64;
        stats.exact += r.2;
        stats.max_err = stats.max_err.max(r.3);
        stats.monotone &= !r.1;
        stats.violations += (r.0 || r.1) as u32;
        prev = r.4;
    }
    g.c0 = chosen;
    g.c1 = c1s;
    g.c2 = c2s;
    g.stats = stats;
}

// ---------------------------------------------------------------- output files

/// `hw/src/sfu/tables.rs`: the tables as Rust constants of [`SfuTable`].
pub fn to_rust(gens: &[Generated]) -> String {
    let mut s = String::from(
        "//! GENERATED by `heddle sfu-tables` from the table generator in `heddle-sim`\n\
         //! (sim/src/sfu/tablegen.rs); do not edit. A test regenerates it and compares bytes.\n\
         //! Types and the meaning of every field: `sfu_table.rs`; method: docs/sfu.md.\n\
         use crate::sfu::table::SfuTable;\n",
    );
    for g in gens {
        let t = g.leak();
        let arr = |v: &[u32]| -> String {
            let mut o = String::from("&[");
            for (i, x) in v.iter().enumerate() {
                if i % 8 == 0 {
                    o.push_str("\n        ");
                }
                o.push_str(&format!("{x:#x}, "));
            }
            o.push_str("\n    ]");
            o
        };
        s.push_str(&format!(
            "\n/// {} ({}): {} entries, {} ROM bits; {}.\npub const {}: SfuTable = SfuTable {{\n    name: \"{}\",\n    region_bits: {},\n    m: {:?},\n    base: {:?},\n    m_min: {},\n    f0: {},\n    off0: {},\n    w0: {},\n    f1: {:?},\n    w1: {},\n    neg1: {},\n    f2: {:?},\n    w2: {},\n    neg2: {},\n    bias: {},\n    c0: {},\n    c1: {},\n    c2: {},\n}};\n",
            g.func.name(),
            g.func.describe(),
            t.entries(),
            t.rom_bits(),
            summary(g),
            g.func.const_name(),
            t.name,
            t.region_bits,
            t.m,
            t.base,
            t.m_min,
            t.f0,
            t.off0,
            t.w0,
            t.f1,
            t.w1,
            t.neg1,
            t.f2,
            t.w2,
            t.neg2,
            t.bias,
            arr(t.c0),
            arr(t.c1),
            arr(t.c2),
        ));
    }
    s
}

/// One-line summary of the generator's measurement.
pub fn summary(g: &Generated) -> String {
    let st = &g.stats;
    let err = if g.func.absolute() {
        format!("max abs error {:.3e} ({:.2} good bits)", st.max_err, -st.max_err.log2())
    } else {
        format!("max error {:.4} ulp", st.max_err)
    };
    format!(
        "on the generator's grid: {err}, {:.2} % correctly rounded, {}monotonic, minimax error {:.3e}",
        100.0 * st.exact as f64 / st.points.max(1) as f64,
        if st.monotone { "" } else { "not " },
        st.max_minimax_err
    )
}

/// `hw/src/sfu/tables.json`: the same data as JSON (serde).
pub fn to_json(gens: &[Generated]) -> String {
    serde_json::to_string_pretty(gens).unwrap() + "\n"
}

/// Generates every table with the committed configuration (two threads).
pub fn generate_all() -> Vec<Generated> {
    let work = |fs: &[TFn]| -> Vec<Generated> {
        fs.iter()
            .map(|&f| {
                let refs = grid_reference(f);
                generate(f, &committed_config(f), &refs)
            })
            .collect()
    };
    let (a, b) = std::thread::scope(|s| {
        let h = s.spawn(|| work(&[TFn::Rsq, TFn::Lg2]));
        let a = work(&[TFn::Rcp, TFn::Ex2, TFn::Sin]);
        (a, h.join().unwrap())
    });
    let mut all: Vec<Generated> = a.into_iter().chain(b).collect();
    all.sort_by_key(|g| g.func as usize);
    all
}

/// Paths of the generated files.
pub fn output_paths() -> (std::path::PathBuf, std::path::PathBuf) {
    let sfu = crate::export::workspace_root().join("hw").join("src").join("sfu");
    (sfu.join("tables.rs"), sfu.join("tables.json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remez_levels_the_error_of_a_known_case() {
        // 1/(1+u) on [0, 2^-7): the levelled error is about f'''h^3/192 = 6 2^-21 / 192
        let s = minimax_segment(TFn::Rcp, Segment { start: 0, width: 1 << 25, region: 0 });
        let approx = 6.0 * 2f64.powi(-21) / 192.0;
        assert!((s.minimax_err / approx - 1.0).abs() < 0.05, "{} vs {approx}", s.minimax_err);
        assert!((s.minimax[1] + 1.0).abs() < 0.01);
    }
}
