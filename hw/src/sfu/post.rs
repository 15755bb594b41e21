//! SFU stage 5: normalization and output. [`SfuPostNorm`] clamps negative sums to zero,
//! adds log2's integer part, normalizes and adjusts the exponent; the shared
//! [`SfuRoundPack`] rounds to 24 bits to nearest even and packs with the G80 rule (rounded
//! with an unbounded exponent, then flushed to a signed zero below 2^-126; overflow to
//! infinity). A special result replaces it. Combinational.
//!
//! Ports:
//! - `acc`     in  34  the interpolator's sum (2^-30 lsb, two's complement)
//! - `lg2`     in   1  log2: add `lgi`
//! - `lgi`     in   8  integer part (two's complement)
//! - `eadj`    in  10  exponent adjustment (two's complement)
//! - `neg`     in   1  sign of the result (not log2)
//! - `spec`    in   1  the result is `spec_y`
//! - `spec_y`  in  32  special result
//! - `y`       out 32  the result
use crate::sfu::post_norm::SfuPostNorm;
use crate::sfu::round_pack::SfuRoundPack;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuPost {
    pub acc: Signal<In, Bits<34>>,
    pub lg2: Signal<In, Bit>,
    pub lgi: Signal<In, Bits<8>>,
    pub eadj: Signal<In, Bits<10>>,
    pub neg: Signal<In, Bit>,
    pub spec: Signal<In, Bit>,
    pub spec_y: Signal<In, Bits<32>>,
    pub y: Signal<Out, Bits<32>>,
    norm: SfuPostNorm,
    pack: SfuRoundPack,
}

impl Logic for SfuPost {
    #[hdl_gen]
    fn update(&mut self) {
        self.norm.acc.next = self.acc.val();
        self.norm.lg2.next = self.lg2.val();
        self.norm.lgi.next = self.lgi.val();
        self.norm.eadj.next = self.eadj.val();
        self.norm.neg.next = self.neg.val();
        self.pack.sgn.next = self.norm.sgn.val();
        self.pack.zero.next = self.norm.zero.val();
        self.pack.sig.next = self.norm.sig.val();
        self.pack.rb.next = self.norm.rb.val();
        self.pack.st.next = self.norm.st.val();
        self.pack.e.next = self.norm.e.val();
        self.pack.spec.next = self.spec.val();
        self.pack.spec_y.next = self.spec_y.val();
        self.y.next = self.pack.y.val();
    }
}
