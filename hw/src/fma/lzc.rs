//! FMA stage 6 (count): leading-zero count of the 161-bit magnitude (the normalisation
//! amount of Figure C.6.2), as a tree: each 64-bit limb is counted on its own, then the
//! limb counts are combined. 161 when the magnitude is zero. Combinational, hand-written
//! Verilog with a native Rust model.
//!
//! Ports:
//! - `m0`, `m1`  in  64  magnitude bits 63..0, 127..64
//! - `m2`        in  33  bits 160..128
//! - `lz`        out  8  leading zeros (0..161)
use crate::fma::wide::W256;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaLzc {
    pub m0: Signal<In, Bits<64>>,
    pub m1: Signal<In, Bits<64>>,
    pub m2: Signal<In, Bits<33>>,
    pub lz: Signal<Out, Bits<8>>,
}

pub fn model(m: W256) -> u32 {
    m.leading_zeros_in(161)
}

impl Logic for FmaLzc {
    fn update(&mut self) {
        let m = W256::from_limbs(&[(self.m0.val().to_u64(), 64), (self.m1.val().to_u64(), 64), (self.m2.val().to_u64(), 33)]);
        self.lz.next = (model(m) as u64).into();
    }

    fn connect(&mut self) {
        self.lz.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
// Per-limb counts (priority encoders), then the first nonzero limb from the top.
reg [6:0] z2;
reg [6:0] z1;
reg [6:0] z0;
integer i;
integer j;
integer k;
always @(*) begin
   z2 = 7'd33;
   for (i = 0; i < 33; i = i + 1) if (m2[i]) z2 = 7'd32 - i[6:0];
end
always @(*) begin
   z1 = 7'd64;
   for (j = 0; j < 64; j = j + 1) if (m1[j]) z1 = 7'd63 - j[6:0];
end
always @(*) begin
   z0 = 7'd64;
   for (k = 0; k < 64; k = k + 1) if (m0[k]) z0 = 7'd63 - k[6:0];
end
wire nz2 = |m2;
wire nz1 = |m1;
always @(*) begin
   if (nz2) lz = {1'b0, z2};
   else if (nz1) lz = 8'd33 + {1'b0, z1};
   else lz = 8'd97 + {1'b0, z0};
end
"
            .into(),
        )
    }
}
