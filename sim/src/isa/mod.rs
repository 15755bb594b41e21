//! heddle's microinstruction set (docs/isa.md): the decoded form [`Instr`], the 64-bit
//! binary encoding ([`encode`], [`decode`]), and the text assembler / disassembler
//! ([`asm`]).
//!
//! Op codes 0..=42 are exactly the SP datapath op codes of
//! [`crate::golden::sp_datapath`] (0..=24 the integer ALU's, 32..=42 the FP ones), so the
//! SP class of an instruction decodes into an `SpOp` with no translation table.
pub mod asm;

use crate::golden::{int_alu, sp_datapath};

/// Architectural limits of the encoding.
pub const NUM_REGS: u8 = 128;
/// p0..p6 are writable; index 7 is `pt`, always true (writes to it are discarded).
pub const PT: u8 = 7;
/// Branch target / reconvergence fields are 24 bits (instruction indices).
pub const MAX_PC: u32 = (1 << 24) - 1;

/// Instruction classes (the functional unit an instruction issues to).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Sp,
    Sfu,
    Fma,
    LdSt,
    Control,
}

/// Layout of the 64 bits (docs/isa.md, "Encoding").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// d, a, b, c register fields and the 25-bit modifier field.
    R,
    /// d, a registers, 7-bit modifier field, 32-bit immediate.
    I,
    /// uni flag, 24-bit target, 24-bit reconvergence PC.
    C,
}

/// What an operand slot of the text form holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opnd {
    /// Destination register (field d).
    D,
    /// Destination predicate (field d, 0..=7).
    Pd,
    /// Source register in a, b or c, with the `|x|` / `-x` modifiers when the op uses them.
    A,
    B,
    C,
    /// Source predicates in a / b (plop) with optional `!`.
    Pa,
    Pb,
    /// Predicate source of selp (psrc field).
    Ps,
    /// Special register index in field a.
    Sreg,
    /// 32-bit immediate.
    Imm,
    /// `[rA+imm]` memory operand.
    Mem,
    /// `[rA]` memory operand of atom.
    MemR,
    /// Store data register (field d).
    Sd,
    /// Branch target and reconvergence PC (format C).
    Target,
    Rpc,
    /// Barrier number in the immediate (0..=15).
    BarId,
}

/// Modifier fields an op uses (bit set).
pub mod fld {
    pub const CMP_INT: u32 = 1 << 0;
    pub const CMP_FP: u32 = 1 << 1;
    pub const RND2: u32 = 1 << 2; // rn / rz only
    pub const RND4: u32 = 1 << 3; // rn rz rm rp
    pub const KIND: u32 = 1 << 4;
    pub const SIGNED: u32 = 1 << 5;
    pub const SAT: u32 = 1 << 6;
    pub const MODS: u32 = 1 << 7; // source modifiers on the used FP sources
    pub const SUB: u32 = 1 << 8; // op-specific sub-op (plop, rro, atom op)
    pub const SPACE: u32 = 1 << 9; // memory space + size (I-format m7, or R-format atom)
    pub const UNI: u32 = 1 << 10;
}

/// One op code's definition.
#[derive(Debug, Clone, Copy)]
pub struct OpDef {
    pub code: u8,
    pub name: &'static str,
    pub class: Class,
    pub format: Format,
    pub operands: &'static [Opnd],
    pub fields: u32,
}

use Opnd::*;

macro_rules! d {
    ($code:expr, $name:expr, $class:ident, $fmt:ident, [$($o:ident),*], $f:expr) => {
        OpDef { code: $code, name: $name, class: Class::$class, format: Format::$fmt, operands: &[$($o),*], fields: $f }
    };
}

