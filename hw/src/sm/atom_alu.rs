//! The load/store unit's atomic operation (combinational): the new value of a 32-bit word
//! read by `atom`, from its old value and the lane's operands b and c. The operations are
//! [`crate::isa::ATOM_NAMES`] in order (the `sub` field of `atom`): add, umin, umax, smin,
//! smax, and, or, xor, exch, cas (c when old == b), inc (0 when old >= b, else old + 1),
//! dec (b when old == 0 or old > b, else old - 1), fadd (binary32 add, rn, subnormals
//! flushed: the SP's [`Fp32Add`], as the golden SM's `g80_fp32::add`).
//!
//! Ports:
//! - `sub`  in   4  the operation
//! - `old`  in  32  the word read
//! - `b`, `c` in 32  the lane's operands
//! - `y`    out 32  the word to write back
use crate::fp32::add::Fp32Add;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct AtomAlu {
    pub sub: Signal<In, Bits<4>>,
    pub old: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub c: Signal<In, Bits<32>>,
    pub y: Signal<Out, Bits<32>>,
    fadd: Fp32Add,
    // old < b unsigned and signed (the sign bits flipped); old == 0; the result.
    ult: Signal<Local, Bit>,
    slt: Signal<Local, Bit>,
    zero: Signal<Local, Bit>,
    y_v: Signal<Local, Bits<32>>,
    sign: Constant<Bits<32>>,
    one: Constant<Bits<32>>,
}

impl Default for AtomAlu {
    fn default() -> Self {
        Self {
            sub: Default::default(),
            old: Default::default(),
            b: Default::default(),
            c: Default::default(),
            y: Default::default(),
            fadd: Default::default(),
            ult: Default::default(),
            slt: Default::default(),
            zero: Default::default(),
            y_v: Default::default(),
            sign: Constant::new(0x8000_0000u64.into()),
            one: Constant::new(1u64.into()),
        }
    }
}

impl Logic for AtomAlu {
    #[hdl_gen]
    fn update(&mut self) {
        self.fadd.a.next = self.old.val();
        self.fadd.b.next = self.b.val();
        self.fadd.sub.next = false;
        self.fadd.rz.next = false;
        self.ult.next = self.old.val() < self.b.val();
        self.slt.next = (self.old.val() ^ self.sign.val()) < (self.b.val() ^ self.sign.val());
        self.zero.next = !self.old.val().any();
        match self.sub.val().index() {
            0 => {
                self.y_v.next = self.old.val() + self.b.val();
            }
            1 => {
                self.y_v.next = self.b.val();
                if self.ult.val() {
                    self.y_v.next = self.old.val();
                }
            }
            2 => {
                self.y_v.next = self.old.val();
                if self.ult.val() {
                    self.y_v.next = self.b.val();
                }
            }
            3 => {
                self.y_v.next = self.b.val();
                if self.slt.val() {
                    self.y_v.next = self.old.val();
                }
            }
            4 => {
                self.y_v.next = self.old.val();
                if self.slt.val() {
                    self.y_v.next = self.b.val();
                }
            }
            5 => {
                self.y_v.next = self.old.val() & self.b.val();
            }
            6 => {
                self.y_v.next = self.old.val() | self.b.val();
            }
            7 => {
                self.y_v.next = self.old.val() ^ self.b.val();
            }
            8 => {
                self.y_v.next = self.b.val();
            }
            9 => {
                self.y_v.next = self.old.val();
                if self.old.val() == self.b.val() {
                    self.y_v.next = self.c.val();
                }
            }
            10 => {
                self.y_v.next = self.old.val() + self.one.val();
                if !self.ult.val() {
                    self.y_v.next = 0.into();
                }
            }
            11 => {
                self.y_v.next = self.old.val() - self.one.val();
                if self.zero.val() | (self.b.val() < self.old.val()) {
                    self.y_v.next = self.b.val();
                }
            }
            _ => {
                self.y_v.next = self.fadd.y.val();
            }
        }
        self.y.next = self.y_v.val();
    }
}
