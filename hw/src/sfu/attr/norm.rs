//! Planar attribute interpolation, stage "normalize" ([`crate::sfu::attr::round`]), one
//! pixel: the magnitude shifted up by its leading-zero count to a 24-bit significand with
//! its round and sticky bits (the window holds every bit down to two places below any
//! possible rounding position, and the sticky below them), and the exponent. The sticky
//! is not an OR of the shifted value: a bit below the round bit is set when the lowest set
//! bit lands there, lz + tz <= 120. An exact zero sum is +0, or -0 when every term is a
//! negative zero. Combinational, hand-written Verilog with a native Rust model;
//! [`crate::sfu::round_pack`] finishes the pixel.
//!
//! Ports:
//! - `m_hi`, `m_lo`  in  82, 64  the window sum's magnitude (146 bits; bit 142 has weight
//!                               2^ea)
//! - `lz`            in   8      its leading zeros (146: zero)
//! - `tz`            in   8      its trailing zeros (146: zero)
//! - `neg`           in   1      the sum is negative
//! - `ea`            in  10      anchor exponent (two's complement)
//! - `zneg`          in   1      an exact zero is -0
//! - `sgn`, `zero`, `sig`, `rb`, `st`, `e`  out  the normalized value
//!   ([`crate::sfu::round_pack::SfuRoundPack`]'s inputs of the same names)
use crate::sfu::attr::wide::{join, Wide, W};
use crate::sfu::round_pack::{normalized_outputs, Normalized};
use crate::sfu::attr::terms::e_of;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuAttrNorm {
    pub m_hi: Signal<In, Bits<82>>,
    pub m_lo: Signal<In, Bits<64>>,
    pub lz: Signal<In, Bits<8>>,
    pub tz: Signal<In, Bits<8>>,
    pub neg: Signal<In, Bit>,
    pub ea: Signal<In, Bits<10>>,
    pub zneg: Signal<In, Bit>,
    pub sgn: Signal<Out, Bit>,
    pub zero: Signal<Out, Bit>,
    pub sig: Signal<Out, Bits<24>>,
    pub rb: Signal<Out, Bit>,
    pub st: Signal<Out, Bit>,
    pub e: Signal<Out, Bits<11>>,
}

/// The normalized value of a magnitude with `lz` leading and `tz` trailing zeros.
pub fn norm(mag: Wide, lz: u32, tz: u32, neg: bool, ea: i32, zneg: bool) -> Normalized {
    if lz >= W {
        return Normalized { sgn: zneg, zero: true, sig: 0, rb: false, st: false, e: ea + 3 - W as i32 };
    }
    let n = mag.shl_wide(lz); // leading one at bit 145
    Normalized {
        sgn: neg,
        zero: false,
        sig: n.bits(W - 1, W - 24) as u32,
        rb: n.bit(W - 25),
        // the lowest set bit lands at tz + lz, below the round bit (W - 25)
        st: lz + tz < W - 25,
        e: ea + 3 - lz as i32,
    }
}

impl Logic for SfuAttrNorm {
    fn update(&mut self) {
        let n = norm(
            join(self.m_hi.val(), self.m_lo.val()),
            self.lz.val().to_u64() as u32,
            self.tz.val().to_u64() as u32,
            self.neg.val(),
            e_of(self.ea.val()),
            self.zneg.val(),
        );
        normalized_outputs!(drive self, n);
    }
    fn connect(&mut self) {
        normalized_outputs!(connect self);
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
// the top 25 bits of the magnitude shifted up by lz, in two steps: by 16 lz[7:4] to a
// 40-bit window (the magnitude padded below), then by lz[3:0] (the window's bits from
// 15 - lz[3:0] up)
wire [183:0] mp = {m_hi, m_lo, 38'd0};
reg [39:0] c;
always @(*) begin
   case (lz[7:4])
      4'd0: c = mp[183:144];
      4'd1: c = mp[167:128];
      4'd2: c = mp[151:112];
      4'd3: c = mp[135:96];
      4'd4: c = mp[119:80];
      4'd5: c = mp[103:64];
      4'd6: c = mp[87:48];
      4'd7: c = mp[71:32];
      4'd8: c = mp[55:16];
      4'd9: c = mp[39:0];
      default: c = 40'd0;
   endcase
end
wire [24:0] nv = c[{2'd0, ~lz[3:0]} +: 25];
wire mz = (lz == 8'd146);
always @(*) begin
   sgn = mz ? zneg : neg;
   zero = mz;
   sig = nv[24:1];
   rb = nv[0];
   st = ({1'b0, lz} + {1'b0, tz}) <= 9'd120;
   e = {ea[9], ea} + 11'd3 - {3'd0, lz};
end"
            .into(),
        )
    }
}
