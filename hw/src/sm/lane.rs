//! One register-file lane of the SM (the SM has eight, lane j serving threads l with
//! l mod 8 = j): its slice of the register file ([`RfLane`]), its thread-index RAM (tid.x,
//! tid.y, tid.z of its threads, written by the CTA dispatcher when a warp is launched) and
//! the SP-class results that are not the datapath's (`s2r`, `movi`, `plop`), computed beside
//! the datapath and delayed to leave with its result. The SP datapath ([`SpDatapath`]) that
//! serves the lane is the SM top's: the lane shows it the operands it read (`s_*`) and takes
//! its result (`dp_y`, `dp_p`).
//!
//! A late lane (lanes S..7 of an SM with S = 4 or 2 SPs,
//! [`crate::config::SmConfig::sp_passes`] = 2 or 4) is served in pass p = j / S of its lane
//! group, [`PASS_CLOCKS`] x p clocks after the first: it reads its registers and computes
//! its other results in the first pass like every lane, and delays both by that much (its
//! datapath result arrives that much later), so no register is read after a younger
//! instruction may have written it (docs/sm.md, "Two-pass SP lanes").
//!
//! The SM's issue pipeline ([`crate::sm::pipe::SmPipe`]) drives every lane with the same
//! controls; the lanes differ in their data, their write enable and their index.
//!
//! Ports:
//! - `clock`                                      in   1   rising-edge clock
//! - `rd`, `rset`, `ra`, `rb`, `rc`               in   1, 1, AW x 3  read three registers
//!                                                         of set `rset` (SP client of
//!                                                         [`RfLane`]); words in the next
//!                                                         clock, at the execute stage
//! - `wr`, `wset`, `waddr`                        in   1, 1, AW  write `y` (SP client)
//! - `u_rd`, `u_rset`, `u_ra`, `u_rb`, `u_rc`    in   the other units' read of three
//!                                                         registers (the load/store unit's
//!                                                         address and data, the SFU and
//!                                                         FMA unit's operands)
//! - `u_rd_ok`                                    out  1   combinational: that read is taken
//! - `u_a`, `u_b`, `u_c`                          out 32   after the edge: its words
//! - `u_wr`, `u_wset`, `u_waddr`, `u_wdata`       in   the other units' write (a load's
//!                                                         result, the dispatcher's register
//!                                                         clearing)
//! - `u_wr_ok`                                    out  1   combinational: that write is taken
//! - `t_we`, `t_lane`, `t_waddr`, `t_wdata`       in   1, 3, 7, 30  thread-index write; this
//!                                                         lane's RAM takes it when `t_lane`
//!                                                         is its index. Word: z, y, x (10
//!                                                         bits each, x low); address:
//!                                                         warp slot * 4 + lane group
//! - `t_raddr`                                    in   7   thread-index read (with `rd`)
//! - `s_a`, `s_b`, `s_c`, `s_pa`                 out 32 x 3, 1  the datapath's operands: the
//!                                                         words of the `rd` read and `x_pa`
//!                                                         (a late lane: `PASS_CLOCKS` x p
//!                                                         later)
//! - `dp_y`, `dp_p`                               in   32, 1  the datapath's result for this
//!                                                         lane, `SP_LATENCY` clocks after
//!                                                         its operands
//! - `x_alt`                                      in   3   the result: 0 the datapath's, 1
//!                                                         `x_val`, 2..4 tid.x, .y, .z,
//!                                                         5 `x_val` | the lane index
//!                                                         (laneid), 6 plop
//! - `x_val`                                      in  32   a value common to the lanes
//! - `x_pa`, `x_pb`                               in   1, 1  this lane's predicates (selp's
//!                                                         operand is `x_pa`; plop's a, b)
//! - `x_plop`                                     in   4   plop: bits 1..0 and, or, xor,
//!                                                         a; bit 2 negate a; bit 3 negate b
//! - `y`, `p`                                     out 32, 1  the result and predicate result
//!                                                         of the operation presented
//!                                                         `SP_LATENCY` clocks earlier
//!                                                         (a late lane: `PASS_CLOCKS` x p
//!                                                         more)
//! - `x_pass` / `on`                             in 2 / out 1  combinational: the X group's
//!                                                         pass is this lane's (the SM top
//!                                                         gives the lane's `s_*` to its
//!                                                         SP's datapath in that pass)
use crate::prim::delay::Delay;
use crate::prim::ram_delay::RamDelay;
use crate::prim::ram::Ram1W1R;
use crate::sm::pipe::PASS_CLOCKS;
use crate::sm::rf_lane::RfLane;
#[cfg(doc)]
use crate::sp::SpDatapath;
use crate::sp::SP_LATENCY;
use rust_hdl::prelude::*;

