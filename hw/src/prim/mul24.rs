//! 24x24 unsigned multiplier (combinational), hand-written Verilog: rust-hdl only has 16x16
//! multipliers. The Rust model multiplies natively; the two halves keep every signal at 24
//! bits (rust-hdl simulates values wider than 32 bits as bool arrays, slowly). Maps to
//! ECP5 MULT18X18D blocks.
//!
//! Ports:
//! - `a`, `b`  in  24  unsigned operands (FP32 significands with the hidden bit)
//! - `hi`      out 24  product bits 47..24
//! - `lo`      out 24  product bits 23..0
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Mul24 {
    pub a: Signal<In, Bits<24>>,
    pub b: Signal<In, Bits<24>>,
    pub hi: Signal<Out, Bits<24>>,
    pub lo: Signal<Out, Bits<24>>,
}

impl Logic for Mul24 {
    fn update(&mut self) {
        let p = self.a.val().to_u64() * self.b.val().to_u64();
        self.hi.next = (p >> 24).into();
        self.lo.next = (p & 0xFF_FFFF).into();
    }
    fn connect(&mut self) {
        self.hi.connect();
        self.lo.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [47:0] product = a * b;
always @(*) begin
   hi = product[47:24];
   lo = product[23:0];
end"
            .into(),
        )
    }
}
