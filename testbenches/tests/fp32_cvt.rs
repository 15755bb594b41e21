//! The SP conversion unit `Fp32Cvt` (docs/sp-numerics.md "Conversions"): directed golden
//! results written out by hand, the golden model against Berkeley SoftFloat (with the G80
//! flush / NaN / saturation layer), and co-simulation of the hw block and its exported
//! Verilog (Verilator RTL and gate level, Icarus).
use heddle_sim::golden::fp32_cvt::kind::*;
use heddle_sim::golden::fp32_cvt::rnd::*;
use heddle_sim::golden::fp32_cvt::{cvt, softfloat_check};
use heddle_sim::runners::fp32_cvt::{f16_patterns, f32_cvt_boundaries, int_boundaries};
use heddle_sim::runners::{self, Replays};
use heddle_sim::vectors::{f32_random, Rng};

const MODES: [u32; 4] = [RN, RZ, RM, RP];

/// Checks `cvt(k, r, a) == want` for each `(r, want)`.
fn expect(k: u32, a: u32, per_mode: [(u32, u32); 4]) {
    for (r, want) in per_mode {
        let got = cvt(k, r, a);
        assert_eq!(got, want, "kind={k} rnd={r} a=0x{a:08x}: got 0x{got:08x}, want 0x{want:08x}");
    }
}

/// The same expected result in every mode.
fn expect_all(k: u32, a: u32, want: u32) {
    expect(k, a, MODES.map(|r| (r, want)));
}

#[test]
fn directed_integer_limits() {
    // cvt.rzi.s32.f32: 2147483520.0 = 0x4EFFFFFF is the largest f32 below 2^31.
    expect_all(S32_F32, 0x4EFF_FFFF, 2_147_483_520);
    expect_all(U32_F32, 0x4EFF_FFFF, 2_147_483_520);
    // 2^31 saturates s32 but fits u32; -2^31 is exact in s32 and 0 in u32.
    expect_all(S32_F32, 0x4F00_0000, 0x7FFF_FFFF);
    expect_all(U32_F32, 0x4F00_0000, 0x8000_0000);
    expect_all(S32_F32, 0xCF00_0000, 0x8000_0000);
    expect_all(S32_F32, 0xCF00_0001, 0x8000_0000); // just below -2^31: saturates
    expect_all(U32_F32, 0xCF00_0000, 0);
    // The largest f32 below 2^32, and 2^32 itself.
    expect_all(U32_F32, 0x4F7F_FFFF, 0xFFFF_FF00);
    expect_all(U32_F32, 0x4F80_0000, 0xFFFF_FFFF);
    // -0.5: rni ties to even (-0 -> 0), rzi 0, rmi -1, rpi 0; u32 saturates -1 to 0.
    expect(S32_F32, 0xBF00_0000, [(RN, 0), (RZ, 0), (RM, 0xFFFF_FFFF), (RP, 0)]);
    expect_all(U32_F32, 0xBF00_0000, 0);
    // u32 of -1.0 is 0; s32 of -1.0 is -1.
    expect_all(U32_F32, 0xBF80_0000, 0);
    expect_all(S32_F32, 0xBF80_0000, 0xFFFF_FFFF);
    // NaN -> 0 (quiet, signalling, negative); +-inf -> the range ends.
    for nan in [0x7FC0_0000, 0x7F80_0001, 0xFFFF_FFFF] {
        expect_all(S32_F32, nan, 0);
        expect_all(U32_F32, nan, 0);
    }
    expect_all(S32_F32, 0x7F80_0000, 0x7FFF_FFFF);
    expect_all(U32_F32, 0x7F80_0000, 0xFFFF_FFFF);
    expect_all(S32_F32, 0xFF80_0000, 0x8000_0000);
    expect_all(U32_F32, 0xFF80_0000, 0);
    // The largest finite magnitudes (2^127 and up) saturate like infinities.
    for a in [0x7F00_0000, 0x7F7F_FFFF] {
        expect_all(S32_F32, a, 0x7FFF_FFFF);
        expect_all(U32_F32, a, 0xFFFF_FFFF);
        expect_all(S32_F32, a | 0x8000_0000, 0x8000_0000);
        expect_all(U32_F32, a | 0x8000_0000, 0);
    }
    // 1.5 and 2.5 in each mode.
    expect(S32_F32, 0x3FC0_0000, [(RN, 2), (RZ, 1), (RM, 1), (RP, 2)]);
    expect(S32_F32, 0x4020_0000, [(RN, 2), (RZ, 2), (RM, 2), (RP, 3)]);
    expect(S32_F32, 0xC020_0000, [(RN, -2i32 as u32), (RZ, -2i32 as u32), (RM, -3i32 as u32), (RP, -2i32 as u32)]);
}

