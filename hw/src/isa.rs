//! heddle's instruction set encodings, owned by hw/ (the SM's decoder lives here; sim/
//! re-exports every name): microcode op codes and their decode table ([`OPS`]: class,
//! format, operands, fields), the SP datapath's and the integer ALU's own op codes, comparison
//! codes, memory spaces and access sizes, special registers, the scheduler's issue classes,
//! warp states, fault kinds and unit numbers. The bit layout of the 64-bit word and the text
//! assembler are in heddle-sim (`isa::encode`, `isa::asm`); docs/isa.md is the reference.

/// Operation codes of `IntAlu` (the `op` port).
pub mod alu {
    pub const ADD: u32 = 0;
    pub const SUB: u32 = 1;
    pub const ADD_SAT: u32 = 2;
    pub const SUB_SAT: u32 = 3;
    pub const MUL_LO: u32 = 4;
    pub const MUL_HI: u32 = 5;
    pub const MUL24_LO: u32 = 6;
    pub const MUL24_HI: u32 = 7;
    pub const MAD_LO: u32 = 8;
    pub const MAD_HI: u32 = 9;
    pub const MAD24_LO: u32 = 10;
    pub const MAD24_HI: u32 = 11;
    pub const MIN: u32 = 12;
    pub const MAX: u32 = 13;
    pub const ABS: u32 = 14;
    pub const NEG: u32 = 15;
    pub const AND: u32 = 16;
    pub const OR: u32 = 17;
    pub const XOR: u32 = 18;
    pub const NOT: u32 = 19;
    pub const CNOT: u32 = 20;
    pub const SHL: u32 = 21;
    pub const SHR: u32 = 22;
    pub const SETP: u32 = 23;
    pub const SELP: u32 = 24;
    /// Number of defined operations (25..31 give y = 0, p = 0).
    pub const COUNT: u32 = 25;
    /// PTX-style names, indexed by op code.
    pub const NAMES: [&str; 25] = [
        "add", "sub", "add.sat", "sub.sat", "mul.lo", "mul.hi", "mul24.lo", "mul24.hi", "mad.lo", "mad.hi",
        "mad24.lo", "mad24.hi", "min", "max", "abs", "neg", "and", "or", "xor", "not", "cnot", "shl", "shr",
        "setp", "selp",
    ];
}

/// Comparison codes (the `cmp` field and port). Integer setp uses EQ..GE (6 and 7 are always
/// false); the f32 comparisons (fsetp, fset) add the unordered forms (true when an operand is
/// a NaN: the ordered code + [`cmp::UNORDERED`]), NUM and NAN (14 and 15 are always false).
pub mod cmp {
    pub const EQ: u32 = 0;
    pub const NE: u32 = 1;
    pub const LT: u32 = 2;
    pub const LE: u32 = 3;
    pub const GT: u32 = 4;
    pub const GE: u32 = 5;
    /// EQU..GEU are EQ..GE plus this.
    pub const UNORDERED: u32 = 6;
    pub const EQU: u32 = 6;
    pub const NEU: u32 = 7;
    pub const LTU: u32 = 8;
    pub const LEU: u32 = 9;
    pub const GTU: u32 = 10;
    pub const GEU: u32 = 11;
    /// Neither operand is a NaN.
    pub const NUM: u32 = 12;
    /// An operand is a NaN.
    pub const NAN: u32 = 13;
    /// The f32 codes' names (the text form's suffixes), by code.
    pub const NAMES: [&str; 16] =
        ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan", "f14", "f15"];
}

/// Rounding modes: the `rnd` field of the FP units and of the microcode word. The SP's
/// field and the microcode's are 2 bits wide (the first four, [`Rnd::SP`]); the FMA unit's
/// is 3 bits ([`Rnd::ALL`]). The golden models define all five.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rnd {
    /// roundTiesToEven
    Rn = 0,
    /// roundTowardZero
    Rz = 1,
    /// roundTowardNegative
    Rm = 2,
    /// roundTowardPositive
    Rp = 3,
    /// roundTiesToAway (the FMA unit only)
    Rna = 4,
}

impl Rnd {
    pub const ALL: [Rnd; 5] = [Rnd::Rn, Rnd::Rz, Rnd::Rm, Rnd::Rp, Rnd::Rna];
    /// The modes a 2-bit field encodes.
    pub const SP: [Rnd; 4] = [Rnd::Rn, Rnd::Rz, Rnd::Rm, Rnd::Rp];
    /// The mode a 2-bit `rnd` field selects (higher bits ignored).
    pub fn from_field(x: u32) -> Rnd {
        Rnd::SP[(x & 3) as usize]
    }
}

