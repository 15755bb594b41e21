//! FMA stage 5 (magnitude): the conditional recomplement of Figure C.6.2. When the CPA's
//! 162-bit two's complement sum is negative (bit 161) it is recomplemented (-S = ~S + 1) to
//! sign-magnitude form. A negative sum never comes with sticky addend bits (those only
//! arise when the addend lies below a nonzero normalised product, so the sum is positive),
//! hence the recomplement is exact. Combinational, hand-written Verilog with a native Rust
//! model.
//!
//! Ports:
//! - `t0`, `t1`, `t2`  in  64, 64, 34  the sum ([`crate::fma::cpa`])
//! - `m0`, `m1`        out 64  magnitude bits 63..0, 127..64
//! - `m2`              out 33  magnitude bits 160..128
//! - `neg`             out  1  the sum was negative
use crate::fma::wide::W256;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaRecomp {
    pub t0: Signal<In, Bits<64>>,
    pub t1: Signal<In, Bits<64>>,
    pub t2: Signal<In, Bits<34>>,
    pub m0: Signal<Out, Bits<64>>,
    pub m1: Signal<Out, Bits<64>>,
    pub m2: Signal<Out, Bits<33>>,
    pub neg: Signal<Out, Bit>,
}

/// (magnitude, negative) of a 162-bit two's complement sum.
pub fn model(sum: W256) -> (W256, bool) {
    let neg = sum.bit(161);
    let low = sum.trunc(161);
    let mag = if neg { low.not().trunc(161).add(W256::from_u64_at(1, 0)).trunc(161) } else { low };
    (mag, neg)
}

impl Logic for FmaRecomp {
    fn update(&mut self) {
        let t = W256::from_limbs(&[(self.t0.val().to_u64(), 64), (self.t1.val().to_u64(), 64), (self.t2.val().to_u64(), 34)]);
        let (m, neg) = model(t);
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
wire [160:0] low = {t2[32:0], t1, t0};
wire [160:0] rc = ~low + 161'd1;
wire [160:0] mag = t2[33] ? rc : low;
always @(*) begin
   m0 = mag[63:0];
   m1 = mag[127:64];
   m2 = mag[160:128];
   neg = t2[33];
end
"
            .into(),
        )
    }
}
