//! The SM's CTA dispatcher: on `launch` it checks that a CTA fits (seed C.4: its warps,
//! registers and shared memory), walks the grid in CUDA order (x fastest) and starts each
//! CTA as soon as a CTA slot and enough warp slots are free: the CTA slot's shared-memory
//! region is cleared (as the golden SM starts a CTA's shared memory at zero) and the CTA
//! is started on the scheduler's `cta_*` port, then each warp in turn gets a free
//! warp slot, its threads' indices (tid.x, .y, .z, one thread per clock into the lanes'
//! thread-index RAMs), its registers cleared (through the register file's other-units
//! client, retried while the SPs hold a set) and its predicates cleared (the launch waits for
//! the predicate file's `p_busy`), and is launched on
//! `launch_*` at PC 0. A CTA's warp slots and CTA slot are free again when the scheduler
//! reports it done. It also answers the lookups the SM makes by warp slot: register base,
//! the special registers common to a warp's lanes, and the CTA and warp numbers for the
//! retire port.
//!
//! Warp slot w's registers are at `base[w] = 2 R w` of each bank set (R registers per
//! thread; docs/sm.md, "Register file"); slot w is usable when `2 R (w + 1) <= 2^AW`.
//! CTA slot c's shared memory is at `sbase[c] = c S` (S: the kernel's shared bytes rounded
//! up to 64, so that each region starts at bank 0); slot c is usable when `S (c + 1)` fits
//! the shared memory.
//!
//! Ports:
//! - `clock`, `clear`                      in   1   synchronous reset (idle, nothing resident)
//! - `phase`                               in   1   the scheduler's phase (1: its phase 1,
//!                                                  when `cta_*` and `launch_*` are taken)
//! - `launch`                              in   1   start the launch described by:
//! - `grid_x`, `grid_y`, `grid_z`          in  16   CTAs per dimension
//! - `block_x`, `block_y`, `block_z`       in  16   threads per dimension
//! - `regs`                                in   8   registers per thread (0 counts as 1)
//! - `sbytes`                              in  32   shared-memory bytes per CTA
//! - `cta_done_valid`, `cta_done_id`       in   1, 3  the scheduler's CTA completion
//! - `u_ok`                                in   1   the register clearing's write was taken
//!                                                  by every lane this clock
//! - `p_busy`                              in   1   the predicate file is still clearing
//!                                                  the warp (`clr_*`): its launch waits
//! - `cycles`                              in  32   the SM's clock counter (`%clock`)
//! - `busy`, `done`                        out  1   a launch is running / the last launch
//!                                                  finished (every CTA done)
//! - `fault`                               out  1   the launch's CTA cannot be resident:
//!                                                  empty grid or CTA, more threads than
//!                                                  `max_threads`, more warps than the
//!                                                  warp slots its registers allow, or more
//!                                                  shared memory than the SM has
//! - `cta_valid`, `cta_id`, `cta_nwarps`   out  1, 3, 6  the scheduler's CTA start
//! - `launch_valid`, `launch_warp`,        out  1, 5, 3, 32  the scheduler's warp launch
//!   `launch_cta`, `launch_mask`                    (PC 0)
//! - `t_we`, `t_lane`, `t_waddr`, `t_wdata` out  1, 3, 7, 30  thread-index write ([`SmLane`])
//! - `u_wr`, `u_wset`, `u_waddr`           out  1, 1, AW  register clearing (data 0)
//! - `clr_v`, `clr_warp`                   out  1, 5  clear a warp's predicates
//! - `z_v`, `z_addr` / `z_ok`              out 1, 32 / in 1  clear the 64 bytes at `z_addr`
//!                                                  of shared memory (taken when `z_ok`)
//! - `b_warp` / `b_base`, `c_warp` / `c_base`,  in 5 / out AW  register base of a warp slot
//!   `x_warp` / `x_base`, `y_warp` / `y_base`       (four lookups: issue pipeline,
//!                                                  load/store unit, SFU and FMA unit,
//!                                                  `mul.f32` on the SFUs)
//! - `c_sbase`                             out 32   shared-memory base of warp `c_warp`'s CTA
//! - `s_warp`, `s_idx` / `s_val`           in 5, 4 / out 32  special register `s_idx` of a
//!                                                  warp (those common to its lanes:
//!                                                  ntid, ctaid, nctaid, warpid, clock,
//!                                                  nwarpid; 0 for the others)
//! - `q_warp` / `q_cta`, `q_wid`           in 5 / out 32, 5  the linear CTA number and the
//!                                                  warp's number in its CTA
//! All lookups are combinational.
//!
//! [`SmLane`]: crate::sm::lane::SmLane
use crate::prim::lutram::LutRam;
use array_init::array_init;
use rust_hdl::prelude::*;

/// Dispatcher states.
pub mod state {
    pub const IDLE: u8 = 0;
    /// threads = block_x * block_y, then * block_z (shift and add, a bit per clock; each
    /// dimension is at most `max_threads` < 2^10).
    pub const MUL_XY: u8 = 1;
    pub const MUL_Z: u8 = 2;
    /// Register bases of the warp slots, one a clock.
    pub const BASES: u8 = 3;
    pub const CHECK: u8 = 4;
    /// Waiting for a CTA slot and enough warp slots.
    pub const NEXT_CTA: u8 = 5;
    /// A warp's thread indices and register clearing.
    pub const WARP: u8 = 6;
    pub const LAUNCH: u8 = 7;
    /// Every CTA started: waiting for the resident ones to finish.
    pub const DRAIN: u8 = 8;
    pub const DONE: u8 = 9;
    pub const FAULT: u8 = 10;
}

