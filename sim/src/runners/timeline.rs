//! A picture of a run of the RTL SM (`heddle run LAUNCH.json --timeline FILE.svg`): one row
//! per warp slot, time (cycles after the launch) to the right; in each row a band per kind
//! of instruction (SP, SFU and FMA, memory, control) darker where more of its warp's
//! instructions retired (against the most of that kind in any column); a red mark where a
//! new warp (another CTA's, or the next warp of the slot) starts in the slot; under the
//! rows, the SM's IPC over time.
//!
//! The picture is drawn from the retire port's records ([`SmRun`]), so it shows what the
//! RTL SM did, clock for clock, for any kernel.
use super::sm::SmRun;
use heddle_hw::config::SmConfig;
use crate::isa::{self, Class};
use crate::ptx::translate::Kernel;
use std::fmt::Write;

/// Kinds of instruction: key (JSON), name (as drawn) and colour.
pub const KINDS: [(&str, &str, &str); 4] = [
    ("sp", "SP", "#3b6fb6"),
    ("sfu_fma", "SFU / FMA", "#e08a1e"),
    ("memory", "memory", "#3a9a4a"),
    ("control", "control", "#8a8a8a"),
];

/// Columns of the picture at most (a column covers `ceil(cycles / COLUMNS)` cycles).
pub const COLUMNS: u64 = 1000;

const ROW: u64 = 20;
const BAND: u64 = 4;
const LEFT: u64 = 70;
const TOP: u64 = 56;
const IPC_H: u64 = 60;

/// The kind (index into [`KINDS`]) of the instruction at `pc` (by the unit it runs on in the
/// RTL SM: [`super::sm::on_sfu_units`]).
pub fn kind(cfg: &SmConfig, k: &Kernel, pc: u32) -> usize {
    match k.code.get(pc as usize).and_then(|i| isa::opdef(i.op)) {
        Some(d) if super::sm::on_sfu_units(cfg, d) => 1,
        Some(d) if d.class == Class::Sp => 0,
        Some(d) if d.class == Class::LdSt => 2,
        _ => 3,
    }
}

/// The warp-instructions `run` retired, by kind ([`KINDS`]).
pub fn retired_by_kind(cfg: &SmConfig, k: &Kernel, run: &SmRun) -> [u64; 4] {
    let mut n = [0; 4];
    for e in &run.trace {
        n[kind(cfg, k, e.pc)] += 1;
    }
    n
}

