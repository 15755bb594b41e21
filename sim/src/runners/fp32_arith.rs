//! Runners for the G80 FP32 arithmetic blocks (add/sub, mul, mad, compare). Each vector is
//! checked three ways: hw Rust model == golden model == Berkeley SoftFloat (with the flush
//! layer; for mad, SoftFloat through exact wider formats). The stream is TestFloat-style:
//! level 1 (the full cross product of the level-1 operand set, every mode), then level 2
//! (the cross product of every special operand), then weighted random, up to `n` vectors.
use super::{finish, golden_mismatch, verilog, Replays, RunSummary};
use crate::cosim::{Bench, CosimError};
use crate::golden::g80_fp32::{self as g, softfloat_check as sf, Rnd};
use crate::vectors::{f32_pairs_level1, f32_random, f32_specials, f32_triple_random, f32_triples_level1, Rng};
use heddle_hw::fp32::add::Fp32Add;
use heddle_hw::fp32::bits::{ONE, SIGN};
use heddle_hw::fp32::cmp::Fp32Cmp;
use heddle_hw::fp32::mad::Fp32Mad;
use heddle_hw::fp32::mul::Fp32Mul;

/// Level 1 pairs, then level 2 pairs, then random pairs; `modes` variants of each pair
/// in levels 1 and 2 (the caller turns the index into a mode), a random one after.
fn pair_stream(n: u64, seed: u64, modes: u32) -> impl Iterator<Item = (u32, u32, u32)> {
    let l1 = f32_pairs_level1();
    let sp = f32_specials();
    let l1n = l1.len() as u64 * modes as u64;
    let l2n = (sp.len() * sp.len()) as u64 * modes as u64;
    let mut rng = Rng::new(seed);
    (0..n).map(move |i| {
        if i < l1n {
            let (a, b) = l1[(i / modes as u64) as usize];
            (a, b, (i % modes as u64) as u32)
        } else if i < l1n + l2n {
            let j = (i - l1n) / modes as u64;
            let (a, b) = (sp[(j / sp.len() as u64) as usize], sp[(j % sp.len() as u64) as usize]);
            (a, b, ((i - l1n) % modes as u64) as u32)
        } else {
            (f32_random(&mut rng), f32_random(&mut rng), rng.below(modes as u64) as u32)
        }
    })
}

fn check(block: &str, i: u64, what: &str, hw: u32, golden: u32, softfloat: u32) -> Result<(), CosimError> {
    if golden != softfloat {
        return Err(CosimError::RustModel(format!(
            "{block}: golden model disagrees with SoftFloat at vector {i}: {what}: golden 0x{golden:08x}, SoftFloat 0x{softfloat:08x}"
        )));
    }
    if hw != golden {
        return Err(golden_mismatch(block, i, format!("{what}: hw 0x{hw:08x}, golden 0x{golden:08x}")));
    }
    Ok(())
}

/// `add.f32` or `sub.f32` of `a` and `b`: its description, the golden result and
/// SoftFloat's.
fn add_expected(a: u32, b: u32, sub: bool, rz: bool) -> (String, u32, u32) {
    let rnd = if rz { Rnd::Rz } else { Rnd::Rn };
    let (gl, s) = if sub { (g::sub(a, b, rnd), sf::sub(a, b, rnd)) } else { (g::add(a, b, rnd), sf::add(a, b, rnd)) };
    (format!("{} 0x{a:08x} 0x{b:08x} {rnd:?}", if sub { "sub" } else { "add" }), gl, s)
}

/// `add.f32`/`sub.f32` in rn and rz: mode index = sub + 2 * rz.
pub fn fp32_add(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "fp32_add";
    let mut bench = Bench::combinational(name, &verilog(name)?, Fp32Add::default())?;
    for (i, (a, b, m)) in pair_stream(n, seed, 4).enumerate() {
        let (sub, rz) = (m & 1 == 1, m & 2 == 2);
        let u = bench.step(|u| {
            u.a.next = (a as u64).into();
            u.b.next = (b as u64).into();
            u.sub.next = sub;
            u.rz.next = rz;
        })?;
        let (what, gl, s) = add_expected(a, b, sub, rz);
        check(name, i as u64, &what, u.y.val().to_u32(), gl, s)?;
    }
    finish(bench, n, replays)
}

/// `mul.f32` in rn and rz: mode index = rz.
pub fn fp32_mul(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "fp32_mul";
    let mut bench = Bench::combinational(name, &verilog(name)?, Fp32Mul::default())?;
    for (i, (a, b, m)) in pair_stream(n, seed, 2).enumerate() {
        let rz = m == 1;
        let u = bench.step(|u| {
            u.a.next = (a as u64).into();
            u.b.next = (b as u64).into();
            u.rz.next = rz;
        })?;
        let rnd = if rz { Rnd::Rz } else { Rnd::Rn };
        let what = format!("mul 0x{a:08x} 0x{b:08x} {rnd:?}");
        check(name, i as u64, &what, u.y.val().to_u32(), g::mul(a, b, rnd), sf::mul(a, b, rnd))?;
    }
    finish(bench, n, replays)
}

