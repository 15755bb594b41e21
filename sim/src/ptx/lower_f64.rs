//! Binary64 (issue 22): `add/sub/mul/fma/mad .f64` on the FMA unit (`dadd`, `dmul`, `dfma`
//! on register pairs), conversions between f64 and f32 or integers (`dcvt`), and the rest
//! in SP integer micro-ops on the two words: `neg/abs/copysign` on the sign bit, `setp` in
//! all 14 comparisons and `min/max` by an order-preserving key, `testp` on the magnitude.
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
            return Ok(false);
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
                    return self.unsupported("rounding an f64 to an integral f64");
                }
                let r = if dt == Ty::F64 {
                    // to f64: from f32 (exact) or an integer (extended by its type first)
                    let (kind, a) = if st == Ty::F32 {
                        (dcvt_kind::F64_F32, (self.src32(&o[1])?, self.movi(0)))
                    } else if int(st) && is64(st) {
                        (dcvt_kind::F64_I64, self.src64(&o[1])?)
                    } else if int(st) {
                        let a = self.src32(&o[1])?;
                        (dcvt_kind::F64_I32, (self.ext(a, st), self.movi(0)))
                    } else {
                        return self.unsupported("");
                    };
                    self.dcvt(kind, is_signed(st), rnd, a)
                } else if st == Ty::F64 && dt == Ty::F32 {
                    let a = self.src64(&o[1])?;
                    self.dcvt(dcvt_kind::F32_F64, false, rnd, a)
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
                return self.unsupported("binary64 division, reciprocal and square root (no microcode sequence yet)");
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}
