//! Watching nextpnr-ecp5's router2 while `heddle fpga build` routes the board: its
//! progress (the overused wires of each iteration, from nextpnr's log), a stop when the
//! routing no longer converges, and what is congested (router2's heatmap by net, summed by
//! the SM's hierarchy), so that a board that does not route fails in minutes with a
//! reason instead of running for hours (docs/fpga.md, "Building the bitstream").
use crate::report::run_polled;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// Iterations without a new fewest-overused-wires count after which router2 is judged
/// stuck. On the board it reached its fewest after 10 iterations and then rose (stop 45),
/// or crept down by a few hundred wires every 6 iterations until about the 50th and then
/// stayed flat (stop 46); a routing that converges reaches zero with new minima all along.
pub const STALL_ITERATIONS: u32 = 20;

/// The prefix of router2's heatmap files in the build folder (`--router2-heatmap`):
/// `heat/h_congestion_by_net_N.csv` and friends, one set per iteration; only the newest set
/// and the set of the iteration with the fewest overused wires are kept.
pub const HEATMAP_PREFIX: &str = "heat/h";

/// One router2 iteration: its number and the overused wires after it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RouterIter {
    pub iter: u32,
    pub overused: u64,
}

/// router2's iterations in a nextpnr log (`iter=N wires=W overused=O overuse=U ...`).
pub fn router2_progress(log: &str) -> Vec<RouterIter> {
    log.lines()
        .filter_map(|l| {
            let field = |key: &str| l.split_whitespace().find_map(|w| w.strip_prefix(key)).and_then(|v| v.parse::<u64>().ok());
            Some(RouterIter { iter: field("iter=")? as u32, overused: field("overused=")? })
        })
        .collect()
}

/// The placement's milestones in a nextpnr log, before the router's iterations: each placer
/// started (`Running Static placer...`, `Running simulated annealing placer for
/// refinement.`) and each timing estimate (`Max frequency for clock ...`), so that the
/// quarter of an hour of placement is not silent.
pub fn placement_steps(log: &str) -> Vec<String> {
    log.lines()
        .map(|l| l.trim_start_matches("Info:").trim())
        .filter(|l| (l.starts_with("Running ") && l.contains("placer")) || l.starts_with("Max frequency for clock"))
        .map(|l| l.trim_end_matches("...").trim_end_matches('.').to_string())
        .collect()
}

/// The iteration with the fewest overused wires: the first of them (a later equal count is
/// no progress).
pub fn fewest(p: &[RouterIter]) -> Option<RouterIter> {
    p.iter()
        .fold(None::<&RouterIter>, |b, r| match b {
            Some(b) if b.overused <= r.overused => Some(b),
            _ => Some(r),
        })
        .copied()
}

/// When router2 is stuck: the iteration with the fewest overused wires ([`fewest`]) is
/// [`STALL_ITERATIONS`] or more behind the last one. Returns (that best iteration, the
/// last).
pub fn stalled(p: &[RouterIter]) -> Option<(RouterIter, RouterIter)> {
    let last = *p.last()?;
    let best = fewest(p)?;
    (last.overused > 0 && last.iter >= best.iter + STALL_ITERATIONS).then_some((best, last))
}

/// The block a net of the board belongs to: its hierarchical name cut after `depth`
/// levels, without the suffixes Yosys and nextpnr add to split nets (`_LUT4_Z...`,
/// `_CCU2C...`, `_TRELLIS...`) and without a bit index.
pub fn block_of(net: &str, depth: usize) -> String {
    let mut name = net;
    for cut in ["_LUT4", "_CCU2C", "_TRELLIS", "_DP16KD", "_MULT18", "_PFUMX", "_L6MUX", "["] {
        if let Some(i) = name.find(cut) {
            name = &name[..i];
        }
    }
    name.split('.').take(depth).collect::<Vec<_>>().join(".")
}

/// router2's congestion by net (`NET,OVERUSED-WIRES` lines) summed by [`block_of`]: the
/// blocks with the most overused net-wires first, with the total.
pub fn congested_blocks(csv: &str, depth: usize) -> (Vec<(String, u64)>, u64) {
    let mut sum: std::collections::BTreeMap<String, u64> = Default::default();
    let mut total = 0;
    for line in csv.lines() {
        let Some((net, n)) = line.rsplit_once(',') else { continue };
        let Ok(n) = n.trim().parse::<u64>() else { continue };
        total += n;
        *sum.entry(block_of(net, depth)).or_default() += n;
    }
    let mut v: Vec<(String, u64)> = sum.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    (v, total)
}

