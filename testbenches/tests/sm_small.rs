//! The FPGA board's SM (`sm_small`, block `sm_small`: the G80 SM with 16 warps and 2 SPs,
//! each lane group in four passes) in lock step with the golden SM of its configuration, on
//! its exported Verilog in Verilator (its own binary: the `sm` binary's budget has no room
//! for it).
use heddle_sim::gsm::Launch;
use heddle_sim::runners::sm::SmOpts;

#[path = "common/examples.rs"]
mod examples;
use examples::{launch_file, EXAMPLES};
#[path = "common/sp_rate.rs"]
mod sp_rate;

/// `sm_small`'s Verilator model, built once per test binary.
fn model() -> &'static heddle_sim::runners::sm::SmModel {
    static M: std::sync::OnceLock<heddle_sim::runners::sm::SmModel> = std::sync::OnceLock::new();
    M.get_or_init(|| heddle_sim::runners::sm::SmModel::new(&heddle_hw::config::SM_SMALL).unwrap_or_else(|e| panic!("{e}")))
}

/// The FPGA board's SM (`sm_small`: 16 warps) runs every example kernel, whole launches
/// (matmul_tiled on 2 x 2 of its CTAs), and random programs on its exported Verilog in
/// Verilator in lock step with the golden SM of its configuration: bitonic_sort's CTAs of
/// 512 threads take all 16 warp slots.
#[test]
fn example_kernels_and_random_programs_on_sm_small() {
    use heddle_hw::config::SM_SMALL;
    use heddle_sim::runners::sm::{lockstep_on, random_sweep, Backend};
    for name in EXAMPLES {
        let p = launch_file(name);
        let l = if name == "matmul_tiled" { Launch { grid: [2, 2, 1], ..p.l.clone() } } else { p.l.clone() };
        let (ls, _, _) = lockstep_on(Backend::Verilator, &SM_SMALL, Some(model()), &p.k, &l, &p.mem, SmOpts::default(), None)
            .unwrap_or_else(|e| panic!("{name} on sm_small: {e}"));
        let golden = ls.golden.as_ref().unwrap_or_else(|e| panic!("{name}: the golden SM: {e}"));
        assert!(ls.rtl.fault.is_none() && ls.compared == golden.trace.len() as u64 && ls.compared > 0, "{name}");
        println!("{name} on sm_small: {} warp-instructions, {} cycles, IPC {:.3}", ls.compared, ls.rtl.cycles, ls.rtl.ipc());
    }
    let t = random_sweep(7, 3_000, Backend::Verilator, &SM_SMALL, |l| println!("{l}")).unwrap_or_else(|e| panic!("{e}"));
    assert!(t.warp_instrs >= 3_000, "{t:?}");
}


/// With 2 SPs a warp-instruction takes the SPs for 16 clocks (four passes of each lane
/// group): the compute-bound loop of `sm`'s SP issue-rate test keeps them busy all the same,
/// one SP warp-instruction every 16 clocks in the steady state (goal: at least 0.97 of
/// that), and the four-pass pipeline's longer scoreboard latency (11 slots) shows with one
/// warp.
#[test]
fn sp_issue_rate_with_four_passes() {
    sp_rate::check_sp_issue_rate(&heddle_hw::config::SM_SMALL, model());
}

/// With four passes an SP instruction retires 12 clocks later than with 8 SPs; a memory or
/// SFU instruction issued right behind it with no lane in exec (its guard false) would
/// otherwise retire first. The units' earliest retire (`sm/min_age.rs`) keeps each warp's
/// retires in program order, checked by the lock-step comparison.
#[test]
fn empty_unit_instructions_retire_behind_the_sp_pipeline() {
    use heddle_hw::config::SM_SMALL;
    use heddle_sim::gsm::GlobalMem;
    use heddle_sim::ptx::translate::Kernel;
    use heddle_sim::runners::sm::{lockstep_on, Backend};
    let k = Kernel::from_asm(
        "empty",
        "s2r r0, %tid.x
         iadd r1, r0, r0
         @p1 ld.global.b32 r2, [r3]
         iadd r4, r0, r0
         @p1 st.global.b32 [r3], r0
         iadd r5, r0, r0
         @p1 rcp r6, r0
         iadd r7, r0, r0
         @p1 ffma r8, r0, r0, r0
         fadd r9, r1, r4
         exit",
        16,
    )
    .unwrap();
    for warps in [1, 4] {
        let l = Launch { grid: [1, 1, 1], block: [32 * warps, 1, 1], ..Default::default() };
        let (ls, _, _) = lockstep_on(Backend::Verilator, &SM_SMALL, Some(model()), &k, &l, &GlobalMem::default(), SmOpts::default(), None)
            .unwrap_or_else(|e| panic!("{warps} warps: {e}"));
        assert_eq!(ls.compared, 11 * warps as u64);
    }
}

