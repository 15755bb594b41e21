//! The SM's host interface: one register map on a 32-bit word bus, through which a host
//! (the runners in sim/, the FPGA board's UART bridge) loads the program, sets up and
//! starts a launch, and reads the status, the first fault and the performance counters
//! ([`crate::sm::counters::SmCounters`]). The map is in [`reg`] and docs/sm.md ("Host
//! interface"). Global, param, constant and local memory are not behind it: they are on the
//! SM's memory port.
//!
//! Bus (word addresses; one access per clock):
//! - `h_we`, `h_addr`, `h_wdata`     in  1, 16, 32  write `h_wdata` to word `h_addr`
//! - `h_re`                          in  1   read word `h_addr`:
//! - `h_rvalid`, `h_rdata`           out 1, 32  its data, in the next clock (registered)
//! Reads of write-only or unmapped words return 0; writes to read-only or unmapped words
//! are ignored. While a launch runs (`busy`), writes to the launch registers, to the
//! instruction memory and to [`reg::CONTROL`] are refused: they change nothing and set
//! [`status::REFUSED`] until the next launch.
//!
//! The instruction memory is written as two words per instruction: the low half at
//! [`reg::IMEM`] + 2 a, then the high half at [`reg::IMEM`] + 2 a + 1, which writes
//! instruction a (write-only: the memory's read ports serve the scheduler and the issue
//! stage).
//!
//! Ports to the SM (registered, so the bus is one register away from the SM's blocks):
//! - `prog_we`, `prog_addr`, `prog_data`   out 1, IW, 64  instruction memory write
//! - `prog_len`, `grid_x` .. `block_z`,    out   the launch registers ([`reg`])
//!   `regs`, `shared_bytes`, `local_bytes`,
//!   `local_shift`, `watchdog`
//! - `launch`                              out 1  a launch starts (one clock)
//! - `busy`, `done`, `fault`, `fault_kind`, in   the SM's status and first fault, its
//!   `fault_warp`, `fault_pc`, `fault_lane`,     clock counter (since `clear` or `launch`)
//!   `fault_addr`, `cycles`
//! - `c_sel` / `c_val`                     out 4 / in 32  a performance counter's value
use crate::config::SmConfig;
use rust_hdl::prelude::*;

/// Word addresses of the register map.
pub mod reg {
    /// Read: [`super::ID`].
    pub const ID: u16 = 0x00;
    /// Read: the configuration word ([`super::config_word`]).
    pub const CONFIG: u16 = 0x01;
    /// Write: bit 0 starts a launch of the program and launch registers.
    pub const CONTROL: u16 = 0x02;
    /// Read: [`super::status`] bits.
    pub const STATUS: u16 = 0x03;
    /// Launch registers (read and write): instructions in the program (a fetch at or
    /// beyond it faults), grid and CTA dimensions (16 bits each), registers per thread
    /// (8 bits), shared and local memory bytes per CTA / thread, log2 of a thread's window
    /// of local memory on the memory port (5 bits; docs/sm.md), the watchdog (clocks after
    /// the launch before a launch still running faults; 0: off).
    pub const PROG_LEN: u16 = 0x04;
    pub const GRID_X: u16 = 0x05;
    pub const GRID_Y: u16 = 0x06;
    pub const GRID_Z: u16 = 0x07;
    pub const BLOCK_X: u16 = 0x08;
    pub const BLOCK_Y: u16 = 0x09;
    pub const BLOCK_Z: u16 = 0x0A;
    pub const REGS: u16 = 0x0B;
    pub const SHARED_BYTES: u16 = 0x0C;
    pub const LOCAL_BYTES: u16 = 0x0D;
    pub const LOCAL_SHIFT: u16 = 0x0E;
    pub const WATCHDOG: u16 = 0x0F;
    /// Read: the first fault of the launch: kind ([`crate::isa::sm_fault`]), warp slot, PC,
    /// lane and byte address (memory faults).
    pub const FAULT_KIND: u16 = 0x10;
    pub const FAULT_WARP: u16 = 0x11;
    pub const FAULT_PC: u16 = 0x12;
    pub const FAULT_LANE: u16 = 0x13;
    pub const FAULT_ADDR: u16 = 0x14;
    /// Read: clocks since `clear` or the last launch (`%clock`).
    pub const CLOCK: u16 = 0x15;
    /// Read: performance counter i at `COUNTERS + i` ([`crate::sm::counters::NAMES`]).
    pub const COUNTERS: u16 = 0x20;
    /// Write: the instruction memory, two words per instruction (low, high).
    pub const IMEM: u16 = 0x8000;
}

