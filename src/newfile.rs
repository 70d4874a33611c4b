//! Files written anew, never over another: the bytes go whole into a
//! temporary file beside the target, which is then linked to the first
//! free name (`STEM.EXT`, `STEM-2.EXT`, ...). A link fails when the name
//! is taken, so two saves in one instant are two files, a file that
//! appeared meanwhile is never replaced, and a failure leaves nothing.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The most names tried before giving up.
const TRIES: u32 = 1000;

/// Writes `bytes` to a new file in `folder` named `STEM.EXT` or, when
/// taken, `STEM-N.EXT`; returns its path.
pub fn write_new(folder: &Path, stem: &str, ext: &str, bytes: &[u8]) -> Result<PathBuf, String> {
    let part = write_part(folder, stem, bytes)?;
    let named = (1..=TRIES)
        .map(|n| match n {
            1 => folder.join(format!("{stem}.{ext}")),
            n => folder.join(format!("{stem}-{n}.{ext}")),
        })
        .find_map(|path| match std::fs::hard_link(&part, &path) {
            Ok(()) => Some(Ok(path)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => None,
            Err(e) => Some(Err(format!("cannot write {}: {e}", path.display()))),
        })
        .unwrap_or_else(|| Err(format!("{} has no free name for {stem}", folder.display())));
    let _ = std::fs::remove_file(&part);
    named
}

/// `bytes` whole in a new temporary file in `folder`; its path.
fn write_part(folder: &Path, stem: &str, bytes: &[u8]) -> Result<PathBuf, String> {
    // A dot, the stem, a dot, the id (at most 10 digits) and ".part".
    let stem = cut_name(stem, NAME_MAX - 17);
    let part = folder.join(format!(".{stem}.{}.part", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&part)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()));
    match written {
        Ok(()) => Ok(part),
        Err(e) => {
            let _ = std::fs::remove_file(&part);
            Err(format!("cannot write in {}: {e}", folder.display()))
        }
    }
}

/// Refuses `path` for a new `.EXT` file before any work is done: another
/// extension, a folder that does not exist, a name that is taken.
pub fn check_free(path: &Path, ext: &str) -> Result<(), String> {
    let shown = crate::quote::quoted_path(path);
    if !path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(ext))
    {
        return Err(format!("{shown}: the file's name must end in .{ext}"));
    }
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    if folder.is_some_and(|f| !f.is_dir()) {
        return Err(format!("{shown}: its folder does not exist"));
    }
    if std::fs::symlink_metadata(path).is_ok() {
        return Err(format!("{shown} is there already; it is never replaced"));
    }
    let name = path.file_name().map_or(0, |n| n.len());
    if name > NAME_MAX {
        return Err(format!(
            "{shown}: its name is {name} bytes long; a file's name has at most {NAME_MAX}"
        ));
    }
    // Whether the folder takes a new file (permissions, a read-only disk,
    // /proc) is known only by making one: made and removed at once.
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(_) => std::fs::remove_file(path)
            .map_err(|e| format!("{shown}: a trial file there cannot be removed: {e}")),
        Err(e) => Err(format!("{shown}: no file can be made there: {e}")),
    }
}

/// The longest file name most file systems take, in bytes (Linux's
/// NAME_MAX, also the limit of NTFS and APFS in characters).
pub const NAME_MAX: usize = 255;

/// `name` cut to at most `bytes` bytes, at a character's edge: the
/// temporary file of a long name must itself be a name that fits.
pub fn cut_name(name: &str, bytes: usize) -> &str {
    let end = (0..=bytes.min(name.len()))
        .rev()
        .find(|&k| name.is_char_boundary(k))
        .unwrap_or(0);
    &name[..end]
}

/// Writes `bytes` to `path`, a name that must be free: whole into a
/// temporary file beside it, then linked to the name (which fails, and
/// leaves nothing, if a file took it meanwhile).
pub fn write_exact(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    let folder = folder.unwrap_or(Path::new("."));
    let stem = path
        .file_stem()
        .map_or("file".into(), |s| s.to_string_lossy());
    let part = write_part(folder, &stem, bytes)?;
    let linked = std::fs::hard_link(&part, path);
    let _ = std::fs::remove_file(&part);
    linked.map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => {
            format!("{} is there already; it is never replaced", path.display())
        }
        _ => format!("cannot write {}: {e}", path.display()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_writes_of_one_name_are_two_files_and_none_replaces_another() {
        let dir = std::env::temp_dir().join(format!("sd-newfile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("shot.png"), b"older").unwrap();
        let a = write_new(&dir, "shot", "png", b"one").unwrap();
        let b = write_new(&dir, "shot", "png", b"two").unwrap();
        assert_eq!(a, dir.join("shot-2.png"));
        assert_eq!(b, dir.join("shot-3.png"));
        assert_eq!(std::fs::read(dir.join("shot.png")).unwrap(), b"older");
        assert_eq!(std::fs::read(&b).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3, "no part left");
        let e = write_new(&dir.join("missing"), "x", "png", b"").unwrap_err();
        assert!(e.contains("missing"), "{e}");
        // An exact name: refused when taken, written when free.
        let taken = dir.join("shot.png");
        assert!(
            check_free(&taken, "png")
                .unwrap_err()
                .contains("never replaced")
        );
        assert!(write_exact(&taken, b"new").is_err());
        assert_eq!(std::fs::read(&taken).unwrap(), b"older");
        assert!(
            check_free(&dir.join("x.jpg"), "png")
                .unwrap_err()
                .contains(".png")
        );
        let nowhere = dir.join("missing/x.png");
        assert!(check_free(&nowhere, "png").unwrap_err().contains("folder"));
        let free = dir.join("free.PNG");
        check_free(&free, "png").unwrap();
        write_exact(&free, b"mine").unwrap();
        assert_eq!(std::fs::read(&free).unwrap(), b"mine");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 4, "no part left");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
