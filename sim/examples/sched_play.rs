use heddle_sim::golden::warp_sched::*;
use heddle_sim::sched::*;
use heddle_sim::runners::warp_sched::*;
use heddle_hw::issue_select::IssueTiming;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a[1] == "random" {
        let seed: u64 = a[2].parse().unwrap();
        let n: u64 = a[3].parse().unwrap();
        let mut rng = heddle_sim::vectors::Rng::new(seed);
        let (prog, plan) = random::random_script(&mut rng, random::RandomOpts { faults: seed % 3 == 0, ..Default::default() });
        let opts = random_opts(&mut rng, seed);
        let mut ls = Exported::new(IssueTiming::default(), prog, plan, Guards::Script, opts, a.len() < 5, false).unwrap();
        let r = ls.run(n);
        println!("{:?} clocks {} speed {:.0}/s issues {} faults {:?} clears {} ctas done {}", r.err().map(|e| e.to_string()), ls.clocks, ls.speed(), ls.drv.log.issues.len(), ls.drv.log.faults.len(), ls.drv.log.clears, ls.drv.log.cta_done.len());
        return;
    }
    let txt = std::fs::read_to_string(&a[1]).unwrap();
    let s = text::parse(&txt).unwrap();
    let mut ls = Exported::new(IssueTiming::default(), s.prog, s.plan, Guards::Script, DriverOpts::default(), true, false).unwrap();
    let r = ls.run(100000);
    println!("{r:?} clocks {} speed {:.0} clocks/s", ls.clocks, ls.speed());
    let d = &ls.drv;
    for e in &d.log.issues { println!("slot {:4} w{:2} {:6} pc {:3} mask {:08x}", e.slot, e.warp, class::NAMES[e.class as usize], e.pc, e.mask); }
    println!("faults {:?} done {:?} bar {:?} maxden {} maxwait {}", d.log.faults, d.log.cta_done, d.log.bar_rel, d.log.max_denials, d.log.max_wait_slots);
}