/// The by-net heatmap of iteration `keep` if it is in `dir`, else the newest (its iteration
/// and path); every other set of heatmap files but the newest is removed (each is a few
/// megabytes on the board), so `keep` (the fewest overused wires so far) stays.
pub fn heatmap(dir: &Path, keep: Option<u32>) -> Option<(u32, PathBuf)> {
    let base = dir.join(HEATMAP_PREFIX);
    let folder = base.parent()?;
    let stem = base.file_name()?.to_string_lossy().to_string();
    let iter_of = |name: &str| -> Option<u32> {
        let rest = name.strip_prefix(&stem)?.strip_prefix('_')?.strip_suffix(".csv")?;
        rest.rsplit_once('_')?.1.parse().ok()
    };
    let files: Vec<(u32, PathBuf, bool)> = std::fs::read_dir(folder)
        .ok()?
        .filter_map(|e| {
            let e = e.ok()?;
            let name = e.file_name().to_string_lossy().to_string();
            Some((iter_of(&name)?, e.path(), name.contains("_congestion_by_net_")))
        })
        .collect();
    let newest = files.iter().filter(|f| f.2).map(|f| f.0).max()?;
    for (i, path, _) in &files {
        if *i < newest && Some(*i) != keep {
            let _ = std::fs::remove_file(path);
        }
    }
    let by_net = |i: u32| files.iter().find(|f| f.2 && f.0 == i).map(|f| (f.0, f.1.clone()));
    keep.and_then(by_net).or_else(|| by_net(newest))
}

/// How a watched nextpnr run ended.
pub enum Routed {
    /// nextpnr exited (its output; success or not is the caller's to judge).
    Exited(Output),
    /// Stopped: router2 was stuck ([`stalled`]); the message says where.
    Stuck(String),
    /// Stopped at the time limit.
    TimedOut,
}

/// Runs nextpnr (`cmd`, with `--log nextpnr.log --router2-heatmap heat/h` in `dir`),
/// telling `say` each router2 iteration, and stops it when router2 is stuck or at `limit`.
pub fn run_watched(cmd: &mut Command, dir: &Path, limit: Duration, say: &mut dyn FnMut(String)) -> std::io::Result<Routed> {
    let heat = dir.join(HEATMAP_PREFIX);
    if let Some(folder) = heat.parent() {
        let _ = std::fs::remove_dir_all(folder);
        std::fs::create_dir_all(folder)?;
    }
    let t0 = Instant::now();
    let mut told = 0;
    let mut told_steps = 0;
    let mut last_look = Instant::now();
    let mut stuck = None;
    let out = run_polled(cmd, limit, &mut || {
        if last_look.elapsed() < Duration::from_secs(5) {
            return false;
        }
        last_look = Instant::now();
        let log = std::fs::read_to_string(dir.join("nextpnr.log")).unwrap_or_default();
        let steps = placement_steps(&log);
        for m in steps.iter().skip(told_steps) {
            say(format!("place and route: {m} ({:.0} s)", t0.elapsed().as_secs_f64()));
        }
        told_steps = steps.len();
        let p = router2_progress(&log);
        for r in p.iter().skip(told) {
            say(format!("routing: iteration {}, {} overused wires ({:.0} s)", r.iter, r.overused, t0.elapsed().as_secs_f64()));
        }
        told = p.len();
        let _ = heatmap(dir, fewest(&p).map(|b| b.iter));
        stuck = stalled(&p);
        stuck.is_some()
    })?;
    // The message after nextpnr is stopped: no heatmap is being written then.
    Ok(match (out, stuck) {
        (Some(o), _) => Routed::Exited(o),
        (None, Some((best, last))) => Routed::Stuck(stuck_message(dir, best, last)),
        (None, None) => Routed::TimedOut,
    })
}

/// The blocks [`stuck_message`] names.
const SHOWN_BLOCKS: usize = 8;

