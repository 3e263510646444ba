//! The `citadels-sim` binary: parse the command line, run the app, map failures to exit codes
//! (2 = bad input, 1 = other failures).

use citadels_sim::app;
use citadels_sim::cli::Cli;
use citadels_sim::report::manifest::command_line;
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let args = std::env::args_os().map(|a| a.to_string_lossy().into_owned());
    match app::main(cli, command_line(args)) {
        // Output lost to a full disk or the like (a reader that stopped early is no failure).
        Ok(()) if app::output_lost() => ExitCode::FAILURE,
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // One line per problem (a config may have several), each an `error:` line.
            for line in format!("{:#}", e.error()).lines() {
                eprintln!("error: {line}");
            }
            ExitCode::from(e.exit_code())
        }
    }
}
