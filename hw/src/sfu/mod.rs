//! The special function unit (seed C.4, C.6; docs/sfu.md): rcp, rsqrt, log2, exp2, sin and
//! cos by quadratic interpolation from generated minimax tables (23,208 ROM bits), and the
//! range-reduction pre-instructions rro.sincos and rro.ex2. One result per clock,
//! latency 5 clocks: an operation presented before a rising edge is on `y`/`out_valid`
//! after the fifth rising edge from then.
//!
//! Pipeline (each stage ends in a register):
//! 1. [`SfuPrep`] decode, unpack, range handling, special cases; [`SfuIndex`] the operand
//!    split into the table index (Xu) and Xl; [`SfuRroA`] the RRO's 24x64 product.
//! 2. [`SfuRom`] the coefficient ROMs (block RAM, registered read); [`SfuSquare`] the
//!    truncated squarer; [`SfuRroB`] the RRO word.
//! 3. [`SfuMul`] |C1| Xl and |C2| Xl^2.
//! 4. [`SfuSum`] carry-save sum of the three terms and the bias, one carry-propagate adder.
//! 5. [`SfuPost`] normalization, rounding, exponent, packing, special results; the RRO word
//!    for the rro operations.
//!
//! Ports:
//! - `clock`      in   1  rising-edge clock
//! - `in_valid`   in   1  an operation is presented
//! - `op`         in   3  0 rcp, 1 rsq, 2 lg2, 3 ex2, 4 sin, 5 cos, 6 rro.sincos, 7 rro.ex2
//! - `x`          in  32  operand (ex2: an rro.ex2 word; sin, cos: an rro.sincos word)
//! - `out_valid`  out  1  `in_valid`, 5 clocks later
//! - `y`          out 32  result

pub mod attr;
pub mod index;
pub mod mul;
pub mod post;
pub mod prep;
pub mod rom;
pub mod rro;
pub mod square;
pub mod sum;
pub mod table;
pub mod tables;
use crate::sfu::index::SfuIndex;
use crate::sfu::mul::SfuMul;
use crate::sfu::post::SfuPost;
use crate::sfu::prep::SfuPrep;
use crate::sfu::rom::SfuRom;
use crate::sfu::rro::a::SfuRroA;
use crate::sfu::rro::b::SfuRroB;
use crate::sfu::square::SfuSquare;
use crate::sfu::sum::SfuSum;
use rust_hdl::prelude::*;

/// Pipeline latency in clocks.
pub const SFU_LATENCY: usize = 5;

#[derive(LogicBlock, Default)]
pub struct Sfu {
    pub clock: Signal<In, Clock>,
    pub in_valid: Signal<In, Bit>,
    pub op: Signal<In, Bits<3>>,
    pub x: Signal<In, Bits<32>>,
    pub out_valid: Signal<Out, Bit>,
    pub y: Signal<Out, Bits<32>>,
    prep: SfuPrep,
    index: SfuIndex,
    rro_a: SfuRroA,
    rom: SfuRom,
    square: SfuSquare,
    rro_b: SfuRroB,
    mul: SfuMul,
    sum: SfuSum,
    post: SfuPost,
    op_rro: Signal<Local, Bit>,
    op_ex2: Signal<Local, Bit>,
    out_y: Signal<Local, Bits<32>>,
    // stage 1 registers
    r1_valid: DFF<Bit>,
    r1_rro: DFF<Bit>,
    r1_tf: DFF<Bits<3>>,
    r1_addr: DFF<Bits<8>>,
    r1_xl: DFF<Bits<24>>,
    r1_region: DFF<Bits<4>>,
    r1_spec: DFF<Bit>,
    r1_spec_y: DFF<Bits<32>>,
    r1_neg: DFF<Bit>,
    r1_eadj: DFF<Bits<10>>,
    r1_lg2: DFF<Bit>,
    r1_lgi: DFF<Bits<8>>,
    r1_direct: DFF<Bit>,
    r1_dy: DFF<Bits<32>>,
    r1_rneg: DFF<Bit>,
    r1_pr: DFF<Bits<31>>,
    // stage 2 (the ROM's read register holds the coefficients)
    r2_valid: DFF<Bit>,
    r2_rro: DFF<Bit>,
    r2_tf: DFF<Bits<3>>,
    r2_xl: DFF<Bits<24>>,
    r2_sq: DFF<Bits<18>>,
    r2_region: DFF<Bits<4>>,
    r2_spec: DFF<Bit>,
    r2_spec_y: DFF<Bits<32>>,
    r2_neg: DFF<Bit>,
    r2_eadj: DFF<Bits<10>>,
    r2_lg2: DFF<Bit>,
    r2_lgi: DFF<Bits<8>>,
    r2_rro_y: DFF<Bits<32>>,
    // stage 3
    r3_valid: DFF<Bit>,
    r3_rro: DFF<Bit>,
    r3_tf: DFF<Bits<3>>,
    r3_region: DFF<Bits<4>>,
    r3_c0: DFF<Bits<27>>,
    r3_p1: DFF<Bits<40>>,
    r3_p2: DFF<Bits<30>>,
    r3_spec: DFF<Bit>,
    r3_spec_y: DFF<Bits<32>>,
    r3_neg: DFF<Bit>,
    r3_eadj: DFF<Bits<10>>,
    r3_lg2: DFF<Bit>,
    r3_lgi: DFF<Bits<8>>,
    r3_rro_y: DFF<Bits<32>>,
    // stage 4
    r4_valid: DFF<Bit>,
    r4_rro: DFF<Bit>,
    r4_acc: DFF<Bits<34>>,
    r4_spec: DFF<Bit>,
    r4_spec_y: DFF<Bits<32>>,
    r4_neg: DFF<Bit>,
    r4_eadj: DFF<Bits<10>>,
    r4_lg2: DFF<Bit>,
    r4_lgi: DFF<Bits<8>>,
    r4_rro_y: DFF<Bits<32>>,
    // output
    o_valid: DFF<Bit>,
    o_y: DFF<Bits<32>>,
}

