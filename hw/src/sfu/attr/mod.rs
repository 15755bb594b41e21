//! Planar attribute interpolation (seed C.4, C.6; docs/sfu.md): the four pixels of a 2x2
//! quad per clock, U(i, j) = A (qx + i + 1/2) + B (qy + j + 1/2) + C, binary32 in and out,
//! each value the exact sum rounded once (round to nearest even, G80 flush and NaN rules).
//! The quad shares two multipliers (mA (2qx + 1), mB (2qy + 1); the second column and row
//! add 2 mA, 2 mB). Latency [`ATTR_LATENCY`] clocks, one quad per clock.
//!
//! Pipeline, one stage per clock, each ending at a register (the quad's stages, then each
//! pixel's):
//! 1. products ([`SfuAttrProducts`]): unpack, the two multipliers, special results;
//! 2. terms ([`SfuAttrTerms`]): every term normalized;
//! 3. sort, 4. align, 5. add: four [`SfuAttrSum`] (exact window sums);
//! 6. magnitude, 7. count, 8. normalize, 9. pack: four [`SfuAttrRound`]; pack's register
//!    is the output register.
//!
//! The registers after products, terms, add and pack are here; the others are inside the
//! pixels' blocks.
//!
//! Ports:
//! - `clock`      in   1  rising-edge clock
//! - `in_valid`   in   1  a quad is presented
//! - `a`, `b`, `c` in 32  plane coefficients
//! - `qx`, `qy`   in  12  quad origin: pixel centres at (qx + i + 1/2, qy + j + 1/2)
//! - `out_valid`  out  1  `in_valid`, `ATTR_LATENCY` clocks later
//! - `u00`, `u10`, `u01`, `u11`  out 32  U(i, j) for (i, j) = (0,0), (1,0), (0,1), (1,1)

pub mod add;
pub mod align;
pub mod count;
pub mod magnitude;
pub mod norm;
pub mod products;
pub mod round;
pub mod sort;
pub mod sum;
pub mod terms;
pub mod wide;
use crate::prim::delay::Delay;
use crate::sfu::attr::products::SfuAttrProducts;
use crate::sfu::attr::round::{SfuAttrRound, ATTR_ROUND_LATENCY};
use crate::sfu::attr::sum::{SfuAttrSum, SUM_LATENCY};
use crate::sfu::attr::terms::SfuAttrTerms;
use rust_hdl::prelude::*;

/// Clocks before the round blocks: products, terms, the sums, the sums' register.
const BEFORE_ROUND: usize = 2 + SUM_LATENCY + 1;
/// Latency in clocks: up to the round blocks, through them, the output register.
pub const ATTR_LATENCY: usize = BEFORE_ROUND + ATTR_ROUND_LATENCY + 1;

