//! The SM's load/store unit: executes `ld` and `st` of the global, param, constant and
//! shared spaces (8-, 16- and 32-bit accesses) one warp-instruction at a time. It reads each
//! lane group's address and data registers through the register file's other-units client,
//! checks alignment, read-only spaces and shared-memory bounds for the lanes in exec, then
//! accesses memory, writes a load's results back group by group and releases its
//! destination to the scheduler (`rel_*`, the scoreboard entry of `lat` 0), then retires it
//! on `lt_*`.
//!
//! Global, param and constant memory: one request per distinct word on the memory port (a
//! load's lanes reading the same word share it; a store's lanes go one by one, in lane
//! order). Param and constant memory are served through the same port as global memory
//! (`m_req_space`): the memory behind the port (the runner's model, the board's RAMs) holds
//! the launch's parameter block and constant bank.
//!
//! Shared memory: the unit owns the SM's shared memory ([`SharedMem`], 16 banks of `2^SW`
//! words) and sends it a warp's access as two half-warp requests (lanes 0-15, then 16-31),
//! or with 8-lane requests (`SmConfig::smem_lanes`, [`SharedMem::new`]) four quarter-warp
//! requests (lanes 0-7, 8-15, 16-23, 24-31), in lane order; a request without lanes in exec
//! is skipped. The requests are at the byte addresses `s_base` (the CTA's
//! region, from the dispatcher) plus each lane's address; an address at or beyond the
//! kernel's `s_bytes` faults (out of bounds) before any access. While the unit is idle the
//! shared memory clears the dispatcher's 64-byte lines (`z_*`, one a clock; with 8-lane
//! requests one in two clocks, 32 bytes each). A shared
//! store is shown on `ss_*` a lane group a clock while the requests complete.
//!
//! Atomics (`atom`, global and shared): the lanes in exec one at a time in lane order, as
//! the golden SM: the lane's word read (a memory-port request, or a one-lane half-warp
//! request to the shared memory), its new word from [`AtomAlu`] (the lane's b and c) into
//! the lane's data word, written (shown on `st_*` / `ss_*` as a store of the new word), the word
//! read kept as the lane's result and written back to d like a load's.
//!
//! Local memory and generic addresses (loads, stores and atomics) also go lane by lane in
//! lane order (state LANE: the lane's bounds, then its path): a generic address is resolved
//! when it is read (its top byte: 0xFE the thread's local memory, 0xFF the CTA's shared
//! memory, else global); a shared lane goes to the shared memory as a one-lane request, a
//! global or local lane to the memory port (space global or local; a local address is the
//! thread's window, `((warp slot * 32 + lane) << l_shift) + address`), with the bounds of
//! shared memory (`s_bytes`) and local memory (`l_bytes`) checked at the lane's turn, as the
//! golden SM does.
//!
//! Not executed yet (the fault `not-supported`): 64- and 128-bit accesses, atomics on param
//! or constant memory.
//!
//! Ports (out: combinational from the unit's registers unless said otherwise):
//! - `clock`, `clear`, `phase`                     in   the scheduler's phase (release in 1)
//! - `a_v`, `a_warp`, `a_pc`, `a_mask`, `a_exec`,  in   accept a memory instruction (the
//!   `a_cta`, `a_wid`, `a_tag`                             issue pipeline's E stage, T0+1)
//! - `a_space`, `a_size`, `a_store`, `a_atom`      in   its decoded controls
//! - `a_ra`, `a_rd`, `a_imm`                       in   7, 7, 32  address register, data /
//!                                                         destination register, offset
//!                                                         (ignored for an atomic)
//! - `a_rb`, `a_rc`, `a_sub`                       in   7, 7, 4  an atomic's operand
//!                                                         registers b, c and operation
//! - `regs`                                        in   8   registers per thread
//! - `s_bytes`                                     in  32   the kernel's shared bytes per CTA
//! - `l_bytes`, `l_shift`                          in  32, 5  the kernel's local bytes per
//!                                                         thread; log2 of a thread's local
//!                                                         window on the memory port
//!                                                         (2^l_shift >= l_bytes, >= 4)
//! - `s_base`                                      in  32   shared-memory base of warp
//!                                                         `b_warp`'s CTA
//! - `z_v`, `z_addr` / `z_ok`                      in / out  clear 64 bytes of shared memory
//!                                                         (taken when `z_ok`)
//! - `b_warp` / `b_base`                           out 5 / in AW  register base lookup
//! - `u_rd`, `u_rset`, `u_ra`, `u_rb`, `u_rc`      out / in  register read of a lane group
//!   / `u_rd_ok`                                           (address into `ua*`, an atomic's
//!                                                         b into `ub*`, store data or an
//!                                                         atomic's c into `uc*`, one clock
//!                                                         later)
//! - `ua0..7`, `ub0..7`, `uc0..7`                  in  32   the lanes' read words
//! - `u_wr`, `u_wset`, `u_waddr`, `u_wmask`,       out  a load's write-back of a lane group
//!   `wd0..7` / `u_wr_ok`                                  (lanes in `u_wmask`), retried
//!                                                         until every lane takes it
//! - `m_req_valid`, `m_req_addr`, `m_req_space`,   out  memory request: a word-aligned byte
//!   `m_req_we`, `m_req_be`, `m_req_wdata`                 address, its space, write, byte
//!   / `m_req_ready`                                       enables (the bytes accessed)
//! - `m_resp_valid`, `m_resp_data`, `m_resp_err`   in   the response to the accepted
//!                                                         request (one outstanding): the
//!                                                         word read, or err (unmapped);
//!                                                         seen by the unit one clock later
//!                                                         ([`MemPort`] holds the request
//!                                                         and registers the response)
//! - `m_taken`                                     out  1   registered: the memory took a
//!                                                         request in the last clock
//! - `gt_v`, `gt_n`                                out  1, 6  an `ld.global` / `st.global`
//!                                                         retires (with `lt_valid`) with
//!                                                         `gt_n` global transactions by the
//!                                                         compute capability 1.x coalescing
//!                                                         rule (`gsm::global_transactions`)
//! - `mem_ready`                                   out  1   the unit takes an instruction
//! - `rd_busy`                                     out  1   it reads its instruction's
//!                                                         registers (state READ)
//! - `sh_step`, `sh_req`                          out  1   a request (half- or quarter-warp) of a shared
//!                                                         load or store is in one of its
//!                                                         steps / is taken (its last step;
//!                                                         the performance counters)
//! - `rel_valid`, `rel_warp`, `rel_tag` /          out / in  a load's destination released
//!   `rel_ok`                                              (in phase 1, when `rel_ok`)
//! - `lw_valid`, `lw_grp`, `lw_reg`                out  the write-back shown (with `lt_warp`,
//!                                                         `u_wmask`, `wd*`)
//! - `st_valid`, `st_lane`, `st_addr`, `st_data`,  out  registered: a store done in the last
//!   `st_bytes`                                            clock (its lane, byte address,
//!                                                         register value, bytes)
//! - `ss_valid`, `ss_grp`, `ss_mask`, `ss_a0..7`,  out  a shared store's lane group (lanes
//!   `ss_d0..7`                                            in `ss_mask`: byte address in the
//!                                                         CTA's region, register value;
//!                                                         bytes as `st_bytes`)
//! - `lt_valid`, `lt_warp`, `lt_pc`, `lt_mask`,    out  the instruction retired
//!   `lt_cta`, `lt_wid`
//! - `flt_v`, `flt_kind`, `flt_warp`, `flt_pc`,    out  a fault ([`crate::isa::sm_fault`]:
//!   `flt_lane`, `flt_addr`                                misaligned, read-only, out of
//!                                                         bounds, not-supported), held
use crate::isa::{size, sm_fault, space};
use crate::prim::delay::Delay;
use crate::prim::lutram::LutRam;
use crate::sm::atom_alu::AtomAlu;
use crate::sm::mem_port::MemPort;
use crate::sm::min_age::MinAge;
use crate::smem::{lane_mask, SharedMem, SMEM_LATENCY};
use array_init::array_init;
use rust_hdl::prelude::*;

// The generic windows are the top bytes 0xFE (local) and 0xFF (shared) of the address: the
// unit resolves a generic address by its top byte.
const _: () = assert!(space::LOCAL_WINDOW == 0xFE00_0000 && space::SHARED_WINDOW == 0xFF00_0000);

/// LSU states.
pub mod state {
    pub const IDLE: u8 = 0;
    pub const READ: u8 = 1;
    pub const WAIT: u8 = 2;
    pub const CHECK: u8 = 3;
    pub const REQ: u8 = 4;
    pub const RESP: u8 = 5;
    pub const WB: u8 = 6;
    pub const REL: u8 = 7;
    pub const FAULT: u8 = 8;
    /// Shared memory: the half-warp requests, then their responses.
    pub const SREQ: u8 = 9;
    pub const SWAIT: u8 = 10;
    /// Atomics: the lane's new word; a shared atomic's read request and its response, its
    /// write request and its response (a global atomic uses REQ and RESP twice).
    pub const ANEW: u8 = 11;
    pub const ASRD: u8 = 12;
    pub const ASWT: u8 = 13;
    pub const ASWR: u8 = 14;
    pub const ASWW: u8 = 15;
    /// Local memory, generic addresses and atomics go lane by lane: the next lane's path by
    /// its space (shared: ASRD; global, local: REQ) after its bounds.
    pub const LANE: u8 = 16;
}

