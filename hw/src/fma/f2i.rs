//! FMA stage 1, beside the main datapath: conversion of a binary64 or binary32 operand
//! to an integer (s32, u32, s64, u64) in the selected rounding mode. The main datapath
//! rounds to a significand width (53 or 24 bits below the leading one); an integer result
//! is rounded at a fixed binary point instead and needs up to 64 bits, so this has its own
//! shifter and incrementer (as HardFloat's recFNToIN does). Its result joins the special
//! path of the unit (`spec_y`), so it leaves the pipeline with the same latency.
//! Combinational, hand-written Verilog with a native Rust model (co-simulated as part of
//! `fma`).
//!
//! The significand m (53 bits; binary32 with its 24 bits at the top, as in the unpacker)
//! and the exponent E of its bit 52 give |a| = m * 2^(E-52). For -1 <= E <= 63 the operand
//! is shifted into a 117-bit fixed-point value with 53 fraction bits: the integer part is
//! its top 64 bits, then the guard bit and the sticky bits. E < -1 means |a| < 1/2 (integer
//! part 0, guard 0, sticky when nonzero); E >= 64 means |a| >= 2^64 (out of every range).
//!
//! Out of range (after rounding) and NaN operands saturate as PTX `cvt` does and raise
//! invalid (never inexact): NaN gives 0, otherwise the end of the range on the operand's
//! side (a negative operand to an unsigned type gives 0 unless it rounds to zero).
//!
//! Ports:
//! - `a`     in  64  operand (binary32 in the low 32 bits)
//! - `fmt`   in   1  1 binary64, 0 binary32
//! - `ity`   in   2  integer type: bit 0 signed, bit 1 64-bit (0 u32, 1 s32, 2 u64, 3 s64)
//! - `rnd`   in   3  0 rn, 1 rz, 2 rm, 3 rp, 4 (and 5..7) rna
//! - `y`     out 64  the integer (32-bit types in the low 32 bits, high bits 0)
//! - `nv`    out  1  invalid (NaN or out of range)
//! - `nx`    out  1  inexact (in range and not an integer)
use crate::fp32::bits::FRAC_MASK;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaF2i {
    pub a: Signal<In, Bits<64>>,
    pub fmt: Signal<In, Bit>,
    pub ity: Signal<In, Bits<2>>,
    pub rnd: Signal<In, Bits<3>>,
    pub y: Signal<Out, Bits<64>>,
    pub nv: Signal<Out, Bit>,
    pub nx: Signal<Out, Bit>,
}

/// The native model (what the Verilog below computes): (y, nv, nx).
pub fn model(a: u64, f64_: bool, ity: u64, rnd: u64) -> (u64, bool, bool) {
    let (s, e, f) = if f64_ {
        (a >> 63 == 1, (a >> 52) & 0x7FF, a & ((1 << 52) - 1))
    } else {
        (a >> 31 & 1 == 1, (a >> 23) & 0xFF, (a & FRAC_MASK as u64) << 29)
    };
    let emax = if f64_ { 0x7FF } else { 0xFF };
    let bias = if f64_ { 1023 } else { 127 };
    let ez = e == 0;
    let m = (!ez as u64) << 52 | f;
    let ee = (e | ez as u64) as i64 - bias;
    let nan = e == emax && f != 0;
    let inf = e == emax && f == 0;
    // Integer part, guard, sticky.
    let (ip, g, st, huge) = if ee >= 64 {
        (0u64, false, false, true)
    } else if ee < -1 {
        (0, false, m != 0, false)
    } else {
        let fx = (m as u128) << (ee + 1) as u32; // 117 bits, 53 fraction bits
        ((fx >> 53) as u64, fx >> 52 & 1 == 1, fx & ((1 << 52) - 1) != 0, false)
    };
    let nx0 = g || st;
    let inc = match rnd {
        0 => g && (st || ip & 1 == 1),
        1 => false,
        2 => s && nx0,
        3 => !s && nx0,
        _ => g,
    };
    let mag = ip as u128 + inc as u128; // up to 2^64
    let (signed, wide) = (ity & 1 == 1, ity & 2 == 2);
    let lim_pos: u128 = match (signed, wide) {
        (false, false) => 0xFFFF_FFFF,
        (true, false) => 0x7FFF_FFFF,
        (false, true) => u64::MAX as u128,
        (true, true) => i64::MAX as u128,
    };
    let lim_neg: u128 = match (signed, wide) {
        (false, _) => 0,
        (true, false) => 0x8000_0000,
        (true, true) => 1 << 63,
    };
    let oor = huge || inf || if s { mag > lim_neg } else { mag > lim_pos };
    let nv = nan || oor;
    let sat = if nan {
        0
    } else if s {
        (lim_neg as u64).wrapping_neg()
    } else {
        lim_pos as u64
    };
    let v = if nv {
        sat
    } else if s {
        (mag as u64).wrapping_neg()
    } else {
        mag as u64
    };
    let y = if wide { v } else { v & 0xFFFF_FFFF };
    (y, nv, nx0 && !nv)
}