/// Address bits of a lane's thread-index RAM: 32 warp slots x 4 lane groups.
pub const TID_ADDR_BITS: usize = 7;

/// Execution results other than the datapath's (`x_alt`).
pub mod alt {
    pub const DATAPATH: u8 = 0;
    pub const VALUE: u8 = 1;
    pub const TID_X: u8 = 2;
    pub const TID_Y: u8 = 3;
    pub const TID_Z: u8 = 4;
    pub const LANEID: u8 = 5;
    pub const PLOP: u8 = 6;
}

#[derive(LogicBlock)]
pub struct SmLane<const AW: usize> {
    pub clock: Signal<In, Clock>,
    pub rd: Signal<In, Bit>,
    pub rset: Signal<In, Bit>,
    pub ra: Signal<In, Bits<AW>>,
    pub rb: Signal<In, Bits<AW>>,
    pub rc: Signal<In, Bits<AW>>,
    pub wr: Signal<In, Bit>,
    pub wset: Signal<In, Bit>,
    pub waddr: Signal<In, Bits<AW>>,
    pub u_rd: Signal<In, Bit>,
    pub u_rset: Signal<In, Bit>,
    pub u_ra: Signal<In, Bits<AW>>,
    pub u_rb: Signal<In, Bits<AW>>,
    pub u_rc: Signal<In, Bits<AW>>,
    pub u_rd_ok: Signal<Out, Bit>,
    pub u_a: Signal<Out, Bits<32>>,
    pub u_b: Signal<Out, Bits<32>>,
    pub u_c: Signal<Out, Bits<32>>,
    pub u_wr: Signal<In, Bit>,
    pub u_wset: Signal<In, Bit>,
    pub u_waddr: Signal<In, Bits<AW>>,
    pub u_wdata: Signal<In, Bits<32>>,
    pub u_wr_ok: Signal<Out, Bit>,
    pub t_we: Signal<In, Bit>,
    pub t_lane: Signal<In, Bits<3>>,
    pub t_waddr: Signal<In, Bits<7>>,
    pub t_wdata: Signal<In, Bits<30>>,
    pub t_raddr: Signal<In, Bits<7>>,
    pub s_a: Signal<Out, Bits<32>>,
    pub s_b: Signal<Out, Bits<32>>,
    pub s_c: Signal<Out, Bits<32>>,
    pub s_pa: Signal<Out, Bit>,
    pub dp_y: Signal<In, Bits<32>>,
    pub dp_p: Signal<In, Bit>,
    pub x_alt: Signal<In, Bits<3>>,
    pub x_val: Signal<In, Bits<32>>,
    pub x_pa: Signal<In, Bit>,
    pub x_pb: Signal<In, Bit>,
    pub x_plop: Signal<In, Bits<4>>,
    pub y: Signal<Out, Bits<32>>,
    pub p: Signal<Out, Bit>,
    pub x_pass: Signal<In, Bits<2>>,
    pub on: Signal<Out, Bit>,
    rf: RfLane<AW>,
    tid: Ram1W1R<TID_ADDR_BITS, 30>,
    // The non-datapath result, its predicate and whether it replaces the datapath's.
    d_val: Delay<Bits<32>, SP_LATENCY>,
    d_p: Delay<Bit, SP_LATENCY>,
    d_alt: Delay<Bit, SP_LATENCY>,
    // A late lane's operands and other results, held `PASS_CLOCKS` x pass clocks in
    // distributed RAM: {b, a}, {the other result, c}, {its alt, its predicate, pa}.
    hold_ab: RamDelay<64>,
    hold_cv: RamDelay<64>,
    hold_f: RamDelay<3>,
    w_ab: Signal<Local, Bits<64>>,
    w_cv: Signal<Local, Bits<64>>,
    w_f: Signal<Local, Bits<3>>,
    q_val: Signal<Local, Bits<32>>,
    q_p: Signal<Local, Bit>,
    q_alt: Signal<Local, Bit>,
    pl_a: Signal<Local, Bit>,
    pl_b: Signal<Local, Bit>,
    pl_v: Signal<Local, Bit>,
    pl_op: Signal<Local, Bits<2>>,
    av: Signal<Local, Bits<32>>,
    tx: Signal<Local, Bits<10>>,
    ty: Signal<Local, Bits<10>>,
    tz: Signal<Local, Bits<10>>,
    yv: Signal<Local, Bits<32>>,
    pv: Signal<Local, Bit>,
    idx: Constant<Bits<3>>,
    idx32: Constant<Bits<32>>,
    /// The lane is late: its pass is 1, 2 or 3.
    late: Constant<Bit>,
    /// The lane's pass, compared with `x_pass` for `on`.
    my_pass: Constant<Bits<2>>,
}

