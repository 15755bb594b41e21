//! Delay line in distributed RAM: `d` of `depth` clocks ago (1..=16), for up to 64 bits,
//! in a [`LutRam`] of 16 words (`W` / 4 TRELLIS_DPR16X4 on the ECP5) instead of `depth` x
//! `W` flip-flops ([`crate::prim::delay::Delay`]). Each clock writes `d` at a 4-bit
//! pointer and reads the word written `depth` clocks earlier (pointer - `depth`, mod 16);
//! the pointer steps every clock. The register-file lanes of an SM with fewer than 8 SPs
//! hold their operands and results for their pass with it (`sm/lane.rs`).
//!
//! Ports:
//! - `clock`  in   1  rising-edge clock
//! - `d`      in   W  the value entering this cycle
//! - `q`      out  W  combinational from the RAM: `d` of `depth` cycles ago
//!
//! As [`crate::prim::delay::Delay`], every word starts at zero, so `q` is zero for the
//! first `depth` cycles.
use crate::prim::lutram::LutRam;
use rust_hdl::prelude::*;

/// Address bits of the RAM: the longest delay is `1 << RAM_DELAY_AW` clocks.
pub const RAM_DELAY_AW: usize = 4;

#[derive(LogicBlock)]
pub struct RamDelay<const W: usize> {
    pub clock: Signal<In, Clock>,
    pub d: Signal<In, Bits<W>>,
    pub q: Signal<Out, Bits<W>>,
    ram: LutRam<RAM_DELAY_AW, W>,
    ptr: DFF<Bits<RAM_DELAY_AW>>,
    rptr: Signal<Local, Bits<RAM_DELAY_AW>>,
    one: Constant<Bits<RAM_DELAY_AW>>,
    /// `-depth` mod 16: the read pointer's offset from the write pointer.
    back: Constant<Bits<RAM_DELAY_AW>>,
}

impl<const W: usize> RamDelay<W> {
    /// A delay of `depth` clocks (1..=16).
    pub fn new(depth: usize) -> Self {
        let words = 1usize << RAM_DELAY_AW;
        assert!((1..=words).contains(&depth), "RamDelay: a delay of 1..={words} clocks");
        Self {
            clock: Default::default(),
            d: Default::default(),
            q: Default::default(),
            ram: LutRam::new(words),
            ptr: Default::default(),
            rptr: Default::default(),
            one: Constant::new(1u64.into()),
            back: Constant::new((((words - depth) % words) as u64).into()),
        }
    }
}

impl<const W: usize> Logic for RamDelay<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, ptr);
        self.ram.clock.next = self.clock.val();
        self.ptr.d.next = self.ptr.q.val() + self.one.val();
        self.ram.we.next = true;
        self.ram.waddr.next = self.ptr.q.val();
        self.ram.wdata.next = self.d.val();
        self.rptr.next = self.ptr.q.val() + self.back.val();
        self.ram.raddr.next = self.rptr.val();
        self.q.next = self.ram.rdata.val();
    }
}
