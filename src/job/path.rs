//! The checks of an output path, made before the first game, the same for every command:
//! a folder (`check_folder`: report folders, partial results) or a file (`check_file`:
//! `--log-games`, `train --out`, `--save-data`).
//!
//! Refused: a link that points to nothing or loops, at the path or above it; a path under
//! something that is not a folder; a name too long for the hidden names written beside it
//! (`.<name>.partial-<pid>`); a file path ending in `/`. A link to a folder given as a
//! folder is followed: the job writes into (and locks) the folder it points to, and the
//! link stays. A link given as a file is refused (`staged::StagedFile`): renaming over it
//! would replace the link, not write the file it points to.

#[cfg(all(test, unix))]
use super::Error;
use super::{Result, refused, staged};
use anyhow::anyhow;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

/// The longest file name the common file systems take (ext4, APFS, NTFS), in bytes.
const NAME_MAX: usize = 255;

/// The longest hidden name beside an output: `.<name>.partial-<pid>`, with the widest pid.
const HIDDEN_EXTRA: usize = ".".len() + ".partial-".len() + "4294967295".len();

/// Checks the output folder `path` given with `flag` (`--out`, `--resume`), and that it may
/// be replaced (`report::check_replaceable`: unless `force`, only a citadels-sim folder).
/// Returns the real folder: links followed, relative to the root.
pub fn check_folder(flag: &str, path: &Path, force: bool) -> Result<PathBuf> {
    let refuse = |why: String| refused(anyhow!("{flag} {}: {why}", path.display()));
    check_links(path).map_err(refuse)?;
    check_name(path).map_err(refuse)?;
    let real = real(path);
    staged::check_target(&real).map_err(|e| refuse(e.to_string()))?;
    crate::report::check_replaceable(&real, force).map_err(refuse)?;
    Ok(real)
}

/// Checks the output file `path` given with `flag`; what may be replaced there is the
/// command's to check.
pub fn check_file(flag: &str, path: &Path) -> Result<()> {
    let refuse = |why: String| refused(anyhow!("{flag} {}: {why}", path.display()));
    if ends_with_separator(path) {
        return Err(refuse(
            "ends with a `/`, which names a folder; give the path of a file".into(),
        ));
    }
    check_links(path).map_err(refuse)?;
    check_name(path).map_err(refuse)
}

/// The same file or folder, whichever way each is spelt (`./k`, `k`, a link to it)?
pub fn same_place(a: &Path, b: &Path) -> bool {
    real(a) == real(b)
}

/// `path` with every link followed: the nearest part of it that exists, resolved, then the
/// rest as written. (A path that cannot be resolved stays as written: `check_links` refuses
/// it first.)
pub fn real(path: &Path) -> PathBuf {
    let mut rest = Vec::new();
    let mut part = path;
    loop {
        if part.as_os_str().is_empty() {
            part = Path::new(".");
        }
        if let Ok(found) = part.canonicalize() {
            return rest.iter().rev().fold(found, |p, name| p.join(name));
        }
        let (Some(name), Some(parent)) = (part.file_name(), part.parent()) else {
            return path.to_path_buf();
        };
        rest.push(name.to_os_string());
        part = parent;
    }
}

fn ends_with_separator(path: &Path) -> bool {
    let text = path.as_os_str().to_string_lossy();
    text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR)
}

/// Refuses a link that points to nothing or loops, at `path` or above it, and a part above
/// `path` that exists but is not a folder.
fn check_links(path: &Path) -> std::result::Result<(), String> {
    let parts: Vec<&Path> = path
        .ancestors()
        .filter(|p| !p.as_os_str().is_empty())
        .collect();
    for &part in parts.iter().rev() {
        if matches!(part.components().next_back(), Some(Component::ParentDir)) {
            continue;
        }
        let link = match fs::symlink_metadata(part) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(format!("cannot read {}: {e}", part.display())),
            Ok(meta) => meta.is_symlink(),
        };
        let target = fs::read_link(part).ok();
        let followed = match fs::metadata(part) {
            Ok(meta) => meta,
            Err(e) if link => {
                let target = target.map_or_else(String::new, |t| format!(" {}", t.display()));
                return Err(if is_loop(&e) {
                    format!("{} is a link that loops ({e})", part.display())
                } else {
                    format!(
                        "{} is a link to{target}, which does not exist; remove the link or \
                         create what it points to",
                        part.display()
                    )
                });
            }
            Err(e) => return Err(format!("cannot read {}: {e}", part.display())),
        };
        if part != path && !followed.is_dir() {
            return Err(format!("{} is not a folder", part.display()));
        }
    }
    Ok(())
}

fn is_loop(e: &io::Error) -> bool {
    // ELOOP: too many levels of links (40 on Linux, 62 on macOS).
    e.raw_os_error()
        .is_some_and(|code| code == 40 || code == 62)
}

/// Refuses a name too long for the hidden names written beside it.
fn check_name(path: &Path) -> std::result::Result<(), String> {
    let Some(name) = path.file_name() else {
        return Ok(());
    };
    let length = name.as_encoded_bytes().len();
    if length + HIDDEN_EXTRA > NAME_MAX {
        return Err(format!(
            "its name is {length} bytes long, too long for the hidden name written beside it \
             while it is written (.NAME.partial-PID, at most {NAME_MAX} bytes): give a name \
             of at most {} bytes",
            NAME_MAX - HIDDEN_EXTRA
        ));
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn why(r: Result<impl std::fmt::Debug>) -> String {
        match r {
            Err(Error::Refused(e)) => format!("{e:#}"),
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn broken_links_and_long_names_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        symlink(d.join("nowhere"), d.join("dangling")).unwrap();
        symlink(d.join("loop"), d.join("loop")).unwrap();
        let err = why(check_folder("--out", &d.join("dangling"), false));
        assert!(err.contains("which does not exist"), "{err}");
        let err = why(check_folder("--out", &d.join("dangling/sub"), false));
        assert!(err.contains("dangling is a link to"), "{err}");
        let err = why(check_folder("--out", &d.join("loop"), false));
        assert!(err.contains("loops"), "{err}");
        let long = "a".repeat(NAME_MAX - HIDDEN_EXTRA + 1);
        let err = why(check_folder("--out", &d.join(&long), false));
        assert!(err.contains("too long"), "{err}");
        let fits = "a".repeat(NAME_MAX - HIDDEN_EXTRA);
        assert!(check_folder("--out", &d.join(fits), false).is_ok());
        let err = why(check_file("--log-games", Path::new("games/")));
        assert!(err.contains("ends with a `/`"), "{err}");
        let err = why(check_file("--log-games", &d.join("dangling")));
        assert!(err.contains("which does not exist"), "{err}");
    }

    #[test]
    fn a_link_to_a_folder_is_followed() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().canonicalize().unwrap();
        fs::create_dir(d.join("real")).unwrap();
        symlink(d.join("real"), d.join("link")).unwrap();
        assert_eq!(
            check_folder("--out", &d.join("link"), false).unwrap(),
            d.join("real")
        );
        assert_eq!(real(&d.join("link/new/run")), d.join("real/new/run"));
        assert!(same_place(&d.join("real/./x"), &d.join("link/x")));
    }
}
