//! FMA stage 3 (product): the 3:2 carry-save adder of Figure C.6.2 that sums the product's
//! sum and carry vectors with the aligned addend, 162 bits wide (the 161-bit window and a
//! sign bit), modulo 2^162. Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `ps_lo`, `ps_hi`, `pc_lo`, `pc_hi`  in  64, 42  product sum and carry vectors
//! - `al0`, `al1`, `al2`                  in  64, 64, 34  aligned addend
//! - `s0`, `s1`, `s2`                     out 64, 64, 34  sum vector
//! - `c0`, `c1`, `c2`                     out 64, 64, 34  carry vector
use crate::fma::mul::csa_verilog;
use crate::fma::wide::W256;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaCsa {
    pub ps_lo: Signal<In, Bits<64>>,
    pub ps_hi: Signal<In, Bits<42>>,
    pub pc_lo: Signal<In, Bits<64>>,
    pub pc_hi: Signal<In, Bits<42>>,
    pub al0: Signal<In, Bits<64>>,
    pub al1: Signal<In, Bits<64>>,
    pub al2: Signal<In, Bits<34>>,
    pub s0: Signal<Out, Bits<64>>,
    pub s1: Signal<Out, Bits<64>>,
    pub s2: Signal<Out, Bits<34>>,
    pub c0: Signal<Out, Bits<64>>,
    pub c1: Signal<Out, Bits<64>>,
    pub c2: Signal<Out, Bits<34>>,
}

/// 3:2 CSA on 162-bit words.
pub fn model(x: W256, y: W256, z: W256) -> (W256, W256) {
    let s = x.xor(y).xor(z);
    let c = x.and(y).or(x.and(z)).or(y.and(z)).shl(1).trunc(162);
    (s, c)
}

impl Logic for FmaCsa {
    fn update(&mut self) {
        let x = W256::from_limbs(&[(self.ps_lo.val().to_u64(), 64), (self.ps_hi.val().to_u64(), 42)]);
        let y = W256::from_limbs(&[(self.pc_lo.val().to_u64(), 64), (self.pc_hi.val().to_u64(), 42)]);
        let z = W256::from_limbs(&[(self.al0.val().to_u64(), 64), (self.al1.val().to_u64(), 64), (self.al2.val().to_u64(), 34)]);
        let (s, c) = model(x, y, z);
        self.s0.next = s.field(0, 64).into();
        self.s1.next = s.field(64, 64).into();
        self.s2.next = s.field(128, 34).into();
        self.c0.next = c.field(0, 64).into();
        self.c1.next = c.field(64, 64).into();
        self.c2.next = c.field(128, 34).into();
    }

    fn connect(&mut self) {
        self.s0.connect();
        self.s1.connect();
        self.s2.connect();
        self.c0.connect();
        self.c1.connect();
        self.c2.connect();
    }

    fn hdl(&self) -> Verilog {
        let mut v = String::from(
            "\
wire [161:0] vx = {56'd0, ps_hi, ps_lo};
wire [161:0] vy = {56'd0, pc_hi, pc_lo};
wire [161:0] vz = {al2, al1, al0};
",
        );
        v.push_str(&csa_verilog("w", "vx", "vy", "vz", 162));
        v.push_str(
            "\
always @(*) begin
   s0 = w_s[63:0];
   s1 = w_s[127:64];
   s2 = w_s[161:128];
   c0 = w_c[63:0];
   c1 = w_c[127:64];
   c2 = w_c[161:128];
end
",
        );
        Verilog::Custom(v)
    }
}
