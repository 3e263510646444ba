//! The durable job: everything that makes a command's output survive a kill, a full disk
//! or a second run into the same place. A command names its output paths and the
//! fingerprint of its work; this module does the rest, the same way for every command:
//!
//! - `path`: every output path is checked before the first game (links, names, folders);
//!   a link to a folder is followed, so the job works on the real folder.
//! - `lock`: one job at a time writes into a folder (`Folder::claim` takes the lock).
//! - `checkpoint`: what is done of a run or a ladder, written every few seconds, read back
//!   by `--resume` (`Job::start`), and written as a shard's partial result.
//! - `shard`: which chunks a shard plays, and `merge`'s checks that partial results are
//!   the N complete shards of one job.
//! - `staged`: folders and files written under a hidden name and renamed into place whole.
//!
//! The recipe of a resumable command: check its paths (`path::check_folder`), build its
//! plan, `Folder::claim` the folder, `Job::start` from a fresh checkpoint (or the
//! interrupted one's), play the chunks not yet done (`Job::update` after each), then
//! `Job::finish` and write the reports (`Folder::write`) or the partial result
//! (`Folder::write_partial`), and `Folder::remove_checkpoint`. A command that cannot resume
//! claims its folder and writes it the same way.

pub mod checkpoint;
pub mod lock;
pub mod path;
pub mod shard;
pub mod staged;

use crate::report::{self, ReportFile};
use anyhow::anyhow;
use checkpoint::Resumable;
use lock::{LockError, OutLock};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

/// Why the job cannot go on: the user's input is refused (exit status 2), or something
/// else failed (exit status 1).
#[derive(Debug)]
pub enum Error {
    Refused(anyhow::Error),
    Failed(anyhow::Error),
}

fn refused(e: impl Into<anyhow::Error>) -> Error {
    Error::Refused(e.into())
}

fn failed(e: impl Into<anyhow::Error>) -> Error {
    Error::Failed(e.into())
}

pub type Result<T> = std::result::Result<T, Error>;

/// An output folder, checked and locked: `shown` is the path as the user gave it (what
/// messages print), `real` the folder it names once links are followed (where everything
/// is written, and whose lock is held).
#[derive(Debug)]
pub struct Folder {
    flag: String,
    shown: PathBuf,
    real: PathBuf,
    force: bool,
    _lock: OutLock,
}

impl Folder {
    /// Checks the folder `path` given with `flag` (`path::check_folder`), takes its lock and
    /// cleans up what killed jobs left beside it. Refused while another live job holds it.
    pub fn claim(flag: &str, path: &Path, force: bool) -> Result<Folder> {
        let real = path::check_folder(flag, path, force)?;
        let lock = OutLock::take(&real).map_err(|e| {
            let message = anyhow!("{flag} {}: {e}", path.display());
            match e {
                LockError::Held { .. } => refused(message),
                LockError::Io { .. } => failed(message),
            }
        })?;
        Ok(Folder {
            flag: flag.to_string(),
            shown: path.to_path_buf(),
            real,
            force,
            _lock: lock,
        })
    }

    /// The folder as the user named it.
    pub fn shown(&self) -> &Path {
        &self.shown
    }

    /// Writes `files` as the folder's new contents: staged beside it, then renamed over it
    /// whole. The folder is checked again (it may have changed while the games were
    /// played).
    pub fn write(&self, files: &[ReportFile]) -> Result<()> {
        self.write_named(files.iter().map(|f| (f.name, f.bytes.as_slice())))
    }

    /// Writes a shard's partial result (a run's or a ladder's checkpoint text) as the
    /// folder's `partial.toml`.
    pub fn write_partial(&self, partial: &impl Resumable) -> Result<()> {
        let text = partial
            .to_text()
            .map_err(|e| failed(anyhow!("cannot write the partial result: {e}")))?;
        self.write_named([(checkpoint::PARTIAL_FILE, text.as_bytes())])
    }

    fn write_named<'a>(&self, files: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> Result<()> {
        report::check_replaceable(&self.real, self.force)
            .map_err(|e| refused(anyhow!("{} {}: {e}", self.flag, self.shown.display())))?;
        let staged = staged::StagedFolder::create(&self.real).map_err(|e| {
            failed(anyhow!(
                "cannot create the folder {}: {e}",
                self.shown.display()
            ))
        })?;
        files
            .into_iter()
            .try_for_each(|(name, bytes)| staged.write(name, bytes))
            .and_then(|()| staged.commit())
            .map_err(|e| {
                failed(anyhow!(
                    "cannot write the reports into {}: {e}",
                    self.shown.display()
                ))
            })
    }

    /// Removes the checkpoint (once the reports or the partial result are in place).
    pub fn remove_checkpoint(&self) -> Result<()> {
        checkpoint::remove(&self.real).map_err(|e| {
            failed(anyhow!(
                "cannot remove the checkpoint of {}: {e}",
                self.shown.display()
            ))
        })
    }
}

