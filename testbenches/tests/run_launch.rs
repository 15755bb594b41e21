//! `heddle run` launch descriptions (examples/kernels/launch/*.json): each runs in the golden
//! SM; outputs and statistics are checked against hand-derived values; malformed files
//! give messages, not panics; launch-file numbers are range-checked (f32 also from "nan",
//! "inf", "-0", "0x..."), and outputs are written and compared exactly.
use heddle_sim::gsm::launch::{check_output, f32_text, parse_f32, run_file, run_file_traced, Elem, ElemType, LaunchFile, OutBuf};
use std::path::{Path, PathBuf};

fn launch(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../examples/kernels/launch/{name}.json"))
}

#[test]
fn vector_add_launch() {
    let r = run_file(&launch("vector_add")).unwrap();
    assert_eq!(r.outputs.len(), 1);
    // c[i] = i + (0.5 + 2i) = 3i + 0.5, exact
    let want: Vec<u8> = (0..1000).flat_map(|i| (3.0 * i as f32 + 0.5).to_bits().to_le_bytes()).collect();
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &x in &want {
        h ^= x as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    assert_eq!(r.outputs[0].digest, format!("{h:016x}"));
    assert_eq!(r.outputs[0].head[1], Elem::F32(3.5));
    // buffers 256-aligned from 0x1000, each followed by at least 256 unmapped bytes
    let bases: Vec<(&str, u32, usize)> = r.buffers.iter().map(|b| (b.name.as_str(), b.base, b.bytes)).collect();
    assert_eq!(bases, [("a", 0x1000, 4000), ("b", 0x2100, 4000), ("c", 0x3200, 4000)]);
    assert_eq!((r.outputs[0].base, r.outputs[0].print_as), (0x3200, ElemType::F32));
    assert_eq!(r.outputs[0].data, want, "the whole buffer is kept");
    // 1000 threads in 4 CTAs of 256: only warp 7 of CTA 3 (threads 992..1023) diverges
    assert_eq!((r.ctas, r.divergent_branches), (4, 1));
}

#[test]
fn reduction_launch() {
    let r = run_file(&launch("reduction")).unwrap();
    // sums of 1..256, 257..512, ...: exact in f32
    let want: Vec<String> = (0..4).map(|b| format!("{:?}", (256 * b + 1..=256 * (b + 1)).sum::<u32>() as f32)).collect();
    assert_eq!(r.outputs[0].head.iter().map(|x| x.to_string()).collect::<Vec<_>>(), want);
    // per CTA: 1 + log2(256) = 9 barriers; warp 0 diverges at k = 16, 8, 4, 2, 1 and t == 0
    assert_eq!((r.barriers, r.divergent_branches, r.shared_conflict_steps), (36, 24, 0));
}

#[test]
fn transpose_launches_conflicts() {
    let n = run_file(&launch("transpose_naive")).unwrap();
    let p = run_file(&launch("transpose_padded")).unwrap();
    assert_eq!(n.outputs[0].digest, p.outputs[0].digest);
    // 8 CTAs x (16 conflict-free row writes + 16 column reads of 16 steps)
    assert_eq!((n.shared_requests, n.shared_steps, n.shared_conflict_steps), (256, 8 * 272, 8 * 240));
    assert_eq!((p.shared_steps, p.shared_conflict_steps), (256, 0));
}

#[test]
fn every_launch_file_runs() {
    for e in std::fs::read_dir(launch("x").parent().unwrap()).unwrap() {
        let p = e.unwrap().path();
        let r = run_file(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert!(r.warp_instructions > 0);
    }
}

#[test]
fn malformed_launch_files_are_errors() {
    let dir = std::env::temp_dir().join(format!("heddle-launch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ptx = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/kernels/ptx/vector_add.ptx");
    let cases = [
        ("{", "EOF"),
        (r#"{"ptx": "nope.ptx", "grid": [1,1,1], "block": [1,1,1], "buffers": {}, "args": []}"#, "nope.ptx"),
        (&*format!(r#"{{"ptx": "{}", "grid": [1,1,1], "block": [1,1,1], "buffers": {{}}, "args": []}}"#, ptx.display()), "takes 4 parameters"),
        (&*format!(r#"{{"ptx": "{}", "grid": [1,1,1], "block": [32,1,1], "buffers": {{}}, "args": [{{"buffer": "a"}}, {{"u32": 0}}, {{"u32": 0}}, {{"u32": 0}}]}}"#, ptx.display()), "unknown buffer 'a'"),
        (&*format!(r#"{{"ptx": "{}", "grid": [1,1,1], "block": [32,1,1], "buffers": {{}}, "args": [{{"u64": 0}}, {{"u64": 0}}, {{"u64": 0}}, {{"u32": 32}}]}}"#, ptx.display()), "OutOfBounds"),
        (&*format!(r#"{{"ptx": "{}", "grid": [1,1,1], "block": [32,1,1], "bufers": {{}}, "args": []}}"#, ptx.display()), "unknown field"),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let f = dir.join(format!("{i}.json"));
        std::fs::write(&f, text).unwrap();
        let e = run_file(&f).unwrap_err();
        assert!(e.contains(want), "case {i}: {e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn trace_file_has_one_line_per_warp_instruction() {
    let t = std::env::temp_dir().join(format!("heddle-trace-{}.jsonl", std::process::id()));
    let r = run_file_traced(&launch("nested_divergence"), Some(&t)).unwrap();
    let text = std::fs::read_to_string(&t).unwrap();
    let _ = std::fs::remove_file(&t);
    assert_eq!(text.lines().count() as u64, r.warp_instructions);
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!((first["cta"].as_u64(), first["pc"].as_u64(), first["mask"].as_u64()), (Some(0), Some(0), Some(u32::MAX as u64)));
    let stores: usize = text.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["stores"].as_array().unwrap().len()).sum();
    assert_eq!(stores, 512, "one store per element");
}

/// horner_fma's launch runs its fma.rn.f32 on the FMA unit's golden model: every output
/// equals the host's fused multiply-adds.
#[test]
fn horner_fma_launch_uses_the_fma_unit() {
    let r = run_file(&launch("horner_fma")).unwrap();
    let y = &r.outputs[0];
    assert_eq!(y.name, "y");
    assert_eq!(y.bytes, 4000);
    // random_f32 (seed 3): the first value as the launch file's generator makes it.
    let x0 = (heddle_sim::vectors::Rng::new(3).next_u32() >> 8) as f32 / (1u32 << 24) as f32;
    let want = 1.1f32.mul_add(x0, 0.75).mul_add(x0, -0.3333).mul_add(x0, 0.5);
    assert_eq!(y.head[0], Elem::F32(want), "{:?}", y.head);
}

fn launch_text(body: &str) -> String {
    let ptx = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/kernels/ptx/vector_add.ptx");
    format!(r#"{{"ptx": "{}", "grid": [1,1,1], "block": [32,1,1], {body}}}"#, ptx.display())
}

/// f32 values in a launch file: numbers, "nan", "inf", "+inf", "-inf", "-0" and bit patterns,
/// to the exact bits; an f32 written by `heddle run` reads back to the same bits.
#[test]
fn special_floats_parse_exactly() {
    let v = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
    let bits = |s: &str| parse_f32(&v(s)).map(f32::to_bits);
    let cases = [
        (r#""nan""#, 0x7fc0_0000),
        (r#""NaN""#, 0x7fc0_0000),
        (r#""inf""#, 0x7f80_0000),
        (r#""+inf""#, 0x7f80_0000),
        (r#""-inf""#, 0xff80_0000),
        (r#""-0""#, 0x8000_0000),
        ("-0", 0x8000_0000),
        ("-0.0", 0x8000_0000),
        (r#""0x7fc00001""#, 0x7fc0_0001),
        (r#""0xFFFFFFFF""#, 0xffff_ffff),
        (r#""0x1""#, 1),
        ("1.5", 0x3fc0_0000),
        ("3.4028235e38", 0x7f7f_ffff),
        ("1e-45", 1),
    ];
    for (s, want) in cases {
        assert_eq!(bits(s), Ok(want), "{s}");
    }
    for (s, frag) in [("1e39", "overflows f32"), ("-3.5e38", "overflows f32"), (r#""0x123456789""#, "is not an f32"), (r#""1.5""#, "is not an f32"), ("true", "expected an f32")] {
        let e = bits(s).unwrap_err();
        assert!(e.contains(frag), "{s}: {e}");
    }
    // round trip through the JSON writer: specials, subnormals, extremes and random patterns
    let mut rng = heddle_sim::vectors::Rng::new(7);
    let special = [0, 0x8000_0000, 1, 0x807f_ffff, 0x7f7f_ffff, 0x0080_0000, 0x7f80_0000, 0xff80_0000, 0x7fc0_0000, 0x7fff_ffff, 0xffc0_0000, 0x3dcc_cccd];
    for b in special.into_iter().chain((0..200_000).map(|_| rng.next_u32())) {
        let text = serde_json::to_string(&Elem::F32(f32::from_bits(b))).unwrap();
        assert_eq!(bits(&text), Ok(b), "{b:08x} written as {text}");
        assert_eq!(heddle_sim::gsm::launch::f32_from_str(&f32_text(f32::from_bits(b))).map(f32::to_bits).or_else(|| f32_text(f32::from_bits(b)).parse::<f32>().ok().map(f32::to_bits)), Some(b), "{b:08x}");
    }
    assert_eq!(serde_json::to_string(&[Elem::F32(0.1), Elem::F32(f32::NAN), Elem::F32(-0.0), Elem::I32(-3), Elem::U8(7)]).unwrap(), r#"[0.1,"nan","-0",-3,7]"#);
}

/// Out-of-range numbers, unknown types and unknown buffers are errors naming the place.
#[test]
fn launch_numbers_are_range_checked() {
    let ok = LaunchFile::parse(&launch_text(r#""buffers": {"a": {"u32": [0, 4294967295, 1e3, -0]}, "b": {"i32": [-2147483648, 2147483647]}, "c": {"u8": [0, 255]},
        "d": {"iota_f32": {"count": 2, "start": "-0", "step": "inf"}}}, "args": [{"f32": "0x7f800000"}, {"u64": 18446744073709551615}]"#))
    .unwrap();
    assert!(matches!(&ok.buffers["a"], heddle_sim::gsm::launch::Init::U32(v) if v == &[0, u32::MAX, 1000, 0]));
    assert!(matches!(ok.args[0], heddle_sim::gsm::launch::ArgSpec::F32(x) if x == f32::INFINITY));
    let cases = [
        (r#""buffers": {"a": {"u32": [1, -1]}}, "args": []"#, "buffer 'a' (u32): element 1: -1 is out of range for u32"),
        (r#""buffers": {"a": {"u32": [4294967296]}}, "args": []"#, "buffer 'a' (u32): element 0: 4294967296 is out of range for u32"),
        (r#""buffers": {"a": {"u8": [1, 2, 300]}}, "args": []"#, "buffer 'a' (u8): element 2: 300 is out of range for u8 (0 to 255)"),
        (r#""buffers": {"a": {"i32": [-2147483649]}}, "args": []"#, "buffer 'a' (i32): element 0: -2147483649 is out of range for i32"),
        (r#""buffers": {"a": {"f32": [0, 1e39]}}, "args": []"#, "buffer 'a' (f32): element 1: 1e+39 overflows f32"),
        (r#""buffers": {"a": {"iota_f32": {"count": 2, "start": 0, "step": "x"}}}, "args": []"#, "buffer 'a' (iota_f32): step: \"x\" is not an f32"),
        (r#""buffers": {"a": {"iota_u32": {"count": 2, "start": 0}}}, "args": []"#, "buffer 'a' (iota_u32): missing field 'step'"),
        (r#""buffers": {"a": {"zeros": 4, "u32": []}}, "args": []"#, "buffer 'a': expected an object with one key"),
        (r#""buffers": {"a": {"f64": [1]}}, "args": []"#, "buffer 'a': unknown kind of contents 'f64'"),
        (r#""buffers": {}, "args": [{"u32": 1}, {"f32": 1e39}]"#, "args[1] (f32): 1e+39 overflows f32"),
        (r#""buffers": {}, "args": [{"i32": 2.5}]"#, "args[0] (i32): 2.5 is not an integer"),
        (r#""buffers": {}, "args": [{"u32": -1}]"#, "args[0] (u32): -1 is out of range for u32"),
        (r#""buffers": {"a": {"zeros": 4}}, "args": [], "print_as": {"a": "f64"}"#, "print_as: buffer 'a' has unknown type 'f64' (accepted: u32, i32, f32, u8)"),
        (r#""buffers": {"a": {"zeros": 4}}, "args": [], "print_as": {"b": "f32"}"#, "print_as names an unknown buffer 'b' (buffers: a)"),
        (r#""buffers": {"a": {"zeros": 4}}, "args": [], "outputs": ["a", "c"]"#, "outputs names an unknown buffer 'c' (buffers: a)"),
    ];
    for (body, want) in cases {
        let e = LaunchFile::parse(&launch_text(body)).and_then(|l| l.check_names(&[])).unwrap_err();
        assert!(e.contains(want), "{body}:\n  {e}\n  wanted {want}");
    }
}

/// A -0 start of iota_f32 stays -0 (start + 0 * step would be +0), and an infinite step
/// makes no NaN in element 0.
#[test]
fn iota_f32_starts_at_start_exactly() {
    let dir = std::env::temp_dir().join(format!("heddle-iota-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("l.json");
    let body = r#""buffers": {"a": {"iota_f32": {"count": 3, "start": "-0", "step": "-inf"}}, "b": {"zeros": 12}, "c": {"zeros": 12}},
        "args": [{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"u32": 0}], "outputs": ["a"], "print_as": {"a": "f32"}"#;
    std::fs::write(&f, launch_text(body)).unwrap();
    let r = run_file(&f).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(r.outputs[0].head, [Elem::F32(-0.0), Elem::F32(f32::NEG_INFINITY), Elem::F32(f32::NEG_INFINITY)]);
    assert_eq!(r.outputs[0].head[0].to_string(), "-0");
}

/// check_output counts every differing element and lists the first ten, in the element type.
#[test]
fn check_counts_differences() {
    let data: Vec<u8> = (0..64u32).flat_map(|i| (i as i32 - 5).to_le_bytes()).collect();
    let o = |t: ElemType| OutBuf { name: "x".into(), base: 0x1000, bytes: 256, print_as: t, digest: String::new(), head: vec![], data: data.clone() };
    let f = std::env::temp_dir().join(format!("heddle-check-{}.bin", std::process::id()));
    let mut want = data.clone();
    for i in [3usize, 7, 20, 21, 22, 23, 40, 41, 42, 50, 60, 63] {
        want[4 * i + i % 4] ^= 0x80; // each byte of a word somewhere
    }
    std::fs::write(&f, &want).unwrap();
    let c = check_output(&[o(ElemType::I32)], None, &f).unwrap();
    assert_eq!((c.elements, c.differing, c.first.len()), (64, 12, 10));
    assert_eq!(c.first[0], (3, Elem::I32(-2 ^ (0x80 << 24)), Elem::I32(-2)));
    assert_eq!(c.first[2], (20, Elem::I32(15 ^ 0x80), Elem::I32(15)));
    assert_eq!(c.first[9].0, 50);
    let c = check_output(&[o(ElemType::U8)], Some("x"), &f).unwrap();
    assert_eq!((c.elements, c.differing, c.first[1]), (256, 12, (31, Elem::U8(0x80), Elem::U8(0))));
    std::fs::write(&f, &data).unwrap();
    assert_eq!(check_output(&[o(ElemType::F32)], None, &f).unwrap().differing, 0);
    std::fs::write(&f, &data[..252]).unwrap();
    let e = check_output(&[o(ElemType::F32)], None, &f).unwrap_err();
    assert!(e.contains("252 bytes") && e.contains("256 bytes"), "{e}");
    let e = check_output(&[o(ElemType::F32), OutBuf { name: "y".into(), ..o(ElemType::U32) }], None, &f).unwrap_err();
    assert!(e.contains("2 outputs (x, y)") && e.contains("--check-buffer"), "{e}");
    let _ = std::fs::remove_file(&f);
}
