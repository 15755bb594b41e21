//! Planar attribute interpolation, stage 2 ([`crate::sfu::attr`]), one pixel: the exact sum
//! of its three normalized terms in a fixed-point window, so that one rounding later gives the
//! correctly rounded result. The terms are sorted by exponent (t1 >= t2 >= t3); the window
//! (146 bits) is anchored at t1's leading bit (bit 142; bits 145..143 sign and carries).
//! t2 enters exactly when it is at most 40 places below t1 (d2 <= 40), t3 when
//! d3 <= d2 + 64. A term further down lies entirely below every exact bit and at least two
//! places below the rounding bit of any possible result (after the worst cancellation of
//! t1 and t2, |t1 + t2| is at least t2's lsb), so it only contributes its sign at bit 0
//! (the sticky). When t1 + t2 cancel exactly, the window is anchored at t3 instead (the
//! sum is t3). Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `p_z`, `p_s`, `p_e`, `p_m`  in   the pixel's A x term (zero, sign, exponent, 38-bit
//!   significand); `q_*` the B y term; `r_*` the C term
//! - `s_hi`, `s_lo`  out 82, 64  the window sum (146 bits, two's complement; bit 142 has
//!   weight 2^ea), high and low part
//! - `ea`  out  10  anchor exponent (two's complement)
use crate::sfu::attr::terms::Term;
use crate::sfu::attr::wide::Wide;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuAttrSum {
    pub p_z: Signal<In, Bit>,
    pub p_s: Signal<In, Bit>,
    pub p_e: Signal<In, Bits<10>>,
    pub p_m: Signal<In, Bits<38>>,
    pub q_z: Signal<In, Bit>,
    pub q_s: Signal<In, Bit>,
    pub q_e: Signal<In, Bits<10>>,
    pub q_m: Signal<In, Bits<38>>,
    pub r_z: Signal<In, Bit>,
    pub r_s: Signal<In, Bit>,
    pub r_e: Signal<In, Bits<10>>,
    pub r_m: Signal<In, Bits<38>>,
    pub s_hi: Signal<Out, Bits<82>>,
    pub s_lo: Signal<Out, Bits<64>>,
    pub ea: Signal<Out, Bits<10>>,
}

/// The sort key: nonzero terms first, then by exponent.
fn key(t: &Term) -> u32 {
    ((!t.z as u32) << 10) | ((t.e + 512) as u32 & 0x3FF)
}

/// Largest d2 (t1 - t2 exponent difference) added exactly, and the largest d3 - d2.
pub const D2: u32 = 40;
pub const D3: u32 = 64;
/// Left shift that puts a term's leading bit (bit 37) at the anchor, bit 142.
pub const SH1: u32 = 105;

/// (window sum, 146-bit two's complement; anchor exponent).
pub fn sum(p: Term, q: Term, r: Term) -> (Wide, i32) {
    let (k0, k1, k2) = (key(&p), key(&q), key(&r));
    let (c01, c02, c12) = (k0 >= k1, k0 >= k2, k1 >= k2);
    let [t1, t2, t3] = match (c01, c02, c12) {
        (true, true, false) => [p, r, q],
        (false, true, true) => [q, p, r],
        (false, false, true) => [q, r, p],
        (true, false, false) => [r, p, q],
        (false, false, false) => [r, q, p],
        _ => [p, q, r],
    };
    let signed = |s: bool, v: Wide| if s { v.neg() } else { v };
    if t1.z {
        return (Wide::zero(), 0);
    }
    let cancel = !t2.z && t1.e == t2.e && t1.m == t2.m && t1.s != t2.s;
    if cancel {
        // t1 + t2 = 0 exactly: the sum is t3
        return if t3.z { (Wide::zero(), t3.e) } else { (signed(t3.s, Wide::shl(t3.m, SH1)), t3.e) };
    }
    let d2 = (t1.e - t2.e) as u32;
    let d3 = (t1.e - t3.e) as u32;
    let x2 = !t2.z && d2 <= D2;
    let x3 = x2 && !t3.z && d3 <= d2 + D3;
    let mut acc = signed(t1.s, Wide::shl(t1.m, SH1));
    if x2 {
        acc = acc.add(signed(t2.s, Wide::shl(t2.m, SH1 - d2)));
    }
    if x3 {
        acc = acc.add(signed(t3.s, Wide::shl(t3.m, SH1 - d3)));
    }
    // sticky: the sign of the terms below the window's exact bits
    let st: i32 = if !t2.z && !x2 {
        // t2 and t3 both below: the sign of t2 + t3
        if t3.z || t2.e > t3.e || t2.m > t3.m || t2.s == t3.s {
            if t2.s { -1 } else { 1 }
        } else if t2.m < t3.m {
            if t3.s { -1 } else { 1 }
        } else {
            0
        }
    } else if !t3.z && !x3 {
        if t3.s { -1 } else { 1 }
    } else {
        0
    };
    let acc = match st {
        1 => acc.add(Wide([1, 0, 0])),
        -1 => acc.add(Wide::minus_one()),
        _ => acc,
    };
    (acc, t1.e)
}

fn term(z: bool, s: bool, e: u64, m: u64) -> Term {
    Term { z, s, e: (((e as u32) << 22) as i32) >> 22, m }
}