/// Bits of [`reg::STATUS`].
pub mod status {
    pub const BUSY: u32 = 1;
    pub const DONE: u32 = 2;
    pub const FAULT: u32 = 4;
    /// A write was refused while a launch ran (until the next launch).
    pub const REFUSED: u32 = 8;
}

/// [`reg::ID`]: "HDDL".
pub const ID: u32 = 0x4844_444C;

/// Version of the register map, in [`config_word`] (2 since stop 45: the SP field).
pub const MAP_VERSION: u32 = 2;

/// [`reg::CONFIG`]: what a host must know of the SM it talks to: bits 5:0 warps, 7:6 log2 of
/// the SP passes a lane group takes (0: 8 SPs, 1: 4, 2: 2), 8 `mul.f32` on the SPs (no SFU
/// multipliers), 11:9 CTA slots less one, 15:12 log2 of the words per register-file bank,
/// 19:16 log2 of the words per shared-memory bank, 23:20 log2 of the instruction memory's
/// words, 31:24 the map version.
pub const fn config_word(cfg: &SmConfig) -> u32 {
    (cfg.warps as u32)
        | cfg.sp_passes().trailing_zeros() << 6
        | ((cfg.sfu_multipliers == 0) as u32) << 8
        | ((cfg.cta_slots - 1) as u32) << 9
        | (cfg.rf_bank_addr_bits() as u32) << 12
        | (cfg.smem_row_bits() as u32) << 16
        | (cfg.imem_log2 as u32) << 20
        | MAP_VERSION << 24
}

/// The map version and log2 of the instruction memory's words in a [`reg::CONFIG`] word
/// (the fields of [`config_word`] a host checks before it loads a program).
pub const fn config_version_and_imem_log2(word: u32) -> (u32, u32) {
    (word >> 24, (word >> 20) & 0xF)
}