/// Why the routing was stopped and what is congested, from the heatmap of the iteration
/// with the fewest overused wires (the newest if that one is gone).
pub fn stuck_message(dir: &Path, best: RouterIter, last: RouterIter) -> String {
    let mut m = format!(
        "routing failed: router2 is not converging: {} overused wires at iteration {}, none fewer in the {} iterations since (the last, {}: {}); the design is too congested for the device",
        best.overused,
        best.iter,
        last.iter - best.iter,
        last.iter,
        last.overused
    );
    if let Some((i, path)) = heatmap(dir, Some(best.iter)) {
        if let Ok(csv) = std::fs::read_to_string(&path) {
            let (blocks, total) = congested_blocks(&csv, 3);
            let top: Vec<String> = blocks.iter().take(SHOWN_BLOCKS).map(|(b, n)| format!("{b} {n}")).collect();
            m += &format!(
                "; overused net-wires at iteration {i} by block ({total} in all; {}): {}",
                path.display(),
                top.join(", ")
            );
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iters(v: &[(u32, u64)]) -> Vec<RouterIter> {
        v.iter().map(|&(iter, overused)| RouterIter { iter, overused }).collect()
    }

    #[test]
    fn placement_steps_are_read_from_nextpnr_log_lines() {
        // Lines of the stop-48 board's log: the static placer's own `iter=` lines are not
        // router iterations, and the router's lines are not placement steps.
        let log = "Info: Running Static placer...\n\
                   Info: iter=1 steplen=0.705860 a=1.618034 penalty=[0.00, 0.00, 0.00, 0.00]\n\
                   Info: Running simulated annealing placer for refinement.\n\
                   Info: Max frequency for clock '$glbnet$board.clock': 11.56 MHz (PASS at 10.00 MHz)\n\
                   Info: Running router2...\n\
                   Info:     iter=1 wires=967154 overused=76613 overuse=92158 archfail=NA\n";
        assert_eq!(
            placement_steps(log),
            [
                "Running Static placer",
                "Running simulated annealing placer for refinement",
                "Max frequency for clock '$glbnet$board.clock': 11.56 MHz (PASS at 10.00 MHz)"
            ]
        );
        assert_eq!(router2_progress(log), iters(&[(1, 76613)]));
    }

    #[test]
    fn progress_is_read_from_nextpnr_log_lines() {
        let log = "Info: Running main router loop...\n\
                   Info:     iter=1 wires=1010064 overused=83334 overuse=99248 archfail=NA\n\
                   Info:     iter=2 wires=1049752 overused=51771 overuse=55561 archfail=NA\n\
                   Info:            |   (re-)routed arcs  |\n";
        assert_eq!(router2_progress(log), iters(&[(1, 83334), (2, 51771)]));
    }

    #[test]
    fn stuck_only_after_the_window_without_a_new_fewest() {
        // Stop 45's board: fewest at iteration 10, then rising.
        let mut p: Vec<(u32, u64)> = vec![(1, 96_000), (5, 22_000), (10, 14_216)];
        for i in 11..30 {
            p.push((i, 14_300 + i as u64));
        }
        assert_eq!(stalled(&iters(&p)), None, "19 iterations after the fewest");
        p.push((30, 14_400));
        let (best, last) = stalled(&iters(&p)).expect("20 iterations after the fewest");
        assert_eq!((best.iter, best.overused, last.iter), (10, 14_216, 30));
        // A routing that keeps finding fewer overused wires, however slowly, goes on.
        let slow: Vec<(u32, u64)> = (1..100).map(|i| (i, 100_000 - i as u64)).collect();
        assert_eq!(stalled(&iters(&slow)), None);
        // An equal count later is not progress.
        let flat: Vec<(u32, u64)> = (1..=21).map(|i| (i, 9_000)).collect();
        assert_eq!(stalled(&iters(&flat)).map(|(b, l)| (b.iter, l.iter)), Some((1, 21)));
        assert_eq!(stalled(&[]), None);
    }

    #[test]
    fn congestion_is_summed_by_block() {
        let csv = "$PACKER_GND_NET,171\n\
                   board.sm.lanes$5.rf.set0.m$0.mem.0.0_DOA0[1],22\n\
                   board.sm.lanes$5.rf.set1.q[3],8\n\
                   board.sm.lsu.m_v_LUT4_Z_14_D_LUT4_Z_C[1],26\n\
                   board.ram_wd[7],5\n\
                   not a line\n";
        let (blocks, total) = congested_blocks(csv, 3);
        assert_eq!(total, 232);
        assert_eq!(
            blocks,
            vec![
                ("$PACKER_GND_NET".to_string(), 171),
                ("board.sm.lanes$5".to_string(), 30),
                ("board.sm.lsu".to_string(), 26),
                ("board.ram_wd".to_string(), 5)
            ]
        );
        assert_eq!(block_of("board.sm.lsu.m_v_LUT4_Z_14_D[1]", 4), "board.sm.lsu.m_v");
    }

    #[test]
    fn the_newest_heatmap_and_the_fewest_iterations_are_kept() {
        let dir = std::env::temp_dir().join(format!("heddle-route-watch-{}", std::process::id()));
        let heat = dir.join(HEATMAP_PREFIX).parent().unwrap().to_path_buf();
        std::fs::create_dir_all(&heat).unwrap();
        for i in [1, 2, 3, 10] {
            std::fs::write(heat.join(format!("h_congestion_by_net_{i}.csv")), format!("board.sm.lsu.x,{i}\n")).unwrap();
            std::fs::write(heat.join(format!("h_congestion_by_coordinate_{i}.csv")), "0,\n").unwrap();
        }
        // Iteration 2 had the fewest overused wires: its set stays beside the newest.
        let (i, path) = heatmap(&dir, Some(2)).expect("a heatmap");
        assert_eq!(i, 2);
        assert_eq!(std::fs::read_to_string(path).unwrap(), "board.sm.lsu.x,2\n");
        let left = || {
            let mut v: Vec<String> = std::fs::read_dir(&heat).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().to_string()).collect();
            v.sort();
            v
        };
        assert_eq!(
            left(),
            ["h_congestion_by_coordinate_10.csv", "h_congestion_by_coordinate_2.csv", "h_congestion_by_net_10.csv", "h_congestion_by_net_2.csv"]
        );
        let m = stuck_message(&dir, RouterIter { iter: 2, overused: 900 }, RouterIter { iter: 22, overused: 950 });
        assert!(m.contains("900 overused wires at iteration 2") && m.contains("at iteration 2 by block") && m.contains("board.sm.lsu 2"), "{m}");
        // Without the fewest's set (removed earlier), the newest is shown.
        assert_eq!(heatmap(&dir, Some(1)).map(|h| h.0), Some(10));
        assert_eq!(left(), ["h_congestion_by_coordinate_10.csv", "h_congestion_by_net_10.csv"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
