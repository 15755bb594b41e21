//! PTX -> heddle microcode (docs/isa.md, docs/ptx.md).
//!
//! 1. Instruction selection on virtual registers: every 64-bit PTX register is a pair of
//!    32-bit virtual registers and 64-bit integer / address operations become 32-bit
//!    micro-operation sequences (add with carry through a predicate, mul.wide as mul.lo +
//!    mul.hi, constant 64-bit shifts as shift/or pairs). Immediates go through `movi`.
//! 2. Dead-code elimination by liveness (the high words of addresses die: memory addresses
//!    are the low 32 bits).
//! 3. Register allocation: liveness, an interference graph, greedy colouring in order of
//!    first definition; registers per thread and predicates reported.
//! 4. Reconvergence: the immediate post-dominator of every conditional branch, at
//!    instruction granularity, becomes the branch's reconvergence PC.
use heddle_hw::fp32::bits::{ABS_MASK, CANON_NAN, INF, SIGN};
use super::{Entry, Instr as PInstr, Loc, Module, Operand, PtxError, Stmt, Ty};
use crate::isa::{self, op, size, space, Guard, Instr};
use std::collections::HashMap;

#[path = "lower_f64.rs"]
mod lower_f64;
#[path = "lower_int.rs"]
mod lower_int;

/// Reconvergence PC of branches whose immediate post-dominator is the kernel's exit.
pub const RPC_EXIT: u32 = isa::MAX_PC;

/// Translation options.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Contract a `mul.f32` whose only use is an `add.f32` into the SP's truncating `fmad`
    /// (what nvcc did for sm_1x).
    pub g80_mad: bool,
    /// Registers per thread the kernel may use (0: the encoding's 128): above it, constants
    /// are rematerialized at their uses. The launcher sets it from the CTA size so that one
    /// CTA fits the register file ([`SmResources::max_regs`]), as `-maxrregcount` /
    /// `__launch_bounds__` do for nvcc.
    pub max_regs: u32,
}

/// A kernel parameter's place in the parameter block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamSlot {
    pub name: String,
    pub offset: u32,
    pub size: u32,
    pub ty: Ty,
}

/// Where a micro-instruction came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SrcRef {
    pub loc: Loc,
    pub instr: String,
}

/// A translated kernel.
#[derive(Debug, Clone)]
pub struct Kernel {
    pub file: String,
    pub name: String,
    pub code: Vec<Instr>,
    /// The PTX instruction each micro-instruction was translated from.
    pub src: Vec<SrcRef>,
    pub regs_per_thread: u32,
    pub preds_per_thread: u32,
    pub params: Vec<ParamSlot>,
    pub param_bytes: u32,
    /// Shared variables: name -> byte offset.
    pub shared_vars: Vec<(String, u32, u32)>,
    pub shared_bytes: u32,
    pub local_bytes: u32,
    /// Constant-bank variables (`.const`): name, byte offset, size; the launch fills them.
    pub const_vars: Vec<(String, u32, u32)>,
    pub const_bytes: u32,
    /// The constant bank's initial contents (the variables' initializers; zeros elsewhere),
    /// `const_bytes` long.
    pub const_init: Vec<u8>,
    /// Module-level `.global` variables (CUDA `__device__` variables) the kernel names: the
    /// launch places each in global memory and writes its address into a hidden 32-bit
    /// parameter after the kernel's own ([`crate::gsm::place_globals`]).
    pub global_vars: Vec<GlobalVar>,
}

/// A module-level `.global` variable of a kernel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlobalVar {
    pub name: String,
    pub size: u32,
    pub align: u32,
    /// Its initializer's bytes (the rest of the variable is zero).
    pub init: Vec<u8>,
    /// The byte offset of the hidden parameter holding its address.
    pub param_offset: u32,
}

impl Kernel {
    /// `file:line:col (instr)` of micro-instruction `pc`.
    pub fn where_(&self, pc: usize) -> String {
        match self.src.get(pc) {
            Some(s) => format!("{}:{}:{} (`{}`)", self.file, s.loc.line, s.loc.col, s.instr),
            None => format!("{}: pc {pc}", self.file),
        }
    }
    /// A kernel from microcode assembly (`isa::asm`), without parameters or shared
    /// memory, for tests and random programs: each instruction's source is its line.
    pub fn from_asm(name: &str, text: &str, regs_per_thread: u32) -> Result<Kernel, isa::asm::AsmError> {
        let code = isa::asm::assemble(text)?;
        let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let src = (0..code.len())
            .map(|n| SrcRef { loc: Loc { line: n as u32 + 1, col: 1 }, instr: lines.get(n).unwrap_or(&"").to_string() })
            .collect();
        Ok(Kernel {
            file: format!("{name}.asm"),
            name: name.into(),
            code,
            src,
            regs_per_thread,
            preds_per_thread: 7,
            params: vec![],
            param_bytes: 0,
            shared_vars: vec![],
            shared_bytes: 0,
            local_bytes: 0,
            const_vars: vec![],
            const_bytes: 0,
            const_init: vec![],
            global_vars: vec![],
        })
    }
    /// The microcode as assembly text.
    pub fn listing(&self) -> String {
        let mut s = String::new();
        for (pc, i) in self.code.iter().enumerate() {
            let src = self.src.get(pc).map(|r| format!("{}:{} {}", r.loc.line, r.loc.col, r.instr)).unwrap_or_default();
            s += &format!("{pc:4}: {:<48} // {src}\n", isa::asm::disasm(i));
        }
        s
    }
}

/// SM resources for the occupancy report.
#[derive(Debug, Clone, Copy)]
pub struct SmResources {
    pub regs: u32,
    pub shared_bytes: u32,
    pub max_threads: u32,
    pub max_warps: u32,
    pub max_ctas: u32,
    pub max_threads_per_cta: u32,
    pub warp_size: u32,
}

impl SmResources {
    /// The G80 SM (`heddle_hw::config::G80`).
    pub const G80: SmResources = SmResources::of(&heddle_hw::config::G80);

    /// The most registers per thread with which one CTA of `threads_per_cta` fits
    /// (at most the encoding's 128).
    pub fn max_regs(&self, threads_per_cta: u32) -> u32 {
        let threads = threads_per_cta.div_ceil(self.warp_size).max(1) * self.warp_size;
        (self.regs / threads).min(isa::NUM_REGS as u32)
    }

    /// The resources of an SM configuration.
    pub const fn of(c: &heddle_hw::config::SmConfig) -> Self {
        SmResources {
            regs: c.regs as u32,
            shared_bytes: c.shared_bytes as u32,
            max_threads: (c.warps * c.lanes) as u32,
            max_warps: c.warps as u32,
            max_ctas: c.cta_slots as u32,
            max_threads_per_cta: c.max_threads_per_cta as u32,
            warp_size: c.lanes as u32,
        }
    }
}

/// How many CTAs of `threads_per_cta` fit on one SM, which resource limits it, and the
/// occupancy (resident warps / max warps).
#[derive(Debug, Clone, PartialEq)]
pub struct Occupancy {
    pub ctas_per_sm: u32,
    pub warps_per_sm: u32,
    pub occupancy: f64,
    pub limited_by: &'static str,
}

pub fn occupancy(k: &Kernel, threads_per_cta: u32, sm: &SmResources) -> Occupancy {
    let warps = threads_per_cta.div_ceil(sm.warp_size).max(1);
    let regs_cta = k.regs_per_thread.max(1) * warps * sm.warp_size;
    let shared = k.shared_bytes;
    let mut lim = [
        (if threads_per_cta > sm.max_threads_per_cta { 0 } else { sm.max_ctas }, "CTA slots"),
        (sm.max_warps / warps, "warps"),
        (sm.regs / regs_cta, "registers"),
        (if shared == 0 { u32::MAX } else { sm.shared_bytes / shared }, "shared memory"),
    ];
    lim.sort_by_key(|l| l.0);
    let ctas = lim[0].0;
    Occupancy {
        ctas_per_sm: ctas,
        warps_per_sm: ctas * warps,
        occupancy: (ctas * warps) as f64 / sm.max_warps as f64,
        limited_by: if threads_per_cta > sm.max_threads_per_cta { "threads per CTA" } else { lim[0].1 },
    }
}

// ---------------------------------------------------------------------------------------
// Virtual-register micro-ops.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum V {
    R(u32),
    P(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum F {
    D,
    A,
    B,
    C,
    Psrc,
    Guard,
    /// The high register of a pair operand (rN+1 of rN): no field of its own.
    Hi,
}

#[derive(Debug, Clone)]
struct MOp {
    i: Instr,
    def: Option<(F, V)>,
    /// The high register of a pair destination (binary64 ops).
    def_hi: Option<V>,
    uses: Vec<(F, V)>,
    /// Branch target label.
    target: Option<String>,
    /// A label pseudo-op (no instruction).
    label: Option<String>,
    src: usize,
    /// The definition is a temporary of its own PTX instruction's sequence: written and
    /// read only under that instruction's guard, so even a guarded definition kills it.
    fresh: bool,
    /// Part of a sequence with its own control flow (a loop): executed by every active
    /// thread on temporaries, not guarded by the PTX instruction's predicate (only the
    /// sequence's final writes are).
    raw: bool,
}

impl MOp {
    fn guarded(&self) -> bool {
        self.uses.iter().any(|u| u.0 == F::Guard)
    }
    fn side_effect(&self) -> bool {
        self.label.is_some() || matches!(self.i.op, op::ST | op::ATOM | op::BAR | op::BRA | op::EXIT)
    }
    fn is_branch(&self) -> bool {
        self.label.is_none() && self.i.op == op::BRA
    }
    fn is_exit(&self) -> bool {
        self.label.is_none() && self.i.op == op::EXIT
    }
}

#[derive(Debug, Clone, Copy)]
enum PReg {
    R32(u32),
    R64(u32, u32),
    Pred(u32),
}

struct Tx<'a> {
    file: &'a str,
    /// Virtual registers, created on first use of a declared PTX register.
    regs: HashMap<String, PReg>,
    /// Declarations: `%r<6>` as ("%r", Some(6)), `%x` as ("%x", None), with their type.
    decls: HashMap<String, (Ty, Option<u32>)>,
    nr: u32,
    np: u32,
    ops: Vec<MOp>,
    srcs: Vec<SrcRef>,
    cur_src: usize,
    cur: Option<&'a PInstr>,
    params: HashMap<String, ParamSlot>,
    /// Shared and local variables: name -> address in their own space.
    symbols: HashMap<String, u32>,
    /// Module-level global variables: name -> offset of the parameter with their address.
    globals: HashMap<String, u32>,
    /// The shared area `bar.red` reduces in (when the kernel has one).
    bar_red_base: Option<u32>,
    opts: Options,
    /// Micro-ops emitted now are `raw` (see `MOp::raw`).
    raw: bool,
    /// Register pairs of binary64 ops (lo, hi): allocated to rN, rN+1 with N even.
    pairs: Vec<(u32, u32)>,
}

type R<T> = Result<T, PtxError>;

/// The rounding modifier of a conversion or binary64 op as the rnd field (rn/rni 0, rz/rzi 1,
/// rm/rmi 2, rp/rpi 3), None when it has none.
fn rnd_mod(pi: &PInstr) -> Option<u8> {
    ["rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi"].iter().position(|&m| pi.has(m)).map(|p| (p % 4) as u8)
}

fn ty_of(mods: &[String]) -> Option<Ty> {
    mods.iter().rev().find_map(|m| Ty::from_name(m))
}

