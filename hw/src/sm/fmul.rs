//! `mul.f32` on the SFUs' multipliers (seed C.7: the SFUs' multipliers execute `mul.f32`
//! while the SPs execute other instructions; the scheduler issues between them on alternate
//! slots, class SFUMUL): eight multipliers ([`FmulLane`], two SFUs of four), one lane group
//! a clock, pipelined across instructions so that a warp-instruction takes four clocks of
//! the unit, as one takes four on the SPs. Each result is `fmul` exactly as the SP datapath
//! computes it.
//!
//! The unit works on the register file's other-units client, first among the other units
//! (before the load/store unit and the SFU and FMA unit: reads, writes and releases). The
//! SPs read bank set p in the scheduler's phase p (and write `SP_LATENCY` + 1 clocks after
//! their read: the same set since stop 52, the other one before); this unit reads a lane
//! group's two operands in the set the SPs leave and writes a group's products one clock
//! later, in the set they read: straight from the read words (through the multipliers), or
//! from a queue of two groups when the write has to wait (an instruction's last group waits
//! for P, L and its earliest retire; a write the SPs' write refuses is retried). So nothing
//! refuses its reads: an
//! instruction reads its four groups at T0+2..T0+5, before any younger instruction of its
//! warp writes a register (an SP instruction issued at T0+2 writes group g at T0+10+g; the
//! scoreboard orders reads after writes, not writes after reads). The other way round, its
//! own writes come within 7 clocks of its issue, so the SM issues it only when no older
//! instruction still has registers to read: the SFU and FMA unit idle, no memory instruction
//! issued or reading (`fpu_ready`).
//!
//! An instruction reads its groups in order 0 1 2 3, or 1 0 3 2 when its first read is in
//! phase 0. Instructions pass through a queue of two accepted instructions (the head reads
//! its four lane groups), P (the instruction whose groups are being written: it retires
//! with its last group's write, on `mt_*`) and L (its scoreboard release, in the
//! scheduler's phase 1). Without lanes in exec a group is not written, but it is read and
//! passes through as the others. An instruction retires no earlier than
//! [`crate::sm::pipe::unit_min_age`] clocks after its `a_v` (each queued instruction and P
//! count their age), so not before an older instruction of its warp in the SP pipeline
//! (T0+9 at the latest).
//!
//! Clocks: `a_v` at T0+1, reads at T0+2..T0+5, writes at T0+3..T0+6 (the last group's at
//! T0+9 at the earliest), retire with it,
//! release in the next phase 1; the next instruction (issued at T0+4 at the earliest: the
//! SFUMUL occupancy) reads from T0+6.
//!
//! Ports (out: combinational from the unit's registers unless said otherwise):
//! - `clock`, `clear`, `phase`                     in   the scheduler's phase (release in 1)
//! - `a_v`, `a_warp`, `a_pc`, `a_mask`, `a_exec`,  in   accept an instruction (the issue
//!   `a_cta`, `a_wid`, `a_tag`                             pipeline's E stage, T0+1)
//! - `a_ra`, `a_rb`, `a_rd`                        in   7  source and destination registers
//! - `a_rnd`, `a_sat`, `a_mod_a`, `a_mod_b`        in   2, 1, 2, 2  rounding (rz: 1, else
//!                                                         to nearest), `.sat`, modifiers
//! - `regs`                                        in   8   registers per thread
//! - `b_warp` / `b_base`                           out 5 / in AW  register base lookup
//! - `u_rd`, `u_rset`, `u_ra`, `u_rb` / `u_rd_ok`  out / in  read of a lane group (words one
//!                                                         clock later; `u_rd` depends on
//!                                                         `u_wr_ok`: a read is asked when
//!                                                         its products will have room)
//! - `ua0..7`, `ub0..7`                            in  32   the lanes' read words
//! - `u_wr`, `u_wset`, `u_waddr`, `u_wmask`,       out  write of a lane group (lanes in
//!   `wd0..7` / `u_wr_ok`                                  `u_wmask`), retried until taken
//! - `ready`                                       out  1   the unit takes an instruction
//!                                                         in the next two clocks
//! - `idle`                                        out  1   nothing in the unit
//! - `rel_valid`, `rel_warp`, `rel_tag`            out  the destination released (in
//!                                                         phase 1; it has the release
//!                                                         port first)
//! - `mw_valid`, `mw_grp`, `mw_reg`                out  1, 2, 8  a group's write taken
//!                                                         (combinational from `u_wr_ok`;
//!                                                         with `u_wmask`, `wd*`)
//! - `mt_valid`, `mt_warp`, `mt_pc`, `mt_mask`,    out  the instruction retired (with its
//!   `mt_cta`, `mt_wid`                                    last group's write;
//!                                                         combinational from `u_wr_ok`)
use crate::sm::fmul_lane::FmulLane;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct SmFmul<const AW: usize> {
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
    pub a_ra: Signal<In, Bits<7>>,
    pub a_rb: Signal<In, Bits<7>>,
    pub a_rd: Signal<In, Bits<7>>,
    pub a_rnd: Signal<In, Bits<2>>,
    pub a_sat: Signal<In, Bit>,
    pub a_mod_a: Signal<In, Bits<2>>,
    pub a_mod_b: Signal<In, Bits<2>>,
    pub regs: Signal<In, Bits<8>>,
    pub b_warp: Signal<Out, Bits<5>>,
    pub b_base: Signal<In, Bits<AW>>,
    pub u_rd: Signal<Out, Bit>,
    pub u_rset: Signal<Out, Bit>,
    pub u_ra: Signal<Out, Bits<AW>>,
    pub u_rb: Signal<Out, Bits<AW>>,
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
    pub ready: Signal<Out, Bit>,
    pub idle: Signal<Out, Bit>,
    pub rel_valid: Signal<Out, Bit>,
    pub rel_warp: Signal<Out, Bits<5>>,
    pub rel_tag: Signal<Out, Bits<2>>,
    pub mw_valid: Signal<Out, Bit>,
    pub mw_grp: Signal<Out, Bits<2>>,
    pub mw_reg: Signal<Out, Bits<8>>,
    pub mt_valid: Signal<Out, Bit>,
    pub mt_warp: Signal<Out, Bits<5>>,
    pub mt_pc: Signal<Out, Bits<24>>,
    pub mt_mask: Signal<Out, Bits<32>>,
    pub mt_cta: Signal<Out, Bits<32>>,
    pub mt_wid: Signal<Out, Bits<5>>,
    // The multipliers (lane j of the group read in the last clock).
    mul: [FmulLane; 8],
    // Queue entry 0 (the head: it reads).
    q0_v: DFF<Bit>,
    q0_warp: DFF<Bits<5>>,
    q0_pc: DFF<Bits<24>>,
    q0_mask: DFF<Bits<32>>,
    q0_exec: DFF<Bits<32>>,
    q0_cta: DFF<Bits<32>>,
    q0_wid: DFF<Bits<5>>,
    q0_tag: DFF<Bits<2>>,
    q0_ra: DFF<Bits<7>>,
    q0_rb: DFF<Bits<7>>,
    q0_rd: DFF<Bits<7>>,
    q0_rz: DFF<Bit>,
    q0_sat: DFF<Bit>,
    q0_mod_a: DFF<Bits<2>>,
    q0_mod_b: DFF<Bits<2>>,
    // Queue entry 1.
    q1_v: DFF<Bit>,
    q1_warp: DFF<Bits<5>>,
    q1_pc: DFF<Bits<24>>,
    q1_mask: DFF<Bits<32>>,
    q1_exec: DFF<Bits<32>>,
    q1_cta: DFF<Bits<32>>,
    q1_wid: DFF<Bits<5>>,
    q1_tag: DFF<Bits<2>>,
    q1_ra: DFF<Bits<7>>,
    q1_rb: DFF<Bits<7>>,
    q1_rd: DFF<Bits<7>>,
    q1_rz: DFF<Bit>,
    q1_sat: DFF<Bit>,
    q1_mod_a: DFF<Bits<2>>,
    q1_mod_b: DFF<Bits<2>>,
    // The head's next lane group to read; all four read.
    rg: DFF<Bits<2>>,
    rdone: DFF<Bit>,
    swap: DFF<Bit>,
    // P: the instruction whose groups are being written.
    p_v: DFF<Bit>,
    p_warp: DFF<Bits<5>>,
    p_pc: DFF<Bits<24>>,
    p_mask: DFF<Bits<32>>,
    p_cta: DFF<Bits<32>>,
    p_wid: DFF<Bits<5>>,
    p_tag: DFF<Bits<2>>,
    // L: the release.
    l_v: DFF<Bit>,
    l_warp: DFF<Bits<5>>,
    l_tag: DFF<Bits<2>>,
    // The group read in the last clock (its words are on ua*, ub* now).
    dv: DFF<Bit>,
    d_grp: DFF<Bits<2>>,
    d_last: DFF<Bit>,
    d_mask: DFF<Bits<8>>,
    d_addr: DFF<Bits<AW>>,
    d_set: DFF<Bit>,
    d_reg: DFF<Bits<7>>,
    d_rz: DFF<Bit>,
    d_sat: DFF<Bit>,
    d_mod_a: DFF<Bits<2>>,
    d_mod_b: DFF<Bits<2>>,
    // The held groups: W the oldest, then S.
    w_v: DFF<Bit>,
    w_grp: DFF<Bits<2>>,
    w_last: DFF<Bit>,
    w_mask: DFF<Bits<8>>,
    w_addr: DFF<Bits<AW>>,
    w_set: DFF<Bit>,
    w_reg: DFF<Bits<7>>,
    w_d: [DFF<Bits<32>>; 8],
    s_v: DFF<Bit>,
    s_grp: DFF<Bits<2>>,
    s_last: DFF<Bit>,
    s_mask: DFF<Bits<8>>,
    s_addr: DFF<Bits<AW>>,
    s_set: DFF<Bit>,
    s_reg: DFF<Bits<7>>,
    s_d: [DFF<Bits<32>>; 8],
    // Locals: the products of the group read in the last clock, the head group to write.
    y: [Signal<Local, Bits<32>>; 8],
    hd: [Signal<Local, Bits<32>>; 8],
    r1: Signal<Local, Bits<AW>>,
    sw: Signal<Local, Bit>,
    grp: Signal<Local, Bits<2>>,
    off: Signal<Local, Bits<AW>>,
    exec8: Signal<Local, Bits<8>>,
    room: Signal<Local, Bit>,
    rtaken: Signal<Local, Bit>,
    q0_out: Signal<Local, Bit>,
    h_v: Signal<Local, Bit>,
    h_grp: Signal<Local, Bits<2>>,
    h_last: Signal<Local, Bit>,
    h_mask: Signal<Local, Bits<8>>,
    h_addr: Signal<Local, Bits<AW>>,
    h_set: Signal<Local, Bit>,
    h_reg: Signal<Local, Bits<7>>,
    h_blk: Signal<Local, Bit>,
    h_go: Signal<Local, Bit>,
    htaken: Signal<Local, Bit>,
    wr_l: Signal<Local, Bit>,
    pop_w: Signal<Local, Bit>,
    push: Signal<Local, Bit>,
    cnt: Signal<Local, Bits<2>>,
    cnt_n: Signal<Local, Bits<2>>,
    rel_l: Signal<Local, Bit>,
    last_done: Signal<Local, Bit>,
    k_one2: Constant<Bits<2>>,
    k_two2: Constant<Bits<2>>,
    k_g3: Constant<Bits<2>>,
    /// The SM has the unit (`SmConfig::sfu_multipliers` > 0); without it every output is
    /// idle and constant, so synthesis removes the unit.
    on: Constant<Bit>,
    /// Clocks since each instruction was taken (`a_v`), counting up to `min_age`: its
    /// earliest retire ([`crate::sm::pipe::unit_min_age`]), so that an instruction issued
    /// one slot after an SP instruction of its warp retires in the same clock as it or later.
    q0_age: DFF<Bits<5>>,
    q1_age: DFF<Bits<5>>,
    p_age: DFF<Bits<5>>,
    q0_age_n: Signal<Local, Bits<5>>,
    q1_age_n: Signal<Local, Bits<5>>,
    p_age_n: Signal<Local, Bits<5>>,
    p_aged: Signal<Local, Bit>,
    k_min_age: Constant<Bits<5>>,
    k_one5: Constant<Bits<5>>,
}