impl<const AW: usize> SmLane<AW> {
    /// Lane `j` (0..8), served in pass `pass` (0..4) of its lane group.
    pub fn new(j: usize, pass: usize) -> Self {
        assert!(j < 8, "SmLane: lane index 0..8");
        assert!(pass < 4, "SmLane: pass 0..4");
        // A lane of pass 0 reads none of its holds: synthesis removes them.
        let hold = PASS_CLOCKS * pass.max(1);
        Self {
            clock: Default::default(),
            rd: Default::default(),
            rset: Default::default(),
            ra: Default::default(),
            rb: Default::default(),
            rc: Default::default(),
            wr: Default::default(),
            wset: Default::default(),
            waddr: Default::default(),
            u_rd: Default::default(),
            u_rset: Default::default(),
            u_ra: Default::default(),
            u_rb: Default::default(),
            u_rc: Default::default(),
            u_rd_ok: Default::default(),
            u_a: Default::default(),
            u_b: Default::default(),
            u_c: Default::default(),
            u_wr: Default::default(),
            u_wset: Default::default(),
            u_waddr: Default::default(),
            u_wdata: Default::default(),
            u_wr_ok: Default::default(),
            t_we: Default::default(),
            t_lane: Default::default(),
            t_waddr: Default::default(),
            t_wdata: Default::default(),
            t_raddr: Default::default(),
            s_a: Default::default(),
            s_b: Default::default(),
            s_c: Default::default(),
            s_pa: Default::default(),
            dp_y: Default::default(),
            dp_p: Default::default(),
            x_alt: Default::default(),
            x_val: Default::default(),
            x_pa: Default::default(),
            x_pb: Default::default(),
            x_plop: Default::default(),
            y: Default::default(),
            p: Default::default(),
            x_pass: Default::default(),
            on: Default::default(),
            rf: Default::default(),
            tid: Default::default(),
            d_val: Default::default(),
            d_p: Default::default(),
            d_alt: Default::default(),
            hold_ab: RamDelay::new(hold),
            hold_cv: RamDelay::new(hold),
            hold_f: RamDelay::new(hold),
            w_ab: Default::default(),
            w_cv: Default::default(),
            w_f: Default::default(),
            q_val: Default::default(),
            q_p: Default::default(),
            q_alt: Default::default(),
            pl_a: Default::default(),
            pl_b: Default::default(),
            pl_v: Default::default(),
            pl_op: Default::default(),
            av: Default::default(),
            tx: Default::default(),
            ty: Default::default(),
            tz: Default::default(),
            yv: Default::default(),
            pv: Default::default(),
            idx: Constant::new((j as u64).into()),
            idx32: Constant::new((j as u64).into()),
            late: Constant::new(pass > 0),
            my_pass: Constant::new((pass as u64).into()),
        }
    }
}

