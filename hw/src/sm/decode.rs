//! SM decoder: a 64-bit microcode word (docs/isa.md) to the scheduling fields the warp
//! scheduler's fetch port takes (`inst_*` of [`crate::sched::WarpSched`], docs/scheduler.md:
//! issue class, destination and up to three sources with their widths, guard, latency in
//! issue slots, branch fields) and the unit controls the issue stage needs beyond the word's
//! fixed fields (which execution path, the SFU's and FMA unit's function codes, the memory
//! access). Combinational.
//!
//! The decode rows are not written by hand: the Verilog and the native model are both
//! generated from the instruction set's table ([`crate::isa::OPS`]) and field layout
//! ([`crate::isa::field`]), so a new op code is decoded by adding its row there.
//! `heddle_sim::sched::isa_map::sinst` is the reference the tests hold the model to.
//!
//! Ports:
//! - `word`                       in  64  the microcode word
//! - `bad`                        out  1  undefined op code, or a reserved bit set (the
//!                                        other fields are then 0)
//! - `cls`                        out  4  issue class ([`crate::isa::issue_class`])
//! - `dst_v`, `dst`, `dst_w`      out 1, 8, 2  destination: register r as r, predicate p as
//!                                        0x80 | p (none for pt); width code 0: one
//!                                        register, 1: an aligned pair, 2: an aligned quad
//! - `s0_*`, `s1_*`, `s2_*`       out 1, 8, 2  sources in operand order, packed (a pt
//!                                        predicate source is no source); unused: 0
//! - `guard`, `guard_neg`         out 3, 1  guard predicate (7: pt, no guard) and negation
//! - `lat`                        out  6  issue slots until a dependent instruction may
//!                                        issue (0: until the memory pipeline releases it)
//! - `target`, `brpc`, `uni`      out 24, 24, 1  branch target, reconvergence PC, uniform
//!                                        flag (class BRA; 0 otherwise)
//! - `xu`                         out  3  execution path ([`xu`]): the SP datapath (its op
//!                                        code is the word's), plop, s2r, movi, SFU, FMA,
//!                                        memory, control
//! - `sfu_fn`                     out  3  SFU function ([`crate::isa::sfu_fn`]; rro: by bit 0
//!                                        of `sub`, the loader refuses other values)
//! - `fma_op`, `fma_f64`          out 3, 1  FMA unit operation ([`crate::isa::fma_fn`]) and
//!                                        format (binary64)
//! - `mem_space`, `mem_size`      out 3, 3  memory space and access size (atom: its space
//!                                        field, b32)
//! - `mem_store`, `mem_atom`      out 1, 1  st, atom
//!
//! The unit controls are 0 where they do not apply.
use crate::isa::{field, fma_fn, issue_class, op, sfu_fn, size, Class, Format, Opnd, OpDef, OPS, PT};
use rust_hdl::prelude::*;

/// Issue slots from the issue of an instruction of each class to a dependent one. Memory
/// loads are released by the memory pipeline (latency 0), stores and control instructions
/// need no entry (1); an SFU or FMA latency of 0 means those are released by their unit
/// too (the SM's). `sfumul`: where `fmul` runs: `None` on the SPs (class SP), `Some(lat)`
/// on the SFUs' multipliers (class SFUMUL, dual issue with the SPs) with latency `lat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotLats {
    pub sp: u8,
    pub sfu: u8,
    pub fma: u8,
    pub sfumul: Option<u8>,
}

impl SlotLats {
    /// The latencies of the scheduler's lock-step runs against the golden SM.
    pub const GOLDEN_RUNS: SlotLats = SlotLats { sp: 12, sfu: 20, fma: 16, sfumul: None };
}

/// One scheduling operand: valid, id (register, or 0x80 | predicate), width code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SOp {
    pub v: bool,
    pub id: u8,
    pub w: u8,
}

