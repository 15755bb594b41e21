//! Shared memory (issue #6): the golden banking model against the DESIGN.md numbers and an
//! independent brute-force formulation, the directed cases through the hw block (step
//! counts, same-word store winner, sign/zero extension, faults), and random requests
//! co-simulated in Verilator, Icarus and at gate level. Larger sweeps:
//! `heddle cosim shared_mem --vectors 1000000`.
use heddle_sim::golden::shared_mem::{brute, fault_mask, schedule, HalfWarp, SharedMemModel, SIZE_16, SIZE_32, SIZE_8};
use heddle_sim::runners::shared_mem::{random_request, SharedMemDriver, MEM_BYTES, WORDS_PER_BANK};
use heddle_sim::runners::{self, Replays};
use heddle_sim::vectors::Rng;

fn load(size: u32, addr: impl Fn(u32) -> u32) -> HalfWarp {
    HalfWarp {
        store: false,
        size,
        signed: false,
        active: 0xffff,
        addr: std::array::from_fn(|l| addr(l as u32)),
        data: [0; 16],
    }
}

fn store(size: u32, addr: impl Fn(u32) -> u32) -> HalfWarp {
    HalfWarp {
        store: true,
        data: std::array::from_fn(|l| 0x1000_0000 + l as u32),
        ..load(size, addr)
    }
}

fn steps(r: &HalfWarp) -> u32 {
    schedule(r, r.active & !fault_mask(r, MEM_BYTES)).len() as u32
}

/// The directed cases of the issue, with their exact step counts.
fn directed() -> Vec<(&'static str, HalfWarp, u32)> {
    let mut v = vec![
        ("float stride 1", load(SIZE_32, |l| 4 * l), 1),
        ("float stride 2", load(SIZE_32, |l| 8 * l), 2),
        ("float stride 4", load(SIZE_32, |l| 16 * l), 4),
        ("float stride 8", load(SIZE_32, |l| 32 * l), 8),
        ("float stride 16", load(SIZE_32, |l| 64 * l), 16),
        ("all lanes one address", load(SIZE_32, |_| 0x124), 1),
        ("char indexed by thread", load(SIZE_8, |l| 0x40 + l), 4),
        ("short indexed by thread", load(SIZE_16, |l| 0x40 + 2 * l), 2),
        // 16x16 float tile at 0x400 read by column c: lane l reads tile[l][c].
        (
            "16x16 float tile by column",
            load(SIZE_32, |l| 0x400 + 4 * (16 * l + 5)),
            16,
        ),
        (
            "16x17 padded tile by column",
            load(SIZE_32, |l| 0x400 + 4 * (17 * l + 5)),
            1,
        ),
        ("float stores stride 1", store(SIZE_32, |l| 4 * l), 1),
        ("stores to one address: no broadcast", store(SIZE_32, |_| 0x80), 16),
        ("char stores indexed by thread", store(SIZE_8, |l| l), 4),
    ];
    for s in (3..32).step_by(2) {
        v.push(("float odd stride", load(SIZE_32, move |l| 4 * s * l), 1));
    }
    // A struct of 3 floats, each field read by thread: 1 step per access.
    for f in 0..3 {
        v.push((
            "3-float struct field",
            load(SIZE_32, move |l| 0x800 + 12 * l + 4 * f),
            1,
        ));
    }
    v
}

#[test]
fn golden_reproduces_the_design_numbers() {
    for (what, r, want) in directed() {
        assert_eq!(steps(&r), want, "{what}");
        let mut m = SharedMemModel::new(WORDS_PER_BANK);
        assert_eq!(m.access(&r).steps, want, "{what}");
    }
    // The char case in detail: step 1 serves the broadcast word 0 (lanes 0-3) and lanes
    // 4, 8, 12 of banks 1-3; then word 1's remaining lanes 5-7 with 9 and 13; and so on.
    let r = load(SIZE_8, |l| l);
    assert_eq!(schedule(&r, 0xffff), vec![0x111f, 0x22e0, 0x4c00, 0x8000]);
    assert_eq!(schedule(&load(SIZE_16, |l| 2 * l), 0xffff), vec![0x5557, 0xaaa8]);
}

