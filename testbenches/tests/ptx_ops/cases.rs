//! Directed cases for the PTX instructions the translator lowers to micro-op sequences
//! (issue 22), shared by the golden-SM test (`ptx_ops.rs`) and the RTL SM's lock-step test
//! (`sm.rs`). Each case is a PTX body inside one kernel template and a CPU reference
//! written from the PTX ISA's definition of the instruction (bit loops, host integer
//! arithmetic), not from the microcode.
//!
//! Template: thread i reads a, b, c (three u64 at in + 32 i), with %r10..%r12 their low
//! words, %rs10..%rs12 their low halves (the registers' upper bits are whatever the low
//! words hold: narrow operands must be extended by the translation), %f10..%f12 the low
//! words as f32; the body leaves a u64 in %rd13, stored at out + 8 i (unless the body
//! stores itself).
#![allow(dead_code)]

use heddle_sim::gsm::{pack_params, Arg, GlobalMem, Launch};
use heddle_sim::ptx::translate::Kernel;
use heddle_sim::vectors::Rng;

pub struct Case {
    pub name: String,
    pub body: String,
    pub reference: Box<dyn Fn(u64, u64, u64) -> u64 + Send + Sync>,
    /// Runs on the RTL SM in `lowered_ptx_instructions_in_lock_step` (the others have their
    /// own RTL tests: local memory, atomics, binary64).
    pub rtl: bool,
    /// Runs binary64 on the FMA unit (f64 ops, and the directed f32 divisions and roots
    /// lowered to binary64 sequences): on the RTL SM in `binary64_ptx_instructions_in_lock_step`.
    pub fp64: bool,
}

pub const HEAD: &str = ".version 3.2\n.target sm_20\n.address_size 64\n";

pub fn kernel_src(c: &Case) -> String {
    let store = if c.body.contains("st.global") { "" } else { "  st.global.u64 [%rd6], %rd13;\n" };
    format!(
        "{HEAD}.visible .entry ops(.param .u64 pin, .param .u64 pout)
{{
  .local .align 8 .b8 depot[64];
  .shared .align 4 .b8 sh[1024];
  .reg .pred %p<16>;
  .reg .b16 %rs<40>;
  .reg .b32 %r<40>;
  .reg .f32 %f<40>;
  .reg .b64 %rd<40>;
  .reg .f64 %fd<40>;
  ld.param.u64 %rd1, [pin];
  ld.param.u64 %rd2, [pout];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ntid.x;
  mov.u32 %r3, %tid.x;
  mad.lo.s32 %r4, %r1, %r2, %r3;
  mul.wide.u32 %rd3, %r4, 32;
  add.s64 %rd4, %rd1, %rd3;
  mul.wide.u32 %rd5, %r4, 8;
  add.s64 %rd6, %rd2, %rd5;
  ld.global.u64 %rd10, [%rd4];
  ld.global.u64 %rd11, [%rd4+8];
  ld.global.u64 %rd12, [%rd4+16];
  cvt.u32.u64 %r10, %rd10;
  cvt.u32.u64 %r11, %rd11;
  cvt.u32.u64 %r12, %rd12;
  cvt.u16.u32 %rs10, %r10;
  cvt.u16.u32 %rs11, %r11;
  cvt.u16.u32 %rs12, %r12;
  mov.b32 %f10, %r10;
  mov.b32 %f11, %r11;
  mov.b32 %f12, %r12;
  mov.b64 %fd10, %rd10;
  mov.b64 %fd11, %rd11;
  mov.b64 %fd12, %rd12;
  mov.u64 %rd13, 0;
{}
{store}  ret;
}}
",
        c.body
    )
}

const EDGE: [u64; 33] = [
    0,
    1,
    2,
    0x7F,
    0x80,
    0xFF,
    0x7FFF,
    0x8000,
    0xFFFF,
    0x7FFF_FFFF,
    0x8000_0000,
    0xFFFF_FFFF,
    0xFFFF_FFFE,
    0x1_0000_0000,
    u64::MAX,
    i64::MIN as u64,
    i64::MAX as u64,
    0xFFFF_FFFF_7FFF_FFFF,
    0x7F80_0000,
    0xFF80_0000,
    0x7FC0_0000,
    0x007F_FFFF,
    0x0080_0000,
    0x3F80_0000,
    // binary64: infinities, a NaN, 1, -2.5, the largest subnormal, the smallest normal, the
    // largest finite, 2^-1022 + 1 ulp
    0x7FF0_0000_0000_0000,
    0xFFF0_0000_0000_0000,
    0x7FF8_0000_0000_0001,
    0x3FF0_0000_0000_0000,
    0xC004_0000_0000_0000,
    0x000F_FFFF_FFFF_FFFF,
    0x0010_0000_0000_0000,
    0x7FEF_FFFF_FFFF_FFFF,
    0x0010_0000_0000_0001,
];

/// Operands: edges, small values (shift amounts, bit positions, lengths) and random bits;
/// c's low two bytes are often both small (bfi's position and length).
pub fn inputs(n: usize, seed: u64) -> Vec<(u64, u64, u64)> {
    let mut rng = Rng::new(seed);
    let mut v = vec![];
    for t in 0..n {
        let pick = |rng: &mut Rng, small: bool| -> u64 {
            match rng.below(if small { 4 } else { 3 }) {
                0 => EDGE[rng.below(EDGE.len() as u64) as usize] ^ if rng.below(4) == 0 { 1 << rng.below(64) } else { 0 },
                1 if !small && rng.below(2) == 0 => {
                    // an ordinary binary64 (sums and products that cancel or round)
                    let v = (rng.below(2_000_001) as f64 - 1_000_000.0) / (1 + rng.below(97)) as f64;
                    v.to_bits()
                }
                1 => rng.next_u64(),
                2 => {
                    // a small or sign-extended small value
                    let s = rng.below(300);
                    if rng.below(3) == 0 {
                        (s as i64).wrapping_neg() as u64
                    } else {
                        s
                    }
                }
                _ => rng.below(72) | (rng.below(72) << 8) | if rng.below(2) == 0 { rng.next_u64() << 16 } else { 0 },
            }
        };
        let (a, b, c) = if t < EDGE.len() * 4 {
            (EDGE[t % EDGE.len()], EDGE[(t / EDGE.len() * 7 + t) % EDGE.len()], pick(&mut rng, true))
        } else {
            (pick(&mut rng, false), pick(&mut rng, true), pick(&mut rng, true))
        };
        v.push((a, b, c));
    }
    v
}

/// Global memory (inputs, zeroed outputs), the launch and the output's address.
pub fn setup(k: &Kernel, ins: &[(u64, u64, u64)], block: u32) -> (GlobalMem, Launch, u32) {
    let mut bytes = vec![];
    for &(a, b, c) in ins {
        for x in [a, b, c, 0] {
            bytes.extend(x.to_le_bytes());
        }
    }
    let mut mem = GlobalMem::default();
    let pin = mem.alloc(bytes);
    let pout = mem.alloc(vec![0; 8 * ins.len()]);
    let params = pack_params(k, &[Arg::U64(pin as u64), Arg::U64(pout as u64)]).unwrap();
    let n = ins.len() as u32;
    assert_eq!(n % block, 0);
    (mem, Launch { grid: [n / block, 1, 1], block: [block, 1, 1], params, constant: vec![] }, pout)
}

/// The first thread whose output differs from the reference.
pub fn check(c: &Case, ins: &[(u64, u64, u64)], out: &[u8]) -> Result<(), String> {
    for (t, &(a, b, cc)) in ins.iter().enumerate() {
        let got = u64::from_le_bytes(out[8 * t..8 * t + 8].try_into().unwrap());
        let want = (c.reference)(a, b, cc);
        if got != want {
            return Err(format!("{}: thread {t}: a {a:#x} b {b:#x} c {cc:#x}: got {got:#x}, want {want:#x}", c.name));
        }
    }
    Ok(())
}

// ---- references from the PTX ISA's definitions ----

fn bfe(a: u64, pos: u64, len: u64, bits: u32, signed: bool) -> u64 {
    let msb = bits - 1;
    let (pos, len) = ((pos & 0xFF) as u32, (len & 0xFF) as u32);
    let sbit = if !signed || len == 0 { 0 } else { (a >> (pos + len - 1).min(msb)) & 1 };
    let mut d = 0u64;
    for i in 0..bits {
        let bit = if i < len && pos + i <= msb { (a >> (pos + i)) & 1 } else { sbit };
        d |= bit << i;
    }
    d
}

fn bfi(a: u64, b: u64, pos: u64, len: u64, bits: u32) -> u64 {
    let msb = bits - 1;
    let (pos, len) = ((pos & 0xFF) as u32, (len & 0xFF) as u32);
    let mut f = b;
    let mut i = 0;
    while i < len && pos + i <= msb {
        f = (f & !(1 << (pos + i))) | (((a >> i) & 1) << (pos + i));
        i += 1;
    }
    f & mask(bits)
}

fn mask(bits: u32) -> u64 {
    if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

fn prmt(a: u32, b: u32, c: u32) -> u32 {
    let bytes = ((b as u64) << 32 | a as u64).to_le_bytes();
    let mut d = 0u32;
    for i in 0..4 {
        let s = (c >> (4 * i)) & 0xF;
        let mut v = bytes[(s & 7) as usize] as u32;
        if s & 8 != 0 {
            v = if v & 0x80 != 0 { 0xFF } else { 0 };
        }
        d |= v << (8 * i);
    }
    d
}

/// The PTX ISA's tables of the prmt modes: for c[1:0], the source bytes of d.b3..d.b0.
fn prmt_mode(mode: &str, a: u32, b: u32, c: u32) -> u32 {
    let table: [[u32; 4]; 4] = match mode {
        "f4e" => [[3, 2, 1, 0], [4, 3, 2, 1], [5, 4, 3, 2], [6, 5, 4, 3]],
        "b4e" => [[5, 6, 7, 0], [6, 7, 0, 1], [7, 0, 1, 2], [0, 1, 2, 3]],
        "rc8" => [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]],
        "ecl" => [[3, 2, 1, 0], [3, 2, 1, 1], [3, 2, 2, 2], [3, 3, 3, 3]],
        "ecr" => [[0, 0, 0, 0], [1, 1, 1, 0], [2, 2, 1, 0], [3, 2, 1, 0]],
        _ => [[1, 0, 1, 0], [3, 2, 3, 2], [1, 0, 1, 0], [3, 2, 3, 2]], // rc16
    };
    let bytes = ((b as u64) << 32 | a as u64).to_le_bytes();
    let row = table[(c & 3) as usize];
    (0..4).map(|i| (bytes[row[3 - i] as usize] as u32) << (8 * i)).sum()
}

