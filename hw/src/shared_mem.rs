//! G80 shared memory: 16 banks x `2^WA` words x 32 bits (WA = 8: 16 KB), a 16x16 crossbar
//! and the bank-conflict unit that serves a half-warp request in steps (DESIGN.md, "Shared
//! memory"). The golden model is `heddle_sim::golden::shared_mem`.
//!
//! Request (valid/ready; the requester holds every request input stable while `in_valid`
//! is high and `in_ready` low, so the unit latches no addresses or store data):
//! - `clock`          in   1   rising-edge clock
//! - `in_valid`       in   1   a half-warp request is presented
//! - `in_store`       in   1   1: store, 0: load
//! - `in_size`        in   2   0: 8 bits, 1: 16 bits, 2: 32 bits, 3: reserved (all lanes fault)
//! - `in_signed`      in   1   loads of 8/16 bits are sign-extended (else zero-extended)
//! - `in_active`      in   16  bit l: lane l takes part
//! - `laneL_addr`     in   32  byte address of lane L (L = 0..15)
//! - `laneL_wdata`    in   32  store data of lane L (its low 8/16/32 bits are stored)
//! - `in_ready`       out  1   the request is consumed at the end of this cycle (its last step)
//! Response (a one-cycle pulse, two cycles after the `in_valid & in_ready` cycle):
//! - `out_valid`      out  1   the response of one request is presented
//! - `laneL_rdata`    out  32  load data of lane L; 0 for stores, inactive and faulted lanes
//! - `out_steps`      out  5   number of steps (shared-memory cycles that served lanes)
//! - `out_fault`      out  16  bit l: lane l faulted (not served)
//! - `out_any_fault`  out  1   some lane faulted: the SM reports a kernel error
//!
//! Steps. One step per clock while `in_valid` is high: it serves the lowest-numbered pending
//! lane of every bank (bank = address bits 5..2), and, for loads, every pending lane that
//! addresses the word of the lowest pending lane (the broadcast word). `in_ready` is high in
//! the cycle of the last step, so a request of n >= 1 steps takes n cycles, and one without
//! serviceable lanes takes one cycle and reports 0 steps. A warp request is two half-warp
//! requests that the SM issues back to back (lanes 0-15, then 16-31); its step count is the
//! sum of the two `out_steps`.
//!
//! Stores have no broadcast: the lanes storing into one bank are written one per step in
//! increasing lane order, so when several lanes store into the same bytes of one word, the
//! highest-numbered active lane wins (8/16-bit stores use the banks' byte enables, so lanes
//! storing different bytes of one word all land).
//!
//! Faults: an active lane whose address is >= the memory size (64 * 2^WA bytes), not a
//! multiple of its access size, or in a request of size 3, is never served (no wrap) and
//! reads 0; its bit is set in `out_fault` and `out_any_fault` is set.
//!
//! Pipeline: cycle t issues the step to the banks (stores write at the end of t); the banks'
//! read data arrive in t+1, go through the return crossbar, sign/zero extension, and are
//! written into the per-lane result registers at the end of t+1; `out_valid` is high in t+2.
//! A new request may be presented in t+1, so requests stream back to back.
//!
//! The crossbar is written as loops over lanes x banks with one-hot bank masks (the
//! exporter cannot index arrays dynamically); reductions over lanes (fault and served masks, the banks
//! claimed by lower lanes, the lowest pending lane) are unrolled expressions, because
//! rust-hdl forbids reading `.next` and a `x = x | y` chain would mean different things in
//! Rust and Verilog; every port and bank input is assigned once, from a local.
use crate::shared_mem_bank::SharedMemBank;
use array_init::array_init;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct SharedMem<const WA: usize> {
    pub clock: Signal<In, Clock>,
    pub in_valid: Signal<In, Bit>,
    pub in_store: Signal<In, Bit>,
    pub in_size: Signal<In, Bits<2>>,
    pub in_signed: Signal<In, Bit>,
    pub in_active: Signal<In, Bits<16>>,
    pub lane0_addr: Signal<In, Bits<32>>,
    pub lane1_addr: Signal<In, Bits<32>>,
    pub lane2_addr: Signal<In, Bits<32>>,
    pub lane3_addr: Signal<In, Bits<32>>,
    pub lane4_addr: Signal<In, Bits<32>>,
    pub lane5_addr: Signal<In, Bits<32>>,
    pub lane6_addr: Signal<In, Bits<32>>,
    pub lane7_addr: Signal<In, Bits<32>>,
    pub lane8_addr: Signal<In, Bits<32>>,
    pub lane9_addr: Signal<In, Bits<32>>,
    pub lane10_addr: Signal<In, Bits<32>>,
    pub lane11_addr: Signal<In, Bits<32>>,
    pub lane12_addr: Signal<In, Bits<32>>,
    pub lane13_addr: Signal<In, Bits<32>>,
    pub lane14_addr: Signal<In, Bits<32>>,
    pub lane15_addr: Signal<In, Bits<32>>,
    pub lane0_wdata: Signal<In, Bits<32>>,
    pub lane1_wdata: Signal<In, Bits<32>>,
    pub lane2_wdata: Signal<In, Bits<32>>,
    pub lane3_wdata: Signal<In, Bits<32>>,
    pub lane4_wdata: Signal<In, Bits<32>>,
    pub lane5_wdata: Signal<In, Bits<32>>,
    pub lane6_wdata: Signal<In, Bits<32>>,
    pub lane7_wdata: Signal<In, Bits<32>>,
    pub lane8_wdata: Signal<In, Bits<32>>,
    pub lane9_wdata: Signal<In, Bits<32>>,
    pub lane10_wdata: Signal<In, Bits<32>>,
    pub lane11_wdata: Signal<In, Bits<32>>,
    pub lane12_wdata: Signal<In, Bits<32>>,
    pub lane13_wdata: Signal<In, Bits<32>>,
    pub lane14_wdata: Signal<In, Bits<32>>,
    pub lane15_wdata: Signal<In, Bits<32>>,
    pub in_ready: Signal<Out, Bit>,
    pub out_valid: Signal<Out, Bit>,
    pub out_steps: Signal<Out, Bits<5>>,
    pub out_fault: Signal<Out, Bits<16>>,
    pub out_any_fault: Signal<Out, Bit>,
    pub lane0_rdata: Signal<Out, Bits<32>>,
    pub lane1_rdata: Signal<Out, Bits<32>>,
    pub lane2_rdata: Signal<Out, Bits<32>>,
    pub lane3_rdata: Signal<Out, Bits<32>>,
    pub lane4_rdata: Signal<Out, Bits<32>>,
    pub lane5_rdata: Signal<Out, Bits<32>>,
    pub lane6_rdata: Signal<Out, Bits<32>>,
    pub lane7_rdata: Signal<Out, Bits<32>>,
    pub lane8_rdata: Signal<Out, Bits<32>>,
    pub lane9_rdata: Signal<Out, Bits<32>>,
    pub lane10_rdata: Signal<Out, Bits<32>>,
    pub lane11_rdata: Signal<Out, Bits<32>>,
    pub lane12_rdata: Signal<Out, Bits<32>>,
    pub lane13_rdata: Signal<Out, Bits<32>>,
    pub lane14_rdata: Signal<Out, Bits<32>>,
    pub lane15_rdata: Signal<Out, Bits<32>>,
    // Per-lane request decode.
    a: [Signal<Local, Bits<32>>; 16],
    d: [Signal<Local, Bits<32>>; 16],
    bnk: [Signal<Local, Bits<4>>; 16],
    row: [Signal<Local, Bits<WA>>; 16],
    off: [Signal<Local, Bits<2>>; 16],
    boh: [Signal<Local, Bits<16>>; 16],
    bad: [Signal<Local, Bit>; 16],
    d8: [Signal<Local, Bits<32>>; 16],
    d16: [Signal<Local, Bits<32>>; 16],
    wrep: [Signal<Local, Bits<32>>; 16],
    lbe: [Signal<Local, Bits<4>>; 16],
    req: [Signal<Local, Bits<16>>; 16],
    first: [Signal<Local, Bit>; 16],
    claim: [Signal<Local, Bits<16>>; 16],
    fm: [Signal<Local, Bits<16>>; 16],
    sm: [Signal<Local, Bits<16>>; 16],
    steps_base: Signal<Local, Bits<5>>,
    steps_inc: Signal<Local, Bits<5>>,
    hit: [Signal<Local, Bit>; 16],
    s8: Signal<Local, Bit>,
    s16: Signal<Local, Bit>,
    s32: Signal<Local, Bit>,
    sres: Signal<Local, Bit>,
    fault_v: Signal<Local, Bits<16>>,
    ok: Signal<Local, Bits<16>>,
    pending: Signal<Local, Bits<16>>,
    bw_row: Signal<Local, Bits<WA>>,
    bw_bank: Signal<Local, Bits<16>>,
    served: Signal<Local, Bits<16>>,
    pnext: Signal<Local, Bits<16>>,
    done: Signal<Local, Bit>,
    ready_v: Signal<Local, Bit>,
    store_go: Signal<Local, Bit>,
    steps_now: Signal<Local, Bits<5>>,
    ret_mask_v: Signal<Local, Bits<16>>,
    // Per-bank crossbar outputs.
    brow: [Signal<Local, Bits<WA>>; 16],
    bwd: [Signal<Local, Bits<32>>; 16],
    bbe: [Signal<Local, Bits<4>>; 16],
    bef: [Signal<Local, Bits<4>>; 16],
    // Return path.
    rboh: [Signal<Local, Bits<16>>; 16],
    rword: [Signal<Local, Bits<32>>; 16],
    rbyte: [Signal<Local, Bits<32>>; 16],
    rhalf: [Signal<Local, Bits<32>>; 16],
    rext: [Signal<Local, Bits<32>>; 16],
    rs8: Signal<Local, Bit>,
    rs16: Signal<Local, Bit>,
    // State.
    busy: DFF<Bit>,
    pend: DFF<Bits<16>>,
    steps: DFF<Bits<5>>,
    ret_mask: DFF<Bits<16>>,
    ret_first: DFF<Bit>,
    ret_last: DFF<Bit>,
    ret_size: DFF<Bits<2>>,
    ret_signed: DFF<Bit>,
    ret_steps: DFF<Bits<5>>,
    ret_fault: DFF<Bits<16>>,
    ret_bank: [DFF<Bits<4>>; 16],
    ret_off: [DFF<Bits<2>>; 16],
    res: [DFF<Bits<32>>; 16],
    o_valid: DFF<Bit>,
    o_steps: DFF<Bits<5>>,
    o_fault: DFF<Bits<16>>,
    bank: [SharedMemBank<WA>; 16],
    // Constants.
    lane_bit: [Constant<Bits<16>>; 16],
    one16: Constant<Bits<16>>,
    one5: Constant<Bits<5>>,
    be1: Constant<Bits<4>>,
    be3: Constant<Bits<4>>,
    be_all: Constant<Bits<4>>,
    sx8: Constant<Bits<32>>,
    m8: Constant<Bits<32>>,
    m16: Constant<Bits<32>>,
    sx16: Constant<Bits<32>>,
    mem_bytes: Constant<Bits<32>>,
}

