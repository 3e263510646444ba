//! The progress bar: games done, rate and ETA on stderr; hidden when stderr is not a terminal
//! or with `--quiet`.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::fmt;
use std::io::IsTerminal;

/// A progress bar over all games of a run (every player count).
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar over `total` games starting at `done` (the games a resumed run already has:
    /// they do not count in the rate).
    pub fn new(total: u64, done: u64, quiet: bool) -> Progress {
        Progress::counting(total, done, quiet, "games")
    }

    /// A bar over `total` steps named `unit` ("epochs"), starting at `done`.
    pub fn counting(total: u64, done: u64, quiet: bool, unit: &str) -> Progress {
        let shown = !quiet && std::io::stderr().is_terminal();
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        // Records the start without drawing, then forgets the jump in the rate estimate.
        bar.set_position(done);
        bar.reset_eta();
        if shown {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        let style = ProgressStyle::with_template(&format!(
            "{{msg:>11}} [{{bar:40}}] {{human_pos}}/{{human_len}} {unit}  {{rate}} {unit}/s  ETA {{eta}}"
        ))
        .map(|s| {
            s.progress_chars("=> ").with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn fmt::Write| {
                    let _ = write!(w, "{:.0}", state.per_sec());
                },
            )
        })
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Progress { bar }
    }

    /// Names the player count being played.
    pub fn start_count(&self, players: u8) {
        self.bar.set_message(format!("{players} players"));
    }

    /// Names what is being played (a ladder's tier and player count).
    pub fn set_message(&self, message: String) {
        self.bar.set_message(message);
    }

    pub fn set_position(&self, games: u64) {
        self.bar.set_position(games);
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