#[derive(LogicBlock)]
pub struct CtaDispatch<const N: usize, const C: usize, const AW: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub phase: Signal<In, Bit>,
    pub launch: Signal<In, Bit>,
    pub grid_x: Signal<In, Bits<16>>,
    pub grid_y: Signal<In, Bits<16>>,
    pub grid_z: Signal<In, Bits<16>>,
    pub block_x: Signal<In, Bits<16>>,
    pub block_y: Signal<In, Bits<16>>,
    pub block_z: Signal<In, Bits<16>>,
    pub regs: Signal<In, Bits<8>>,
    pub sbytes: Signal<In, Bits<32>>,
    pub cta_done_valid: Signal<In, Bit>,
    pub cta_done_id: Signal<In, Bits<3>>,
    pub u_ok: Signal<In, Bit>,
    pub p_busy: Signal<In, Bit>,
    pub cycles: Signal<In, Bits<32>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub fault: Signal<Out, Bit>,
    pub cta_valid: Signal<Out, Bit>,
    pub cta_id: Signal<Out, Bits<3>>,
    pub cta_nwarps: Signal<Out, Bits<6>>,
    pub launch_valid: Signal<Out, Bit>,
    pub launch_warp: Signal<Out, Bits<5>>,
    pub launch_cta: Signal<Out, Bits<3>>,
    pub launch_mask: Signal<Out, Bits<32>>,
    pub t_we: Signal<Out, Bit>,
    pub t_lane: Signal<Out, Bits<3>>,
    pub t_waddr: Signal<Out, Bits<7>>,
    pub t_wdata: Signal<Out, Bits<30>>,
    pub u_wr: Signal<Out, Bit>,
    pub u_wset: Signal<Out, Bit>,
    pub u_waddr: Signal<Out, Bits<AW>>,
    pub clr_v: Signal<Out, Bit>,
    pub clr_warp: Signal<Out, Bits<5>>,
    pub z_v: Signal<Out, Bit>,
    pub z_addr: Signal<Out, Bits<32>>,
    pub z_ok: Signal<In, Bit>,
    pub b_warp: Signal<In, Bits<5>>,
    pub b_base: Signal<Out, Bits<AW>>,
    pub c_warp: Signal<In, Bits<5>>,
    pub c_base: Signal<Out, Bits<AW>>,
    pub x_warp: Signal<In, Bits<5>>,
    pub x_base: Signal<Out, Bits<AW>>,
    pub y_warp: Signal<In, Bits<5>>,
    pub y_base: Signal<Out, Bits<AW>>,
    pub c_sbase: Signal<Out, Bits<32>>,
    pub s_warp: Signal<In, Bits<5>>,
    pub s_idx: Signal<In, Bits<4>>,
    pub s_val: Signal<Out, Bits<32>>,
    pub q_warp: Signal<In, Bits<5>>,
    pub q_cta: Signal<Out, Bits<32>>,
    pub q_wid: Signal<Out, Bits<5>>,
    // Launch.
    st: DFF<Bits<4>>,
    gx: DFF<Bits<16>>,
    gy: DFF<Bits<16>>,
    gz: DFF<Bits<16>>,
    bx: DFF<Bits<16>>,
    by: DFF<Bits<16>>,
    bz: DFF<Bits<16>>,
    r2: DFF<Bits<16>>,
    // Shift-and-add multiplier, then the CTA's size.
    m_acc: DFF<Bits<32>>,
    m_a: DFF<Bits<32>>,
    m_b: DFF<Bits<16>>,
    m_n: DFF<Bits<5>>,
    threads: DFF<Bits<32>>,
    nwarps: DFF<Bits<6>>,
    // Warp slots: register base, usable, resident, CTA slot, warp number in the CTA.
    // (The register bases in distributed RAM, one copy per reader: 0 `b_warp`, 1 `x_warp`,
    // 2 `y_warp`, 3 `c_warp`, 4 the warp slot picked.)
    base: [LutRam<5, AW>; 5],
    usable: DFF<Bits<32>>,
    wbusy: DFF<Bits<32>>,
    wcta: [DFF<Bits<3>>; N],
    wid: [DFF<Bits<5>>; N],
    acc: DFF<Bits<16>>,
    nfree: DFF<Bits<6>>,
    // CTA slots: resident, CTA id, linear number.
    cbusy: DFF<Bits<8>>,
    // (In distributed RAM: the CTA id x, y, z in one word; the linear number.)
    cid: LutRam<3, 48>,
    clin: LutRam<3, 32>,
    // Shared memory: bytes per CTA (rounded up to 64), more than the SM has; each CTA
    // slot's base, usable CTA slots, the next base; the region being cleared and its end.
    sb: DFF<Bits<32>>,
    sbig: DFF<Bit>,
    // (In distributed RAM: one copy for the CTA slot picked, one for the lookup by warp.)
    sbase: [LutRam<3, 32>; 2],
    cusable: DFF<Bits<8>>,
    sacc: DFF<Bits<32>>,
    za: DFF<Bits<32>>,
    zend: DFF<Bits<32>>,
    // The grid walk and the current CTA and warp.
    cx: DFF<Bits<16>>,
    cy: DFF<Bits<16>>,
    cz: DFF<Bits<16>>,
    lin: DFF<Bits<32>>,
    cslot: DFF<Bits<3>>,
    k: DFF<Bits<6>>,
    rem: DFF<Bits<32>>,
    wslot: DFF<Bits<5>>,
    tx: DFF<Bits<10>>,
    ty: DFF<Bits<10>>,
    tz: DFF<Bits<10>>,
    lc: DFF<Bits<6>>,
    cc: DFF<Bits<10>>,
    n4r: DFF<Bits<10>>,
    ca: DFF<Bits<AW>>,
    // Locals.
    u_wr_l: Signal<Local, Bit>,
    t_we_l: Signal<Local, Bit>,
    launch_valid_l: Signal<Local, Bit>,
    cta_valid_l: Signal<Local, Bit>,
    clr_v_l: Signal<Local, Bit>,
    wfree: Signal<Local, Bits<32>>,
    wlow: Signal<Local, Bits<32>>,
    wpick: Signal<Local, Bits<5>>,
    cfree: Signal<Local, Bits<8>>,
    clow: Signal<Local, Bits<8>>,
    cpick: Signal<Local, Bits<3>>,
    dsel: Signal<Local, Bits<8>>,
    wdone: Signal<Local, Bits<32>>,
    x_last: Signal<Local, Bit>,
    y_last: Signal<Local, Bit>,
    cx_last: Signal<Local, Bit>,
    cy_last: Signal<Local, Bit>,
    pbase: Signal<Local, Bits<AW>>,
    m_sum: Signal<Local, Bits<32>>,
    m_last: Signal<Local, Bit>,
    b_v: Signal<Local, Bits<AW>>,
    c_v: Signal<Local, Bits<AW>>,
    x_v: Signal<Local, Bits<AW>>,
    y_v: Signal<Local, Bits<AW>>,
    c_c: Signal<Local, Bits<3>>,
    c_sb: Signal<Local, Bits<32>>,
    psbase: Signal<Local, Bits<32>>,
    s_v: Signal<Local, Bits<32>>,
    s_cta: Signal<Local, Bits<3>>,
    s_wid: Signal<Local, Bits<5>>,
    s_cx: Signal<Local, Bits<16>>,
    s_cy: Signal<Local, Bits<16>>,
    s_cz: Signal<Local, Bits<16>>,
    q_v: Signal<Local, Bits<32>>,
    q_w: Signal<Local, Bits<5>>,
    q_c: Signal<Local, Bits<3>>,
    lmask: Signal<Local, Bits<32>>,
    empty_v: Signal<Local, Bit>,
    big_v: Signal<Local, Bit>,
    tx16: Signal<Local, Bits<16>>,
    ty16: Signal<Local, Bits<16>>,
    kp1: Signal<Local, Bits<6>>,
    nw32: Signal<Local, Bits<32>>,
    lc_grp: Signal<Local, Bits<2>>,
    // Constants.
    widx: [Constant<Bits<5>>; N],
    cidx: [Constant<Bits<3>>; C],
    cidx5: [Constant<Bits<5>>; C],
    k_bases: Constant<Bits<4>>,
    k_cslots5: Constant<Bits<5>>,
    conehot: [Constant<Bits<8>>; C],
    smem_bytes: Constant<Bits<32>>,
    k63: Constant<Bits<32>>,
    k64: Constant<Bits<32>>,
    line_mask: Constant<Bits<32>>,
    slots: Constant<Bits<32>>,
    nslots: Constant<Bits<6>>,
    bank_words: Constant<Bits<16>>,
    max_threads: Constant<Bits<32>>,
    one32: Constant<Bits<32>>,
    one8: Constant<Bits<8>>,
    ones32: Constant<Bits<32>>,
    cslots: Constant<Bits<8>>,
    one5: Constant<Bits<5>>,
    one6: Constant<Bits<6>>,
    one10: Constant<Bits<10>>,
    one16: Constant<Bits<16>>,
    one_aw: Constant<Bits<AW>>,
    k9: Constant<Bits<5>>,
    k31: Constant<Bits<32>>,
    k_done: Constant<Bits<4>>,
    k_fault: Constant<Bits<4>>,
}

