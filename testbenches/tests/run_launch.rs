//! `heddle run` launch descriptions (examples/kernels/launch/*.json): each runs in the golden
//! SM; outputs and statistics are checked against hand-derived values; malformed files
//! give messages, not panics.
use heddle_sim::gsm::launch::{run_file, run_file_traced};
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
    assert_eq!(r.outputs[0].head[1], "3.5");
    // 1000 threads in 4 CTAs of 256: only warp 7 of CTA 3 (threads 992..1023) diverges
    assert_eq!((r.ctas, r.divergent_branches), (4, 1));
}

#[test]
fn reduction_launch() {
    let r = run_file(&launch("reduction")).unwrap();
    // sums of 1..256, 257..512, ...: exact in f32
    let want: Vec<String> = (0..4).map(|b| format!("{:?}", (256 * b + 1..=256 * (b + 1)).sum::<u32>() as f32)).collect();
    assert_eq!(r.outputs[0].head, want);
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
    assert_eq!(y.head[0], format!("{want}"), "{:?}", y.head);
}
