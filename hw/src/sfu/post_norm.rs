//! SFU stage 6, "normalize" ([`crate::sfu::post`]): a leading-zero count and a left shift
//! give the magnitude's 24-bit significand with its round and sticky bits, and the exponent
//! is adjusted (`eadj`). Combinational, hand-written Verilog with a native Rust model;
//! [`crate::sfu::round_pack`] finishes the result.
//!
//! Ports:
//! - `msgn`    in   1  sign of the result
//! - `mag`     in  40  its magnitude (2^-30 lsb; [`crate::sfu::post_mag`])
//! - `eadj`    in  10  exponent adjustment (two's complement)
//! - `sgn`, `zero`, `sig`, `rb`, `st`, `e`  out  the normalized value
//!   ([`crate::sfu::round_pack::SfuRoundPack`]'s inputs of the same names)
use crate::sfu::round_pack::{normalized_outputs, Normalized};
use crate::sfu::sext;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuPostNorm {
    pub msgn: Signal<In, Bit>,
    pub mag: Signal<In, Bits<40>>,
    pub eadj: Signal<In, Bits<10>>,
    pub sgn: Signal<Out, Bit>,
    pub zero: Signal<Out, Bit>,
    pub sig: Signal<Out, Bits<24>>,
    pub rb: Signal<Out, Bit>,
    pub st: Signal<Out, Bit>,
    pub e: Signal<Out, Bits<11>>,
}

/// The normalized result on native integers.
pub fn post_norm(sgn: bool, mag: u64, eadj: u64) -> Normalized {
    // Within 40 bits; a zero magnitude counts 40 and shifts everything out.
    let lz = if mag == 0 { 40 } else { mag.leading_zeros() - 24 };
    let norm = if mag == 0 { 0 } else { mag << lz };
    Normalized {
        sgn,
        zero: mag == 0,
        sig: (norm >> 16) as u32,
        rb: ((norm >> 15) & 1) == 1,
        st: norm & 0x7FFF != 0,
        e: (9 - lz as i64 + sext(eadj, 10)) as i32,
    }
}

impl Logic for SfuPostNorm {
    fn update(&mut self) {
        let n = post_norm(self.msgn.val(), self.mag.val().to_u64(), self.eadj.val().to_u64());
        normalized_outputs!(drive self, n);
    }
    fn connect(&mut self) {
        normalized_outputs!(connect self);
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
reg [5:0] lz;
integer i;
always @(*) begin
   lz = 6'd40;
   for (i = 0; i < 40; i = i + 1)
      if (mag[i]) lz = 6'd39 - i[5:0];
end
wire [39:0] nv = mag << lz;
always @(*) begin
   sgn = msgn;
   zero = (mag == 40'd0);
   sig = nv[39:16];
   rb = nv[15];
   st = |nv[14:0];
   e = 11'd9 - {5'd0, lz} + {eadj[9], eadj};
end"
            .into(),
        )
    }
}
