//! FMA stage 1 (unpack), beside the main datapath: the first half of the conversion of a
//! binary64 or binary32 operand to an integer (s32, u32, s64, u64), the shift to a fixed
//! binary point; [`crate::fma::f2i_round`] rounds and saturates it in stage 2. The main
//! datapath rounds to a significand width (53 or 24 bits below the leading one); an
//! integer result is rounded at a fixed binary point instead and needs up to 64 bits, so
//! the conversion has its own shifter and incrementer (as HardFloat's recFNToIN does). Its
//! result joins the special path of the unit (`spec_y`), so it leaves the pipeline with
//! the same latency. Combinational, hand-written Verilog with a native Rust model
//! (co-simulated as part of `fma`).
//!
//! The significand m (53 bits; binary32 with its 24 bits at the top, as in the unpacker)
//! and the exponent E of its bit 52 give |a| = m * 2^(E-52). For -1 <= E <= 63 the operand
//! is shifted into a 117-bit fixed-point value with 53 fraction bits: the integer part is
//! its top 64 bits, then the guard bit and the sticky bits. E < -1 means |a| < 1/2 (integer
//! part 0, guard 0, sticky when nonzero); E >= 64 means |a| >= 2^64 (out of every range).
//!
//! Ports:
//! - `a`        in  64  operand (binary32 in the low 32 bits)
//! - `fmt`      in   1  1 binary64, 0 binary32
//! - `s`        out  1  the operand's sign
//! - `ip`       out 64  integer part of |a| (0 when `huge`)
//! - `g`, `st`  out  1  guard and sticky bits of the fraction
//! - `huge`     out  1  |a| >= 2^64 (or infinite or NaN)
//! - `nan`      out  1  the operand is a NaN
//! - `inf`      out  1  the operand is an infinity
use crate::fp32::bits::FRAC_MASK;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaF2iShift {
    pub a: Signal<In, Bits<64>>,
    pub fmt: Signal<In, Bit>,
    pub s: Signal<Out, Bit>,
    pub ip: Signal<Out, Bits<64>>,
    pub g: Signal<Out, Bit>,
    pub st: Signal<Out, Bit>,
    pub huge: Signal<Out, Bit>,
    pub nan: Signal<Out, Bit>,
    pub inf: Signal<Out, Bit>,
}

/// The operand on the fixed binary point, as plain values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fixed {
    pub s: bool,
    pub ip: u64,
    pub g: bool,
    pub st: bool,
    pub huge: bool,
    pub nan: bool,
    pub inf: bool,
}

/// The native model (what the Verilog below computes).
pub fn model(a: u64, f64_: bool) -> Fixed {
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
    let (ip, g, st, huge) = if ee >= 64 {
        (0u64, false, false, true)
    } else if ee < -1 {
        (0, false, m != 0, false)
    } else {
        let fx = (m as u128) << (ee + 1) as u32; // 117 bits, 53 fraction bits
        ((fx >> 53) as u64, fx >> 52 & 1 == 1, fx & ((1 << 52) - 1) != 0, false)
    };
    Fixed { s, ip, g, st, huge, nan: e == emax && f != 0, inf: e == emax && f == 0 }
}

impl Logic for FmaF2iShift {
    fn update(&mut self) {
        let o = model(self.a.val().to_u64(), self.fmt.val());
        self.s.next = o.s;
        self.ip.next = o.ip.into();
        self.g.next = o.g;
        self.st.next = o.st;
        self.huge.next = o.huge;
        self.nan.next = o.nan;
        self.inf.next = o.inf;
    }

    fn connect(&mut self) {
        self.s.connect();
        self.ip.connect();
        self.g.connect();
        self.st.connect();
        self.huge.connect();
        self.nan.connect();
        self.inf.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [10:0] e = fmt ? a[62:52] : {3'd0, a[30:23]};
wire [51:0] f = fmt ? a[51:0] : {a[22:0], 29'd0};
wire ez = (e == 11'd0);
wire emax = fmt ? (e == 11'h7FF) : (e == 11'h0FF);
wire [52:0] m = {~ez, f};
// Unbiased exponent of bit 52 (a subnormal's is emin).
wire [12:0] ee = {2'd0, (e | {10'd0, ez})} - (fmt ? 13'd1023 : 13'd127);
wire big = ~ee[12] & (ee >= 13'd64);
wire below_half = ee[12] & (ee != 13'h1FFF);
// 117-bit fixed point, 53 fraction bits: m << (ee + 1) for -1 <= ee <= 63.
wire [6:0] sh = ee[6:0] + 7'd1; // ee + 1 in 0..64 when used
wire [116:0] fx = {64'd0, m} << sh;
always @(*) begin
   s = fmt ? a[63] : a[31];
   ip = (big | below_half) ? 64'd0 : fx[116:53];
   g = (big | below_half) ? 1'b0 : fx[52];
   st = big ? 1'b0 : (below_half ? (m != 53'd0) : (fx[51:0] != 52'd0));
   huge = big;
   nan = emax & (f != 52'd0);
   inf = emax & (f == 52'd0);
end
"
            .into(),
        )
    }
}
