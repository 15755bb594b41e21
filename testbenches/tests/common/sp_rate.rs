//! The SP issue rate on a compute-bound kernel, shared by the SM's test binaries (sm.rs for
//! `sm`, sm_small.rs for `sm_small`'s four passes).
#![allow(dead_code)]
use heddle_hw::config::SmConfig;
use heddle_sim::gsm::{GlobalMem, Launch};
use heddle_sim::ptx::translate::Kernel;
use heddle_sim::runners::sm::{lockstep_on, Backend, SmModel, SmOpts};

/// Warp-instructions per `clocks` clocks between the 10th and 90th percentile of the retire
/// clocks `at` (the loop's steady state).
pub fn steady_rate(mut at: Vec<u64>, clocks: u64) -> f64 {
    at.sort();
    let (a, b) = (at.len() / 10, at.len() * 9 / 10);
    (b - a) as f64 / ((at[b] - at[a]) as f64 / clocks as f64)
}

/// A loop of 12 independent SP instructions per warp (iadd, fsub, xor, fadd), its counter
/// and its branch, 40 times.
pub fn spin_kernel() -> Kernel {
    let mut text = String::from("s2r r0, %tid.x\nmovi r1, 1\nmovi r2, 40\n");
    // loop body at pc 3: 12 independent SP instructions, then the counter and the branch
    let body: Vec<String> =
        (0..12).map(|i| format!("{} r{}, r0, r1", ["iadd", "fsub", "xor", "fadd"][i % 4], 4 + i % 8)).collect();
    text += &body.join("\n");
    text += "\nisub r2, r2, r1\nisetp.ge.u32 p0, r2, r1\n@p0 bra 3, 18\nexit\n";
    Kernel::from_asm("spin", &text, 16).unwrap()
}

/// The SP issue rate of `warps` warps of [`spin_kernel`] on configuration `cfg` (its model
/// in Verilator, in lock step with the golden SM), in SP warp-instructions per SP
/// occupancy (`lanes / sps` clocks: 4 on 8 SPs, 8 on 4); with the SP warp-instructions, the
/// cycles and the IPC of the run.
pub fn sp_issue_rate(cfg: &SmConfig, model: &SmModel, warps: u32) -> (f64, usize, u64, f64) {
    let k = spin_kernel();
    let l = Launch { grid: [1, 1, 1], block: [32 * warps, 1, 1], ..Default::default() };
    let (ls, _, _) = lockstep_on(Backend::Verilator, cfg, Some(model), &k, &l, &GlobalMem::default(), SmOpts::default(), None)
        .unwrap_or_else(|e| panic!("spin: {e}"));
    let sp: Vec<u64> = ls
        .rtl
        .trace
        .iter()
        .zip(&ls.rtl.retired_at)
        .filter(|(e, _)| k.code[e.pc as usize].op != heddle_sim::isa::op::BRA)
        .map(|(_, &c)| c)
        .collect();
    let n = sp.len();
    (steady_rate(sp, (cfg.lanes / cfg.sps) as u64), n, ls.rtl.cycles, ls.rtl.ipc())
}

/// Checks the SP issue rate of configuration `cfg`: one warp cannot keep the SPs busy (its
/// loop counter's dependences stall it: the measure can fail), 8 warps keep them at 0.97 of
/// one SP warp-instruction per SP occupancy or more.
pub fn check_sp_issue_rate(cfg: &SmConfig, model: &SmModel) {
    let clocks = cfg.lanes / cfg.sps;
    let (one, ..) = sp_issue_rate(cfg, model, 1);
    println!("{}, one warp: SP issue rate {one:.4}", cfg.name);
    assert!(one < 0.97, "{}, one warp: {one:.4}", cfg.name);
    let (rate, n, cycles, ipc) = sp_issue_rate(cfg, model, 8);
    println!(
        "{}: SP issue rate {rate:.4} of one warp-instruction per {clocks} clocks ({n} SP warp-instructions, {cycles} cycles in all, IPC {ipc:.3})",
        cfg.name
    );
    assert!(rate >= 0.97, "{}: SP issue rate {rate:.4}", cfg.name);
}
