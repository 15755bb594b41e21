//! Integer and bit operations the G80 had no hardware for, lowered to SP micro-op
//! sequences the way sm_1x emulated them (issue 22): bit-field extract and insert, byte
//! permute, population count, leading zeros, bit reverse, find leading bit, sum of absolute
//! differences, 24-bit multiplies, integer division and remainder, 64-bit comparisons,
//! min/max/abs/neg, shifts by a register amount and `mul.hi`, 8/16-bit operands, integer
//! conversions with saturation, `slct`, `testp`, `copysign`, vector loads and stores, `red`,
//! `membar`/`fence`. The table of what each becomes is in docs/ptx.md.
//!
//! Every sequence computes into fresh temporaries and writes its destination last, so a
//! destination may also be a source and the caller can guard every micro-op. No sequence
//! uses a guarded micro-op: choices are made with `selp`.
//!
//! 8- and 16-bit values live in 32-bit registers whose upper bits are undefined; the
//! operations that read them (comparisons, right shifts, min/max, division, `mul.hi`,
//! widening conversions) extend them first, by their PTX type.
use super::*;
use heddle_hw::isa::cmp;

const EQ: u8 = cmp::EQ as u8;
const NE: u8 = cmp::NE as u8;
const LT: u8 = cmp::LT as u8;
const LE: u8 = cmp::LE as u8;
const GT: u8 = cmp::GT as u8;
const GE: u8 = cmp::GE as u8;
/// The hidden module-level variable holding the lock of the 64-bit atomics.
pub(super) const ATOM64_LOCK: &str = "__atom64_lock";
/// Warps of the largest CTA (512 threads): the words of the `bar.red` area.
pub(super) const BAR_RED_WARPS: u32 = 16;
/// plop sub-ops (isa::PLOP_NAMES).
const PAND: u8 = 0;
const POR: u8 = 1;

type W = (u32, u32);

/// `prmt` modes other than the default: per c[1:0], the byte selectors d.b0..d.b3
/// (PTX ISA, prmt).
const PRMT_MODES: [(&str, [[u32; 4]; 4]); 6] = [
    ("f4e", [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]]),
    ("b4e", [[0, 7, 6, 5], [1, 0, 7, 6], [2, 1, 0, 7], [3, 2, 1, 0]]),
    ("rc8", [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]]),
    ("ecl", [[0, 1, 2, 3], [1, 1, 2, 3], [2, 2, 2, 3], [3, 3, 3, 3]]),
    ("ecr", [[0, 0, 0, 0], [0, 1, 1, 1], [0, 1, 2, 2], [0, 1, 2, 3]]),
    ("rc16", [[0, 1, 0, 1], [2, 3, 2, 3], [0, 1, 0, 1], [2, 3, 2, 3]]),
];

/// The default-mode selector (four nibbles) of a `prmt` mode for c[1:0] = `c`.
fn prmt_selector(mode: &[[u32; 4]; 4], c: u32) -> u32 {
    mode[(c & 3) as usize].iter().enumerate().map(|(i, &s)| s << (4 * i)).sum()
}

impl<'a> Tx<'a> {
    // ---- one micro-op into a fresh temporary ----
    fn t1(&mut self, code: u8, signed: bool, srcs: &[u32]) -> u32 {
        let d = self.r();
        let mut i = Self::ins(code);
        i.signed = signed;
        self.alu(i, d, srcs);
        d
    }
    pub(super) fn tk(&mut self, code: u8, signed: bool, a: u32, k: u32) -> u32 {
        let kk = self.movi(k);
        self.t1(code, signed, &[a, kk])
    }
    fn icmp(&mut self, c: u8, signed: bool, a: u32, b: u32) -> u32 {
        if signed {
            self.setp_s(c, a, b)
        } else {
            self.setp_u(c, a, b)
        }
    }
    fn icmpk(&mut self, c: u8, signed: bool, a: u32, k: u32) -> u32 {
        let kk = self.movi(k);
        self.icmp(c, signed, a, kk)
    }
    /// A predicate as 0 / 1.
    fn bit(&mut self, p: u32) -> u32 {
        let (one, zero) = (self.movi(1), self.movi(0));
        self.sel(one, zero, p)
    }

    /// A binary32 subnormal flushed to zero of its sign (`.ftz`); other values unchanged.
    pub(super) fn flush_sub(&mut self, x: u32) -> u32 {
        let m = self.tk(op::AND, false, x, ABS_MASK);
        let sub = self.icmpk(LT, false, m, 0x0080_0000);
        let s = self.tk(op::AND, false, x, SIGN);
        self.sel(s, x, sub)
    }

    /// A narrow (8/16-bit) value extended to 32 bits by its type; 32-bit values unchanged.
    pub(super) fn ext(&mut self, a: u32, t: Ty) -> u32 {
        let w = t.bytes() * 8;
        if w >= 32 {
            return a;
        }
        if is_signed(t) {
            let s = self.tk(op::SHL, false, a, 32 - w);
            self.tk(op::SHR, true, s, 32 - w)
        } else {
            self.tk(op::AND, false, a, (1u32 << w) - 1)
        }
    }

    // ---- 64-bit helpers on (lo, hi) temporaries ----
    pub(super) fn k64(&mut self, v: u64) -> W {
        (self.movi(v as u32), self.movi((v >> 32) as u32))
    }
    pub(super) fn addsub64(&mut self, sub: bool, a: W, b: W) -> W {
        let d = (self.r(), self.r());
        self.add64(sub, d, a, b);
        d
    }
    pub(super) fn sel64(&mut self, a: W, b: W, p: u32) -> W {
        (self.sel(a.0, b.0, p), self.sel(a.1, b.1, p))
    }
    /// a << n for a register amount n (amounts of 64 or more give 0; the SP's shifts
    /// saturate at 32 and an amount below 32 makes `n - 32` wrap to a large one).
    fn shl64v(&mut self, a: W, n: u32) -> W {
        let c32 = self.movi(32);
        let m = self.t1(op::ISUB, false, &[c32, n]); // 32 - n
        let n32 = self.t1(op::ISUB, false, &[n, c32]); // n - 32
        let lo = self.t1(op::SHL, false, &[a.0, n]);
        let h1 = self.t1(op::SHL, false, &[a.1, n]);
        let h2 = self.t1(op::SHR, false, &[a.0, m]);
        let h3 = self.t1(op::SHL, false, &[a.0, n32]);
        let h12 = self.t1(op::OR, false, &[h1, h2]);
        (lo, self.t1(op::OR, false, &[h12, h3]))
    }
    /// a >> n (logical or arithmetic) for a register amount n.
    fn shr64v(&mut self, a: W, n: u32, signed: bool) -> W {
        let c32 = self.movi(32);
        let m = self.t1(op::ISUB, false, &[c32, n]);
        let n32 = self.t1(op::ISUB, false, &[n, c32]);
        let hi = self.t1(op::SHR, signed, &[a.1, n]);
        let l1 = self.t1(op::SHR, false, &[a.0, n]);
        let l2 = self.t1(op::SHL, false, &[a.1, m]);
        let below = self.t1(op::OR, false, &[l1, l2]);
        let above = self.t1(op::SHR, signed, &[a.1, n32]);
        let ge32 = self.icmp(GE, false, n, c32);
        (self.sel(above, below, ge32), hi)
    }
    /// a cmp b on 64-bit values: the high words decide unless equal, then the low words
    /// (always unsigned).
    pub(super) fn cmp64(&mut self, c: u8, signed: bool, a: W, b: W) -> u32 {
        match c {
            EQ | NE => {
                let l = self.icmp(c, false, a.0, b.0);
                let h = self.icmp(c, false, a.1, b.1);
                self.plop2(if c == EQ { PAND } else { POR }, l, h)
            }
            _ => {
                let strict = if c == LT || c == LE { LT } else { GT };
                let hs = self.icmp(strict, signed, a.1, b.1);
                let he = self.icmp(EQ, false, a.1, b.1);
                let lc = self.icmp(c, false, a.0, b.0);
                let tie = self.plop2(PAND, he, lc);
                self.plop2(POR, hs, tie)
            }
        }
    }

