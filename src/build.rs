//! Build script: gathers the shipped presets, so a scene's presets are
//! found by name (`assets/presets/<scene>-*.toml`), never listed by hand.
//! It writes `$OUT_DIR/presets.rs`, one `(name, text)` row a file, sorted
//! by name, which `config::preset::SHIPPED` includes; and
//! `$OUT_DIR/demos.toml`, the shipped settings without their comment
//! lines (each left blank, so a line number still points at its line),
//! which `config::EMBEDDED` is: the doc lines are the declarations' own,
//! and the page downloads every byte it carries (6 KB gzipped). It tells
//! the code the target it is built for (`--version` prints it), and for
//! Windows embeds the icon and the version in the `.exe` ([`windows`]).

use std::path::Path;

fn main() {
    let folder = Path::new("assets/presets");
    // A folder: cargo re-runs this when any file in it is added, removed
    // or changed.
    println!("cargo:rerun-if-changed={}", folder.display());
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .expect("assets/presets is in the crate")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let toml = path.extension().is_some_and(|e| e == "toml");
            toml.then(|| path.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    names.sort();
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let rows: String = names
        .iter()
        .map(|name| {
            let path = Path::new(&root).join(folder).join(format!("{name}.toml"));
            format!(
                "    ({name:?}, include_str!({:?})),\n",
                path.display().to_string()
            )
        })
        .collect();
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out).join("presets.rs"), format!("&[\n{rows}]\n"))
        .expect("OUT_DIR is writable");

    println!("cargo:rerun-if-changed=demos.toml");
    let shipped = std::fs::read_to_string("demos.toml").expect("demos.toml is in the crate");
    let bare: String = shipped
        .lines()
        .map(|line| {
            let comment = line.trim_start().starts_with('#');
            if comment {
                "\n".to_string()
            } else {
                format!("{line}\n")
            }
        })
        .collect();
    std::fs::write(Path::new(&out).join("demos.toml"), bare).expect("OUT_DIR is writable");

    let target = std::env::var("TARGET").expect("cargo sets TARGET");
    println!("cargo:rustc-env=STEERING_DEMOS_TARGET={target}");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        windows::resources(Path::new(&out));
    }
}

/// The `.exe`'s resources: the icon Explorer and the Start menu show (the
/// PNGs of `assets/icons` in one `.ico`), and its version, compiled by
/// mingw's `windres` (named by `WINDRES`, else the target's
/// `x86_64-w64-mingw32-windres`) and linked into the binary.
mod windows {
    use std::path::Path;
    use std::process::Command;

    const SIZES: [u32; 5] = [16, 32, 64, 128, 256];

    pub fn resources(out: &Path) {
        let ico = out.join("steering-demos.ico");
        std::fs::write(&ico, icon()).expect("OUT_DIR is writable");
        let version = std::env::var("CARGO_PKG_VERSION").expect("cargo sets the version");
        let numbers = version
            .split(['.', '-'])
            .take(3)
            .collect::<Vec<_>>()
            .join(",");
        let rc = out.join("steering-demos.rc");
        let text = format!(
            "1 ICON \"{}\"\n\
             1 VERSIONINFO FILEVERSION {numbers},0 PRODUCTVERSION {numbers},0\n\
             BEGIN BLOCK \"StringFileInfo\" BEGIN BLOCK \"040904B0\" BEGIN\n\
             VALUE \"FileDescription\", \"Steering Demos\"\n\
             VALUE \"ProductName\", \"Steering Demos\"\n\
             VALUE \"FileVersion\", \"{version}\"\n\
             VALUE \"ProductVersion\", \"{version}\"\n\
             END END BLOCK \"VarFileInfo\" BEGIN VALUE \"Translation\", 0x409, 1200 END END\n",
            ico.display().to_string().replace('\\', "/")
        );
        std::fs::write(&rc, text).expect("OUT_DIR is writable");
        let object = out.join("steering-demos-resources.o");
        let windres = std::env::var("WINDRES").unwrap_or_else(|_| {
            let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
            format!("{arch}-w64-mingw32-windres")
        });
        let status = Command::new(&windres)
            .arg(&rc)
            .arg("-O")
            .arg("coff")
            .arg("-o")
            .arg(&object)
            .status();
        match status {
            Ok(s) if s.success() => {
                println!("cargo:rustc-link-arg-bins={}", object.display());
            }
            _ => panic!(
                "{windres} could not compile the .exe's icon: install mingw-w64's binutils \
                 (Debian: gcc-mingw-w64-x86-64), or name another windres in WINDRES"
            ),
        }
        println!("cargo:rerun-if-env-changed=WINDRES");
        println!("cargo:rerun-if-changed=assets/icons");
    }

    /// An `.ico` of the app's PNG icons, each stored as PNG (which
    /// Windows reads since Vista).
    fn icon() -> Vec<u8> {
        let pngs: Vec<(u32, Vec<u8>)> = SIZES
            .iter()
            .map(|&size| {
                let path = format!("assets/icons/steering-demos-{size}.png");
                (
                    size,
                    std::fs::read(&path).expect("the icons are in the crate"),
                )
            })
            .collect();
        let mut out = Vec::new();
        out.extend(0u16.to_le_bytes()); // reserved
        out.extend(1u16.to_le_bytes()); // an icon
        out.extend((pngs.len() as u16).to_le_bytes());
        let mut offset = 6 + 16 * pngs.len() as u32;
        for (size, png) in &pngs {
            // 256 is written as 0 in a byte.
            let side = (*size % 256) as u8;
            out.extend([side, side, 0, 0]);
            out.extend(1u16.to_le_bytes()); // planes
            out.extend(32u16.to_le_bytes()); // bits a pixel
            out.extend((png.len() as u32).to_le_bytes());
            out.extend(offset.to_le_bytes());
            offset += png.len() as u32;
        }
        for (_, png) in &pngs {
            out.extend(png);
        }
        out
    }
}
