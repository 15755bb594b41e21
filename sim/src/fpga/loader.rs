//! The host loader: runs a launch file on the board (a real one on a tty, or the simulated
//! one) through the board's memory map (`heddle_hw::ulx3s`), and checks it against the
//! golden SM. Steps: identify the board (its ID and the hash of its configuration), lay the
//! launch out in the board's memory (global buffers at the addresses the golden SM uses,
//! then the parameter block, the constant bank and local memory; an error names what does
//! not fit), upload, load the program and the launch registers through the SM's host
//! interface, launch, wait (with progress), read back the outputs, the clock and the
//! performance counters, and compare the outputs with the golden SM's.
use super::bone::Bone;
use super::serial::SerialPort;
use super::LinkError;
use crate::gsm::{self, GlobalMem};
use crate::runners::sm::{launch_program, local_shift, SmFault};
use heddle_hw::sm::{counters, host};
use heddle_hw::ulx3s::{self, map, reg, BoardConfig};

/// What the board says it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardInfo {
    pub id: u32,
    pub version: u32,
    pub hash: u32,
    pub mem_bytes: u32,
    pub clock_hz: u32,
    pub baud: u32,
}

/// Errors of a run on the board.
#[derive(Debug, Clone, PartialEq)]
pub enum FpgaError {
    /// Nothing answers on the port.
    NoBoard { port: String, cause: LinkError },
    /// Something answers, but not a heddle board.
    NotHeddle { id: u32 },
    /// A heddle board with another bitstream: both configurations' hashes.
    IdMismatch { board: BoardInfo, expected_hash: u32, expected: String },
    /// The launch does not fit the board: what does not.
    DoesNotFit(String),
    /// The link failed during the run.
    Link(LinkError),
    /// The kernel faulted on the board (and what the golden SM did).
    KernelFault { fault: SmFault, at: String, golden: String },
    /// The board's outputs differ from the golden SM's.
    Mismatch(String),
    /// Anything else (the launch file, the PTX, the golden SM).
    Other(String),
}

impl std::fmt::Display for FpgaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FpgaError::NoBoard { port, cause } => write!(f, "no board answers on {port}: {cause} (is the board plugged in, its bitstream loaded (`heddle fpga flash`), the port the right one?)"),
            FpgaError::NotHeddle { id } => write!(f, "the device on the port answers ID 0x{id:08x}, not a heddle board (0x{:08x}): load heddle's bitstream with `heddle fpga flash`", ulx3s::BOARD_ID),
            FpgaError::IdMismatch { board, expected_hash, expected } => write!(
                f,
                "the board runs another bitstream: its configuration hash is 0x{:08x} (map version {}, {} bytes of memory, {} Hz, {} baud), this loader's is 0x{expected_hash:08x} ({expected}); rebuild and flash (`heddle fpga build`, `heddle fpga flash`) or pass the board's parameters",
                board.hash, board.version, board.mem_bytes, board.clock_hz, board.baud
            ),
            FpgaError::DoesNotFit(m) => write!(f, "the launch does not fit the board: {m}"),
            FpgaError::Link(e) => write!(f, "the serial link failed: {e}"),
            FpgaError::KernelFault { fault, at, golden } => write!(f, "the SM on the board faulted: {fault} at {at}; the golden SM: {golden}"),
            FpgaError::Mismatch(m) => write!(f, "the board's outputs differ from the golden SM's: {m}"),
            FpgaError::Other(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for FpgaError {}

impl From<LinkError> for FpgaError {
    fn from(e: LinkError) -> Self {
        FpgaError::Link(e)
    }
}

/// Options of a run on the board.
#[derive(Debug, Clone, Copy)]
pub struct BoardOpts {
    /// The SM's watchdog (clocks after the launch before it faults; 0: off).
    pub watchdog: u32,
    /// Seconds (the board's) to wait for the kernel before giving up.
    pub timeout_s: f64,
    /// Times a read is asked again after a timeout or a framing error.
    pub max_retries: u32,
}

impl Default for BoardOpts {
    fn default() -> Self {
        BoardOpts { watchdog: 4_000_000, timeout_s: 60.0, max_retries: 3 }
    }
}

/// A window of the board's memory for one of the SM's spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub space: u8,
    pub base: u32,
    pub bytes: u32,
}

