use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "heddle", version, about = "heddle: a G80-class GPU streaming multiprocessor in rust-hdl")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Export every block registered in hw/ to verilog-out/<block>.v
    Verilog {
        /// Output folder (default: verilog-out/ of the workspace)
        #[arg(long)]
        out: Option<PathBuf>,
        /// Compare instead of writing; exit non-zero naming stale files
        #[arg(long)]
        check: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.cmd {
        Cmd::Verilog { out, check } => {
            let dir = out.unwrap_or_else(heddle_sim::export::default_out_dir);
            match heddle_sim::export::export_all(&dir, check) {
                Ok(files) => {
                    for f in &files {
                        println!("{:<16} {:>5} lines {:>3} modules  {}", f.block, f.lines, f.modules, f.path.display());
                    }
                    println!("{} blocks {}", files.len(), if check { "up to date" } else { "exported" });
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("heddle verilog: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
