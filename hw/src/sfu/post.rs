//! SFU stages 6 to 8: the interpolator's sum to the binary32 result. Stage "magnitude":
//! [`SfuPostMag`] clamps negative sums to zero, adds log2's integer part and takes the sign
//! and magnitude; a register; stage "normalize": [`SfuPostNorm`] counts the leading zeros,
//! shifts and adjusts the exponent; then the shared [`SfuRoundStage`]: a register, and
//! stage "pack" (combinational, the caller registers `y`) rounds to 24 bits to nearest even
//! and packs with the G80 rule (rounded with an unbounded exponent, then flushed to a
//! signed zero below 2^-126; overflow to infinity). A special result replaces it. `y` is
//! the value of the inputs presented [`POST_LATENCY`] clocks earlier.
//!
//! Ports:
//! - `clock`   in   1  rising-edge clock
//! - `acc`     in  34  the interpolator's sum (2^-30 lsb, two's complement)
//! - `lg2`     in   1  log2: add `lgi`
//! - `lgi`     in   8  integer part (two's complement)
//! - `eadj`    in  10  exponent adjustment (two's complement)
//! - `neg`     in   1  sign of the result (not log2)
//! - `spec`    in   1  the result is `spec_y`
//! - `spec_y`  in  32  special result
//! - `y`       out 32  the result
use crate::sfu::post_mag::SfuPostMag;
use crate::sfu::post_norm::SfuPostNorm;
use crate::sfu::round_stage::{SfuRoundStage, ROUND_LATENCY};
use rust_hdl::prelude::*;

/// Clocks from [`SfuPost`]'s inputs to its `y`: the magnitude stage's register and the
/// round stage's.
pub const POST_LATENCY: usize = 1 + ROUND_LATENCY;

#[derive(LogicBlock, Default)]
pub struct SfuPost {
    pub clock: Signal<In, Clock>,
    pub acc: Signal<In, Bits<34>>,
    pub lg2: Signal<In, Bit>,
    pub lgi: Signal<In, Bits<8>>,
    pub eadj: Signal<In, Bits<10>>,
    pub neg: Signal<In, Bit>,
    pub spec: Signal<In, Bit>,
    pub spec_y: Signal<In, Bits<32>>,
    pub y: Signal<Out, Bits<32>>,
    magnitude: SfuPostMag,
    // The magnitude stage's register.
    mag_sgn: DFF<Bit>,
    mag_mag: DFF<Bits<40>>,
    mag_eadj: DFF<Bits<10>>,
    mag_spec: DFF<Bit>,
    mag_spec_y: DFF<Bits<32>>,
    norm: SfuPostNorm,
    round: SfuRoundStage,
}

impl Logic for SfuPost {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, mag_sgn, mag_mag, mag_eadj, mag_spec, mag_spec_y);
        self.round.clock.next = self.clock.val();
        // magnitude
        self.magnitude.acc.next = self.acc.val();
        self.magnitude.lg2.next = self.lg2.val();
        self.magnitude.lgi.next = self.lgi.val();
        self.magnitude.neg.next = self.neg.val();
        self.mag_sgn.d.next = self.magnitude.sgn.val();
        self.mag_mag.d.next = self.magnitude.mag.val();
        self.mag_eadj.d.next = self.eadj.val();
        self.mag_spec.d.next = self.spec.val();
        self.mag_spec_y.d.next = self.spec_y.val();
        // normalize
        self.norm.msgn.next = self.mag_sgn.q.val();
        self.norm.mag.next = self.mag_mag.q.val();
        self.norm.eadj.next = self.mag_eadj.q.val();
        // the normalize stage's register, then pack
        self.round.sgn.next = self.norm.sgn.val();
        self.round.zero.next = self.norm.zero.val();
        self.round.sig.next = self.norm.sig.val();
        self.round.rb.next = self.norm.rb.val();
        self.round.st.next = self.norm.st.val();
        self.round.e.next = self.norm.e.val();
        self.round.spec.next = self.mag_spec.q.val();
        self.round.spec_y.next = self.mag_spec_y.q.val();
        self.y.next = self.round.y.val();
    }
}
