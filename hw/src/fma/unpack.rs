//! FMA stage 1 (unpack): operand selection, unpack, the leading-zero counts of the
//! multiplier operands' significands (their normalisation is [`crate::fma::scale`]'s) and
//! the special-value path (NaN, infinity, invalid). Combinational, hand-written Verilog
//! with a native Rust model (co-simulated as part of `fma`).
//!
//! Formats share one datapath: a binary32 operand (low 32 bits) is unpacked to a 53-bit
//! significand with its 24 bits at the top, so every significand is `m * 2^(E-52)` with E
//! the exponent of bit 52. The leading zeros of the multiplier operands' significands are
//! counted here; the next stage shifts subnormal ones up (E below emin), so the product of
//! nonzero operands is in [2^104, 2^106).
//!
//! Operations (`op`): 0 fma a*b+c; 1 add a+b (as a*1+b); 2 sub a-b (as a*1+(-b), a NaN b
//! keeps its sign); 3 mul a*b (as a*b+z with z = +0 in rm, -0 otherwise, which gives the
//! IEEE sign of a zero product in every mode); 4 (and 5..7) cvt: a, in the other format,
//! converted to `fmt` (as a*1+z like mul; a is unpacked in the source format, the result
//! rounded in `fmt`); 5 cvt from an integer: a, of type `ity`, converted to `fmt` as
//! hi * 2^32 + lo (x = the high 32 bits of |a| at exponent 32, y = 1, z = the low 32
//! bits, both with a's sign: the sum is exact and the round stage rounds it once); 6
//! (conversion to an integer) is done beside this block ([`crate::fma::f2i`]) and only
//! flagged here (`f2i`); 7 acts as 4. A NaN result is built from the NaN operand's sign
//! and left-aligned fraction (quiet bit set): the payload's top bits carry over between
//! formats.
//!
//! Ports:
//! - `a`, `b`, `c`  in  64  operands (binary32: low 32 bits; high bits ignored)
//! - `fmt`          in   1  1 binary64, 0 binary32
//! - `op`           in   3  operation (above)
//! - `ity`          in   2  integer type of op 5: bit 0 signed, bit 1 64-bit (32-bit in the low bits)
//! - `rnd`          in   3  rounding mode (only rm matters here)
//! - `ftz`          in   1  binary32 fma: flush subnormal inputs (and results, downstream)
//! - `xm`, `ym`     out 53  multiplier significands, not normalised (0 for a zero)
//! - `xlz`, `ylz`   out  6  their leading zeros (53 for a zero)
//! - `xe`, `ye`, `ze` out 14  exponents E of the significands' bit 52 (two's complement)
//! - `pzero`        out  1  the product is zero
//! - `mc`           out 53  addend significand (not normalised)
//! - `sub`          out  1  effective subtraction (product and addend signs differ)
//! - `sp`           out  1  product sign
//! - `zsign`        out  1  sign of an exact zero result
//! - `ftz_act`      out  1  flush the result (binary32 fma with ftz)
//! - `spec`         out  1  the result is `spec_y` (a NaN or infinity is involved)
//! - `spec_y`       out 64  special result
//! - `spec_nv`      out  1  invalid flag of the special result
//! - `f2i`          out  1  op 6: the result is the float-to-integer conversion's
use crate::fp32::bits::FRAC_MASK;
use crate::isa::fma_fn;
use crate::prim::zero_count::ZERO_COUNTS;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaUnpack {
    pub a: Signal<In, Bits<64>>,
    pub b: Signal<In, Bits<64>>,
    pub c: Signal<In, Bits<64>>,
    pub fmt: Signal<In, Bit>,
    pub op: Signal<In, Bits<3>>,
    pub ity: Signal<In, Bits<2>>,
    pub rnd: Signal<In, Bits<3>>,
    pub ftz: Signal<In, Bit>,
    pub xm: Signal<Out, Bits<53>>,
    pub ym: Signal<Out, Bits<53>>,
    pub xlz: Signal<Out, Bits<6>>,
    pub ylz: Signal<Out, Bits<6>>,
    pub xe: Signal<Out, Bits<14>>,
    pub ye: Signal<Out, Bits<14>>,
    pub ze: Signal<Out, Bits<14>>,
    pub pzero: Signal<Out, Bit>,
    pub mc: Signal<Out, Bits<53>>,
    pub sub: Signal<Out, Bit>,
    pub sp: Signal<Out, Bit>,
    pub zsign: Signal<Out, Bit>,
    pub ftz_act: Signal<Out, Bit>,
    pub spec: Signal<Out, Bit>,
    pub spec_y: Signal<Out, Bits<64>>,
    pub spec_nv: Signal<Out, Bit>,
    pub f2i: Signal<Out, Bit>,
}

