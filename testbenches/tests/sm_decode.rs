//! The SM decoder (`sm_decode`): directed words with hand-derived scheduling fields, the
//! co-simulation against the golden scheduling fields on every op code (Verilator and
//! Icarus, RTL and gate level), and a planted bug in the exported Verilog.
use heddle_hw::isa::{field, issue_class as class};
use heddle_hw::isa::{fma_fn, sfu_fn, size, space};
use heddle_hw::sm::decode::{decode, xu, Controls, SOp, SlotLats};
use heddle_sim::cosim::{Bench, CosimError};
use heddle_sim::isa::asm::assemble_words;
use heddle_sim::runners::{self, sm_decode::vector, Replays};
use heddle_sim::vectors::Rng;

const L: SlotLats = SlotLats::GOLDEN_RUNS;

fn word(text: &str) -> u64 {
    let w = assemble_words(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(w.len(), 1);
    w[0]
}

fn reg(r: u8, w: u8) -> SOp {
    SOp { v: true, id: r, w }
}

fn pred(p: u8) -> SOp {
    SOp { v: true, id: 0x80 | p, w: 0 }
}

const NONE: SOp = SOp { v: false, id: 0, w: 0 };

#[test]
fn directed_words() {
    // (text, class, lat, dst, sources)
    let cases: &[(&str, u8, u8, SOp, [SOp; 3])] = &[
        ("iadd r3, r4, r5", class::SP, L.sp, reg(3, 0), [reg(4, 0), reg(5, 0), NONE]),
        ("imad.s32 r1, r2, r3, r4", class::SP, L.sp, reg(1, 0), [reg(2, 0), reg(3, 0), reg(4, 0)]),
        ("isetp.ge.s32 p2, r7, r0", class::SP, L.sp, pred(2), [reg(7, 0), reg(0, 0), NONE]),
        // pt is no predicate: plop's second source moves up, a pt destination is none
        ("plop.xor p1, !p2, pt", class::SP, L.sp, pred(1), [pred(2), NONE, NONE]),
        ("plop.and pt, pt, p5", class::SP, L.sp, NONE, [pred(5), NONE, NONE]),
        ("selp r9, r10, r11, p3", class::SP, L.sp, reg(9, 0), [reg(10, 0), reg(11, 0), pred(3)]),
        ("s2r r2, %tid.x", class::SP, L.sp, reg(2, 0), [NONE; 3]),
        ("movi r1, 0x1234", class::SP, L.sp, reg(1, 0), [NONE; 3]),
        ("rcp r6, r7", class::SFU, L.sfu, reg(6, 0), [reg(7, 0), NONE, NONE]),
        ("ffma.rn r1, r2, r3, r4", class::FMA, L.fma, reg(1, 0), [reg(2, 0), reg(3, 0), reg(4, 0)]),
        // f64 operands are aligned register pairs
        ("dfma.rn r2, r4, r6, r8", class::FMA, L.fma, reg(2, 1), [reg(4, 1), reg(6, 1), reg(8, 1)]),
        // loads wait for the memory pipeline's release (lat 0); widths from the size
        ("ld.global.b32 r5, [r6+0x10]", class::MEM, 0, reg(5, 0), [reg(6, 0), NONE, NONE]),
        ("ld.shared.b64 r4, [r2-0x8]", class::MEM, 0, reg(4, 1), [reg(2, 0), NONE, NONE]),
        ("ld.global.b128 r8, [r2]", class::MEM, 0, reg(8, 2), [reg(2, 0), NONE, NONE]),
        // stores write no register (lat 1): address, then the data
        ("st.global.b128 [r4+0x10], r12", class::MEM, 1, NONE, [reg(4, 0), reg(12, 2), NONE]),
        ("atom.shared.cas r1, [r2], r3, r4", class::MEM, 0, reg(1, 0), [reg(2, 0), reg(3, 0), reg(4, 0)]),
        ("bar 3", class::BAR, 1, NONE, [NONE; 3]),
        ("exit", class::EXIT, 1, NONE, [NONE; 3]),
        ("nop", class::NOP, 1, NONE, [NONE; 3]),
    ];
    for &(text, cls, lat, dst, src) in cases {
        let d = decode(word(text), &L);
        assert!(!d.bad, "{text}");
        assert_eq!((d.cls, d.lat, d.dst, d.src), (cls, lat, dst, src), "{text}");
        assert_eq!((d.guard, d.target, d.brpc, d.uni), (7, 0, 0, false), "{text}");
    }
    // Guards and branches.
    let d = decode(word("@!p4 bra.uni 12, 20"), &L);
    assert_eq!((d.cls, d.lat, d.guard, d.guard_neg), (class::BRA, 1, 4, true));
    assert_eq!((d.target, d.brpc, d.uni, d.dst, d.src), (12, 20, true, NONE, [NONE; 3]));
    let d = decode(word("@p0 iadd r1, r1, r2"), &L);
    assert_eq!((d.guard, d.guard_neg), (0, false));
    // Refused: an undefined op code (48), the reserved bit of each format.
    for w in [
        48u64 << field::OP.0,
        word("iadd r3, r4, r5") | 1,
        word("ld.global.b32 r5, [r6]") | (1 << field::I_RESERVED.0),
        word("exit") | (1 << field::C_RESERVED.0),
    ] {
        let d = decode(w, &L);
        assert!(d.bad, "{w:#x}");
        assert_eq!(d, heddle_hw::sm::decode::Decoded { bad: true, ..Default::default() });
    }
}

#[test]
fn directed_controls() {
    let c = |text: &str| {
        let d = decode(word(text), &L);
        assert!(!d.bad, "{text}");
        d.ctl
    };
    let none = Controls::default();
    assert_eq!(c("iadd r3, r4, r5"), Controls { xu: xu::SP, ..none });
    assert_eq!(c("fadd.rz.sat r7, -|r8|, r9"), Controls { xu: xu::SP, ..none });
    assert_eq!(c("plop.xor p1, !p2, pt"), Controls { xu: xu::PLOP, ..none });
    assert_eq!(c("s2r r2, %tid.x"), Controls { xu: xu::S2R, ..none });
    assert_eq!(c("movi r1, 0x1234"), Controls { xu: xu::MOVI, ..none });
    assert_eq!(c("rcp r6, r7"), Controls { xu: xu::SFU, sfu_fn: sfu_fn::RCP as u8, ..none });
    assert_eq!(c("cos r6, r7"), Controls { xu: xu::SFU, sfu_fn: sfu_fn::COS as u8, ..none });
    assert_eq!(c("rro.sincos r6, r7"), Controls { xu: xu::SFU, sfu_fn: sfu_fn::RRO_SINCOS as u8, ..none });
    assert_eq!(c("rro.ex2 r6, r7"), Controls { xu: xu::SFU, sfu_fn: sfu_fn::RRO_EX2 as u8, ..none });
    assert_eq!(c("ffma.rn r1, r2, r3, r4"), Controls { xu: xu::FMA, fma_op: fma_fn::FMA as u8, ..none });
    assert_eq!(c("dadd.rm r2, r4, r6"), Controls { xu: xu::FMA, fma_op: fma_fn::ADD as u8, fma_f64: true, ..none });
    assert_eq!(c("dmul.rp r2, r4, r6"), Controls { xu: xu::FMA, fma_op: fma_fn::MUL as u8, fma_f64: true, ..none });
    let mem = |s: u8, z: u8| Controls { xu: xu::MEM, mem_space: s, mem_size: z, ..none };
    assert_eq!(c("ld.shared.s16 r5, [r6-0x8]"), mem(space::SHARED, size::S16));
    assert_eq!(c("st.global.b128 [r4+0x10], r12"), Controls { mem_store: true, ..mem(space::GLOBAL, size::B128) });
    assert_eq!(c("atom.shared.cas r1, [r2], r3, r4"), Controls { mem_atom: true, ..mem(space::SHARED, size::B32) });
    assert_eq!(c("@p0 bra 12, 12"), Controls { xu: xu::CONTROL, ..none });
    assert_eq!(c("exit"), Controls { xu: xu::CONTROL, ..none });
}

fn replays() -> Replays {
    Replays { verilator: true, icarus_steps: 5_000, gate: true, icarus_gate_steps: 1_000 }
}

/// 100,000 words: valid ones of every op code against the golden scheduling fields,
/// refused ones, raw ones; replayed into the exported Verilog, RTL and gate level.
#[test]
fn sm_decode_cosim() {
    let s = runners::sm_decode::sm_decode(100_000, 3, replays()).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    let steps: Vec<u64> = s.replays.iter().map(|r| r.steps).collect();
    assert_eq!(steps, vec![100_000, 5_000, 100_000, 1_000], "{s}");
}

/// Every op code appears among the valid vectors of the co-simulation's first 5,000 (the
/// part Icarus replays).
#[test]
fn vectors_cover_every_op() {
    let mut rng = Rng::new(3);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..5_000 {
        let (w, _) = vector(&mut rng);
        seen.insert(field::get(w, field::OP));
    }
    for d in heddle_hw::isa::OPS {
        assert!(seen.contains(&(d.code as u64)), "{} never drawn", d.name);
    }
}

/// A decode row generated with a wrong latency (fma at the SP's) is caught by the Verilog
/// replay on the first ffma/dfma/dadd/dmul word.
#[test]
fn planted_decode_row_bug_is_caught() {
    let v = heddle_sim::export::block_verilog("sm_decode").unwrap();
    let from = format!("c = 4'd{}; lt = lat_fma;", class::FMA);
    let to = format!("c = 4'd{}; lt = lat_sp;", class::FMA);
    let planted = v.replacen(&from, &to, 1);
    assert_ne!(planted, v, "the planted edit did not apply");
    let mut b = Bench::combinational("sm_decode", &planted, heddle_hw::sm::decode::SmDecode::default()).unwrap();
    let mut rng = Rng::new(5);
    let mut words = vec![];
    for _ in 0..2_000 {
        let (w, _) = vector(&mut rng);
        words.push(w);
        b.step(|u| u.word.next = w.into()).unwrap();
    }
    match b.trace.verilator() {
        Err(CosimError::Mismatch(m)) => {
            assert_eq!(m.port, "lat", "{m:?}");
            let d = decode(words[m.step as usize], &L);
            assert_eq!((d.cls, d.bad), (class::FMA, false), "{m:?}");
            let step = m.step;
            println!("planted decode bug caught at step {step}: {}", CosimError::Mismatch(m));
        }
        r => panic!("the planted bug was not caught: {r:?}"),
    }
}
