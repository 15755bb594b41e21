//! UARTBone bridge: LiteX's UART-to-Wishbone protocol (`litex_server --uart`, LiteX's
//! `Stream2Wishbone`) from a byte stream onto a 32-bit word bus, so LiteX's host tools and
//! heddle's loader read and write the same memory map. The protocol, host to board:
//!
//! | byte(s) | what |
//! |---|---|
//! | 1 | command: 0x01 write, 0x02 read (the address incrementing per word), 0x03 write, 0x04 read (the same address for every word); any other: the command is read to its address and ignored |
//! | 1 | length: words (0 means 256) |
//! | 4 | word address (byte address / 4), most significant byte first |
//! | 4 x length | a write's words, each most significant byte first |
//!
//! A read answers with its words, each most significant byte first; a write answers
//! nothing. A command not complete `timeout` clocks after its first byte is dropped (the
//! bridge waits for a command again), as LiteX's bridge does after 100 ms. Bytes that
//! arrive while the bridge accesses the bus or sends are dropped (a host waits for a
//! read's answer before it sends again).
//!
//! Ports:
//! - `clock`                        in   1  rising-edge clock
//! - `rx_valid`, `rx_data`          in   1, 8  a byte received
//! - `tx_valid`, `tx_data` / `tx_ready`  out 1, 8 / in 1  a byte to send (taken when
//!                                        `tx_ready`)
//! - `b_we`, `b_re`                 out  1  a write / read request on the bus, held until
//!                                        `b_ready`
//! - `b_addr`, `b_wdata`            out  32  its word address, the write's word
//! - `b_ready`                      in   1  the request is taken in this clock
//! - `b_rvalid`, `b_rdata`          in   1, 32  a read's word, one or more clocks after its
//!                                        request was taken
//! - `cmd_st`                       out  3  the bridge's state (0: waiting for a command)
//!
//! Every register starts at zero (waiting for a command).
use rust_hdl::prelude::*;

/// Bridge states (`cmd_st`).
pub mod state {
    pub const CMD: u8 = 0;
    pub const LEN: u8 = 1;
    pub const ADDR: u8 = 2;
    pub const WDATA: u8 = 3;
    pub const WRITE: u8 = 4;
    pub const READ: u8 = 5;
    pub const RWAIT: u8 = 6;
    pub const SEND: u8 = 7;
}

/// UARTBone commands.
pub mod cmd {
    pub const WRITE_INCR: u8 = 0x01;
    pub const READ_INCR: u8 = 0x02;
    pub const WRITE_FIXED: u8 = 0x03;
    pub const READ_FIXED: u8 = 0x04;
}

#[derive(LogicBlock)]
pub struct UartBone {
    pub clock: Signal<In, Clock>,
    pub rx_valid: Signal<In, Bit>,
    pub rx_data: Signal<In, Bits<8>>,
    pub tx_valid: Signal<Out, Bit>,
    pub tx_data: Signal<Out, Bits<8>>,
    pub tx_ready: Signal<In, Bit>,
    pub b_we: Signal<Out, Bit>,
    pub b_re: Signal<Out, Bit>,
    pub b_addr: Signal<Out, Bits<32>>,
    pub b_wdata: Signal<Out, Bits<32>>,
    pub b_ready: Signal<In, Bit>,
    pub b_rvalid: Signal<In, Bit>,
    pub b_rdata: Signal<In, Bits<32>>,
    pub cmd_st: Signal<Out, Bits<3>>,
    st: DFF<Bits<3>>,
    cmdr: DFF<Bits<8>>,
    len: DFF<Bits<8>>,
    addr: DFF<Bits<32>>,
    data: DFF<Bits<32>>,
    nb: DFF<Bits<2>>,
    wc: DFF<Bits<8>>,
    incr: DFF<Bit>,
    tmr: DFF<Bits<32>>,
    // Locals.
    last_byte: Signal<Local, Bit>,
    last_word: Signal<Local, Bit>,
    is_w: Signal<Local, Bit>,
    is_r: Signal<Local, Bit>,
    step: Signal<Local, Bits<32>>,
    byte_out: Signal<Local, Bits<8>>,
    // Constants.
    timeout: Constant<Bits<32>>,
    k_cmd: Constant<Bits<3>>,
    k_len: Constant<Bits<3>>,
    k_addr: Constant<Bits<3>>,
    k_wdata: Constant<Bits<3>>,
    k_write: Constant<Bits<3>>,
    k_read: Constant<Bits<3>>,
    k_rwait: Constant<Bits<3>>,
    k_send: Constant<Bits<3>>,
    c_wi: Constant<Bits<8>>,
    c_ri: Constant<Bits<8>>,
    c_wf: Constant<Bits<8>>,
    c_rf: Constant<Bits<8>>,
    one2: Constant<Bits<2>>,
    three2: Constant<Bits<2>>,
    one8: Constant<Bits<8>>,
    one32: Constant<Bits<32>>,
}

