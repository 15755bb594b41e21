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
//! Response (a one-cycle pulse, four cycles after the `in_valid & in_ready` cycle):
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
//! Quarter-warp requests ([`SharedMem::new`]`(8)`, `SmConfig::smem_lanes`): only lanes
//! 0..7 take part (`in_active` bits 8..15 are ignored, those lanes read 0 and never fault),
//! so a bank picks among 8 lanes and only 8 lanes pick among the banks: the lane groups
//! 2 and 3 of both crossbars are never selected and synthesis removes them. The SM then
//! sends a warp's access as four requests (lanes 0-7, 8-15, 16-23, 24-31).
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
//! Pipeline (t: the cycle of a step). Both crossbars are two registered levels of 4:1
//! multiplexers, so that no signal has to reach all 16 banks or all 16 lanes in one cycle
//! (the flat 16x16 crossbar did not route on the ECP5-85: docs/verification.md):
//! - t:   the step is computed, and each bank's selected lane as a 4-bit number; for every
//!        bank, each group of four lanes picks its lane by the number's low bits (forward
//!        level 1, registered);
//! - t+1: each bank picks its group by the high bits and is addressed (stores write at the
//!        end of t+1);
//! - t+2: the read data leave the banks; for every lane, each group of four banks picks
//!        the word of the lane's bank by the bank number's low bits (return level 1,
//!        registered);
//! - t+3: each lane picks its group by the high bits, extracts and extends its byte or
//!        half-word, and writes its result register;
//! - t+4: `out_valid` of a request whose last step was in t ([`SMEM_LATENCY`]).
//!
//! A new request may be presented in t+1, so requests stream back to back, and their
//! accesses reach the banks in order (a load after a store to the same word reads the
//! stored data).
//!
//! The crossbar is built from `prim::mux4::Mux4` blocks, wired in loops over groups and
//! banks (or lanes) whose array indices the exporter evaluates (docs/rust-hdl.md); the 4:1
//! multiplexers on a binary number route on the ECP5 where one-hot AND-OR selects did not
//! (docs/verification.md).
//! Reductions over lanes (fault and served masks, the banks
//! claimed by lower lanes, the lowest pending lane) are unrolled expressions, because
//! rust-hdl forbids reading `.next` and a `x = x | y` chain would mean different things in
//! Rust and Verilog; every port and bank input is assigned once, from a local.

pub mod bank;
use crate::prim::mux4::Mux4;
use crate::smem::bank::SharedMemBank;

/// Clocks from the cycle of a request's last step to its `out_valid` (see "Pipeline").
pub const SMEM_LATENCY: usize = 4;

