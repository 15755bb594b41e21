//! The benchmark corpus (issue 22 item 4, docs/corpus.md): every kernel of examples/corpus/
//! on the golden SM against its CPU reference, the committed PTX against clang-14, and the
//! opcode-coverage report.
use heddle_sim::corpus::{self, coverage_report, opcode_coverage, run_all, table};
use std::path::{Path, PathBuf};
use std::process::Command;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/corpus")
}

#[test]
fn corpus_runs_and_matches() {
    let t = std::time::Instant::now();
    let rows = run_all(&dir(), std::env::var("CORPUS_FILTER").ok().as_deref());
    let s = table(&rows);
    println!("{s}");
    println!("({:.1} s)", t.elapsed().as_secs_f64());
    let passed = rows.iter().filter(|r| r.passed()).count();
    assert!(passed >= 25, "only {passed} corpus kernels pass:\n{s}");
}
