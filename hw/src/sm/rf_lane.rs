//! One SP lane's slice of the register file (docs/sm.md, "Register file"): its two banks
//! (sets 0 and 1, [`RfBank`]) shared by two clients. Client `s` is the SP lane, which takes
//! one lane group a clock; client `u` is the other units (SFU, FMA, load/store), which read
//! and write whole lane groups between the SP's accesses. Each clock each client may read
//! three words and write one in one set; the SP always wins a set, so a `u` access to the
//! set the SP uses in that clock is refused (`u_rd_ok` / `u_wr_ok` low: retry next clock).
//!
//! Ports:
//! - `clock`                                      in   1   rising-edge clock
//! - `s_rd`, `s_rset`, `s_ra`, `s_rb`, `s_rc`     in   1, 1, AW x 3  SP read of three words
//!                                                         of set `s_rset`
//! - `s_wr`, `s_wset`, `s_waddr`, `s_wdata`       in   1, 1, AW, 32  SP write
//! - `u_rd`, `u_rset`, `u_ra`, `u_rb`, `u_rc`     in   the other units' read, the same
//! - `u_wr`, `u_wset`, `u_waddr`, `u_wdata`       in   the other units' write, the same
//! - `u_rd_ok`, `u_wr_ok`                         out  1   combinational: this clock's `u`
//!                                                         read / write is taken (not
//!                                                         asked, or a set the SP leaves)
//! - `s_a`, `s_b`, `s_c`                          out  32  after the edge: the SP's words
//! - `u_a`, `u_b`, `u_c`                          out  32  after the edge: the words of the
//!                                                         `u` read taken on that edge
//!
//! Reads return the words before the edge's writes (as [`RfBank`]). Latency 1.
use crate::sm::rf_bank::RfBank;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct RfLane<const AW: usize> {
    pub clock: Signal<In, Clock>,
    pub s_rd: Signal<In, Bit>,
    pub s_rset: Signal<In, Bit>,
    pub s_ra: Signal<In, Bits<AW>>,
    pub s_rb: Signal<In, Bits<AW>>,
    pub s_rc: Signal<In, Bits<AW>>,
    pub s_wr: Signal<In, Bit>,
    pub s_wset: Signal<In, Bit>,
    pub s_waddr: Signal<In, Bits<AW>>,
    pub s_wdata: Signal<In, Bits<32>>,
    pub u_rd: Signal<In, Bit>,
    pub u_rset: Signal<In, Bit>,
    pub u_ra: Signal<In, Bits<AW>>,
    pub u_rb: Signal<In, Bits<AW>>,
    pub u_rc: Signal<In, Bits<AW>>,
    pub u_wr: Signal<In, Bit>,
    pub u_wset: Signal<In, Bit>,
    pub u_waddr: Signal<In, Bits<AW>>,
    pub u_wdata: Signal<In, Bits<32>>,
    pub u_rd_ok: Signal<Out, Bit>,
    pub u_wr_ok: Signal<Out, Bit>,
    pub s_a: Signal<Out, Bits<32>>,
    pub s_b: Signal<Out, Bits<32>>,
    pub s_c: Signal<Out, Bits<32>>,
    pub u_a: Signal<Out, Bits<32>>,
    pub u_b: Signal<Out, Bits<32>>,
    pub u_c: Signal<Out, Bits<32>>,
    set0: RfBank<AW>,
    set1: RfBank<AW>,
    // Which set each client's read was served from (for the output multiplexers).
    s_from: DFF<Bit>,
    u_from: DFF<Bit>,
    // Locals: the `u` accesses taken, and which client reads / writes each set.
    u_rd_v: Signal<Local, Bit>,
    u_wr_v: Signal<Local, Bit>,
    s_r0: Signal<Local, Bit>,
    s_r1: Signal<Local, Bit>,
    s_w0: Signal<Local, Bit>,
    s_w1: Signal<Local, Bit>,
    // Values of the sub-block inputs and outputs, assigned once at the end.
    q0a: Signal<Local, Bits<AW>>,
    q0b: Signal<Local, Bits<AW>>,
    q0c: Signal<Local, Bits<AW>>,
    q1a: Signal<Local, Bits<AW>>,
    q1b: Signal<Local, Bits<AW>>,
    q1c: Signal<Local, Bits<AW>>,
    wa0: Signal<Local, Bits<AW>>,
    wd0: Signal<Local, Bits<32>>,
    wa1: Signal<Local, Bits<AW>>,
    wd1: Signal<Local, Bits<32>>,
    sa_v: Signal<Local, Bits<32>>,
    sb_v: Signal<Local, Bits<32>>,
    sc_v: Signal<Local, Bits<32>>,
    ua_v: Signal<Local, Bits<32>>,
    ub_v: Signal<Local, Bits<32>>,
    uc_v: Signal<Local, Bits<32>>,
}

