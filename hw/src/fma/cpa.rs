//! FMA stage 4 (sum): the carry-propagate adder of Figure C.6.2. It sums the two
//! carry-save vectors and the carry-in into the 162-bit two's complement result (bit 161
//! the sign), which the next stage recomplements ([`crate::fma::recomp`]).
//! Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `s0`..`s2`, `c0`..`c2`  in  64, 64, 34  carry-save vectors
//! - `cin`                   in   1  carry-in
//! - `t0`, `t1`              out 64  sum bits 63..0, 127..64
//! - `t2`                    out 34  sum bits 161..128 (bit 161 the sign)
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
    pub t0: Signal<Out, Bits<64>>,
    pub t1: Signal<Out, Bits<64>>,
    pub t2: Signal<Out, Bits<34>>,
}

/// The 162-bit sum.
pub fn model(s: W256, c: W256, cin: bool) -> W256 {
    s.add(c).add(W256::from_u64_at(cin as u64, 0)).trunc(162)
}

impl Logic for FmaCpa {
    fn update(&mut self) {
        let s = W256::from_limbs(&[(self.s0.val().to_u64(), 64), (self.s1.val().to_u64(), 64), (self.s2.val().to_u64(), 34)]);
        let c = W256::from_limbs(&[(self.c0.val().to_u64(), 64), (self.c1.val().to_u64(), 64), (self.c2.val().to_u64(), 34)]);
        let t = model(s, c, self.cin.val());
        self.t0.next = t.field(0, 64).into();
        self.t1.next = t.field(64, 64).into();
        self.t2.next = t.field(128, 34).into();
    }

    fn connect(&mut self) {
        self.t0.connect();
        self.t1.connect();
        self.t2.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [161:0] sum = ({s2, s1, s0} + {c2, c1, c0}) + {161'd0, cin};
always @(*) begin
   t0 = sum[63:0];
   t1 = sum[127:64];
   t2 = sum[161:128];
end
"
            .into(),
        )
    }
}
