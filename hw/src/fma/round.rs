//! FMA stage 8 (round): round, pack, flags and the final result mux (Figure C.6.2's last
//! box), on the normalised significand of [`crate::fma::norm`]. The p bits are rounded
//! with guard and sticky in the selected mode; the rounded significand including its
//! leading bit is added to (biased exponent - 1) << fbits, which carries into the exponent
//! on a round-up to the next binade and turns a subnormal that rounds up to 2^emin into
//! the smallest normal. Binary32 with ftz flushes a subnormal result to a zero of its
//! sign, raising underflow and inexact. Combinational, hand-written Verilog with a native
//! Rust model.
//!
//! Ports:
//! - `q`, `g`, `st`    in  53, 1, 1  significand, guard, sticky ([`crate::fma::norm`])
//! - `eb1`             in  14  biased exponent minus one (two's complement)
//! - `tiny`, `ezero`   in   1  exact result below 2^emin; exact zero
//! - `sp`, `neg`       in   1  product sign, the sum was negative (result sign sp ^ neg)
//! - `zsign`           in   1  sign of an exact zero
//! - `fmt`             in   1  1 binary64, 0 binary32
//! - `rnd`             in   3  0 rn, 1 rz, 2 rm, 3 rp, 4 (and 5..7) rna
//! - `ftz_act`         in   1  flush a subnormal result
//! - `spec`, `spec_y`, `spec_nv`, `spec_nx`  in  special result and its invalid and
//!                     inexact flags (overrides; inexact only from a float-to-integer conversion)
//! - `y`               out 64  result (binary32 in the low 32 bits, high bits 0)
//! - `flags`           out  4  bit 0 inexact, 1 underflow, 2 overflow, 3 invalid
use crate::fma::norm::s14;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaRound {
    pub q: Signal<In, Bits<53>>,
    pub g: Signal<In, Bit>,
    pub st: Signal<In, Bit>,
    pub eb1: Signal<In, Bits<14>>,
    pub tiny: Signal<In, Bit>,
    pub ezero: Signal<In, Bit>,
    pub sp: Signal<In, Bit>,
    pub neg: Signal<In, Bit>,
    pub zsign: Signal<In, Bit>,
    pub fmt: Signal<In, Bit>,
    pub rnd: Signal<In, Bits<3>>,
    pub ftz_act: Signal<In, Bit>,
    pub spec: Signal<In, Bit>,
    pub spec_y: Signal<In, Bits<64>>,
    pub spec_nv: Signal<In, Bit>,
    pub spec_nx: Signal<In, Bit>,
    pub y: Signal<Out, Bits<64>>,
    pub flags: Signal<Out, Bits<4>>,
}

/// Inputs of [`model`], as plain values.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoundIn {
    pub q: u64,
    pub g: bool,
    pub st: bool,
    pub eb1: i64,
    pub tiny: bool,
    pub ezero: bool,
    pub sp: bool,
    pub neg: bool,
    pub zsign: bool,
    pub f64_: bool,
    pub rnd: u64,
    pub ftz_act: bool,
    pub spec: bool,
    pub spec_y: u64,
    pub spec_nv: bool,
    pub spec_nx: bool,
}

/// The rounding increment of mode `rnd` (0 rn, 1 rz, 2 rm, 3 rp, 4..7 rna) for a value of
/// sign `sgn` whose kept part ends in `lsb`, with guard `g` and sticky `st` below it. The
/// float-to-integer conversion ([`crate::fma::f2i_round`]) rounds by the same rule.
pub fn increment(rnd: u64, sgn: bool, lsb: bool, g: bool, st: bool) -> bool {
    match rnd {
        0 => g && (st || lsb),
        1 => false,
        2 => sgn && (g || st),
        3 => !sgn && (g || st),
        _ => g,
    }
}

/// Verilog of [`increment`]: `inc` from `rnd`, `g`, `st`, `nx0` (= g | st) and the named
/// sign and kept LSB.
pub fn increment_verilog(sgn: &str, lsb: &str) -> String {
    format!(
        "\
reg inc;
always @(*) begin
   case (rnd)
      3'd0: inc = g & (st | {lsb});
      3'd1: inc = 1'b0;
      3'd2: inc = {sgn} & nx0;
      3'd3: inc = ~{sgn} & nx0;
      default: inc = g;
   endcase
end
"
    )
}