fn bfind(x: u64, bits: u32, signed: bool, shiftamt: bool) -> u64 {
    let x = x & mask(bits);
    let neg = signed && (x >> (bits - 1)) & 1 == 1;
    let mut d = u32::MAX;
    for i in (0..bits).rev() {
        let bit = (x >> i) & 1 == 1;
        if bit != neg {
            d = if shiftamt { bits - 1 - i } else { i };
            break;
        }
    }
    d as u64
}

fn udiv(x: u32, y: u32) -> (u32, u32) {
    if y == 0 {
        (u32::MAX, x)
    } else {
        (x / y, x % y)
    }
}

fn sdiv(x: i32, y: i32) -> (i32, i32) {
    if y == 0 {
        (-1, x)
    } else {
        (x.wrapping_div(y), x.wrapping_rem(y))
    }
}

/// x rounded to f32: rn (ties to even), rz, rm, rp (x is non-negative).
fn round_u64_to_f32(x: u64, mode: &str) -> f32 {
    let f = x as f32; // round to nearest even
    let (lo, hi) = match (f as u128).cmp(&(x as u128)) {
        std::cmp::Ordering::Equal => return f,
        std::cmp::Ordering::Greater => (f32::from_bits(f.to_bits() - 1), f),
        std::cmp::Ordering::Less => (f, f32::from_bits(f.to_bits() + 1)),
    };
    match mode {
        "rn" => f,
        "rp" => hi,
        _ => lo,
    }
}

fn f32_bits(x: u64) -> f32 {
    f32::from_bits(x as u32)
}

fn clamp_i(v: i128, lo: i128, hi: i128) -> i128 {
    v.max(lo).min(hi)
}

/// An integer of `bytes` bytes, signed or not, from the low bits of x.
fn int_of(x: u64, bytes: u32, signed: bool) -> i128 {
    let bits = bytes * 8;
    let v = x & mask(bits);
    if signed && (v >> (bits - 1)) & 1 == 1 {
        v as i128 - (1i128 << bits)
    } else {
        v as i128
    }
}