/// The SVG text of `run` of kernel `k`, titled `title`.
pub fn svg(cfg: &SmConfig, k: &Kernel, run: &SmRun, title: &str) -> String {
    let cycles = run.cycles.max(1);
    let width = cycles.div_ceil(COLUMNS);
    let cols = cycles.div_ceil(width) as usize;
    let slots = run.retired_slot.iter().map(|s| *s as usize + 1).max().unwrap_or(1);
    // counts[slot][col][kind], retires per column, new warps per slot
    let mut counts = vec![vec![[0u32; 4]; cols]; slots];
    let mut per_col = vec![0u32; cols];
    let mut starts: Vec<Vec<u64>> = vec![vec![]; slots];
    let mut last: Vec<Option<(u32, u32)>> = vec![None; slots];
    for ((e, &at), &s) in run.trace.iter().zip(&run.retired_at).zip(&run.retired_slot) {
        let (s, c) = (s as usize, ((at / width) as usize).min(cols - 1));
        counts[s][c][kind(cfg, k, e.pc)] += 1;
        per_col[c] += 1;
        if last[s] != Some((e.cta, e.warp)) {
            starts[s].push(at);
            last[s] = Some((e.cta, e.warp));
        }
    }
    let plot_w = cols as u64;
    let rows_h = slots as u64 * ROW;
    let w = LEFT + plot_w + 20;
    let h = TOP + rows_h + 30 + IPC_H + 40;
    let x_of = |cycle: u64| LEFT as f64 + cycle as f64 / width as f64;
    let mut o = String::new();
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(o, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(o, r#"<text x="{LEFT}" y="18" font-size="13" font-weight="bold">{}</text>"#, esc(title));
    let _ = writeln!(
        o,
        r#"<text x="{LEFT}" y="34">{} cycles, {} warp-instructions, IPC {:.3}; a column is {} cycle{}</text>"#,
        run.cycles,
        run.trace.len(),
        run.ipc(),
        width,
        if width == 1 { "" } else { "s" }
    );
    // legend
    let mut lx = LEFT;
    for (_, name, colour) in KINDS {
        let _ = writeln!(o, r#"<rect x="{lx}" y="41" width="10" height="8" fill="{colour}"/>"#);
        let _ = writeln!(o, r#"<text x="{}" y="49">{name}</text>"#, lx + 14);
        lx += 24 + 7 * name.len() as u64;
    }
    let _ = writeln!(o, r##"<line x1="{lx}" y1="40" x2="{lx}" y2="50" stroke="#c02020" stroke-width="2"/>"##);
    let _ = writeln!(o, r#"<text x="{}" y="49">a warp starts in its slot</text>"#, lx + 5);
    // rows: a band per kind, opacity by its count against the kind's largest in any cell
    let mut full = [1.0f64; 4];
    for row in &counts {
        for cell in row {
            for (f, &n) in full.iter_mut().zip(cell) {
                *f = f.max(n as f64);
            }
        }
    }
    for (s, row) in counts.iter().enumerate() {
        let y = TOP + s as u64 * ROW;
        let _ = writeln!(o, r#"<text x="{}" y="{}" text-anchor="end">slot {s}</text>"#, LEFT - 6, y + 11);
        let _ = writeln!(o, r##"<rect x="{LEFT}" y="{y}" width="{plot_w}" height="{}" fill="#f4f4f4"/>"##, ROW - 2);
        for (kind, (_, _, colour)) in KINDS.iter().enumerate() {
            let by = y + 1 + kind as u64 * BAND;
            // runs of equal opacity become one rectangle
            let mut c = 0;
            while c < cols {
                let n = row[c][kind];
                if n == 0 {
                    c += 1;
                    continue;
                }
                let op = shade(n, full[kind]);
                let mut e = c + 1;
                while e < cols && row[e][kind] > 0 && shade(row[e][kind], full[kind]) == op {
                    e += 1;
                }
                let _ = writeln!(
                    o,
                    r#"<rect x="{}" y="{by}" width="{}" height="{BAND}" fill="{colour}" fill-opacity="{:.2}"/>"#,
                    LEFT + c as u64,
                    e - c,
                    op
                );
                c = e;
            }
        }
        for &at in &starts[s] {
            let x = x_of(at);
            let _ = writeln!(o, r##"<line x1="{x:.1}" y1="{y}" x2="{x:.1}" y2="{}" stroke="#c02020" stroke-width="2"/>"##, y + ROW - 2);
        }
    }
    // time axis
    let ay = TOP + rows_h + 4;
    let step = nice_step(cycles);
    let mut t = 0;
    while t <= cycles {
        let x = x_of(t);
        let _ = writeln!(o, r#"<line x1="{x:.1}" y1="{ay}" x2="{x:.1}" y2="{}" stroke="black"/>"#, ay + 4);
        let _ = writeln!(o, r#"<text x="{x:.1}" y="{}" text-anchor="middle">{t}</text>"#, ay + 16);
        t += step;
    }
    // IPC over time
    let iy = ay + 30;
    let peak = per_col.iter().map(|&n| n as f64 / width as f64).fold(0.0, f64::max).max(1e-9);
    let _ = writeln!(o, r#"<text x="{}" y="{}" text-anchor="end">IPC</text>"#, LEFT - 6, iy + IPC_H / 2);
    let _ = writeln!(o, r#"<text x="{}" y="{}" text-anchor="end">{peak:.2}</text>"#, LEFT - 6, iy + 8);
    let _ = writeln!(o, r#"<text x="{}" y="{}" text-anchor="end">0</text>"#, LEFT - 6, iy + IPC_H);
    let _ = writeln!(o, r##"<rect x="{LEFT}" y="{iy}" width="{plot_w}" height="{IPC_H}" fill="#f4f4f4"/>"##);
    let mut pts = String::new();
    for (c, &n) in per_col.iter().enumerate() {
        let v = n as f64 / width as f64 / peak;
        let _ = write!(pts, "{},{:.1} ", LEFT + c as u64, (iy + IPC_H) as f64 - v * IPC_H as f64);
    }
    let _ = writeln!(o, r##"<polyline points="{}" fill="none" stroke="#333" stroke-width="1"/>"##, pts.trim_end());
    let _ = writeln!(o, r#"<text x="{LEFT}" y="{}">cycles after the launch</text>"#, iy + IPC_H + 16);
    o.push_str("</svg>\n");
    o
}

/// The opacity of a band that retired `n` instructions in a column, `full` the most of its
/// kind in any column: 0.25 to 1 in quarter steps.
fn shade(n: u32, full: f64) -> f64 {
    ((0.25 + 0.75 * (n as f64 / full).min(1.0)) * 4.0).round() / 4.0
}

/// A round step (1, 2 or 5 times a power of ten) for about 8 axis ticks over `n`.
fn nice_step(n: u64) -> u64 {
    let raw = (n / 8).max(1);
    let p = 10u64.pow(raw.ilog10());
    [1, 2, 5, 10].iter().map(|m| m * p).find(|s| *s >= raw).unwrap_or(10 * p)
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gsm::TraceEntry;

    #[test]
    fn retires_land_in_their_slot_and_band() {
        let k = Kernel::from_asm("t", "iadd r1, r1, r1\nld.global.b32 r2, [r1]\nrcp r3, r2\nexit", 4).unwrap();
        let e = |cta: u32, pc: u32| TraceEntry { cta, warp: 0, pc, mask: 1, ..Default::default() };
        let run = SmRun {
            trace: vec![e(0, 0), e(0, 1), e(1, 0), e(1, 2), e(1, 3)],
            retired_at: vec![10, 30, 40, 90, 99],
            retired_slot: vec![0, 0, 2, 2, 2],
            cycles: 100,
            ..Default::default()
        };
        let s = svg(&heddle_hw::config::G80, &k, &run, "a <test>");
        assert!(s.contains("a &lt;test&gt;") && s.contains(">slot 2<") && !s.contains(">slot 3<"), "{s}");
        // one mark per warp start (slot 0: CTA 0; slot 2: CTA 1), in the legend too
        assert_eq!(s.matches("stroke=\"#c02020\"").count(), 3, "{s}");
        // SP twice (x 10 and 40), memory once (x 30), SFU / FMA once (x 90), control once (x 99)
        let rects = |colour: &str| s.matches(&format!("fill=\"{colour}\" fill-opacity")).count();
        assert_eq!([rects(KINDS[0].2), rects(KINDS[1].2), rects(KINDS[2].2), rects(KINDS[3].2)], [2, 1, 1, 1]);
        assert!(s.contains(&format!("x=\"{}\" y=\"{}\"", LEFT + 90, TOP + 2 * ROW + 1 + BAND)), "{s}");
    }
}
