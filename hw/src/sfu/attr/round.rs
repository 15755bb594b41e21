//! Planar attribute interpolation, stages "magnitude" to "pack" ([`crate::sfu::attr`]), one
//! pixel: the window sum to binary32. [`SfuAttrMagnitude`] (sign and magnitude) ->
//! register -> [`SfuAttrCount`] (leading- and trailing-zero counts) -> register -> [`SfuAttrNorm`]
//! (round and sticky bits, exponent; an exact zero sum is +0, or -0 when every term is a
//! negative zero), then the shared [`SfuRoundStage`]: a register, and stage "pack"
//! (combinational, the caller registers `y`) rounds to nearest even and packs with the G80
//! rule (flush below 2^-126, overflow to infinity); a special result replaces the value.
//! `y` is the value of the inputs presented [`ATTR_ROUND_LATENCY`] clocks earlier; the
//! anchor exponent and the side band wait beside the magnitude.
//!
//! Ports:
//! - `clock`         in   1  rising-edge clock
//! - `s_hi`, `s_lo`  in  82, 64  the window sum (146 bits; bit 142 has weight 2^ea)
//! - `ea`            in  10  anchor exponent (two's complement)
//! - `zneg`          in   1  an exact zero is -0
//! - `spec`          in   1  the result is `spec_y`
//! - `spec_y`        in  32  special result
//! - `y`             out 32  the pixel's value
use crate::prim::delay::Delay;
use crate::sfu::attr::count::SfuAttrCount;
use crate::sfu::attr::magnitude::SfuAttrMagnitude;
use crate::sfu::attr::norm::SfuAttrNorm;
use crate::sfu::round_stage::{SfuRoundStage, ROUND_LATENCY};
use rust_hdl::prelude::*;

/// Clocks from the inputs to the normalize stage: the magnitude and count registers.
const BEFORE_NORMALIZE: usize = 2;
/// Clocks from [`SfuAttrRound`]'s inputs to its `y`.
pub const ATTR_ROUND_LATENCY: usize = BEFORE_NORMALIZE + ROUND_LATENCY;

#[derive(LogicBlock, Default)]
pub struct SfuAttrRound {
    pub clock: Signal<In, Clock>,
    pub s_hi: Signal<In, Bits<82>>,
    pub s_lo: Signal<In, Bits<64>>,
    pub ea: Signal<In, Bits<10>>,
    pub zneg: Signal<In, Bit>,
    pub spec: Signal<In, Bit>,
    pub spec_y: Signal<In, Bits<32>>,
    pub y: Signal<Out, Bits<32>>,
    magnitude: SfuAttrMagnitude,
    count: SfuAttrCount,
    norm: SfuAttrNorm,
    round: SfuRoundStage,
    // The magnitude stage's register.
    mag_hi: DFF<Bits<82>>,
    mag_lo: DFF<Bits<64>>,
    mag_neg: DFF<Bit>,
    // The count stage's register.
    counted_hi: DFF<Bits<82>>,
    counted_lo: DFF<Bits<64>>,
    counted_lz: DFF<Bits<8>>,
    counted_tz: DFF<Bits<8>>,
    counted_neg: DFF<Bit>,
    // Side band, to the normalize stage.
    ea_d: Delay<Bits<10>, BEFORE_NORMALIZE>,
    zneg_d: Delay<Bit, BEFORE_NORMALIZE>,
    spec_d: Delay<Bit, BEFORE_NORMALIZE>,
    spec_y_d: Delay<Bits<32>, BEFORE_NORMALIZE>,
}

impl Logic for SfuAttrRound {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, mag_hi, mag_lo, mag_neg, counted_hi, counted_lo, counted_lz, counted_tz, counted_neg);
        // The delay lines' and the round stage's inputs are set once below (a default here
        // would be a second assignment of a sub-block input).
        self.ea_d.clock.next = self.clock.val();
        self.zneg_d.clock.next = self.clock.val();
        self.spec_d.clock.next = self.clock.val();
        self.spec_y_d.clock.next = self.clock.val();
        self.round.clock.next = self.clock.val();
        self.ea_d.d.next = self.ea.val();
        self.zneg_d.d.next = self.zneg.val();
        self.spec_d.d.next = self.spec.val();
        self.spec_y_d.d.next = self.spec_y.val();
        // magnitude
        self.magnitude.s_hi.next = self.s_hi.val();
        self.magnitude.s_lo.next = self.s_lo.val();
        self.mag_hi.d.next = self.magnitude.m_hi.val();
        self.mag_lo.d.next = self.magnitude.m_lo.val();
        self.mag_neg.d.next = self.magnitude.neg.val();
        // count
        self.count.m_hi.next = self.mag_hi.q.val();
        self.count.m_lo.next = self.mag_lo.q.val();
        self.counted_hi.d.next = self.mag_hi.q.val();
        self.counted_lo.d.next = self.mag_lo.q.val();
        self.counted_lz.d.next = self.count.lz.val();
        self.counted_tz.d.next = self.count.tz.val();
        self.counted_neg.d.next = self.mag_neg.q.val();
        // normalize
        self.norm.m_hi.next = self.counted_hi.q.val();
        self.norm.m_lo.next = self.counted_lo.q.val();
        self.norm.lz.next = self.counted_lz.q.val();
        self.norm.tz.next = self.counted_tz.q.val();
        self.norm.neg.next = self.counted_neg.q.val();
        self.norm.ea.next = self.ea_d.q.val();
        self.norm.zneg.next = self.zneg_d.q.val();
        // the normalize stage's register, then pack
        self.round.sgn.next = self.norm.sgn.val();
        self.round.zero.next = self.norm.zero.val();
        self.round.sig.next = self.norm.sig.val();
        self.round.rb.next = self.norm.rb.val();
        self.round.st.next = self.norm.st.val();
        self.round.e.next = self.norm.e.val();
        self.round.spec.next = self.spec_d.q.val();
        self.round.spec_y.next = self.spec_y_d.q.val();
        self.y.next = self.round.y.val();
    }
}
