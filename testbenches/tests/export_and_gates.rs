//! `heddle verilog --check` (the committed folder itself is checked through the CLI in
//! tests/cli.rs), and the lint and synthesis gates over every exported file.
use heddle_sim::export::{default_out_dir, export_all, ExportError};
use heddle_sim::lint::{
    gate_all, gate_cached, multiple_port_assignments, verilator_lint, waiver_file, yosys_synth, Gate, NEVER_WAIVED,
};

/// Every exported file: the blocks', then the boards'.
fn exported() -> Vec<(String, std::path::PathBuf)> {
    heddle_hw::blocks()
        .iter()
        .chain(heddle_hw::boards().iter())
        .map(|b| (b.name.to_string(), default_out_dir().join(format!("{}.v", b.name))))
        .collect()
}

#[test]
fn check_names_stale_missing_and_unregistered_files() {
    let dir = std::env::temp_dir().join(format!("heddle-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let files = export_all(&dir, false).unwrap();
    assert_eq!(files.len(), heddle_hw::blocks().len() + heddle_hw::boards().len());
    export_all(&dir, true).expect("a fresh export is up to date");
    // Edit one file, delete another, add an unregistered one.
    let first = &files[0].path;
    std::fs::write(first, std::fs::read_to_string(first).unwrap().replace("endmodule", "endmodule // edited")).unwrap();
    std::fs::remove_file(&files[1].path).unwrap();
    std::fs::write(dir.join("ghost.v"), "module ghost; endmodule\n").unwrap();
    match export_all(&dir, true) {
        Err(ExportError::Stale(s)) => {
            assert_eq!(
                s,
                vec![format!("{}.v", files[0].block), format!("{}.v", files[1].block), "ghost.v (no such block)".into()]
            );
        }
        other => panic!("check passed a stale folder: {other:?}"),
    }
    // A plain export repairs it, removing the unregistered file.
    export_all(&dir, false).unwrap();
    export_all(&dir, true).unwrap();
    assert!(!dir.join("ghost.v").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_file_has_its_top_module_named_after_the_block() {
    for (name, path) in exported() {
        let text = std::fs::read_to_string(&path).unwrap();
        let first = text.lines().find(|l| l.starts_with("module ")).unwrap();
        assert!(first.starts_with(&format!("module {name}(")), "{}: {first}", path.display());
        assert!(!text.contains("module top") && !text.contains("top$"), "{}", path.display());
    }
}

/// Both tool gates over every exported file, in parallel, each verdict cached by the hash of
/// the file, the tool's version and the waivers (docs/testing.md).
#[test]
fn every_exported_file_is_lint_clean_and_synthesizes_without_warnings() {
    // The synthesis gate covers every block but the SM tops, whose generic-gate synthesis
    // takes Yosys over ten minutes: their units are each gated here, and the SMs themselves
    // are synthesized by `heddle report` (docs/ecp5-report.md); the boards (an SM inside) by
    // `heddle fpga build`. The lint covers every file, the boards' with the ECP5 models.
    let files = exported();
    let blocks = heddle_hw::blocks();
    let synth: Vec<_> = files
        .iter()
        .filter(|(n, _)| !heddle_hw::SYNTH_GATE_EXEMPT.contains(&n.as_str()) && blocks.iter().any(|b| b.name == n))
        .cloned()
        .collect();
    let mut results = gate_all(&files, &[Gate::Lint]).unwrap_or_else(|e| panic!("{e}"));
    results.extend(gate_all(&synth, &[Gate::Synth]).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(results.len(), 2 * blocks.len() + heddle_hw::boards().len() - heddle_hw::SYNTH_GATE_EXEMPT.len());
    let failed: Vec<String> = results
        .iter()
        .filter(|r| !r.warnings.is_empty())
        .map(|r| format!("{} ({:?}):\n{}", r.file.display(), r.gate, r.warnings.join("\n")))
        .collect();
    let cached = results.iter().filter(|r| r.cached).count();
    println!("{} gate runs, {cached} from the cache", results.len());
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The gate cache never serves a verdict for a changed file: a clean file is cached, then a
/// planted problem in the same file is flagged by both gates.
#[test]
fn gate_cache_is_keyed_by_the_file() {
    let dir = std::env::temp_dir().join(format!("heddle-gate-cache-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("cached.v");
    // A unique comment, so this run's first verdict cannot come from an earlier run.
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let clean = format!("// {stamp}\nmodule cached(input wire [7:0] a, output wire [7:0] y);\n  assign y = a;\nendmodule\n");
    std::fs::write(&f, &clean).unwrap();
    for g in [Gate::Lint, Gate::Synth] {
        let first = gate_cached(g, &f, "cached").unwrap();
        assert!(first.warnings.is_empty() && !first.cached, "{g:?}: {first:?}");
        let again = gate_cached(g, &f, "cached").unwrap();
        assert!(again.warnings.is_empty() && again.cached, "{g:?}: {again:?}");
    }
    std::fs::write(&f, clean.replace("assign y = a;", "wire n;\n  assign y = a + 9'd1 + {7'd0, n};")).unwrap();
    for g in [Gate::Lint, Gate::Synth] {
        let r = gate_cached(g, &f, "cached").unwrap();
        assert!(!r.cached && !r.warnings.is_empty(), "{g:?}: a changed file passed from the cache: {r:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn waivers_never_cover_real_bug_classes() {
    let text = std::fs::read_to_string(waiver_file()).unwrap();
    let mut rules = 0;
    for line in text.lines().filter(|l| l.trim_start().starts_with("lint_off")) {
        let rule = line.split("-rule").nth(1).and_then(|r| r.split_whitespace().next()).unwrap_or("");
        assert!(!rule.is_empty(), "a waiver without -rule waives everything: {line}");
        assert!(!NEVER_WAIVED.contains(&rule), "forbidden waiver: {line}");
        if rule.starts_with("UNUSED") || rule == "UNOPTFLAT" {
            // Only sub-module port wires (`instance$port`) may be waived for these.
            assert!(rule == "UNUSEDSIGNAL" || rule == "UNOPTFLAT", "{line}");
            assert!(line.contains(": '*$*'"), "too broad, must name only `instance$port` wires: {line}");
        }
        assert!(line.contains("-match"), "a waiver must match a specific message: {line}");
        rules += 1;
    }
    assert!(rules > 0);
}

/// The gates can fail: a file with real problems is flagged by both.
#[test]
fn gates_flag_planted_problems() {
    let dir = std::env::temp_dir().join(format!("heddle-gates-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.v");
    // `n` is undriven, `y` truncates a 9-bit sum, and `m` has two drivers.
    std::fs::write(
        &f,
        "module bad(input wire [7:0] a, input wire [7:0] b, output wire [7:0] y, output wire z, output wire m);\n\
         wire n;\n  assign y = a + b + 9'd1;\n  assign z = n;\n  assign m = a[0];\n  assign m = b[0];\nendmodule\n",
    )
    .unwrap();
    let lint = verilator_lint(&f, "bad").unwrap().join("\n");
    assert!(lint.contains("UNDRIVEN") && lint.contains("WIDTH"), "{lint}");
    let synth = yosys_synth(&f, "bad").unwrap().join("\n");
    assert!(synth.contains("Warning"), "{synth}");
    // A true combinational loop: Verilator's UNOPTFLAT (on a plain name, not waived) and
    // Yosys's "found logic loop" both fail the gates.
    let l = dir.join("loopy.v");
    std::fs::write(&l, "module loopy(input wire a, output reg y);\n  reg x;\n  always @(*) begin\n    x = a ^ y;\n    y = ~x;\n  end\nendmodule\n").unwrap();
    let lint = verilator_lint(&l, "loopy").unwrap().join("\n");
    assert!(lint.contains("UNOPTFLAT"), "{lint}");
    let synth = yosys_synth(&l, "loopy").unwrap().join("\n");
    assert!(synth.contains("found logic loop"), "{synth}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ports_and_sub_block_inputs_are_assigned_once_per_run() {
    for (_, path) in exported() {
        let v = multiple_port_assignments(&std::fs::read_to_string(&path).unwrap());
        assert!(v.is_empty(), "{}:\n{}", path.display(), v.join("\n"));
    }
}

/// The single-assignment check flags a default-then-override of a port or a sub-block
/// input (also of an element of a sub-block array, `s$1`, and of a sub-block whose logic is
/// one `always @(*)` statement, `m`, as the distributed RAM's read is), and accepts
/// exclusive branches
/// DFF inputs (also of a DFF array, `r$1`) and locals (also a local array, `t$0`).
#[test]
fn single_assignment_check_flags_planted_glitches() {
    let v = "module top(a,y,p);\n    input wire [1:0] a;\n    output reg y;\n    output reg p;\n    reg  sub$x;\n    wire  sub$z;\n    reg  r$d;\n    wire  r$q;\n\
    reg  r$1$d;\n    wire  r$1$q;\n    reg  s$1$x;\n    wire  s$1$z;\n    reg  t$0;\n    reg  m$x;\n    wire  m$z;\n\
    ram_t m(\n        .x(m$x),\n        .z(m$z)\n    );\n\
    sub_t sub(\n        .x(sub$x),\n        .z(sub$z)\n    );\n    dff_t r(\n        .d(r$d),\n        .q(r$q)\n    );\n\
    dff_t r$1(\n        .d(r$1$d),\n        .q(r$1$q)\n    );\n    sub_t s$1(\n        .x(s$1$x),\n        .z(s$1$z)\n    );\n\
    always @(*) begin\n        r$d = r$q;\n        r$d = a[0];\n        r$1$d = r$1$q;\n        r$1$d = a[1];\n        s$1$x = a[0];\n        s$1$x = a[1];\n        t$0 = a[0];\n        t$0 = a[1];\n\
        sub$x = a[0];\n        if (a[1]) begin\n            sub$x = 1'b0;\n        end\n        m$x = a[0];\n        m$x = a[1];\n\
        case (a)\n            0:\n                begin\n                    p = 1'b1;\n                end\n            default:\n                begin\n                    p = 1'b0;\n                end\n        endcase\n\
        if (a[0]) begin\n            y = 1'b1;\n        end\n        else begin\n            y = sub$z;\n        end\n    end\nendmodule\n\
module sub_t(x,z);\n    input wire x;\n    output reg z;\n    always @(*) begin\n        z = ~x;\n    end\nendmodule\n\
module ram_t(x,z);\n    input wire x;\n    output reg z;\n    always @(*) z = ~x;\nendmodule\n\
module dff_t(d,q);\n    input wire d;\n    output reg q;\n    always @(posedge d) begin\n       q <= d;\n    end\nendmodule\n";
    let found = multiple_port_assignments(v);
    assert_eq!(
        found,
        vec![
            "top: `m$x` assigned up to 2 times in one run of its always @(*)".to_string(),
            "top: `s$1$x` assigned up to 2 times in one run of its always @(*)".to_string(),
            "top: `sub$x` assigned up to 2 times in one run of its always @(*)".to_string()
        ],
        "{v}"
    );
}