/// Op codes (docs/isa.md, "Op codes").
pub mod op {
    use super::int_alu::op as i;
    use super::sp_datapath::op as f;
    pub const IADD: u8 = i::ADD as u8;
    pub const ISUB: u8 = i::SUB as u8;
    pub const IADDSAT: u8 = i::ADD_SAT as u8;
    pub const ISUBSAT: u8 = i::SUB_SAT as u8;
    pub const IMUL: u8 = i::MUL_LO as u8;
    pub const IMULHI: u8 = i::MUL_HI as u8;
    pub const IMUL24: u8 = i::MUL24_LO as u8;
    pub const IMUL24HI: u8 = i::MUL24_HI as u8;
    pub const IMAD: u8 = i::MAD_LO as u8;
    pub const IMADHI: u8 = i::MAD_HI as u8;
    pub const IMAD24: u8 = i::MAD24_LO as u8;
    pub const IMAD24HI: u8 = i::MAD24_HI as u8;
    pub const IMIN: u8 = i::MIN as u8;
    pub const IMAX: u8 = i::MAX as u8;
    pub const IABS: u8 = i::ABS as u8;
    pub const INEG: u8 = i::NEG as u8;
    pub const AND: u8 = i::AND as u8;
    pub const OR: u8 = i::OR as u8;
    pub const XOR: u8 = i::XOR as u8;
    pub const NOT: u8 = i::NOT as u8;
    pub const CNOT: u8 = i::CNOT as u8;
    pub const SHL: u8 = i::SHL as u8;
    pub const SHR: u8 = i::SHR as u8;
    pub const ISETP: u8 = i::SETP as u8;
    pub const SELP: u8 = i::SELP as u8;
    pub const FADD: u8 = f::FADD as u8;
    pub const FSUB: u8 = f::FSUB as u8;
    pub const FMUL: u8 = f::FMUL as u8;
    pub const FMAD: u8 = f::FMAD as u8;
    pub const FMIN: u8 = f::FMIN as u8;
    pub const FMAX: u8 = f::FMAX as u8;
    pub const FSETP: u8 = f::FSETP as u8;
    pub const FSET: u8 = f::FSET_U32 as u8;
    pub const FSETF: u8 = f::FSET_F32 as u8;
    pub const CVT: u8 = f::CVT as u8;
    pub const MOV: u8 = f::MOV as u8;
    pub const PLOP: u8 = 43;
    pub const S2R: u8 = 44;
    pub const MOVI: u8 = 45;
    pub const RCP: u8 = 64;
    pub const RSQ: u8 = 65;
    pub const LG2: u8 = 66;
    pub const EX2: u8 = 67;
    pub const SIN: u8 = 68;
    pub const COS: u8 = 69;
    pub const RRO: u8 = 70;
    pub const FFMA: u8 = 72;
    pub const DFMA: u8 = 73;
    pub const DADD: u8 = 74;
    pub const DMUL: u8 = 75;
    pub const LD: u8 = 80;
    pub const ST: u8 = 81;
    pub const ATOM: u8 = 82;
    pub const BRA: u8 = 96;
    pub const BAR: u8 = 97;
    pub const EXIT: u8 = 98;
    pub const NOP: u8 = 99;
}

use fld::*;

