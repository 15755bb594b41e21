//! SFU stage 7, "normalize" ([`crate::sfu::post`]): a leading-zero count and a left shift
//! give the magnitude's 24-bit significand with its round and sticky bits, and the exponent
//! is adjusted (`eadj`). The counts go by bytes ([`crate::prim::zero_count`]), and the
//! sticky bit comes from the trailing-zero count beside the leading one (a one bit is
//! shifted below the round bit when the two counts add to less than 15), so the shift
//! keeps only its top 25 bits. Combinational, hand-written Verilog with a native Rust
//! model; [`crate::sfu::round_pack`] finishes the result.
//!
//! Ports:
//! - `msgn`    in   1  sign of the result
//! - `mag`     in  40  its magnitude (2^-30 lsb; [`crate::sfu::post_mag`])
//! - `eadj`    in  10  exponent adjustment (two's complement)
//! - `sgn`, `zero`, `sig`, `rb`, `st`, `e`  out  the normalized value
//!   ([`crate::sfu::round_pack::SfuRoundPack`]'s inputs of the same names)
use crate::sfu::round_pack::{normalized_outputs, Normalized};
use crate::prim::zero_count::ZERO_COUNTS;
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
        Verilog::Custom(format!(
            "{ZERO_COUNTS}\
// The counts as 64-bit counts of the magnitude at the top (leading) or the bottom
// (trailing); 64, bit 6 alone, means zero: 40 here. The leading count's high bits are
// the leading zero bytes (g), its low bits the zeros in the first nonzero byte (b).
wire [6:0] lzw = lz64({{mag, 24'd0}});
wire [6:0] tzw = tz64({{24'd0, mag}});
wire [5:0] lz = lzw[6] ? 6'd40 : lzw[5:0];
wire [5:0] tz = tzw[6] ? 6'd40 : tzw[5:0];
wire [2:0] g = lz[5:3];
wire [2:0] b = lz[2:0];
// The shift keeps the top 25 bits (significand and round bit), in two steps: by whole
// bytes (g; mb is the shifted magnitude's bits 39..8), then by b within the byte. A zero
// magnitude shifts to zero (g = 5 selects its zero low byte).
reg [31:0] mb;
always @(*) begin
   case (g)
      3'd0: mb = mag[39:8];
      3'd1: mb = mag[31:0];
      3'd2: mb = {{mag[23:0], 8'd0}};
      3'd3: mb = {{mag[15:0], 16'd0}};
      default: mb = {{mag[7:0], 24'd0}};
   endcase
end
reg [24:0] nv;
always @(*) begin
   case (b)
      3'd0: nv = mb[31:7];
      3'd1: nv = mb[30:6];
      3'd2: nv = mb[29:5];
      3'd3: nv = mb[28:4];
      3'd4: nv = mb[27:3];
      3'd5: nv = mb[26:2];
      3'd6: nv = mb[25:1];
      default: nv = mb[24:0];
   endcase
end
always @(*) begin
   sgn = msgn;
   zero = lzw[6];
   sig = nv[24:1];
   rb = nv[0];
   // A one bit lands below the round bit (bit 15 of the 40-bit shifted magnitude) when
   // the lowest one's position plus the shift is below 15.
   st = ({{1'b0, tz}} + {{1'b0, lz}}) < 7'd15;
   e = 11'd9 - {{5'd0, lz}} + {{eadj[9], eadj}};
end"
        ))
    }
}