/// One unpacked operand.
#[derive(Clone, Copy, Debug)]
struct Opnd {
    s: bool,
    m: u64,
    e: i64,
    zero: bool,
    inf: bool,
    nan: bool,
    snan: bool,
}

fn unpack(x: u64, f64_: bool, ftz_act: bool) -> Opnd {
    let (s, e, f) = if f64_ {
        (x >> 63 == 1, (x >> 52) & 0x7FF, x & ((1 << 52) - 1))
    } else {
        (x >> 31 & 1 == 1, (x >> 23) & 0xFF, (x & FRAC_MASK as u64) << 29)
    };
    let emax = if f64_ { 0x7FF } else { 0xFF };
    let bias = if f64_ { 1023 } else { 127 };
    let ez = e == 0;
    let flush = ez && ftz_act;
    Opnd {
        s,
        m: if flush { 0 } else { (!ez as u64) << 52 | f },
        e: (e | ez as u64) as i64 - bias,
        zero: ez && (f == 0 || ftz_act),
        inf: e == emax && f == 0,
        nan: e == emax && f != 0,
        snan: e == emax && f != 0 && f >> 51 == 0,
    }
}

/// The outputs of the block, as plain values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct UnpackOut {
    pub xm: u64,
    pub ym: u64,
    pub xlz: u64,
    pub ylz: u64,
    pub xe: u64,
    pub ye: u64,
    pub ze: u64,
    pub pzero: bool,
    pub mc: u64,
    pub sub: bool,
    pub sp: bool,
    pub zsign: bool,
    pub ftz_act: bool,
    pub spec: bool,
    pub spec_y: u64,
    pub spec_nv: bool,
    pub f2i: bool,
}

/// The native model (what the Verilog below computes).
pub fn model(a: u64, b: u64, c: u64, f64_: bool, op: u64, ity: u64, rnd: u64, ftz: bool) -> UnpackOut {
    let sgn = if f64_ { 1u64 << 63 } else { 1 << 31 };
    let one = if f64_ { 0x3FF0_0000_0000_0000 } else { 0x3F80_0000 };
    let b_nan = if f64_ { (b >> 52) & 0x7FF == 0x7FF && b & ((1 << 52) - 1) != 0 } else { (b >> 23) & 0xFF == 0xFF && b & FRAC_MASK as u64 != 0 };
    let is_rm = rnd == 2;
    let op = op as u32;
    let is_cvt = op >= fma_fn::CVT;
    let is_i2f = op == fma_fn::CVT_I2F;
    let x = a;
    let y = if op == fma_fn::FMA || op == fma_fn::MUL { b } else { one };
    let z = match op {
        fma_fn::FMA => c,
        fma_fn::ADD => b,
        fma_fn::SUB => {
            if b_nan {
                b
            } else {
                b ^ sgn
            }
        }
        _ => {
            if is_rm {
                0
            } else {
                sgn
            }
        }
    };
    let ftz_act = ftz && !f64_ && op == fma_fn::FMA;
    let x_f64 = f64_ != is_cvt; // a cvt reads a in the other format
    let (px, py, pz) = if is_i2f {
        // |a| = hi * 2^32 + lo: x = hi at exponent 32 (bit 52 has exponent 84), y = 1, z = lo.
        let (sgd, wide) = (ity & 1 == 1, ity & 2 == 2);
        let v = if wide { a } else if sgd { a as u32 as i32 as i64 as u64 } else { a & 0xFFFF_FFFF };
        let neg = sgd && v >> 63 == 1;
        let mag = if neg { v.wrapping_neg() } else { v };
        let o = |s: bool, m: u64, e: i64| Opnd { s, m, e, zero: m == 0, inf: false, nan: false, snan: false };
        (o(neg, mag >> 32, 84), o(false, 1 << 52, 0), o(neg, mag & 0xFFFF_FFFF, 52))
    } else {
        (unpack(x, x_f64, ftz_act), unpack(y, f64_, ftz_act), unpack(z, f64_, ftz_act))
    };
    let lz = |m: u64| (m.leading_zeros() - 11) as u64;
    let sp = px.s != py.s;
    let sc = pz.s;
    let sub = sp != sc;
    let zsign = if sp == sc { sp } else { is_rm };
    // A NaN operand's quietened NaN in the result format.
    let qn = |p: &Opnd| {
        if f64_ {
            (p.s as u64) << 63 | 0x7FF8_0000_0000_0000 | (p.m & ((1 << 52) - 1))
        } else {
            (p.s as u64) << 31 | 0x7FC0_0000 | ((p.m & ((1 << 52) - 1)) >> 29)
        }
    };
    let dnan = if f64_ { 0xFFF8_0000_0000_0000 } else { 0xFFC0_0000 };
    let infp = if f64_ { (sp as u64) << 63 | 0x7FF0_0000_0000_0000 } else { (sp as u64) << 31 | 0x7F80_0000 };
    let itz = (px.inf && py.zero) || (px.zero && py.inf);
    let pinf = px.inf || py.inf;
    let any_snan = px.snan || py.snan || pz.snan;
    let spec = px.nan || py.nan || pz.nan || px.inf || py.inf || pz.inf;
    let (sy, snv) = if px.nan {
        (qn(&px), any_snan)
    } else if py.nan {
        (qn(&py), any_snan)
    } else if itz {
        (dnan, true)
    } else if pz.nan {
        (qn(&pz), any_snan)
    } else if pinf && pz.inf && sub {
        (dnan, true)
    } else if pinf {
        (infp, false)
    } else {
        (z, false)
    };
    UnpackOut {
        xm: px.m,
        ym: py.m,
        xlz: lz(px.m),
        ylz: lz(py.m),
        xe: (px.e as u64) & 0x3FFF,
        ye: (py.e as u64) & 0x3FFF,
        ze: (pz.e as u64) & 0x3FFF,
        pzero: px.zero || py.zero,
        mc: pz.m,
        sub,
        sp,
        zsign,
        ftz_act,
        spec,
        spec_y: if f64_ { sy } else { sy & 0xFFFF_FFFF },
        spec_nv: snv,
        f2i: op == fma_fn::CVT_F2I,
    }
}

