//! The `heddle` command line as a user runs it (the binary itself). The hardware
//! testbenches are in testbenches/; these tests need the binary, which Cargo provides only
//! to the package that defines it.
use std::process::Command;

fn heddle(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_heddle")).args(args).output().expect("heddle runs");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

#[test]
fn verilog_check_passes_on_the_committed_export() {
    let (code, out, err) = heddle(&["verilog", "--check"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("up to date"), "{out}");
}

#[test]
fn verilog_check_fails_naming_stale_files() {
    let dir = std::env::temp_dir().join(format!("heddle-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    let (code, _, err) = heddle(&["verilog", "--check", "--out", d]);
    assert_eq!(code, 1);
    for b in ["fp32_classify.v", "fp32_unpack.v", "valid_pipe.v"] {
        assert!(err.contains(b), "{err}");
    }
    let (code, out, _) = heddle(&["verilog", "--out", d]);
    assert_eq!(code, 0, "{out}");
    let (code, _, err) = heddle(&["verilog", "--check", "--out", d]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unknown_blocks_are_clear_errors() {
    let (code, _, err) = heddle(&["report", "no_such_block", "--no-pnr"]);
    assert_eq!(code, 1);
    assert!(err.contains("no block named `no_such_block`") && err.contains("fp32_classify"), "{err}");
    let (code, _, err) = heddle(&["cosim", "no_such_block", "--vectors", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("no co-simulation runner for `no_such_block`"), "{err}");
}

/// `--config` names an SM that is built, and says which are when it does not.
#[test]
fn unknown_sm_configurations_are_clear_errors() {
    let launch = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/kernels/launch/vector_add.json");
    let (code, _, err) = heddle(&["run", launch, "--config", "tiny"]);
    assert_eq!(code, 1);
    assert!(err.contains("--config tiny: no such SM (built: g80, sm_small)"), "{err}");
    let (code, _, err) = heddle(&["sm-random", "--config", "g81"]);
    assert_eq!(code, 1);
    assert!(err.contains("--config g81: no such SM"), "{err}");
    let (code, _, err) = heddle(&["run", launch, "--golden", "--config", "sm_small"]);
    assert_eq!(code, 1);
    assert!(err.contains("--config is for the RTL SM"), "{err}");
}

#[test]
fn small_cosim_and_report_run_end_to_end() {
    let (code, out, err) = heddle(&["cosim", "valid_pipe", "--vectors", "1000", "--icarus-steps", "100"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("valid_pipe on verilator: 2000 steps, 0 mismatches"), "{out}");
    assert!(out.contains("valid_pipe on icarus-gate: 100 steps, 0 mismatches"), "{out}");
    let json = std::env::temp_dir().join(format!("heddle-report-{}.json", std::process::id()));
    let (code, out, err) = heddle(&["report", "fp32_classify", "--no-pnr", "--json", json.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("fp32_classify") && out.contains("LUT4"), "{out}");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v[0]["block"], "fp32_classify");
    assert!(v[0]["cells"]["LUT4"].as_u64().unwrap() > 0);
    let _ = std::fs::remove_file(&json);
}

/// The README's main job: a kernel on the RTL SM in Verilator, in lock step with the golden
/// SM; and the golden SM alone.
#[test]
fn run_executes_a_kernel_on_the_rtl_sm() {
    let json = std::env::temp_dir().join(format!("heddle-cli-run-{}.json", std::process::id()));
    let svg = json.with_extension("svg");
    let dir = temp_dir("rtl-out");
    let (code, out, err) = heddle(&[
        "run",
        "examples/kernels/launch/reduction.json",
        "--json",
        json.to_str().unwrap(),
        "--timeline",
        svg.to_str().unwrap(),
        "--out",
        dir.join("rtl").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("RTL SM (g80, Verilator)") && out.contains("outputs equal"), "{out}");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    // the timeline: a row per warp slot used (4 CTAs of 8 warps, as many resident at once
    // as the occupancy allows), SP and memory instructions drawn, the IPC line
    let pic = std::fs::read_to_string(&svg).unwrap();
    let _ = std::fs::remove_file(&svg);
    assert!(pic.starts_with("<svg") && pic.trim_end().ends_with("</svg>"), "{pic:.200}");
    let slots = v["warps_per_sm"].as_u64().unwrap().min(32);
    let row = |s: u64| format!(">slot {s}<");
    assert!(pic.contains(&row(slots - 1)) && !pic.contains(&row(slots)) && pic.contains("<polyline"), "{slots}: {pic:.400}");
    for (_, _, colour) in [heddle_sim::runners::timeline::KINDS[0], heddle_sim::runners::timeline::KINDS[2]] {
        assert!(pic.contains(&format!("fill=\"{colour}\" fill-opacity")), "{colour}");
    }
    let _ = std::fs::remove_file(&json);
    assert_eq!(v["rtl"]["warp_instructions"], 3680);
    let kinds = v["rtl"]["retired_by_kind"].as_object().unwrap();
    assert_eq!(kinds.values().map(|n| n.as_u64().unwrap()).sum::<u64>(), 3680, "{kinds:?}");
    assert!(kinds["memory"].as_u64().unwrap() > 0 && kinds["sfu_fma"] == 0, "{kinds:?}");
    assert!(v["rtl"]["cycles"].as_u64().unwrap() > 3680 && v["warp_instructions"] == 3680, "{v}");
    // the performance counters, read through the SM's register map, every one by its key
    let c = v["rtl"]["counters"].as_object().unwrap();
    assert_eq!(c.len(), heddle_hw::sm::counters::COUNT, "{c:?}");
    let n = |k: &str| c[k].as_u64().unwrap_or_else(|| panic!("counter {k}: {c:?}"));
    assert_eq!((n("retired"), n("issue")), (3680, 3680), "{c:?}");
    use heddle_hw::sm::counters::{ISSUE, NAMES, NO_READY};
    // issue and the stall counters, by their keys
    assert_eq!(NAMES[ISSUE..=NO_READY].iter().map(|(k, _)| n(k)).sum::<u64>(), n("slots"), "{c:?}");
    assert!(n("stall_barrier") > 0 && n("shared_requests") == v["shared_requests"].as_u64().unwrap(), "{c:?}");
    assert!(out.contains("issue slots (counters):"), "{out}");
    assert!(v["seconds"].as_f64().unwrap() > 0.0, "{v}");
    let golden_out = dir.join("golden");
    let (code, out, err) = heddle(&["run", "--golden", "examples/kernels/launch/reduction.json", "--out", golden_out.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}\n{err}");
    // the RTL run's outputs written as the golden SM's: the sums of 1..256, 257..512, ...
    let rtl_bin = std::fs::read(dir.join("rtl/out.bin")).unwrap();
    assert_eq!(rtl_bin, std::fs::read(golden_out.join("out.bin")).unwrap());
    let sums: Vec<f32> = (0..4).map(|b| (256 * b + 1..=256 * (b + 1)).sum::<u32>() as f32).collect();
    assert_eq!(rtl_bin, sums.iter().flat_map(|s| s.to_le_bytes()).collect::<Vec<u8>>());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!out.contains("RTL SM") && out.contains("3680 warp-instructions"), "{out}");
    let (code, _, err) = heddle(&["run", "--trace", "/dev/null", "examples/kernels/launch/reduction.json"]);
    assert!(code != 0 && err.contains("--golden"), "{err}");
}

/// A fresh temporary folder for one test.
fn temp_dir(test: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("heddle-cli-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// vector_add's output c[i] = 3i + 0.5 as bytes.
fn vector_add_c() -> Vec<u8> {
    (0..1000).flat_map(|i| (3.0 * i as f32 + 0.5).to_bits().to_le_bytes()).collect()
}

/// `--out DIR`: every output as .bin (its bytes), .json (its elements) and .csv; the report
/// and its JSON show the base addresses, head values as numbers, the wall-clock seconds.
#[test]
fn run_out_writes_the_outputs() {
    let dir = temp_dir("out");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("new/folder");
    let json = dir.join("report.json");
    let (code, text, err) = heddle(&[
        "run",
        "--golden",
        "examples/kernels/launch/vector_add.json",
        "--out",
        out.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{text}\n{err}");
    assert!(text.contains("a 4000 bytes at 0x00001000, b 4000 bytes at 0x00002100, c 4000 bytes at 0x00003200"), "{text}");
    assert!(text.contains("c            4000 bytes at 0x00003200 (f32)"), "{text}");
    let names: Vec<String> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert_eq!(names.len(), 3, "only the output c: {names:?}");
    assert_eq!(std::fs::read(out.join("c.bin")).unwrap(), vector_add_c());
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("c.json")).unwrap()).unwrap();
    let a = v.as_array().unwrap();
    assert_eq!(a.len(), 1000);
    for (i, x) in a.iter().enumerate() {
        assert_eq!(x.as_f64(), Some(3.0 * i as f64 + 0.5), "[{i}] {x}");
    }
    let csv = std::fs::read_to_string(out.join("c.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1000);
    assert_eq!(csv.lines().nth(17), Some("17,51.5"));
    let r: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let c = &r["outputs"][0];
    assert_eq!((c["name"].as_str(), c["base"].as_str(), c["print_as"].as_str()), (Some("c"), Some("0x00003200"), Some("f32")));
    assert_eq!(c["head"][1].as_f64(), Some(3.5), "a number, not a string: {c}");
    assert_eq!(r["buffers"][1]["base"], "0x00002100");
    assert!(r["seconds"].as_f64().is_some_and(|s| s >= 0.0 && s < 60.0), "{}", r["seconds"]);
    // a folder that cannot be made: named in the error
    std::fs::write(dir.join("file"), "x").unwrap();
    let bad = dir.join("file/sub");
    let (code, _, err) = heddle(&["run", "--golden", "examples/kernels/launch/vector_add.json", "--out", bad.to_str().unwrap()]);
    assert!(code == 1 && err.contains(bad.to_str().unwrap()) && err.contains("cannot create"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--check REF.bin`: a matching reference passes; one changed element fails naming its index
/// with the expected and actual values; other sizes and unreadable files are errors.
#[test]
fn run_check_compares_with_a_reference() {
    let dir = temp_dir("check");
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.bin");
    std::fs::write(&good, vector_add_c()).unwrap();
    let run = |args: &[&str]| heddle(&[&["run", "--golden", "examples/kernels/launch/vector_add.json"], args].concat());
    let (code, out, err) = run(&["--check", good.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("check: buffer c matches") && out.contains("(4000 bytes, 1000 f32 elements)"), "{out}");
    let (code, out, err) = run(&["--check", good.to_str().unwrap(), "--check-buffer", "c"]);
    assert_eq!(code, 0, "{out}\n{err}");
    let mut c = vector_add_c();
    c[4 * 417..4 * 418].copy_from_slice(&1251.25f32.to_le_bytes());
    let bad = dir.join("bad.bin");
    std::fs::write(&bad, &c).unwrap();
    let (code, out, err) = run(&["--check", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.contains("in 1 of 1000 f32 elements") && out.contains("[417] expected 1251.25, actual 1251.5"), "{out}");
    assert!(err.contains("1 of 1000 elements of buffer 'c' differ"), "{err}");
    std::fs::write(&bad, &c[..3996]).unwrap();
    let (code, _, err) = run(&["--check", bad.to_str().unwrap()]);
    assert!(code == 1 && err.contains("is 3996 bytes but buffer 'c' is 4000 bytes"), "{err}");
    let (code, _, err) = run(&["--check", dir.join("missing.bin").to_str().unwrap()]);
    assert!(code == 1 && err.contains("missing.bin: cannot read it"), "{err}");
    let (code, _, err) = run(&["--check", good.to_str().unwrap(), "--check-buffer", "a"]);
    assert!(code == 1 && err.contains("--check-buffer a: not an output of this launch (outputs: c)"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `launch` part around a `buffers`/`args` body, on vector_add's PTX.
fn write_launch(dir: &std::path::Path, body: &str) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let ptx = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/kernels/ptx/vector_add.ptx");
    let f = dir.join("launch.json");
    std::fs::write(&f, format!(r#"{{"ptx": "{}", "grid": [1,1,1], "block": [32,1,1], {body}}}"#, ptx.display())).unwrap();
    f
}

/// Special floats in a launch file reach global memory with their exact bits and come back
/// out of --out (and the kernel's sums of them) exactly.
#[test]
fn run_special_floats_round_trip() {
    let dir = temp_dir("floats");
    let f = write_launch(
        &dir,
        r#""buffers": {"a": {"f32": ["nan", "-0", "0x7f800000", "-inf", 1.5, "0x7fc00001"]}, "b": {"f32": [0, -0.0, 1, "+inf", "-0", 0]},
            "c": {"zeros": 24}}, "args": [{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"u32": 6}],
            "outputs": ["a", "c"], "print_as": {"a": "f32", "c": "f32"}"#,
    );
    let out = dir.join("out");
    let (code, text, err) = heddle(&["run", "--golden", f.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{text}\n{err}");
    let words = |n: &str| -> Vec<u32> {
        std::fs::read(out.join(n)).unwrap().chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
    };
    assert_eq!(words("a.bin"), [0x7fc0_0000, 0x8000_0000, 0x7f80_0000, 0xff80_0000, 0x3fc0_0000, 0x7fc0_0001]);
    let a: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("a.json")).unwrap()).unwrap();
    assert_eq!(a, serde_json::json!(["nan", "-0", "inf", "-inf", 1.5, "0x7fc00001"]));
    assert!(text.contains("[nan, -0, inf, -inf, 1.5, 0x7fc00001]"), "{text}");
    // c = a + b: NaN stays a NaN, -0 + -0 = -0, inf + 1, -inf + inf = NaN, 1.5 - 0
    let c = words("c.bin");
    assert!(f32::from_bits(c[0]).is_nan() && f32::from_bits(c[3]).is_nan() && f32::from_bits(c[5]).is_nan(), "{c:08x?}");
    assert_eq!([c[1], c[2], c[4]], [0x8000_0000, 0x7f80_0000, 0x3fc0_0000], "{c:08x?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Launch-file errors name the buffer or argument and what was wrong.
#[test]
fn run_launch_file_errors_are_clear() {
    let dir = temp_dir("errors");
    let cases = [
        (r#""buffers": {"a": {"u32": [7, -1]}}, "args": []"#, "buffer 'a' (u32): element 1: -1 is out of range for u32 (0 to 4294967295)"),
        (r#""buffers": {"a": {"u32": [4294967296]}}, "args": []"#, "buffer 'a' (u32): element 0: 4294967296 is out of range for u32"),
        (r#""buffers": {"a": {"u8": [300]}}, "args": []"#, "buffer 'a' (u8): element 0: 300 is out of range for u8 (0 to 255)"),
        (r#""buffers": {"a": {"i32": [2147483648]}}, "args": []"#, "buffer 'a' (i32): element 0: 2147483648 is out of range for i32"),
        (r#""buffers": {"a": {"f32": [1, 2, 1e39]}}, "args": []"#, "buffer 'a' (f32): element 2: 1e+39 overflows f32"),
        (r#""buffers": {"a": {"zeros": 4}}, "args": [{"buffer": "a"}, {"f32": 1e39}]"#, "args[1] (f32): 1e+39 overflows f32"),
        (r#""buffers": {"a": {"zeros": 4}}, "args": [], "print_as": {"a": "float"}"#, "print_as: buffer 'a' has unknown type 'float' (accepted: u32, i32, f32, u8)"),
        (r#""buffers": {"a": {"zeros": 4}}, "args": [], "outputs": ["b"]"#, "outputs names an unknown buffer 'b' (buffers: a)"),
        (r#""buffers": {"a": {"zeros": 4}}, "args": [], "print_as": {"b": "u32"}"#, "print_as names an unknown buffer 'b'"),
    ];
    for (body, want) in cases {
        let f = write_launch(&dir, body);
        let (code, out, err) = heddle(&["run", "--golden", f.to_str().unwrap()]);
        assert!(code == 1 && err.contains(want), "{body}\n{out}{err}\nwanted: {want}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn corpus_runs_kernels_and_reports_coverage() {
    let (code, out, err) = heddle(&["corpus", "--filter", "rodinia_nn", "--coverage"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("rodinia_nn") && out.contains("1 kernels: 1 translated, 1 ran, 1 match"), "{out}");
    assert!(out.to_lowercase().contains("coverage"), "{out}");
    let (code, _, err) = heddle(&["corpus", "--filter", "no_such_kernel"]);
    assert_eq!(code, 1);
    assert!(err.contains("no corpus kernel matches 'no_such_kernel'"), "{err}");
}