#[test]
fn directed_int_to_f32_rounding() {
    // 2^24 + 1 is a tie between 2^24 (even) and 2^24 + 2.
    expect(F32_S32, (1 << 24) + 1, [(RN, 0x4B80_0000), (RZ, 0x4B80_0000), (RM, 0x4B80_0000), (RP, 0x4B80_0001)]);
    expect(F32_U32, (1 << 24) + 1, [(RN, 0x4B80_0000), (RZ, 0x4B80_0000), (RM, 0x4B80_0000), (RP, 0x4B80_0001)]);
    expect(
        F32_S32,
        (-(1 << 24) - 1i32) as u32,
        [(RN, 0xCB80_0000), (RZ, 0xCB80_0000), (RM, 0xCB80_0001), (RP, 0xCB80_0000)],
    );
    // 2^24 + 3 is a tie between 2^24 + 2 and 2^24 + 4 (even): rn goes up.
    expect(F32_S32, (1 << 24) + 3, [(RN, 0x4B80_0002), (RZ, 0x4B80_0001), (RM, 0x4B80_0001), (RP, 0x4B80_0002)]);
    // 2^25 + 3: above the tie (ulp 4), rn rounds up to 2^25 + 4.
    expect(F32_S32, (1 << 25) + 3, [(RN, 0x4C00_0001), (RZ, 0x4C00_0000), (RM, 0x4C00_0000), (RP, 0x4C00_0001)]);
    // 0x7FFFFFFF: rn and rp carry into 2^31; rz and rm give 2147483520.
    expect(F32_S32, 0x7FFF_FFFF, [(RN, 0x4F00_0000), (RZ, 0x4EFF_FFFF), (RM, 0x4EFF_FFFF), (RP, 0x4F00_0000)]);
    expect(F32_U32, 0x7FFF_FFFF, [(RN, 0x4F00_0000), (RZ, 0x4EFF_FFFF), (RM, 0x4EFF_FFFF), (RP, 0x4F00_0000)]);
    // u32::MAX: rn and rp carry into 2^32.
    expect(F32_U32, 0xFFFF_FFFF, [(RN, 0x4F80_0000), (RZ, 0x4F7F_FFFF), (RM, 0x4F7F_FFFF), (RP, 0x4F80_0000)]);
    // s32: -1, i32::MIN (exact), 0 (+0), 1.
    expect_all(F32_S32, 0xFFFF_FFFF, 0xBF80_0000);
    expect_all(F32_S32, 0x8000_0000, 0xCF00_0000);
    expect_all(F32_U32, 0x8000_0000, 0x4F00_0000);
    expect_all(F32_S32, 0, 0);
    expect_all(F32_U32, 0, 0);
    expect_all(F32_S32, 1, 0x3F80_0000);
}

