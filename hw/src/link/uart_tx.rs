//! UART transmitter: 8 data bits (least significant first), no parity, 1 stop bit, at
//! `div` clocks per bit.
//!
//! Ports:
//! - `clock`  in   1  rising-edge clock
//! - `valid`  in   1  send `data` (taken when `ready`)
//! - `data`   in   8  the byte
//! - `ready`  out  1  no byte is being sent (a byte given now starts in the next clock)
//! - `line`   out  1  registered: the serial line (idle high)
//!
//! A frame is 10 bits of `div` clocks; `ready` rises in the clock after the stop bit, so
//! back-to-back bytes are `10 div + 1` clocks apart (one clock of idle line between them).
//! Every register starts at zero; the line register holds the inverted line, so a register
//! at zero is an idle line.
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct UartTx {
    pub clock: Signal<In, Clock>,
    pub valid: Signal<In, Bit>,
    pub data: Signal<In, Bits<8>>,
    pub ready: Signal<Out, Bit>,
    pub line: Signal<Out, Bit>,
    busy: DFF<Bit>,
    cnt: DFF<Bits<16>>,
    bitn: DFF<Bits<4>>,
    // The bits still to send after the one on the line: data, then the stop bit.
    sh: DFF<Bits<9>>,
    line_n: DFF<Bit>,
    div_m1: Constant<Bits<16>>,
    one16: Constant<Bits<16>>,
    one4: Constant<Bits<4>>,
    k_last: Constant<Bits<4>>,
    stop9: Constant<Bits<9>>,
}

impl UartTx {
    /// A transmitter at `div` clocks per bit (at least 4).
    pub fn new(div: u16) -> Self {
        assert!(div >= 4, "UartTx: at least 4 clocks per bit");
        Self {
            clock: Default::default(),
            valid: Default::default(),
            data: Default::default(),
            ready: Default::default(),
            line: Default::default(),
            busy: Default::default(),
            cnt: Default::default(),
            bitn: Default::default(),
            sh: Default::default(),
            line_n: Default::default(),
            div_m1: Constant::new(((div - 1) as u64).into()),
            one16: Constant::new(1u64.into()),
            one4: Constant::new(1u64.into()),
            k_last: Constant::new(9u64.into()),
            stop9: Constant::new(0x100u64.into()),
        }
    }
}

impl Logic for UartTx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, busy, cnt, bitn, sh, line_n);
        if !self.busy.q.val() {
            if self.valid.val() {
                // The start bit (a low line) for `div` clocks.
                self.busy.d.next = true;
                self.cnt.d.next = self.div_m1.val();
                self.bitn.d.next = 0.into();
                self.sh.d.next = self.stop9.val() | bit_cast::<9, 8>(self.data.val());
                self.line_n.d.next = true;
            }
        } else if self.cnt.q.val().any() {
            self.cnt.d.next = self.cnt.q.val() - self.one16.val();
        } else if self.bitn.q.val() == self.k_last.val() {
            // The stop bit's last clock.
            self.busy.d.next = false;
            self.line_n.d.next = false;
        } else {
            self.cnt.d.next = self.div_m1.val();
            self.bitn.d.next = self.bitn.q.val() + self.one4.val();
            self.line_n.d.next = !self.sh.q.val().get_bit(0);
            self.sh.d.next = self.sh.q.val() >> 1;
        }
        self.ready.next = !self.busy.q.val();
        self.line.next = !self.line_n.q.val();
    }
}
