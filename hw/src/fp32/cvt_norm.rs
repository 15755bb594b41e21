//! Second half of the SP's FP32 conversions (combinational): path B ("normalize and round
//! to f32") of [`Fp32Cvt`](crate::fp32::cvt::Fp32Cvt) on the magnitude, sign and base
//! exponent from [`Fp32CvtShift`](crate::fp32::cvt_shift::Fp32CvtShift), then the result:
//! path B's, or the first half's when that one is `done`.
//!
//! Ports:
//! - `rnd`    in   2  rn=0 rz=1 rm=2 rp=3
//! - `done`   in   1  the result is `early`
//! - `early`  in  32  the first half's result
//! - `nm`     in  32  integer magnitude
//! - `ns`     in   1  sign
//! - `nbase`  in   8  base exponent: the value is nm * 2^(nbase - 158)
//! - `y`      out 32  result
use crate::fp32::bits;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32CvtNorm {
    pub rnd: Signal<In, Bits<2>>,
    pub done: Signal<In, Bit>,
    pub early: Signal<In, Bits<32>>,
    pub nm: Signal<In, Bits<32>>,
    pub ns: Signal<In, Bit>,
    pub nbase: Signal<In, Bits<8>>,
    pub y: Signal<Out, Bits<32>>,
    // `y` is assigned once, from this local (see lint::multiple_port_assignments).
    y_v: Signal<Local, Bits<32>>,
    m_rn: Signal<Local, Bit>,
    m_rm: Signal<Local, Bit>,
    m_rp: Signal<Local, Bit>,
    nm_zero: Signal<Local, Bit>,
    z16: Signal<Local, Bit>,
    z8: Signal<Local, Bit>,
    z4: Signal<Local, Bit>,
    z2: Signal<Local, Bit>,
    z1: Signal<Local, Bit>,
    n1: Signal<Local, Bits<32>>,
    n2: Signal<Local, Bits<32>>,
    n3: Signal<Local, Bits<32>>,
    n4: Signal<Local, Bits<32>>,
    n5: Signal<Local, Bits<32>>,
    l16: Signal<Local, Bits<8>>,
    l8: Signal<Local, Bits<8>>,
    l4: Signal<Local, Bits<8>>,
    l2: Signal<Local, Bits<8>>,
    l1: Signal<Local, Bits<8>>,
    lz: Signal<Local, Bits<8>>,
    nexp: Signal<Local, Bits<8>>,
    nexp_m1: Signal<Local, Bits<8>>,
    ne32: Signal<Local, Bits<32>>,
    nesh: Signal<Local, Bits<32>>,
    nsig: Signal<Local, Bits<24>>,
    nsig32: Signal<Local, Bits<32>>,
    nr: Signal<Local, Bit>,
    nst: Signal<Local, Bit>,
    nrs: Signal<Local, Bit>,
    nlsb: Signal<Local, Bit>,
    inc_b: Signal<Local, Bit>,
    rsig: Signal<Local, Bits<32>>,
    fmag: Signal<Local, Bits<32>>,
    fmz: Signal<Local, Bits<32>>,
    fres: Signal<Local, Bits<32>>,
    one8: Constant<Bits<8>>,
    lz16: Constant<Bits<8>>,
    lz8: Constant<Bits<8>>,
    lz4: Constant<Bits<8>>,
    lz2: Constant<Bits<8>>,
    lz1: Constant<Bits<8>>,
    one32: Constant<Bits<32>>,
    sign32: Constant<Bits<32>>,
}

impl Default for Fp32CvtNorm {
    fn default() -> Self {
        let c8 = |v: u64| Constant::<Bits<8>>::new(v.into());
        let c32 = |v: u64| Constant::<Bits<32>>::new(v.into());
        Self {
            rnd: Default::default(),
            done: Default::default(),
            early: Default::default(),
            nm: Default::default(),
            ns: Default::default(),
            nbase: Default::default(),
            y: Default::default(),
            y_v: Default::default(),
            m_rn: Default::default(),
            m_rm: Default::default(),
            m_rp: Default::default(),
            nm_zero: Default::default(),
            z16: Default::default(),
            z8: Default::default(),
            z4: Default::default(),
            z2: Default::default(),
            z1: Default::default(),
            n1: Default::default(),
            n2: Default::default(),
            n3: Default::default(),
            n4: Default::default(),
            n5: Default::default(),
            l16: Default::default(),
            l8: Default::default(),
            l4: Default::default(),
            l2: Default::default(),
            l1: Default::default(),
            lz: Default::default(),
            nexp: Default::default(),
            nexp_m1: Default::default(),
            ne32: Default::default(),
            nesh: Default::default(),
            nsig: Default::default(),
            nsig32: Default::default(),
            nr: Default::default(),
            nst: Default::default(),
            nrs: Default::default(),
            nlsb: Default::default(),
            inc_b: Default::default(),
            rsig: Default::default(),
            fmag: Default::default(),
            fmz: Default::default(),
            fres: Default::default(),
            one8: c8(1),
            lz16: c8(16),
            lz8: c8(8),
            lz4: c8(4),
            lz2: c8(2),
            lz1: c8(1),
            one32: c32(1),
            sign32: c32(bits::SIGN as u64),
        }
    }
}

