//! Golden model of FP32 unpack/classify (see `hw/src/fp32/classify.rs` for the ports).
//!
//! Written from the IEEE 754 binary32 definition with integer field arithmetic; checked
//! against Rust's `f32::classify` and against the value identity
//! `|a| = sig * 2^(exp_eff - 150)` for every finite input.

/// The classify outputs for one operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fp32Class {
    pub sign: bool,
    pub exp: u32,
    pub frac: u32,
    pub exp_eff: u32,
    pub sig: u32,
    pub is_zero: bool,
    pub is_subnormal: bool,
    pub is_normal: bool,
    pub is_inf: bool,
    pub is_nan: bool,
    pub is_snan: bool,
}

/// Classifies `a` (binary32 bits); `daz` flushes a subnormal to a signed zero.
pub fn classify(a: u32, daz: bool) -> Fp32Class {
    let sign = a >> 31 == 1;
    let exp = (a >> 23) & 0xff;
    let frac = a & 0x7f_ffff;
    let is_subnormal = exp == 0 && frac != 0;
    let flushed = is_subnormal && daz;
    let (exp_eff, sig) = match exp {
        _ if flushed => (0, 0),
        0 if frac == 0 => (0, 0),
        0 => (1, frac),
        _ => (exp, (1 << 23) | frac),
    };
    Fp32Class {
        sign,
        exp,
        frac,
        exp_eff,
        sig,
        is_zero: exp == 0 && (frac == 0 || daz),
        is_subnormal,
        is_normal: exp != 0 && exp != 255,
        is_inf: exp == 255 && frac == 0,
        is_nan: exp == 255 && frac != 0,
        is_snan: exp == 255 && frac != 0 && frac >> 22 == 0,
    }
}

/// Independent check of one result: `f32::classify`, the value identity, the raw fields.
/// Returns a description of the first disagreement.
pub fn cross_check(a: u32, daz: bool, c: &Fp32Class) -> Result<(), String> {
    use std::num::FpCategory::*;
    let f = f32::from_bits(a);
    let cat = f.classify();
    let err = |what: &str| Err(format!("a=0x{a:08x} daz={daz}: {what} ({c:?})"));
    if c.sign != f.is_sign_negative() {
        return err("sign");
    }
    if (c.exp << 23 | c.frac | (c.sign as u32) << 31) != a {
        return err("fields do not reassemble the operand");
    }
    if c.is_nan != (cat == Nan) || c.is_inf != (cat == Infinite) || c.is_normal != (cat == Normal) {
        return err("class");
    }
    if c.is_subnormal != (cat == Subnormal) {
        return err("subnormal class");
    }
    if c.is_zero != (cat == Zero || (daz && cat == Subnormal)) {
        return err("zero class");
    }
    if c.is_nan && c.is_snan == (a & 0x40_0000 != 0) {
        return err("signalling bit");
    }
    if f.is_finite() {
        // |f| == sig * 2^(exp_eff - 150), exactly, in f64 (both sides are exact there).
        let expect = if c.is_zero { 0.0 } else { (f as f64).abs() };
        let got = c.sig as f64 * 2f64.powi(c.exp_eff as i32 - 150);
        if got != expect {
            return err("value identity sig * 2^(exp_eff-150)");
        }
    }
    Ok(())
}
