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
    let part = folder.join(format!(".{stem}.{}.part", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&part)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&part);
        return Err(format!("cannot write in {}: {e}", folder.display()));
    }
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
        let _ = std::fs::remove_dir_all(&dir);
    }
}
