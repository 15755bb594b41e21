//! The special function unit (seed C.4, C.6; docs/sfu.md): rcp, rsqrt, log2, exp2, sin and
//! cos by quadratic interpolation from generated minimax tables (23,208 ROM bits), and the
//! range-reduction pre-instructions rro.sincos and rro.ex2. One result per clock,
//! latency [`SFU_LATENCY`] = 8 clocks: an operation presented before a rising edge is on
//! `y`/`out_valid` after the eighth rising edge from then.
//!
//! Pipeline (each stage ends in a register):
//! 1. [`SfuPrep`] decode, unpack, range handling, special cases; [`SfuIndex`] the operand
//!    split into the table index (Xu) and Xl.
//! 2. [`SfuRom`] the coefficient ROMs (block RAM, registered read); [`SfuSquare`] the
//!    truncated squarer.
//! 3. "read": the ROM's table select, registered (the block RAM's clock-to-output, the
//!    select and the multipliers were one stage until stop 59: 57 MHz routed).
//! 4. [`SfuMul`] |C1| Xl and |C2| Xl^2.
//! 5. [`SfuSum`] carry-save sum of the three terms and the bias, one carry-propagate adder.
//! 6. [`SfuPost`]'s "magnitude": the clamp, log2's integer part, sign and magnitude.
//! 7. [`SfuPost`]'s "normalize": the leading-zero count, the shift and the exponent.
//! 8. [`SfuPost`]'s "pack": rounding, packing, special results; the RRO word for the rro
//!    operations. (Until stop 53 stages 6 to 8 were one: 32.5 MHz routed.)
//!
//! Beside stages 1 to 7 the range reduction runs in its own pipeline ([`SfuRroReduce`]:
//! window, the 24x64 product in four stages, pack), whose word stage 8 selects for the rro
//! operations (until stop 53 in stages 1 and 2, bounding the unit at 42.5 MHz).
//!
//! Ports:
//! - `clock`      in   1  rising-edge clock
//! - `in_valid`   in   1  an operation is presented
//! - `op`         in   3  0 rcp, 1 rsq, 2 lg2, 3 ex2, 4 sin, 5 cos, 6 rro.sincos, 7 rro.ex2
//! - `x`          in  32  operand (ex2: an rro.ex2 word; sin, cos: an rro.sincos word)
//! - `out_valid`  out  1  `in_valid`, `SFU_LATENCY` clocks later
//! - `y`          out 32  result

pub mod attr;
pub mod index;
pub mod mul;
pub mod post;
pub mod post_mag;
pub mod post_norm;
pub mod prep;
pub mod rom;
pub mod round_pack;
pub mod round_stage;
pub mod rro;
pub mod square;
pub mod sum;
pub mod table;
pub mod tables;

/// The low `bits` bits of `v` as a two's-complement number (the native models' view of a
/// signed port).
pub fn sext(v: u64, bits: u32) -> i64 {
    ((v << (64 - bits)) as i64) >> (64 - bits)
}
use crate::prim::delay::Delay;
use crate::sfu::index::SfuIndex;
use crate::sfu::mul::SfuMul;
use crate::sfu::post::{SfuPost, POST_LATENCY};
use crate::sfu::prep::SfuPrep;
use crate::sfu::rom::SfuRom;
use crate::sfu::rro::reduce::{SfuRroReduce, RRO_REDUCE_LATENCY};
use crate::sfu::square::SfuSquare;
use crate::sfu::sum::SfuSum;
use rust_hdl::prelude::*;

/// Pipeline latency in clocks: stages 1 to 5, the output stages' registers, the output
/// register.
pub const SFU_LATENCY: usize = 5 + POST_LATENCY + 1;
/// Clocks the range reduction's word waits to be selected in the last stage, beside the
/// function path's.
const RRO_WAIT: usize = SFU_LATENCY - 1 - RRO_REDUCE_LATENCY;
const _: () = assert!(RRO_WAIT >= 1);

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
    rom: SfuRom,
    square: SfuSquare,
    rro: SfuRroReduce,
    mul: SfuMul,
    sum: SfuSum,
    post: SfuPost,
    op_rro: Signal<Local, Bit>,
    op_ex2: Signal<Local, Bit>,
    out_y: Signal<Local, Bits<32>>,
    // Datapath registers, named by the stage they end.
    r1_tf: DFF<Bits<3>>,
    r1_addr: DFF<Bits<8>>,
    r1_xl: DFF<Bits<24>>,
    r2_xl: DFF<Bits<24>>,
    r2_sq: DFF<Bits<18>>,
    r3_c0: DFF<Bits<27>>,
    r3_c1: DFF<Bits<16>>,
    r3_c2: DFF<Bits<12>>,
    r3_xl: DFF<Bits<24>>,
    r3_sq: DFF<Bits<18>>,
    r4_c0: DFF<Bits<27>>,
    r4_p1: DFF<Bits<40>>,
    r4_p2: DFF<Bits<30>>,
    r5_acc: DFF<Bits<34>>,
    o_y: DFF<Bits<32>>,
    // Side-band, from the stage that makes it to the stage that uses it.
    valid_d: Delay<Bit, SFU_LATENCY>,
    rro_d: Delay<Bit, { SFU_LATENCY - 1 }>,
    rro_y_d: Delay<Bits<32>, RRO_WAIT>,
    tf_d: Delay<Bits<3>, 3>,
    region_d: Delay<Bits<4>, 4>,
    spec_d: Delay<Bit, 5>,
    spec_y_d: Delay<Bits<32>, 5>,
    neg_d: Delay<Bit, 5>,
    eadj_d: Delay<Bits<10>, 5>,
    lg2_d: Delay<Bit, 5>,
    lgi_d: Delay<Bits<8>, 5>,
}

