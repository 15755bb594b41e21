//! Stage A of the SFU's range reduction ([`crate::sfu::rro`]): unpack, the 64-bit window
//! of 2/pi for the operand's exponent, the 24x64 product, and the complete rro.ex2
//! conversion, in one combinational stage (the SFU's first clock). Hand-written Verilog
//! with a native Rust model: [`SfuRroWindow`](crate::sfu::rro::window::SfuRroWindow)'s Verilog with the product inside. The
//! standalone [`crate::sfu::rro::SfuRro`] pipelines the same window and product over
//! several clocks.
use crate::sfu::rro::window::{ex2_word_verilog, rro_window, unpack_window_verilog, RRO_MIN_BE};
use rust_hdl::prelude::*;

/// Stage A of the RRO (combinational).
///
/// Ports:
/// - `x`       in  32  operand
/// - `ex2`     in   1  1: rro.ex2, 0: rro.sincos
/// - `direct`  out  1  the result is `dy` (ex2, tiny, NaN, infinite)
/// - `dy`      out 32  that result
/// - `neg`     out  1  sign of x (after the flush)
/// - `pr`      out 31  bits 63..33 of m * window (m the 24-bit significand)
#[derive(LogicBlock, Default)]
pub struct SfuRroA {
    pub x: Signal<In, Bits<32>>,
    pub ex2: Signal<In, Bit>,
    pub direct: Signal<Out, Bit>,
    pub dy: Signal<Out, Bits<32>>,
    pub neg: Signal<Out, Bit>,
    pub pr: Signal<Out, Bits<31>>,
}

/// Stage A on native integers: (direct, dy, neg, pr).
pub fn rro_a(x: u32, ex2: bool) -> (bool, u32, bool, u32) {
    let (direct, dy, neg, sig, wnd) = rro_window(x, ex2);
    let pr = (((sig as u128 * wnd as u128) >> 33) as u32) & 0x7FFF_FFFF;
    (direct, dy, neg, pr)
}

impl Logic for SfuRroA {
    fn update(&mut self) {
        let (d, dy, n, pr) = rro_a(self.x.val().to_u64() as u32, self.ex2.val());
        self.direct.next = d;
        self.dy.next = (dy as u64).into();
        self.neg.next = n;
        self.pr.next = (pr as u64).into();
    }
    fn connect(&mut self) {
        self.direct.connect();
        self.dy.connect();
        self.neg.connect();
        self.pr.connect();
    }
    fn hdl(&self) -> Verilog {
        let mut v = unpack_window_verilog();
        v.push_str(
            "\
wire [63:0] prod = {40'd0, m} * win;
// bits below 2^-29 of x*2/pi only feed the carries into the kept bits
wire unused_prod_lo = ^prod[32:0];
",
        );
        v.push_str(&ex2_word_verilog());
        v.push_str(&format!(
            "\
always @(*) begin
   neg = s;
   pr = ((be >= 8'd{RRO_MIN_BE}) & (be != 8'd255)) ? prod[63:33] : 31'd0;
   direct = dir_w;
   dy = dy_w;
end",
        ));
        Verilog::Custom(v)
    }
}
