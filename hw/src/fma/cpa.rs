//! FMA stage 2a: the carry-propagate adder and the conditional recomplement of Figure
//! C.6.2. The CPA sums the two carry-save vectors and the carry-in into the 162-bit two's
//! complement result; when it is negative (bit 161) it is recomplemented (-S = ~S + 1) to
//! sign-magnitude form. A negative sum never comes with sticky addend bits (those only
//! arise when the addend lies below a nonzero normalised product, so the sum is
//! positive), hence the recomplement is exact. Combinational, hand-written Verilog with a
//! native Rust model.
//!
//! Ports:
//! - `s0`..`s2`, `c0`..`c2`  in  64, 64, 34  carry-save vectors
//! - `cin`                   in   1  carry-in
//! - `m0`, `m1`              out 64  magnitude bits 63..0, 127..64
//! - `m2`                    out 33  magnitude bits 160..128
//! - `neg`                   out  1  the sum was negative
use crate::fma::wide::W256;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaCpa {
    pub s0: Signal<In, Bits<64>>,
    pub s1: Signal<In, Bits<64>>,
    pub s2: Signal<In, Bits<34>>,
    pub c0: Signal<In, Bits<64>>,
    pub c1: Signal<In, Bits<64>>,
    pub c2: Signal<In, Bits<34>>,
    pub cin: Signal<In, Bit>,
    pub m0: Signal<Out, Bits<64>>,
    pub m1: Signal<Out, Bits<64>>,
    pub m2: Signal<Out, Bits<33>>,
    pub neg: Signal<Out, Bit>,
}

/// (magnitude, negative).
pub fn model(s: W256, c: W256, cin: bool) -> (W256, bool) {
    let sum = s.add(c).add(W256::from_u64_at(cin as u64, 0)).trunc(162);
    let neg = sum.bit(161);
    let low = sum.trunc(161);
    let mag = if neg { low.not().trunc(161).add(W256::from_u64_at(1, 0)).trunc(161) } else { low };
    (mag, neg)
}

impl Logic for FmaCpa {
    fn update(&mut self) {
        let s = W256::from_limbs(&[(self.s0.val().to_u64(), 64), (self.s1.val().to_u64(), 64), (self.s2.val().to_u64(), 34)]);
        let c = W256::from_limbs(&[(self.c0.val().to_u64(), 64), (self.c1.val().to_u64(), 64), (self.c2.val().to_u64(), 34)]);
        let (m, neg) = model(s, c, self.cin.val());
        self.m0.next = m.field(0, 64).into();
        self.m1.next = m.field(64, 64).into();
        self.m2.next = m.field(128, 33).into();
        self.neg.next = neg;
    }

    fn connect(&mut self) {
        self.m0.connect();
        self.m1.connect();
        self.m2.connect();
        self.neg.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [161:0] sum = ({s2, s1, s0} + {c2, c1, c0}) + {161'd0, cin};
wire [160:0] low = sum[160:0];
wire [160:0] rc = ~low + 161'd1;
wire [160:0] mag = sum[161] ? rc : low;
always @(*) begin
   m0 = mag[63:0];
   m1 = mag[127:64];
   m2 = mag[160:128];
   neg = sum[161];
end
"
            .into(),
        )
    }
}
