//! The G80 FP32 golden model (sim/src/golden/g80_fp32.rs) against Berkeley SoftFloat with
//! the flush layer, and directed corner cases with hand-written expectations.
use heddle_sim::golden::g80_fp32::{self as g, softfloat_check as sf, Rnd};
use heddle_sim::vectors::{f32_pairs_level1, f32_random, f32_triple_random, f32_triples_level1, Rng};

#[test]
fn add_sub_mul_match_softfloat_level1_and_random() {
    let mut n = 0u64;
    let mut check = |a: u32, b: u32| {
        for rnd in Rnd::ALL {
            assert_eq!(g::add(a, b, rnd), sf::add(a, b, rnd), "add {a:08x} {b:08x} {rnd:?}");
            assert_eq!(g::sub(a, b, rnd), sf::sub(a, b, rnd), "sub {a:08x} {b:08x} {rnd:?}");
            assert_eq!(g::mul(a, b, rnd), sf::mul(a, b, rnd), "mul {a:08x} {b:08x} {rnd:?}");
            n += 3;
        }
    };
    for (a, b) in f32_pairs_level1() {
        check(a, b);
    }
    let mut rng = Rng::new(11);
    for _ in 0..100_000 {
        check(f32_random(&mut rng), f32_random(&mut rng));
    }
    assert!(n > 1_000_000);
}

#[test]
fn mad_matches_its_softfloat_formulation() {
    for (a, b, c) in f32_triples_level1() {
        assert_eq!(g::mad(a, b, c), sf::mad(a, b, c), "mad {a:08x} {b:08x} {c:08x}");
    }
    let mut rng = Rng::new(12);
    for _ in 0..200_000 {
        let (a, b, c) = f32_triple_random(&mut rng);
        assert_eq!(g::mad(a, b, c), sf::mad(a, b, c), "mad {a:08x} {b:08x} {c:08x}");
    }
}

/// Compares over the full special-value cross product (1,300^2 pairs x 16 conditions, and
/// min and max): the golden model against host f32 comparisons on flushed operands.
#[test]
fn compares_exhaustive_over_the_special_cross_product() {
    use heddle_sim::runners::fp32_arith::{host_minmax, host_setp};
    let sp = heddle_sim::vectors::f32_specials();
    let mut n = 0u64;
    for &a in &sp {
        for &b in &sp {
            for cmp in 0..16 {
                assert_eq!(g::setp(cmp, a, b), host_setp(cmp, a, b), "setp.{} {a:08x} {b:08x}", g::CMP_NAMES[cmp as usize]);
            }
            for max in [false, true] {
                assert_eq!(g::minmax(a, b, max), host_minmax(a, b, max), "max={max} {a:08x} {b:08x}");
            }
            n += 18;
        }
    }
    assert_eq!(sp.len(), 1300, "sign x 13 exponents x 50 fraction patterns");
    assert_eq!(n, 1300 * 1300 * 18);
}
