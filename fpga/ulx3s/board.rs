//! The ULX3S board's logic on the SM's clock: the UART on the FT231X, the UARTBone bridge,
//! the board's memory map ([`super::map`]), its memory, `sm_small` and the LEDs. Everything
//! of the board but the PLL and the reset ([`super::top::Ulx3sTop`]); `heddle fpga run --sim`
//! simulates it whole, its serial line bit by bit.
//!
//! Ports:
//! - `clock`, `rst`   in   1  the SM's clock; synchronous reset of the SM (the link and the
//!                           windows start at zero with the bitstream)
//! - `uart_rx`        in   1  the serial line from the host (the FT231X's TXD)
//! - `uart_tx`        out  1  registered: the serial line to the host (the FT231X's RXD)
//! - `led`            out  8  0 the SM runs a launch, 1 done, 2 faulted, 3 heartbeat (the
//!                           clock's bit 23), 4 the bridge is inside a command, 5 a UART
//!                           frame error was seen (until `rst`), 6 and 7 off
//!
//! The board's memory: `2^MW` words of 32 bits in block RAM as four byte lanes (the SM writes
//! bytes), one read and one write port shared by the host (first) and the SM's memory port
//! (a request waits while the host uses the memory). Registered reads: a host read answers
//! in the next clock; the SM's memory port answers in the clock after its request is taken
//! (one request at a time), with an error when the request is outside its space's window.
use crate::link::{uart_rx::UartRx, uart_tx::UartTx, uartbone::UartBone};
use crate::prim::ram::Ram1W1R;
use crate::SmSmall;
use super::{map, reg, BoardConfig, BOARD_ID, MAP_VERSION, SPACES};
use array_init::array_init;
use rust_hdl::prelude::*;

/// Where a host read's word comes from (`hsrc`).
mod src {
    pub const NONE: u8 = 0;
    pub const BOARD: u8 = 1;
    pub const SM: u8 = 2;
    pub const MEM: u8 = 3;
}

#[derive(LogicBlock)]
pub struct Board<const MW: usize> {
    pub clock: Signal<In, Clock>,
    pub rst: Signal<In, Bit>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    pub led: Signal<Out, Bits<8>>,
    rx: UartRx,
    tx: UartTx,
    bridge: UartBone,
    sm: SmSmall,
    mem: [Ram1W1R<MW, 8>; 4],
    // The SM's memory spaces' windows (byte address, bytes), in `SPACES` order.
    sbase: [DFF<Bits<32>>; 4],
    slim: [DFF<Bits<32>>; 4],
    // A host read's answer in the next clock: valid, its source, a board register's word.
    hv: DFF<Bit>,
    hsrc: DFF<Bits<2>>,
    breg: DFF<Bits<32>>,
    // The SM's response in the next clock: due, an error, the bytes read.
    mpend: DFF<Bit>,
    merr: DFF<Bit>,
    mbe: DFF<Bits<4>>,
    beat: DFF<Bits<24>>,
    ferr_seen: DFF<Bit>,
    // Locals.
    is_board: Signal<Local, Bit>,
    // The address's offset is below 16: one of the board registers (on the board's page).
    breg_low: Signal<Local, Bit>,
    is_sm: Signal<Local, Bit>,
    is_mem: Signal<Local, Bit>,
    host_mem: Signal<Local, Bit>,
    breg_i: Signal<Local, Bits<4>>,
    bval: Signal<Local, Bits<32>>,
    m_base: Signal<Local, Bits<32>>,
    m_lim: Signal<Local, Bits<32>>,
    m_known: Signal<Local, Bit>,
    m_ro: Signal<Local, Bit>,
    m_ok: Signal<Local, Bit>,
    m_take: Signal<Local, Bit>,
    m_baddr: Signal<Local, Bits<32>>,
    m_hi: Signal<Local, Bits<32>>,
    ram_addr: Signal<Local, Bits<MW>>,
    ram_we: Signal<Local, Bits<4>>,
    ram_wd: Signal<Local, Bits<32>>,
    ram_rd: Signal<Local, Bits<32>>,
    be_mask: Signal<Local, Bits<32>>,
    h_rdata: Signal<Local, Bits<32>>,
    leds: Signal<Local, Bits<8>>,
    // Constants.
    // The read-only registers: their offsets and values.
    k_ro_reg: [Constant<Bits<4>>; 6],
    k_ro_val: [Constant<Bits<32>>; 6],
    k_sm_tag: Constant<Bits<16>>,
    k_mem_mask: Constant<Bits<32>>,
    // The byte-address bits beyond the memory.
    k_mem_bytes_mask: Constant<Bits<32>>,
    k_mem_tag: Constant<Bits<32>>,
    k_space: [Constant<Bits<3>>; 4],
    k_const: Constant<Bits<3>>,
    k_param: Constant<Bits<3>>,
    k_src_none: Constant<Bits<2>>,
    k_src_board: Constant<Bits<2>>,
    k_src_sm: Constant<Bits<2>>,
    k_src_mem: Constant<Bits<2>>,
    k_base_reg: [Constant<Bits<4>>; 4],
    k_lim_reg: [Constant<Bits<4>>; 4],
    k_byte: [Constant<Bits<32>>; 4],
    k_led: [Constant<Bits<8>>; 6],
    one24: Constant<Bits<24>>,
}