/// Datapath op codes (0..31 are the integer ALU's own codes).
pub mod sp_op {
    pub const FADD: u32 = 32;
    pub const FSUB: u32 = 33;
    pub const FMUL: u32 = 34;
    pub const FMAD: u32 = 35;
    pub const FMIN: u32 = 36;
    pub const FMAX: u32 = 37;
    pub const FSETP: u32 = 38;
    pub const FSET_U32: u32 = 39;
    pub const FSET_F32: u32 = 40;
    pub const CVT: u32 = 41;
    pub const MOV: u32 = 42;
}

/// Instruction classes (4 bits). The unit each one occupies and for how many slots is in
/// [`crate::config::SmConfig::occupancies`].
pub mod issue_class {
    /// SP arithmetic: the 8 SPs.
    pub const SP: u8 = 0;
    /// SFU special function (rcp, rsqrt, lg2, ex2, sin, cos): the 2 SFUs.
    pub const SFU: u8 = 1;
    /// `mul.f32` executed on the SFUs' multipliers.
    pub const SFUMUL: u8 = 2;
    /// FMA unit (f64 and fused f32).
    pub const FMA: u8 = 3;
    /// Load/store/atomic: the memory pipeline.
    pub const MEM: u8 = 4;
    /// Branch (control: no unit).
    pub const BRA: u8 = 5;
    /// `bar.sync` (control).
    pub const BAR: u8 = 6;
    /// `exit` (control).
    pub const EXIT: u8 = 7;
    /// `nop` (control).
    pub const NOP: u8 = 8;
    pub const COUNT: usize = 9;
    pub const NAMES: [&str; COUNT] = ["sp", "sfu", "sfumul", "fma", "mem", "bra", "bar", "exit", "nop"];
}

/// Warp states in the warp table (3 bits).
pub mod warp_state {
    pub const FREE: u8 = 0;
    pub const ACTIVE: u8 = 1;
    pub const BAR: u8 = 2;
    pub const EXITED: u8 = 3;
    pub const FAULT: u8 = 4;
    pub const NAMES: [&str; 5] = ["free", "active", "at-barrier", "exited", "faulted"];
}

/// Fault kinds (3 bits); 0 means no fault.
pub mod sched_fault {
    pub const NONE: u8 = 0;
    /// A divergent branch would push beyond the stack depth (the branch is not executed).
    pub const STACK_OVERFLOW: u8 = 1;
    /// `bar` reached by only part of the warp's live threads (the G80 would hang).
    pub const DIVERGENT_BARRIER: u8 = 2;
    /// A branch marked uniform (`.uni`) split the warp.
    pub const UNIFORM_DIVERGED: u8 = 3;
    /// The PC reached the bottom entry's reconvergence point (2^24 - 1): outside any program.
    pub const STACK_UNDERFLOW: u8 = 4;
    /// A warp launch into a busy warp slot, into a CTA not started or already complete, or
    /// with no threads.
    pub const BAD_LAUNCH: u8 = 5;
    /// A CTA start on a busy CTA slot or with 0 or more than `warps` warps.
    pub const BAD_CTA: u8 = 6;
    pub const NAMES: [&str; 7] =
        ["none", "stack-overflow", "divergent-barrier", "uniform-diverged", "stack-underflow", "bad-launch", "bad-cta"];
}

/// The SM's fault kinds (4 bits; the SM's `fault_kind` port and host register): the
/// scheduler's kinds ([`sched_fault`], 1..=6) keep their codes.
pub mod sm_fault {
    pub const NONE: u8 = 0;
    /// An instruction of a unit the SM does not have yet (the RTL SM is being built).
    pub const NOT_SUPPORTED: u8 = 7;
    /// A fetch at or beyond the program's length.
    pub const BAD_PC: u8 = 8;
    /// A launch whose CTA cannot be resident: an empty grid or CTA, more threads than a CTA
    /// may have, more warps than its registers leave warp slots for.
    pub const RESOURCES: u8 = 9;
    /// No warp-instruction retired for `watchdog` cycles.
    pub const WATCHDOG: u8 = 10;
    /// An access outside its space's memory (the memory port answered with an error).
    pub const OUT_OF_BOUNDS: u8 = 11;
    /// An address that is not a multiple of the access size.
    pub const MISALIGNED: u8 = 12;
    /// A store to param or constant memory.
    pub const READ_ONLY: u8 = 13;
    pub const NAMES: [&str; 14] = [
        "none",
        "stack-overflow",
        "divergent-barrier",
        "uniform-diverged",
        "stack-underflow",
        "bad-launch",
        "bad-cta",
        "not-supported",
        "bad-pc",
        "resources",
        "watchdog",
        "out-of-bounds",
        "misaligned",
        "read-only",
    ];
}