/// Execution paths (the `xu` output).
pub mod xu {
    /// The SP datapath (integer ALU and FP32 ops, op codes up to `op::MOV`).
    pub const SP: u8 = 0;
    pub const PLOP: u8 = 1;
    pub const S2R: u8 = 2;
    pub const MOVI: u8 = 3;
    pub const SFU: u8 = 4;
    pub const FMA: u8 = 5;
    pub const MEM: u8 = 6;
    /// bra, bar, exit, nop: the scheduler's alone.
    pub const CONTROL: u8 = 7;
}

/// The unit controls.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Controls {
    pub xu: u8,
    pub sfu_fn: u8,
    pub fma_op: u8,
    pub fma_f64: bool,
    pub mem_space: u8,
    pub mem_size: u8,
    pub mem_store: bool,
    pub mem_atom: bool,
}

/// Does op `d` run on the SFUs' multipliers (`fmul` when `l.sfumul` says so)?
fn on_sfumul(d: &OpDef, l: &SlotLats) -> bool {
    d.code == op::FMUL && l.sfumul.is_some()
}

/// The execution path of op `d` (`fmul` on the SFUs' multipliers aside).
fn xu_of(d: &OpDef) -> u8 {
    match (d.class, d.code) {
        (Class::Sp, op::PLOP) => xu::PLOP,
        (Class::Sp, op::S2R) => xu::S2R,
        (Class::Sp, op::MOVI) => xu::MOVI,
        (Class::Sp, _) => xu::SP,
        (Class::Sfu, _) => xu::SFU,
        (Class::Fma, _) => xu::FMA,
        (Class::LdSt, _) => xu::MEM,
        (Class::Control, _) => xu::CONTROL,
    }
}

/// The SFU function of an SFU op other than rro (whose function is chosen by its sub-op).
fn sfu_fn_of(code: u8) -> Option<u32> {
    match code {
        op::RCP => Some(sfu_fn::RCP),
        op::RSQ => Some(sfu_fn::RSQ),
        op::LG2 => Some(sfu_fn::LG2),
        op::EX2 => Some(sfu_fn::EX2),
        op::SIN => Some(sfu_fn::SIN),
        op::COS => Some(sfu_fn::COS),
        _ => None,
    }
}

/// The FMA unit's operation and format (binary64) of an FMA-class op.
fn fma_of(code: u8) -> (u32, bool) {
    match code {
        op::FFMA => (fma_fn::FMA, false),
        op::DFMA => (fma_fn::FMA, true),
        op::DADD => (fma_fn::ADD, true),
        op::DCVT => (fma_fn::CVT, true),
        _ => (fma_fn::MUL, true),
    }
}

/// The unit controls of op `d` in `word`.
fn controls(d: &OpDef, word: u64, l: &SlotLats) -> Controls {
    let xu = if on_sfumul(d, l) { xu::SFU } else { xu_of(d) };
    let mut c = Controls { xu, ..Controls::default() };
    match d.class {
        Class::Sfu => {
            c.sfu_fn = sfu_fn_of(d.code).unwrap_or(if field::get(word, field::SUB) & 1 == 1 {
                sfu_fn::RRO_EX2
            } else {
                sfu_fn::RRO_SINCOS
            }) as u8
        }
        Class::Fma => {
            let (o, f64_) = fma_of(d.code);
            (c.fma_op, c.fma_f64) = (o as u8, f64_);
        }
        Class::LdSt => {
            c.mem_store = d.code == op::ST;
            c.mem_atom = d.code == op::ATOM;
            if d.format == Format::I {
                c.mem_space = field::get(word, field::SPACE) as u8;
                c.mem_size = field::get(word, field::SIZE) as u8;
            } else {
                c.mem_space = field::get(word, field::KIND) as u8;
                c.mem_size = size::B32;
            }
        }
        _ => {}
    }
    c
}

/// The decoder's outputs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Decoded {
    pub bad: bool,
    pub cls: u8,
    pub dst: SOp,
    pub src: [SOp; 3],
    pub guard: u8,
    pub guard_neg: bool,
    pub lat: u8,
    pub target: u32,
    pub brpc: u32,
    pub uni: bool,
    pub ctl: Controls,
}

