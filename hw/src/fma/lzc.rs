//! FMA stage 6 (count): leading-zero count of the 161-bit magnitude (the normalisation
//! amount of Figure C.6.2) and, beside it, its trailing-zero count (normalize's sticky
//! bit: [`crate::fma::norm`]), as trees: each 64-bit limb is counted on its own
//! ([`crate::prim::zero_count`]), then the limb counts are combined. 161 when the
//! magnitude is zero. Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `m0`, `m1`  in  64  magnitude bits 63..0, 127..64
//! - `m2`        in  33  bits 160..128
//! - `lz`        out  8  leading zeros (0..161)
//! - `tz`        out  8  trailing zeros (0..161)
use crate::fma::wide::W256;
use crate::prim::zero_count::ZERO_COUNTS;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaLzc {
    pub m0: Signal<In, Bits<64>>,
    pub m1: Signal<In, Bits<64>>,
    pub m2: Signal<In, Bits<33>>,
    pub lz: Signal<Out, Bits<8>>,
    pub tz: Signal<Out, Bits<8>>,
}

/// (leading zeros, trailing zeros) of the 161-bit magnitude.
pub fn model(m: W256) -> (u32, u32) {
    (m.leading_zeros_in(161), m.trailing_zeros_in(161))
}

impl Logic for FmaLzc {
    fn update(&mut self) {
        let m = W256::from_limbs(&[(self.m0.val().to_u64(), 64), (self.m1.val().to_u64(), 64), (self.m2.val().to_u64(), 33)]);
        let (lz, tz) = model(m);
        self.lz.next = (lz as u64).into();
        self.tz.next = (tz as u64).into();
    }

    fn connect(&mut self) {
        self.lz.connect();
        self.tz.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "{ZERO_COUNTS}\
// Per-limb counts (m2 as the top bits of a 64-bit count, nonzero where it is used), then
// the first nonzero limb from the top (leading) or from the bottom (trailing).
wire [6:0] z2 = lz64({{m2, 31'd0}});
wire [6:0] z1 = lz64(m1);
wire [6:0] z0 = lz64(m0);
wire [6:0] t2 = tz64({{31'd0, m2}});
wire [6:0] t1 = tz64(m1);
wire [6:0] t0 = tz64(m0);
wire nz2 = |m2;
wire nz1 = |m1;
wire nz0 = |m0;
always @(*) begin
   if (nz2) lz = {{1'b0, z2}};
   else if (nz1) lz = 8'd33 + {{1'b0, z1}};
   else lz = 8'd97 + {{1'b0, z0}};
end
always @(*) begin
   if (nz0) tz = {{1'b0, t0}};
   else if (nz1) tz = 8'd64 + {{1'b0, t1}};
   else if (nz2) tz = 8'd128 + {{1'b0, t2}};
   else tz = 8'd161;
end
"
        ))
    }
}
