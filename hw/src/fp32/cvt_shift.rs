//! First half of the SP's FP32 conversions (combinational): the operand decode, path A
//! ("shift right and round"), the integer and f16 results of kinds 2, 3 and 5, and path
//! B's input. [`Fp32CvtNorm`](crate::fp32::cvt_norm::Fp32CvtNorm) is path B;
//! [`Fp32Cvt`](crate::fp32::cvt::Fp32Cvt) wires the halves together (the structure and
//! the rules are documented there), and the SP datapath registers between them.
//!
//! Ports:
//! - `a`      in  32  operand (f32 bits, s32/u32, or f16 in bits 15..0)
//! - `kind`   in   3  the conversion (`Fp32Cvt`'s kinds)
//! - `rnd`    in   2  rn=0 rz=1 rm=2 rp=3
//! - `done`   out  1  the result is `early` (path B not needed)
//! - `early`  out 32  that result
//! - `nm`     out 32  path B's integer magnitude
//! - `ns`     out  1  path B's sign
//! - `nbase`  out  8  path B's base exponent: the value is nm * 2^(nbase - 158)
use crate::fp32::bits;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32CvtShift {
    pub a: Signal<In, Bits<32>>,
    pub kind: Signal<In, Bits<3>>,
    pub rnd: Signal<In, Bits<2>>,
    pub done: Signal<Out, Bit>,
    pub early: Signal<Out, Bits<32>>,
    pub nm: Signal<Out, Bits<32>>,
    pub ns: Signal<Out, Bit>,
    pub nbase: Signal<Out, Bits<8>>,
    // `nm`, `ns`, `nbase`, `done` and `early` are each assigned once, from these locals
    nm_v: Signal<Local, Bits<32>>,
    ns_v: Signal<Local, Bit>,
    nbase_v: Signal<Local, Bits<8>>,
    done_v: Signal<Local, Bit>,
    early_v: Signal<Local, Bits<32>>,
    // Kind and rounding-mode decode.
    k_f32_s32: Signal<Local, Bit>,
    k_f32_u32: Signal<Local, Bit>,
    k_s32_f32: Signal<Local, Bit>,
    k_u32_f32: Signal<Local, Bit>,
    k_f32_int: Signal<Local, Bit>,
    k_f16_f32: Signal<Local, Bit>,
    k_f32_f16: Signal<Local, Bit>,
    m_rn: Signal<Local, Bit>,
    m_rm: Signal<Local, Bit>,
    m_rp: Signal<Local, Bit>,
    // f32 operand decode (flushed: a zero exponent field means a zero).
    sgn: Signal<Local, Bit>,
    exp_f: Signal<Local, Bits<8>>,
    frac_f: Signal<Local, Bits<23>>,
    exp_zero: Signal<Local, Bit>,
    exp_ones: Signal<Local, Bit>,
    frac_nz: Signal<Local, Bit>,
    f_nan: Signal<Local, Bit>,
    f_inf: Signal<Local, Bit>,
    frac24: Signal<Local, Bits<24>>,
    sig: Signal<Local, Bits<24>>,
    fa: Signal<Local, Bits<32>>,
    // Path A: shift right and round.
    sig_w: Signal<Local, Bits<32>>,
    w: Signal<Local, Bits<32>>,
    e_ge113: Signal<Local, Bit>,
    rs: Signal<Local, Bits<8>>,
    rs_m1: Signal<Local, Bits<8>>,
    q: Signal<Local, Bits<32>>,
    keep: Signal<Local, Bits<32>>,
    lost: Signal<Local, Bits<32>>,
    half: Signal<Local, Bits<32>>,
    ra: Signal<Local, Bit>,
    sa: Signal<Local, Bit>,
    rsa: Signal<Local, Bit>,
    nsgn: Signal<Local, Bit>,
    inc_a: Signal<Local, Bit>,
    qr: Signal<Local, Bits<32>>,
    // Kinds 2, 3: saturation.
    big: Signal<Local, Bit>,
    qr_hi: Signal<Local, Bit>,
    qr_lo_nz: Signal<Local, Bit>,
    qr_neg: Signal<Local, Bits<32>>,
    i_s32: Signal<Local, Bits<32>>,
    i_u32: Signal<Local, Bits<32>>,
    // Kind 5: f16 packing.
    ebase: Signal<Local, Bits<8>>,
    eb16: Signal<Local, Bits<16>>,
    hexp: Signal<Local, Bits<16>>,
    hq: Signal<Local, Bits<16>>,
    hsum: Signal<Local, Bits<16>>,
    h_ovf: Signal<Local, Bit>,
    h_away: Signal<Local, Bit>,
    hmag: Signal<Local, Bits<16>>,
    hres: Signal<Local, Bits<16>>,
    // Kind 6: f16 operand decode.
    hs: Signal<Local, Bit>,
    he: Signal<Local, Bits<5>>,
    hf: Signal<Local, Bits<10>>,
    he_zero: Signal<Local, Bit>,
    he_ones: Signal<Local, Bit>,
    hf_nz: Signal<Local, Bit>,
    hf32: Signal<Local, Bits<32>>,
    hm: Signal<Local, Bits<32>>,
    he8: Signal<Local, Bits<8>>,
    he_eff: Signal<Local, Bits<8>>,
    hbase: Signal<Local, Bits<8>>,
    // Path B: normalize and round to f32.
    a_neg: Signal<Local, Bits<32>>,
    // Kind 4 and kind 6 results.
    e_ge150: Signal<Local, Bit>,
    kc_f32_s32: Constant<Bits<3>>,
    kc_f32_u32: Constant<Bits<3>>,
    kc_s32_f32: Constant<Bits<3>>,
    kc_u32_f32: Constant<Bits<3>>,
    kc_f32_int: Constant<Bits<3>>,
    kc_f16_f32: Constant<Bits<3>>,
    kc_f32_f16: Constant<Bits<3>>,
    hidden_one: Constant<Bits<24>>,
    one8: Constant<Bits<8>>,
    e21: Constant<Bits<8>>,
    e113: Constant<Bits<8>>,
    e133: Constant<Bits<8>>,
    e134: Constant<Bits<8>>,
    e143: Constant<Bits<8>>,
    e150: Constant<Bits<8>>,
    e158: Constant<Bits<8>>,
    e159: Constant<Bits<8>>,
    one32: Constant<Bits<32>>,
    ones32: Constant<Bits<32>>,
    sign32: Constant<Bits<32>>,
    s32_max: Constant<Bits<32>>,
    f32_nan: Constant<Bits<32>>,
    f32_inf: Constant<Bits<32>>,
    f16_hidden: Constant<Bits<32>>,
    h_inf: Constant<Bits<16>>,
    h_max: Constant<Bits<16>>,
    h_nan: Constant<Bits<16>>,
    h_sign: Constant<Bits<16>>,
}