/// The issue class and latency of op `d`.
fn class_lat(d: &OpDef, l: &SlotLats) -> (u8, u8) {
    if let (true, Some(lat)) = (on_sfumul(d, l), l.sfumul) {
        return (issue_class::SFUMUL, lat);
    }
    match d.class {
        Class::Sp => (issue_class::SP, l.sp),
        Class::Sfu => (issue_class::SFU, l.sfu),
        Class::Fma => (issue_class::FMA, l.fma),
        // A load or an atomic waits for its release; a store writes no register.
        Class::LdSt => (issue_class::MEM, if d.operands.contains(&Opnd::D) { 0 } else { 1 }),
        Class::Control => match d.code {
            op::BRA => (issue_class::BRA, 1),
            op::BAR => (issue_class::BAR, 1),
            op::EXIT => (issue_class::EXIT, 1),
            _ => (issue_class::NOP, 1),
        },
    }
}

/// The width code of an access of size `s` (64 bits: a pair, 128: a quad).
fn size_width(s: u8) -> u8 {
    match s {
        size::B64 => 1,
        size::B128 => 2,
        _ => 0,
    }
}

/// Do op `d`'s register operands name register pairs (the f64 FMA ops)?
fn pairs(d: &OpDef) -> bool {
    crate::isa::pair_op(d.code)
}

/// The width code of a load's destination or a store's data: from the size field in
/// format I, one register in format R (atom).
fn mem_width(d: &OpDef, w: u64) -> u8 {
    if d.format == Format::I {
        size_width(field::get(w, field::SIZE) as u8)
    } else {
        0
    }
}

/// Where a candidate source comes from.
#[derive(Debug, Clone, Copy)]
enum Src {
    /// A register field with a width code.
    Reg(field::Field, Width),
    /// A predicate field (3 low bits); pt is no source.
    Pred(field::Field),
}

#[derive(Debug, Clone, Copy)]
enum Width {
    Fixed(u8),
    Size,
}

/// Op `d`'s destination (register field and width, or predicate) and candidate sources.
fn operands(d: &OpDef) -> (Option<Src>, Vec<Src>) {
    let rw = Width::Fixed(pairs(d) as u8);
    let mw = if d.format == Format::I { Width::Size } else { Width::Fixed(0) };
    let is_mem = d.class == Class::LdSt;
    let (mut dst, mut srcs) = (None, vec![]);
    for o in d.operands {
        match o {
            Opnd::D => dst = Some(Src::Reg(field::D, if is_mem { mw } else { rw })),
            Opnd::Pd => dst = Some(Src::Pred(field::D)),
            Opnd::A => srcs.push(Src::Reg(field::A, rw)),
            Opnd::B => srcs.push(Src::Reg(field::B, rw)),
            Opnd::C => srcs.push(Src::Reg(field::C, rw)),
            Opnd::Pa => srcs.push(Src::Pred(field::A)),
            Opnd::Pb => srcs.push(Src::Pred(field::B)),
            Opnd::Ps => srcs.push(Src::Pred(field::PSRC)),
            Opnd::Mem | Opnd::MemR => srcs.push(Src::Reg(field::A, Width::Fixed(0))),
            Opnd::Sd => srcs.push(Src::Reg(field::D, mw)),
            _ => {}
        }
    }
    assert!(srcs.len() <= 3, "{}: more than three sources", d.name);
    (dst, srcs)
}

/// The reserved field of format `f`.
fn reserved(f: Format) -> field::Field {
    match f {
        Format::R => field::R_RESERVED,
        Format::I => field::I_RESERVED,
        Format::C => field::C_RESERVED,
    }
}

