//! The zero counts of the hand-written blocks (`hw/src/prim/zero_count.rs`) and the sticky
//! bits made from them, co-simulated on their own in Verilator: the FMA's count stage
//! (`FmaLzc`, leading and trailing zeros of 161 bits), its normalize stage (`FmaNorm`,
//! the sticky bit from `tz`) and the SFU's normalize stage (`SfuPostNorm`), on every pair
//! (highest one bit, lowest one bit) with random bits between, and zero. The whole units'
//! random streams reach a misplaced byte of a trailing-zero count rarely (a planted one
//! survived 200,000 SFU operations): these vectors reach every byte. A planted bug proves
//! the check fails.
use heddle_hw::fma::lzc::FmaLzc;
use heddle_hw::fma::norm::FmaNorm;
use heddle_hw::sfu::post_norm::SfuPostNorm;
use heddle_sim::cosim::{Bench, CosimError};
use heddle_sim::vectors::Rng;
use rust_hdl::prelude::*;

/// The exported Verilog of a block that is not in the registry, its top named `name`.
fn verilog_of<B: Block + Default>(name: &str) -> String {
    heddle_sim::export::file_text(name, &heddle_hw::raw_verilog_of::<B>())
}

/// `width`-bit values with one bits at `hi` and `lo` (hi >= lo), random bits between and
/// zeros outside, for every such pair; then zero. As 64-bit limbs, low limb first.
fn bit_pairs(width: u32, rng: &mut Rng) -> Vec<[u64; 3]> {
    let mut out = Vec::new();
    for hi in 0..width {
        for lo in 0..=hi {
            let mut v = [0u64; 3];
            for i in lo..=hi {
                if i == lo || i == hi || rng.bool() {
                    v[(i / 64) as usize] |= 1 << (i % 64);
                }
            }
            out.push(v);
        }
    }
    out.push([0; 3]);
    out
}

fn lzc_bench(verilog: &str) -> Result<u64, CosimError> {
    let mut rng = Rng::new(5);
    let mut b = Bench::combinational("fma_lzc", verilog, FmaLzc::default())?;
    for v in bit_pairs(161, &mut rng) {
        b.step(|u| {
            u.m0.next = v[0].into();
            u.m1.next = v[1].into();
            u.m2.next = v[2].into();
        })?;
    }
    Ok(b.trace.verilator()?.steps)
}

#[test]
fn fma_count_stage_on_every_bit_pair() {
    let steps = lzc_bench(&verilog_of::<FmaLzc>("fma_lzc")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(steps, 161 * 162 / 2 + 1);
}

/// Counting byte 1 of a limb's trailing zeros from byte 2 is caught.
#[test]
fn planted_trailing_count_bug_is_caught() {
    let v = verilog_of::<FmaLzc>("fma_lzc");
    let good = "3'd1: zc_b = tz8(zc_v[15:8]);";
    assert!(v.contains(good), "the planted edit does not apply");
    let planted = v.replace(good, "3'd1: zc_b = tz8(zc_v[23:16]);");
    match lzc_bench(&planted) {
        Err(CosimError::Mismatch(m)) => assert_eq!(m.port, "tz", "{m:?}"),
        Err(e) => panic!("expected a mismatch, got {e}"),
        Ok(steps) => panic!("the planted count passed {steps} steps"),
    }
}

#[test]
fn fma_normalize_stage_on_every_bit_pair() {
    let mut rng = Rng::new(6);
    let mut b = Bench::combinational("fma_norm", &verilog_of::<FmaNorm>("fma_norm"), FmaNorm::default()).unwrap();
    let mut n = 0u64;
    for v in bit_pairs(161, &mut rng) {
        let mag = heddle_hw::fma::wide::W256::from_limbs(&[(v[0], 64), (v[1], 64), (v[2], 33)]);
        let (lz, tz) = heddle_hw::fma::lzc::model(mag);
        // The limit: around the count (the shift limited or not), negative, or far above.
        let lim: i64 = match rng.below(4) {
            0 => lz as i64 + rng.below(8) as i64 - 4,
            1 => -(rng.below(40) as i64),
            2 => rng.below(162) as i64,
            _ => 200 + rng.below(2000) as i64,
        };
        b.step(|u| {
            u.m0.next = v[0].into();
            u.m1.next = v[1].into();
            u.m2.next = v[2].into();
            u.lz.next = (lz as u64).into();
            u.tz.next = (tz as u64).into();
            u.lim.next = ((lim as u64) & 0x3FFF).into();
            u.sticky.next = rng.below(8) == 0;
            u.fmt.next = rng.bool();
        })
        .unwrap();
        n += 1;
    }
    let r = b.trace.verilator().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.steps, n);
}

#[test]
fn sfu_normalize_stage_on_every_bit_pair() {
    let mut rng = Rng::new(7);
    let mut b =
        Bench::combinational("sfu_post_norm", &verilog_of::<SfuPostNorm>("sfu_post_norm"), SfuPostNorm::default()).unwrap();
    let mut n = 0u64;
    for _ in 0..4 {
        for v in bit_pairs(40, &mut rng) {
            b.step(|u| {
                u.msgn.next = rng.bool();
                u.mag.next = v[0].into();
                u.eadj.next = rng.below(1024).into();
            })
            .unwrap();
            n += 1;
        }
    }
    let r = b.trace.verilator().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.steps, n);
}
