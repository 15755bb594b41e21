//! Planar attribute interpolation, stage 3a ([`crate::sfu::attr`]), one pixel: the window
//! sum's sign and magnitude, leading-zero count and normalization to a 24-bit significand
//! with its round and sticky bits (the window holds every bit down to two places below any
//! possible rounding position, and the sticky below them), and the exponent. An exact zero
//! sum is +0, or -0 when every term is a negative zero. Combinational, hand-written Verilog
//! with a native Rust model; [`crate::sfu::round_pack`] finishes the pixel.
//!
//! Ports:
//! - `s_hi`, `s_lo`  in  82, 64  the window sum (146 bits; bit 142 has weight 2^ea)
//! - `ea`            in  10  anchor exponent (two's complement)
//! - `zneg`          in   1  an exact zero is -0
//! - `sgn`, `zero`, `sig`, `rb`, `st`, `e`  out  the normalized value
//!   ([`crate::sfu::round_pack::SfuRoundPack`]'s inputs of the same names)
use crate::sfu::attr::wide::{Wide, W};
use crate::sfu::round_pack::{normalized_outputs, Normalized};
use crate::sfu::sext;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuAttrNorm {
    pub s_hi: Signal<In, Bits<82>>,
    pub s_lo: Signal<In, Bits<64>>,
    pub ea: Signal<In, Bits<10>>,
    pub zneg: Signal<In, Bit>,
    pub sgn: Signal<Out, Bit>,
    pub zero: Signal<Out, Bit>,
    pub sig: Signal<Out, Bits<24>>,
    pub rb: Signal<Out, Bit>,
    pub st: Signal<Out, Bit>,
    pub e: Signal<Out, Bits<11>>,
}

/// The normalized window sum on native integers.
pub fn norm(s: Wide, ea: i32, zneg: bool) -> Normalized {
    let neg = s.bit(W - 1);
    let mag = if neg { s.neg() } else { s };
    let Some(p) = mag.lead() else {
        return Normalized { sgn: zneg, zero: true, sig: 0, rb: false, st: false, e: ea + 3 - W as i32 };
    };
    let lz = W - 1 - p;
    let norm = mag.shl_wide(lz); // leading one at bit 145
    Normalized {
        sgn: neg,
        zero: false,
        sig: norm.bits(W - 1, W - 24) as u32,
        rb: norm.bit(W - 25),
        st: norm.any_below(W - 25),
        e: ea + 3 - lz as i32,
    }
}

impl Logic for SfuAttrNorm {
    fn update(&mut self) {
        let hi = self.s_hi.val();
        let s = Wide([self.s_lo.val().to_u64(), hi.get_bits::<64>(0).to_u64(), hi.get_bits::<18>(64).to_u64()]);
        let ea = sext(self.ea.val().to_u64(), 10) as i32;
        let n = norm(s, ea, self.zneg.val());
        normalized_outputs!(drive self, n);
    }
    fn connect(&mut self) {
        normalized_outputs!(connect self);
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [145:0] sv = {s_hi, s_lo};
wire neg = sv[145];
wire [145:0] mag = neg ? (146'd0 - sv) : sv;
reg [7:0] lz;
integer i;
always @(*) begin
   lz = 8'd146;
   for (i = 0; i < 146; i = i + 1)
      if (mag[i]) lz = 8'd145 - i[7:0];
end
wire [145:0] nv = mag << lz;
wire mz = (mag == 146'd0);
always @(*) begin
   sgn = mz ? zneg : neg;
   zero = mz;
   sig = nv[145:122];
   rb = nv[121];
   st = |nv[120:0];
   e = {ea[9], ea} + 11'd3 - {3'd0, lz};
end"
            .into(),
        )
    }
}