/// The decoder's outputs for `word` (the native model; the Verilog computes the same).
pub fn decode(word: u64, lats: &SlotLats) -> Decoded {
    let code = field::get(word, field::OP) as u8;
    let Some(d) = OPS.iter().find(|d| d.code == code) else {
        return Decoded { bad: true, ..Decoded::default() };
    };
    if field::get(word, reserved(d.format)) != 0 {
        return Decoded { bad: true, ..Decoded::default() };
    }
    let (cls, lat) = class_lat(d, lats);
    let sop = |s: Src| match s {
        Src::Reg(f, w) => SOp {
            v: true,
            id: field::get(word, f) as u8,
            w: match w {
                Width::Fixed(x) => x,
                Width::Size => mem_width(d, word),
            },
        },
        Src::Pred(f) => {
            let p = (field::get(word, f) & 7) as u8;
            if p == PT {
                SOp::default()
            } else {
                SOp { v: true, id: 0x80 | p, w: 0 }
            }
        }
    };
    let (dst, cands) = operands(d);
    let mut src = [SOp::default(); 3];
    for (k, o) in cands.into_iter().map(sop).filter(|o| o.v).enumerate() {
        src[k] = o;
    }
    let bra = cls == issue_class::BRA;
    Decoded {
        bad: false,
        cls,
        dst: dst.map_or(SOp::default(), sop),
        src,
        guard: field::get(word, field::GUARD) as u8,
        guard_neg: field::get(word, field::GUARD_NEG) == 1,
        lat,
        target: if bra { field::get(word, field::TARGET) as u32 } else { 0 },
        brpc: if bra { field::get(word, field::RPC) as u32 } else { 0 },
        uni: bra && field::get(word, field::UNI) == 1,
        ctl: controls(d, word, lats),
    }
}

/// `word[hi:lo]` of a field.
fn vsel(f: field::Field) -> String {
    if f.1 == 1 {
        format!("word[{}]", f.0)
    } else {
        format!("word[{}:{}]", f.0 + f.1 - 1, f.0)
    }
}

/// Verilog setting an operand's valid, id and width registers (`{p}v`, `{p}`, `{p}w`)
/// from `s`.
fn vsrc(p: &str, s: Src, d: &OpDef) -> String {
    match s {
        Src::Reg(f, w) => {
            let wv = match w {
                Width::Fixed(x) => format!("2'd{x}"),
                Width::Size => {
                    assert_eq!(d.format, Format::I, "{}: a size-dependent width needs format I", d.name);
                    "szw".to_string()
                }
            };
            format!("{p}v = 1'b1; {p} = {{1'b0, {}}}; {p}w = {wv};", vsel(f))
        }
        Src::Pred(f) => {
            let q = format!("word[{}:{}]", f.0 + 2, f.0);
            format!("{p}v = ({q} != 3'd{PT}); {p} = ({q} != 3'd{PT}) ? {{5'b10000, {q}}} : 8'd0; {p}w = 2'd0;")
        }
    }
}

/// Verilog setting the unit-control registers of op `d` (what [`controls`] computes).
fn vcontrols(d: &OpDef) -> String {
    let mut v = if d.code == op::FMUL {
        format!("x = fmul_sfu ? 3'd{} : 3'd{};", xu::SFU, xu::SP)
    } else {
        format!("x = 3'd{};", xu_of(d))
    };
    match d.class {
        Class::Sfu => match sfu_fn_of(d.code) {
            Some(f) => v += &format!(" sf = 3'd{f};"),
            None => {
                v += &format!(" sf = word[{}] ? 3'd{} : 3'd{};", field::SUB.0, sfu_fn::RRO_EX2, sfu_fn::RRO_SINCOS)
            }
        },
        Class::Fma => {
            let (o, f64_) = fma_of(d.code);
            v += &format!(" fo = 3'd{o}; f64r = 1'b{};", f64_ as u8);
        }
        Class::LdSt => {
            v += &format!(" stq = 1'b{}; atq = 1'b{};", (d.code == op::ST) as u8, (d.code == op::ATOM) as u8);
            if d.format == Format::I {
                v += &format!(" ms = {}; mz = {};", vsel(field::SPACE), vsel(field::SIZE));
            } else {
                v += &format!(" ms = {}; mz = 3'd{};", vsel(field::KIND), size::B32);
            }
        }
        _ => {}
    }
    v
}

