//! A minimal VCD writer for the Rust side of a trace (top-level ports, one time unit of 10
//! per step, matching the Verilator harness's dump times).
use super::Port;
use std::io::Write;
use std::path::Path;

pub(super) fn write(path: &Path, block: &str, ports: &[Port], recs: &[Vec<u32>]) -> std::io::Result<()> {
    let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
    writeln!(f, "$timescale 1ns $end\n$scope module {block} $end")?;
    let ids: Vec<String> = (0..ports.len()).map(id).collect();
    for (p, i) in ports.iter().zip(&ids) {
        writeln!(f, "$var wire {} {} {} $end", p.width, i, p.name)?;
    }
    writeln!(f, "$upscope $end\n$enddefinitions $end")?;
    let mut prev: Option<&Vec<u32>> = None;
    for (step, r) in recs.iter().enumerate() {
        writeln!(f, "#{}", step * 10)?;
        let mut off = 0;
        for (p, i) in ports.iter().zip(&ids) {
            let w = &r[off..off + p.words()];
            if prev.map_or(true, |q| &q[off..off + p.words()] != w) {
                let bits: String =
                    (0..p.width).rev().map(|b| if (w[b / 32] >> (b % 32)) & 1 == 1 { '1' } else { '0' }).collect();
                if p.width == 1 {
                    writeln!(f, "{bits}{i}")?;
                } else {
                    writeln!(f, "b{bits} {i}")?;
                }
            }
            off += p.words();
        }
        prev = Some(r);
    }
    writeln!(f, "#{}", recs.len() * 10)?;
    Ok(())
}

fn id(mut n: usize) -> String {
    let mut s = String::new();
    loop {
        s.push((b'!' + (n % 94) as u8) as char);
        n /= 94;
        if n == 0 {
            return s;
        }
    }
}