/// The `in_active` bits a request of `lanes` lanes (16 or 8: [`SharedMem::new`]) may have.
pub const fn lane_mask(lanes: usize) -> u16 {
    ((1u32 << lanes) - 1) as u16
}
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
    bw_bnk: Signal<Local, Bits<4>>,
    served: Signal<Local, Bits<16>>,
    pnext: Signal<Local, Bits<16>>,
    done: Signal<Local, Bit>,
    ready_v: Signal<Local, Bit>,
    steps_now: Signal<Local, Bits<5>>,
    ret_mask_v: Signal<Local, Bits<16>>,
    // Per-bank crossbar outputs.
    bef: [Signal<Local, Bits<4>>; 16],
    // Per bank: the bits of the number of its selected lane, and whether it has one.
    fo: [Signal<Local, Bits<16>>; 16],
    bl0: [Signal<Local, Bit>; 16],
    bl1: [Signal<Local, Bit>; 16],
    bl2: [Signal<Local, Bit>; 16],
    bl3: [Signal<Local, Bit>; 16],
    bv: [Signal<Local, Bit>; 16],
    // Return path.
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
    // The response's fields and the lanes' bank numbers and byte offsets, delayed to meet
    // the data (s1: cycle t+1, s2: t+2, s3: t+3).
    s1_mask: DFF<Bits<16>>,
    s1_first: DFF<Bit>,
    s1_last: DFF<Bit>,
    s1_size: DFF<Bits<2>>,
    s1_signed: DFF<Bit>,
    s1_steps: DFF<Bits<5>>,
    s1_fault: DFF<Bits<16>>,
    s1_off: [DFF<Bits<2>>; 16],
    s1_bank: [DFF<Bits<4>>; 16],
    s2_mask: DFF<Bits<16>>,
    s2_first: DFF<Bit>,
    s2_last: DFF<Bit>,
    s2_size: DFF<Bits<2>>,
    s2_signed: DFF<Bit>,
    s2_steps: DFF<Bits<5>>,
    s2_fault: DFF<Bits<16>>,
    s2_off: [DFF<Bits<2>>; 16],
    s2_bank: [DFF<Bits<4>>; 16],
    s3_mask: DFF<Bits<16>>,
    s3_first: DFF<Bit>,
    s3_last: DFF<Bit>,
    s3_size: DFF<Bits<2>>,
    s3_signed: DFF<Bit>,
    s3_steps: DFF<Bits<5>>,
    s3_fault: DFF<Bits<16>>,
    s3_off: [DFF<Bits<2>>; 16],
    // Forward crossbar, level 1: lane group g (lanes 4g..4g+3) to bank b, index 16g + b:
    // the multiplexers and their registers.
    xf_row: [Mux4<WA>; 64],
    xf_data: [Mux4<32>; 64],
    xf_be: [Mux4<4>; 64],
    fw_row: [DFF<Bits<WA>>; 64],
    fw_data: [DFF<Bits<32>>; 64],
    fw_be: [DFF<Bits<4>>; 64],
    // Forward level 2, per bank: the group's row, data and byte enables.
    yf_row: [Mux4<WA>; 16],
    yf_data: [Mux4<32>; 16],
    yf_be: [Mux4<4>; 16],
    // Forward level 2's selects, per bank: the high bits of its lane's number; its write
    // enable.
    fw_hi0: [DFF<Bit>; 16],
    fw_hi1: [DFF<Bit>; 16],
    fw_we: [DFF<Bit>; 16],
    // (delayed like the s3 fields above)
    s3_bank: [DFF<Bits<4>>; 16],
    // Return crossbar, level 1: bank group h (banks 4h..4h+3) to lane l, index 16h + l;
    // level 2, per lane.
    xr: [Mux4<32>; 64],
    rt: [DFF<Bits<32>>; 64],
    yr: [Mux4<32>; 16],
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
    /// The lanes a request may have (all 16, or lanes 0..7: [`SharedMem::new`]), and whether
    /// it has lanes 8..15 (forward level 2 then picks among four lane groups, not two).
    lane_en: Constant<Bits<16>>,
    wide: Constant<Bit>,
    act: Signal<Local, Bits<16>>,
}

impl<const WA: usize> Default for SharedMem<WA> {
    fn default() -> Self {
        Self::new(16)
    }
}