impl Default for Fp32CvtShift {
    fn default() -> Self {
        let c8 = |v: u64| Constant::<Bits<8>>::new(v.into());
        let c32 = |v: u64| Constant::<Bits<32>>::new(v.into());
        let c16 = |v: u64| Constant::<Bits<16>>::new(v.into());
        let c3 = |v: u64| Constant::<Bits<3>>::new(v.into());
        Self {
            a: Default::default(),
            kind: Default::default(),
            rnd: Default::default(),
            done: Default::default(),
            early: Default::default(),
            nm: Default::default(),
            ns: Default::default(),
            nbase: Default::default(),
            nm_v: Default::default(),
            ns_v: Default::default(),
            nbase_v: Default::default(),
            done_v: Default::default(),
            early_v: Default::default(),
            k_f32_s32: Default::default(),
            k_f32_u32: Default::default(),
            k_s32_f32: Default::default(),
            k_u32_f32: Default::default(),
            k_f32_int: Default::default(),
            k_f16_f32: Default::default(),
            k_f32_f16: Default::default(),
            m_rn: Default::default(),
            m_rm: Default::default(),
            m_rp: Default::default(),
            sgn: Default::default(),
            exp_f: Default::default(),
            frac_f: Default::default(),
            exp_zero: Default::default(),
            exp_ones: Default::default(),
            frac_nz: Default::default(),
            f_nan: Default::default(),
            f_inf: Default::default(),
            frac24: Default::default(),
            sig: Default::default(),
            fa: Default::default(),
            sig_w: Default::default(),
            w: Default::default(),
            e_ge113: Default::default(),
            rs: Default::default(),
            rs_m1: Default::default(),
            q: Default::default(),
            keep: Default::default(),
            lost: Default::default(),
            half: Default::default(),
            ra: Default::default(),
            sa: Default::default(),
            rsa: Default::default(),
            nsgn: Default::default(),
            inc_a: Default::default(),
            qr: Default::default(),
            big: Default::default(),
            qr_hi: Default::default(),
            qr_lo_nz: Default::default(),
            qr_neg: Default::default(),
            i_s32: Default::default(),
            i_u32: Default::default(),
            ebase: Default::default(),
            eb16: Default::default(),
            hexp: Default::default(),
            hq: Default::default(),
            hsum: Default::default(),
            h_ovf: Default::default(),
            h_away: Default::default(),
            hmag: Default::default(),
            hres: Default::default(),
            hs: Default::default(),
            he: Default::default(),
            hf: Default::default(),
            he_zero: Default::default(),
            he_ones: Default::default(),
            hf_nz: Default::default(),
            hf32: Default::default(),
            hm: Default::default(),
            he8: Default::default(),
            he_eff: Default::default(),
            hbase: Default::default(),
            a_neg: Default::default(),
            e_ge150: Default::default(),
            kc_f32_s32: c3(0),
            kc_f32_u32: c3(1),
            kc_s32_f32: c3(2),
            kc_u32_f32: c3(3),
            kc_f32_int: c3(4),
            kc_f16_f32: c3(5),
            kc_f32_f16: c3(6),
            hidden_one: Constant::new((1u64 << 23).into()),
            one8: c8(1),
            e21: c8(21),
            e113: c8(113),
            e133: c8(133),
            e134: c8(134),
            e143: c8(143),
            e150: c8(150),
            e158: c8(158),
            e159: c8(159),
            one32: c32(1),
            ones32: c32(0xFFFF_FFFF),
            sign32: c32(bits::SIGN as u64),
            s32_max: c32(i32::MAX as u64),
            f32_nan: c32(super::bits::CANON_NAN as u64),
            f32_inf: c32(bits::INF as u64),
            f16_hidden: c32(0x400),
            h_inf: c16(0x7C00),
            h_max: c16(0x7BFF),
            h_nan: c16(0x7FFF),
            h_sign: c16(0x8000),
        }
    }
}