impl<const N: usize, const C: usize, const AW: usize> CtaDispatch<N, C, AW> {
    /// A dispatcher for CTAs of at most `max_threads` threads, on `smem_bytes` bytes of
    /// shared memory.
    pub fn new(max_threads: usize, smem_bytes: usize) -> Self {
        assert!((1..=32).contains(&N) && (1..=8).contains(&C), "CtaDispatch: 1..=32 warps, 1..=8 CTA slots");
        assert!((7..=15).contains(&AW), "CtaDispatch: register banks of 2^7..2^15 words");
        assert!((1..=1023).contains(&max_threads), "CtaDispatch: 1..=1023 threads per CTA (10-bit thread indices)");
        assert!(smem_bytes < 1 << 31, "CtaDispatch: shared memory below 2 GB");
        let mask = |n: usize| if n >= 32 { 0xFFFF_FFFFu64 } else { (1u64 << n) - 1 };
        Self {
            clock: Default::default(),
            clear: Default::default(),
            phase: Default::default(),
            launch: Default::default(),
            grid_x: Default::default(),
            grid_y: Default::default(),
            grid_z: Default::default(),
            block_x: Default::default(),
            block_y: Default::default(),
            block_z: Default::default(),
            regs: Default::default(),
            sbytes: Default::default(),
            cta_done_valid: Default::default(),
            cta_done_id: Default::default(),
            u_ok: Default::default(),
            p_busy: Default::default(),
            cycles: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            fault: Default::default(),
            cta_valid: Default::default(),
            cta_id: Default::default(),
            cta_nwarps: Default::default(),
            launch_valid: Default::default(),
            launch_warp: Default::default(),
            launch_cta: Default::default(),
            launch_mask: Default::default(),
            t_we: Default::default(),
            t_lane: Default::default(),
            t_waddr: Default::default(),
            t_wdata: Default::default(),
            u_wr: Default::default(),
            u_wset: Default::default(),
            u_waddr: Default::default(),
            clr_v: Default::default(),
            clr_warp: Default::default(),
            z_v: Default::default(),
            z_addr: Default::default(),
            z_ok: Default::default(),
            b_warp: Default::default(),
            b_base: Default::default(),
            c_warp: Default::default(),
            c_base: Default::default(),
            x_warp: Default::default(),
            x_base: Default::default(),
            y_warp: Default::default(),
            y_base: Default::default(),
            c_sbase: Default::default(),
            s_warp: Default::default(),
            s_idx: Default::default(),
            s_val: Default::default(),
            q_warp: Default::default(),
            q_cta: Default::default(),
            q_wid: Default::default(),
            st: Default::default(),
            gx: Default::default(),
            gy: Default::default(),
            gz: Default::default(),
            bx: Default::default(),
            by: Default::default(),
            bz: Default::default(),
            r2: Default::default(),
            m_acc: Default::default(),
            m_a: Default::default(),
            m_b: Default::default(),
            m_n: Default::default(),
            threads: Default::default(),
            nwarps: Default::default(),
            base: array_init(|_| LutRam::new(N)),
            usable: Default::default(),
            wbusy: Default::default(),
            wcta: array_init(|_| Default::default()),
            wid: array_init(|_| Default::default()),
            acc: Default::default(),
            nfree: Default::default(),
            cbusy: Default::default(),
            cid: LutRam::new(C),
            clin: LutRam::new(C),
            sb: Default::default(),
            sbig: Default::default(),
            sbase: array_init(|_| LutRam::new(C)),
            cusable: Default::default(),
            sacc: Default::default(),
            za: Default::default(),
            zend: Default::default(),
            cx: Default::default(),
            cy: Default::default(),
            cz: Default::default(),
            lin: Default::default(),
            cslot: Default::default(),
            k: Default::default(),
            rem: Default::default(),
            wslot: Default::default(),
            tx: Default::default(),
            ty: Default::default(),
            tz: Default::default(),
            lc: Default::default(),
            cc: Default::default(),
            clr_v_l: Default::default(),
            cta_valid_l: Default::default(),
            launch_valid_l: Default::default(),
            t_we_l: Default::default(),
            u_wr_l: Default::default(),
            wfree: Default::default(),
            wlow: Default::default(),
            wpick: Default::default(),
            cfree: Default::default(),
            clow: Default::default(),
            cpick: Default::default(),
            dsel: Default::default(),
            wdone: Default::default(),
            x_last: Default::default(),
            y_last: Default::default(),
            cx_last: Default::default(),
            cy_last: Default::default(),
            pbase: Default::default(),
            m_sum: Default::default(),
            m_last: Default::default(),
            n4r: Default::default(),
            ca: Default::default(),
            b_v: Default::default(),
            c_v: Default::default(),
            x_v: Default::default(),
            y_v: Default::default(),
            c_c: Default::default(),
            c_sb: Default::default(),
            psbase: Default::default(),
            s_v: Default::default(),
            s_cta: Default::default(),
            s_wid: Default::default(),
            s_cx: Default::default(),
            s_cy: Default::default(),
            s_cz: Default::default(),
            q_v: Default::default(),
            q_w: Default::default(),
            q_c: Default::default(),
            lmask: Default::default(),
            empty_v: Default::default(),
            big_v: Default::default(),
            tx16: Default::default(),
            ty16: Default::default(),
            kp1: Default::default(),
            nw32: Default::default(),
            lc_grp: Default::default(),
            widx: array_init(|w| Constant::new((w as u64).into())),
            cidx: array_init(|c| Constant::new((c as u64).into())),
            cidx5: array_init(|c| Constant::new((c as u64).into())),
            k_bases: Constant::new((state::BASES as u64).into()),
            k_cslots5: Constant::new((C as u64).into()),
            conehot: array_init(|c| Constant::new((1u64 << c).into())),
            smem_bytes: Constant::new((smem_bytes as u64).into()),
            k63: Constant::new(63u64.into()),
            k64: Constant::new(64u64.into()),
            line_mask: Constant::new(0xFFFF_FFC0u64.into()),
            slots: Constant::new(mask(N).into()),
            nslots: Constant::new((N as u64).into()),
            bank_words: Constant::new((1u64 << AW).into()),
            max_threads: Constant::new((max_threads as u64).into()),
            one32: Constant::new(1u64.into()),
            one8: Constant::new(1u64.into()),
            ones32: Constant::new(0xFFFF_FFFFu64.into()),
            cslots: Constant::new(mask(C).into()),
            one5: Constant::new(1u64.into()),
            one6: Constant::new(1u64.into()),
            one10: Constant::new(1u64.into()),
            one16: Constant::new(1u64.into()),
            one_aw: Constant::new(1u64.into()),
            k9: Constant::new(9u64.into()),
            k31: Constant::new(31u64.into()),
            k_done: Constant::new((state::DONE as u64).into()),
            k_fault: Constant::new((state::FAULT as u64).into()),
        }
    }
}

