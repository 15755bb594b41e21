//! The benchmark corpus (issue 22 item 4, docs/corpus.md): every kernel of examples/corpus/ on
//! the golden SM against its CPU reference (at least 25 must match), the committed PTX against
//! clang-14 (skipped with a message when clang-14 is missing), a planted bug the comparison
//! must catch, and the opcode-coverage machinery on the corpus and on a synthetic file.
use heddle_sim::corpus::{self, coverage_report, opcode_coverage, run_all, table};
use std::path::{Path, PathBuf};
#[path = "common/ptx_files.rs"]
mod ptx_files;
use ptx_files::{stale_ptx, stems};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/corpus")
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("heddle-corpus-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("ptx")).unwrap();
    d
}

#[test]
fn every_source_has_its_ptx_and_an_entry() {
    let d = dir();
    let cu = stems(&d, "cu");
    let ptx = stems(&d.join("ptx"), "ptx");
    let mut listed: Vec<String> = corpus::list().iter().map(|i| i.name.to_string()).collect();
    listed.sort();
    assert_eq!(cu, ptx, "every .cu has its committed .ptx (run examples/corpus/regen.sh)");
    assert_eq!(cu, listed, "every .cu has an entry in sim::corpus");
    assert!(cu.len() >= 25, "{} kernels", cu.len());
    for f in &cu {
        let src = std::fs::read_to_string(d.join(format!("{f}.cu"))).unwrap();
        assert!(src.starts_with("// Origin: "), "{f}.cu names its origin on its first line");
        assert!(src.contains("License"), "{f}.cu names its license");
    }
}

#[test]
fn corpus_runs_and_matches() {
    let t = std::time::Instant::now();
    let filter = std::env::var("CORPUS_FILTER").ok();
    let rows = run_all(&dir(), filter.as_deref());
    let s = table(&rows);
    println!("{s}({:.1} s)", t.elapsed().as_secs_f64());
    if filter.is_some() {
        return;
    }
    assert_eq!(rows.len(), corpus::list().len());
    let passed: Vec<&str> = rows.iter().filter(|r| r.passed()).map(|r| r.kernel.as_str()).collect();
    assert!(passed.len() >= 25, "only {} corpus kernels pass:\n{s}", passed.len());
    // every kernel of the corpus passes (docs/corpus.md): a regression is a failure
    assert_eq!(passed.len(), rows.len(), "corpus kernels that do not pass:\n{s}");
    // a passing row ran and was checked; a failing one says why
    for r in &rows {
        if r.passed() {
            assert!(r.instructions > 0 && r.warp_instructions > 0, "{r:?}");
        }
        if r.translated.is_err() {
            assert!(r.ran.is_err() && r.matches.is_err() && r.instructions == 0, "{r:?}");
        }
    }
    assert!(s.contains(&format!("{} match their CPU references", passed.len())), "{s}");
}

