//! The PTX instructions the G80 had no hardware for, lowered by the translator to micro-op
//! sequences (issue 22; docs/ptx.md "Lowered instructions"): every case of
//! `ptx_ops/cases.rs` runs in the golden SM on edge and random operands and is compared
//! with its CPU reference, thread by thread. The RTL SM runs the same cases in `sm.rs`.
#[path = "ptx_ops/cases.rs"]
mod cases;

use cases::{cases, check, inputs, kernel_src, setup, Case};
use heddle_sim::gsm::{self, Config, GoldenFpUnits};
use heddle_sim::ptx::parse;
use heddle_sim::ptx::translate::{translate, Kernel, Options};

fn kernel(c: &Case) -> Kernel {
    let src = kernel_src(c);
    let m = parse("ops.ptx", &src).unwrap_or_else(|e| panic!("{}: {e}", c.name));
    translate(&m, None, Options::default()).unwrap_or_else(|e| panic!("{}: {e}", c.name))
}

fn run_case(c: &Case, ins: &[(u64, u64, u64)]) -> Result<(), String> {
    let k = kernel(c);
    let (mut mem, l, pout) = setup(&k, ins, 256);
    gsm::run(&k, &l, &mut mem, &Config::default(), &mut GoldenFpUnits, false).map_err(|f| format!("{}: {f}", c.name))?;
    check(c, ins, mem.buffer(pout).unwrap())
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

/// Every sequence may be guarded by its PTX instruction's predicate: threads whose guard is
/// false keep their destination, also when the destination is a source.
#[test]
fn guarded_sequences_leave_inactive_threads_alone() {
    let ins = inputs(512, 9);
    for c in cases().iter().filter(|c| ["div.s32", "bfe.s64", "prmt.b32.f4e", "div.s64", "fma.rn.f64"].contains(&c.name.as_str())) {
        // the instruction under a guard that is false for odd threads, writing a source
        let (instr, width) = if c.name == "div.s32" {
            ("div.s32 %r10, %r10, %r11;", 32)
        } else if c.name == "div.s64" {
            ("div.s64 %rd10, %rd10, %rd11;", 64)
        } else if c.name == "fma.rn.f64" {
            // (the unguarded threads' NaNs come out as they are: compare the guarded ones)
            ("fma.rn.f64 %fd10, %fd10, %fd11, %fd12;\n  mov.b64 %rd10, %fd10;", 64)
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
            if c.name == "fma.rn.f64" && t % 2 == 0 && nan64(got) && nan64(want) {
                continue;
            }
            assert_eq!(got, want, "{}: thread {t}", guarded.name);
        }
    }
}

#[test]
fn unsupported_forms_are_named() {
    let c = Case { name: "cvta.const".into(), body: "  cvta.const.u64 %rd13, %rd10;".into(), reference: Box::new(|_, _, _| 0), rtl: true };
    let m = parse("ops.ptx", &kernel_src(&c)).unwrap();
    let e = translate(&m, None, Options::default()).unwrap_err().to_string();
    assert!(e.contains("ops.ptx:") && e.contains("cvta.const.u64") && e.contains("not yet supported"), "{e}");
}