/// `sm_small` has no binary64 (`SmConfig::fp64`: the board's LUTs): a binary64 op with lanes
/// in exec faults `not-supported` at its lowest lane in exec, in the golden SM of the
/// configuration as in the RTL SM, so the lock-step run ends on the same fault; with no
/// lane in exec it is no fault, in both.
#[test]
fn binary64_faults_not_supported_on_sm_small() {
    use heddle_hw::config::SM_SMALL;
    use heddle_hw::isa::sm_fault;
    use heddle_sim::gsm::{FaultKind, GlobalMem};
    use heddle_sim::ptx::translate::Kernel;
    use heddle_sim::runners::sm::{lockstep_on, Backend};
    for (name, line, fault) in [
        ("dadd", "@p0 dadd.rn r2, r4, r6", true),
        ("dcvt", "@p0 dcvt.f64.int.rn.s32 r2, r4", true),
        ("dfma", "@p1 dfma.rn r2, r4, r6, r4", false),
    ] {
        let k = Kernel::from_asm(
            name,
            &format!("s2r r0, %tid.x\nmovi r1, 5\nisetp.ge.u32 p0, r0, r1\nisetp.gt.u32 p1, r0, r0\n{line}\nexit"),
            8,
        )
        .unwrap();
        let l = Launch { grid: [1, 1, 1], block: [32, 1, 1], ..Default::default() };
        let (ls, _, _) = lockstep_on(Backend::Verilator, &SM_SMALL, Some(model()), &k, &l, &GlobalMem::default(), SmOpts::default(), None)
            .unwrap_or_else(|e| panic!("{name} on sm_small: {e}"));
        let golden = ls.golden.as_ref().err().map(|f| (f.kind, f.pc));
        match ls.rtl.fault {
            Some(f) => {
                assert!(fault, "{name}: {f}");
                assert_eq!((f.kind, f.pc, f.lane), (sm_fault::NOT_SUPPORTED, 4, 5), "{name}: {f}");
                assert_eq!(golden, Some((FaultKind::NotYetSupported, 4)), "{name}");
            }
            None => assert!(!fault && golden.is_none() && ls.compared == 6, "{name}"),
        }
    }
}

#[path = "programs/clock_kernel.rs"]
mod clock_kernel;

/// `%clock` with four passes: the late lanes read it with the first pass, so the
/// warp-instruction reads one value, the one the lock-step check gives the golden SM
/// (`pipe::CLOCK_READ` after the issue port's cycle).
#[test]
fn clock_in_lock_step_with_four_passes() {
    use heddle_hw::config::SM_SMALL;
    use heddle_sim::gsm::GlobalMem;
    use heddle_sim::ptx::translate::Kernel;
    use heddle_sim::runners::sm::{lockstep_on, Backend};
    let k = Kernel::from_asm("clock", clock_kernel::CLOCK_KERNEL, 9).unwrap();
    let mut mem = GlobalMem::default();
    assert_eq!(mem.alloc_u32(&[0; 192]), 0x1000);
    let l = Launch { grid: [2, 1, 1], block: [96, 1, 1], ..Default::default() };
    let (ls, _, _) =
        lockstep_on(Backend::Verilator, &SM_SMALL, Some(model()), &k, &l, &mem, SmOpts::default(), None).unwrap_or_else(|e| panic!("{e}"));
    assert!(ls.rtl.fault.is_none() && ls.compared > 0);
}