#[derive(LogicBlock)]
pub struct SmHost<const IW: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub h_we: Signal<In, Bit>,
    pub h_re: Signal<In, Bit>,
    pub h_addr: Signal<In, Bits<16>>,
    pub h_wdata: Signal<In, Bits<32>>,
    pub h_rvalid: Signal<Out, Bit>,
    pub h_rdata: Signal<Out, Bits<32>>,
    pub prog_we: Signal<Out, Bit>,
    pub prog_addr: Signal<Out, Bits<IW>>,
    pub prog_data: Signal<Out, Bits<64>>,
    pub prog_len: Signal<Out, Bits<24>>,
    pub launch: Signal<Out, Bit>,
    pub grid_x: Signal<Out, Bits<16>>,
    pub grid_y: Signal<Out, Bits<16>>,
    pub grid_z: Signal<Out, Bits<16>>,
    pub block_x: Signal<Out, Bits<16>>,
    pub block_y: Signal<Out, Bits<16>>,
    pub block_z: Signal<Out, Bits<16>>,
    pub regs: Signal<Out, Bits<8>>,
    pub shared_bytes: Signal<Out, Bits<32>>,
    pub local_bytes: Signal<Out, Bits<32>>,
    pub local_shift: Signal<Out, Bits<5>>,
    pub watchdog: Signal<Out, Bits<32>>,
    pub busy: Signal<In, Bit>,
    pub done: Signal<In, Bit>,
    pub fault: Signal<In, Bit>,
    pub fault_kind: Signal<In, Bits<4>>,
    pub fault_warp: Signal<In, Bits<5>>,
    pub fault_pc: Signal<In, Bits<24>>,
    pub fault_lane: Signal<In, Bits<5>>,
    pub fault_addr: Signal<In, Bits<32>>,
    pub cycles: Signal<In, Bits<32>>,
    pub c_sel: Signal<Out, Bits<4>>,
    pub c_val: Signal<In, Bits<32>>,
    // Registers.
    r_len: DFF<Bits<24>>,
    r_gx: DFF<Bits<16>>,
    r_gy: DFF<Bits<16>>,
    r_gz: DFF<Bits<16>>,
    r_bx: DFF<Bits<16>>,
    r_by: DFF<Bits<16>>,
    r_bz: DFF<Bits<16>>,
    r_regs: DFF<Bits<8>>,
    r_sh: DFF<Bits<32>>,
    r_lb: DFF<Bits<32>>,
    r_ls: DFF<Bits<5>>,
    r_wd: DFF<Bits<32>>,
    r_go: DFF<Bit>,
    r_refused: DFF<Bit>,
    lo: DFF<Bits<32>>,
    p_we: DFF<Bit>,
    p_addr: DFF<Bits<IW>>,
    p_data: DFF<Bits<64>>,
    rv: DFF<Bit>,
    rd: DFF<Bits<32>>,
    // Decode.
    wr: Signal<Local, Bit>,
    refuse: Signal<Local, Bit>,
    im: Signal<Local, Bit>,
    ctr: Signal<Local, Bit>,
    lo64: Signal<Local, Bits<64>>,
    wd64: Signal<Local, Bits<64>>,
    hi64: Signal<Local, Bits<64>>,
    k_32: Constant<Bits<6>>,
    s_busy: Signal<Local, Bits<32>>,
    s_done: Signal<Local, Bits<32>>,
    s_fault: Signal<Local, Bits<32>>,
    s_refused: Signal<Local, Bits<32>>,
    st: Signal<Local, Bits<32>>,
    k_id: Constant<Bits<16>>,
    k_config: Constant<Bits<16>>,
    k_control: Constant<Bits<16>>,
    k_status: Constant<Bits<16>>,
    k_len: Constant<Bits<16>>,
    k_gx: Constant<Bits<16>>,
    k_gy: Constant<Bits<16>>,
    k_gz: Constant<Bits<16>>,
    k_bx: Constant<Bits<16>>,
    k_by: Constant<Bits<16>>,
    k_bz: Constant<Bits<16>>,
    k_regs: Constant<Bits<16>>,
    k_sh: Constant<Bits<16>>,
    k_lb: Constant<Bits<16>>,
    k_ls: Constant<Bits<16>>,
    k_wd: Constant<Bits<16>>,
    k_fkind: Constant<Bits<16>>,
    k_fwarp: Constant<Bits<16>>,
    k_fpc: Constant<Bits<16>>,
    k_flane: Constant<Bits<16>>,
    k_faddr: Constant<Bits<16>>,
    k_clock: Constant<Bits<16>>,
    k_ctr_page: Constant<Bits<12>>,
    v_id: Constant<Bits<32>>,
    v_config: Constant<Bits<32>>,
    v_busy: Constant<Bits<32>>,
    v_done: Constant<Bits<32>>,
    v_fault: Constant<Bits<32>>,
    v_refused: Constant<Bits<32>>,
}

