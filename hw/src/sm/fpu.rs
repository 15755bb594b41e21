//! The SM's SFU and FMA unit: executes the special functions (`rcp` `rsq` `lg2` `ex2` `sin`
//! `cos` `rro`) on two SFUs ([`Sfu`], two lanes a clock; `sm_small`: one SFU, one lane a
//! clock, the second's outputs unused and removed by synthesis) and `ffma` on the FMA unit
//! ([`Fma`], one lane a clock), one warp-instruction at a time. It reads the operand registers of the
//! four lane groups through the register file's other-units client first (so a later
//! instruction of the warp may overwrite them: the scoreboard does not hold writes behind
//! reads), applies the source modifiers (`|x|`, `-x`), streams the 32 lanes through the
//! units, gathers the results, writes them back group by group (the lanes in exec), then
//! releases the destination to the scheduler (`rel_*`, the scoreboard entry of `lat` 0) and
//! retires the instruction on `ft_*`.
//!
//! The operands and results are held in distributed RAM ([`LutRam`]), eight RAMs of four
//! words per operand and for the results: lane `8g + j` is word `g` of RAM `j`, so a lane
//! group is written (operands, as its read arrives) or read (results, at its write-back)
//! in one clock. Feeding reads lane `fc` (and `fc + 1` for the second SFU) through a
//! multiplexer on `fc`'s low bits; each result is written at its lane as the units
//! deliver it (two a clock from the SFUs). (Until stop 37: shift registers of 32 lanes,
//! about 6,000 LUT4 and 4,096 flip-flops more.)
//!
//! `ffma` is binary32 with one rounding in the instruction's mode (rn rz rm rp), subnormals
//! kept, then `.sat` (NaN and negative results to +0, above 1.0 to 1.0), as the golden SM
//! (`gsm::GoldenFpUnits`).
//!
//! The binary64 ops (`dfma` `dadd` `dmul` `dcvt`, register pairs rN, rN+1, docs/isa.md) run
//! on the same FMA unit when the configuration has them (`fp64`, `SmConfig::fp64`): the
//! reads take two passes of the four lane groups (the pairs' low registers, then their high
//! ones: words g and 4 + g of the operand RAMs, so the RAMs keep their number of
//! TRELLIS_DPR16X4, each 16 words deep); a lane is fed every two clocks (its low words held
//! in `la` `lb` `lc` in the first, its high words read and the 64-bit operands fed in the
//! second); the result's low word is written at once and its high word (`yh`) a clock later;
//! the write-back takes two passes too (rd's, then rd+1's). The source modifiers act on the
//! high words (bit 63), none on `dcvt`; `dcvt`'s kind picks the FMA unit's function (cvt,
//! cvt from an integer, to an integer), the result's format and the integer type (with the
//! word's `signed` bit); a 32-bit source is the pair's low word (the high one fed as 0), a
//! 32-bit result is written with a high word of 0, as the golden SM. Without `fp64` these
//! ops fault `not-supported` at their lowest lane in exec, as the golden SM of the
//! configuration, and synthesis removes the second passes (the RAMs are four words deep).
//!
//! Clocks per warp-instruction (no refusals): 4 reads, 1, 16 feeds (two SFUs) or 32 (one
//! SFU, or the FMA unit), the units' latency (`SFU_LATENCY` or `FMA_LATENCY`), 4 writes, up to 2 for the release in
//! phase 1; binary64: 8 reads, 1, 64 feeds, `FMA_LATENCY` + 1, 8 writes, the release. An instruction without lanes in exec still reads (6 clocks from T0+1 to its
//! retire at the least); its earliest retire (`age`, [`crate::sm::pipe::unit_min_age`]) keeps
//! it from retiring before an older instruction of its warp in the SP pipeline.
//!
//! Ports (out: combinational from the unit's registers unless said otherwise):
//! - `clock`, `clear`, `phase`                     in   the scheduler's phase (release in 1)
//! - `a_v`, `a_warp`, `a_pc`, `a_mask`, `a_exec`,  in   accept an SFU or FMA instruction (the
//!   `a_cta`, `a_wid`, `a_tag`                             issue pipeline's E stage, T0+1)
//! - `a_sfu`, `a_fn`, `a_f64`, `a_op`             in   1, 3, 1, 3  its decoded controls: SFU
//!                                                         (else FMA), SFU function
//!                                                         ([`crate::isa::sfu_fn`]), binary64,
//!                                                         FMA function ([`fma_fn`])
//! - `a_kind`, `a_signed`                          in   3, 1  dcvt's kind
//!                                                         ([`crate::isa::dcvt_kind`]) and
//!                                                         integer signedness
//! - `a_ra`, `a_rb`, `a_rc`, `a_rd`                in   7  source and destination registers
//! - `a_rnd`, `a_sat`, `a_mod_a`, `a_mod_b`,       in   2, 1, 2, 2, 2  rounding mode, `.sat`,
//!   `a_mod_c`                                             source modifiers (bit 0 abs, 1 neg)
//! - `regs`                                        in   8   registers per thread
//! - `b_warp` / `b_base`                           out 5 / in AW  register base lookup
//! - `u_rd`, `u_rset`, `u_ra`, `u_rb`, `u_rc` /    out / in  register read of a lane group
//!   `u_rd_ok`                                             (words one clock later)
//! - `ua0..7`, `ub0..7`, `uc0..7`                  in  32   the lanes' read words
//! - `u_wr`, `u_wset`, `u_waddr`, `u_wmask`,       out  write-back of a lane group (lanes in
//!   `wd0..7` / `u_wr_ok`                                  `u_wmask`), retried until taken
//! - `ready`                                       out  1   the unit takes an instruction
//! - `rel_valid`, `rel_warp`, `rel_tag` /          out / in  the destination released (in
//!   `rel_ok`                                              phase 1, when `rel_ok`)
//! - `fw_valid`, `fw_grp`, `fw_reg`                out  1, 2, 8  the write-back shown (with
//!                                                         `ft_warp`, `u_wmask`, `wd*`)
//! - `ft_valid`, `ft_warp`, `ft_pc`, `ft_mask`,    out  the instruction retired
//!   `ft_cta`, `ft_wid`
//! - `flt_v`, `flt_warp`, `flt_pc`, `flt_lane`     out  the fault `not-supported` (a binary64
//!                                                         op without `fp64`; its lowest lane
//!                                                         in exec), held
use crate::fma::Fma;
use crate::fp32::bits::{ABS_MASK, ONE};
use crate::isa::fma_fn;
use crate::prim::lutram::LutRam;
use crate::sfu::Sfu;
use crate::sm::min_age::MinAge;
use array_init::array_init;
use rust_hdl::prelude::*;

