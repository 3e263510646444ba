//! Atomic report folders and files: they are written under a hidden sibling name, which
//! replaces the target only once everything is written.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// A report folder being written. Dropping it without `commit` removes the partial files,
/// so an interrupted or failed run never leaves a complete-looking report behind.
#[derive(Debug)]
pub struct StagedFolder {
    target: PathBuf,
    staging: PathBuf,
    committed: bool,
}

/// Checks that `target` can be a report folder: it must have a final name component, must
/// not be an existing file, and the folder it goes into must be writable (probed with an
/// empty folder, removed at once).
pub fn check_target(target: &Path) -> io::Result<()> {
    sibling(target, "check")?;
    if target.exists() && !target.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} exists and is not a folder", target.display()),
        ));
    }
    if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty())
        && let Some(existing) = parent.ancestors().find(|a| a.exists())
        && !existing.is_dir()
    {
        return Err(io::Error::other(format!(
            "{} is not a folder",
            existing.display()
        )));
    }
    probe_writable(target)
}

/// Checks that the report folder can be created: the nearest existing folder above `target`
/// (where the staging folder or the missing parents go) must accept a new folder. A probe
/// folder is created there and removed at once.
fn probe_writable(target: &Path) -> io::Result<()> {
    let parent = target.parent().filter(|p| !p.as_os_str().is_empty());
    let existing = parent
        .and_then(|p| {
            p.ancestors()
                .find(|a| !a.as_os_str().is_empty() && a.exists())
        })
        .unwrap_or(Path::new("."));
    let probe = existing.join(format!(".citadels-sim-probe-{}", std::process::id()));
    match fs::create_dir(&probe) {
        Ok(()) => fs::remove_dir(&probe),
        Err(e) => Err(io::Error::new(
            e.kind(),
            format!(
                "cannot be written: cannot create a folder in {}: {e}",
                existing.display()
            ),
        )),
    }
}

/// `.<name>.<tag>` next to `target` (the hidden names citadels-sim keeps beside a report
/// folder or file).
pub fn hidden_sibling(target: &Path, tag: &str) -> io::Result<PathBuf> {
    let name = target.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} cannot be a report folder (no folder name)",
                target.display()
            ),
        )
    })?;
    let mut hidden = std::ffi::OsString::from(".");
    hidden.push(name);
    hidden.push(format!(".{tag}"));
    Ok(target.with_file_name(hidden))
}

/// `.<name>.<tag>-<pid>` next to `target`.
fn sibling(target: &Path, tag: &str) -> io::Result<PathBuf> {
    hidden_sibling(target, &format!("{tag}-{}", std::process::id()))
}

/// Removes what a killed run left next to the report folder `target`: staging folders
/// (`.<name>.partial-<pid>`) and a replaced report (`.<name>.old-<pid>`) of other processes.
/// A run killed between the two renames of `StagedFolder::commit` left no report folder but
/// its previous contents under the `old` name: those are put back. Call it only while
/// holding the folder's lock (`super::lock::OutLock`), so no live run's folders are touched.
pub fn clean_leftovers(target: &Path) -> io::Result<()> {
    let Some(name) = target.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return Ok(());
    };
    let parent = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let entries = match fs::read_dir(parent) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    let ours = std::process::id().to_string();
    let mut leftovers = Vec::new();
    for entry in entries {
        let entry = entry?;
        let file_name = entry.file_name().to_string_lossy().into_owned();
        for tag in ["partial", "old"] {
            let prefix = format!(".{name}.{tag}-");
            if let Some(pid) = file_name.strip_prefix(&prefix)
                && !pid.is_empty()
                && pid.bytes().all(|b| b.is_ascii_digit())
                && pid != ours
            {
                leftovers.push((tag, entry.path()));
            }
        }
    }
    leftovers.sort();
    for (tag, path) in leftovers {
        if tag == "old" && !target.exists() {
            fs::rename(&path, target)?;
        } else if path.is_dir() {
            fs::remove_dir_all(&path)?;
        } else {
            fs::remove_file(&path)?;
        }
    }
    Ok(())
}

