//! SFU stage 1a: operation decode, operand unpack (G80 flush of subnormal inputs), each
//! function's range handling and special cases (docs/sfu.md, "Special cases"):
//! - rcp: the significand's fraction is the table operand, the exponent is negated;
//!   exact powers of two and +-0, +-inf, NaN are special results.
//! - rsqrt: the exponent's parity chooses the binade [1, 2) or [2, 4) (the top bit of the
//!   table operand), the exponent is halved (floor) and negated.
//! - log2: the exponent becomes the integer part (`lgi`, added after the table), exact
//!   powers of two give the integer exactly.
//! - ex2 (operand: an rro.ex2 word): integer part I and fraction F with F in [0, 1)
//!   (negative x: 2^-(I+F) = 2^(-I-1) 2^(1-F)); saturated words and NaN are special.
//! - sin, cos (operand: an rro.sincos word): quadrant and fraction q; odd quadrants use
//!   1 - q; q = 0 gives an exact 0 or 1; tiny and NaN words are special.
//! Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `op`      in   3  0 rcp, 1 rsq, 2 lg2, 3 ex2, 4 sin, 5 cos (6, 7: rro, not here)
//! - `x`       in  32  operand
//! - `tf`      out  3  table: 0 rcp, 1 rsqrt, 2 log2, 3 exp2, 4 sin
//! - `u`       out 32  table operand, a fraction u * 2^-32 in [0, 1)
//! - `spec`    out  1  the result is `spec_y` (special or exact case)
//! - `spec_y`  out 32  that result
//! - `neg`     out  1  sign of a table result
//! - `eadj`    out 10  exponent added to the table result (two's complement)
//! - `lg2`     out  1  log2: add `lgi` as the integer part
//! - `lgi`     out  8  the unbiased exponent (two's complement)
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuPrep {
    pub op: Signal<In, Bits<3>>,
    pub x: Signal<In, Bits<32>>,
    pub tf: Signal<Out, Bits<3>>,
    pub u: Signal<Out, Bits<32>>,
    pub spec: Signal<Out, Bit>,
    pub spec_y: Signal<Out, Bits<32>>,
    pub neg: Signal<Out, Bit>,
    pub eadj: Signal<Out, Bits<10>>,
    pub lg2: Signal<Out, Bit>,
    pub lgi: Signal<Out, Bits<8>>,
}

/// The outputs of [`SfuPrep`] on native integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Prep {
    pub tf: u32,
    pub u: u32,
    pub spec: bool,
    pub spec_y: u32,
    pub neg: bool,
    pub eadj: i32,
    pub lg2: bool,
    pub lgi: i32,
}

use crate::fp32::bits::{CANON_NAN as NAN, FRAC_MASK, INF, ONE};
use crate::isa::sfu_fn;

/// A small integer (|e| <= 127) as a binary32.
fn int_f32(e: i32) -> u32 {
    if e == 0 {
        return 0;
    }
    let a = e.unsigned_abs();
    let p = 31 - a.leading_zeros();
    (((e < 0) as u32) << 31) | ((127 + p) << 23) | ((a << (23 - p)) & FRAC_MASK)
}