impl Logic for Fp32CvtShift {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- decode kind and rounding mode
        self.k_f32_s32.next = self.kind.val() == self.kc_f32_s32.val();
        self.k_f32_u32.next = self.kind.val() == self.kc_f32_u32.val();
        self.k_s32_f32.next = self.kind.val() == self.kc_s32_f32.val();
        self.k_u32_f32.next = self.kind.val() == self.kc_u32_f32.val();
        self.k_f32_int.next = self.kind.val() == self.kc_f32_int.val();
        self.k_f16_f32.next = self.kind.val() == self.kc_f16_f32.val();
        self.k_f32_f16.next = self.kind.val() == self.kc_f32_f16.val();
        self.m_rn.next = !self.rnd.val().get_bit(1) & !self.rnd.val().get_bit(0);
        self.m_rm.next = self.rnd.val().get_bit(1) & !self.rnd.val().get_bit(0);
        self.m_rp.next = self.rnd.val().get_bit(1) & self.rnd.val().get_bit(0);

        // ---- f32 operand, flushed: exponent field 0 means zero (sig = 0, e = 0)
        self.sgn.next = self.a.val().get_bit(31);
        self.exp_f.next = self.a.val().get_bits::<8>(23);
        self.frac_f.next = self.a.val().get_bits::<23>(0);
        self.exp_zero.next = !self.exp_f.val().any();
        self.exp_ones.next = self.exp_f.val().all();
        self.frac_nz.next = self.frac_f.val().any();
        self.f_nan.next = self.exp_ones.val() & self.frac_nz.val();
        self.f_inf.next = self.exp_ones.val() & !self.frac_nz.val();
        self.frac24.next = bit_cast::<24, 23>(self.frac_f.val());
        self.sig.next = self.frac24.val() | self.hidden_one.val();
        self.fa.next = self.a.val();
        if self.exp_zero.val() {
            self.sig.next = 0.into();
            self.fa.next = self.a.val() & self.sign32.val();
        }