/// Unit states.
pub mod state {
    pub const IDLE: u8 = 0;
    /// The four lane groups' operand registers.
    pub const READ: u8 = 1;
    /// The last group's words arrive.
    pub const WAIT: u8 = 2;
    /// The lanes into the units.
    pub const FEED: u8 = 3;
    /// The last results.
    pub const DRAIN: u8 = 4;
    /// The results, a lane group at a time.
    pub const WB: u8 = 5;
    /// Release and retire, in the scheduler's phase 1.
    pub const REL: u8 = 6;
    pub const FAULT: u8 = 7;
}

#[derive(LogicBlock)]
pub struct SmFpu<const AW: usize> {
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
    pub a_sfu: Signal<In, Bit>,
    pub a_fn: Signal<In, Bits<3>>,
    pub a_f64: Signal<In, Bit>,
    pub a_op: Signal<In, Bits<3>>,
    pub a_kind: Signal<In, Bits<3>>,
    pub a_signed: Signal<In, Bits<1>>,
    pub a_ra: Signal<In, Bits<7>>,
    pub a_rb: Signal<In, Bits<7>>,
    pub a_rc: Signal<In, Bits<7>>,
    pub a_rd: Signal<In, Bits<7>>,
    pub a_rnd: Signal<In, Bits<2>>,
    pub a_sat: Signal<In, Bit>,
    pub a_mod_a: Signal<In, Bits<2>>,
    pub a_mod_b: Signal<In, Bits<2>>,
    pub a_mod_c: Signal<In, Bits<2>>,
    pub regs: Signal<In, Bits<8>>,
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
    pub ready: Signal<Out, Bit>,
    pub rel_valid: Signal<Out, Bit>,
    pub rel_warp: Signal<Out, Bits<5>>,
    pub rel_tag: Signal<Out, Bits<2>>,
    pub rel_ok: Signal<In, Bit>,
    pub fw_valid: Signal<Out, Bit>,
    pub fw_grp: Signal<Out, Bits<2>>,
    pub fw_reg: Signal<Out, Bits<8>>,
    pub ft_valid: Signal<Out, Bit>,
    pub ft_warp: Signal<Out, Bits<5>>,
    pub ft_pc: Signal<Out, Bits<24>>,
    pub ft_mask: Signal<Out, Bits<32>>,
    pub ft_cta: Signal<Out, Bits<32>>,
    pub ft_wid: Signal<Out, Bits<5>>,
    pub flt_v: Signal<Out, Bit>,
    pub flt_warp: Signal<Out, Bits<5>>,
    pub flt_pc: Signal<Out, Bits<24>>,
    pub flt_lane: Signal<Out, Bits<5>>,
    // The units.
    sfu0: Sfu,
    sfu1: Sfu,
    fma: Fma,
    // The instruction.
    st: DFF<Bits<3>>,
    warp: DFF<Bits<5>>,
    pc: DFF<Bits<24>>,
    mask: DFF<Bits<32>>,
    exec: DFF<Bits<32>>,
    cta: DFF<Bits<32>>,
    wid: DFF<Bits<5>>,
    tag: DFF<Bits<2>>,
    /// The earliest retire behind the SP pipeline (two passes).
    age: MinAge,
    sfu: DFF<Bit>,
    func: DFF<Bits<3>>,
    ra: DFF<Bits<7>>,
    rb: DFF<Bits<7>>,
    rc: DFF<Bits<7>>,
    rd: DFF<Bits<7>>,
    rnd: DFF<Bits<2>>,
    sat: DFF<Bit>,
    mod_a: DFF<Bits<2>>,
    mod_b: DFF<Bits<2>>,
    mod_c: DFF<Bits<2>>,
    /// binary64: the op, its FMA function, dcvt kind and signedness; the register pass
    /// (0: the pairs' low words, 1: their high words) of the reads and write-backs, and of
    /// the read whose words arrive; the feed's half (0: a lane's low words held, 1: the
    /// lane fed with its high words).
    dbl: DFF<Bit>,
    fop: DFF<Bits<3>>,
    kind: DFF<Bits<3>>,
    sgn: DFF<Bits<1>>,
    hi: DFF<Bits<1>>,
    rv_hi: DFF<Bits<1>>,
    half: DFF<Bits<1>>,
    la: DFF<Bits<32>>,
    lb: DFF<Bits<32>>,
    lc: DFF<Bits<32>>,
    /// A binary64 result's high word, written the clock after its low word.
    yh: DFF<Bits<32>>,
    yh_v: DFF<Bit>,
    // Lane group, read taken in the last clock, lanes fed and results gathered.
    gc: DFF<Bits<2>>,
    rv: DFF<Bit>,
    fc: DFF<Bits<6>>,
    rcnt: DFF<Bits<6>>,
    // Operands and results: lane 8g + j in word g of RAM j (a pair's high word in word
    // 4 + g).
    opa: [LutRam<3, 32>; 8],
    opb: [LutRam<3, 32>; 8],
    opc: [LutRam<3, 32>; 8],
    res: [LutRam<3, 32>; 8],
    // Locals.
    r1: Signal<Local, Bits<AW>>,
    off: Signal<Local, Bits<AW>>,
    hiw: Signal<Local, Bits<AW>>,
    mods_on: Signal<Local, Bit>,
    wa3: Signal<Local, Bits<3>>,
    fa3: Signal<Local, Bits<3>>,
    ya3: Signal<Local, Bits<3>>,
    wb3: Signal<Local, Bits<3>>,
    // binary64: the FMA unit's function, format and integer type; a 32-bit source (the
    // high word fed as 0) or result (written as 0); the lane fed this clock.
    is_cvt: Signal<Local, Bit>,
    x_op: Signal<Local, Bits<3>>,
    x_fmt: Signal<Local, Bit>,
    x_ity: Signal<Local, Bits<2>>,
    src32: Signal<Local, Bit>,
    res32: Signal<Local, Bit>,
    a_lo: Signal<Local, Bits<32>>,
    a_hi: Signal<Local, Bits<32>>,
    b_lo: Signal<Local, Bits<32>>,
    b_hi: Signal<Local, Bits<32>>,
    c_lo: Signal<Local, Bits<32>>,
    c_hi: Signal<Local, Bits<32>>,
    y_hi: Signal<Local, Bits<32>>,
    res_v: Signal<Local, Bit>,
    am_a: Signal<Local, Bits<32>>,
    am_b: Signal<Local, Bits<32>>,
    am_c: Signal<Local, Bits<32>>,
    ng_a: Signal<Local, Bits<32>>,
    ng_b: Signal<Local, Bits<32>>,
    ng_c: Signal<Local, Bits<32>>,
    feeding: Signal<Local, Bit>,
    // The group whose words arrive (read in the last clock); the lane fed: its group, its
    // position in the group, and its pair (SFU lanes fc, fc + 1); operands a (even and odd
    // positions), b and c of lane fc.
    wgrp: Signal<Local, Bits<2>>,
    fgrp: Signal<Local, Bits<2>>,
    fpos: Signal<Local, Bits<3>>,
    fpair: Signal<Local, Bits<2>>,
    fa_even: Signal<Local, Bits<32>>,
    fa_odd: Signal<Local, Bits<32>>,
    fa: Signal<Local, Bits<32>>,
    /// The first SFU's operand (lane fc's a with one SFU), a single lane's result (the FMA
    /// unit's, or the one SFU's) and whether there is one.
    sx0: Signal<Local, Bits<32>>,
    one_y: Signal<Local, Bits<32>>,
    one_v: Signal<Local, Bit>,
    fb: Signal<Local, Bits<32>>,
    fcc: Signal<Local, Bits<32>>,
    // The next result's lane: its group, position and pair.
    rgrp: Signal<Local, Bits<2>>,
    rpos: Signal<Local, Bits<3>>,
    rpair: Signal<Local, Bits<2>>,
    last_feed: Signal<Local, Bits<6>>,
    step: Signal<Local, Bits<6>>,
    fy: Signal<Local, Bits<32>>,
    fy_nan: Signal<Local, Bit>,
    fsat: Signal<Local, Bits<32>>,
    exec8: Signal<Local, Bits<8>>,
    wr_l: Signal<Local, Bit>,
    wtaken: Signal<Local, Bit>,
    rel_l: Signal<Local, Bit>,
    low: Signal<Local, Bits<5>>,
    fnd: Signal<Local, Bit>,
    lidx: [Constant<Bits<5>>; 32],
    pos: [Constant<Bits<3>>; 8],
    pair: [Constant<Bits<2>>; 4],
    k_abs: Constant<Bits<32>>,
    k_sign: Constant<Bits<32>>,
    k_one: Constant<Bits<32>>,
    k_exp: Constant<Bits<32>>,
    k_man: Constant<Bits<32>>,
    k_ones32: Constant<Bits<32>>,
    k_one2: Constant<Bits<2>>,
    k_two2: Constant<Bits<2>>,
    k_four3: Constant<Bits<3>>,
    k_one6: Constant<Bits<6>>,
    k_two6: Constant<Bits<6>>,
    k_last_sfu: Constant<Bits<6>>,
    k_last_fma: Constant<Bits<6>>,
    /// Two SFUs (lanes fc and fc + 1 a clock), else one (lane fc, as the FMA unit).
    two_sfus: Constant<Bit>,
    /// The binary64 ops run (`SmConfig::fp64`), else they fault.
    fp64_on: Constant<Bit>,
    k_cvt: Constant<Bits<3>>,
    k_i2f: Constant<Bits<3>>,
    k_f2i: Constant<Bits<3>>,
    /// The dcvt kinds ([`crate::isa::dcvt_kind`]).
    kinds: [Constant<Bits<3>>; 6],
    k_lanes: Constant<Bits<6>>,
    k_idle: Constant<Bits<3>>,
    k_feed: Constant<Bits<3>>,
    k_wb: Constant<Bits<3>>,
    k_fault: Constant<Bits<3>>,
}