fn range(bytes: u32, signed: bool) -> (i128, i128) {
    let bits = bytes * 8;
    if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

fn case(name: impl Into<String>, body: impl Into<String>, r: impl Fn(u64, u64, u64) -> u64 + Send + Sync + 'static) -> Case {
    Case { name: name.into(), body: body.into(), reference: Box::new(r), rtl: true, fp64: false }
}

/// A 32-bit result in %r13 widened into %rd13.
fn c32(name: &str, instr: &str, r: impl Fn(u64, u64, u64) -> u64 + Send + Sync + 'static) -> Case {
    case(name, format!("  {instr}\n  cvt.u64.u32 %rd13, %r13;"), move |a, b, c| r(a, b, c) & 0xFFFF_FFFF)
}

/// A predicate in %p1 as 0 / 1.
fn cp(name: &str, instr: &str, r: impl Fn(u64, u64, u64) -> bool + Send + Sync + 'static) -> Case {
    case(name, format!("  {instr}\n  selp.u64 %rd13, 1, 0, %p1;"), move |a, b, c| r(a, b, c) as u64)
}

pub fn cases() -> Vec<Case> {
    let mut v = vec![
        c32("bfe.u32", "bfe.u32 %r13, %r10, %r11, %r12;", |a, b, c| bfe(a, b, c, 32, false)),
        c32("bfe.s32", "bfe.s32 %r13, %r10, %r11, %r12;", |a, b, c| bfe(a, b, c, 32, true)),
        case("bfe.u64", "  bfe.u64 %rd13, %rd10, %r11, %r12;", |a, b, c| bfe(a, b, c, 64, false)),
        case("bfe.s64", "  bfe.s64 %rd13, %rd10, %r11, %r12;", |a, b, c| bfe(a, b, c, 64, true)),
        c32("bfe.u32 immediate", "bfe.u32 %r13, %r10, 7, 9;", |a, _, _| bfe(a, 7, 9, 32, false)),
        c32("bfi.b32", "shr.u32 %r14, %r12, 8;\n  bfi.b32 %r13, %r10, %r11, %r12, %r14;", |a, b, c| bfi(a, b, c, c >> 8, 32)),
        case("bfi.b64", "  shr.u32 %r14, %r12, 8;\n  bfi.b64 %rd13, %rd10, %rd11, %r12, %r14;", |a, b, c| bfi(a, b, c, c >> 8, 64)),
        c32("prmt.b32", "prmt.b32 %r13, %r10, %r11, %r12;", |a, b, c| prmt(a as u32, b as u32, c as u32) as u64),
        c32("prmt.b32 0x5410", "prmt.b32 %r13, %r10, %r11, 0x5410;", |a, b, _| prmt(a as u32, b as u32, 0x5410) as u64),
        c32("prmt.b32 0x8C4A", "prmt.b32 %r13, %r10, %r11, 0x8C4A;", |a, b, _| prmt(a as u32, b as u32, 0x8C4A) as u64),
        c32("popc.b32", "popc.b32 %r13, %r10;", |a, _, _| (a as u32).count_ones() as u64),
        c32("popc.b64", "popc.b64 %r13, %rd10;", |a, _, _| a.count_ones() as u64),
        c32("clz.b32", "clz.b32 %r13, %r10;", |a, _, _| (a as u32).leading_zeros() as u64),
        c32("clz.b64", "clz.b64 %r13, %rd10;", |a, _, _| a.leading_zeros() as u64),
        c32("brev.b32", "brev.b32 %r13, %r10;", |a, _, _| (a as u32).reverse_bits() as u64),
        case("brev.b64", "  brev.b64 %rd13, %rd10;", |a, _, _| a.reverse_bits()),
        c32("bfind.u32", "bfind.u32 %r13, %r10;", |a, _, _| bfind(a, 32, false, false)),
        c32("bfind.s32", "bfind.s32 %r13, %r10;", |a, _, _| bfind(a, 32, true, false)),
        c32("bfind.u64", "bfind.u64 %r13, %rd10;", |a, _, _| bfind(a, 64, false, false)),
        c32("bfind.s64", "bfind.s64 %r13, %rd10;", |a, _, _| bfind(a, 64, true, false)),
        c32("bfind.shiftamt.u32", "bfind.shiftamt.u32 %r13, %r10;", |a, _, _| bfind(a, 32, false, true)),
        c32("bfind.shiftamt.s64", "bfind.shiftamt.s64 %r13, %rd10;", |a, _, _| bfind(a, 64, true, true)),
        c32("sad.u32", "sad.u32 %r13, %r10, %r11, %r12;", |a, b, c| (c as u32).wrapping_add((a as u32).abs_diff(b as u32)) as u64),
        c32("sad.s32", "sad.s32 %r13, %r10, %r11, %r12;", |a, b, c| {
            (c as u32).wrapping_add((a as i32).max(b as i32).wrapping_sub((a as i32).min(b as i32)) as u32) as u64
        }),
        c32("mul24.lo.u32", "mul24.lo.u32 %r13, %r10, %r11;", |a, b, _| ((a & 0xFF_FFFF) * (b & 0xFF_FFFF)) & 0xFFFF_FFFF),
        c32("mul24.hi.u32", "mul24.hi.u32 %r13, %r10, %r11;", |a, b, _| ((a & 0xFF_FFFF) * (b & 0xFF_FFFF)) >> 16),
        c32("mul24.hi.s32", "mul24.hi.s32 %r13, %r10, %r11;", |a, b, _| {
            ((int_of(a, 3, true) * int_of(b, 3, true)) >> 16) as u64
        }),
        c32("mad24.lo.s32", "mad24.lo.s32 %r13, %r10, %r11, %r12;", |a, b, c| {
            ((int_of(a, 3, true) * int_of(b, 3, true)) as u64).wrapping_add(c)
        }),
        c32("div.u32", "div.u32 %r13, %r10, %r11;", |a, b, _| udiv(a as u32, b as u32).0 as u64),
        c32("rem.u32", "rem.u32 %r13, %r10, %r11;", |a, b, _| udiv(a as u32, b as u32).1 as u64),
        c32("div.s32", "div.s32 %r13, %r10, %r11;", |a, b, _| sdiv(a as i32, b as i32).0 as u32 as u64),
        c32("rem.s32", "rem.s32 %r13, %r10, %r11;", |a, b, _| sdiv(a as i32, b as i32).1 as u32 as u64),
        case("div.u64", "  div.u64 %rd13, %rd10, %rd11;", |a, b, _| a.checked_div(b).unwrap_or(u64::MAX)),
        case("rem.u64", "  rem.u64 %rd13, %rd10, %rd11;", |a, b, _| a.checked_rem(b).unwrap_or(a)),
        case("div.s64", "  div.s64 %rd13, %rd10, %rd11;", |a, b, _| if b == 0 { u64::MAX } else { (a as i64).wrapping_div(b as i64) as u64 }),
        case("rem.s64", "  rem.s64 %rd13, %rd10, %rd11;", |a, b, _| if b == 0 { a } else { (a as i64).wrapping_rem(b as i64) as u64 }),
        c32("div.u32 by an immediate", "div.u32 %r13, %r10, 7;", |a, _, _| (a as u32 / 7) as u64),
        case("min.u64", "  min.u64 %rd13, %rd10, %rd11;", |a, b, _| a.min(b)),
        case("max.s64", "  max.s64 %rd13, %rd10, %rd11;", |a, b, _| (a as i64).max(b as i64) as u64),
        case("min.s64", "  min.s64 %rd13, %rd10, %rd11;", |a, b, _| (a as i64).min(b as i64) as u64),
        case("abs.s64", "  abs.s64 %rd13, %rd10;", |a, _, _| (a as i64).wrapping_abs() as u64),
        case("neg.s64", "  neg.s64 %rd13, %rd10;", |a, _, _| (a as i64).wrapping_neg() as u64),
        case("shl.b64 by a register", "  shl.b64 %rd13, %rd10, %r11;", |a, b, _| if b as u32 >= 64 { 0 } else { a << b as u32 }),
        case("shr.u64 by a register", "  shr.u64 %rd13, %rd10, %r11;", |a, b, _| if b as u32 >= 64 { 0 } else { a >> b as u32 }),
        case("shr.s64 by a register", "  shr.s64 %rd13, %rd10, %r11;", |a, b, _| ((a as i64) >> (b as u32).min(63)) as u64),
        case("mul.hi.u64", "  mul.hi.u64 %rd13, %rd10, %rd11;", |a, b, _| ((a as u128 * b as u128) >> 64) as u64),
        case("mul.hi.s64", "  mul.hi.s64 %rd13, %rd10, %rd11;", |a, b, _| ((a as i64 as i128 * b as i64 as i128) >> 64) as u64),
        // 8/16-bit operands (the registers' upper bits hold garbage)
        cp("setp.lt.s16", "setp.lt.s16 %p1, %rs10, %rs11;", |a, b, _| (a as i16) < (b as i16)),
        cp("setp.hi.u16", "setp.hi.u16 %p1, %rs10, %rs11;", |a, b, _| (a as u16) > (b as u16)),
        c32("min.s16", "min.s16 %rs13, %rs10, %rs11;\n  cvt.s32.s16 %r13, %rs13;", |a, b, _| (a as i16).min(b as i16) as i32 as u32 as u64),
        c32("max.u16", "max.u16 %rs13, %rs10, %rs11;\n  cvt.u32.u16 %r13, %rs13;", |a, b, _| (a as u16).max(b as u16) as u64),
        c32("shr.s16", "shr.s16 %rs13, %rs10, %r11;\n  cvt.s32.s16 %r13, %rs13;", |a, b, _| ((a as i16) >> (b as u32).min(15)) as i32 as u32 as u64),
        c32("mul.hi.s16", "mul.hi.s16 %rs13, %rs10, %rs11;\n  cvt.s32.s16 %r13, %rs13;", |a, b, _| {
            (((a as i16 as i32) * (b as i16 as i32)) >> 16) as i16 as i32 as u32 as u64
        }),
        c32("mul.wide.s16", "mul.wide.s16 %r13, %rs10, %rs11;", |a, b, _| ((a as i16 as i32) * (b as i16 as i32)) as u32 as u64),
        c32("div.s16", "div.s16 %rs13, %rs10, %rs11;\n  cvt.s32.s16 %r13, %rs13;", |a, b, _| {
            let (x, y) = (a as i16, b as i16);
            (if y == 0 { -1 } else { x.wrapping_div(y) }) as i32 as u32 as u64
        }),
        c32("abs.s16", "abs.s16 %rs13, %rs10;\n  cvt.s32.s16 %r13, %rs13;", |a, _, _| (a as i16).wrapping_abs() as i32 as u32 as u64),
        // slct, testp, copysign
        c32("slct.s32.s32", "slct.s32.s32 %r13, %r10, %r11, %r12;", |a, b, c| if (c as i32) >= 0 { a } else { b }),
        c32("slct.u32.f32", "slct.u32.f32 %r13, %r10, %r11, %f12;", |a, b, c| if f32_bits(c) >= 0.0 { a } else { b }),
        c32("slct.ftz.u32.f32", "slct.ftz.u32.f32 %r13, %r10, %r11, %f12;", |a, b, c| {
            let f = f32_bits(c);
            if f >= 0.0 || f.is_subnormal() {
                a
            } else {
                b
            }
        }),
        c32("copysign.f32", "copysign.f32 %f13, %f10, %f11;\n  mov.b32 %r13, %f13;", |a, b, _| (a as u32 & 0x8000_0000 | b as u32 & 0x7FFF_FFFF) as u64),
        case(
            "vector loads, .volatile, membar",
            "  ld.global.v2.u32 {%r14, %r15}, [%rd4+8];\n  membar.gl;\n  ld.volatile.global.v4.u32 {%r16, %r17, %r18, %r19}, [%rd4];\n  xor.b32 %r20, %r15, %r16;\n  add.s32 %r21, %r14, %r19;\n  mov.b64 %rd13, {%r21, %r20};",
            |a, b, _| {
                let (a_lo, b_lo, b_hi) = (a as u32, b as u32, (b >> 32) as u32);
                ((b_hi ^ a_lo) as u64) << 32 | b_lo.wrapping_add(b_hi) as u64
            },
        ),
        case("vector store", "  st.global.v2.u32 [%rd6], {%r11, %r10};", |a, b, _| (a & 0xFFFF_FFFF) << 32 | (b & 0xFFFF_FFFF)),
        case("ld.global.s32 and .u16 into 64-bit registers", "  ld.global.s32 %rd20, [%rd4+8];\n  ld.global.u16 %rd21, [%rd4+16];\n  add.s64 %rd13, %rd20, %rd21;", |_, b, c| (b as i32 as i64 as u64).wrapping_add(c & 0xFFFF)),
        cp("mov.pred from -1 and 0", "mov.pred %p2, -1;\n  mov.pred %p3, 0;\n  and.pred %p1, %p2, %p2;\n  or.pred %p1, %p1, %p3;", |_, _, _| true),
        case("ld.u64 into its own address register", "  ld.global.u64 %rd4, [%rd4+16];\n  mov.b64 %rd13, %rd4;", |_, _, c| c),
        case(
            "mov pack and unpack",
            "  mov.b32 {%rs14, %rs15}, %r10;\n  mov.b32 %r14, {%rs15, %rs14};\n  mov.b64 {%r15, %r16}, %rd11;\n  mov.b64 %rd13, {%r14, %r15};",
            |a, b, _| (b & 0xFFFF_FFFF) << 32 | ((a as u32).rotate_left(16) as u64),
        ),
    ];
    for (m, k) in [("f4e", 1), ("b4e", 2), ("rc8", 3), ("ecl", 0), ("ecr", 2), ("rc16", 1)] {
        v.push(c32(&format!("prmt.b32.{m}"), &format!("prmt.b32.{m} %r13, %r10, %r11, %r12;"), move |a, b, c| prmt_mode(m, a as u32, b as u32, c as u32) as u64));
        v.push(c32(&format!("prmt.b32.{m} {k}"), &format!("prmt.b32.{m} %r13, %r10, %r11, {k};"), move |a, b, _| prmt_mode(m, a as u32, b as u32, k) as u64));
    }
    // every 64-bit comparison, packed as bits of one word
    let cmps: [(&str, &str, fn(u64, u64) -> bool); 16] = [
        ("eq", "s64", |a, b| a == b),
        ("ne", "s64", |a, b| a != b),
        ("lt", "s64", |a, b| (a as i64) < (b as i64)),
        ("le", "s64", |a, b| (a as i64) <= (b as i64)),
        ("gt", "s64", |a, b| (a as i64) > (b as i64)),
        ("ge", "s64", |a, b| (a as i64) >= (b as i64)),
        ("lt", "u64", |a, b| a < b),
        ("le", "u64", |a, b| a <= b),
        ("gt", "u64", |a, b| a > b),
        ("ge", "u64", |a, b| a >= b),
        ("lo", "u64", |a, b| a < b),
        ("ls", "u64", |a, b| a <= b),
        ("hi", "u64", |a, b| a > b),
        ("hs", "u64", |a, b| a >= b),
        ("eq", "b64", |a, b| a == b),
        ("ne", "u64", |a, b| a != b),
    ];
    let mut body = String::from("  mov.u32 %r13, 0;\n");
    for (k, (c, t, _)) in cmps.iter().enumerate() {
        body += &format!("  setp.{c}.{t} %p1, %rd10, %rd11;\n  selp.u32 %r14, {}, 0, %p1;\n  or.b32 %r13, %r13, %r14;\n", 1u32 << k);
    }
    body += "  cvt.u64.u32 %rd13, %r13;";
    v.push(case("setp on 64-bit values", body, move |a, b, _| {
        cmps.iter().enumerate().map(|(k, (_, _, f))| (f(a, b) as u64) << k).sum()
    }));
    // setp with a predicate combination and two destinations
    v.push(case(
        "setp.lt.and/or/xor, p|q",
        "  setp.ne.u32 %p2, %r12, 0;\n  setp.lt.and.s32 %p3|%p4, %r10, %r11, %p2;\n  setp.gt.or.u64 %p5, %rd10, %rd11, !%p2;\n  setp.eq.xor.s16 %p6|%p7, %rs10, %rs11, %p2;\n  setp.le.u32 %p8|%p9, %r10, %r11;\n  selp.u32 %r20, 1, 0, %p3;\n  selp.u32 %r21, 2, 0, %p4;\n  selp.u32 %r22, 4, 0, %p5;\n  selp.u32 %r23, 8, 0, %p6;\n  selp.u32 %r24, 16, 0, %p7;\n  selp.u32 %r25, 32, 0, %p8;\n  selp.u32 %r26, 64, 0, %p9;\n  or.b32 %r20, %r20, %r21;\n  or.b32 %r20, %r20, %r22;\n  or.b32 %r20, %r20, %r23;\n  or.b32 %r20, %r20, %r24;\n  or.b32 %r20, %r20, %r25;\n  or.b32 %r20, %r20, %r26;\n  cvt.u64.u32 %rd13, %r20;",
        |a, b, c| {
            let c2 = c as u32 != 0;
            let lt = (a as i32) < (b as i32);
            let gt = a > b;
            let eq = a as u16 == b as u16;
            let le = a as u32 <= b as u32;
            let bits = [lt && c2, !lt && c2, gt || !c2, eq ^ c2, !eq ^ c2, le, !le];
            bits.iter().enumerate().map(|(k, &x)| (x as u64) << k).sum()
        },
    ));
    // testp, six classes
    let classes = ["finite", "infinite", "number", "notanumber", "normal", "subnormal"];
    let mut body = String::from("  mov.u32 %r13, 0;\n");
    for (k, c) in classes.iter().enumerate() {
        body += &format!("  testp.{c}.f32 %p1, %f10;\n  selp.u32 %r14, {}, 0, %p1;\n  or.b32 %r13, %r13, %r14;\n", 1u32 << k);
    }
    body += "  cvt.u64.u32 %rd13, %r13;";
    v.push(case("testp.*.f32", body, |a, _, _| {
        let f = f32_bits(a);
        let bits = [f.is_finite(), f.is_infinite(), !f.is_nan(), f.is_nan(), f.is_normal(), f.is_subnormal()];
        bits.iter().enumerate().map(|(k, &x)| (x as u64) << k).sum()
    }));
    // integer conversions of every width, with and without .sat
    let tys: [(&str, u32, bool, &str); 8] = [
        ("u8", 1, false, "%rs"),
        ("s8", 1, true, "%rs"),
        ("u16", 2, false, "%rs"),
        ("s16", 2, true, "%rs"),
        ("u32", 4, false, "%r"),
        ("s32", 4, true, "%r"),
        ("u64", 8, false, "%rd"),
        ("s64", 8, true, "%rd"),
    ];
    for &(dn, db, ds, dr) in &tys {
        for &(sn, sb, ss, sr) in &tys {
            for sat in [false, true] {
                if sat && !(db < sb || ds != ss) {
                    continue;
                }
                // read the destination back widened by its own type into %rd13
                let widen = match db {
                    8 => format!("mov.b64 %rd13, {dr}20;"),
                    _ => format!("cvt.{}64.{dn} %rd13, {dr}20;", if ds { "s" } else { "u" }),
                };
                let body = format!("  cvt{}.{dn}.{sn} {dr}20, {sr}1{};\n  {widen}", if sat { ".sat" } else { "" }, if sb == 8 { "1" } else { "0" });
                v.push(case(format!("cvt{}.{dn}.{sn}", if sat { ".sat" } else { "" }), body, move |a, b, _| {
                    let x = int_of(if sb == 8 { b } else { a }, sb, ss);
                    let (lo, hi) = range(db, ds);
                    let y = if sat { clamp_i(x, lo, hi) } else { int_of(x as u64, db, ds) };
                    y as u64
                }));
            }
        }
    }
    for (dn, db, ds) in [("s8", 1, true), ("u8", 1, false), ("s16", 2, true), ("u16", 2, false)] {
        for rnd in ["rzi", "rni"] {
            let w = format!("cvt.{}64.{dn} %rd13, %rs20;", if ds { "s" } else { "u" });
            v.push(case(format!("cvt.{rnd}.{dn}.f32"), format!("  cvt.{rnd}.{dn}.f32 %rs20, %f10;\n  {w}"), move |a, _, _| {
                let f = f32_bits(a) as f64;
                let r = if f.is_nan() {
                    0.0
                } else if rnd == "rzi" {
                    f.trunc()
                } else {
                    f.round_ties_even()
                };
                let (lo, hi) = range(db, ds);
                (r.max(lo as f64).min(hi as f64) as i128) as u64
            }));
        }
        v.push(c32(&format!("cvt.rn.f32.{dn}"), &format!("cvt.rn.f32.{dn} %f13, %rs10;\n  mov.b32 %r13, %f13;"), move |a, _, _| {
            (int_of(a, db, ds) as f32).to_bits() as u64
        }));
    }
    // division, reciprocal and square root forms beyond div/sqrt.rn (references in f64:
    // one rounding of the f64 result to f32 is exact for these operations)
    let canon = |x: f32| if x.is_nan() { heddle_hw::fp32::bits::CANON_NAN } else { x.to_bits() };
    let ftz = |x: f32| if x.is_subnormal() { 0.0f32.copysign(x) } else { x };
    let div = move |a: f32, b: f32| ((a as f64) / (b as f64)) as f32;
    v.push(c32("rcp.rn.f32", "rcp.rn.f32 %f13, %f10;\n  mov.b32 %r13, %f13;", move |a, _, _| canon(div(1.0, f32_bits(a))) as u64));
    v.push(c32("div.full.f32", "div.full.f32 %f13, %f10, %f11;\n  mov.b32 %r13, %f13;", move |a, b, _| canon(div(f32_bits(a), f32_bits(b))) as u64));
    v.push(c32("div.rn.ftz.f32", "div.rn.ftz.f32 %f13, %f10, %f11;\n  mov.b32 %r13, %f13;", move |a, b, _| {
        canon(ftz(div(ftz(f32_bits(a)), ftz(f32_bits(b))))) as u64
    }));
    v.push(c32("rcp.rn.ftz.f32", "rcp.rn.ftz.f32 %f13, %f10;\n  mov.b32 %r13, %f13;", move |a, _, _| canon(ftz(div(1.0, ftz(f32_bits(a))))) as u64));
    v.push(c32("sqrt.rn.ftz.f32", "sqrt.rn.ftz.f32 %f13, %f10;\n  mov.b32 %r13, %f13;", move |a, _, _| {
        canon(ftz((ftz(f32_bits(a)) as f64).sqrt() as f32)) as u64
    }));
    // f32 to and from 64-bit integers in every rounding mode (f32 inputs flushed, as by
    // the SP's conversion unit)
    for (r, t) in [("rn", "u64"), ("rz", "u64"), ("rm", "u64"), ("rp", "u64"), ("rn", "s64"), ("rz", "s64"), ("rm", "s64"), ("rp", "s64")] {
        let signed = t == "s64";
        v.push(c32(&format!("cvt.{r}.f32.{t}"), &format!("cvt.{r}.f32.{t} %f13, %rd10;\n  mov.b32 %r13, %f13;"), move |a, _, _| {
            let (neg, m) = if signed && (a as i64) < 0 { (true, (a as i64).unsigned_abs()) } else { (false, a) };
            let mode = match (r, neg) {
                ("rm", true) => "rp",
                ("rp", true) => "rm",
                (r, _) => r,
            };
            let f = round_u64_to_f32(m, mode);
            (if neg { -f } else { f }).to_bits() as u64
        }));
    }
    for (r, t) in [("rni", "u64"), ("rzi", "u64"), ("rmi", "u64"), ("rpi", "u64"), ("rni", "s64"), ("rzi", "s64"), ("rmi", "s64"), ("rpi", "s64")] {
        v.push(case(format!("cvt.{r}.{t}.f32"), format!("  cvt.{r}.{t}.f32 %rd13, %f10;"), move |a, _, _| {
            let x = f32_bits(a);
            let x = if x.is_subnormal() { 0.0f32.copysign(x) } else { x } as f64;
            let i = match r {
                "rni" => x.round_ties_even(),
                "rzi" => x.trunc(),
                "rmi" => x.floor(),
                _ => x.ceil(),
            };
            if t == "u64" {
                i as u64
            } else {
                i as i64 as u64
            }
        }));
    }
    // local memory and generic addresses (the RTL SM does not execute them yet)
    let local_cases = vec![
        case(
            "ld/st.local, a dynamic index",
            "  mov.u64 %rd20, depot;\n  st.local.u32 [%rd20], %r10;\n  st.local.u32 [%rd20+4], %r11;\n  st.local.u32 [%rd20+8], %r12;\n  and.b32 %r14, %r12, 1;\n  shl.b32 %r15, %r14, 2;\n  cvt.u64.u32 %rd21, %r15;\n  add.s64 %rd22, %rd20, %rd21;\n  ld.local.u32 %r13, [%rd22+4];\n  cvt.u64.u32 %rd13, %r13;",
            |_, b, c| if c & 1 == 1 { c & 0xFFFF_FFFF } else { b & 0xFFFF_FFFF },
        ),
        case(
            "generic local (cvta.local)",
            "  mov.u64 %rd20, depot;\n  cvta.local.u64 %rd23, %rd20;\n  st.u32 [%rd23+8], %r10;\n  ld.u32 %r13, [%rd23+8];\n  ld.local.u32 %r16, [%rd20+8];\n  add.s32 %r17, %r13, %r16;\n  st.u16 [%rd23+12], %rs11;\n  ld.local.s16 %r18, [%rd20+12];\n  mov.b64 %rd13, {%r17, %r18};",
            |a, b, _| ((b as u16 as i16 as i32 as u32 as u64) << 32) | (a as u32).wrapping_mul(2) as u64,
        ),
        case(
            "generic shared (cvta.shared, cvta.to.shared)",
            "  mov.u64 %rd24, sh;\n  cvta.shared.u64 %rd25, %rd24;\n  mul.wide.u32 %rd26, %r3, 4;\n  add.s64 %rd27, %rd25, %rd26;\n  st.u32 [%rd27], %r11;\n  cvta.to.shared.u64 %rd28, %rd27;\n  ld.shared.u32 %r13, [%rd28];\n  ld.u8 %r14, [%rd27+1];\n  mov.b64 %rd13, {%r13, %r14};",
            |_, b, _| ((b >> 8) & 0xFF) << 32 | (b & 0xFFFF_FFFF),
        ),
        case(
            "generic global (cvta.global)",
            "  cvta.global.u64 %rd29, %rd4;\n  ld.u32 %r13, [%rd29+16];\n  cvta.to.global.u64 %rd30, %rd29;\n  ld.global.u32 %r14, [%rd30+20];\n  mov.b64 %rd13, {%r13, %r14};",
            |_, _, c| c,
        ),
    ];
    let mut local_cases = local_cases;
    local_cases.push(case(
        "atom on generic addresses (global, shared)",
        "  cvta.global.u64 %rd29, %rd6;\n  atom.add.u32 %r13, [%rd29], %r10;\n  mov.u64 %rd24, sh;\n  cvta.shared.u64 %rd25, %rd24;\n  mul.wide.u32 %rd26, %r3, 4;\n  add.s64 %rd27, %rd25, %rd26;\n  st.u32 [%rd27], %r11;\n  atom.exch.b32 %r14, [%rd27], %r12;\n  ld.shared.u32 %r15, [%rd24];\n  cvta.to.shared.u64 %rd28, %rd27;\n  ld.shared.u32 %r15, [%rd28];\n  xor.b32 %r16, %r14, %r15;\n  st.global.u32 [%rd6+4], %r16;",
        |a, b, c| ((b ^ c) & 0xFFFF_FFFF) << 32 | (a & 0xFFFF_FFFF),
    ));
    for mut c in local_cases {
        c.rtl = false;
        v.push(c);
    }
    f64_cases(&mut v);
    f64_div_sqrt_cases(&mut v);
    f32_directed_cases(&mut v);
    // atomics on the thread's own word (the RTL SM has no atomics yet)
    let mut red = case("red.global.add.u32", "  red.global.add.u32 [%rd6], %r10;\n  st.global.u32 [%rd6+4], %r11;", |a, b, _| (b & 0xFFFF_FFFF) << 32 | (a & 0xFFFF_FFFF));
    red.rtl = false;
    v.push(red);
    let mut fadd = case(
        "atom.global.add.f32",
        "  atom.global.add.f32 %f14, [%rd6], %f10;\n  atom.global.add.f32 %f15, [%rd6], %f11;\n  mov.b32 %r14, %f15;\n  st.global.u32 [%rd6+4], %r14;",
        |a, b, _| {
            // rn with subnormal inputs and results flushed (NaN results canonical)
            let ftz = |x: f32| if x.is_subnormal() { 0.0f32.copysign(x) } else { x };
            let first = ftz(0.0f32 + ftz(f32_bits(a)));
            let sum = ftz(ftz(first) + ftz(f32_bits(b)));
            let bits = |x: f32| if x.is_nan() { heddle_hw::fp32::bits::CANON_NAN } else { x.to_bits() };
            (bits(first) as u64) << 32 | bits(sum) as u64
        },
    );
    fadd.rtl = false;
    v.push(fadd);
    v
}

// ---- binary64 (the RTL SM faults binary64 ops: golden SM only) ----

fn f64b(x: u64) -> f64 {
    f64::from_bits(x)
}

/// A binary64 result with every NaN as 0x7FF8000000000000 (payloads are the FMA unit's
/// business, checked against SoftFloat in docs/fma-numerics.md).
fn canon64(x: f64) -> u64 {
    if x.is_nan() {
        0x7FF8_0000_0000_0000
    } else {
        x.to_bits()
    }
}

/// The body's f64 result %fd13 into %rd13, NaNs canonical.
const OUT64: &str = "\n  testp.notanumber.f64 %p15, %fd13;\n  mov.b64 %rd14, %fd13;\n  selp.b64 %rd13, 0x7FF8000000000000, %rd14, %p15;";

fn next_up(x: f64) -> f64 {
    if x.is_nan() || x == f64::INFINITY {
        x
    } else if x == 0.0 {
        f64::from_bits(1)
    } else if x > 0.0 {
        f64::from_bits(x.to_bits() + 1)
    } else {
        f64::from_bits(x.to_bits() - 1)
    }
}

fn next_down(x: f64) -> f64 {
    -next_up(-x)
}

/// a + b rounded by rn/rz/rm/rp: the round-to-nearest sum and its exact error (TwoSum).
fn add_dir(a: f64, b: f64, mode: &str) -> f64 {
    let r = a + b;
    if r.is_nan() || a.is_infinite() || b.is_infinite() {
        return r;
    }
    if r.is_infinite() {
        // overflow: directed modes may stop at the largest finite value
        let max = f64::MAX.copysign(r);
        return match (mode, r > 0.0) {
            ("rz", _) | ("rm", true) | ("rp", false) => max,
            _ => r,
        };
    }
    let bb = r - a;
    let e = (a - (r - bb)) + (b - bb);
    if e == 0.0 {
        if r == 0.0 && mode == "rm" && (a != 0.0 || b != 0.0 || a.is_sign_negative() || b.is_sign_negative()) {
            // an exact zero sum is -0 when rounding down (and -0 + -0 is -0 in every mode)
            return if a == 0.0 && b == 0.0 { if a.is_sign_negative() || b.is_sign_negative() { -0.0 } else { 0.0 } } else { -0.0 };
        }
        return r;
    }
    match mode {
        "rz" if (e > 0.0) != (r > 0.0) => if r > 0.0 { next_down(r) } else { next_up(r) },
        "rm" if e < 0.0 => next_down(r),
        "rp" if e > 0.0 => next_up(r),
        _ => r,
    }
}

/// x (exact, as f64) rounded to f32 by rn/rz/rm/rp.
fn f32_dir(x: f64, mode: &str) -> f32 {
    let r = x as f32;
    if x.is_nan() || x.is_infinite() || r as f64 == x {
        return r;
    }
    let (lo, hi) = if r.is_infinite() {
        if x > 0.0 { (f32::MAX, f32::INFINITY) } else { (f32::NEG_INFINITY, f32::MIN) }
    } else if (r as f64) > x {
        (f32::from_bits(if r > 0.0 { r.to_bits() - 1 } else if r == 0.0 { 0x8000_0001 } else { r.to_bits() + 1 }), r)
    } else {
        (r, f32::from_bits(if r > 0.0 { r.to_bits() + 1 } else if r == 0.0 { 1 } else { r.to_bits() - 1 }))
    };
    match mode {
        "rn" => r,
        "rz" => if x > 0.0 { lo } else { hi },
        "rm" => lo,
        _ => hi,
    }
}

fn f64_cases(v: &mut Vec<Case>) {
    let mut push = |name: String, body: String, r: Box<dyn Fn(u64, u64, u64) -> u64 + Send + Sync>| {
        v.push(Case { name, body, reference: r, rtl: false, fp64: true });
    };
    for m in ["rn", "rz", "rm", "rp"] {
        push(format!("add.{m}.f64"), format!("  add.{m}.f64 %fd13, %fd10, %fd11;{OUT64}"), Box::new(move |a, b, _| canon64(add_dir(f64b(a), f64b(b), m))));
        push(format!("sub.{m}.f64"), format!("  sub.{m}.f64 %fd13, %fd10, %fd11;{OUT64}"), Box::new(move |a, b, _| canon64(add_dir(f64b(a), -f64b(b), m))));
    }
    push("mul.rn.f64".into(), format!("  mul.rn.f64 %fd13, %fd10, %fd11;{OUT64}"), Box::new(|a, b, _| canon64(f64b(a) * f64b(b))));
    push("fma.rn.f64".into(), format!("  fma.rn.f64 %fd13, %fd10, %fd11, %fd12;{OUT64}"), Box::new(|a, b, c| canon64(f64b(a).mul_add(f64b(b), f64b(c)))));
    push("mad.rn.f64, a literal".into(), format!("  mad.rn.f64 %fd13, %fd10, 0d4008000000000000, %fd11;{OUT64}"), Box::new(|a, b, _| canon64(f64b(a).mul_add(3.0, f64b(b)))));
    push("neg.f64".into(), "  neg.f64 %fd13, %fd10;\n  mov.b64 %rd13, %fd13;".into(), Box::new(|a, _, _| a ^ (1 << 63)));
    push("abs.f64".into(), "  abs.f64 %fd13, %fd10;\n  mov.b64 %rd13, %fd13;".into(), Box::new(|a, _, _| a & !(1 << 63)));
    push("copysign.f64".into(), "  copysign.f64 %fd13, %fd10, %fd11;\n  mov.b64 %rd13, %fd13;".into(), Box::new(|a, b, _| (a & (1 << 63)) | (b & !(1 << 63))));
    let minmax = |a: u64, b: u64, max: bool| -> u64 {
        let (x, y) = (f64b(a), f64b(b));
        if x.is_nan() {
            return canon64(y);
        }
        if y.is_nan() {
            return canon64(x);
        }
        // -0 below +0
        let key = |v: u64| if v >> 63 == 1 { !v } else { v | (1 << 63) };
        let lt = key(a) < key(b);
        if lt != max { a } else { b }
    };
    push("min.f64".into(), format!("  min.f64 %fd13, %fd10, %fd11;{OUT64}"), Box::new(move |a, b, _| minmax(a, b, false)));
    push("max.f64".into(), format!("  max.f64 %fd13, %fd10, %fd11;{OUT64}"), Box::new(move |a, b, _| minmax(a, b, true)));
    // the 14 comparisons, packed
    let names = ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"];
    let mut body = String::from("  mov.u32 %r13, 0;\n");
    for (k, c) in names.iter().enumerate() {
        body += &format!("  setp.{c}.f64 %p1, %fd10, %fd11;\n  selp.u32 %r14, {}, 0, %p1;\n  or.b32 %r13, %r13, %r14;\n", 1u32 << k);
    }
    body += "  cvt.u64.u32 %rd13, %r13;";
    push("setp.*.f64".into(), body, Box::new(move |a, b, _| {
        let (x, y) = (f64b(a), f64b(b));
        let u = x.is_nan() || y.is_nan();
        let r = [x == y, !u && x != y, x < y, x <= y, x > y, x >= y, u || x == y, x != y, u || x < y, u || x <= y, u || x > y, u || x >= y, !u, u];
        r.iter().enumerate().map(|(k, &t)| (t as u64) << k).sum()
    }));
    let classes = ["finite", "infinite", "number", "notanumber", "normal", "subnormal"];
    let mut body = String::from("  mov.u32 %r13, 0;\n");
    for (k, c) in classes.iter().enumerate() {
        body += &format!("  testp.{c}.f64 %p1, %fd10;\n  selp.u32 %r14, {}, 0, %p1;\n  or.b32 %r13, %r13, %r14;\n", 1u32 << k);
    }
    body += "  cvt.u64.u32 %rd13, %r13;";
    push("testp.*.f64".into(), body, Box::new(|a, _, _| {
        let f = f64b(a);
        let bits = [f.is_finite(), f.is_infinite(), !f.is_nan(), f.is_nan(), f.is_normal(), f.is_subnormal()];
        bits.iter().enumerate().map(|(k, &x)| (x as u64) << k).sum()
    }));
    // conversions
    push("cvt.f64.f32".into(), format!("  cvt.f64.f32 %fd13, %f10;{OUT64}"), Box::new(|a, _, _| canon64(f32::from_bits(a as u32) as f64)));
    for m in ["rn", "rz", "rm", "rp"] {
        push(
            format!("cvt.{m}.f32.f64"),
            format!("  cvt.{m}.f32.f64 %f13, %fd10;\n  testp.notanumber.f32 %p15, %f13;\n  mov.b32 %r14, %f13;\n  selp.b32 %r13, 0x7FFFFFFF, %r14, %p15;\n  cvt.u64.u32 %rd13, %r13;"),
            Box::new(move |a, _, _| {
                let x = f64b(a);
                if x.is_nan() { 0x7FFF_FFFF } else { f32_dir(x, m).to_bits() as u64 }
            }),
        );
    }
    for (t, reg) in [("s32", "%r10"), ("u32", "%r10"), ("s64", "%rd10"), ("u64", "%rd10"), ("s16", "%rs10"), ("u8", "%rs10")] {
        push(format!("cvt.rn.f64.{t}"), format!("  cvt.rn.f64.{t} %fd13, {reg};{OUT64}"), Box::new(move |a, _, _| {
            let x: f64 = match t {
                "s32" => a as i32 as f64,
                "u32" => a as u32 as f64,
                "s64" => a as i64 as f64,
                "u64" => a as f64,
                "s16" => a as i16 as f64,
                _ => a as u8 as f64,
            };
            x.to_bits()
        }));
    }
    for (r, t) in [("rzi", "s32"), ("rni", "u32"), ("rmi", "s64"), ("rpi", "u64"), ("rzi", "s16"), ("rni", "u8")] {
        let (wide, reg) = match t {
            "s64" | "u64" => (true, "%rd20"),
            "s32" | "u32" => (false, "%r20"),
            _ => (false, "%rs20"),
        };
        let widen = if wide { "mov.b64 %rd13, %rd20;".to_string() } else { format!("cvt.{}64.{t} %rd13, {reg};", &t[..1]) };
        push(format!("cvt.{r}.{t}.f64"), format!("  cvt.{r}.{t}.f64 {reg}, %fd10;\n  {widen}"), Box::new(move |a, _, _| {
            let x = f64b(a);
            let i = match r {
                "rni" => x.round_ties_even(),
                "rzi" => x.trunc(),
                "rmi" => x.floor(),
                _ => x.ceil(),
            };
            match t {
                "s32" => i as i32 as i64 as u64,
                "u32" => i as u32 as u64,
                "s64" => i as i64 as u64,
                "u64" => i as u64,
                "s16" => i as i16 as i64 as u64,
                _ => i as u8 as u64,
            }
        }));
    }
}

// ---- division, square root and 1/sqrt: exact references (integer arithmetic) ----

/// A binary interchange format: significand bits (with the hidden one), emin, emax.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Bfmt {
    pub p: u32,
    pub emin: i32,
    pub emax: i32,
}
pub const B64: Bfmt = Bfmt { p: 53, emin: -1022, emax: 1023 };
pub const B32: Bfmt = Bfmt { p: 24, emin: -126, emax: 127 };