#[test]
fn directed_round_to_integral() {
    // rni ties to even: 0.5 -> +0, 1.5 -> 2, 2.5 -> 2, -2.5 -> -2.
    expect(F32_F32_INT, 0x3F00_0000, [(RN, 0), (RZ, 0), (RM, 0), (RP, 0x3F80_0000)]);
    expect(F32_F32_INT, 0x3FC0_0000, [(RN, 0x4000_0000), (RZ, 0x3F80_0000), (RM, 0x3F80_0000), (RP, 0x4000_0000)]);
    expect(F32_F32_INT, 0x4020_0000, [(RN, 0x4000_0000), (RZ, 0x4000_0000), (RM, 0x4000_0000), (RP, 0x4040_0000)]);
    expect(F32_F32_INT, 0xC020_0000, [(RN, 0xC000_0000), (RZ, 0xC000_0000), (RM, 0xC040_0000), (RP, 0xC000_0000)]);
    expect(S32_F32, 0x3F00_0000, [(RN, 0), (RZ, 0), (RM, 0), (RP, 1)]);
    // -0.3: a zero result keeps the input's sign (rni, rzi, rpi give -0); rmi gives -1.
    expect(F32_F32_INT, 0xBE99_999A, [(RN, 0x8000_0000), (RZ, 0x8000_0000), (RM, 0xBF80_0000), (RP, 0x8000_0000)]);
    expect(F32_F32_INT, 0x3E99_999A, [(RN, 0), (RZ, 0), (RM, 0), (RP, 0x3F80_0000)]);
    // 2^23 - 0.5 (0x4AFFFFFF): rounds up to 2^23 in rn (tie to even 8388608) and rp.
    expect(F32_F32_INT, 0x4AFF_FFFF, [(RN, 0x4B00_0000), (RZ, 0x4AFF_FFFE), (RM, 0x4AFF_FFFE), (RP, 0x4B00_0000)]);
    // |a| >= 2^23 is already integral; zeros, infinities pass; NaN is canonical.
    expect_all(F32_F32_INT, 0x4B00_0001, 0x4B00_0001);
    expect_all(F32_F32_INT, 0x7F7F_FFFF, 0x7F7F_FFFF);
    expect_all(F32_F32_INT, 0x8000_0000, 0x8000_0000);
    expect_all(F32_F32_INT, 0xFF80_0000, 0xFF80_0000);
    expect_all(F32_F32_INT, 0x7F80_0001, 0x7FFF_FFFF);
    expect_all(F32_F32_INT, 0xFFC0_0000, 0x7FFF_FFFF);
    // Subnormal inputs are flushed first: rpi(0x00000001) is +0, not 1.0.
    expect_all(F32_F32_INT, 0x0000_0001, 0);
    expect_all(F32_F32_INT, 0x807F_FFFF, 0x8000_0000);
    expect_all(S32_F32, 0x0000_0001, 0);
    expect_all(U32_F32, 0x0000_0001, 0);
    expect_all(S32_F32, 0x807F_FFFF, 0);
    // ...but the smallest normal is not: rpi(2^-126) = 1.0, rmi(-2^-126) = -1.0.
    expect(F32_F32_INT, 0x0080_0000, [(RN, 0), (RZ, 0), (RM, 0), (RP, 0x3F80_0000)]);
    expect(F32_F32_INT, 0x8080_0000, [(RN, 0x8000_0000), (RZ, 0x8000_0000), (RM, 0xBF80_0000), (RP, 0x8000_0000)]);
}