fn is64(t: Ty) -> bool {
    t.bytes() == 8
}

fn is_float(t: Ty) -> bool {
    matches!(t, Ty::F16 | Ty::F32 | Ty::F64)
}

fn is_signed(t: Ty) -> bool {
    matches!(t, Ty::S8 | Ty::S16 | Ty::S32 | Ty::S64)
}

impl<'a> Tx<'a> {
    fn err<T>(&self, msg: impl Into<String>) -> R<T> {
        let (loc, instr) = match self.cur {
            Some(i) => (i.loc, Some(i.full_name())),
            None => (Loc::default(), None),
        };
        Err(PtxError { file: self.file.to_string(), loc, instr, msg: msg.into() })
    }
    fn unsupported<T>(&self, why: &str) -> R<T> {
        let name = self.cur.map(|i| i.full_name()).unwrap_or_default();
        self.err(format!("not yet supported: {name}{}{why}", if why.is_empty() { "" } else { ": " }))
    }
    fn r(&mut self) -> u32 {
        self.nr += 1;
        self.nr - 1
    }
    fn p(&mut self) -> u32 {
        self.np += 1;
        self.np - 1
    }
    fn emit(&mut self, i: Instr, def: Option<(F, V)>, uses: Vec<(F, V)>) {
        self.ops.push(MOp { i, def, def_hi: None, uses, target: None, label: None, src: self.cur_src, fresh: false, raw: self.raw });
    }
    fn ins(o: u8) -> Instr {
        Instr { op: o, ..Default::default() }
    }
    /// d = op(a, b[, c]) on 32-bit virtual registers.
    fn alu(&mut self, i: Instr, d: u32, srcs: &[u32]) {
        let fields = [F::A, F::B, F::C];
        let uses = srcs.iter().zip(fields).map(|(&s, f)| (f, V::R(s))).collect();
        self.emit(i, Some((F::D, V::R(d))), uses);
    }
    fn movi(&mut self, v: u32) -> u32 {
        let d = self.r();
        let mut i = Self::ins(op::MOVI);
        i.imm = v;
        self.emit(i, Some((F::D, V::R(d))), vec![]);
        d
    }
    fn mov(&mut self, d: u32, a: u32) {
        self.alu(Self::ins(op::MOV), d, &[a]);
    }

    fn declared(&self, name: &str) -> Option<Ty> {
        if let Some(&(t, None)) = self.decls.get(name) {
            return Some(t);
        }
        // %r12 -> prefix %r, index 12 (no leading zeros unless the index is 0)
        let (pre, n) = super::split_reg(name)?;
        match self.decls.get(pre) {
            Some(&(t, Some(c))) if n < c => Some(t),
            _ => None,
        }
    }

    fn reg(&mut self, name: &str) -> R<PReg> {
        if !self.regs.contains_key(name) {
            if let Some(t) = self.declared(name) {
                let r = match t {
                    Ty::Pred => PReg::Pred(self.p()),
                    t if is64(t) => PReg::R64(self.r(), self.r()),
                    _ => PReg::R32(self.r()),
                };
                self.regs.insert(name.to_string(), r);
            }
        }
        match self.regs.get(name) {
            Some(&r) => Ok(r),
            None if name.starts_with("%tid") || name.starts_with("%ntid") || name.starts_with("%ctaid") || name.starts_with("%nctaid") => {
                self.err(format!("special register {name} used as an ordinary operand"))
            }
            None => self.err(format!("undeclared register {name}")),
        }
    }
    /// The global-memory address of module-level variable `s`, loaded from its hidden
    /// parameter.
    fn global_addr(&mut self, s: &str) -> R<u32> {
        let Some(&po) = self.globals.get(s) else {
            return self.err(format!("unknown symbol {s}"));
        };
        let base = self.movi(0);
        let r = self.r();
        let mut i = Self::ins(op::LD);
        i.space = space::PARAM;
        i.size = size::B32;
        i.imm = po;
        self.emit(i, Some((F::D, V::R(r))), vec![(F::A, V::R(base))]);
        Ok(r)
    }
    /// A 32-bit source: a register or an immediate (materialized).
    fn src32(&mut self, o: &Operand) -> R<u32> {
        match o {
            Operand::Reg(n) => match self.reg(n)? {
                PReg::R32(r) => Ok(r),
                PReg::R64(lo, _) => Ok(lo),
                PReg::Pred(_) => self.err(format!("predicate {n} used as a value")),
            },
            Operand::Int(v) => Ok(self.movi(*v as u32)),
            Operand::F32(b) => Ok(self.movi(*b)),
            Operand::Sym(s) => match self.symbols.get(s) {
                Some(&off) => Ok(self.movi(off)),
                None => self.global_addr(s),
            },
            _ => self.err("expected a register or an immediate"),
        }
    }
    /// A 64-bit source as (lo, hi).
    fn src64(&mut self, o: &Operand) -> R<(u32, u32)> {
        match o {
            Operand::Reg(n) => match self.reg(n)? {
                PReg::R64(lo, hi) => Ok((lo, hi)),
                _ => self.err(format!("{n} is not a 64-bit register")),
            },
            Operand::Int(v) => Ok((self.movi(*v as u32), self.movi((*v >> 32) as u32))),
            Operand::F64(b) => Ok((self.movi(*b as u32), self.movi((*b >> 32) as u32))),
            Operand::Sym(s) => match self.symbols.get(s) {
                Some(&off) => Ok((self.movi(off), self.movi(0))),
                None => Ok((self.global_addr(s)?, self.movi(0))),
            },
            _ => self.err("expected a 64-bit register or an immediate"),
        }
    }
    fn dst32(&mut self, o: &Operand) -> R<u32> {
        match o {
            Operand::Reg(n) => match self.reg(n)? {
                PReg::R32(r) => Ok(r),
                _ => self.err(format!("{n} is not a 32-bit register")),
            },
            _ => self.err("the destination must be a register"),
        }
    }
    fn dst64(&mut self, o: &Operand) -> R<(u32, u32)> {
        match o {
            Operand::Reg(n) => match self.reg(n)? {
                PReg::R64(lo, hi) => Ok((lo, hi)),
                _ => self.err(format!("{n} is not a 64-bit register")),
            },
            _ => self.err("the destination must be a register"),
        }
    }
    fn pred(&mut self, o: &Operand) -> R<u32> {
        match o {
            Operand::Reg(n) => match self.reg(n)? {
                PReg::Pred(p) => Ok(p),
                _ => self.err(format!("{n} is not a predicate")),
            },
            _ => self.err("expected a predicate register"),
        }
    }
    fn imm_of(&self, o: &Operand) -> Option<i64> {
        match o {
            Operand::Int(v) => Some(*v),
            _ => None,
        }
    }