/// Every defined op code.
pub static OPS: &[OpDef] = &[
    d!(op::IADD, "iadd", Sp, R, [D, A, B], 0),
    d!(op::ISUB, "isub", Sp, R, [D, A, B], 0),
    d!(op::IADDSAT, "iaddsat", Sp, R, [D, A, B], 0),
    d!(op::ISUBSAT, "isubsat", Sp, R, [D, A, B], 0),
    d!(op::IMUL, "imul", Sp, R, [D, A, B], SIGNED),
    d!(op::IMULHI, "imulhi", Sp, R, [D, A, B], SIGNED),
    d!(op::IMUL24, "imul24", Sp, R, [D, A, B], SIGNED),
    d!(op::IMUL24HI, "imul24hi", Sp, R, [D, A, B], SIGNED),
    d!(op::IMAD, "imad", Sp, R, [D, A, B, C], SIGNED),
    d!(op::IMADHI, "imadhi", Sp, R, [D, A, B, C], SIGNED),
    d!(op::IMAD24, "imad24", Sp, R, [D, A, B, C], SIGNED),
    d!(op::IMAD24HI, "imad24hi", Sp, R, [D, A, B, C], SIGNED),
    d!(op::IMIN, "imin", Sp, R, [D, A, B], SIGNED),
    d!(op::IMAX, "imax", Sp, R, [D, A, B], SIGNED),
    d!(op::IABS, "iabs", Sp, R, [D, A], 0),
    d!(op::INEG, "ineg", Sp, R, [D, A], 0),
    d!(op::AND, "and", Sp, R, [D, A, B], 0),
    d!(op::OR, "or", Sp, R, [D, A, B], 0),
    d!(op::XOR, "xor", Sp, R, [D, A, B], 0),
    d!(op::NOT, "not", Sp, R, [D, A], 0),
    d!(op::CNOT, "cnot", Sp, R, [D, A], 0),
    d!(op::SHL, "shl", Sp, R, [D, A, B], 0),
    d!(op::SHR, "shr", Sp, R, [D, A, B], SIGNED),
    d!(op::ISETP, "isetp", Sp, R, [Pd, A, B], SIGNED | CMP_INT),
    d!(op::SELP, "selp", Sp, R, [D, A, B, Ps], 0),
    d!(op::FADD, "fadd", Sp, R, [D, A, B], RND2 | SAT | MODS),
    d!(op::FSUB, "fsub", Sp, R, [D, A, B], RND2 | SAT | MODS),
    d!(op::FMUL, "fmul", Sp, R, [D, A, B], RND2 | SAT | MODS),
    d!(op::FMAD, "fmad", Sp, R, [D, A, B, C], SAT | MODS),
    d!(op::FMIN, "fmin", Sp, R, [D, A, B], MODS),
    d!(op::FMAX, "fmax", Sp, R, [D, A, B], MODS),
    d!(op::FSETP, "fsetp", Sp, R, [Pd, A, B], CMP_FP | MODS),
    d!(op::FSET, "fset", Sp, R, [D, A, B], CMP_FP | MODS),
    d!(op::FSETF, "fsetf", Sp, R, [D, A, B], CMP_FP | MODS),
    d!(op::CVT, "cvt", Sp, R, [D, A], KIND | RND4),
    d!(op::MOV, "mov", Sp, R, [D, A], 0),
    d!(op::PLOP, "plop", Sp, R, [Pd, Pa, Pb], SUB),
    d!(op::S2R, "s2r", Sp, R, [D, Sreg], 0),
    d!(op::MOVI, "movi", Sp, I, [D, Imm], 0),
    d!(op::RCP, "rcp", Sfu, R, [D, A], MODS),
    d!(op::RSQ, "rsq", Sfu, R, [D, A], MODS),
    d!(op::LG2, "lg2", Sfu, R, [D, A], MODS),
    d!(op::EX2, "ex2", Sfu, R, [D, A], MODS),
    d!(op::SIN, "sin", Sfu, R, [D, A], MODS),
    d!(op::COS, "cos", Sfu, R, [D, A], MODS),
    d!(op::RRO, "rro", Sfu, R, [D, A], MODS | SUB),
    d!(op::FFMA, "ffma", Fma, R, [D, A, B, C], RND4 | SAT | MODS),
    d!(op::DFMA, "dfma", Fma, R, [D, A, B, C], RND4 | MODS),
    d!(op::DADD, "dadd", Fma, R, [D, A, B], RND4 | MODS),
    d!(op::DMUL, "dmul", Fma, R, [D, A, B], RND4 | MODS),
    d!(op::LD, "ld", LdSt, I, [D, Mem], SPACE),
    d!(op::ST, "st", LdSt, I, [Mem, Sd], SPACE),
    d!(op::ATOM, "atom", LdSt, R, [D, MemR, B, C], SPACE | SUB),
    d!(op::BRA, "bra", Control, C, [Target, Rpc], UNI),
    d!(op::BAR, "bar", Control, I, [BarId], 0),
    d!(op::EXIT, "exit", Control, C, [], 0),
    d!(op::NOP, "nop", Control, C, [], 0),
];

/// The definition of op code `code`, if defined.
pub fn opdef(code: u8) -> Option<&'static OpDef> {
    OPS.iter().find(|o| o.code == code)
}

