//! The lint and synthesis gates every exported file must pass.
use std::path::{Path, PathBuf};
use std::process::Command;

/// The one place lint waivers live (each justified there).
pub fn waiver_file() -> PathBuf {
    crate::export::workspace_root().join("sim/lint/waivers.vlt")
}

/// Rules that must never be waived: they flag real hardware bugs. (UNUSEDSIGNAL and
/// UNOPTFLAT may be waived only for sub-module port wires; a test enforces the pattern.)
pub const NEVER_WAIVED: &[&str] =
    &["UNDRIVEN", "MULTIDRIVEN", "LATCH", "UNUSED", "CASEINCOMPLETE", "COMBDLY", "BLKSEQ", "ALWCOMBORDER"];

/// `verilator --lint-only -Wall` of `file` with top module `top` and heddle's waivers.
/// Returns every warning or error line (empty: clean).
pub fn verilator_lint(file: &Path, top: &str) -> Result<Vec<String>, crate::tools::ToolMissing> {
    let v = crate::tools::find("verilator")?;
    let o = Command::new(v)
        .args(["--lint-only", "-Wall", "--top-module", top])
        .arg(waiver_file())
        .arg(file)
        .output()
        .expect("verilator runs");
    let text = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    let mut lines: Vec<String> = text.lines().filter(|l| l.starts_with('%')).map(str::to_string).collect();
    if !o.status.success() && lines.is_empty() {
        lines.push(format!("verilator exited with {}", o.status));
    }
    Ok(lines)
}

/// Yosys `synth -top top` of `file`; returns every warning (and the error, if it failed).
pub fn yosys_synth(file: &Path, top: &str) -> Result<Vec<String>, crate::tools::ToolMissing> {
    let y = crate::tools::find("yosys")?;
    let o = Command::new(y)
        .arg("-p")
        .arg(format!("read_verilog {}; synth -top {top}", file.display()))
        .output()
        .expect("yosys runs");
    let text = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    let mut lines = crate::report::warnings(&text);
    if !o.status.success() {
        lines.push(format!("yosys failed: {}", crate::cosim::tail(&text, 5)));
    }
    Ok(lines)
}

/// heddle's own gate against zero-delay glitches across module boundaries.
///
/// rust-hdl exports each module's logic as one `always @(*)` block. If that block assigns
/// an output port, or an input of a sub-block, more than once per run (a default, then an
/// override), the signal glitches in zero time. A parent that both drives a sub-block's
/// inputs and reads its outputs then re-triggers it, and an event-driven simulator (Icarus)
/// can ping-pong between the two forever. Measured on the first fp32_mul: Icarus hung at one
/// vector while Verilator settled. Rule: every output port and every sub-block input is
/// assigned exactly once per `always @(*)` block; stage the value in a local first.
///
/// Assignments are counted per execution path: a sequence adds, the branches of an
/// `if`/`else` or a `case` take the maximum. Inputs of purely sequential sub-modules (a
/// DFF's `d`, which rust-hdl's `dff_setup!` first sets to `q` and then overrides) are not
/// watched: nothing reads them combinationally; nor are locals (local arrays are `name$k`).
/// Returns one line per violation.
pub fn multiple_port_assignments(verilog: &str) -> Vec<String> {
    let mut out = vec![];
    let mut module = String::new();
    let mut watched: Vec<String> = vec![];
    let lines: Vec<&str> = verilog.lines().map(str::trim).collect();
    // Modules with combinational logic, and each module's instances -> their module.
    let mut comb_modules = std::collections::BTreeSet::new();
    let mut instances = std::collections::BTreeMap::new();
    let mut cur = String::new();
    for t in &lines {
        if let Some(rest) = t.strip_prefix("module ") {
            cur = rest.split('(').next().unwrap_or("").trim().to_string();
        } else if *t == "always @(*) begin" || t.starts_with("assign ") || (t.starts_with("wire ") && t.contains(" = ")) {
            comb_modules.insert(cur.clone());
        } else if let Some((ty, inst)) = t.strip_suffix('(').and_then(|x| x.split_once(' ')) {
            if !ty.contains(' ') && !inst.contains(' ') {
                instances.insert((cur.clone(), inst.to_string()), ty.to_string());
            }
        }
    }
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i];
        if let Some(rest) = t.strip_prefix("module ") {
            module = rest.split('(').next().unwrap_or("").trim().to_string();
            watched.clear();
        } else if let Some(rest) = t.strip_prefix("output reg") {
            watched.push(decl_name(rest));
        } else if let Some(rest) = t.strip_prefix("reg ") {
            // The `inst$port` regs rust-hdl declares for sub-block inputs (an array element's
            // instance is `name$k`, so the port is what follows the last `$`).
            let n = decl_name(rest);
            // A `name$k` that is no instance is an element of a local array (a local, like
            // every other local, is only read inside this block: not watched).
            if let Some((inst, _)) = n.rsplit_once('$') {
                if let Some(ty) = instances.get(&(module.clone(), inst.to_string())) {
                    if comb_modules.contains(ty) {
                        watched.push(n);
                    }
                }
            }
        } else if t == "always @(*) begin" {
            i += 1;
            let counts = path_counts(&lines, &mut i);
            for (sig, n) in counts {
                if n > 1 && watched.contains(&sig) {
                    out.push(format!("{module}: `{sig}` assigned up to {n} times in one run of its always @(*)"));
                }
            }
        }
        i += 1;
    }
    out
}