/// The decoder's Verilog body for the latencies `l`.
fn verilog(l: &SlotLats) -> String {
    let mut v = String::new();
    v += &format!("wire [6:0] opc = {};\n", vsel(field::OP));
    v += &format!(
        "wire [1:0] szw = ({sz} == 3'd{b64}) ? 2'd1 : (({sz} == 3'd{b128}) ? 2'd2 : 2'd0);\n",
        sz = vsel(field::SIZE),
        b64 = size::B64,
        b128 = size::B128
    );
    v += "reg ok;\nreg [3:0] c;\nreg [5:0] lt;\nreg br;\n";
    v += "reg [2:0] x;\nreg [2:0] sf;\nreg [2:0] fo;\nreg f64r;\nreg [2:0] ms;\nreg [2:0] mz;\nreg stq;\nreg atq;\n";
    v += "reg ddv;\nreg [7:0] dd;\nreg [1:0] ddw;\n";
    for k in 0..3 {
        v += &format!("reg c{k}v;\nreg [7:0] c{k};\nreg [1:0] c{k}w;\nreg t{k}v;\nreg [7:0] t{k};\nreg [1:0] t{k}w;\n");
    }
    v += "always @(*) begin\n";
    v += "   ok = 1'b1; c = 4'd0; lt = 6'd0; br = 1'b0;\n   ddv = 1'b0; dd = 8'd0; ddw = 2'd0;\n";
    v += "   x = 3'd0; sf = 3'd0; fo = 3'd0; f64r = 1'b0; ms = 3'd0; mz = 3'd0; stq = 1'b0; atq = 1'b0;\n";
    for k in 0..3 {
        v += &format!("   c{k}v = 1'b0; c{k} = 8'd0; c{k}w = 2'd0;\n");
    }
    v += "   case (opc)\n";
    for d in OPS {
        let (cls, lat) = class_lat(d, l);
        let (dst, srcs) = operands(d);
        v += &format!("      7'd{}: begin // {}\n", d.code, d.name);
        v += &format!("         ok = ({} == 0);\n", vsel(reserved(d.format)));
        // The unit latencies by the names of their localparams; `fmul`'s class and
        // latency by `fmul_sfu`.
        let (c, lt) = match d.class {
            _ if d.code == op::FMUL => (
                format!("fmul_sfu ? 4'd{} : 4'd{}", issue_class::SFUMUL, issue_class::SP),
                "fmul_sfu ? lat_sfumul : lat_sp".to_string(),
            ),
            Class::Sp => (format!("4'd{cls}"), "lat_sp".to_string()),
            Class::Sfu => (format!("4'd{cls}"), "lat_sfu".to_string()),
            Class::Fma => (format!("4'd{cls}"), "lat_fma".to_string()),
            _ => (format!("4'd{cls}"), format!("6'd{lat}")),
        };
        v += &format!("         c = {c}; lt = {lt};");
        if cls == issue_class::BRA {
            v += " br = 1'b1;";
        }
        v += "\n";
        if let Some(s) = dst {
            v += &format!("         {}\n", vsrc("dd", s, d));
        }
        for (k, s) in srcs.iter().enumerate() {
            v += &format!("         {}\n", vsrc(&format!("c{k}"), *s, d));
        }
        v += &format!("         {}\n", vcontrols(d));
        v += "      end\n";
    }
    v += "      default: ok = 1'b0;\n   endcase\n";
    // Pack the valid candidates in order (into t0..t2), then clear everything of a bad
    // word; each output is assigned once.
    v += "\
   t0v = 1'b0; t0 = 8'd0; t0w = 2'd0;
   t1v = 1'b0; t1 = 8'd0; t1w = 2'd0;
   t2v = 1'b0; t2 = 8'd0; t2w = 2'd0;
   if (c0v) begin
      t0v = 1'b1; t0 = c0; t0w = c0w;
      if (c1v) begin
         t1v = 1'b1; t1 = c1; t1w = c1w;
         if (c2v) begin t2v = 1'b1; t2 = c2; t2w = c2w; end
      end else if (c2v) begin t1v = 1'b1; t1 = c2; t1w = c2w; end
   end else if (c1v) begin
      t0v = 1'b1; t0 = c1; t0w = c1w;
      if (c2v) begin t1v = 1'b1; t1 = c2; t1w = c2w; end
   end else if (c2v) begin t0v = 1'b1; t0 = c2; t0w = c2w; end
   bad = ~ok;
   cls = ok ? c : 4'd0;
   lat = ok ? lt : 6'd0;
   dst_v = ok & ddv; dst = ok ? dd : 8'd0; dst_w = ok ? ddw : 2'd0;
   s0_v = ok & t0v; s0 = ok ? t0 : 8'd0; s0_w = ok ? t0w : 2'd0;
   s1_v = ok & t1v; s1 = ok ? t1 : 8'd0; s1_w = ok ? t1w : 2'd0;
   s2_v = ok & t2v; s2 = ok ? t2 : 8'd0; s2_w = ok ? t2w : 2'd0;
";
    v += &format!("   guard = ok ? {} : 3'd0;\n", vsel(field::GUARD));
    v += &format!("   guard_neg = ok & {};\n", vsel(field::GUARD_NEG));
    v += &format!("   target = (ok & br) ? {} : 24'd0;\n", vsel(field::TARGET));
    v += &format!("   brpc = (ok & br) ? {} : 24'd0;\n", vsel(field::RPC));
    v += &format!("   uni = ok & br & {};\n", vsel(field::UNI));
    v += "\
   xu = ok ? x : 3'd0;
   sfu_fn = ok ? sf : 3'd0;
   fma_op = ok ? fo : 3'd0;
   fma_f64 = ok & f64r;
   mem_space = ok ? ms : 3'd0;
   mem_size = ok ? mz : 3'd0;
   mem_store = ok & stq;
   mem_atom = ok & atq;
";
    v += "end";
    v
}