/// The result of a run on the board.
pub struct BoardRun {
    /// The golden report with the outputs read from the board (equal to the golden SM's).
    pub report: gsm::launch::RunReport,
    pub board: BoardInfo,
    pub windows: Vec<Window>,
    /// The SM's clocks of the launch (its `cycles` counter) and its performance counters.
    pub cycles: u64,
    pub counters: Vec<u32>,
    /// Bytes to and from the board, reads asked again.
    pub bytes_out: u64,
    pub bytes_in: u64,
    pub retries: u32,
    /// Seconds (the port's time: the board's when simulated) of the upload, the run, the
    /// read-back, and in all.
    pub upload_s: f64,
    pub run_s: f64,
    pub readback_s: f64,
    pub total_s: f64,
}

/// Register writes grouped into runs of consecutive registers, each run one burst on the
/// link (the launch registers are contiguous: one command writes them all).
fn register_runs(regs: &[(u16, u32)]) -> Vec<(u16, Vec<u32>)> {
    let mut runs: Vec<(u16, Vec<u32>)> = Vec::new();
    for &(r, v) in regs {
        match runs.last_mut() {
            Some((start, vs)) if *start as usize + vs.len() == r as usize => vs.push(v),
            _ => runs.push((r, vec![v])),
        }
    }
    runs
}

/// Reads `want.len()` words from `addr` and checks they are `want` (a write the link lost
/// is an error, not a wrong run).
fn read_back(bone: &mut Bone, addr: u32, want: &[u32], what: &str) -> Result<(), FpgaError> {
    let got = bone.read(addr, want.len())?;
    if let Some(i) = (0..want.len()).find(|&i| got[i] != want[i]) {
        return Err(FpgaError::Link(LinkError::Port(format!(
            "{what}: word address 0x{:08x} read back as 0x{:08x}, written as 0x{:08x} (word {i} of {} written from 0x{addr:08x}): a write was lost on the link",
            addr + i as u32,
            got[i],
            want[i],
            want.len()
        ))));
    }
    Ok(())
}

/// Reads the board's registers and checks it is the board of configuration `expected`.
pub fn identify(bone: &mut Bone, expected: &BoardConfig) -> Result<BoardInfo, FpgaError> {
    let w = match bone.read(map::BOARD + reg::ID, 6) {
        Ok(w) => w,
        Err(cause @ LinkError::Timeout { .. }) => return Err(FpgaError::NoBoard { port: bone.port.describe(), cause }),
        Err(e) => return Err(FpgaError::Link(e)),
    };
    let info = BoardInfo { id: w[0], version: w[1], hash: w[2], mem_bytes: w[3], clock_hz: w[4], baud: w[5] };
    if info.id != ulx3s::BOARD_ID {
        return Err(FpgaError::NotHeddle { id: info.id });
    }
    let want = ulx3s::config_hash(expected);
    if info.hash != want {
        return Err(FpgaError::IdMismatch {
            board: info,
            expected_hash: want,
            expected: format!("map version {}, {} bytes of memory, {} Hz, {} baud, SM {}", ulx3s::MAP_VERSION, expected.mem_bytes(), expected.clock_hz, expected.baud, expected.sm.name),
        });
    }
    Ok(info)
}

fn align(x: u32, a: u32) -> u32 {
    x.div_ceil(a) * a
}

fn words_of(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks(4).map(|c| {
        let mut w = [0u8; 4];
        w[..c.len()].copy_from_slice(c);
        u32::from_le_bytes(w)
    }).collect()
}

/// Lays out launch `p` in a board memory of `mem_bytes` bytes: the windows, or what does
/// not fit (a CTA the board's SM cannot hold, by the golden SM's launch checks
/// [`gsm::check_launch`], or the memory).
pub fn layout(p: &gsm::launch::Prepared, sm: &heddle_hw::config::SmConfig, mem_bytes: u32) -> Result<Vec<Window>, FpgaError> {
    use heddle_hw::isa::space;
    gsm::check_launch(&p.k, &p.l, &gsm::Config::of(sm)).map_err(|f| {
        let [x, y, z] = p.l.block;
        FpgaError::DoesNotFit(format!("CTAs of {x} x {y} x {z} threads on the board's SM ({}, {} warps): {}", sm.name, sm.warps, f.msg))
    })?;
    let gend = align(p.mem.bufs.last().map_or(GlobalMem::FIRST, |(a, b)| a + b.len() as u32), 256);
    let pbytes = align(p.l.params.len().max(4) as u32, 4);
    let pbase = gend;
    let cbase = align(pbase + pbytes, 256);
    let cbytes = align(p.l.constant.len().max(4) as u32, 4);
    let lbase = align(cbase + cbytes, 256);
    let lbytes = ((32 * sm.warps) as u64) << local_shift(p.k.local_bytes);
    let total = lbase as u64 + lbytes;
    if total > mem_bytes as u64 {
        let bufs: Vec<String> = p.addr.iter().map(|(n, a)| format!("{n} {} bytes", p.mem.buffer(*a).map_or(0, |b| b.len()))).collect();
        return Err(FpgaError::DoesNotFit(format!(
            "the global buffers end at byte {gend} ({}), then {pbytes} bytes of parameters, {cbytes} bytes of constants and {lbytes} bytes of local memory ({} warp slots x 32 threads x {} bytes): {total} bytes; the board has {mem_bytes}",
            bufs.join(", "),
            sm.warps,
            1u64 << local_shift(p.k.local_bytes)
        )));
    }
    Ok(vec![
        Window { space: space::GLOBAL, base: 0, bytes: gend },
        Window { space: space::LOCAL, base: lbase, bytes: lbytes as u32 },
        Window { space: space::CONST, base: cbase, bytes: cbytes },
        Window { space: space::PARAM, base: pbase, bytes: pbytes },
    ])
}