/// The definition of mnemonic `name`, if defined.
pub fn opdef_by_name(name: &str) -> Option<&'static OpDef> {
    OPS.iter().find(|o| o.name == name)
}

/// Special registers (s2r), by index.
pub const SREGS: [&str; 16] = [
    "tid.x", "tid.y", "tid.z", "ntid.x", "ntid.y", "ntid.z", "ctaid.x", "ctaid.y", "ctaid.z", "nctaid.x", "nctaid.y",
    "nctaid.z", "laneid", "warpid", "clock", "nwarpid",
];

/// Memory spaces (the space field).
pub mod space {
    pub const GLOBAL: u8 = 0;
    pub const SHARED: u8 = 1;
    pub const LOCAL: u8 = 2;
    pub const CONST: u8 = 3;
    pub const PARAM: u8 = 4;
    pub const NAMES: [&str; 5] = ["global", "shared", "local", "const", "param"];
}

/// Access sizes (the size field).
pub mod size {
    pub const U8: u8 = 0;
    pub const S8: u8 = 1;
    pub const U16: u8 = 2;
    pub const S16: u8 = 3;
    pub const B32: u8 = 4;
    pub const B64: u8 = 5;
    pub const B128: u8 = 6;
    pub const NAMES: [&str; 7] = ["u8", "s8", "u16", "s16", "b32", "b64", "b128"];
    /// Bytes of an access.
    pub fn bytes(s: u8) -> u32 {
        match s {
            0 | 1 => 1,
            2 | 3 => 2,
            4 => 4,
            5 => 8,
            _ => 16,
        }
    }
}

/// plop sub-ops (d = f(a', b') with a' = a ^ nega, b' = b ^ negb).
pub const PLOP_NAMES: [&str; 4] = ["and", "or", "xor", "mov"];
/// rro sub-ops.
pub const RRO_NAMES: [&str; 2] = ["sincos", "ex2"];
/// atom sub-ops.
pub const ATOM_NAMES: [&str; 12] =
    ["add", "umin", "umax", "smin", "smax", "and", "or", "xor", "exch", "cas", "inc", "dec"];
/// Integer comparison names (isetp).
pub const ICMP_NAMES: [&str; 6] = ["eq", "ne", "lt", "le", "gt", "ge"];
/// cvt kinds (fp32_cvt::kind), as `dst.src`.
pub const KIND_NAMES: [&str; 7] = ["f32.s32", "f32.u32", "s32.f32", "u32.f32", "f32.f32", "f16.f32", "f32.f16"];

/// An instruction guard: execute when `p[pred] != neg` (pred 7 = pt).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guard {
    pub pred: u8,
    pub neg: bool,
}

impl Guard {
    pub const ALWAYS: Guard = Guard { pred: PT, neg: false };
}

impl Default for Guard {
    fn default() -> Self {
        Guard::ALWAYS
    }
}

/// A decoded instruction. Fields an op does not use are zero (the decoder rejects
/// encodings where they are not).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Instr {
    pub op: u8,
    pub guard: Guard,
    pub d: u8,
    pub a: u8,
    pub b: u8,
    pub c: u8,
    /// Comparison code (isetp 0..=5, fsetp/fset 0..=13).
    pub cmp: u8,
    /// Rounding mode 0..=3 (rn rz rm rp).
    pub rnd: u8,
    /// cvt kind (fp32_cvt::kind).
    pub kind: u8,
    pub signed: bool,
    pub sat: bool,
    /// Source modifiers: bit 0 abs, bit 1 neg (sp_datapath::modify); for plop bit 1 of
    /// mod_a / mod_b negates the predicate source.
    pub mod_a: u8,
    pub mod_b: u8,
    pub mod_c: u8,
    /// selp's predicate source.
    pub psrc: u8,
    /// Sub-op (plop, rro, atom).
    pub sub: u8,
    /// Memory space and access size.
    pub space: u8,
    pub size: u8,
    /// bra: warp-uniform (never diverges).
    pub uni: bool,
    /// Immediate (format I) or branch target (format C).
    pub imm: u32,
    /// Reconvergence PC (bra).
    pub rpc: u32,
}