impl Logic for Fp32CvtNorm {
    #[hdl_gen]
    fn update(&mut self) {
        self.m_rn.next = !self.rnd.val().get_bit(1) & !self.rnd.val().get_bit(0);
        self.m_rm.next = self.rnd.val().get_bit(1) & !self.rnd.val().get_bit(0);
        self.m_rp.next = self.rnd.val().get_bit(1) & self.rnd.val().get_bit(0);

        // ---- path B: leading-zero cascade; n5 has its MSB at bit 31 (unless nm = 0)
        self.nm_zero.next = !self.nm.val().any();
        self.z16.next = !self.nm.val().get_bits::<16>(16).any();
        self.n1.next = self.nm.val();
        self.l16.next = 0.into();
        if self.z16.val() {
            self.n1.next = self.nm.val() << 16;
            self.l16.next = self.lz16.val();
        }
        self.z8.next = !self.n1.val().get_bits::<8>(24).any();
        self.n2.next = self.n1.val();
        self.l8.next = 0.into();
        if self.z8.val() {
            self.n2.next = self.n1.val() << 8;
            self.l8.next = self.lz8.val();
        }
        self.z4.next = !self.n2.val().get_bits::<4>(28).any();
        self.n3.next = self.n2.val();
        self.l4.next = 0.into();
        if self.z4.val() {
            self.n3.next = self.n2.val() << 4;
            self.l4.next = self.lz4.val();
        }
        self.z2.next = !self.n3.val().get_bits::<2>(30).any();
        self.n4.next = self.n3.val();
        self.l2.next = 0.into();
        if self.z2.val() {
            self.n4.next = self.n3.val() << 2;
            self.l2.next = self.lz2.val();
        }
        self.z1.next = !self.n4.val().get_bit(31);
        self.n5.next = self.n4.val();
        self.l1.next = 0.into();
        if self.z1.val() {
            self.n5.next = self.n4.val() << 1;
            self.l1.next = self.lz1.val();
        }
        self.lz.next = self.l16.val() | self.l8.val() | self.l4.val() | self.l2.val() | self.l1.val();
        self.nexp.next = self.nbase.val() - self.lz.val();

        // ---- path B: round to 24 bits, pack as ((exp - 1) << 23) + sig
        self.nsig.next = self.n5.val().get_bits::<24>(8);
        self.nr.next = self.n5.val().get_bit(7);
        self.nst.next = self.n5.val().get_bits::<7>(0).any();
        self.nlsb.next = self.n5.val().get_bit(8);
        self.nrs.next = self.nr.val() | self.nst.val();
        self.inc_b.next = (self.m_rn.val() & (self.nr.val() & (self.nst.val() | self.nlsb.val())))
            | (self.m_rm.val() & (self.ns.val() & self.nrs.val()))
            | (self.m_rp.val() & ((!self.ns.val()) & self.nrs.val()));
        self.nsig32.next = bit_cast::<32, 24>(self.nsig.val());
        self.rsig.next = self.nsig32.val();
        if self.inc_b.val() {
            self.rsig.next = self.nsig32.val() + self.one32.val();
        }
        self.nexp_m1.next = self.nexp.val() - self.one8.val();
        self.ne32.next = bit_cast::<32, 8>(self.nexp_m1.val());
        self.nesh.next = self.ne32.val() << 23;
        self.fmag.next = self.nesh.val() + self.rsig.val();
        self.fmz.next = self.fmag.val();
        if self.nm_zero.val() {
            self.fmz.next = 0.into();
        }
        self.fres.next = self.fmz.val();
        if self.ns.val() {
            self.fres.next = self.fmz.val() | self.sign32.val();
        }

        self.y_v.next = self.fres.val();
        if self.done.val() {
            self.y_v.next = self.early.val();
        }
        self.y.next = self.y_v.val();
    }
}
