//! Stage "window" of the pipelined RRO ([`crate::sfu::rro::SfuRro`]): unpack, the 64-bit
//! window of 2/pi for the operand's exponent (a ROM over the exponent), and the complete
//! rro.ex2 conversion and special results. Combinational, hand-written Verilog with a
//! native Rust model. The 24x64 product of the significand and the window is left to
//! [`crate::sfu::rro::mul::SfuRroMul`].
//!
//! Ports:
//! - `x`       in  32  operand
//! - `ex2`     in   1  1: rro.ex2, 0: rro.sincos
//! - `direct`  out  1  the result is `dy` (ex2, tiny, NaN, infinite)
//! - `dy`      out 32  that result
//! - `neg`     out  1  sign of x (after the flush)
//! - `sig`     out 24  the significand with its hidden bit
//! - `wnd`     out 64  the window of 2/pi for x's exponent; 0 when x is not reduced
//!                     through the product (exponent below `RRO_MIN_BE`, or 255)
use crate::fp32::bits::FRAC_MASK;
use rust_hdl::prelude::*;

/// 2/pi = 0.A2F9836E4E441529 FC2757D1F534DDC0 DB6295993C439041 ... (hex).
pub const TWO_OVER_PI: [u64; 3] = [0xA2F9_836E_4E44_1529, 0xFC27_57D1_F534_DDC0, 0xDB62_9599_3C43_9041];

/// Bit of weight 2^-i of 2/pi (0 for i <= 0).
fn g(i: i32) -> u64 {
    if i <= 0 {
        0
    } else {
        (TWO_OVER_PI[((i - 1) / 64) as usize] >> (63 - (i - 1) % 64)) & 1
    }
}

/// The 64-bit window of 2/pi for x = m 2^(be - 150): bits 2^-(e-1) .. 2^-(e+62), e = be - 150.
/// Bits of higher weight only add multiples of 4 to x*2/pi; the bits below add less than
/// 2^-38.
pub fn window(be: u32) -> u64 {
    let e = be as i32 - 150;
    (0..64).fold(0u64, |a, k| (a << 1) | g(e - 1 + k))
}

/// Smallest biased exponent reduced through the product (|x| >= 2^-12).
pub const RRO_MIN_BE: u32 = 115;

/// The window stage on native integers: (direct, dy, neg, sig, wnd).
pub fn rro_window(x: u32, ex2: bool) -> (bool, u32, bool, u32, u64) {
    let s = x >> 31;
    let be = (x >> 23) & 0xFF;
    let fr = x & FRAC_MASK;
    let zero = be == 0;
    let nan = be == 255 && fr != 0;
    let inf = be == 255 && fr == 0;
    let m = fr | 0x80_0000;
    let wnd = if (RRO_MIN_BE..255).contains(&be) { window(be) } else { 0 };
    let sx = s << 31;
    let (direct, dy) = if ex2 {
        let y = if nan {
            0x407F_FFFF
        } else if inf || be >= 134 {
            sx | 1 << 30
        } else if zero {
            sx
        } else if be >= 127 {
            sx | 1 << 30 | ((m << (be - 127)) & 0x3FFF_FFFF)
        } else if be >= 120 {
            sx | (m << (be - 120))
        } else {
            sx | (m >> (120 - be).min(31))
        };
        (true, y)
    } else if nan || inf {
        (true, 0x3FFF_FFFF)
    } else if be < RRO_MIN_BE {
        (true, if zero { sx } else { x })
    } else {
        (false, 0)
    };
    (direct, dy, s == 1, m, wnd)
}

/// Verilog: the operand's fields (`s`, `be`, `fr`, `zero`, `nan`, `inf`, `m`) and the
/// window `win` (a case over `be`: the constants of [`window`], 0 outside the reduced range).
pub(crate) fn unpack_window_verilog() -> String {
    let mut v = String::from(
        "\
wire s = x[31];
wire [7:0] be = x[30:23];
wire [22:0] fr = x[22:0];
wire zero = (be == 8'd0);
wire nan = (be == 8'd255) & (fr != 23'd0);
wire inf = (be == 8'd255) & (fr == 23'd0);
wire [23:0] m = {1'b1, fr};
// The 64 bits of 2/pi that matter for this exponent (constants selected by be).
reg [63:0] win;
always @(*) begin
   case (be)
",
    );
    for be in RRO_MIN_BE..255 {
        v.push_str(&format!("      8'd{be}: win = 64'h{:016x};\n", window(be)));
    }
    v.push_str(
        "\
      default: win = 64'h0;
   endcase
end
",
    );
    v
}

/// Verilog, after [`unpack_window_verilog`]: the rro.ex2 word and the direct results,
/// `dir_w` (the result is `dy_w`) and `dy_w`.
pub(crate) fn ex2_word_verilog() -> String {
    let mut v = String::from(
        "\
// shifts for the ex2 word: be - 127 and be - 120 modulo 8 (used only in their ranges)
wire [2:0] sh_hi = be[2:0] + 3'd1;
wire [2:0] sh_mid = be[2:0];
wire [7:0] sh_lo = 8'd120 - be;
wire [29:0] m30 = {6'd0, m};
wire [29:0] big = m30 << sh_hi;
wire [29:0] mid = m30 << sh_mid;
wire [29:0] low = (sh_lo > 8'd31) ? 30'd0 : (m30 >> sh_lo[4:0]);
reg [31:0] ey;
always @(*) begin
   if (nan) ey = 32'h407fffff;
   else if (inf | (be >= 8'd134)) ey = {s, 1'b1, 30'd0};
   else if (zero) ey = {s, 31'd0};
   else if (be >= 8'd127) ey = {s, 1'b1, big};
   else if (be >= 8'd120) ey = {s, 1'b0, mid};
   else ey = {s, 1'b0, low};
end
// the results are staged in wires: each output port is assigned once (lint gate)
",
    );
    v.push_str(&format!("wire tiny = (be < 8'd{RRO_MIN_BE});\n"));
    v.push_str(
        "\
wire dir_w = ex2 | nan | inf | tiny;
wire [31:0] dy_w = ex2 ? ey : ((nan | inf) ? 32'h3fffffff : (tiny ? (zero ? {s, 31'd0} : x) : 32'd0));
",
    );
    v
}

/// The window stage (combinational).
#[derive(LogicBlock, Default)]
pub struct SfuRroWindow {
    pub x: Signal<In, Bits<32>>,
    pub ex2: Signal<In, Bit>,
    pub direct: Signal<Out, Bit>,
    pub dy: Signal<Out, Bits<32>>,
    pub neg: Signal<Out, Bit>,
    pub sig: Signal<Out, Bits<24>>,
    pub wnd: Signal<Out, Bits<64>>,
}

impl Logic for SfuRroWindow {
    fn update(&mut self) {
        let (d, dy, n, sig, wnd) = rro_window(self.x.val().to_u64() as u32, self.ex2.val());
        self.direct.next = d;
        self.dy.next = (dy as u64).into();
        self.neg.next = n;
        self.sig.next = (sig as u64).into();
        self.wnd.next = wnd.into();
    }
    fn connect(&mut self) {
        self.direct.connect();
        self.dy.connect();
        self.neg.connect();
        self.sig.connect();
        self.wnd.connect();
    }
    fn hdl(&self) -> Verilog {
        let mut v = unpack_window_verilog();
        v.push_str(&ex2_word_verilog());
        v.push_str(
            "\
always @(*) begin
   neg = s;
   sig = m;
   wnd = win;
   direct = dir_w;
   dy = dy_w;
end",
        );
        Verilog::Custom(v)
    }
}