/// The SFU's function codes: its `op` port (docs/sfu.md). The microcode's SFU ops (rcp ..
/// cos, and rro with its sub-op) each select one.
pub mod sfu_fn {
    pub const RCP: u32 = 0;
    pub const RSQ: u32 = 1;
    pub const LG2: u32 = 2;
    pub const EX2: u32 = 3;
    pub const SIN: u32 = 4;
    pub const COS: u32 = 5;
    pub const RRO_SINCOS: u32 = 6;
    pub const RRO_EX2: u32 = 7;
    pub const NAMES: [&str; 8] = ["rcp", "rsq", "lg2", "ex2", "sin", "cos", "rro.sincos", "rro.ex2"];
}

/// The FMA unit's operation codes (its `op` port; docs/fma-numerics.md) and integer types (its
/// `ity` port: bit 0 signed, bit 1 64-bit).
pub mod fma_fn {
    /// a * b + c
    pub const FMA: u32 = 0;
    /// a + b
    pub const ADD: u32 = 1;
    /// a - b
    pub const SUB: u32 = 2;
    /// a * b
    pub const MUL: u32 = 3;
    /// a, in the other format, to this one (7 does the same)
    pub const CVT: u32 = 4;
    /// a, an integer of type `ity`, to this format
    pub const CVT_I2F: u32 = 5;
    /// a, in this format, to an integer of type `ity` (saturating)
    pub const CVT_F2I: u32 = 6;
    pub const ITY_U32: u32 = 0;
    pub const ITY_S32: u32 = 1;
    pub const ITY_U64: u32 = 2;
    pub const ITY_S64: u32 = 3;
}

/// The 64-bit word's fields (docs/isa.md, "Encoding"), as (lowest bit, width).
pub mod field {
    pub type Field = (u32, u32);
    /// Common to every format.
    pub const OP: Field = (57, 7);
    pub const GUARD: Field = (54, 3);
    pub const GUARD_NEG: Field = (53, 1);
    /// Formats R and I.
    pub const D: Field = (46, 7);
    pub const A: Field = (39, 7);
    /// Format R.
    pub const B: Field = (32, 7);
    pub const C: Field = (25, 7);
    pub const CMP: Field = (21, 4);
    pub const RND: Field = (19, 2);
    /// cvt kind; atom keeps its memory space here (its size is always b32).
    pub const KIND: Field = (16, 3);
    pub const SIGNED: Field = (15, 1);
    pub const SAT: Field = (14, 1);
    pub const MOD_A: Field = (12, 2);
    pub const MOD_B: Field = (10, 2);
    pub const MOD_C: Field = (8, 2);
    pub const PSRC: Field = (5, 3);
    pub const SUB: Field = (1, 4);
    pub const R_RESERVED: Field = (0, 1);
    /// Format I.
    pub const I_RESERVED: Field = (38, 1);
    pub const SPACE: Field = (35, 3);
    pub const SIZE: Field = (32, 3);
    pub const IMM: Field = (0, 32);
    /// Format C.
    pub const UNI: Field = (52, 1);
    pub const C_RESERVED: Field = (48, 4);
    pub const TARGET: Field = (24, 24);
    pub const RPC: Field = (0, 24);

    /// Field `f` of word `w`.
    pub const fn get(w: u64, f: Field) -> u64 {
        (w >> f.0) & ((1u64 << f.1) - 1)
    }
}

/// Units with a busy counter.
pub mod unit {
    pub const SP: usize = 0;
    pub const SFU: usize = 1;
    pub const FMA: usize = 2;
    pub const MEM: usize = 3;
}

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
    use super::alu as i;
    use super::sp_op as f;
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
    /// Warp votes: `vote` (all, any, uni of a predicate over the warp's executing threads,
    /// into a predicate) and `ballot` (the predicate's bits over the warp into a register).
    pub const VOTE: u8 = 46;
    pub const BALLOT: u8 = 47;
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
    pub const DCVT: u8 = 76;
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
    d!(op::VOTE, "vote", Sp, R, [Pd, Ps], SUB),
    d!(op::BALLOT, "ballot", Sp, R, [D, Ps], 0),
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
    d!(op::DCVT, "dcvt", Fma, R, [D, A], KIND | RND4 | SIGNED),
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
/// Indices in [`SREGS`] the hardware tests.
pub mod sreg {
    pub const NTID_X: u8 = 3;
    pub const LANEID: u8 = 12;
    pub const CLOCK: u8 = 14;
}