impl<const WA: usize> SharedMem<WA> {
    /// A shared memory whose requests have `lanes` lanes: 16 (a half-warp), or 8 (lanes
    /// 0..7; the ports of lanes 8..15 are ignored and read 0), whose crossbars synthesize
    /// to half the multiplexers (`SmConfig::smem_lanes`).
    pub fn new(lanes: usize) -> Self {
        assert!((1..=9).contains(&WA), "SharedMem: 2..512 words per bank");
        assert!(lanes == 16 || lanes == 8, "SharedMem: requests of 16 or 8 lanes");
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
            bw_bnk: Default::default(),
            served: Default::default(),
            pnext: Default::default(),
            done: Default::default(),
            ready_v: Default::default(),
            steps_now: Default::default(),
            ret_mask_v: Default::default(),
            bef: array_init(|_| Default::default()),
            fo: array_init(|_| Default::default()),
            bl0: array_init(|_| Default::default()),
            bl1: array_init(|_| Default::default()),
            bl2: array_init(|_| Default::default()),
            bl3: array_init(|_| Default::default()),
            bv: array_init(|_| Default::default()),
            rword: array_init(|_| Default::default()),
            rbyte: array_init(|_| Default::default()),
            rhalf: array_init(|_| Default::default()),
            rext: array_init(|_| Default::default()),
            rs8: Default::default(),
            rs16: Default::default(),
            busy: Default::default(),
            pend: Default::default(),
            steps: Default::default(),
            s1_mask: Default::default(),
            s1_first: Default::default(),
            s1_last: Default::default(),
            s1_size: Default::default(),
            s1_signed: Default::default(),
            s1_steps: Default::default(),
            s1_fault: Default::default(),
            s1_off: array_init(|_| Default::default()),
            s1_bank: array_init(|_| Default::default()),
            s2_mask: Default::default(),
            s2_first: Default::default(),
            s2_last: Default::default(),
            s2_size: Default::default(),
            s2_signed: Default::default(),
            s2_steps: Default::default(),
            s2_fault: Default::default(),
            s2_off: array_init(|_| Default::default()),
            s2_bank: array_init(|_| Default::default()),
            s3_mask: Default::default(),
            s3_first: Default::default(),
            s3_last: Default::default(),
            s3_size: Default::default(),
            s3_signed: Default::default(),
            s3_steps: Default::default(),
            s3_fault: Default::default(),
            s3_off: array_init(|_| Default::default()),
            xf_row: array_init(|_| Default::default()),
            xf_data: array_init(|_| Default::default()),
            xf_be: array_init(|_| Default::default()),
            fw_row: array_init(|_| Default::default()),
            fw_data: array_init(|_| Default::default()),
            fw_be: array_init(|_| Default::default()),
            yf_row: array_init(|_| Default::default()),
            yf_data: array_init(|_| Default::default()),
            yf_be: array_init(|_| Default::default()),
            fw_hi0: array_init(|_| Default::default()),
            fw_hi1: array_init(|_| Default::default()),
            fw_we: array_init(|_| Default::default()),
            s3_bank: array_init(|_| Default::default()),
            xr: array_init(|_| Default::default()),
            rt: array_init(|_| Default::default()),
            yr: array_init(|_| Default::default()),
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
            lane_en: Constant::new((lane_mask(lanes) as u64).into()),
            wide: Constant::new(lanes == 16),
            act: Default::default(),
        }
    }
}

