//! The rest of the example kernel suite (issue 8) in the golden SM against CPU references,
//! bit for bit, at several grid/block sizes; and the divergence, barrier and shared-memory
//! statistics against hand-derived numbers (naive transpose: 16-way conflicts; padded:
//! none; reduction: one barrier per tree level; no conflicts).
use heddle_sim::gsm::{self, pack_params, Arg, Config, GlobalMem, Launch, NoFpUnits, RunResult};
use heddle_sim::ptx::parse;
use heddle_sim::ptx::translate::{translate, Kernel, Options};
use heddle_sim::vectors::Rng;

fn kernel(name: &str, opts: Options) -> Kernel {
    let path = format!("{}/../examples/kernels/ptx/{name}.ptx", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).unwrap();
    let m = parse(&format!("{name}.ptx"), &src).unwrap();
    translate(&m, None, opts).unwrap_or_else(|e| panic!("{e}"))
}

fn run(k: &Kernel, grid: [u32; 3], block: [u32; 3], args: &[Arg], mem: &mut GlobalMem) -> RunResult {
    let params = pack_params(k, args).unwrap();
    let l = Launch { grid, block, params, constant: vec![] };
    gsm::run(k, &l, mem, &Config::default(), &mut NoFpUnits, false).unwrap_or_else(|f| panic!("{f}"))
}

fn p(a: u32) -> Arg {
    Arg::U64(a as u64)
}

// G80 reference arithmetic (see gsm.rs for the derivation)
fn daz(x: u32) -> f64 {
    let x = if x & 0x7F80_0000 == 0 { x & 0x8000_0000 } else { x };
    f32::from_bits(x) as f64
}
fn g80_round(r: f64) -> u32 {
    if r.is_nan() {
        return 0x7FFF_FFFF;
    }
    if r.abs() >= 2f64.powi(-100) || r == 0.0 {
        return (r as f32).to_bits();
    }
    let s = (r * 2f64.powi(200)) as f32;
    if (s as f64).abs() < 2f64.powi(-126 + 200) {
        return if r < 0.0 { 0x8000_0000 } else { 0 };
    }
    (((s as f64) * 2f64.powi(-200)) as f32).to_bits()
}
fn add(a: u32, b: u32) -> u32 {
    g80_round(daz(a) + daz(b))
}
fn mul(a: u32, b: u32) -> u32 {
    g80_round(daz(a) * daz(b))
}
fn mad(a: u32, b: u32, c: u32) -> u32 {
    let p = daz(a) * daz(b);
    let t = if p.is_finite() && p != 0.0 { f64::from_bits(p.to_bits() & !((1u64 << 29) - 1)) } else { p };
    g80_round(t + daz(c))
}
fn fval(rng: &mut Rng) -> u32 {
    (rng.next_u32() & 0x807F_FFFF) | ((120 + rng.below(16) as u32) << 23)
}

#[test]
fn nested_divergence() {
    let k = kernel("nested_divergence", Options::default());
    for (n, block, seed) in [(64u32, 64u32, 1u64), (1000, 128, 2), (33, 32, 3)] {
        let mut rng = Rng::new(seed);
        let a: Vec<u32> = (0..n).map(|_| rng.below(101) as u32).collect();
        let b: Vec<u32> = (0..n).map(|_| rng.next_u32() % 1000).collect();
        let mut mem = GlobalMem::default();
        let (pa, pb, po) = (mem.alloc_u32(&a), mem.alloc_u32(&b), mem.alloc_u32(&vec![0; n as usize]));
        let r = run(&k, [n.div_ceil(block), 1, 1], [block, 1, 1], &[p(pa), p(pb), p(po), Arg::U32(n)], &mut mem);
        let out = mem.words(po);
        for i in 0..n as usize {
            let (ai, bi) = (a[i] as i32, b[i] as i32);
            let want = if i & 1 == 1 {
                if i & 2 != 0 {
                    ai.wrapping_mul(3)
                } else {
                    bi + 7
                }
            } else if ai > 50 {
                let r = ai - bi;
                if i & 4 != 0 {
                    r + b[n as usize - 1 - i] as i32
                } else {
                    r
                }
            } else {
                -ai
            };
            assert_eq!(out[i] as i32, want, "n {n} i {i}");
        }
        assert!(r.stats.divergent_branches > 0 && r.stats.simt_efficiency() < 0.9, "{:?}", r.stats);
        // nested: the base entry, the two outer paths, and an inner path above them
        assert!(r.stats.max_stack_depth >= 4, "nested: {:?}", r.stats);
    }
}

