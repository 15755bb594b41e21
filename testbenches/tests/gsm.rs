//! The golden functional SM (issue 8): clang-14's PTX of vector add and saxpy, translated
//! to heddle microcode, run over several grid/block sizes and compared bit for bit with
//! CPU references that apply the G80 rules (written independently of the golden FP models:
//! host f64 arithmetic, exact for these operations, then G80 rounding and flushing); the
//! G80 MAD contraction; the statistics; and every fault class.
use heddle_sim::gsm::{self, pack_params, Arg, Config, FaultKind, GlobalMem, Launch, NoFpUnits};
use heddle_sim::isa::asm::assemble;
use heddle_sim::ptx::translate::{translate, Kernel, Options, SrcRef};
use heddle_sim::ptx::{parse, Loc};
use heddle_sim::vectors::Rng;

fn kernel(name: &str, opts: Options) -> Kernel {
    let path = format!("{}/../examples/kernels/ptx/{name}.ptx", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).unwrap();
    let m = parse(&format!("{name}.ptx"), &src).unwrap();
    translate(&m, None, opts).unwrap_or_else(|e| panic!("{e}"))
}

// ---- CPU reference of the G80 SP arithmetic (DESIGN.md "Numeric semantics") ----

fn daz(x: u32) -> f64 {
    let x = if x & 0x7F80_0000 == 0 { x & 0x8000_0000 } else { x };
    f32::from_bits(x) as f64
}

/// Rounds an f64 holding the exact (or innocuously double-rounded) result to f32 with an
/// unbounded exponent, then flushes magnitudes below 2^-126 to a signed zero; NaN ->
/// 0x7FFFFFFF.
fn g80_round(r: f64) -> u32 {
    if r.is_nan() {
        return 0x7FFF_FFFF;
    }
    if r.abs() >= 2f64.powi(-100) || r == 0.0 {
        return (r as f32).to_bits();
    }
    // scale into the normal range so that the f32 rounding sees no subnormals
    let s = (r * 2f64.powi(200)) as f32;
    if (s as f64).abs() < 2f64.powi(-126 + 200) {
        return if r < 0.0 { 0x8000_0000 } else { 0 };
    }
    (((s as f64) * 2f64.powi(-200)) as f32).to_bits()
}

fn ref_add(a: u32, b: u32) -> u32 {
    g80_round(daz(a) + daz(b))
}
fn ref_mul(a: u32, b: u32) -> u32 {
    g80_round(daz(a) * daz(b))
}
/// G80 mad: product truncated to 24 significant bits (unbounded exponent, not flushed),
/// then added with round-to-nearest-even and the flush.
fn ref_mad(a: u32, b: u32, c: u32) -> u32 {
    let p = daz(a) * daz(b); // exact: 48 significant bits
    let t = if p.is_finite() && p != 0.0 { f64::from_bits(p.to_bits() & !((1u64 << 29) - 1)) } else { p };
    g80_round(t + daz(c))
}

/// Test values: random normal floats, with a share of specials and near-underflow values.
fn value(rng: &mut Rng) -> u32 {
    match rng.below(10) {
        0 => [0, 0x8000_0000, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000, 0x0000_0001, 0x807F_FFFF, 0x0080_0000, 0x7F7F_FFFF, 0x3F80_0000][rng.below(10) as usize],
        1 => (rng.next_u32() & 0x80FF_FFFF) | 0x0080_0000, // exponent near the bottom
        _ => (rng.next_u32() & 0xBFFF_FFFF) | 0x3800_0000, // moderate magnitudes
    }
}

