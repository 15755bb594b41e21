//! Planar attribute interpolation, stage "count" ([`crate::sfu::attr::round`]), one pixel:
//! the leading-zero count of the window sum's magnitude, in two levels: sixteen-bit groups
//! counted on their own, then the first nonzero group from the top; beside it the
//! trailing-zero count, the same way from the bottom (stage "normalize" takes its sticky
//! from the two counts instead of from the shifted value). Each is 146 when the magnitude
//! is zero. Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `m_hi`, `m_lo`  in  82, 64  the magnitude (146 bits)
//! - `lz`            out  8      its leading zeros (0..146)
//! - `tz`            out  8      its trailing zeros (0..146)
use crate::sfu::attr::wide::{join, Wide, W};
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuAttrCount {
    pub m_hi: Signal<In, Bits<82>>,
    pub m_lo: Signal<In, Bits<64>>,
    pub lz: Signal<Out, Bits<8>>,
    pub tz: Signal<Out, Bits<8>>,
}

/// Leading zeros of a 146-bit value (146 for zero).
pub fn count(m: Wide) -> u32 {
    m.lead().map_or(W, |p| W - 1 - p)
}

/// Trailing zeros of a 146-bit value (146 for zero).
pub fn trailing(m: Wide) -> u32 {
    (0..3).find(|&i| m.0[i] != 0).map_or(W, |i| i as u32 * 64 + m.0[i].trailing_zeros())
}

impl Logic for SfuAttrCount {
    fn update(&mut self) {
        let m = join(self.m_hi.val(), self.m_lo.val());
        self.lz.next = (count(m) as u64).into();
        self.tz.next = (trailing(m) as u64).into();
    }
    fn connect(&mut self) {
        self.lz.connect();
        self.tz.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
// The magnitude padded to ten 16-bit groups; each group counted on its own (a 16-input
// priority encoder), then the first nonzero group from the top: the count is the group's
// index and its count side by side.
function [4:0] lz16;
   input [15:0] g;
   integer i;
   begin
      lz16 = 5'd16;
      for (i = 0; i < 16; i = i + 1) if (g[i]) lz16 = 5'd15 - i[4:0];
   end
endfunction
wire [159:0] v = {m_hi, m_lo, 14'd0};
wire [4:0] g0 = lz16(v[159:144]);
wire [4:0] g1 = lz16(v[143:128]);
wire [4:0] g2 = lz16(v[127:112]);
wire [4:0] g3 = lz16(v[111:96]);
wire [4:0] g4 = lz16(v[95:80]);
wire [4:0] g5 = lz16(v[79:64]);
wire [4:0] g6 = lz16(v[63:48]);
wire [4:0] g7 = lz16(v[47:32]);
wire [4:0] g8 = lz16(v[31:16]);
wire [4:0] g9 = lz16(v[15:0]);
// trailing zeros: the magnitude padded at the top, groups from the bottom
function [4:0] tz16;
   input [15:0] g;
   integer i;
   begin
      tz16 = 5'd16;
      for (i = 15; i >= 0; i = i - 1) if (g[i]) tz16 = i[4:0];
   end
endfunction
wire [159:0] u = {14'd0, m_hi, m_lo};
wire [4:0] h0 = tz16(u[15:0]);
wire [4:0] h1 = tz16(u[31:16]);
wire [4:0] h2 = tz16(u[47:32]);
wire [4:0] h3 = tz16(u[63:48]);
wire [4:0] h4 = tz16(u[79:64]);
wire [4:0] h5 = tz16(u[95:80]);
wire [4:0] h6 = tz16(u[111:96]);
wire [4:0] h7 = tz16(u[127:112]);
wire [4:0] h8 = tz16(u[143:128]);
wire [4:0] h9 = tz16(u[159:144]);
always @(*) begin
   if (~g0[4]) lz = {4'd0, g0[3:0]};
   else if (~g1[4]) lz = {4'd1, g1[3:0]};
   else if (~g2[4]) lz = {4'd2, g2[3:0]};
   else if (~g3[4]) lz = {4'd3, g3[3:0]};
   else if (~g4[4]) lz = {4'd4, g4[3:0]};
   else if (~g5[4]) lz = {4'd5, g5[3:0]};
   else if (~g6[4]) lz = {4'd6, g6[3:0]};
   else if (~g7[4]) lz = {4'd7, g7[3:0]};
   else if (~g8[4]) lz = {4'd8, g8[3:0]};
   else if (~g9[4]) lz = {4'd9, g9[3:0]};
   else lz = 8'd146;
   if (~h0[4]) tz = {4'd0, h0[3:0]};
   else if (~h1[4]) tz = {4'd1, h1[3:0]};
   else if (~h2[4]) tz = {4'd2, h2[3:0]};
   else if (~h3[4]) tz = {4'd3, h3[3:0]};
   else if (~h4[4]) tz = {4'd4, h4[3:0]};
   else if (~h5[4]) tz = {4'd5, h5[3:0]};
   else if (~h6[4]) tz = {4'd6, h6[3:0]};
   else if (~h7[4]) tz = {4'd7, h7[3:0]};
   else if (~h8[4]) tz = {4'd8, h8[3:0]};
   else if (~h9[4]) tz = {4'd9, h9[3:0]};
   else tz = 8'd146;
end"
            .into(),
        )
    }
}
