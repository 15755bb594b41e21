//! The G80 SM's runs shared by its test binaries (sm.rs, sm_kernels.rs): the rust-hdl
//! model's stack, the exported `sm.v` as the Verilator runner's library.
#![allow(dead_code)]
use heddle_sim::gsm::{GlobalMem, Launch};
use heddle_sim::ptx::translate::Kernel;
use heddle_sim::runners::sm::{Lockstep, SmOpts};

/// Runs `f` on a thread with room for the SM's model (larger than a test thread's stack).
pub fn big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    heddle_hw::on_sm_stack(f).unwrap_or_else(|e| panic!("{e}"))
}

/// The exported `sm.v` as the Verilator runner's library, built once per test binary.
pub fn model() -> &'static heddle_sim::runners::sm::SmModel {
    static M: std::sync::OnceLock<heddle_sim::runners::sm::SmModel> = std::sync::OnceLock::new();
    M.get_or_init(|| heddle_sim::runners::sm::SmModel::g80().unwrap_or_else(|e| panic!("{e}")))
}

/// A lock-step run on `sm.v` in Verilator (for the long runs: the same RTL, a hundred times
/// faster), and the seconds it took.
pub fn on_verilator(k: &Kernel, l: &Launch, mem: &GlobalMem) -> (Lockstep, f64) {
    use heddle_sim::runners::sm::{lockstep_on, Backend};
    let (ls, seconds, _) = lockstep_on(Backend::Verilator, &heddle_hw::config::G80, Some(model()), k, l, mem, SmOpts::default(), None)
        .unwrap_or_else(|e| panic!("{}: {e}", k.name));
    (ls, seconds)
}
