// A lint-only model of the ECP5 PLL (Lattice EHXPLLL), its ports and parameters as
// fpga/ulx3s/top.rs instantiates it: the output follows the input, always locked. Only for
// the lint of verilog-out/ulx3s.v; Yosys has its own ECP5 cell library.
/* verilator lint_off UNUSEDPARAM */
/* verilator lint_off UNUSEDSIGNAL */
module EHXPLLL #(
    parameter PLLRST_ENA = "DISABLED", INTFB_WAKE = "DISABLED", STDBY_ENABLE = "DISABLED",
    parameter DPHASE_SOURCE = "DISABLED", OUTDIVIDER_MUXA = "DIVA", OUTDIVIDER_MUXB = "DIVB",
    parameter OUTDIVIDER_MUXC = "DIVC", OUTDIVIDER_MUXD = "DIVD", CLKOP_ENABLE = "ENABLED",
    parameter FEEDBK_PATH = "CLKOP",
    parameter CLKI_DIV = 1, CLKOP_DIV = 8, CLKOP_CPHASE = 0, CLKOP_FPHASE = 0, CLKFB_DIV = 1
) (
    input wire RST, STDBY, CLKI, CLKFB, PHASESEL0, PHASESEL1, PHASEDIR, PHASESTEP,
    input wire PHASELOADREG, PLLWAKESYNC, ENCLKOP,
    output wire CLKOP, LOCK
);
    wire unused = RST ^ STDBY ^ CLKFB ^ PHASESEL0 ^ PHASESEL1 ^ PHASEDIR ^ PHASESTEP ^ PHASELOADREG ^ PLLWAKESYNC ^ ENCLKOP;
    assign CLKOP = CLKI;
    assign LOCK = 1'b1;
endmodule