/// A decoded operand: finite ones as (sign, m, e), the value (-1)^sign * m * 2^e.
#[derive(Clone, Copy, Debug)]
enum Val {
    Nan,
    Inf(bool),
    Zero(bool),
    Fin(bool, u128, i32),
}

impl Bfmt {
    fn width(self) -> u32 {
        if self.p == 53 {
            64
        } else {
            32
        }
    }
    fn sign_bit(self) -> u64 {
        1 << (self.width() - 1)
    }
    fn exp_all(self) -> u64 {
        (1 << (self.width() - self.p)) - 1
    }
    fn decode(self, x: u64) -> Val {
        let fb = self.p - 1;
        let neg = x & self.sign_bit() != 0;
        let e = (x >> fb) & self.exp_all();
        let f = (x & ((1u64 << fb) - 1)) as u128;
        if e == self.exp_all() {
            if f == 0 {
                Val::Inf(neg)
            } else {
                Val::Nan
            }
        } else if e == 0 {
            if f == 0 {
                Val::Zero(neg)
            } else {
                Val::Fin(neg, f, self.emin - fb as i32)
            }
        } else {
            Val::Fin(neg, f | 1 << fb, e as i32 - self.emax - fb as i32)
        }
    }
    /// The NaN the tests compare with (binary64: canonical after OUT64; binary32: the SP's).
    fn nan(self) -> u64 {
        if self.p == 53 {
            0x7FF8_0000_0000_0000
        } else {
            0x7FFF_FFFF
        }
    }
    fn zero(self, neg: bool) -> u64 {
        if neg {
            self.sign_bit()
        } else {
            0
        }
    }
    fn inf(self, neg: bool) -> u64 {
        self.zero(neg) | self.exp_all() << (self.p - 1)
    }
    fn max(self, neg: bool) -> u64 {
        self.inf(neg) - 1
    }
}

