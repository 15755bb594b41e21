//! FMA stage 2 (scale), beside the main datapath: the second half of the conversion of a
//! float to an integer (s32, u32, s64, u64): the fixed-point value of
//! [`crate::fma::f2i_shift`] rounded in the selected mode, range-checked and negated.
//! Out of range (after rounding) and NaN operands saturate as PTX `cvt` does and raise
//! invalid (never inexact): NaN gives 0, otherwise the end of the range on the operand's
//! side (a negative operand to an unsigned type gives 0 unless it rounds to zero).
//! Combinational, hand-written Verilog with a native Rust model (co-simulated as part of
//! `fma`).
//!
//! Ports:
//! - `s`, `ip`, `g`, `st`, `huge`, `nan`, `inf`  in  the fixed-point operand
//!                                                   ([`crate::fma::f2i_shift`])
//! - `ity`   in   2  integer type: bit 0 signed, bit 1 64-bit (0 u32, 1 s32, 2 u64, 3 s64)
//! - `rnd`   in   3  0 rn, 1 rz, 2 rm, 3 rp, 4 (and 5..7) rna
//! - `y`     out 64  the integer (32-bit types in the low 32 bits, high bits 0)
//! - `nv`    out  1  invalid (NaN or out of range)
//! - `nx`    out  1  inexact (in range and not an integer)
use crate::fma::f2i_shift::Fixed;
use crate::fma::round::{increment, increment_verilog};
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaF2iRound {
    pub s: Signal<In, Bit>,
    pub ip: Signal<In, Bits<64>>,
    pub g: Signal<In, Bit>,
    pub st: Signal<In, Bit>,
    pub huge: Signal<In, Bit>,
    pub nan: Signal<In, Bit>,
    pub inf: Signal<In, Bit>,
    pub ity: Signal<In, Bits<2>>,
    pub rnd: Signal<In, Bits<3>>,
    pub y: Signal<Out, Bits<64>>,
    pub nv: Signal<Out, Bit>,
    pub nx: Signal<Out, Bit>,
}

/// The native model (what the Verilog below computes): (y, nv, nx).
pub fn model(x: &Fixed, ity: u64, rnd: u64) -> (u64, bool, bool) {
    let Fixed { s, ip, g, st, huge, nan, inf } = *x;
    let nx0 = g || st;
    let inc = increment(rnd, s, ip & 1 == 1, g, st);
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

impl Logic for FmaF2iRound {
    fn update(&mut self) {
        let x = Fixed {
            s: self.s.val(),
            ip: self.ip.val().to_u64(),
            g: self.g.val(),
            st: self.st.val(),
            huge: self.huge.val(),
            nan: self.nan.val(),
            inf: self.inf.val(),
        };
        let (y, nv, nx) = model(&x, self.ity.val().to_u64(), self.rnd.val().to_u64());
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
        let mut v = String::from("wire nx0 = g | st;\n");
        v.push_str(&increment_verilog("s", "ip[0]"));
        v.push_str(
            "\
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
",
        );
        Verilog::Custom(v)
    }
}
