//! Planar attribute interpolation, stage 3 ([`crate::sfu::attr`]), one pixel: the window
//! sum to binary32: sign and magnitude, leading-zero count, normalization, rounding to
//! nearest even (the window holds every bit down to two places below any possible
//! rounding position, and the sticky below them), the exponent, and the G80 packing
//! (flush below 2^-126, overflow to infinity). An exact zero sum is +0, or -0 when every
//! term is a negative zero. A special result replaces the value. Combinational,
//! hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `s_hi`, `s_lo`  in  82, 64  the window sum (146 bits; bit 142 has weight 2^ea)
//! - `ea`            in  10  anchor exponent (two's complement)
//! - `zneg`          in   1  an exact zero is -0
//! - `spec`          in   1  the result is `spec_y`
//! - `spec_y`        in  32  special result
//! - `y`             out 32  the pixel's value
use crate::sfu::attr::wide::{Wide, W};
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuAttrRound {
    pub s_hi: Signal<In, Bits<82>>,
    pub s_lo: Signal<In, Bits<64>>,
    pub ea: Signal<In, Bits<10>>,
    pub zneg: Signal<In, Bit>,
    pub spec: Signal<In, Bit>,
    pub spec_y: Signal<In, Bits<32>>,
    pub y: Signal<Out, Bits<32>>,
}

/// The pixel's binary32 on native integers.
pub fn round(s: Wide, ea: i32, zneg: bool, spec: bool, spec_y: u32) -> u32 {
    if spec {
        return spec_y;
    }
    let neg = s.bit(W - 1);
    let mag = if neg { s.neg() } else { s };
    let Some(p) = mag.lead() else { return (zneg as u32) << 31 };
    let sg = (neg as u32) << 31;
    let lz = W - 1 - p;
    let norm = mag.shl_wide(lz); // leading one at bit 145
    let sig = norm.bits(W - 1, W - 24);
    let rb = norm.bit(W - 25);
    let st = norm.any_below(W - 25);
    let up = rb && (st || sig & 1 == 1);
    let sig25 = sig + up as u64;
    let ex = ea + 3 - lz as i32 + (sig25 >> 24) as i32;
    let mant = if sig25 >> 24 == 1 { 0 } else { (sig25 & 0x7F_FFFF) as u32 };
    if ex > 127 {
        sg | 0x7F80_0000
    } else if ex < -126 {
        sg
    } else {
        sg | (((ex + 127) as u32) << 23) | mant
    }
}

impl Logic for SfuAttrRound {
    fn update(&mut self) {
        let hi = self.s_hi.val();
        let s = Wide([self.s_lo.val().to_u64(), hi.get_bits::<64>(0).to_u64(), hi.get_bits::<18>(64).to_u64()]);
        let ea = (((self.ea.val().to_u64() as u32) << 22) as i32) >> 22;
        let y = round(s, ea, self.zneg.val(), self.spec.val(), self.spec_y.val().to_u64() as u32);
        self.y.next = (y as u64).into();
    }
    fn connect(&mut self) {
        self.y.connect();
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
wire [145:0] norm = mag << lz;
wire [23:0] sig = norm[145:122];
wire rb = norm[121];
wire st = |norm[120:0];
wire up = rb & (st | sig[0]);
wire [24:0] sig25 = {1'b0, sig} + {24'd0, up};
wire unused_hidden = sig25[23];
wire [10:0] ex = {ea[9], ea} + 11'd3 - {3'd0, lz} + {10'd0, sig25[24]};
wire [22:0] mant = sig25[24] ? 23'd0 : sig25[22:0];
wire ovf = $signed(ex) > $signed(11'd127);
wire unf = $signed(ex) < $signed(-11'sd126);
wire [7:0] bex = ex[7:0] + 8'd127;
reg [31:0] r;
always @(*) begin
   if (spec) r = spec_y;
   else if (mag == 146'd0) r = {zneg, 31'd0};
   else if (ovf) r = {neg, 8'hff, 23'd0};
   else if (unf) r = {neg, 31'd0};
   else r = {neg, bex, mant};
end
always @(*) begin
   y = r;
end"
            .into(),
        )
    }
}