impl Logic for FmaF2i {
    fn update(&mut self) {
        let (y, nv, nx) = model(self.a.val().to_u64(), self.fmt.val(), self.ity.val().to_u64(), self.rnd.val().to_u64());
        self.y.next = y.into();
        self.nv.next = nv;
        self.nx.next = nx;
    }

    fn connect(&mut self) {
        self.y.connect();
        self.nv.connect();
        self.nx.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire s = fmt ? a[63] : a[31];
wire [10:0] e = fmt ? a[62:52] : {3'd0, a[30:23]};
wire [51:0] f = fmt ? a[51:0] : {a[22:0], 29'd0};
wire ez = (e == 11'd0);
wire emax = fmt ? (e == 11'h7FF) : (e == 11'h0FF);
wire nan = emax & (f != 52'd0);
wire inf = emax & (f == 52'd0);
wire [52:0] m = {~ez, f};
// Unbiased exponent of bit 52 (a subnormal's is emin).
wire [12:0] ee = {2'd0, (e | {10'd0, ez})} - (fmt ? 13'd1023 : 13'd127);
wire huge = ~ee[12] & (ee >= 13'd64);
wire below_half = ee[12] & (ee != 13'h1FFF);
// 117-bit fixed point, 53 fraction bits: m << (ee + 1) for -1 <= ee <= 63.
wire [6:0] sh = ee[6:0] + 7'd1; // ee + 1 in 0..64 when used
wire [116:0] fx = {64'd0, m} << sh;
wire [63:0] ip = (huge | below_half) ? 64'd0 : fx[116:53];
wire g = (huge | below_half) ? 1'b0 : fx[52];
wire st = huge ? 1'b0 : (below_half ? (m != 53'd0) : (fx[51:0] != 52'd0));
wire nx0 = g | st;
reg inc;
always @(*) begin
   case (rnd)
      3'd0: inc = g & (st | ip[0]);
      3'd1: inc = 1'b0;
      3'd2: inc = s & nx0;
      3'd3: inc = ~s & nx0;
      default: inc = g;
   endcase
end
wire [64:0] mag = {1'b0, ip} + {64'd0, inc};
wire sgd = ity[0];
wire wide = ity[1];
wire [64:0] lim_pos = wide ? (sgd ? 65'h07FFFFFFFFFFFFFFF : 65'h0FFFFFFFFFFFFFFFF)
                           : (sgd ? 65'h0000000007FFFFFFF : 65'h000000000FFFFFFFF);
wire [64:0] lim_neg = sgd ? (wide ? 65'h08000000000000000 : 65'h00000000080000000) : 65'd0;
wire oor = huge | inf | (s ? (mag > lim_neg) : (mag > lim_pos));
wire inv = nan | oor;
wire [63:0] sat = nan ? 64'd0 : (s ? (64'd0 - lim_neg[63:0]) : lim_pos[63:0]);
wire [63:0] v = inv ? sat : (s ? (64'd0 - mag[63:0]) : mag[63:0]);
always @(*) begin
   y = wide ? v : {32'd0, v[31:0]};
   nv = inv;
   nx = nx0 & ~inv;
end
"
            .into(),
        )
    }
}
