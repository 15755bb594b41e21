//! The earliest retire of an instruction in a unit that retires on its own port (the
//! load/store unit, the SFU and FMA unit): `min` clocks after the unit took it, so that it
//! never retires before an older SP instruction of its warp ([`crate::sm::pipe::unit_min_age`]:
//! the SP pipeline's retire delay less a slot; with 4 or 2 SPs it retires
//! [`crate::sm::pipe::PASS_CLOCKS`] clocks a pass later than with 8). The count starts at
//! the last `start`, so it suits a unit that takes one instruction at a time; the pipelined
//! `mul.f32` unit (`sm/fmul.rs`) counts an age per instruction instead.
//!
//! Ports:
//! - `clock`  in   1  rising-edge clock
//! - `start`  in   1  the unit takes an instruction in this clock
//! - `aged`   out  1  combinational: `min` clocks or more have passed since the last `start`
//!                    (the instruction may retire in this clock)
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct MinAge {
    pub clock: Signal<In, Clock>,
    pub start: Signal<In, Bit>,
    pub aged: Signal<Out, Bit>,
    /// Clocks still to wait after the next one: `min - 1` after `start`, counting down to 0.
    left: DFF<Bits<5>>,
    span: Constant<Bits<5>>,
    one: Constant<Bits<5>>,
}

impl MinAge {
    /// Retires no earlier than `min` (0..=31) clocks after the start.
    pub fn new(min: usize) -> Self {
        assert!(min <= 31, "MinAge: 0..=31 clocks");
        Self {
            clock: Default::default(),
            start: Default::default(),
            aged: Default::default(),
            left: Default::default(),
            // `start` in clock t makes `left` min - 1 in t + 1, 0 in t + min
            span: Constant::new((min.saturating_sub(1) as u64).into()),
            one: Constant::new(1u64.into()),
        }
    }
}

impl Logic for MinAge {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, left);
        if self.left.q.val().any() {
            self.left.d.next = self.left.q.val() - self.one.val();
        }
        if self.start.val() {
            self.left.d.next = self.span.val();
        }
        self.aged.next = !self.left.q.val().any();
    }
}