        // ---- path A: value = w * 2^(exp_f - 158); q = w >> rs, then round by mode
        self.sig_w.next = bit_cast::<32, 24>(self.sig.val());
        self.w.next = self.sig_w.val() << 8;
        self.e_ge113.next = self.exp_f.val() >= self.e113.val();
        self.rs.next = self.e158.val() - self.exp_f.val();
        if self.k_f16_f32.val() {
            // f16 normal: keep 11 bits (sig >> 13); f16 subnormal: units of 2^-24.
            if self.e_ge113.val() {
                self.rs.next = self.e21.val();
            } else {
                self.rs.next = self.e134.val() - self.exp_f.val();
            }
        }
        // rs = 0 gives rs_m1 = 255, so `half` is 0 and nothing is lost: no rounding.
        self.rs_m1.next = self.rs.val() - self.one8.val();
        self.q.next = self.w.val() >> self.rs.val();
        self.keep.next = self.ones32.val() << self.rs.val();
        self.lost.next = self.w.val() & !self.keep.val();
        self.half.next = self.one32.val() << self.rs_m1.val();
        self.ra.next = (self.lost.val() & self.half.val()).any();
        self.sa.next = (self.lost.val() & !self.half.val()).any();
        self.rsa.next = self.ra.val() | self.sa.val();
        self.nsgn.next = !self.sgn.val();
        self.inc_a.next = (self.m_rn.val() & (self.ra.val() & (self.sa.val() | self.q.val().get_bit(0))))
            | (self.m_rm.val() & (self.sgn.val() & self.rsa.val()))
            | (self.m_rp.val() & (self.nsgn.val() & self.rsa.val()));
        self.qr.next = self.q.val();
        if self.inc_a.val() {
            self.qr.next = self.q.val() + self.one32.val();
        }

        // ---- kinds 2, 3: saturate (exp >= 159 means |a| >= 2^32, or infinity)
        self.big.next = self.exp_f.val() >= self.e159.val();
        self.qr_hi.next = self.qr.val().get_bit(31);
        self.qr_lo_nz.next = self.qr.val().get_bits::<31>(0).any();
        self.qr_neg.next = (!self.qr.val()) + self.one32.val();
        if self.sgn.val() {
            self.i_s32.next = self.qr_neg.val();
            if self.big.val() | (self.qr_hi.val() & self.qr_lo_nz.val()) {
                self.i_s32.next = self.sign32.val();
            }
        } else {
            self.i_s32.next = self.qr.val();
            if self.big.val() | self.qr_hi.val() {
                self.i_s32.next = self.s32_max.val();
            }
        }
        self.i_u32.next = self.qr.val();
        if self.big.val() {
            self.i_u32.next = self.ones32.val();
        }
        if self.sgn.val() | self.f_nan.val() {
            // Every negative integer saturates to 0 (and -0.x rounding to 0 is 0 anyway).
            self.i_u32.next = 0.into();
        }
        if self.f_nan.val() {
            self.i_s32.next = 0.into();
        }

        // ---- kind 5: f16 = (ebase << 10) + rounded significand; a carry out of the
        // significand bumps the exponent (and a subnormal becomes the smallest normal).
        self.ebase.next = 0.into();
        if self.e_ge113.val() {
            self.ebase.next = self.exp_f.val() - self.e113.val();
        }
        self.eb16.next = bit_cast::<16, 8>(self.ebase.val());
        self.hexp.next = self.eb16.val() << 10;
        self.hq.next = self.qr.val().get_bits::<16>(0);
        self.hsum.next = self.hexp.val() + self.hq.val();
        // exp >= 143 is |a| >= 2^16 (ebase would pass 29); below that only the rounding
        // carry can reach 0x7C00.
        self.h_ovf.next = (self.exp_f.val() >= self.e143.val()) | (self.hsum.val() >= self.h_inf.val());
        self.h_away.next = self.m_rn.val() | (self.m_rp.val() & self.nsgn.val()) | (self.m_rm.val() & self.sgn.val());
        self.hmag.next = self.hsum.val();
        if self.h_ovf.val() {
            self.hmag.next = self.h_max.val();
            if self.h_away.val() {
                self.hmag.next = self.h_inf.val();
            }
        }
        if self.f_inf.val() {
            self.hmag.next = self.h_inf.val();
        }
        self.hres.next = self.hmag.val();
        if self.sgn.val() {
            self.hres.next = self.hmag.val() | self.h_sign.val();
        }
        if self.f_nan.val() {
            self.hres.next = self.h_nan.val();
        }