#[test]
fn nested_divergence_counts_one_warp() {
    // One warp, every a[i] > 50: the branch structure is fixed by i alone: `i & 1` splits
    // the warp (1), odd threads split on `i & 2` (2), even threads split on `v > 50`? no,
    // all > 50 -> uniform, then `i & 4` splits them (3): three divergent branches.
    let k = kernel("nested_divergence", Options::default());
    let mut mem = GlobalMem::default();
    let (pa, pb, po) = (mem.alloc_u32(&[99; 32]), mem.alloc_u32(&[1; 32]), mem.alloc_u32(&[0; 32]));
    let r = run(&k, [1, 1, 1], [32, 1, 1], &[p(pa), p(pb), p(po), Arg::U32(32)], &mut mem);
    assert_eq!(r.stats.divergent_branches, 3, "{:?}", r.stats);
}

#[test]
fn loop_tripcount() {
    let k = kernel("loop_tripcount", Options::default());
    for (n, block, seed) in [(32u32, 32u32, 1u64), (300, 64, 2)] {
        let mut rng = Rng::new(seed);
        let counts: Vec<u32> = (0..n).map(|_| if rng.below(8) == 0 { (-(rng.below(5) as i32)) as u32 } else { rng.below(40) as u32 }).collect();
        let mut mem = GlobalMem::default();
        let pc = mem.alloc_u32(&counts);
        let (pf, pi) = (mem.alloc_u32(&vec![0; n as usize]), mem.alloc_u32(&vec![0; n as usize]));
        let r = run(&k, [n.div_ceil(block), 1, 1], [block, 1, 1], &[p(pc), p(pf), p(pi), Arg::U32(n)], &mut mem);
        let (fo, io) = (mem.words(pf), mem.words(pi));
        for i in 0..n as usize {
            let (mut acc, mut x, mut h) = (0u32, 0x3F80_0000u32, i as i32);
            for kk in 0..counts[i] as i32 {
                acc = add(acc, x);
                x = mul(x, 0x3F00_0000);
                h = h.wrapping_mul(31).wrapping_add(kk);
            }
            assert_eq!((fo[i], io[i] as i32), (acc, h), "i {i} count {}", counts[i] as i32);
        }
        assert!(r.stats.divergent_branches > 0 && r.stats.simt_efficiency() < 0.9, "{:?}", r.stats);
    }
}

#[test]
fn reduction_and_its_statistics() {
    let k = kernel("reduction", Options::default());
    for (n, block, seed) in [(256u32, 256u32, 1u64), (1000, 128, 2), (64, 32, 3)] {
        let mut rng = Rng::new(seed);
        let x: Vec<u32> = (0..n).map(|_| fval(&mut rng)).collect();
        let g = n.div_ceil(block);
        let mut mem = GlobalMem::default();
        let (pi, po) = (mem.alloc_u32(&x), mem.alloc_u32(&vec![0; g as usize]));
        let r = run(&k, [g, 1, 1], [block, 1, 1], &[p(pi), p(po), Arg::U32(n)], &mut mem);
        let out = mem.words(po);
        for b in 0..g as usize {
            let mut s: Vec<u32> = (0..block as usize).map(|t| x.get(b * block as usize + t).copied().unwrap_or(0)).collect();
            let mut kk = block as usize / 2;
            while kk > 0 {
                for t in 0..kk {
                    s[t] = add(s[t], s[t + kk]);
                }
                kk /= 2;
            }
            assert_eq!(out[b], s[0], "block {b}");
        }
        // one barrier after the load plus one per tree level, per CTA
        let levels = block.trailing_zeros() as u64;
        assert_eq!(r.stats.barriers, g as u64 * (1 + levels), "{:?}", r.stats);
        // warp 0 diverges at k = 16, 8, 4, 2, 1 and at t == 0 (n a multiple of the block:
        // no partial CTA)
        if n % block == 0 {
            assert_eq!(r.stats.divergent_branches, g as u64 * 6, "{:?}", r.stats);
        }
        // consecutive words: no bank conflicts
        assert_eq!((r.stats.shared_conflict_steps, r.stats.shared_max_steps), (0, 1), "{:?}", r.stats);
    }
}

