//! Planar attribute interpolation, stage "normalize" ([`crate::sfu::attr::round`]), one
//! pixel: the magnitude shifted up by its leading-zero count to a 24-bit significand with
//! its round and sticky bits (the window holds every bit down to two places below any
//! possible rounding position, and the sticky below them), and the exponent. An exact zero
//! sum is +0, or -0 when every term is a negative zero. Combinational, hand-written Verilog
//! with a native Rust model; [`crate::sfu::round_pack`] finishes the pixel.
//!
//! Ports:
//! - `m_hi`, `m_lo`  in  82, 64  the window sum's magnitude (146 bits; bit 142 has weight
//!                               2^ea)
//! - `lz`            in   8      its leading zeros (146: zero)
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

/// The normalized value of a magnitude with `lz` leading zeros.
pub fn norm(mag: Wide, lz: u32, neg: bool, ea: i32, zneg: bool) -> Normalized {
    if lz >= W {
        return Normalized { sgn: zneg, zero: true, sig: 0, rb: false, st: false, e: ea + 3 - W as i32 };
    }
    let n = mag.shl_wide(lz); // leading one at bit 145
    Normalized {
        sgn: neg,
        zero: false,
        sig: n.bits(W - 1, W - 24) as u32,
        rb: n.bit(W - 25),
        st: n.any_below(W - 25),
        e: ea + 3 - lz as i32,
    }
}

impl Logic for SfuAttrNorm {
    fn update(&mut self) {
        let n = norm(
            join(self.m_hi.val(), self.m_lo.val()),
            self.lz.val().to_u64() as u32,
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
wire [145:0] nv = {m_hi, m_lo} << lz;
wire mz = (lz == 8'd146);
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
