//! Leading- and trailing-zero counts as Verilog functions, for hand-written blocks to
//! include in their `Verilog::Custom` text ([`ZERO_COUNTS`]). A `for` loop that keeps its
//! last hit maps to a chain of one LUT per bit on the ECP5 (measured: the FMA's count
//! stage at 49.0 MHz, 25 LUT levels through one 64-bit count); these count each byte
//! beside the selection of the first nonzero byte, a few LUT levels deep. Their locals
//! are named `zc_*`, apart from the including block's signals.
//! - `lz8(v)`, `tz8(v)`: leading / trailing zeros of 8 bits (7 for zero: callers test
//!   zero themselves)
//! - `lz64(v)`, `tz64(v)`: of 64 bits, 7-bit result, 64 (bit 6 alone) for zero; a
//!   narrower value counts as the top bits of `lz64`'s argument (`{v, n'd0}`) or the low
//!   bits of `tz64`'s (`{n'd0, v}`)

/// The Verilog functions `lz8`, `tz8`, `lz64`, `tz64` (see the module doc).
pub const ZERO_COUNTS: &str = "\
function [2:0] lz8;
   input [7:0] zc_v;
   casez (zc_v)
      8'b1???????: lz8 = 3'd0;
      8'b01??????: lz8 = 3'd1;
      8'b001?????: lz8 = 3'd2;
      8'b0001????: lz8 = 3'd3;
      8'b00001???: lz8 = 3'd4;
      8'b000001??: lz8 = 3'd5;
      8'b0000001?: lz8 = 3'd6;
      default:     lz8 = 3'd7;
   endcase
endfunction
function [2:0] tz8;
   input [7:0] zc_v;
   casez (zc_v)
      8'b???????1: tz8 = 3'd0;
      8'b??????10: tz8 = 3'd1;
      8'b?????100: tz8 = 3'd2;
      8'b????1000: tz8 = 3'd3;
      8'b???10000: tz8 = 3'd4;
      8'b??100000: tz8 = 3'd5;
      8'b?1000000: tz8 = 3'd6;
      default:     tz8 = 3'd7;
   endcase
endfunction
function [6:0] lz64;
   input [63:0] zc_v;
   reg [7:0] zc_nzb;
   reg [2:0] zc_g;
   reg [2:0] zc_b;
   begin
      zc_nzb = {|zc_v[63:56], |zc_v[55:48], |zc_v[47:40], |zc_v[39:32], |zc_v[31:24], |zc_v[23:16], |zc_v[15:8], |zc_v[7:0]};
      casez (zc_nzb)
         8'b1???????: zc_g = 3'd0;
         8'b01??????: zc_g = 3'd1;
         8'b001?????: zc_g = 3'd2;
         8'b0001????: zc_g = 3'd3;
         8'b00001???: zc_g = 3'd4;
         8'b000001??: zc_g = 3'd5;
         8'b0000001?: zc_g = 3'd6;
         default:     zc_g = 3'd7;
      endcase
      case (zc_g)
         3'd0: zc_b = lz8(zc_v[63:56]);
         3'd1: zc_b = lz8(zc_v[55:48]);
         3'd2: zc_b = lz8(zc_v[47:40]);
         3'd3: zc_b = lz8(zc_v[39:32]);
         3'd4: zc_b = lz8(zc_v[31:24]);
         3'd5: zc_b = lz8(zc_v[23:16]);
         3'd6: zc_b = lz8(zc_v[15:8]);
         default: zc_b = lz8(zc_v[7:0]);
      endcase
      lz64 = (|zc_nzb) ? {1'b0, zc_g, zc_b} : 7'd64;
   end
endfunction
function [6:0] tz64;
   input [63:0] zc_v;
   reg [7:0] zc_nzb;
   reg [2:0] zc_g;
   reg [2:0] zc_b;
   begin
      zc_nzb = {|zc_v[63:56], |zc_v[55:48], |zc_v[47:40], |zc_v[39:32], |zc_v[31:24], |zc_v[23:16], |zc_v[15:8], |zc_v[7:0]};
      casez (zc_nzb)
         8'b???????1: zc_g = 3'd0;
         8'b??????10: zc_g = 3'd1;
         8'b?????100: zc_g = 3'd2;
         8'b????1000: zc_g = 3'd3;
         8'b???10000: zc_g = 3'd4;
         8'b??100000: zc_g = 3'd5;
         8'b?1000000: zc_g = 3'd6;
         default:     zc_g = 3'd7;
      endcase
      case (zc_g)
         3'd0: zc_b = tz8(zc_v[7:0]);
         3'd1: zc_b = tz8(zc_v[15:8]);
         3'd2: zc_b = tz8(zc_v[23:16]);
         3'd3: zc_b = tz8(zc_v[31:24]);
         3'd4: zc_b = tz8(zc_v[39:32]);
         3'd5: zc_b = tz8(zc_v[47:40]);
         3'd6: zc_b = tz8(zc_v[55:48]);
         default: zc_b = tz8(zc_v[63:56]);
      endcase
      tz64 = (|zc_nzb) ? {1'b0, zc_g, zc_b} : 7'd64;
   end
endfunction
";