fn transpose(name: &str, w: u32, h: u32) -> RunResult {
    let k = kernel(name, Options::default());
    let mut rng = Rng::new(w as u64 * 7 + h as u64);
    let a: Vec<u32> = (0..w * h).map(|_| rng.next_u32()).collect();
    let mut mem = GlobalMem::default();
    let (pi, po) = (mem.alloc_u32(&a), mem.alloc_u32(&vec![0; (w * h) as usize]));
    let r = run(&k, [w.div_ceil(16), h.div_ceil(16), 1], [16, 16, 1], &[p(pi), p(po), Arg::U32(w), Arg::U32(h)], &mut mem);
    let out = mem.words(po);
    for y in 0..h {
        for x in 0..w {
            assert_eq!(out[(x * h + y) as usize], a[(y * w + x) as usize], "{name} {w}x{h} at ({x},{y})");
        }
    }
    r
}

#[test]
fn transpose_naive_and_padded_bank_conflicts() {
    for (w, h) in [(16u32, 16u32), (64, 32), (40, 24)] {
        let rn = transpose("transpose_naive", w, h);
        let rp = transpose("transpose_padded", w, h);
        assert_eq!(rp.stats.shared_conflict_steps, 0, "padded {w}x{h}: {:?}", rp.stats);
        assert_eq!(rp.stats.shared_max_steps, 1);
        assert_eq!(rn.stats.shared_max_steps, 16, "naive {w}x{h}: {:?}", rn.stats);
        assert_eq!(rn.stats.shared_requests, rp.stats.shared_requests);
        if w % 16 == 0 && h % 16 == 0 {
            // per 16x16 CTA: 16 half-warp writes (1 step) + 16 column reads (16 steps)
            let ctas = (w / 16 * h / 16) as u64;
            assert_eq!((rn.stats.shared_requests, rn.stats.shared_steps, rn.stats.shared_conflict_steps), (32 * ctas, 272 * ctas, 240 * ctas));
            assert_eq!(rp.stats.shared_steps, 32 * ctas);
        }
    }
}

fn matmul(n: u32, g80_mad: bool) {
    let k = kernel("matmul_tiled", Options { g80_mad, ..Default::default() });
    assert_eq!(k.code.iter().any(|i| i.op == heddle_sim::isa::op::FMAD), g80_mad);
    let mut rng = Rng::new(n as u64);
    let a: Vec<u32> = (0..n * n).map(|_| fval(&mut rng)).collect();
    let b: Vec<u32> = (0..n * n).map(|_| fval(&mut rng)).collect();
    let mut mem = GlobalMem::default();
    let (pa, pb, pc) = (mem.alloc_u32(&a), mem.alloc_u32(&b), mem.alloc_u32(&vec![0; (n * n) as usize]));
    let r = run(&k, [n / 16, n / 16, 1], [16, 16, 1], &[p(pa), p(pb), p(pc), Arg::U32(n)], &mut mem);
    let c = mem.words(pc);
    let n = n as usize;
    for row in 0..n {
        for col in 0..n {
            let mut acc = 0u32;
            for kk in 0..n {
                let (x, y) = (a[row * n + kk], b[kk * n + col]);
                acc = if g80_mad { mad(x, y, acc) } else { add(acc, mul(x, y)) };
            }
            assert_eq!(c[row * n + col], acc, "n {n} mad {g80_mad} ({row},{col})");
        }
    }
    // 2 barriers per tile step per CTA
    assert_eq!(r.stats.barriers, ((n / 16) * (n / 16) * 2 * (n / 16)) as u64);
}