impl<const AW: usize> Default for SmFmul<AW> {
    fn default() -> Self {
        Self::new(true, crate::sm::pipe::unit_min_age(1))
    }
}

impl<const AW: usize> SmFmul<AW> {
    /// The unit, or with `on` false its idle stand-in (no SFU multipliers); it retires an
    /// instruction no earlier than `min_age` clocks after taking it.
    pub fn new(on: bool, min_age: usize) -> Self {
        assert!(min_age <= 31, "SmFmul: a minimum age of 0..=31 clocks");
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
            a_ra: Default::default(),
            a_rb: Default::default(),
            a_rd: Default::default(),
            a_rnd: Default::default(),
            a_sat: Default::default(),
            a_mod_a: Default::default(),
            a_mod_b: Default::default(),
            regs: Default::default(),
            b_warp: Default::default(),
            b_base: Default::default(),
            u_rd: Default::default(),
            u_rset: Default::default(),
            u_ra: Default::default(),
            u_rb: Default::default(),
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
            ready: Default::default(),
            idle: Default::default(),
            rel_valid: Default::default(),
            rel_warp: Default::default(),
            rel_tag: Default::default(),
            mw_valid: Default::default(),
            mw_grp: Default::default(),
            mw_reg: Default::default(),
            mt_valid: Default::default(),
            mt_warp: Default::default(),
            mt_pc: Default::default(),
            mt_mask: Default::default(),
            mt_cta: Default::default(),
            mt_wid: Default::default(),
            mul: array_init::array_init(|_| Default::default()),
            q0_v: Default::default(),
            q0_warp: Default::default(),
            q0_pc: Default::default(),
            q0_mask: Default::default(),
            q0_exec: Default::default(),
            q0_cta: Default::default(),
            q0_wid: Default::default(),
            q0_tag: Default::default(),
            q0_ra: Default::default(),
            q0_rb: Default::default(),
            q0_rd: Default::default(),
            q0_rz: Default::default(),
            q0_sat: Default::default(),
            q0_mod_a: Default::default(),
            q0_mod_b: Default::default(),
            q1_v: Default::default(),
            q1_warp: Default::default(),
            q1_pc: Default::default(),
            q1_mask: Default::default(),
            q1_exec: Default::default(),
            q1_cta: Default::default(),
            q1_wid: Default::default(),
            q1_tag: Default::default(),
            q1_ra: Default::default(),
            q1_rb: Default::default(),
            q1_rd: Default::default(),
            q1_rz: Default::default(),
            q1_sat: Default::default(),
            q1_mod_a: Default::default(),
            q1_mod_b: Default::default(),
            rg: Default::default(),
            rdone: Default::default(),
            swap: Default::default(),
            p_v: Default::default(),
            p_warp: Default::default(),
            p_pc: Default::default(),
            p_mask: Default::default(),
            p_cta: Default::default(),
            p_wid: Default::default(),
            p_tag: Default::default(),
            l_v: Default::default(),
            l_warp: Default::default(),
            l_tag: Default::default(),
            dv: Default::default(),
            d_grp: Default::default(),
            d_last: Default::default(),
            d_mask: Default::default(),
            d_addr: Default::default(),
            d_set: Default::default(),
            d_reg: Default::default(),
            d_rz: Default::default(),
            d_sat: Default::default(),
            d_mod_a: Default::default(),
            d_mod_b: Default::default(),
            w_v: Default::default(),
            w_grp: Default::default(),
            w_last: Default::default(),
            w_mask: Default::default(),
            w_addr: Default::default(),
            w_set: Default::default(),
            w_reg: Default::default(),
            w_d: array_init::array_init(|_| Default::default()),
            s_v: Default::default(),
            s_grp: Default::default(),
            s_last: Default::default(),
            s_mask: Default::default(),
            s_addr: Default::default(),
            s_set: Default::default(),
            s_reg: Default::default(),
            s_d: array_init::array_init(|_| Default::default()),
            y: array_init::array_init(|_| Default::default()),
            hd: array_init::array_init(|_| Default::default()),
            r1: Default::default(),
            sw: Default::default(),
            grp: Default::default(),
            off: Default::default(),
            exec8: Default::default(),
            room: Default::default(),
            rtaken: Default::default(),
            q0_out: Default::default(),
            h_v: Default::default(),
            h_grp: Default::default(),
            h_last: Default::default(),
            h_mask: Default::default(),
            h_addr: Default::default(),
            h_set: Default::default(),
            h_reg: Default::default(),
            h_blk: Default::default(),
            h_go: Default::default(),
            htaken: Default::default(),
            wr_l: Default::default(),
            pop_w: Default::default(),
            push: Default::default(),
            cnt: Default::default(),
            cnt_n: Default::default(),
            rel_l: Default::default(),
            last_done: Default::default(),
            k_one2: Constant::new(1u64.into()),
            k_two2: Constant::new(2u64.into()),
            k_g3: Constant::new(3u64.into()),
            on: Constant::new(on),
            q0_age: Default::default(),
            q1_age: Default::default(),
            p_age: Default::default(),
            q0_age_n: Default::default(),
            q1_age_n: Default::default(),
            p_age_n: Default::default(),
            p_aged: Default::default(),
            k_min_age: Constant::new((min_age as u64).into()),
            k_one5: Constant::new(1u64.into()),
        }
    }
}

