//! The pipelined range reduction without its output register: window, product, pack
//! ([`crate::sfu::rro`] has the stages). The standalone [`crate::sfu::rro::SfuRro`]
//! registers `y`; the SFU ([`crate::sfu::Sfu`]) selects it beside its own last stage and
//! registers it there.
//!
//! Ports:
//! - `clock`  in   1  rising-edge clock
//! - `ex2`    in   1  1: rro.ex2, 0: rro.sincos
//! - `x`      in  32  operand
//! - `y`      out 32  the RRO word of the operand presented [`RRO_REDUCE_LATENCY`] clocks
//!                    earlier (combinational from the product's last register: the pack)
use crate::prim::delay::Delay;
use crate::sfu::rro::b::SfuRroB;
use crate::sfu::rro::mul::{SfuRroMul, RRO_MUL_LATENCY};
use crate::sfu::rro::window::SfuRroWindow;
use rust_hdl::prelude::*;

/// Clocks from the operand to the pack stage (`y`): the window's register and the
/// product's stages. The direct results and the sign travel beside the product this long.
pub const RRO_REDUCE_LATENCY: usize = 1 + RRO_MUL_LATENCY;

#[derive(LogicBlock, Default)]
pub struct SfuRroReduce {
    pub clock: Signal<In, Clock>,
    pub ex2: Signal<In, Bit>,
    pub x: Signal<In, Bits<32>>,
    pub y: Signal<Out, Bits<32>>,
    window: SfuRroWindow,
    window_sig: DFF<Bits<24>>,
    window_wnd: DFF<Bits<64>>,
    mul: SfuRroMul,
    side_direct: Delay<Bit, RRO_REDUCE_LATENCY>,
    side_dy: Delay<Bits<32>, RRO_REDUCE_LATENCY>,
    side_neg: Delay<Bit, RRO_REDUCE_LATENCY>,
    pack: SfuRroB,
}

impl Logic for SfuRroReduce {
    #[hdl_gen]
    fn update(&mut self) {
        self.window_sig.clock.next = self.clock.val();
        self.window_wnd.clock.next = self.clock.val();
        self.mul.clock.next = self.clock.val();
        self.side_direct.clock.next = self.clock.val();
        self.side_dy.clock.next = self.clock.val();
        self.side_neg.clock.next = self.clock.val();
        // window
        self.window.x.next = self.x.val();
        self.window.ex2.next = self.ex2.val();
        self.window_sig.d.next = self.window.sig.val();
        self.window_wnd.d.next = self.window.wnd.val();
        self.side_direct.d.next = self.window.direct.val();
        self.side_dy.d.next = self.window.dy.val();
        self.side_neg.d.next = self.window.neg.val();
        // products, pairs, sum
        self.mul.sig.next = self.window_sig.q.val();
        self.mul.wnd.next = self.window_wnd.q.val();
        // pack
        self.pack.direct.next = self.side_direct.q.val();
        self.pack.dy.next = self.side_dy.q.val();
        self.pack.neg.next = self.side_neg.q.val();
        self.pack.pr.next = self.mul.pr.val();
        self.y.next = self.pack.y.val();
    }
}
