//! The ULX3S's top level: its pins, the ECP5 PLL from the 25 MHz oscillator to the SM's
//! clock, a power-on reset, and [`Board`]. `ulx3s.lpf` places the pins (the board's public
//! constraint file's names: `clk_25mhz`, `ftdi_txd` into the FPGA, `ftdi_rxd` out of it,
//! `led`, `wifi_gpio0`).
//!
//! Ports:
//! - `clk_25mhz`   in   1  the oscillator
//! - `ftdi_txd`    in   1  the serial line from the host (the FT231X transmits)
//! - `ftdi_rxd`    out  1  the serial line to the host
//! - `led`         out  8  [`Board`]'s LEDs
//! - `wifi_gpio0`  out  1  high: keeps the ESP32 from resetting the FPGA
//!
//! The reset: the board's SM is held in reset until the PLL locks and then for 255 more
//! clocks.
use super::board::Board;
use super::{BoardConfig, Pll};
use rust_hdl::prelude::*;

/// The ECP5's EHXPLLL with its feedback from CLKOP: `clkout` = `clkin` x `CLKFB_DIV` /
/// `CLKI_DIV`, the VCO at `clkout` x `CLKOP_DIV`. The Rust model passes the clock through
/// and is locked (the board is simulated without its PLL).
#[derive(LogicBlock)]
pub struct Ecp5Pll {
    pub clkin: Signal<In, Clock>,
    pub clkout: Signal<Out, Clock>,
    pub locked: Signal<Out, Bit>,
    // The parameters (`Pll`'s dividers; a block holds only signals and constants; the
    // input is the oscillator).
    clki_div: Constant<Bits<8>>,
    clkfb_div: Constant<Bits<8>>,
    clkop_div: Constant<Bits<8>>,
}

impl Ecp5Pll {
    pub fn new(p: Pll) -> Self {
        Self {
            clkin: Default::default(),
            clkout: Default::default(),
            locked: Default::default(),
            clki_div: Constant::new(p.clki_div.into()),
            clkfb_div: Constant::new(p.clkfb_div.into()),
            clkop_div: Constant::new(p.clkop_div.into()),
        }
    }
    fn params(&self) -> Pll {
        Pll {
            fin_hz: super::OSC_HZ,
            clki_div: self.clki_div.val().to_u64(),
            clkfb_div: self.clkfb_div.val().to_u64(),
            clkop_div: self.clkop_div.val().to_u64(),
        }
    }
}

impl Logic for Ecp5Pll {
    fn update(&mut self) {
        self.clkout.next = self.clkin.val();
        self.locked.next = true;
    }
    fn connect(&mut self) {
        self.clkout.connect();
        self.locked.connect();
    }
    fn hdl(&self) -> Verilog {
        let p = self.params();
        Verilog::Custom(format!(
            "\
wire clkop_w;
wire lock_w;
(* FREQUENCY_PIN_CLKI=\"{fin}\" *)
(* FREQUENCY_PIN_CLKOP=\"{fout}\" *)
(* ICP_CURRENT=\"12\" *) (* LPF_RESISTOR=\"8\" *) (* MFG_ENABLE_FILTEROPAMP=\"1\" *) (* MFG_GMCREF_SEL=\"2\" *)
EHXPLLL #(
   .PLLRST_ENA(\"DISABLED\"), .INTFB_WAKE(\"DISABLED\"), .STDBY_ENABLE(\"DISABLED\"),
   .DPHASE_SOURCE(\"DISABLED\"), .OUTDIVIDER_MUXA(\"DIVA\"), .OUTDIVIDER_MUXB(\"DIVB\"),
   .OUTDIVIDER_MUXC(\"DIVC\"), .OUTDIVIDER_MUXD(\"DIVD\"),
   .CLKI_DIV(clki_div), .CLKOP_ENABLE(\"ENABLED\"), .CLKOP_DIV(clkop_div),
   .CLKOP_CPHASE({cphase}), .CLKOP_FPHASE(0), .FEEDBK_PATH(\"CLKOP\"), .CLKFB_DIV(clkfb_div)
) pll_i (
   .RST(1'b0), .STDBY(1'b0), .CLKI(clkin), .CLKOP(clkop_w), .CLKFB(clkop_w),
   .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b1), .PHASESTEP(1'b1),
   .PHASELOADREG(1'b1), .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0), .LOCK(lock_w)
);
always @(*) begin
   clkout = clkop_w;
   locked = lock_w;
end",
            fin = p.fin_mhz(),
            fout = p.fout_mhz(),
            cphase = (p.clkop_div / 2).saturating_sub(1),
        ))
    }
}

#[derive(LogicBlock)]
pub struct Ulx3sTop<const MW: usize> {
    pub clk_25mhz: Signal<In, Clock>,
    pub ftdi_txd: Signal<In, Bit>,
    pub ftdi_rxd: Signal<Out, Bit>,
    pub led: Signal<Out, Bits<8>>,
    pub wifi_gpio0: Signal<Out, Bit>,
    pll: Ecp5Pll,
    por: DFF<Bits<8>>,
    board: Board<MW>,
    one8: Constant<Bits<8>>,
    all8: Constant<Bits<8>>,
}

impl<const MW: usize> Ulx3sTop<MW> {
    /// The top of board configuration `b` (its SM clock from the PLL's parameters for
    /// `b.clock_hz`).
    pub fn new(b: &BoardConfig) -> Result<Self, String> {
        let pll = Pll::for_output(super::OSC_HZ, b.clock_hz)?;
        if pll.fout_hz() != b.clock_hz {
            return Err(format!("the PLL makes {} Hz, not the board's {} Hz", pll.fout_hz(), b.clock_hz));
        }
        Ok(Self {
            clk_25mhz: Default::default(),
            ftdi_txd: Default::default(),
            ftdi_rxd: Default::default(),
            led: Default::default(),
            wifi_gpio0: Default::default(),
            pll: Ecp5Pll::new(pll),
            por: Default::default(),
            board: Board::new(b)?,
            one8: Constant::new(1u64.into()),
            all8: Constant::new(0xFFu64.into()),
        })
    }
}

impl<const MW: usize> Logic for Ulx3sTop<MW> {
    #[hdl_gen]
    fn update(&mut self) {
        self.pll.clkin.next = self.clk_25mhz.val();
        self.por.clock.next = self.pll.clkout.val();
        self.por.d.next = self.por.q.val();
        if !self.pll.locked.val() {
            self.por.d.next = 0.into();
        } else if self.por.q.val() != self.all8.val() {
            self.por.d.next = self.por.q.val() + self.one8.val();
        }
        self.board.clock.next = self.pll.clkout.val();
        self.board.rst.next = self.por.q.val() != self.all8.val();
        self.board.uart_rx.next = self.ftdi_txd.val();
        self.ftdi_rxd.next = self.board.uart_tx.val();
        self.led.next = self.board.led.val();
        self.wifi_gpio0.next = true;
    }
}
