//! Binary64 (issue 22): `add/sub/mul/fma/mad .f64` on the FMA unit (`dadd`, `dmul`, `dfma`
//! on register pairs), conversions between f64 and f32 or integers (`dcvt`), and the rest
//! in SP integer micro-ops on the two words: `neg/abs/copysign` on the sign bit, `setp` in
//! all 14 comparisons and `min/max` by an order-preserving key, `testp` on the magnitude.
//! `div/rcp/sqrt .rn/.rz/.rm/.rp .f64`, `rcp.approx.f64` and `rsqrt.approx.f64` are microcode
//! sequences on the FMA unit with the SFU's f32 approximations as seeds, correctly rounded in
//! every mode (rsqrt: to nearest within 2^-37 ulp); the directed modes of `div/rcp/sqrt .f32`
//! run them on the exact binary64 values of their operands; `cvt` between equal float types
//! (rounding to an integral value, `.sat`, `.ftz`) is here too.
//! Every 64-bit PTX register is a (lo, hi) pair of virtual registers; a binary64 micro-op
//! reads and writes fresh pairs that the allocator places in rN, rN+1 (N even), with moves
//! around them that vanish when the colours agree.
use super::*;
use heddle_hw::isa::{cmp, dcvt_kind};

type W = (u32, u32);

/// The f64 bit patterns used here.
const F64_SIGN_HI: u32 = 0x8000_0000;
const F64_ABS_HI: u32 = 0x7FFF_FFFF;
const F64_INF_HI: u32 = 0x7FF0_0000;
const F64_MIN_NORMAL_HI: u32 = 0x0010_0000;

impl<'a> Tx<'a> {
    /// A binary64 micro-op on fresh register pairs: the sources moved in, the result moved
    /// out (the result pair returned).
    fn pair_op(&mut self, i: Instr, srcs: &[W]) -> W {
        let mut uses = vec![];
        for (&s, f) in srcs.iter().zip([F::A, F::B, F::C]) {
            let t = (self.r(), self.r());
            self.mov(t.0, s.0);
            self.mov(t.1, s.1);
            self.pairs.push(t);
            uses.push((f, V::R(t.0)));
            uses.push((F::Hi, V::R(t.1)));
        }
        let o = (self.r(), self.r());
        self.pairs.push(o);
        self.ops.push(MOp {
            i,
            def: Some((F::D, V::R(o.0))),
            def_hi: Some(V::R(o.1)),
            uses,
            target: None,
            label: None,
            src: self.cur_src,
            fresh: false,
            raw: self.raw,
        });
        let r = (self.r(), self.r());
        self.mov(r.0, o.0);
        self.mov(r.1, o.1);
        r
    }

    fn dcvt(&mut self, kind: u8, signed: bool, rnd: u8, a: W) -> W {
        let mut i = Self::ins(op::DCVT);
        i.kind = kind;
        i.signed = signed;
        i.rnd = rnd;
        self.pair_op(i, &[a])
    }

    /// An order-preserving key of a binary64 (unsigned compares of keys order the values;
    /// -0 below +0): positive values with the sign bit set, negative ones inverted.
    fn f64_key(&mut self, a: W) -> W {
        let s = self.tk(op::SHR, true, a.1, 31);
        let top = self.movi(F64_SIGN_HI);
        let sh = self.o2(op::OR, s, top);
        (self.o2(op::XOR, a.0, s), self.o2(op::XOR, a.1, sh))
    }
    /// |a| as (lo, hi).
    fn f64_abs(&mut self, a: W) -> W {
        let m = self.movi(F64_ABS_HI);
        (a.0, self.o2(op::AND, a.1, m))
    }
    /// Is a a NaN (its magnitude above the infinity's)?
    fn f64_nan(&mut self, a: W) -> u32 {
        let m = self.f64_abs(a);
        let inf = (self.movi(0), self.movi(F64_INF_HI));
        self.cmp64(cmp::GT as u8, false, m, inf)
    }

    /// a cmp b (the 14 PTX comparisons, `cmp::*` codes) on binary64 values.
    fn f64_setp(&mut self, c: u8, a: W, b: W) -> u32 {
        let (na, nb) = (self.f64_nan(a), self.f64_nan(b));
        let unordered = self.plop2(1, na, nb);
        if c == cmp::NUM as u8 || c == cmp::NAN as u8 {
            return if c == cmp::NAN as u8 { unordered } else { self.p_not(unordered) };
        }
        // both zeros compare equal
        let (ma, mb) = (self.f64_abs(a), self.f64_abs(b));
        let or_lo = self.o2(op::OR, ma.0, mb.0);
        let or_hi = self.o2(op::OR, ma.1, mb.1);
        let or = self.o2(op::OR, or_lo, or_hi);
        let z = self.movi(0);
        let zeros = self.setp_u(cmp::EQ as u8, or, z);
        let (ka, kb) = (self.f64_key(a), self.f64_key(b));
        let base = (c as u32 % cmp::UNORDERED) as u8;
        let rel = match base as u32 {
            cmp::EQ | cmp::NE => {
                let e = self.cmp64(cmp::EQ as u8, false, ka, kb);
                let eq = self.plop2(1, e, zeros);
                if base as u32 == cmp::EQ {
                    eq
                } else {
                    self.p_not(eq)
                }
            }
            _ => {
                // lt/le/gt/ge on the keys; equal zeros: le and ge hold, lt and gt do not
                let k = self.cmp64(base, false, ka, kb);
                let strict = matches!(base as u32, cmp::LT | cmp::GT);
                if strict {
                    let nz = self.p_not(zeros);
                    self.plop2(0, k, nz)
                } else {
                    self.plop2(1, k, zeros)
                }
            }
        };
        if (c as u32) < cmp::UNORDERED {
            let ord = self.p_not(unordered);
            self.plop2(0, rel, ord)
        } else {
            self.plop2(1, rel, unordered)
        }
    }

