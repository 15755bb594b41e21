//! Delay line: `D` registers carrying one signal of any synthesizable type (a bit or a bit
//! vector) with no valid bit or flush: the side-band of a fixed-latency pipeline (the
//! SFU's and the FMA's special results, signs and exponent adjustments travel beside their
//! datapath this way). `ValidPipe` is the same with a valid bit and a flush.
//!
//! Ports:
//! - `clock`  in   1  rising-edge clock
//! - `d`      in   T  the value entering this cycle
//! - `q`      out  T  `d` of D cycles ago
//!
//! All registers start at zero. `D` must be at least 1.
use array_init::array_init;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Delay<T: Synth, const D: usize> {
    pub clock: Signal<In, Clock>,
    pub d: Signal<In, T>,
    pub q: Signal<Out, T>,
    last: Signal<Local, T>,
    stage: [DFF<T>; D],
}

impl<T: Synth, const D: usize> Default for Delay<T, D> {
    fn default() -> Self {
        assert!(D >= 1, "Delay needs at least one stage");
        Self {
            clock: Default::default(),
            d: Default::default(),
            q: Default::default(),
            last: Default::default(),
            stage: array_init(|_| Default::default()),
        }
    }
}

impl<T: Synth, const D: usize> Logic for Delay<T, D> {
    #[hdl_gen]
    fn update(&mut self) {
        for i in 0..D {
            self.stage[i].clock.next = self.clock.val();
        }
        self.stage[0].d.next = self.d.val();
        for i in 1..D {
            self.stage[i].d.next = self.stage[i - 1].q.val();
        }
        // The last iteration wins, selecting stage D-1 (as in `ValidPipe`).
        for i in 0..D {
            self.last.next = self.stage[i].q.val();
        }
        self.q.next = self.last.val();
    }
}