impl<const IW: usize> SmHost<IW> {
    /// The host interface of an SM whose [`reg::CONFIG`] word is `config`.
    pub fn new(config: u32) -> Self {
        let ka = |a: u16| Constant::new((a as u64).into());
        Self {
            clock: Default::default(),
            clear: Default::default(),
            h_we: Default::default(),
            h_re: Default::default(),
            h_addr: Default::default(),
            h_wdata: Default::default(),
            h_rvalid: Default::default(),
            h_rdata: Default::default(),
            prog_we: Default::default(),
            prog_addr: Default::default(),
            prog_data: Default::default(),
            prog_len: Default::default(),
            launch: Default::default(),
            grid_x: Default::default(),
            grid_y: Default::default(),
            grid_z: Default::default(),
            block_x: Default::default(),
            block_y: Default::default(),
            block_z: Default::default(),
            regs: Default::default(),
            shared_bytes: Default::default(),
            local_bytes: Default::default(),
            local_shift: Default::default(),
            watchdog: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            fault: Default::default(),
            fault_kind: Default::default(),
            fault_warp: Default::default(),
            fault_pc: Default::default(),
            fault_lane: Default::default(),
            fault_addr: Default::default(),
            cycles: Default::default(),
            c_sel: Default::default(),
            c_val: Default::default(),
            r_len: Default::default(),
            r_gx: Default::default(),
            r_gy: Default::default(),
            r_gz: Default::default(),
            r_bx: Default::default(),
            r_by: Default::default(),
            r_bz: Default::default(),
            r_regs: Default::default(),
            r_sh: Default::default(),
            r_lb: Default::default(),
            r_ls: Default::default(),
            r_wd: Default::default(),
            r_go: Default::default(),
            r_refused: Default::default(),
            lo: Default::default(),
            p_we: Default::default(),
            p_addr: Default::default(),
            p_data: Default::default(),
            rv: Default::default(),
            rd: Default::default(),
            wr: Default::default(),
            refuse: Default::default(),
            im: Default::default(),
            ctr: Default::default(),
            lo64: Default::default(),
            wd64: Default::default(),
            hi64: Default::default(),
            k_32: Constant::new(32u64.into()),
            s_busy: Default::default(),
            s_done: Default::default(),
            s_fault: Default::default(),
            s_refused: Default::default(),
            st: Default::default(),
            k_id: ka(reg::ID),
            k_config: ka(reg::CONFIG),
            k_control: ka(reg::CONTROL),
            k_status: ka(reg::STATUS),
            k_len: ka(reg::PROG_LEN),
            k_gx: ka(reg::GRID_X),
            k_gy: ka(reg::GRID_Y),
            k_gz: ka(reg::GRID_Z),
            k_bx: ka(reg::BLOCK_X),
            k_by: ka(reg::BLOCK_Y),
            k_bz: ka(reg::BLOCK_Z),
            k_regs: ka(reg::REGS),
            k_sh: ka(reg::SHARED_BYTES),
            k_lb: ka(reg::LOCAL_BYTES),
            k_ls: ka(reg::LOCAL_SHIFT),
            k_wd: ka(reg::WATCHDOG),
            k_fkind: ka(reg::FAULT_KIND),
            k_fwarp: ka(reg::FAULT_WARP),
            k_fpc: ka(reg::FAULT_PC),
            k_flane: ka(reg::FAULT_LANE),
            k_faddr: ka(reg::FAULT_ADDR),
            k_clock: ka(reg::CLOCK),
            k_ctr_page: Constant::new(((reg::COUNTERS >> 4) as u64).into()),
            v_id: Constant::new((ID as u64).into()),
            v_config: Constant::new((config as u64).into()),
            v_busy: Constant::new((status::BUSY as u64).into()),
            v_done: Constant::new((status::DONE as u64).into()),
            v_fault: Constant::new((status::FAULT as u64).into()),
            v_refused: Constant::new((status::REFUSED as u64).into()),
        }
    }
}