impl Logic for Sfu {
    #[hdl_gen]
    fn update(&mut self) {
        self.r1_tf.clock.next = self.clock.val();
        self.r1_addr.clock.next = self.clock.val();
        self.r1_xl.clock.next = self.clock.val();
        self.r2_xl.clock.next = self.clock.val();
        self.r2_sq.clock.next = self.clock.val();
        self.r3_c0.clock.next = self.clock.val();
        self.r3_c1.clock.next = self.clock.val();
        self.r3_c2.clock.next = self.clock.val();
        self.r3_xl.clock.next = self.clock.val();
        self.r3_sq.clock.next = self.clock.val();
        self.r4_c0.clock.next = self.clock.val();
        self.r4_p1.clock.next = self.clock.val();
        self.r4_p2.clock.next = self.clock.val();
        self.r5_acc.clock.next = self.clock.val();
        self.o_y.clock.next = self.clock.val();
        self.rom.clock.next = self.clock.val();
        self.post.clock.next = self.clock.val();
        self.valid_d.clock.next = self.clock.val();
        self.rro_d.clock.next = self.clock.val();
        self.tf_d.clock.next = self.clock.val();
        self.region_d.clock.next = self.clock.val();
        self.spec_d.clock.next = self.clock.val();
        self.spec_y_d.clock.next = self.clock.val();
        self.neg_d.clock.next = self.clock.val();
        self.eadj_d.clock.next = self.clock.val();
        self.lg2_d.clock.next = self.clock.val();
        self.lgi_d.clock.next = self.clock.val();
        self.rro.clock.next = self.clock.val();
        self.rro_y_d.clock.next = self.clock.val();
        // Stage 1.
        self.op_rro.next = self.op.val().get_bit(2) & self.op.val().get_bit(1);
        self.op_ex2.next = self.op.val().get_bit(0);
        self.prep.op.next = self.op.val();
        self.prep.x.next = self.x.val();
        self.index.tf.next = self.prep.tf.val();
        self.index.u.next = self.prep.u.val();
        self.rro.x.next = self.x.val();
        self.rro.ex2.next = self.op_ex2.val();
        self.valid_d.d.next = self.in_valid.val();
        self.rro_d.d.next = self.op_rro.val();
        self.region_d.d.next = self.index.region.val();
        self.spec_d.d.next = self.prep.spec.val();
        self.spec_y_d.d.next = self.prep.spec_y.val();
        self.neg_d.d.next = self.prep.neg.val();
        self.eadj_d.d.next = self.prep.eadj.val();
        self.lg2_d.d.next = self.prep.lg2.val();
        self.lgi_d.d.next = self.prep.lgi.val();
        self.r1_tf.d.next = self.prep.tf.val();
        self.r1_xl.d.next = self.index.xl.val();
        self.r1_addr.d.next = self.index.addr.val();
        // Stage 2: the ROM reads the registered index into its own output register.
        self.rom.tf.next = self.r1_tf.q.val();
        self.rom.addr.next = self.r1_addr.q.val();
        self.square.xl.next = self.r1_xl.q.val();
        self.tf_d.d.next = self.r1_tf.q.val();
        self.r2_xl.d.next = self.r1_xl.q.val();
        self.r2_sq.d.next = self.square.sq.val();
        // Stage 3, read: the selected table's coefficients.
        self.r3_c0.d.next = self.rom.c0.val();
        self.r3_c1.d.next = self.rom.c1.val();
        self.r3_c2.d.next = self.rom.c2.val();
        self.r3_xl.d.next = self.r2_xl.q.val();
        self.r3_sq.d.next = self.r2_sq.q.val();
        // Stage 4.
        self.mul.c1.next = self.r3_c1.q.val();
        self.mul.xl.next = self.r3_xl.q.val();
        self.mul.c2.next = self.r3_c2.q.val();
        self.mul.sq.next = self.r3_sq.q.val();
        self.r4_c0.d.next = self.r3_c0.q.val();
        self.r4_p1.d.next = self.mul.p1.val();
        self.r4_p2.d.next = self.mul.p2.val();
        // Stage 5.
        self.sum.tf.next = self.tf_d.q.val();
        self.sum.region.next = self.region_d.q.val();
        self.sum.c0.next = self.r4_c0.q.val();
        self.sum.p1.next = self.r4_p1.q.val();
        self.sum.p2.next = self.r4_p2.q.val();
        self.r5_acc.d.next = self.sum.acc.val();
        // Stages 6 (magnitude), 7 (normalize) and 8 (pack).
        self.rro_y_d.d.next = self.rro.y.val();
        self.post.acc.next = self.r5_acc.q.val();
        self.post.lg2.next = self.lg2_d.q.val();
        self.post.lgi.next = self.lgi_d.q.val();
        self.post.eadj.next = self.eadj_d.q.val();
        self.post.neg.next = self.neg_d.q.val();
        self.post.spec.next = self.spec_d.q.val();
        self.post.spec_y.next = self.spec_y_d.q.val();
        if self.rro_d.q.val() {
            self.out_y.next = self.rro_y_d.q.val();
        } else {
            self.out_y.next = self.post.y.val();
        }
        self.o_y.d.next = self.out_y.val();
        self.out_valid.next = self.valid_d.q.val();
        self.y.next = self.o_y.q.val();
    }
}