    fn popc32(&mut self, x: u32) -> u32 {
        let s1 = self.tk(op::SHR, false, x, 1);
        let m1 = self.tk(op::AND, false, s1, 0x5555_5555);
        let x1 = self.t1(op::ISUB, false, &[x, m1]);
        let a2 = self.tk(op::AND, false, x1, 0x3333_3333);
        let s2 = self.tk(op::SHR, false, x1, 2);
        let b2 = self.tk(op::AND, false, s2, 0x3333_3333);
        let x2 = self.t1(op::IADD, false, &[a2, b2]);
        let s4 = self.tk(op::SHR, false, x2, 4);
        let x3 = self.t1(op::IADD, false, &[x2, s4]);
        let x4 = self.tk(op::AND, false, x3, 0x0F0F_0F0F);
        let sum = self.tk(op::IMUL, false, x4, 0x0101_0101);
        self.tk(op::SHR, false, sum, 24)
    }
    /// Leading zeros of a 32-bit value (32 for 0): the exponent of the value converted to
    /// f32 rounding toward zero.
    fn clz32(&mut self, x: u32) -> u32 {
        let mut cv = Self::ins(op::CVT);
        cv.kind = crate::golden::fp32_cvt::kind::F32_U32 as u8;
        cv.rnd = crate::golden::fp32_cvt::rnd::RZ as u8;
        let f = self.r();
        self.alu(cv, f, &[x]);
        let e = self.tk(op::SHR, false, f, 23);
        let bias = self.movi(127 + 31);
        let n = self.t1(op::ISUB, false, &[bias, e]);
        self.tk(op::IMIN, false, n, 32)
    }
    fn clz64(&mut self, a: W) -> u32 {
        let ch = self.clz32(a.1);
        let cl = self.clz32(a.0);
        let low = self.tk(op::IADD, false, cl, 32);
        let hz = self.icmpk(EQ, false, a.1, 0);
        self.sel(low, ch, hz)
    }
    fn brev32(&mut self, x: u32) -> u32 {
        let mut x = x;
        for (k, m) in [(1, 0x5555_5555u32), (2, 0x3333_3333), (4, 0x0F0F_0F0F), (8, 0x00FF_00FF)] {
            let s = self.tk(op::SHR, false, x, k);
            let hi = self.tk(op::AND, false, s, m);
            let lo = self.tk(op::AND, false, x, m);
            let l = self.tk(op::SHL, false, lo, k);
            x = self.t1(op::OR, false, &[hi, l]);
        }
        let a = self.tk(op::SHR, false, x, 16);
        let b = self.tk(op::SHL, false, x, 16);
        self.t1(op::OR, false, &[a, b])
    }
    /// (1 << len) - 1 for len in 0..=255 (all ones from 32 on: the shift gives 0).
    fn low_mask(&mut self, len: u32) -> u32 {
        let one = self.movi(1);
        let s = self.t1(op::SHL, false, &[one, len]);
        self.t1(op::ISUB, false, &[s, one])
    }
    fn low_mask64(&mut self, len: u32) -> W {
        let one = self.k64(1);
        let s = self.shl64v(one, len);
        self.addsub64(true, s, one)
    }

    /// Unsigned 32-bit division (quotient, remainder); x / 0 = 0xFFFFFFFF, x % 0 = x.
    /// z ~ 2^32/y from the SFU's reciprocal of y rounded up to f32, scaled by 2^32 - 2^11
    /// and truncated (a lower bound, relative error below 2^-20), one integer Newton step
    /// z += mulhi(z, -y*z) (error below 2 + 1/z), q = mulhi(x, z) is at most 2 too small:
    /// two corrections.
    fn udivrem(&mut self, x: u32, y: u32) -> (u32, u32) {
        use crate::golden::fp32_cvt::{kind, rnd};
        let mut cv = Self::ins(op::CVT);
        cv.kind = kind::F32_U32 as u8;
        cv.rnd = rnd::RP as u8;
        let fy = self.r();
        self.alu(cv, fy, &[y]);
        let r = self.sfu(op::RCP, fy);
        let scale = self.movi(0x4F7F_FFF8); // 2^32 - 2^11
        let mut mul = Self::ins(op::FMUL);
        mul.rnd = rnd::RZ as u8;
        let zf = self.r();
        self.alu(mul, zf, &[r, scale]);
        let mut ci = Self::ins(op::CVT);
        ci.kind = kind::U32_F32 as u8;
        ci.rnd = rnd::RZ as u8;
        let z0 = self.r();
        self.alu(ci, z0, &[zf]);
        let ny = self.t1(op::INEG, false, &[y]);
        let e = self.t1(op::IMUL, false, &[ny, z0]);
        let dz = self.t1(op::IMULHI, false, &[z0, e]);
        let z = self.t1(op::IADD, false, &[z0, dz]);
        let mut q = self.t1(op::IMULHI, false, &[x, z]);
        let qy = self.t1(op::IMUL, false, &[q, y]);
        let mut rem = self.t1(op::ISUB, false, &[x, qy]);
        for _ in 0..2 {
            let p = self.icmp(GE, false, rem, y);
            let q1 = self.tk(op::IADD, false, q, 1);
            let r1 = self.t1(op::ISUB, false, &[rem, y]);
            q = self.sel(q1, q, p);
            rem = self.sel(r1, rem, p);
        }
        let ones = self.movi(u32::MAX);
        let y0 = self.icmpk(EQ, false, y, 0);
        (self.sel(ones, q, y0), rem)
    }
    /// Signed 32-bit division on the magnitudes: the quotient negative when the signs
    /// differ, the remainder with the dividend's sign; x / 0 = 0xFFFFFFFF, x % 0 = x,
    /// INT_MIN / -1 = INT_MIN.
    fn sdivrem(&mut self, x: u32, y: u32) -> (u32, u32) {
        let ax = self.t1(op::IABS, false, &[x]);
        let ay = self.t1(op::IABS, false, &[y]);
        let (q, r) = self.udivrem(ax, ay);
        let sx = self.t1(op::XOR, false, &[x, y]);
        let qneg = self.icmpk(LT, true, sx, 0);
        let nq = self.t1(op::INEG, false, &[q]);
        let q = self.sel(nq, q, qneg);
        let xneg = self.icmpk(LT, true, x, 0);
        let nr = self.t1(op::INEG, false, &[r]);
        let r = self.sel(nr, r, xneg);
        let ones = self.movi(u32::MAX);
        let y0 = self.icmpk(EQ, false, y, 0);
        (self.sel(ones, q, y0), r)
    }

    /// 64-bit division (quotient, remainder): a loop of 64 restoring steps on the
    /// remainder:quotient pair (the software division sm_1x ran), executed by every active
    /// thread (`raw`: the loop has its own branch; only the caller's final writes are
    /// guarded). x / 0 = all ones, x % 0 = x; signed: on the magnitudes, the quotient
    /// negated when the signs differ, the remainder with the dividend's sign.
    fn divrem64(&mut self, x: W, y: W, signed: bool) -> (W, W) {
        let was_raw = self.raw;
        self.raw = true;
        let z = self.k64(0);
        let (xn, yn, ax, ay) = if signed {
            let xn = self.icmpk(LT, true, x.1, 0);
            let yn = self.icmpk(LT, true, y.1, 0);
            let nx = self.addsub64(true, z, x);
            let ny = self.addsub64(true, z, y);
            (Some(xn), Some(yn), self.sel64(nx, x, xn), self.sel64(ny, y, yn))
        } else {
            (None, None, x, y)
        };
        // loop-carried registers
        let (q, r, n) = ((self.r(), self.r()), (self.r(), self.r()), self.r());
        self.mov(q.0, ax.0);
        self.mov(q.1, ax.1);
        self.mov(r.0, z.0);
        self.mov(r.1, z.1);
        let k64 = self.movi(64);
        self.mov(n, k64);
        let label = format!(" div64 {}", self.ops.len());
        self.ops.push(MOp { i: Instr::default(), def: None, def_hi: None, uses: vec![], target: None, label: Some(label.clone()), src: self.cur_src, fresh: false, raw: true });
        // (r:q) <<= 1, remembering the bit shifted out of r
        let top = self.tk(op::SHR, false, r.1, 31);
        let rh1 = self.tk(op::SHL, false, r.1, 1);
        let rl31 = self.tk(op::SHR, false, r.0, 31);
        let rh = self.t1(op::OR, false, &[rh1, rl31]);
        let rl1 = self.tk(op::SHL, false, r.0, 1);
        let qh31 = self.tk(op::SHR, false, q.1, 31);
        let rl = self.t1(op::OR, false, &[rl1, qh31]);
        let qh1 = self.tk(op::SHL, false, q.1, 1);
        let ql31 = self.tk(op::SHR, false, q.0, 31);
        let qh = self.t1(op::OR, false, &[qh1, ql31]);
        let ql = self.tk(op::SHL, false, q.0, 1);
        // subtract the divisor when it fits
        let ge = self.cmp64(GE, false, (rl, rh), ay);
        let out = self.icmpk(NE, false, top, 0);
        let take = self.plop2(POR, ge, out);
        let rs = self.addsub64(true, (rl, rh), ay);
        let rn = self.sel64(rs, (rl, rh), take);
        let b = self.bit(take);
        let qb = self.t1(op::OR, false, &[ql, b]);
        let n1 = self.tk(op::ISUB, false, n, 1);
        self.mov(q.0, qb);
        self.mov(q.1, qh);
        self.mov(r.0, rn.0);
        self.mov(r.1, rn.1);
        self.mov(n, n1);
        let more = self.icmpk(NE, false, n1, 0);
        let mut bra = Self::ins(op::BRA);
        bra.guard = Guard { pred: 0, neg: false };
        self.ops.push(MOp { i: bra, def: None, def_hi: None, uses: vec![(F::Guard, V::P(more))], target: Some(label), label: None, src: self.cur_src, fresh: false, raw: true });
        let (mut qv, mut rv) = ((self.r(), self.r()), (self.r(), self.r()));
        self.mov(qv.0, q.0);
        self.mov(qv.1, q.1);
        self.mov(rv.0, r.0);
        self.mov(rv.1, r.1);
        if let (Some(xn), Some(yn)) = (xn, yn) {
            let diff = self.plop2(2, xn, yn); // xor
            let nq = self.addsub64(true, z, qv);
            qv = self.sel64(nq, qv, diff);
            let nr = self.addsub64(true, z, rv);
            rv = self.sel64(nr, rv, xn);
            let ones = self.k64(u64::MAX);
            let y0 = self.cmp64(EQ, false, y, z);
            qv = self.sel64(ones, qv, y0);
        }
        self.raw = was_raw;
        (qv, rv)
    }