/// (-1)^neg * (m + f) * 2^e with 0 < f < 1 when `sticky` (f = 0 otherwise), rounded to `fmt`
/// in `mode` from the definition: the quantum is 2^(max(E, emin) - p + 1), E the exponent of
/// the leading bit; the nearer neighbour or, at a tie, the even one (rn), or the one toward
/// zero (rz), -inf (rm), +inf (rp); overflow to the infinity or the largest finite value.
pub fn round_exact(fmt: Bfmt, neg: bool, m: u128, e: i32, sticky: bool, mode: &str) -> u64 {
    assert!(m < 1 << 120 && (m > 0 || sticky));
    let lead = if m == 0 { e - 1 } else { e + 127 - m.leading_zeros() as i32 };
    let mut qe = lead.max(fmt.emin) - (fmt.p as i32 - 1);
    let (q, up) = if qe <= e {
        assert!(!sticky, "round_exact: too few bits");
        (m << (e - qe), false)
    } else {
        let sh = (qe - e) as u32;
        let (q, c, nz) = if sh > 120 {
            (0, std::cmp::Ordering::Less, true)
        } else {
            let (q, rem, half) = (m >> sh, m & ((1 << sh) - 1), 1u128 << (sh - 1));
            let c = match rem.cmp(&half) {
                std::cmp::Ordering::Equal if sticky => std::cmp::Ordering::Greater,
                c => c,
            };
            (q, c, rem != 0 || sticky)
        };
        let up = match mode {
            "rn" => c == std::cmp::Ordering::Greater || (c == std::cmp::Ordering::Equal && q & 1 == 1),
            "rz" => false,
            "rm" => neg && nz,
            _ => !neg && nz,
        };
        (q, up)
    };
    let mut q = q + up as u128;
    if q >> fmt.p != 0 {
        q >>= 1;
        qe += 1;
    }
    let fb = fmt.p - 1;
    if q >> fb != 0 && qe + fb as i32 > fmt.emax {
        let to_inf = match mode {
            "rn" => true,
            "rz" => false,
            "rm" => neg,
            _ => !neg,
        };
        return if to_inf { fmt.inf(neg) } else { fmt.max(neg) };
    }
    let bits = if q >> fb == 0 { q as u64 } else { ((qe + fb as i32 + fmt.emax) as u64) << fb | (q as u64 & ((1 << fb) - 1)) };
    fmt.zero(neg) | bits
}

