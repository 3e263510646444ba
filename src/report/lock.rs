//! The lock of a report folder: one run at a time writes into a given `--out`.
//!
//! The lock is a file in the report folder's hidden work folder, `.<name>.run/lock` (next to
//! the checkpoint), holding the pid of the run that took it (created with `create_new`, so of
//! two runs starting together only one gets it). It is not in the report folder, which is
//! replaced whole when the reports are written. A lock whose process is gone (a killed run) is taken over. Liveness is
//! read from `/proc/<pid>`: a pid that is alive but runs another program (the pid was reused)
//! counts as gone. Where there is no `/proc`, a lock is taken to be live, and the message
//! says which file to remove. Once the lock is held, the hidden leftovers of killed runs into
//! the same folder are cleaned up (`folder::clean_leftovers`).

use super::folder;
use std::fs;
use std::io::{self, Write};
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
        if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent).map_err(io_error)?;
        }
        // Twice at most: a stale lock is removed once, then created afresh; if another run
        // took it in between, that run holds it.
        for attempt in 0..2 {
            match fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&file)
            {
                Ok(mut f) => {
                    let lock = OutLock { file: file.clone() };
                    writeln!(f, "{}", std::process::id()).map_err(io_error)?;
                    folder::clean_leftovers(out).map_err(io_error)?;
                    return Ok(lock);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    let holder = holder(&file);
                    match holder {
                        Some(pid) if attempt == 0 && !alive(pid) => {}
                        // An unreadable lock (being written, or damaged) is left alone once.
                        None if attempt == 0 => {}
                        _ => {
                            return Err(LockError::Held {
                                pid: holder.unwrap_or(0),
                                file: file.clone(),
                            });
                        }
                    }
                    if holder.is_some() {
                        match fs::remove_file(&file) {
                            Err(e) if e.kind() != io::ErrorKind::NotFound => {
                                return Err(io_error(e));
                            }
                            _ => {}
                        }
                    } else {
                        std::thread::sleep(std::time::Duration::from_millis(100));
                    }
                }
                Err(e) => return Err(io_error(e)),
            }
        }
        Err(LockError::Held {
            pid: holder(&file).unwrap_or(0),
            file,
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
