//! The `heddle sfu-tables` and `heddle sfu-report` commands.
use super::tablegen::{self, committed_config, Config, TFn};

fn tfn(name: &str) -> Result<TFn, String> {
    TFn::ALL
        .into_iter()
        .find(|f| f.name() == name)
        .ok_or_else(|| format!("unknown table function '{name}' (known: rcp rsq lg2 ex2 sin)"))
}

/// Applies `key=value` overrides (k m f0 off0 w0 w1 w2 bias goal) to a config.
pub fn apply(cfg: &Config, spec: &str) -> Result<Config, String> {
    let mut c = cfg.clone();
    for kv in spec.split_whitespace() {
        let (k, v) = kv.split_once('=').ok_or_else(|| format!("'{kv}': expected key=value"))?;
        let num = |v: &str| v.parse::<i64>().map_err(|_| format!("'{kv}': not a number"));
        match k {
            "k" => c.region_bits = num(v)? as u32,
            "m" => c.m = v.split(',').map(|x| num(x).map(|n| n as u32)).collect::<Result<_, _>>()?,
            "f0" => c.f0 = num(v)? as u32,
            "off0" => c.off0 = num(v)? as i32,
            "w0" => c.w0 = num(v)? as u32,
            "w1" => c.w1 = num(v)? as u32,
            "w2" => c.w2 = num(v)? as u32,
            "bias" => c.bias = num(v)? as i32,
            "goal" => c.goal = v.parse().map_err(|_| format!("'{kv}': not a number"))?,
            _ => return Err(format!("'{k}': unknown key (k m f0 off0 w0 w1 w2 bias goal)")),
        }
    }
    if c.region_bits > 4 || c.m.len() != 1 << c.region_bits || c.m.iter().any(|&m| m < c.region_bits || m > 10) {
        return Err(format!("{} region sizes for k={} (need 2^k values, k <= 4, each in k..=10)", c.m.len(), c.region_bits));
    }
    Ok(c)
}

/// `heddle sfu-tables`: regenerate (or `check`) the committed tables; with `try_fn`, run the
/// generator for one function with each of the `tries` overrides and print the statistics.
pub fn sfu_tables(check: bool, try_fn: Option<&str>, tries: &[String], biases: Option<(i32, i32)>) -> Result<(), String> {
    if let Some(name) = try_fn {
        let f = tfn(name)?;
        let t0 = std::time::Instant::now();
        let refs = tablegen::grid_reference(f);
        eprintln!("{}: reference on {} grid points in {:.1} s", f.name(), refs.len(), t0.elapsed().as_secs_f64());
        let specs: Vec<String> = if tries.is_empty() { vec![String::new()] } else { tries.to_vec() };
        for spec in specs {
            let cfg = apply(&committed_config(f), &spec)?;
            let t1 = std::time::Instant::now();
            let (segs, coefs) = tablegen::minimax_all(f, &cfg);
            let bs: Vec<i32> = match biases {
                Some((a, b)) => (a..=b).collect(),
                None => vec![cfg.bias],
            };
            for b in bs {
                let c = Config { bias: b, ..cfg.clone() };
                let g = tablegen::generate_from(f, &c, &refs, &segs, &coefs);
                println!(
                    "{} [{spec}] bias={b}: {} entries, w {}/{}/{}, {} ROM bits, violations {}: {} ({:.1} s)",
                    f.name(),
                    g.c0.len(),
                    g.w0,
                    g.w1,
                    g.w2,
                    g.stats.rom_bits,
                    g.stats.violations,
                    tablegen::summary(&g),
                    t1.elapsed().as_secs_f64()
                );
            }
        }
        return Ok(());
    }
    let t0 = std::time::Instant::now();
    let gens = tablegen::generate_all();
    let rs = tablegen::to_rust(&gens);
    let js = tablegen::to_json(&gens);
    let (prs, pjs) = tablegen::output_paths();
    let total: u64 = gens.iter().map(|g| g.stats.rom_bits).sum();
    for g in &gens {
        println!("{:4} {:4} entries {:6} bits  {}", g.func.name(), g.c0.len(), g.stats.rom_bits, tablegen::summary(g));
    }
    println!("total ROM {total} bits (budget 23,296); generated in {:.1} s", t0.elapsed().as_secs_f64());
    if check {
        let same = |p: &std::path::Path, s: &str| std::fs::read_to_string(p).map_or(false, |t| t == s);
        let stale: Vec<String> =
            [(&prs, &rs), (&pjs, &js)].iter().filter(|(p, s)| !same(p, s)).map(|(p, _)| p.display().to_string()).collect();
        return if stale.is_empty() { Ok(()) } else { Err(format!("stale: {}", stale.join(", "))) };
    }
    std::fs::write(&prs, rs).map_err(|e| format!("{}: {e}", prs.display()))?;
    std::fs::write(&pjs, js).map_err(|e| format!("{}: {e}", pjs.display()))?;
    println!("wrote {} and {}", prs.display(), pjs.display());
    Ok(())
}

/// `heddle sfu-report`.
/// `only`: function names (rcp rsq lg2 ex2 sin cos) to restrict the run to; empty: all.
pub fn sfu_report(full: bool, only: &[String], json: Option<&std::path::Path>) -> Result<(), String> {
    const NAMES: [&str; 6] = ["rcp", "rsq", "lg2", "ex2", "sin", "cos"];
    if let Some(bad) = only.iter().find(|n| !NAMES.contains(&n.as_str())) {
        return Err(format!("--only {bad}: unknown function (known: {})", NAMES.join(" ")));
    }
    let t0 = std::time::Instant::now();
    let rows = super::report::run(full, only, |r| {
        eprintln!(
            "  {} {}: {} inputs, max {:.4} ulp, {:.2} good bits, {:.2} % exact, {} monotonic violations, {} special mismatches ({:.1} s)",
            r.function, r.interval, r.inputs, r.max_ulp, r.good_bits, r.exact_pct, r.monotonic_violations, r.special_mismatches, r.seconds
        )
    });
    print!("{}", super::report::table(&rows));
    println!("sweeps took {:.0} s on 2 threads", t0.elapsed().as_secs_f64());
    if let Some(p) = json {
        std::fs::write(p, serde_json::to_string_pretty(&rows).unwrap()).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    let bad: u64 = rows.iter().map(|r| r.special_mismatches).sum();
    if bad > 0 {
        return Err(format!("{bad} special-case mismatches"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_overrides_are_clear_errors() {
        let c = committed_config(TFn::Rcp);
        assert!(apply(&c, "w1=17 w2=12").is_ok());
        assert!(apply(&c, "w9=1").unwrap_err().contains("unknown key"));
        assert!(apply(&c, "w1").unwrap_err().contains("expected key=value"));
        assert!(apply(&c, "w1=x").unwrap_err().contains("not a number"));
        assert!(apply(&c, "k=2 m=7,7").unwrap_err().contains("region sizes"));
        assert!(apply(&c, "k=5 m=7").is_err());
        assert!(tfn("cos").unwrap_err().contains("unknown table function"));
        assert!(sfu_tables(false, Some("tan"), &[], None).is_err());
    }
}
