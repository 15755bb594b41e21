//! Co-simulation runner for the SM decoder (`sm_decode`): valid instructions of every op
//! code (`isa::random_instr`), checked against the scheduling fields the golden scheduler
//! runs use (`sched::isa_map::sinst`) and against the unit controls restated from the golden
//! SM's dispatch (`expected_controls`); undefined op codes and set reserved bits, which must
//! be refused; and raw random words (fields the instruction set leaves unused, out-of-range
//! codes), which only the Verilog replay checks against the Rust model.
use super::{finish, golden_mismatch, verilog, Replays, RunSummary};
use crate::cosim::{Bench, CosimError};
use crate::golden::warp_sched::{Opnd, SInst};
use crate::isa::{self, field, OPS};
use crate::sched::isa_map::{sinst, Lats};
use crate::vectors::Rng;
use heddle_hw::sm::decode::{xu, Controls, SmDecode};

/// What a vector is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A valid instruction: the outputs must equal the golden scheduling fields.
    Valid,
    /// An undefined op code or a reserved bit set: `bad`, every other output 0.
    Refused,
    /// Any word: checked by the Verilog replay only.
    Raw,
}

/// Vector `k` of seed `rng`: one in two valid, one in four refused, one in four raw.
pub fn vector(rng: &mut Rng) -> (u64, Kind) {
    match rng.below(4) {
        0 | 1 => {
            let d = &OPS[rng.below(OPS.len() as u64) as usize];
            let i = isa::random_instr(d, rng);
            (isa::encode(&i).expect("random_instr gives a valid instruction"), Kind::Valid)
        }
        2 => {
            let mut w = rng.next_u64();
            if rng.bool() {
                // an undefined op code
                let code = loop {
                    let c = rng.below(128) as u8;
                    if isa::opdef(c).is_none() {
                        break c;
                    }
                };
                w = (w & !(0x7f << field::OP.0)) | ((code as u64) << field::OP.0);
            } else {
                // a valid instruction with its format's reserved bits set
                let d = &OPS[rng.below(OPS.len() as u64) as usize];
                let i = isa::random_instr(d, rng);
                let r = match d.format {
                    isa::Format::R => field::R_RESERVED,
                    isa::Format::I => field::I_RESERVED,
                    isa::Format::C => field::C_RESERVED,
                };
                let set = (rng.below((1 << r.1) - 1) + 1) << r.0;
                w = isa::encode(&i).unwrap() | set;
            }
            (w, Kind::Refused)
        }
        _ => (rng.next_u64(), Kind::Raw),
    }
}

/// The unit controls of a valid instruction as the golden models see it: the golden SM's
/// dispatch (plop, s2r, movi, then every op code up to mov on the SP datapath, then by
/// class), the SFU model's operation (`sfu::isa_op`), the FMA golden model's operation and
/// format, the memory space and size of the decoded instruction (atom: b32).
pub fn expected_controls(i: &isa::Instr) -> Controls {
    use crate::golden::fma::{Fmt, Op as FOp};
    use isa::{op, Class};
    let class = isa::opdef(i.op).map(|d| d.class);
    let x = match i.op {
        op::PLOP => xu::PLOP,
        op::S2R => xu::S2R,
        op::MOVI => xu::MOVI,
        o if o <= op::MOV => xu::SP,
        _ => match class {
            Some(Class::Sp) => xu::SP,
            Some(Class::Sfu) => xu::SFU,
            Some(Class::Fma) => xu::FMA,
            Some(Class::LdSt) => xu::MEM,
            _ => xu::CONTROL,
        },
    };
    let mut c = Controls { xu: x, ..Controls::default() };
    match class {
        Some(Class::Sfu) => c.sfu_fn = crate::sfu::isa_op(i).expect("a valid SFU instruction") as u8,
        Some(Class::Fma) => {
            let (o, f) = match i.op {
                op::FFMA => (FOp::Fma, Fmt::F32),
                op::DFMA => (FOp::Fma, Fmt::F64),
                op::DADD => (FOp::Add, Fmt::F64),
                op::DCVT => (FOp::Cvt, Fmt::F64),
                _ => (FOp::Mul, Fmt::F64),
            };
            (c.fma_op, c.fma_f64) = (o as u8, f == Fmt::F64);
        }
        Some(Class::LdSt) => {
            c.mem_space = i.space;
            c.mem_size = if i.op == op::ATOM { isa::size::B32 } else { i.size };
            c.mem_store = i.op == op::ST;
            c.mem_atom = i.op == op::ATOM;
        }
        _ => {}
    }
    c
}

/// SM decoder: `n` words ([`vector`]).
pub fn sm_decode(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "sm_decode";
    let uut = SmDecode::default();
    let l = uut.lats();
    let lats = Lats { sp: l.sp, sfu: l.sfu, fma: l.fma, ..Lats::default() };
    let mut bench = Bench::combinational(name, &verilog(name)?, uut)?;
    let mut rng = Rng::new(seed);
    for k in 0..n {
        let (w, kind) = vector(&mut rng);
        let u = bench.step(|u| u.word.next = w.into())?;
        let got = SInst {
            class: u.cls.val().to_u32() as u8,
            dst: Opnd { v: u.dst_v.val(), id: u.dst.val().to_u32() as u8, w: u.dst_w.val().to_u32() as u8 },
            src: [
                Opnd { v: u.s0_v.val(), id: u.s0.val().to_u32() as u8, w: u.s0_w.val().to_u32() as u8 },
                Opnd { v: u.s1_v.val(), id: u.s1.val().to_u32() as u8, w: u.s1_w.val().to_u32() as u8 },
                Opnd { v: u.s2_v.val(), id: u.s2.val().to_u32() as u8, w: u.s2_w.val().to_u32() as u8 },
            ],
            guard: u.guard.val().to_u32() as u8,
            lat: u.lat.val().to_u32() as u8,
            target: u.target.val().to_u32(),
            brpc: u.brpc.val().to_u32(),
            uni: u.uni.val(),
        };
        let bad = u.bad.val();
        let gneg = u.guard_neg.val();
        let ctl = Controls {
            xu: u.xu.val().to_u32() as u8,
            sfu_fn: u.sfu_fn.val().to_u32() as u8,
            fma_op: u.fma_op.val().to_u32() as u8,
            fma_f64: u.fma_f64.val(),
            mem_space: u.mem_space.val().to_u32() as u8,
            mem_size: u.mem_size.val().to_u32() as u8,
            mem_store: u.mem_store.val(),
            mem_atom: u.mem_atom.val(),
        };
        match kind {
            Kind::Valid => {
                let i = isa::decode(w).expect("a valid word decodes");
                let want = sinst(&i, &lats).inst;
                let want_ctl = expected_controls(&i);
                if bad || got != want || gneg != i.guard.neg || ctl != want_ctl {
                    return Err(golden_mismatch(
                        name,
                        k,
                        format!(
                            "{w:#018x} ({}): hw bad={bad} {got:?} guard_neg={gneg} {ctl:?}, golden {want:?} guard_neg={} {want_ctl:?}",
                            crate::isa::asm::disasm(&i),
                            i.guard.neg
                        ),
                    ));
                }
            }
            Kind::Refused => {
                if !bad || got != SInst::default() || gneg || ctl != Controls::default() {
                    return Err(golden_mismatch(name, k, format!("{w:#018x}: not refused: bad={bad} {got:?} {ctl:?}")));
                }
            }
            Kind::Raw => {}
        }
    }
    finish(bench, n, replays)
}
