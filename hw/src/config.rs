//! The SM configuration: every size of the SM in one place, with named presets. The hw
//! type aliases (`lib.rs`), the scheduler's issue timing, the golden models' configurations
//! and the testbenches' configurations are all built from a preset here, so the G80's
//! numbers are written once.
//!
//! Presets:
//! - [`G80`]: the reference SM of the seeds (Patterson & Hennessy C.4 and C.7): 8 SPs,
//!   2 SFUs, 1 FMA unit, warps of 32 threads, up to 24 warps, 8192 registers, 16 KB of
//!   shared memory, a 32-entry branch-synchronization stack per warp.
//! - [`TINY`]: 4 warps, stack depth 4, for tests that must reach every limit quickly.
//! - [`SM_SMALL`]: the FPGA board's SM: the G80 with 16 warps (the fewest that still run a
//!   CTA of 512 threads, as the example kernels launch), which shrinks the scheduler and
//!   the predicate file by a third, 2 SPs (each lane group in four passes; 4 SPs in two
//!   passes before stop 45) with `mul.f32` on them, without the SFUs' multipliers, one
//!   SFU, no binary64 on the FMA unit, and
//!   shared memory in quarter-warp requests (8 lanes a request). Its measured size is in
//!   docs/sm.md.
//!
//! Derived parameters (stack pointer and RAM address widths, shared-memory row bits, unit
//! occupancies) are `const fn`s, so they can be const-generic arguments:
//! `sched_sized!(sched::WarpSched, G80)` in `lib.rs`. [`SmConfig::checked`] asserts the limits
//! every block relies on; the presets are checked at compile time.

/// The sizes of one SM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmConfig {
    /// Preset name (`g80`).
    pub name: &'static str,
    /// Scalar processor cores (SP datapaths): a warp-instruction runs over them in
    /// `lanes / sps` clocks. 8, 4 or 2 (each datapath serves 8 / sps of the register file's
    /// [`RF_LANES`] lanes, a lane group in 8 / sps passes: docs/sm.md, "Two-pass SP
    /// lanes").
    pub sps: usize,
    /// Special function units, one special function result per clock each.
    pub sfus: usize,
    /// `mul.f32` multipliers per SFU; 0: `mul.f32` runs on the SPs (no dual issue).
    pub sfu_multipliers: usize,
    /// FMA units (binary64 and fused binary32), one lane per clock each.
    pub fmas: usize,
    /// Whether the FMA unit runs the binary64 ops (`dfma dadd dmul dcvt`, register pairs,
    /// one lane every two clocks); without them those ops fault `not-supported`, in the
    /// golden SM of the configuration as in the RTL SM.
    pub fp64: bool,
    /// Threads per warp (1..=32).
    pub lanes: usize,
    /// Warps resident on the SM (1..=32).
    pub warps: usize,
    /// 32-bit registers of the SM, partitioned among threads by the kernel's demand.
    pub regs: usize,
    /// Bytes of shared memory (16 banks of 32-bit words; a power of two, 64 bytes or more).
    pub shared_bytes: usize,
    /// Lanes a shared-memory request serves: 16 (a half-warp, compute capability 1.x's
    /// bank-conflict unit) or 8 (a quarter-warp: half the shared memory's crossbars, a warp
    /// access in four requests; docs/sm.md, "Shared memory in quarter-warps"). Bank
    /// conflicts are counted among the lanes of one request.
    pub smem_lanes: usize,
    /// Threads a CTA may have.
    pub max_threads_per_cta: usize,
    /// CTA slots: CTAs resident at once (1..=8).
    pub cta_slots: usize,
    /// log2 of each warp's stack entries per RAM bank: a stack of `2^(stack_log2 + 1)`
    /// entries, the top of stack included.
    pub stack_log2: usize,
    /// Scoreboard entries (pending destinations) per warp (1..=4).
    pub scoreboard_entries: usize,
    /// Issue slots a memory warp-instruction occupies the memory pipeline for.
    pub mem_slots: u8,
    /// A ready warp denied this many times becomes urgent (0..=15): the starvation bound.
    pub urgent_after: u8,
    /// log2 of the instruction memory's 64-bit words: the largest kernel the SM holds.
    pub imem_log2: usize,
}