fn run_vector_add(n: u32, block: u32, seed: u64) -> gsm::RunResult {
    let k = kernel("vector_add", Options::default());
    let mut rng = Rng::new(seed);
    let a: Vec<u32> = (0..n).map(|_| value(&mut rng)).collect();
    let b: Vec<u32> = (0..n).map(|_| value(&mut rng)).collect();
    let mut mem = GlobalMem::default();
    let (pa, pb) = (mem.alloc_u32(&a), mem.alloc_u32(&b));
    let pc = mem.alloc_u32(&vec![0xDEAD_BEEF; n as usize]);
    let params = pack_params(&k, &[Arg::U64(pa as u64), Arg::U64(pb as u64), Arg::U64(pc as u64), Arg::U32(n)]).unwrap();
    let l = Launch { grid: [n.div_ceil(block), 1, 1], block: [block, 1, 1], params, constant: vec![] };
    let r = gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, true).unwrap_or_else(|f| panic!("{f}"));
    let c = mem.words(pc);
    for i in 0..n as usize {
        assert_eq!(c[i], ref_add(a[i], b[i]), "n {n} block {block}: c[{i}] = {:#x} + {:#x}", a[i], b[i]);
    }
    r
}

#[test]
fn vector_add_matches_cpu_reference() {
    for (n, block, seed) in [(1, 32, 1), (100, 32, 2), (1000, 128, 3), (4096, 256, 4), (777, 64, 5), (5000, 512, 6)] {
        let r = run_vector_add(n, block, seed);
        assert_eq!(r.stats.ctas, n.div_ceil(block) as u64);
        // one store per element in the trace
        let stores: usize = r.trace.iter().map(|t| t.stores.len()).sum();
        assert_eq!(stores, n as usize);
    }
}

#[test]
fn vector_add_statistics() {
    // n = 100, blocks of 64: only warp 1 of CTA 1 (threads 96..127) diverges at `i < n`.
    let r = run_vector_add(100, 64, 9);
    assert_eq!(r.stats.divergent_branches, 1);
    assert_eq!(r.stats.barriers, 0);
    assert_eq!(r.stats.shared_requests, 0);
    let k = kernel("vector_add", Options::default());
    // 3 full warps run every instruction; the diverged warp runs 8 instructions to the
    // branch with 32 threads, the body with 4 threads, then exits (reconverged).
    let body = k.code.len() as u64; // all instructions, one exit
    let full = 3 * body;
    assert!(r.stats.warp_instrs > full && r.stats.warp_instrs <= 4 * body + 1, "{:?}", r.stats);
    assert!(r.stats.simt_efficiency() < 1.0 && r.stats.simt_efficiency() > 0.7, "{}", r.stats.simt_efficiency());
}

fn run_saxpy(n: u32, block: u32, seed: u64, g80_mad: bool) {
    let k = kernel("saxpy", Options { g80_mad, ..Default::default() });
    let has_mad = k.code.iter().any(|i| i.op == heddle_sim::isa::op::FMAD);
    assert_eq!(has_mad, g80_mad, "{}", k.listing());
    let mut rng = Rng::new(seed);
    let x: Vec<u32> = (0..n).map(|_| value(&mut rng)).collect();
    let y: Vec<u32> = (0..n).map(|_| value(&mut rng)).collect();
    for alpha in [value(&mut rng), 0x3FC0_0000, 0x0100_0000] {
        let mut mem = GlobalMem::default();
        let (px, py) = (mem.alloc_u32(&x), mem.alloc_u32(&y));
        let params = pack_params(&k, &[Arg::U32(n), Arg::F32(f32::from_bits(alpha)), Arg::U64(px as u64), Arg::U64(py as u64)]).unwrap();
        let l = Launch { grid: [n.div_ceil(block), 1, 1], block: [block, 1, 1], params, constant: vec![] };
        gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_or_else(|f| panic!("{f}"));
        let out = mem.words(py);
        for i in 0..n as usize {
            let want = if g80_mad { ref_mad(alpha, x[i], y[i]) } else { ref_add(ref_mul(alpha, x[i]), y[i]) };
            assert_eq!(out[i], want, "saxpy mad={g80_mad} alpha {alpha:#x} x {:#x} y {:#x}", x[i], y[i]);
        }
    }
}

#[test]
fn saxpy_matches_cpu_reference() {
    for (n, block, seed) in [(1, 32, 11), (333, 96, 12), (2048, 256, 13), (4100, 512, 14)] {
        run_saxpy(n, block, seed, false);
    }
}

#[test]
fn saxpy_with_g80_mad_matches_cpu_reference() {
    for (n, block, seed) in [(64, 64, 21), (1500, 128, 22), (4096, 256, 23)] {
        run_saxpy(n, block, seed, true);
    }
}