impl Logic for FmaUnpack {
    fn update(&mut self) {
        let o = model(
            self.a.val().to_u64(),
            self.b.val().to_u64(),
            self.c.val().to_u64(),
            self.fmt.val(),
            self.op.val().to_u64(),
            self.ity.val().to_u64(),
            self.rnd.val().to_u64(),
            self.ftz.val(),
        );
        self.xm.next = o.xm.into();
        self.ym.next = o.ym.into();
        self.xlz.next = o.xlz.into();
        self.ylz.next = o.ylz.into();
        self.xe.next = o.xe.into();
        self.ye.next = o.ye.into();
        self.ze.next = o.ze.into();
        self.pzero.next = o.pzero;
        self.mc.next = o.mc.into();
        self.sub.next = o.sub;
        self.sp.next = o.sp;
        self.zsign.next = o.zsign;
        self.ftz_act.next = o.ftz_act;
        self.spec.next = o.spec;
        self.spec_y.next = o.spec_y.into();
        self.spec_nv.next = o.spec_nv;
        self.f2i.next = o.f2i;
    }

    fn connect(&mut self) {
        self.xm.connect();
        self.ym.connect();
        self.xlz.connect();
        self.ylz.connect();
        self.xe.connect();
        self.ye.connect();
        self.ze.connect();
        self.pzero.connect();
        self.mc.connect();
        self.sub.connect();
        self.sp.connect();
        self.zsign.connect();
        self.ftz_act.connect();
        self.spec.connect();
        self.spec_y.connect();
        self.spec_nv.connect();
        self.f2i.connect();
    }