impl UartBone {
    /// A bridge that drops a command still incomplete `timeout` clocks after it began.
    pub fn new(timeout: u32) -> Self {
        let k3 = |v: u8| Constant::new((v as u64).into());
        let k8 = |v: u8| Constant::new((v as u64).into());
        Self {
            clock: Default::default(),
            rx_valid: Default::default(),
            rx_data: Default::default(),
            tx_valid: Default::default(),
            tx_data: Default::default(),
            tx_ready: Default::default(),
            b_we: Default::default(),
            b_re: Default::default(),
            b_addr: Default::default(),
            b_wdata: Default::default(),
            b_ready: Default::default(),
            b_rvalid: Default::default(),
            b_rdata: Default::default(),
            cmd_st: Default::default(),
            st: Default::default(),
            cmdr: Default::default(),
            len: Default::default(),
            addr: Default::default(),
            data: Default::default(),
            nb: Default::default(),
            wc: Default::default(),
            incr: Default::default(),
            tmr: Default::default(),
            last_byte: Default::default(),
            last_word: Default::default(),
            is_w: Default::default(),
            is_r: Default::default(),
            step: Default::default(),
            byte_out: Default::default(),
            timeout: Constant::new((timeout as u64).into()),
            k_cmd: k3(state::CMD),
            k_len: k3(state::LEN),
            k_addr: k3(state::ADDR),
            k_wdata: k3(state::WDATA),
            k_write: k3(state::WRITE),
            k_read: k3(state::READ),
            k_rwait: k3(state::RWAIT),
            k_send: k3(state::SEND),
            c_wi: k8(cmd::WRITE_INCR),
            c_ri: k8(cmd::READ_INCR),
            c_wf: k8(cmd::WRITE_FIXED),
            c_rf: k8(cmd::READ_FIXED),
            one2: Constant::new(1u64.into()),
            three2: Constant::new(3u64.into()),
            one8: Constant::new(1u64.into()),
            one32: Constant::new(1u64.into()),
        }
    }
}