        // ---- kind 6 operand: value = hm * 2^(max(e5, 1) - 25), hm = {e5 != 0, f10}
        self.hs.next = self.a.val().get_bit(15);
        self.he.next = self.a.val().get_bits::<5>(10);
        self.hf.next = self.a.val().get_bits::<10>(0);
        self.he_zero.next = !self.he.val().any();
        self.he_ones.next = self.he.val().all();
        self.hf_nz.next = self.hf.val().any();
        self.hf32.next = bit_cast::<32, 10>(self.hf.val());
        self.hm.next = self.hf32.val() | self.f16_hidden.val();
        if self.he_zero.val() {
            self.hm.next = self.hf32.val();
        }
        self.he8.next = bit_cast::<8, 5>(self.he.val());
        self.he_eff.next = self.he8.val();
        if self.he_zero.val() {
            self.he_eff.next = self.one8.val();
        }
        // The integer hm alone would get biased exponent 158 - lz; the scale 2^(e - 25)
        // adds e - 25, so base = 133 + e (at most 163, no 8-bit overflow).
        self.hbase.next = self.e133.val() + self.he_eff.val();

        // ---- path B input: magnitude, sign, base exponent (158: an integer at bit 31)
        self.a_neg.next = (!self.a.val()) + self.one32.val();
        self.nm_v.next = self.a.val();
        self.ns_v.next = false;
        self.nbase_v.next = self.e158.val();
        if self.k_f32_s32.val() {
            self.ns_v.next = self.sgn.val();
            if self.sgn.val() {
                self.nm_v.next = self.a_neg.val();
            }
        }
        if self.k_f32_int.val() {
            self.ns_v.next = self.sgn.val();
            self.nm_v.next = self.qr.val();
        }
        if self.k_f32_f16.val() {
            self.ns_v.next = self.hs.val();
            self.nm_v.next = self.hm.val();
            self.nbase_v.next = self.hbase.val();
        }

        // ---- the result when path B is not needed: kinds 2, 3, 5 and 7, kind 4 when
        // |a| >= 2^23, infinity or NaN, kind 6 for an f16 infinity or NaN
        self.done_v.next = true;
        self.early_v.next = 0.into();
        if self.k_f32_s32.val() | self.k_f32_u32.val() {
            self.done_v.next = false;
        }
        if self.k_s32_f32.val() {
            self.early_v.next = self.i_s32.val();
        }
        if self.k_u32_f32.val() {
            self.early_v.next = self.i_u32.val();
        }
        self.e_ge150.next = self.exp_f.val() >= self.e150.val();
        if self.k_f32_int.val() {
            self.done_v.next = self.e_ge150.val();
            self.early_v.next = self.fa.val();
            if self.f_nan.val() {
                self.early_v.next = self.f32_nan.val();
            }
        }
        if self.k_f16_f32.val() {
            self.early_v.next = bit_cast::<32, 16>(self.hres.val());
        }
        if self.k_f32_f16.val() {
            self.done_v.next = self.he_ones.val();
            self.early_v.next = self.f32_inf.val();
            if self.hs.val() {
                self.early_v.next = self.f32_inf.val() | self.sign32.val();
            }
            if self.hf_nz.val() {
                self.early_v.next = self.f32_nan.val();
            }
        }
        self.nm.next = self.nm_v.val();
        self.ns.next = self.ns_v.val();
        self.nbase.next = self.nbase_v.val();
        self.done.next = self.done_v.val();
        self.early.next = self.early_v.val();
    }
}