#[derive(LogicBlock)]
pub struct SmLsu<const AW: usize, const SW: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub phase: Signal<In, Bit>,
    pub a_v: Signal<In, Bit>,
    pub a_warp: Signal<In, Bits<5>>,
    pub a_pc: Signal<In, Bits<24>>,
    pub a_mask: Signal<In, Bits<32>>,
    pub a_exec: Signal<In, Bits<32>>,
    pub a_cta: Signal<In, Bits<32>>,
    pub a_wid: Signal<In, Bits<5>>,
    pub a_tag: Signal<In, Bits<2>>,
    pub a_space: Signal<In, Bits<3>>,
    pub a_size: Signal<In, Bits<3>>,
    pub a_store: Signal<In, Bit>,
    pub a_atom: Signal<In, Bit>,
    pub a_ra: Signal<In, Bits<7>>,
    pub a_rb: Signal<In, Bits<7>>,
    pub a_rc: Signal<In, Bits<7>>,
    pub a_sub: Signal<In, Bits<4>>,
    pub a_rd: Signal<In, Bits<7>>,
    pub a_imm: Signal<In, Bits<32>>,
    pub regs: Signal<In, Bits<8>>,
    pub s_bytes: Signal<In, Bits<32>>,
    pub l_bytes: Signal<In, Bits<32>>,
    pub l_shift: Signal<In, Bits<5>>,
    pub s_base: Signal<In, Bits<32>>,
    pub z_v: Signal<In, Bit>,
    pub z_addr: Signal<In, Bits<32>>,
    pub z_ok: Signal<Out, Bit>,
    pub b_warp: Signal<Out, Bits<5>>,
    pub b_base: Signal<In, Bits<AW>>,
    pub u_rd: Signal<Out, Bit>,
    pub u_rset: Signal<Out, Bit>,
    pub u_ra: Signal<Out, Bits<AW>>,
    pub u_rb: Signal<Out, Bits<AW>>,
    pub u_rc: Signal<Out, Bits<AW>>,
    pub u_rd_ok: Signal<In, Bit>,
    pub ua0: Signal<In, Bits<32>>,
    pub ua1: Signal<In, Bits<32>>,
    pub ua2: Signal<In, Bits<32>>,
    pub ua3: Signal<In, Bits<32>>,
    pub ua4: Signal<In, Bits<32>>,
    pub ua5: Signal<In, Bits<32>>,
    pub ua6: Signal<In, Bits<32>>,
    pub ua7: Signal<In, Bits<32>>,
    pub ub0: Signal<In, Bits<32>>,
    pub ub1: Signal<In, Bits<32>>,
    pub ub2: Signal<In, Bits<32>>,
    pub ub3: Signal<In, Bits<32>>,
    pub ub4: Signal<In, Bits<32>>,
    pub ub5: Signal<In, Bits<32>>,
    pub ub6: Signal<In, Bits<32>>,
    pub ub7: Signal<In, Bits<32>>,
    pub uc0: Signal<In, Bits<32>>,
    pub uc1: Signal<In, Bits<32>>,
    pub uc2: Signal<In, Bits<32>>,
    pub uc3: Signal<In, Bits<32>>,
    pub uc4: Signal<In, Bits<32>>,
    pub uc5: Signal<In, Bits<32>>,
    pub uc6: Signal<In, Bits<32>>,
    pub uc7: Signal<In, Bits<32>>,
    pub u_wr: Signal<Out, Bit>,
    pub u_wset: Signal<Out, Bit>,
    pub u_waddr: Signal<Out, Bits<AW>>,
    pub u_wmask: Signal<Out, Bits<8>>,
    pub wd0: Signal<Out, Bits<32>>,
    pub wd1: Signal<Out, Bits<32>>,
    pub wd2: Signal<Out, Bits<32>>,
    pub wd3: Signal<Out, Bits<32>>,
    pub wd4: Signal<Out, Bits<32>>,
    pub wd5: Signal<Out, Bits<32>>,
    pub wd6: Signal<Out, Bits<32>>,
    pub wd7: Signal<Out, Bits<32>>,
    pub u_wr_ok: Signal<In, Bit>,
    pub m_req_valid: Signal<Out, Bit>,
    pub m_req_addr: Signal<Out, Bits<32>>,
    pub m_req_space: Signal<Out, Bits<3>>,
    pub m_req_we: Signal<Out, Bit>,
    pub m_req_be: Signal<Out, Bits<4>>,
    pub m_req_wdata: Signal<Out, Bits<32>>,
    pub m_req_ready: Signal<In, Bit>,
    pub m_resp_valid: Signal<In, Bit>,
    pub m_resp_data: Signal<In, Bits<32>>,
    pub m_resp_err: Signal<In, Bit>,
    pub m_taken: Signal<Out, Bit>,
    pub gt_v: Signal<Out, Bit>,
    pub gt_n: Signal<Out, Bits<6>>,
    pub mem_ready: Signal<Out, Bit>,
    pub rel_valid: Signal<Out, Bit>,
    pub rel_ok: Signal<In, Bit>,
    pub rd_busy: Signal<Out, Bit>,
    pub sh_step: Signal<Out, Bit>,
    pub sh_req: Signal<Out, Bit>,
    pub rel_warp: Signal<Out, Bits<5>>,
    pub rel_tag: Signal<Out, Bits<2>>,
    pub lw_valid: Signal<Out, Bit>,
    pub lw_grp: Signal<Out, Bits<2>>,
    pub lw_reg: Signal<Out, Bits<8>>,
    pub st_valid: Signal<Out, Bit>,
    pub st_lane: Signal<Out, Bits<5>>,
    pub st_addr: Signal<Out, Bits<32>>,
    pub st_data: Signal<Out, Bits<32>>,
    pub st_bytes: Signal<Out, Bits<3>>,
    pub ss_valid: Signal<Out, Bit>,
    pub ss_grp: Signal<Out, Bits<2>>,
    pub ss_mask: Signal<Out, Bits<8>>,
    pub ss_a0: Signal<Out, Bits<32>>,
    pub ss_a1: Signal<Out, Bits<32>>,
    pub ss_a2: Signal<Out, Bits<32>>,
    pub ss_a3: Signal<Out, Bits<32>>,
    pub ss_a4: Signal<Out, Bits<32>>,
    pub ss_a5: Signal<Out, Bits<32>>,
    pub ss_a6: Signal<Out, Bits<32>>,
    pub ss_a7: Signal<Out, Bits<32>>,
    pub ss_d0: Signal<Out, Bits<32>>,
    pub ss_d1: Signal<Out, Bits<32>>,
    pub ss_d2: Signal<Out, Bits<32>>,
    pub ss_d3: Signal<Out, Bits<32>>,
    pub ss_d4: Signal<Out, Bits<32>>,
    pub ss_d5: Signal<Out, Bits<32>>,
    pub ss_d6: Signal<Out, Bits<32>>,
    pub ss_d7: Signal<Out, Bits<32>>,
    pub lt_valid: Signal<Out, Bit>,
    pub lt_warp: Signal<Out, Bits<5>>,
    pub lt_pc: Signal<Out, Bits<24>>,
    pub lt_mask: Signal<Out, Bits<32>>,
    pub lt_cta: Signal<Out, Bits<32>>,
    pub lt_wid: Signal<Out, Bits<5>>,
    pub flt_v: Signal<Out, Bit>,
    pub flt_kind: Signal<Out, Bits<4>>,
    pub flt_warp: Signal<Out, Bits<5>>,
    pub flt_pc: Signal<Out, Bits<24>>,
    pub flt_lane: Signal<Out, Bits<5>>,
    pub flt_addr: Signal<Out, Bits<32>>,
    // The instruction.
    st: DFF<Bits<5>>,
    warp: DFF<Bits<5>>,
    pc: DFF<Bits<24>>,
    mask: DFF<Bits<32>>,
    exec: DFF<Bits<32>>,
    cta: DFF<Bits<32>>,
    wid: DFF<Bits<5>>,
    tag: DFF<Bits<2>>,
    /// The earliest retire behind the SP pipeline (two passes).
    age: MinAge,
    spc: DFF<Bits<3>>,
    sz: DFF<Bits<3>>,
    store: DFF<Bit>,
    atom: DFF<Bit>,
    ra: DFF<Bits<7>>,
    rb: DFF<Bits<7>>,
    rc: DFF<Bits<7>>,
    asub: DFF<Bits<4>>,
    // An atomic's write phase (its lane's new word computed).
    aw: DFF<Bit>,
    rd: DFF<Bits<7>>,
    imm: DFF<Bits<32>>,
    // Lane groups read and written; the read whose words arrive now.
    gc: DFF<Bits<2>>,
    rv: DFF<Bit>,
    rg: DFF<Bits<2>>,
    // Per lane, found as its group's address arrives: misaligned for the instruction's
    // size; beyond the CTA's shared bytes.
    fmis: DFF<Bits<32>>,
    /// The coalescing rule, per half-warp: the AND and the OR of the executing lanes'
    /// segments (address bits 31..6; equal when they share one), and whether each executing
    /// lane addresses its own word of the segment (bit h).
    cand: [DFF<Bits<26>>; 2],
    cor: [DFF<Bits<26>>; 2],
    cinp: DFF<Bits<2>>,
    foob: DFF<Bits<32>>,
    // Per lane: address (the data words below), load result (a memory-port word as it
    // came: extracted at the write-back).
    addr: [DFF<Bits<32>>; 32],
    // Two copies of the addresses in distributed RAM (lane 8g + j is word g of RAM j,
    // written with `addr` a lane group at a time), so that no 32-lane multiplexer gathers
    // the 1,024 address bits: `adr_l` read at the lowest lane's group (the lane select),
    // `adr_s` at the shared-memory request's group (its first eight lanes). The flip-flops
    // stay for what reads every lane at once (the word match, the byte enables, the
    // upper eight lanes of a 16-lane request).
    adr_l: [LutRam<2, 32>; 8],
    adr_s: [LutRam<2, 32>; 8],
    // Each lane's data word (a store's, an atomic's c and then its new word), in two copies
    // of distributed RAM: lane 8g + j is word g of RAM j (a: the lane select's and the
    // shown group's reads, and the first eight lanes of a shared-memory request; b: a
    // half-warp request's last eight, unused with 8-lane requests).
    dram_a: [LutRam<2, 32>; 8],
    dram_b: [LutRam<2, 32>; 8],
    res: [DFF<Bits<32>>; 32],
    // An atomic's operand b per lane (c is in the data words, then the new word).
    // (In distributed RAM: lane 8g + j in word g of RAM j, written a lane group at a time,
    // read at the lane `low`.)
    bop: [LutRam<2, 32>; 8],
    // The lane's space (global, shared, local: a generic address resolved; its address in
    // that space is in `addr`).
    lsp: [DFF<Bits<2>>; 32],
    alu: AtomAlu,
    // An atomic's word read (its lane's; also kept in the lane's result).
    aold: DFF<Bits<32>>,
    pend: DFF<Bits<32>>,
    mtch: DFF<Bits<32>>,
    lane: DFF<Bits<5>>,
    // The fault.
    fk: DFF<Bits<4>>,
    fl: DFF<Bits<5>>,
    fa: DFF<Bits<32>>,
    // The store done in the last clock: its lane is `lane`.
    sv: DFF<Bit>,
    sa: DFF<Bits<32>>,
    sd: DFF<Bits<32>>,
    // Shared memory: the unit; the half requested, the half of the next response, the
    // responses still due, the store's lane groups shown; which responses are this unit's.
    smem: SharedMem<SW>,
    mport: MemPort,
    // The requests still to make (bit g: the request from lane group g) and the responses
    // still due; the second half of a line to clear (8-lane requests).
    sq: DFF<Bits<4>>,
    sr: DFF<Bits<4>>,
    zh: DFF<Bit>,
    gdone: DFF<Bit>,
    mine: Delay<Bit, SMEM_LATENCY>,
    // Locals.
    lt_valid_l: Signal<Local, Bit>,
    lw_valid_l: Signal<Local, Bit>,
    rel_valid_l: Signal<Local, Bit>,
    u_wr_l: Signal<Local, Bit>,
    u_rd_l: Signal<Local, Bit>,
    r1: Signal<Local, Bits<AW>>,
    off: Signal<Local, Bits<AW>>,
    sz2: Signal<Local, Bit>,
    sz4: Signal<Local, Bit>,
    ro: Signal<Local, Bit>,
    unsup: Signal<Local, Bit>,
    mis: Signal<Local, Bits<32>>,
    low: Signal<Local, Bits<32>>,
    low_i: Signal<Local, Bits<5>>,
    // The lanes whose lowest is `low`: those still to access, or in CHECK the faulting ones.
    psrc: Signal<Local, Bits<32>>,
    sel_a: Signal<Local, Bits<32>>,
    sel_d: Signal<Local, Bits<32>>,
    d_ra: Signal<Local, Bits<2>>,
    d_rb: Signal<Local, Bits<2>>,
    d_wa: Signal<Local, Bits<2>>,
    d_anew: Signal<Local, Bit>,
    d_wd: [Signal<Local, Bits<32>>; 8],
    sel_b: Signal<Local, Bits<32>>,
    rsrc: Signal<Local, Bits<7>>,
    // The lane group of the request presented (its first: a 16-lane request also has the
    // next), of the response arriving; the lanes the request's window is taken from.
    rgs: Signal<Local, Bits<2>>,
    rgr: Signal<Local, Bits<2>>,
    wsrc: Signal<Local, Bits<32>>,
    wq: Signal<Local, Bits<8>>,
    rwin: Signal<Local, Bits<32>>,
    // Lane groups with lanes in exec; the requests they make; the lowest of `sq` and `sr`.
    exg: Signal<Local, Bits<4>>,
    rqm: Signal<Local, Bits<4>>,
    hq: Signal<Local, Bits<2>>,
    hr: Signal<Local, Bits<2>>,
    cap: Signal<Local, Bits<32>>,
    low8: Signal<Local, Bits<8>>,
    ser: Signal<Local, Bit>,
    sel_k: Signal<Local, Bits<2>>,
    ga: [Signal<Local, Bits<32>>; 8],
    gofs: [Signal<Local, Bits<32>>; 8],
    gk: [Signal<Local, Bits<2>>; 8],
    resp_en: Signal<Local, Bit>,
    sm_en: Signal<Local, Bits<32>>,
    // The shared memory's read words (lanes 8..15: 0 with 8-lane requests); per shared-memory
    // lane, the word of a response; per lane l mod 16, its word.
    srd: [Signal<Local, Bits<32>>; 16],
    rsp: [Signal<Local, Bits<32>>; 16],
    rsq: [Signal<Local, Bits<32>>; 16],
    gmis: Signal<Local, Bits<8>>,
    goob: Signal<Local, Bits<8>>,
    gmis32: Signal<Local, Bits<32>>,
    goob32: Signal<Local, Bits<32>>,
    gm: Signal<Local, Bits<32>>,
    ge8: Signal<Local, Bits<8>>,
    gand: Signal<Local, Bits<26>>,
    gor: Signal<Local, Bits<26>>,
    ginp: Signal<Local, Bit>,
    ecnt: [Signal<Local, Bits<6>>; 2],
    tn: [Signal<Local, Bits<6>>; 2],
    llim: Signal<Local, Bits<32>>,
    lneg: Signal<Local, Bit>,
    thr10: Signal<Local, Bits<10>>,
    thr: Signal<Local, Bits<32>>,
    loc_a: Signal<Local, Bits<32>>,
    lane_oob: Signal<Local, Bit>,
    wa: Signal<Local, Bits<32>>,
    m_v: Signal<Local, Bits<32>>,
    be_v: Signal<Local, Bits<4>>,
    lbe: Signal<Local, Bits<4>>,
    lofs: Signal<Local, Bits<2>>,
    bmask: Signal<Local, Bits<4>>,
    sh8: Signal<Local, Bits<5>>,
    sofs: Signal<Local, Bits<2>>,
    rofs: Signal<Local, Bits<2>>,
    rsh: Signal<Local, Bits<5>>,
    shw: Signal<Local, Bits<32>>,
    ext: Signal<Local, Bits<32>>,
    exec8: Signal<Local, Bits<8>>,
    shared: Signal<Local, Bit>,
    slim: Signal<Local, Bits<32>>,
    sneg: Signal<Local, Bit>,
    nbytes: Signal<Local, Bits<32>>,
    soob: Signal<Local, Bits<32>>,
    s_own: Signal<Local, Bit>,
    z_go: Signal<Local, Bit>,
    s_take: Signal<Local, Bit>,
    s_size: Signal<Local, Bits<2>>,
    s_act: Signal<Local, Bits<16>>,
    sla: [Signal<Local, Bits<32>>; 16],
    sld: [Signal<Local, Bits<32>>; 16],
    wraw: [Signal<Local, Bits<32>>; 8],
    wofs: [Signal<Local, Bits<2>>; 8],
    wbyp: [Signal<Local, Bit>; 8],
    wx: [Signal<Local, Bits<32>>; 8],
    sofs_k: [Signal<Local, Bits<32>>; 16],
    sbase_z: Signal<Local, Bits<32>>,
    // Constants.
    lidx: [Constant<Bits<5>>; 32],
    onehot: [Constant<Bits<32>>; 32],
    gidx: [Constant<Bits<2>>; 4],
    grpmask: [Constant<Bits<32>>; 4],
    /// Byte offset 4j of lane j's word in its half-warp's lane group (bits 4..0).
    w4: [Constant<Bits<5>>; 8],
    ones26: Constant<Bits<26>>,
    one6: Constant<Bits<6>>,
    k_global: Constant<Bits<3>>,
    bit8: [Constant<Bits<8>>; 8],
    pos: [Constant<Bits<3>>; 8],
    one2: Constant<Bits<2>>,
    n1: Constant<Bits<3>>,
    n2: Constant<Bits<3>>,
    n4: Constant<Bits<3>>,
    one32: Constant<Bits<32>>,
    word_mask: Constant<Bits<32>>,
    be1: Constant<Bits<4>>,
    be3: Constant<Bits<4>>,
    be15: Constant<Bits<4>>,
    lo8: Constant<Bits<32>>,
    lo16: Constant<Bits<32>>,
    hi8: Constant<Bits<32>>,
    hi16: Constant<Bits<32>>,
    k_const: Constant<Bits<3>>,
    k_param: Constant<Bits<3>>,
    k_u8: Constant<Bits<3>>,
    k_s8: Constant<Bits<3>>,
    k_u16: Constant<Bits<3>>,
    k_s16: Constant<Bits<3>>,
    k_b32: Constant<Bits<3>>,
    k_shared: Constant<Bits<3>>,
    k_sreq: Constant<Bits<5>>,
    k_swait: Constant<Bits<5>>,
    k_anew: Constant<Bits<5>>,
    k_asrd: Constant<Bits<5>>,
    k_aswt: Constant<Bits<5>>,
    k_aswr: Constant<Bits<5>>,
    k_asww: Constant<Bits<5>>,
    all32: Constant<Bits<32>>,
    n1_32: Constant<Bits<32>>,
    n2_32: Constant<Bits<32>>,
    n4_32: Constant<Bits<32>>,
    one4: Constant<Bits<4>>,
    gbit: [Constant<Bits<4>>; 4],
    /// Shared-memory requests of 8 lanes (`SmConfig::smem_lanes`), else 16.
    q8: Constant<Bit>,
    sz_h: Constant<Bits<2>>,
    sz_w: Constant<Bits<2>>,
    act_z: Constant<Bits<16>>,
    zofs: [Constant<Bits<32>>; 16],
    zofs_hi: [Constant<Bits<32>>; 8],
    k_idle: Constant<Bits<5>>,
    k_read: Constant<Bits<5>>,
    k_req: Constant<Bits<5>>,
    k_check: Constant<Bits<5>>,
    k_resp: Constant<Bits<5>>,
    k_fault: Constant<Bits<5>>,
    k_misaligned: Constant<Bits<4>>,
    k_read_only: Constant<Bits<4>>,
    k_oob: Constant<Bits<4>>,
    k_unsup: Constant<Bits<4>>,
    k_local: Constant<Bits<3>>,
    k_generic: Constant<Bits<3>>,
    k2_global: Constant<Bits<2>>,
    k2_shared: Constant<Bits<2>>,
    k2_local: Constant<Bits<2>>,
    win_shared: Constant<Bits<8>>,
    win_local: Constant<Bits<8>>,
    win_mask: Constant<Bits<32>>,
}

