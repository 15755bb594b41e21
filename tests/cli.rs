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
    let (code, out, err) = heddle(&[
        "run",
        "examples/kernels/launch/reduction.json",
        "--json",
        json.to_str().unwrap(),
        "--timeline",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("RTL SM (Verilator)") && out.contains("outputs equal"), "{out}");
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
    let (code, out, err) = heddle(&["run", "--golden", "examples/kernels/launch/reduction.json"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(!out.contains("RTL SM") && out.contains("3680 warp-instructions"), "{out}");
    let (code, _, err) = heddle(&["run", "--trace", "/dev/null", "examples/kernels/launch/reduction.json"]);
    assert!(code != 0 && err.contains("--golden"), "{err}");
}
