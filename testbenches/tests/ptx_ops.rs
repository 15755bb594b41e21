//! The PTX instructions the G80 had no hardware for, lowered by the translator to micro-op
//! sequences (issue 22; docs/ptx.md "Lowered instructions"): every case of
//! `ptx_ops/cases.rs` runs in the golden SM on edge and random operands and is compared
//! with its CPU reference, thread by thread. The RTL SM runs the same cases in `sm.rs`.
#[path = "ptx_ops/cases.rs"]
mod cases;

use cases::{cases, check, div_exact, hard_f32_inputs, hard_f64_inputs, inputs, kernel_src, rsqrt_exact, setup, sqrt_exact, Case, B64};
use heddle_sim::gsm::{self, Config, GoldenFpUnits};
use heddle_sim::ptx::parse;
use heddle_sim::ptx::translate::{translate, Kernel, Options};

fn kernel(c: &Case) -> Kernel {
    let src = kernel_src(c);
    let m = parse("ops.ptx", &src).unwrap_or_else(|e| panic!("{}: {e}", c.name));
    translate(&m, None, Options::default()).unwrap_or_else(|e| panic!("{}: {e}", c.name))
}

fn run_case(c: &Case, ins: &[(u64, u64, u64)]) -> Result<(), String> {
    check(c, ins, &run_out(c, ins)?)
}

/// The case's outputs (8 bytes per thread).
fn run_out(c: &Case, ins: &[(u64, u64, u64)]) -> Result<Vec<u8>, String> {
    let k = kernel(c);
    let (mut mem, l, pout) = setup(&k, ins, 256);
    gsm::run(&k, &l, &mut mem, &Config::default(), &mut GoldenFpUnits, false).map_err(|f| format!("{}: {f}", c.name))?;
    Ok(mem.buffer(pout).unwrap().to_vec())
}

#[test]
fn every_lowered_instruction_matches_its_cpu_reference() {
    let ins = inputs(2048, 22);
    let all = cases();
    let failures: Vec<String> = all.iter().filter_map(|c| run_case(c, &ins).err()).collect();
    eprintln!("{} cases x {} threads", all.len(), ins.len());
    assert!(failures.is_empty(), "{} of {} cases differ:\n{}", failures.len(), all.len(), failures.join("\n"));
}