impl<const AW: usize, const SW: usize> Default for SmLsu<AW, SW> {
    fn default() -> Self {
        Self::new(0, 16)
    }
}

impl<const AW: usize, const SW: usize> SmLsu<AW, SW> {
    /// The unit; an instruction retires `min_age` clocks after it is taken at the earliest
    /// ([`crate::sm::pipe::unit_min_age`]); its shared-memory requests have `smem_lanes`
    /// lanes (16 or 8: `SmConfig::smem_lanes`).
    pub fn new(min_age: usize, smem_lanes: usize) -> Self {
        let k3 = |v: u8| Constant::new((v as u64).into());
        let k4 = |v: u8| Constant::new((v as u64).into());
        let k5 = |v: u8| Constant::new((v as u64).into());
        Self {
            clock: Default::default(),
            clear: Default::default(),
            phase: Default::default(),
            a_v: Default::default(),
            a_warp: Default::default(),
            a_pc: Default::default(),
            a_mask: Default::default(),
            a_exec: Default::default(),
            a_cta: Default::default(),
            a_wid: Default::default(),
            a_tag: Default::default(),
            a_space: Default::default(),
            a_size: Default::default(),
            a_store: Default::default(),
            a_atom: Default::default(),
            a_ra: Default::default(),
            a_rb: Default::default(),
            a_rc: Default::default(),
            a_sub: Default::default(),
            a_rd: Default::default(),
            a_imm: Default::default(),
            regs: Default::default(),
            s_bytes: Default::default(),
            l_bytes: Default::default(),
            l_shift: Default::default(),
            s_base: Default::default(),
            z_v: Default::default(),
            z_addr: Default::default(),
            z_ok: Default::default(),
            b_warp: Default::default(),
            b_base: Default::default(),
            u_rd: Default::default(),
            u_rset: Default::default(),
            u_ra: Default::default(),
            u_rb: Default::default(),
            u_rc: Default::default(),
            u_rd_ok: Default::default(),
            ua0: Default::default(),
            ua1: Default::default(),
            ua2: Default::default(),
            ua3: Default::default(),
            ua4: Default::default(),
            ua5: Default::default(),
            ua6: Default::default(),
            ua7: Default::default(),
            ub0: Default::default(),
            ub1: Default::default(),
            ub2: Default::default(),
            ub3: Default::default(),
            ub4: Default::default(),
            ub5: Default::default(),
            ub6: Default::default(),
            ub7: Default::default(),
            uc0: Default::default(),
            uc1: Default::default(),
            uc2: Default::default(),
            uc3: Default::default(),
            uc4: Default::default(),
            uc5: Default::default(),
            uc6: Default::default(),
            uc7: Default::default(),
            u_wr: Default::default(),
            u_wset: Default::default(),
            u_waddr: Default::default(),
            u_wmask: Default::default(),
            wd0: Default::default(),
            wd1: Default::default(),
            wd2: Default::default(),
            wd3: Default::default(),
            wd4: Default::default(),
            wd5: Default::default(),
            wd6: Default::default(),
            wd7: Default::default(),
            u_wr_ok: Default::default(),
            m_req_valid: Default::default(),
            m_req_addr: Default::default(),
            m_req_space: Default::default(),
            m_req_we: Default::default(),
            m_req_be: Default::default(),
            m_req_wdata: Default::default(),
            m_req_ready: Default::default(),
            m_resp_valid: Default::default(),
            m_resp_data: Default::default(),
            m_resp_err: Default::default(),
            m_taken: Default::default(),
            gt_v: Default::default(),
            gt_n: Default::default(),
            mem_ready: Default::default(),
            rel_valid: Default::default(),
            rel_ok: Default::default(),
            rd_busy: Default::default(),
            sh_step: Default::default(),
            sh_req: Default::default(),
            rel_warp: Default::default(),
            rel_tag: Default::default(),
            lw_valid: Default::default(),
            lw_grp: Default::default(),
            lw_reg: Default::default(),
            st_valid: Default::default(),
            st_lane: Default::default(),
            st_addr: Default::default(),
            st_data: Default::default(),
            st_bytes: Default::default(),
            ss_valid: Default::default(),
            ss_grp: Default::default(),
            ss_mask: Default::default(),
            ss_a0: Default::default(),
            ss_a1: Default::default(),
            ss_a2: Default::default(),
            ss_a3: Default::default(),
            ss_a4: Default::default(),
            ss_a5: Default::default(),
            ss_a6: Default::default(),
            ss_a7: Default::default(),
            ss_d0: Default::default(),
            ss_d1: Default::default(),
            ss_d2: Default::default(),
            ss_d3: Default::default(),
            ss_d4: Default::default(),
            ss_d5: Default::default(),
            ss_d6: Default::default(),
            ss_d7: Default::default(),
            lt_valid: Default::default(),
            lt_warp: Default::default(),
            lt_pc: Default::default(),
            lt_mask: Default::default(),
            lt_cta: Default::default(),
            lt_wid: Default::default(),
            flt_v: Default::default(),
            flt_kind: Default::default(),
            flt_warp: Default::default(),
            flt_pc: Default::default(),
            flt_lane: Default::default(),
            flt_addr: Default::default(),
            st: Default::default(),
            warp: Default::default(),
            pc: Default::default(),
            mask: Default::default(),
            exec: Default::default(),
            cta: Default::default(),
            wid: Default::default(),
            tag: Default::default(),
            age: MinAge::new(min_age),
            spc: Default::default(),
            sz: Default::default(),
            store: Default::default(),
            atom: Default::default(),
            ra: Default::default(),
            rb: Default::default(),
            rc: Default::default(),
            asub: Default::default(),
            aw: Default::default(),
            rd: Default::default(),
            imm: Default::default(),
            gc: Default::default(),
            rv: Default::default(),
            rg: Default::default(),
            fmis: Default::default(),
            cand: array_init(|_| Default::default()),
            cor: array_init(|_| Default::default()),
            cinp: Default::default(),
            foob: Default::default(),
            addr: array_init(|_| Default::default()),
            adr_l: array_init(|_| LutRam::new(4)),
            adr_s: array_init(|_| LutRam::new(4)),
            dram_a: array_init(|_| LutRam::new(4)),
            dram_b: array_init(|_| LutRam::new(4)),
            res: array_init(|_| Default::default()),
            bop: array_init(|_| LutRam::new(4)),
            lsp: array_init(|_| Default::default()),
            alu: Default::default(),
            aold: Default::default(),
            pend: Default::default(),
            mtch: Default::default(),
            lane: Default::default(),
            fk: Default::default(),
            fl: Default::default(),
            fa: Default::default(),
            sv: Default::default(),
            sa: Default::default(),
            sd: Default::default(),
            smem: SharedMem::new(smem_lanes),
            mport: Default::default(),
            sq: Default::default(),
            sr: Default::default(),
            zh: Default::default(),
            gdone: Default::default(),
            mine: Default::default(),
            u_rd_l: Default::default(),
            u_wr_l: Default::default(),
            rel_valid_l: Default::default(),
            lw_valid_l: Default::default(),
            lt_valid_l: Default::default(),
            r1: Default::default(),
            off: Default::default(),
            sz2: Default::default(),
            sz4: Default::default(),
            ro: Default::default(),
            unsup: Default::default(),
            mis: Default::default(),
            low: Default::default(),
            low_i: Default::default(),
            psrc: Default::default(),
            sel_a: Default::default(),
            sel_d: Default::default(),
            d_ra: Default::default(),
            d_rb: Default::default(),
            d_wa: Default::default(),
            d_anew: Default::default(),
            d_wd: array_init(|_| Default::default()),
            sel_b: Default::default(),
            rsrc: Default::default(),
            rgs: Default::default(),
            rgr: Default::default(),
            wsrc: Default::default(),
            wq: Default::default(),
            rwin: Default::default(),
            exg: Default::default(),
            rqm: Default::default(),
            hq: Default::default(),
            hr: Default::default(),
            cap: Default::default(),
            low8: Default::default(),
            ser: Default::default(),
            sel_k: Default::default(),
            ga: array_init(|_| Default::default()),
            gofs: array_init(|_| Default::default()),
            gk: array_init(|_| Default::default()),
            resp_en: Default::default(),
            sm_en: Default::default(),
            srd: array_init(|_| Default::default()),
            rsp: array_init(|_| Default::default()),
            rsq: array_init(|_| Default::default()),
            gmis: Default::default(),
            goob: Default::default(),
            gmis32: Default::default(),
            goob32: Default::default(),
            gm: Default::default(),
            ge8: Default::default(),
            gand: Default::default(),
            gor: Default::default(),
            ginp: Default::default(),
            ecnt: array_init(|_| Default::default()),
            tn: array_init(|_| Default::default()),
            llim: Default::default(),
            lneg: Default::default(),
            thr10: Default::default(),
            thr: Default::default(),
            loc_a: Default::default(),
            lane_oob: Default::default(),
            wa: Default::default(),
            m_v: Default::default(),
            be_v: Default::default(),
            lbe: Default::default(),
            lofs: Default::default(),
            bmask: Default::default(),
            sh8: Default::default(),
            sofs: Default::default(),
            rofs: Default::default(),
            rsh: Default::default(),
            shw: Default::default(),
            ext: Default::default(),
            exec8: Default::default(),
            shared: Default::default(),
            slim: Default::default(),
            sneg: Default::default(),
            nbytes: Default::default(),
            soob: Default::default(),
            s_own: Default::default(),
            z_go: Default::default(),
            s_take: Default::default(),
            s_size: Default::default(),
            s_act: Default::default(),
            sla: array_init(|_| Default::default()),
            sld: array_init(|_| Default::default()),
            wraw: array_init(|_| Default::default()),
            wofs: array_init(|_| Default::default()),
            wbyp: array_init(|_| Default::default()),
            wx: array_init(|_| Default::default()),
            sofs_k: array_init(|_| Default::default()),
            sbase_z: Default::default(),
            lidx: array_init(|l| Constant::new((l as u64).into())),
            onehot: array_init(|l| Constant::new((1u64 << l).into())),
            gidx: array_init(|g| Constant::new((g as u64).into())),
            grpmask: array_init(|g| Constant::new((0xFFu64 << (8 * g)).into())),
            w4: array_init(|j| Constant::new((4 * j as u64).into())),
            ones26: Constant::new(((1u64 << 26) - 1).into()),
            one6: Constant::new(1u64.into()),
            k_global: k3(space::GLOBAL),
            bit8: array_init(|j| Constant::new((1u64 << j).into())),
            pos: array_init(|j| Constant::new((j as u64).into())),
            one2: Constant::new(1u64.into()),
            n1: Constant::new(1u64.into()),
            n2: Constant::new(2u64.into()),
            n4: Constant::new(4u64.into()),
            one32: Constant::new(1u64.into()),
            word_mask: Constant::new(0xFFFF_FFFCu64.into()),
            be1: Constant::new(1u64.into()),
            be3: Constant::new(3u64.into()),
            be15: Constant::new(15u64.into()),
            lo8: Constant::new(0xFFu64.into()),
            lo16: Constant::new(0xFFFFu64.into()),
            hi8: Constant::new(0xFFFF_FF00u64.into()),
            hi16: Constant::new(0xFFFF_0000u64.into()),
            k_const: k3(space::CONST),
            k_param: k3(space::PARAM),
            k_u8: k3(size::U8),
            k_s8: k3(size::S8),
            k_u16: k3(size::U16),
            k_s16: k3(size::S16),
            k_b32: k3(size::B32),
            k_shared: k3(space::SHARED),
            k_sreq: k5(state::SREQ),
            k_swait: k5(state::SWAIT),
            k_anew: k5(state::ANEW),
            k_asrd: k5(state::ASRD),
            k_aswt: k5(state::ASWT),
            k_aswr: k5(state::ASWR),
            k_asww: k5(state::ASWW),
            all32: Constant::new(0xFFFF_FFFFu64.into()),
            n1_32: Constant::new(1u64.into()),
            n2_32: Constant::new(2u64.into()),
            n4_32: Constant::new(4u64.into()),
            one4: Constant::new(1u64.into()),
            gbit: array_init(|g| Constant::new((1u64 << g).into())),
            q8: Constant::new(smem_lanes == 8),
            sz_h: Constant::new(1u64.into()),
            sz_w: Constant::new(2u64.into()),
            act_z: Constant::new((lane_mask(smem_lanes) as u64).into()),
            zofs: array_init(|l| Constant::new((4 * l as u64).into())),
            zofs_hi: array_init(|l| Constant::new((32 + 4 * l as u64).into())),
            k_idle: k5(state::IDLE),
            k_read: k5(state::READ),
            k_req: k5(state::REQ),
            k_check: k5(state::CHECK),
            k_resp: k5(state::RESP),
            k_fault: k5(state::FAULT),
            k_misaligned: k4(sm_fault::MISALIGNED),
            k_read_only: k4(sm_fault::READ_ONLY),
            k_oob: k4(sm_fault::OUT_OF_BOUNDS),
            k_unsup: k4(sm_fault::NOT_SUPPORTED),
            k_local: k3(space::LOCAL),
            k_generic: k3(space::GENERIC),
            k2_global: Constant::new((space::GLOBAL as u64).into()),
            k2_shared: Constant::new((space::SHARED as u64).into()),
            k2_local: Constant::new((space::LOCAL as u64).into()),
            win_shared: Constant::new(((space::SHARED_WINDOW >> 24) as u64).into()),
            win_local: Constant::new(((space::LOCAL_WINDOW >> 24) as u64).into()),
            win_mask: Constant::new(((!space::LOCAL_WINDOW & !space::SHARED_WINDOW & 0xFFFF_FFFF) as u64).into()),
        }
    }
}