#[test]
fn directed_f32_to_f16() {
    // 65520 is halfway between the largest f16 (65504) and 2^16: overflow per mode.
    expect(F16_F32, 0x477F_F000, [(RN, 0x7C00), (RZ, 0x7BFF), (RM, 0x7BFF), (RP, 0x7C00)]);
    expect(F16_F32, 0xC77F_F000, [(RN, 0xFC00), (RZ, 0xFBFF), (RM, 0xFC00), (RP, 0xFBFF)]);
    // 65519 is below the rn threshold but above the largest f16.
    expect(F16_F32, 0x477F_EF00, [(RN, 0x7BFF), (RZ, 0x7BFF), (RM, 0x7BFF), (RP, 0x7C00)]);
    expect(F16_F32, 0x7F7F_FFFF, [(RN, 0x7C00), (RZ, 0x7BFF), (RM, 0x7BFF), (RP, 0x7C00)]);
    expect(F16_F32, 0xFF7F_FFFF, [(RN, 0xFC00), (RZ, 0xFBFF), (RM, 0xFC00), (RP, 0xFBFF)]);
    expect_all(F16_F32, 0x477F_E000, 0x7BFF); // 65504 exactly
                                              // Infinities stay infinite in every mode; NaN is the canonical f16 NaN 0x7FFF.
    expect_all(F16_F32, 0x7F80_0000, 0x7C00);
    expect_all(F16_F32, 0xFF80_0000, 0xFC00);
    for nan in [0x7FC0_0000, 0xFF80_0001, 0x7FFF_FFFF] {
        expect_all(F16_F32, nan, 0x7FFF);
    }
    // f16 subnormal results (gradual underflow).
    expect_all(F16_F32, 0x3380_0000, 0x0001); // 2^-24, the smallest f16 subnormal
    expect_all(F16_F32, 0xB380_0000, 0x8001);
    expect(F16_F32, 0x3300_0000, [(RN, 0), (RZ, 0), (RM, 0), (RP, 1)]); // 2^-25: tie to even 0
    expect(F16_F32, 0x3340_0000, [(RN, 1), (RZ, 0), (RM, 0), (RP, 1)]); // 0.75 * 2^-24
    expect(F16_F32, 0x33C0_0000, [(RN, 2), (RZ, 1), (RM, 1), (RP, 2)]); // 1.5 * 2^-24: tie to even 2
    expect_all(F16_F32, 0x387F_C000, 0x03FF); // 1023 * 2^-24, the largest subnormal
    expect(F16_F32, 0x387F_E000, [(RN, 0x0400), (RZ, 0x03FF), (RM, 0x03FF), (RP, 0x0400)]); // carries to normal
    expect_all(F16_F32, 0x3880_0000, 0x0400); // 2^-14, the smallest f16 normal
    expect(F16_F32, 0x8080_0000, [(RN, 0x8000), (RZ, 0x8000), (RM, 0x8001), (RP, 0x8000)]); // -2^-126
                                                                                            // f32 subnormal inputs are flushed: rp of the smallest subnormal is +0, not 2^-24.
    expect_all(F16_F32, 0x0000_0001, 0);
    expect_all(F16_F32, 0x807F_FFFF, 0x8000);
    // Normal results: 1.0, 1 + 2^-11 (tie to even), 1 + 3 * 2^-11 (tie, up), -2.0.
    expect_all(F16_F32, 0x3F80_0000, 0x3C00);
    expect(F16_F32, 0x3F80_1000, [(RN, 0x3C00), (RZ, 0x3C00), (RM, 0x3C00), (RP, 0x3C01)]);
    expect(F16_F32, 0x3F80_3000, [(RN, 0x3C02), (RZ, 0x3C01), (RM, 0x3C01), (RP, 0x3C02)]);
    expect_all(F16_F32, 0xC000_0000, 0xC000);
}

#[test]
fn directed_f16_to_f32_and_zero_kind() {
    expect_all(F32_F16, 0x3C00, 0x3F80_0000);
    expect_all(F32_F16, 0xFFFF_3C00, 0x3F80_0000); // bits 31..16 are ignored
    expect_all(F32_F16, 0x0001, 0x3380_0000); // subnormal 2^-24 becomes an f32 normal
    expect_all(F32_F16, 0x8001, 0xB380_0000);
    expect_all(F32_F16, 0x03FF, 0x387F_C000);
    expect_all(F32_F16, 0x0400, 0x3880_0000);
    expect_all(F32_F16, 0x7BFF, 0x477F_E000);
    expect_all(F32_F16, 0x7C00, 0x7F80_0000);
    expect_all(F32_F16, 0xFC00, 0xFF80_0000);
    expect_all(F32_F16, 0x0000, 0);
    expect_all(F32_F16, 0x8000, 0x8000_0000);
    for nan in [0x7C01, 0x7E00, 0xFFFF, 0xFE00] {
        expect_all(F32_F16, nan, 0x7FFF_FFFF);
    }
    for a in [0, 0x3F80_0000, 0xFFFF_FFFF] {
        expect_all(ZERO, a, 0);
    }
}