#[test]
fn reference_rounding_examples() {
    // DESIGN.md: 0x3F7FFFFF * 0x00800000 gives +0 on the G80
    assert_eq!(ref_mul(0x3F7F_FFFF, 0x0080_0000), 0);
    assert_eq!(ref_add(0x0000_0001, 0x3F80_0000), 0x3F80_0000); // subnormal input flushed
    assert_eq!(ref_add(0x7F80_0000, 0xFF80_0000), 0x7FFF_FFFF); // inf - inf: canonical NaN
    // agree with the golden model on a sample (the golden model is BigUint based)
    let mut rng = Rng::new(5);
    for _ in 0..20000 {
        let (a, b, c) = (value(&mut rng), value(&mut rng), value(&mut rng));
        use heddle_sim::golden::g80_fp32 as g;
        assert_eq!(ref_add(a, b), g::add(a, b, g::Rnd::Rn), "{a:#x} + {b:#x}");
        assert_eq!(ref_mul(a, b), g::mul(a, b, g::Rnd::Rn), "{a:#x} * {b:#x}");
        assert_eq!(ref_mad(a, b, c), g::mad(a, b, c), "mad {a:#x} {b:#x} {c:#x}");
    }
}

// ---- faults ----

fn vadd_launch(k: &Kernel, mem: &mut GlobalMem, n_bufs: u32, n_param: u32, block: u32, skew: u32) -> Launch {
    let pa = mem.alloc_u32(&vec![0x3F80_0000; n_bufs as usize]);
    let pb = mem.alloc_u32(&vec![0x3F80_0000; n_bufs as usize]);
    let pc = mem.alloc_u32(&vec![0; n_bufs as usize]);
    let params = pack_params(k, &[Arg::U64((pa + skew) as u64), Arg::U64(pb as u64), Arg::U64(pc as u64), Arg::U32(n_param)]).unwrap();
    Launch { grid: [n_param.div_ceil(block), 1, 1], block: [block, 1, 1], params, constant: vec![] }
}

#[test]
fn fault_out_of_bounds_names_thread_address_instruction() {
    let k = kernel("vector_add", Options::default());
    let mut mem = GlobalMem::default();
    let l = vadd_launch(&k, &mut mem, 100, 130, 64, 0);
    let f = gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_err();
    assert_eq!(f.kind, FaultKind::OutOfBounds, "{f}");
    assert_eq!(f.cta, [1, 0, 0]);
    assert_eq!(f.thread, Some([36, 0, 0])); // element 100 = CTA 1, thread 36
    let a_base = mem.bufs[0].0;
    assert_eq!(f.addr, Some(a_base + 400));
    assert!(f.at.starts_with("vector_add.ptx:40:2") && f.at.contains("ld.global.f32"), "{f}");
}

#[test]
fn fault_misaligned() {
    let k = kernel("vector_add", Options::default());
    let mut mem = GlobalMem::default();
    let l = vadd_launch(&k, &mut mem, 64, 64, 64, 2);
    let f = gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_err();
    assert_eq!((f.kind, f.thread), (FaultKind::Misaligned, Some([0, 0, 0])), "{f}");
    assert_eq!(f.addr, Some(mem.bufs[0].0 + 2));
}

#[test]
fn fault_launch_resources() {
    let k = kernel("vector_add", Options::default());
    let mut mem = GlobalMem::default();
    let l = vadd_launch(&k, &mut mem, 1024, 1024, 1024, 0);
    let f = gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_err();
    assert_eq!(f.kind, FaultKind::Resources);
    assert!(f.msg.contains("1024 threads per CTA"), "{f}");
    let l = vadd_launch(&k, &mut mem, 256, 256, 256, 0);
    let small = Config { regs: 256 * k.regs_per_thread - 1, ..Config::default() };
    let f = gsm::run(&k, &l, &mut mem, &small, &mut NoFpUnits, false).unwrap_err();
    assert!(f.kind == FaultKind::Resources && f.msg.contains("registers"), "{f}");
    let k2 = kernel("reduction", Options::default());
    let small = Config { shared_bytes: 512, ..Config::default() };
    let f = gsm::run(&k2, &l, &mut mem, &small, &mut NoFpUnits, false).unwrap_err();
    assert!(f.kind == FaultKind::Resources && f.msg.contains("shared memory"), "{f}");
}