#[test]
fn matmul_tiled() {
    matmul(16, false);
    matmul(32, false);
    matmul(32, true);
}

#[test]
fn bitonic_sort() {
    let k = kernel("bitonic_sort", Options::default());
    for (blocks, block, seed) in [(1u32, 32u32, 1u64), (3, 128, 2), (2, 512, 3)] {
        let mut rng = Rng::new(seed);
        let d: Vec<u32> = (0..blocks * block).map(|_| rng.next_u32() % 1000).collect();
        let mut mem = GlobalMem::default();
        let pd = mem.alloc_u32(&d);
        let r = run(&k, [blocks, 1, 1], [block, 1, 1], &[p(pd)], &mut mem);
        let out = mem.words(pd);
        for b in 0..blocks as usize {
            let mut want = d[b * block as usize..(b + 1) * block as usize].to_vec();
            want.sort();
            assert_eq!(&out[b * block as usize..(b + 1) * block as usize], &want[..], "block {b}");
        }
        let lg = block.trailing_zeros() as u64;
        assert_eq!(r.stats.barriers, blocks as u64 * (1 + lg * (lg + 1) / 2), "{:?}", r.stats);
    }
}

#[test]
fn histogram_with_atomics() {
    let k = kernel("histogram", Options::default());
    for (n, blocks, block, seed) in [(1000u32, 2u32, 64u32, 1u64), (5000, 3, 128, 2), (10, 1, 64, 3)] {
        let mut rng = Rng::new(seed);
        let data: Vec<u8> = (0..n).map(|_| rng.next_u32() as u8).collect();
        let mut mem = GlobalMem::default();
        let pd = mem.alloc(data.clone());
        let pb = mem.alloc_u32(&[0; 64]);
        run(&k, [blocks, 1, 1], [block, 1, 1], &[p(pd), p(pb), Arg::U32(n)], &mut mem);
        let mut want = [0u32; 64];
        for d in &data {
            want[(*d & 63) as usize] += 1;
        }
        assert_eq!(mem.words(pb), want.to_vec(), "n {n}");
    }
}

/// `fma.rn.f32` runs on the FMA unit's golden model (one rounding, IEEE subnormals): a
/// Horner cubic matches the host's fused `f32::mul_add` bit for bit, including inputs
/// whose results are subnormal; without the FMA model the kernel faults cleanly.
#[test]
fn horner_fma_on_the_fma_unit() {
    use heddle_sim::gsm::{FaultKind, GoldenFpUnits};
    let k = kernel("horner_fma", Options::default());
    let host = |x: f32, c: [f32; 4]| c[3].mul_add(x, c[2]).mul_add(x, c[1]).mul_add(x, c[0]);
    for (n, block, seed) in [(256u32, 128u32, 1u64), (1000, 96, 2)] {
        let mut rng = Rng::new(seed);
        let mut x: Vec<u32> = (0..n).map(|_| fval(&mut rng)).collect();
        x[0] = 0x0000_0003; // subnormal input
        x[1] = 0x2000_0000; // tiny: the cubic's terms span the subnormal range
        let c = [1.0e-38f32, -0.3333, 0.75, 1.1];
        let mut mem = GlobalMem::default();
        let (px, py) = (mem.alloc_u32(&x), mem.alloc_u32(&vec![0; n as usize]));
        let args = [p(px), p(py), Arg::U32(n), Arg::F32(c[0]), Arg::F32(c[1]), Arg::F32(c[2]), Arg::F32(c[3])];
        let params = pack_params(&k, &args).unwrap();
        let l = Launch { grid: [n.div_ceil(block), 1, 1], block: [block, 1, 1], params, constant: vec![] };
        gsm::run(&k, &l, &mut mem, &Config::default(), &mut GoldenFpUnits, false).unwrap_or_else(|f| panic!("{f}"));
        let out = mem.words(py);
        for i in 0..n as usize {
            let want = host(f32::from_bits(x[i]), c).to_bits();
            assert_eq!(out[i], want, "horner_fma n={n} i={i} x={:08x}", x[i]);
        }
        let f = gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_err();
        assert_eq!(f.kind, FaultKind::NotYetSupported, "{f}");
    }
}

