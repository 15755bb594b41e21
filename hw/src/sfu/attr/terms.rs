//! Planar attribute interpolation, stage "terms" ([`crate::sfu::attr`]): every term
//! normalized from the registered products ([`crate::sfu::attr::products`]): sign, exponent
//! of its leading bit, and a 38-bit significand with the leading one at bit 37 (the
//! product's leading one found among bits 37..23, the product shifted up to it by 0..14
//! places). Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `pa0`, `pa1`, `pb0`, `pb1`, `pc`, `ea_lsb`, `eb_lsb`, `ec`, `sa`, `sb`, `sc`, `za`,
//!   `zb`, `zc`  in  the products ([`crate::sfu::attr::products::SfuAttrProducts`]'s outputs
//!                   of the same names)
//! - `a0_*`, `a1_*`  out  the term A x for i = 0, 1; `b0_*`, `b1_*` B y for j = 0, 1;
//!                        `c_*` the term C: `_z` 1 zero, `_s` 1 sign, `_e` 10 exponent of
//!                        the leading bit (two's complement), `_m` 38 significand
use crate::sfu::attr::products::Products;
use crate::sfu::sext;
use rust_hdl::prelude::*;

/// A normalized term: value (-1)^s m 2^(e - 37), m in [2^37, 2^38); zero when z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Term {
    pub z: bool,
    pub s: bool,
    pub e: i32,
    pub m: u64,
}

/// A 10-bit two's complement exponent port from a signed value, and back.
pub fn e10(e: i32) -> Bits<10> {
    ((e as u32 & 0x3FF) as u64).into()
}
pub fn e_of(v: Bits<10>) -> i32 {
    sext(v.to_u64(), 10) as i32
}

/// The terms [a0, a1, b0, b1, c] of the products on native integers.
pub fn terms(p: &Products) -> [Term; 5] {
    let norm = |z: bool, s: bool, q: u64, e_lsb: i32| -> Term {
        if z {
            return Term { z: true, s, e: 0, m: 0 };
        }
        // the leading one among bits 37..23 (a product is at least 2^23)
        let l = if q >> 23 == 0 { 23 } else { 63 - q.leading_zeros() as i32 };
        Term { z: false, s, e: l + e_lsb, m: q << (37 - l) }
    };
    [
        norm(p.za, p.sa, p.pa[0], p.ea_lsb),
        norm(p.za, p.sa, p.pa[1], p.ea_lsb),
        norm(p.zb, p.sb, p.pb[0], p.eb_lsb),
        norm(p.zb, p.sb, p.pb[1], p.eb_lsb),
        Term { z: p.zc, s: p.sc, e: if p.zc { 0 } else { p.ec }, m: p.pc },
    ]
}

macro_rules! term_ports {
    ($($z:ident, $s:ident, $e:ident, $m:ident);*) => {
        #[derive(LogicBlock, Default)]
        pub struct SfuAttrTerms {
            pub pa0: Signal<In, Bits<38>>,
            pub pa1: Signal<In, Bits<38>>,
            pub pb0: Signal<In, Bits<38>>,
            pub pb1: Signal<In, Bits<38>>,
            pub pc: Signal<In, Bits<38>>,
            pub ea_lsb: Signal<In, Bits<10>>,
            pub eb_lsb: Signal<In, Bits<10>>,
            pub ec: Signal<In, Bits<10>>,
            pub sa: Signal<In, Bit>,
            pub sb: Signal<In, Bit>,
            pub sc: Signal<In, Bit>,
            pub za: Signal<In, Bit>,
            pub zb: Signal<In, Bit>,
            pub zc: Signal<In, Bit>,
            $(pub $z: Signal<Out, Bit>, pub $s: Signal<Out, Bit>, pub $e: Signal<Out, Bits<10>>, pub $m: Signal<Out, Bits<38>>,)*
        }

        impl Logic for SfuAttrTerms {
            fn update(&mut self) {
                let t = terms(&Products {
                    pa: [self.pa0.val().to_u64(), self.pa1.val().to_u64()],
                    pb: [self.pb0.val().to_u64(), self.pb1.val().to_u64()],
                    pc: self.pc.val().to_u64(),
                    ea_lsb: e_of(self.ea_lsb.val()),
                    eb_lsb: e_of(self.eb_lsb.val()),
                    ec: e_of(self.ec.val()),
                    sa: self.sa.val(),
                    sb: self.sb.val(),
                    sc: self.sc.val(),
                    za: self.za.val(),
                    zb: self.zb.val(),
                    zc: self.zc.val(),
                    ..Default::default()
                });
                let mut k = 0;
                $(
                    self.$z.next = t[k].z;
                    self.$s.next = t[k].s;
                    self.$e.next = e10(t[k].e);
                    self.$m.next = t[k].m.into();
                    k += 1;
                )*
                let _ = k;
            }
            fn connect(&mut self) {
                $(self.$z.connect(); self.$s.connect(); self.$e.connect(); self.$m.connect();)*
            }
            fn hdl(&self) -> Verilog {
                Verilog::Custom(HDL.into())
            }
        }
    };
}

term_ports!(a0_z, a0_s, a0_e, a0_m; a1_z, a1_s, a1_e, a1_m; b0_z, b0_s, b0_e, b0_m; b1_z, b1_s, b1_e, b1_m; c_z, c_s, c_e, c_m);

const HDL: &str = "\
// A product is at least 2^23 (A's and B's significands have their leading one, 2x and 2y
// are at least 1): its leading one is among bits 37..23, and the term is the product
// shifted up by 0..14 places, or zero when A or B is.
function [3:0] lz15;
   input [14:0] v;
   integer k;
   begin
      lz15 = 4'd14;
      for (k = 0; k < 15; k = k + 1)
         if (v[k]) lz15 = 4'd14 - k[3:0];
   end
endfunction
wire [3:0] sa0 = lz15(pa0[37:23]);
wire [3:0] sa1 = lz15(pa1[37:23]);
wire [3:0] sb0 = lz15(pb0[37:23]);
wire [3:0] sb1 = lz15(pb1[37:23]);
always @(*) begin
   a0_z = za;
   a0_s = sa;
   a0_e = za ? 10'd0 : ((ea_lsb + 10'd37) - {6'd0, sa0});
   a0_m = za ? 38'd0 : (pa0 << sa0);
   a1_z = za;
   a1_s = sa;
   a1_e = za ? 10'd0 : ((ea_lsb + 10'd37) - {6'd0, sa1});
   a1_m = za ? 38'd0 : (pa1 << sa1);
   b0_z = zb;
   b0_s = sb;
   b0_e = zb ? 10'd0 : ((eb_lsb + 10'd37) - {6'd0, sb0});
   b0_m = zb ? 38'd0 : (pb0 << sb0);
   b1_z = zb;
   b1_s = sb;
   b1_e = zb ? 10'd0 : ((eb_lsb + 10'd37) - {6'd0, sb1});
   b1_m = zb ? 38'd0 : (pb1 << sb1);
   c_z = zc;
   c_s = sc;
   c_e = zc ? 10'd0 : ec;
   c_m = pc;
end";
