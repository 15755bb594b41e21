//! UART receiver: 8 data bits (least significant first), no parity, 1 stop bit, at `div`
//! clocks per bit. The line goes through a two-flip-flop synchronizer (it comes from a pin
//! of another clock domain); a start bit is a low level still low half a bit later, then
//! each bit is sampled in its middle.
//!
//! Ports:
//! - `clock`  in   1  rising-edge clock
//! - `line`   in   1  the serial line (idle high)
//! - `valid`  out  1  registered: a byte was received (one clock)
//! - `data`   out  8  registered: the byte, while `valid` (it shifts as the next arrives)
//! - `ferr`   out  1  registered: a frame ended with a low stop bit (one clock; the byte
//!                    is dropped)
//!
//! Latency: `valid` rises 3 + div/2 + 9 div clocks after the start bit's falling edge
//! reaches `line` (the middle of the stop bit, plus the synchronizer and the output
//! register), so a receiver is ready for the next start bit before the stop bit ends.
//! Every register starts at zero; the synchronizer holds the inverted line, so a register
//! at zero is an idle line.
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct UartRx {
    pub clock: Signal<In, Clock>,
    pub line: Signal<In, Bit>,
    pub valid: Signal<Out, Bit>,
    pub data: Signal<Out, Bits<8>>,
    pub ferr: Signal<Out, Bit>,
    // The inverted line, synchronized.
    s1: DFF<Bit>,
    s2: DFF<Bit>,
    busy: DFF<Bit>,
    cnt: DFF<Bits<16>>,
    bitn: DFF<Bits<4>>,
    sh: DFF<Bits<8>>,
    v: DFF<Bit>,
    fe: DFF<Bit>,
    // Clocks per bit minus one; half a bit minus one.
    div_m1: Constant<Bits<16>>,
    half_m1: Constant<Bits<16>>,
    one16: Constant<Bits<16>>,
    one4: Constant<Bits<4>>,
    k_stop: Constant<Bits<4>>,
    msb: Constant<Bits<8>>,
}

impl UartRx {
    /// A receiver at `div` clocks per bit (at least 4).
    pub fn new(div: u16) -> Self {
        assert!(div >= 4, "UartRx: at least 4 clocks per bit");
        Self {
            clock: Default::default(),
            line: Default::default(),
            valid: Default::default(),
            data: Default::default(),
            ferr: Default::default(),
            s1: Default::default(),
            s2: Default::default(),
            busy: Default::default(),
            cnt: Default::default(),
            bitn: Default::default(),
            sh: Default::default(),
            v: Default::default(),
            fe: Default::default(),
            div_m1: Constant::new(((div - 1) as u64).into()),
            half_m1: Constant::new(((div / 2 - 1) as u64).into()),
            one16: Constant::new(1u64.into()),
            one4: Constant::new(1u64.into()),
            k_stop: Constant::new(9u64.into()),
            msb: Constant::new(0x80u64.into()),
        }
    }
}

impl Logic for UartRx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, s1, s2, busy, cnt, bitn, sh, v, fe);
        self.s1.d.next = !self.line.val();
        self.s2.d.next = self.s1.q.val();
        self.v.d.next = false;
        self.fe.d.next = false;
        if !self.busy.q.val() {
            if self.s2.q.val() {
                self.busy.d.next = true;
                self.cnt.d.next = self.half_m1.val();
                self.bitn.d.next = 0.into();
            }
        } else if self.cnt.q.val().any() {
            self.cnt.d.next = self.cnt.q.val() - self.one16.val();
        } else {
            // The middle of bit `bitn` (0: start, 1..8: data, 9: stop).
            self.cnt.d.next = self.div_m1.val();
            self.bitn.d.next = self.bitn.q.val() + self.one4.val();
            if !self.bitn.q.val().any() {
                if !self.s2.q.val() {
                    // A glitch, not a start bit.
                    self.busy.d.next = false;
                }
            } else if self.bitn.q.val() == self.k_stop.val() {
                self.busy.d.next = false;
                self.v.d.next = !self.s2.q.val();
                self.fe.d.next = self.s2.q.val();
            } else {
                // The line's level is the bit (the synchronizer holds it inverted).
                if self.s2.q.val() {
                    self.sh.d.next = self.sh.q.val() >> 1;
                } else {
                    self.sh.d.next = (self.sh.q.val() >> 1) | self.msb.val();
                }
            }
        }
        self.valid.next = self.v.q.val();
        self.data.next = self.sh.q.val();
        self.ferr.next = self.fe.q.val();
    }
}
