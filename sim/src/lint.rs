//! The lint and synthesis gates every exported file must pass.
use std::path::{Path, PathBuf};
use std::process::Command;

/// The one place lint waivers live (each justified there).
pub fn waiver_file() -> PathBuf {
    crate::export::workspace_root().join("sim/lint/waivers.vlt")
}

/// Rules that must never be waived: they flag real hardware bugs.
pub const NEVER_WAIVED: &[&str] =
    &["UNDRIVEN", "MULTIDRIVEN", "LATCH", "UNUSED", "CASEINCOMPLETE", "COMBDLY", "BLKSEQ", "UNOPTFLAT", "ALWCOMBORDER"];

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