impl<const AW: usize> Logic for SmFmul<AW> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, swap, q0_v, q0_warp, q0_pc, q0_mask, q0_exec, q0_cta, q0_wid, q0_tag, q0_ra, q0_rb, q0_rd, q0_rz, q0_sat, q0_mod_a, q0_mod_b, q1_v, q1_warp, q1_pc, q1_mask, q1_exec, q1_cta, q1_wid, q1_tag, q1_ra, q1_rb, q1_rd, q1_rz, q1_sat, q1_mod_a, q1_mod_b, rg, rdone, p_v, p_warp, p_pc, p_mask, p_cta, p_wid, p_tag, l_v, l_warp, l_tag, dv, d_grp, d_last, d_mask, d_addr, d_set, d_reg, d_rz, d_sat, d_mod_a, d_mod_b, w_v, w_grp, w_last, w_mask, w_addr, w_set, w_reg, s_v, s_grp, s_last, s_mask, s_addr, s_set, s_reg, q0_age, q1_age, p_age);
        for j in 0..8 {
            self.w_d[j].clock.next = self.clock.val();
            self.s_d[j].clock.next = self.clock.val();
            self.w_d[j].d.next = self.w_d[j].q.val();
            self.s_d[j].d.next = self.s_d[j].q.val();
        }
        // The products of the group read in the last clock.
        self.mul[0].a.next = self.ua0.val();
        self.mul[1].a.next = self.ua1.val();
        self.mul[2].a.next = self.ua2.val();
        self.mul[3].a.next = self.ua3.val();
        self.mul[4].a.next = self.ua4.val();
        self.mul[5].a.next = self.ua5.val();
        self.mul[6].a.next = self.ua6.val();
        self.mul[7].a.next = self.ua7.val();
        self.mul[0].b.next = self.ub0.val();
        self.mul[1].b.next = self.ub1.val();
        self.mul[2].b.next = self.ub2.val();
        self.mul[3].b.next = self.ub3.val();
        self.mul[4].b.next = self.ub4.val();
        self.mul[5].b.next = self.ub5.val();
        self.mul[6].b.next = self.ub6.val();
        self.mul[7].b.next = self.ub7.val();
        for j in 0..8 {
            self.mul[j].mod_a.next = self.d_mod_a.q.val();
            self.mul[j].mod_b.next = self.d_mod_b.q.val();
            self.mul[j].rz.next = self.d_rz.q.val();
            self.mul[j].sat.next = self.d_sat.q.val();
            self.y[j].next = self.mul[j].y.val();
        }

        // The head group to write: the oldest held one, else the one just read.
        self.h_v.next = self.w_v.q.val() | self.dv.q.val();
        self.h_grp.next = self.d_grp.q.val();
        self.h_last.next = self.d_last.q.val();
        self.h_mask.next = self.d_mask.q.val();
        self.h_addr.next = self.d_addr.q.val();
        self.h_set.next = self.d_set.q.val();
        self.h_reg.next = self.d_reg.q.val();
        for j in 0..8 {
            self.hd[j].next = self.y[j].val();
        }
        if self.w_v.q.val() {
            self.h_grp.next = self.w_grp.q.val();
            self.h_last.next = self.w_last.q.val();
            self.h_mask.next = self.w_mask.q.val();
            self.h_addr.next = self.w_addr.q.val();
            self.h_set.next = self.w_set.q.val();
            self.h_reg.next = self.w_reg.q.val();
            for j in 0..8 {
                self.hd[j].next = self.w_d[j].q.val();
            }
        }
        // An instruction's last group waits until it is in P, L is free (one release at a
        // time) and it is `min_age` clocks old (the retire order).
        self.q0_age_n.next = self.q0_age.q.val();
        if self.q0_age.q.val() < self.k_min_age.val() {
            self.q0_age_n.next = self.q0_age.q.val() + self.k_one5.val();
        }
        self.q1_age_n.next = self.q1_age.q.val();
        if self.q1_age.q.val() < self.k_min_age.val() {
            self.q1_age_n.next = self.q1_age.q.val() + self.k_one5.val();
        }
        self.p_age_n.next = self.p_age.q.val();
        if self.p_age.q.val() < self.k_min_age.val() {
            self.p_age_n.next = self.p_age.q.val() + self.k_one5.val();
        }
        self.q0_age.d.next = self.q0_age_n.val();
        self.q1_age.d.next = self.q1_age_n.val();
        self.p_age.d.next = self.p_age_n.val();
        self.p_aged.next = self.p_age.q.val() >= self.k_min_age.val();
        self.h_blk.next = self.h_last.val() & ((self.l_v.q.val() | !self.p_v.q.val()) | !self.p_aged.val());
        self.h_go.next = self.h_v.val() & !self.h_blk.val();
        self.wr_l.next = self.h_go.val() & self.h_mask.val().any();
        self.htaken.next = self.h_go.val() & (self.u_wr_ok.val() | !self.h_mask.val().any());
        self.u_wr.next = self.wr_l.val();
        self.u_wset.next = self.h_set.val();
        self.u_waddr.next = self.h_addr.val();
        self.u_wmask.next = self.h_mask.val();
        self.wd0.next = self.hd[0].val();
        self.wd1.next = self.hd[1].val();
        self.wd2.next = self.hd[2].val();
        self.wd3.next = self.hd[3].val();
        self.wd4.next = self.hd[4].val();
        self.wd5.next = self.hd[5].val();
        self.wd6.next = self.hd[6].val();
        self.wd7.next = self.hd[7].val();

        // The held groups: pop W when written; the group just read is held unless it was
        // written through.
        self.pop_w.next = self.htaken.val() & self.w_v.q.val();
        self.push.next = self.dv.q.val() & !(self.htaken.val() & !self.w_v.q.val());
        if self.pop_w.val() {
            if self.s_v.q.val() {
                self.w_grp.d.next = self.s_grp.q.val();
                self.w_last.d.next = self.s_last.q.val();
                self.w_mask.d.next = self.s_mask.q.val();
                self.w_addr.d.next = self.s_addr.q.val();
                self.w_set.d.next = self.s_set.q.val();
                self.w_reg.d.next = self.s_reg.q.val();
                for j in 0..8 {
                    self.w_d[j].d.next = self.s_d[j].q.val();
                }
                self.s_v.d.next = false;
            } else {
                self.w_v.d.next = false;
            }
        }
        if self.push.val() {
            if (self.w_v.q.val() & !self.pop_w.val()) | (self.s_v.q.val() & self.pop_w.val()) {
                self.s_v.d.next = true;
                self.s_grp.d.next = self.d_grp.q.val();
                self.s_last.d.next = self.d_last.q.val();
                self.s_mask.d.next = self.d_mask.q.val();
                self.s_addr.d.next = self.d_addr.q.val();
                self.s_set.d.next = self.d_set.q.val();
                self.s_reg.d.next = self.d_reg.q.val();
                for j in 0..8 {
                    self.s_d[j].d.next = self.y[j].val();
                }
            } else {
                self.w_v.d.next = true;
                self.w_grp.d.next = self.d_grp.q.val();
                self.w_last.d.next = self.d_last.q.val();
                self.w_mask.d.next = self.d_mask.q.val();
                self.w_addr.d.next = self.d_addr.q.val();
                self.w_set.d.next = self.d_set.q.val();
                self.w_reg.d.next = self.d_reg.q.val();
                for j in 0..8 {
                    self.w_d[j].d.next = self.y[j].val();
                }
            }
        }
        // Groups held after this clock (S only with W); a read is asked when its group will
        // have room.
        self.cnt.next = 0.into();
        if self.w_v.q.val() {
            self.cnt.next = self.k_one2.val();
        }
        if self.s_v.q.val() {
            self.cnt.next = self.k_two2.val();
        }
        self.cnt_n.next = self.cnt.val();
        if self.pop_w.val() & !self.push.val() {
            self.cnt_n.next = self.cnt.val() - self.k_one2.val();
        }
        if self.push.val() & !self.pop_w.val() {
            self.cnt_n.next = self.cnt.val() + self.k_one2.val();
        }
        self.room.next = self.cnt_n.val() < self.k_two2.val();

        // The head instruction's reads: lane group g at base + (g div 2) R + r, set g mod 2.
        self.b_warp.next = self.q0_warp.q.val();
        self.r1.next = bit_cast::<AW, 8>(self.regs.val());
        if !self.regs.val().any() {
            self.r1.next = 1.into();
        }
        // The lane group of this read: in order 0 1 2 3, or 1 0 3 2 when the first read is in
        // phase 0 (the SPs read set p in phase p: every read is then in the set they leave).
        self.sw.next = self.swap.q.val();
        if !self.rg.q.val().any() {
            self.sw.next = !self.phase.val();
        }
        self.grp.next = self.rg.q.val();
        if self.sw.val() {
            self.grp.next = self.rg.q.val() ^ self.k_one2.val();
        }
        self.off.next = self.b_base.val();
        if self.grp.val().get_bit(1) {
            self.off.next = self.b_base.val() + self.r1.val();
        }
        match self.grp.val().index() {
            0 => {
                self.exec8.next = self.q0_exec.q.val().get_bits::<8>(0);
            }
            1 => {
                self.exec8.next = self.q0_exec.q.val().get_bits::<8>(8);
            }
            2 => {
                self.exec8.next = self.q0_exec.q.val().get_bits::<8>(16);
            }
            _ => {
                self.exec8.next = self.q0_exec.q.val().get_bits::<8>(24);
            }
        }
        self.u_rd.next = (self.q0_v.q.val() & !self.rdone.q.val()) & self.room.val();
        self.u_rset.next = self.grp.val().get_bit(0);
        self.u_ra.next = self.off.val() + bit_cast::<AW, 7>(self.q0_ra.q.val());
        self.u_rb.next = self.off.val() + bit_cast::<AW, 7>(self.q0_rb.q.val());
        self.rtaken.next = ((self.q0_v.q.val() & !self.rdone.q.val()) & self.room.val()) & self.u_rd_ok.val();
        self.dv.d.next = self.rtaken.val();
        if self.rtaken.val() {
            self.d_grp.d.next = self.grp.val();
            self.d_last.d.next = self.rg.q.val() == self.k_g3.val();
            self.d_mask.d.next = self.exec8.val();
            self.d_addr.d.next = self.off.val() + bit_cast::<AW, 7>(self.q0_rd.q.val());
            self.d_set.d.next = self.grp.val().get_bit(0);
            self.d_reg.d.next = self.q0_rd.q.val();
            self.d_rz.d.next = self.q0_rz.q.val();
            self.d_sat.d.next = self.q0_sat.q.val();
            self.d_mod_a.d.next = self.q0_mod_a.q.val();
            self.d_mod_b.d.next = self.q0_mod_b.q.val();
            self.rg.d.next = self.rg.q.val() + self.k_one2.val();
            self.swap.d.next = self.sw.val();
            if self.rg.q.val() == self.k_g3.val() {
                self.rdone.d.next = true;
            }
        }

        // The last group written: P retires and moves to L; L releases in phase 1.
        self.last_done.next = self.htaken.val() & self.h_last.val();
        if self.last_done.val() {
            self.p_v.d.next = false;
            self.l_v.d.next = true;
            self.l_warp.d.next = self.p_warp.q.val();
            self.l_tag.d.next = self.p_tag.q.val();
        }
        self.rel_l.next = self.l_v.q.val() & self.phase.val();
        if self.rel_l.val() {
            self.l_v.d.next = false;
        }
        // The head leaves for P once its four groups are read (in the clock of its last read
        // at the earliest) and P is free.
        self.q0_out.next = (self.q0_v.q.val() & (self.rdone.q.val() | (self.rtaken.val() & (self.rg.q.val() == self.k_g3.val()))))
            & !self.p_v.q.val();
        if self.q0_out.val() {
            self.p_v.d.next = true;
            self.p_warp.d.next = self.q0_warp.q.val();
            self.p_pc.d.next = self.q0_pc.q.val();
            self.p_mask.d.next = self.q0_mask.q.val();
            self.p_cta.d.next = self.q0_cta.q.val();
            self.p_wid.d.next = self.q0_wid.q.val();
            self.p_tag.d.next = self.q0_tag.q.val();
            self.p_age.d.next = self.q0_age_n.val();
            self.q0_v.d.next = false;
        }
        // The queue: an instruction enters the head when it is free or leaving, else entry 1.
        if self.q0_out.val() & self.q1_v.q.val() {
            self.q0_v.d.next = true;
            self.q0_warp.d.next = self.q1_warp.q.val();
            self.q0_pc.d.next = self.q1_pc.q.val();
            self.q0_mask.d.next = self.q1_mask.q.val();
            self.q0_exec.d.next = self.q1_exec.q.val();
            self.q0_cta.d.next = self.q1_cta.q.val();
            self.q0_wid.d.next = self.q1_wid.q.val();
            self.q0_tag.d.next = self.q1_tag.q.val();
            self.q0_age.d.next = self.q1_age_n.val();
            self.q0_ra.d.next = self.q1_ra.q.val();
            self.q0_rb.d.next = self.q1_rb.q.val();
            self.q0_rd.d.next = self.q1_rd.q.val();
            self.q0_rz.d.next = self.q1_rz.q.val();
            self.q0_sat.d.next = self.q1_sat.q.val();
            self.q0_mod_a.d.next = self.q1_mod_a.q.val();
            self.q0_mod_b.d.next = self.q1_mod_b.q.val();
            self.q1_v.d.next = false;
            self.rg.d.next = 0.into();
            self.rdone.d.next = false;
        }
        if self.a_v.val() {
            if (self.q0_v.q.val() & !self.q0_out.val()) | self.q1_v.q.val() {
                self.q1_v.d.next = true;
                self.q1_warp.d.next = self.a_warp.val();
                self.q1_pc.d.next = self.a_pc.val();
                self.q1_mask.d.next = self.a_mask.val();
                self.q1_exec.d.next = self.a_exec.val();
                self.q1_cta.d.next = self.a_cta.val();
                self.q1_wid.d.next = self.a_wid.val();
                self.q1_tag.d.next = self.a_tag.val();
                self.q1_age.d.next = self.k_one5.val();
                self.q1_ra.d.next = self.a_ra.val();
                self.q1_rb.d.next = self.a_rb.val();
                self.q1_rd.d.next = self.a_rd.val();
                self.q1_rz.d.next = self.a_rnd.val() == self.k_one2.val();
                self.q1_sat.d.next = self.a_sat.val();
                self.q1_mod_a.d.next = self.a_mod_a.val();
                self.q1_mod_b.d.next = self.a_mod_b.val();
            } else {
                self.q0_v.d.next = true;
                self.q0_warp.d.next = self.a_warp.val();
                self.q0_pc.d.next = self.a_pc.val();
                self.q0_mask.d.next = self.a_mask.val();
                self.q0_exec.d.next = self.a_exec.val();
                self.q0_cta.d.next = self.a_cta.val();
                self.q0_wid.d.next = self.a_wid.val();
                self.q0_tag.d.next = self.a_tag.val();
                self.q0_age.d.next = self.k_one5.val();
                self.q0_ra.d.next = self.a_ra.val();
                self.q0_rb.d.next = self.a_rb.val();
                self.q0_rd.d.next = self.a_rd.val();
                self.q0_rz.d.next = self.a_rnd.val() == self.k_one2.val();
                self.q0_sat.d.next = self.a_sat.val();
                self.q0_mod_a.d.next = self.a_mod_a.val();
                self.q0_mod_b.d.next = self.a_mod_b.val();
                self.rg.d.next = 0.into();
                self.rdone.d.next = false;
            }
        }
        if self.clear.val() {
            self.q0_v.d.next = false;
            self.q1_v.d.next = false;
            self.p_v.d.next = false;
            self.l_v.d.next = false;
            self.dv.d.next = false;
            self.w_v.d.next = false;
            self.s_v.d.next = false;
            self.rdone.d.next = false;
        }

        // Status, release, the retire port.
        self.ready.next = !self.q1_v.q.val();
        self.idle.next = !(((((((self.q0_v.q.val() | self.q1_v.q.val()) | self.p_v.q.val()) | self.l_v.q.val())
            | self.dv.q.val())
            | self.w_v.q.val())
            | self.s_v.q.val()));
        self.rel_valid.next = self.rel_l.val();
        self.rel_warp.next = self.l_warp.q.val();
        self.rel_tag.next = self.l_tag.q.val();
        self.mw_valid.next = self.wr_l.val() & self.u_wr_ok.val();
        self.mw_grp.next = self.h_grp.val();
        self.mw_reg.next = bit_cast::<8, 7>(self.h_reg.val());
        self.mt_valid.next = self.last_done.val();
        self.mt_warp.next = self.p_warp.q.val();
        self.mt_pc.next = self.p_pc.q.val();
        self.mt_mask.next = self.p_mask.q.val();
        self.mt_cta.next = self.p_cta.q.val();
        self.mt_wid.next = self.p_wid.q.val();
        if !self.on.val() {
            self.b_warp.next = 0.into();
            self.u_rd.next = false;
            self.u_rset.next = false;
            self.u_ra.next = 0.into();
            self.u_rb.next = 0.into();
            self.u_wr.next = false;
            self.u_wset.next = false;
            self.u_waddr.next = 0.into();
            self.u_wmask.next = 0.into();
            self.wd0.next = 0.into();
            self.wd1.next = 0.into();
            self.wd2.next = 0.into();
            self.wd3.next = 0.into();
            self.wd4.next = 0.into();
            self.wd5.next = 0.into();
            self.wd6.next = 0.into();
            self.wd7.next = 0.into();
            self.ready.next = true;
            self.idle.next = true;
            self.rel_valid.next = false;
            self.rel_warp.next = 0.into();
            self.rel_tag.next = 0.into();
            self.mw_valid.next = false;
            self.mw_grp.next = 0.into();
            self.mw_reg.next = 0.into();
            self.mt_valid.next = false;
            self.mt_warp.next = 0.into();
            self.mt_pc.next = 0.into();
            self.mt_mask.next = 0.into();
            self.mt_cta.next = 0.into();
            self.mt_wid.next = 0.into();
        }
    }
}
