//! The FPGA board's SM (`sm_small`, block `sm_small`: the G80 SM with 16 warps) in lock
//! step with the golden SM of its configuration, on its exported Verilog in Verilator (its
//! own binary: the `sm` binary's budget has no room for it).
use heddle_sim::gsm::Launch;
use heddle_sim::runners::sm::SmOpts;

#[path = "common/examples.rs"]
mod examples;
use examples::{launch_file, EXAMPLES};

/// The FPGA board's SM (`sm_small`: 16 warps) runs every example kernel, whole launches
/// (matmul_tiled on 2 x 2 of its CTAs), and random programs on its exported Verilog in
/// Verilator in lock step with the golden SM of its configuration: bitonic_sort's CTAs of
/// 512 threads take all 16 warp slots.
#[test]
fn example_kernels_and_random_programs_on_sm_small() {
    use heddle_hw::config::SM_SMALL;
    use heddle_sim::runners::sm::{lockstep_on, random_sweep, Backend, SmModel};
    let model = SmModel::new(&SM_SMALL).unwrap_or_else(|e| panic!("{e}"));
    for name in EXAMPLES {
        let p = launch_file(name);
        let l = if name == "matmul_tiled" { Launch { grid: [2, 2, 1], ..p.l.clone() } } else { p.l.clone() };
        let (ls, _, _) = lockstep_on(Backend::Verilator, &SM_SMALL, Some(&model), &p.k, &l, &p.mem, SmOpts::default(), None)
            .unwrap_or_else(|e| panic!("{name} on sm_small: {e}"));
        let golden = ls.golden.as_ref().unwrap_or_else(|e| panic!("{name}: the golden SM: {e}"));
        assert!(ls.rtl.fault.is_none() && ls.compared == golden.trace.len() as u64 && ls.compared > 0, "{name}");
        println!("{name} on sm_small: {} warp-instructions, {} cycles, IPC {:.3}", ls.compared, ls.rtl.cycles, ls.rtl.ipc());
    }
    let t = random_sweep(7, 3_000, Backend::Verilator, &SM_SMALL, |l| println!("{l}")).unwrap_or_else(|e| panic!("{e}"));
    assert!(t.warp_instrs >= 3_000, "{t:?}");
}

