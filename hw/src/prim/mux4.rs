//! 4:1 multiplexer on a binary select: one level of a crossbar (shared memory's two
//! registered levels, docs/verification.md: on the ECP5 a binary 4:1 select routes where
//! one-hot AND-OR selects over 16 inputs did not). Combinational.
//!
//! Ports:
//! - `s0`, `s1`     in  1  the select, low and high bit: input `2 * s1 + s0`
//! - `i0`..`i3`     in  W  the inputs
//! - `y`            out W  the selected input
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Mux4<const W: usize> {
    pub s0: Signal<In, Bit>,
    pub s1: Signal<In, Bit>,
    pub i0: Signal<In, Bits<W>>,
    pub i1: Signal<In, Bits<W>>,
    pub i2: Signal<In, Bits<W>>,
    pub i3: Signal<In, Bits<W>>,
    pub y: Signal<Out, Bits<W>>,
}

impl<const W: usize> Logic for Mux4<W> {
    #[hdl_gen]
    fn update(&mut self) {
        if self.s1.val() {
            if self.s0.val() {
                self.y.next = self.i3.val();
            } else {
                self.y.next = self.i2.val();
            }
        } else {
            if self.s0.val() {
                self.y.next = self.i1.val();
            } else {
                self.y.next = self.i0.val();
            }
        }
    }
}