    /// Translates one PTX instruction (without its guard; the caller applies it).
    fn instr(&mut self, pi: &PInstr) -> R<()> {
        if self.lower_f64(pi)? || self.lower_int(pi)? {
            return Ok(());
        }
        let o = &pi.operands;
        let ty = ty_of(&pi.mods);
        let opc = pi.opcode.as_str();
        let need_ty = |s: &Self| -> R<Ty> {
            match ty {
                Some(t) => Ok(t),
                None => s.err("missing type modifier"),
            }
        };
        match opc {
            "add" | "sub" => {
                let t = need_ty(self)?;
                if is_float(t) {
                    if t != Ty::F32 {
                        return self.unsupported("only .f32 floating point");
                    }
                    let mut i = Self::ins(if opc == "add" { op::FADD } else { op::FSUB });
                    i.rnd = self.frnd(pi, true)?;
                    i.sat = pi.has("sat");
                    let (a, b) = (self.src32(&o[1])?, self.src32(&o[2])?);
                    let d = self.dst32(&o[0])?;
                    self.alu(i, d, &[a, b]);
                } else if is64(t) {
                    let (al, ah) = self.src64(&o[1])?;
                    let (bl, bh) = self.src64(&o[2])?;
                    let (dl, dh) = self.dst64(&o[0])?;
                    self.add64(opc == "sub", (dl, dh), (al, ah), (bl, bh));
                } else {
                    if pi.has("sat") || pi.has("cc") {
                        return self.unsupported("");
                    }
                    let (a, b) = (self.src32(&o[1])?, self.src32(&o[2])?);
                    let d = self.dst32(&o[0])?;
                    self.alu(Self::ins(if opc == "add" { op::IADD } else { op::ISUB }), d, &[a, b]);
                }
            }
            "mul" | "mad" => {
                let t = need_ty(self)?;
                if is_float(t) {
                    if t != Ty::F32 {
                        return self.unsupported("only .f32 floating point");
                    }
                    if opc == "mad" {
                        return self.unsupported("mad.f32 (clang emits fma.rn.f32; heddle's fmad is the G80 truncating MAD, produced by the g80_mad option)");
                    }
                    let mut i = Self::ins(op::FMUL);
                    i.rnd = self.frnd(pi, true)?;
                    i.sat = pi.has("sat");
                    let (a, b) = (self.src32(&o[1])?, self.src32(&o[2])?);
                    let d = self.dst32(&o[0])?;
                    self.alu(i, d, &[a, b]);
                } else if pi.has("wide") {
                    if t.bytes() != 4 || opc == "mad" {
                        return self.unsupported("");
                    }
                    let (a, b) = (self.src32(&o[1])?, self.src32(&o[2])?);
                    let (dl, dh) = self.dst64(&o[0])?;
                    let s = is_signed(t);
                    // compute into temporaries: d may alias nothing of a, b (different widths)
                    let mut lo = Self::ins(op::IMUL);
                    lo.signed = s;
                    let mut hi = Self::ins(op::IMULHI);
                    hi.signed = s;
                    self.alu(hi, dh, &[a, b]);
                    self.alu(lo, dl, &[a, b]);
                } else if is64(t) {
                    if opc == "mad" || !pi.has("lo") {
                        return self.unsupported("");
                    }
                    // low 64 bits of a*b: lo = al*bl, hi = mulhi.u32(al, bl) + al*bh + ah*bl
                    let (al, ah) = self.src64(&o[1])?;
                    let (bl, bh) = self.src64(&o[2])?;
                    let (dl, dh) = self.dst64(&o[0])?;
                    let (t1, t2, t3, lo) = (self.r(), self.r(), self.r(), self.r());
                    self.alu(Self::ins(op::IMULHI), t1, &[al, bl]);
                    self.alu(Self::ins(op::IMAD), t2, &[al, bh, t1]);
                    self.alu(Self::ins(op::IMAD), t3, &[ah, bl, t2]);
                    self.alu(Self::ins(op::IMUL), lo, &[al, bl]);
                    self.mov(dh, t3);
                    self.mov(dl, lo);
                } else {
                    let sig = is_signed(t);
                    let (code, n) = match (opc, pi.has("lo"), pi.has("hi")) {
                        ("mul", true, _) => (op::IMUL, 2),
                        ("mul", _, true) => (op::IMULHI, 2),
                        ("mad", true, _) => (op::IMAD, 3),
                        ("mad", _, true) => (op::IMADHI, 3),
                        _ => return self.err("integer mul/mad needs .lo, .hi or .wide"),
                    };
                    let mut srcs = vec![];
                    for x in &o[1..=n] {
                        srcs.push(self.src32(x)?);
                    }
                    let d = self.dst32(&o[0])?;
                    let mut i = Self::ins(code);
                    i.signed = sig;
                    self.alu(i, d, &srcs);
                }
            }
            "fma" => {
                if ty != Some(Ty::F32) {
                    return self.unsupported("only fma.rn.f32");
                }
                let mut i = Self::ins(op::FFMA);
                i.rnd = self.frnd(pi, false)?;
                i.sat = pi.has("sat");
                let (a, b, c) = (self.src32(&o[1])?, self.src32(&o[2])?, self.src32(&o[3])?);
                let d = self.dst32(&o[0])?;
                self.alu(i, d, &[a, b, c]);
            }
            // div.full (2 ulp allowed) is computed correctly rounded too; .ftz flushes
            // subnormal operands and results to signed zero
            "div" | "sqrt" | "rcp" if ty == Some(Ty::F32) && (pi.has("rn") || (opc == "div" && pi.has("full"))) => {
                let ftz = pi.has("ftz");
                let mut a = self.src32(&o[1])?;
                if ftz {
                    a = self.flush_sub(a);
                }
                let r = match opc {
                    "div" => {
                        let mut b = self.src32(&o[2])?;
                        if ftz {
                            b = self.flush_sub(b);
                        }
                        self.div_rn(a, b)
                    }
                    "rcp" => {
                        let one = self.movi(heddle_hw::fp32::bits::ONE);
                        self.div_rn(one, a)
                    }
                    _ => self.sqrt_rn(a),
                };
                let r = if ftz { self.flush_sub(r) } else { r };
                let d = self.dst32(&o[0])?;
                self.mov(d, r);
            }
            "div" | "rem" | "sqrt" | "rcp" if !pi.has("approx") => {
                return self.unsupported("div, sqrt and rcp .f32 round with .rn, .rz, .rm or .rp (div also .full) or are .approx");
            }
            "rcp" | "sqrt" | "rsqrt" | "sin" | "cos" | "lg2" | "ex2" | "div" => {
                if ty != Some(Ty::F32) || !pi.has("approx") {
                    return self.unsupported("only the .approx.f32 forms go straight to the SFU");
                }
                if pi.has("ftz") {
                    // heddle's SFU flushes subnormal inputs anyway (G80)
                }
                let a = self.src32(&o[1])?;
                let d = self.dst32(&o[0])?;
                match opc {
                    "sin" | "cos" | "ex2" => {
                        let t = self.r();
                        let mut rro = Self::ins(op::RRO);
                        rro.sub = if opc == "ex2" { 1 } else { 0 };
                        self.alu(rro, t, &[a]);
                        let code = match opc {
                            "sin" => op::SIN,
                            "cos" => op::COS,
                            _ => op::EX2,
                        };
                        self.alu(Self::ins(code), d, &[t]);
                    }
                    "rcp" => self.alu(Self::ins(op::RCP), d, &[a]),
                    "rsqrt" => self.alu(Self::ins(op::RSQ), d, &[a]),
                    "lg2" => self.alu(Self::ins(op::LG2), d, &[a]),
                    "sqrt" => {
                        // sqrt.approx(x) = rcp(rsq(x))
                        let t = self.r();
                        self.alu(Self::ins(op::RSQ), t, &[a]);
                        self.alu(Self::ins(op::RCP), d, &[t]);
                    }
                    _ => {
                        // div.approx a/b = a * rcp(b)
                        let b = self.src32(&o[2])?;
                        let t = self.r();
                        self.alu(Self::ins(op::RCP), t, &[b]);
                        self.alu(Self::ins(op::FMUL), d, &[a, t]);
                    }
                }
            }
            "abs" | "neg" => {
                let t = need_ty(self)?;
                let a = self.src32(&o[1])?;
                let d = self.dst32(&o[0])?;
                if is64(t) {
                    return self.unsupported("");
                }
                if t == Ty::F32 {
                    // exact sign-bit operations
                    let m = self.movi(if opc == "abs" { ABS_MASK } else { SIGN });
                    self.alu(Self::ins(if opc == "abs" { op::AND } else { op::XOR }), d, &[a, m]);
                } else {
                    self.alu(Self::ins(if opc == "abs" { op::IABS } else { op::INEG }), d, &[a]);
                }
            }
            "min" | "max" => {
                let t = need_ty(self)?;
                if is64(t) {
                    return self.unsupported("");
                }
                let (a, b) = (self.src32(&o[1])?, self.src32(&o[2])?);
                let d = self.dst32(&o[0])?;
                let mut i = Self::ins(match (opc, t == Ty::F32) {
                    ("min", true) => op::FMIN,
                    ("max", true) => op::FMAX,
                    ("min", false) => op::IMIN,
                    _ => op::IMAX,
                });
                i.signed = t != Ty::F32 && is_signed(t);
                self.alu(i, d, &[a, b]);
            }
            "and" | "or" | "xor" | "not" | "cnot" => {
                let t = need_ty(self)?;
                if t == Ty::Pred {
                    let d = self.pred(&o[0])?;
                    let a = self.pred_src(&o[1])?;
                    let mut i = Self::ins(op::PLOP);
                    let b = if opc == "not" {
                        i.sub = 3; // mov
                        i.mod_a = 2;
                        a
                    } else {
                        i.sub = match opc {
                            "and" => 0,
                            "or" => 1,
                            "xor" => 2,
                            _ => return self.unsupported(""),
                        };
                        self.pred_src(&o[2])?
                    };
                    self.emit(i, Some((F::D, V::P(d))), vec![(F::A, V::P(a)), (F::B, V::P(b))]);
                    return Ok(());
                }
                let code = match opc {
                    "and" => op::AND,
                    "or" => op::OR,
                    "xor" => op::XOR,
                    "not" => op::NOT,
                    _ => op::CNOT,
                };
                let unary = opc == "not" || opc == "cnot";
                if is64(t) {
                    if opc == "cnot" {
                        return self.unsupported("");
                    }
                    let (al, ah) = self.src64(&o[1])?;
                    let (bl, bh) = if unary { (0, 0) } else { self.src64(&o[2])? };
                    let (dl, dh) = self.dst64(&o[0])?;
                    let (tl, th) = (self.r(), self.r());
                    let (sl, sh) = if unary { (vec![al], vec![ah]) } else { (vec![al, bl], vec![ah, bh]) };
                    self.alu(Self::ins(code), tl, &sl);
                    self.alu(Self::ins(code), th, &sh);
                    self.mov(dl, tl);
                    self.mov(dh, th);
                } else {
                    let a = self.src32(&o[1])?;
                    let b = if unary { 0 } else { self.src32(&o[2])? };
                    let d = self.dst32(&o[0])?;
                    let srcs = if unary { vec![a] } else { vec![a, b] };
                    self.alu(Self::ins(code), d, &srcs);
                }
            }
            "shl" | "shr" => {
                let t = need_ty(self)?;
                if is64(t) {
                    let k = match self.imm_of(&o[2]) {
                        Some(k) if (0..64).contains(&k) => k as u32,
                        _ => return self.unsupported("64-bit shifts by a register amount"),
                    };
                    let (al, ah) = self.src64(&o[1])?;
                    let (dl, dh) = self.dst64(&o[0])?;
                    self.shift64(opc == "shl", is_signed(t), k, (dl, dh), (al, ah));
                } else {
                    let (a, b) = (self.src32(&o[1])?, self.src32(&o[2])?);
                    let d = self.dst32(&o[0])?;
                    let mut i = Self::ins(if opc == "shl" { op::SHL } else { op::SHR });
                    i.signed = opc == "shr" && is_signed(t);
                    self.alu(i, d, &[a, b]);
                }
            }
            "setp" => {
                // (integer types: lower_int; binary64: lower_f64)
                let t = need_ty(self)?;
                if t != Ty::F32 {
                    return self.unsupported("only integer, .f32 and .f64 comparisons");
                }
                let cmp = pi.mods.first().cloned().unwrap_or_default();
                let d = self.pred(&o[0])?;
                let c = match crate::golden::g80_fp32::CMP_NAMES[..14].iter().position(|&x| x == cmp) {
                    Some(c) => c as u8,
                    None => return self.err(format!("unknown comparison .{cmp}")),
                };
                let (a, b) = (self.src32(&o[1])?, self.src32(&o[2])?);
                let mut i = Self::ins(op::FSETP);
                i.cmp = c;
                self.emit(i, Some((F::D, V::P(d))), vec![(F::A, V::R(a)), (F::B, V::R(b))]);
            }
            "selp" => {
                let t = need_ty(self)?;
                let p = self.pred_src(&o[3])?;
                if is64(t) {
                    let (al, ah) = self.src64(&o[1])?;
                    let (bl, bh) = self.src64(&o[2])?;
                    let (dl, dh) = self.dst64(&o[0])?;
                    let (tl, th) = (self.r(), self.r());
                    for (d, a, b) in [(tl, al, bl), (th, ah, bh)] {
                        self.emit(Self::ins(op::SELP), Some((F::D, V::R(d))), vec![(F::A, V::R(a)), (F::B, V::R(b)), (F::Psrc, V::P(p))]);
                    }
                    self.mov(dl, tl);
                    self.mov(dh, th);
                } else {
                    let (a, b) = (self.src32(&o[1])?, self.src32(&o[2])?);
                    let d = self.dst32(&o[0])?;
                    self.emit(Self::ins(op::SELP), Some((F::D, V::R(d))), vec![(F::A, V::R(a)), (F::B, V::R(b)), (F::Psrc, V::P(p))]);
                }
            }
            "mov" => {
                let t = need_ty(self)?;
                if t == Ty::Pred {
                    let d = self.pred(&o[0])?;
                    let mut i = Self::ins(op::PLOP);
                    let a = match &o[1] {
                        Operand::Int(0) => {
                            i.sub = 2; // pt xor pt = false
                            None
                        }
                        Operand::Int(_) => {
                            i.sub = 3; // mov pt (any non-zero value is true)
                            None
                        }
                        x => {
                            i.sub = 3;
                            Some(self.pred_src(x)?)
                        }
                    };
                    match a {
                        Some(a) => self.emit(i, Some((F::D, V::P(d))), vec![(F::A, V::P(a))]),
                        None => {
                            i.a = isa::PT;
                            i.b = isa::PT;
                            self.emit(i, Some((F::D, V::P(d))), vec![])
                        }
                    }
                    return Ok(());
                }
                if let Operand::Reg(n) = &o[1] {
                    if let Some(sr) = n.strip_prefix('%').and_then(|s| isa::SREGS.iter().position(|&x| x == s)) {
                        let d = self.dst32(&o[0])?;
                        self.s2r(d, sr as u8);
                        return Ok(());
                    }
                }
                if is64(t) {
                    let (al, ah) = self.src64(&o[1])?;
                    let (dl, dh) = self.dst64(&o[0])?;
                    self.mov(dl, al);
                    self.mov(dh, ah);
                } else {
                    let d = self.dst32(&o[0])?;
                    match &o[1] {
                        Operand::Int(v) => {
                            let mut i = Self::ins(op::MOVI);
                            i.imm = *v as u32;
                            self.emit(i, Some((F::D, V::R(d))), vec![]);
                        }
                        Operand::F32(b) => {
                            let mut i = Self::ins(op::MOVI);
                            i.imm = *b;
                            self.emit(i, Some((F::D, V::R(d))), vec![]);
                        }
                        x => {
                            let a = self.src32(x)?;
                            self.mov(d, a);
                        }
                    }
                }
            }
            "cvta" => {
                // generic addresses: global addresses as they are, the shared and local
                // spaces in their windows (isa::space::resolve_generic, docs/isa.md)
                let window = if pi.has("global") {
                    0
                } else if pi.has("shared") {
                    space::SHARED_WINDOW
                } else if pi.has("local") {
                    space::LOCAL_WINDOW
                } else {
                    return self.unsupported("cvta of the const and param spaces");
                };
                let delta = if pi.has("to") { window.wrapping_neg() } else { window };
                let wide = ty.is_some_and(is64);
                let a = if wide { self.src64(&o[1])?.0 } else { self.src32(&o[1])? };
                let lo = if delta == 0 {
                    a
                } else {
                    let k = self.movi(delta);
                    let t = self.r();
                    self.alu(Self::ins(op::IADD), t, &[a, k]);
                    t
                };
                if wide {
                    // the address is 32 bits: the high word is 0 (dead for global addresses)
                    let hi = if delta == 0 { self.src64(&o[1])?.1 } else { self.movi(0) };
                    let (dl, dh) = self.dst64(&o[0])?;
                    self.mov(dl, lo);
                    self.mov(dh, hi);
                } else {
                    let d = self.dst32(&o[0])?;
                    self.mov(d, lo);
                }
            }
            "cvt" => self.cvt(pi)?,
            "ld" | "st" => self.ldst(pi)?,
            "atom" => self.atom(pi, None)?,
            "bar" => {
                if !(pi.has("sync") || pi.mods.is_empty()) {
                    return self.unsupported("");
                }
                if o.len() > 1 {
                    return self.unsupported("a barrier with a thread count");
                }
                let n = match self.imm_of(&o[0]) {
                    Some(n) if (0..16).contains(&n) => n as u32,
                    _ => return self.err("bar.sync needs a barrier number 0..15"),
                };
                let mut i = Self::ins(op::BAR);
                i.imm = n;
                self.emit(i, None, vec![]);
            }
            "bra" => {
                let l = match &o[0] {
                    Operand::Sym(s) => s.clone(),
                    _ => return self.err("bra needs a label"),
                };
                let mut i = Self::ins(op::BRA);
                i.uni = pi.has("uni");
                self.ops.push(MOp { i, def: None, def_hi: None, uses: vec![], target: Some(l), label: None, src: self.cur_src, fresh: false, raw: self.raw });
            }
            "ret" | "exit" => self.emit(Self::ins(op::EXIT), None, vec![]),
            _ => return self.unsupported(""),
        }
        Ok(())
    }