/// Encoding and decoding errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodeError(pub String);

impl std::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn err<T>(s: String) -> Result<T, EncodeError> {
    Err(EncodeError(s))
}

/// Bit field helpers.
fn put(w: &mut u64, lo: u32, bits: u32, v: u64) {
    debug_assert!(v < (1u64 << bits));
    *w |= v << lo;
}
fn get(w: u64, lo: u32, bits: u32) -> u64 {
    (w >> lo) & ((1u64 << bits) - 1)
}

// R-format modifier field layout (bits 24..0).
const M_CMP: (u32, u32) = (21, 4);
const M_RND: (u32, u32) = (19, 2);
const M_KIND: (u32, u32) = (16, 3);
const M_SIGNED: (u32, u32) = (15, 1);
const M_SAT: (u32, u32) = (14, 1);
const M_MODA: (u32, u32) = (12, 2);
const M_MODB: (u32, u32) = (10, 2);
const M_MODC: (u32, u32) = (8, 2);
const M_PSRC: (u32, u32) = (5, 3);
const M_SUB: (u32, u32) = (1, 4);
// atom (R format) keeps its memory space in the 3-bit kind field; its size is always b32.

/// Which sources an op reads (by operand list).
fn uses(def: &OpDef, o: Opnd) -> bool {
    def.operands.contains(&o)
}