impl<const AW: usize, const SW: usize> Logic for SmLsu<AW, SW> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, st, warp, pc, mask, exec, cta, wid, tag, spc, sz, store, atom, ra, rb, rc, asub, aw, rd, imm, gc, rv, rg, pend, mtch,
            lane, fk, fl, fa, sv, sa, sd, sq, sr, zh, gdone, aold
        );
        self.smem.clock.next = self.clock.val();
        self.mport.clock.next = self.clock.val();
        self.mport.clear.next = self.clear.val();
        self.mine.clock.next = self.clock.val();
        self.age.clock.next = self.clock.val();
        self.age.start.next = (self.st.q.val() == self.k_idle.val()) & self.a_v.val();
        for l in 0..32 {
            self.addr[l].clock.next = self.clock.val();
            self.res[l].clock.next = self.clock.val();
            self.addr[l].d.next = self.addr[l].q.val();
            self.res[l].d.next = self.res[l].q.val();
            self.lsp[l].clock.next = self.clock.val();
            self.lsp[l].d.next = self.lsp[l].q.val();
        }
        // Register addresses of the current lane group.
        self.b_warp.next = self.warp.q.val();
        self.r1.next = bit_cast::<AW, 8>(self.regs.val());
        if !self.regs.val().any() {
            self.r1.next = 1.into();
        }
        self.off.next = self.b_base.val();
        if self.gc.q.val().get_bit(1) {
            self.off.next = self.b_base.val() + self.r1.val();
        }
        // Access size and the spaces.
        self.sz2.next = (self.sz.q.val() == self.k_u16.val()) | (self.sz.q.val() == self.k_s16.val());
        self.sz4.next = self.sz.q.val() == self.k_b32.val();
        self.ro.next = (self.spc.q.val() == self.k_param.val()) | (self.spc.q.val() == self.k_const.val());
        self.shared.next = self.spc.q.val() == self.k_shared.val();
        self.ser.next = (self.atom.q.val() | (self.spc.q.val() == self.k_local.val())) | (self.spc.q.val() == self.k_generic.val());
        self.unsup.next = ((self.spc.q.val() > self.k_generic.val()) | (self.atom.q.val() & self.ro.val()))
            | (self.sz.q.val() > self.k_b32.val());
        // Lanes in exec with a misaligned address (found as the addresses arrived).
        self.mis.next = self.exec.q.val() & self.fmis.q.val();
        // Shared memory: the lanes in exec beyond the CTA's bytes (an n-byte access at a
        // fits when a <= S - n; found as the addresses arrived, below).
        self.nbytes.next = self.n1_32.val();
        if self.sz2.val() {
            self.nbytes.next = self.n2_32.val();
        }
        if self.sz4.val() {
            self.nbytes.next = self.n4_32.val();
        }
        self.slim.next = self.s_bytes.val() - self.nbytes.val();
        self.sneg.next = self.s_bytes.val() < self.nbytes.val();
        self.soob.next = self.exec.q.val() & self.foob.q.val();
        // The lowest lane still to access, or in CHECK the lowest lane of the fault found
        // (the priority of the CHECK state's faults: a store to a read-only space names the
        // lowest lane in exec, then misaligned lanes, then shared lanes out of bounds), and
        // its words: one select serves the access and the fault.
        self.psrc.next = self.pend.q.val();
        if self.st.q.val() == self.k_check.val() {
            self.psrc.next = 0.into();
            if self.shared.val() {
                self.psrc.next = self.soob.val();
            }
            if self.mis.val().any() {
                self.psrc.next = self.mis.val();
            }
            if self.store.q.val() & self.ro.val() {
                self.psrc.next = self.exec.q.val();
            }
        }
        self.low.next = self.psrc.val() & ((!self.psrc.val()) + self.one32.val());
        self.low_i.next = 0.into();
        self.sel_a.next = 0.into();
        self.sel_d.next = 0.into();
        self.sel_k.next = 0.into();
        for l in 0..32 {
            if self.low.val().get_bit(l) {
                self.low_i.next = self.lidx[l].val();
                self.sel_k.next = self.lsp[l].q.val();
            }
        }
        for j in 0..8 {
            self.adr_l[j].raddr.next = self.low_i.val().get_bits::<2>(3);
            if self.low.val().any() & (self.low_i.val().get_bits::<3>(0) == self.pos[j].val()) {
                self.sel_a.next = self.adr_l[j].rdata.val();
            }
        }
        // The shared-memory requests of a warp access: one per lane group with lanes in exec
        // (8 lanes), or per half-warp with lanes in exec (16 lanes: from group 0 or 2, with
        // the next group), made lowest first; `sq` / `sr` hold those not yet made / answered.
        self.exg.next = 0.into();
        for g in 0..4 {
            if self.exec.q.val().get_bits::<8>(8 * g).any() {
                self.exg.next = self.exg.val() | self.gbit[g].val();
            }
        }
        self.rqm.next = self.exg.val();
        if !self.q8.val() {
            self.rqm.next = 0.into();
            if self.exg.val().get_bit(0) | self.exg.val().get_bit(1) {
                self.rqm.next = self.gbit[0].val();
            }
            if self.exg.val().get_bit(2) | self.exg.val().get_bit(3) {
                self.rqm.next = self.rqm.val() | self.gbit[2].val();
            }
        }
        self.hq.next = self.gidx[3].val();
        self.hr.next = self.gidx[3].val();
        if self.sq.q.val().get_bit(2) {
            self.hq.next = self.gidx[2].val();
        }
        if self.sr.q.val().get_bit(2) {
            self.hr.next = self.gidx[2].val();
        }
        if self.sq.q.val().get_bit(1) {
            self.hq.next = self.gidx[1].val();
        }
        if self.sr.q.val().get_bit(1) {
            self.hr.next = self.gidx[1].val();
        }
        if self.sq.q.val().get_bit(0) {
            self.hq.next = self.gidx[0].val();
        }
        if self.sr.q.val().get_bit(0) {
            self.hr.next = self.gidx[0].val();
        }
        // The request's lane group (lane by lane: the lane's; a 16-lane request starts at
        // group 0 or 2) and the lanes its window is taken from.
        self.rgs.next = self.hq.val();
        self.wsrc.next = self.exec.q.val();
        if self.ser.val() {
            self.rgs.next = self.low_i.val().get_bits::<2>(3);
            if !self.q8.val() {
                self.rgs.next = self.low_i.val().get_bits::<2>(3) & self.gidx[2].val();
            }
            self.wsrc.next = self.low.val();
        }
        // The shared memory's request: this unit's half-warp (SREQ), else a line to clear
        // while the unit is idle (so that a store of the CTA that had the region before,
        // still in this unit when the new CTA starts, lands before the clearing).
        self.s_own.next = (self.st.q.val() == self.k_sreq.val()) | ((self.st.q.val() == self.k_asrd.val()) | (self.st.q.val() == self.k_aswr.val()));
        self.z_go.next = self.z_v.val() & (self.st.q.val() == self.k_idle.val());
        self.s_size.next = 0.into();
        if self.sz2.val() {
            self.s_size.next = self.sz_h.val();
        }
        if self.sz4.val() {
            self.s_size.next = self.sz_w.val();
        }
        if self.q8.val() {
            self.wq.next = self.wsrc.val().get_bits::<8>(0);
            if self.rgs.val() == self.gidx[1].val() {
                self.wq.next = self.wsrc.val().get_bits::<8>(8);
            }
            if self.rgs.val() == self.gidx[2].val() {
                self.wq.next = self.wsrc.val().get_bits::<8>(16);
            }
            if self.rgs.val() == self.gidx[3].val() {
                self.wq.next = self.wsrc.val().get_bits::<8>(24);
            }
            self.s_act.next = bit_cast::<16, 8>(self.wq.val());
        } else {
            self.s_act.next = self.wsrc.val().get_bits::<16>(0);
            if self.rgs.val().get_bit(1) {
                self.s_act.next = self.wsrc.val().get_bits::<16>(16);
            }
        }
        if !self.s_own.val() {
            self.s_act.next = self.act_z.val();
            self.s_size.next = self.sz_w.val();
        }
        // Each lane's shared-memory address: its address in the CTA's region plus the
        // region's base, or a line's word to clear (one adder a lane).
        self.sbase_z.next = self.s_base.val();
        if !self.s_own.val() {
            self.sbase_z.next = self.z_addr.val();
        }
        // The data words: copy a reads the shown group (a shared store's wait, an atomic's
        // shared write), else the first lane group of the shared-memory request, else the
        // lowest lane's group; copy b a 16-lane request's second group.
        self.d_ra.next = self.low_i.val().get_bits::<2>(3);
        if self.s_own.val() {
            self.d_ra.next = self.rgs.val();
        }
        if ((self.st.q.val() == self.k_swait.val()) | (self.st.q.val() == self.k_asww.val())) | (self.st.q.val() == self.k_aswt.val()) {
            self.d_ra.next = self.gc.q.val();
        }
        self.d_rb.next = self.rgs.val() | self.gidx[1].val();
        for j in 0..8 {
            self.dram_a[j].raddr.next = self.d_ra.val();
            self.dram_b[j].raddr.next = self.d_rb.val();
        }
        self.sel_d.next = 0.into();
        for j in 0..8 {
            if self.low_i.val().get_bits::<3>(0) == self.pos[j].val() {
                self.sel_d.next = self.dram_a[j].rdata.val();
            }
        }
        for k in 0..8 {
            self.sld[k].next = self.dram_a[k].rdata.val();
            self.sld[k + 8].next = self.dram_b[k].rdata.val();
            if !self.s_own.val() {
                self.sld[k].next = 0.into();
                self.sld[k + 8].next = 0.into();
            }
            if self.q8.val() {
                self.sld[k + 8].next = 0.into();
            }
        }
        // A request's lane k: lane k of its first group (8 lanes: of group `rgs`; 16 lanes:
        // lane k of the half-warp); a line to clear: its word k (8 lanes: of the line's
        // first or second 32 bytes).
        for k in 0..8 {
            self.adr_s[k].raddr.next = self.rgs.val();
            self.sofs_k[k].next = self.adr_s[k].rdata.val();
            if !self.s_own.val() {
                self.sofs_k[k].next = self.zofs[k].val();
                if self.zh.q.val() {
                    self.sofs_k[k].next = self.zofs_hi[k].val();
                }
            }
            self.sofs_k[k + 8].next = self.addr[k + 8].q.val();
            if self.rgs.val().get_bit(1) {
                self.sofs_k[k + 8].next = self.addr[k + 24].q.val();
            }
            if !self.s_own.val() {
                self.sofs_k[k + 8].next = self.zofs[k + 8].val();
            }
            if self.q8.val() {
                self.sofs_k[k + 8].next = 0.into();
            }
        }
        for k in 0..16 {
            self.sla[k].next = self.sofs_k[k].val() + self.sbase_z.val();
        }
        self.smem.in_valid.next = self.s_own.val() | self.z_go.val();
        self.smem.in_store.next = (self.store.q.val() | self.aw.q.val()) | !self.s_own.val();
        self.smem.in_size.next = self.s_size.val();
        self.smem.in_signed.next = self.s_own.val() & ((self.sz.q.val() == self.k_s8.val()) | (self.sz.q.val() == self.k_s16.val()));
        self.smem.in_active.next = self.s_act.val();
        self.smem.lane0_addr.next = self.sla[0].val();
        self.smem.lane1_addr.next = self.sla[1].val();
        self.smem.lane2_addr.next = self.sla[2].val();
        self.smem.lane3_addr.next = self.sla[3].val();
        self.smem.lane4_addr.next = self.sla[4].val();
        self.smem.lane5_addr.next = self.sla[5].val();
        self.smem.lane6_addr.next = self.sla[6].val();
        self.smem.lane7_addr.next = self.sla[7].val();
        self.smem.lane8_addr.next = self.sla[8].val();
        self.smem.lane9_addr.next = self.sla[9].val();
        self.smem.lane10_addr.next = self.sla[10].val();
        self.smem.lane11_addr.next = self.sla[11].val();
        self.smem.lane12_addr.next = self.sla[12].val();
        self.smem.lane13_addr.next = self.sla[13].val();
        self.smem.lane14_addr.next = self.sla[14].val();
        self.smem.lane15_addr.next = self.sla[15].val();
        self.smem.lane0_wdata.next = self.sld[0].val();
        self.smem.lane1_wdata.next = self.sld[1].val();
        self.smem.lane2_wdata.next = self.sld[2].val();
        self.smem.lane3_wdata.next = self.sld[3].val();
        self.smem.lane4_wdata.next = self.sld[4].val();
        self.smem.lane5_wdata.next = self.sld[5].val();
        self.smem.lane6_wdata.next = self.sld[6].val();
        self.smem.lane7_wdata.next = self.sld[7].val();
        self.smem.lane8_wdata.next = self.sld[8].val();
        self.smem.lane9_wdata.next = self.sld[9].val();
        self.smem.lane10_wdata.next = self.sld[10].val();
        self.smem.lane11_wdata.next = self.sld[11].val();
        self.smem.lane12_wdata.next = self.sld[12].val();
        self.smem.lane13_wdata.next = self.sld[13].val();
        self.smem.lane14_wdata.next = self.sld[14].val();
        self.smem.lane15_wdata.next = self.sld[15].val();
        self.s_take.next = self.s_own.val() & self.smem.in_ready.val();
        // (8 lanes: a line is cleared in two requests, its second half in `zh`)
        self.z_ok.next = (self.z_go.val() & self.smem.in_ready.val()) & (self.zh.q.val() | !self.q8.val());
        if (self.z_go.val() & self.smem.in_ready.val()) & self.q8.val() {
            self.zh.d.next = !self.zh.q.val();
        }
        self.mine.d.next = self.s_take.val();
        // The lanes a response fills: a load's request's; lane by lane, the lane's (its
        // read's response: a load's, an atomic's word read).
        self.rgr.next = self.hr.val();
        self.cap.next = 0.into();
        if !self.store.q.val() {
            self.cap.next = self.all32.val();
        }
        if self.ser.val() {
            self.rgr.next = self.rgs.val();
            self.cap.next = 0.into();
            if (self.st.q.val() == self.k_aswt.val()) & !self.store.q.val() {
                self.cap.next = self.low.val();
            }
        }
        // This unit's shared-memory responses (SMEM_LATENCY after their request was taken,
        // in order): a load's words into the results of the request's lanes.
        if self.mine.q.val() {
            self.sr.d.next = self.sr.q.val() & (self.sr.q.val() - self.one4.val());
        }
        // A lane's result is written from its shared-memory lane (l mod 16, or l mod 8) or from the
        // memory port's response, through one multiplexer per shared-memory lane: a
        // shared-memory response and a memory-port response never arrive in one clock (a
        // global access takes no shared-memory request, and an instruction's shared
        // responses have all come before it leaves SWAIT or ASWT).
        self.resp_en.next = ((self.st.q.val() == self.k_resp.val()) & self.mport.r_valid.val()) & !self.aw.q.val();
        self.rwin.next = self.lo16.val();
        if self.rgr.val().get_bit(1) {
            self.rwin.next = self.hi16.val();
        }
        if self.q8.val() {
            for g in 0..4 {
                if self.rgr.val() == self.gidx[g].val() {
                    self.rwin.next = self.grpmask[g].val();
                }
            }
        }
        self.sm_en.next = 0.into();
        if self.mine.q.val() {
            self.sm_en.next = self.cap.val() & self.rwin.val();
        }
        self.srd[0].next = self.smem.lane0_rdata.val();
        self.srd[1].next = self.smem.lane1_rdata.val();
        self.srd[2].next = self.smem.lane2_rdata.val();
        self.srd[3].next = self.smem.lane3_rdata.val();
        self.srd[4].next = self.smem.lane4_rdata.val();
        self.srd[5].next = self.smem.lane5_rdata.val();
        self.srd[6].next = self.smem.lane6_rdata.val();
        self.srd[7].next = self.smem.lane7_rdata.val();
        self.srd[8].next = self.smem.lane8_rdata.val();
        self.srd[9].next = self.smem.lane9_rdata.val();
        self.srd[10].next = self.smem.lane10_rdata.val();
        self.srd[11].next = self.smem.lane11_rdata.val();
        self.srd[12].next = self.smem.lane12_rdata.val();
        self.srd[13].next = self.smem.lane13_rdata.val();
        self.srd[14].next = self.smem.lane14_rdata.val();
        self.srd[15].next = self.smem.lane15_rdata.val();
        for k in 8..16 {
            if self.q8.val() {
                self.srd[k].next = 0.into();
            }
        }
        for k in 0..16 {
            self.rsp[k].next = self.srd[k].val();
            if self.resp_en.val() {
                self.rsp[k].next = self.mport.r_data.val();
            }
        }
        for k in 0..8 {
            self.rsq[k].next = self.rsp[k].val();
            self.rsq[k + 8].next = self.rsp[k + 8].val();
            if self.q8.val() {
                self.rsq[k + 8].next = self.rsp[k].val();
            }
        }
        for l in 0..16 {
            if self.sm_en.val().get_bit(l) | (self.resp_en.val() & self.mtch.q.val().get_bit(l)) {
                self.res[l].d.next = self.rsq[l].val();
            }
            if self.sm_en.val().get_bit(l + 16) | (self.resp_en.val() & self.mtch.q.val().get_bit(l + 16)) {
                self.res[l + 16].d.next = self.rsq[l].val();
            }
        }
        // The request: the lowest pending lane's word; a load serves every pending lane of
        // that word, a store its lane alone.
        self.wa.next = self.sel_a.val() & self.word_mask.val();
        self.m_v.next = self.low.val();
        self.be_v.next = 0.into();
        for l in 0..32 {
            self.lofs.next = self.addr[l].q.val().get_bits::<2>(0);
            self.bmask.next = self.be1.val();
            if self.sz2.val() {
                self.bmask.next = self.be3.val();
            }
            if self.sz4.val() {
                self.bmask.next = self.be15.val();
            }
            self.lbe.next = self.bmask.val() << self.lofs.val();
            if !(self.store.q.val() | self.ser.val()) & (self.pend.q.val().get_bit(l) & ((self.addr[l].q.val() & self.word_mask.val()) == self.wa.val())) {
                self.m_v.next = self.m_v.val() | self.onehot[l].val();
            }
            if self.m_v.val().get_bit(l) {
                self.be_v.next = self.be_v.val() | self.lbe.val();
            }
        }
        self.sofs.next = self.sel_a.val().get_bits::<2>(0);
        self.sh8.next = bit_cast::<5, 2>(self.sofs.val()) << 3;
        self.mport.start.next = self.st.q.val() == self.k_req.val();
        self.m_req_valid.next = self.mport.m_req_valid.val();
        self.mport.m_req_ready.next = self.m_req_ready.val();
        self.mport.m_resp_valid.next = self.m_resp_valid.val();
        self.mport.m_resp_data.next = self.m_resp_data.val();
        self.mport.m_resp_err.next = self.m_resp_err.val();
        self.m_taken.next = self.mport.taken.val();
        // Local memory: thread (warp slot, lane)'s window of 2^l_shift bytes.
        self.thr10.next = bit_cast::<10, 5>(self.warp.q.val()) << 5;
        self.thr.next = bit_cast::<32, 10>(self.thr10.val()) | bit_cast::<32, 5>(self.low_i.val());
        self.loc_a.next = (self.thr.val() << self.l_shift.val()) + self.wa.val();
        self.m_req_addr.next = self.wa.val();
        self.m_req_space.next = self.spc.q.val();
        if self.ser.val() {
            self.m_req_space.next = bit_cast::<3, 2>(self.sel_k.val());
            if self.sel_k.val() == self.k2_local.val() {
                self.m_req_addr.next = self.loc_a.val();
            }
        }
        // The lane's bounds, lane by lane: shared memory (the CTA's bytes), local memory (the
        // thread's bytes); global memory's are the memory port's.
        self.llim.next = self.l_bytes.val() - self.nbytes.val();
        self.lneg.next = self.l_bytes.val() < self.nbytes.val();
        self.lane_oob.next = false;
        if self.sel_k.val() == self.k2_shared.val() {
            self.lane_oob.next = self.sneg.val() | (self.sel_a.val() > self.slim.val());
        }
        if self.sel_k.val() == self.k2_local.val() {
            self.lane_oob.next = self.lneg.val() | (self.sel_a.val() > self.llim.val());
        }
        self.m_req_we.next = self.store.q.val() | self.aw.q.val();
        self.m_req_be.next = self.be_v.val();
        self.m_req_wdata.next = self.sel_d.val() << self.sh8.val();
        // Defaults of the outputs.
        self.u_rd_l.next = false;
        self.u_rset.next = self.gc.q.val().get_bit(0);
        self.u_ra.next = self.off.val() + bit_cast::<AW, 7>(self.ra.q.val());
        self.rsrc.next = self.rd.q.val();
        if self.atom.q.val() {
            self.rsrc.next = self.rc.q.val();
        }
        self.u_rb.next = self.off.val() + bit_cast::<AW, 7>(self.rb.q.val());
        self.u_rc.next = self.off.val() + bit_cast::<AW, 7>(self.rsrc.val());
        self.u_wr_l.next = false;
        self.u_wset.next = self.gc.q.val().get_bit(0);
        self.u_waddr.next = self.off.val() + bit_cast::<AW, 7>(self.rd.q.val());
        match self.gc.q.val().index() {
            0 => {
                self.exec8.next = self.exec.q.val().get_bits::<8>(0);
            }
            1 => {
                self.exec8.next = self.exec.q.val().get_bits::<8>(8);
            }
            2 => {
                self.exec8.next = self.exec.q.val().get_bits::<8>(16);
            }
            _ => {
                self.exec8.next = self.exec.q.val().get_bits::<8>(24);
            }
        }
        self.u_wmask.next = self.exec8.val();
        // Write-back of lane group gc: each lane's result, a word from the memory port
        // shifted and extended by the lane's byte offset (the shared memory's words come
        // extended).
        for j in 0..8 {
            self.wraw[j].next = 0.into();
            self.wofs[j].next = 0.into();
            self.wbyp[j].next = false;
            for g in 0..4 {
                if self.gc.q.val() == self.gidx[g].val() {
                    self.wraw[j].next = self.res[8 * g + j].q.val();
                    self.wofs[j].next = self.addr[8 * g + j].q.val().get_bits::<2>(0);
                    self.wbyp[j].next = self.lsp[8 * g + j].q.val() == self.k2_shared.val();
                }
            }
            self.rofs.next = self.wofs[j].val();
            self.rsh.next = bit_cast::<5, 2>(self.rofs.val()) << 3;
            self.shw.next = self.wraw[j].val() >> self.rsh.val();
            self.ext.next = self.shw.val();
            if self.sz.q.val() == self.k_u8.val() {
                self.ext.next = self.shw.val() & self.lo8.val();
            }
            if self.sz.q.val() == self.k_s8.val() {
                self.ext.next = self.shw.val() & self.lo8.val();
                if self.shw.val().get_bit(7) {
                    self.ext.next = self.shw.val() | self.hi8.val();
                }
            }
            if self.sz.q.val() == self.k_u16.val() {
                self.ext.next = self.shw.val() & self.lo16.val();
            }
            if self.sz.q.val() == self.k_s16.val() {
                self.ext.next = self.shw.val() & self.lo16.val();
                if self.shw.val().get_bit(15) {
                    self.ext.next = self.shw.val() | self.hi16.val();
                }
            }
            if self.wbyp[j].val() {
                self.ext.next = self.wraw[j].val();
            }
            self.wx[j].next = self.ext.val();
        }
        self.wd0.next = self.wx[0].val();
        self.wd1.next = self.wx[1].val();
        self.wd2.next = self.wx[2].val();
        self.wd3.next = self.wx[3].val();
        self.wd4.next = self.wx[4].val();
        self.wd5.next = self.wx[5].val();
        self.wd6.next = self.wx[6].val();
        self.wd7.next = self.wx[7].val();
        self.rel_valid_l.next = false;
        self.rel_warp.next = self.warp.q.val();
        self.rel_tag.next = self.tag.q.val();
        self.lw_valid_l.next = false;
        self.lw_grp.next = self.gc.q.val();
        self.lw_reg.next = bit_cast::<8, 7>(self.rd.q.val());
        self.st_valid.next = self.sv.q.val();
        self.st_lane.next = self.lane.q.val();
        self.st_addr.next = self.sa.q.val();
        self.st_data.next = self.sd.q.val();
        self.st_bytes.next = self.n1.val();
        if self.sz2.val() {
            self.st_bytes.next = self.n2.val();
        }
        if self.sz4.val() {
            self.st_bytes.next = self.n4.val();
        }
        // A shared store's lane group.
        self.ss_valid.next = ((self.st.q.val() == self.k_swait.val()) & !self.gdone.q.val())
            | (((self.st.q.val() == self.k_asww.val()) | ((self.st.q.val() == self.k_aswt.val()) & self.store.q.val())) & self.mine.q.val());
        self.ss_grp.next = self.gc.q.val();
        match self.gc.q.val().index() {
            0 => {
                self.low8.next = self.low.val().get_bits::<8>(0);
            }
            1 => {
                self.low8.next = self.low.val().get_bits::<8>(8);
            }
            2 => {
                self.low8.next = self.low.val().get_bits::<8>(16);
            }
            _ => {
                self.low8.next = self.low.val().get_bits::<8>(24);
            }
        }
        self.ss_mask.next = self.exec8.val();
        if self.ser.val() {
            self.ss_mask.next = self.low8.val();
        }
        match self.gc.q.val().index() {
            0 => {
                self.ss_a0.next = self.addr[0].q.val();
            }
            1 => {
                self.ss_a0.next = self.addr[8].q.val();
            }
            2 => {
                self.ss_a0.next = self.addr[16].q.val();
            }
            _ => {
                self.ss_a0.next = self.addr[24].q.val();
            }
        }
        self.ss_d0.next = self.dram_a[0].rdata.val();
        match self.gc.q.val().index() {
            0 => {
                self.ss_a1.next = self.addr[1].q.val();
            }
            1 => {
                self.ss_a1.next = self.addr[9].q.val();
            }
            2 => {
                self.ss_a1.next = self.addr[17].q.val();
            }
            _ => {
                self.ss_a1.next = self.addr[25].q.val();
            }
        }
        self.ss_d1.next = self.dram_a[1].rdata.val();
        match self.gc.q.val().index() {
            0 => {
                self.ss_a2.next = self.addr[2].q.val();
            }
            1 => {
                self.ss_a2.next = self.addr[10].q.val();
            }
            2 => {
                self.ss_a2.next = self.addr[18].q.val();
            }
            _ => {
                self.ss_a2.next = self.addr[26].q.val();
            }
        }
        self.ss_d2.next = self.dram_a[2].rdata.val();
        match self.gc.q.val().index() {
            0 => {
                self.ss_a3.next = self.addr[3].q.val();
            }
            1 => {
                self.ss_a3.next = self.addr[11].q.val();
            }
            2 => {
                self.ss_a3.next = self.addr[19].q.val();
            }
            _ => {
                self.ss_a3.next = self.addr[27].q.val();
            }
        }
        self.ss_d3.next = self.dram_a[3].rdata.val();
        match self.gc.q.val().index() {
            0 => {
                self.ss_a4.next = self.addr[4].q.val();
            }
            1 => {
                self.ss_a4.next = self.addr[12].q.val();
            }
            2 => {
                self.ss_a4.next = self.addr[20].q.val();
            }
            _ => {
                self.ss_a4.next = self.addr[28].q.val();
            }
        }
        self.ss_d4.next = self.dram_a[4].rdata.val();
        match self.gc.q.val().index() {
            0 => {
                self.ss_a5.next = self.addr[5].q.val();
            }
            1 => {
                self.ss_a5.next = self.addr[13].q.val();
            }
            2 => {
                self.ss_a5.next = self.addr[21].q.val();
            }
            _ => {
                self.ss_a5.next = self.addr[29].q.val();
            }
        }
        self.ss_d5.next = self.dram_a[5].rdata.val();
        match self.gc.q.val().index() {
            0 => {
                self.ss_a6.next = self.addr[6].q.val();
            }
            1 => {
                self.ss_a6.next = self.addr[14].q.val();
            }
            2 => {
                self.ss_a6.next = self.addr[22].q.val();
            }
            _ => {
                self.ss_a6.next = self.addr[30].q.val();
            }
        }
        self.ss_d6.next = self.dram_a[6].rdata.val();
        match self.gc.q.val().index() {
            0 => {
                self.ss_a7.next = self.addr[7].q.val();
            }
            1 => {
                self.ss_a7.next = self.addr[15].q.val();
            }
            2 => {
                self.ss_a7.next = self.addr[23].q.val();
            }
            _ => {
                self.ss_a7.next = self.addr[31].q.val();
            }
        }
        self.ss_d7.next = self.dram_a[7].rdata.val();
        self.sv.d.next = false;
        self.sa.d.next = self.sel_a.val();
        self.sd.d.next = self.sel_d.val();
        self.lt_valid_l.next = false;
        // The words of an accepted register read arrive one clock later.
        self.rv.d.next = false;
        self.ga[0].next = self.ua0.val() + self.imm.q.val();
        self.ga[1].next = self.ua1.val() + self.imm.q.val();
        self.ga[2].next = self.ua2.val() + self.imm.q.val();
        self.ga[3].next = self.ua3.val() + self.imm.q.val();
        self.ga[4].next = self.ua4.val() + self.imm.q.val();
        self.ga[5].next = self.ua5.val() + self.imm.q.val();
        self.ga[6].next = self.ua6.val() + self.imm.q.val();
        self.ga[7].next = self.ua7.val() + self.imm.q.val();
        // The arriving group's addresses: a generic one resolved into its space and the
        // address in it (docs/isa.md: the local and shared windows), the others in the
        // instruction's space.
        for j in 0..8 {
            self.gofs[j].next = self.ga[j].val();
            self.gk[j].next = self.spc.q.val().get_bits::<2>(0);
            if self.spc.q.val() == self.k_generic.val() {
                self.gk[j].next = self.k2_global.val();
                if self.ga[j].val().get_bits::<8>(24) == self.win_local.val() {
                    self.gk[j].next = self.k2_local.val();
                    self.gofs[j].next = self.ga[j].val() & self.win_mask.val();
                }
                if self.ga[j].val().get_bits::<8>(24) == self.win_shared.val() {
                    self.gk[j].next = self.k2_shared.val();
                    self.gofs[j].next = self.ga[j].val() & self.win_mask.val();
                }
            }
        }
        for j in 0..8 {
            self.bop[j].clock.next = self.clock.val();
            self.bop[j].we.next = self.rv.q.val();
            self.bop[j].waddr.next = self.rg.q.val();
            self.bop[j].raddr.next = self.low_i.val().get_bits::<2>(3);
        }
        self.bop[0].wdata.next = self.ub0.val();
        self.bop[1].wdata.next = self.ub1.val();
        self.bop[2].wdata.next = self.ub2.val();
        self.bop[3].wdata.next = self.ub3.val();
        self.bop[4].wdata.next = self.ub4.val();
        self.bop[5].wdata.next = self.ub5.val();
        self.bop[6].wdata.next = self.ub6.val();
        self.bop[7].wdata.next = self.ub7.val();
        // The arriving group's lanes misaligned or beyond the shared bytes, kept per lane.
        self.gmis.next = 0.into();
        self.goob.next = 0.into();
        for j in 0..8 {
            if (self.sz2.val() & self.gofs[j].val().get_bit(0)) | (self.sz4.val() & self.gofs[j].val().get_bits::<2>(0).any()) {
                self.gmis.next = self.gmis.val() | self.bit8[j].val();
            }
            if self.sneg.val() | (self.gofs[j].val() > self.slim.val()) {
                self.goob.next = self.goob.val() | self.bit8[j].val();
            }
        }
        self.gmis32.next = ((bit_cast::<32, 8>(self.gmis.val()) | (bit_cast::<32, 8>(self.gmis.val()) << 8))
            | (bit_cast::<32, 8>(self.gmis.val()) << 16))
            | (bit_cast::<32, 8>(self.gmis.val()) << 24);
        self.goob32.next = ((bit_cast::<32, 8>(self.goob.val()) | (bit_cast::<32, 8>(self.goob.val()) << 8))
            | (bit_cast::<32, 8>(self.goob.val()) << 16))
            | (bit_cast::<32, 8>(self.goob.val()) << 24);
        self.gm.next = 0.into();
        if self.rv.q.val() {
            for g in 0..4 {
                if self.rg.q.val() == self.gidx[g].val() {
                    self.gm.next = self.grpmask[g].val();
                }
            }
        }
        self.fmis.clock.next = self.clock.val();
        self.foob.clock.next = self.clock.val();
        self.fmis.d.next = (self.fmis.q.val() & !self.gm.val()) | (self.gmis32.val() & self.gm.val());
        self.foob.d.next = (self.foob.q.val() & !self.gm.val()) | (self.goob32.val() & self.gm.val());
        // The coalescing rule (docs/sm.md, "Performance counters"), as the group's addresses
        // arrive: its executing lanes' segments ANDed and ORed, and whether each addresses
        // word 8 (g mod 2) + j of its segment.
        self.ge8.next = 0.into();
        for g in 0..4 {
            if self.rg.q.val() == self.gidx[g].val() {
                self.ge8.next = self.exec.q.val().get_bits::<8>(8 * g);
            }
        }
        self.gand.next = self.ones26.val();
        self.gor.next = 0.into();
        self.ginp.next = true;
        for j in 0..8 {
            if self.ge8.val().get_bit(j) {
                self.gand.next = self.gand.val() & self.gofs[j].val().get_bits::<26>(6);
                self.gor.next = self.gor.val() | self.gofs[j].val().get_bits::<26>(6);
                if (self.gofs[j].val().get_bits::<5>(0) != self.w4[j].val()) | (self.gofs[j].val().get_bit(5) != self.rg.q.val().get_bit(0)) {
                    self.ginp.next = false;
                }
            }
        }
        for h in 0..2 {
            self.cand[h].clock.next = self.clock.val();
            self.cor[h].clock.next = self.clock.val();
            self.cand[h].d.next = self.cand[h].q.val();
            self.cor[h].d.next = self.cor[h].q.val();
        }
        self.cinp.clock.next = self.clock.val();
        self.cinp.d.next = self.cinp.q.val();
        if self.rv.q.val() {
            if self.rg.q.val().get_bit(1) {
                self.cand[1].d.next = self.cand[1].q.val() & self.gand.val();
                self.cor[1].d.next = self.cor[1].q.val() | self.gor.val();
                if !self.ginp.val() {
                    self.cinp.d.next = self.cinp.q.val() & self.bit8[0].val().get_bits::<2>(0);
                }
            } else {
                self.cand[0].d.next = self.cand[0].q.val() & self.gand.val();
                self.cor[0].d.next = self.cor[0].q.val() | self.gor.val();
                if !self.ginp.val() {
                    self.cinp.d.next = self.cinp.q.val() & self.bit8[1].val().get_bits::<2>(0);
                }
            }
        }
        // Its transactions: per half-warp with executing lanes, one when coalesced, else
        // one per executing lane (a half without any: its AND stays all ones and its OR 0,
        // so it is not coalesced, and it has no lanes to count).
        self.ecnt[0].next = 0.into();
        self.ecnt[1].next = 0.into();
        for l in 0..16 {
            if self.exec.q.val().get_bit(l) {
                self.ecnt[0].next = self.ecnt[0].val() + self.one6.val();
            }
            if self.exec.q.val().get_bit(16 + l) {
                self.ecnt[1].next = self.ecnt[1].val() + self.one6.val();
            }
        }
        for h in 0..2 {
            self.tn[h].next = self.ecnt[h].val();
            if (self.sz4.val() & self.cinp.q.val().get_bit(h)) & (self.cand[h].q.val() == self.cor[h].q.val()) {
                self.tn[h].next = self.one6.val();
            }
        }
        self.gt_n.next = self.tn[0].val() + self.tn[1].val();
        for j in 0..8 {
            self.adr_l[j].clock.next = self.clock.val();
            self.adr_s[j].clock.next = self.clock.val();
            self.adr_l[j].we.next = self.rv.q.val();
            self.adr_s[j].we.next = self.rv.q.val();
            self.adr_l[j].waddr.next = self.rg.q.val();
            self.adr_s[j].waddr.next = self.rg.q.val();
            self.adr_l[j].wdata.next = self.gofs[j].val();
            self.adr_s[j].wdata.next = self.gofs[j].val();
        }
        if self.rv.q.val() {
            if self.rg.q.val() == self.gidx[0].val() {
                self.addr[0].d.next = self.gofs[0].val();
                self.lsp[0].d.next = self.gk[0].val();
                self.addr[1].d.next = self.gofs[1].val();
                self.lsp[1].d.next = self.gk[1].val();
                self.addr[2].d.next = self.gofs[2].val();
                self.lsp[2].d.next = self.gk[2].val();
                self.addr[3].d.next = self.gofs[3].val();
                self.lsp[3].d.next = self.gk[3].val();
                self.addr[4].d.next = self.gofs[4].val();
                self.lsp[4].d.next = self.gk[4].val();
                self.addr[5].d.next = self.gofs[5].val();
                self.lsp[5].d.next = self.gk[5].val();
                self.addr[6].d.next = self.gofs[6].val();
                self.lsp[6].d.next = self.gk[6].val();
                self.addr[7].d.next = self.gofs[7].val();
                self.lsp[7].d.next = self.gk[7].val();
            }
            if self.rg.q.val() == self.gidx[1].val() {
                self.addr[8].d.next = self.gofs[0].val();
                self.lsp[8].d.next = self.gk[0].val();
                self.addr[9].d.next = self.gofs[1].val();
                self.lsp[9].d.next = self.gk[1].val();
                self.addr[10].d.next = self.gofs[2].val();
                self.lsp[10].d.next = self.gk[2].val();
                self.addr[11].d.next = self.gofs[3].val();
                self.lsp[11].d.next = self.gk[3].val();
                self.addr[12].d.next = self.gofs[4].val();
                self.lsp[12].d.next = self.gk[4].val();
                self.addr[13].d.next = self.gofs[5].val();
                self.lsp[13].d.next = self.gk[5].val();
                self.addr[14].d.next = self.gofs[6].val();
                self.lsp[14].d.next = self.gk[6].val();
                self.addr[15].d.next = self.gofs[7].val();
                self.lsp[15].d.next = self.gk[7].val();
            }
            if self.rg.q.val() == self.gidx[2].val() {
                self.addr[16].d.next = self.gofs[0].val();
                self.lsp[16].d.next = self.gk[0].val();
                self.addr[17].d.next = self.gofs[1].val();
                self.lsp[17].d.next = self.gk[1].val();
                self.addr[18].d.next = self.gofs[2].val();
                self.lsp[18].d.next = self.gk[2].val();
                self.addr[19].d.next = self.gofs[3].val();
                self.lsp[19].d.next = self.gk[3].val();
                self.addr[20].d.next = self.gofs[4].val();
                self.lsp[20].d.next = self.gk[4].val();
                self.addr[21].d.next = self.gofs[5].val();
                self.lsp[21].d.next = self.gk[5].val();
                self.addr[22].d.next = self.gofs[6].val();
                self.lsp[22].d.next = self.gk[6].val();
                self.addr[23].d.next = self.gofs[7].val();
                self.lsp[23].d.next = self.gk[7].val();
            }
            if self.rg.q.val() == self.gidx[3].val() {
                self.addr[24].d.next = self.gofs[0].val();
                self.lsp[24].d.next = self.gk[0].val();
                self.addr[25].d.next = self.gofs[1].val();
                self.lsp[25].d.next = self.gk[1].val();
                self.addr[26].d.next = self.gofs[2].val();
                self.lsp[26].d.next = self.gk[2].val();
                self.addr[27].d.next = self.gofs[3].val();
                self.lsp[27].d.next = self.gk[3].val();
                self.addr[28].d.next = self.gofs[4].val();
                self.lsp[28].d.next = self.gk[4].val();
                self.addr[29].d.next = self.gofs[5].val();
                self.lsp[29].d.next = self.gk[5].val();
                self.addr[30].d.next = self.gofs[6].val();
                self.lsp[30].d.next = self.gk[6].val();
                self.addr[31].d.next = self.gofs[7].val();
                self.lsp[31].d.next = self.gk[7].val();
            }
        }
        // A load's results: the response word as it came (extracted at the write-back; an
        // atomic's: the word read, not the write's response), written above.
        // An atomic's new word for its lane (ANEW): from the word read, b and c.
        self.alu.sub.next = self.asub.q.val();
        self.alu.old.next = self.aold.q.val();
        // The word read: a shared atomic's from its lane (the shared memory's other lanes
        // read 0), a global atomic's from the response (32 bits, aligned: its result as is).
        if (self.st.q.val() == self.k_aswt.val()) & self.mine.q.val() {
            self.aold.d.next = (((self.srd[0].val() | self.srd[1].val()) | (self.srd[2].val() | self.srd[3].val()))
                | ((self.srd[4].val() | self.srd[5].val()) | (self.srd[6].val() | self.srd[7].val())))
                | (((self.srd[8].val() | self.srd[9].val()) | (self.srd[10].val() | self.srd[11].val()))
                    | ((self.srd[12].val() | self.srd[13].val()) | (self.srd[14].val() | self.srd[15].val())));
        }
        if ((self.st.q.val() == self.k_resp.val()) & self.mport.r_valid.val()) & !self.aw.q.val() {
            self.aold.d.next = self.mport.r_data.val();
        }
        self.sel_b.next = 0.into();
        for j in 0..8 {
            if self.low_i.val().get_bits::<3>(0) == self.pos[j].val() {
                self.sel_b.next = self.bop[j].rdata.val();
            }
        }
        self.alu.b.next = self.sel_b.val();
        self.alu.c.next = self.sel_d.val();
        // The data words: a lane group as its registers arrive, or an atomic's new word at
        // its lane (ANEW), in both copies.
        self.d_anew.next = self.st.q.val() == self.k_anew.val();
        self.d_wa.next = self.rg.q.val();
        if self.d_anew.val() {
            self.d_wa.next = self.low_i.val().get_bits::<2>(3);
        }
        self.d_wd[0].next = self.uc0.val();
        self.d_wd[1].next = self.uc1.val();
        self.d_wd[2].next = self.uc2.val();
        self.d_wd[3].next = self.uc3.val();
        self.d_wd[4].next = self.uc4.val();
        self.d_wd[5].next = self.uc5.val();
        self.d_wd[6].next = self.uc6.val();
        self.d_wd[7].next = self.uc7.val();
        for j in 0..8 {
            if self.d_anew.val() {
                self.d_wd[j].next = self.alu.y.val();
            }
            self.dram_a[j].clock.next = self.clock.val();
            self.dram_b[j].clock.next = self.clock.val();
            self.dram_a[j].we.next = self.rv.q.val() | (self.d_anew.val() & (self.low_i.val().get_bits::<3>(0) == self.pos[j].val()));
            self.dram_b[j].we.next = self.rv.q.val() | (self.d_anew.val() & (self.low_i.val().get_bits::<3>(0) == self.pos[j].val()));
            self.dram_a[j].waddr.next = self.d_wa.val();
            self.dram_b[j].waddr.next = self.d_wa.val();
            self.dram_a[j].wdata.next = self.d_wd[j].val();
            self.dram_b[j].wdata.next = self.d_wd[j].val();
        }
        match self.st.q.val().index() {
            0 => {
                // IDLE: take an instruction.
                if self.a_v.val() {
                    self.st.d.next = 1.into();
                    self.warp.d.next = self.a_warp.val();
                    self.pc.d.next = self.a_pc.val();
                    self.mask.d.next = self.a_mask.val();
                    self.exec.d.next = self.a_exec.val();
                    self.cinp.d.next = 3.into();
                    self.cand[0].d.next = self.ones26.val();
                    self.cand[1].d.next = self.ones26.val();
                    self.cor[0].d.next = 0.into();
                    self.cor[1].d.next = 0.into();
                    self.cta.d.next = self.a_cta.val();
                    self.wid.d.next = self.a_wid.val();
                    self.tag.d.next = self.a_tag.val();
                    self.spc.d.next = self.a_space.val();
                    self.sz.d.next = self.a_size.val();
                    self.store.d.next = self.a_store.val();
                    self.atom.d.next = self.a_atom.val();
                    self.ra.d.next = self.a_ra.val();
                    self.rb.d.next = self.a_rb.val();
                    self.rc.d.next = self.a_rc.val();
                    self.asub.d.next = self.a_sub.val();
                    self.rd.d.next = self.a_rd.val();
                    self.imm.d.next = self.a_imm.val();
                    if self.a_atom.val() {
                        // format R: no offset
                        self.imm.d.next = 0.into();
                    }
                    self.gc.d.next = 0.into();
                }
            }
            1 => {
                // READ: lane group gc's address and data registers.
                self.u_rd_l.next = true;
                if self.u_rd_ok.val() {
                    self.rv.d.next = true;
                    self.rg.d.next = self.gc.q.val();
                    self.gc.d.next = self.gc.q.val() + self.one2.val();
                    if self.gc.q.val().all() {
                        self.st.d.next = 2.into();
                    }
                }
            }
            2 => {
                // WAIT: the last group's words.
                self.st.d.next = 3.into();
            }
            3 => {
                // CHECK
                self.pend.d.next = self.exec.q.val();
                self.st.d.next = 4.into();
                if self.shared.val() {
                    self.st.d.next = 9.into();
                    self.sq.d.next = self.rqm.val();
                    self.sr.d.next = self.rqm.val();
                    self.gc.d.next = 0.into();
                    self.gdone.d.next = !self.store.q.val();
                }
                self.aw.d.next = false;
                if self.ser.val() {
                    self.st.d.next = 16.into();
                }
                if !self.exec.q.val().any() {
                    self.st.d.next = 7.into();
                }
                // A fault: its kind; its lane and address are the lowest lane of its kind
                // (`low`, above).
                if ((self.shared.val() & self.soob.val().any()) | self.mis.val().any()) | (self.store.q.val() & (self.ro.val() & self.exec.q.val().any())) {
                    self.st.d.next = 8.into();
                    self.fl.d.next = self.low_i.val();
                    self.fa.d.next = self.sel_a.val();
                    self.fk.d.next = self.k_oob.val();
                    if self.mis.val().any() {
                        self.fk.d.next = self.k_misaligned.val();
                    }
                    if self.store.q.val() & (self.ro.val() & self.exec.q.val().any()) {
                        self.fk.d.next = self.k_read_only.val();
                    }
                }
                if self.unsup.val() {
                    self.st.d.next = 8.into();
                    self.fk.d.next = self.k_unsup.val();
                    self.fl.d.next = 0.into();
                    self.fa.d.next = 0.into();
                }
            }
            4 => {
                // REQ: presented for one clock (`mport` holds it until the memory takes it)
                self.st.d.next = 5.into();
                self.mtch.d.next = self.m_v.val();
                self.lane.d.next = self.low_i.val();
            }
            5 => {
                // RESP
                if self.mport.r_valid.val() {
                    self.pend.d.next = self.pend.q.val() & !self.mtch.q.val();
                    self.st.d.next = 4.into();
                    if self.ser.val() {
                        self.st.d.next = 16.into();
                    }
                    if !(self.pend.q.val() & !self.mtch.q.val()).any() {
                        self.gc.d.next = 0.into();
                        self.st.d.next = 7.into();
                        if !self.store.q.val() {
                            self.st.d.next = 6.into();
                        }
                    }
                    if self.store.q.val() | self.aw.q.val() {
                        self.sv.d.next = true;
                    }
                    if self.atom.q.val() {
                        // the word read (into the lane's result): its new word next; the
                        // word written: the next lane
                        self.aw.d.next = false;
                        if !self.aw.q.val() {
                            self.pend.d.next = self.pend.q.val();
                            self.st.d.next = 11.into();
                        }
                    }
                    if self.mport.r_err.val() {
                        self.sv.d.next = false;
                        self.st.d.next = 8.into();
                        self.fk.d.next = self.k_oob.val();
                        self.fl.d.next = self.lane.q.val();
                        self.fa.d.next = self.sel_a.val();
                    }
                }
            }
            6 => {
                // WB: a load's lane groups.
                self.u_wr_l.next = true;
                if self.u_wr_ok.val() {
                    self.lw_valid_l.next = true;
                    self.gc.d.next = self.gc.q.val() + self.one2.val();
                    if self.gc.q.val().all() {
                        self.st.d.next = 7.into();
                    }
                }
            }
            7 => {
                // REL: release (a load) and retire, in the scheduler's phase 1 when the release
                // port is free (not before an older SP instruction of the warp).
                if (self.phase.val() & self.rel_ok.val()) & self.age.aged.val() {
                    self.rel_valid_l.next = !self.store.q.val();
                    self.lt_valid_l.next = true;
                    self.st.d.next = 0.into();
                }
            }
            9 => {
                // SREQ: each request to the shared memory, until it takes it.
                if self.s_take.val() {
                    self.sq.d.next = self.sq.q.val() & (self.sq.q.val() - self.one4.val());
                    if !(self.sq.q.val() & (self.sq.q.val() - self.one4.val())).any() {
                        self.st.d.next = 10.into();
                    }
                }
            }
            10 => {
                // SWAIT: a store's lane groups shown; the responses.
                if !self.gdone.q.val() {
                    self.gc.d.next = self.gc.q.val() + self.one2.val();
                    if self.gc.q.val().all() {
                        self.gdone.d.next = true;
                    }
                }
                if !self.sr.q.val().any() & self.gdone.q.val() {
                    self.gc.d.next = 0.into();
                    self.st.d.next = 7.into();
                    if !self.store.q.val() {
                        self.st.d.next = 6.into();
                    }
                }
            }
            11 => {
                // ANEW: the lane's new word (into its data word), then the write.
                self.aw.d.next = true;
                self.st.d.next = 4.into();
                if self.sel_k.val() == self.k2_shared.val() {
                    self.st.d.next = 14.into();
                }
            }
            12 => {
                // ASRD: the lane's shared-memory access (an atomic's read).
                if self.s_take.val() {
                    self.st.d.next = 13.into();
                }
            }
            13 => {
                // ASWT: its response: a load's word (into the lane's result), a store's
                // (shown on ss_*); an atomic's word read (into the lane's result), its new
                // word next.
                if self.mine.q.val() {
                    self.st.d.next = 11.into();
                    if !self.atom.q.val() {
                        self.pend.d.next = self.pend.q.val() & !self.low.val();
                        self.st.d.next = 16.into();
                        if !(self.pend.q.val() & !self.low.val()).any() {
                            self.gc.d.next = 0.into();
                            self.st.d.next = 7.into();
                            if !self.store.q.val() {
                                self.st.d.next = 6.into();
                            }
                        }
                    }
                }
            }
            14 => {
                // ASWR: the write of the new word.
                if self.s_take.val() {
                    self.st.d.next = 15.into();
                }
            }
            15 => {
                // ASWW: the write done (shown on ss_*): the next lane, or the write-back.
                if self.mine.q.val() {
                    self.aw.d.next = false;
                    self.pend.d.next = self.pend.q.val() & !self.low.val();
                    self.st.d.next = 16.into();
                    if !(self.pend.q.val() & !self.low.val()).any() {
                        self.gc.d.next = 0.into();
                        self.st.d.next = 6.into();
                    }
                }
            }
            16 => {
                // LANE: the lowest lane still to access: its bounds, then its path.
                self.gc.d.next = self.low_i.val().get_bits::<2>(3);
                self.st.d.next = 4.into();
                if self.sel_k.val() == self.k2_shared.val() {
                    self.st.d.next = 12.into();
                }
                if self.lane_oob.val() {
                    self.st.d.next = 8.into();
                    self.fk.d.next = self.k_oob.val();
                    self.fl.d.next = self.low_i.val();
                    self.fa.d.next = self.sel_a.val();
                }
            }
            _ => {}
        }
        if self.clear.val() {
            self.st.d.next = 0.into();
            self.rv.d.next = false;
            self.zh.d.next = false;
        }
        self.mem_ready.next = self.st.q.val() == self.k_idle.val();
        self.rd_busy.next = self.st.q.val() == self.k_read.val();
        self.sh_step.next = self.st.q.val() == self.k_sreq.val();
        self.sh_req.next = (self.st.q.val() == self.k_sreq.val()) & self.smem.in_ready.val();
        self.lt_warp.next = self.warp.q.val();
        self.lt_pc.next = self.pc.q.val();
        self.lt_mask.next = self.mask.q.val();
        self.lt_cta.next = self.cta.q.val();
        self.lt_wid.next = self.wid.q.val();
        self.flt_v.next = self.st.q.val() == self.k_fault.val();
        self.flt_kind.next = self.fk.q.val();
        self.flt_warp.next = self.warp.q.val();
        self.flt_pc.next = self.pc.q.val();
        self.flt_lane.next = self.fl.q.val();
        self.flt_addr.next = self.fa.q.val();
        self.u_rd.next = self.u_rd_l.val();
        self.u_wr.next = self.u_wr_l.val();
        self.rel_valid.next = self.rel_valid_l.val();
        self.lw_valid.next = self.lw_valid_l.val();
        self.lt_valid.next = self.lt_valid_l.val();
        self.gt_v.next = (self.lt_valid_l.val() & (self.spc.q.val() == self.k_global.val())) & !self.atom.q.val();
    }
}