/// A constant of any width.
fn k<const W: usize>(v: u64) -> Constant<Bits<W>> {
    Constant::new(v.into())
}

impl<const AW: usize> Default for SmFpu<AW> {
    fn default() -> Self {
        Self::new(0, 2, true)
    }
}

impl<const AW: usize> SmFpu<AW> {
    /// The unit; an instruction retires `min_age` clocks after it is taken at the earliest
    /// ([`crate::sm::pipe::unit_min_age`]); `fp64`: the binary64 ops run (else they fault,
    /// and the operand and result RAMs keep four words).
    pub fn new(min_age: usize, sfus: usize, fp64: bool) -> Self {
        assert!(sfus == 1 || sfus == 2, "SmFpu: one or two SFUs");
        let words = if fp64 { 8 } else { 4 };
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
            a_sfu: Default::default(),
            a_fn: Default::default(),
            a_f64: Default::default(),
            a_op: Default::default(),
            a_kind: Default::default(),
            a_signed: Default::default(),
            a_ra: Default::default(),
            a_rb: Default::default(),
            a_rc: Default::default(),
            a_rd: Default::default(),
            a_rnd: Default::default(),
            a_sat: Default::default(),
            a_mod_a: Default::default(),
            a_mod_b: Default::default(),
            a_mod_c: Default::default(),
            regs: Default::default(),
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
            ready: Default::default(),
            rel_valid: Default::default(),
            rel_warp: Default::default(),
            rel_tag: Default::default(),
            rel_ok: Default::default(),
            fw_valid: Default::default(),
            fw_grp: Default::default(),
            fw_reg: Default::default(),
            ft_valid: Default::default(),
            ft_warp: Default::default(),
            ft_pc: Default::default(),
            ft_mask: Default::default(),
            ft_cta: Default::default(),
            ft_wid: Default::default(),
            flt_v: Default::default(),
            flt_warp: Default::default(),
            flt_pc: Default::default(),
            flt_lane: Default::default(),
            sfu0: Default::default(),
            sfu1: Default::default(),
            fma: Default::default(),
            st: Default::default(),
            warp: Default::default(),
            pc: Default::default(),
            mask: Default::default(),
            exec: Default::default(),
            cta: Default::default(),
            wid: Default::default(),
            tag: Default::default(),
            age: MinAge::new(min_age),
            sfu: Default::default(),
            func: Default::default(),
            ra: Default::default(),
            rb: Default::default(),
            rc: Default::default(),
            rd: Default::default(),
            rnd: Default::default(),
            sat: Default::default(),
            mod_a: Default::default(),
            mod_b: Default::default(),
            mod_c: Default::default(),
            dbl: Default::default(),
            fop: Default::default(),
            kind: Default::default(),
            sgn: Default::default(),
            hi: Default::default(),
            rv_hi: Default::default(),
            half: Default::default(),
            la: Default::default(),
            lb: Default::default(),
            lc: Default::default(),
            yh: Default::default(),
            yh_v: Default::default(),
            gc: Default::default(),
            rv: Default::default(),
            fc: Default::default(),
            rcnt: Default::default(),
            opa: array_init(|_| LutRam::new(words)),
            opb: array_init(|_| LutRam::new(words)),
            opc: array_init(|_| LutRam::new(words)),
            res: array_init(|_| LutRam::new(words)),
            r1: Default::default(),
            off: Default::default(),
            hiw: Default::default(),
            mods_on: Default::default(),
            wa3: Default::default(),
            fa3: Default::default(),
            ya3: Default::default(),
            wb3: Default::default(),
            is_cvt: Default::default(),
            x_op: Default::default(),
            x_fmt: Default::default(),
            x_ity: Default::default(),
            src32: Default::default(),
            res32: Default::default(),
            a_lo: Default::default(),
            a_hi: Default::default(),
            b_lo: Default::default(),
            b_hi: Default::default(),
            c_lo: Default::default(),
            c_hi: Default::default(),
            y_hi: Default::default(),
            res_v: Default::default(),
            am_a: Default::default(),
            am_b: Default::default(),
            am_c: Default::default(),
            ng_a: Default::default(),
            ng_b: Default::default(),
            ng_c: Default::default(),
            feeding: Default::default(),
            wgrp: Default::default(),
            fgrp: Default::default(),
            fpos: Default::default(),
            fpair: Default::default(),
            fa_even: Default::default(),
            fa_odd: Default::default(),
            fa: Default::default(),
            sx0: Default::default(),
            one_y: Default::default(),
            one_v: Default::default(),
            fb: Default::default(),
            fcc: Default::default(),
            rgrp: Default::default(),
            rpos: Default::default(),
            rpair: Default::default(),
            last_feed: Default::default(),
            step: Default::default(),
            fy: Default::default(),
            fy_nan: Default::default(),
            fsat: Default::default(),
            exec8: Default::default(),
            wr_l: Default::default(),
            wtaken: Default::default(),
            rel_l: Default::default(),
            low: Default::default(),
            fnd: Default::default(),
            lidx: array_init(|l| Constant::new((l as u64).into())),
            pos: array_init(|j| Constant::new((j as u64).into())),
            pair: array_init(|k| Constant::new((k as u64).into())),
            k_abs: k(ABS_MASK as u64),
            k_sign: k(!ABS_MASK as u64 & 0xFFFF_FFFF),
            k_one: k(ONE as u64),
            k_exp: k(0x7F80_0000),
            k_man: k(0x007F_FFFF),
            k_ones32: k(0xFFFF_FFFF),
            k_one2: k(1),
            k_two2: k(2),
            k_four3: k(4),
            k_one6: k(1),
            k_two6: k(2),
            k_last_sfu: k(30),
            k_last_fma: k(31),
            two_sfus: Constant::new(sfus == 2),
            fp64_on: Constant::new(fp64),
            k_cvt: k(fma_fn::CVT as u64),
            k_i2f: k(fma_fn::CVT_I2F as u64),
            k_f2i: k(fma_fn::CVT_F2I as u64),
            kinds: array_init(|j| Constant::new((j as u64).into())),
            k_lanes: k(32),
            k_idle: k(state::IDLE as u64),
            k_feed: k(state::FEED as u64),
            k_wb: k(state::WB as u64),
            k_fault: k(state::FAULT as u64),
        }
    }
}