    /// `atom` (and `red`, whose old value goes to `dst`, a temporary nobody reads).
    fn atom(&mut self, pi: &PInstr, dst: Option<u32>) -> R<()> {
        let o = &pi.operands;
        let t = match ty_of(&pi.mods) {
            Some(t) => t,
            None => return self.err("missing type modifier"),
        };
        let sp = atom_space(pi);
        let sub = ["add", "min", "max", "and", "or", "xor", "exch", "cas", "inc", "dec"]
            .iter()
            .find(|&&n| pi.has(n))
            .copied()
            .unwrap_or("");
        let name = match (sub, t) {
            ("add", Ty::F32) => "fadd",
            ("min", t) if is_signed(t) => "smin",
            ("max", t) if is_signed(t) => "smax",
            ("min", _) => "umin",
            ("max", _) => "umax",
            (s, _) => s,
        };
        let code = match isa::ATOM_NAMES.iter().position(|&n| n == name) {
            Some(c) if !sub.is_empty() => c as u8,
            _ => return self.err(format!("{} needs an operation", pi.opcode)),
        };
        if t.bytes() != 4 || (is_float(t) && name != "fadd") {
            return self.unsupported("only 32-bit integer atomics and atom.add.f32");
        }
        if (name == "cas") != (o.len() == 4) {
            return self.err("atom.cas takes 4 operands, the others 3");
        }
        let (base, off) = self.address(&o[1])?;
        let addr = if off != 0 {
            let k = self.movi(off);
            let t = self.r();
            self.alu(Self::ins(op::IADD), t, &[base, k]);
            t
        } else {
            base
        };
        let b = self.src32(&o[2])?;
        let c = if o.len() == 4 { self.src32(&o[3])? } else { b };
        let d = match dst {
            Some(d) => d,
            None => self.dst32(&o[0])?,
        };
        let mut i = Self::ins(op::ATOM);
        i.space = sp;
        i.sub = code;
        self.emit(i, Some((F::D, V::R(d))), vec![(F::A, V::R(addr)), (F::B, V::R(b)), (F::C, V::R(c))]);
        Ok(())
    }

    fn pred_src(&mut self, o: &Operand) -> R<u32> {
        match o {
            Operand::Not(x) => {
                let p = self.pred(x)?;
                let q = self.p();
                let mut i = Self::ins(op::PLOP);
                i.sub = 3;
                i.mod_a = 2;
                self.emit(i, Some((F::D, V::P(q))), vec![(F::A, V::P(p)), (F::B, V::P(p))]);
                Ok(q)
            }
            _ => self.pred(o),
        }
    }

    // ---- helpers for the microcode sequences ----
    fn o2(&mut self, code: u8, a: u32, b: u32) -> u32 {
        let d = self.r();
        self.alu(Self::ins(code), d, &[a, b]);
        d
    }
    fn setp_u(&mut self, cmp: u8, a: u32, b: u32) -> u32 {
        let p = self.p();
        let mut i = Self::ins(op::ISETP);
        i.cmp = cmp;
        self.emit(i, Some((F::D, V::P(p))), vec![(F::A, V::R(a)), (F::B, V::R(b))]);
        p
    }
    fn setp_s(&mut self, cmp: u8, a: u32, b: u32) -> u32 {
        let p = self.p();
        let mut i = Self::ins(op::ISETP);
        i.cmp = cmp;
        i.signed = true;
        self.emit(i, Some((F::D, V::P(p))), vec![(F::A, V::R(a)), (F::B, V::R(b))]);
        p
    }
    fn plop2(&mut self, sub: u8, a: u32, b: u32) -> u32 {
        let p = self.p();
        let mut i = Self::ins(op::PLOP);
        i.sub = sub;
        self.emit(i, Some((F::D, V::P(p))), vec![(F::A, V::P(a)), (F::B, V::P(b))]);
        p
    }
    /// d = special register `sr` (an index of `isa::SREGS`).
    fn s2r(&mut self, d: u32, sr: u8) {
        let mut i = Self::ins(op::S2R);
        i.a = sr;
        self.emit(i, Some((F::D, V::R(d))), vec![]);
    }
    fn sel(&mut self, a: u32, b: u32, p: u32) -> u32 {
        let d = self.r();
        self.emit(Self::ins(op::SELP), Some((F::D, V::R(d))), vec![(F::A, V::R(a)), (F::B, V::R(b)), (F::Psrc, V::P(p))]);
        d
    }
    /// RN(a * b + c) on the FMA unit; `neg_a` negates a.
    fn ffma(&mut self, a: u32, b: u32, c: u32, neg_a: bool) -> u32 {
        let d = self.r();
        let mut i = Self::ins(op::FFMA);
        i.mod_a = if neg_a { 2 } else { 0 };
        self.alu(i, d, &[a, b, c]);
        d
    }
    fn sfu(&mut self, code: u8, a: u32) -> u32 {
        let d = self.r();
        self.alu(Self::ins(code), d, &[a]);
        d
    }
    /// |x| normalized: (significand with exponent field 127 or 128 as chosen by the caller,
    /// biased exponent minus 24 for subnormals). x must be finite and non-zero.
    fn normalize(&mut self, ax: u32) -> (u32, u32) {
        let (min_norm, two24, zero) = (self.movi(0x0080_0000), self.movi(0x4B80_0000), self.movi(0));
        let sub = self.setp_u(2, ax, min_norm); // lt
        let scaled = self.ffma(ax, two24, zero, false); // exact on the FMA unit
        let xn = self.sel(scaled, ax, sub);
        let (c23, c24) = (self.movi(23), self.movi(24));
        let e0 = self.o2(op::SHR, xn, c23);
        let adj = self.sel(c24, zero, sub);
        let e = self.o2(op::ISUB, e0, adj);
        let (fm, one) = (self.movi(0x007F_FFFF), self.movi(0x3F80_0000));
        let f = self.o2(op::AND, xn, fm);
        let m = self.o2(op::OR, f, one);
        (m, e)
    }

    /// `div.rn.f32`: IEEE round-to-nearest-even with subnormals, on the SFU (`rcp`) and the
    /// FMA unit (`ffma`), with SP integer operations for exponents, specials and the final
    /// rounding of subnormal results. Quotient of the significands in [1, 2): y ~ 1/mb
    /// (rcp, one Newton step), q0 = ma*y, r0 = ma - mb*q0 (exact), q1 = q0 + r0*y, and the
    /// exact remainder r1 = ma - mb*q1 whose sign breaks ties when a subnormal result is
    /// rounded again at its coarser quantum. NaN results are 0x7FFFFFFF.
    fn div_rn(&mut self, a: u32, b: u32) -> u32 {
        let (absm, signm) = (self.movi(ABS_MASK), self.movi(SIGN));
        let ab = self.o2(op::XOR, a, b);
        let s = self.o2(op::AND, ab, signm);
        let aa = self.o2(op::AND, a, absm);
        let bb = self.o2(op::AND, b, absm);
        let (inf, zero, one) = (self.movi(0x7F80_0000), self.movi(0), self.movi(0x3F80_0000));
        // core (meaningless but harmless for zeros, infinities and NaNs: replaced at the end)
        let (ma, ea) = self.normalize(aa);
        let (mb, eb) = self.normalize(bb);
        let y0 = self.sfu(op::RCP, mb);
        let e = self.ffma(mb, y0, one, true);
        let y = self.ffma(e, y0, y0, false);
        let q0 = self.ffma(ma, y, zero, false);
        let r0 = self.ffma(mb, q0, ma, true);
        let qa = self.ffma(r0, y, q0, false);
        // make qa the correctly rounded quotient: with ra = ma - mb*qa (exact) and h = half an
        // ulp of qa, step up when ra > mb*h and down when -ra > mb*h (no exact ties exist
        // at this precision); both tests are signs of single-rounding fmas
        let ra = self.ffma(mb, qa, ma, true);
        let c23 = self.movi(23);
        let eqa = self.o2(op::SHR, qa, c23);
        let c24 = self.movi(24);
        let eh = self.o2(op::ISUB, eqa, c24);
        let hulp = self.o2(op::SHL, eh, c23);
        let t_up = self.ffma(mb, hulp, ra, true); // ra - mb*h... as -(mb*h) + ra
        let t_dn = self.ffma(mb, hulp, ra, false); // mb*h + ra
        let c1 = self.movi(1);
        let go_up = self.setp_s(4, t_up, zero); // ra - mb*h > 0
        let qu = self.o2(op::IADD, qa, c1);
        let q_up = self.sel(qu, qa, go_up);
        let go_dn = self.setp_s(2, t_dn, zero); // ra + mb*h < 0 (negative, not -0)
        let qd = self.o2(op::ISUB, qa, c1);
        let q1 = self.sel(qd, q_up, go_dn);
        let r1 = self.ffma(mb, q1, ma, true);
        // biased result exponent R = eq + ea - eb
        let eq = self.o2(op::SHR, q1, c23);
        let k = self.o2(op::ISUB, ea, eb);
        let rexp = self.o2(op::IADD, eq, k);
        let fm = self.movi(0x007F_FFFF);
        let frac = self.o2(op::AND, q1, fm);
        // normal result
        let rsh = self.o2(op::SHL, rexp, c23);
        let normal = self.o2(op::OR, frac, rsh);
        // subnormal result: S >> sh rounded to nearest, ties by the remainder's sign, then even
        let hid = self.movi(0x0080_0000);
        let sig = self.o2(op::OR, frac, hid);
        let sh0 = self.o2(op::ISUB, c1, rexp); // 1 - R (>= 1 when R <= 0)
        let c25 = self.movi(25);
        let mut mn = Self::ins(op::IMIN);
        mn.signed = true;
        let sh = self.r();
        self.alu(mn, sh, &[sh0, c25]);
        let fsub = self.o2(op::SHR, sig, sh);
        let bit = self.o2(op::SHL, c1, sh);
        let mask = self.o2(op::ISUB, bit, c1);
        let rem = self.o2(op::AND, sig, mask);
        let shm1 = self.o2(op::ISUB, sh, c1);
        let half = self.o2(op::SHL, c1, shm1);
        let rr = self.o2(op::AND, r1, absm);
        let r_zero = self.setp_u(0, rr, zero);
        let lo = self.o2(op::AND, fsub, c1);
        let odd = self.setp_u(1, lo, zero);
        let tie_even = self.plop2(0, r_zero, odd);
        let r_pos = self.setp_s(4, r1, zero); // r1 > +0 as a signed word
        let tie_up = self.plop2(1, r_pos, tie_even);
        let at = self.setp_u(0, rem, half);
        let at_up = self.plop2(0, at, tie_up);
        let above = self.setp_u(4, rem, half);
        let up = self.plop2(1, above, at_up);
        let inc = self.sel(c1, zero, up);
        let subn = self.o2(op::IADD, fsub, inc);
        // choose by R
        let is_sub = self.setp_s(3, rexp, zero); // R <= 0
        let m1 = self.sel(subn, normal, is_sub);
        let c255 = self.movi(255);
        let ovf = self.setp_s(5, rexp, c255); // R >= 255
        let m2 = self.sel(inf, m1, ovf);
        let mut res = self.o2(op::OR, m2, s);
        // specials, each predicate used at once: zero, infinity, then NaN
        let sinf = self.o2(op::OR, s, inf);
        let nan = self.movi(CANON_NAN);
        let z_a = self.setp_u(0, aa, zero);
        let inf_b = self.setp_u(0, bb, inf);
        let to_zero = self.plop2(1, z_a, inf_b);
        res = self.sel(s, res, to_zero);
        let inf_a = self.setp_u(0, aa, inf);
        let z_b = self.setp_u(0, bb, zero);
        let to_inf = self.plop2(1, inf_a, z_b);
        res = self.sel(sinf, res, to_inf);
        let zz = self.plop2(0, z_a, z_b);
        res = self.sel(nan, res, zz);
        let ii = self.plop2(0, inf_a, inf_b);
        res = self.sel(nan, res, ii);
        let nan_a = self.setp_u(4, aa, inf);
        res = self.sel(nan, res, nan_a);
        let nan_b = self.setp_u(4, bb, inf);
        self.sel(nan, res, nan_b)
    }

