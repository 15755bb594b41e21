//! Planar attribute interpolation, stages 3 and 4 ([`crate::sfu::attr`]), one pixel: the
//! window sum to binary32. Stage "normalize": [`SfuAttrNorm`] (sign and magnitude,
//! leading-zero count, round and sticky bits, exponent; an exact zero sum is +0, or -0 when
//! every term is a negative zero), then the shared [`SfuRoundStage`]: a register, and stage
//! "pack" (combinational, the caller registers `y`) rounds to nearest even and packs with
//! the G80 rule (flush below 2^-126, overflow to infinity); a special result replaces the
//! value. `y` is the value of the inputs presented [`ROUND_LATENCY`] clocks earlier.
//!
//! Ports:
//! - `clock`         in   1  rising-edge clock
//! - `s_hi`, `s_lo`  in  82, 64  the window sum (146 bits; bit 142 has weight 2^ea)
//! - `ea`            in  10  anchor exponent (two's complement)
//! - `zneg`          in   1  an exact zero is -0
//! - `spec`          in   1  the result is `spec_y`
//! - `spec_y`        in  32  special result
//! - `y`             out 32  the pixel's value
use crate::sfu::attr::norm::SfuAttrNorm;
pub use crate::sfu::round_stage::ROUND_LATENCY;
use crate::sfu::round_stage::SfuRoundStage;
use rust_hdl::prelude::*;

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
    norm: SfuAttrNorm,
    round: SfuRoundStage,
}

impl Logic for SfuAttrRound {
    #[hdl_gen]
    fn update(&mut self) {
        self.round.clock.next = self.clock.val();
        // normalize
        self.norm.s_hi.next = self.s_hi.val();
        self.norm.s_lo.next = self.s_lo.val();
        self.norm.ea.next = self.ea.val();
        self.norm.zneg.next = self.zneg.val();
        // the normalize stage's register, then pack
        self.round.sgn.next = self.norm.sgn.val();
        self.round.zero.next = self.norm.zero.val();
        self.round.sig.next = self.norm.sig.val();
        self.round.rb.next = self.norm.rb.val();
        self.round.st.next = self.norm.st.val();
        self.round.e.next = self.norm.e.val();
        self.round.spec.next = self.spec.val();
        self.round.spec_y.next = self.spec_y.val();
        self.y.next = self.round.y.val();
    }
}