impl<const AW: usize> Logic for SmLane<AW> {
    #[hdl_gen]
    fn update(&mut self) {
        self.rf.clock.next = self.clock.val();
        self.tid.clock.next = self.clock.val();
        self.d_val.clock.next = self.clock.val();
        self.d_p.clock.next = self.clock.val();
        self.d_alt.clock.next = self.clock.val();
        self.hold_ab.clock.next = self.clock.val();
        self.hold_cv.clock.next = self.clock.val();
        self.hold_f.clock.next = self.clock.val();
        // Register file.
        self.rf.s_rd.next = self.rd.val();
        self.rf.s_rset.next = self.rset.val();
        self.rf.s_ra.next = self.ra.val();
        self.rf.s_rb.next = self.rb.val();
        self.rf.s_rc.next = self.rc.val();
        self.rf.s_wr.next = self.wr.val();
        self.rf.s_wset.next = self.wset.val();
        self.rf.s_waddr.next = self.waddr.val();
        self.rf.u_rd.next = self.u_rd.val();
        self.rf.u_rset.next = self.u_rset.val();
        self.rf.u_ra.next = self.u_ra.val();
        self.rf.u_rb.next = self.u_rb.val();
        self.rf.u_rc.next = self.u_rc.val();
        self.u_rd_ok.next = self.rf.u_rd_ok.val();
        self.u_a.next = self.rf.u_a.val();
        self.u_b.next = self.rf.u_b.val();
        self.u_c.next = self.rf.u_c.val();
        self.rf.u_wr.next = self.u_wr.val();
        self.rf.u_wset.next = self.u_wset.val();
        self.rf.u_waddr.next = self.u_waddr.val();
        self.rf.u_wdata.next = self.u_wdata.val();
        self.u_wr_ok.next = self.rf.u_wr_ok.val();
        // Thread indices.
        self.tid.we.next = self.t_we.val() & (self.t_lane.val() == self.idx.val());
        self.tid.waddr.next = self.t_waddr.val();
        self.tid.wdata.next = self.t_wdata.val();
        self.tid.raddr.next = self.t_raddr.val();
        // Execute: the datapath's operands (a late lane's for the second pass).
        self.s_a.next = self.rf.s_a.val();
        self.s_b.next = self.rf.s_b.val();
        self.s_c.next = self.rf.s_c.val();
        self.s_pa.next = self.x_pa.val();
        if self.late.val() {
            self.s_a.next = self.hold_ab.q.val().get_bits::<32>(0);
            self.s_b.next = self.hold_ab.q.val().get_bits::<32>(32);
            self.s_c.next = self.hold_cv.q.val().get_bits::<32>(0);
            self.s_pa.next = self.hold_f.q.val().get_bit(0);
        }
        self.on.next = self.x_pass.val() == self.my_pass.val();
        // Execute: the other results.
        self.pl_a.next = self.x_pa.val() ^ self.x_plop.val().get_bit(2);
        self.pl_b.next = self.x_pb.val() ^ self.x_plop.val().get_bit(3);
        self.pl_op.next = self.x_plop.val().get_bits::<2>(0);
        match self.pl_op.val().index() {
            0 => {
                self.pl_v.next = self.pl_a.val() & self.pl_b.val();
            }
            1 => {
                self.pl_v.next = self.pl_a.val() | self.pl_b.val();
            }
            2 => {
                self.pl_v.next = self.pl_a.val() ^ self.pl_b.val();
            }
            _ => {
                self.pl_v.next = self.pl_a.val();
            }
        }
        self.tx.next = self.tid.rdata.val().get_bits::<10>(0);
        self.ty.next = self.tid.rdata.val().get_bits::<10>(10);
        self.tz.next = self.tid.rdata.val().get_bits::<10>(20);
        match self.x_alt.val().index() {
            2 => {
                self.av.next = bit_cast::<32, 10>(self.tx.val());
            }
            3 => {
                self.av.next = bit_cast::<32, 10>(self.ty.val());
            }
            4 => {
                self.av.next = bit_cast::<32, 10>(self.tz.val());
            }
            5 => {
                self.av.next = self.x_val.val() | self.idx32.val();
            }
            _ => {
                self.av.next = self.x_val.val();
            }
        }
        self.d_val.d.next = self.av.val();
        self.d_p.d.next = self.pl_v.val();
        self.d_alt.d.next = self.x_alt.val().any();
        // The hold's words: operands as read, other results `SP_LATENCY` later, both held
        // `PASS_CLOCKS` x pass clocks.
        self.w_ab.next = (bit_cast::<64, 32>(self.rf.s_b.val()) << 32) | bit_cast::<64, 32>(self.rf.s_a.val());
        self.w_cv.next = (bit_cast::<64, 32>(self.d_val.q.val()) << 32) | bit_cast::<64, 32>(self.rf.s_c.val());
        self.w_f.next = (bit_cast::<3, 1>(self.d_alt.q.val().into()) << 2)
            | (bit_cast::<3, 1>(self.d_p.q.val().into()) << 1)
            | bit_cast::<3, 1>(self.x_pa.val().into());
        self.hold_ab.d.next = self.w_ab.val();
        self.hold_cv.d.next = self.w_cv.val();
        self.hold_f.d.next = self.w_f.val();
        self.q_val.next = self.d_val.q.val();
        self.q_p.next = self.d_p.q.val();
        self.q_alt.next = self.d_alt.q.val();
        if self.late.val() {
            self.q_val.next = self.hold_cv.q.val().get_bits::<32>(32);
            self.q_p.next = self.hold_f.q.val().get_bit(1);
            self.q_alt.next = self.hold_f.q.val().get_bit(2);
        }
        // Result.
        self.yv.next = self.dp_y.val();
        self.pv.next = self.dp_p.val();
        if self.q_alt.val() {
            self.yv.next = self.q_val.val();
            self.pv.next = self.q_p.val();
        }
        self.y.next = self.yv.val();
        self.rf.s_wdata.next = self.yv.val();
        self.p.next = self.pv.val();
    }
}
