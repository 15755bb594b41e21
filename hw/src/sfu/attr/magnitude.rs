//! Planar attribute interpolation, stage "magnitude" ([`crate::sfu::attr::round`]), one
//! pixel: the window sum's sign and magnitude (a negative sum recomplemented). The negation
//! is split at the low word: the low 64 bits negated, the high 82 bits negated beside them,
//! and where the low word is not zero (it borrows) the high part is its one's complement
//! instead, so the longest carry chain is 82 bits, not 146. Combinational, hand-written
//! Verilog with a native Rust model.
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
wire neg_s = s_hi[81];
// the low word's negation borrows from the high part unless the low word is zero
wire lo_nz = |s_lo;
wire [63:0] nlo = 64'd0 - s_lo;
wire [81:0] nhi = 82'd0 - s_hi;
always @(*) begin
   m_hi = neg_s ? (lo_nz ? ~s_hi : nhi) : s_hi;
   m_lo = neg_s ? nlo : s_lo;
   neg = neg_s;
end"
            .into(),
        )
    }
}