/// a / b in `fmt`, rounded by `mode`: the significands' quotient in integers (at least 65
/// bits and a sticky remainder), then `round_exact`. NaN results are `fmt.nan()`.
pub fn div_exact(fmt: Bfmt, a: u64, b: u64, mode: &str) -> u64 {
    match (fmt.decode(a), fmt.decode(b)) {
        (Val::Nan, _) | (_, Val::Nan) | (Val::Inf(_), Val::Inf(_)) | (Val::Zero(_), Val::Zero(_)) => fmt.nan(),
        (Val::Inf(x), Val::Zero(y) | Val::Fin(y, ..)) | (Val::Fin(x, ..), Val::Zero(y)) => fmt.inf(x ^ y),
        (Val::Zero(x), Val::Inf(y) | Val::Fin(y, ..)) | (Val::Fin(x, ..), Val::Inf(y)) => fmt.zero(x ^ y),
        (Val::Fin(x, ma, ea), Val::Fin(y, mb, eb)) => {
            let (la, lb) = (128 - ma.leading_zeros(), 128 - mb.leading_zeros());
            let sa = 66 + lb - la; // ma << sa has 66 + lb bits: the quotient 65 or 66
            let n = ma << sa;
            round_exact(fmt, x ^ y, n / mb, ea - eb - sa as i32, n % mb != 0, mode)
        }
    }
}

