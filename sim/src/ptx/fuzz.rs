//! A mutation fuzzer for the PTX front end: inputs are real PTX files mutated at the byte
//! and token level (1 to 4 stacked mutations each); every input must give `Ok` or a
//! `PtxError`, never a panic, from the parser and, for the inputs that parse, from the
//! translator (with and without the G80 MAD option).
use crate::vectors::Rng;

/// Results of a fuzzing run.
#[derive(Debug, Clone, Default)]
pub struct FuzzStats {
    pub inputs: u64,
    pub parsed_ok: u64,
    pub rejected: u64,
    /// Inputs that parsed and also translated (every kernel).
    pub translated_ok: u64,
    /// Inputs that panicked (at most 10 kept) with the panic message.
    pub panics: Vec<(Vec<u8>, String)>,
    pub panic_count: u64,
}

/// Tokens worth splicing in: punctuation, edge-case literals, directives.
const EXTRA: &[&str] = &[
    "-", "!", "@", "|", ";", ":", ",", "[", "]", "{", "}", "(", ")", "<", ">", "+", "=", "\"", "/*", "*/", "//", "%",
    ".", "..", "0", "-0", "0x", "0f", "0d", "0fFFFFFFFF", "0d7FF0000000000000", "0xFFFFFFFFFFFFFFFF",
    "18446744073709551616", "9223372036854775808", "-9223372036854775808", "4294967296", "07777", "0b102", "1U",
    ".func", ".entry", ".reg", ".param", ".shared", ".local", ".global", ".const", ".align", ".pragma", ".version",
    ".target", ".address_size", ".visible", ".extern", ".maxntid", ".b8", ".u64", ".pred", ".v2", ".v4", "%r<",
    "%r<4294967296>", "%p", "%tid.x", "%rd1", "bra", "ld.global.v4.f32", "setp.lt.s32", "%p1|%p2", "{%f1,%f2}",
    "[%rd1+-4]", "[_sym+8]", "[%rd1+0x7FFFFFFFFFFFFFFF]", "\u{0}", "\u{ff}", "é", "\r\n",
];

/// Splits text into tokens (words, numbers, single punctuation, whitespace runs) for the
/// token-level mutations.
pub fn tokens(src: &[u8]) -> Vec<Vec<u8>> {
    let mut out = vec![];
    let mut i = 0;
    let cls = |c: u8| -> u8 {
        if c.is_ascii_alphanumeric() || b"_$%.".contains(&c) {
            0
        } else if c.is_ascii_whitespace() {
            1
        } else {
            2
        }
    };
    while i < src.len() {
        let k = cls(src[i]);
        let st = i;
        i += 1;
        if k != 2 {
            while i < src.len() && cls(src[i]) == k {
                i += 1;
            }
        }
        out.push(src[st..i].to_vec());
    }
    out
}

/// The fuzzer's mutation engine over a corpus of real files.
pub struct Mutator {
    corpus: Vec<Vec<u8>>,
    corpus_tokens: Vec<Vec<Vec<u8>>>,
    dict: Vec<Vec<u8>>,
}

impl Mutator {
    pub fn new(corpus: Vec<Vec<u8>>) -> Self {
        let corpus_tokens: Vec<_> = corpus.iter().map(|c| tokens(c)).collect();
        let mut dict: Vec<Vec<u8>> = EXTRA.iter().map(|s| s.as_bytes().to_vec()).collect();
        let mut seen = std::collections::HashSet::new();
        for t in corpus_tokens.iter().flatten() {
            if seen.insert(t.clone()) {
                dict.push(t.clone());
            }
        }
        Mutator { corpus, corpus_tokens, dict }
    }

    /// One mutated input.
    pub fn input(&self, rng: &mut Rng) -> Vec<u8> {
        if self.corpus.is_empty() {
            return vec![];
        }
        let f = rng.below(self.corpus.len() as u64) as usize;
        let n = 1 + rng.below(4);
        if rng.bool() {
            let mut b = self.corpus[f].clone();
            for _ in 0..n {
                self.byte_mutation(&mut b, rng);
            }
            b
        } else {
            let mut t = self.corpus_tokens[f].clone();
            for _ in 0..n {
                self.token_mutation(&mut t, rng);
            }
            t.concat()
        }
    }

