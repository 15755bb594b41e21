//! The RTL SM (`heddle_hw::sm::Sm`, block `sm`) in lock step with the golden SM: every
//! retired warp-instruction (warp, PC, active mask, register and predicate writes) equal to
//! the golden SM's, in the rust-hdl simulation.
use heddle_hw::config::G80;
use heddle_hw::SmG80;
use heddle_sim::gsm::Launch;
use heddle_sim::ptx::translate::Kernel;
use heddle_sim::runners::sm::{lockstep, Lockstep, SmOpts};

fn run(k: &Kernel, grid: [u32; 3], block: [u32; 3]) -> Lockstep {
    let l = Launch { grid, block, ..Default::default() };
    let k = k.clone();
    // The SM's model is large: run it on a thread with room for it.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let (ls, _) = lockstep(SmG80::new(&G80), &G80, &k, &l, SmOpts::default(), None).unwrap_or_else(|e| panic!("{e}"));
            ls
        })
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn sp_arithmetic_in_lock_step() {
    let k = Kernel::from_asm(
        "alu",
        "s2r r0, %tid.x
         s2r r1, %ctaid.x
         movi r2, 100
         imad r3, r1, r2, r0
         iadd r3, r3, r2
         exit",
        4,
    )
    .unwrap();
    let ls = run(&k, [2, 1, 1], [64, 1, 1]);
    eprintln!("compared {} warp-instructions in {} cycles", ls.compared, ls.rtl.cycles);
    assert_eq!(ls.compared, 2 * 2 * 6);
}

#[test]
fn random_programs_in_lock_step() {
    use heddle_sim::gsm::random::{random_kernel, RandomProgram};
    use heddle_sim::vectors::Rng;
    let mut rng = Rng::new(19);
    let mut total = 0;
    for seed in 0..6 {
        let k = random_kernel(RandomProgram::default(), seed);
        let block = match rng.below(3) {
            0 => [1 + rng.below(96) as u32, 1, 1],
            1 => [1 + rng.below(12) as u32, 1 + rng.below(6) as u32, 1],
            _ => [1 + rng.below(5) as u32, 1 + rng.below(4) as u32, 1 + rng.below(4) as u32],
        };
        let grid = [1 + rng.below(3) as u32, 1 + rng.below(2) as u32, 1];
        let ls = run(&k, grid, block);
        eprintln!("seed {seed}: grid {grid:?} block {block:?}: {} warp-instructions, {} cycles", ls.compared, ls.rtl.cycles);
        total += ls.compared;
    }
    assert!(total > 0);
}
