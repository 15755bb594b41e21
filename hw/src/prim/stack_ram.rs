//! One bank of the SIMT branch-synchronization stack storage: `2^AW` words of `DW` bits
//! (DW <= 32), one port, synchronous read, hand-written Verilog (rust-hdl's `RAM` has two
//! clocks and no initial contents). Yosys maps it to DP16KD or distributed RAM. The Rust
//! model is a native array.
//!
//! Ports:
//! - `clock`  in   1   rising-edge clock
//! - `addr`   in   AW  word address (read and write)
//! - `we`     in   1   write `wdata` at `addr` on this rising edge
//! - `wdata`  in   DW  write data
//! - `rdata`  out  DW  on a rising edge with `we` = 0: the word at `addr`; with `we` = 1
//!                      `rdata` keeps its value (no read-during-write)
//!
//! Every word starts at zero (an `initial` loop in Verilog, the init values of the RAM).
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct StackRam<const AW: usize, const DW: usize> {
    pub clock: Signal<In, Clock>,
    pub addr: Signal<In, Bits<AW>>,
    pub we: Signal<In, Bit>,
    pub wdata: Signal<In, Bits<DW>>,
    pub rdata: Signal<Out, Bits<DW>>,
    _mem: Box<Vec<u64>>,
}

impl<const AW: usize, const DW: usize> Default for StackRam<AW, DW> {
    fn default() -> Self {
        assert!(DW <= 32 && AW <= 16, "StackRam: at most 32 bits x 64K words");
        Self {
            clock: Default::default(),
            addr: Default::default(),
            we: Default::default(),
            wdata: Default::default(),
            rdata: Default::default(),
            _mem: Box::new(vec![0; 1 << AW]),
        }
    }
}

impl<const AW: usize, const DW: usize> Logic for StackRam<AW, DW> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            let a = self.addr.val().index();
            if self.we.val() {
                self._mem[a] = self.wdata.val().to_u64();
            } else {
                self.rdata.next = self._mem[a].into();
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
end
always @(posedge clock) begin
   if (we) mem[addr] <= wdata;
   else rdata <= mem[addr];
end",
            hi = DW - 1,
            last = (1usize << AW) - 1
        ))
    }
}
