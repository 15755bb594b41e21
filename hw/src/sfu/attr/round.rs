//! Planar attribute interpolation, stages 3 and 4 ([`crate::sfu::attr`]), one pixel: the
//! window sum to binary32. Stage "normalize": [`SfuAttrNorm`] (sign and magnitude,
//! leading-zero count, round and sticky bits, exponent; an exact zero sum is +0, or -0 when
//! every term is a negative zero), then a register; stage "pack" (combinational, the
//! caller registers `y`): the shared [`SfuRoundPack`] rounds to nearest even and packs
//! with the G80 rule (flush below 2^-126, overflow to infinity); a special result replaces
//! the value. `y` is the value of the inputs presented [`ROUND_LATENCY`] clocks earlier.
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
use crate::sfu::round_pack::SfuRoundPack;
use rust_hdl::prelude::*;

/// Clocks from [`SfuAttrRound`]'s inputs to its `y`: the normalize stage's register.
pub const ROUND_LATENCY: usize = 1;

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
    // The normalize stage's register.
    norm_sgn: DFF<Bit>,
    norm_zero: DFF<Bit>,
    norm_sig: DFF<Bits<24>>,
    norm_rb: DFF<Bit>,
    norm_st: DFF<Bit>,
    norm_e: DFF<Bits<11>>,
    norm_spec: DFF<Bit>,
    norm_spec_y: DFF<Bits<32>>,
    pack: SfuRoundPack,
}

impl Logic for SfuAttrRound {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, norm_sgn, norm_zero, norm_sig, norm_rb, norm_st, norm_e, norm_spec, norm_spec_y);
        // normalize
        self.norm.s_hi.next = self.s_hi.val();
        self.norm.s_lo.next = self.s_lo.val();
        self.norm.ea.next = self.ea.val();
        self.norm.zneg.next = self.zneg.val();
        self.norm_sgn.d.next = self.norm.sgn.val();
        self.norm_zero.d.next = self.norm.zero.val();
        self.norm_sig.d.next = self.norm.sig.val();
        self.norm_rb.d.next = self.norm.rb.val();
        self.norm_st.d.next = self.norm.st.val();
        self.norm_e.d.next = self.norm.e.val();
        self.norm_spec.d.next = self.spec.val();
        self.norm_spec_y.d.next = self.spec_y.val();
        // pack
        self.pack.sgn.next = self.norm_sgn.q.val();
        self.pack.zero.next = self.norm_zero.q.val();
        self.pack.sig.next = self.norm_sig.q.val();
        self.pack.rb.next = self.norm_rb.q.val();
        self.pack.st.next = self.norm_st.q.val();
        self.pack.e.next = self.norm_e.q.val();
        self.pack.spec.next = self.norm_spec.q.val();
        self.pack.spec_y.next = self.norm_spec_y.q.val();
        self.y.next = self.pack.y.val();
    }
}