    /// (a + b + carry-in) with the carry out as 0/1.
    fn add_c(&mut self, a: u32, b: u32) -> (u32, u32) {
        let s = self.t1(op::IADD, false, &[a, b]);
        let p = self.icmp(LT, false, s, a);
        (s, self.bit(p))
    }
    /// The high 64 bits of the 128-bit product of two 64-bit values.
    fn mulhi64(&mut self, a: W, b: W, signed: bool) -> W {
        let prod = |s: &mut Self, x: u32, y: u32| (s.t1(op::IMUL, false, &[x, y]), s.t1(op::IMULHI, false, &[x, y]));
        let p00 = prod(self, a.0, b.0);
        let p01 = prod(self, a.0, b.1);
        let p10 = prod(self, a.1, b.0);
        let p11 = prod(self, a.1, b.1);
        let (s1, c1a) = self.add_c(p00.1, p01.0);
        let (_, c1b) = self.add_c(s1, p10.0);
        let c1 = self.t1(op::IADD, false, &[c1a, c1b]);
        let (t1, c2a) = self.add_c(p01.1, p10.1);
        let (t2, c2b) = self.add_c(t1, p11.0);
        let (w2, c2c) = self.add_c(t2, c1);
        let c2 = self.t1(op::IADD, false, &[c2a, c2b]);
        let c2 = self.t1(op::IADD, false, &[c2, c2c]);
        let w3 = self.t1(op::IADD, false, &[p11.1, c2]);
        let mut hi = (w2, w3);
        if signed {
            // signed high part = unsigned high part - (a < 0 ? b : 0) - (b < 0 ? a : 0)
            let z = self.k64(0);
            let an = self.icmpk(LT, true, a.1, 0);
            let bn = self.icmpk(LT, true, b.1, 0);
            let sb = self.sel64(b, z, an);
            let sa = self.sel64(a, z, bn);
            hi = self.addsub64(true, hi, sb);
            hi = self.addsub64(true, hi, sa);
        }
        hi
    }

    fn dst_any(&mut self, o: &Operand, wide: bool) -> R<Vec<u32>> {
        Ok(if wide {
            let (l, h) = self.dst64(o)?;
            vec![l, h]
        } else {
            vec![self.dst32(o)?]
        })
    }
    fn put(&mut self, d: &[u32], v: &[u32]) {
        for (&d, &v) in d.iter().zip(v) {
            self.mov(d, v);
        }
    }
    /// A source of type t as (lo, hi); 32-bit and narrower values are extended by type.
    fn src_w(&mut self, o: &Operand, t: Ty) -> R<W> {
        if is64(t) {
            self.src64(o)
        } else {
            let a = self.src32(o)?;
            let a = self.ext(a, t);
            Ok((a, 0))
        }
    }