/// Compares the golden model with SoftFloat on `(k, r, a)`; panics on a difference.
fn against_softfloat(k: u32, r: u32, a: u32) {
    let (g, s) = (cvt(k, r, a), softfloat_check::cvt(k, r, a));
    assert_eq!(g, s, "kind={k} rnd={r} a=0x{a:08x}: golden 0x{g:08x}, SoftFloat 0x{s:08x}");
}

/// A random integer operand: uniform half the time, else 26 significant bits at a random
/// shift (the round and sticky bits of int -> f32, ties 1 in 4), either sign.
fn random_int(rng: &mut Rng) -> u32 {
    if rng.bool() {
        return rng.next_u32();
    }
    let x = ((rng.next_u32() & 0x3FF_FFFF) | 1 << 25) >> rng.below(26) << rng.below(7);
    if rng.bool() {
        x.wrapping_neg()
    } else {
        x
    }
}

/// The golden model equals SoftFloat (with the G80 layer) on every directed operand x
/// every mode, and on 10^6 random operands x every mode per kind; f16 -> f32 on all
/// 65,536 inputs x every mode.
#[test]
fn golden_matches_softfloat() {
    let mut rng = Rng::new(0xC0FFEE);
    let mut total = 0u64;
    for k in [F32_S32, F32_U32, S32_F32, U32_F32, F32_F32_INT, F16_F32] {
        let directed = if k <= F32_U32 { int_boundaries() } else { f32_cvt_boundaries() };
        for &a in &directed {
            for r in MODES {
                against_softfloat(k, r, a);
            }
        }
        for _ in 0..1_000_000 {
            let a = if k <= F32_U32 { random_int(&mut rng) } else { f32_random(&mut rng) };
            for r in MODES {
                against_softfloat(k, r, a);
            }
        }
        let n = (directed.len() as u64 + 1_000_000) * 4;
        println!(
            "kind {k}: {} directed + 1000000 random operands x 4 modes = {n} comparisons, 0 mismatches",
            directed.len()
        );
        total += n;
    }
    for h in 0u32..1 << 16 {
        for r in MODES {
            against_softfloat(F32_F16, r, h);
        }
    }
    // The f16 directed patterns carry junk in bits 31..16: both sides must ignore it.
    for a in f16_patterns() {
        against_softfloat(F32_F16, RN, a);
    }
    let junk = f16_patterns().len() as u64;
    println!(
        "kind 6: 65536 f16 inputs x 4 modes + {junk} patterns with junk bits 31..16 = {} comparisons, 0 mismatches",
        262_144 + junk
    );
    total += 262_144 + junk;
    println!("golden vs SoftFloat: {total} comparisons, 0 mismatches");
}

