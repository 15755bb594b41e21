//! SFU stage 2b: the truncated squarer. Xl^2 from the top 18 bits of Xl, keeping the top
//! 18 bits of the 36-bit square (one 18x18 multiplier; the dropped low bits of Xl change
//! the square by less than 2^-(2 m_min + 18), the truncation of the square by less than
//! its lsb). Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `xl`  in  24  Xl
//! - `sq`  out 18  floor((floor(Xl / 2^6))^2 / 2^18)
use crate::sfu::table::{SQ_BITS, XL_BITS};
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuSquare {
    pub xl: Signal<In, Bits<24>>,
    pub sq: Signal<Out, Bits<18>>,
}

pub fn square(xl: u32) -> u32 {
    let xs = (xl >> (XL_BITS - SQ_BITS)) as u64;
    ((xs * xs) >> SQ_BITS) as u32
}

impl Logic for SfuSquare {
    fn update(&mut self) {
        self.sq.next = (square(self.xl.val().to_u64() as u32) as u64).into();
    }
    fn connect(&mut self) {
        self.sq.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [17:0] xs = xl[23:6];
wire [35:0] s2 = {18'd0, xs} * {18'd0, xs};
wire unused_sq = ^{xl[5:0], s2[17:0]};
always @(*) begin
   sq = s2[35:18];
end"
            .into(),
        )
    }
}
