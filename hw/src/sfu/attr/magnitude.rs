//! Planar attribute interpolation, stage "magnitude" ([`crate::sfu::attr::round`]), one
//! pixel: the window sum's sign and magnitude (a negative sum recomplemented). Combinational,
//! hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `s_hi`, `s_lo`  in  82, 64  the window sum (146 bits, two's complement)
//! - `m_hi`, `m_lo`  out 82, 64  its magnitude
//! - `neg`           out  1      the sum is negative
use crate::sfu::attr::wide::{join, split, Wide, W};
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuAttrMagnitude {
    pub s_hi: Signal<In, Bits<82>>,
    pub s_lo: Signal<In, Bits<64>>,
    pub m_hi: Signal<Out, Bits<82>>,
    pub m_lo: Signal<Out, Bits<64>>,
    pub neg: Signal<Out, Bit>,
}

/// (magnitude, negative) of a window sum.
pub fn magnitude(s: Wide) -> (Wide, bool) {
    let neg = s.bit(W - 1);
    (if neg { s.neg() } else { s }, neg)
}

impl Logic for SfuAttrMagnitude {
    fn update(&mut self) {
        let (m, neg) = magnitude(join(self.s_hi.val(), self.s_lo.val()));
        (self.m_hi.next, self.m_lo.next) = split(m);
        self.neg.next = neg;
    }
    fn connect(&mut self) {
        self.m_hi.connect();
        self.m_lo.connect();
        self.neg.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [145:0] sv = {s_hi, s_lo};
wire [145:0] mag = sv[145] ? (146'd0 - sv) : sv;
always @(*) begin
   m_hi = mag[145:64];
   m_lo = mag[63:0];
   neg = sv[145];
end"
            .into(),
        )
    }
}