impl<const WA: usize> Logic for SharedMem<WA> {
    #[hdl_gen]
    fn update(&mut self) {
        self.busy.clock.next = self.clock.val();
        self.pend.clock.next = self.clock.val();
        self.steps.clock.next = self.clock.val();
        self.s1_mask.clock.next = self.clock.val();
        self.s1_first.clock.next = self.clock.val();
        self.s1_last.clock.next = self.clock.val();
        self.s1_size.clock.next = self.clock.val();
        self.s1_signed.clock.next = self.clock.val();
        self.s1_steps.clock.next = self.clock.val();
        self.s1_fault.clock.next = self.clock.val();
        self.s2_mask.clock.next = self.clock.val();
        self.s2_first.clock.next = self.clock.val();
        self.s2_last.clock.next = self.clock.val();
        self.s2_size.clock.next = self.clock.val();
        self.s2_signed.clock.next = self.clock.val();
        self.s2_steps.clock.next = self.clock.val();
        self.s2_fault.clock.next = self.clock.val();
        self.s3_mask.clock.next = self.clock.val();
        self.s3_first.clock.next = self.clock.val();
        self.s3_last.clock.next = self.clock.val();
        self.s3_size.clock.next = self.clock.val();
        self.s3_signed.clock.next = self.clock.val();
        self.s3_steps.clock.next = self.clock.val();
        self.s3_fault.clock.next = self.clock.val();
        self.o_valid.clock.next = self.clock.val();
        self.o_steps.clock.next = self.clock.val();
        self.o_fault.clock.next = self.clock.val();
        for i in 0..16 {
            self.s1_off[i].clock.next = self.clock.val();
            self.s2_off[i].clock.next = self.clock.val();
            self.s3_off[i].clock.next = self.clock.val();
            self.s1_bank[i].clock.next = self.clock.val();
            self.s2_bank[i].clock.next = self.clock.val();
            self.fw_hi0[i].clock.next = self.clock.val();
            self.fw_hi1[i].clock.next = self.clock.val();
            self.fw_we[i].clock.next = self.clock.val();
            self.s3_bank[i].clock.next = self.clock.val();
            self.res[i].clock.next = self.clock.val();
            self.bank[i].clock.next = self.clock.val();
        }
        for i in 0..64 {
            self.fw_row[i].clock.next = self.clock.val();
            self.fw_data[i].clock.next = self.clock.val();
            self.fw_be[i].clock.next = self.clock.val();
            self.rt[i].clock.next = self.clock.val();
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
        self.act.next = self.in_active.val() & self.lane_en.val();
        for l in 0..16 {
            self.bnk[l].next = self.a[l].val().get_bits::<4>(2);
            self.row[l].next = self.a[l].val().get_bits::<WA>(6);
            self.off[l].next = self.a[l].val().get_bits::<2>(0);
            self.boh[l].next = self.one16.val() << self.bnk[l].val();
            self.bad[l].next = (self.a[l].val() >= self.mem_bytes.val())
                | self.sres.val()
                | (self.s16.val() & self.a[l].val().get_bit(0))
                | (self.s32.val() & self.off[l].val().any());
            if self.act.val().get_bit(l) & self.bad[l].val() {
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
        self.ok.next = self.act.val() & !self.fault_v.val();
        self.pending.next = 0.into();
        if self.in_valid.val() {
            self.pending.next = self.ok.val();
            if self.busy.q.val() {
                self.pending.next = self.pend.q.val() & self.lane_en.val();
            }
        }

        // The broadcast word: the word of the lowest pending lane.
        // (Unrolled from lane 15 down to lane 0: the last assignment, the lowest lane, wins.)
        self.bw_row.next = 0.into();
        self.bw_bnk.next = 0.into();
        if self.pending.val().get_bit(15) {
            self.bw_row.next = self.row[15].val();
            self.bw_bnk.next = self.bnk[15].val();
        }
        if self.pending.val().get_bit(14) {
            self.bw_row.next = self.row[14].val();
            self.bw_bnk.next = self.bnk[14].val();
        }
        if self.pending.val().get_bit(13) {
            self.bw_row.next = self.row[13].val();
            self.bw_bnk.next = self.bnk[13].val();
        }
        if self.pending.val().get_bit(12) {
            self.bw_row.next = self.row[12].val();
            self.bw_bnk.next = self.bnk[12].val();
        }
        if self.pending.val().get_bit(11) {
            self.bw_row.next = self.row[11].val();
            self.bw_bnk.next = self.bnk[11].val();
        }
        if self.pending.val().get_bit(10) {
            self.bw_row.next = self.row[10].val();
            self.bw_bnk.next = self.bnk[10].val();
        }
        if self.pending.val().get_bit(9) {
            self.bw_row.next = self.row[9].val();
            self.bw_bnk.next = self.bnk[9].val();
        }
        if self.pending.val().get_bit(8) {
            self.bw_row.next = self.row[8].val();
            self.bw_bnk.next = self.bnk[8].val();
        }
        if self.pending.val().get_bit(7) {
            self.bw_row.next = self.row[7].val();
            self.bw_bnk.next = self.bnk[7].val();
        }
        if self.pending.val().get_bit(6) {
            self.bw_row.next = self.row[6].val();
            self.bw_bnk.next = self.bnk[6].val();
        }
        if self.pending.val().get_bit(5) {
            self.bw_row.next = self.row[5].val();
            self.bw_bnk.next = self.bnk[5].val();
        }
        if self.pending.val().get_bit(4) {
            self.bw_row.next = self.row[4].val();
            self.bw_bnk.next = self.bnk[4].val();
        }
        if self.pending.val().get_bit(3) {
            self.bw_row.next = self.row[3].val();
            self.bw_bnk.next = self.bnk[3].val();
        }
        if self.pending.val().get_bit(2) {
            self.bw_row.next = self.row[2].val();
            self.bw_bnk.next = self.bnk[2].val();
        }
        if self.pending.val().get_bit(1) {
            self.bw_row.next = self.row[1].val();
            self.bw_bnk.next = self.bnk[1].val();
        }
        if self.pending.val().get_bit(0) {
            self.bw_row.next = self.row[0].val();
            self.bw_bnk.next = self.bnk[0].val();
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
                & (self.bnk[l].val() == self.bw_bnk.val()))
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
        // Crossbar, lanes to banks, in two registered levels of 4:1 multiplexers, so that
        // no lane input has to reach all 16 banks in one cycle (a flat 16x16 crossbar did
        // not route on the ECP5-85, see docs/verification.md). Each bank's selected lane
        // (at most one lane is `first` for a bank) is encoded as a 4-bit number; level 1
        // (cycle t), per lane group g (lanes 4g..4g+3) and bank, picks the group's lane by
        // the number's low bits; level 2 (cycle t+1) picks the group by its high bits. A
        // bank without a lane gets some lane's row and no write enable.
        for l in 0..16 {
            if self.first[l].val() {
                self.fo[l].next = self.boh[l].val();
            } else {
                self.fo[l].next = 0.into();
            }
        }
        for b in 0..16 {
            self.bl0[b].next = (self.fo[1].val().get_bit(b)
                | self.fo[3].val().get_bit(b)
                | self.fo[5].val().get_bit(b)
                | self.fo[7].val().get_bit(b))
                | (self.fo[9].val().get_bit(b)
                    | self.fo[11].val().get_bit(b)
                    | self.fo[13].val().get_bit(b)
                    | self.fo[15].val().get_bit(b));
            self.bl1[b].next = (self.fo[2].val().get_bit(b)
                | self.fo[3].val().get_bit(b)
                | self.fo[6].val().get_bit(b)
                | self.fo[7].val().get_bit(b))
                | (self.fo[10].val().get_bit(b)
                    | self.fo[11].val().get_bit(b)
                    | self.fo[14].val().get_bit(b)
                    | self.fo[15].val().get_bit(b));
            self.bl2[b].next = (self.fo[4].val().get_bit(b)
                | self.fo[5].val().get_bit(b)
                | self.fo[6].val().get_bit(b)
                | self.fo[7].val().get_bit(b))
                | (self.fo[12].val().get_bit(b)
                    | self.fo[13].val().get_bit(b)
                    | self.fo[14].val().get_bit(b)
                    | self.fo[15].val().get_bit(b));
            self.bl3[b].next = (self.fo[8].val().get_bit(b)
                | self.fo[9].val().get_bit(b)
                | self.fo[10].val().get_bit(b)
                | self.fo[11].val().get_bit(b))
                | (self.fo[12].val().get_bit(b)
                    | self.fo[13].val().get_bit(b)
                    | self.fo[14].val().get_bit(b)
                    | self.fo[15].val().get_bit(b));
            self.bv[b].next = (self.fo[0].val().get_bit(b)
                | self.fo[1].val().get_bit(b)
                | self.fo[2].val().get_bit(b)
                | self.fo[3].val().get_bit(b))
                | (self.fo[4].val().get_bit(b)
                    | self.fo[5].val().get_bit(b)
                    | self.fo[6].val().get_bit(b)
                    | self.fo[7].val().get_bit(b))
                | (self.fo[8].val().get_bit(b)
                    | self.fo[9].val().get_bit(b)
                    | self.fo[10].val().get_bit(b)
                    | self.fo[11].val().get_bit(b))
                | (self.fo[12].val().get_bit(b)
                    | self.fo[13].val().get_bit(b)
                    | self.fo[14].val().get_bit(b)
                    | self.fo[15].val().get_bit(b));
            self.fw_hi0[b].d.next = self.bl2[b].val();
            self.fw_hi1[b].d.next = self.bl3[b].val();
            self.fw_we[b].d.next = (self.bv[b].val() & self.in_valid.val()) & self.in_store.val();
        }
        for g in 0..4 {
            for b in 0..16 {
                self.xf_row[g * 16 + b].s0.next = self.bl0[b].val();
                self.xf_row[g * 16 + b].s1.next = self.bl1[b].val();
                self.xf_row[g * 16 + b].i0.next = self.row[g * 4].val();
                self.xf_row[g * 16 + b].i1.next = self.row[g * 4 + 1].val();
                self.xf_row[g * 16 + b].i2.next = self.row[g * 4 + 2].val();
                self.xf_row[g * 16 + b].i3.next = self.row[g * 4 + 3].val();
                self.fw_row[g * 16 + b].d.next = self.xf_row[g * 16 + b].y.val();
                self.xf_data[g * 16 + b].s0.next = self.bl0[b].val();
                self.xf_data[g * 16 + b].s1.next = self.bl1[b].val();
                self.xf_data[g * 16 + b].i0.next = self.wrep[g * 4].val();
                self.xf_data[g * 16 + b].i1.next = self.wrep[g * 4 + 1].val();
                self.xf_data[g * 16 + b].i2.next = self.wrep[g * 4 + 2].val();
                self.xf_data[g * 16 + b].i3.next = self.wrep[g * 4 + 3].val();
                self.fw_data[g * 16 + b].d.next = self.xf_data[g * 16 + b].y.val();
                self.xf_be[g * 16 + b].s0.next = self.bl0[b].val();
                self.xf_be[g * 16 + b].s1.next = self.bl1[b].val();
                self.xf_be[g * 16 + b].i0.next = self.lbe[g * 4].val();
                self.xf_be[g * 16 + b].i1.next = self.lbe[g * 4 + 1].val();
                self.xf_be[g * 16 + b].i2.next = self.lbe[g * 4 + 2].val();
                self.xf_be[g * 16 + b].i3.next = self.lbe[g * 4 + 3].val();
                self.fw_be[g * 16 + b].d.next = self.xf_be[g * 16 + b].y.val();
            }
        }
        for b in 0..16 {
            self.yf_row[b].s0.next = self.fw_hi0[b].q.val();
            self.yf_row[b].s1.next = self.fw_hi1[b].q.val() & self.wide.val();
            self.yf_row[b].i0.next = self.fw_row[b].q.val();
            self.yf_row[b].i1.next = self.fw_row[16 + b].q.val();
            self.yf_row[b].i2.next = self.fw_row[32 + b].q.val();
            self.yf_row[b].i3.next = self.fw_row[48 + b].q.val();
            self.yf_data[b].s0.next = self.fw_hi0[b].q.val();
            self.yf_data[b].s1.next = self.fw_hi1[b].q.val() & self.wide.val();
            self.yf_data[b].i0.next = self.fw_data[b].q.val();
            self.yf_data[b].i1.next = self.fw_data[16 + b].q.val();
            self.yf_data[b].i2.next = self.fw_data[32 + b].q.val();
            self.yf_data[b].i3.next = self.fw_data[48 + b].q.val();
            self.yf_be[b].s0.next = self.fw_hi0[b].q.val();
            self.yf_be[b].s1.next = self.fw_hi1[b].q.val() & self.wide.val();
            self.yf_be[b].i0.next = self.fw_be[b].q.val();
            self.yf_be[b].i1.next = self.fw_be[16 + b].q.val();
            self.yf_be[b].i2.next = self.fw_be[32 + b].q.val();
            self.yf_be[b].i3.next = self.fw_be[48 + b].q.val();
            if self.fw_we[b].q.val() {
                self.bef[b].next = self.yf_be[b].y.val();
            } else {
                self.bef[b].next = 0.into();
            }
            self.bank[b].addr.next = self.yf_row[b].y.val();
            self.bank[b].wdata.next = self.yf_data[b].y.val();
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

        // Return metadata, delayed to meet the data: s1 in t+1 (banks addressed), s2 in t+2
        // (read data out of the banks), s3 in t+3 (return level 2 and extraction).
        self.ret_mask_v.next = 0.into();
        if self.in_valid.val() & !self.in_store.val() {
            self.ret_mask_v.next = self.served.val();
        }
        self.s1_mask.d.next = self.ret_mask_v.val();
        self.s1_first.d.next = self.in_valid.val() & !self.busy.q.val();
        self.s1_last.d.next = self.ready_v.val();
        self.s1_size.d.next = self.in_size.val();
        self.s1_signed.d.next = self.in_signed.val();
        self.s1_steps.d.next = self.steps_now.val();
        self.s1_fault.d.next = self.fault_v.val();
        self.s2_mask.d.next = self.s1_mask.q.val();
        self.s2_first.d.next = self.s1_first.q.val();
        self.s2_last.d.next = self.s1_last.q.val();
        self.s2_size.d.next = self.s1_size.q.val();
        self.s2_signed.d.next = self.s1_signed.q.val();
        self.s2_steps.d.next = self.s1_steps.q.val();
        self.s2_fault.d.next = self.s1_fault.q.val();
        self.s3_mask.d.next = self.s2_mask.q.val();
        self.s3_first.d.next = self.s2_first.q.val();
        self.s3_last.d.next = self.s2_last.q.val();
        self.s3_size.d.next = self.s2_size.q.val();
        self.s3_signed.d.next = self.s2_signed.q.val();
        self.s3_steps.d.next = self.s2_steps.q.val();
        self.s3_fault.d.next = self.s2_fault.q.val();
        for l in 0..16 {
            self.s1_bank[l].d.next = self.bnk[l].val();
            self.s2_bank[l].d.next = self.s1_bank[l].q.val();
            self.s1_off[l].d.next = self.off[l].val();
            self.s2_off[l].d.next = self.s1_off[l].q.val();
            self.s3_off[l].d.next = self.s2_off[l].q.val();
        }

        // Crossbar, banks to lanes, in two registered levels of 4:1 multiplexers like the
        // forward one: level 1 (cycle t+2), per bank group h (banks 4h..4h+3) and lane,
        // picks by the low bits of the lane's bank number; level 2 (cycle t+3) picks the
        // group by the high bits, then the lane extracts its byte or half-word.
        for l in 0..16 {
            self.s3_bank[l].d.next = self.s2_bank[l].q.val();
        }
        for h in 0..4 {
            for l in 0..16 {
                self.xr[h * 16 + l].s0.next = self.s2_bank[l].q.val().get_bit(0);
                self.xr[h * 16 + l].s1.next = self.s2_bank[l].q.val().get_bit(1);
                self.xr[h * 16 + l].i0.next = self.bank[h * 4].rdata.val();
                self.xr[h * 16 + l].i1.next = self.bank[h * 4 + 1].rdata.val();
                self.xr[h * 16 + l].i2.next = self.bank[h * 4 + 2].rdata.val();
                self.xr[h * 16 + l].i3.next = self.bank[h * 4 + 3].rdata.val();
                self.rt[h * 16 + l].d.next = self.xr[h * 16 + l].y.val();
            }
        }
        self.rs8.next = !self.s3_size.q.val().get_bit(1) & !self.s3_size.q.val().get_bit(0);
        self.rs16.next = !self.s3_size.q.val().get_bit(1) & self.s3_size.q.val().get_bit(0);
        for l in 0..16 {
            self.yr[l].s0.next = self.s3_bank[l].q.val().get_bit(2);
            self.yr[l].s1.next = self.s3_bank[l].q.val().get_bit(3);
            self.yr[l].i0.next = self.rt[l].q.val();
            self.yr[l].i1.next = self.rt[16 + l].q.val();
            self.yr[l].i2.next = self.rt[32 + l].q.val();
            self.yr[l].i3.next = self.rt[48 + l].q.val();
            self.rword[l].next = self.yr[l].y.val();
            if self.s3_off[l].q.val().get_bit(1) {
                if self.s3_off[l].q.val().get_bit(0) {
                    self.rbyte[l].next = (self.rword[l].val() >> 24) & self.m8.val();
                } else {
                    self.rbyte[l].next = (self.rword[l].val() >> 16) & self.m8.val();
                }
                self.rhalf[l].next = (self.rword[l].val() >> 16) & self.m16.val();
            } else {
                if self.s3_off[l].q.val().get_bit(0) {
                    self.rbyte[l].next = (self.rword[l].val() >> 8) & self.m8.val();
                } else {
                    self.rbyte[l].next = self.rword[l].val() & self.m8.val();
                }
                self.rhalf[l].next = self.rword[l].val() & self.m16.val();
            }
            if self.rs8.val() {
                if self.s3_signed.q.val() & self.rbyte[l].val().get_bit(7) {
                    self.rext[l].next = self.rbyte[l].val() | self.sx8.val();
                } else {
                    self.rext[l].next = self.rbyte[l].val();
                }
            } else if self.rs16.val() {
                if self.s3_signed.q.val() & self.rhalf[l].val().get_bit(15) {
                    self.rext[l].next = self.rhalf[l].val() | self.sx16.val();
                } else {
                    self.rext[l].next = self.rhalf[l].val();
                }
            } else {
                self.rext[l].next = self.rword[l].val();
            }
            if self.s3_mask.q.val().get_bit(l) {
                self.res[l].d.next = self.rext[l].val();
            } else if self.s3_first.q.val() {
                self.res[l].d.next = 0.into();
            } else {
                self.res[l].d.next = self.res[l].q.val();
            }
        }

        // Response registers (cycle t+4).
        self.o_valid.d.next = self.s3_last.q.val();
        self.o_steps.d.next = self.s3_steps.q.val();
        self.o_fault.d.next = self.s3_fault.q.val();
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