/// (y, flags).
pub fn model(i: &RoundIn) -> (u64, u64) {
    if i.spec {
        return (i.spec_y, (i.spec_nv as u64) << 3 | i.spec_nx as u64);
    }
    let f64_ = i.f64_;
    let sgn = i.sp ^ i.neg;
    let (q, g, st, eb1) = (i.q, i.g, i.st, i.eb1);
    let nx0 = g || st;
    let inc = increment(i.rnd, sgn, q & 1 == 1, g, st);
    let qr = q + inc as u64;
    let fb = if f64_ { 52 } else { 23 };
    let qtop = qr >> fb;
    let ef = eb1 + qtop as i64;
    let ovf = ef >= if f64_ { 2047 } else { 255 };
    let sbit = if f64_ { 63 } else { 31 };
    let sign_w = (sgn as u64) << sbit;
    if i.ezero {
        return ((i.zsign as u64) << sbit, 0);
    }
    if ovf {
        let to_inf = matches!(i.rnd, 0 | 4..=7) || (i.rnd == 2 && sgn) || (i.rnd == 3 && !sgn);
        let inf = if f64_ { 0x7FF0_0000_0000_0000 } else { 0x7F80_0000 };
        return (sign_w | if to_inf { inf } else { inf - 1 }, 0b0101);
    }
    let uf = i.tiny && nx0;
    let flags = (uf as u64) << 1 | nx0 as u64;
    if i.ftz_act && ef == 0 && qr != 0 {
        return (sign_w, flags | 0b0011);
    }
    let body = if f64_ {
        (((eb1 as u64) & 0x7FF) << 52).wrapping_add(qr) & ((1 << 63) - 1)
    } else {
        (((eb1 as u64) & 0xFF) << 23).wrapping_add(qr & 0x1FF_FFFF) & 0x7FFF_FFFF
    };
    (sign_w | body, flags)
}

impl Logic for FmaRound {
    fn update(&mut self) {
        let i = RoundIn {
            q: self.q.val().to_u64(),
            g: self.g.val(),
            st: self.st.val(),
            eb1: s14(self.eb1.val().to_u64()),
            tiny: self.tiny.val(),
            ezero: self.ezero.val(),
            sp: self.sp.val(),
            neg: self.neg.val(),
            zsign: self.zsign.val(),
            f64_: self.fmt.val(),
            rnd: self.rnd.val().to_u64(),
            ftz_act: self.ftz_act.val(),
            spec: self.spec.val(),
            spec_y: self.spec_y.val().to_u64(),
            spec_nv: self.spec_nv.val(),
            spec_nx: self.spec_nx.val(),
        };
        let (y, f) = model(&i);
        self.y.next = y.into();
        self.flags.next = f.into();
    }

    fn connect(&mut self) {
        self.y.connect();
        self.flags.connect();
    }

    fn hdl(&self) -> Verilog {
        let mut v = String::from("wire sgn = sp ^ neg;\nwire nx0 = g | st;\n");
        v.push_str(&increment_verilog("sgn", "q[0]"));
        v.push_str(
            "\
// The increment's carry chain runs beside the rounding decision, which only selects.
wire [53:0] q1 = {1'b0, q} + 54'd1;
wire [53:0] qr = inc ? q1 : {1'b0, q};
wire [1:0] qtop = fmt ? qr[53:52] : qr[24:23];
wire [13:0] ef = eb1 + {12'd0, qtop};
wire ovf = fmt ? (ef >= 14'd2047) : (ef >= 14'd255);
wire to_inf = (rnd == 3'd0) | rnd[2] | ((rnd == 3'd2) & sgn) | ((rnd == 3'd3) & ~sgn);
// Pack: (biased exponent - 1) << fbits plus the significand with its leading bit; the
// sum's fraction bits are the significand's, only the exponent field adds.
wire [10:0] ex64 = eb1[10:0] + {9'd0, qr[53:52]};
wire [7:0] ex32 = eb1[7:0] + {6'd0, qr[24:23]};
wire [62:0] body64 = {ex64, qr[51:0]};
wire [30:0] body32 = {ex32, qr[22:0]};
wire [63:0] pk = fmt ? {sgn, body64} : {32'd0, sgn, body32};
wire [63:0] ovf_y = fmt ? {sgn, (to_inf ? 63'h7FF0000000000000 : 63'h7FEFFFFFFFFFFFFF)}
                        : {32'd0, sgn, (to_inf ? 31'h7F800000 : 31'h7F7FFFFF)};
wire [63:0] zero_y = fmt ? {sgn, 63'd0} : {32'd0, sgn, 31'd0};
wire [63:0] ezero_y = fmt ? {zsign, 63'd0} : {32'd0, zsign, 31'd0};
wire uf = tiny & nx0;
wire flush = ftz_act & (ef == 14'd0) & (qr != 54'd0);
always @(*) begin
   if (spec) begin y = spec_y; flags = {spec_nv, 2'b00, spec_nx}; end
   else if (ezero) begin y = ezero_y; flags = 4'b0000; end
   else if (ovf) begin y = ovf_y; flags = 4'b0101; end
   else if (flush) begin y = zero_y; flags = 4'b0011; end
   else begin y = pk; flags = {2'b00, uf, nx0}; end
end
",
        );
        Verilog::Custom(v)
    }
}