/// A warp may exit while its last store is still in the load/store unit, and a new CTA's
/// warp may then issue in its slot before that store lands: the new warp's local memory
/// still starts at zero in the runner's memory model (zeroed at the next memory
/// instruction's issue, when the unit is idle), as in the golden SM. 16 one-warp CTAs, 8 at
/// a time: each reads its local word first, then stores to all 32 lanes' words and exits.
#[test]
fn local_memory_of_a_reused_warp_slot_starts_at_zero() {
    use heddle_hw::config::SM_SMALL;
    use heddle_sim::gsm::GlobalMem;
    use heddle_sim::ptx::translate::Kernel;
    use heddle_sim::runners::sm::{lockstep_on, Backend};
    let asm = "s2r r0, %tid.x\ns2r r9, %ctaid.x\nmovi r1, 0x0\nld.param.b32 r10, [r1]\nmovi r2, 0x5\nshl r9, r9, r2\n\
        iadd r9, r9, r0\nmovi r2, 0x2\nshl r9, r9, r2\niadd r10, r10, r9\nld.local.b32 r3, [r1]\nst.global.b32 [r10], r3\n\
        movi r2, 0xfe000000\niadd r2, r2, r0\nst.local.b32 [r1], r2\nexit\n";
    let mut k = Kernel::from_asm("local_reuse", asm, 12).unwrap_or_else(|e| panic!("{e}"));
    k.local_bytes = 4;
    let mut mem = GlobalMem::default();
    let out = mem.alloc_u32(&[0x5a5a_5a5a; 16 * 32]);
    let l = Launch { grid: [16, 1, 1], block: [32, 1, 1], params: out.to_le_bytes().to_vec(), constant: vec![] };
    let (ls, _, _) =
        lockstep_on(Backend::Verilator, &SM_SMALL, Some(model()), &k, &l, &mem, SmOpts::default(), None).unwrap_or_else(|e| panic!("{e}"));
    assert!(ls.rtl.fault.is_none() && ls.compared == 16 * 16, "{:?} {}", ls.rtl.fault, ls.compared);
    assert_eq!(ls.mem.words(out), vec![0; 16 * 32], "every thread's first local word reads 0");
}

/// Shared memory in quarter-warp requests (`smem_lanes` 8): a reused CTA slot's region
/// starts at zero, every byte of it (the load/store unit clears a 64-byte line in two
/// 8-lane requests), and loads and stores of whole warps, partial warps (tid < 48: a
/// quarter without lanes in exec is skipped) and bank conflicts (a stride of 2 words: two
/// steps a request) land where the golden SM puts them. 16 CTAs of 64 threads over 8 CTA
/// slots, each reading its 256 bytes first, then storing to them. (Planted: the second
/// half of each line not cleared: CTA 8's lanes 8 to 15 read the words of the CTA before it.)
#[test]
fn shared_memory_of_a_reused_cta_slot_starts_at_zero() {
    use heddle_hw::config::SM_SMALL;
    use heddle_sim::gsm::GlobalMem;
    use heddle_sim::ptx::translate::Kernel;
    use heddle_sim::runners::sm::{lockstep_on, Backend};
    let asm = "s2r r0, %tid.x\ns2r r9, %ctaid.x\nmovi r1, 0x0\nld.param.b32 r10, [r1]\nmovi r2, 0x6\nshl r9, r9, r2\n\
        iadd r9, r9, r0\nmovi r2, 0x2\nshl r9, r9, r2\niadd r10, r10, r9\nshl r11, r0, r2\nld.shared.b32 r3, [r11]\n\
        st.global.b32 [r10], r3\nmovi r4, 0xfe000000\niadd r4, r4, r0\nst.shared.b32 [r11], r4\nbar 0\n\
        movi r5, 0x7f\nand r5, r11, r5\niadd r5, r5, r5\nmovi r6, 0x30\nisetp.lt.u32 p0, r0, r6\n\
        @p0 st.shared.b32 [r5], r0\n@p0 ld.shared.b32 r7, [r5]\n@p0 iadd r3, r3, r7\nexit\n";
    let mut k = Kernel::from_asm("shared_reuse", asm, 12).unwrap_or_else(|e| panic!("{e}"));
    k.shared_bytes = 256;
    let mut mem = GlobalMem::default();
    let out = mem.alloc_u32(&[0x5a5a_5a5a; 16 * 64]);
    let l = Launch { grid: [16, 1, 1], block: [64, 1, 1], params: out.to_le_bytes().to_vec(), constant: vec![] };
    let (ls, _, _) =
        lockstep_on(Backend::Verilator, &SM_SMALL, Some(model()), &k, &l, &mem, SmOpts::default(), None).unwrap_or_else(|e| panic!("{e}"));
    assert!(ls.rtl.fault.is_none(), "{:?}", ls.rtl.fault);
    assert_eq!(ls.mem.words(out), vec![0; 16 * 64], "every thread's shared word reads 0 first");
}
