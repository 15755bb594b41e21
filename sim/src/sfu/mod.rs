//! The special function unit (issue 5; docs/sfu.md): table generator, bit-exact datapath
//! model, high-precision reference, accuracy sweeps, planar attribute interpolation, and
//! the golden-SM hook [`exec_isa`].
pub mod attr;
pub mod bigfx;
pub mod hp;
pub mod model;
pub mod report;
pub mod tablegen;
pub mod cli;

use crate::isa::{self, op, Instr};
use model::Op;

/// The SFU op of an ISA instruction: rcp rsq lg2 ex2 sin cos, and rro with its sub-op
/// (0 sincos, 1 ex2).
pub fn isa_op(i: &Instr) -> Result<Op, String> {
    Ok(match i.op {
        op::RCP => Op::Rcp,
        op::RSQ => Op::Rsq,
        op::LG2 => Op::Lg2,
        op::EX2 => Op::Ex2,
        op::SIN => Op::Sin,
        op::COS => Op::Cos,
        op::RRO => match i.sub {
            0 => Op::RroSincos,
            1 => Op::RroEx2,
            s => return Err(format!("rro: unknown sub-operation {s} (0 sincos, 1 ex2)")),
        },
        o => {
            return Err(format!(
                "{} (op code {o}) is not an SFU operation",
                isa::opdef(o).map_or("an undefined op", |d| d.name)
            ))
        }
    })
}

/// The golden SM's SFU hook (`gsm::FpUnits::sfu`): one SFU instruction on its operand `x`
/// after the source modifiers (for sin, cos and ex2, `x` is the rro word, so a negation
/// modifier negates the reduced argument). The result is the bit-exact model's, which the
/// hw block equals.
pub fn exec_isa(i: &Instr, x: u32) -> Result<u32, String> {
    Ok(model::eval(isa_op(i)?, x))
}