/// SP clocks per issue slot (the scheduler issues to SP and SFU on alternate clocks).
pub const CLOCKS_PER_SLOT: usize = 2;

/// Shared-memory banks (compute capability 1.x: bank = word address mod 16).
pub const SMEM_BANKS: usize = 16;

/// Register-file lanes: thread l's registers are in lane l mod 8 (docs/sm.md, "Register
/// file"), whatever the number of SP datapaths.
pub const RF_LANES: usize = 8;

/// Register-file bank sets: lane group g of a warp lives in set g mod 2, so the SPs, which
/// take one lane group a clock, use each set's ports every other clock and leave the other
/// clocks to the SFU, FMA and memory units (docs/sm.md, "Register file").
pub const RF_BANK_SETS: usize = 2;

/// The G80 SM of the seeds.
pub const G80: SmConfig = SmConfig {
    name: "g80",
    sps: 8,
    sfus: 2,
    sfu_multipliers: 4,
    fmas: 1,
    fp64: true,
    lanes: 32,
    warps: 24,
    regs: 8192,
    shared_bytes: 16384,
    smem_lanes: 16,
    max_threads_per_cta: 512,
    cta_slots: 8,
    stack_log2: 4,
    scoreboard_entries: 4,
    mem_slots: 2,
    urgent_after: 8,
    imem_log2: 12,
}
.checked();

/// Issue slots for `clocks` SP clocks.
const fn slots(clocks: usize) -> u8 {
    clocks.div_ceil(CLOCKS_PER_SLOT) as u8
}

/// A tiny SM for tests and sweeps that must reach every limit quickly: 4 warps, a stack of
/// 4 entries (overflows after one divergence), 2 scoreboard entries, 2 CTA slots.
pub const TINY: SmConfig = SmConfig {
    name: "tiny",
    warps: 4,
    regs: 1024,
    shared_bytes: 1024,
    max_threads_per_cta: 128,
    cta_slots: 2,
    stack_log2: 1,
    scoreboard_entries: 2,
    ..G80
}
.checked();

/// The FPGA board's SM (issue 19): the G80 SM with 16 warps, so that a CTA of
/// `max_threads_per_cta` = 512 threads is still resident, 4 SP datapaths (8 clocks per
/// warp-instruction) with `mul.f32` on them rather than on the SFUs' multipliers, and one
/// SFU (32 clocks per special function), without binary64 (its conversions, operand
/// pairs and result words), and with shared-memory requests of 8 lanes (half the
/// crossbars), to fit the ECP5-85F (docs/sm.md, "Configurations").
pub const SM_SMALL: SmConfig =
    SmConfig { name: "sm_small", warps: 16, sps: 2, sfus: 1, sfu_multipliers: 0, fp64: false, smem_lanes: 8, ..G80 }.checked();

/// Every preset, for listings and lookups by name.
pub const PRESETS: [SmConfig; 3] = [G80, TINY, SM_SMALL];

