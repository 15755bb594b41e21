//! Simple dual-port RAM: `2^AW` words of `DW` bits (DW <= 64), one write port and one
//! read port on the same clock, registered read, hand-written Verilog that Yosys maps to
//! ECP5 block RAM (DP16KD). The SM's instruction memory and register-file banks are built
//! from it. The Rust model is a native array.
//!
//! Ports:
//! - `clock`  in   1   rising-edge clock
//! - `we`     in   1   write `wdata` at `waddr` on this rising edge
//! - `waddr`  in   AW  write address
//! - `wdata`  in   DW  write data
//! - `raddr`  in   AW  read address
//! - `rdata`  out  DW  after each rising edge: the word that was at `raddr` before the
//!                      edge (a write to the same address in the same edge is seen by the
//!                      next read, not this one)
//!
//! Latency 1 (read). Every word starts at zero (an `initial` loop in Verilog, the init
//! values of the block RAM).
use rust_hdl::prelude::*;

/// Clocks from `raddr` to `rdata`.
pub const RAM_READ_LATENCY: usize = 1;

#[derive(LogicBlock)]
pub struct Ram1W1R<const AW: usize, const DW: usize> {
    pub clock: Signal<In, Clock>,
    pub we: Signal<In, Bit>,
    pub waddr: Signal<In, Bits<AW>>,
    pub wdata: Signal<In, Bits<DW>>,
    pub raddr: Signal<In, Bits<AW>>,
    pub rdata: Signal<Out, Bits<DW>>,
    _mem: Box<Vec<u64>>,
}

impl<const AW: usize, const DW: usize> Default for Ram1W1R<AW, DW> {
    fn default() -> Self {
        assert!(DW <= 64 && AW <= 16, "Ram1W1R: at most 64 bits x 64K words");
        Self {
            clock: Default::default(),
            we: Default::default(),
            waddr: Default::default(),
            wdata: Default::default(),
            raddr: Default::default(),
            rdata: Default::default(),
            _mem: Box::new(vec![0; 1 << AW]),
        }
    }
}

impl<const AW: usize, const DW: usize> Logic for Ram1W1R<AW, DW> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            self.rdata.next = self._mem[self.raddr.val().index()].into();
            if self.we.val() {
                self._mem[self.waddr.val().index()] = self.wdata.val().to_u64();
            }
        }
    }
    fn connect(&mut self) {
        self.rdata.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "\
reg [{hi}:0] mem [0:{last}];
integer i;
initial begin
   for (i = 0; i <= {last}; i = i + 1) mem[i] = {DW}'h0;
   rdata = {DW}'h0;
end
always @(posedge clock) begin
   if (we) mem[waddr] <= wdata;
   rdata <= mem[raddr];
end",
            hi = DW - 1,
            last = (1usize << AW) - 1
        ))
    }
}
