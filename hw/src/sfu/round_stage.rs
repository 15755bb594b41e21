//! The SFU's last two stages after a normalization leaf, shared by the function path
//! ([`crate::sfu::post`]) and the attribute interpolator ([`crate::sfu::attr::round`]):
//! the normalized value and the special result enter a register (the "normalize" stage
//! ends here), then [`SfuRoundPack`] rounds and packs combinationally (the caller registers
//! `y`). `y` is the value of the inputs presented [`ROUND_LATENCY`] clocks earlier.
//!
//! Ports:
//! - `clock`                                  in   1  rising-edge clock
//! - `sgn`, `zero`, `sig`, `rb`, `st`, `e`    in      the normalized value
//!                                                    ([`SfuRoundPack`]'s inputs of the
//!                                                    same names)
//! - `spec`                                   in   1  the result is `spec_y`
//! - `spec_y`                                 in  32  special result
//! - `y`                                      out 32  the binary32 result
use crate::sfu::round_pack::SfuRoundPack;
use rust_hdl::prelude::*;

/// Clocks from [`SfuRoundStage`]'s inputs to its `y`: the normalize stage's register.
pub const ROUND_LATENCY: usize = 1;

#[derive(LogicBlock, Default)]
pub struct SfuRoundStage {
    pub clock: Signal<In, Clock>,
    pub sgn: Signal<In, Bit>,
    pub zero: Signal<In, Bit>,
    pub sig: Signal<In, Bits<24>>,
    pub rb: Signal<In, Bit>,
    pub st: Signal<In, Bit>,
    pub e: Signal<In, Bits<11>>,
    pub spec: Signal<In, Bit>,
    pub spec_y: Signal<In, Bits<32>>,
    pub y: Signal<Out, Bits<32>>,
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

impl Logic for SfuRoundStage {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, norm_sgn, norm_zero, norm_sig, norm_rb, norm_st, norm_e, norm_spec, norm_spec_y);
        self.norm_sgn.d.next = self.sgn.val();
        self.norm_zero.d.next = self.zero.val();
        self.norm_sig.d.next = self.sig.val();
        self.norm_rb.d.next = self.rb.val();
        self.norm_st.d.next = self.st.val();
        self.norm_e.d.next = self.e.val();
        self.norm_spec.d.next = self.spec.val();
        self.norm_spec_y.d.next = self.spec_y.val();
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
