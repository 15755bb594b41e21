//! heddle's microinstruction set (docs/isa.md): the decoded form [`Instr`], the 64-bit
//! binary encoding ([`encode`], [`decode`]), and the text assembler / disassembler
//! ([`asm`]).
//!
//! Op codes 0..=42 are exactly the SP datapath op codes of
//! [`crate::golden::sp_datapath`] (0..=24 the integer ALU's, 32..=42 the FP ones), so the
//! SP class of an instruction decodes into an `SpOp` with no translation table.
pub mod asm;

pub use heddle_hw::isa::{
    field, fld, op, opdef, opdef_by_name, size, space, Class, Format, OpDef, Opnd, ATOM_NAMES, ICMP_NAMES, KIND_NAMES, MAX_PC, pair_op, kind_names, DCVT_NAMES, dcvt_kind,
    NUM_REGS, OPS, PLOP_NAMES, PT, RRO_NAMES, SREGS, sreg, sub_names, vote_mode, VOTE_NAMES,
};
use crate::golden::sp_datapath;
use field::get;
use fld::*;
use Opnd::*;

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

/// Writes field `f` of a word (reading: `field::get`).
fn put(w: &mut u64, f: field::Field, v: u64) {
    debug_assert!(v < (1u64 << f.1));
    *w |= v << f.0;
}

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
    if i.kind as usize >= heddle_hw::isa::kind_names(i.op).len() {
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
    let nsub = if f & SUB != 0 { sub_names(i.op).len() } else { 1 };
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
    if i.op == op::ATOM && !(i.space == space::GLOBAL || i.space == space::SHARED || i.space == space::GENERIC) {
        return err(format!("{name}: atomics exist only on global, shared and generic addresses"));
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
    put(&mut w, field::OP, i.op as u64);
    put(&mut w, field::GUARD, i.guard.pred as u64);
    put(&mut w, field::GUARD_NEG, i.guard.neg as u64);
    match def.format {
        Format::R => {
            put(&mut w, field::D, i.d as u64);
            put(&mut w, field::A, i.a as u64);
            put(&mut w, field::B, i.b as u64);
            put(&mut w, field::C, i.c as u64);
            put(&mut w, field::CMP, i.cmp as u64);
            put(&mut w, field::RND, i.rnd as u64);
            // cvt kind and atom space share the 3-bit kind field (never both used).
            put(&mut w, field::KIND, (i.kind | i.space) as u64);
            put(&mut w, field::SIGNED, i.signed as u64);
            put(&mut w, field::SAT, i.sat as u64);
            put(&mut w, field::MOD_A, i.mod_a as u64);
            put(&mut w, field::MOD_B, i.mod_b as u64);
            put(&mut w, field::MOD_C, i.mod_c as u64);
            put(&mut w, field::PSRC, i.psrc as u64);
            put(&mut w, field::SUB, i.sub as u64);
        }
        Format::I => {
            put(&mut w, field::D, i.d as u64);
            put(&mut w, field::A, i.a as u64);
            put(&mut w, field::SPACE, i.space as u64);
            put(&mut w, field::SIZE, i.size as u64);
            put(&mut w, field::IMM, i.imm as u64);
        }
        Format::C => {
            put(&mut w, field::UNI, i.uni as u64);
            put(&mut w, field::TARGET, i.imm as u64);
            put(&mut w, field::RPC, i.rpc as u64);
        }
    }
    Ok(w)
}

/// Decodes a 64-bit word; rejects undefined op codes, reserved bits and unused fields that
/// are not zero, so that every accepted word is the encoding of exactly one instruction.
pub fn decode(w: u64) -> Result<Instr, EncodeError> {
    let code = get(w, field::OP) as u8;
    let def = match opdef(code) {
        Some(d) => d,
        None => return err(format!("undefined op code {code} in {w:#018x}")),
    };
    let mut i = Instr {
        op: code,
        guard: Guard { pred: get(w, field::GUARD) as u8, neg: get(w, field::GUARD_NEG) == 1 },
        ..Default::default()
    };
    match def.format {
        Format::R => {
            i.d = get(w, field::D) as u8;
            i.a = get(w, field::A) as u8;
            i.b = get(w, field::B) as u8;
            i.c = get(w, field::C) as u8;
            i.cmp = get(w, field::CMP) as u8;
            i.rnd = get(w, field::RND) as u8;
            let k = get(w, field::KIND) as u8;
            if def.fields & SPACE != 0 {
                i.space = k;
            } else {
                i.kind = k;
            }
            i.signed = get(w, field::SIGNED) == 1;
            i.sat = get(w, field::SAT) == 1;
            i.mod_a = get(w, field::MOD_A) as u8;
            i.mod_b = get(w, field::MOD_B) as u8;
            i.mod_c = get(w, field::MOD_C) as u8;
            i.psrc = get(w, field::PSRC) as u8;
            i.sub = get(w, field::SUB) as u8;
            if get(w, field::R_RESERVED) != 0 {
                return err(format!("{}: reserved bit 0 set in {w:#018x}", def.name));
            }
        }
        Format::I => {
            i.d = get(w, field::D) as u8;
            i.a = get(w, field::A) as u8;
            i.space = get(w, field::SPACE) as u8;
            i.size = get(w, field::SIZE) as u8;
            if get(w, field::I_RESERVED) != 0 {
                return err(format!("{}: reserved bit 38 set in {w:#018x}", def.name));
            }
            i.imm = get(w, field::IMM) as u32;
        }
        Format::C => {
            i.uni = get(w, field::UNI) == 1;
            if get(w, field::C_RESERVED) != 0 {
                return err(format!("{}: reserved bits 51..48 set in {w:#018x}", def.name));
            }
            i.imm = get(w, field::TARGET) as u32;
            i.rpc = get(w, field::RPC) as u32;
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
        i.kind = r(heddle_hw::isa::kind_names(def.code).len() as u64) as u8;
    }
    if f & SIGNED != 0 {
        i.signed = r(2) == 1;
    }
    if f & SAT != 0 {
        i.sat = r(2) == 1;
    }
    if f & SUB != 0 {
        i.sub = r(sub_names(def.code).len() as u64) as u8;
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
