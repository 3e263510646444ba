//! The lock of a report folder: one run at a time writes into a given `--out`.
//!
//! The lock is a file in the report folder's hidden work folder, `.<name>.run/lock` (next to
//! the checkpoint), holding the pid of the run that took it. It is not in the report folder,
//! which is replaced whole when the reports are written. It is taken atomically: the pid is
//! written into a temporary file, which is then hard-linked to the lock's name (a link fails
//! if the name exists, so of two runs starting together only one gets it), so the lock is
//! never visible without its pid. A lock without a live pid is stale and is taken over:
//! its process is gone (a killed run), or it holds no pid (an empty file a crash of an older
//! version left). Liveness is read from `/proc/<pid>`: a pid that is alive but runs another
//! program (the pid was reused) counts as gone. Where there is no `/proc`, a lock with a pid
//! is taken to be live, and the message says which file to remove. Once the lock is held,
//! the hidden leftovers of killed runs into the same folder are cleaned up
//! (`staged::clean_leftovers`).

use super::staged;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// A held lock of a report folder, released (its file removed) when dropped.
#[derive(Debug)]
pub struct OutLock {
    file: PathBuf,
}

/// Why a lock was not taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another live run holds the folder.
    #[error(
        "another citadels-sim run (pid {pid}) is writing into this folder; wait for it to \
         finish or stop it (if no such run exists, remove {})",
        file.display()
    )]
    Held { pid: u32, file: PathBuf },
    #[error("cannot lock the folder ({}): {source}", file.display())]
    Io { file: PathBuf, source: io::Error },
}

/// `.<name>.run/lock` next to the report folder `out`.
pub fn lock_file(out: &Path) -> io::Result<PathBuf> {
    Ok(super::checkpoint::work_folder(out)?.join("lock"))
}

impl OutLock {
    /// Takes the lock of the report folder `out` (creating its work folder), then removes
    /// the leftovers of killed runs next to it. Refused while another live run holds it.
    pub fn take(out: &Path) -> Result<OutLock, LockError> {
        let file = lock_file(out).map_err(|source| LockError::Io {
            file: out.to_path_buf(),
            source,
        })?;
        let io_error = |source| LockError::Io {
            file: file.clone(),
            source,
        };
        let work = file
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        fs::create_dir_all(work).map_err(io_error)?;
        let pid = std::process::id();
        let temp = work.join(format!("lock.tmp-{pid}"));
        fs::write(&temp, format!("{pid}\n")).map_err(io_error)?;
        let taken = Self::link(&file, &temp);
        let _ = fs::remove_file(&temp);
        taken?;
        let lock = OutLock { file };
        staged::clean_leftovers(out).map_err(|source| LockError::Io {
            file: lock.file.clone(),
            source,
        })?;
        Ok(lock)
    }

    /// Links the written `temp` to the lock's name `file`, taking over a stale lock once.
    fn link(file: &Path, temp: &Path) -> Result<(), LockError> {
        let io_error = |source| LockError::Io {
            file: file.to_path_buf(),
            source,
        };
        // Twice at most: a stale lock is removed once, then linked afresh; if another run
        // took it in between, that run holds it.
        for attempt in 0..2 {
            match fs::hard_link(temp, file) {
                Ok(()) => return Ok(()),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    let holder = holder(file);
                    if attempt > 0 || holder.is_some_and(alive) {
                        return Err(LockError::Held {
                            pid: holder.unwrap_or(0),
                            file: file.to_path_buf(),
                        });
                    }
                    match fs::remove_file(file) {
                        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(io_error(e)),
                        _ => {}
                    }
                }
                Err(e) => return Err(io_error(e)),
            }
        }
        Err(LockError::Held {
            pid: holder(file).unwrap_or(0),
            file: file.to_path_buf(),
        })
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.file
    }
}

impl Drop for OutLock {
    fn drop(&mut self) {
        // Only our own lock: never one another run took over.
        if holder(&self.file) == Some(std::process::id()) {
            let _ = fs::remove_file(&self.file);
            // The work folder goes too if nothing else is in it (a checkpoint stays).
            if let Some(work) = self.file.parent() {
                let _ = fs::remove_dir(work);
            }
        }
    }
}

/// The pid written in a lock file.
fn holder(file: &Path) -> Option<u32> {
    fs::read_to_string(file).ok()?.trim().parse().ok()
}

/// Whether `pid` is a live process of this program (see the module comment).
fn alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return true;
    }
    let process = proc.join(pid.to_string());
    if !process.exists() {
        return false;
    }
    let name = |p: &Path| fs::read_to_string(p.join("comm")).ok();
    match (name(&process), name(&proc.join("self"))) {
        (Some(theirs), Some(ours)) => theirs == ours,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_naming_the_holder() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("reports").join("run");
        let lock = OutLock::take(&out).unwrap();
        assert_eq!(lock.path(), dir.path().join("reports/.run.run/lock"));
        let err = OutLock::take(&out).unwrap_err().to_string();
        assert!(
            err.contains(&format!("(pid {})", std::process::id())),
            "{err}"
        );
        drop(lock);
        assert!(!dir.path().join("reports/.run.run").exists());
        OutLock::take(&out).unwrap();
    }

    /// An empty lock (no pid: a crash between creating and writing it, as an older version
    /// could leave) is stale.
    #[test]
    fn an_empty_lock_is_taken_over() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("run");
        let file = lock_file(&out).unwrap();
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(&file, "").unwrap();
        let lock = OutLock::take(&out).unwrap();
        assert_eq!(holder(lock.path()), Some(std::process::id()));
        let names: Vec<_> = fs::read_dir(file.parent().unwrap()).unwrap().collect();
        assert_eq!(names.len(), 1, "only the lock: no temporary file is left");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_dead_holder_is_taken_over() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("run");
        // A pid beyond Linux's largest (4194304) is never a live process.
        let file = lock_file(&out).unwrap();
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(&file, "4294967295\n").unwrap();
        let lock = OutLock::take(&out).unwrap();
        assert_eq!(holder(lock.path()), Some(std::process::id()));
    }
}