impl Logic for SfuAttrSum {
    fn update(&mut self) {
        let (s, ea) = sum(
            term(self.p_z.val(), self.p_s.val(), self.p_e.val().to_u64(), self.p_m.val().to_u64()),
            term(self.q_z.val(), self.q_s.val(), self.q_e.val().to_u64(), self.q_m.val().to_u64()),
            term(self.r_z.val(), self.r_s.val(), self.r_e.val().to_u64(), self.r_m.val().to_u64()),
        );
        self.s_hi.next = Bits::<82>::from(s.0[1]) | (Bits::<82>::from(s.0[2]) << 64);
        self.s_lo.next = s.0[0].into();
        self.ea.next = ((ea as u32 & 0x3FF) as u64).into();
    }
    fn connect(&mut self) {
        self.s_hi.connect();
        self.s_lo.connect();
        self.ea.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
// sort keys: nonzero first, then exponent (offset to unsigned)
wire [10:0] k0 = {~p_z, p_e + 10'd512};
wire [10:0] k1 = {~q_z, q_e + 10'd512};
wire [10:0] k2 = {~r_z, r_e + 10'd512};
wire c01 = (k0 >= k1);
wire c02 = (k0 >= k2);
wire c12 = (k1 >= k2);
reg z1, s1, z2, s2, z3, s3;
reg [9:0] e1, e2, e3;
reg [37:0] m1, m2, m3;
always @(*) begin
   case ({c01, c02, c12})
      3'b110: begin
         z1 = p_z; s1 = p_s; e1 = p_e; m1 = p_m;
         z2 = r_z; s2 = r_s; e2 = r_e; m2 = r_m;
         z3 = q_z; s3 = q_s; e3 = q_e; m3 = q_m;
      end
      3'b011: begin
         z1 = q_z; s1 = q_s; e1 = q_e; m1 = q_m;
         z2 = p_z; s2 = p_s; e2 = p_e; m2 = p_m;
         z3 = r_z; s3 = r_s; e3 = r_e; m3 = r_m;
      end
      3'b001: begin
         z1 = q_z; s1 = q_s; e1 = q_e; m1 = q_m;
         z2 = r_z; s2 = r_s; e2 = r_e; m2 = r_m;
         z3 = p_z; s3 = p_s; e3 = p_e; m3 = p_m;
      end
      3'b100: begin
         z1 = r_z; s1 = r_s; e1 = r_e; m1 = r_m;
         z2 = p_z; s2 = p_s; e2 = p_e; m2 = p_m;
         z3 = q_z; s3 = q_s; e3 = q_e; m3 = q_m;
      end
      3'b000: begin
         z1 = r_z; s1 = r_s; e1 = r_e; m1 = r_m;
         z2 = q_z; s2 = q_s; e2 = q_e; m2 = q_m;
         z3 = p_z; s3 = p_s; e3 = p_e; m3 = p_m;
      end
      default: begin
         z1 = p_z; s1 = p_s; e1 = p_e; m1 = p_m;
         z2 = q_z; s2 = q_s; e2 = q_e; m2 = q_m;
         z3 = r_z; s3 = r_s; e3 = r_e; m3 = r_m;
      end
   endcase
end
wire cancel = ~z2 & (e1 == e2) & (m1 == m2) & (s1 != s2);
wire [9:0] d2 = e1 - e2;
wire [9:0] d3 = e1 - e3;
wire x2 = ~z2 & (d2 <= 10'd40);
wire [9:0] d2p = d2 + 10'd64;
wire x3 = x2 & ~z3 & (d3 <= d2p);
wire [6:0] sh2 = 7'd105 - d2[6:0];
wire [6:0] sh3 = 7'd105 - d3[6:0];
wire [145:0] v1 = {108'd0, m1} << 105;
wire [145:0] v2 = {108'd0, m2} << sh2;
wire [145:0] v3 = {108'd0, m3} << sh3;
wire [145:0] w1 = s1 ? (146'd0 - v1) : v1;
wire [145:0] w2 = ~x2 ? 146'd0 : (s2 ? (146'd0 - v2) : v2);
wire [145:0] w3 = ~x3 ? 146'd0 : (s3 ? (146'd0 - v3) : v3);
// the sticky's sign: t2 and t3 both below the window (the sign of t2 + t3), or t3 alone
reg [1:0] st; // 0: none, 1: +1, 3: -1
always @(*) begin
   if (~z2 & ~x2) begin
      if (z3 | (e2 != e3) | (m2 > m3) | (s2 == s3)) st = s2 ? 2'd3 : 2'd1;
      else if (m2 < m3) st = s3 ? 2'd3 : 2'd1;
      else st = 2'd0;
   end else if (~z3 & ~x3) st = s3 ? 2'd3 : 2'd1;
   else st = 2'd0;
end
wire [145:0] stv = {{145{st[1]}}, st[0]};
wire [145:0] tot = w1 + w2 + w3 + stv;
wire [145:0] v3c = {108'd0, m3} << 105;
wire [145:0] w3c = z3 ? 146'd0 : (s3 ? (146'd0 - v3c) : v3c);
reg [145:0] sl;
reg [9:0] el;
always @(*) begin
   if (z1) begin
      sl = 146'd0;
      el = 10'd0;
   end else if (cancel) begin
      sl = w3c;
      el = e3;
   end else begin
      sl = tot;
      el = e1;
   end
end
always @(*) begin
   s_hi = sl[145:64];
   s_lo = sl[63:0];
   ea = el;
end"
            .into(),
        )
    }
}