#[test]
fn fault_not_yet_supported_sfu() {
    let k = kernel("sfu_math", Options::default());
    let mut mem = GlobalMem::default();
    let px = mem.alloc_u32(&[0x3F80_0000; 32]);
    let po = mem.alloc_u32(&[0; 160]);
    let params = pack_params(&k, &[Arg::U64(px as u64), Arg::U64(po as u64), Arg::U32(32)]).unwrap();
    let l = Launch { grid: [1, 1, 1], block: [32, 1, 1], params, constant: vec![] };
    let f = gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_err();
    assert_eq!(f.kind, FaultKind::NotYetSupported);
    assert!(f.msg.contains("not yet supported: rro") && f.msg.contains("sfu_math.ptx:36:2 (`sin.approx.f32`)"), "{f}");
}

#[test]
fn fault_stack_overflow_and_watchdog() {
    let k = kernel("nested_divergence", Options::default());
    let mut mem = GlobalMem::default();
    let n = 64u32;
    let pa = mem.alloc_u32(&(0..n).map(|i| i * 7 % 100).collect::<Vec<_>>());
    let pb = mem.alloc_u32(&(0..n).collect::<Vec<_>>());
    let po = mem.alloc_u32(&vec![0; n as usize]);
    let params = pack_params(&k, &[Arg::U64(pa as u64), Arg::U64(pb as u64), Arg::U64(po as u64), Arg::U32(n)]).unwrap();
    let l = Launch { grid: [1, 1, 1], block: [n, 1, 1], params, constant: vec![] };
    let shallow = Config { stack_depth: 2, ..Config::default() };
    let f = gsm::run(&k, &l, &mut mem, &shallow, &mut NoFpUnits, false).unwrap_err();
    assert_eq!(f.kind, FaultKind::StackOverflow, "{f}");
    // with a normal stack the kernel runs
    gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap();

    let k = kernel("loop_tripcount", Options::default());
    let pc = mem.alloc_u32(&[1_000_000_000; 32]);
    let (pf, pi) = (mem.alloc_u32(&[0; 32]), mem.alloc_u32(&[0; 32]));
    let params = pack_params(&k, &[Arg::U64(pc as u64), Arg::U64(pf as u64), Arg::U64(pi as u64), Arg::U32(32)]).unwrap();
    let l = Launch { grid: [1, 1, 1], block: [32, 1, 1], params, constant: vec![] };
    let f = gsm::run(&k, &l, &mut mem, &Config { watchdog: 100_000, ..Config::default() }, &mut NoFpUnits, false).unwrap_err();
    assert_eq!(f.kind, FaultKind::Watchdog, "{f}");
}

fn asm_kernel(text: &str) -> Kernel {
    let code = assemble(text).unwrap();
    let src = code.iter().enumerate().map(|(n, _)| SrcRef { loc: Loc { line: n as u32 + 1, col: 1 }, instr: "asm".into() }).collect();
    Kernel {
        file: "test.asm".into(),
        name: "test".into(),
        code,
        src,
        regs_per_thread: 4,
        preds_per_thread: 1,
        params: vec![],
        param_bytes: 0,
        shared_vars: vec![],
        shared_bytes: 0,
        local_bytes: 0,
        const_vars: vec![],
        const_bytes: 0,
        const_init: vec![],
        global_vars: vec![],
    }
}