impl<const WA: usize> Default for SharedMem<WA> {
    fn default() -> Self {
        assert!((1..=9).contains(&WA), "SharedMem: 2..512 words per bank");
        let lane_bit: [Constant<Bits<16>>; 16] = [
            Constant::new(1u64.into()),
            Constant::new(2u64.into()),
            Constant::new(4u64.into()),
            Constant::new(8u64.into()),
            Constant::new(16u64.into()),
            Constant::new(32u64.into()),
            Constant::new(64u64.into()),
            Constant::new(128u64.into()),
            Constant::new(256u64.into()),
            Constant::new(512u64.into()),
            Constant::new(1024u64.into()),
            Constant::new(2048u64.into()),
            Constant::new(4096u64.into()),
            Constant::new(8192u64.into()),
            Constant::new(16384u64.into()),
            Constant::new(32768u64.into()),
        ];
        Self {
            clock: Default::default(),
            in_valid: Default::default(),
            in_store: Default::default(),
            in_size: Default::default(),
            in_signed: Default::default(),
            in_active: Default::default(),
            in_ready: Default::default(),
            out_valid: Default::default(),
            out_steps: Default::default(),
            out_fault: Default::default(),
            out_any_fault: Default::default(),
            lane0_addr: Default::default(),
            lane1_addr: Default::default(),
            lane2_addr: Default::default(),
            lane3_addr: Default::default(),
            lane4_addr: Default::default(),
            lane5_addr: Default::default(),
            lane6_addr: Default::default(),
            lane7_addr: Default::default(),
            lane8_addr: Default::default(),
            lane9_addr: Default::default(),
            lane10_addr: Default::default(),
            lane11_addr: Default::default(),
            lane12_addr: Default::default(),
            lane13_addr: Default::default(),
            lane14_addr: Default::default(),
            lane15_addr: Default::default(),
            lane0_wdata: Default::default(),
            lane1_wdata: Default::default(),
            lane2_wdata: Default::default(),
            lane3_wdata: Default::default(),
            lane4_wdata: Default::default(),
            lane5_wdata: Default::default(),
            lane6_wdata: Default::default(),
            lane7_wdata: Default::default(),
            lane8_wdata: Default::default(),
            lane9_wdata: Default::default(),
            lane10_wdata: Default::default(),
            lane11_wdata: Default::default(),
            lane12_wdata: Default::default(),
            lane13_wdata: Default::default(),
            lane14_wdata: Default::default(),
            lane15_wdata: Default::default(),
            lane0_rdata: Default::default(),
            lane1_rdata: Default::default(),
            lane2_rdata: Default::default(),
            lane3_rdata: Default::default(),
            lane4_rdata: Default::default(),
            lane5_rdata: Default::default(),
            lane6_rdata: Default::default(),
            lane7_rdata: Default::default(),
            lane8_rdata: Default::default(),
            lane9_rdata: Default::default(),
            lane10_rdata: Default::default(),
            lane11_rdata: Default::default(),
            lane12_rdata: Default::default(),
            lane13_rdata: Default::default(),
            lane14_rdata: Default::default(),
            lane15_rdata: Default::default(),
            a: array_init(|_| Default::default()),
            d: array_init(|_| Default::default()),
            bnk: array_init(|_| Default::default()),
            row: array_init(|_| Default::default()),
            off: array_init(|_| Default::default()),
            boh: array_init(|_| Default::default()),
            bad: array_init(|_| Default::default()),
            d8: array_init(|_| Default::default()),
            d16: array_init(|_| Default::default()),
            wrep: array_init(|_| Default::default()),
            lbe: array_init(|_| Default::default()),
            req: array_init(|_| Default::default()),
            first: array_init(|_| Default::default()),
            claim: array_init(|_| Default::default()),
            fm: array_init(|_| Default::default()),
            sm: array_init(|_| Default::default()),
            steps_base: Default::default(),
            steps_inc: Default::default(),
            hit: array_init(|_| Default::default()),
            s8: Default::default(),
            s16: Default::default(),
            s32: Default::default(),
            sres: Default::default(),
            fault_v: Default::default(),
            ok: Default::default(),
            pending: Default::default(),
            bw_row: Default::default(),
            bw_bank: Default::default(),
            served: Default::default(),
            pnext: Default::default(),
            done: Default::default(),
            ready_v: Default::default(),
            store_go: Default::default(),
            steps_now: Default::default(),
            ret_mask_v: Default::default(),
            brow: array_init(|_| Default::default()),
            bwd: array_init(|_| Default::default()),
            bbe: array_init(|_| Default::default()),
            bef: array_init(|_| Default::default()),
            rboh: array_init(|_| Default::default()),
            rword: array_init(|_| Default::default()),
            rbyte: array_init(|_| Default::default()),
            rhalf: array_init(|_| Default::default()),
            rext: array_init(|_| Default::default()),
            rs8: Default::default(),
            rs16: Default::default(),
            busy: Default::default(),
            pend: Default::default(),
            steps: Default::default(),
            ret_mask: Default::default(),
            ret_first: Default::default(),
            ret_last: Default::default(),
            ret_size: Default::default(),
            ret_signed: Default::default(),
            ret_steps: Default::default(),
            ret_fault: Default::default(),
            ret_bank: array_init(|_| Default::default()),
            ret_off: array_init(|_| Default::default()),
            res: array_init(|_| Default::default()),
            o_valid: Default::default(),
            o_steps: Default::default(),
            o_fault: Default::default(),
            bank: array_init(|_| Default::default()),
            lane_bit,
            one16: Constant::new(1u64.into()),
            one5: Constant::new(1u64.into()),
            be1: Constant::new(1u64.into()),
            be3: Constant::new(3u64.into()),
            be_all: Constant::new(15u64.into()),
            sx8: Constant::new(0xFFFF_FF00u64.into()),
            m8: Constant::new(0xFFu64.into()),
            m16: Constant::new(0xFFFFu64.into()),
            sx16: Constant::new(0xFFFF_0000u64.into()),
            mem_bytes: Constant::new((64u64 << WA).into()),
        }
    }
}