impl<const MW: usize> Board<MW> {
    /// The board of configuration `b` (its memory of `2^MW` words: `b.mem_log2 == MW`).
    pub fn new(b: &BoardConfig) -> Result<Self, String> {
        if b.mem_log2 != MW || MW > 16 {
            return Err(format!("Board<{MW}>: the configuration has 2^{} memory words (at most 2^16)", b.mem_log2));
        }
        if b.sm != crate::config::SM_SMALL {
            return Err(format!("the board's SM is sm_small, not {}", b.sm.name));
        }
        let div = b.uart_divider()?;
        let k32 = |v: u64| Constant::new(v.into());
        let ro: [(u32, u64); 6] = [
            (reg::ID, BOARD_ID as u64),
            (reg::VERSION, MAP_VERSION as u64),
            (reg::CONFIG_HASH, super::config_hash(b) as u64),
            (reg::MEM_BYTES, b.mem_bytes() as u64),
            (reg::CLOCK_HZ, b.clock_hz),
            (reg::BAUD, b.baud),
        ];
        Ok(Self {
            clock: Default::default(),
            rst: Default::default(),
            uart_rx: Default::default(),
            uart_tx: Default::default(),
            led: Default::default(),
            rx: UartRx::new(div),
            tx: UartTx::new(div),
            bridge: UartBone::new(b.cmd_timeout()),
            sm: SmSmall::new(&b.sm),
            mem: array_init(|_| Default::default()),
            sbase: array_init(|_| Default::default()),
            slim: array_init(|_| Default::default()),
            hv: Default::default(),
            hsrc: Default::default(),
            breg: Default::default(),
            mpend: Default::default(),
            merr: Default::default(),
            mbe: Default::default(),
            beat: Default::default(),
            ferr_seen: Default::default(),
            is_board: Default::default(),
            breg_low: Default::default(),
            is_sm: Default::default(),
            is_mem: Default::default(),
            host_mem: Default::default(),
            breg_i: Default::default(),
            bval: Default::default(),
            m_base: Default::default(),
            m_lim: Default::default(),
            m_known: Default::default(),
            m_ro: Default::default(),
            m_ok: Default::default(),
            m_take: Default::default(),
            m_baddr: Default::default(),
            m_hi: Default::default(),
            ram_addr: Default::default(),
            ram_we: Default::default(),
            ram_wd: Default::default(),
            ram_rd: Default::default(),
            be_mask: Default::default(),
            h_rdata: Default::default(),
            leds: Default::default(),
            k_ro_reg: array_init(|i| Constant::new((ro[i].0 as u64).into())),
            k_ro_val: array_init(|i| k32(ro[i].1)),
            k_sm_tag: Constant::new(((map::SM >> 16) as u64).into()),
            k_mem_mask: k32((0xFFFF_FFFFu64 << MW) & 0xFFFF_FFFF),
            k_mem_bytes_mask: k32((0xFFFF_FFFFu64 << (MW + 2)) & 0xFFFF_FFFF),
            k_mem_tag: k32(map::MEM as u64),
            k_space: array_init(|s| Constant::new((SPACES[s] as u64).into())),
            k_const: Constant::new((crate::isa::space::CONST as u64).into()),
            k_param: Constant::new((crate::isa::space::PARAM as u64).into()),
            k_src_none: Constant::new((src::NONE as u64).into()),
            k_src_board: Constant::new((src::BOARD as u64).into()),
            k_src_sm: Constant::new((src::SM as u64).into()),
            k_src_mem: Constant::new((src::MEM as u64).into()),
            k_base_reg: array_init(|s| Constant::new(((reg::SPACE_BASE as usize + s) as u64).into())),
            k_lim_reg: array_init(|s| Constant::new(((reg::SPACE_LIMIT as usize + s) as u64).into())),
            k_byte: array_init(|j| Constant::new((0xFFu64 << (8 * j)).into())),
            k_led: array_init(|j| Constant::new((1u64 << j).into())),
            one24: Constant::new(1u64.into()),
        })
    }
}