    /// `sqrt.rn.f32`: IEEE round-to-nearest-even. The significand, scaled to [1, 4) so that
    /// the exponent is even: y ~ 1/sqrt(m) (rsq, one Newton step), s0 = m*y, h = y/2,
    /// r = m - s0*s0, s1 = s0 + r*h, and a second such correction. Results of finite positive inputs are always normal. sqrt(-0) =
    /// -0, negative inputs and NaN give 0x7FFFFFFF, +inf gives +inf.
    fn sqrt_rn(&mut self, a: u32) -> u32 {
        let (absm, inf, zero, one) = (self.movi(ABS_MASK), self.movi(INF), self.movi(0), self.movi(0x3F80_0000));
        let aa = self.o2(op::AND, a, absm);
        let (m, e) = self.normalize(aa);
        // unbiased exponent u = e - 127; make it even: odd -> m in [2, 4)
        let c1 = self.movi(1);
        let lowbit = self.o2(op::AND, e, c1);
        let odd = self.setp_u(0, lowbit, zero); // e even <=> u odd (127 is odd)
        let two = self.movi(0x4000_0000);
        let m2 = self.ffma(m, two, zero, false);
        let mm = self.sel(m2, m, odd);
        let oddu = self.sel(c1, zero, odd);
        let y0 = self.sfu(op::RSQ, mm);
        // Newton on 1/sqrt: y = y0 + (y0/2)*(1 - mm*y0^2)
        let half = self.movi(0x3F00_0000);
        let t = self.ffma(y0, y0, zero, false);
        let ee = self.ffma(mm, t, one, true);
        let hy = self.ffma(y0, half, zero, false);
        let y = self.ffma(ee, hy, y0, false);
        let s0 = self.ffma(mm, y, zero, false);
        let h = self.ffma(y, half, zero, false);
        let r = self.ffma(s0, s0, mm, true);
        let s1 = self.ffma(r, h, s0, false);
        // second correction: s3 = s1 + (mm - s1^2) * h
        let r1 = self.ffma(s1, s1, mm, true);
        let s3 = self.ffma(r1, h, s1, false);
        // exponent: (u - odd) / 2 added to the significand's own
        let c23 = self.movi(23);
        let es = self.o2(op::SHR, s3, c23);
        let c127 = self.movi(127);
        let u = self.o2(op::ISUB, e, c127);
        let u_even = self.o2(op::ISUB, u, oddu);
        let mut shr = Self::ins(op::SHR);
        shr.signed = true;
        let uh = self.r();
        self.alu(shr, uh, &[u_even, c1]);
        let ex = self.o2(op::IADD, es, uh);
        let fm = self.movi(0x007F_FFFF);
        let frac = self.o2(op::AND, s3, fm);
        let exs = self.o2(op::SHL, ex, c23);
        let mut res = self.o2(op::OR, frac, exs);
        // specials: +inf, +-0 (itself), negative non-zero and NaN -> NaN
        let nan = self.movi(CANON_NAN);
        let neg = self.setp_s(2, a, zero); // sign bit set
        res = self.sel(nan, res, neg);
        let is_inf = self.setp_u(0, a, inf); // +inf only
        res = self.sel(inf, res, is_inf);
        let nan_in = self.setp_u(4, aa, inf);
        res = self.sel(nan, res, nan_in);
        let is_zero = self.setp_u(0, aa, zero);
        self.sel(a, res, is_zero)
    }

    fn frnd(&self, pi: &PInstr, sp: bool) -> R<u8> {
        let r = ["rn", "rz", "rm", "rp"].iter().position(|&m| pi.has(m)).unwrap_or(0) as u8;
        if sp && r > 1 {
            return self.unsupported("the SP rounds only rn and rz");
        }
        Ok(r)
    }

    /// d = a +/- b on (lo, hi) pairs: the carry (borrow) goes through a predicate.
    fn add64(&mut self, sub: bool, d: (u32, u32), a: (u32, u32), b: (u32, u32)) {
        let (lo, hi, c) = (self.r(), self.r(), self.p());
        self.alu(Self::ins(if sub { op::ISUB } else { op::IADD }), lo, &[a.0, b.0]);
        self.alu(Self::ins(if sub { op::ISUB } else { op::IADD }), hi, &[a.1, b.1]);
        // carry: lo < a.lo (unsigned); borrow: a.lo < b.lo
        let mut s = Self::ins(op::ISETP);
        s.cmp = 2; // lt, unsigned
        let (x, y) = if sub { (a.0, b.0) } else { (lo, a.0) };
        self.emit(s, Some((F::D, V::P(c))), vec![(F::A, V::R(x)), (F::B, V::R(y))]);
        // the carry as 0/1 by selp (not a predicated add: the sequence may be guarded)
        let (one, zero) = (self.movi(1), self.movi(0));
        let cv = self.sel(one, zero, c);
        let hi2 = self.r();
        self.alu(Self::ins(if sub { op::ISUB } else { op::IADD }), hi2, &[hi, cv]);
        self.mov(d.0, lo);
        self.mov(d.1, hi2);
    }

    /// Constant 64-bit shift.
    fn shift64(&mut self, left: bool, signed: bool, k: u32, d: (u32, u32), a: (u32, u32)) {
        let (lo, hi) = (self.r(), self.r());
        let sh = |s: &mut Self, code: u8, sg: bool, dst: u32, src: u32, n: u32| {
            let kk = s.movi(n);
            let mut i = Self::ins(code);
            i.signed = sg;
            s.alu(i, dst, &[src, kk]);
        };
        if k == 0 {
            self.mov(lo, a.0);
            self.mov(hi, a.1);
        } else if left {
            if k < 32 {
                let t = self.r();
                sh(self, op::SHL, false, hi, a.1, k);
                sh(self, op::SHR, false, t, a.0, 32 - k);
                self.alu(Self::ins(op::OR), hi, &[hi, t]);
                sh(self, op::SHL, false, lo, a.0, k);
            } else {
                sh(self, op::SHL, false, hi, a.0, k - 32);
                let z = self.movi(0);
                self.mov(lo, z);
            }
        } else if k < 32 {
            let t = self.r();
            sh(self, op::SHR, false, lo, a.0, k);
            sh(self, op::SHL, false, t, a.1, 32 - k);
            self.alu(Self::ins(op::OR), lo, &[lo, t]);
            sh(self, op::SHR, signed, hi, a.1, k);
        } else {
            sh(self, op::SHR, signed, lo, a.1, k - 32);
            if signed {
                sh(self, op::SHR, true, hi, a.1, 31);
            } else {
                let z = self.movi(0);
                self.mov(hi, z);
            }
        }
        self.mov(d.0, lo);
        self.mov(d.1, hi);
    }

    fn cvt(&mut self, pi: &PInstr) -> R<()> {
        let o = &pi.operands;
        let tys: Vec<Ty> = pi.mods.iter().filter_map(|m| Ty::from_name(m)).collect();
        if tys.len() != 2 {
            return self.err("cvt needs a destination and a source type");
        }
        let (dt, st) = (tys[0], tys[1]);
        let rnd = rnd_mod(pi);
        use crate::golden::fp32_cvt::kind as k;
        let kind = match (dt, st) {
            (Ty::F32, Ty::S32) => Some(k::F32_S32),
            (Ty::F32, Ty::U32) => Some(k::F32_U32),
            (Ty::S32, Ty::F32) => Some(k::S32_F32),
            (Ty::U32, Ty::F32) => Some(k::U32_F32),
            (Ty::F32, Ty::F32) if rnd.is_some() => Some(k::F32_F32_INT),
            (Ty::F16, Ty::F32) => Some(k::F16_F32),
            (Ty::F32, Ty::F16) => Some(k::F32_F16),
            _ => None,
        };
        if let Some(kd) = kind {
            if pi.has("sat") {
                return self.unsupported("cvt.sat");
            }
            let a = self.src32(&o[1])?;
            let d = self.dst32(&o[0])?;
            let mut i = Self::ins(op::CVT);
            i.kind = kd as u8;
            i.rnd = rnd.unwrap_or(0);
            self.alu(i, d, &[a]);
            return Ok(());
        }
        // integer <-> integer and the 8/16/64-bit conversions: lower_int; binary64: lower_f64
        self.unsupported("")
    }