/// A resumable job in progress: its claimed folder and its checkpoint, shared by the worker
/// threads and written at most every `checkpoint::EVERY`.
pub struct Job<C: Resumable> {
    folder: Folder,
    tracker: Mutex<Tracker<C>>,
    resumed_games: u64,
}

struct Tracker<C> {
    checkpoint: C,
    last_write: Instant,
    /// Set once a checkpoint write failed (warned once; the job goes on).
    write_failed: bool,
}

impl<C: Resumable> Job<C> {
    /// Starts the job in `folder` from `fresh`, or, with `resume` (the folder as the user
    /// gave `--resume`), from the checkpoint of the interrupted job there, which must be
    /// `fresh`'s job (`Resumable::differs`). The first checkpoint is written at once, so an
    /// unwritable place fails before any game.
    pub fn start(folder: Folder, resume: Option<&Path>, fresh: C) -> Result<Job<C>> {
        let start = Self::start_from(&folder, resume, fresh)?;
        let text = start.to_text().map_err(failed)?;
        checkpoint::write_text(&folder.real, &text).map_err(|e| {
            failed(anyhow!(
                "cannot write the checkpoint of {}: {e}",
                folder.shown.display()
            ))
        })?;
        Ok(Job {
            folder,
            resumed_games: start.games_done(),
            tracker: Mutex::new(Tracker {
                checkpoint: start,
                last_write: Instant::now(),
                write_failed: false,
            }),
        })
    }

    fn start_from(folder: &Folder, resume: Option<&Path>, fresh: C) -> Result<C> {
        let what = C::COMMAND;
        let shown = folder.shown.display();
        let existing = checkpoint::read_text(&folder.real);
        let Some(resume) = resume else {
            if let Ok(Some(_)) = existing {
                eprintln!(
                    "note: starting over; this {what} replaces the checkpoint of an \
                     interrupted {what} into {shown} (--resume {shown} continues it instead)"
                );
            }
            return Ok(fresh);
        };
        let (file, text) = existing.map_err(refused)?.ok_or_else(|| {
            refused(anyhow!(
                "--resume {}: no checkpoint of an interrupted {what} there (expected {}); \
                 run without --resume to start the {what}",
                resume.display(),
                checkpoint::path(&folder.real)
                    .map_or_else(|_| "a checkpoint".into(), |p| p.display().to_string())
            ))
        })?;
        if let Some(other) = checkpoint::other_command(&text, what) {
            return Err(refused(anyhow!(
                "--resume {}: the checkpoint there is an interrupted {other}'s; continue it \
                 with `citadels-sim {other} --resume {}`",
                resume.display(),
                resume.display()
            )));
        }
        let found = C::parse(&text).map_err(|e| refused(anyhow!("{}: {e}", file.display())))?;
        match found.differs(&fresh) {
            Some(difference) => Err(refused(anyhow!(
                "--resume {}: this command is not the interrupted {what}: {difference}; the \
                 interrupted {what} was: {}",
                resume.display(),
                found.command()
            ))),
            None => Ok(found),
        }
    }

    fn tracker(&self) -> MutexGuard<'_, Tracker<C>> {
        self.tracker.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The games the checkpoint held when the job started.
    pub fn resumed_games(&self) -> u64 {
        self.resumed_games
    }

    /// Reads the checkpoint.
    pub fn with<R>(&self, read: impl FnOnce(&C) -> R) -> R {
        read(&self.tracker().checkpoint)
    }

    /// Adds a finished chunk to the checkpoint (`add`), writes it if the last write is old
    /// enough, and returns the games done.
    pub fn update(&self, add: impl FnOnce(&mut C)) -> u64 {
        let mut tracker = self.tracker();
        add(&mut tracker.checkpoint);
        if tracker.last_write.elapsed() >= checkpoint::EVERY {
            tracker.save(&self.folder);
        }
        tracker.checkpoint.games_done()
    }

    /// Everything is played: writes the last checkpoint (so `--resume` writes the reports if
    /// the job is stopped while writing them) and hands back the folder and what is done.
    pub fn finish(self) -> (Folder, C) {
        let mut tracker = self.tracker.into_inner().unwrap_or_else(|e| e.into_inner());
        tracker.save(&self.folder);
        (self.folder, tracker.checkpoint)
    }
}

impl<C: Resumable> Tracker<C> {
    fn save(&mut self, folder: &Folder) {
        self.last_write = Instant::now();
        if self.write_failed {
            return;
        }
        let written = self
            .checkpoint
            .to_text()
            .and_then(|text| checkpoint::write_text(&folder.real, &text));
        if let Err(e) = written {
            self.write_failed = true;
            eprintln!(
                "warning: cannot write the checkpoint of {}: {e}; the {} goes on without \
                 checkpoints",
                folder.shown.display(),
                C::COMMAND
            );
        }
    }
}