/// Checks that `i` is a valid instruction (every field in range and every unused field
/// zero).
pub fn validate(i: &Instr) -> Result<&'static OpDef, EncodeError> {
    let def = match opdef(i.op) {
        Some(d) => d,
        None => return err(format!("undefined op code {}", i.op)),
    };
    let name = def.name;
    if i.guard.pred > 7 {
        return err(format!("{name}: guard predicate p{} out of range (p0..p6, pt)", i.guard.pred));
    }
    let f = def.fields;
    let reg_ok = |r: u8, used: bool, what: &str| -> Result<(), EncodeError> {
        if !used && r != 0 {
            return err(format!("{name}: unused field {what} = {r} (must be 0)"));
        }
        if r >= NUM_REGS {
            return err(format!("{name}: register r{r} out of range (r0..r127)"));
        }
        Ok(())
    };
    let pred_used = |o: Opnd| uses(def, o);
    if pred_used(Pd) {
        if i.d > 7 {
            return err(format!("{name}: predicate destination p{} out of range", i.d));
        }
    } else {
        reg_ok(i.d, uses(def, D) || uses(def, Sd), "d")?;
    }
    if pred_used(Pa) {
        if i.a > 7 {
            return err(format!("{name}: predicate source p{} out of range", i.a));
        }
    } else if uses(def, Sreg) {
        if i.a as usize >= SREGS.len() {
            return err(format!("{name}: special register {} undefined", i.a));
        }
    } else {
        reg_ok(i.a, uses(def, A) || uses(def, Mem) || uses(def, MemR), "a")?;
    }
    if pred_used(Pb) {
        if i.b > 7 {
            return err(format!("{name}: predicate source p{} out of range", i.b));
        }
    } else {
        reg_ok(i.b, uses(def, B), "b")?;
    }
    reg_ok(i.c, uses(def, C), "c")?;
    let zero = |v: u32, used: bool, what: &str| -> Result<(), EncodeError> {
        if !used && v != 0 {
            return err(format!("{name}: unused modifier {what} = {v} (must be 0)"));
        }
        Ok(())
    };
    zero(i.cmp as u32, f & (CMP_INT | CMP_FP) != 0, "cmp")?;
    if f & CMP_INT != 0 && i.cmp > 5 {
        return err(format!("{name}: integer comparison code {} undefined (0..5)", i.cmp));
    }
    if f & CMP_FP != 0 && i.cmp > 13 {
        return err(format!("{name}: FP comparison code {} undefined (0..13)", i.cmp));
    }
    zero(i.rnd as u32, f & (RND2 | RND4) != 0, "rnd")?;
    if f & RND2 != 0 && i.rnd > 1 {
        return err(format!("{name}: rounding {} not supported on the SP (rn, rz)", i.rnd));
    }
    if i.rnd > 3 {
        return err(format!("{name}: rounding code {} undefined", i.rnd));
    }
    zero(i.kind as u32, f & KIND != 0, "kind")?;
    if i.kind as usize >= KIND_NAMES.len() {
        return err(format!("{name}: cvt kind {} undefined", i.kind));
    }
    zero(i.signed as u32, f & SIGNED != 0, "signed")?;
    zero(i.sat as u32, f & SAT != 0, "sat")?;
    let mods = f & MODS != 0;
    zero(i.mod_a as u32, mods && uses(def, A) || uses(def, Pa), "mod_a")?;
    zero(i.mod_b as u32, mods && uses(def, B) || uses(def, Pb), "mod_b")?;
    zero(i.mod_c as u32, mods && uses(def, C), "mod_c")?;
    if i.mod_a > 3 || i.mod_b > 3 || i.mod_c > 3 {
        return err(format!("{name}: source modifier out of range"));
    }
    if uses(def, Pa) && (i.mod_a & 1 != 0 || i.mod_b & 1 != 0) {
        return err(format!("{name}: predicate sources take only negation"));
    }
    zero(i.psrc as u32, uses(def, Ps), "psrc")?;
    if i.psrc > 7 {
        return err(format!("{name}: predicate source p{} out of range", i.psrc));
    }
    zero(i.sub as u32, f & SUB != 0, "sub")?;
    let nsub = match i.op {
        op::PLOP => PLOP_NAMES.len(),
        op::RRO => RRO_NAMES.len(),
        op::ATOM => ATOM_NAMES.len(),
        _ => 1,
    };
    if i.sub as usize >= nsub {
        return err(format!("{name}: sub-op {} undefined", i.sub));
    }
    zero(i.space as u32, f & SPACE != 0, "space")?;
    zero(i.size as u32, f & SPACE != 0 && i.op != op::ATOM, "size")?;
    if i.space as usize >= space::NAMES.len() {
        return err(format!("{name}: memory space {} undefined", i.space));
    }
    if i.size as usize >= size::NAMES.len() {
        return err(format!("{name}: access size {} undefined", i.size));
    }
    if i.op == op::ATOM && !(i.space == space::GLOBAL || i.space == space::SHARED) {
        return err(format!("{name}: atomics exist only on global and shared memory"));
    }
    if i.op == op::ST && (i.space == space::CONST || i.space == space::PARAM) {
        return err(format!("{name}: {} memory is read-only", space::NAMES[i.space as usize]));
    }
    zero(i.uni as u32, f & UNI != 0, "uni")?;
    let imm_used = def.format == Format::I || uses(def, Target);
    zero(i.imm, imm_used, "imm")?;
    zero(i.rpc, uses(def, Rpc), "rpc")?;
    if uses(def, Target) && (i.imm > MAX_PC || i.rpc > MAX_PC) {
        return err(format!("{name}: branch target or reconvergence PC beyond 2^24 - 1"));
    }
    if uses(def, BarId) && i.imm > 15 {
        return err(format!("{name}: barrier {} out of range (0..15)", i.imm));
    }
    Ok(def)
}

