//! Helpers shared by the tests of committed PTX (kernels_ptx.rs for examples/kernels,
//! corpus.rs for examples/corpus): the files of a folder, and the staleness check against
//! clang-14 through the folder's `regen.sh`.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// The stems of the files of `dir` ending in `.ext`, sorted.
pub fn stems(dir: &Path, ext: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == ext).then(|| p.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    v.sort();
    v
}

/// The kernels of `kernels` whose committed `dir/ptx/<k>.ptx` differs from what
/// `dir/regen.sh` makes clang-14 write now; None (with a message) when clang-14 is not
/// installed.
pub fn stale_ptx(dir: &Path, kernels: &[String]) -> Option<Vec<String>> {
    if Command::new("clang-14").arg("--version").output().is_err() {
        eprintln!("clang-14 not installed: skipping the PTX staleness check of {}", dir.display());
        return None;
    }
    let out = std::env::temp_dir().join(format!("heddle-regen-{}-{}", dir.file_name().unwrap_or_default().to_string_lossy(), std::process::id()));
    let st = Command::new("sh").arg(dir.join("regen.sh")).arg(&out).status().unwrap();
    assert!(st.success(), "{}/regen.sh failed", dir.display());
    let stale = kernels
        .iter()
        .filter(|k| {
            let new = std::fs::read_to_string(out.join(format!("{k}.ptx"))).unwrap();
            let old = std::fs::read_to_string(dir.join(format!("ptx/{k}.ptx"))).unwrap();
            new != old
        })
        .cloned()
        .collect();
    let _ = std::fs::remove_dir_all(&out);
    Some(stale)
}
