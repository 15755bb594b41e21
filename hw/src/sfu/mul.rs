//! SFU stage 4: the interpolator's two multipliers, |C1| x Xl (16 x 24 bits, two ECP5
//! MULT18X18D) and |C2| x Xl^2 (12 x 18 bits, one). Wider than rust-hdl's 16x16, so
//! hand-written Verilog with a native Rust model. Combinational.
//!
//! Ports:
//! - `c1`  in  16  |C1|
//! - `xl`  in  24  Xl
//! - `c2`  in  12  |C2|
//! - `sq`  in  18  truncated Xl^2
//! - `p1`  out 40  c1 * xl
//! - `p2`  out 30  c2 * sq
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuMul {
    pub c1: Signal<In, Bits<16>>,
    pub xl: Signal<In, Bits<24>>,
    pub c2: Signal<In, Bits<12>>,
    pub sq: Signal<In, Bits<18>>,
    pub p1: Signal<Out, Bits<40>>,
    pub p2: Signal<Out, Bits<30>>,
}

impl Logic for SfuMul {
    fn update(&mut self) {
        self.p1.next = (self.c1.val().to_u64() * self.xl.val().to_u64()).into();
        self.p2.next = (self.c2.val().to_u64() * self.sq.val().to_u64()).into();
    }
    fn connect(&mut self) {
        self.p1.connect();
        self.p2.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [39:0] m1 = {24'd0, c1} * {16'd0, xl};
wire [29:0] m2 = {18'd0, c2} * {12'd0, sq};
always @(*) begin
   p1 = m1;
   p2 = m2;
end"
            .into(),
        )
    }
}