/// The golden model agrees with the brute-force formulation (byte memory, per-bank lane
/// lists) on 10^6 random requests: data, step counts, faults and final memory contents.
#[test]
fn golden_matches_brute_force() {
    let mut m = SharedMemModel::new(WORDS_PER_BANK);
    let mut bytes = vec![0u8; MEM_BYTES as usize];
    let mut rng = Rng::new(7);
    for i in 0..1_000_000 {
        let r = random_request(&mut rng);
        let got = m.access(&r);
        let (data, steps, fault) = brute::access(&mut bytes, &r);
        assert_eq!(
            (got.data, got.steps, got.fault),
            (data, steps, fault),
            "request {i}: {r:x?}"
        );
    }
    for (w, v) in m.words.iter().enumerate() {
        assert_eq!(v.to_le_bytes(), bytes[4 * w..4 * w + 4], "word {w}");
    }
}

/// The cross-check can fail: a golden model without the load broadcast (a planted rule
/// change) disagrees with the brute force on step counts, and a corrupted byte shows in data.
#[test]
fn brute_force_detects_planted_errors() {
    let r = load(SIZE_32, |_| 0x40);
    let (_, brute_steps, _) = brute::access(&mut vec![0u8; MEM_BYTES as usize], &r);
    assert_eq!((steps(&r), brute_steps), (1, 1));
    let planted = HalfWarp { store: true, ..r };
    assert_ne!(steps(&planted), brute_steps);
    let mut bytes = vec![0u8; MEM_BYTES as usize];
    bytes[0x41] = 1;
    let (data, _, _) = brute::access(&mut bytes, &r);
    assert_ne!(data, SharedMemModel::new(WORDS_PER_BANK).access(&r).data);
}

/// Every directed case through the hw block, with its exact step count.
#[test]
fn hw_directed_step_counts() {
    let mut d = SharedMemDriver::new(11, false).unwrap();
    let cases = directed();
    for (_, r, _) in &cases {
        d.request(r).unwrap_or_else(|e| panic!("{e}"));
    }
    d.drain().unwrap();
    let rs = std::mem::take(&mut d.responses);
    d.discard();
    assert_eq!(rs.len(), cases.len());
    for ((what, _, want), got) in cases.iter().zip(&rs) {
        assert_eq!(got.steps, *want, "{what}");
        assert_eq!(got.fault, 0, "{what}");
    }
}

/// Same-word stores: the highest-numbered active lane wins; lanes storing different
/// bytes of one word all land; then sign and zero extension of 8/16-bit loads.
#[test]
fn hw_same_word_stores_and_extension() {
    let mut d = SharedMemDriver::new(12, false).unwrap();
    let mut all_one = store(SIZE_32, |_| 0x100);
    all_one.active = 0x7ffe; // lanes 1..14
    let bytes = HalfWarp {
        data: std::array::from_fn(|l| 0x80 + l as u32),
        ..store(SIZE_8, |l| 0x200 + l)
    };
    let word_load = |a| HalfWarp {
        active: 1,
        ..load(SIZE_32, move |_| a)
    };
    let ext = |size, signed| HalfWarp {
        signed,
        ..load(size, |l| 0x200 + (l % 4) * (1 << size))
    };
    let reqs = [
        all_one,
        word_load(0x100),
        bytes,
        word_load(0x200),
        ext(SIZE_8, false),
        ext(SIZE_8, true),
        ext(SIZE_16, false),
        ext(SIZE_16, true),
    ];
    for r in &reqs {
        d.request(r).unwrap_or_else(|e| panic!("{e}"));
    }
    d.drain().unwrap();
    let rs = std::mem::take(&mut d.responses);
    d.discard();
    assert_eq!(rs[0].steps, 14);
    assert_eq!(rs[1].data[0], 0x1000_000e, "lane 14 (the highest active) wins");
    assert_eq!(rs[2].steps, 4);
    assert_eq!(rs[3].data[0], 0x8382_8180);
    assert_eq!(rs[4].data[..4], [0x80, 0x81, 0x82, 0x83]);
    assert_eq!(rs[5].data[..4], [0xffff_ff80, 0xffff_ff81, 0xffff_ff82, 0xffff_ff83]);
    assert_eq!(rs[6].data[..2], [0x8180, 0x8382]);
    assert_eq!(rs[7].data[..2], [0xffff_8180, 0xffff_8382]);
}