impl<const IW: usize> Logic for SmHost<IW> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, r_len, r_gx, r_gy, r_gz, r_bx, r_by, r_bz, r_regs, r_sh, r_lb, r_ls, r_wd, r_go, r_refused, lo,
            p_we, p_addr, p_data, rv, rd
        );
        // Writes: refused while a launch runs.
        self.refuse.next = self.h_we.val() & self.busy.val();
        self.wr.next = self.h_we.val() & !self.busy.val();
        self.im.next = self.h_addr.val().get_bit(15);
        self.ctr.next = self.h_addr.val().get_bits::<12>(4) == self.k_ctr_page.val();
        if self.wr.val() & !self.im.val() {
            if self.h_addr.val() == self.k_len.val() {
                self.r_len.d.next = self.h_wdata.val().get_bits::<24>(0);
            }
            if self.h_addr.val() == self.k_gx.val() {
                self.r_gx.d.next = self.h_wdata.val().get_bits::<16>(0);
            }
            if self.h_addr.val() == self.k_gy.val() {
                self.r_gy.d.next = self.h_wdata.val().get_bits::<16>(0);
            }
            if self.h_addr.val() == self.k_gz.val() {
                self.r_gz.d.next = self.h_wdata.val().get_bits::<16>(0);
            }
            if self.h_addr.val() == self.k_bx.val() {
                self.r_bx.d.next = self.h_wdata.val().get_bits::<16>(0);
            }
            if self.h_addr.val() == self.k_by.val() {
                self.r_by.d.next = self.h_wdata.val().get_bits::<16>(0);
            }
            if self.h_addr.val() == self.k_bz.val() {
                self.r_bz.d.next = self.h_wdata.val().get_bits::<16>(0);
            }
            if self.h_addr.val() == self.k_regs.val() {
                self.r_regs.d.next = self.h_wdata.val().get_bits::<8>(0);
            }
            if self.h_addr.val() == self.k_sh.val() {
                self.r_sh.d.next = self.h_wdata.val();
            }
            if self.h_addr.val() == self.k_lb.val() {
                self.r_lb.d.next = self.h_wdata.val();
            }
            if self.h_addr.val() == self.k_ls.val() {
                self.r_ls.d.next = self.h_wdata.val().get_bits::<5>(0);
            }
            if self.h_addr.val() == self.k_wd.val() {
                self.r_wd.d.next = self.h_wdata.val();
            }
        }
        // A launch: one clock.
        self.r_go.d.next = (self.wr.val() & (self.h_addr.val() == self.k_control.val())) & self.h_wdata.val().get_bit(0);
        if self.r_go.q.val() {
            self.r_refused.d.next = false;
        }
        if self.refuse.val() {
            self.r_refused.d.next = true;
        }
        // The instruction memory: the low half waits for the high half.
        self.lo64.next = bit_cast::<64, 32>(self.lo.q.val());
        self.wd64.next = bit_cast::<64, 32>(self.h_wdata.val());
        self.hi64.next = self.wd64.val() << self.k_32.val();
        self.p_we.d.next = (self.wr.val() & self.im.val()) & self.h_addr.val().get_bit(0);
        if (self.wr.val() & self.im.val()) & !self.h_addr.val().get_bit(0) {
            self.lo.d.next = self.h_wdata.val();
        }
        if (self.wr.val() & self.im.val()) & self.h_addr.val().get_bit(0) {
            self.p_addr.d.next = self.h_addr.val().get_bits::<IW>(1);
            self.p_data.d.next = self.lo64.val() | self.hi64.val();
        }
        // Reads: one clock later.
        self.s_busy.next = 0.into();
        if self.busy.val() {
            self.s_busy.next = self.v_busy.val();
        }
        self.s_done.next = 0.into();
        if self.done.val() {
            self.s_done.next = self.v_done.val();
        }
        self.s_fault.next = 0.into();
        if self.fault.val() {
            self.s_fault.next = self.v_fault.val();
        }
        self.s_refused.next = 0.into();
        if self.r_refused.q.val() {
            self.s_refused.next = self.v_refused.val();
        }
        self.st.next = (self.s_busy.val() | self.s_done.val()) | (self.s_fault.val() | self.s_refused.val());
        self.c_sel.next = self.h_addr.val().get_bits::<4>(0);
        self.rv.d.next = self.h_re.val();
        self.rd.d.next = 0.into();
        if self.h_re.val() & !self.im.val() {
            if self.ctr.val() {
                self.rd.d.next = self.c_val.val();
            }
            if self.h_addr.val() == self.k_id.val() {
                self.rd.d.next = self.v_id.val();
            }
            if self.h_addr.val() == self.k_config.val() {
                self.rd.d.next = self.v_config.val();
            }
            if self.h_addr.val() == self.k_status.val() {
                self.rd.d.next = self.st.val();
            }
            if self.h_addr.val() == self.k_len.val() {
                self.rd.d.next = bit_cast::<32, 24>(self.r_len.q.val());
            }
            if self.h_addr.val() == self.k_gx.val() {
                self.rd.d.next = bit_cast::<32, 16>(self.r_gx.q.val());
            }
            if self.h_addr.val() == self.k_gy.val() {
                self.rd.d.next = bit_cast::<32, 16>(self.r_gy.q.val());
            }
            if self.h_addr.val() == self.k_gz.val() {
                self.rd.d.next = bit_cast::<32, 16>(self.r_gz.q.val());
            }
            if self.h_addr.val() == self.k_bx.val() {
                self.rd.d.next = bit_cast::<32, 16>(self.r_bx.q.val());
            }
            if self.h_addr.val() == self.k_by.val() {
                self.rd.d.next = bit_cast::<32, 16>(self.r_by.q.val());
            }
            if self.h_addr.val() == self.k_bz.val() {
                self.rd.d.next = bit_cast::<32, 16>(self.r_bz.q.val());
            }
            if self.h_addr.val() == self.k_regs.val() {
                self.rd.d.next = bit_cast::<32, 8>(self.r_regs.q.val());
            }
            if self.h_addr.val() == self.k_sh.val() {
                self.rd.d.next = self.r_sh.q.val();
            }
            if self.h_addr.val() == self.k_lb.val() {
                self.rd.d.next = self.r_lb.q.val();
            }
            if self.h_addr.val() == self.k_ls.val() {
                self.rd.d.next = bit_cast::<32, 5>(self.r_ls.q.val());
            }
            if self.h_addr.val() == self.k_wd.val() {
                self.rd.d.next = self.r_wd.q.val();
            }
            if self.h_addr.val() == self.k_fkind.val() {
                self.rd.d.next = bit_cast::<32, 4>(self.fault_kind.val());
            }
            if self.h_addr.val() == self.k_fwarp.val() {
                self.rd.d.next = bit_cast::<32, 5>(self.fault_warp.val());
            }
            if self.h_addr.val() == self.k_fpc.val() {
                self.rd.d.next = bit_cast::<32, 24>(self.fault_pc.val());
            }
            if self.h_addr.val() == self.k_flane.val() {
                self.rd.d.next = bit_cast::<32, 5>(self.fault_lane.val());
            }
            if self.h_addr.val() == self.k_faddr.val() {
                self.rd.d.next = self.fault_addr.val();
            }
            if self.h_addr.val() == self.k_clock.val() {
                self.rd.d.next = self.cycles.val();
            }
        }
        if self.clear.val() {
            self.r_len.d.next = 0.into();
            self.r_gx.d.next = 0.into();
            self.r_gy.d.next = 0.into();
            self.r_gz.d.next = 0.into();
            self.r_bx.d.next = 0.into();
            self.r_by.d.next = 0.into();
            self.r_bz.d.next = 0.into();
            self.r_regs.d.next = 0.into();
            self.r_sh.d.next = 0.into();
            self.r_lb.d.next = 0.into();
            self.r_ls.d.next = 0.into();
            self.r_wd.d.next = 0.into();
            self.r_go.d.next = false;
            self.r_refused.d.next = false;
            self.p_we.d.next = false;
            self.rv.d.next = false;
        }
        self.h_rvalid.next = self.rv.q.val();
        self.h_rdata.next = self.rd.q.val();
        self.prog_we.next = self.p_we.q.val();
        self.prog_addr.next = self.p_addr.q.val();
        self.prog_data.next = self.p_data.q.val();
        self.prog_len.next = self.r_len.q.val();
        self.launch.next = self.r_go.q.val();
        self.grid_x.next = self.r_gx.q.val();
        self.grid_y.next = self.r_gy.q.val();
        self.grid_z.next = self.r_gz.q.val();
        self.block_x.next = self.r_bx.q.val();
        self.block_y.next = self.r_by.q.val();
        self.block_z.next = self.r_bz.q.val();
        self.regs.next = self.r_regs.q.val();
        self.shared_bytes.next = self.r_sh.q.val();
        self.local_bytes.next = self.r_lb.q.val();
        self.local_shift.next = self.r_ls.q.val();
        self.watchdog.next = self.r_wd.q.val();
    }
}
