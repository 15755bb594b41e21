//! SFU stage 5a ([`crate::sfu::post`]): the interpolator's sum to a normalized value.
//! Negative sums are clamped to zero; log2 adds the integer part (`lgi`) in fixed point
//! (sign and magnitude follow); a leading-zero count and a left shift give the 24-bit
//! significand with its round and sticky bits, and the exponent is adjusted (`eadj`).
//! Combinational, hand-written Verilog with a native Rust model;
//! [`crate::sfu::round_pack`] finishes the result.
//!
//! Ports:
//! - `acc`     in  34  the interpolator's sum (2^-30 lsb, two's complement)
//! - `lg2`     in   1  log2: add `lgi`
//! - `lgi`     in   8  integer part (two's complement)
//! - `eadj`    in  10  exponent adjustment (two's complement)
//! - `neg`     in   1  sign of the result (not log2)
//! - `sgn`, `zero`, `sig`, `rb`, `st`, `e`  out  the normalized value
//!   ([`crate::sfu::round_pack::SfuRoundPack`]'s inputs of the same names)
use crate::sfu::round_pack::{normalized_outputs, Normalized};
use crate::sfu::sext;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuPostNorm {
    pub acc: Signal<In, Bits<34>>,
    pub lg2: Signal<In, Bit>,
    pub lgi: Signal<In, Bits<8>>,
    pub eadj: Signal<In, Bits<10>>,
    pub neg: Signal<In, Bit>,
    pub sgn: Signal<Out, Bit>,
    pub zero: Signal<Out, Bit>,
    pub sig: Signal<Out, Bits<24>>,
    pub rb: Signal<Out, Bit>,
    pub st: Signal<Out, Bit>,
    pub e: Signal<Out, Bits<11>>,
}

/// The normalized result on native integers.
pub fn post_norm(acc: u64, lg2: bool, lgi: u64, eadj: u64, neg: bool) -> Normalized {
    let a = sext(acc, 34).max(0);
    let v = if lg2 { (sext(lgi, 8) << 30) + a } else { a };
    let sgn = if lg2 { v < 0 } else { neg };
    let mag = v.unsigned_abs();
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
        let n = post_norm(
            self.acc.val().to_u64(),
            self.lg2.val(),
            self.lgi.val().to_u64(),
            self.eadj.val().to_u64(),
            self.neg.val(),
        );
        normalized_outputs!(drive self, n);
    }
    fn connect(&mut self) {
        normalized_outputs!(connect self);
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [33:0] accp = acc[33] ? 34'd0 : acc;
wire [39:0] lgv = {{2{lgi[7]}}, lgi, 30'd0};
wire [39:0] v = lg2 ? (lgv + {6'd0, accp}) : {6'd0, accp};
wire vneg = lg2 & v[39];
wire [39:0] mag = vneg ? (40'd0 - v) : v;
reg [5:0] lz;
integer i;
always @(*) begin
   lz = 6'd40;
   for (i = 0; i < 40; i = i + 1)
      if (mag[i]) lz = 6'd39 - i[5:0];
end
wire [39:0] nv = mag << lz;
always @(*) begin
   sgn = lg2 ? vneg : neg;
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