/// Out-of-range and misaligned lanes are flagged, not served, and never wrap.
#[test]
fn hw_faults() {
    let mut d = SharedMemDriver::new(13, false).unwrap();
    let mut wrap = store(SIZE_32, |l| 4 * l);
    wrap.addr[3] = MEM_BYTES + 12; // would wrap onto lane 3's own word
    let check = HalfWarp {
        active: 0xffff,
        ..load(SIZE_32, |l| 4 * l)
    };
    let mut mis = load(SIZE_16, |l| 2 * l);
    mis.addr[5] = 11;
    mis.addr[6] = 0xffff_fffe;
    let reserved = HalfWarp {
        size: 3,
        active: 0x00f0,
        ..load(SIZE_32, |l| 4 * l)
    };
    let mut word_mis = load(SIZE_32, |l| 4 * l);
    word_mis.addr[15] = 0x102;
    for r in [&wrap, &check, &mis, &reserved, &word_mis] {
        d.request(r).unwrap_or_else(|e| panic!("{e}"));
    }
    d.drain().unwrap();
    let rs = std::mem::take(&mut d.responses);
    d.discard();
    assert_eq!(rs[0].fault, 1 << 3);
    assert_eq!(rs[1].fault, 0);
    assert_eq!(rs[1].data[3], 0, "the faulted store did not wrap onto word 3");
    assert_eq!(rs[1].data[2], 0x1000_0002);
    assert_eq!(rs[2].fault, 0x0060);
    assert_eq!((rs[2].data[5], rs[2].data[6]), (0, 0));
    assert_eq!((rs[3].fault, rs[3].steps), (0x00f0, 0));
    assert_eq!(rs[4].fault, 0x8000);
}

/// Random requests through the hw model against the golden model, then the trace in
/// Requests of 8 lanes (`SharedMem::new(8)`, `sm_small`'s): random 16-lane requests whose
/// lanes 8..15 the unit must ignore, cycle-exact against the golden model of lanes 0..7.
#[test]
fn hw_eight_lane_requests() {
    let mut d = SharedMemDriver::with_lanes(14, true, 8).unwrap();
    let mut rng = Rng::new(14);
    let mut conflicts = 0;
    for _ in 0..3000 {
        let r = random_request(&mut rng);
        d.request(&r).unwrap_or_else(|e| panic!("{e}"));
    }
    d.drain().unwrap();
    for r in std::mem::take(&mut d.responses) {
        assert_eq!(r.data[8..], [0; 8]);
        assert_eq!(r.fault & 0xFF00, 0);
        conflicts += (r.steps > 1) as u32;
    }
    d.discard();
    assert!(conflicts > 300, "{conflicts} requests with bank conflicts");
}

/// Verilator and Icarus at RTL and at gate level (the gate netlist keeps the 16 banks as
/// memory arrays: see `cosim::gate_script`).
#[test]
fn shared_mem_cosim() {
    let replays = Replays { verilator: true, icarus_steps: 10_000, gate: true, icarus_gate_steps: 2_000 };
    let s = runners::shared_mem::shared_mem(10_000, 5, replays).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    assert_eq!(s.vectors, 10_000);
    assert_eq!(s.replays.len(), 4);
    assert!(s.replays.iter().all(|r| r.steps > 0), "{s}");
}