pub fn prep(op: u32, x: u32) -> Prep {
    let s = x >> 31;
    let sx = s << 31;
    let be = (x >> 23) & 0xFF;
    let fr = x & FRAC_MASK;
    let zero = be == 0;
    let nan = be == 255 && fr != 0;
    let inf = be == 255 && fr == 0;
    let e = be as i32 - 127;
    let mut o = Prep { lgi: e, ..Prep::default() };
    let special = |y: u32| (true, y);
    let (spec, y) = match op {
        sfu_fn::RCP => {
            o.tf = 0;
            o.u = fr << 9;
            o.neg = s == 1;
            o.eadj = -e;
            if nan {
                special(NAN)
            } else if inf {
                special(sx)
            } else if zero {
                special(sx | INF)
            } else if fr == 0 {
                special(if be == 254 { sx } else { sx | (254 - be) << 23 })
            } else {
                (false, 0)
            }
        }
        sfu_fn::RSQ => {
            let b = (e & 1) as u32;
            let half = e >> 1;
            o.tf = 1;
            o.u = (b << 31) | (fr << 8);
            o.eadj = -half;
            if nan || (s == 1 && !zero) {
                special(NAN)
            } else if inf {
                special(0)
            } else if zero {
                special(sx | INF)
            } else if fr == 0 && b == 0 {
                special(((127 - half) as u32) << 23)
            } else {
                (false, 0)
            }
        }
        sfu_fn::LG2 => {
            o.tf = 2;
            o.u = fr << 9;
            o.lg2 = true;
            if nan || (s == 1 && !zero) {
                special(NAN)
            } else if zero {
                special(0xFF80_0000)
            } else if inf {
                special(INF)
            } else if fr == 0 {
                special(int_f32(e))
            } else {
                (false, 0)
            }
        }
        sfu_fn::EX2 => {
            let l = (x >> 30) & 1 == 1;
            let ei = (x >> 23) & 0x7F;
            let (i0, f0) = if l { (ei as i32, fr << 7) } else { (0, x & 0x3FFF_FFFF) };
            let (i1, f1) = if s == 0 {
                (i0, f0)
            } else if f0 == 0 {
                (-i0, 0)
            } else {
                (-i0 - 1, (1 << 30) - f0)
            };
            o.tf = 3;
            o.u = f1 << 2;
            o.eadj = i1;
            if l && ei == 0 {
                special(if fr != 0 {
                    NAN
                } else if s == 1 {
                    0
                } else {
                    INF
                })
            } else if f1 == 0 {
                special(if i1 < -126 { 0 } else { ((i1 + 127) as u32) << 23 })
            } else {
                (false, 0)
            }
        }
        sfu_fn::SIN | sfu_fn::COS => {
            let cos = op == sfu_fn::COS;
            o.tf = 4;
            if (x >> 30) & 1 == 0 {
                let ef = (x >> 23) & 0x7F;
                special(if ef >= 115 {
                    NAN
                } else if cos {
                    ONE
                } else if ef == 0 {
                    sx
                } else {
                    x
                })
            } else {
                let quad = (x >> 28) & 3;
                let q = x & 0x0FFF_FFFF;
                let j = if cos { (quad + 1) & 3 } else { quad };
                let rneg = (j >> 1 == 1) ^ (s == 1 && !cos);
                let arg = if j & 1 == 1 { (1 << 28) - q } else { q };
                o.u = arg << 4;
                o.neg = rneg;
                if arg == 0 {
                    special((rneg as u32) << 31)
                } else if arg == 1 << 28 {
                    special(((rneg as u32) << 31) | ONE)
                } else {
                    (false, 0)
                }
            }
        }
        _ => (false, 0),
    };
    o.spec = spec;
    o.spec_y = y;
    o
}