#[derive(LogicBlock)]
pub struct SmDecode {
    pub word: Signal<In, Bits<64>>,
    pub bad: Signal<Out, Bit>,
    pub cls: Signal<Out, Bits<4>>,
    pub dst_v: Signal<Out, Bit>,
    pub dst: Signal<Out, Bits<8>>,
    pub dst_w: Signal<Out, Bits<2>>,
    pub s0_v: Signal<Out, Bit>,
    pub s0: Signal<Out, Bits<8>>,
    pub s0_w: Signal<Out, Bits<2>>,
    pub s1_v: Signal<Out, Bit>,
    pub s1: Signal<Out, Bits<8>>,
    pub s1_w: Signal<Out, Bits<2>>,
    pub s2_v: Signal<Out, Bit>,
    pub s2: Signal<Out, Bits<8>>,
    pub s2_w: Signal<Out, Bits<2>>,
    pub guard: Signal<Out, Bits<3>>,
    pub guard_neg: Signal<Out, Bit>,
    pub lat: Signal<Out, Bits<6>>,
    pub target: Signal<Out, Bits<24>>,
    pub brpc: Signal<Out, Bits<24>>,
    pub uni: Signal<Out, Bit>,
    pub xu: Signal<Out, Bits<3>>,
    pub sfu_fn: Signal<Out, Bits<3>>,
    pub fma_op: Signal<Out, Bits<3>>,
    pub fma_f64: Signal<Out, Bit>,
    pub mem_space: Signal<Out, Bits<3>>,
    pub mem_size: Signal<Out, Bits<3>>,
    pub mem_store: Signal<Out, Bit>,
    pub mem_atom: Signal<Out, Bit>,
    // The latencies, as constants (the Verilog text is generated from them).
    lat_sp: Constant<Bits<6>>,
    lat_sfu: Constant<Bits<6>>,
    lat_fma: Constant<Bits<6>>,
    lat_sfumul: Constant<Bits<6>>,
    // `fmul` on the SFUs' multipliers (with `lat_sfumul`), else on the SPs.
    fmul_sfu: Constant<Bit>,
}