/// Encodes a valid instruction into its 64-bit word.
pub fn encode(i: &Instr) -> Result<u64, EncodeError> {
    let def = validate(i)?;
    let mut w = 0u64;
    put(&mut w, 57, 7, i.op as u64);
    put(&mut w, 54, 3, i.guard.pred as u64);
    put(&mut w, 53, 1, i.guard.neg as u64);
    match def.format {
        Format::R => {
            put(&mut w, 46, 7, i.d as u64);
            put(&mut w, 39, 7, i.a as u64);
            put(&mut w, 32, 7, i.b as u64);
            put(&mut w, 25, 7, i.c as u64);
            put(&mut w, M_CMP.0, M_CMP.1, i.cmp as u64);
            put(&mut w, M_RND.0, M_RND.1, i.rnd as u64);
            // cvt kind and atom space share the 3-bit kind field (never both used).
            put(&mut w, M_KIND.0, M_KIND.1, (i.kind | i.space) as u64);
            put(&mut w, M_SIGNED.0, M_SIGNED.1, i.signed as u64);
            put(&mut w, M_SAT.0, M_SAT.1, i.sat as u64);
            put(&mut w, M_MODA.0, M_MODA.1, i.mod_a as u64);
            put(&mut w, M_MODB.0, M_MODB.1, i.mod_b as u64);
            put(&mut w, M_MODC.0, M_MODC.1, i.mod_c as u64);
            put(&mut w, M_PSRC.0, M_PSRC.1, i.psrc as u64);
            put(&mut w, M_SUB.0, M_SUB.1, i.sub as u64);
        }
        Format::I => {
            put(&mut w, 46, 7, i.d as u64);
            put(&mut w, 39, 7, i.a as u64);
            put(&mut w, 35, 3, i.space as u64);
            put(&mut w, 32, 3, i.size as u64);
            put(&mut w, 0, 32, i.imm as u64);
        }
        Format::C => {
            put(&mut w, 52, 1, i.uni as u64);
            put(&mut w, 24, 24, i.imm as u64);
            put(&mut w, 0, 24, i.rpc as u64);
        }
    }
    Ok(w)
}

/// Decodes a 64-bit word; rejects undefined op codes, reserved bits and unused fields that
/// are not zero, so that every accepted word is the encoding of exactly one instruction.
pub fn decode(w: u64) -> Result<Instr, EncodeError> {
    let code = get(w, 57, 7) as u8;
    let def = match opdef(code) {
        Some(d) => d,
        None => return err(format!("undefined op code {code} in {w:#018x}")),
    };
    let mut i = Instr {
        op: code,
        guard: Guard { pred: get(w, 54, 3) as u8, neg: get(w, 53, 1) == 1 },
        ..Default::default()
    };
    match def.format {
        Format::R => {
            i.d = get(w, 46, 7) as u8;
            i.a = get(w, 39, 7) as u8;
            i.b = get(w, 32, 7) as u8;
            i.c = get(w, 25, 7) as u8;
            i.cmp = get(w, M_CMP.0, M_CMP.1) as u8;
            i.rnd = get(w, M_RND.0, M_RND.1) as u8;
            let k = get(w, M_KIND.0, M_KIND.1) as u8;
            if def.fields & SPACE != 0 {
                i.space = k;
            } else {
                i.kind = k;
            }
            i.signed = get(w, M_SIGNED.0, M_SIGNED.1) == 1;
            i.sat = get(w, M_SAT.0, M_SAT.1) == 1;
            i.mod_a = get(w, M_MODA.0, M_MODA.1) as u8;
            i.mod_b = get(w, M_MODB.0, M_MODB.1) as u8;
            i.mod_c = get(w, M_MODC.0, M_MODC.1) as u8;
            i.psrc = get(w, M_PSRC.0, M_PSRC.1) as u8;
            i.sub = get(w, M_SUB.0, M_SUB.1) as u8;
            if get(w, 0, 1) != 0 {
                return err(format!("{}: reserved bit 0 set in {w:#018x}", def.name));
            }
        }
        Format::I => {
            i.d = get(w, 46, 7) as u8;
            i.a = get(w, 39, 7) as u8;
            i.space = get(w, 35, 3) as u8;
            i.size = get(w, 32, 3) as u8;
            if get(w, 38, 1) != 0 {
                return err(format!("{}: reserved bit 38 set in {w:#018x}", def.name));
            }
            i.imm = get(w, 0, 32) as u32;
        }
        Format::C => {
            i.uni = get(w, 52, 1) == 1;
            if get(w, 48, 4) != 0 {
                return err(format!("{}: reserved bits 51..48 set in {w:#018x}", def.name));
            }
            i.imm = get(w, 24, 24) as u32;
            i.rpc = get(w, 0, 24) as u32;
        }
    }
    validate(&i).map_err(|e| EncodeError(format!("{} (in {w:#018x})", e.0)))?;
    Ok(i)
}