#[test]
fn fault_divergent_barrier_and_uniform_branch() {
    let k = asm_kernel(
        "s2r r0, %tid.x
         movi r1, 16
         isetp.lt.u32 p0, r0, r1
         @p0 bra 5, 6
         nop
         bar 0
         exit",
    );
    let l = Launch { grid: [1, 1, 1], block: [64, 1, 1], ..Default::default() };
    let f = gsm::run(&k, &l, &mut GlobalMem::default(), &Config::default(), &mut NoFpUnits, false).unwrap_err();
    assert_eq!((f.kind, f.pc, f.warp), (FaultKind::DivergentBarrier, 5, 0), "{f}");
    // the same barrier reached by whole warps is fine, and counts one release
    let k = asm_kernel("s2r r0, %tid.x\nbar 0\nbar 1\nexit");
    let r = gsm::run(&k, &l, &mut GlobalMem::default(), &Config::default(), &mut NoFpUnits, false).unwrap();
    assert_eq!(r.stats.barriers, 2);
    let k = asm_kernel(
        "s2r r0, %tid.x
         movi r1, 16
         isetp.lt.u32 p0, r0, r1
         @p0 bra.uni 4, 0
         exit",
    );
    let f = gsm::run(&k, &l, &mut GlobalMem::default(), &Config::default(), &mut NoFpUnits, false).unwrap_err();
    assert_eq!(f.kind, FaultKind::UniformBranchDiverged, "{f}");
}

#[test]
fn trace_records_pc_mask_writes_and_stores() {
    // 40 elements, blocks of 32: CTA 1 has 8 live threads of 32 (a partial warp)
    let r = run_vector_add(40, 32, 31);
    assert_eq!(r.trace.len() as u64, r.stats.warp_instrs);
    let first = &r.trace[0];
    assert_eq!((first.cta, first.warp, first.pc, first.mask), (0, 0, 0, u32::MAX));
    assert_eq!(first.writes.len(), 32, "movi writes every lane");
    let cta1: Vec<_> = r.trace.iter().filter(|t| t.cta == 1).collect();
    assert!(cta1.iter().all(|t| t.mask == 0xFFFF_FFFF || t.mask == 0xFF), "partial CTA masks");
    let stores: Vec<_> = r.trace.iter().flat_map(|t| t.stores.iter().map(move |s| (t.cta, *s))).collect();
    assert_eq!(stores.len(), 40);
    // consecutive addresses within each CTA, one 4-byte store per element, lane = element % 32
    for (n, (cta, (lane, space, addr, _val, bytes))) in stores.iter().enumerate() {
        assert_eq!((*cta, *lane as usize, *space, *bytes), ((n / 32) as u32, n % 32, 0, 4));
        if n > 0 {
            assert_eq!(*addr, stores[n - 1].1 .2 + 4);
        }
    }
    // the same run twice gives the same trace
    assert_eq!(run_vector_add(40, 32, 31).trace, r.trace);
}

/// The compute capability 1.x coalescing rule on its own: a transaction per half-warp when
/// coalesced, one per thread that takes part otherwise, none for an empty half-warp.
#[test]
fn global_transactions_by_the_coalescing_rule() {
    use heddle_sim::gsm::global_transactions;
    let in_place = |seg0: u32, seg1: u32| -> [u32; 32] { std::array::from_fn(|l| if l < 16 { seg0 } else { seg1 } + 4 * (l as u32 % 16)) };
    let all = u32::MAX;
    // each half-warp in its own aligned segment, coalesced: 2
    assert_eq!(global_transactions(&in_place(0x1000, 0x2040), all, 4), 2);
    // the same as 16-bit words: never coalesced, 32
    assert_eq!(global_transactions(&in_place(0x1000, 0x2040), all, 2), 32);
    // a segment off by one word: every thread of that half its own
    assert_eq!(global_transactions(&in_place(0x1004, 0x2040), all, 4), 17);
    // threads that take no part do not break it; an empty half makes none
    assert_eq!(global_transactions(&in_place(0x1000, 0x2040), 0x0000_5555, 4), 1);
    assert_eq!(global_transactions(&in_place(0x1000, 0x2040), 0, 4), 0);
    // one thread out of place (lane 3 at word 4) in the second half: 16 + 1
    let mut a = in_place(0x1000, 0x2040);
    a[19] += 4;
    assert_eq!(global_transactions(&a, all, 4), 17);
    // a thread of the first half in another segment at its own word
    let mut a = in_place(0x1000, 0x2040);
    a[5] += 64;
    assert_eq!(global_transactions(&a, all, 4), 17);
    // ... that does not take part
    assert_eq!(global_transactions(&a, all & !(1 << 5), 4), 2);
}