impl<const MW: usize> Logic for Board<MW> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, hv, hsrc, breg, mpend, merr, mbe, beat, ferr_seen);
        for s in 0..4 {
            self.sbase[s].clock.next = self.clock.val();
            self.sbase[s].d.next = self.sbase[s].q.val();
            self.slim[s].clock.next = self.clock.val();
            self.slim[s].d.next = self.slim[s].q.val();
        }
        // The link: line -> receiver -> bridge -> transmitter -> line.
        self.rx.clock.next = self.clock.val();
        self.rx.line.next = self.uart_rx.val();
        self.tx.clock.next = self.clock.val();
        self.tx.valid.next = self.bridge.tx_valid.val();
        self.tx.data.next = self.bridge.tx_data.val();
        self.uart_tx.next = self.tx.line.val();
        self.bridge.clock.next = self.clock.val();
        self.bridge.rx_valid.next = self.rx.valid.val();
        self.bridge.rx_data.next = self.rx.data.val();
        self.bridge.tx_ready.next = self.tx.ready.val();
        self.bridge.b_ready.next = true;
        // The bus's regions.
        self.is_board.next = !self.bridge.b_addr.val().get_bits::<24>(8).any();
        self.is_sm.next = self.bridge.b_addr.val().get_bits::<16>(16) == self.k_sm_tag.val();
        self.is_mem.next = (self.bridge.b_addr.val() & self.k_mem_mask.val()) == self.k_mem_tag.val();
        self.host_mem.next = self.is_mem.val() & (self.bridge.b_we.val() | self.bridge.b_re.val());
        // The board's registers: reads, and the windows' writes.
        self.breg_i.next = self.bridge.b_addr.val().get_bits::<4>(0);
        self.breg_low.next = !self.bridge.b_addr.val().get_bits::<4>(4).any();
        self.bval.next = 0.into();
        if self.breg_low.val() {
            for i in 0..6 {
                if self.breg_i.val() == self.k_ro_reg[i].val() {
                    self.bval.next = self.k_ro_val[i].val();
                }
            }
            for s in 0..4 {
                if self.breg_i.val() == self.k_base_reg[s].val() {
                    self.bval.next = self.sbase[s].q.val();
                }
                if self.breg_i.val() == self.k_lim_reg[s].val() {
                    self.bval.next = self.slim[s].q.val();
                }
            }
        }
        if (self.bridge.b_we.val() & self.is_board.val()) & self.breg_low.val() {
            for s in 0..4 {
                if self.breg_i.val() == self.k_base_reg[s].val() {
                    self.sbase[s].d.next = self.bridge.b_wdata.val();
                }
                if self.breg_i.val() == self.k_lim_reg[s].val() {
                    self.slim[s].d.next = self.bridge.b_wdata.val();
                }
            }
        }
        // The SM's host interface.
        self.sm.clock.next = self.clock.val();
        self.sm.clear.next = self.rst.val();
        self.sm.h_we.next = self.bridge.b_we.val() & self.is_sm.val();
        self.sm.h_re.next = self.bridge.b_re.val() & self.is_sm.val();
        self.sm.h_addr.next = self.bridge.b_addr.val().get_bits::<16>(0);
        self.sm.h_wdata.next = self.bridge.b_wdata.val();
        // A host read answers in the next clock.
        self.hv.d.next = self.bridge.b_re.val();
        self.breg.d.next = self.bval.val();
        self.hsrc.d.next = self.k_src_none.val();
        if self.is_board.val() {
            self.hsrc.d.next = self.k_src_board.val();
        }
        if self.is_sm.val() {
            self.hsrc.d.next = self.k_src_sm.val();
        }
        if self.is_mem.val() {
            self.hsrc.d.next = self.k_src_mem.val();
        }
        // The SM's memory request: its space's window.
        self.m_base.next = 0.into();
        self.m_lim.next = 0.into();
        self.m_known.next = false;
        for s in 0..4 {
            if self.sm.m_req_space.val() == self.k_space[s].val() {
                self.m_base.next = self.sbase[s].q.val();
                self.m_lim.next = self.slim[s].q.val();
                self.m_known.next = true;
            }
        }
        self.m_ro.next = (self.sm.m_req_space.val() == self.k_const.val()) | (self.sm.m_req_space.val() == self.k_param.val());
        self.m_baddr.next = self.m_base.val() + self.sm.m_req_addr.val();
        self.m_hi.next = self.m_baddr.val() & self.k_mem_bytes_mask.val();
        // In the window, a writable space for a write, word-aligned in the memory (a window
        // set at an unaligned base, or wrapping past 2^32, is an error).
        self.m_ok.next = ((self.m_known.val() & (self.sm.m_req_addr.val() < self.m_lim.val()))
            & (!(self.sm.m_req_we.val() & self.m_ro.val()) & !self.m_hi.val().any()))
            & (!self.m_baddr.val().get_bits::<2>(0).any() & (self.m_baddr.val() >= self.m_base.val()));
        self.m_take.next = (self.sm.m_req_valid.val() & !self.mpend.q.val()) & !self.host_mem.val();
        self.sm.m_req_ready.next = !self.mpend.q.val() & !self.host_mem.val();
        self.mpend.d.next = self.m_take.val();
        self.merr.d.next = !self.m_ok.val();
        self.mbe.d.next = self.sm.m_req_be.val();
        // The memory's ports: the host first, else the SM's request.
        self.ram_addr.next = self.m_baddr.val().get_bits::<MW>(2);
        self.ram_we.next = 0.into();
        self.ram_wd.next = self.sm.m_req_wdata.val();
        if self.m_take.val() & self.m_ok.val() & self.sm.m_req_we.val() {
            self.ram_we.next = self.sm.m_req_be.val();
        }
        if self.host_mem.val() {
            self.ram_addr.next = self.bridge.b_addr.val().get_bits::<MW>(0);
            self.ram_wd.next = self.bridge.b_wdata.val();
            self.ram_we.next = 0.into();
            if self.bridge.b_we.val() {
                self.ram_we.next = 15.into();
            }
        }
        for j in 0..4 {
            self.mem[j].clock.next = self.clock.val();
            self.mem[j].raddr.next = self.ram_addr.val();
            self.mem[j].waddr.next = self.ram_addr.val();
            self.mem[j].we.next = self.ram_we.val().get_bit(j);
        }
        self.mem[0].wdata.next = self.ram_wd.val().get_bits::<8>(0);
        self.mem[1].wdata.next = self.ram_wd.val().get_bits::<8>(8);
        self.mem[2].wdata.next = self.ram_wd.val().get_bits::<8>(16);
        self.mem[3].wdata.next = self.ram_wd.val().get_bits::<8>(24);
        self.ram_rd.next = ((bit_cast::<32, 8>(self.mem[3].rdata.val()) << 24) | (bit_cast::<32, 8>(self.mem[2].rdata.val()) << 16))
            | ((bit_cast::<32, 8>(self.mem[1].rdata.val()) << 8) | bit_cast::<32, 8>(self.mem[0].rdata.val()));
        // The SM's response: the bytes it asked for (0 elsewhere), or an error.
        self.be_mask.next = 0.into();
        for j in 0..4 {
            if self.mbe.q.val().get_bit(j) {
                self.be_mask.next = self.be_mask.val() | self.k_byte[j].val();
            }
        }
        if self.merr.q.val() {
            self.be_mask.next = 0.into();
        }
        self.sm.m_resp_valid.next = self.mpend.q.val();
        self.sm.m_resp_data.next = self.ram_rd.val() & self.be_mask.val();
        self.sm.m_resp_err.next = self.mpend.q.val() & self.merr.q.val();
        // The host read's word.
        self.h_rdata.next = 0.into();
        if self.hsrc.q.val() == self.k_src_board.val() {
            self.h_rdata.next = self.breg.q.val();
        }
        if self.hsrc.q.val() == self.k_src_sm.val() {
            self.h_rdata.next = self.sm.h_rdata.val();
        }
        if self.hsrc.q.val() == self.k_src_mem.val() {
            self.h_rdata.next = self.ram_rd.val();
        }
        self.bridge.b_rvalid.next = self.hv.q.val();
        self.bridge.b_rdata.next = self.h_rdata.val();
        // LEDs.
        self.beat.d.next = self.beat.q.val() + self.one24.val();
        if self.rx.ferr.val() {
            self.ferr_seen.d.next = true;
        }
        if self.rst.val() {
            self.ferr_seen.d.next = false;
        }
        self.leds.next = 0.into();
        if self.sm.busy.val() {
            self.leds.next = self.leds.val() | self.k_led[0].val();
        }
        if self.sm.done.val() {
            self.leds.next = self.leds.val() | self.k_led[1].val();
        }
        if self.sm.fault.val() {
            self.leds.next = self.leds.val() | self.k_led[2].val();
        }
        if self.beat.q.val().get_bit(23) {
            self.leds.next = self.leds.val() | self.k_led[3].val();
        }
        if self.bridge.cmd_st.val().any() {
            self.leds.next = self.leds.val() | self.k_led[4].val();
        }
        if self.ferr_seen.q.val() {
            self.leds.next = self.leds.val() | self.k_led[5].val();
        }
        self.led.next = self.leds.val();
    }
}