/// The SP datapath operation of an SP-class ALU instruction (op codes 0..=42) on operand
/// values `a`, `b`, `c` (register contents) and selp predicate `p`.
pub fn sp_op(i: &Instr, a: u32, b: u32, c: u32, p: bool) -> sp_datapath::SpOp {
    sp_datapath::SpOp {
        op: i.op as u32,
        rnd: i.rnd as u32,
        cmp: i.cmp as u32,
        cvt_kind: i.kind as u32,
        is_signed: i.signed,
        sat: i.sat,
        mod_a: i.mod_a as u32,
        mod_b: i.mod_b as u32,
        mod_c: i.mod_c as u32,
        a,
        b,
        c,
        p_in: p,
        tag: 0,
    }
}

/// A random valid instruction of op `def` (every field it uses drawn over its whole
/// range), for round-trip tests and fuzzing.
pub fn random_instr(def: &OpDef, rng: &mut crate::vectors::Rng) -> Instr {
    let f = def.fields;
    let mut r = |n: u64| rng.below(n);
    let mut i = Instr { op: def.code, guard: Guard { pred: r(8) as u8, neg: r(2) == 1 }, ..Default::default() };
    let mods = f & MODS != 0;
    for o in def.operands {
        match o {
            Opnd::D | Opnd::Sd => i.d = r(NUM_REGS as u64) as u8,
            Opnd::Pd => i.d = r(8) as u8,
            Opnd::A => {
                i.a = r(NUM_REGS as u64) as u8;
                i.mod_a = if mods { r(4) as u8 } else { 0 };
            }
            Opnd::B => {
                i.b = r(NUM_REGS as u64) as u8;
                i.mod_b = if mods { r(4) as u8 } else { 0 };
            }
            Opnd::C => {
                i.c = r(NUM_REGS as u64) as u8;
                i.mod_c = if mods { r(4) as u8 } else { 0 };
            }
            Opnd::Pa => {
                i.a = r(8) as u8;
                i.mod_a = 2 * r(2) as u8;
            }
            Opnd::Pb => {
                i.b = r(8) as u8;
                i.mod_b = 2 * r(2) as u8;
            }
            Opnd::Ps => i.psrc = r(8) as u8,
            Opnd::Sreg => i.a = r(SREGS.len() as u64) as u8,
            Opnd::Imm | Opnd::Mem => {
                i.imm = match r(3) {
                    0 => r(64) as u32,
                    1 => (r(64) as u32).wrapping_neg(),
                    _ => r(1 << 32) as u32,
                }
            }
            Opnd::MemR => i.a = r(NUM_REGS as u64) as u8,
            Opnd::Target => i.imm = r(MAX_PC as u64 + 1) as u32,
            Opnd::Rpc => i.rpc = r(MAX_PC as u64 + 1) as u32,
            Opnd::BarId => i.imm = r(16) as u32,
        }
    }
    if f & CMP_INT != 0 {
        i.cmp = r(6) as u8;
    }
    if f & CMP_FP != 0 {
        i.cmp = r(14) as u8;
    }
    if f & RND2 != 0 {
        i.rnd = r(2) as u8;
    }
    if f & RND4 != 0 {
        i.rnd = r(4) as u8;
    }
    if f & KIND != 0 {
        i.kind = r(KIND_NAMES.len() as u64) as u8;
    }
    if f & SIGNED != 0 {
        i.signed = r(2) == 1;
    }
    if f & SAT != 0 {
        i.sat = r(2) == 1;
    }
    if f & SUB != 0 {
        i.sub = r(match def.code {
            op::PLOP => PLOP_NAMES.len(),
            op::RRO => RRO_NAMES.len(),
            _ => ATOM_NAMES.len(),
        } as u64) as u8;
    }
    if f & SPACE != 0 {
        if def.code == op::ATOM {
            i.space = r(2) as u8;
        } else {
            i.space = r(space::NAMES.len() as u64) as u8;
            if def.code == op::ST && i.space >= space::CONST {
                i.space = r(3) as u8;
            }
            i.size = r(size::NAMES.len() as u64) as u8;
        }
    }
    if f & UNI != 0 {
        i.uni = r(2) == 1;
    }
    i
}
