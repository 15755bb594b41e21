//! heddle's microinstruction set (issue 8, docs/isa.md): encode/decode and assembler /
//! disassembler round trips over every op code and random encodings, and the assembler's
//! errors (line, column, message).
use heddle_sim::isa::asm::{assemble, assemble_words, disasm, disasm_program};
use heddle_sim::isa::{decode, encode, op, random_instr, validate, Instr, OPS};
use heddle_sim::vectors::Rng;

fn round_trip(i: &Instr) {
    let w = encode(i).unwrap_or_else(|e| panic!("{i:?}: {e}"));
    let back = decode(w).unwrap_or_else(|e| panic!("{i:?} -> {w:#x}: {e}"));
    assert_eq!(&back, i, "decode(encode) for {w:#018x}");
    let text = disasm(i);
    let parsed = assemble(&text).unwrap_or_else(|e| panic!("'{text}': {e}"));
    assert_eq!(parsed.len(), 1, "{text}");
    assert_eq!(&parsed[0], i, "assemble(disasm) of '{text}'");
    assert_eq!(disasm(&parsed[0]), text);
}

#[test]
fn every_opcode_round_trips() {
    let mut rng = Rng::new(8);
    for def in OPS {
        for _ in 0..2000 {
            round_trip(&random_instr(def, &mut rng));
        }
    }
    // op codes are unique, and names too
    for (n, a) in OPS.iter().enumerate() {
        for b in &OPS[n + 1..] {
            assert_ne!(a.code, b.code);
            assert_ne!(a.name, b.name);
        }
    }
}

#[test]
fn sp_opcodes_are_the_datapath_codes() {
    use heddle_sim::golden::{int_alu, sp_datapath};
    assert_eq!(op::IADD as u32, int_alu::op::ADD);
    assert_eq!(op::SELP as u32, int_alu::op::SELP);
    assert_eq!(op::SHR as u32, int_alu::op::SHR);
    assert_eq!(op::FADD as u32, sp_datapath::op::FADD);
    assert_eq!(op::FMAD as u32, sp_datapath::op::FMAD);
    assert_eq!(op::CVT as u32, sp_datapath::op::CVT);
    assert_eq!(op::MOV as u32, sp_datapath::op::MOV);
}

#[test]
fn random_words_decode_canonically() {
    // Every word the decoder accepts is the encoding of the instruction it decodes to,
    // and its text assembles back to the same word.
    let mut rng = Rng::new(64);
    let (mut ok, n) = (0u32, 400_000);
    for _ in 0..n {
        // bias the op code toward defined ones so that many words decode
        let mut w = rng.next_u64();
        if rng.bool() {
            let def = &OPS[rng.below(OPS.len() as u64) as usize];
            w = (w & !(0x7f << 57)) | ((def.code as u64) << 57);
            // clear the modifier field half of the time to pass the unused-field checks
            if rng.bool() {
                w &= !0x1ff_ffff;
            }
        }
        if let Ok(i) = decode(w) {
            ok += 1;
            assert_eq!(encode(&i), Ok(w), "{i:?}");
            let words = assemble_words(&disasm(&i)).unwrap();
            assert_eq!(words, vec![w], "{}", disasm(&i));
        }
    }
    assert!(ok > n / 50, "only {ok} of {n} random words decoded");
}

#[test]
fn program_with_labels() {
    let src = "\
        // a loop: r1 = sum of 0..r0
        movi r1, 0
        movi r2, 0
        movi r3, 1
top:    isetp.ge.s32 p0, r2, r0        # done?
        @p0 bra.uni out, out
        iadd r1, r1, r2
        iadd r2, r2, r3
        bra.uni top, top
out:    st.global.b32 [r4+0x10], r1
        ld.shared.s16 r5, [r6-8]
        fadd.rz.sat r7, -|r8|, r9
        cvt.s32.f32.rmi r1, r2
        plop.xor p1, !p2, pt
        @!p1 s2r r9, %ctaid.y
        atom.shared.cas r1, [r2], r3, r4
        bar 0
        exit
";
    let p = assemble(src).unwrap();
    assert_eq!(p.len(), 17);
    assert_eq!(p[4].imm, 8);
    assert_eq!(p[7].imm, 3);
    assert_eq!(p[8].imm, 0x10);
    assert_eq!(p[9].imm, (-8i32) as u32);
    assert_eq!(p[10].mod_a, 3);
    let words = assemble_words(src).unwrap();
    let text = disasm_program(&words).unwrap();
    assert_eq!(assemble_words(&text).unwrap(), words);
    assert!(text.contains("@p0 bra.uni 8, 8"), "{text}");
    assert!(text.contains("ld.shared.s16 r5, [r6-0x8]"), "{text}");
    for i in &p {
        validate(i).unwrap();
    }
}

fn asm_err(src: &str) -> (usize, usize, String) {
    let e = assemble(src).expect_err(src);
    (e.line, e.col, e.msg)
}

#[test]
fn errors_name_line_and_column() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("nop\n  frob r1, r2", 2, 3, "unknown mnemonic 'frob'"),
        ("iadd r1, r2, r200", 1, 14, "out of range"),
        ("iadd r1, r2", 1, 12, "expected ','"),
        ("iadd r1, -r2, r3", 1, 10, "no source modifiers"),
        ("fadd.rm r1, r2, r3", 1, 1, "rounding 2 not supported"),
        ("isetp.s32 p0, r1, r2", 1, 1, "missing comparison"),
        ("isetp.lt.lt p0, r1, r2", 1, 1, "given twice"),
        ("ld.global r1, [r2]", 1, 1, "missing access size"),
        ("st.const.b32 [r1], r2", 1, 1, "read-only"),
        ("bra nowhere, 0", 1, 5, "not a number or a known label"),
        ("bar 16", 1, 5, "out of range"),
        ("movi r1, 0x100000000", 1, 10, "does not fit"),
        ("@p9 nop", 1, 2, "expected a predicate"),
        ("exit r1", 1, 6, "unexpected text"),
        ("x: nop\nx: nop", 2, 1, "defined twice"),
        ("s2r r1, %foo", 1, 9, "unknown special register"),
        ("cvt.f64.f32 r1, r2", 1, 1, "unknown cvt kind"),
        ("fmad.rn r1, r2, r3, r4", 1, 1, "not valid for fmad"),
    ];
    let mut bad = vec![];
    for &(src, line, col, msg) in cases {
        let (l, c, m) = asm_err(src);
        if (l, c) != (line, col) || !m.contains(msg) {
            bad.push(format!("'{src}': got {l}:{c}: {m}; want {line}:{col}: {msg}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn decoder_rejects_junk() {
    assert!(decode(0x7f << 57).is_err()); // undefined op code 127
    let nop = encode(&Instr { op: op::NOP, ..Default::default() }).unwrap();
    assert!(decode(nop | 1 << 49).is_err()); // reserved bits of format C
    assert!(decode(nop | 1).is_err()); // rpc unused by nop
    let add = encode(&Instr { op: op::IADD, ..Default::default() }).unwrap();
    assert!(decode(add | 1 << 15).is_err()); // signed unused by iadd
    assert!(decode(add | 1).is_err()); // reserved bit 0
}