impl<const AW: usize> Logic for RfLane<AW> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, s_from, u_from);
        self.set0.clock.next = self.clock.val();
        self.set1.clock.next = self.clock.val();
        // The SP's claims on each set this clock; a `u` access to a claimed set is refused.
        self.s_r0.next = self.s_rd.val() & !self.s_rset.val();
        self.s_r1.next = self.s_rd.val() & self.s_rset.val();
        self.s_w0.next = self.s_wr.val() & !self.s_wset.val();
        self.s_w1.next = self.s_wr.val() & self.s_wset.val();
        self.u_rd_v.next = self.u_rd.val() & !((self.s_r0.val() & !self.u_rset.val()) | (self.s_r1.val() & self.u_rset.val()));
        self.u_wr_v.next = self.u_wr.val() & !((self.s_w0.val() & !self.u_wset.val()) | (self.s_w1.val() & self.u_wset.val()));
        self.u_rd_ok.next = self.u_rd_v.val() | !self.u_rd.val();
        self.u_wr_ok.next = self.u_wr_v.val() | !self.u_wr.val();
        // Read addresses: the SP's on its set, the other client's on the other.
        self.q0a.next = self.u_ra.val();
        self.q0b.next = self.u_rb.val();
        self.q0c.next = self.u_rc.val();
        if self.s_r0.val() {
            self.q0a.next = self.s_ra.val();
            self.q0b.next = self.s_rb.val();
            self.q0c.next = self.s_rc.val();
        }
        self.q1a.next = self.u_ra.val();
        self.q1b.next = self.u_rb.val();
        self.q1c.next = self.u_rc.val();
        if self.s_r1.val() {
            self.q1a.next = self.s_ra.val();
            self.q1b.next = self.s_rb.val();
            self.q1c.next = self.s_rc.val();
        }
        self.s_from.d.next = self.s_rset.val();
        self.u_from.d.next = self.u_rset.val();
        // Writes: the SP's, else the other client's if taken.
        self.set0.w_en.next = self.s_w0.val() | (self.u_wr_v.val() & !self.u_wset.val());
        self.wa0.next = self.u_waddr.val();
        self.wd0.next = self.u_wdata.val();
        if self.s_w0.val() {
            self.wa0.next = self.s_waddr.val();
            self.wd0.next = self.s_wdata.val();
        }
        self.set1.w_en.next = self.s_w1.val() | (self.u_wr_v.val() & self.u_wset.val());
        self.wa1.next = self.u_waddr.val();
        self.wd1.next = self.u_wdata.val();
        if self.s_w1.val() {
            self.wa1.next = self.s_waddr.val();
            self.wd1.next = self.s_wdata.val();
        }
        // Outputs, from the set each client read.
        self.sa_v.next = self.set0.r0_data.val();
        self.sb_v.next = self.set0.r1_data.val();
        self.sc_v.next = self.set0.r2_data.val();
        if self.s_from.q.val() {
            self.sa_v.next = self.set1.r0_data.val();
            self.sb_v.next = self.set1.r1_data.val();
            self.sc_v.next = self.set1.r2_data.val();
        }
        self.ua_v.next = self.set0.r0_data.val();
        self.ub_v.next = self.set0.r1_data.val();
        self.uc_v.next = self.set0.r2_data.val();
        if self.u_from.q.val() {
            self.ua_v.next = self.set1.r0_data.val();
            self.ub_v.next = self.set1.r1_data.val();
            self.uc_v.next = self.set1.r2_data.val();
        }
        // Each sub-block input and output assigned once.
        self.set0.r0_addr.next = self.q0a.val();
        self.set0.r1_addr.next = self.q0b.val();
        self.set0.r2_addr.next = self.q0c.val();
        self.set1.r0_addr.next = self.q1a.val();
        self.set1.r1_addr.next = self.q1b.val();
        self.set1.r2_addr.next = self.q1c.val();
        self.set0.w_addr.next = self.wa0.val();
        self.set0.w_data.next = self.wd0.val();
        self.set1.w_addr.next = self.wa1.val();
        self.set1.w_data.next = self.wd1.val();
        self.s_a.next = self.sa_v.val();
        self.s_b.next = self.sb_v.val();
        self.s_c.next = self.sc_v.val();
        self.u_a.next = self.ua_v.val();
        self.u_b.next = self.ub_v.val();
        self.u_c.next = self.uc_v.val();
    }
}
