//! The SM configuration (`heddle_hw::config`): the G80 preset gives the seed's numbers, every
//! derived parameter agrees with the blocks built from it, and a configuration outside the
//! blocks' limits is refused.
use heddle_hw::config::{SmConfig, G80, PRESETS, SM_SMALL, TINY};

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

/// The FPGA board's SM: 16 warps, 2 SPs in four passes (16 clocks, 8 slots per SP
/// warp-instruction), `mul.f32` on the SPs, one SFU; its register file laid out as the G80's (8
/// lanes), and its host configuration word says so.
#[test]
fn sm_small_preset_has_two_sps_in_four_passes() {
    use heddle_hw::sm::{host, pipe, sm_lats};
    assert_eq!((SM_SMALL.warps, SM_SMALL.sps, SM_SMALL.sfus, SM_SMALL.sfu_multipliers, SM_SMALL.sp_passes()), (16, 2, 1, 0, 4));
    // SP: 16 clocks (8 slots); one SFU: 32 clocks (16 slots); FMA 32 clocks; memory 2 slots
    assert_eq!(SM_SMALL.occupancies(), [8, 16, 16, 16, 2]);
    assert_eq!((SM_SMALL.rf_bank_addr_bits(), G80.sp_passes()), (G80.rf_bank_addr_bits(), 1));
    // The SM follows the SP's latency (issue 21): an SP instruction retires five clocks of
    // issue pipeline (T0..T4) and SP_LATENCY after its T0, each further pass 4 clocks later
    // (at SP_LATENCY 5: 10, 14, 22 clocks; 6 and 12 slots to a dependent; no unit retires
    // before 8, 12, 20). A hard-coded count here broke at every new SP stage.
    let r = 5 + heddle_hw::sp::SP_LATENCY;
    assert_eq!((pipe::retire_delay(1), pipe::retire_delay(2), pipe::retire_delay(4)), (r, r + 4, r + 12));
    // a dependent's guard read (its T0) follows the last group's predicate write at T0 + 1 + delay
    let slots = |d: usize| ((d + 2).div_ceil(2)) as u8;
    assert_eq!((sm_lats(&G80).sp, sm_lats(&SM_SMALL).sp), (slots(r), slots(r + 12)));
    assert_eq!((sm_lats(&G80).sfumul, sm_lats(&SM_SMALL).sfumul), (Some(0), None));
    // the other units retire no earlier than the slot before an older SP instruction would
    assert_eq!((pipe::unit_min_age(1), pipe::unit_min_age(2), pipe::unit_min_age(4)), (r - 2, r + 2, r + 10));
    // warps 16, log2 passes 2, mul.f32 on the SPs, 8 CTA slots
    assert_eq!(host::config_word(&SM_SMALL) & 0xFFF, 16 | 2 << 6 | 1 << 8 | 7 << 9);
    assert_eq!(host::config_word(&G80), 0x02C8_9E18);
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
        SmConfig { sps: 1, ..G80 }, // divides the lanes, but the SPs take 8, 4 or 2 (1, 2 or 4 passes)
        SmConfig { fmas: 1, lanes: 32, sps: 4, sfus: 1, sfu_multipliers: 0, ..G80 }, // SFU: 32 clocks = 16 slots, fine
    ];
    for (i, c) in bad.iter().enumerate() {
        let r = std::panic::catch_unwind(|| c.checked());
        assert_eq!(r.is_err(), i < 10, "config {i}: {c:?}");
    }
}