impl<const N: usize, const C: usize, const AW: usize> Logic for CtaDispatch<N, C, AW> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, st, gx, gy, gz, bx, by, bz, r2, m_acc, m_a, m_b, m_n, threads, nwarps, usable, wbusy, acc, nfree,
            cbusy, cx, cy, cz, lin, cslot, k, rem, wslot, tx, ty, tz, lc, cc, n4r, ca, sb, sbig, cusable, sacc, za,
            zend
        );
        for w in 0..N {
            self.wcta[w].clock.next = self.clock.val();
            self.wid[w].clock.next = self.clock.val();
            self.wcta[w].d.next = self.wcta[w].q.val();
            self.wid[w].d.next = self.wid[w].q.val();
        }
        // The register bases (warp slot m_n's written in BASES) and the CTA slots' shared
        // bases (slot m_n's, in BASES); a slot at or beyond the RAM's depth is not written.
        for i in 0..5 {
            self.base[i].clock.next = self.clock.val();
            self.base[i].we.next = self.st.q.val() == self.k_bases.val();
            self.base[i].waddr.next = self.m_n.q.val();
            self.base[i].wdata.next = self.acc.q.val().get_bits::<AW>(0);
        }
        for i in 0..2 {
            self.sbase[i].clock.next = self.clock.val();
            self.sbase[i].we.next = (self.st.q.val() == self.k_bases.val()) & (self.m_n.q.val() < self.k_cslots5.val());
            self.sbase[i].waddr.next = self.m_n.q.val().get_bits::<3>(0);
            self.sbase[i].wdata.next = self.sacc.q.val();
        }
        // Free slots and the lowest of them (x & -x).
        self.wfree.next = (self.usable.q.val() & !self.wbusy.q.val()) & self.slots.val();
        self.wlow.next = self.wfree.val() & ((!self.wfree.val()) + self.one32.val());
        self.wpick.next = 0.into();
        for w in 0..N {
            if self.wlow.val().get_bit(w) {
                self.wpick.next = self.widx[w].val();
            }
        }
        self.base[4].raddr.next = self.wpick.val();
        self.pbase.next = 0.into();
        if self.wlow.val().any() {
            self.pbase.next = self.base[4].rdata.val();
        }
        self.cfree.next = ((!self.cbusy.q.val()) & self.cslots.val()) & self.cusable.q.val();
        self.clow.next = self.cfree.val() & ((!self.cfree.val()) + self.one8.val());
        self.cpick.next = 0.into();
        for c in 0..C {
            if self.clow.val().get_bit(c) {
                self.cpick.next = self.cidx[c].val();
            }
        }
        // A started CTA's id and linear number, at its slot (written in NEXT_CTA).
        self.cid.clock.next = self.clock.val();
        self.clin.clock.next = self.clock.val();
        self.cid.waddr.next = self.cpick.val();
        self.clin.waddr.next = self.cpick.val();
        self.cid.wdata.next = (bit_cast::<48, 16>(self.cz.q.val()) << 32) | ((bit_cast::<48, 16>(self.cy.q.val()) << 16) | bit_cast::<48, 16>(self.cx.q.val()));
        self.clin.wdata.next = self.lin.q.val();
        self.sbase[0].raddr.next = self.cpick.val();
        self.psbase.next = 0.into();
        if self.clow.val().any() {
            self.psbase.next = self.sbase[0].rdata.val();
        }
        // The current warp slot's register base.
        // Thread, CTA walks.
        self.tx16.next = bit_cast::<16, 10>(self.tx.q.val());
        self.ty16.next = bit_cast::<16, 10>(self.ty.q.val());
        self.x_last.next = (self.tx16.val() + self.one16.val()) == self.bx.q.val();
        self.y_last.next = (self.ty16.val() + self.one16.val()) == self.by.q.val();
        self.cx_last.next = (self.cx.q.val() + self.one16.val()) == self.gx.q.val();
        self.cy_last.next = (self.cy.q.val() + self.one16.val()) == self.gy.q.val();
        self.kp1.next = self.k.q.val() + self.one6.val();
        self.nw32.next = (self.threads.q.val() + self.k31.val()) >> 5;
        self.lc_grp.next = self.lc.q.val().get_bits::<2>(3);
        // The warp's lanes: all, or the threads left.
        self.lmask.next = self.ones32.val();
        if self.rem.q.val() < 32 {
            self.lmask.next = (self.one32.val() << self.rem.q.val().get_bits::<5>(0)) - self.one32.val();
        }
        // CTA completion frees its CTA slot and warp slots.
        self.dsel.next = 0.into();
        if self.cta_done_valid.val() {
            self.dsel.next = self.one8.val() << self.cta_done_id.val();
        }
        self.wdone.next = 0.into();
        for w in 0..N {
            if self.cta_done_valid.val() & (self.wcta[w].q.val() == self.cta_done_id.val()) {
                self.wdone.next = self.wdone.val() | (self.one32.val() << self.widx[w].val());
            }
        }
        // Defaults.
        self.cta_valid_l.next = false;
        self.cta_id.next = self.cpick.val();
        self.cta_nwarps.next = self.nwarps.q.val();
        self.launch_valid_l.next = false;
        self.launch_warp.next = self.wslot.q.val();
        self.launch_cta.next = self.cslot.q.val();
        self.launch_mask.next = self.lmask.val();
        self.t_we_l.next = false;
        self.t_lane.next = self.lc.q.val().get_bits::<3>(0);
        self.t_waddr.next = (bit_cast::<7, 5>(self.wslot.q.val()) << 2) | bit_cast::<7, 2>(self.lc_grp.val());
        self.t_wdata.next = (bit_cast::<30, 10>(self.tz.q.val()) << 20)
            | ((bit_cast::<30, 10>(self.ty.q.val()) << 10) | bit_cast::<30, 10>(self.tx.q.val()));
        self.u_wr_l.next = false;
        self.u_wset.next = self.cc.q.val().get_bit(0);
        self.u_waddr.next = self.ca.q.val();
        self.clr_v_l.next = false;
        self.clr_warp.next = self.wpick.val();
        self.wbusy.d.next = self.wbusy.q.val() & !self.wdone.val();
        self.cbusy.d.next = self.cbusy.q.val() & !self.dsel.val();
        if self.cta_done_valid.val() {
            self.nfree.d.next = self.nfree.q.val() + self.nwarps.q.val();
        }
        // Shared-memory clearing: a 64-byte line a clock while the load/store unit takes it.
        self.z_addr.next = self.za.q.val();
        self.z_v.next = self.za.q.val() != self.zend.q.val();
        if self.z_ok.val() {
            self.za.d.next = self.za.q.val() + self.k64.val();
        }
        // The shift-and-add multiplier's step (MUL_XY, MUL_Z).
        self.m_sum.next = self.m_acc.q.val();
        if self.m_b.q.val().get_bit(0) {
            self.m_sum.next = self.m_acc.q.val() + self.m_a.q.val();
        }
        self.m_last.next = self.m_n.q.val() == self.k9.val();
        match self.st.q.val().index() {
            0 => {
                // IDLE
            }
            1 => {
                // MUL_XY: one shift-and-add step; the product goes on to MUL_Z's multiplicand.
                self.m_acc.d.next = self.m_sum.val();
                self.m_a.d.next = self.m_a.q.val() << 1;
                self.m_b.d.next = self.m_b.q.val() >> 1;
                self.m_n.d.next = self.m_n.q.val() + self.one5.val();
                if self.m_last.val() {
                    self.st.d.next = 2.into();
                    self.m_a.d.next = self.m_sum.val();
                    self.m_acc.d.next = 0.into();
                    self.m_b.d.next = self.bz.q.val();
                    self.m_n.d.next = 0.into();
                }
            }
            2 => {
                // MUL_Z: the same step; the product is the CTA's threads.
                self.m_acc.d.next = self.m_sum.val();
                self.m_a.d.next = self.m_a.q.val() << 1;
                self.m_b.d.next = self.m_b.q.val() >> 1;
                self.m_n.d.next = self.m_n.q.val() + self.one5.val();
                if self.m_last.val() {
                    self.st.d.next = 3.into();
                    self.threads.d.next = self.m_sum.val();
                    self.m_n.d.next = 0.into();
                    self.acc.d.next = 0.into();
                    self.nfree.d.next = 0.into();
                    self.usable.d.next = 0.into();
                }
            }
            3 => {
                // BASES: warp slot m_n gets base acc; usable if acc + 2R fits the bank. CTA
                // slot m_n gets shared base sacc; usable if sacc + S fits the shared memory.
                for c in 0..C {
                    if self.m_n.q.val() == self.cidx5[c].val() {
                        if (self.sacc.q.val() + self.sb.q.val()) <= self.smem_bytes.val() {
                            self.cusable.d.next = self.cusable.q.val() | self.conehot[c].val();
                        }
                    }
                }
                self.sacc.d.next = self.sacc.q.val() + self.sb.q.val();
                self.acc.d.next = self.acc.q.val() + self.r2.q.val();
                if ((self.acc.q.val() + self.r2.q.val()) <= self.bank_words.val()) & (bit_cast::<6, 5>(self.m_n.q.val()) < self.nslots.val()) {
                    self.usable.d.next = self.usable.q.val() | (self.one32.val() << self.m_n.q.val());
                    self.nfree.d.next = self.nfree.q.val() + self.one6.val();
                }
                self.m_n.d.next = self.m_n.q.val() + self.one5.val();
                if self.m_n.q.val().all() {
                    self.st.d.next = 4.into();
                }
            }
            4 => {
                // CHECK: the CTA's threads, its warps against the usable warp slots, its
                // shared memory.
                self.st.d.next = 5.into();
                self.nwarps.d.next = self.nw32.val().get_bits::<6>(0);
                if ((self.threads.q.val() > self.max_threads.val()) | (self.nw32.val() > bit_cast::<32, 6>(self.nfree.q.val())))
                    | self.sbig.q.val()
                {
                    self.st.d.next = 10.into();
                }
            }
            5 => {
                // NEXT_CTA
                if self.cz.q.val() == self.gz.q.val() {
                    self.st.d.next = 8.into();
                } else if (self.phase.val() & self.cfree.val().any()) & (self.nwarps.q.val() <= self.nfree.q.val()) {
                    self.cta_valid_l.next = true;
                    self.cslot.d.next = self.cpick.val();
                    self.za.d.next = self.psbase.val();
                    self.zend.d.next = self.psbase.val() + self.sb.q.val();
                    self.cbusy.d.next = (self.cbusy.q.val() & !self.dsel.val()) | self.clow.val();
                    self.k.d.next = 0.into();
                    self.rem.d.next = self.threads.q.val();
                    self.tx.d.next = 0.into();
                    self.ty.d.next = 0.into();
                    self.tz.d.next = 0.into();
                    self.st.d.next = 6.into();
                    self.lc.d.next = 0.into();
                    self.cc.d.next = 0.into();
                    self.wslot.d.next = self.wpick.val();
                    self.ca.d.next = self.pbase.val();
                    self.clr_v_l.next = true;
                    self.wbusy.d.next = (self.wbusy.q.val() & !self.wdone.val()) | self.wlow.val();
                    for w in 0..N {
                        if self.wlow.val().get_bit(w) {
                            self.wcta[w].d.next = self.cpick.val();
                            self.wid[w].d.next = 0.into();
                        }
                    }
                    self.nfree.d.next = self.nfree.q.val() - self.one6.val();
                    if self.cta_done_valid.val() {
                        self.nfree.d.next = (self.nfree.q.val() + self.nwarps.q.val()) - self.one6.val();
                    }
                }
            }
            6 => {
                // WARP: thread indices (one lane a clock) and register clearing.
                if !self.lc.q.val().get_bit(5) {
                    self.t_we_l.next = true;
                    self.lc.d.next = self.lc.q.val() + self.one6.val();
                    self.tx.d.next = self.tx.q.val() + self.one10.val();
                    if self.x_last.val() {
                        self.tx.d.next = 0.into();
                        self.ty.d.next = self.ty.q.val() + self.one10.val();
                        if self.y_last.val() {
                            self.ty.d.next = 0.into();
                            self.tz.d.next = self.tz.q.val() + self.one10.val();
                        }
                    }
                }
                if self.cc.q.val() < self.n4r.q.val() {
                    self.u_wr_l.next = true;
                    if self.u_ok.val() {
                        self.cc.d.next = self.cc.q.val() + self.one10.val();
                        if self.cc.q.val().get_bit(0) {
                            self.ca.d.next = self.ca.q.val() + self.one_aw.val();
                        }
                    }
                }
                if ((self.lc.q.val().get_bit(5) & (self.cc.q.val() >= self.n4r.q.val())) & (self.za.q.val() == self.zend.q.val())) & !self.p_busy.val() {
                    self.st.d.next = 7.into();
                }
            }
            7 => {
                // LAUNCH
                if self.phase.val() {
                    self.launch_valid_l.next = true;
                    self.k.d.next = self.kp1.val();
                    self.rem.d.next = self.rem.q.val() - 32;
                    self.lc.d.next = 0.into();
                    self.cc.d.next = 0.into();
                    if self.kp1.val() == self.nwarps.q.val() {
                        // The CTA is started: the next one in the grid.
                        self.st.d.next = 5.into();
                        self.lin.d.next = self.lin.q.val() + self.one32.val();
                        self.cx.d.next = self.cx.q.val() + self.one16.val();
                        if self.cx_last.val() {
                            self.cx.d.next = 0.into();
                            self.cy.d.next = self.cy.q.val() + self.one16.val();
                            if self.cy_last.val() {
                                self.cy.d.next = 0.into();
                                self.cz.d.next = self.cz.q.val() + self.one16.val();
                            }
                        }
                    } else {
                        // The next warp of the CTA: its slot, its predicates cleared.
                        self.st.d.next = 6.into();
                        self.wslot.d.next = self.wpick.val();
                        self.ca.d.next = self.pbase.val();
                        self.clr_v_l.next = true;
                        self.wbusy.d.next = (self.wbusy.q.val() & !self.wdone.val()) | self.wlow.val();
                        for w in 0..N {
                            if self.wlow.val().get_bit(w) {
                                self.wcta[w].d.next = self.cslot.q.val();
                                self.wid[w].d.next = self.kp1.val().get_bits::<5>(0);
                            }
                        }
                        self.nfree.d.next = self.nfree.q.val() - self.one6.val();
                        if self.cta_done_valid.val() {
                            self.nfree.d.next = (self.nfree.q.val() + self.nwarps.q.val()) - self.one6.val();
                        }
                    }
                }
            }
            8 => {
                // DRAIN
                if !(self.cbusy.q.val() & !self.dsel.val()).any() {
                    self.st.d.next = 9.into();
                }
            }
            _ => {}
        }
        if self.launch.val() {
            self.st.d.next = 1.into();
            self.gx.d.next = self.grid_x.val();
            self.gy.d.next = self.grid_y.val();
            self.gz.d.next = self.grid_z.val();
            self.bx.d.next = self.block_x.val();
            self.by.d.next = self.block_y.val();
            self.bz.d.next = self.block_z.val();
            self.r2.d.next = bit_cast::<16, 8>(self.regs.val()) << 1;
            self.sb.d.next = (self.sbytes.val() + self.k63.val()) & self.line_mask.val();
            self.sbig.d.next = self.sbytes.val() > self.smem_bytes.val();
            self.sacc.d.next = 0.into();
            self.cusable.d.next = 0.into();
            self.za.d.next = 0.into();
            self.zend.d.next = 0.into();
            self.n4r.d.next = bit_cast::<10, 8>(self.regs.val()) << 2;
            if !self.regs.val().any() {
                self.r2.d.next = 2.into();
                self.n4r.d.next = 4.into();
            }
            self.m_acc.d.next = 0.into();
            self.m_a.d.next = bit_cast::<32, 16>(self.block_x.val());
            self.m_b.d.next = self.block_y.val();
            self.m_n.d.next = 0.into();
            self.cx.d.next = 0.into();
            self.cy.d.next = 0.into();
            self.cz.d.next = 0.into();
            self.lin.d.next = 0.into();
            self.wbusy.d.next = 0.into();
            self.cbusy.d.next = 0.into();
            self.empty_v.next = (!(self.grid_x.val().any() & self.grid_y.val().any()) | !self.grid_z.val().any())
                | (!(self.block_x.val().any() & self.block_y.val().any()) | !self.block_z.val().any());
            self.big_v.next = ((bit_cast::<32, 16>(self.block_x.val()) > self.max_threads.val())
                | (bit_cast::<32, 16>(self.block_y.val()) > self.max_threads.val()))
                | (bit_cast::<32, 16>(self.block_z.val()) > self.max_threads.val());
            if self.empty_v.val() | self.big_v.val() {
                self.st.d.next = 10.into();
            }
        }
        if self.clear.val() {
            self.st.d.next = 0.into();
            self.wbusy.d.next = 0.into();
            self.cbusy.d.next = 0.into();
            self.za.d.next = 0.into();
            self.zend.d.next = 0.into();
        }
        // Lookups.
        self.b_v.next = 0.into();
        self.c_v.next = 0.into();
        self.x_v.next = 0.into();
        self.y_v.next = 0.into();
        self.c_c.next = 0.into();
        self.s_cta.next = 0.into();
        self.s_wid.next = 0.into();
        self.q_c.next = 0.into();
        self.q_w.next = 0.into();
        self.base[0].raddr.next = self.b_warp.val();
        self.base[1].raddr.next = self.x_warp.val();
        self.base[2].raddr.next = self.y_warp.val();
        self.base[3].raddr.next = self.c_warp.val();
        self.b_v.next = self.base[0].rdata.val();
        self.x_v.next = self.base[1].rdata.val();
        self.y_v.next = self.base[2].rdata.val();
        self.c_v.next = self.base[3].rdata.val();
        for w in 0..N {
            if self.c_warp.val() == self.widx[w].val() {
                self.c_c.next = self.wcta[w].q.val();
            }
            if self.s_warp.val() == self.widx[w].val() {
                self.s_cta.next = self.wcta[w].q.val();
                self.s_wid.next = self.wid[w].q.val();
            }
            if self.q_warp.val() == self.widx[w].val() {
                self.q_c.next = self.wcta[w].q.val();
                self.q_w.next = self.wid[w].q.val();
            }
        }
        self.b_base.next = self.b_v.val();
        self.c_base.next = self.c_v.val();
        self.x_base.next = self.x_v.val();
        self.y_base.next = self.y_v.val();
        self.q_v.next = 0.into();
        self.c_sb.next = 0.into();
        self.s_v.next = 0.into();
        self.s_cx.next = 0.into();
        self.s_cy.next = 0.into();
        self.s_cz.next = 0.into();
        self.clin.raddr.next = self.q_c.val();
        self.q_v.next = self.clin.rdata.val();
        self.sbase[1].raddr.next = self.c_c.val();
        self.c_sb.next = self.sbase[1].rdata.val();
        self.cid.raddr.next = self.s_cta.val();
        self.s_cx.next = self.cid.rdata.val().get_bits::<16>(0);
        self.s_cy.next = self.cid.rdata.val().get_bits::<16>(16);
        self.s_cz.next = self.cid.rdata.val().get_bits::<16>(32);
        match self.s_idx.val().index() {
            3 => {
                self.s_v.next = bit_cast::<32, 16>(self.bx.q.val());
            }
            4 => {
                self.s_v.next = bit_cast::<32, 16>(self.by.q.val());
            }
            5 => {
                self.s_v.next = bit_cast::<32, 16>(self.bz.q.val());
            }
            6 => {
                self.s_v.next = bit_cast::<32, 16>(self.s_cx.val());
            }
            7 => {
                self.s_v.next = bit_cast::<32, 16>(self.s_cy.val());
            }
            8 => {
                self.s_v.next = bit_cast::<32, 16>(self.s_cz.val());
            }
            9 => {
                self.s_v.next = bit_cast::<32, 16>(self.gx.q.val());
            }
            10 => {
                self.s_v.next = bit_cast::<32, 16>(self.gy.q.val());
            }
            11 => {
                self.s_v.next = bit_cast::<32, 16>(self.gz.q.val());
            }
            13 => {
                self.s_v.next = bit_cast::<32, 5>(self.s_wid.val());
            }
            14 => {
                self.s_v.next = self.cycles.val();
            }
            15 => {
                self.s_v.next = bit_cast::<32, 6>(self.nwarps.q.val());
            }
            _ => {}
        }
        self.s_val.next = self.s_v.val();
        self.q_cta.next = self.q_v.val();
        self.c_sbase.next = self.c_sb.val();
        self.q_wid.next = self.q_w.val();
        self.busy.next = (self.st.q.val().any() & (self.st.q.val() != self.k_done.val())) & (self.st.q.val() != self.k_fault.val());
        self.done.next = self.st.q.val() == self.k_done.val();
        self.fault.next = self.st.q.val() == self.k_fault.val();
        self.clr_v.next = self.clr_v_l.val();
        self.cta_valid.next = self.cta_valid_l.val();
        // The started CTA's ids and linear index are written at its slot (cpick) in the
        // clock it starts: one assignment each (the RAM's read is combinational).
        self.cid.we.next = self.cta_valid_l.val();
        self.clin.we.next = self.cta_valid_l.val();
        self.launch_valid.next = self.launch_valid_l.val();
        self.t_we.next = self.t_we_l.val();
        self.u_wr.next = self.u_wr_l.val();
    }
}