/// `sin/cos/ex2/lg2/rsqrt.approx.f32` run on the SFU's golden model: each output equals the
/// bit-exact SFU model applied as the translator lowers it (rro before sin, cos and ex2), and
/// is within the SFU's accuracy of the host's f64 libm (sin/cos 2^-21 absolute; ex2 and rsqrt
/// 2^-22 relative; lg2 2^-21 absolute below 1 in magnitude, relative above). Inputs: random
/// values of magnitude 2^-7 .. 2^8 of both signs (large arguments for sin/cos and ex2's
/// saturation), and the special values.
#[test]
fn sfu_math_on_the_sfu() {
    use heddle_sim::gsm::{FaultKind, GoldenFpUnits};
    use heddle_sim::sfu::model::{eval, Op};
    let k = kernel("sfu_math", Options::default());
    let specials = [
        0u32, 0x8000_0000, 0x0000_0001, 0x3F80_0000, 0xBF80_0000, 0x4000_0000, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000,
        0x4049_0FDB, 0x42FE_0000, 0xC2FE_0000, 0x4300_0000, 0xC300_0000, 0x7F7F_FFFF, 0x3F7F_FFFF, 0x3400_0000,
    ];
    let mut checked = 0u64;
    for (n, block, seed) in [(256u32, 64u32, 4u64), (1000, 192, 5)] {
        let mut rng = Rng::new(seed);
        let mut x: Vec<u32> = (0..n).map(|_| (rng.next_u32() & 0x807F_FFFF) | ((120 + rng.below(16) as u32) << 23)).collect();
        x[..specials.len()].copy_from_slice(&specials);
        let mut mem = GlobalMem::default();
        let (px, po) = (mem.alloc_u32(&x), mem.alloc_u32(&vec![0; 5 * n as usize]));
        let params = pack_params(&k, &[p(px), p(po), Arg::U32(n)]).unwrap();
        let l = Launch { grid: [n.div_ceil(block), 1, 1], block: [block, 1, 1], params, constant: vec![] };
        gsm::run(&k, &l, &mut mem, &Config::default(), &mut GoldenFpUnits, false).unwrap_or_else(|f| panic!("{f}"));
        let out = mem.words(po);
        for (i, &xi) in x.iter().enumerate() {
            let want = [
                eval(Op::Sin, eval(Op::RroSincos, xi)),
                eval(Op::Cos, eval(Op::RroSincos, xi)),
                eval(Op::Ex2, eval(Op::RroEx2, xi)),
                eval(Op::Lg2, xi),
                eval(Op::Rsq, xi),
            ];
            assert_eq!(&out[5 * i..5 * i + 5], &want, "sfu_math n={n} i={i} x={xi:08x}: sin cos ex2 lg2 rsqrt");
            // accuracy against the host's libm, for finite normal inputs and results
            let v = f32::from_bits(xi) as f64;
            if !v.is_finite() || xi & 0x7F80_0000 == 0 {
                continue;
            }
            let host = [v.sin(), v.cos(), v.exp2(), v.log2(), 1.0 / v.sqrt()];
            for (j, (&got, &r)) in out[5 * i..5 * i + 5].iter().zip(&host).enumerate() {
                if !r.is_finite() || r.abs() < 2f64.powi(-126) || r.abs() > f32::MAX as f64 {
                    continue;
                }
                let g = f32::from_bits(got) as f64;
                let err = (g - r).abs();
                let bound = match j {
                    0 | 1 => 2f64.powi(-21),
                    3 => 2f64.powi(-21) * r.abs().max(1.0),
                    _ => 2f64.powi(-22) * r.abs(),
                };
                assert!(err <= bound, "sfu_math x={xi:08x} ({v}) fn {j}: got {g} host {r} error {err:e} > {bound:e}");
                checked += 1;
            }
        }
        let f = gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_err();
        assert_eq!(f.kind, FaultKind::NotYetSupported, "{f}");
    }
    assert!(checked > 4_000, "only {checked} results checked against libm");
}