impl StagedFolder {
    /// Creates the staging folder next to `target` (and `target`'s parent folders).
    pub fn create(target: &Path) -> io::Result<StagedFolder> {
        check_target(target)?;
        let staging = sibling(target, "partial")?;
        if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent)?;
        }
        if staging.exists() {
            fs::remove_dir_all(&staging)?;
        }
        fs::create_dir(&staging)?;
        Ok(StagedFolder {
            target: target.to_path_buf(),
            staging,
            committed: false,
        })
    }

    /// Where the files are being written.
    pub fn path(&self) -> &Path {
        &self.staging
    }

    /// The folder the report will have once committed.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Writes one file into the staging folder.
    pub fn write(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        fs::write(self.staging.join(name), bytes)
    }

    /// Moves the staging folder into place, replacing an existing report folder.
    pub fn commit(mut self) -> io::Result<()> {
        let old = sibling(&self.target, "old")?;
        let had_old = self.target.exists();
        if had_old {
            if old.exists() {
                fs::remove_dir_all(&old)?;
            }
            fs::rename(&self.target, &old)?;
        }
        if let Err(e) = fs::rename(&self.staging, &self.target) {
            if had_old {
                let _ = fs::rename(&old, &self.target);
            }
            return Err(e);
        }
        self.committed = true;
        if had_old {
            fs::remove_dir_all(&old)?;
        }
        Ok(())
    }
}

impl Drop for StagedFolder {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_dir_all(&self.staging);
        }
    }
}

/// A file being written under a hidden temporary name next to it (`.<name>.partial-<pid>`),
/// renamed into place by `commit`; dropped without `commit`, the temporary file is removed.
#[derive(Debug)]
pub struct StagedFile {
    target: PathBuf,
    temp: PathBuf,
    writer: Option<io::BufWriter<fs::File>>,
}

impl StagedFile {
    /// Creates the temporary file. The folder of `target` must exist, and `target`, if it
    /// exists, must be a regular file: the commit renames the new file over it, which would
    /// replace a folder, a link (not the file it points to) or a device (`/dev/null`, as
    /// root) instead of writing into it.
    pub fn create(target: &Path) -> io::Result<StagedFile> {
        if target.is_dir() {
            return Err(io::Error::other(format!(
                "{} is a folder",
                target.display()
            )));
        }
        if let Ok(meta) = fs::symlink_metadata(target)
            && !meta.is_file()
        {
            return Err(io::Error::other(format!(
                "{} is not a regular file (a link, a device or a pipe), which would be \
                 replaced rather than written into; give the path of a file",
                target.display()
            )));
        }
        let parent = target.parent().filter(|p| !p.as_os_str().is_empty());
        if let Some(parent) = parent
            && !parent.is_dir()
        {
            return Err(io::Error::other(format!(
                "the folder {} does not exist",
                parent.display()
            )));
        }
        let temp = sibling(target, "partial")?;
        let file = fs::File::create(&temp)?;
        Ok(StagedFile {
            target: target.to_path_buf(),
            temp,
            writer: Some(io::BufWriter::new(file)),
        })
    }

    /// Writes `line` and a newline.
    pub fn write_line(&mut self, line: &str) -> io::Result<()> {
        self.write_bytes(line.as_bytes())?;
        self.write_bytes(b"\n")
    }

    /// Writes `bytes` as they are.
    pub fn write_bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        use io::Write;
        let writer = self
            .writer
            .as_mut()
            .ok_or_else(|| io::Error::other("closed"))?;
        writer.write_all(bytes)
    }

    /// Flushes the file and renames it to its target, replacing any file there.
    pub fn commit(mut self) -> io::Result<()> {
        use io::Write;
        if let Some(mut writer) = self.writer.take() {
            writer.flush()?;
            writer.get_ref().sync_all()?;
        }
        fs::rename(&self.temp, &self.target)?;
        self.temp = PathBuf::new();
        Ok(())
    }
}

impl Drop for StagedFile {
    fn drop(&mut self) {
        self.writer.take();
        if !self.temp.as_os_str().is_empty() {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn commit_replaces_an_existing_report() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("reports").join("run");
        fs::create_dir_all(&target).unwrap();
        fs::write(target.join("stale.csv"), "old").unwrap();

        let staged = StagedFolder::create(&target).unwrap();
        staged.write("a.csv", b"new").unwrap();
        // Until the commit, the old report is untouched.
        assert_eq!(names(&target), ["stale.csv"]);
        staged.commit().unwrap();

        assert_eq!(names(&target), ["a.csv"]);
        assert_eq!(fs::read_to_string(target.join("a.csv")).unwrap(), "new");
        assert_eq!(names(&dir.path().join("reports")), ["run"]);
    }

    #[test]
    fn dropping_without_commit_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("run");
        {
            let staged = StagedFolder::create(&target).unwrap();
            staged.write("a.csv", b"partial").unwrap();
            assert!(staged.path().join("a.csv").exists());
        }
        assert!(!target.exists());
        assert!(names(dir.path()).is_empty());
    }