#[derive(LogicBlock, Default)]
pub struct SfuAttr {
    pub clock: Signal<In, Clock>,
    pub in_valid: Signal<In, Bit>,
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub c: Signal<In, Bits<32>>,
    pub qx: Signal<In, Bits<12>>,
    pub qy: Signal<In, Bits<12>>,
    pub out_valid: Signal<Out, Bit>,
    pub u00: Signal<Out, Bits<32>>,
    pub u10: Signal<Out, Bits<32>>,
    pub u01: Signal<Out, Bits<32>>,
    pub u11: Signal<Out, Bits<32>>,
    products: SfuAttrProducts,
    terms: SfuAttrTerms,
    s00: SfuAttrSum,
    s10: SfuAttrSum,
    s01: SfuAttrSum,
    s11: SfuAttrSum,
    o00: SfuAttrRound,
    o10: SfuAttrRound,
    o01: SfuAttrRound,
    o11: SfuAttrRound,
    // The products stage's register.
    r0_pa0: DFF<Bits<38>>,
    r0_pa1: DFF<Bits<38>>,
    r0_pb0: DFF<Bits<38>>,
    r0_pb1: DFF<Bits<38>>,
    r0_pc: DFF<Bits<38>>,
    r0_ea_lsb: DFF<Bits<10>>,
    r0_eb_lsb: DFF<Bits<10>>,
    r0_ec: DFF<Bits<10>>,
    r0_sa: DFF<Bit>,
    r0_sb: DFF<Bit>,
    r0_sc: DFF<Bit>,
    r0_za: DFF<Bit>,
    r0_zb: DFF<Bit>,
    r0_zc: DFF<Bit>,
    // The terms stage's register.
    r1_a0_z: DFF<Bit>,
    r1_a0_s: DFF<Bit>,
    r1_a0_e: DFF<Bits<10>>,
    r1_a0_m: DFF<Bits<38>>,
    r1_a1_z: DFF<Bit>,
    r1_a1_s: DFF<Bit>,
    r1_a1_e: DFF<Bits<10>>,
    r1_a1_m: DFF<Bits<38>>,
    r1_b0_z: DFF<Bit>,
    r1_b0_s: DFF<Bit>,
    r1_b0_e: DFF<Bits<10>>,
    r1_b0_m: DFF<Bits<38>>,
    r1_b1_z: DFF<Bit>,
    r1_b1_s: DFF<Bit>,
    r1_b1_e: DFF<Bits<10>>,
    r1_b1_m: DFF<Bits<38>>,
    r1_c_z: DFF<Bit>,
    r1_c_s: DFF<Bit>,
    r1_c_e: DFF<Bits<10>>,
    r1_c_m: DFF<Bits<38>>,
    // Side band: valid through the whole pipeline; the special result and the zero sign
    // from the products stage to the round blocks.
    valid_d: Delay<Bit, ATTR_LATENCY>,
    spec_d: Delay<Bit, BEFORE_ROUND>,
    spec_y_d: Delay<Bits<32>, BEFORE_ROUND>,
    zneg_d: Delay<Bit, BEFORE_ROUND>,
    // The sums' register.
    r2_00_hi: DFF<Bits<82>>,
    r2_00_lo: DFF<Bits<64>>,
    r2_00_ea: DFF<Bits<10>>,
    r2_10_hi: DFF<Bits<82>>,
    r2_10_lo: DFF<Bits<64>>,
    r2_10_ea: DFF<Bits<10>>,
    r2_01_hi: DFF<Bits<82>>,
    r2_01_lo: DFF<Bits<64>>,
    r2_01_ea: DFF<Bits<10>>,
    r2_11_hi: DFF<Bits<82>>,
    r2_11_lo: DFF<Bits<64>>,
    r2_11_ea: DFF<Bits<10>>,
    o_00: DFF<Bits<32>>,
    o_10: DFF<Bits<32>>,
    o_01: DFF<Bits<32>>,
    o_11: DFF<Bits<32>>,
}