/// Runs launch file `path` on the board behind `port` (of configuration `expected`) and
/// compares its outputs with the golden SM's. `progress` gets the SM's clock and the
/// port's seconds now and then while the kernel runs.
pub fn run_launch(
    port: &mut dyn SerialPort,
    path: &std::path::Path,
    expected: &BoardConfig,
    opts: BoardOpts,
    mut progress: Option<&mut dyn FnMut(u64, f64)>,
) -> Result<BoardRun, FpgaError> {
    let p = gsm::launch::prepare(path).map_err(FpgaError::Other)?;
    let sm = expected.sm;
    let (words, regs) = launch_program(&p.k, &p.l, opts.watchdog, 1 << sm.imem_log2).map_err(FpgaError::DoesNotFit)?;
    // The golden SM first (it takes a moment): what the board must produce.
    let gcfg = gsm::Config { watchdog: if opts.watchdog == 0 { u64::MAX } else { opts.watchdog as u64 }, ..gsm::Config::of(&sm) };
    let mut golden_mem = p.mem.clone();
    let golden = gsm::run(&p.k, &p.l, &mut golden_mem, &gcfg, &mut gsm::GoldenFpUnits, false);
    let t0 = port.now_s();
    let mut bone = Bone::new(port, expected.baud, expected.cmd_timeout() as f64 / expected.clock_hz as f64);
    bone.max_retries = opts.max_retries;
    let board = identify(&mut bone, expected)?;
    let windows = layout(&p, &sm, board.mem_bytes)?;
    // The SM's host interface: its ID and configuration.
    let sm_id = bone.read(map::SM + host::reg::ID as u32, 2)?;
    if sm_id[0] != host::ID {
        return Err(FpgaError::Other(format!("the board's SM answers ID 0x{:08x}, not heddle's SM (0x{:08x})", sm_id[0], host::ID)));
    }
    let (version, imem_log2) = host::config_version_and_imem_log2(sm_id[1]);
    if version != host::MAP_VERSION || imem_log2 as usize != sm.imem_log2 {
        return Err(FpgaError::Other(format!("the board's SM has configuration word 0x{:08x} (map version {version}, 2^{imem_log2} instructions), not this loader's", sm_id[1])));
    }
    // Memory: the buffers, the parameters, the constants, local memory zeroed; the windows.
    for (base, bytes) in &p.mem.bufs {
        bone.write(map::MEM + base / 4, &words_of(bytes))?;
    }
    let w = |s: u8| windows.iter().find(|x| x.space == s).copied().unwrap();
    use heddle_hw::isa::space;
    bone.write(map::MEM + w(space::PARAM).base / 4, &words_of(&p.l.params))?;
    bone.write(map::MEM + w(space::CONST).base / 4, &words_of(&p.l.constant))?;
    let lw = w(space::LOCAL);
    bone.write(map::MEM + lw.base / 4, &vec![0; lw.bytes as usize / 4])?;
    let bases: Vec<u32> = ulx3s::SPACES.iter().map(|s| w(*s).base).collect();
    let limits: Vec<u32> = ulx3s::SPACES.iter().map(|s| w(*s).bytes).collect();
    bone.write(map::BOARD + reg::SPACE_BASE, &bases)?;
    bone.write(map::BOARD + reg::SPACE_LIMIT, &limits)?;
    read_back(&mut bone, map::BOARD + reg::SPACE_BASE, &[bases, limits].concat(), "the memory windows")?;
    // The program (two words per instruction) and the launch registers, then the launch.
    let prog: Vec<u32> = words.iter().flat_map(|x| [*x as u32, (*x >> 32) as u32]).collect();
    bone.write(map::SM + host::reg::IMEM as u32, &prog)?;
    let runs = register_runs(&regs);
    for (r, vs) in &runs {
        bone.write(map::SM + *r as u32, vs)?;
    }
    for (r, vs) in &runs {
        read_back(&mut bone, map::SM + *r as u32, vs, "the launch registers")?;
    }
    let t_up = bone.port.now_s();
    bone.write(map::SM + host::reg::CONTROL as u32, &[1])?;
    // Wait for the end.
    let st = loop {
        let st = bone.read(map::SM + host::reg::STATUS as u32, 1)?[0];
        if st & host::status::REFUSED != 0 {
            return Err(FpgaError::Other("the SM refused a write of the launch (it was still running a launch)".into()));
        }
        if st & host::status::BUSY == 0 && st & (host::status::DONE | host::status::FAULT) != 0 {
            break st;
        }
        let t = bone.port.now_s() - t_up;
        if t > opts.timeout_s {
            let clock = bone.read(map::SM + host::reg::CLOCK as u32, 1)?[0];
            return Err(FpgaError::Other(format!("the kernel has not finished after {t:.1} s ({clock} clocks; status 0x{st:x}); the SM's watchdog ({} clocks) did not stop it either", opts.watchdog)));
        }
        if let Some(pr) = progress.as_mut() {
            let clock = bone.read(map::SM + host::reg::CLOCK as u32, 1)?[0];
            pr(clock as u64, t);
        }
    };
    let t_run = bone.port.now_s();
    let counters = bone.read(map::SM + host::reg::COUNTERS as u32, counters::COUNT)?;
    let cycles = counters[counters::CYCLES] as u64;
    if st & host::status::FAULT != 0 {
        let f = bone.read(map::SM + host::reg::FAULT_KIND as u32, 5)?;
        let fault = SmFault { kind: f[0] as u8, warp: f[1], pc: f[2], lane: f[3], addr: f[4] };
        let golden = match &golden {
            Ok(_) => "finished without a fault".to_string(),
            Err(g) => g.to_string(),
        };
        return Err(FpgaError::KernelFault { fault, at: p.k.where_(fault.pc as usize), golden });
    }
    // The outputs: every buffer read back.
    let mut board_mem = GlobalMem::default();
    for (base, bytes) in &p.mem.bufs {
        let n = bytes.len().div_ceil(4);
        let got = bone.read(map::MEM + base / 4, n)?;
        let mut b: Vec<u8> = got.iter().flat_map(|x| x.to_le_bytes()).collect();
        b.truncate(bytes.len());
        board_mem.bufs.push((*base, b));
    }
    let t_back = bone.port.now_s();
    let g = golden.map_err(|g| FpgaError::Mismatch(format!("the board finished, the golden SM faulted: {g}")))?;
    for ((base, want), (_, got)) in golden_mem.bufs.iter().zip(&board_mem.bufs) {
        if want != got {
            let name = p.addr.iter().find(|(_, a)| **a == *base).map_or("?".to_string(), |(n, _)| n.clone());
            let i = want.iter().zip(got).position(|(a, b)| a != b).unwrap_or(0);
            let n = want.iter().zip(got).filter(|(a, b)| a != b).count();
            return Err(FpgaError::Mismatch(format!(
                "buffer {name} (0x{base:08x}): {n} of {} bytes differ, the first at byte {i}: golden 0x{:02x}, board 0x{:02x}",
                want.len(),
                want[i],
                got[i]
            )));
        }
    }
    let report = gsm::launch::report(&p.lf, &p.k, &board_mem, &p.addr, &g, &sm, None).map_err(FpgaError::Other)?;
    Ok(BoardRun {
        report,
        board,
        windows,
        cycles,
        counters,
        bytes_out: bone.bytes_out,
        bytes_in: bone.bytes_in,
        retries: bone.retries,
        upload_s: t_up - t0,
        run_s: t_run - t_up,
        readback_s: t_back - t_run,
        total_s: t_back - t0,
    })
}

#[cfg(test)]
mod tests {
    use super::register_runs;

    #[test]
    fn consecutive_registers_make_one_run() {
        let runs = register_runs(&[(4, 1), (5, 2), (6, 3), (9, 4), (10, 5), (2, 6)]);
        assert_eq!(runs, vec![(4, vec![1, 2, 3]), (9, vec![4, 5]), (2, vec![6])]);
    }
}