    /// Lowers the binary64 instructions; Ok(false) when `pi` is not one of them.
    pub(super) fn lower_f64(&mut self, pi: &PInstr) -> R<bool> {
        let o = &pi.operands;
        let opc = pi.opcode.as_str();
        let tys: Vec<Ty> = pi.mods.iter().filter_map(|m| Ty::from_name(m)).collect();
        if !tys.contains(&Ty::F64) {
            return self.lower_f32_forms(pi, &tys);
        }
        let rnd = rnd_mod(pi).unwrap_or(0); // rn by default
        match opc {
            "add" | "sub" | "mul" | "fma" | "mad" => {
                let n = if matches!(opc, "fma" | "mad") { 3 } else { 2 };
                let mut srcs = vec![];
                for x in &o[1..=n] {
                    srcs.push(self.src64(x)?);
                }
                let mut i = Self::ins(match opc {
                    "add" | "sub" => op::DADD,
                    "mul" => op::DMUL,
                    _ => op::DFMA,
                });
                i.rnd = rnd;
                if opc == "sub" {
                    i.mod_b = 2; // -b
                }
                let r = self.pair_op(i, &srcs);
                let d = self.dst64(&o[0])?;
                self.mov(d.0, r.0);
                self.mov(d.1, r.1);
            }
            "neg" | "abs" | "copysign" => {
                let a = self.src64(&o[1])?;
                let hi = match opc {
                    "neg" => {
                        let s = self.movi(F64_SIGN_HI);
                        self.o2(op::XOR, a.1, s)
                    }
                    "abs" => self.f64_abs(a).1,
                    _ => {
                        // copysign d, a, b: the sign of a, the magnitude of b
                        let b = self.src64(&o[2])?;
                        let (s, m) = (self.movi(F64_SIGN_HI), self.movi(F64_ABS_HI));
                        let sa = self.o2(op::AND, a.1, s);
                        let mb = self.o2(op::AND, b.1, m);
                        let hi = self.o2(op::OR, sa, mb);
                        let d = self.dst64(&o[0])?;
                        self.mov(d.0, b.0);
                        self.mov(d.1, hi);
                        return Ok(true);
                    }
                };
                let d = self.dst64(&o[0])?;
                let lo = self.r();
                self.mov(lo, a.0);
                self.mov(d.0, lo);
                self.mov(d.1, hi);
            }
            "min" | "max" => {
                // -0 below +0; a NaN operand gives the other one
                let a = self.src64(&o[1])?;
                let b = self.src64(&o[2])?;
                let (ka, kb) = (self.f64_key(a), self.f64_key(b));
                let lt = self.cmp64(cmp::LT as u8, false, ka, kb);
                let (x, y) = if opc == "min" { (a, b) } else { (b, a) };
                let r = self.sel64(x, y, lt);
                let na = self.f64_nan(a);
                let r = self.sel64(b, r, na);
                let nb = self.f64_nan(b);
                let r = self.sel64(a, r, nb);
                let d = self.dst64(&o[0])?;
                self.mov(d.0, r.0);
                self.mov(d.1, r.1);
            }
            "setp" => {
                if matches!(o[0], Operand::Pair(..)) || o.len() == 4 || pi.mods.iter().any(|m| m == "and" || m == "or" || m == "xor") {
                    return Ok(false); // lower_int's combination wrapper comes back here
                }
                let name = pi.mods.first().cloned().unwrap_or_default();
                let c = match cmp::NAMES[..14].iter().position(|&x| x == name) {
                    Some(c) => c as u8,
                    None => return self.err(format!("unknown comparison .{name}")),
                };
                let a = self.src64(&o[1])?;
                let b = self.src64(&o[2])?;
                let p = self.f64_setp(c, a, b);
                self.pred_out(&o[0], p)?;
            }
            "testp" => {
                let a = self.src64(&o[1])?;
                let m = self.f64_abs(a);
                let inf = (self.movi(0), self.movi(F64_INF_HI));
                let p = if pi.has("finite") {
                    self.cmp64(cmp::LT as u8, false, m, inf)
                } else if pi.has("infinite") {
                    self.cmp64(cmp::EQ as u8, false, m, inf)
                } else if pi.has("number") {
                    self.cmp64(cmp::LE as u8, false, m, inf)
                } else if pi.has("notanumber") {
                    self.cmp64(cmp::GT as u8, false, m, inf)
                } else if pi.has("normal") {
                    let mn = (self.movi(0), self.movi(F64_MIN_NORMAL_HI));
                    let ge = self.cmp64(cmp::GE as u8, false, m, mn);
                    let lt = self.cmp64(cmp::LT as u8, false, m, inf);
                    self.plop2(0, ge, lt)
                } else if pi.has("subnormal") {
                    let mn = (self.movi(0), self.movi(F64_MIN_NORMAL_HI));
                    let z = (self.movi(0), self.movi(0));
                    let lt = self.cmp64(cmp::LT as u8, false, m, mn);
                    let nz = self.cmp64(cmp::NE as u8, false, m, z);
                    self.plop2(0, lt, nz)
                } else {
                    return self.err("testp needs .finite, .infinite, .number, .notanumber, .normal or .subnormal");
                };
                self.pred_out(&o[0], p)?;
            }
            "cvt" => {
                if tys.len() != 2 {
                    return self.err("cvt needs a destination and a source type");
                }
                let (dt, st) = (tys[0], tys[1]);
                let int = |t: Ty| !is_float(t) && t != Ty::Pred;
                if dt == Ty::F64 && st == Ty::F64 {
                    // to an integral value (.rni .rzi .rmi .rpi), .sat, or a move (.ftz
                    // concerns binary32 values only; .rn/.rz/.rm/.rp round nothing here)
                    let a = self.src64(&o[1])?;
                    let mut r = match ["rni", "rzi", "rmi", "rpi"].iter().position(|&m| pi.has(m)) {
                        Some(m) => self.f64_round_int(a, m as u8),
                        None => {
                            let t = (self.r(), self.r());
                            self.mov(t.0, a.0);
                            self.mov(t.1, a.1);
                            t
                        }
                    };
                    if pi.has("sat") {
                        r = self.f64_sat(r);
                    }
                    let d = self.dst64(&o[0])?;
                    self.mov(d.0, r.0);
                    self.mov(d.1, r.1);
                    return Ok(true);
                }
                let ftz = pi.has("ftz");
                let r = if dt == Ty::F64 {
                    // to f64: from f32 (exact) or an integer (extended by its type first)
                    let (kind, a) = if st == Ty::F32 {
                        let v = self.src32(&o[1])?;
                        let v = if ftz { self.flush_sub(v) } else { v };
                        (dcvt_kind::F64_F32, (v, self.movi(0)))
                    } else if int(st) && is64(st) {
                        (dcvt_kind::F64_I64, self.src64(&o[1])?)
                    } else if int(st) {
                        let a = self.src32(&o[1])?;
                        (dcvt_kind::F64_I32, (self.ext(a, st), self.movi(0)))
                    } else {
                        return self.unsupported("");
                    };
                    let r = self.dcvt(kind, is_signed(st), rnd, a);
                    if pi.has("sat") {
                        self.f64_sat(r)
                    } else {
                        r
                    }
                } else if st == Ty::F64 && dt == Ty::F32 {
                    let a = self.src64(&o[1])?;
                    let r = self.dcvt(dcvt_kind::F32_F64, false, rnd, a);
                    let lo = if ftz { self.flush_sub(r.0) } else { r.0 };
                    let lo = if pi.has("sat") { self.f32_sat(lo) } else { lo };
                    (lo, r.1)
                } else if st == Ty::F64 && int(dt) {
                    let a = self.src64(&o[1])?;
                    if is64(dt) {
                        self.dcvt(dcvt_kind::I64_F64, is_signed(dt), rnd, a)
                    } else {
                        // 32 bits saturating, then clamped to a narrower type
                        let v = self.dcvt(dcvt_kind::I32_F64, is_signed(dt), rnd, a);
                        let lo = if dt.bytes() < 4 { self.clamp32(v.0, dt, is_signed(dt)) } else { v.0 };
                        (lo, v.1)
                    }
                } else {
                    return self.unsupported("");
                };
                if is64(dt) {
                    let d = self.dst64(&o[0])?;
                    self.mov(d.0, r.0);
                    self.mov(d.1, r.1);
                } else {
                    let d = self.dst32(&o[0])?;
                    self.mov(d, r.0);
                }
            }
            "div" | "rcp" | "sqrt" | "rsqrt" => {
                if tys.iter().any(|&t| t != Ty::F64) {
                    return self.unsupported("");
                }
                let a = self.src64(&o[1])?;
                let ftz = pi.has("ftz");
                let r = match opc {
                    "div" => {
                        let b = self.src64(&o[2])?;
                        self.f64_div(Some(a), b, Some(rnd))
                    }
                    "rcp" if pi.has("approx") => {
                        // rcp.approx{.ftz}.f64: the correctly rounded reciprocal (.ftz:
                        // subnormal operand and result flushed)
                        let ks = &mut Ks::default();
                        let a = if ftz { self.f64_flush(ks, a) } else { a };
                        let r = self.f64_div(None, a, Some(RN));
                        if ftz {
                            self.f64_flush(ks, r)
                        } else {
                            r
                        }
                    }
                    "rcp" => self.f64_div(None, a, Some(rnd)),
                    "sqrt" => self.f64_sqrt(a, Some(rnd)),
                    _ => {
                        let a = if ftz { self.f64_flush(&mut Ks::default(), a) } else { a };
                        self.f64_rsqrt(a)
                    }
                };
                let d = self.dst64(&o[0])?;
                self.mov(d.0, r.0);
                self.mov(d.1, r.1);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

// ---- division, reciprocal, square root, 1/sqrt and rounding to an integral value ----

/// Constants of one sequence, each materialized once (`movi`): 32-bit ones by value, and
/// binary64 ones (low word 0) by high word in register pairs of their own (the moves into a
/// binary64 op's operand pair then vanish).
#[derive(Default)]
struct Ks {
    k: HashMap<u32, u32>,
    d: HashMap<u32, W>,
}

const RN: u8 = 0;
const RZ: u8 = 1;
const RM: u8 = 2;
const RP: u8 = 3;
const EQ: u8 = cmp::EQ as u8;
const NE: u8 = cmp::NE as u8;
const LT: u8 = cmp::LT as u8;
const GT: u8 = cmp::GT as u8;
const GE: u8 = cmp::GE as u8;
const PAND: u8 = 0;
const POR: u8 = 1;
const F64_ONE_HI: u32 = 0x3FF0_0000;
const F64_HALF_HI: u32 = 0x3FE0_0000;
const F64_FRAC_HI: u32 = 0x000F_FFFF;
const F64_QNAN_HI: u32 = 0xFFF8_0000; // the FMA unit's default NaN: sign and quiet bit
const F64_TWO52_HI: u32 = 0x4330_0000;
const F64_TWO64_HI: u32 = 0x43F0_0000;

impl<'a> Tx<'a> {
    fn kv(&mut self, ks: &mut Ks, v: u32) -> u32 {
        if let Some(&r) = ks.k.get(&v) {
            return r;
        }
        let r = self.movi(v);
        ks.k.insert(v, r);
        r
    }
    /// The binary64 whose high word is `hi` and low word 0 (a constant).
    fn kd(&mut self, ks: &mut Ks, hi: u32) -> W {
        if let Some(&r) = ks.d.get(&hi) {
            return r;
        }
        let r = (self.movi(0), self.movi(hi));
        self.pairs.push(r);
        ks.d.insert(hi, r);
        r
    }
    /// x moved into a register pair of its own (rN, rN+1, N even): a value that several
    /// binary64 ops read.
    fn in_pair(&mut self, x: W) -> W {
        let t = (self.r(), self.r());
        self.mov(t.0, x.0);
        self.mov(t.1, x.1);
        self.pairs.push(t);
        t
    }
    /// A 32-bit op on registers into a fresh temporary (`signed` for shr/imin/imax/isetp).
    fn o2s(&mut self, code: u8, a: u32, b: u32) -> u32 {
        let d = self.r();
        let mut i = Self::ins(code);
        i.signed = true;
        self.alu(i, d, &[a, b]);
        d
    }
    /// RND(a * b + c) on the FMA unit (`neg` negates a, `neg_c` c).
    fn fma64(&mut self, a: W, b: W, c: W, rnd: u8, neg: bool, neg_c: bool) -> W {
        let mut i = Self::ins(op::DFMA);
        i.rnd = rnd;
        i.mod_a = if neg { 2 } else { 0 };
        i.mod_c = if neg_c { 2 } else { 0 };
        self.pair_op(i, &[a, b, c])
    }
    fn mul64(&mut self, a: W, b: W, rnd: u8) -> W {
        let mut i = Self::ins(op::DMUL);
        i.rnd = rnd;
        self.pair_op(i, &[a, b])
    }
    /// RND(a + b), or RND(a - b) with `sub`.
    fn add64d(&mut self, a: W, b: W, rnd: u8, sub: bool) -> W {
        let mut i = Self::ins(op::DADD);
        i.rnd = rnd;
        i.mod_b = if sub { 2 } else { 0 };
        self.pair_op(i, &[a, b])
    }
    /// Is x a zero (`c` EQ) or not (`c` NE)?
    fn f64_zero(&mut self, ks: &mut Ks, x: W, c: u8) -> u32 {
        let m = self.kv(ks, F64_ABS_HI);
        let h = self.o2(op::AND, x.1, m);
        let o = self.o2(op::OR, h, x.0);
        let z = self.kv(ks, 0);
        self.setp_u(c, o, z)
    }
    /// x plus (or minus, `sub`) 1 in the last place of its bit pattern when p holds: the
    /// neighbour of larger (smaller) magnitude, across binades, up to the infinity.
    fn f64_step(&mut self, ks: &mut Ks, x: W, p: u32, sub: bool) -> W {
        let (one, zero) = (self.kv(ks, 1), self.kv(ks, 0));
        let d = self.sel(one, zero, p);
        let code = if sub { op::ISUB } else { op::IADD };
        let lo = self.o2(code, x.0, d);
        // carry: lo + d < d; borrow: x.lo < d
        let c = if sub { self.setp_u(LT, x.0, d) } else { self.setp_u(LT, lo, d) };
        let cv = self.sel(one, zero, c);
        (lo, self.o2(code, x.1, cv))
    }
    /// 2^n (2^-n with `neg`) as a binary64 in a register pair of its own, n a register with
    /// -1022 <= +-n <= 1023.
    fn pow2(&mut self, ks: &mut Ks, n: u32, neg: bool) -> W {
        let b = self.kv(ks, 1023);
        let e = self.o2(if neg { op::ISUB } else { op::IADD }, b, n);
        let c20 = self.kv(ks, 20);
        let hi = self.o2(op::SHL, e, c20);
        let z = self.movi(0);
        let r = (z, hi);
        self.pairs.push(r);
        r
    }
    /// A binary64 subnormal replaced by a zero of its sign (`.ftz`).
    fn f64_flush(&mut self, ks: &mut Ks, x: W) -> W {
        let m = self.kv(ks, F64_ABS_HI);
        let ah = self.o2(op::AND, x.1, m);
        let mn = self.kv(ks, F64_MIN_NORMAL_HI);
        let sub = self.setp_u(LT, ah, mn);
        let s = self.kv(ks, F64_SIGN_HI);
        let sg = self.o2(op::AND, x.1, s);
        let z = self.kv(ks, 0);
        (self.sel(z, x.0, sub), self.sel(sg, x.1, sub))
    }
    /// |x| = m * 2^e for finite non-zero x: (m in [1, 2) as a binary64, e, the high word of
    /// |x|); zeros, infinities and NaNs give harmless garbage. A subnormal is first scaled by
    /// 2^64 on the FMA unit (exact), unless `normal` says x is never subnormal.
    fn f64_split(&mut self, ks: &mut Ks, x: W, normal: bool) -> (W, u32, u32) {
        let am = self.kv(ks, F64_ABS_HI);
        let ah = self.o2(op::AND, x.1, am);
        let c20 = self.kv(ks, 20);
        let (xn, bias) = if normal {
            ((x.0, ah), self.kv(ks, 1023))
        } else {
            let e = self.o2(op::SHR, ah, c20);
            let zero = self.kv(ks, 0);
            let sub = self.setp_u(EQ, e, zero);
            let two64 = self.kd(ks, F64_TWO64_HI);
            let s = self.mul64((x.0, ah), two64, RN);
            let xn = self.sel64(s, (x.0, ah), sub);
            let (b0, b1) = (self.kv(ks, 1023), self.kv(ks, 1023 + 64));
            (xn, self.sel(b1, b0, sub))
        };
        let eb = self.o2(op::SHR, xn.1, c20);
        let e = self.o2(op::ISUB, eb, bias);
        let (fm, one) = (self.kv(ks, F64_FRAC_HI), self.kv(ks, F64_ONE_HI));
        let f = self.o2(op::AND, xn.1, fm);
        ((xn.0, self.o2(op::OR, f, one)), e, ah)
    }
    /// Is the binary64 whose high magnitude word is ah a zero, an infinity or a NaN?
    /// (zero, special)
    fn f64_special(&mut self, ks: &mut Ks, lo: u32, ah: u32) -> (u32, u32) {
        let o = self.o2(op::OR, ah, lo);
        let z = self.kv(ks, 0);
        let zero = self.setp_u(EQ, o, z);
        let inf = self.kv(ks, F64_INF_HI);
        let big = self.setp_u(GE, ah, inf);
        (zero, self.plop2(POR, zero, big))
    }

    /// Binary64 `a / b` (`1 / b` when a is None) correctly rounded in mode `rnd` (rn rz rm
    /// rp) for every operand, on the FMA unit, the SFU's f32 `rcp` and SP integer micro-ops.
    ///
    /// 1. |a| = ma * 2^ea, |b| = mb * 2^eb with ma, mb in [1, 2) (subnormals scaled by 2^64
    ///    first); A = ma with the quotient's sign, Qs = A / mb in (-2, -0.5) or (0.5, 2),
    ///    a / b = Qs * 2^k, k = ea - eb.
    /// 2. y ~ 1/mb: the SFU's f32 reciprocal and one Newton step (error ~2^-44);
    ///    q0 = A*y, r0 = A - mb*q0, q1 = q0 + r0*y (rn): q1 is within half an ulp plus
    ///    ~2^-86 of Qs, so faithful, and r1 = A - mb*q1 has the sign of Qs - q1 (exactly: one
    ///    rounding keeps a sign). qz = q1, one ulp toward zero when r1's sign is not A's:
    ///    Qs truncated to 53 bits.
    /// 3. k clamped to [-1080, 1030] (outside, the result is the same in every mode: an
    ///    overflow, or a value below a quarter of the smallest subnormal), c = RZ(qz * 2^k)
    ///    (the product by 2^(k/2) exact, the second one rounds once): Qs * 2^k truncated on
    ///    the result's own grid, subnormal or normal, or the largest finite value on
    ///    overflow. cs = c * 2^-k (exact) and rz = A - mb*cs (exact: |rz| < 2 quanta of
    ///    cs * 2^52).
    /// 4. The last step in the target mode: rz: c; rm/rp: c or its neighbour away from zero
    ///    when rz != 0 and the mode points away; rn: t = rz - mb*h, h half the result's
    ///    quantum at c scaled by 2^-k with the quotient's sign: t's sign tells whether Qs is
    ///    beyond the midpoint between c and its neighbour (away: step), t = 0 is a tie (to
    ///    even: step when c is odd). Stepping the bit pattern by one also gives the
    ///    infinity on overflow and the smallest subnormal from a zero.
    /// 5. Zeros, infinities and NaNs: a * r(b), r(b) = b with zeros and infinities exchanged:
    ///    x/0 = inf, x/inf = 0, 0/0 and inf/inf = 0*inf (the default NaN 0xFFF8...0), NaNs
    ///    propagate as in `dmul` (a's first, quietened).
    ///
    /// `rnd` None (`f32_directed`): the operands are binary32 values (never subnormal in
    /// binary64, |k| < 300) and the result need only be faithful: q1 * 2^k (exact, the
    /// exponent added to the high word) replaces steps 3 and 4.
    fn f64_div(&mut self, a: Option<W>, b: W, rnd: Option<u8>) -> W {
        let normal = rnd.is_none();
        let ks = &mut Ks::default();
        let zero = self.kv(ks, 0);
        let k1 = self.kv(ks, 1);
        let signm = self.kv(ks, F64_SIGN_HI);
        let one = self.kd(ks, F64_ONE_HI);
        let (mb, eb, bh) = self.f64_split(ks, b, normal);
        let mb = self.in_pair(mb);
        let (sq, big_a, k, a_sp) = match a {
            Some(a) => {
                let x = self.o2(op::XOR, a.1, b.1);
                let sq = self.o2(op::AND, x, signm);
                let (ma, ea, ah) = self.f64_split(ks, a, normal);
                let k = self.o2(op::ISUB, ea, eb);
                let (_, sp) = self.f64_special(ks, a.0, ah);
                (sq, (ma.0, self.o2(op::OR, ma.1, sq)), k, Some((a, sp)))
            }
            None => {
                let sq = self.o2(op::AND, b.1, signm);
                let k = self.o2(op::ISUB, zero, eb);
                (sq, (zero, self.o2(op::OR, one.1, sq)), k, None)
            }
        };
        let big_a = self.in_pair(big_a);
        // y ~ 1/mb, q1 faithful, qz = Qs truncated
        let bf = self.dcvt(dcvt_kind::F32_F64, false, RN, mb);
        let y0f = self.sfu(op::RCP, bf.0);
        let y0 = self.dcvt(dcvt_kind::F64_F32, false, RN, (y0f, zero));
        let e0 = self.fma64(mb, y0, one, RN, true, false);
        let y = self.fma64(e0, y0, y0, RN, false, false);
        let q0 = self.mul64(big_a, y, RN);
        let r0 = self.fma64(mb, q0, big_a, RN, true, false);
        let q1 = self.fma64(r0, y, q0, RN, false, false);
        let Some(rnd) = rnd else {
            let c20 = self.kv(ks, 20);
            let ks20 = self.o2(op::SHL, k, c20);
            let core = (q1.0, self.o2(op::IADD, q1.1, ks20));
            return self.f64_div_specials(ks, a_sp, b, bh, core);
        };
        let r1 = self.fma64(mb, q1, big_a, RN, true, false);
        let x = self.o2(op::XOR, r1.1, sq);
        let opp = self.setp_s(LT, x, zero);
        let nz = self.f64_zero(ks, r1, NE);
        let dec = self.plop2(PAND, opp, nz);
        let qz = self.f64_step(ks, q1, dec, true);
        // c = RZ(Qs * 2^k) on the result's grid, cs = c * 2^-k
        let (c, cs, kc) = {
            let mut mn = Self::ins(op::IMIN);
            mn.signed = true;
            let hi = self.kv(ks, 1030);
            let t = self.r();
            self.alu(mn, t, &[k, hi]);
            let lo = self.kv(ks, (-1080i32) as u32);
            let kc = self.o2s(op::IMAX, t, lo);
            let k_1 = self.o2s(op::SHR, kc, k1);
            let k_2 = self.o2(op::ISUB, kc, k_1);
            let p1 = self.pow2(ks, k_1, false);
            let t1 = self.mul64(qz, p1, RN);
            let p2 = self.pow2(ks, k_2, false);
            let c = self.mul64(t1, p2, RZ);
            let n2 = self.pow2(ks, k_2, true);
            let u = self.mul64(c, n2, RN);
            let n1 = self.pow2(ks, k_1, true);
            (c, self.mul64(u, n1, RN), kc)
        };
        let rz = self.fma64(mb, cs, big_a, RN, true, false);
        let core = match rnd {
            RZ => c,
            RN => {
                // h = 2^(max(Ec, 1) - 1076 - kc): biased exponent max(Ec, 1) - 53 - kc
                let c20 = self.kv(ks, 20);
                let ec0 = self.o2(op::SHR, c.1, c20);
                let m11 = self.kv(ks, 0x7FF);
                let ec = self.o2(op::AND, ec0, m11);
                let ec1 = self.o2(op::IMAX, ec, k1);
                let c53 = self.kv(ks, 53);
                let he0 = self.o2(op::ISUB, ec1, c53);
                let he = self.o2(op::ISUB, he0, kc);
                let hh0 = self.o2(op::SHL, he, c20);
                let hh = self.o2(op::OR, hh0, sq);
                let z = self.movi(0);
                self.pairs.push((z, hh));
                let t = self.fma64(mb, (z, hh), rz, RN, true, false);
                let sx = self.o2(op::XOR, t.1, sq);
                let same = self.setp_s(GE, sx, zero);
                let sv = self.sel(k1, zero, same);
                let odd = self.o2(op::AND, c.0, k1);
                let tz = self.f64_zero(ks, t, EQ);
                let up = self.sel(odd, sv, tz);
                let g = self.setp_u(NE, up, zero);
                self.f64_step(ks, c, g, false)
            }
            _ => {
                let inexact = self.f64_zero(ks, rz, NE);
                let away = self.setp_s(if rnd == RP { GE } else { LT }, sq, zero);
                let g = self.plop2(PAND, inexact, away);
                self.f64_step(ks, c, g, false)
            }
        };
        self.f64_div_specials(ks, a_sp, b, bh, core)
    }

    /// Step 5 of `f64_div`: `core` unless a (None: 1) or b is a zero, an infinity or a NaN
    /// (`a_sp`: a and whether it is one), then a * r(b).
    fn f64_div_specials(&mut self, ks: &mut Ks, a_sp: Option<(W, u32)>, b: W, bh: u32, core: W) -> W {
        let zero = self.kv(ks, 0);
        let one = self.kd(ks, F64_ONE_HI);
        let (bz, b_sp) = self.f64_special(ks, b.0, bh);
        let inf = self.kv(ks, F64_INF_HI);
        let bx = self.o2(op::XOR, bh, inf);
        let bo = self.o2(op::OR, bx, b.0);
        let binf = self.setp_u(EQ, bo, zero);
        let zi = self.plop2(POR, bz, binf);
        let flip = self.o2(op::XOR, b.1, inf);
        let rb = (b.0, self.sel(flip, b.1, zi));
        let (num, sp) = match a_sp {
            Some((a, asp)) => (a, self.plop2(POR, asp, b_sp)),
            None => (one, b_sp),
        };
        let spr = self.mul64(num, rb, RN);
        self.sel64(spr, core, sp)
    }

    /// Binary64 sqrt(x) correctly rounded in mode `rnd`, for every operand.
    ///
    /// |x| = m * 2^e (subnormals scaled by 2^64 first, unless `normal`), mx = m * 2^(e & 1)
    /// in [1, 4), sqrt(x) = S * 2^(e >> 1), S = sqrt(mx) in [1, 2) (results are never
    /// subnormal and never overflow). y ~ 1/sqrt(mx): the SFU's f32 `rsq` and one Newton
    /// step; s0 = mx*y, s1 = s0 + (mx - s0^2)*y/2 (faithful), r1 = mx - s1^2 (its sign is
    /// exact), sz = s1, one ulp lower when r1 < 0: S truncated. rz, rm: sz; rp: sz + ulp
    /// when r1 != 0; rn: d = mx - sz*(sz + ulp) is exact (|d| < 2^-51, a multiple of
    /// 2^-104) and S is above the midpoint sz + ulp/2 exactly when d > 0 (no ties). The
    /// exponent is added to the high word. sqrt(+-0) = +-0, sqrt(+inf) = +inf, NaNs
    /// quietened, negative non-zero operands (and -inf) give the default NaN.
    /// `rnd` None (`f32_directed`): x is a binary32 value (never subnormal in binary64) and
    /// the result need only be faithful: s1 scaled.
    fn f64_sqrt(&mut self, x: W, rnd: Option<u8>) -> W {
        let normal = rnd.is_none();
        let ks = &mut Ks::default();
        let (mx, half, ah, y) = self.rsqrt_seed(ks, x, normal);
        let (zero, c20, one, hc) = (self.kv(ks, 0), self.kv(ks, 20), self.kd(ks, F64_ONE_HI), self.kd(ks, F64_HALF_HI));
        let s0 = self.mul64(mx, y, RN);
        let hy = self.mul64(y, hc, RN);
        let r0 = self.fma64(s0, s0, mx, RN, true, false);
        let s1 = self.fma64(r0, hy, s0, RN, false, false);
        let s = match rnd {
            None => s1,
            Some(rnd) => self.f64_sqrt_round(ks, mx, s1, rnd),
        };
        let hs = self.o2(op::SHL, half, c20);
        let core = (s.0, self.o2(op::IADD, s.1, hs));
        // specials
        let (z, sp) = self.f64_special(ks, x.0, ah);
        let neg = self.setp_s(LT, x.1, zero);
        let sp = self.plop2(POR, sp, neg);
        let q = self.mul64(x, one, RN); // x, NaNs quietened
        let r = self.sel64(q, core, sp);
        let nz = self.p_not(z);
        let inv = self.plop2(PAND, neg, nz);
        let dn = self.kd(ks, F64_QNAN_HI);
        let r = self.sel64(dn, r, inv);
        if normal {
            return r; // (for a binary32 result every NaN is the same)
        }
        let nan = self.f64_nan(x);
        self.sel64(q, r, nan)
    }

    /// The start of the square root and 1/sqrt: |x| = m * 2^e (subnormals scaled first
    /// unless `normal`), mx = m * 2^(e & 1) in [1, 4), half = e >> 1 (arithmetic), and
    /// y ~ 1/sqrt(mx): the SFU's f32 `rsq` and one Newton step. Returns (mx, half, the high
    /// word of |x| as `f64_split` gives it, y).
    fn rsqrt_seed(&mut self, ks: &mut Ks, x: W, normal: bool) -> (W, u32, u32, W) {
        let (zero, k1, c20) = (self.kv(ks, 0), self.kv(ks, 1), self.kv(ks, 20));
        let one = self.kd(ks, F64_ONE_HI);
        let (m, e, ah) = self.f64_split(ks, x, normal);
        let par = self.o2(op::AND, e, k1);
        let half = self.o2s(op::SHR, e, k1);
        let ph = self.o2(op::SHL, par, c20);
        let mx = (m.0, self.o2(op::IADD, m.1, ph));
        let mx = self.in_pair(mx);
        let xf = self.dcvt(dcvt_kind::F32_F64, false, RN, mx);
        let y0f = self.sfu(op::RSQ, xf.0);
        let y0 = self.dcvt(dcvt_kind::F64_F32, false, RN, (y0f, zero));
        let hc = self.kd(ks, F64_HALF_HI);
        let t = self.mul64(y0, y0, RN); // exact
        let e0 = self.fma64(mx, t, one, RN, true, false);
        let hy0 = self.mul64(y0, hc, RN);
        let y = self.fma64(e0, hy0, y0, RN, false, false);
        (mx, half, ah, y)
    }

    /// S = sqrt(mx) rounded in mode `rnd` from a faithful s1 (`f64_sqrt`).
    fn f64_sqrt_round(&mut self, ks: &mut Ks, mx: W, s1: W, rnd: u8) -> W {
        let (zero, k1) = (self.kv(ks, 0), self.kv(ks, 1));
        let r1 = self.fma64(s1, s1, mx, RN, true, false);
        let below = self.setp_s(LT, r1.1, zero); // an exact zero is +0
        let sz = self.f64_step(ks, s1, below, true);
        match rnd {
            RZ | RM => sz,
            RP => {
                let nz = self.f64_zero(ks, r1, NE);
                self.f64_step(ks, sz, nz, false)
            }
            _ => {
                let szp = self.addsub64(false, sz, (k1, zero));
                let d = self.fma64(sz, szp, mx, RN, true, false);
                let up = self.setp_s(GT, d.1, zero);
                self.sel64(szp, sz, up)
            }
        }
    }

    /// Binary64 1/sqrt(x) (`rsqrt.approx.f64`), rounded to nearest from a value within
    /// ~2^-90 (relative) of the exact one: the error is at most 0.5 + 2^-37 ulp, and the
    /// result is the correctly rounded one unless 1/sqrt(x) lies within 2^-37 ulp of a
    /// midpoint. mx in [1, 4) as for the square root, y0 the SFU's f32 `rsq`, one Newton
    /// step (y1, error ~2^-43), then e1 = 1 - mx*y1^2 from the exact square y1^2 = p + pl
    /// (two fmas) and y2 = y1 + y1*e1*(1/2 + 3/8 e1) rounded to nearest; the exponent
    /// -(e >> 1) added to the high word. rsqrt(+-0) = +-inf, rsqrt(+inf) = +0, NaNs
    /// quietened, negative non-zero operands give the default NaN.
    fn f64_rsqrt(&mut self, x: W) -> W {
        let ks = &mut Ks::default();
        let (mx, half, ah, y1) = self.rsqrt_seed(ks, x, false);
        let (zero, c20, one, hc) = (self.kv(ks, 0), self.kv(ks, 20), self.kd(ks, F64_ONE_HI), self.kd(ks, F64_HALF_HI));
        let p = self.mul64(y1, y1, RN);
        let pl = self.fma64(y1, y1, p, RN, false, true); // y1^2 - p, exact
        let e1 = self.fma64(mx, p, one, RN, true, false);
        let e1 = self.fma64(mx, pl, e1, RN, true, false);
        let c38 = self.kd(ks, 0x3FD8_0000); // 0.375
        let g = self.fma64(e1, c38, hc, RN, false, false);
        let w = self.mul64(e1, g, RN);
        let y2 = self.fma64(y1, w, y1, RN, false, false);
        let hs = self.o2(op::SHL, half, c20);
        let core = (y2.0, self.o2(op::ISUB, y2.1, hs));
        // specials: zeros and infinities exchanged (x * 1 quietens NaNs), negative -> NaN
        let (z, sp) = self.f64_special(ks, x.0, ah);
        let inf = self.kv(ks, F64_INF_HI);
        let bx = self.o2(op::XOR, ah, inf);
        let bo = self.o2(op::OR, bx, x.0);
        let isinf = self.setp_u(EQ, bo, zero);
        let zi = self.plop2(POR, z, isinf);
        let flip = self.o2(op::XOR, x.1, inf);
        let xs = (x.0, self.sel(flip, x.1, zi));
        let q = self.mul64(xs, one, RN);
        let neg = self.setp_s(LT, x.1, zero);
        let sp = self.plop2(POR, sp, neg);
        let r = self.sel64(q, core, sp);
        let nz = self.p_not(z);
        let inv = self.plop2(PAND, neg, nz);
        let dn = self.kd(ks, F64_QNAN_HI);
        let r = self.sel64(dn, r, inv);
        let nan = self.f64_nan(x);
        self.sel64(q, r, nan)
    }

    /// `cvt.{rni,rzi,rmi,rpi}.f64.f64`: x rounded to an integral value. |x| < 2^52:
    /// t = RND(x + C) with C = 2^52 of x's sign (|x + C| in [2^52, 2^53]: the add rounds
    /// to an integer in the mode), t - C (exact), then x's sign (a zero result keeps it);
    /// finite |x| >= 2^52 is integral already; infinities and NaNs go through the adds
    /// (NaNs come out quietened).
    fn f64_round_int(&mut self, x: W, rnd: u8) -> W {
        let ks = &mut Ks::default();
        let signm = self.kv(ks, F64_SIGN_HI);
        let s = self.o2(op::AND, x.1, signm);
        let two52 = self.kv(ks, F64_TWO52_HI);
        let c = (self.kv(ks, 0), self.o2(op::OR, two52, s));
        let t = self.add64d(x, c, rnd, false);
        let r = self.add64d(t, c, RN, true);
        let rh = self.o2(op::OR, r.1, s);
        let am = self.kv(ks, F64_ABS_HI);
        let ah = self.o2(op::AND, x.1, am);
        let d = self.o2(op::ISUB, ah, two52);
        let lim = self.kv(ks, F64_INF_HI - F64_TWO52_HI);
        let big = self.setp_u(LT, d, lim);
        self.sel64(x, (r.0, rh), big)
    }

    /// `.sat` of a binary64: NaN and every negative value (also -0) give +0, values above 1
    /// give 1 (unsigned 64-bit compares of the bit pattern).
    fn f64_sat(&mut self, x: W) -> W {
        let ks = &mut Ks::default();
        let one = self.kd(ks, F64_ONE_HI);
        let inf = self.kd(ks, F64_INF_HI);
        let le1 = self.cmp64(cmp::LE as u8, false, x, one);
        let le_inf = self.cmp64(cmp::LE as u8, false, x, inf);
        let zero = (one.0, one.0);
        let r = self.sel64(one, zero, le_inf);
        self.sel64(x, r, le1)
    }

    /// `.sat` of a binary32 (as the SP's: NaN and negative values, -0 too, give +0).
    fn f32_sat(&mut self, x: u32) -> u32 {
        let ks = &mut Ks::default();
        let one = self.kv(ks, heddle_hw::fp32::bits::ONE);
        let inf = self.kv(ks, INF);
        let le1 = self.setp_u(cmp::LE as u8, x, one);
        let le_inf = self.setp_u(cmp::LE as u8, x, inf);
        let zero = self.kv(ks, 0);
        let r = self.sel(one, zero, le_inf);
        self.sel(x, r, le1)
    }

    /// Binary32 `div/rcp/sqrt` in a directed mode (rz rm rp), `.ftz` or not: the operands
    /// converted to binary64 (exact), a faithful binary64 quotient or root (`f64_div`,
    /// `f64_sqrt` without their final rounding), then `dcvt` to binary32 in the mode. That
    /// is the directed rounding of the exact value. With a, b and any g of at most 24
    /// significant bits (every binary32 value, subnormal ones and the overflow threshold
    /// 2^128 included) written with 24-bit integer significands: if a/b != g but a/b is
    /// near g, a - g*b is a non-zero multiple of the quantum of g*b (a's is a multiple of
    /// it), so |a/b - g| > 2^-48 |g|; likewise x - g^2 for the root gives |sqrt(x) - g| >
    /// 2^-49 |g|. The faithful binary64 value is within 2^-52 (relative) of the exact
    /// result, so no such g lies between them or equals it unless the result is exact, and
    /// then it is the result itself. NaN results are 0x7FFFFFFF (as the `.rn` forms');
    /// `.ftz` flushes subnormal operands and results.
    fn f32_directed(&mut self, pi: &PInstr, rnd: u8) -> R<()> {
        let o = &pi.operands;
        let ftz = pi.has("ftz");
        let zero = self.movi(0);
        let f64_of = |s: &mut Self, x: &Operand| -> R<W> {
            let mut v = s.src32(x)?;
            if ftz {
                v = s.flush_sub(v);
            }
            Ok(s.dcvt(dcvt_kind::F64_F32, false, RN, (v, zero)))
        };
        let a = f64_of(self, &o[1])?;
        let r = match pi.opcode.as_str() {
            "div" => {
                let b = f64_of(self, &o[2])?;
                self.f64_div(Some(a), b, None)
            }
            "rcp" => self.f64_div(None, a, None),
            _ => self.f64_sqrt(a, None),
        };
        let r = self.dcvt(dcvt_kind::F32_F64, false, rnd, r).0;
        let m = self.tk(op::AND, false, r, ABS_MASK);
        let inf = self.movi(INF);
        let nan = self.setp_u(GT, m, inf);
        let canon = self.movi(CANON_NAN);
        let mut r = self.sel(canon, r, nan);
        if ftz {
            r = self.flush_sub(r);
        }
        let d = self.dst32(&o[0])?;
        self.mov(d, r);
        Ok(())
    }

    /// `cvt{.rni,.rzi,.rmi,.rpi}{.ftz}{.sat}.f32.f32`. Rounding to an integral value is the SP's
    /// conversion, which flushes subnormal operands; that changes the result only for rpi
    /// of a positive subnormal (1, not +0) and rmi of a negative one (-1, not -0), selected
    /// after it without `.ftz` (an unsigned compare of the bit pattern). Without an integer
    /// rounding modifier (.rn/.rz/.rm/.rp round nothing here): the value itself (`.ftz`:
    /// subnormals flushed). `.sat` last.
    fn f32_cvt_same(&mut self, pi: &PInstr) -> R<()> {
        let o = &pi.operands;
        let ftz = pi.has("ftz");
        let a = self.src32(&o[1])?;
        let int = ["rni", "rzi", "rmi", "rpi"].iter().position(|&m| pi.has(m));
        let mut r = match int {
            Some(rnd) => {
                let mut i = Self::ins(op::CVT);
                i.kind = crate::golden::fp32_cvt::kind::F32_F32_INT as u8;
                i.rnd = rnd as u8;
                let r = self.r();
                self.alu(i, r, &[a]);
                match rnd as u8 {
                    RM | RP if !ftz => {
                        // rpi: a in [0x00000001, 0x007FFFFF] gives 1; rmi: a in
                        // [0x80000001, 0x807FFFFF] gives -1
                        let (first, one) = if rnd as u8 == RP { (1, heddle_hw::fp32::bits::ONE) } else { (SIGN | 1, SIGN | heddle_hw::fp32::bits::ONE) };
                        let d = self.tk(op::ISUB, false, a, first);
                        let k = self.movi(0x007F_FFFF);
                        let sub = self.setp_u(LT, d, k);
                        let one = self.movi(one);
                        self.sel(one, r, sub)
                    }
                    _ => r,
                }
            }
            None if ftz => self.flush_sub(a),
            None => {
                let t = self.r();
                self.mov(t, a);
                t
            }
        };
        if pi.has("sat") {
            r = self.f32_sat(r);
        }
        let d = self.dst32(&o[0])?;
        self.mov(d, r);
        Ok(())
    }

    /// The binary32 forms lowered here (directed `div/rcp/sqrt .f32`, `cvt.f32.f32`);
    /// Ok(false) for anything else.
    fn lower_f32_forms(&mut self, pi: &PInstr, tys: &[Ty]) -> R<bool> {
        let opc = pi.opcode.as_str();
        if tys.iter().any(|&t| t != Ty::F32) || tys.is_empty() {
            return Ok(false);
        }
        match opc {
            "div" | "rcp" | "sqrt" if !pi.has("approx") && !pi.has("full") => {
                let rnd = ["rz", "rm", "rp"].iter().position(|&m| pi.has(m));
                match rnd {
                    Some(r) => self.f32_directed(pi, r as u8 + 1)?,
                    None => return Ok(false), // .rn: translate.rs
                }
            }
            "cvt" if tys.len() == 2 => self.f32_cvt_same(pi)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}