impl Logic for SfuAttr {
    #[hdl_gen]
    fn update(&mut self) {
        self.r0_pa0.clock.next = self.clock.val();
        self.r0_pa1.clock.next = self.clock.val();
        self.r0_pb0.clock.next = self.clock.val();
        self.r0_pb1.clock.next = self.clock.val();
        self.r0_pc.clock.next = self.clock.val();
        self.r0_ea_lsb.clock.next = self.clock.val();
        self.r0_eb_lsb.clock.next = self.clock.val();
        self.r0_ec.clock.next = self.clock.val();
        self.r0_sa.clock.next = self.clock.val();
        self.r0_sb.clock.next = self.clock.val();
        self.r0_sc.clock.next = self.clock.val();
        self.r0_za.clock.next = self.clock.val();
        self.r0_zb.clock.next = self.clock.val();
        self.r0_zc.clock.next = self.clock.val();
        self.r1_a0_z.clock.next = self.clock.val();
        self.r1_a0_s.clock.next = self.clock.val();
        self.r1_a0_e.clock.next = self.clock.val();
        self.r1_a0_m.clock.next = self.clock.val();
        self.r1_a1_z.clock.next = self.clock.val();
        self.r1_a1_s.clock.next = self.clock.val();
        self.r1_a1_e.clock.next = self.clock.val();
        self.r1_a1_m.clock.next = self.clock.val();
        self.r1_b0_z.clock.next = self.clock.val();
        self.r1_b0_s.clock.next = self.clock.val();
        self.r1_b0_e.clock.next = self.clock.val();
        self.r1_b0_m.clock.next = self.clock.val();
        self.r1_b1_z.clock.next = self.clock.val();
        self.r1_b1_s.clock.next = self.clock.val();
        self.r1_b1_e.clock.next = self.clock.val();
        self.r1_b1_m.clock.next = self.clock.val();
        self.r1_c_z.clock.next = self.clock.val();
        self.r1_c_s.clock.next = self.clock.val();
        self.r1_c_e.clock.next = self.clock.val();
        self.r1_c_m.clock.next = self.clock.val();
        self.valid_d.clock.next = self.clock.val();
        self.spec_d.clock.next = self.clock.val();
        self.spec_y_d.clock.next = self.clock.val();
        self.zneg_d.clock.next = self.clock.val();
        self.r2_00_hi.clock.next = self.clock.val();
        self.r2_00_lo.clock.next = self.clock.val();
        self.r2_00_ea.clock.next = self.clock.val();
        self.r2_10_hi.clock.next = self.clock.val();
        self.r2_10_lo.clock.next = self.clock.val();
        self.r2_10_ea.clock.next = self.clock.val();
        self.r2_01_hi.clock.next = self.clock.val();
        self.r2_01_lo.clock.next = self.clock.val();
        self.r2_01_ea.clock.next = self.clock.val();
        self.r2_11_hi.clock.next = self.clock.val();
        self.r2_11_lo.clock.next = self.clock.val();
        self.r2_11_ea.clock.next = self.clock.val();
        self.o_00.clock.next = self.clock.val();
        self.o_10.clock.next = self.clock.val();
        self.o_01.clock.next = self.clock.val();
        self.o_11.clock.next = self.clock.val();
        // Stage 1, products.
        self.products.a.next = self.a.val();
        self.products.b.next = self.b.val();
        self.products.c.next = self.c.val();
        self.products.qx.next = self.qx.val();
        self.products.qy.next = self.qy.val();
        self.valid_d.d.next = self.in_valid.val();
        self.r0_pa0.d.next = self.products.pa0.val();
        self.r0_pa1.d.next = self.products.pa1.val();
        self.r0_pb0.d.next = self.products.pb0.val();
        self.r0_pb1.d.next = self.products.pb1.val();
        self.r0_pc.d.next = self.products.pc.val();
        self.r0_ea_lsb.d.next = self.products.ea_lsb.val();
        self.r0_eb_lsb.d.next = self.products.eb_lsb.val();
        self.r0_ec.d.next = self.products.ec.val();
        self.r0_sa.d.next = self.products.sa.val();
        self.r0_sb.d.next = self.products.sb.val();
        self.r0_sc.d.next = self.products.sc.val();
        self.r0_za.d.next = self.products.za.val();
        self.r0_zb.d.next = self.products.zb.val();
        self.r0_zc.d.next = self.products.zc.val();
        self.spec_d.d.next = self.products.spec.val();
        self.spec_y_d.d.next = self.products.spec_y.val();
        self.zneg_d.d.next = self.products.zneg.val();
        // Stage 2, terms.
        self.terms.pa0.next = self.r0_pa0.q.val();
        self.terms.pa1.next = self.r0_pa1.q.val();
        self.terms.pb0.next = self.r0_pb0.q.val();
        self.terms.pb1.next = self.r0_pb1.q.val();
        self.terms.pc.next = self.r0_pc.q.val();
        self.terms.ea_lsb.next = self.r0_ea_lsb.q.val();
        self.terms.eb_lsb.next = self.r0_eb_lsb.q.val();
        self.terms.ec.next = self.r0_ec.q.val();
        self.terms.sa.next = self.r0_sa.q.val();
        self.terms.sb.next = self.r0_sb.q.val();
        self.terms.sc.next = self.r0_sc.q.val();
        self.terms.za.next = self.r0_za.q.val();
        self.terms.zb.next = self.r0_zb.q.val();
        self.terms.zc.next = self.r0_zc.q.val();
        self.r1_a0_z.d.next = self.terms.a0_z.val();
        self.r1_a0_s.d.next = self.terms.a0_s.val();
        self.r1_a0_e.d.next = self.terms.a0_e.val();
        self.r1_a0_m.d.next = self.terms.a0_m.val();
        self.r1_a1_z.d.next = self.terms.a1_z.val();
        self.r1_a1_s.d.next = self.terms.a1_s.val();
        self.r1_a1_e.d.next = self.terms.a1_e.val();
        self.r1_a1_m.d.next = self.terms.a1_m.val();
        self.r1_b0_z.d.next = self.terms.b0_z.val();
        self.r1_b0_s.d.next = self.terms.b0_s.val();
        self.r1_b0_e.d.next = self.terms.b0_e.val();
        self.r1_b0_m.d.next = self.terms.b0_m.val();
        self.r1_b1_z.d.next = self.terms.b1_z.val();
        self.r1_b1_s.d.next = self.terms.b1_s.val();
        self.r1_b1_e.d.next = self.terms.b1_e.val();
        self.r1_b1_m.d.next = self.terms.b1_m.val();
        self.r1_c_z.d.next = self.terms.c_z.val();
        self.r1_c_s.d.next = self.terms.c_s.val();
        self.r1_c_e.d.next = self.terms.c_e.val();
        self.r1_c_m.d.next = self.terms.c_m.val();
        // Stages 3 to 5: pixel (i, j) sums A_i x, B_j y and C.
        self.s00.clock.next = self.clock.val();
        self.s10.clock.next = self.clock.val();
        self.s01.clock.next = self.clock.val();
        self.s11.clock.next = self.clock.val();
        self.s00.p_z.next = self.r1_a0_z.q.val();
        self.s00.p_s.next = self.r1_a0_s.q.val();
        self.s00.p_e.next = self.r1_a0_e.q.val();
        self.s00.p_m.next = self.r1_a0_m.q.val();
        self.s00.q_z.next = self.r1_b0_z.q.val();
        self.s00.q_s.next = self.r1_b0_s.q.val();
        self.s00.q_e.next = self.r1_b0_e.q.val();
        self.s00.q_m.next = self.r1_b0_m.q.val();
        self.s00.r_z.next = self.r1_c_z.q.val();
        self.s00.r_s.next = self.r1_c_s.q.val();
        self.s00.r_e.next = self.r1_c_e.q.val();
        self.s00.r_m.next = self.r1_c_m.q.val();
        self.r2_00_hi.d.next = self.s00.s_hi.val();
        self.r2_00_lo.d.next = self.s00.s_lo.val();
        self.r2_00_ea.d.next = self.s00.ea.val();
        self.s10.p_z.next = self.r1_a1_z.q.val();
        self.s10.p_s.next = self.r1_a1_s.q.val();
        self.s10.p_e.next = self.r1_a1_e.q.val();
        self.s10.p_m.next = self.r1_a1_m.q.val();
        self.s10.q_z.next = self.r1_b0_z.q.val();
        self.s10.q_s.next = self.r1_b0_s.q.val();
        self.s10.q_e.next = self.r1_b0_e.q.val();
        self.s10.q_m.next = self.r1_b0_m.q.val();
        self.s10.r_z.next = self.r1_c_z.q.val();
        self.s10.r_s.next = self.r1_c_s.q.val();
        self.s10.r_e.next = self.r1_c_e.q.val();
        self.s10.r_m.next = self.r1_c_m.q.val();
        self.r2_10_hi.d.next = self.s10.s_hi.val();
        self.r2_10_lo.d.next = self.s10.s_lo.val();
        self.r2_10_ea.d.next = self.s10.ea.val();
        self.s01.p_z.next = self.r1_a0_z.q.val();
        self.s01.p_s.next = self.r1_a0_s.q.val();
        self.s01.p_e.next = self.r1_a0_e.q.val();
        self.s01.p_m.next = self.r1_a0_m.q.val();
        self.s01.q_z.next = self.r1_b1_z.q.val();
        self.s01.q_s.next = self.r1_b1_s.q.val();
        self.s01.q_e.next = self.r1_b1_e.q.val();
        self.s01.q_m.next = self.r1_b1_m.q.val();
        self.s01.r_z.next = self.r1_c_z.q.val();
        self.s01.r_s.next = self.r1_c_s.q.val();
        self.s01.r_e.next = self.r1_c_e.q.val();
        self.s01.r_m.next = self.r1_c_m.q.val();
        self.r2_01_hi.d.next = self.s01.s_hi.val();
        self.r2_01_lo.d.next = self.s01.s_lo.val();
        self.r2_01_ea.d.next = self.s01.ea.val();
        self.s11.p_z.next = self.r1_a1_z.q.val();
        self.s11.p_s.next = self.r1_a1_s.q.val();
        self.s11.p_e.next = self.r1_a1_e.q.val();
        self.s11.p_m.next = self.r1_a1_m.q.val();
        self.s11.q_z.next = self.r1_b1_z.q.val();
        self.s11.q_s.next = self.r1_b1_s.q.val();
        self.s11.q_e.next = self.r1_b1_e.q.val();
        self.s11.q_m.next = self.r1_b1_m.q.val();
        self.s11.r_z.next = self.r1_c_z.q.val();
        self.s11.r_s.next = self.r1_c_s.q.val();
        self.s11.r_e.next = self.r1_c_e.q.val();
        self.s11.r_m.next = self.r1_c_m.q.val();
        self.r2_11_hi.d.next = self.s11.s_hi.val();
        self.r2_11_lo.d.next = self.s11.s_lo.val();
        self.r2_11_ea.d.next = self.s11.ea.val();
        // Stages 6 to 9.
        self.o00.clock.next = self.clock.val();
        self.o10.clock.next = self.clock.val();
        self.o01.clock.next = self.clock.val();
        self.o11.clock.next = self.clock.val();
        self.o00.s_hi.next = self.r2_00_hi.q.val();
        self.o00.s_lo.next = self.r2_00_lo.q.val();
        self.o00.ea.next = self.r2_00_ea.q.val();
        self.o00.zneg.next = self.zneg_d.q.val();
        self.o00.spec.next = self.spec_d.q.val();
        self.o00.spec_y.next = self.spec_y_d.q.val();
        self.o_00.d.next = self.o00.y.val();
        self.u00.next = self.o_00.q.val();
        self.o10.s_hi.next = self.r2_10_hi.q.val();
        self.o10.s_lo.next = self.r2_10_lo.q.val();
        self.o10.ea.next = self.r2_10_ea.q.val();
        self.o10.zneg.next = self.zneg_d.q.val();
        self.o10.spec.next = self.spec_d.q.val();
        self.o10.spec_y.next = self.spec_y_d.q.val();
        self.o_10.d.next = self.o10.y.val();
        self.u10.next = self.o_10.q.val();
        self.o01.s_hi.next = self.r2_01_hi.q.val();
        self.o01.s_lo.next = self.r2_01_lo.q.val();
        self.o01.ea.next = self.r2_01_ea.q.val();
        self.o01.zneg.next = self.zneg_d.q.val();
        self.o01.spec.next = self.spec_d.q.val();
        self.o01.spec_y.next = self.spec_y_d.q.val();
        self.o_01.d.next = self.o01.y.val();
        self.u01.next = self.o_01.q.val();
        self.o11.s_hi.next = self.r2_11_hi.q.val();
        self.o11.s_lo.next = self.r2_11_lo.q.val();
        self.o11.ea.next = self.r2_11_ea.q.val();
        self.o11.zneg.next = self.zneg_d.q.val();
        self.o11.spec.next = self.spec_d.q.val();
        self.o11.spec_y.next = self.spec_y_d.q.val();
        self.o_11.d.next = self.o11.y.val();
        self.u11.next = self.o_11.q.val();
        self.out_valid.next = self.valid_d.q.val();
    }
}
