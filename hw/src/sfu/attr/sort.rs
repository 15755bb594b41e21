//! Planar attribute interpolation, stage "sort" ([`crate::sfu::attr::sum`]), one pixel:
//! the three terms sorted by exponent (nonzero terms first; t1 >= t2 >= t3), the exponent
//! differences d2 = e1 - e2 and d3 = e1 - e3, and which terms enter the window exactly (t2
//! when d2 <= [`D2`], t3 when also d3 <= d2 + [`D3`]), and whether t1 and t2 cancel
//! exactly. Every pairwise difference, its tests and each pair's cancellation are computed
//! beside the sort, which then selects them. Combinational, hand-written Verilog with a
//! native Rust model.
//!
//! Ports:
//! - `p_z`, `p_s`, `p_e`, `p_m`  in  the pixel's A x term (zero, sign, exponent, 38-bit
//!   significand); `q_*` the B y term; `r_*` the C term
//! - `t1_*`, `t2_*`, `t3_*`      out  the terms in order, the same fields
//! - `d2`, `d3`                  out 6, 7  exponent differences (t2, t3 below t1), exact
//!                                         when `x2`, `x3`
//! - `x2`, `x3`                  out  1  t2, t3 enter the window exactly
//! - `cx`                        out  1  t1 + t2 = 0 exactly (both nonzero, equal
//!                                       magnitudes, opposite signs)
use crate::sfu::attr::terms::{e10, e_of, Term};
use rust_hdl::prelude::*;

/// Largest d2 (t1 - t2 exponent difference) added exactly, and the largest d3 - d2.
pub const D2: u32 = 40;
pub const D3: u32 = 64;

/// The sorted terms and what enters the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sorted {
    pub t: [Term; 3],
    pub d2: u32,
    pub d3: u32,
    pub x2: bool,
    pub x3: bool,
    pub cx: bool,
}

/// The sort key: nonzero terms first, then by exponent.
fn key(t: &Term) -> u32 {
    ((!t.z as u32) << 10) | ((t.e + 512) as u32 & 0x3FF)
}

pub fn sort(p: Term, q: Term, r: Term) -> Sorted {
    let (k0, k1, k2) = (key(&p), key(&q), key(&r));
    let (c01, c02, c12) = (k0 >= k1, k0 >= k2, k1 >= k2);
    let t = match (c01, c02, c12) {
        (true, true, false) => [p, r, q],
        (false, true, true) => [q, p, r],
        (false, false, true) => [q, r, p],
        (true, false, false) => [r, p, q],
        (false, false, false) => [r, q, p],
        _ => [p, q, r],
    };
    // exact whenever the terms are nonzero; d3 <= d2 + D3 is t2's exponent at most D3
    // above t3's
    let d2 = (t[0].e - t[1].e) as u32;
    let d3 = (t[0].e - t[2].e) as u32;
    let x2 = !t[1].z && d2 <= D2;
    let x3 = x2 && !t[2].z && (t[1].e - t[2].e) as u32 <= D3;
    // the ports hold the bits the window needs (d2 <= 40, d3 <= 104 when they enter)
    let cx = !t[0].z && !t[1].z && t[0].e == t[1].e && t[0].m == t[1].m && t[0].s != t[1].s;
    Sorted { t, d2: d2 & 0x3F, d3: d3 & 0x7F, x2, x3, cx }
}

/// Declares the block; each tuple names one sorted term's output ports.
macro_rules! sort_block {
    ($(($z:ident, $s:ident, $e:ident, $m:ident)),*) => {
        #[derive(LogicBlock, Default)]
        pub struct SfuAttrSort {
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
            $(pub $z: Signal<Out, Bit>, pub $s: Signal<Out, Bit>, pub $e: Signal<Out, Bits<10>>, pub $m: Signal<Out, Bits<38>>,)*
            pub d2: Signal<Out, Bits<6>>,
            pub d3: Signal<Out, Bits<7>>,
            pub x2: Signal<Out, Bit>,
            pub x3: Signal<Out, Bit>,
            pub cx: Signal<Out, Bit>,
        }

        impl Logic for SfuAttrSort {
            fn update(&mut self) {
                let o = sort(
                    term_in(self.p_z.val(), self.p_s.val(), self.p_e.val(), self.p_m.val()),
                    term_in(self.q_z.val(), self.q_s.val(), self.q_e.val(), self.q_m.val()),
                    term_in(self.r_z.val(), self.r_s.val(), self.r_e.val(), self.r_m.val()),
                );
                let mut k = 0;
                $(
                    self.$z.next = o.t[k].z;
                    self.$s.next = o.t[k].s;
                    self.$e.next = e10(o.t[k].e);
                    self.$m.next = o.t[k].m.into();
                    k += 1;
                )*
                let _ = k;
                self.d2.next = (o.d2 as u64).into();
                self.d3.next = (o.d3 as u64).into();
                self.x2.next = o.x2;
                self.x3.next = o.x3;
                self.cx.next = o.cx;
            }
            fn connect(&mut self) {
                $(self.$z.connect(); self.$s.connect(); self.$e.connect(); self.$m.connect();)*
                self.d2.connect();
                self.d3.connect();
                self.x2.connect();
                self.x3.connect();
                self.cx.connect();
            }
            fn hdl(&self) -> Verilog {
                Verilog::Custom(HDL.into())
            }
        }
    };
}