impl Logic for Sfu {
    #[hdl_gen]
    fn update(&mut self) {
        self.r1_valid.clock.next = self.clock.val();
        self.r1_rro.clock.next = self.clock.val();
        self.r1_tf.clock.next = self.clock.val();
        self.r1_addr.clock.next = self.clock.val();
        self.r1_xl.clock.next = self.clock.val();
        self.r1_region.clock.next = self.clock.val();
        self.r1_spec.clock.next = self.clock.val();
        self.r1_spec_y.clock.next = self.clock.val();
        self.r1_neg.clock.next = self.clock.val();
        self.r1_eadj.clock.next = self.clock.val();
        self.r1_lg2.clock.next = self.clock.val();
        self.r1_lgi.clock.next = self.clock.val();
        self.r1_direct.clock.next = self.clock.val();
        self.r1_dy.clock.next = self.clock.val();
        self.r1_rneg.clock.next = self.clock.val();
        self.r1_pr.clock.next = self.clock.val();
        self.r2_valid.clock.next = self.clock.val();
        self.r2_rro.clock.next = self.clock.val();
        self.r2_tf.clock.next = self.clock.val();
        self.r2_xl.clock.next = self.clock.val();
        self.r2_sq.clock.next = self.clock.val();
        self.r2_region.clock.next = self.clock.val();
        self.r2_spec.clock.next = self.clock.val();
        self.r2_spec_y.clock.next = self.clock.val();
        self.r2_neg.clock.next = self.clock.val();
        self.r2_eadj.clock.next = self.clock.val();
        self.r2_lg2.clock.next = self.clock.val();
        self.r2_lgi.clock.next = self.clock.val();
        self.r2_rro_y.clock.next = self.clock.val();
        self.r3_valid.clock.next = self.clock.val();
        self.r3_rro.clock.next = self.clock.val();
        self.r3_tf.clock.next = self.clock.val();
        self.r3_region.clock.next = self.clock.val();
        self.r3_c0.clock.next = self.clock.val();
        self.r3_p1.clock.next = self.clock.val();
        self.r3_p2.clock.next = self.clock.val();
        self.r3_spec.clock.next = self.clock.val();
        self.r3_spec_y.clock.next = self.clock.val();
        self.r3_neg.clock.next = self.clock.val();
        self.r3_eadj.clock.next = self.clock.val();
        self.r3_lg2.clock.next = self.clock.val();
        self.r3_lgi.clock.next = self.clock.val();
        self.r3_rro_y.clock.next = self.clock.val();
        self.r4_valid.clock.next = self.clock.val();
        self.r4_rro.clock.next = self.clock.val();
        self.r4_acc.clock.next = self.clock.val();
        self.r4_spec.clock.next = self.clock.val();
        self.r4_spec_y.clock.next = self.clock.val();
        self.r4_neg.clock.next = self.clock.val();
        self.r4_eadj.clock.next = self.clock.val();
        self.r4_lg2.clock.next = self.clock.val();
        self.r4_lgi.clock.next = self.clock.val();
        self.r4_rro_y.clock.next = self.clock.val();
        self.o_valid.clock.next = self.clock.val();
        self.o_y.clock.next = self.clock.val();
        self.rom.clock.next = self.clock.val();
        // Stage 1.
        self.op_rro.next = self.op.val().get_bit(2) & self.op.val().get_bit(1);
        self.op_ex2.next = self.op.val().get_bit(0);
        self.prep.op.next = self.op.val();
        self.prep.x.next = self.x.val();
        self.index.tf.next = self.prep.tf.val();
        self.index.u.next = self.prep.u.val();
        self.rro_a.x.next = self.x.val();
        self.rro_a.ex2.next = self.op_ex2.val();
        self.r1_valid.d.next = self.in_valid.val();
        self.r1_rro.d.next = self.op_rro.val();
        self.r1_tf.d.next = self.prep.tf.val();
        self.r1_xl.d.next = self.index.xl.val();
        self.r1_region.d.next = self.index.region.val();
        self.r1_spec.d.next = self.prep.spec.val();
        self.r1_spec_y.d.next = self.prep.spec_y.val();
        self.r1_neg.d.next = self.prep.neg.val();
        self.r1_eadj.d.next = self.prep.eadj.val();
        self.r1_lg2.d.next = self.prep.lg2.val();
        self.r1_lgi.d.next = self.prep.lgi.val();
        self.r1_direct.d.next = self.rro_a.direct.val();
        self.r1_dy.d.next = self.rro_a.dy.val();
        self.r1_rneg.d.next = self.rro_a.neg.val();
        self.r1_pr.d.next = self.rro_a.pr.val();
        self.r1_addr.d.next = self.index.addr.val();
        // Stage 2: the ROM reads the registered index into its own output register.
        self.rom.tf.next = self.r1_tf.q.val();
        self.rom.addr.next = self.r1_addr.q.val();
        self.square.xl.next = self.r1_xl.q.val();
        self.rro_b.direct.next = self.r1_direct.q.val();
        self.rro_b.dy.next = self.r1_dy.q.val();
        self.rro_b.neg.next = self.r1_rneg.q.val();
        self.rro_b.pr.next = self.r1_pr.q.val();
        self.r2_valid.d.next = self.r1_valid.q.val();
        self.r2_rro.d.next = self.r1_rro.q.val();
        self.r2_tf.d.next = self.r1_tf.q.val();
        self.r2_xl.d.next = self.r1_xl.q.val();
        self.r2_sq.d.next = self.square.sq.val();
        self.r2_region.d.next = self.r1_region.q.val();
        self.r2_spec.d.next = self.r1_spec.q.val();
        self.r2_spec_y.d.next = self.r1_spec_y.q.val();
        self.r2_neg.d.next = self.r1_neg.q.val();
        self.r2_eadj.d.next = self.r1_eadj.q.val();
        self.r2_lg2.d.next = self.r1_lg2.q.val();
        self.r2_lgi.d.next = self.r1_lgi.q.val();
        self.r2_rro_y.d.next = self.rro_b.y.val();
        // Stage 3.
        self.mul.c1.next = self.rom.c1.val();
        self.mul.xl.next = self.r2_xl.q.val();
        self.mul.c2.next = self.rom.c2.val();
        self.mul.sq.next = self.r2_sq.q.val();
        self.r3_valid.d.next = self.r2_valid.q.val();
        self.r3_rro.d.next = self.r2_rro.q.val();
        self.r3_tf.d.next = self.r2_tf.q.val();
        self.r3_region.d.next = self.r2_region.q.val();
        self.r3_c0.d.next = self.rom.c0.val();
        self.r3_p1.d.next = self.mul.p1.val();
        self.r3_p2.d.next = self.mul.p2.val();
        self.r3_spec.d.next = self.r2_spec.q.val();
        self.r3_spec_y.d.next = self.r2_spec_y.q.val();
        self.r3_neg.d.next = self.r2_neg.q.val();
        self.r3_eadj.d.next = self.r2_eadj.q.val();
        self.r3_lg2.d.next = self.r2_lg2.q.val();
        self.r3_lgi.d.next = self.r2_lgi.q.val();
        self.r3_rro_y.d.next = self.r2_rro_y.q.val();
        // Stage 4.
        self.sum.tf.next = self.r3_tf.q.val();
        self.sum.region.next = self.r3_region.q.val();
        self.sum.c0.next = self.r3_c0.q.val();
        self.sum.p1.next = self.r3_p1.q.val();
        self.sum.p2.next = self.r3_p2.q.val();
        self.r4_valid.d.next = self.r3_valid.q.val();
        self.r4_rro.d.next = self.r3_rro.q.val();
        self.r4_acc.d.next = self.sum.acc.val();
        self.r4_spec.d.next = self.r3_spec.q.val();
        self.r4_spec_y.d.next = self.r3_spec_y.q.val();
        self.r4_neg.d.next = self.r3_neg.q.val();
        self.r4_eadj.d.next = self.r3_eadj.q.val();
        self.r4_lg2.d.next = self.r3_lg2.q.val();
        self.r4_lgi.d.next = self.r3_lgi.q.val();
        self.r4_rro_y.d.next = self.r3_rro_y.q.val();
        // Stage 5.
        self.post.acc.next = self.r4_acc.q.val();
        self.post.lg2.next = self.r4_lg2.q.val();
        self.post.lgi.next = self.r4_lgi.q.val();
        self.post.eadj.next = self.r4_eadj.q.val();
        self.post.neg.next = self.r4_neg.q.val();
        self.post.spec.next = self.r4_spec.q.val();
        self.post.spec_y.next = self.r4_spec_y.q.val();
        self.o_valid.d.next = self.r4_valid.q.val();
        if self.r4_rro.q.val() {
            self.out_y.next = self.r4_rro_y.q.val();
        } else {
            self.out_y.next = self.post.y.val();
        }
        self.o_y.d.next = self.out_y.val();
        self.out_valid.next = self.o_valid.q.val();
        self.y.next = self.o_y.q.val();
    }
}