impl<const WA: usize> Logic for SharedMem<WA> {
    #[hdl_gen]
    fn update(&mut self) {
        self.busy.clock.next = self.clock.val();
        self.pend.clock.next = self.clock.val();
        self.steps.clock.next = self.clock.val();
        self.ret_mask.clock.next = self.clock.val();
        self.ret_first.clock.next = self.clock.val();
        self.ret_last.clock.next = self.clock.val();
        self.ret_size.clock.next = self.clock.val();
        self.ret_signed.clock.next = self.clock.val();
        self.ret_steps.clock.next = self.clock.val();
        self.ret_fault.clock.next = self.clock.val();
        self.o_valid.clock.next = self.clock.val();
        self.o_steps.clock.next = self.clock.val();
        self.o_fault.clock.next = self.clock.val();
        for i in 0..16 {
            self.ret_bank[i].clock.next = self.clock.val();
            self.ret_off[i].clock.next = self.clock.val();
            self.res[i].clock.next = self.clock.val();
            self.bank[i].clock.next = self.clock.val();
        }
        self.a[0].next = self.lane0_addr.val();
        self.d[0].next = self.lane0_wdata.val();
        self.a[1].next = self.lane1_addr.val();
        self.d[1].next = self.lane1_wdata.val();
        self.a[2].next = self.lane2_addr.val();
        self.d[2].next = self.lane2_wdata.val();
        self.a[3].next = self.lane3_addr.val();
        self.d[3].next = self.lane3_wdata.val();
        self.a[4].next = self.lane4_addr.val();
        self.d[4].next = self.lane4_wdata.val();
        self.a[5].next = self.lane5_addr.val();
        self.d[5].next = self.lane5_wdata.val();
        self.a[6].next = self.lane6_addr.val();
        self.d[6].next = self.lane6_wdata.val();
        self.a[7].next = self.lane7_addr.val();
        self.d[7].next = self.lane7_wdata.val();
        self.a[8].next = self.lane8_addr.val();
        self.d[8].next = self.lane8_wdata.val();
        self.a[9].next = self.lane9_addr.val();
        self.d[9].next = self.lane9_wdata.val();
        self.a[10].next = self.lane10_addr.val();
        self.d[10].next = self.lane10_wdata.val();
        self.a[11].next = self.lane11_addr.val();
        self.d[11].next = self.lane11_wdata.val();
        self.a[12].next = self.lane12_addr.val();
        self.d[12].next = self.lane12_wdata.val();
        self.a[13].next = self.lane13_addr.val();
        self.d[13].next = self.lane13_wdata.val();
        self.a[14].next = self.lane14_addr.val();
        self.d[14].next = self.lane14_wdata.val();
        self.a[15].next = self.lane15_addr.val();
        self.d[15].next = self.lane15_wdata.val();

        // Request decode: access size, per-lane bank/row/offset, faults, store data
        // replicated over the word and byte enables.
        self.s8.next = !self.in_size.val().get_bit(1) & !self.in_size.val().get_bit(0);
        self.s16.next = !self.in_size.val().get_bit(1) & self.in_size.val().get_bit(0);
        self.s32.next = self.in_size.val().get_bit(1) & !self.in_size.val().get_bit(0);
        self.sres.next = self.in_size.val().get_bit(1) & self.in_size.val().get_bit(0);
        for l in 0..16 {
            self.bnk[l].next = self.a[l].val().get_bits::<4>(2);
            self.row[l].next = self.a[l].val().get_bits::<WA>(6);
            self.off[l].next = self.a[l].val().get_bits::<2>(0);
            self.boh[l].next = self.one16.val() << self.bnk[l].val();
            self.bad[l].next = (self.a[l].val() >= self.mem_bytes.val())
                | self.sres.val()
                | (self.s16.val() & self.a[l].val().get_bit(0))
                | (self.s32.val() & self.off[l].val().any());
            if self.in_active.val().get_bit(l) & self.bad[l].val() {
                self.fm[l].next = self.lane_bit[l].val();
            } else {
                self.fm[l].next = 0.into();
            }
            self.d8[l].next = self.d[l].val() & self.m8.val();
            self.d16[l].next = self.d[l].val() & self.m16.val();
            if self.s8.val() {
                self.wrep[l].next = ((self.d8[l].val() | (self.d8[l].val() << 8)) | (self.d8[l].val() << 16))
                    | (self.d8[l].val() << 24);
                self.lbe[l].next = self.be1.val() << self.off[l].val();
            } else if self.s16.val() {
                self.wrep[l].next = self.d16[l].val() | (self.d16[l].val() << 16);
                self.lbe[l].next = self.be3.val() << self.off[l].val();
            } else {
                self.wrep[l].next = self.d[l].val();
                self.lbe[l].next = self.be_all.val();
            }
        }
        self.fault_v.next = self.fm[0].val()
            | self.fm[1].val()
            | self.fm[2].val()
            | self.fm[3].val()
            | self.fm[4].val()
            | self.fm[5].val()
            | self.fm[6].val()
            | self.fm[7].val()
            | self.fm[8].val()
            | self.fm[9].val()
            | self.fm[10].val()
            | self.fm[11].val()
            | self.fm[12].val()
            | self.fm[13].val()
            | self.fm[14].val()
            | self.fm[15].val();
        self.ok.next = self.in_active.val() & !self.fault_v.val();
        self.pending.next = 0.into();
        if self.in_valid.val() {
            self.pending.next = self.ok.val();
            if self.busy.q.val() {
                self.pending.next = self.pend.q.val();
            }
        }

        // The broadcast word: the word of the lowest pending lane.
        // (Unrolled from lane 15 down to lane 0: the last assignment, the lowest lane, wins.)
        self.bw_row.next = 0.into();
        self.bw_bank.next = 0.into();
        if self.pending.val().get_bit(15) {
            self.bw_row.next = self.row[15].val();
            self.bw_bank.next = self.boh[15].val();
        }
        if self.pending.val().get_bit(14) {
            self.bw_row.next = self.row[14].val();
            self.bw_bank.next = self.boh[14].val();
        }
        if self.pending.val().get_bit(13) {
            self.bw_row.next = self.row[13].val();
            self.bw_bank.next = self.boh[13].val();
        }
        if self.pending.val().get_bit(12) {
            self.bw_row.next = self.row[12].val();
            self.bw_bank.next = self.boh[12].val();
        }
        if self.pending.val().get_bit(11) {
            self.bw_row.next = self.row[11].val();
            self.bw_bank.next = self.boh[11].val();
        }
        if self.pending.val().get_bit(10) {
            self.bw_row.next = self.row[10].val();
            self.bw_bank.next = self.boh[10].val();
        }
        if self.pending.val().get_bit(9) {
            self.bw_row.next = self.row[9].val();
            self.bw_bank.next = self.boh[9].val();
        }
        if self.pending.val().get_bit(8) {
            self.bw_row.next = self.row[8].val();
            self.bw_bank.next = self.boh[8].val();
        }
        if self.pending.val().get_bit(7) {
            self.bw_row.next = self.row[7].val();
            self.bw_bank.next = self.boh[7].val();
        }
        if self.pending.val().get_bit(6) {
            self.bw_row.next = self.row[6].val();
            self.bw_bank.next = self.boh[6].val();
        }
        if self.pending.val().get_bit(5) {
            self.bw_row.next = self.row[5].val();
            self.bw_bank.next = self.boh[5].val();
        }
        if self.pending.val().get_bit(4) {
            self.bw_row.next = self.row[4].val();
            self.bw_bank.next = self.boh[4].val();
        }
        if self.pending.val().get_bit(3) {
            self.bw_row.next = self.row[3].val();
            self.bw_bank.next = self.boh[3].val();
        }
        if self.pending.val().get_bit(2) {
            self.bw_row.next = self.row[2].val();
            self.bw_bank.next = self.boh[2].val();
        }
        if self.pending.val().get_bit(1) {
            self.bw_row.next = self.row[1].val();
            self.bw_bank.next = self.boh[1].val();
        }
        if self.pending.val().get_bit(0) {
            self.bw_row.next = self.row[0].val();
            self.bw_bank.next = self.boh[0].val();
        }
        // One lane per bank (the lowest pending one), plus, for loads, every lane on the
        // broadcast word.
        // claim[l]: the banks requested by the pending lanes below l (unrolled ORs).
        for l in 0..16 {
            if self.pending.val().get_bit(l) {
                self.req[l].next = self.boh[l].val();
            } else {
                self.req[l].next = 0.into();
            }
        }
        self.claim[0].next = 0.into();
        self.claim[1].next = self.req[0].val();
        self.claim[2].next = self.req[0].val() | self.req[1].val();
        self.claim[3].next = self.req[0].val() | self.req[1].val() | self.req[2].val();
        self.claim[4].next = self.req[0].val() | self.req[1].val() | self.req[2].val() | self.req[3].val();
        self.claim[5].next =
            self.req[0].val() | self.req[1].val() | self.req[2].val() | self.req[3].val() | self.req[4].val();
        self.claim[6].next = self.req[0].val()
            | self.req[1].val()
            | self.req[2].val()
            | self.req[3].val()
            | self.req[4].val()
            | self.req[5].val();
        self.claim[7].next = self.req[0].val()
            | self.req[1].val()
            | self.req[2].val()
            | self.req[3].val()
            | self.req[4].val()
            | self.req[5].val()
            | self.req[6].val();
        self.claim[8].next = self.req[0].val()
            | self.req[1].val()
            | self.req[2].val()
            | self.req[3].val()
            | self.req[4].val()
            | self.req[5].val()
            | self.req[6].val()
            | self.req[7].val();
        self.claim[9].next = self.req[0].val()
            | self.req[1].val()
            | self.req[2].val()
            | self.req[3].val()
            | self.req[4].val()
            | self.req[5].val()
            | self.req[6].val()
            | self.req[7].val()
            | self.req[8].val();
        self.claim[10].next = self.req[0].val()
            | self.req[1].val()
            | self.req[2].val()
            | self.req[3].val()
            | self.req[4].val()
            | self.req[5].val()
            | self.req[6].val()
            | self.req[7].val()
            | self.req[8].val()
            | self.req[9].val();
        self.claim[11].next = self.req[0].val()
            | self.req[1].val()
            | self.req[2].val()
            | self.req[3].val()
            | self.req[4].val()
            | self.req[5].val()
            | self.req[6].val()
            | self.req[7].val()
            | self.req[8].val()
            | self.req[9].val()
            | self.req[10].val();
        self.claim[12].next = self.req[0].val()
            | self.req[1].val()
            | self.req[2].val()
            | self.req[3].val()
            | self.req[4].val()
            | self.req[5].val()
            | self.req[6].val()
            | self.req[7].val()
            | self.req[8].val()
            | self.req[9].val()
            | self.req[10].val()
            | self.req[11].val();
        self.claim[13].next = self.req[0].val()
            | self.req[1].val()
            | self.req[2].val()
            | self.req[3].val()
            | self.req[4].val()
            | self.req[5].val()
            | self.req[6].val()
            | self.req[7].val()
            | self.req[8].val()
            | self.req[9].val()
            | self.req[10].val()
            | self.req[11].val()
            | self.req[12].val();
        self.claim[14].next = self.req[0].val()
            | self.req[1].val()
            | self.req[2].val()
            | self.req[3].val()
            | self.req[4].val()
            | self.req[5].val()
            | self.req[6].val()
            | self.req[7].val()
            | self.req[8].val()
            | self.req[9].val()
            | self.req[10].val()
            | self.req[11].val()
            | self.req[12].val()
            | self.req[13].val();
        self.claim[15].next = self.req[0].val()
            | self.req[1].val()
            | self.req[2].val()
            | self.req[3].val()
            | self.req[4].val()
            | self.req[5].val()
            | self.req[6].val()
            | self.req[7].val()
            | self.req[8].val()
            | self.req[9].val()
            | self.req[10].val()
            | self.req[11].val()
            | self.req[12].val()
            | self.req[13].val()
            | self.req[14].val();
        for l in 0..16 {
            self.first[l].next = (self.req[l].val() & !self.claim[l].val()).any();
            self.hit[l].next = ((self.pending.val().get_bit(l) & (self.row[l].val() == self.bw_row.val()))
                & (self.boh[l].val() == self.bw_bank.val()))
                & !self.in_store.val();
            if self.first[l].val() | self.hit[l].val() {
                self.sm[l].next = self.lane_bit[l].val();
            } else {
                self.sm[l].next = 0.into();
            }
        }
        self.served.next = self.sm[0].val()
            | self.sm[1].val()
            | self.sm[2].val()
            | self.sm[3].val()
            | self.sm[4].val()
            | self.sm[5].val()
            | self.sm[6].val()
            | self.sm[7].val()
            | self.sm[8].val()
            | self.sm[9].val()
            | self.sm[10].val()
            | self.sm[11].val()
            | self.sm[12].val()
            | self.sm[13].val()
            | self.sm[14].val()
            | self.sm[15].val();
        // Crossbar, lanes to banks: each bank takes the row, data and byte enables of its
        // selected lane.
        // (At most one lane is `first` for a bank; the lane chain is unrolled as one
        // if/else-if so that each bank signal is assigned once on every path.)
        for b in 0..16 {
            if self.first[0].val() & self.boh[0].val().get_bit(b) {
                self.brow[b].next = self.row[0].val();
                self.bwd[b].next = self.wrep[0].val();
                self.bbe[b].next = self.lbe[0].val();
            } else if self.first[1].val() & self.boh[1].val().get_bit(b) {
                self.brow[b].next = self.row[1].val();
                self.bwd[b].next = self.wrep[1].val();
                self.bbe[b].next = self.lbe[1].val();
            } else if self.first[2].val() & self.boh[2].val().get_bit(b) {
                self.brow[b].next = self.row[2].val();
                self.bwd[b].next = self.wrep[2].val();
                self.bbe[b].next = self.lbe[2].val();
            } else if self.first[3].val() & self.boh[3].val().get_bit(b) {
                self.brow[b].next = self.row[3].val();
                self.bwd[b].next = self.wrep[3].val();
                self.bbe[b].next = self.lbe[3].val();
            } else if self.first[4].val() & self.boh[4].val().get_bit(b) {
                self.brow[b].next = self.row[4].val();
                self.bwd[b].next = self.wrep[4].val();
                self.bbe[b].next = self.lbe[4].val();
            } else if self.first[5].val() & self.boh[5].val().get_bit(b) {
                self.brow[b].next = self.row[5].val();
                self.bwd[b].next = self.wrep[5].val();
                self.bbe[b].next = self.lbe[5].val();
            } else if self.first[6].val() & self.boh[6].val().get_bit(b) {
                self.brow[b].next = self.row[6].val();
                self.bwd[b].next = self.wrep[6].val();
                self.bbe[b].next = self.lbe[6].val();
            } else if self.first[7].val() & self.boh[7].val().get_bit(b) {
                self.brow[b].next = self.row[7].val();
                self.bwd[b].next = self.wrep[7].val();
                self.bbe[b].next = self.lbe[7].val();
            } else if self.first[8].val() & self.boh[8].val().get_bit(b) {
                self.brow[b].next = self.row[8].val();
                self.bwd[b].next = self.wrep[8].val();
                self.bbe[b].next = self.lbe[8].val();
            } else if self.first[9].val() & self.boh[9].val().get_bit(b) {
                self.brow[b].next = self.row[9].val();
                self.bwd[b].next = self.wrep[9].val();
                self.bbe[b].next = self.lbe[9].val();
            } else if self.first[10].val() & self.boh[10].val().get_bit(b) {
                self.brow[b].next = self.row[10].val();
                self.bwd[b].next = self.wrep[10].val();
                self.bbe[b].next = self.lbe[10].val();
            } else if self.first[11].val() & self.boh[11].val().get_bit(b) {
                self.brow[b].next = self.row[11].val();
                self.bwd[b].next = self.wrep[11].val();
                self.bbe[b].next = self.lbe[11].val();
            } else if self.first[12].val() & self.boh[12].val().get_bit(b) {
                self.brow[b].next = self.row[12].val();
                self.bwd[b].next = self.wrep[12].val();
                self.bbe[b].next = self.lbe[12].val();
            } else if self.first[13].val() & self.boh[13].val().get_bit(b) {
                self.brow[b].next = self.row[13].val();
                self.bwd[b].next = self.wrep[13].val();
                self.bbe[b].next = self.lbe[13].val();
            } else if self.first[14].val() & self.boh[14].val().get_bit(b) {
                self.brow[b].next = self.row[14].val();
                self.bwd[b].next = self.wrep[14].val();
                self.bbe[b].next = self.lbe[14].val();
            } else if self.first[15].val() & self.boh[15].val().get_bit(b) {
                self.brow[b].next = self.row[15].val();
                self.bwd[b].next = self.wrep[15].val();
                self.bbe[b].next = self.lbe[15].val();
            } else {
                self.brow[b].next = 0.into();
                self.bwd[b].next = 0.into();
                self.bbe[b].next = 0.into();
            }
        }
        self.store_go.next = self.in_valid.val() & self.in_store.val();
        for b in 0..16 {
            if self.store_go.val() {
                self.bef[b].next = self.bbe[b].val();
            } else {
                self.bef[b].next = 0.into();
            }
            self.bank[b].addr.next = self.brow[b].val();
            self.bank[b].wdata.next = self.bwd[b].val();
            self.bank[b].be.next = self.bef[b].val();
        }

        // Step bookkeeping.
        self.pnext.next = self.pending.val() & !self.served.val();
        self.done.next = !self.pnext.val().any();
        self.ready_v.next = self.in_valid.val() & self.done.val();
        self.in_ready.next = self.ready_v.val();
        self.busy.d.next = self.in_valid.val() & !self.done.val();
        self.pend.d.next = self.pnext.val();
        self.steps_base.next = 0.into();
        if self.busy.q.val() {
            self.steps_base.next = self.steps.q.val();
        }
        self.steps_inc.next = 0.into();
        if self.pending.val().any() {
            self.steps_inc.next = self.one5.val();
        }
        self.steps_now.next = self.steps_base.val() + self.steps_inc.val();
        self.steps.d.next = self.steps_now.val();

        // Return path registers (cycle t -> t+1).
        self.ret_mask_v.next = 0.into();
        if self.in_valid.val() & !self.in_store.val() {
            self.ret_mask_v.next = self.served.val();
        }
        self.ret_mask.d.next = self.ret_mask_v.val();
        self.ret_first.d.next = self.in_valid.val() & !self.busy.q.val();
        self.ret_last.d.next = self.ready_v.val();
        self.ret_size.d.next = self.in_size.val();
        self.ret_signed.d.next = self.in_signed.val();
        self.ret_steps.d.next = self.steps_now.val();
        self.ret_fault.d.next = self.fault_v.val();
        for l in 0..16 {
            self.ret_bank[l].d.next = self.bnk[l].val();
            self.ret_off[l].d.next = self.off[l].val();
        }

        // Crossbar, banks to lanes, and extraction (cycle t+1).
        self.rs8.next = !self.ret_size.q.val().get_bit(1) & !self.ret_size.q.val().get_bit(0);
        self.rs16.next = !self.ret_size.q.val().get_bit(1) & self.ret_size.q.val().get_bit(0);
        for l in 0..16 {
            self.rboh[l].next = self.one16.val() << self.ret_bank[l].q.val();
            if self.rboh[l].val().get_bit(0) {
                self.rword[l].next = self.bank[0].rdata.val();
            } else if self.rboh[l].val().get_bit(1) {
                self.rword[l].next = self.bank[1].rdata.val();
            } else if self.rboh[l].val().get_bit(2) {
                self.rword[l].next = self.bank[2].rdata.val();
            } else if self.rboh[l].val().get_bit(3) {
                self.rword[l].next = self.bank[3].rdata.val();
            } else if self.rboh[l].val().get_bit(4) {
                self.rword[l].next = self.bank[4].rdata.val();
            } else if self.rboh[l].val().get_bit(5) {
                self.rword[l].next = self.bank[5].rdata.val();
            } else if self.rboh[l].val().get_bit(6) {
                self.rword[l].next = self.bank[6].rdata.val();
            } else if self.rboh[l].val().get_bit(7) {
                self.rword[l].next = self.bank[7].rdata.val();
            } else if self.rboh[l].val().get_bit(8) {
                self.rword[l].next = self.bank[8].rdata.val();
            } else if self.rboh[l].val().get_bit(9) {
                self.rword[l].next = self.bank[9].rdata.val();
            } else if self.rboh[l].val().get_bit(10) {
                self.rword[l].next = self.bank[10].rdata.val();
            } else if self.rboh[l].val().get_bit(11) {
                self.rword[l].next = self.bank[11].rdata.val();
            } else if self.rboh[l].val().get_bit(12) {
                self.rword[l].next = self.bank[12].rdata.val();
            } else if self.rboh[l].val().get_bit(13) {
                self.rword[l].next = self.bank[13].rdata.val();
            } else if self.rboh[l].val().get_bit(14) {
                self.rword[l].next = self.bank[14].rdata.val();
            } else if self.rboh[l].val().get_bit(15) {
                self.rword[l].next = self.bank[15].rdata.val();
            } else {
                self.rword[l].next = 0.into();
            }
            if self.ret_off[l].q.val().get_bit(1) {
                if self.ret_off[l].q.val().get_bit(0) {
                    self.rbyte[l].next = (self.rword[l].val() >> 24) & self.m8.val();
                } else {
                    self.rbyte[l].next = (self.rword[l].val() >> 16) & self.m8.val();
                }
                self.rhalf[l].next = (self.rword[l].val() >> 16) & self.m16.val();
            } else {
                if self.ret_off[l].q.val().get_bit(0) {
                    self.rbyte[l].next = (self.rword[l].val() >> 8) & self.m8.val();
                } else {
                    self.rbyte[l].next = self.rword[l].val() & self.m8.val();
                }
                self.rhalf[l].next = self.rword[l].val() & self.m16.val();
            }
            if self.rs8.val() {
                if self.ret_signed.q.val() & self.rbyte[l].val().get_bit(7) {
                    self.rext[l].next = self.rbyte[l].val() | self.sx8.val();
                } else {
                    self.rext[l].next = self.rbyte[l].val();
                }
            } else if self.rs16.val() {
                if self.ret_signed.q.val() & self.rhalf[l].val().get_bit(15) {
                    self.rext[l].next = self.rhalf[l].val() | self.sx16.val();
                } else {
                    self.rext[l].next = self.rhalf[l].val();
                }
            } else {
                self.rext[l].next = self.rword[l].val();
            }
            if self.ret_mask.q.val().get_bit(l) {
                self.res[l].d.next = self.rext[l].val();
            } else if self.ret_first.q.val() {
                self.res[l].d.next = 0.into();
            } else {
                self.res[l].d.next = self.res[l].q.val();
            }
        }

        // Response registers (cycle t+2).
        self.o_valid.d.next = self.ret_last.q.val();
        self.o_steps.d.next = self.ret_steps.q.val();
        self.o_fault.d.next = self.ret_fault.q.val();
        self.out_valid.next = self.o_valid.q.val();
        self.out_steps.next = self.o_steps.q.val();
        self.out_fault.next = self.o_fault.q.val();
        self.out_any_fault.next = self.o_fault.q.val().any();
        self.lane0_rdata.next = self.res[0].q.val();
        self.lane1_rdata.next = self.res[1].q.val();
        self.lane2_rdata.next = self.res[2].q.val();
        self.lane3_rdata.next = self.res[3].q.val();
        self.lane4_rdata.next = self.res[4].q.val();
        self.lane5_rdata.next = self.res[5].q.val();
        self.lane6_rdata.next = self.res[6].q.val();
        self.lane7_rdata.next = self.res[7].q.val();
        self.lane8_rdata.next = self.res[8].q.val();
        self.lane9_rdata.next = self.res[9].q.val();
        self.lane10_rdata.next = self.res[10].q.val();
        self.lane11_rdata.next = self.res[11].q.val();
        self.lane12_rdata.next = self.res[12].q.val();
        self.lane13_rdata.next = self.res[13].q.val();
        self.lane14_rdata.next = self.res[14].q.val();
        self.lane15_rdata.next = self.res[15].q.val();
    }
}
