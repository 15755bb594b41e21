//! Barrier unit of the warp scheduler: per CTA slot (C <= 8) its barrier arrival counter,
//! the number of its warps (all of them, launched or not), of its warps launched and of its
//! warps exited. `bar.sync` is counted per warp: a CTA's waiting warps are released when
//! every warp of the CTA has arrived or exited (exited warps count as arrived, so they
//! never deadlock a barrier); the CTA is done when every warp has exited. Up to N warps
//! (<= 32) per CTA. Part of `WarpSched` (docs/scheduler.md); golden model
//! `heddle_sim::golden::warp_sched`.
//!
//! Ports (state changes at the rising edge):
//! - `clock`, `clear`  in 1  clock; synchronous reset (every CTA slot free)
//! - `s_en`, `s_cta` (3), `s_n` (6)  in  start CTA `s_cta` with `s_n` warps
//! - `s_ok`   out 1  that start is valid: the slot is free and 1 <= `s_n` <= N (it is
//!                  applied only when valid)
//! - `l_cta` (3) in, `l_ok` out  a warp of CTA `l_cta` may be launched: the CTA is started
//!                  and fewer than its warps have been launched
//! - `l_commit` in 1  a warp of `l_cta` is launched at this edge
//! - `ev_en`, `ev_cta` (3), `ev_arrive`, `ev_exit`  in  a warp of CTA `ev_cta` arrives at
//!                  the barrier / exits (all its threads) at this edge
//! - `rel`    out 1  with that event, every warp of the CTA has arrived or exited: release
//!                  the waiting warps (the arrival counter restarts at 0)
//! - `done`   out 1  with that event, every warp of the CTA has exited: the CTA slot frees
//! - `active` out C  started CTA slots
use array_init::array_init;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct BarrierUnit<const C: usize, const N: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub s_en: Signal<In, Bit>,
    pub s_cta: Signal<In, Bits<3>>,
    pub s_n: Signal<In, Bits<6>>,
    pub s_ok: Signal<Out, Bit>,
    pub l_cta: Signal<In, Bits<3>>,
    pub l_ok: Signal<Out, Bit>,
    pub l_commit: Signal<In, Bit>,
    pub ev_en: Signal<In, Bit>,
    pub ev_cta: Signal<In, Bits<3>>,
    pub ev_arrive: Signal<In, Bit>,
    pub ev_exit: Signal<In, Bit>,
    pub rel: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub active: Signal<Out, Bits<C>>,
    act: DFF<Bits<C>>,
    expected: [DFF<Bits<6>>; C],
    launched: [DFF<Bits<6>>; C],
    arrived: [DFF<Bits<6>>; C],
    exited: [DFF<Bits<6>>; C],
    s_act: Signal<Local, Bit>,
    l_act: Signal<Local, Bit>,
    l_launched: Signal<Local, Bits<6>>,
    l_expected: Signal<Local, Bits<6>>,
    e_expected: Signal<Local, Bits<6>>,
    e_arrived: Signal<Local, Bits<6>>,
    e_exited: Signal<Local, Bits<6>>,
    arr_n: Signal<Local, Bits<6>>,
    exi_n: Signal<Local, Bits<6>>,
    rel_v: Signal<Local, Bit>,
    done_v: Signal<Local, Bit>,
    s_ok_v: Signal<Local, Bit>,
    cidx: [Constant<Bits<3>>; C],
    onehot: [Constant<Bits<C>>; C],
    nmax: Constant<Bits<6>>,
    one6: Constant<Bits<6>>,
}

impl<const C: usize, const N: usize> Default for BarrierUnit<C, N> {
    fn default() -> Self {
        assert!((1..=8).contains(&C) && (1..=32).contains(&N), "BarrierUnit: 1..=8 CTAs, 1..=32 warps");
        Self {
            clock: Default::default(),
            clear: Default::default(),
            s_en: Default::default(),
            s_cta: Default::default(),
            s_n: Default::default(),
            s_ok: Default::default(),
            l_cta: Default::default(),
            l_ok: Default::default(),
            l_commit: Default::default(),
            ev_en: Default::default(),
            ev_cta: Default::default(),
            ev_arrive: Default::default(),
            ev_exit: Default::default(),
            rel: Default::default(),
            done: Default::default(),
            active: Default::default(),
            act: Default::default(),
            expected: array_init(|_| Default::default()),
            launched: array_init(|_| Default::default()),
            arrived: array_init(|_| Default::default()),
            exited: array_init(|_| Default::default()),
            s_act: Default::default(),
            l_act: Default::default(),
            l_launched: Default::default(),
            l_expected: Default::default(),
            e_expected: Default::default(),
            e_arrived: Default::default(),
            e_exited: Default::default(),
            arr_n: Default::default(),
            exi_n: Default::default(),
            rel_v: Default::default(),
            done_v: Default::default(),
            s_ok_v: Default::default(),
            cidx: array_init(|c| Constant::new((c as u64).into())),
            onehot: array_init(|c| Constant::new((1u64 << c).into())),
            nmax: Constant::new((N as u64).into()),
            one6: Constant::new(1u64.into()),
        }
    }
}