    fn byte_mutation(&self, b: &mut Vec<u8>, rng: &mut Rng) {
        let len = b.len() as u64;
        let pos = |rng: &mut Rng| if len == 0 { 0 } else { rng.below(len) as usize };
        match rng.below(7) {
            0 if len > 0 => {
                let p = pos(rng);
                b[p] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let p = pos(rng);
                const INTERESTING: &[u8] = b"\0\xff\n;:,[]{}()<>@!%.-+|\"/*0123456789xfdU ";
                b[p] = if rng.bool() { rng.below(256) as u8 } else { INTERESTING[rng.below(INTERESTING.len() as u64) as usize] };
            }
            2 => {
                let p = pos(rng);
                b.insert(p.min(b.len()), rng.below(256) as u8);
            }
            3 if len > 0 => {
                let p = pos(rng);
                let n = 1 + rng.below(16) as usize;
                b.drain(p..(p + n).min(b.len()));
            }
            4 if len > 0 => {
                let p = pos(rng);
                let n = 1 + rng.below(64) as usize;
                let chunk = b[p..(p + n).min(b.len())].to_vec();
                let q = pos(rng);
                b.splice(q..q, chunk);
            }
            5 if len > 0 => {
                let p = pos(rng);
                b.truncate(p);
            }
            _ => {
                let d = &self.dict[rng.below(self.dict.len() as u64) as usize];
                let p = pos(rng);
                b.splice(p..p, d.iter().copied());
            }
        }
    }

    fn token_mutation(&self, t: &mut Vec<Vec<u8>>, rng: &mut Rng) {
        let len = t.len() as u64;
        if len == 0 {
            t.push(self.dict[rng.below(self.dict.len() as u64) as usize].clone());
            return;
        }
        let p = rng.below(len) as usize;
        match rng.below(6) {
            0 => {
                t.remove(p);
            }
            1 => {
                let x = t[p].clone();
                t.insert(p, x);
            }
            2 => {
                let q = rng.below(len) as usize;
                t.swap(p, q);
            }
            3 => t[p] = self.dict[rng.below(self.dict.len() as u64) as usize].clone(),
            4 => {
                let d = self.dict[rng.below(self.dict.len() as u64) as usize].clone();
                t.insert(p, d);
            }
            _ => {
                // splice a run of tokens from another file
                let g = &self.corpus_tokens[rng.below(self.corpus_tokens.len() as u64) as usize];
                if !g.is_empty() {
                    let s = rng.below(g.len() as u64) as usize;
                    let n = 1 + rng.below(12) as usize;
                    let run: Vec<_> = g[s..(s + n).min(g.len())].to_vec();
                    t.splice(p..p, run);
                }
            }
        }
    }
}

/// Runs `count` mutated inputs from `corpus` through `check` (which returns whether the
/// input parsed and whether it translated), catching panics.
pub fn run_with(corpus: Vec<Vec<u8>>, count: u64, seed: u64, check: impl Fn(&[u8]) -> (bool, bool)) -> FuzzStats {
    let m = Mutator::new(corpus);
    let mut rng = Rng::new(seed);
    let mut st = FuzzStats::default();
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for _ in 0..count {
        let input = m.input(&mut rng);
        st.inputs += 1;
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&input))) {
            Ok((true, t)) => {
                st.parsed_ok += 1;
                st.translated_ok += t as u64;
            }
            Ok((false, _)) => st.rejected += 1,
            Err(e) => {
                st.panic_count += 1;
                if st.panics.len() < 10 {
                    let msg = e
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    st.panics.push((input, msg));
                }
            }
        }
    }
    std::panic::set_hook(prev);
    st
}

/// Fuzzes the PTX parser and translator.
pub fn run(corpus: Vec<Vec<u8>>, count: u64, seed: u64) -> FuzzStats {
    use super::translate::{translate, Options};
    run_with(corpus, count, seed, |b| match super::parse_bytes("fuzz.ptx", b) {
        Ok(m) => {
            let mut ok = true;
            for e in &m.entries {
                for g80_mad in [false, true] {
                    ok &= translate(&m, Some(&e.name), Options { g80_mad, ..Default::default() }).is_ok();
                }
            }
            (true, ok)
        }
        Err(_) => (false, false),
    })
}

/// The PTX of the example kernels (examples/kernels/ptx/*.ptx), of the corpus
/// (examples/corpus/ptx/*.ptx) and of the translator's test programs
/// (testbenches/tests/programs/*.ptx: device functions, votes), the last two when present,
/// under `root`, sorted by path.
pub fn kernel_corpus(root: &std::path::Path) -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut v = vec![];
    for (sub, required) in [("examples/kernels/ptx", true), ("examples/corpus/ptx", false), ("testbenches/tests/programs", false)] {
        let dir = root.join(sub);
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(_) if !required => continue,
            Err(e) => return Err(e),
        };
        for e in entries {
            let p = e?.path();
            if p.extension().is_some_and(|x| x == "ptx") {
                v.push((format!("{sub}/{}", p.file_name().unwrap_or_default().to_string_lossy()), std::fs::read(&p)?));
            }
        }
    }
    v.sort();
    Ok(v)
}