impl Logic for UartBone {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, st, cmdr, len, addr, data, nb, wc, incr, tmr);
        self.last_byte.next = self.nb.q.val() == self.three2.val();
        // The word count reaches length - 1 (8 bits: a length of 0 is 256 words).
        self.last_word.next = self.wc.q.val() == (self.len.q.val() - self.one8.val());
        self.is_w.next = (self.cmdr.q.val() == self.c_wi.val()) | (self.cmdr.q.val() == self.c_wf.val());
        self.is_r.next = (self.cmdr.q.val() == self.c_ri.val()) | (self.cmdr.q.val() == self.c_rf.val());
        self.step.next = 0.into();
        if self.incr.q.val() {
            self.step.next = self.one32.val();
        }
        match self.nb.q.val().index() {
            0 => {
                self.byte_out.next = self.data.q.val().get_bits::<8>(24);
            }
            1 => {
                self.byte_out.next = self.data.q.val().get_bits::<8>(16);
            }
            2 => {
                self.byte_out.next = self.data.q.val().get_bits::<8>(8);
            }
            _ => {
                self.byte_out.next = self.data.q.val().get_bits::<8>(0);
            }
        }
        if self.st.q.val() == self.k_cmd.val() {
            self.tmr.d.next = 0.into();
            if self.rx_valid.val() {
                self.cmdr.d.next = self.rx_data.val();
                self.nb.d.next = 0.into();
                self.wc.d.next = 0.into();
                self.st.d.next = self.k_len.val();
            }
        } else {
            self.tmr.d.next = self.tmr.q.val() + self.one32.val();
        }
        if self.st.q.val() == self.k_len.val() {
            if self.rx_valid.val() {
                self.len.d.next = self.rx_data.val();
                self.st.d.next = self.k_addr.val();
            }
        }
        if self.st.q.val() == self.k_addr.val() {
            if self.rx_valid.val() {
                self.addr.d.next = (self.addr.q.val() << 8) | bit_cast::<32, 8>(self.rx_data.val());
                self.nb.d.next = self.nb.q.val() + self.one2.val();
                if self.last_byte.val() {
                    self.incr.d.next = (self.cmdr.q.val() == self.c_wi.val()) | (self.cmdr.q.val() == self.c_ri.val());
                    if self.is_w.val() {
                        self.st.d.next = self.k_wdata.val();
                    } else if self.is_r.val() {
                        self.st.d.next = self.k_read.val();
                    } else {
                        self.st.d.next = self.k_cmd.val();
                    }
                }
            }
        }
        if self.st.q.val() == self.k_wdata.val() {
            if self.rx_valid.val() {
                self.data.d.next = (self.data.q.val() << 8) | bit_cast::<32, 8>(self.rx_data.val());
                self.nb.d.next = self.nb.q.val() + self.one2.val();
                if self.last_byte.val() {
                    self.st.d.next = self.k_write.val();
                }
            }
        }
        if self.st.q.val() == self.k_write.val() {
            if self.b_ready.val() {
                self.wc.d.next = self.wc.q.val() + self.one8.val();
                self.addr.d.next = self.addr.q.val() + self.step.val();
                if self.last_word.val() {
                    self.st.d.next = self.k_cmd.val();
                } else {
                    self.st.d.next = self.k_wdata.val();
                }
            }
        }
        if self.st.q.val() == self.k_read.val() {
            if self.b_ready.val() {
                self.st.d.next = self.k_rwait.val();
            }
        }
        if self.st.q.val() == self.k_rwait.val() {
            if self.b_rvalid.val() {
                self.data.d.next = self.b_rdata.val();
                self.nb.d.next = 0.into();
                self.st.d.next = self.k_send.val();
            }
        }
        if self.st.q.val() == self.k_send.val() {
            if self.tx_ready.val() {
                self.nb.d.next = self.nb.q.val() + self.one2.val();
                if self.last_byte.val() {
                    self.wc.d.next = self.wc.q.val() + self.one8.val();
                    self.addr.d.next = self.addr.q.val() + self.step.val();
                    if self.last_word.val() {
                        self.st.d.next = self.k_cmd.val();
                    } else {
                        self.st.d.next = self.k_read.val();
                    }
                }
            }
        }
        // A command that takes too long is dropped.
        if (self.st.q.val() != self.k_cmd.val()) & (self.tmr.q.val() == self.timeout.val()) {
            self.st.d.next = self.k_cmd.val();
        }
        self.tx_valid.next = self.st.q.val() == self.k_send.val();
        self.tx_data.next = self.byte_out.val();
        self.b_we.next = self.st.q.val() == self.k_write.val();
        self.b_re.next = self.st.q.val() == self.k_read.val();
        self.b_addr.next = self.addr.q.val();
        self.b_wdata.next = self.data.q.val();
        self.cmd_st.next = self.st.q.val();
    }
}