    fn hdl(&self) -> Verilog {
        let mut v = String::from(
            "\
// Operand selection: fma a*b+c, add a*1+b, sub a*1+(-b), mul a*b+(rm ? +0 : -0).
wire is_fma = (op == 3'd0);
wire is_add = (op == 3'd1);
wire is_sub = (op == 3'd2);
wire is_cvt = op[2];
wire is_i2f = (op == 3'd5);
// Integer operand of op 5: its sign and magnitude (|-2^63| = 2^63 fits 64 bits).
wire [63:0] i_val = ity[1] ? a : (ity[0] ? {{32{a[31]}}, a[31:0]} : {32'd0, a[31:0]});
wire i_neg = ity[0] & i_val[63];
wire [63:0] i_mag = i_neg ? (64'd0 - i_val) : i_val;
wire xfmt = fmt ^ is_cvt;
wire is_rm = (rnd == 3'd2);
wire ftz_a = ftz & ~fmt & is_fma;
wire [63:0] one_w = fmt ? 64'h3FF0000000000000 : 64'h000000003F800000;
wire [63:0] sgn_w = fmt ? 64'h8000000000000000 : 64'h0000000080000000;
wire b_nan = fmt ? ((b[62:52] == 11'h7FF) & (b[51:0] != 52'd0)) : ((b[30:23] == 8'hFF) & (b[22:0] != 23'd0));
wire [63:0] b_neg = b_nan ? b : (b ^ sgn_w);
wire [63:0] mul_c = is_rm ? 64'd0 : sgn_w;
wire [63:0] opx = a;
wire [63:0] opy = (is_add | is_sub | is_cvt) ? one_w : b;
wire [63:0] opz = is_fma ? c : (is_add ? b : (is_sub ? b_neg : mul_c));
",
        );
        // Unpack each operand (same text, three prefixes).
        for p in ["x", "y", "z"] {
            v.push_str(&format!(
                "\
wire {p}_s = is_i2f ? {i_s} : ({pf} ? op{p}[63] : op{p}[31]);
wire [10:0] {p}_e = {pf} ? op{p}[62:52] : {{3'd0, op{p}[30:23]}};
wire [51:0] {p}_f = {pf} ? op{p}[51:0] : {{op{p}[22:0], 29'd0}};
wire {p}_ez = ({p}_e == 11'd0);
wire {p}_emax = ~is_i2f & ({pf} ? ({p}_e == 11'h7FF) : ({p}_e == 11'h0FF));
wire {p}_fz = ({p}_f == 52'd0);
wire [52:0] {p}_m = is_i2f ? {i_m} : (({p}_ez & ftz_a) ? 53'd0 : {{~{p}_ez, {p}_f}});
wire [13:0] {p}_E = is_i2f ? {i_e} : ({{3'd0, ({p}_e | {{10'd0, {p}_ez}})}} - ({pf} ? 14'd1023 : 14'd127));
{zero}wire {p}_inf = {p}_emax & {p}_fz;
wire {p}_nan = {p}_emax & ~{p}_fz;
wire {p}_snan = {p}_nan & ~{p}_f[51];
wire [63:0] {p}_qn = fmt ? {{{p}_s, 12'hFFF, {p}_f[50:0]}} : {{32'd0, {p}_s, 9'h1FF, {p}_f[50:29]}};
",
                pf = if p == "x" { "xfmt" } else { "fmt" },
                // Op 5: x = high word of |a| at exponent 32, y = 1, z = low word.
                i_s = if p == "y" { "1'b0" } else { "i_neg" },
                i_m = match p {
                    "x" => "{21'd0, i_mag[63:32]}",
                    "y" => "{1'b1, 52'd0}",
                    _ => "{21'd0, i_mag[31:0]}",
                },
                i_e = match p {
                    "x" => "14'd84",
                    "y" => "14'd0",
                    _ => "14'd52",
                },
                zero = match p {
                    "z" => String::new(), // a zero addend needs no flag: mc = 0, Ec = emin
                    "x" => "wire x_zero = is_i2f ? (i_mag[63:32] == 32'd0) : (x_ez & (x_fz | ftz_a));\n".to_string(),
                    _ => "wire y_zero = ~is_i2f & y_ez & (y_fz | ftz_a);\n".to_string(),
                }
            ));
        }
        v.push_str(ZERO_COUNTS);
        v.push_str(
            "\
// Leading zeros of the multiplier operands (the next stage normalises them; 53 for zero).
wire [6:0] x_lzw = lz64({x_m, 11'd0});
wire [6:0] y_lzw = lz64({y_m, 11'd0});
wire [5:0] x_lz = x_lzw[6] ? 6'd53 : x_lzw[5:0];
wire [5:0] y_lz = y_lzw[6] ? 6'd53 : y_lzw[5:0];
wire sp_v = x_s ^ y_s;
wire sub_v = sp_v ^ z_s;
// Special values: first NaN of a, b; inf*0; NaN c; inf-inf; inf.
wire [63:0] dnan = fmt ? 64'hFFF8000000000000 : 64'h00000000FFC00000;
wire [63:0] infp = fmt ? {sp_v, 63'h7FF0000000000000} : {32'd0, sp_v, 31'h7F800000};
wire itz = (x_inf & y_zero) | (x_zero & y_inf);
wire pinf = x_inf | y_inf;
wire any_snan = x_snan | y_snan | z_snan;
reg [63:0] sy;
reg snv;
always @(*) begin
   if (x_nan) begin sy = x_qn; snv = any_snan; end
   else if (y_nan) begin sy = y_qn; snv = any_snan; end
   else if (itz) begin sy = dnan; snv = 1'b1; end
   else if (z_nan) begin sy = z_qn; snv = any_snan; end
   else if (pinf & z_inf & sub_v) begin sy = dnan; snv = 1'b1; end
   else if (pinf) begin sy = infp; snv = 1'b0; end
   else begin sy = opz; snv = 1'b0; end
end
always @(*) begin
   xm = x_m;
   ym = y_m;
   xlz = x_lz;
   ylz = y_lz;
   xe = x_E;
   ye = y_E;
   ze = z_E;
   pzero = x_zero | y_zero;
   mc = z_m;
   sub = sub_v;
   sp = sp_v;
   zsign = (sp_v == z_s) ? sp_v : is_rm;
   ftz_act = ftz_a;
   spec = x_nan | y_nan | z_nan | x_inf | y_inf | z_inf;
   spec_y = fmt ? sy : {32'd0, sy[31:0]};
   spec_nv = snv;
   f2i = (op == 3'd6);
end
",
        );
        Verilog::Custom(v)
    }
}