impl<const AW: usize> Logic for SmFpu<AW> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, st, warp, pc, mask, exec, cta, wid, tag, sfu, func, ra, rb, rc, rd, rnd, sat, mod_a, mod_b,
            mod_c, dbl, fop, kind, sgn, hi, rv_hi, half, la, lb, lc, yh, yh_v, gc, rv, fc, rcnt
        );
        self.sfu0.clock.next = self.clock.val();
        self.sfu1.clock.next = self.clock.val();
        self.fma.clock.next = self.clock.val();
        self.age.clock.next = self.clock.val();
        self.age.start.next = (self.st.q.val() == self.k_idle.val()) & self.a_v.val();
        for j in 0..8 {
            self.opa[j].clock.next = self.clock.val();
            self.opb[j].clock.next = self.clock.val();
            self.opc[j].clock.next = self.clock.val();
            self.res[j].clock.next = self.clock.val();
        }
        // Register addresses of lane group gc.
        self.b_warp.next = self.warp.q.val();
        self.r1.next = bit_cast::<AW, 8>(self.regs.val());
        if !self.regs.val().any() {
            self.r1.next = 1.into();
        }
        self.off.next = self.b_base.val();
        if self.gc.q.val().get_bit(1) {
            self.off.next = self.b_base.val() + self.r1.val();
        }
        // (binary64: the pairs' high words in the second pass.)
        self.hiw.next = bit_cast::<AW, 1>(self.hi.q.val());
        self.u_rset.next = self.gc.q.val().get_bit(0);
        self.u_ra.next = (self.off.val() + bit_cast::<AW, 7>(self.ra.q.val())) + self.hiw.val();
        self.u_rb.next = (self.off.val() + bit_cast::<AW, 7>(self.rb.q.val())) + self.hiw.val();
        self.u_rc.next = (self.off.val() + bit_cast::<AW, 7>(self.rc.q.val())) + self.hiw.val();
        self.u_wset.next = self.gc.q.val().get_bit(0);
        self.u_waddr.next = (self.off.val() + bit_cast::<AW, 7>(self.rd.q.val())) + self.hiw.val();
        // Source modifiers: x & am ^ ng (binary64: on the high words, bit 63; none on dcvt).
        self.is_cvt.next = self.dbl.q.val() & (self.fop.q.val() == self.k_cvt.val());
        self.mods_on.next = !self.dbl.q.val() | (self.rv_hi.q.val().any() & !self.is_cvt.val());
        self.am_a.next = self.k_ones32.val();
        self.am_b.next = self.k_ones32.val();
        self.am_c.next = self.k_ones32.val();
        self.ng_a.next = 0.into();
        self.ng_b.next = 0.into();
        self.ng_c.next = 0.into();
        if self.mod_a.q.val().get_bit(0) & self.mods_on.val() {
            self.am_a.next = self.k_abs.val();
        }
        if self.mod_b.q.val().get_bit(0) & self.mods_on.val() {
            self.am_b.next = self.k_abs.val();
        }
        if self.mod_c.q.val().get_bit(0) & self.mods_on.val() {
            self.am_c.next = self.k_abs.val();
        }
        if self.mod_a.q.val().get_bit(1) & self.mods_on.val() {
            self.ng_a.next = self.k_sign.val();
        }
        if self.mod_b.q.val().get_bit(1) & self.mods_on.val() {
            self.ng_b.next = self.k_sign.val();
        }
        if self.mod_c.q.val().get_bit(1) & self.mods_on.val() {
            self.ng_c.next = self.k_sign.val();
        }
        // A group's words (read in the last clock) are written at their group (and pass).
        self.wgrp.next = self.gc.q.val() - self.k_one2.val();
        self.wa3.next = (bit_cast::<3, 1>(self.rv_hi.q.val()) << 2) | bit_cast::<3, 2>(self.wgrp.val());
        for j in 0..8 {
            self.opa[j].we.next = self.rv.q.val();
            self.opb[j].we.next = self.rv.q.val();
            self.opc[j].we.next = self.rv.q.val();
            self.opa[j].waddr.next = self.wa3.val();
            self.opb[j].waddr.next = self.wa3.val();
            self.opc[j].waddr.next = self.wa3.val();
        }
        self.opa[0].wdata.next = (self.ua0.val() & self.am_a.val()) ^ self.ng_a.val();
        self.opa[1].wdata.next = (self.ua1.val() & self.am_a.val()) ^ self.ng_a.val();
        self.opa[2].wdata.next = (self.ua2.val() & self.am_a.val()) ^ self.ng_a.val();
        self.opa[3].wdata.next = (self.ua3.val() & self.am_a.val()) ^ self.ng_a.val();
        self.opa[4].wdata.next = (self.ua4.val() & self.am_a.val()) ^ self.ng_a.val();
        self.opa[5].wdata.next = (self.ua5.val() & self.am_a.val()) ^ self.ng_a.val();
        self.opa[6].wdata.next = (self.ua6.val() & self.am_a.val()) ^ self.ng_a.val();
        self.opa[7].wdata.next = (self.ua7.val() & self.am_a.val()) ^ self.ng_a.val();
        self.opb[0].wdata.next = (self.ub0.val() & self.am_b.val()) ^ self.ng_b.val();
        self.opb[1].wdata.next = (self.ub1.val() & self.am_b.val()) ^ self.ng_b.val();
        self.opb[2].wdata.next = (self.ub2.val() & self.am_b.val()) ^ self.ng_b.val();
        self.opb[3].wdata.next = (self.ub3.val() & self.am_b.val()) ^ self.ng_b.val();
        self.opb[4].wdata.next = (self.ub4.val() & self.am_b.val()) ^ self.ng_b.val();
        self.opb[5].wdata.next = (self.ub5.val() & self.am_b.val()) ^ self.ng_b.val();
        self.opb[6].wdata.next = (self.ub6.val() & self.am_b.val()) ^ self.ng_b.val();
        self.opb[7].wdata.next = (self.ub7.val() & self.am_b.val()) ^ self.ng_b.val();
        self.opc[0].wdata.next = (self.uc0.val() & self.am_c.val()) ^ self.ng_c.val();
        self.opc[1].wdata.next = (self.uc1.val() & self.am_c.val()) ^ self.ng_c.val();
        self.opc[2].wdata.next = (self.uc2.val() & self.am_c.val()) ^ self.ng_c.val();
        self.opc[3].wdata.next = (self.uc3.val() & self.am_c.val()) ^ self.ng_c.val();
        self.opc[4].wdata.next = (self.uc4.val() & self.am_c.val()) ^ self.ng_c.val();
        self.opc[5].wdata.next = (self.uc5.val() & self.am_c.val()) ^ self.ng_c.val();
        self.opc[6].wdata.next = (self.uc6.val() & self.am_c.val()) ^ self.ng_c.val();
        self.opc[7].wdata.next = (self.uc7.val() & self.am_c.val()) ^ self.ng_c.val();
        // Feeding: lanes fc and fc + 1 to the SFUs, or lane fc to the FMA unit.
        self.feeding.next = self.st.q.val() == self.k_feed.val();
        self.step.next = self.k_one6.val();
        self.last_feed.next = self.k_last_fma.val();
        if self.sfu.q.val() & self.two_sfus.val() {
            self.step.next = self.k_two6.val();
            self.last_feed.next = self.k_last_sfu.val();
        }
        self.sfu0.in_valid.next = self.feeding.val() & self.sfu.q.val();
        self.sfu1.in_valid.next = (self.feeding.val() & self.sfu.q.val()) & self.two_sfus.val();
        self.sfu0.op.next = self.func.q.val();
        self.sfu1.op.next = self.func.q.val();
        self.fgrp.next = self.fc.q.val().get_bits::<2>(3);
        self.fpos.next = self.fc.q.val().get_bits::<3>(0);
        self.fpair.next = self.fc.q.val().get_bits::<2>(1);
        self.fa3.next = (bit_cast::<3, 1>(self.half.q.val()) << 2) | bit_cast::<3, 2>(self.fgrp.val());
        for j in 0..8 {
            self.opa[j].raddr.next = self.fa3.val();
            self.opb[j].raddr.next = self.fa3.val();
            self.opc[j].raddr.next = self.fa3.val();
        }
        self.fa_even.next = 0.into();
        self.fa_odd.next = 0.into();
        for k in 0..4 {
            if self.fpair.val() == self.pair[k].val() {
                self.fa_even.next = self.opa[2 * k].rdata.val();
                self.fa_odd.next = self.opa[2 * k + 1].rdata.val();
            }
        }
        self.fa.next = self.fa_even.val();
        if self.fc.q.val().get_bit(0) {
            self.fa.next = self.fa_odd.val();
        }
        self.fb.next = 0.into();
        self.fcc.next = 0.into();
        for j in 0..8 {
            if self.fpos.val() == self.pos[j].val() {
                self.fb.next = self.opb[j].rdata.val();
                self.fcc.next = self.opc[j].rdata.val();
            }
        }
        self.sx0.next = self.fa_even.val();
        if !self.two_sfus.val() {
            self.sx0.next = self.fa.val();
        }
        self.sfu0.x.next = self.sx0.val();
        self.sfu1.x.next = self.fa_odd.val();
        // The FMA unit: ffma (binary32, lane fc a clock), or binary64 (lane fc every two
        // clocks: its low words held in the first, fed with its high words in the second).
        // dcvt: its kind picks the function, the format of the result and the integer type.
        // (Constant without binary64: synthesis keeps only the unit's fma path.)
        self.x_op.next = 0.into();
        if self.dbl.q.val() {
            self.x_op.next = self.fop.q.val();
        }
        self.x_fmt.next = self.dbl.q.val();
        self.src32.next = false;
        self.res32.next = false;
        if self.is_cvt.val() {
            if (self.kind.q.val() == self.kinds[2].val()) | (self.kind.q.val() == self.kinds[3].val()) {
                self.x_op.next = self.k_i2f.val();
            }
            if (self.kind.q.val() == self.kinds[4].val()) | (self.kind.q.val() == self.kinds[5].val()) {
                self.x_op.next = self.k_f2i.val();
            }
            if self.kind.q.val() == self.kinds[1].val() {
                self.x_fmt.next = false;
            }
            self.src32.next = (self.kind.q.val() == self.kinds[0].val()) | (self.kind.q.val() == self.kinds[2].val());
            self.res32.next = (self.kind.q.val() == self.kinds[1].val()) | (self.kind.q.val() == self.kinds[4].val());
        }
        self.x_ity.next = 0.into();
        if self.is_cvt.val() {
            self.x_ity.next = bit_cast::<2, 1>(self.sgn.q.val());
            if (self.kind.q.val() == self.kinds[3].val()) | (self.kind.q.val() == self.kinds[5].val()) {
                self.x_ity.next = bit_cast::<2, 1>(self.sgn.q.val()) | self.k_two2.val();
            }
        }
        self.a_lo.next = self.fa.val();
        self.b_lo.next = self.fb.val();
        self.c_lo.next = self.fcc.val();
        self.a_hi.next = 0.into();
        self.b_hi.next = 0.into();
        self.c_hi.next = 0.into();
        if self.dbl.q.val() {
            self.a_lo.next = self.la.q.val();
            self.b_lo.next = self.lb.q.val();
            self.c_lo.next = self.lc.q.val();
            if !self.src32.val() {
                self.a_hi.next = self.fa.val();
                self.b_hi.next = self.fb.val();
                self.c_hi.next = self.fcc.val();
            }
        }
        if !self.half.q.val().any() {
            self.la.d.next = self.fa.val();
            self.lb.d.next = self.fb.val();
            self.lc.d.next = self.fcc.val();
        }
        self.fma.in_valid.next = (self.feeding.val() & !self.sfu.q.val()) & (!self.dbl.q.val() | self.half.q.val().any());
        self.fma.op.next = self.x_op.val();
        self.fma.ity.next = self.x_ity.val();
        self.fma.fmt.next = self.x_fmt.val();
        self.fma.rnd.next = bit_cast::<3, 2>(self.rnd.q.val());
        self.fma.ftz.next = false;
        self.fma.a.next = (bit_cast::<64, 32>(self.a_hi.val()) << 32) | bit_cast::<64, 32>(self.a_lo.val());
        self.fma.b.next = (bit_cast::<64, 32>(self.b_hi.val()) << 32) | bit_cast::<64, 32>(self.b_lo.val());
        self.fma.c.next = (bit_cast::<64, 32>(self.c_hi.val()) << 32) | bit_cast::<64, 32>(self.c_lo.val());
        // Results at their lanes: the FMA unit's (lane rcnt, after `.sat`) or the SFUs' (lanes
        // rcnt and rcnt + 1).
        self.fy.next = self.fma.y.val().get_bits::<32>(0);
        self.fy_nan.next = ((self.fy.val() & self.k_exp.val()) == self.k_exp.val()) & (self.fy.val() & self.k_man.val()).any();
        self.fsat.next = self.fy.val();
        if self.sat.q.val() & !self.dbl.q.val() {
            if self.fy.val() > self.k_one.val() {
                self.fsat.next = self.k_one.val();
            }
            if self.fy_nan.val() | self.fy.val().get_bit(31) {
                self.fsat.next = 0.into();
            }
        }
        self.rgrp.next = self.rcnt.q.val().get_bits::<2>(3);
        self.rpos.next = self.rcnt.q.val().get_bits::<3>(0);
        self.rpair.next = self.rcnt.q.val().get_bits::<2>(1);
        self.one_v.next = self.fma.out_valid.val() | (self.sfu0.out_valid.val() & !self.two_sfus.val());
        self.one_y.next = self.fsat.val();
        if self.sfu0.out_valid.val() {
            self.one_y.next = self.sfu0.y.val();
        }
        // A binary64 result's high word (0 for a 32-bit dcvt result) goes in the next clock,
        // at the same lane.
        self.y_hi.next = self.fma.y.val().get_bits::<32>(32);
        if self.res32.val() {
            self.y_hi.next = 0.into();
        }
        self.yh_v.d.next = self.fma.out_valid.val() & self.dbl.q.val();
        if self.fma.out_valid.val() {
            self.yh.d.next = self.y_hi.val();
        }
        self.res_v.next = self.one_v.val() | self.yh_v.q.val();
        self.ya3.next = bit_cast::<3, 2>(self.rgrp.val());
        self.wb3.next = (bit_cast::<3, 1>(self.hi.q.val()) << 2) | bit_cast::<3, 2>(self.gc.q.val());
        if self.yh_v.q.val() {
            self.one_y.next = self.yh.q.val();
            self.ya3.next = bit_cast::<3, 2>(self.rgrp.val()) | self.k_four3.val();
        }
        for k in 0..4 {
            self.res[2 * k].waddr.next = self.ya3.val();
            self.res[2 * k + 1].waddr.next = self.ya3.val();
            self.res[2 * k].raddr.next = self.wb3.val();
            self.res[2 * k + 1].raddr.next = self.wb3.val();
            self.res[2 * k].wdata.next = self.one_y.val();
            self.res[2 * k + 1].wdata.next = self.one_y.val();
            self.res[2 * k].we.next = self.res_v.val() & (self.rpos.val() == self.pos[2 * k].val());
            self.res[2 * k + 1].we.next = self.res_v.val() & (self.rpos.val() == self.pos[2 * k + 1].val());
            if self.sfu0.out_valid.val() & self.two_sfus.val() {
                self.res[2 * k].wdata.next = self.sfu0.y.val();
                self.res[2 * k + 1].wdata.next = self.sfu1.y.val();
                self.res[2 * k].we.next = self.rpair.val() == self.pair[k].val();
                self.res[2 * k + 1].we.next = self.rpair.val() == self.pair[k].val();
            }
        }
        // (binary64: counted with the high word.)
        if (self.one_v.val() & !self.dbl.q.val()) | self.yh_v.q.val() {
            self.rcnt.d.next = self.rcnt.q.val() + self.k_one6.val();
        }
        if self.sfu0.out_valid.val() & self.two_sfus.val() {
            self.rcnt.d.next = self.rcnt.q.val() + self.k_two6.val();
        }
        // Write-back of group gc: word gc of the result RAMs (binary64: 4 + gc in the second
        // pass, to the pairs' high registers; `wb3`).
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
        self.wd0.next = self.res[0].rdata.val();
        self.wd1.next = self.res[1].rdata.val();
        self.wd2.next = self.res[2].rdata.val();
        self.wd3.next = self.res[3].rdata.val();
        self.wd4.next = self.res[4].rdata.val();
        self.wd5.next = self.res[5].rdata.val();
        self.wd6.next = self.res[6].rdata.val();
        self.wd7.next = self.res[7].rdata.val();
        self.wr_l.next = (self.st.q.val() == self.k_wb.val()) & self.exec8.val().any();
        self.wtaken.next = (self.st.q.val() == self.k_wb.val()) & (self.u_wr_ok.val() | !self.exec8.val().any());
        // The lowest lane in exec (a fault's lane).
        self.low.next = 0.into();
        self.fnd.next = false;
        for l in 0..32 {
            if self.exec.q.val().get_bit(l) & !self.fnd.val() {
                self.low.next = self.lidx[l].val();
                self.fnd.next = true;
            }
        }
        // The state machine.
        self.rv.d.next = false;
        self.u_rd.next = false;
        self.rel_l.next = false;
        match self.st.q.val().index() {
            0 => {
                // IDLE: take an instruction.
                if self.a_v.val() {
                    self.st.d.next = 1.into();
                    if (self.a_f64.val() & self.a_exec.val().any()) & !self.fp64_on.val() {
                        self.st.d.next = 7.into();
                    }
                    self.dbl.d.next = self.a_f64.val() & self.fp64_on.val();
                    self.fop.d.next = self.a_op.val();
                    self.kind.d.next = self.a_kind.val();
                    self.sgn.d.next = self.a_signed.val();
                    self.hi.d.next = 0.into();
                    self.half.d.next = 0.into();
                    self.warp.d.next = self.a_warp.val();
                    self.pc.d.next = self.a_pc.val();
                    self.mask.d.next = self.a_mask.val();
                    self.exec.d.next = self.a_exec.val();
                    self.cta.d.next = self.a_cta.val();
                    self.wid.d.next = self.a_wid.val();
                    self.tag.d.next = self.a_tag.val();
                    self.sfu.d.next = self.a_sfu.val();
                    self.func.d.next = self.a_fn.val();
                    self.ra.d.next = self.a_ra.val();
                    self.rb.d.next = self.a_rb.val();
                    self.rc.d.next = self.a_rc.val();
                    self.rd.d.next = self.a_rd.val();
                    self.rnd.d.next = self.a_rnd.val();
                    self.sat.d.next = self.a_sat.val();
                    self.mod_a.d.next = self.a_mod_a.val();
                    self.mod_b.d.next = self.a_mod_b.val();
                    self.mod_c.d.next = self.a_mod_c.val();
                    self.gc.d.next = 0.into();
                    self.fc.d.next = 0.into();
                    self.rcnt.d.next = 0.into();
                }
            }
            1 => {
                // READ: lane group gc's operand registers (binary64: the low words' pass,
                // then the high words').
                self.u_rd.next = true;
                if self.u_rd_ok.val() {
                    self.rv.d.next = true;
                    self.rv_hi.d.next = self.hi.q.val();
                    self.gc.d.next = self.gc.q.val() + self.k_one2.val();
                    if self.gc.q.val().all() {
                        if self.dbl.q.val() & !self.hi.q.val().any() {
                            self.hi.d.next = 1.into();
                        } else {
                            self.hi.d.next = 0.into();
                            self.st.d.next = 2.into();
                        }
                    }
                }
            }
            2 => {
                // WAIT: the last group's words enter. Without lanes in exec, straight to the
                // retire (the reads kept it behind the warp's older instructions).
                self.st.d.next = 3.into();
                if !self.exec.q.val().any() {
                    self.st.d.next = 6.into();
                }
            }
            3 => {
                // FEED (binary64: a lane in two clocks)
                if self.dbl.q.val() {
                    self.half.d.next = !self.half.q.val();
                }
                if !self.dbl.q.val() | self.half.q.val().any() {
                    self.fc.d.next = self.fc.q.val() + self.step.val();
                    if self.fc.q.val() == self.last_feed.val() {
                        self.st.d.next = 4.into();
                    }
                }
            }
            4 => {
                // DRAIN: until every lane's result is in.
                if self.rcnt.q.val() == self.k_lanes.val() {
                    self.st.d.next = 5.into();
                }
            }
            5 => {
                // WB: the lane groups in turn (binary64: the low registers', then the high
                // ones').
                if self.wtaken.val() {
                    self.gc.d.next = self.gc.q.val() + self.k_one2.val();
                    if self.gc.q.val().all() {
                        if self.dbl.q.val() & !self.hi.q.val().any() {
                            self.hi.d.next = 1.into();
                        } else {
                            self.st.d.next = 6.into();
                        }
                    }
                }
            }
            6 => {
                // REL: release and retire, in the scheduler's phase 1 (not before an older SP
                // instruction of the warp).
                if (self.phase.val() & self.rel_ok.val()) & self.age.aged.val() {
                    self.rel_l.next = true;
                    self.st.d.next = 0.into();
                }
            }
            _ => {}
        }
        if self.clear.val() {
            self.st.d.next = 0.into();
            self.rv.d.next = false;
        }
        self.u_wr.next = self.wr_l.val();
        self.ready.next = self.st.q.val() == self.k_idle.val();
        self.rel_valid.next = self.rel_l.val();
        self.rel_warp.next = self.warp.q.val();
        self.rel_tag.next = self.tag.q.val();
        self.fw_valid.next = self.wr_l.val() & self.u_wr_ok.val();
        self.fw_grp.next = self.gc.q.val();
        self.fw_reg.next = bit_cast::<8, 7>(self.rd.q.val()) + bit_cast::<8, 1>(self.hi.q.val());
        self.ft_valid.next = self.rel_l.val();
        self.ft_warp.next = self.warp.q.val();
        self.ft_pc.next = self.pc.q.val();
        self.ft_mask.next = self.mask.q.val();
        self.ft_cta.next = self.cta.q.val();
        self.ft_wid.next = self.wid.q.val();
        self.flt_v.next = self.st.q.val() == self.k_fault.val();
        self.flt_warp.next = self.warp.q.val();
        self.flt_pc.next = self.pc.q.val();
        self.flt_lane.next = self.low.val();
    }
}