/// The SoftFloat comparison is not vacuous: plausible wrong models (the wrong rounding
/// mode, no input flush, SoftFloat's own NaN/overflow values instead of PTX saturation,
/// f16 flush instead of gradual underflow) each disagree with it on the directed sets.
#[test]
fn softfloat_comparison_catches_planted_errors() {
    let f32s = f32_cvt_boundaries();
    let ints = int_boundaries();
    let differs = |ops: &[u32], k: u32, r: u32, wrong: &dyn Fn(u32) -> u32| {
        ops.iter().any(|&a| wrong(a) != softfloat_check::cvt(k, r, a))
    };
    for k in [F32_S32, F32_U32] {
        // rn computed as rz
        assert!(differs(&ints, k, RN, &|a| cvt(k, RZ, a)), "kind {k}");
    }
    for k in [S32_F32, U32_F32, F32_F32_INT, F16_F32] {
        assert!(differs(&f32s, k, RN, &|a| cvt(k, RZ, a)), "kind {k}: rn as rz");
        assert!(differs(&f32s, k, RP, &|a| cvt(k, RM, a)), "kind {k}: rp as rm");
        // No input flush: a subnormal seen as its IEEE value (rp rounds it up).
        let no_flush = |a: u32| {
            if a & 0x7F80_0000 == 0 && a & 0x7F_FFFF != 0 && a >> 31 == 0 {
                match k {
                    S32_F32 | U32_F32 => 1,
                    F32_F32_INT => 0x3F80_0000,
                    _ => 1,
                }
            } else {
                cvt(k, RP, a)
            }
        };
        assert!(differs(&f32s, k, RP, &no_flush), "kind {k}: no flush");
    }
    // x86 SoftFloat's "integer indefinite" instead of the PTX rules: NaN gives
    // 0x80000000 / 0xFFFFFFFF, and a u32 result of -1 or below gives 0xFFFFFFFF.
    let is_nan = |a: u32| a & 0x7FFF_FFFF > 0x7F80_0000;
    let nan_indefinite_s32 = |a: u32| if is_nan(a) { 0x8000_0000 } else { cvt(S32_F32, RZ, a) };
    let nan_indefinite_u32 = |a: u32| if is_nan(a) { 0xFFFF_FFFF } else { cvt(U32_F32, RZ, a) };
    let neg_indefinite_u32 = |a: u32| {
        if !is_nan(a) && a >> 31 == 1 && a & 0x7FFF_FFFF >= 0x3F80_0000 {
            0xFFFF_FFFF
        } else {
            cvt(U32_F32, RZ, a)
        }
    };
    assert!(differs(&f32s, S32_F32, RZ, &nan_indefinite_s32));
    assert!(differs(&f32s, U32_F32, RZ, &nan_indefinite_u32));
    assert!(differs(&f32s, U32_F32, RZ, &neg_indefinite_u32));
    // f16 results flushed to zero instead of gradual underflow.
    let ftz16 = |a: u32| {
        let h = cvt(F16_F32, RN, a);
        if h & 0x7C00 == 0 {
            h & 0x8000
        } else {
            h
        }
    };
    assert!(differs(&f32s, F16_F32, RN, &ftz16));
    // f16 NaN payload kept instead of the canonical NaN.
    assert!(f16_patterns().iter().any(|&a| {
        let wrong = if a & 0x7C00 == 0x7C00 && a & 0x3FF != 0 { 0x7FC0_0000 } else { cvt(F32_F16, RN, a) };
        wrong != softfloat_check::cvt(F32_F16, RN, a)
    }));
}

/// 10^6 vectors (the directed sweep of every kind x mode, then random) through the Rust
/// model, each checked against the golden model, then replayed in Verilator (RTL and gate
/// level: all of them) and Icarus (the first 100,000 at RTL, 20,000 at gate level).
#[test]
fn fp32_cvt_cosim_1m() {
    let replays = Replays { verilator: true, icarus_steps: 100_000, gate: true, icarus_gate_steps: 20_000 };
    let s = runners::fp32_cvt::fp32_cvt(1_000_000, 7, replays).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.steps, 1_000_000);
    assert_eq!(s.replays.len(), 4);
    let directed = runners::fp32_cvt::directed().len();
    println!("fp32_cvt: {directed} directed vectors, {} random", 1_000_000 - directed);
    assert!(directed < 1_000_000);
}

/// All 65,536 f16 inputs through cvt.f32.f16, in Verilator (RTL and gate level) and Icarus.
#[test]
fn f16_to_f32_exhaustive_cosim() {
    let s = runners::fp32_cvt::f16_to_f32_exhaustive(Replays::all(65_536)).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.steps, 65_536);
    assert!(s.replays.iter().all(|r| r.steps == 65_536), "{s}");
}