type Counts = std::collections::BTreeMap<String, usize>;

fn add_counts(a: &mut Counts, b: Counts) {
    for (k, v) in b {
        *a.entry(k).or_default() += v;
    }
}

fn max_counts(mut a: Counts, b: Counts) -> Counts {
    for (k, v) in b {
        let e = a.entry(k).or_default();
        *e = (*e).max(v);
    }
    a
}

/// Statements from `lines[*i]` up to the `end` closing this block (consumed).
fn path_counts(lines: &[&str], i: &mut usize) -> Counts {
    let mut seq = Counts::new();
    while *i < lines.len() {
        let t = lines[*i];
        if t == "end" || t == "endcase" {
            *i += 1;
            return seq;
        }
        if t.starts_with("if (") && t.ends_with("begin") {
            add_counts(&mut seq, if_chain(lines, i));
            continue;
        }
        if t.starts_with("case (") {
            *i += 1;
            let mut arms = Counts::new();
            while *i < lines.len() && lines[*i] != "endcase" {
                // `label:` then `begin` ... `end`
                *i += 1;
                if lines.get(*i) == Some(&"begin") {
                    *i += 1;
                }
                arms = max_counts(arms, path_counts(lines, i));
            }
            *i += 1;
            add_counts(&mut seq, arms);
            continue;
        }
        if let Some((lhs, _)) = t.split_once(" = ") {
            let lhs = lhs.split('[').next().unwrap_or(lhs).trim();
            if !lhs.contains(' ') && !lhs.starts_with("//") {
                *seq.entry(lhs.to_string()).or_default() += 1;
            }
        }
        *i += 1;
    }
    seq
}

/// `if (..) begin .. end [else if (..) begin .. end]* [else begin .. end]`: the maximum
/// over the branches (a missing `else` is an empty branch).
fn if_chain(lines: &[&str], i: &mut usize) -> Counts {
    *i += 1;
    let mut best = path_counts(lines, i);
    while *i < lines.len() {
        let t = lines[*i];
        if let Some(rest) = t.strip_prefix("else ") {
            if rest.starts_with("if (") {
                *i += 1;
                best = max_counts(best, path_counts(lines, i));
                continue;
            }
            if rest == "begin" {
                *i += 1;
                best = max_counts(best, path_counts(lines, i));
            }
        }
        break;
    }
    best
}
fn decl_name(rest: &str) -> String {
    let r = rest.trim().trim_end_matches(';');
    let r = match r.find(']') {
        Some(i) => &r[i + 1..],
        None => r,
    };
    r.trim().trim_start_matches("signed").trim().to_string()
}