    /// Lowers the instructions of this file; Ok(false) when `pi` is not one of them.
    pub(super) fn lower_int(&mut self, pi: &PInstr) -> R<bool> {
        let o = &pi.operands;
        let ty = ty_of(&pi.mods);
        let opc = pi.opcode.as_str();
        let int = |t: Ty| !is_float(t) && t != Ty::Pred;
        if opc == "vote" {
            self.vote(pi)?;
            return Ok(true);
        }
        if matches!(opc, "atom" | "red") && ty.is_some_and(is64) {
            self.atom64(pi)?;
            return Ok(true);
        }
        if opc == "bar" && pi.has("red") {
            self.bar_red(pi)?;
            return Ok(true);
        }
        let t = match (opc, ty) {
            ("membar" | "fence", _) => {
                // one SM whose load/store unit executes a warp's memory instructions in
                // program order: nothing to wait for
                return Ok(true);
            }
            (_, Some(t)) => t,
            _ => return Ok(false),
        };
        let wide = is64(t);
        let narrow = t.bytes() < 4;
        let sg = is_signed(t);
        let boolop = ["and", "or", "xor"].iter().position(|m| pi.has(m));
        if opc == "setp" && (boolop.is_some() || matches!(o[0], Operand::Pair(..)) || o.len() == 4) {
            // setp.cmp.bop p[|q], a, b, {!}c: p = (a cmp b) bop c, q = !(a cmp b) bop c
            // without an operation (p|q alone): p = t, q = !t, as plop and with pt
            let (bop, c) = match (boolop, o.len()) {
                (Some(b), 4) => (b as u8, Some(self.pred_src(&o[3])?)),
                (None, 3) => (PAND, None),
                _ => return self.err("setp with .and/.or/.xor takes a fourth operand, a predicate, and needs the operation"),
            };
            let tmp = format!(" setp {}", self.np);
            let t = self.p();
            self.regs.insert(tmp.clone(), PReg::Pred(t));
            let mut base = pi.clone();
            base.mods.retain(|m| !matches!(m.as_str(), "and" | "or" | "xor"));
            base.operands = vec![Operand::Reg(tmp), o[1].clone(), o[2].clone()];
            self.instr(&base)?;
            let (p, q) = match &o[0] {
                Operand::Pair(p, q) => (self.pred(p)?, Some(self.pred(q)?)),
                x => (self.pred(x)?, None),
            };
            // q first: p may be c
            let mut outs = vec![];
            for (neg, d) in [(true, q), (false, Some(p))] {
                if let Some(d) = d {
                    let r = self.p();
                    let mut i = Self::ins(op::PLOP);
                    i.sub = bop;
                    i.mod_a = if neg { 2 } else { 0 };
                    let mut uses = vec![(F::A, V::P(t))];
                    match c {
                        Some(c) => uses.push((F::B, V::P(c))),
                        None => i.b = isa::PT, // true
                    }
                    self.emit(i, Some((F::D, V::P(r))), uses);
                    outs.push((d, r));
                }
            }
            for (d, r) in outs {
                let mut i = Self::ins(op::PLOP);
                i.sub = 3; // mov
                self.emit(i, Some((F::D, V::P(d))), vec![(F::A, V::P(r)), (F::B, V::P(r))]);
            }
            return Ok(true);
        }
        match opc {
            "bfe" if int(t) && !narrow => {
                let a = self.src_w(&o[1], t)?;
                let b = self.src32(&o[2])?;
                let c = self.src32(&o[3])?;
                let pos = self.tk(op::AND, false, b, 0xFF);
                let len = self.tk(op::AND, false, c, 0xFF);
                let bits = if wide { 64 } else { 32 };
                let r: Vec<u32> = if !sg {
                    if wide {
                        let x = self.shr64v(a, pos, false);
                        let m = self.low_mask64(len);
                        vec![self.t1(op::AND, false, &[x.0, m.0]), self.t1(op::AND, false, &[x.1, m.1])]
                    } else {
                        let x = self.t1(op::SHR, false, &[a.0, pos]);
                        let m = self.low_mask(len);
                        vec![self.t1(op::AND, false, &[x, m])]
                    }
                } else {
                    // field inside the word: shift its top to the word's top, then
                    // arithmetic right by (bits - len); running off the top: a >> pos
                    let end = self.t1(op::IADD, false, &[pos, len]);
                    let kb = self.movi(bits);
                    let up = self.t1(op::ISUB, false, &[kb, end]);
                    let down = self.t1(op::ISUB, false, &[kb, len]);
                    let over = self.icmp(GT, false, end, kb);
                    let len0 = self.icmpk(EQ, false, len, 0);
                    if wide {
                        let s = self.shl64v(a, up);
                        let v1 = self.shr64v(s, down, true);
                        let v2 = self.shr64v(a, pos, true);
                        let v = self.sel64(v2, v1, over);
                        let z = self.k64(0);
                        let v = self.sel64(z, v, len0);
                        vec![v.0, v.1]
                    } else {
                        let s = self.t1(op::SHL, false, &[a.0, up]);
                        let v1 = self.t1(op::SHR, true, &[s, down]);
                        let v2 = self.t1(op::SHR, true, &[a.0, pos]);
                        let v = self.sel(v2, v1, over);
                        let z = self.movi(0);
                        vec![self.sel(z, v, len0)]
                    }
                };
                let d = self.dst_any(&o[0], wide)?;
                self.put(&d, &r);
            }
            "bfi" if !narrow && !is_float(t) => {
                let a = self.src_w(&o[1], t)?;
                let b = self.src_w(&o[2], t)?;
                let pos = self.src32(&o[3])?;
                let len = self.src32(&o[4])?;
                let pos = self.tk(op::AND, false, pos, 0xFF);
                let len = self.tk(op::AND, false, len, 0xFF);
                let r = if wide {
                    let m0 = self.low_mask64(len);
                    let m = self.shl64v(m0, pos);
                    let ash = self.shl64v(a, pos);
                    let mut r = vec![];
                    for (mw, aw, bw) in [(m.0, ash.0, b.0), (m.1, ash.1, b.1)] {
                        let keep = self.t1(op::NOT, false, &[mw]);
                        let kb = self.t1(op::AND, false, &[bw, keep]);
                        let ins = self.t1(op::AND, false, &[aw, mw]);
                        r.push(self.t1(op::OR, false, &[kb, ins]));
                    }
                    r
                } else {
                    let m0 = self.low_mask(len);
                    let m = self.t1(op::SHL, false, &[m0, pos]);
                    let ash = self.t1(op::SHL, false, &[a.0, pos]);
                    let keep = self.t1(op::NOT, false, &[m]);
                    let kb = self.t1(op::AND, false, &[b.0, keep]);
                    let ins = self.t1(op::AND, false, &[ash, m]);
                    vec![self.t1(op::OR, false, &[kb, ins])]
                };
                let d = self.dst_any(&o[0], wide)?;
                self.put(&d, &r);
            }
            "prmt" => {
                if t.bytes() != 4 {
                    return self.err("prmt is .b32");
                }
                let mode = PRMT_MODES.iter().find(|(n, _)| pi.has(n)).map(|m| &m.1);
                let a = self.src32(&o[1])?;
                let b = self.src32(&o[2])?;
                let r = match (self.imm_of(&o[3]), mode) {
                    (Some(c), None) => self.prmt_imm(a, b, c as u32),
                    (Some(c), Some(m)) => self.prmt_imm(a, b, prmt_selector(m, c as u32)),
                    (None, m) => {
                        let c = self.src32(&o[3])?;
                        let sel = match m {
                            None => c,
                            Some(m) => {
                                // the selector for c[1:0] from a table of four 16-bit entries
                                let lo = self.movi(prmt_selector(m, 0) | (prmt_selector(m, 1) << 16));
                                let hi = self.movi(prmt_selector(m, 2) | (prmt_selector(m, 3) << 16));
                                let c2 = self.tk(op::AND, false, c, 2);
                                let upper = self.icmpk(NE, false, c2, 0);
                                let word = self.sel(hi, lo, upper);
                                let c1 = self.tk(op::AND, false, c, 1);
                                let sh = self.tk(op::SHL, false, c1, 4);
                                self.t1(op::SHR, false, &[word, sh])
                            }
                        };
                        self.prmt_reg(a, b, sel)
                    }
                };
                let d = self.dst32(&o[0])?;
                self.mov(d, r);
            }
            "popc" | "clz" | "brev" | "bfind" => {
                if narrow || is_float(t) {
                    return self.err(format!("{opc} takes a 32- or 64-bit integer type"));
                }
                let a = self.src_w(&o[1], t)?;
                let (r, dwide) = match (opc, wide) {
                    ("popc", false) => (vec![self.popc32(a.0)], false),
                    ("popc", true) => {
                        let (x, y) = (self.popc32(a.0), self.popc32(a.1));
                        (vec![self.t1(op::IADD, false, &[x, y])], false)
                    }
                    ("clz", false) => (vec![self.clz32(a.0)], false),
                    ("clz", true) => (vec![self.clz64(a)], false),
                    ("brev", false) => (vec![self.brev32(a.0)], false),
                    ("brev", true) => {
                        let (l, h) = (self.brev32(a.1), self.brev32(a.0));
                        (vec![l, h], true)
                    }
                    _ => {
                        // bfind: position of the most significant bit (of the first bit
                        // that differs from the sign for .s), 0xFFFFFFFF if none; with
                        // .shiftamt the left shift that brings it to the top
                        let x = if sg {
                            let top_word = if wide { a.1 } else { a.0 };
                            let s = self.tk(op::SHR, true, top_word, 31);
                            if wide {
                                (self.t1(op::XOR, false, &[a.0, s]), self.t1(op::XOR, false, &[a.1, s]))
                            } else {
                                (self.t1(op::XOR, false, &[a.0, s]), 0)
                            }
                        } else {
                            a
                        };
                        let c = if wide { self.clz64(x) } else { self.clz32(x.0) };
                        let top = if wide { 63 } else { 31 };
                        let r = if pi.has("shiftamt") {
                            let none = self.icmpk(EQ, false, c, top + 1);
                            let ones = self.movi(u32::MAX);
                            self.sel(ones, c, none)
                        } else {
                            let kt = self.movi(top);
                            self.t1(op::ISUB, false, &[kt, c])
                        };
                        (vec![r], false)
                    }
                };
                let d = self.dst_any(&o[0], dwide)?;
                self.put(&d, &r);
            }
            "sad" if int(t) && !wide => {
                let a = self.src_w(&o[1], t)?.0;
                let b = self.src_w(&o[2], t)?.0;
                let c = self.src32(&o[3])?;
                let mx = self.t1(op::IMAX, sg, &[a, b]);
                let mn = self.t1(op::IMIN, sg, &[a, b]);
                let diff = self.t1(op::ISUB, false, &[mx, mn]);
                let r = self.t1(op::IADD, false, &[c, diff]);
                let d = self.dst32(&o[0])?;
                self.mov(d, r);
            }
            "mul24" | "mad24" => {
                if t.bytes() != 4 || !int(t) {
                    return self.err(format!("{opc} is .u32 or .s32"));
                }
                let hi = pi.has("hi");
                if !hi && !pi.has("lo") {
                    return self.err(format!("{opc} needs .lo or .hi"));
                }
                let mad = opc == "mad24";
                let code = match (mad, hi) {
                    (false, false) => op::IMUL24,
                    (false, true) => op::IMUL24HI,
                    (true, false) => op::IMAD24,
                    (true, true) => op::IMAD24HI,
                };
                let mut srcs = vec![self.src32(&o[1])?, self.src32(&o[2])?];
                if mad {
                    srcs.push(self.src32(&o[3])?);
                }
                let r = self.t1(code, sg, &srcs);
                let d = self.dst32(&o[0])?;
                self.mov(d, r);
            }
            "div" | "rem" if int(t) => {
                if wide {
                    let x = self.src64(&o[1])?;
                    let y = self.src64(&o[2])?;
                    let (q, r) = self.divrem64(x, y, sg);
                    let v = if opc == "div" { q } else { r };
                    let d = self.dst64(&o[0])?;
                    self.put(&[d.0, d.1], &[v.0, v.1]);
                    return Ok(true);
                }
                let x = self.src_w(&o[1], t)?.0;
                let y = self.src_w(&o[2], t)?.0;
                let (q, r) = if sg { self.sdivrem(x, y) } else { self.udivrem(x, y) };
                let d = self.dst32(&o[0])?;
                self.mov(d, if opc == "div" { q } else { r });
            }
            "min" | "max" if int(t) && (wide || narrow) => {
                let a = self.src_w(&o[1], t)?;
                let b = self.src_w(&o[2], t)?;
                let r = if wide {
                    let p = self.cmp64(LT, sg, a, b);
                    let (x, y) = if opc == "min" { (a, b) } else { (b, a) };
                    let v = self.sel64(x, y, p);
                    vec![v.0, v.1]
                } else {
                    vec![self.t1(if opc == "min" { op::IMIN } else { op::IMAX }, sg, &[a.0, b.0])]
                };
                let d = self.dst_any(&o[0], wide)?;
                self.put(&d, &r);
            }
            "abs" | "neg" if int(t) && (wide || narrow) => {
                let a = self.src_w(&o[1], t)?;
                let r = if wide {
                    let z = self.k64(0);
                    let n = self.addsub64(true, z, a);
                    let v = if opc == "abs" {
                        let neg = self.icmpk(LT, true, a.1, 0);
                        self.sel64(n, a, neg)
                    } else {
                        n
                    };
                    vec![v.0, v.1]
                } else {
                    vec![self.t1(if opc == "abs" { op::IABS } else { op::INEG }, false, &[a.0])]
                };
                let d = self.dst_any(&o[0], wide)?;
                self.put(&d, &r);
            }
            "shl" | "shr" if wide && self.imm_of(&o[2]).is_none() => {
                let a = self.src64(&o[1])?;
                let n = self.src32(&o[2])?;
                let v = if opc == "shl" { self.shl64v(a, n) } else { self.shr64v(a, n, sg) };
                let d = self.dst64(&o[0])?;
                self.put(&[d.0, d.1], &[v.0, v.1]);
            }
            "shr" if narrow => {
                let a = self.src_w(&o[1], t)?.0;
                let n = self.src32(&o[2])?;
                let r = self.t1(op::SHR, sg, &[a, n]);
                let d = self.dst32(&o[0])?;
                self.mov(d, r);
            }
            "mul" if int(t) && pi.has("hi") && (wide || narrow) => {
                let a = self.src_w(&o[1], t)?;
                let b = self.src_w(&o[2], t)?;
                if wide {
                    let v = self.mulhi64(a, b, sg);
                    let d = self.dst64(&o[0])?;
                    self.put(&[d.0, d.1], &[v.0, v.1]);
                } else {
                    let p = self.t1(op::IMUL, false, &[a.0, b.0]);
                    let r = self.tk(op::SHR, sg, p, t.bytes() * 8);
                    let d = self.dst32(&o[0])?;
                    self.mov(d, r);
                }
            }
            "mul" if int(t) && pi.has("wide") && narrow => {
                let a = self.src_w(&o[1], t)?.0;
                let b = self.src_w(&o[2], t)?.0;
                let r = self.t1(op::IMUL, false, &[a, b]);
                let d = self.dst32(&o[0])?;
                self.mov(d, r);
            }
            "setp" if int(t) => {
                // (combinations and p|q destinations: the wrapper above)
                let name = pi.mods.first().cloned().unwrap_or_default();
                let (c, signed) = match name.as_str() {
                    "lo" => (LT, false),
                    "ls" => (LE, false),
                    "hi" => (GT, false),
                    "hs" => (GE, false),
                    n => match heddle_hw::isa::ICMP_NAMES.iter().position(|&x| x == n) {
                        Some(c) => (c as u8, sg),
                        None => return self.err(format!("unknown comparison .{name}")),
                    },
                };
                let a = self.src_w(&o[1], t)?;
                let b = self.src_w(&o[2], t)?;
                if wide {
                    let p = self.cmp64(c, signed, a, b);
                    self.pred_out(&o[0], p)?;
                } else {
                    let d = self.pred(&o[0])?;
                    let mut i = Self::ins(op::ISETP);
                    i.cmp = c;
                    i.signed = signed;
                    self.emit(i, Some((F::D, V::P(d))), vec![(F::A, V::R(a.0)), (F::B, V::R(b.0))]);
                }
            }
            "slct" => {
                // slct.dtype.ctype d, a, b, c: d = c >= 0 ? a : b
                let c = self.src32(&o[3])?;
                let p = if t == Ty::F32 && pi.has("ftz") {
                    // the SP's comparison flushes subnormal inputs
                    let z = self.movi(0);
                    let p = self.p();
                    let mut i = Self::ins(op::FSETP);
                    i.cmp = GE;
                    self.emit(i, Some((F::D, V::P(p))), vec![(F::A, V::R(c)), (F::B, V::R(z))]);
                    p
                } else if t == Ty::F32 {
                    // c >= 0 with subnormals: +-0, or the sign clear and not a NaN
                    let m = self.tk(op::AND, false, c, ABS_MASK);
                    let zero = self.icmpk(EQ, false, m, 0);
                    let pos = self.icmpk(GE, true, c, 0);
                    let num = self.icmpk(LE, false, m, INF);
                    let pn = self.plop2(PAND, pos, num);
                    self.plop2(POR, pn, zero)
                } else if t == Ty::S32 {
                    self.icmpk(GE, true, c, 0)
                } else {
                    return self.err("slct's last type is .s32 or .f32");
                };
                let dty = pi.mods.iter().filter_map(|m| Ty::from_name(m)).next().unwrap_or(t);
                if is64(dty) {
                    let a = self.src64(&o[1])?;
                    let b = self.src64(&o[2])?;
                    let v = self.sel64(a, b, p);
                    let d = self.dst64(&o[0])?;
                    self.put(&[d.0, d.1], &[v.0, v.1]);
                } else {
                    let (a, b) = (self.src32(&o[1])?, self.src32(&o[2])?);
                    let r = self.sel(a, b, p);
                    let d = self.dst32(&o[0])?;
                    self.mov(d, r);
                }
            }
            "testp" => {
                if t != Ty::F32 {
                    return self.unsupported("only testp.*.f32");
                }
                let a = self.src32(&o[1])?;
                let m = self.tk(op::AND, false, a, ABS_MASK);
                let p = if pi.has("finite") {
                    self.icmpk(LT, false, m, INF)
                } else if pi.has("infinite") {
                    self.icmpk(EQ, false, m, INF)
                } else if pi.has("number") {
                    self.icmpk(LE, false, m, INF)
                } else if pi.has("notanumber") {
                    self.icmpk(GT, false, m, INF)
                } else if pi.has("normal") {
                    let x = self.tk(op::ISUB, false, m, 0x0080_0000);
                    self.icmpk(LT, false, x, INF - 0x0080_0000)
                } else if pi.has("subnormal") {
                    let x = self.tk(op::ISUB, false, m, 1);
                    self.icmpk(LT, false, x, 0x007F_FFFF)
                } else {
                    return self.err("testp needs .finite, .infinite, .number, .notanumber, .normal or .subnormal");
                };
                self.pred_out(&o[0], p)?;
            }
            "copysign" => {
                if t != Ty::F32 {
                    return self.unsupported("only copysign.f32");
                }
                // the sign of a, the magnitude of b
                let a = self.src32(&o[1])?;
                let b = self.src32(&o[2])?;
                let s = self.tk(op::AND, false, a, SIGN);
                let m = self.tk(op::AND, false, b, ABS_MASK);
                let r = self.t1(op::OR, false, &[s, m]);
                let d = self.dst32(&o[0])?;
                self.mov(d, r);
            }
            "cvt" => {
                let tys: Vec<Ty> = pi.mods.iter().filter_map(|m| Ty::from_name(m)).collect();
                if tys.len() != 2 {
                    return Ok(false);
                }
                let (dt, st) = (tys[0], tys[1]);
                if int(dt) && int(st) {
                    self.cvt_int(pi, dt, st)?;
                } else if dt == Ty::F32 && int(st) && is64(st) {
                    let a = self.src64(&o[1])?;
                    let r = self.cvt_f32_from_64(a, is_signed(st), self.cvt_rnd(pi));
                    let d = self.dst32(&o[0])?;
                    self.mov(d, r);
                } else if st == Ty::F32 && int(dt) && is64(dt) {
                    let a = self.src32(&o[1])?;
                    let v = self.cvt_64_from_f32(a, is_signed(dt), self.cvt_rnd(pi));
                    let d = self.dst64(&o[0])?;
                    self.put(&[d.0, d.1], &[v.0, v.1]);
                } else if dt == Ty::F32 && int(st) && st.bytes() < 4 {
                    // from 8/16 bits: extend, then the 32-bit conversion
                    let a = self.src32(&o[1])?;
                    let a = self.ext(a, st);
                    let mut i = Self::ins(op::CVT);
                    i.kind = if is_signed(st) { crate::golden::fp32_cvt::kind::F32_S32 } else { crate::golden::fp32_cvt::kind::F32_U32 } as u8;
                    i.rnd = self.cvt_rnd(pi);
                    let r = self.r();
                    self.alu(i, r, &[a]);
                    let d = self.dst32(&o[0])?;
                    self.mov(d, r);
                } else if st == Ty::F32 && int(dt) && dt.bytes() < 4 {
                    // to 8/16 bits: the saturating 32-bit conversion, then clamped
                    let a = self.src32(&o[1])?;
                    let mut i = Self::ins(op::CVT);
                    i.kind = if is_signed(dt) { crate::golden::fp32_cvt::kind::S32_F32 } else { crate::golden::fp32_cvt::kind::U32_F32 } as u8;
                    i.rnd = self.cvt_rnd(pi);
                    let r = self.r();
                    self.alu(i, r, &[a]);
                    let r = self.clamp32(r, dt, is_signed(dt));
                    let d = self.dst32(&o[0])?;
                    self.mov(d, r);
                } else {
                    return Ok(false);
                }
            }
            "mov" if matches!(o[0], Operand::Vec(_)) || matches!(o[1], Operand::Vec(_)) => {
                // pack {a, b, ...} into one register, or unpack one into its parts
                // (element k at bits k*w, w = the type's width / the number of parts)
                let (parts, whole, pack) = match (&o[0], &o[1]) {
                    (d, Operand::Vec(v)) => (v, d, true),
                    (Operand::Vec(v), a) => (v, a, false),
                    _ => return self.err("mov: bad operands"),
                };
                let n = parts.len() as u32;
                if !(n == 2 || n == 4) || (t.bytes() * 8) % n != 0 {
                    return self.err("mov packs 2 or 4 parts");
                }
                let w = t.bytes() * 8 / n;
                if wide && w != 32 {
                    return self.unsupported("64-bit packs of parts narrower than 32 bits");
                }
                if pack {
                    let mut vals = vec![];
                    for p in parts {
                        vals.push(self.src32(p)?);
                    }
                    if wide {
                        let (a, b) = (vals[0], vals[1]);
                        let d = self.dst64(whole)?;
                        self.put(&[d.0, d.1], &[a, b]);
                    } else {
                        let mut acc: Option<u32> = None;
                        for (k, v) in vals.into_iter().enumerate() {
                            let v = self.tk(op::AND, false, v, (1u32 << w) - 1);
                            let v = if k == 0 { v } else { self.tk(op::SHL, false, v, w * k as u32) };
                            acc = Some(match acc {
                                None => v,
                                Some(a) => self.t1(op::OR, false, &[a, v]),
                            });
                        }
                        let d = self.dst32(whole)?;
                        let r = acc.unwrap_or(0);
                        self.mov(d, r);
                    }
                } else {
                    let words: Vec<u32> = if wide {
                        let (l, h) = self.src64(whole)?;
                        vec![l, h]
                    } else {
                        let a = self.src32(whole)?;
                        (0..n).map(|k| if k == 0 { a } else { self.tk(op::SHR, false, a, w * k) }).collect()
                    };
                    let mut ds = vec![];
                    for p in parts {
                        ds.push(self.dst32(p)?);
                    }
                    let tmp: Vec<u32> = words.iter().map(|&x| {
                        let t = self.r();
                        self.mov(t, x);
                        t
                    }).collect();
                    self.put(&ds, &tmp);
                }
            }
            "red" => {
                // an atomic whose old value nobody reads
                let t32 = self.r();
                let mut atom = pi.clone();
                atom.opcode = "atom".into();
                atom.operands = vec![Operand::Reg(String::new()), o[0].clone(), o[1].clone()];
                self.atom(&atom, Some(t32))?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn cvt_rnd(&self, pi: &PInstr) -> u8 {
        rnd_mod(pi).unwrap_or(0)
    }

    /// A 64-bit integer rounded to f32 by `rnd`: a value of 32 bits by the SP's conversion;
    /// a wider one normalized (shifted left by its leading zeros), its top word with a sticky
    /// bit for the rest converted, then the exponent raised by 32 - leading zeros. Signed:
    /// the magnitude, rounded by the mirrored directed mode when negative.
    fn cvt_f32_from_64(&mut self, a: W, signed: bool, rnd: u8) -> u32 {
        use crate::golden::fp32_cvt::{kind, rnd as rm};
        let u64_to_f32 = |s: &mut Self, x: W, r: u8| -> u32 {
            let mut cv = Self::ins(op::CVT);
            cv.kind = kind::F32_U32 as u8;
            cv.rnd = r;
            let small = s.r();
            s.alu(cv, small, &[x.0]);
            let n = s.clz64(x);
            let sh = s.shl64v(x, n);
            let st = s.icmpk(NE, false, sh.0, 0);
            let sb = s.bit(st);
            let h = s.t1(op::OR, false, &[sh.1, sb]);
            let big0 = s.r();
            s.alu(cv, big0, &[h]);
            let k32 = s.movi(32);
            let up = s.t1(op::ISUB, false, &[k32, n]);
            let upe = s.tk(op::SHL, false, up, 23);
            let big = s.t1(op::IADD, false, &[big0, upe]);
            let hz = s.icmpk(EQ, false, x.1, 0);
            s.sel(small, big, hz)
        };
        if !signed {
            return u64_to_f32(self, a, rnd);
        }
        let neg = self.icmpk(LT, true, a.1, 0);
        let z = self.k64(0);
        let n = self.addsub64(true, z, a);
        let m = self.sel64(n, a, neg);
        let fpos = u64_to_f32(self, m, rnd);
        let mirrored = match rnd as u32 {
            rm::RM => rm::RP as u8,
            rm::RP => rm::RM as u8,
            r => r as u8,
        };
        let fmag = if mirrored == rnd {
            fpos
        } else {
            let fneg = u64_to_f32(self, m, mirrored);
            self.sel(fneg, fpos, neg)
        };
        let (ks, k0) = (self.movi(SIGN), self.movi(0));
        let sgn = self.sel(ks, k0, neg);
        self.t1(op::OR, false, &[fmag, sgn])
    }

    /// An f32 rounded to an integral value by `rnd` (the SP's conversion, inputs flushed),
    /// then to a 64-bit integer, saturating (NaN: 0): below 2^32 by the SP's conversion,
    /// above it the significand shifted left by the exponent.
    fn cvt_64_from_f32(&mut self, a: u32, signed: bool, rnd: u8) -> W {
        use crate::golden::fp32_cvt::{kind, rnd as rm};
        let mut ri = Self::ins(op::CVT);
        ri.kind = kind::F32_F32_INT as u8;
        ri.rnd = rnd;
        let v = self.r();
        self.alu(ri, v, &[a]);
        let m = self.tk(op::AND, false, v, ABS_MASK);
        let mut cu = Self::ins(op::CVT);
        cu.kind = kind::U32_F32 as u8;
        cu.rnd = rm::RZ as u8;
        let small = self.r();
        self.alu(cu, small, &[m]);
        let e = self.tk(op::SHR, false, m, 23);
        let sh = self.tk(op::ISUB, false, e, 150);
        let f = self.tk(op::AND, false, m, 0x007F_FFFF);
        let mant = self.tk(op::OR, false, f, 0x0080_0000);
        let zero = self.movi(0);
        let big = self.shl64v((mant, zero), sh);
        let isbig = self.icmpk(GE, false, m, 0x4F80_0000); // 2^32
        let mag = self.sel64(big, (small, zero), isbig);
        let nan = self.icmpk(GT, false, m, INF);
        let neg = self.icmpk(LT, true, v, 0);
        let z = self.k64(0);
        let r = if !signed {
            let sat = self.icmpk(GE, false, m, 0x5F80_0000); // 2^64
            let max = self.k64(u64::MAX);
            let r = self.sel64(max, mag, sat);
            let zr = self.plop2(POR, neg, nan);
            self.sel64(z, r, zr)
        } else {
            let sat = self.icmpk(GE, false, m, 0x5F00_0000); // 2^63
            let min = self.k64(1 << 63);
            let mag = self.sel64(min, mag, sat);
            let n = self.addsub64(true, z, mag);
            let r = self.sel64(n, mag, neg);
            let nn = self.p_not(neg);
            let pos = self.plop2(PAND, sat, nn);
            let max = self.k64(i64::MAX as u64);
            let r = self.sel64(max, r, pos);
            self.sel64(z, r, nan)
        };
        r
    }
    /// 64-bit `atom`/`red` (`add`, `min`/`max` .u64/.s64, `and/or/xor/exch/cas` .b64) on
    /// global, shared or generic addresses, emulated as sm_1x CUDA did without 64-bit
    /// atomics: under a lock word in global memory (the hidden module variable
    /// [`ATOM64_LOCK`]), each thread in turn reads the two words, writes the new value and
    /// releases the lock. The loop keeps the critical section inside its body (a thread that
    /// took the lock finishes before the warp branches back), so the threads of one warp
    /// cannot deadlock each other:
    /// `done = !guard; L: @!done t = atom.cas [lock], 0, 1; got = !done & t == 0;
    /// @got old = ld [a], [a+4]; @got st [a], [a+4] = f(old, b, c); @got atom.exch [lock], 0;
    /// @got d = old; done |= got; @!done bra L`.
    fn atom64(&mut self, pi: &PInstr) -> R<()> {
        let o = &pi.operands;
        let red = pi.opcode == "red";
        let t = ty_of(&pi.mods).unwrap_or(Ty::U64);
        let sp = atom_space(pi);
        let ops = ["add", "min", "max", "and", "or", "xor", "exch", "cas"];
        let Some(opn) = ops.iter().position(|n| pi.has(n)) else {
            return self.unsupported("64-bit atomics other than add, min, max, and, or, xor, exch and cas");
        };
        let cas = ops[opn] == "cas";
        let (mem, b, c) = match (red, &o[..]) {
            (true, [m, b]) => (m, b, None),
            (false, [_, m, b]) if !cas => (m, b, None),
            (false, [_, m, b, c]) if cas => (m, b, Some(c)),
            _ => return self.err(format!("{} takes {} operands", pi.full_name(), if cas { 4 } else if red { 2 } else { 3 })),
        };
        let (base, off) = self.address(mem)?;
        let b = self.src64(b)?;
        let c = match c {
            Some(c) => Some(self.src64(c)?),
            None => None,
        };
        let d = if red { None } else { Some(self.dst64(&o[0])?) };
        let lock = self.global_addr(ATOM64_LOCK)?;
        // from here on every thread executes (the PTX guard only decides `done`)
        let was_raw = self.raw;
        self.raw = true;
        let guard = match &pi.guard {
            Some((neg, p)) => {
                let g = self.pred(&Operand::Reg(p.clone()))?;
                Some(if *neg { self.p_not(g) } else { g })
            }
            None => None,
        };
        let (zero, one) = (self.movi(0), self.movi(1));
        // done: loop-carried
        let done = self.p();
        let init = match guard {
            Some(g) => self.p_not(g),
            None => self.icmp(NE, false, zero, zero),
        };
        self.plop_mov(done, init);
        let label = format!(" atom64 {}", self.ops.len());
        self.ops.push(MOp { i: Instr::default(), def: None, def_hi: None, uses: vec![], target: None, label: Some(label.clone()), src: self.cur_src, fresh: false, raw: true });
        let guarded = |tx: &mut Self, p: u32, neg: bool| {
            if let Some(m) = tx.ops.last_mut() {
                m.uses.push((F::Guard, V::P(p)));
                m.i.guard = Guard { pred: 0, neg };
            }
        };
        let tk = self.r();
        let mut i = Self::ins(op::ATOM);
        i.space = space::GLOBAL;
        i.sub = isa::ATOM_NAMES.iter().position(|&n| n == "cas").unwrap_or(0) as u8;
        self.emit(i, Some((F::D, V::R(tk))), vec![(F::A, V::R(lock)), (F::B, V::R(zero)), (F::C, V::R(one))]);
        guarded(self, done, true);
        let free = self.icmp(EQ, false, tk, zero);
        let nd = self.p_not(done);
        let got = self.plop2(PAND, nd, free);
        // the critical section, under got
        let old = (self.r(), self.r());
        for (k, r) in [(0u32, old.0), (4, old.1)] {
            let mut ld = Self::ins(op::LD);
            ld.space = sp;
            ld.size = size::B32;
            ld.imm = off.wrapping_add(k);
            self.emit(ld, Some((F::D, V::R(r))), vec![(F::A, V::R(base))]);
            guarded(self, got, false);
        }
        let new = match ops[opn] {
            "add" => self.addsub64(false, old, b),
            "min" | "max" => {
                let lt = self.cmp64(LT, is_signed(t), old, b);
                if ops[opn] == "min" {
                    self.sel64(old, b, lt)
                } else {
                    self.sel64(b, old, lt)
                }
            }
            "and" | "or" | "xor" => {
                let code = [op::AND, op::OR, op::XOR][opn - 3];
                (self.t1(code, false, &[old.0, b.0]), self.t1(code, false, &[old.1, b.1]))
            }
            "exch" => b,
            _ => {
                let eq = self.cmp64(EQ, false, old, b);
                self.sel64(c.unwrap_or(b), old, eq)
            }
        };
        for (k, r) in [(0u32, new.0), (4, new.1)] {
            let mut st = Self::ins(op::ST);
            st.space = sp;
            st.size = size::B32;
            st.imm = off.wrapping_add(k);
            self.emit(st, None, vec![(F::A, V::R(base)), (F::D, V::R(r))]);
            guarded(self, got, false);
        }
        let rel = self.r();
        let mut i = Self::ins(op::ATOM);
        i.space = space::GLOBAL;
        i.sub = isa::ATOM_NAMES.iter().position(|&n| n == "exch").unwrap_or(0) as u8;
        self.emit(i, Some((F::D, V::R(rel))), vec![(F::A, V::R(lock)), (F::B, V::R(zero)), (F::C, V::R(zero))]);
        guarded(self, got, false);
        if let Some(d) = d {
            self.mov(d.0, old.0);
            guarded(self, got, false);
            self.mov(d.1, old.1);
            guarded(self, got, false);
        }
        let nd2 = self.plop2(POR, done, got);
        self.plop_mov(done, nd2);
        let mut bra = Self::ins(op::BRA);
        bra.guard = Guard { pred: 0, neg: true };
        self.ops.push(MOp { i: bra, def: None, def_hi: None, uses: vec![(F::Guard, V::P(done))], target: Some(label), label: None, src: self.cur_src, fresh: false, raw: true });
        self.raw = was_raw;
        Ok(())
    }
    /// p = q (a `plop` mov into an existing predicate).
    fn plop_mov(&mut self, p: u32, q: u32) {
        let mut i = Self::ins(op::PLOP);
        i.sub = 3;
        self.emit(i, Some((F::D, V::P(p))), vec![(F::A, V::P(q)), (F::B, V::P(q))]);
    }

    /// `vote.{all,any,uni}.pred d, {!}a` as the `vote` micro-op, `vote.ballot.b32 d, {!}a`
    /// as `ballot` (a negated source through a `plop`).
    fn vote(&mut self, pi: &PInstr) -> R<()> {
        let o = &pi.operands;
        if pi.has("sync") {
            return self.unsupported("vote.sync (a member mask)");
        }
        let a = self.pred_src(&o[1])?;
        if pi.has("ballot") {
            let d = self.dst32(&o[0])?;
            self.emit(Self::ins(op::BALLOT), Some((F::D, V::R(d))), vec![(F::Psrc, V::P(a))]);
            return Ok(());
        }
        let Some(mode) = isa::VOTE_NAMES.iter().position(|m| pi.has(m)) else {
            return self.err("vote needs .all, .any, .uni or .ballot");
        };
        let d = self.pred(&o[0])?;
        let mut i = Self::ins(op::VOTE);
        i.sub = mode as u8;
        self.emit(i, Some((F::D, V::P(d))), vec![(F::Psrc, V::P(a))]);
        Ok(())
    }

    /// `bar.red.popc.u32 d, a, {!}c` (`__syncthreads_count`), `bar.red.and.pred` and
    /// `bar.red.or.pred` (`__syncthreads_and/or`): each warp's count of true predicates
    /// (`ballot` + popc; for `.and` of false ones) is stored in its word of a 64-byte shared
    /// area the kernel reserves (`__bar_red`, one word per warp of a CTA of up to 512
    /// threads), `bar.sync a`, every thread sums the CTA's words (16 loads, those past the
    /// CTA's warps masked), `bar.sync a` again (so that a next `bar.red` does not overwrite a
    /// word still being read).
    fn bar_red(&mut self, pi: &PInstr) -> R<()> {
        let o = &pi.operands;
        if pi.guard.is_some() {
            return self.unsupported("bar.red under a guard");
        }
        let kind = ["popc", "and", "or"].iter().position(|m| pi.has(m));
        let (Some(kind), 3) = (kind, o.len()) else {
            return self.err("bar.red takes .popc.u32, .and.pred or .or.pred and the operands d, a, {!}c (no thread count)");
        };
        let n = match self.imm_of(&o[1]) {
            Some(n) if (0..16).contains(&n) => n as u32,
            _ => return self.err("bar.red needs a barrier number 0..15"),
        };
        let Some(base) = self.bar_red_base else {
            return self.err("internal: no shared area reserved for bar.red");
        };
        let mut c = self.pred_src(&o[2])?;
        if kind == 1 {
            c = self.p_not(c);
        }
        let b = self.r();
        self.emit(Self::ins(op::BALLOT), Some((F::D, V::R(b))), vec![(F::Psrc, V::P(c))]);
        let cnt = self.popc32(b);
        // the warp's number in the CTA and the CTA's warps
        let sreg = |tx: &mut Self, name: &str| {
            let d = tx.r();
            tx.s2r(d, isa::SREGS.iter().position(|&x| x == name).unwrap_or(0) as u8);
            d
        };
        let [tx_, ty_, tz_, nx, ny, nz] = ["tid.x", "tid.y", "tid.z", "ntid.x", "ntid.y", "ntid.z"].map(|s| sreg(self, s));
        let zy = self.t1(op::IMAD, false, &[tz_, ny, ty_]);
        let lin = self.t1(op::IMAD, false, &[zy, nx, tx_]);
        let w = self.tk(op::SHR, false, lin, 5);
        let nxy = self.t1(op::IMUL, false, &[nx, ny]);
        let nt = self.t1(op::IMUL, false, &[nxy, nz]);
        let nt31 = self.tk(op::IADD, false, nt, 31);
        let nw = self.tk(op::SHR, false, nt31, 5);
        let off = self.tk(op::SHL, false, w, 2);
        let mut st = Self::ins(op::ST);
        st.space = space::SHARED;
        st.size = size::B32;
        st.imm = base;
        self.emit(st, None, vec![(F::A, V::R(off)), (F::D, V::R(cnt))]);
        let mut bar = Self::ins(op::BAR);
        bar.imm = n;
        self.emit(bar, None, vec![]);
        let mut sum = self.movi(0);
        let zero = self.movi(0);
        for j in 0..BAR_RED_WARPS {
            let v = self.r();
            let mut ld = Self::ins(op::LD);
            ld.space = space::SHARED;
            ld.size = size::B32;
            ld.imm = base + 4 * j;
            self.emit(ld, Some((F::D, V::R(v))), vec![(F::A, V::R(zero))]);
            let here = self.icmpk(GT, false, nw, j);
            let v = self.sel(v, zero, here);
            sum = self.t1(op::IADD, false, &[sum, v]);
        }
        self.emit(bar, None, vec![]);
        if kind == 0 {
            let d = self.dst32(&o[0])?;
            self.mov(d, sum);
        } else {
            let p = self.icmpk(if kind == 1 { EQ } else { NE }, false, sum, 0);
            self.pred_out(&o[0], p)?;
        }
        Ok(())
    }

    /// The PTX predicate destination `o` set to p (a `plop` mov).
    pub(super) fn pred_out(&mut self, o: &Operand, p: u32) -> R<()> {
        let d = self.pred(o)?;
        let mut i = Self::ins(op::PLOP);
        i.sub = 3; // mov
        self.emit(i, Some((F::D, V::P(d))), vec![(F::A, V::P(p)), (F::B, V::P(p))]);
        Ok(())
    }
    pub(super) fn p_not(&mut self, p: u32) -> u32 {
        let q = self.p();
        let mut i = Self::ins(op::PLOP);
        i.sub = 3; // mov
        i.mod_a = 2;
        self.emit(i, Some((F::D, V::P(q))), vec![(F::A, V::P(p)), (F::B, V::P(p))]);
        q
    }

    /// The 32-bit result of a float-to-integer conversion (signed or not) clamped to the
    /// range of the narrower type t.
    pub(super) fn clamp32(&mut self, a: u32, t: Ty, src_signed: bool) -> u32 {
        let w = t.bytes() * 8;
        let (lo, hi) = if is_signed(t) { (-(1i32 << (w - 1)), (1i32 << (w - 1)) - 1) } else { (0, (1i32 << w) - 1) };
        let mut v = a;
        if src_signed {
            let kl = self.movi(lo as u32);
            v = self.t1(op::IMAX, true, &[v, kl]);
        }
        let kh = self.movi(hi as u32);
        self.t1(op::IMIN, src_signed, &[v, kh])
    }

    /// Integer to integer conversions of every width: the source extended by its type,
    /// `.sat` clamping to the destination's range (64-bit comparisons when the source is
    /// 64 bits), the high word of a 64-bit destination from the source's sign.
    fn cvt_int(&mut self, pi: &PInstr, dt: Ty, st: Ty) -> R<()> {
        let o = &pi.operands;
        let sat = pi.has("sat");
        let s_sg = is_signed(st);
        let d_sg = is_signed(dt);
        let a = self.src_w(&o[1], st)?;
        // the source value as 64 bits
        let a64: W = if is64(st) {
            a
        } else if s_sg {
            (a.0, self.tk(op::SHR, true, a.0, 31))
        } else {
            (a.0, self.movi(0))
        };
        let v: W = if sat {
            // clamp to [lo, hi] of dt; compare as the source's signedness
            let w = dt.bytes() * 8;
            let (lo, hi): (i128, i128) = if d_sg { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) } else { (0, (1i128 << w) - 1) };
            let s_lo: i128 = if s_sg { -(1i128 << (st.bytes() * 8 - 1)) } else { 0 };
            let s_hi: i128 = if s_sg { (1i128 << (st.bytes() * 8 - 1)) - 1 } else { (1i128 << (st.bytes() * 8)) - 1 };
            let mut v = a64;
            if lo > s_lo {
                let k = self.k64(lo as u64);
                let below = self.cmp64(LT, s_sg, v, k);
                v = self.sel64(k, v, below);
            }
            if hi < s_hi {
                let k = self.k64(hi as u64);
                let above = self.cmp64(GT, s_sg, v, k);
                v = self.sel64(k, v, above);
            }
            v
        } else {
            a64
        };
        if is64(dt) {
            let d = self.dst64(&o[0])?;
            self.put(&[d.0, d.1], &[v.0, v.1]);
        } else {
            let d = self.dst32(&o[0])?;
            self.mov(d, v.0);
        }
        Ok(())
    }

    /// prmt with an immediate selector: per byte, a shift, a mask and an or (the sign
    /// replication of a selector with bit 3 by an arithmetic shift).
    fn prmt_imm(&mut self, a: u32, b: u32, c: u32) -> u32 {
        let mut acc: Option<u32> = None;
        for i in 0..4 {
            let s = (c >> (4 * i)) & 0xF;
            let src = if s & 4 == 0 { a } else { b };
            let k = s & 3;
            let byte = if s & 8 == 0 {
                let x = self.tk(op::SHR, false, src, 8 * k);
                let x = self.tk(op::AND, false, x, 0xFF);
                self.tk(op::SHL, false, x, 8 * i)
            } else {
                let x = self.tk(op::SHL, false, src, 24 - 8 * k);
                let x = self.tk(op::SHR, true, x, 31);
                self.tk(op::AND, false, x, 0xFF << (8 * i))
            };
            acc = Some(match acc {
                None => byte,
                Some(p) => self.t1(op::OR, false, &[p, byte]),
            });
        }
        acc.unwrap_or_else(|| self.movi(0))
    }
    /// prmt with a register selector (default mode).
    fn prmt_reg(&mut self, a: u32, b: u32, c: u32) -> u32 {
        let mut acc: Option<u32> = None;
        for i in 0..4 {
            let s = self.tk(op::SHR, false, c, 4 * i);
            let s = self.tk(op::AND, false, s, 0xF);
            let s4 = self.tk(op::AND, false, s, 4);
            let from_b = self.icmpk(NE, false, s4, 0);
            let src = self.sel(b, a, from_b);
            let k = self.tk(op::AND, false, s, 3);
            let sh = self.tk(op::SHL, false, k, 3);
            let x = self.t1(op::SHR, false, &[src, sh]);
            let x = self.tk(op::AND, false, x, 0xFF);
            let sx = self.tk(op::SHL, false, x, 24);
            let sx = self.tk(op::SHR, true, sx, 31);
            let sx = self.tk(op::AND, false, sx, 0xFF);
            let s8 = self.tk(op::AND, false, s, 8);
            let rep = self.icmpk(NE, false, s8, 0);
            let v = self.sel(sx, x, rep);
            let v = self.tk(op::SHL, false, v, 8 * i);
            acc = Some(match acc {
                None => v,
                Some(p) => self.t1(op::OR, false, &[p, v]),
            });
        }
        acc.unwrap_or_else(|| self.movi(0))
    }
}