impl Logic for SfuPrep {
    fn update(&mut self) {
        let p = prep(self.op.val().to_u64() as u32, self.x.val().to_u64() as u32);
        self.tf.next = (p.tf as u64).into();
        self.u.next = (p.u as u64).into();
        self.spec.next = p.spec;
        self.spec_y.next = (p.spec_y as u64).into();
        self.neg.next = p.neg;
        self.eadj.next = ((p.eadj as u32 & 0x3FF) as u64).into();
        self.lg2.next = p.lg2;
        self.lgi.next = ((p.lgi as u32 & 0xFF) as u64).into();
    }
    fn connect(&mut self) {
        self.tf.connect();
        self.u.connect();
        self.spec.connect();
        self.spec_y.connect();
        self.neg.connect();
        self.eadj.connect();
        self.lg2.connect();
        self.lgi.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire s = x[31];
wire [7:0] be = x[30:23];
wire [22:0] fr = x[22:0];
wire zero = (be == 8'd0);
wire nan = (be == 8'd255) & (fr != 23'd0);
wire inf = (be == 8'd255) & (fr == 23'd0);
wire frz = (fr == 23'd0);
wire [9:0] e10 = {2'b00, be} - 10'd127;
// rcp: exact power of two 2^-e (biased 254 - be; be = 254 gives 2^-127: flushed)
wire [7:0] rcp_be = 8'd254 - be;
// rsqrt: binade bit b = parity of e (127 is odd), half = floor(e / 2)
wire rb = ~be[0];
wire [9:0] half = {e10[9], e10[9:1]};
wire [7:0] rsq_be = 8'd127 - half[7:0];
// log2 of a power of two: e as a binary32 (|e| <= 127)
wire [6:0] ea = e10[9] ? (7'd0 - e10[6:0]) : e10[6:0];
reg [2:0] p;
always @(*) begin
   casez (ea)
      7'b1??????: p = 3'd6;
      7'b01?????: p = 3'd5;
      7'b001????: p = 3'd4;
      7'b0001???: p = 3'd3;
      7'b00001??: p = 3'd2;
      7'b000001?: p = 3'd1;
      default: p = 3'd0;
   endcase
end
wire [4:0] lsh = 5'd23 - {2'd0, p};
wire [22:0] lg_fr = {16'd0, ea} << lsh;
wire [7:0] lg_be = 8'd127 + {5'd0, p};
wire [31:0] lg_exact = (e10 == 10'd0) ? 32'd0 : {e10[9], lg_be, lg_fr};
// ex2 word: L, integer part, fraction; negative: -(I + F) = -(I + 1) + (1 - F)
wire wl = x[30];
wire [6:0] ei = x[29:23];
wire [29:0] f0 = wl ? {fr, 7'd0} : x[29:0];
wire [8:0] i0 = wl ? {2'd0, ei} : 9'd0;
wire f0z = (f0 == 30'd0);
wire [29:0] f1 = (s & ~f0z) ? (30'd0 - f0) : f0;
wire [8:0] i1 = ~s ? i0 : (f0z ? (9'd0 - i0) : (9'd0 - i0 - 9'd1));
wire [8:0] i1b = i1 + 9'd127;
wire ex_tiny = i1b[8] | (i1b == 9'd0);
// sin/cos word: quadrant and fraction of a quarter turn
wire [6:0] ef = x[29:23];
wire [1:0] quad = x[29:28];
wire [27:0] q = x[27:0];
wire cosop = (op == 3'd5);
wire [1:0] j = cosop ? (quad + 2'd1) : quad;
wire rneg = j[1] ^ (s & ~cosop);
wire [28:0] arg = j[0] ? (29'h10000000 - {1'b0, q}) : {1'b0, q};
reg [2:0] tf_l;
reg [31:0] u_l;
reg spec_l;
reg [31:0] sy_l;
reg neg_l;
reg [9:0] eadj_l;
reg lg2_l;
always @(*) begin
   tf_l = 3'd0;
   u_l = 32'd0;
   spec_l = 1'b0;
   sy_l = 32'd0;
   neg_l = 1'b0;
   eadj_l = 10'd0;
   lg2_l = 1'b0;
   case (op)
      3'd0: begin
         u_l = {fr, 9'd0};
         neg_l = s;
         eadj_l = 10'd0 - e10;
         if (nan) begin spec_l = 1'b1; sy_l = 32'h7fffffff; end
         else if (inf) begin spec_l = 1'b1; sy_l = {s, 31'd0}; end
         else if (zero) begin spec_l = 1'b1; sy_l = {s, 8'hff, 23'd0}; end
         else if (frz) begin spec_l = 1'b1; sy_l = (be == 8'd254) ? {s, 31'd0} : {s, rcp_be, 23'd0}; end
      end
      3'd1: begin
         tf_l = 3'd1;
         u_l = {rb, fr, 8'd0};
         eadj_l = 10'd0 - half;
         if (nan | (s & ~zero)) begin spec_l = 1'b1; sy_l = 32'h7fffffff; end
         else if (inf) begin spec_l = 1'b1; sy_l = 32'd0; end
         else if (zero) begin spec_l = 1'b1; sy_l = {s, 8'hff, 23'd0}; end
         else if (frz & ~rb) begin spec_l = 1'b1; sy_l = {1'b0, rsq_be, 23'd0}; end
      end
      3'd2: begin
         tf_l = 3'd2;
         u_l = {fr, 9'd0};
         lg2_l = 1'b1;
         if (nan | (s & ~zero)) begin spec_l = 1'b1; sy_l = 32'h7fffffff; end
         else if (zero) begin spec_l = 1'b1; sy_l = 32'hff800000; end
         else if (inf) begin spec_l = 1'b1; sy_l = 32'h7f800000; end
         else if (frz) begin spec_l = 1'b1; sy_l = lg_exact; end
      end
      3'd3: begin
         tf_l = 3'd3;
         u_l = {f1, 2'd0};
         eadj_l = {i1[8], i1};
         if (wl & (ei == 7'd0)) begin
            spec_l = 1'b1;
            sy_l = (fr != 23'd0) ? 32'h7fffffff : (s ? 32'd0 : 32'h7f800000);
         end else if (f1 == 30'd0) begin
            spec_l = 1'b1;
            sy_l = ex_tiny ? 32'd0 : {1'b0, i1b[7:0], 23'd0};
         end
      end
      3'd4, 3'd5: begin
         tf_l = 3'd4;
         if (~x[30]) begin
            spec_l = 1'b1;
            if (ef >= 7'd115) sy_l = 32'h7fffffff;
            else if (cosop) sy_l = 32'h3f800000;
            else if (ef == 7'd0) sy_l = {s, 31'd0};
            else sy_l = x;
         end else begin
            u_l = {arg[27:0], 4'd0};
            neg_l = rneg;
            if (arg == 29'd0) begin spec_l = 1'b1; sy_l = {rneg, 31'd0}; end
            else if (arg[28]) begin spec_l = 1'b1; sy_l = {rneg, 31'h3f800000}; end
         end
      end
      default: begin end
   endcase
end
always @(*) begin
   tf = tf_l;
   u = u_l;
   spec = spec_l;
   spec_y = sy_l;
   neg = neg_l;
   eadj = eadj_l;
   lg2 = lg2_l;
   lgi = e10[7:0];
end"
            .into(),
        )
    }
}