impl<const C: usize, const N: usize> Logic for BarrierUnit<C, N> {
    #[hdl_gen]
    fn update(&mut self) {
        self.act.clock.next = self.clock.val();
        for c in 0..C {
            self.expected[c].clock.next = self.clock.val();
            self.launched[c].clock.next = self.clock.val();
            self.arrived[c].clock.next = self.clock.val();
            self.exited[c].clock.next = self.clock.val();
        }
        // Reads of the addressed CTA slots (CTA ids >= C read as inactive).
        self.s_act.next = true;
        self.l_act.next = false;
        self.l_launched.next = 0.into();
        self.l_expected.next = 0.into();
        self.e_expected.next = 0.into();
        self.e_arrived.next = 0.into();
        self.e_exited.next = 0.into();
        for c in 0..C {
            if self.s_cta.val() == self.cidx[c].val() {
                self.s_act.next = self.act.q.val().get_bit(c);
            }
            if self.l_cta.val() == self.cidx[c].val() {
                self.l_act.next = self.act.q.val().get_bit(c);
                self.l_launched.next = self.launched[c].q.val();
                self.l_expected.next = self.expected[c].q.val();
            }
            if self.ev_cta.val() == self.cidx[c].val() {
                self.e_expected.next = self.expected[c].q.val();
                self.e_arrived.next = self.arrived[c].q.val();
                self.e_exited.next = self.exited[c].q.val();
            }
        }
        self.s_ok_v.next = (!self.s_act.val() & self.s_n.val().any()) & (self.s_n.val() <= self.nmax.val());
        self.s_ok.next = self.s_ok_v.val();
        self.l_ok.next = self.l_act.val() & (self.l_launched.val() < self.l_expected.val());
        self.arr_n.next = self.e_arrived.val();
        if self.ev_arrive.val() {
            self.arr_n.next = self.e_arrived.val() + self.one6.val();
        }
        self.exi_n.next = self.e_exited.val();
        if self.ev_exit.val() {
            self.exi_n.next = self.e_exited.val() + self.one6.val();
        }
        self.rel_v.next = (self.ev_en.val() & self.arr_n.val().any())
            & ((self.arr_n.val() + self.exi_n.val()) == self.e_expected.val());
        self.done_v.next = self.ev_en.val() & (self.exi_n.val() == self.e_expected.val());
        self.rel.next = self.rel_v.val();
        self.done.next = self.done_v.val();
        self.active.next = self.act.q.val();
        // State.
        self.act.d.next = self.act.q.val();
        for c in 0..C {
            self.expected[c].d.next = self.expected[c].q.val();
            self.launched[c].d.next = self.launched[c].q.val();
            self.arrived[c].d.next = self.arrived[c].q.val();
            self.exited[c].d.next = self.exited[c].q.val();
            if self.ev_en.val() & (self.ev_cta.val() == self.cidx[c].val()) {
                self.arrived[c].d.next = self.arr_n.val();
                self.exited[c].d.next = self.exi_n.val();
                if self.rel_v.val() {
                    self.arrived[c].d.next = 0.into();
                }
            }
            if self.l_commit.val() & (self.l_cta.val() == self.cidx[c].val()) {
                self.launched[c].d.next = self.launched[c].q.val() + self.one6.val();
            }
            if (self.s_en.val() & self.s_ok_v.val()) & (self.s_cta.val() == self.cidx[c].val()) {
                self.expected[c].d.next = self.s_n.val();
                self.launched[c].d.next = 0.into();
                self.arrived[c].d.next = 0.into();
                self.exited[c].d.next = 0.into();
            }
            if self.clear.val() {
                self.expected[c].d.next = 0.into();
                self.launched[c].d.next = 0.into();
                self.arrived[c].d.next = 0.into();
                self.exited[c].d.next = 0.into();
            }
        }
        for c in 0..C {
            if (self.s_en.val() & self.s_ok_v.val()) & (self.s_cta.val() == self.cidx[c].val()) {
                self.act.d.next = self.act.q.val() | self.onehot[c].val();
            }
        }
        for c in 0..C {
            if self.done_v.val() & (self.ev_cta.val() == self.cidx[c].val()) {
                self.act.d.next = self.act.q.val() & !self.onehot[c].val();
            }
        }
        if self.clear.val() {
            self.act.d.next = 0.into();
        }
    }
}