    #[test]
    fn an_interrupted_run_keeps_the_previous_report() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("run");
        fs::create_dir(&target).unwrap();
        fs::write(target.join("summary.txt"), "previous").unwrap();
        {
            let staged = StagedFolder::create(&target).unwrap();
            staged.write("summary.txt", b"half").unwrap();
        }
        assert_eq!(
            fs::read_to_string(target.join("summary.txt")).unwrap(),
            "previous"
        );
        assert_eq!(names(dir.path()), ["run"]);
    }

    #[test]
    fn staged_files_appear_only_when_committed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("games.jsonl");
        {
            let mut file = StagedFile::create(&target).unwrap();
            file.write_line("{}").unwrap();
        }
        assert!(names(dir.path()).is_empty());
        let mut file = StagedFile::create(&target).unwrap();
        file.write_line("a").unwrap();
        file.write_line("b").unwrap();
        file.commit().unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "a\nb\n");
        assert_eq!(names(dir.path()), ["games.jsonl"]);
        assert!(StagedFile::create(dir.path()).is_err());
        let err = StagedFile::create(&dir.path().join("no/such.jsonl")).unwrap_err();
        assert!(err.to_string().contains("does not exist"), "{err}");
    }

    /// A link is not followed and replaced: it is refused, and the file it points to and
    /// the link stay as they were (a device such as `/dev/null` is refused the same way).
    #[cfg(unix)]
    #[test]
    fn a_staged_file_never_replaces_a_link_or_a_device() {
        let dir = tempfile::tempdir().unwrap();
        let (file, link) = (
            dir.path().join("config.toml"),
            dir.path().join("games.jsonl"),
        );
        fs::write(&file, "mine").unwrap();
        std::os::unix::fs::symlink(&file, &link).unwrap();
        let Err(err) = StagedFile::create(&link) else {
            panic!("a link is refused");
        };
        assert!(err.to_string().contains("not a regular file"), "{err}");
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(fs::read_to_string(&file).unwrap(), "mine");
        assert!(StagedFile::create(Path::new("/dev/null")).is_err());
        assert_eq!(names(dir.path()), ["config.toml", "games.jsonl"]);
    }

    #[test]
    fn a_file_cannot_be_the_target() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("file");
        fs::write(&target, "x").unwrap();
        assert!(check_target(&target).is_err());
        assert!(check_target(&target.join("sub")).is_err());
        assert!(check_target(Path::new("..")).is_err());
        assert!(check_target(&dir.path().join("new").join("run")).is_ok());
    }

    #[test]
    fn leftovers_of_killed_runs_are_cleaned_up() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("run");
        fs::create_dir(&target).unwrap();
        fs::write(target.join("summary.txt"), "current").unwrap();
        for leftover in [".run.partial-4242", ".run.old-4243"] {
            fs::create_dir(dir.path().join(leftover)).unwrap();
        }
        // Not ours: another folder's staging, and a name that only starts alike.
        fs::create_dir(dir.path().join(".other.partial-4242")).unwrap();
        fs::create_dir(dir.path().join(".run.partial-x")).unwrap();
        clean_leftovers(&target).unwrap();
        assert_eq!(
            names(dir.path()),
            [".other.partial-4242", ".run.partial-x", "run"]
        );
        assert_eq!(
            fs::read_to_string(target.join("summary.txt")).unwrap(),
            "current"
        );
    }

    #[test]
    fn a_report_left_under_the_old_name_is_put_back() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("run");
        let old = dir.path().join(".run.old-4243");
        fs::create_dir(&old).unwrap();
        fs::write(old.join("summary.txt"), "previous").unwrap();
        fs::create_dir(dir.path().join(".run.partial-4243")).unwrap();
        clean_leftovers(&target).unwrap();
        assert_eq!(names(dir.path()), ["run"]);
        assert_eq!(
            fs::read_to_string(target.join("summary.txt")).unwrap(),
            "previous"
        );
    }
}