impl SmDecode {
    pub fn new(l: SlotLats) -> Self {
        assert!((1..64).contains(&l.sp), "SmDecode: the SP latency is 1..63 slots");
        for x in [l.sfu, l.fma, l.sfumul.unwrap_or(0)] {
            assert!(x < 64, "SmDecode: latencies are 0 (released by the unit) to 63 slots");
        }
        let k = |x: u8| Constant::new((x as u64).into());
        Self {
            word: Default::default(),
            bad: Default::default(),
            cls: Default::default(),
            dst_v: Default::default(),
            dst: Default::default(),
            dst_w: Default::default(),
            s0_v: Default::default(),
            s0: Default::default(),
            s0_w: Default::default(),
            s1_v: Default::default(),
            s1: Default::default(),
            s1_w: Default::default(),
            s2_v: Default::default(),
            s2: Default::default(),
            s2_w: Default::default(),
            guard: Default::default(),
            guard_neg: Default::default(),
            lat: Default::default(),
            target: Default::default(),
            brpc: Default::default(),
            uni: Default::default(),
            xu: Default::default(),
            sfu_fn: Default::default(),
            fma_op: Default::default(),
            fma_f64: Default::default(),
            mem_space: Default::default(),
            mem_size: Default::default(),
            mem_store: Default::default(),
            mem_atom: Default::default(),
            lat_sp: k(l.sp),
            lat_sfu: k(l.sfu),
            lat_fma: k(l.fma),
            lat_sfumul: k(l.sfumul.unwrap_or(0)),
            fmul_sfu: Constant::new(l.sfumul.is_some()),
        }
    }

    /// The latencies this decoder was built with.
    pub fn lats(&self) -> SlotLats {
        let g = |c: &Constant<Bits<6>>| c.val().to_u64() as u8;
        let sfumul = self.fmul_sfu.val().then(|| g(&self.lat_sfumul));
        SlotLats { sp: g(&self.lat_sp), sfu: g(&self.lat_sfu), fma: g(&self.lat_fma), sfumul }
    }
}

impl Default for SmDecode {
    fn default() -> Self {
        Self::new(SlotLats::GOLDEN_RUNS)
    }
}

impl Logic for SmDecode {
    fn update(&mut self) {
        let d = decode(self.word.val().to_u64(), &self.lats());
        self.bad.next = d.bad;
        self.cls.next = (d.cls as u64).into();
        self.dst_v.next = d.dst.v;
        self.dst.next = (d.dst.id as u64).into();
        self.dst_w.next = (d.dst.w as u64).into();
        self.s0_v.next = d.src[0].v;
        self.s0.next = (d.src[0].id as u64).into();
        self.s0_w.next = (d.src[0].w as u64).into();
        self.s1_v.next = d.src[1].v;
        self.s1.next = (d.src[1].id as u64).into();
        self.s1_w.next = (d.src[1].w as u64).into();
        self.s2_v.next = d.src[2].v;
        self.s2.next = (d.src[2].id as u64).into();
        self.s2_w.next = (d.src[2].w as u64).into();
        self.guard.next = (d.guard as u64).into();
        self.guard_neg.next = d.guard_neg;
        self.lat.next = (d.lat as u64).into();
        self.target.next = (d.target as u64).into();
        self.brpc.next = (d.brpc as u64).into();
        self.uni.next = d.uni;
        let c = d.ctl;
        self.xu.next = (c.xu as u64).into();
        self.sfu_fn.next = (c.sfu_fn as u64).into();
        self.fma_op.next = (c.fma_op as u64).into();
        self.fma_f64.next = c.fma_f64;
        self.mem_space.next = (c.mem_space as u64).into();
        self.mem_size.next = (c.mem_size as u64).into();
        self.mem_store.next = c.mem_store;
        self.mem_atom.next = c.mem_atom;
    }
    fn connect(&mut self) {
        self.bad.connect();
        self.cls.connect();
        self.dst_v.connect();
        self.dst.connect();
        self.dst_w.connect();
        self.s0_v.connect();
        self.s0.connect();
        self.s0_w.connect();
        self.s1_v.connect();
        self.s1.connect();
        self.s1_w.connect();
        self.s2_v.connect();
        self.s2.connect();
        self.s2_w.connect();
        self.guard.connect();
        self.guard_neg.connect();
        self.lat.connect();
        self.target.connect();
        self.brpc.connect();
        self.uni.connect();
        self.xu.connect();
        self.sfu_fn.connect();
        self.fma_op.connect();
        self.fma_f64.connect();
        self.mem_space.connect();
        self.mem_size.connect();
        self.mem_store.connect();
        self.mem_atom.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(verilog(&self.lats()))
    }
}
