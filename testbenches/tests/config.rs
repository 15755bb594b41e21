//! The SM configuration (`heddle_hw::config`): the G80 preset gives the seed's numbers, every
//! derived parameter agrees with the blocks built from it, and a configuration outside the
//! blocks' limits is refused.
use heddle_hw::config::{SmConfig, G80, PRESETS, TINY};

#[test]
fn g80_preset_has_the_seed_numbers() {
    assert_eq!((G80.sps, G80.sfus, G80.fmas, G80.lanes, G80.warps), (8, 2, 1, 32, 24));
    assert_eq!((G80.regs, G80.shared_bytes, G80.stack_depth()), (8192, 16 * 1024, 32));
    assert_eq!(G80.warps * G80.lanes, 768, "C.7: up to 768 threads per SM");
    // An SP warp-instruction takes 4 clocks (2 slots), a special function 16 (8), mul.f32 on
    // the SFUs' 8 multipliers 4 (2), one FMA unit 32 (16); memory every 2 slots.
    assert_eq!(G80.occupancies(), [2, 8, 2, 16, 2]);
    assert_eq!((G80.stack_pointer_bits(), G80.stack_addr_bits(), G80.smem_row_bits()), (5, 9, 8));
    assert_eq!(SmConfig::preset("g80"), Some(G80));
    assert_eq!(SmConfig::preset("tiny"), Some(TINY));
    assert_eq!(SmConfig::preset("g81"), None);
    assert!(PRESETS.iter().all(|p| p.checked() == *p));
}

/// The exported blocks are built from the preset: the scheduler's golden configuration,
/// the golden SM's and the PTX front end's resources, and the shared memory's size.
#[test]
fn models_and_blocks_follow_the_preset() {
    use heddle_sim::golden::warp_sched::SchedConfig;
    let s = SchedConfig::default();
    assert_eq!((s.warps, s.lanes, s.depth(), s.sb_entries, s.ctas, s.occ), (24, 32, 32, 4, 8, G80.occupancies()));
    let g = heddle_sim::gsm::Config::default();
    assert_eq!((g.regs, g.shared_bytes, g.max_warps, g.stack_depth), (8192, 16384, 24, 32));
    let r = heddle_sim::ptx::translate::SmResources::G80;
    assert_eq!((r.max_threads, r.max_ctas, r.max_threads_per_cta, r.warp_size), (768, 8, 512, 32));
    assert_eq!(heddle_sim::runners::shared_mem::MEM_BYTES as usize, G80.shared_bytes);
    let t = SchedConfig::of(&TINY);
    assert_eq!((t.warps, t.depth(), t.sb_entries, t.ctas), (4, 4, 2, 2));
}

/// `checked` refuses what no block can build (a planted bad configuration per limit).
#[test]
fn configurations_outside_the_limits_are_refused() {
    let bad = [
        SmConfig { warps: 33, ..G80 },
        SmConfig { lanes: 0, ..G80 },
        SmConfig { sps: 3, ..G80 },
        SmConfig { shared_bytes: 3000, ..G80 },
        SmConfig { scoreboard_entries: 5, ..G80 },
        SmConfig { cta_slots: 9, ..G80 },
        SmConfig { max_threads_per_cta: 1024, ..G80 },
        SmConfig { imem_log2: 20, ..G80 },
        SmConfig { regs: 6144, ..G80 },
        SmConfig { fmas: 1, lanes: 32, sps: 1, sfus: 1, ..G80 }, // SFU: 32 clocks = 16 slots, fine
    ];
    for (i, c) in bad.iter().enumerate() {
        let r = std::panic::catch_unwind(|| c.checked());
        assert_eq!(r.is_err(), i < 9, "config {i}: {c:?}");
    }
}
