//! Writing to standard output without panicking when its reader has gone: `println!` panics
//! on a broken pipe (`citadels-sim replay ... | head`); `out!` and `outln!` stop writing
//! instead, and the command finishes as it would have (its files are written either way).
//! Any other failure to write (a full disk) is said on standard error and makes the exit
//! status 1 (`output_lost`).

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once standard output cannot be written: nothing more is tried.
static GONE: AtomicBool = AtomicBool::new(false);
/// Set when it could not be written for another reason than its reader stopping.
static FAILED: AtomicBool = AtomicBool::new(false);

/// Whether some output was lost for another reason than a broken pipe.
pub fn output_lost() -> bool {
    FAILED.load(Ordering::Relaxed)
}

/// Writes `text` to standard output, unless it could not be written before. A broken pipe
/// ends the output quietly (the reader chose to stop); any other failure is said once on
/// standard error and recorded for `output_lost`.
pub fn write(text: fmt::Arguments) {
    if GONE.load(Ordering::Relaxed) {
        return;
    }
    let mut stdout = io::stdout().lock();
    if let Err(error) = stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        GONE.store(true, Ordering::Relaxed);
        if error.kind() != io::ErrorKind::BrokenPipe {
            FAILED.store(true, Ordering::Relaxed);
            eprintln!("warning: cannot write to standard output: {error}");
        }
    }
}

/// `print!` through `write`.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::app::out::write(format_args!($($arg)*))
    };
}

/// `println!` through `write`.
macro_rules! outln {
    () => {
        $crate::app::out::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::app::out::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {out, outln};