/// Integer square root (floor), bit by bit.
pub fn isqrt(n: u128) -> u128 {
    let (mut x, mut r) = (n, 0u128);
    let mut bit = 1u128 << 126;
    while bit > n {
        bit >>= 2;
    }
    while bit != 0 {
        if x >= r + bit {
            x -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    r
}

/// sqrt(a) in `fmt`, rounded by `mode`: the integer square root of the significand shifted
/// to 120 or 121 bits (an even exponent), its remainder as the sticky bit, `round_exact`.
pub fn sqrt_exact(fmt: Bfmt, a: u64, mode: &str) -> u64 {
    match fmt.decode(a) {
        Val::Nan | Val::Inf(true) | Val::Fin(true, ..) => fmt.nan(),
        Val::Zero(n) => fmt.zero(n),
        Val::Inf(false) => fmt.inf(false),
        Val::Fin(false, m, e) => {
            let mut s = 120 - (128 - m.leading_zeros()) as i32;
            if (e - s).rem_euclid(2) != 0 {
                s += 1;
            }
            let n = m << s;
            let r = isqrt(n);
            round_exact(fmt, false, r, (e - s) / 2, r * r != n, mode)
        }
    }
}

/// 1/sqrt(a) in binary64 rounded to nearest (even), and whether 1/sqrt(a) lies within 2^-30
/// ulp of a midpoint (where `rsqrt.approx.f64`, accurate to 0.5 + 2^-37 ulp, may round
/// either way): sqrt(2^260 / N) for the significand N (60 or 61 bits, even exponent) with
/// num-bigint, about 100 bits and a sticky bit.
pub fn rsqrt_exact(a: u64) -> (u64, bool) {
    use num_bigint::BigUint;
    match B64.decode(a) {
        Val::Nan | Val::Inf(true) | Val::Fin(true, ..) => (B64.nan(), false),
        Val::Zero(n) => (B64.inf(n), false),
        Val::Inf(false) => (0, false),
        Val::Fin(false, m, e) => {
            let mut s = 60 - (128 - m.leading_zeros()) as i32;
            if (e - s).rem_euclid(2) != 0 {
                s += 1;
            }
            let n = BigUint::from(m << s);
            let num = BigUint::from(1u8) << 260u32;
            let (x, rem) = (&num / &n, &num % &n);
            let r = x.sqrt();
            let sticky = rem != BigUint::from(0u8) || &r * &r != x;
            let r: u128 = r.try_into().unwrap();
            let bits = round_exact(B64, false, r, -130 - (e - s) / 2, sticky, "rn");
            let sh = (128 - r.leading_zeros()) - 53;
            let rem = r & ((1 << sh) - 1);
            let half = 1u128 << (sh - 1);
            (bits, rem.abs_diff(half) < (1 << (sh - 30)))
        }
    }
}

fn ftz32(x: u64) -> u64 {
    let x = x & 0xFFFF_FFFF;
    if x & 0x7F80_0000 == 0 {
        x & 0x8000_0000
    } else {
        x
    }
}

fn ftz64(x: u64) -> u64 {
    if x & 0x7FF0_0000_0000_0000 == 0 {
        x & (1 << 63)
    } else {
        x
    }
}

/// Binary32 `div/rcp/sqrt` in the directed modes, with and without `.ftz` (golden SM only:
/// they run on the FMA unit).
fn f32_directed_cases(v: &mut Vec<Case>) {
    for op in ["div", "rcp", "sqrt"] {
        for m in ["rz", "rm", "rp"] {
            for ftz in [false, true] {
                let f = if ftz { ".ftz" } else { "" };
                let args = if op == "div" { "%f10, %f11" } else { "%f10" };
                let mut c = c32(&format!("{op}.{m}{f}.f32"), &format!("{op}.{m}{f}.f32 %f13, {args};\n  mov.b32 %r13, %f13;"), move |a, b, _| {
                    let fl = |x: u64| if ftz { ftz32(x) } else { x & 0xFFFF_FFFF };
                    let r = match op {
                        "div" => div_exact(B32, fl(a), fl(b), m),
                        "rcp" => div_exact(B32, 0x3F80_0000, fl(a), m),
                        _ => sqrt_exact(B32, fl(a), m),
                    };
                    fl(r)
                });
                (c.rtl, c.fp64) = (false, true);
                v.push(c);
            }
        }
    }
}

/// Binary64 division, reciprocal, square root, 1/sqrt and rounding to an integral value.
fn f64_div_sqrt_cases(v: &mut Vec<Case>) {
    let mut push = |name: String, body: String, r: Box<dyn Fn(u64, u64, u64) -> u64 + Send + Sync>| {
        v.push(Case { name, body, reference: r, rtl: false, fp64: true });
    };
    for m in ["rn", "rz", "rm", "rp"] {
        push(format!("div.{m}.f64"), format!("  div.{m}.f64 %fd13, %fd10, %fd11;{OUT64}"), Box::new(move |a, b, _| div_exact(B64, a, b, m)));
        push(format!("rcp.{m}.f64"), format!("  rcp.{m}.f64 %fd13, %fd10;{OUT64}"), Box::new(move |a, _, _| div_exact(B64, 1f64.to_bits(), a, m)));
        push(format!("sqrt.{m}.f64"), format!("  sqrt.{m}.f64 %fd13, %fd10;{OUT64}"), Box::new(move |a, _, _| sqrt_exact(B64, a, m)));
    }
    push("rcp.approx.ftz.f64".into(), format!("  rcp.approx.ftz.f64 %fd13, %fd10;{OUT64}"), Box::new(|a, _, _| ftz64(div_exact(B64, 1f64.to_bits(), ftz64(a), "rn"))));
    push("rsqrt.approx.f64".into(), format!("  rsqrt.approx.f64 %fd13, %fd10;{OUT64}"), Box::new(|a, _, _| rsqrt_exact(a).0));
    push("rsqrt.approx.ftz.f64".into(), format!("  rsqrt.approx.ftz.f64 %fd13, %fd10;{OUT64}"), Box::new(|a, _, _| rsqrt_exact(ftz64(a)).0));
    let sat64 = |x: f64| if x.is_nan() || x <= 0.0 { 0.0 } else if x > 1.0 { 1.0 } else { x };
    for r in ["rni", "rzi", "rmi", "rpi"] {
        let round = move |x: f64| match r {
            "rni" => x.round_ties_even(),
            "rzi" => x.trunc(),
            "rmi" => x.floor(),
            _ => x.ceil(),
        };
        push(format!("cvt.{r}.f64.f64"), format!("  cvt.{r}.f64.f64 %fd13, %fd10;{OUT64}"), Box::new(move |a, _, _| canon64(round(f64b(a)))));
        push(format!("cvt.{r}.ftz.sat.f64.f64"), format!("  cvt.{r}.ftz.sat.f64.f64 %fd13, %fd10;{OUT64}"), Box::new(move |a, _, _| sat64(round(f64b(a))).to_bits()));
        // binary32: subnormal operands round as the values they are (not flushed) without .ftz
        for (ftz, sat) in [(false, false), (true, false), (false, true)] {
            let name = format!("cvt.{r}{}{}.f32.f32", if ftz { ".ftz" } else { "" }, if sat { ".sat" } else { "" });
            let body = format!("  {name} %f13, %f10;\n  mov.b32 %r13, %f13;\n  cvt.u64.u32 %rd13, %r13;");
            push(name, body, Box::new(move |a, _, _| {
                let x = f32_bits(if ftz { ftz32(a) } else { a });
                let y = round(x as f64) as f32;
                let bits = if y.is_nan() { 0x7FFF_FFFF } else { y.to_bits() };
                if sat { (sat64(y as f64) as f32).to_bits() as u64 } else { bits as u64 }
            }));
        }
    }
    push("cvt.sat.f64.f64".into(), format!("  cvt.sat.f64.f64 %fd13, %fd10;{OUT64}"), Box::new(move |a, _, _| sat64(f64b(a)).to_bits()));
    push("cvt.rn.f64.f64".into(), "  cvt.rn.f64.f64 %fd13, %fd10;\n  mov.b64 %rd13, %fd13;".into(), Box::new(|a, _, _| a));
    for (name, ftz, sat) in [("cvt.sat.f32.f32", false, true), ("cvt.ftz.f32.f32", true, false), ("cvt.ftz.sat.f32.f32", true, true), ("cvt.f32.f32", false, false), ("cvt.rz.ftz.f32.f32", true, false)] {
        push(name.into(), format!("  {name} %f13, %f10;\n  mov.b32 %r13, %f13;\n  cvt.u64.u32 %rd13, %r13;"), Box::new(move |a, _, _| {
            let x = if ftz { ftz32(a) } else { a & 0xFFFF_FFFF };
            if sat { (sat64(f32_bits(x) as f64) as f32).to_bits() as u64 } else { x }
        }));
    }
    // .sat and .ftz of the conversions between f32 and f64
    push("cvt.rz.sat.f32.f64".into(), "  cvt.rz.sat.f32.f64 %f13, %fd10;\n  mov.b32 %r13, %f13;\n  cvt.u64.u32 %rd13, %r13;".into(), Box::new(move |a, _, _| {
        (sat64(f64b(round_exact_f64_to_f32(a, "rz")) ) as f32).to_bits() as u64
    }));
    push("cvt.rn.ftz.f32.f64".into(), "  cvt.rn.ftz.f32.f64 %f13, %fd10;\n  testp.notanumber.f32 %p15, %f13;\n  mov.b32 %r14, %f13;\n  selp.b32 %r13, 0x7FFFFFFF, %r14, %p15;\n  cvt.u64.u32 %rd13, %r13;".into(), Box::new(|a, _, _| {
        let x = f64b(a);
        if x.is_nan() { 0x7FFF_FFFF } else { ftz32(f32_dir(x, "rn").to_bits() as u64) }
    }));
    push("cvt.ftz.f64.f32".into(), format!("  cvt.ftz.f64.f32 %fd13, %f10;{OUT64}"), Box::new(|a, _, _| canon64(f32_bits(ftz32(a)) as f64)));
    push("cvt.rn.sat.f64.s32".into(), format!("  cvt.rn.sat.f64.s32 %fd13, %r10;{OUT64}"), Box::new(move |a, _, _| sat64(a as i32 as f64).to_bits()));
}

/// a (binary64) rounded to binary32 by `mode`, as the binary64 of that binary32 value (NaN
/// stays NaN).
fn round_exact_f64_to_f32(a: u64, mode: &str) -> u64 {
    let x = f64b(a);
    if x.is_nan() {
        return a;
    }
    (f32_dir(x, mode) as f64).to_bits()
}

// ---- hard operands for division and square root ----

/// The inverse of odd b modulo 2^64 (Newton's iteration).
fn inv_odd(b: u64) -> u64 {
    let mut x = b;
    for _ in 0..6 {
        x = x.wrapping_mul(2u64.wrapping_sub(b.wrapping_mul(x)));
    }
    x
}

/// An odd square root of c (c = 1 mod 8) modulo 2^k, lifted bit by bit.
fn sqrt_mod_pow2(c: u128, k: u32) -> u128 {
    let mut r = 1u128;
    for i in 3..k {
        let m = (1u128 << (i + 1)) - 1;
        if (r * r).wrapping_sub(c) & m != 0 {
            r += 1 << (i - 1);
        }
    }
    r
}

/// The bits of (-1)^neg * m * 2^e in `fmt` when exactly representable (m > 0).
fn encode(fmt: Bfmt, neg: bool, m: u128, e: i32) -> Option<u64> {
    if m == 0 {
        return None;
    }
    let b = round_exact(fmt, neg, m, e, false, "rz");
    let back = match fmt.decode(b) {
        Val::Fin(_, bm, be) => (bm, be),
        _ => return None,
    };
    // equal values: m * 2^e == bm * 2^be
    let (m1, e1, m2, e2) = (m, e, back.0, back.1);
    let ok = if e1 >= e2 { (e1 - e2) < 120 && m1 << (e1 - e2) == m2 } else { (e2 - e1) < 120 && m2 << (e2 - e1) == m1 };
    ok.then_some(b)
}

/// A / B in [1/2, 1), A of at most p bits, B of p bits (odd), so close to a point of a grid
/// of `bits` bits in [1/2, 1) (`mid`: to a midpoint between two of its points) that only an
/// exact computation rounds it right: A * 2^(bits+1) = t*B - d with t odd (midpoints), or A * 2^bits = m*B + d.
fn near_grid_quotient(rng: &mut Rng, p: u32, bits: u32, mid: bool) -> (u128, u128) {
    loop {
        let b = ((1u128 << (p - 1)) | rng.next_u64() as u128 & ((1 << (p - 1)) - 1)) | 1;
        let d = (rng.below(8) as i128 + 1) * if rng.bool() { 1 } else { -1 };
        let d = if mid { d * 2 - d.signum() } else { d }; // odd for midpoints
        let k = if mid { bits + 1 } else { bits };
        let mk = (1u128 << k) - 1;
        let inv = inv_odd(b as u64) as u128 & mk;
        let (x, num) = if mid {
            let t = ((d.rem_euclid(1 << k) as u128) * inv) & mk;
            (t, (t * b) as i128 - d)
        } else {
            let m = (((-d).rem_euclid(1 << k) as u128) * inv) & mk;
            (m, (m * b) as i128 + d)
        };
        if x >> (k - 1) == 0 || num <= 0 {
            continue;
        }
        let a = num as u128 >> k;
        assert_eq!(num as u128 & mk, 0);
        if a > 0 && a >> p == 0 {
            return (a, b);
        }
    }
}

/// Operand pairs of binary64 a / b (and a for the one-operand forms): random bit patterns;
/// quotients within ~2^-100 of a midpoint or of a representable value, normal or subnormal
/// (every subnormal precision, 0 to 52 bits); exact quotients and exact subnormal ties;
/// results at the overflow and underflow thresholds; zeros, infinities, NaNs, subnormals,
/// the largest and smallest values and 2 - 2^-52 (the reciprocal's hard case); square roots
/// within ~2^-100 of a midpoint or representable value, exact squares, subnormals, negative
/// operands.
pub fn hard_f64_inputs(n: usize, seed: u64) -> Vec<(u64, u64, u64)> {
    let mut rng = Rng::new(seed);
    let specials: [u64; 22] = [
        0,
        1 << 63,
        0x7FF0_0000_0000_0000,
        0xFFF0_0000_0000_0000,
        0x7FF8_0000_0000_0000,
        0x7FF0_0000_0000_0001,
        0xFFF4_0000_0000_0000,
        1,
        0x000F_FFFF_FFFF_FFFF,
        0x0008_0000_0000_0000,
        0x0010_0000_0000_0000,
        0x7FEF_FFFF_FFFF_FFFF,
        0x3FF0_0000_0000_0000,
        0x3FFF_FFFF_FFFF_FFFF,
        0x7FE0_0000_0000_0000,
        0x7FD0_0000_0000_0000,
        0x0000_0000_0000_0003,
        0x4000_0000_0000_0000,
        0x3CA0_0000_0000_0000,
        0x7FCF_FFFF_FFFF_FFFF,
        0x0004_0000_0000_0001,
        0xBFF0_0000_0000_0000,
    ];
    let sig = |rng: &mut Rng| (1u128 << 52) | (rng.next_u64() >> 12) as u128;
    let mut v = vec![];
    while v.len() < n {
        let t = v.len();
        let c = rng.next_u64();
        let s = rng.bool();
        let lane = match t % 12 {
            0 => Some((rng.next_u64(), rng.next_u64())),
            1 => {
                // quotients around the overflow and underflow thresholds, and ordinary ones
                let k = match rng.below(3) {
                    0 => 1020 + rng.below(8) as i32,
                    1 => -1080 + rng.below(62) as i32,
                    _ => rng.below(11) as i32 - 5,
                };
                let eb = rng.below(1000) as i32 - 500 - if k > 0 { 500 } else { -500 };
                let (ma, mb) = (sig(&mut rng), sig(&mut rng));
                encode(B64, s, ma, eb + k - 52).zip(encode(B64, rng.bool(), mb, eb - 52))
            }
            2 | 3 | 4 | 5 => {
                // within ~2^-105 of a midpoint or a point of the result's grid: 53 bits, or
                // the subnormal precision `bits`
                let sub = t % 12 >= 4;
                let bits = if sub { rng.below(53) as u32 } else { 53 };
                let mid = t % 2 == 0;
                if bits == 0 && !mid {
                    continue;
                }
                // (precision 0: the quotient near 1/2, i.e. a/b near 2^-1075)
                let (a, b) = if bits == 0 { near_grid_quotient(&mut rng, 53, 1, false) } else { near_grid_quotient(&mut rng, 53, bits, mid) };
                // a/b in [1/2, 1) times 2^k: k = bits - 1074 for a subnormal result
                let k = if sub { bits as i32 - 1074 } else { rng.below(2090) as i32 - 1060 };
                let lo = (-1022 - 52).max(-1022 - 52 - k);
                let hi = (1023 - 52).min(1023 - 52 - k);
                if lo > hi {
                    continue;
                }
                let eb = lo + rng.below((hi - lo + 1) as u64) as i32;
                encode(B64, s, a, eb + k).zip(encode(B64, rng.bool(), b, eb))
            }
            6 => {
                // exact quotients (q of up to 26 bits times b of up to 27), exact subnormal
                // ties (an odd significand divided by a power of two)
                if rng.bool() {
                    let q = 1 + rng.below(1 << 26) as u128;
                    let b = 1 + rng.below(1 << 27) as u128;
                    let k = rng.below(2100) as i32 - 1100;
                    let eb = rng.below(600) as i32 - 300;
                    encode(B64, s, q * b, eb + k).zip(encode(B64, rng.bool(), b, eb))
                } else {
                    let a = rng.next_u64() as u128 >> (11 + rng.below(53)) | 1;
                    let ea = -1074 + rng.below(60) as i32;
                    encode(B64, s, a, ea).zip(encode(B64, rng.bool(), 1, 1 + rng.below(60) as i32))
                }
            }
            7 => {
                // specials, and one-ulp neighbours of them, against anything
                let pick = |rng: &mut Rng| {
                    let x = specials[rng.below(specials.len() as u64) as usize];
                    match rng.below(4) {
                        0 => x.wrapping_add(1),
                        1 => x.wrapping_sub(1),
                        2 => rng.next_u64(),
                        _ => x,
                    }
                };
                Some((pick(&mut rng), pick(&mut rng)))
            }
            8 => {
                // one-operand forms: reciprocals that overflow or are subnormal
                let e = match rng.below(3) {
                    0 => 1020 + rng.below(4) as i32,
                    1 => -1030 + rng.below(10) as i32,
                    _ => -1074 + rng.below(52) as i32,
                };
                let m = sig(&mut rng) >> (rng.below(3) * rng.below(53)) as u32;
                encode(B64, s, m, e - 52).map(|a| (a, rng.next_u64()))
            }
            9 | 10 => {
                // square roots within ~2^-105 of a midpoint (w odd, w^2 = -d mod 2^54) or of a
                // representable value (mod 2^53), scaled by 4^j (subnormal ones too)
                let mid = t % 12 == 9;
                // -d = 1 mod 8 (odd squares are): sqrt(x) within |d| 2^-107 (relative) of the
                // point, |d| < 2^20
                let d = 8 * (rng.below(1 << 17) as i128 - (1 << 16)) - 1;
                let k = if mid { 54 } else { 53 };
                let r = sqrt_mod_pow2((-d).rem_euclid(1 << k) as u128, k);
                let cands = [r, (1 << k) - r, r + (1 << (k - 1)), (1 << k) - r + (1 << (k - 1))];
                let w = cands.iter().map(|&w| w & ((1 << k) - 1)).find(|&w| w >> (k - 1) == 1 && w & 1 == 1);
                let Some(w) = w else { continue };
                let num = (w * w) as i128 + d;
                assert_eq!(num & ((1 << k) - 1), 0);
                let x = num as u128 >> k;
                let j = rng.below(1060) as i32 - 560;
                encode(B64, false, x, 2 * j - k as i32).map(|a| (a, rng.next_u64()))
            }
            _ => {
                // exact squares, subnormal and negative operands
                match rng.below(3) {
                    0 => {
                        let q = 1 + rng.below(1 << 26) as u128;
                        encode(B64, false, q * q, 2 * (rng.below(1060) as i32 - 560)).map(|a| (a, rng.next_u64()))
                    }
                    1 => Some((rng.next_u64() >> 12 >> rng.below(52), rng.next_u64())),
                    _ => Some((rng.next_u64() | 1 << 63, rng.next_u64())),
                }
            }
        };
        if let Some((a, b)) = lane {
            v.push((a, b, c));
        }
    }
    v
}

/// Binary32 operands (low words) for the directed `div/rcp/sqrt .f32`: random bit
/// patterns; quotients within ~2^-50 of a binary32 result (24 bits, or a subnormal
/// precision); exact quotients; overflowing and subnormal reciprocals; square roots within
/// ~2^-48 of a binary32 value; subnormal operands, zeros, infinities, NaNs.
pub fn hard_f32_inputs(n: usize, seed: u64) -> Vec<(u64, u64, u64)> {
    let mut rng = Rng::new(seed);
    let mut v = vec![];
    let sig = |rng: &mut Rng| (1u128 << 23) | (rng.next_u32() >> 9) as u128;
    while v.len() < n {
        let t = v.len();
        let s = rng.bool();
        let lane = match t % 8 {
            0 => Some((rng.next_u32() as u64, rng.next_u32() as u64)),
            1 | 2 => {
                let sub = t % 8 == 2;
                let bits = if sub { 1 + rng.below(23) as u32 } else { 24 };
                let (a, b) = near_grid_quotient(&mut rng, 24, bits, false);
                let k = if sub { bits as i32 - 149 } else { rng.below(300) as i32 - 150 };
                let lo = (-126 - 23).max(-126 - 23 - k);
                let hi = (127 - 23).min(127 - 23 - k);
                if lo > hi {
                    continue;
                }
                let eb = lo + rng.below((hi - lo + 1) as u64) as i32;
                encode(B32, s, a, eb + k).zip(encode(B32, rng.bool(), b, eb))
            }
            3 => {
                let q = 1 + rng.below(1 << 12) as u128;
                let b = 1 + rng.below(1 << 12) as u128;
                let eb = rng.below(100) as i32 - 50;
                encode(B32, s, q * b, eb + rng.below(300) as i32 - 170).zip(encode(B32, rng.bool(), b, eb))
            }
            4 => {
                // reciprocals and quotients near overflow and in the subnormal range
                let e = match rng.below(3) {
                    0 => 124 + rng.below(4) as i32,
                    1 => -130 + rng.below(6) as i32,
                    _ => -149 + rng.below(23) as i32,
                };
                let m = sig(&mut rng) >> (rng.below(2) * rng.below(24)) as u32;
                encode(B32, s, m, e - 23).map(|a| (a, rng.next_u32() as u64))
            }
            5 => {
                let d = 8 * (rng.below(1 << 9) as i128 - (1 << 8)) - 1; // -d = 1 mod 8
                let r = sqrt_mod_pow2((-d).rem_euclid(1 << 24) as u128, 24);
                let w = [r, (1 << 24) - r, r + (1 << 23), (1 << 24) - r + (1 << 23)].iter().map(|&w| w & 0xFF_FFFF).find(|&w| w >> 23 == 1);
                let Some(w) = w else { continue };
                let num = (w * w) as i128 + d;
                assert_eq!(num & 0xFF_FFFF, 0);
                let x = num as u128 >> 24;
                encode(B32, false, x, 2 * (rng.below(130) as i32 - 75) - 24).map(|a| (a, rng.next_u32() as u64))
            }
            6 => {
                // subnormal operands (flushed by .ftz)
                Some(((rng.next_u32() >> 9 >> rng.below(23)) as u64 | (s as u64) << 31, rng.next_u32() as u64 >> (rng.below(2) * 9)))
            }
            _ => {
                let sp = [0u64, 0x8000_0000, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000, 0x7F80_0001, 1, 0x007F_FFFF, 0x0080_0000, 0x7F7F_FFFF, 0x3F80_0000, 0x3FFF_FFFF, 0xBF80_0000];
                let pick = |rng: &mut Rng| {
                    let x = sp[rng.below(sp.len() as u64) as usize];
                    if rng.below(3) == 0 { rng.next_u32() as u64 } else { x }
                };
                Some((pick(&mut rng), pick(&mut rng)))
            }
        };
        if let Some((a, b)) = lane {
            v.push((a, b, rng.next_u64()));
        }
    }
    v
}