    /// (32-bit base register, offset) of a memory operand in global/shared addressing.
    fn address(&mut self, o: &Operand) -> R<(u32, u32)> {
        match o {
            Operand::Mem { base: Some(b), offset } => match &**b {
                Operand::Reg(_) => Ok((self.src32(b)?, *offset as u32)),
                Operand::Sym(s) => match self.symbols.get(s) {
                    Some(&off) => Ok((self.movi(0), off.wrapping_add(*offset as u32))),
                    None => Ok((self.global_addr(s)?, *offset as u32)),
                },
                _ => self.err("bad address"),
            },
            Operand::Mem { base: None, offset } => Ok((self.movi(0), *offset as u32)),
            _ => self.err("expected a memory operand [addr]"),
        }
    }

    fn ldst(&mut self, pi: &PInstr) -> R<()> {
        let o = &pi.operands;
        let load = pi.opcode == "ld";
        let t = match ty_of(&pi.mods) {
            Some(t) => t,
            None => return self.err("missing type modifier"),
        };
        let sp = ["global", "shared", "local", "const", "param"].iter().position(|&s| pi.has(s));
        let sp = match sp {
            Some(s) => s as u8,
            None => space::GENERIC,
        };
        let (mem, val) = if load { (&o[1], &o[0]) } else { (&o[0], &o[1]) };
        let (base, off) = if sp == space::PARAM {
            match mem {
                Operand::Mem { base: Some(b), offset } => match &**b {
                    Operand::Sym(s) => match self.params.get(s).map(|p| p.offset) {
                        Some(po) => (self.movi(0), po.wrapping_add(*offset as u32)),
                        None => return self.err(format!("unknown parameter {s}")),
                    },
                    _ => return self.unsupported("parameter addresses in registers"),
                },
                _ => return self.err("expected [param]"),
            }
        } else {
            self.address(mem)?
        };
        let sz = match t {
            Ty::U8 | Ty::B8 => size::U8,
            Ty::S8 => size::S8,
            Ty::U16 | Ty::B16 | Ty::F16 => size::U16,
            Ty::S16 => size::S16,
            Ty::Pred => return self.err("ld/st of .pred"),
            _ => size::B32,
        };
        // a vector access (.v2, .v4) is one access per element, at consecutive addresses
        let elems: Vec<&Operand> = match (val, pi.has("v2") || pi.has("v4")) {
            (Operand::Vec(v), true) if v.len() == if pi.has("v2") { 2 } else { 4 } => v.iter().collect(),
            (_, true) => return self.err("a .v2/.v4 access needs a vector of 2/4 registers {a, b, ...}"),
            (v, false) => vec![v],
        };
        let mut words: Vec<(u32, u32)> = vec![];
        let mut widen = vec![];
        for (k, val) in elems.into_iter().enumerate() {
            let at = k as u32 * t.bytes();
            if is64(t) {
                let (l, h) = if load { self.dst64(val)? } else { self.src64(val)? };
                words.extend([(l, at), (h, at + 4)]);
            } else if load && matches!(val, Operand::Reg(n) if matches!(self.reg(n), Ok(PReg::R64(..)))) {
                // a load into a wider register: extended by the type to 64 bits
                let (dl, dh) = self.dst64(val)?;
                let w = self.r();
                words.push((w, at));
                widen.push((dl, dh, w));
            } else if load {
                words.push((self.dst32(val)?, at));
            } else {
                words.push((self.src32(val)?, at));
            }
        }
        // a multi-word load writes temporaries first: a destination may be the address
        let mut finals = vec![];
        if load && words.len() > 1 {
            for w in words.iter_mut() {
                let t = self.r();
                finals.push((w.0, t));
                w.0 = t;
            }
        }
        for (r, extra) in words {
            let mut i = Self::ins(if load { op::LD } else { op::ST });
            i.space = sp;
            i.size = sz;
            i.imm = off.wrapping_add(extra);
            if load {
                self.emit(i, Some((F::D, V::R(r))), vec![(F::A, V::R(base))]);
            } else {
                self.emit(i, None, vec![(F::A, V::R(base)), (F::D, V::R(r))]);
            }
        }
        for (d, t) in finals {
            self.mov(d, t);
        }
        for (dl, dh, w) in widen {
            let hi = if is_signed(t) {
                let k = self.movi(31);
                let mut i = Self::ins(op::SHR);
                i.signed = true;
                let h = self.r();
                self.alu(i, h, &[w, k]);
                h
            } else {
                self.movi(0)
            };
            self.mov(dl, w);
            self.mov(dh, hi);
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// Analyses on the micro-op list.

fn succs(ops: &[MOp], labels: &HashMap<String, usize>, k: usize) -> Vec<usize> {
    let n = ops.len();
    let next = if k + 1 < n { vec![k + 1] } else { vec![] };
    let m = &ops[k];
    if m.is_branch() {
        let t = m.target.as_ref().and_then(|l| labels.get(l)).copied();
        let mut v: Vec<usize> = t.into_iter().collect();
        if m.guarded() {
            v.extend(next);
        }
        v
    } else if m.is_exit() {
        if m.guarded() {
            next
        } else {
            vec![]
        }
    } else {
        next
    }
}

struct Bits {
    w: usize,
    v: Vec<u64>,
}

impl Bits {
    fn new(rows: usize, bits: usize) -> Bits {
        let w = bits.div_ceil(64).max(1);
        Bits { w, v: vec![0; rows * w] }
    }
    fn row(&self, r: usize) -> &[u64] {
        &self.v[r * self.w..(r + 1) * self.w]
    }
    fn set(&mut self, r: usize, b: usize) {
        self.v[r * self.w + b / 64] |= 1 << (b % 64);
    }
    fn get(&self, r: usize, b: usize) -> bool {
        self.v[r * self.w + b / 64] >> (b % 64) & 1 == 1
    }
}

/// Virtual register -> dense index (registers first, then predicates).
fn vidx(v: V, nr: u32) -> usize {
    match v {
        V::R(r) => r as usize,
        V::P(p) => (nr + p) as usize,
    }
}

/// live_out per op.
fn liveness(ops: &[MOp], labels: &HashMap<String, usize>, nv: usize, nr: u32) -> Bits {
    let n = ops.len();
    let mut live_in = Bits::new(n, nv);
    let mut live_out = Bits::new(n, nv);
    let ss: Vec<Vec<usize>> = (0..n).map(|k| succs(ops, labels, k)).collect();
    let w = live_in.w;
    let mut changed = true;
    while changed {
        changed = false;
        for k in (0..n).rev() {
            let mut out = vec![0u64; w];
            for &s in &ss[k] {
                for (o, x) in out.iter_mut().zip(live_in.row(s)) {
                    *o |= x;
                }
            }
            let mut inn = out.clone();
            for d in ops[k].def.map(|d| d.1).into_iter().chain(ops[k].def_hi) {
                if !ops[k].guarded() || ops[k].fresh {
                    let b = vidx(d, nr);
                    inn[b / 64] &= !(1 << (b % 64));
                }
            }
            for &(_, u) in &ops[k].uses {
                let b = vidx(u, nr);
                inn[b / 64] |= 1 << (b % 64);
            }
            if out != live_out.row(k) {
                live_out.v[k * w..(k + 1) * w].copy_from_slice(&out);
                changed = true;
            }
            if inn != live_in.row(k) {
                live_in.v[k * w..(k + 1) * w].copy_from_slice(&inn);
                changed = true;
            }
        }
    }
    live_out
}

fn label_map(ops: &[MOp]) -> HashMap<String, usize> {
    ops.iter().enumerate().filter_map(|(k, m)| m.label.clone().map(|l| (l, k))).collect()
}

/// Removes side-effect-free ops whose result is dead, until none is left.
fn dce(ops: &mut Vec<MOp>, nv: usize, nr: u32) {
    loop {
        let labels = label_map(ops);
        let lo = liveness(ops, &labels, nv, nr);
        let keep: Vec<bool> = (0..ops.len())
            .map(|k| {
                ops[k].side_effect()
                    || ops[k].def.map_or(true, |(_, d)| lo.get(k, vidx(d, nr)))
                    || ops[k].def_hi.is_some_and(|d| lo.get(k, vidx(d, nr)))
            })
            .collect();
        if keep.iter().all(|&x| x) {
            return;
        }
        let mut it = keep.iter();
        ops.retain(|_| *it.next().unwrap_or(&true));
    }
}

/// Greedy colouring of the interference graph in order of first definition; returns (reg
/// colours, pred colours, #regs, #preds). A register pair of a binary64 op (`pairs`: lo,
/// hi) gets an even register and the next one; the registers moved into and out of pairs
/// take their partner's colour when they can (the moves then vanish).
fn allocate(ops: &[MOp], nv: usize, nr: u32, pairs: &[(u32, u32)]) -> (Vec<u32>, u32, u32) {
    let labels = label_map(ops);
    let lo = liveness(ops, &labels, nv, nr);
    let mut adj = Bits::new(nv, nv);
    let mut partners: Vec<Vec<usize>> = vec![vec![]; nv];
    for (k, m) in ops.iter().enumerate() {
        // a move's source and destination may share a register (the move then vanishes)
        let mv_src = if m.label.is_none() && m.i.op == op::MOV && !m.guarded() { m.uses.first().map(|u| vidx(u.1, nr)) } else { None };
        if let (Some((_, d)), Some(s)) = (m.def, mv_src) {
            partners[vidx(d, nr)].push(s);
            partners[s].push(vidx(d, nr));
        }
        let defs: Vec<usize> = m.def.map(|d| d.1).into_iter().chain(m.def_hi).map(|d| vidx(d, nr)).collect();
        for &di in &defs {
            for v in 0..nv {
                if v != di && Some(v) != mv_src && (lo.get(k, v) || defs.contains(&v)) {
                    adj.set(di, v);
                    adj.set(v, di);
                }
            }
        }
    }
    // pair partners: (other vreg, +1 if it is the high one, -1 if the low one)
    let mut pair_of: Vec<Option<(usize, i64)>> = vec![None; nv];
    for &(l, h) in pairs {
        let (l, h) = (vidx(V::R(l), nr), vidx(V::R(h), nr));
        pair_of[l] = Some((h, 1));
        pair_of[h] = Some((l, -1));
    }
    // order: first definition
    let mut order = vec![];
    let mut seen = vec![false; nv];
    for m in ops {
        for v in m.uses.iter().map(|u| u.1).chain(m.def.map(|d| d.1)).chain(m.def_hi) {
            let i = vidx(v, nr);
            if !seen[i] {
                seen[i] = true;
                order.push(i);
            }
        }
    }
    let mut color = vec![u32::MAX; nv];
    let used = |color: &[u32], v: usize| -> Vec<u32> {
        (0..nv).filter(|&u| adj.get(v, u) && color[u] != u32::MAX && ((u < nr as usize) == (v < nr as usize))).map(|u| color[u]).collect()
    };
    let (mut nregs, mut npreds) = (0u32, 0u32);
    for &v in &order {
        if color[v] != u32::MAX {
            continue;
        }
        let uv = used(&color, v);
        let prefer: Vec<u32> = partners[v].iter().map(|&p| color[p]).filter(|&c| c != u32::MAX).collect();
        match pair_of[v] {
            Some((w, dir)) => {
                // the pair's low vreg gets c (even), the high one c + 1
                let (l, h) = if dir > 0 { (v, w) } else { (w, v) };
                let (ul, uh) = if dir > 0 { (uv, used(&color, w)) } else { (used(&color, w), uv) };
                let ok = |c: u32| c % 2 == 0 && !ul.contains(&c) && !uh.contains(&(c + 1));
                let pref = prefer.iter().map(|&c| if dir > 0 { c } else { c.wrapping_sub(1) }).find(|&c| ok(c));
                let c = pref.unwrap_or_else(|| (0..).step_by(2).find(|&c| ok(c)).unwrap_or(0));
                color[l] = c;
                color[h] = c + 1;
                nregs = nregs.max(c + 2);
            }
            None => {
                // (the preference only for the moves around pairs: kernels without binary64
                // ops keep the plain greedy colouring)
                let pref = if partners[v].iter().any(|&p| pair_of[p].is_some()) { prefer.iter().copied().find(|c| !uv.contains(c)) } else { None };
                let c = pref.unwrap_or_else(|| (0..).find(|c| !uv.contains(c)).unwrap_or(0));
                color[v] = c;
                if v < nr as usize {
                    nregs = nregs.max(c + 1);
                } else {
                    npreds = npreds.max(c + 1);
                }
            }
        }
    }
    (color, nregs, npreds)
}

/// Register allocation within the machine's limits: while more than 7 predicates are
/// needed, the predicate live at the most ops is spilled to a general register (`selp` 1/0
/// after each definition, `isetp.ne` before each use); while more than `cap` registers are
/// needed, the constant (a register defined once, by `movi`) live at the most ops is
/// rematerialized before each use. Returns `allocate`'s result for the final ops.
fn allocate_within(ops: &mut Vec<MOp>, nr: &mut u32, np: &mut u32, pairs: &[(u32, u32)], cap: u32) -> (Vec<u32>, u32, u32) {
    // spilled or rematerialized already, or made by doing so (reloads, constants)
    let (first_r, first_p) = (*nr, *np);
    let mut done: Vec<V> = vec![];
    loop {
        let nv = (*nr + *np) as usize;
        dce(ops, nv, *nr);
        let (color, nregs, npreds) = allocate(ops, nv, *nr, pairs);
        let preds = npreds > 7;
        if !preds && nregs <= cap {
            return (color, nregs, npreds);
        }
        // the candidate live at the most ops
        let lo = liveness(ops, &label_map(ops), nv, *nr);
        let mut defs: HashMap<V, Vec<usize>> = HashMap::new();
        for (k, m) in ops.iter().enumerate() {
            for d in m.def.map(|d| d.1).into_iter().chain(m.def_hi) {
                defs.entry(d).or_default().push(k);
            }
        }
        let ok = |v: V| match v {
            V::P(_) => preds,
            V::R(r) => {
                !preds
                    && defs.get(&v).is_some_and(|d| d.len() == 1 && ops[d[0]].i.op == op::MOVI && !ops[d[0]].guarded())
                    && !pairs.iter().any(|&(l, h)| l == r || h == r)
            }
        };
        let cands: Vec<V> = (0..first_p).map(V::P).chain((0..first_r).map(V::R)).filter(|&v| ok(v) && !done.contains(&v)).collect();
        let best = cands.into_iter().max_by_key(|&v| (0..ops.len()).filter(|&k| lo.get(k, vidx(v, *nr))).count());
        let Some(v) = best else {
            return (color, nregs, npreds);
        };
        done.push(v);
        let mut out = Vec::with_capacity(ops.len() + 16);
        let spill = match v {
            V::P(_) => {
                *nr += 1;
                Some(*nr - 1)
            }
            V::R(_) => None,
        };
        let imm = match v {
            V::R(_) => defs[&v].first().map(|&k| ops[k].i.imm).unwrap_or(0),
            V::P(_) => 0,
        };
        let base = |m: &MOp, i: Instr| MOp { i, def: None, def_hi: None, uses: vec![], target: None, label: None, src: m.src, fresh: true, raw: m.raw };
        let movi = |nr: &mut u32, m: &MOp, val: u32| {
            let mut i = Tx::ins(op::MOVI);
            i.imm = val;
            *nr += 1;
            (MOp { def: Some((F::D, V::R(*nr - 1))), ..base(m, i) }, *nr - 1)
        };
        for m in ops.drain(..) {
            let mut m = m;
            if m.label.is_none() && m.uses.iter().any(|u| u.1 == v) {
                // reload before the use
                let new = match (v, spill) {
                    (V::P(_), Some(r)) => {
                        let (z, zr) = movi(nr, &m, 0);
                        out.push(z);
                        let mut i = Tx::ins(op::ISETP);
                        i.cmp = heddle_hw::isa::cmp::NE as u8;
                        *np += 1;
                        out.push(MOp { def: Some((F::D, V::P(*np - 1))), uses: vec![(F::A, V::R(r)), (F::B, V::R(zr))], ..base(&m, i) });
                        V::P(*np - 1)
                    }
                    _ => {
                        let (c, cr) = movi(nr, &m, imm);
                        out.push(c);
                        V::R(cr)
                    }
                };
                for u in m.uses.iter_mut().filter(|u| u.1 == v) {
                    u.1 = new;
                }
            }
            let defines = m.def.is_some_and(|d| d.1 == v);
            let guard: Vec<(F, V)> = m.uses.iter().filter(|u| u.0 == F::Guard).copied().collect();
            let (gneg, fresh) = (m.i.guard.neg, m.fresh);
            out.push(m);
            if let (true, Some(r)) = (defines, spill) {
                // save after the definition (under its guard)
                let m = out.last().expect("just pushed");
                let (one, one_r) = movi(nr, m, 1);
                let (zero, zero_r) = movi(nr, m, 0);
                let mut i = Tx::ins(op::SELP);
                i.guard.neg = gneg;
                let mut uses = vec![(F::A, V::R(one_r)), (F::B, V::R(zero_r)), (F::Psrc, v)];
                uses.extend(guard);
                let sel = MOp { def: Some((F::D, V::R(r))), uses, fresh, ..base(m, i) };
                out.push(one);
                out.push(zero);
                out.push(sel);
            }
        }
        *ops = out;
    }
}

/// Immediate post-dominator (as an op index, or None for the exit) of every op.
fn ipdoms(ops: &[MOp], labels: &HashMap<String, usize>) -> Vec<Option<usize>> {
    let n = ops.len();
    let exit = n; // virtual exit node
    let ss: Vec<Vec<usize>> = (0..n).map(|k| succs(ops, labels, k)).collect();
    let mut pd = Bits::new(n + 1, n + 1);
    for k in 0..=n {
        for b in 0..=n {
            pd.set(k, b); // start from "everything" (except the exit row below)
        }
    }
    let w = pd.w;
    pd.v[exit * w..(exit + 1) * w].fill(0);
    pd.set(exit, exit);
    let mut changed = true;
    while changed {
        changed = false;
        for k in (0..n).rev() {
            let mut row = vec![!0u64; w];
            let succ: Vec<usize> = if ss[k].is_empty() { vec![exit] } else { ss[k].clone() };
            for s in succ {
                for (r, x) in row.iter_mut().zip(pd.row(s)) {
                    *r &= x;
                }
            }
            row[k / 64] |= 1 << (k % 64);
            // clear bits beyond n
            for b in (n + 1)..(w * 64) {
                row[b / 64] &= !(1 << (b % 64));
            }
            if row != pd.row(k) {
                pd.v[k * w..(k + 1) * w].copy_from_slice(&row);
                changed = true;
            }
        }
    }
    let count = |r: usize| pd.row(r).iter().map(|x| x.count_ones()).sum::<u32>();
    (0..n)
        .map(|k| {
            let mut best: Option<(u32, usize)> = None;
            for s in 0..n {
                if s != k && pd.get(k, s) {
                    let c = count(s);
                    if best.map_or(true, |(bc, _)| c > bc) {
                        best = Some((c, s));
                    }
                }
            }
            best.map(|b| b.1)
        })
        .collect()
}

/// Translates kernel `name` of `m` (the first kernel when `name` is None).
pub fn translate(m: &Module, name: Option<&str>, opts: Options) -> Result<Kernel, PtxError> {
    let e: &Entry = match name {
        Some(n) => match m.entries.iter().find(|e| e.name == n) {
            Some(e) => e,
            None => {
                return Err(PtxError { file: m.file.clone(), loc: Loc::default(), instr: None, msg: format!("no kernel named '{n}'") })
            }
        },
        None => match m.entries.first() {
            Some(e) => e,
            None => return Err(PtxError { file: m.file.clone(), loc: Loc::default(), instr: None, msg: "no kernel (.entry) in the file".into() }),
        },
    };
    // device functions inlined, call sequences' variables in registers or local memory
    let e = super::inline::inline_calls(m, e)?;
    let e: &Entry = &e;
    let mut tx = Tx {
        file: &m.file,
        regs: HashMap::new(),
        decls: HashMap::new(),
        nr: 0,
        np: 0,
        ops: vec![],
        srcs: vec![],
        cur_src: 0,
        cur: None,
        params: HashMap::new(),
        symbols: HashMap::new(),
        globals: HashMap::new(),
        bar_red_base: None,
        opts,
        raw: false,
        pairs: vec![],
    };
    let decl_err = |loc: Loc, msg: String| PtxError { file: m.file.clone(), loc, instr: None, msg };
    // the module-level variables this kernel names
    let named: std::collections::HashSet<&str> = e
        .body
        .iter()
        .filter_map(|s| match s {
            Stmt::Instr(i) => Some(i),
            _ => None,
        })
        .flat_map(|i| i.operands.iter())
        .flat_map(|o| {
            let mut v = vec![];
            let mut stack = vec![o];
            while let Some(o) = stack.pop() {
                match o {
                    Operand::Sym(s) => v.push(s.as_str()),
                    Operand::Mem { base: Some(b), .. } | Operand::Neg(b) | Operand::Not(b) => stack.push(b),
                    Operand::Vec(x) => stack.extend(x.iter()),
                    Operand::Pair(a, b) => {
                        stack.push(a);
                        stack.push(b);
                    }
                    _ => {}
                }
            }
            v
        })
        .collect();
    let module_vars: Vec<&super::VarDecl> = m.vars.iter().filter(|v| named.contains(v.name.as_str())).collect();
    for d in &e.regs {
        match tx.decls.insert(d.prefix.clone(), (d.ty, d.count)) {
            Some(old) if old != (d.ty, d.count) => {
                return Err(decl_err(d.loc, format!("register {} declared twice, differently", d.prefix)));
            }
            _ => {}
        }
    }
    let mut poff = 0u32;
    let mut params = vec![];
    for p in &e.params {
        let el = p.ty.bytes();
        let size = el * p.array.unwrap_or(1);
        let align = p.align.unwrap_or(el).max(1);
        if !align.is_power_of_two() || size > 4096 {
            return Err(decl_err(p.loc, format!("parameter {}: bad alignment or size", p.name)));
        }
        poff = poff.div_ceil(align) * align;
        let s = ParamSlot { name: p.name.clone(), offset: poff, size, ty: p.ty };
        tx.params.insert(p.name.clone(), s.clone());
        params.push(s);
        poff += size;
    }
    let mut soff = 0u32;
    let mut shared_vars = vec![];
    let mut local = 0u32;
    let mut coff = 0u32;
    let mut const_vars = vec![];
    let mut const_init = vec![];
    let mut global_vars = vec![];
    let mut dynamic_shared = None;
    for v in module_vars.iter().copied().chain(e.vars.iter()) {
        if v.space == "shared" && v.array == Some(0) {
            // extern shared array: the dynamic shared memory, after the static variables
            dynamic_shared = Some(v);
            continue;
        }
        if v.space == "const" {
            let size = v.ty.bytes().saturating_mul(v.array.unwrap_or(1));
            let align = v.align.unwrap_or(v.ty.bytes()).max(1);
            if !align.is_power_of_two() || size > 64 << 10 {
                return Err(decl_err(v.loc, format!("variable {}: bad alignment or size", v.name)));
            }
            coff = coff.div_ceil(align) * align;
            tx.symbols.insert(v.name.clone(), coff);
            const_vars.push((v.name.clone(), coff, size));
            const_init.resize(coff as usize, 0);
            const_init.extend_from_slice(&v.init);
            coff += size;
            continue;
        }
        if v.space == "global" {
            let size = v.ty.bytes().saturating_mul(v.array.unwrap_or(1));
            let align = v.align.unwrap_or(v.ty.bytes()).max(1);
            if !align.is_power_of_two() || align > 256 || size > 64 << 20 {
                return Err(decl_err(v.loc, format!("variable {}: bad alignment or size", v.name)));
            }
            poff = poff.div_ceil(4) * 4;
            tx.globals.insert(v.name.clone(), poff);
            global_vars.push(GlobalVar { name: v.name.clone(), size, align, init: v.init.clone(), param_offset: poff });
            poff += 4;
            continue;
        }
        let size = v.ty.bytes().saturating_mul(v.array.unwrap_or(1));
        let align = v.align.unwrap_or(v.ty.bytes()).max(1);
        if !align.is_power_of_two() || size > 1 << 20 {
            return Err(decl_err(v.loc, format!("variable {}: bad alignment or size", v.name)));
        }
        if v.space == "shared" {
            soff = soff.div_ceil(align) * align;
            tx.symbols.insert(v.name.clone(), soff);
            shared_vars.push((v.name.clone(), soff, size));
            soff += size;
        } else if v.space == "local" {
            // per-thread local memory, addresses from 0 in declaration order
            local = local.div_ceil(align) * align;
            tx.symbols.insert(v.name.clone(), local);
            local += size;
        } else {
            return Err(decl_err(v.loc, format!("not yet supported: .{} variable {}", v.space, v.name)));
        }
    }
    // the lock of the 64-bit atomics, a global variable of its own
    if e.body.iter().any(|s| matches!(s, Stmt::Instr(i) if matches!(i.opcode.as_str(), "atom" | "red") && ty_of(&i.mods).is_some_and(is64))) {
        poff = poff.div_ceil(4) * 4;
        tx.globals.insert(lower_int::ATOM64_LOCK.into(), poff);
        global_vars.push(GlobalVar { name: lower_int::ATOM64_LOCK.into(), size: 4, align: 4, init: vec![], param_offset: poff });
        poff += 4;
    }
    if e.body.iter().any(|s| matches!(s, Stmt::Instr(i) if i.opcode == "bar" && i.has("red"))) {
        soff = soff.div_ceil(4) * 4;
        tx.bar_red_base = Some(soff);
        shared_vars.push(("__bar_red".into(), soff, 4 * lower_int::BAR_RED_WARPS));
        soff += 4 * lower_int::BAR_RED_WARPS;
    }
    if let Some(v) = dynamic_shared {
        let align = v.align.unwrap_or(v.ty.bytes()).max(16);
        soff = soff.div_ceil(align) * align;
        tx.symbols.insert(v.name.clone(), soff);
        shared_vars.push((v.name.clone(), soff, 0));
    }
    // instruction selection
    for s in &e.body {
        match s {
            Stmt::Label(l, _) => tx.ops.push(MOp { i: Instr::default(), def: None, def_hi: None, uses: vec![], target: None, label: Some(l.clone()), src: tx.cur_src, fresh: false, raw: false }),
            Stmt::Instr(pi) => {
                tx.cur = Some(pi);
                tx.srcs.push(SrcRef { loc: pi.loc, instr: pi.full_name() });
                tx.cur_src = tx.srcs.len() - 1;
                let start = tx.ops.len();
                tx.instr(pi)?;
                if let Some((neg, g)) = &pi.guard {
                    let p = tx.pred(&Operand::Reg(g.clone()))?;
                    let named: std::collections::HashSet<V> = tx
                        .regs
                        .values()
                        .flat_map(|r| match *r {
                            PReg::R32(x) => vec![V::R(x)],
                            PReg::R64(l, h) => vec![V::R(l), V::R(h)],
                            PReg::Pred(x) => vec![V::P(x)],
                        })
                        .collect();
                    // every micro-op of the sequence is guarded (the sequences only write
                    // temporaries before their final moves, so guarding all is exact)
                    for m in &mut tx.ops[start..] {
                        if m.label.is_none() && !m.raw {
                            if m.guarded() {
                                return Err(PtxError {
                                    file: tx.file.to_string(),
                                    loc: pi.loc,
                                    instr: Some(pi.full_name()),
                                    msg: "not yet supported: a guarded PTX instruction whose microcode is itself predicated".into(),
                                });
                            }
                            m.i.guard = Guard { pred: 0, neg: *neg };
                            m.uses.push((F::Guard, V::P(p)));
                            m.fresh = m.def.is_some_and(|(_, v)| !named.contains(&v));
                        }
                    }
                }
            }
        }
    }
    // labels must exist
    let labels = label_map(&tx.ops);
    for m in &tx.ops {
        if let Some(t) = &m.target {
            if !labels.contains_key(t) {
                let s = &tx.srcs[m.src];
                return Err(PtxError { file: tx.file.to_string(), loc: s.loc, instr: Some(s.instr.clone()), msg: format!("undefined label {t}") });
            }
        }
    }
    if tx.opts.g80_mad {
        contract_mad(&mut tx.ops, tx.nr, tx.np);
    }
    let mut ops = std::mem::take(&mut tx.ops);
    let cap = if tx.opts.max_regs == 0 { isa::NUM_REGS as u32 } else { tx.opts.max_regs.min(isa::NUM_REGS as u32) };
    let (color, nregs, npreds) = allocate_within(&mut ops, &mut tx.nr, &mut tx.np, &tx.pairs, cap);
    let nr = tx.nr;
    if nregs > cap {
        return Err(decl_err(e.loc, format!("kernel {} needs {nregs} registers per thread (at most {cap}{})", e.name, if cap < isa::NUM_REGS as u32 { " for its CTA size" } else { "" })));
    }
    if npreds > 7 {
        return Err(decl_err(e.loc, format!("kernel {} needs {npreds} predicate registers (at most 7)", e.name)));
    }
    // layout
    let labels = label_map(&ops);
    let ip = ipdoms(&ops, &labels);
    // moves whose source and destination got the same register vanish
    let vanish: Vec<bool> = ops
        .iter()
        .map(|m| {
            m.label.is_none()
                && m.i.op == op::MOV
                && !m.guarded()
                && match (m.def, m.uses.first()) {
                    (Some((_, d)), Some(&(_, a))) => color[vidx(d, nr)] == color[vidx(a, nr)],
                    _ => false,
                }
        })
        .collect();
    let mut pc_of = vec![0u32; ops.len() + 1];
    let mut pc = 0u32;
    for (k, m) in ops.iter().enumerate() {
        pc_of[k] = pc;
        if m.label.is_none() && !vanish[k] {
            pc += 1;
        }
    }
    pc_of[ops.len()] = pc;
    let mut code = vec![];
    let mut src = vec![];
    for (k, m) in ops.iter().enumerate() {
        if m.label.is_some() || vanish[k] {
            continue;
        }
        let mut i = m.i;
        let phys = |v: V| color[vidx(v, nr)] as u8;
        if let Some((f, v)) = m.def {
            set_field(&mut i, f, phys(v));
        }
        for &(f, v) in &m.uses {
            set_field(&mut i, f, phys(v));
        }
        if m.is_branch() {
            let t = m.target.as_ref().and_then(|l| labels.get(l)).copied().unwrap_or(0);
            i.imm = pc_of[t];
            if m.guarded() && !i.uni {
                i.rpc = match ip[k] {
                    Some(p) => pc_of[p],
                    None => RPC_EXIT,
                };
            } else {
                i.uni = true;
                i.rpc = 0;
            }
        }
        if let Err(er) = isa::validate(&i) {
            let s = &tx.srcs[m.src];
            return Err(PtxError { file: tx.file.to_string(), loc: s.loc, instr: Some(s.instr.clone()), msg: format!("internal: invalid microcode: {er}") });
        }
        code.push(i);
        src.push(tx.srcs[m.src].clone());
    }
    Ok(Kernel {
        file: m.file.clone(),
        name: e.name.clone(),
        code,
        src,
        regs_per_thread: nregs,
        preds_per_thread: npreds,
        params,
        param_bytes: poff,
        shared_vars,
        shared_bytes: soff,
        local_bytes: local,
        const_vars,
        const_bytes: coff,
        const_init: {
            const_init.resize(coff as usize, 0);
            const_init
        },
        global_vars,
    })
}

/// The memory space of `atom`/`red` `pi`: shared, global, or without one a generic
/// address.
fn atom_space(pi: &PInstr) -> u8 {
    if pi.has("shared") {
        space::SHARED
    } else if pi.has("global") {
        space::GLOBAL
    } else {
        space::GENERIC
    }
}

fn set_field(i: &mut Instr, f: F, r: u8) {
    match f {
        F::D => i.d = r,
        F::A => i.a = r,
        F::B => i.b = r,
        F::C => i.c = r,
        F::Psrc => i.psrc = r,
        F::Guard => i.guard.pred = r,
        F::Hi => {}
    }
}

/// The G80 MAD option: `t = fmul a, b` (rn, no sat, unguarded) whose only use is an
/// unguarded `d = fadd t, c` / `fadd c, t` (rn, no sat) later in the same straight-line
/// run becomes `d = fmad a, b, c`; the fmul dies and DCE removes it.
fn contract_mad(ops: &mut [MOp], nr: u32, np: u32) {
    let nv = (nr + np) as usize;
    let mut uses = vec![0u32; nv];
    for m in ops.iter() {
        for &(_, u) in &m.uses {
            uses[vidx(u, nr)] += 1;
        }
    }
    for k in 0..ops.len() {
        let m = &ops[k];
        if m.label.is_some() || m.i.op != op::FMUL || m.guarded() || m.i.rnd != 0 || m.i.sat {
            continue;
        }
        let Some((_, V::R(t))) = m.def else { continue };
        if uses[t as usize] != 1 {
            continue;
        }
        let (a, b) = match (m.uses.first(), m.uses.get(1)) {
            (Some(&(_, V::R(a))), Some(&(_, V::R(b)))) => (a, b),
            _ => continue,
        };
        // find the use in the same straight-line run; a and b must not be redefined before it
        let mut j = k + 1;
        while j < ops.len() && ops[j].label.is_none() && !ops[j].is_branch() && !ops[j].is_exit() {
            let n = &ops[j];
            if n.uses.iter().any(|&(_, u)| u == V::R(t)) {
                if n.i.op == op::FADD && !n.guarded() && n.i.rnd == 0 && !n.i.sat && n.uses.len() == 2 {
                    let other = if n.uses[0].1 == V::R(t) { n.uses[1].1 } else { n.uses[0].1 };
                    if let V::R(c) = other {
                        let mut i = Instr { op: op::FMAD, ..Default::default() };
                        i.guard = n.i.guard;
                        let def = n.def;
                        ops[j] = MOp {
                            i,
                            def,
                            def_hi: None,
                            uses: vec![(F::A, V::R(a)), (F::B, V::R(b)), (F::C, V::R(c))],
                            target: None,
                            label: None,
                            src: ops[j].src,
                            fresh: false,
                            raw: false,
                        };
                    }
                }
                break;
            }
            if matches!(n.def, Some((_, V::R(x))) if x == a || x == b) {
                break;
            }
            j += 1;
        }
    }
}