/// Integer division: divisors 1..=4096 and the powers of two and their neighbours against
/// the largest dividends and random ones, then random pairs (the reciprocal estimate must
/// be at most two too small everywhere: one wrong correction shows).
#[test]
fn division_on_hard_operands() {
    let mut ys: Vec<u64> = (1..=4096).collect();
    for k in 0..32 {
        for d in [-1i64, 0, 1] {
            ys.push(((1i64 << k) + d) as u32 as u64);
        }
    }
    ys.extend([0xFFFF_FFFF, 0xFFFF_FFFE, 0x8000_0001, 0x7FFF_FFFF, 0xAAAA_AAAB, 0x5555_5555, 0xFFFF_0001, 0]);
    let mut rng = heddle_sim::vectors::Rng::new(5);
    let mut ins = vec![];
    for &y in &ys {
        for x in [0xFFFF_FFFFu64, 0xFFFF_FFFE, 0x8000_0000, 0x7FFF_FFFF, (y * 3).wrapping_sub(1) & 0xFFFF_FFFF, rng.next_u32() as u64] {
            ins.push((x, y, 0));
        }
    }
    while ins.len() % 256 != 0 || ins.len() < 65536 {
        let y = rng.next_u32() >> rng.below(32);
        ins.push((rng.next_u32() as u64, y as u64, 0));
    }
    let wanted = ["div.u32", "rem.u32", "div.s32", "rem.s32"];
    for c in cases().iter().filter(|c| wanted.contains(&c.name.as_str())) {
        run_case(c, &ins).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Binary64 `div/rcp/sqrt` in the four modes, `rcp.approx.ftz.f64` and the directed
/// binary32 `div/rcp/sqrt` (with and without `.ftz`) on hard operands (`hard_f64_inputs`,
/// `hard_f32_inputs`: quotients and roots within ~2^-100 of midpoints and representable
/// values at every precision a result can have, exact ones, overflow and underflow
/// thresholds, specials, random bit patterns): bit-exact against the exact integer
/// references. `rsqrt.approx.f64`: bit-exact except where 1/sqrt(x) is within 2^-30 ulp of a
/// midpoint (either neighbour accepted there; the sequence's error is 0.5 + 2^-37 ulp).
#[test]
fn division_and_square_root_on_hard_operands() {
    let f64_ins = hard_f64_inputs(16384, 31);
    let f32_ins = hard_f32_inputs(16384, 37);
    let all = cases();
    let one_of = |name: &str, ops: &[&str]| ops.iter().any(|o| name.starts_with(&format!("{o}.")));
    let directed = |name: &str| [".rz", ".rm", ".rp"].iter().any(|m| name.contains(m));
    let mut failures = vec![];
    let mut run = 0;
    for c in &all {
        let ins = if c.name.ends_with(".f64") && one_of(&c.name, &["div", "rcp", "sqrt"]) {
            &f64_ins
        } else if c.name.ends_with(".f32") && one_of(&c.name, &["div", "rcp", "sqrt"]) && directed(&c.name) {
            &f32_ins
        } else {
            continue;
        };
        run += 1;
        if let Err(e) = run_case(c, ins) {
            failures.push(e);
        }
    }
    let (mut hard, mut other_way) = (0, 0);
    for c in all.iter().filter(|c| c.name == "rsqrt.approx.f64") {
        run += 1;
        let out = run_out(c, &f64_ins).unwrap();
        for (t, &(a, _, _)) in f64_ins.iter().enumerate() {
            let got = u64::from_le_bytes(out[8 * t..8 * t + 8].try_into().unwrap());
            let (want, near_mid) = rsqrt_exact(a);
            hard += near_mid as usize;
            let neighbour = near_mid && (got == want + 1 || got == want - 1);
            other_way += neighbour as usize;
            if got != want && !neighbour {
                failures.push(format!("{}: thread {t}: a {a:#x}: got {got:#x}, want {want:#x}", c.name));
                break;
            }
        }
    }
    eprintln!(
        "{run} cases on {} binary64 / {} binary32 operand pairs ({hard} 1/sqrt within 2^-30 ulp of a midpoint, {other_way} of them rounded the other way)",
        f64_ins.len(),
        f32_ins.len()
    );
    assert!(run >= 32, "{run} cases");
    assert!(failures.is_empty(), "{} cases differ:\n{}", failures.len(), failures.join("\n"));
}

/// NaN results of the binary64 sequences bit for bit (the other tests compare NaNs as NaNs):
/// the FMA unit's rule, as `dfma`/`dmul`: the first NaN operand, quietened; an invalid
/// operation (0/0, inf/inf, the root of a negative number) the default NaN 0xFFF8...0.
#[test]
fn binary64_nan_results_follow_the_fma_units_rule() {
    const DEFAULT_NAN: u64 = 0xFFF8_0000_0000_0000;
    fn quiet(x: u64) -> u64 {
        x | 1 << 51
    }
    fn nan(x: u64) -> bool {
        f64::from_bits(x).is_nan()
    }
    let vals = [
        0x7FF0_0000_0000_0123u64, // signaling, payload
        0xFFF8_0000_0000_0456,    // quiet, negative
        0x7FF4_0000_0000_0000,
        0,
        1 << 63,
        0x7FF0_0000_0000_0000,
        0xFFF0_0000_0000_0000,
        0x3FF8_0000_0000_0000,
        0xC008_0000_0000_0000,
        0x0000_0000_0000_0007,
    ];
    let mut ins = vec![];
    for &a in &vals {
        for &b in &vals {
            ins.push((a, b, 0));
        }
    }
    while ins.len() % 256 != 0 {
        ins.push((vals[ins.len() % vals.len()], 0, 0));
    }
    let div_ref = move |a: u64, b: u64| {
        if nan(a) {
            quiet(a)
        } else if nan(b) {
            quiet(b)
        } else {
            let r = div_exact(B64, a, b, "rn");
            if nan(r) {
                DEFAULT_NAN
            } else {
                r
            }
        }
    };
    let one_ref = move |a: u64, r: u64| if nan(a) { quiet(a) } else if nan(r) { DEFAULT_NAN } else { r };
    let raw = |name: &str, body: &str, r: Box<dyn Fn(u64, u64, u64) -> u64 + Send + Sync>| Case { name: name.into(), body: format!("  {body}\n  mov.b64 %rd13, %fd13;"), reference: r, rtl: false, fp64: true };
    let cs = [
        raw("div.rn.f64", "div.rn.f64 %fd13, %fd10, %fd11;", Box::new(move |a, b, _| div_ref(a, b))),
        raw("rcp.rz.f64", "rcp.rz.f64 %fd13, %fd10;", Box::new(move |a, _, _| one_ref(a, div_exact(B64, 1f64.to_bits(), a, "rz")))),
        raw("sqrt.rm.f64", "sqrt.rm.f64 %fd13, %fd10;", Box::new(move |a, _, _| one_ref(a, sqrt_exact(B64, a, "rm")))),
        raw("rsqrt.approx.f64", "rsqrt.approx.f64 %fd13, %fd10;", Box::new(move |a, _, _| one_ref(a, rsqrt_exact(a).0))),
        raw("cvt.rpi.f64.f64", "cvt.rpi.f64.f64 %fd13, %fd10;", Box::new(move |a, _, _| if nan(a) { quiet(a) } else { f64::from_bits(a).ceil().to_bits() })),
    ];
    for c in &cs {
        run_case(c, &ins).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Every sequence may be guarded by its PTX instruction's predicate: threads whose guard is
/// false keep their destination, also when the destination is a source.
#[test]
fn guarded_sequences_leave_inactive_threads_alone() {
    let ins = inputs(512, 9);
    let wanted = ["div.s32", "bfe.s64", "prmt.b32.f4e", "div.s64", "fma.rn.f64", "div.rn.f64", "sqrt.rp.f64", "div.rz.f32"];
    for c in cases().iter().filter(|c| wanted.contains(&c.name.as_str())) {
        // the instruction under a guard that is false for odd threads, writing a source
        let (instr, width) = if c.name == "div.s32" {
            ("div.s32 %r10, %r10, %r11;", 32)
        } else if c.name == "div.s64" {
            ("div.s64 %rd10, %rd10, %rd11;", 64)
        } else if c.name == "fma.rn.f64" {
            // (the unguarded threads' NaNs come out as they are: compare the guarded ones)
            ("fma.rn.f64 %fd10, %fd10, %fd11, %fd12;\n  mov.b64 %rd10, %fd10;", 64)
        } else if c.name == "div.rn.f64" {
            ("div.rn.f64 %fd10, %fd10, %fd11;\n  mov.b64 %rd10, %fd10;", 64)
        } else if c.name == "sqrt.rp.f64" {
            ("sqrt.rp.f64 %fd10, %fd10;\n  mov.b64 %rd10, %fd10;", 64)
        } else if c.name == "div.rz.f32" {
            ("div.rz.f32 %f10, %f10, %f11;\n  mov.b32 %r10, %f10;", 32)
        } else if c.name == "bfe.s64" {
            ("bfe.s64 %rd10, %rd10, %r11, %r12;", 64)
        } else {
            ("prmt.b32.f4e %r10, %r10, %r11, %r12;", 32)
        };
        let body = format!(
            "  and.b32 %r30, %r3, 1;\n  setp.eq.u32 %p5, %r30, 0;\n  @%p5 {instr}\n  {}",
            if width == 32 { "cvt.u64.u32 %rd13, %r10;" } else { "mov.b64 %rd13, %rd10;" }
        );
        let reference = &c.reference;
        let guarded = Case {
            name: format!("@p {}", c.name),
            body,
            reference: Box::new(|_, _, _| 0),
            rtl: true,
            fp64: false,
        };
        let k = kernel(&guarded);
        let (mut mem, l, pout) = setup(&k, &ins, 64);
        gsm::run(&k, &l, &mut mem, &Config::default(), &mut GoldenFpUnits, false).unwrap_or_else(|f| panic!("{f}"));
        let out = mem.buffer(pout).unwrap();
        for (t, &(a, b, cc)) in ins.iter().enumerate() {
            let got = u64::from_le_bytes(out[8 * t..8 * t + 8].try_into().unwrap());
            let keep = if width == 32 { a & 0xFFFF_FFFF } else { a };
            let want = if t % 2 == 0 { reference(a, b, cc) } else { keep };
            let nan64 = |x: u64| f64::from_bits(x).is_nan();
            if c.name.ends_with(".f64") && t % 2 == 0 && nan64(got) && nan64(want) {
                continue;
            }
            assert_eq!(got, want, "{}: thread {t}", guarded.name);
        }
    }
}

#[test]
fn unsupported_forms_are_named() {
    let c = Case { name: "cvta.const".into(), body: "  cvta.const.u64 %rd13, %rd10;".into(), reference: Box::new(|_, _, _| 0), rtl: true, fp64: false };
    let m = parse("ops.ptx", &kernel_src(&c)).unwrap();
    let e = translate(&m, None, Options::default()).unwrap_err().to_string();
    assert!(e.contains("ops.ptx:") && e.contains("cvta.const.u64") && e.contains("not yet supported"), "{e}");
}