/// Memory spaces (the space field).
pub mod space {
    pub const GLOBAL: u8 = 0;
    pub const SHARED: u8 = 1;
    pub const LOCAL: u8 = 2;
    pub const CONST: u8 = 3;
    pub const PARAM: u8 = 4;
    /// A generic address: the shared and local spaces in their windows of the 32-bit
    /// address map, every other address global (PTX generic addressing, `cvta`).
    pub const GENERIC: u8 = 5;
    pub const NAMES: [&str; 6] = ["global", "shared", "local", "const", "param", "generic"];
    /// Generic addresses [LOCAL_WINDOW, SHARED_WINDOW) are the thread's local memory,
    /// [SHARED_WINDOW, 2^32) the CTA's shared memory (global buffers lie below).
    pub const LOCAL_WINDOW: u32 = 0xFE00_0000;
    pub const SHARED_WINDOW: u32 = 0xFF00_0000;
    /// The space and the address in it of a generic address.
    pub const fn resolve_generic(a: u32) -> (u8, u32) {
        if a >= SHARED_WINDOW {
            (SHARED, a - SHARED_WINDOW)
        } else if a >= LOCAL_WINDOW {
            (LOCAL, a - LOCAL_WINDOW)
        } else {
            (GLOBAL, a)
        }
    }
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
/// vote sub-ops: every executing thread's predicate true, any true, all equal.
pub const VOTE_NAMES: [&str; 3] = ["all", "any", "uni"];
pub mod vote_mode {
    pub const ALL: u8 = 0;
    pub const ANY: u8 = 1;
    pub const UNI: u8 = 2;
}
/// atom sub-ops.
/// `fadd`: binary32 addition rounded to nearest even with subnormal inputs and results
/// flushed to zero (PTX `atom.add.f32`; the G80 SP's `fadd.rn`).
pub const ATOM_NAMES: [&str; 13] =
    ["add", "umin", "umax", "smin", "smax", "and", "or", "xor", "exch", "cas", "inc", "dec", "fadd"];
/// Integer comparison names (isetp): EQ..GE of [`cmp::NAMES`].
pub const ICMP_NAMES: &[&str] = cmp::NAMES.split_at(cmp::GE as usize + 1).0;
/// cvt kinds (fp32_cvt::kind), as `dst.src`.
pub const KIND_NAMES: [&str; 7] = ["f32.s32", "f32.u32", "s32.f32", "u32.f32", "f32.f32", "f16.f32", "f32.f16"];
/// dcvt kinds (binary64 conversions on the FMA unit, register pairs; a 32-bit value is the
/// pair's low register, the high one ignored as a source and written 0 as a destination);
/// the integer's signedness is the `signed` field.
pub const DCVT_NAMES: [&str; 6] = ["f64.f32", "f32.f64", "f64.int", "f64.int64", "int.f64", "int64.f64"];
pub mod dcvt_kind {
    pub const F64_F32: u8 = 0;
    pub const F32_F64: u8 = 1;
    pub const F64_I32: u8 = 2;
    pub const F64_I64: u8 = 3;
    pub const I32_F64: u8 = 4;
    pub const I64_F64: u8 = 5;
}
/// The sub-op names of op `code` (those with a `sub` field: plop, rro, vote, atom).
pub fn sub_names(code: u8) -> &'static [&'static str] {
    match code {
        op::PLOP => &PLOP_NAMES,
        op::RRO => &RRO_NAMES,
        op::VOTE => &VOTE_NAMES,
        _ => &ATOM_NAMES,
    }
}
/// Do op `code`'s register operands name register pairs (rN, rN+1; N even)? The binary64
/// ops on the FMA unit.
pub const fn pair_op(code: u8) -> bool {
    matches!(code, op::DFMA | op::DADD | op::DMUL | op::DCVT)
}
/// The kind names of op `code` (cvt or dcvt).
pub fn kind_names(code: u8) -> &'static [&'static str] {
    if code == op::DCVT {
        &DCVT_NAMES
    } else {
        &KIND_NAMES
    }
}