impl SmConfig {
    /// Asserts the limits the blocks rely on (at compile time for a `const`).
    pub const fn checked(self) -> Self {
        assert!(self.lanes >= 1 && self.lanes <= 32, "SmConfig: 1..=32 lanes");
        assert!(self.warps >= 1 && self.warps <= 32, "SmConfig: 1..=32 warps");
        assert!(self.sps >= 1 && self.lanes % self.sps == 0, "SmConfig: sps must divide lanes");
        assert!(
            self.sps == RF_LANES || self.sps * 2 == RF_LANES || self.sps * 4 == RF_LANES,
            "SmConfig: 8 SPs, or 4 (two passes), or 2 (four passes)"
        );
        assert!(self.sfus >= 1 && self.lanes % self.sfus == 0, "SmConfig: sfus must divide lanes");
        assert!(self.fmas >= 1 && self.lanes % self.fmas == 0, "SmConfig: fmas must divide lanes");
        assert!(self.smem_lanes == 16 || self.smem_lanes == 8, "SmConfig: shared-memory requests of 16 or 8 lanes");
        assert!(self.cta_slots >= 1 && self.cta_slots <= 8, "SmConfig: 1..=8 CTA slots");
        assert!(self.scoreboard_entries >= 1 && self.scoreboard_entries <= 4, "SmConfig: 1..=4 scoreboard entries");
        assert!(self.stack_log2 >= 1 && self.stack_log2 <= 8, "SmConfig: stack of 4..=512 entries");
        assert!(self.urgent_after <= 15, "SmConfig: urgent_after 0..=15");
        assert!(self.mem_slots >= 1 && self.mem_slots <= 31, "SmConfig: mem_slots 1..=31");
        assert!(self.imem_log2 >= 6 && self.imem_log2 <= 14, "SmConfig: 64..=16384 instruction words");
        assert!(
            self.shared_bytes.is_power_of_two() && self.shared_bytes >= 4 * SMEM_BANKS,
            "SmConfig: shared memory a power of two, one word per bank or more"
        );
        assert!(self.max_threads_per_cta >= 1 && self.max_threads_per_cta <= self.warps * self.lanes, "SmConfig: a CTA fits the SM");
        assert!(self.regs >= self.lanes, "SmConfig: at least one register per thread of a warp");
        assert!(
            self.regs.is_power_of_two() && self.regs % (RF_BANK_SETS * RF_LANES) == 0,
            "SmConfig: registers a power of two, split evenly over the SP lanes' banks"
        );
        let occ = self.occupancies();
        let mut i = 0;
        while i < occ.len() {
            assert!(occ[i] >= 1 && occ[i] <= 31, "SmConfig: unit occupancies 1..=31 slots");
            i += 1;
        }
        self
    }

    /// Branch-synchronization stack entries per warp, the top of stack included.
    pub const fn stack_depth(&self) -> usize {
        2 << self.stack_log2
    }

    /// Width of a warp's stack pointer (`SPW` of the scheduler blocks).
    pub const fn stack_pointer_bits(&self) -> usize {
        self.stack_log2 + 1
    }

    /// Address width of the stack RAM banks: 32 warp rows of `2^stack_log2` entries (`AW`).
    pub const fn stack_addr_bits(&self) -> usize {
        5 + self.stack_log2
    }

    /// log2 of the words per register-file bank: [`RF_BANK_SETS`] banks per register-file
    /// lane (docs/sm.md, "Register file").
    pub const fn rf_bank_addr_bits(&self) -> usize {
        (self.regs / (RF_BANK_SETS * RF_LANES)).trailing_zeros() as usize
    }

    /// Passes of a lane group through the SP datapaths: 1 (8 SPs), 2 (4 SPs) or 4 (2 SPs).
    pub const fn sp_passes(&self) -> usize {
        RF_LANES / self.sps
    }

    /// log2 of the words per shared-memory bank (`WA` of `SharedMem`).
    pub const fn smem_row_bits(&self) -> usize {
        (self.shared_bytes / 4 / SMEM_BANKS).trailing_zeros() as usize
    }

    /// Issue slots a warp-instruction occupies its unit for, by unit class: SP, SFU (special
    /// functions), SFUMUL (`mul.f32` on the SFUs' multipliers), FMA, MEM. A warp of `lanes`
    /// threads takes `lanes / units` clocks on `units` lanes of hardware. Without SFU
    /// multipliers no instruction is of class SFUMUL; its occupancy is the SFU's.
    pub const fn occupancies(&self) -> [u8; 5] {
        let multipliers = if self.sfu_multipliers == 0 { 1 } else { self.sfu_multipliers };
        [
            slots(self.lanes / self.sps),
            slots(self.lanes / self.sfus),
            slots(self.lanes / (self.sfus * multipliers)),
            slots(self.lanes / self.fmas),
            self.mem_slots,
        ]
    }

    /// The preset called `name`.
    pub fn preset(name: &str) -> Option<SmConfig> {
        PRESETS.iter().copied().find(|c| c.name == name)
    }
}
