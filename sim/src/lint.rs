//! The lint and synthesis gates every exported file must pass.
use std::path::{Path, PathBuf};
use std::process::Command;

/// The one place lint waivers live (each justified there).
pub fn waiver_file() -> PathBuf {
    crate::export::workspace_root().join("sim/lint/waivers.vlt")
}

/// Lint-only models of the ECP5 primitives the board tops instantiate (`EHXPLLL.v`, one
/// module a file), found by the lint as a library folder (`-y`).
pub fn ecp5_stub_dir() -> PathBuf {
    crate::export::workspace_root().join("sim/lint/ecp5")
}

/// Rules that must never be waived: they flag real hardware bugs. (UNUSEDSIGNAL and
/// UNOPTFLAT may be waived only for sub-module port wires; a test enforces the pattern.)
pub const NEVER_WAIVED: &[&str] =
    &["UNDRIVEN", "MULTIDRIVEN", "LATCH", "UNUSED", "CASEINCOMPLETE", "COMBDLY", "BLKSEQ", "ALWCOMBORDER"];

/// `verilator --lint-only -Wall` of `file` with top module `top` and heddle's waivers (the
/// ECP5 primitives from [`ecp5_stub_dir`]). Returns every warning or error line (empty: clean).
pub fn verilator_lint(file: &Path, top: &str) -> Result<Vec<String>, crate::tools::ToolMissing> {
    let v = crate::tools::find("verilator")?;
    let o = Command::new(v)
        .args(["--lint-only", "-Wall", "--top-module", top, "-y"])
        .arg(ecp5_stub_dir())
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

/// Yosys synthesis of `file` to generic gates with top module `top`; returns every warning
/// (and the error, if it failed). This is the gate-level co-simulation's own Yosys run
/// ([`crate::cosim::gate_script`]: `synth -flatten` through the coarse passes, then the fine
/// passes with memories kept as arrays, `abc -fast` and `check -assert`), cached with the
/// netlist, so a block is synthesized once per machine for both purposes.
pub fn yosys_synth(file: &Path, top: &str) -> Result<Vec<String>, crate::tools::ToolMissing> {
    crate::tools::find("yosys")?;
    let verilog = match std::fs::read_to_string(file) {
        Ok(v) => v,
        Err(e) => return Ok(vec![format!("{}: {e}", file.display())]),
    };
    Ok(match crate::cosim::gate_synth(top, &verilog) {
        Ok(g) => g.warnings,
        Err(crate::cosim::CosimError::Build { log, tail, .. }) => {
            let mut lines = crate::report::warnings(&std::fs::read_to_string(&log).unwrap_or_default());
            lines.push(format!("yosys failed: {tail}"));
            lines
        }
        Err(e) => vec![format!("yosys: {e}")],
    })
}

/// One of the two tool gates every exported file passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    /// `verilator --lint-only -Wall` with heddle's waivers ([`verilator_lint`]).
    Lint,
    /// Yosys synthesis to generic gates ([`yosys_synth`]).
    Synth,
}

impl Gate {
    fn name(self) -> &'static str {
        match self {
            Gate::Lint => "lint",
            Gate::Synth => "synth",
        }
    }
}

/// A gate's verdict on one file: its warning lines (empty: clean), and whether it came from
/// the cache.
#[derive(Debug, Clone)]
pub struct GateResult {
    pub file: PathBuf,
    pub gate: Gate,
    pub warnings: Vec<String>,
    pub cached: bool,
}

/// The cache key of `gate` on `verilog`: the file's text, the top module, the tool's version
/// and, for the lint, the waiver file and the ECP5 models, so a cached verdict is never used
/// after any of them changes.
fn gate_key(gate: Gate, top: &str, verilog: &[u8]) -> Result<u64, crate::tools::ToolMissing> {
    let (tool, flag) = match gate {
        Gate::Lint => ("verilator", "--version"),
        Gate::Synth => ("yosys", "-V"),
    };
    crate::tools::find(tool)?;
    let version = crate::tools::version(tool, flag);
    let waivers = match gate {
        Gate::Lint => {
            let mut w = std::fs::read(waiver_file()).unwrap_or_default();
            let mut stubs: Vec<PathBuf> = std::fs::read_dir(ecp5_stub_dir()).map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
            stubs.sort();
            for f in stubs {
                w.extend(std::fs::read(f).unwrap_or_default());
            }
            w
        }
        Gate::Synth => vec![],
    };
    Ok(crate::tools::fnv64(&[b"gate-v2", gate.name().as_bytes(), top.as_bytes(), verilog, version.as_bytes(), &waivers]))
}

/// Runs `gate` on `file` (top module `top`), or returns the verdict cached for exactly this
/// input (`tools::cache_dir()/gates`). Only completed runs are cached.
pub fn gate_cached(gate: Gate, file: &Path, top: &str) -> Result<GateResult, crate::tools::ToolMissing> {
    let verilog = std::fs::read(file).unwrap_or_default();
    let key = gate_key(gate, top, &verilog)?;
    let dir = crate::tools::cache_dir().join("gates");
    let entry = dir.join(format!("{top}-{}-{key:016x}.txt", gate.name()));
    if let Ok(t) = std::fs::read_to_string(&entry) {
        let warnings = t.lines().map(str::to_string).collect();
        return Ok(GateResult { file: file.into(), gate, warnings, cached: true });
    }
    let warnings = match gate {
        Gate::Lint => verilator_lint(file, top)?,
        Gate::Synth => yosys_synth(file, top)?,
    };
    let text: String = warnings.iter().map(|w| format!("{w}\n")).collect();
    crate::tools::cache_write(&entry, &text);
    Ok(GateResult { file: file.into(), gate, warnings, cached: false })
}

/// Runs every gate in `gates` on every `(top, file)`, spread over the machine's cores (one
/// tool process per core), each verdict cached by [`gate_cached`]. Results come back in input
/// order, gates inner.
pub fn gate_all(files: &[(String, PathBuf)], gates: &[Gate]) -> Result<Vec<GateResult>, crate::tools::ToolMissing> {
    let jobs: Vec<(Gate, &String, &PathBuf)> =
        files.iter().flat_map(|(top, f)| gates.iter().map(move |g| (*g, top, f))).collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).min(jobs.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<Result<GateResult, crate::tools::ToolMissing>>>> =
        jobs.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some((g, top, f)) = jobs.get(i) else { break };
                *results[i].lock().unwrap() = Some(gate_cached(*g, f, top));
            });
        }
    });
    results.into_iter().map(|m| m.into_inner().unwrap().expect("every job ran")).collect()
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
/// `if`/`else` or a `case` take the maximum. A sub-module counts as combinational with an
/// `always @(*)` block or statement (the distributed RAM's read, `prim::lutram`), an
/// `assign` or an assigned wire. Inputs of purely sequential sub-modules (a
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
        } else if t.starts_with("always @(*)") || t.starts_with("assign ") || (t.starts_with("wire ") && t.contains(" = ")) {
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
