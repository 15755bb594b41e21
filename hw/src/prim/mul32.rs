//! 32x32 multiplier (combinational), signed or unsigned, with hand-written Verilog.
//!
//! rust-hdl 0.46 only multiplies up to 16x16, so this block is a `Logic` impl without
//! `#[hdl_gen]`: `update()` is the native Rust model and `hdl()` the Verilog it stands
//! for; the two are co-simulated like every other block (`heddle cosim mul32`).
//!
//! Ports:
//! - `a`, `b`      in  32  operands
//! - `is_signed`   in   1  treat both operands as two's complement (1) or unsigned (0)
//! - `lo`          out 32  bits 31..0 of the 64-bit product
//! - `hi`          out 32  bits 63..32 of the 64-bit product
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Mul32 {
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub is_signed: Signal<In, Bit>,
    pub lo: Signal<Out, Bits<32>>,
    pub hi: Signal<Out, Bits<32>>,
}

/// Sign-extends a 32-bit word to 64 bits when `is_signed`, zero-extends it otherwise.
fn extend(x: u64, is_signed: bool) -> u64 {
    if is_signed && x & 0x8000_0000 != 0 {
        x | 0xffff_ffff_0000_0000
    } else {
        x
    }
}

impl Logic for Mul32 {
    fn update(&mut self) {
        // The low 64 bits of the product of the extended operands are the exact 64-bit
        // product (signed or unsigned); this is what the Verilog below computes too.
        let s = self.is_signed.val();
        let p = extend(self.a.val().to_u64(), s).wrapping_mul(extend(self.b.val().to_u64(), s));
        self.lo.next = (p & 0xffff_ffff).into();
        self.hi.next = (p >> 32).into();
    }

    fn connect(&mut self) {
        // Outputs driven by the custom Verilog (rust-hdl cannot see into it).
        self.lo.connect();
        self.hi.connect();
    }

    fn hdl(&self) -> Verilog {
        // Each operand is extended to 64 bits with its sign bit (when is_signed) replicated,
        // and the product is kept to exactly 64 bits: every bit is used (lint) and the low
        // 64 bits of the extended product are the exact product. The operands are declared
        // signed so Yosys's wreduce trims the replicated sign bits back to a 33x33
        // multiplier instead of building a 64x64 one.
        Verilog::Custom(
            "\
wire sa = is_signed & a[31];
wire sb = is_signed & b[31];
wire signed [63:0] a_ext = {{32{sa}}, a};
wire signed [63:0] b_ext = {{32{sb}}, b};
wire signed [63:0] prod = a_ext * b_ext;

always @(*) begin
   lo = prod[31:0];
   hi = prod[63:32];
end
"
            .into(),
        )
    }
}