sort_block!((t1_z, t1_s, t1_e, t1_m), (t2_z, t2_s, t2_e, t2_m), (t3_z, t3_s, t3_e, t3_m));

/// A term from its port values (the exponent sign-extended from 10 bits).
pub fn term_in(z: bool, s: bool, e: Bits<10>, m: Bits<38>) -> Term {
    Term { z, s, e: e_of(e), m: m.to_u64() }
}

const HDL: &str = "\
// sort keys: nonzero first, then exponent (offset to unsigned: the sign bit inverted)
wire [10:0] k0 = {~p_z, ~p_e[9], p_e[8:0]};
wire [10:0] k1 = {~q_z, ~q_e[9], q_e[8:0]};
wire [10:0] k2 = {~r_z, ~r_e[9], r_e[8:0]};
wire c01 = (k0 >= k1);
wire c02 = (k0 >= k2);
wire c12 = (k1 >= k2);
// every pairwise exponent difference and its window tests, beside the sort
function in_d2;
   input [9:0] d;
   in_d2 = (d <= 10'd40);
endfunction
function in_d3;
   input [9:0] d;
   in_d3 = (d <= 10'd64);
endfunction
wire [9:0] dpq = p_e - q_e;
wire [9:0] dqp = q_e - p_e;
wire [9:0] dpr = p_e - r_e;
wire [9:0] drp = r_e - p_e;
wire [9:0] dqr = q_e - r_e;
wire [9:0] drq = r_e - q_e;
// each pair's exact cancellation
wire xpq = ~p_z & ~q_z & (p_e == q_e) & (p_m == q_m) & (p_s != q_s);
wire xpr = ~p_z & ~r_z & (p_e == r_e) & (p_m == r_m) & (p_s != r_s);
wire xqr = ~q_z & ~r_z & (q_e == r_e) & (q_m == r_m) & (q_s != r_s);
reg w2;
reg w3;
always @(*) begin
   case ({c01, c02, c12})
      3'b110: begin
         t1_z = p_z; t1_s = p_s; t1_e = p_e; t1_m = p_m;
         t2_z = r_z; t2_s = r_s; t2_e = r_e; t2_m = r_m;
         t3_z = q_z; t3_s = q_s; t3_e = q_e; t3_m = q_m;
         d2 = dpr[5:0]; d3 = dpq[6:0]; w2 = in_d2(dpr); w3 = in_d3(drq); cx = xpr;
      end
      3'b011: begin
         t1_z = q_z; t1_s = q_s; t1_e = q_e; t1_m = q_m;
         t2_z = p_z; t2_s = p_s; t2_e = p_e; t2_m = p_m;
         t3_z = r_z; t3_s = r_s; t3_e = r_e; t3_m = r_m;
         d2 = dqp[5:0]; d3 = dqr[6:0]; w2 = in_d2(dqp); w3 = in_d3(dpr); cx = xpq;
      end
      3'b001: begin
         t1_z = q_z; t1_s = q_s; t1_e = q_e; t1_m = q_m;
         t2_z = r_z; t2_s = r_s; t2_e = r_e; t2_m = r_m;
         t3_z = p_z; t3_s = p_s; t3_e = p_e; t3_m = p_m;
         d2 = dqr[5:0]; d3 = dqp[6:0]; w2 = in_d2(dqr); w3 = in_d3(drp); cx = xqr;
      end
      3'b100: begin
         t1_z = r_z; t1_s = r_s; t1_e = r_e; t1_m = r_m;
         t2_z = p_z; t2_s = p_s; t2_e = p_e; t2_m = p_m;
         t3_z = q_z; t3_s = q_s; t3_e = q_e; t3_m = q_m;
         d2 = drp[5:0]; d3 = drq[6:0]; w2 = in_d2(drp); w3 = in_d3(dpq); cx = xpr;
      end
      3'b000: begin
         t1_z = r_z; t1_s = r_s; t1_e = r_e; t1_m = r_m;
         t2_z = q_z; t2_s = q_s; t2_e = q_e; t2_m = q_m;
         t3_z = p_z; t3_s = p_s; t3_e = p_e; t3_m = p_m;
         d2 = drq[5:0]; d3 = drp[6:0]; w2 = in_d2(drq); w3 = in_d3(dqp); cx = xqr;
      end
      default: begin
         t1_z = p_z; t1_s = p_s; t1_e = p_e; t1_m = p_m;
         t2_z = q_z; t2_s = q_s; t2_e = q_e; t2_m = q_m;
         t3_z = r_z; t3_s = r_s; t3_e = r_e; t3_m = r_m;
         d2 = dpq[5:0]; d3 = dpr[6:0]; w2 = in_d2(dpq); w3 = in_d3(dqr); cx = xpq;
      end
   endcase
end
always @(*) begin
   x2 = ~t2_z & w2;
   x3 = ~t2_z & w2 & ~t3_z & w3;
end";
