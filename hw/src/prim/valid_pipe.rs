//! Valid pipeline: a parameterised chain of `D` registers carrying a `W`-bit payload and
//! its valid bit. Every fixed-latency unit of heddle (SP datapath, FMA, SFU) uses it to
//! line up its side-band (warp, destination register, lane mask) with its result.
//!
//! Ports:
//! - `clock`     in   1  rising-edge clock
//! - `flush`     in   1  synchronous clear of every stage's valid bit (payload is kept)
//! - `in_valid`  in   1  a new item enters this cycle
//! - `in_data`   in   W  its payload
//! - `out_valid` out  1  `in_valid` of D cycles ago (cleared by `flush`)
//! - `out_data`  out  W  `in_data` of D cycles ago
//!
//! All registers start at zero. `D` must be at least 1.
use array_init::array_init;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct ValidPipe<const W: usize, const D: usize> {
    pub clock: Signal<In, Clock>,
    pub flush: Signal<In, Bit>,
    pub in_valid: Signal<In, Bit>,
    pub in_data: Signal<In, Bits<W>>,
    pub out_valid: Signal<Out, Bit>,
    pub out_data: Signal<Out, Bits<W>>,
    last_valid: Signal<Local, Bit>,
    last_data: Signal<Local, Bits<W>>,
    valid: [DFF<Bit>; D],
    data: [DFF<Bits<W>>; D],
}

impl<const W: usize, const D: usize> Default for ValidPipe<W, D> {
    fn default() -> Self {
        assert!(D >= 1, "ValidPipe needs at least one stage");
        Self {
            clock: Default::default(),
            flush: Default::default(),
            in_valid: Default::default(),
            in_data: Default::default(),
            out_valid: Default::default(),
            out_data: Default::default(),
            last_valid: Default::default(),
            last_data: Default::default(),
            valid: array_init(|_| Default::default()),
            data: array_init(|_| Default::default()),
        }
    }
}

impl<const W: usize, const D: usize> Logic for ValidPipe<W, D> {
    #[hdl_gen]
    fn update(&mut self) {
        for i in 0..D {
            self.valid[i].clock.next = self.clock.val();
            self.data[i].clock.next = self.clock.val();
        }
        self.valid[0].d.next = self.in_valid.val() & !self.flush.val();
        self.data[0].d.next = self.in_data.val();
        for i in 1..D {
            self.valid[i].d.next = self.valid[i - 1].q.val() & !self.flush.val();
            self.data[i].d.next = self.data[i - 1].q.val();
        }
        // The last iteration wins, selecting stage D-1 (D itself cannot appear as a
        // value in exported code); the ports are then assigned once, from the locals.
        for i in 0..D {
            self.last_valid.next = self.valid[i].q.val();
            self.last_data.next = self.data[i].q.val();
        }
        self.out_valid.next = self.last_valid.val();
        self.out_data.next = self.last_data.val();
    }
}