#[test]
fn a_planted_bug_is_caught() {
    // rodinia_nn with sqrt.rn.f32 replaced by sqrt.approx.f32: a few ulps off the correctly
    // rounded reference, which the bit-exact comparison must report
    let d = tmp("planted");
    let src = std::fs::read_to_string(dir().join("ptx/rodinia_nn.ptx")).unwrap();
    assert!(src.contains("sqrt.rn.f32"));
    std::fs::write(d.join("ptx/rodinia_nn.ptx"), src.replace("sqrt.rn.f32", "sqrt.approx.f32")).unwrap();
    let rows = run_all(&d, Some("rodinia_nn"));
    assert_eq!(rows.len(), 1);
    let r = &rows[0];
    assert!(r.translated.is_ok() && r.ran.is_ok(), "{r:?}");
    let e = r.matches.as_ref().unwrap_err();
    assert!(e.starts_with("distances[") && e.contains("expected") && e.contains("got"), "{e}");
    println!("caught: {e}");
    // and a missing file is reported as not translated
    let rows = run_all(&d, Some("rodinia_nw"));
    assert!(rows[0].translated.as_ref().unwrap_err().contains("rodinia_nw.ptx"), "{:?}", rows[0]);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn committed_ptx_is_up_to_date() {
    let d = dir();
    let Some(stale) = stale_ptx(&d, &stems(&d, "cu")) else { return };
    assert!(stale.is_empty(), "stale PTX (run examples/corpus/regen.sh): {stale:?}");
}

#[test]
fn opcode_coverage_of_the_corpus() {
    let c = opcode_coverage(&dir());
    let r = coverage_report(&c);
    println!("{r}");
    assert_eq!(c.files, corpus::list().len());
    assert_eq!(c.file_errors.len(), c.files);
    let occ: usize = c.forms.iter().map(|f| f.occurrences).sum();
    let acc: usize = c.forms.iter().map(|f| f.accepted).sum();
    assert!(c.forms.len() > 50 && occ > 5000, "{} forms, {occ} instructions", c.forms.len());
    assert!(acc <= occ);
    for f in &c.forms {
        assert!(f.accepted <= f.occurrences && !f.files.is_empty(), "{f:?}");
        assert!(f.form.starts_with(&f.opcode), "{f:?}");
        assert_eq!(f.error.is_some(), f.accepted < f.occurrences, "{f:?}");
    }
    // the grouping adds up
    assert_eq!(c.opcodes.iter().map(|o| o.occurrences).sum::<usize>(), occ);
    assert_eq!(c.opcodes.iter().map(|o| o.forms).sum::<usize>(), c.forms.len());
    // forms every file needs are accepted
    for f in ["ld.param.u64", "cvta.to.global.u64", "bar.sync", "ret"] {
        let ff = c.forms.iter().find(|x| x.form == f).unwrap_or_else(|| panic!("{f} not found"));
        assert_eq!(ff.status(), "accepted", "{ff:?}");
    }
    assert!(r.contains("instruction forms (opcode with modifiers):") && r.contains("bare opcodes:"), "{r}");
}

#[test]
fn opcode_coverage_attributes_errors_to_instructions() {
    // a synthetic corpus: one file whose second kernel has an opcode no PTX has; the probe
    // rejects exactly that instruction, accepts the rest, and the file-level error names it
    let d = tmp("coverage");
    let ptx = "\
.version 3.2
.target sm_20
.address_size 64

.visible .entry good(
\t.param .u64 good_param_0
)
{
\t.reg .b32 \t%r<3>;
\t.reg .b64 \t%rd<3>;

\tld.param.u64 \t%rd1, [good_param_0];
\tcvta.to.global.u64 \t%rd2, %rd1;
\tmov.u32 \t%r1, %tid.x;
\tadd.s32 \t%r2, %r1, 1;
\tst.global.u32 \t[%rd2], %r2;
\tret;
}

.visible .entry bad(
\t.param .u64 bad_param_0
)
{
\t.reg .pred \t%p<2>;
\t.reg .b32 \t%r<3>;

\tmov.u32 \t%r1, %tid.x;
\tsetp.eq.s32 \t%p1, %r1, 0;
\t@%p1 bra \tLBB1_2;
\tfrobnicate.b32 \t%r2, %r1;
LBB1_2:
\tadd.s32 \t%r2, %r1, 1;
\tret;
}
";
    std::fs::write(d.join("ptx/synthetic.ptx"), ptx).unwrap();
    let c = opcode_coverage(&d);
    let r = coverage_report(&c);
    println!("{r}");
    let get = |f: &str| c.forms.iter().find(|x| x.form == f).unwrap_or_else(|| panic!("{f}: {r}")).clone();
    assert_eq!(c.files, 1);
    assert_eq!(get("add.s32").occurrences, 2);
    assert_eq!(get("add.s32").status(), "accepted");
    assert_eq!(get("bra").status(), "accepted");
    assert_eq!(get("setp.eq.s32").status(), "accepted");
    let bad = get("frobnicate.b32");
    assert_eq!((bad.occurrences, bad.accepted, bad.status()), (1, 0, "rejected"));
    assert!(bad.error.as_deref().unwrap().starts_with("synthetic.ptx:30:"), "{bad:?}");
    assert_eq!(c.forms.len(), 9, "{r}");
    let fe = c.file_errors[0].1.as_deref().unwrap();
    assert!(fe.contains("synthetic.ptx:30:"), "{fe}");
    assert!(r.contains("9 emitted by clang, 8 accepted by heddle, 0 partly, 1 rejected"), "{r}");
    let _ = std::fs::remove_dir_all(&d);
}