/// One vector through the MAD unit: `a * b + c`, the sum rounded toward zero with `rz`.
fn mad_step(bench: &mut Bench<Fp32Mad>, a: u32, b: u32, c: u32, rz: bool) -> Result<u32, CosimError> {
    let u = bench.step(|u| {
        u.a.next = (a as u64).into();
        u.b.next = (b as u64).into();
        u.c.next = (c as u64).into();
        u.rz.next = rz;
    })?;
    Ok(u.y.val().to_u32())
}

/// `mad.f32`: the level-1 triples, then random triples biased toward cancellation; then
/// the same unit as the SP's adder (`add.f32` / `sub.f32` in rn and rz as
/// `a * 1.0 + (+-b)`, the way `sp_datapath` drives it) on `n` more vectors of `fp32_add`'s
/// stream, checked against the adder's golden model and SoftFloat.
pub fn fp32_mad(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "fp32_mad";
    let mut bench = Bench::combinational(name, &verilog(name)?, Fp32Mad::default())?;
    let l1 = f32_triples_level1();
    let mut rng = Rng::new(seed);
    for i in 0..n {
        let (a, b, c) = match l1.get(i as usize) {
            Some(&t) => t,
            None => f32_triple_random(&mut rng),
        };
        let y = mad_step(&mut bench, a, b, c, false)?;
        let what = format!("mad 0x{a:08x} 0x{b:08x} 0x{c:08x}");
        check(name, i, &what, y, g::mad(a, b, c), sf::mad(a, b, c))?;
    }
    for (i, (a, b, m)) in pair_stream(n, seed ^ 0x5eed, 4).enumerate() {
        let (sub, rz) = (m & 1 == 1, m & 2 == 2);
        let c = if sub { b ^ SIGN } else { b };
        let y = mad_step(&mut bench, a, ONE, c, rz)?;
        let (what, gl, s) = add_expected(a, b, sub, rz);
        check(name, n + i as u64, &format!("{what} as 0x{a:08x} * 1.0 + 0x{c:08x}"), y, gl, s)?;
    }
    finish(bench, 2 * n, replays)
}

/// min/max and every setp condition: mode index = cmp (0..15) + 16 * max. The compare has
/// no SoftFloat counterpart with these NaN and zero rules; its oracle is Rust's own f32
/// comparison on the flushed operands (IEEE ordered compare).
pub fn fp32_cmp(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "fp32_cmp";
    let mut bench = Bench::combinational(name, &verilog(name)?, Fp32Cmp::default())?;
    for (i, (a, b, m)) in pair_stream(n, seed, 32).enumerate() {
        let (cmp, max) = (m & 15, m >= 16);
        let u = bench.step(|u| {
            u.a.next = (a as u64).into();
            u.b.next = (b as u64).into();
            u.cmp.next = (cmp as u64).into();
            u.max.next = max;
        })?;
        let (y, p) = (u.y.val().to_u32(), u.p.val());
        let (gy, gp) = (g::minmax(a, b, max), g::setp(cmp, a, b));
        let (oy, op) = (host_minmax(a, b, max), host_setp(cmp, a, b));
        let what = format!("{} / setp.{} 0x{a:08x} 0x{b:08x}", if max { "max" } else { "min" }, g::CMP_NAMES[cmp as usize]);
        check(name, i as u64, &what, y, gy, oy)?;
        check(name, i as u64, &what, p as u32, gp as u32, op as u32)?;
    }
    finish(bench, n, replays)
}

/// Independent oracle for the compare: host f32 comparisons on flushed operands.
pub fn host_setp(cmp: u32, a: u32, b: u32) -> bool {
    let (x, y) = (f32::from_bits(g::flush(a)), f32::from_bits(g::flush(b)));
    let un = x.is_nan() || y.is_nan();
    let rel = [x == y, x != y && !un, x < y, x <= y, x > y, x >= y];
    match cmp {
        0..=5 => rel[cmp as usize],
        6 => un || x == y,
        7 => x != y,
        8 => un || x < y,
        9 => un || x <= y,
        10 => un || x > y,
        11 => un || x >= y,
        12 => !un,
        13 => un,
        _ => false,
    }
}

/// Independent oracle for min/max: host f32 min/max on flushed operands, with the
/// documented zero-sign and canonical-NaN rules applied on top.
pub fn host_minmax(a: u32, b: u32, max: bool) -> u32 {
    let (fa, fb) = (g::flush(a), g::flush(b));
    let (x, y) = (f32::from_bits(fa), f32::from_bits(fb));
    if x.is_nan() && y.is_nan() {
        return g::CANON_NAN;
    }
    if x == 0.0 && y == 0.0 {
        let neg = if max { x.is_sign_negative() && y.is_sign_negative() } else { x.is_sign_negative() || y.is_sign_negative() };
        return (neg as u32) << 31;
    }
    // f32::max/min return the non-NaN operand when one is NaN.
    (if max { x.max(y) } else { x.min(y) }).to_bits()
}
