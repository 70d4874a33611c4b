//! A web page writes no files: it carries no PNG or GIF encoder, and says so.

use std::path::Path;

/// A web page writes no files (and so carries no PNG encoder).
pub fn save_screenshot(path: &Path) -> Result<(), String> {
    Err(format!(
        "cannot save {}: a web page writes no files",
        path.display()
    ))
}

/// A web page writes no files.
pub fn save_new_screenshot(folder: &Path, _scene: &str) -> Result<std::path::PathBuf, String> {
    Err(format!(
        "cannot save in {}: a web page writes no files",
        folder.display()
    ))
}

/// A web page records no clips.
pub struct Recording;

impl Recording {
    pub fn start(path: &Path, _size: (u32, u32)) -> Result<Self, String> {
        Err(format!(
            "cannot record {}: a web page writes no files",
            path.display()
        ))
    }
    pub fn path(&self) -> &Path {
        Path::new("")
    }
    pub fn frames(&self) -> u32 {
        0
    }
    pub fn start_in_folder(_scene: &str) -> Result<Self, String> {
        Err("a web page records no clips".into())
    }
    pub fn capture_next(&mut self) {}
    pub fn capture_now(&mut self) {}
    pub fn finish(self) -> Result<(String, String), String> {
        Err("a web page records no clips".into())
    }
}
