//! The file formats `cargo xtask dist` writes itself: zip (deflated, with
//! Unix permissions, dated 1980 so the same files give the same bytes), a
//! Debian control file, and macOS's Info.plist and `.icns`.

use std::path::{Path, PathBuf};

/// A zip at `path` of `files`: (name in the archive, file to read).
pub fn zip(path: &Path, files: &[(String, PathBuf)]) -> Result<(), String> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, source) in files {
        let data = std::fs::read(source).map_err(|e| format!("{}: {e}", source.display()))?;
        let packed = miniz_oxide::deflate::compress_to_vec(&data, 9);
        let crc = crc32fast::hash(&data);
        let offset = u32::try_from(out.len()).map_err(|_| "a zip over 4 GB")?;
        let executable = name.ends_with(".exe") || name.ends_with("/steering-demos");
        let mode: u32 = if executable { 0o100755 } else { 0o100644 };
        let sizes = [
            crc,
            u32::try_from(packed.len()).map_err(|_| "a file over 4 GB")?,
            u32::try_from(data.len()).map_err(|_| "a file over 4 GB")?,
        ];
        // Version 2.0, names in UTF-8 (bit 11), deflated, 1980-01-01 00:00.
        let common = |b: &mut Vec<u8>| {
            b.field16(20);
            b.field16(0x0800);
            b.field16(8);
            b.field16(0);
            b.field16(0x0021);
            sizes.iter().for_each(|&s| b.field32(s));
            b.field16(name.len() as u16);
            b.field16(0);
        };
        out.field32(0x0403_4b50);
        common(&mut out);
        out.extend(name.as_bytes());
        out.extend(&packed);
        central.field32(0x0201_4b50);
        central.field16((3 << 8) | 20); // made on Unix
        common(&mut central);
        central.field16(0); // comment
        central.field16(0); // disk
        central.field16(0); // internal attributes
        central.field32(mode << 16);
        central.field32(offset);
        central.extend(name.as_bytes());
    }
    let at = out.len() as u32;
    let count = files.len() as u16;
    out.extend(&central);
    out.field32(0x0605_4b50);
    out.field16(0);
    out.field16(0);
    out.field16(count);
    out.field16(count);
    out.field32(central.len() as u32);
    out.field32(at);
    out.field16(0);
    std::fs::write(path, out).map_err(|e| format!("{}: {e}", path.display()))
}

/// The `.deb`'s control file from Cargo.toml: its name, version,
/// description, and `[package.metadata.deb]`'s section, priority,
/// dependencies and long description.
pub fn deb_control(cargo_toml: &str, version: &str, arch: &str) -> Result<String, String> {
    let manifest: toml::Table = cargo_toml.parse().map_err(|e| format!("Cargo.toml: {e}"))?;
    let package = manifest.get("package").and_then(|p| p.as_table());
    let text = |table: Option<&toml::Table>, key: &str| -> Result<String, String> {
        (table.and_then(|t| t.get(key)).and_then(|v| v.as_str()))
            .map(|s| s.trim().to_string())
            .ok_or_else(|| format!("Cargo.toml has no {key}"))
    };
    let deb = (package.and_then(|p| p.get("metadata")))
        .and_then(|m| m.get("deb"))
        .and_then(|d| d.as_table());
    let long: Vec<String> = (text(deb, "extended-description")?.lines())
        .map(|l| format!(" {l}"))
        .collect();
    Ok(format!(
        "Package: {}\nVersion: {version}\nArchitecture: {arch}\nMaintainer: Steering Demos developers <steering-demos@localhost>\n\
         Section: {}\nPriority: {}\nDepends: {}\nDescription: {}\n{}\n",
        text(package, "name")?,
        text(deb, "section")?,
        text(deb, "priority")?,
        text(deb, "depends")?,
        text(package, "description")?,
        long.join("\n"),
    ))
}

/// macOS's description of the bundle: its name, identifier, binary, icon
/// and version.
pub fn info_plist(version: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>CFBundleName</key><string>Steering Demos</string>
  <key>CFBundleDisplayName</key><string>Steering Demos</string>
  <key>CFBundleIdentifier</key><string>org.steering-demos.app</string>
  <key>CFBundleExecutable</key><string>steering-demos</string>
  <key>CFBundleIconFile</key><string>steering-demos</string>
  <key>CFBundlePackageType</key><string>APPL</string>
  <key>CFBundleShortVersionString</key><string>{version}</string>
  <key>CFBundleVersion</key><string>{version}</string>
  <key>LSApplicationCategoryType</key><string>public.app-category.education</string>
  <key>NSHighResolutionCapable</key><true/>
</dict>
</plist>
"#
    )
}

/// An `.icns` of PNG icons by side (16, 32, 64, 128, 256): each under
/// the type Apple gives that size.
pub fn icns(pngs: &[(u32, Vec<u8>)]) -> Vec<u8> {
    let mut body = Vec::new();
    for (side, png) in pngs {
        let kind: &[u8; 4] = match side {
            16 => b"icp4",
            32 => b"icp5",
            64 => b"icp6",
            128 => b"ic07",
            256 => b"ic08",
            _ => continue,
        };
        body.extend(kind);
        body.extend((png.len() as u32 + 8).to_be_bytes());
        body.extend(png);
    }
    let mut out = b"icns".to_vec();
    out.extend((body.len() as u32 + 8).to_be_bytes());
    out.extend(body);
    out
}

/// Whether `bytes` start as a Mach-O binary (64-bit, or universal).
pub fn is_mach_o(bytes: &[u8]) -> bool {
    matches!(
        bytes.get(..4),
        Some([0xCF, 0xFA, 0xED, 0xFE] | [0xCA, 0xFE, 0xBA, 0xBE])
    )
}

/// Little-endian fields of a zip record, each its own width.
trait Fields {
    fn field16(&mut self, value: u16);
    fn field32(&mut self, value: u32);
}

impl Fields for Vec<u8> {
    fn field16(&mut self, value: u16) {
        self.extend(value.to_le_bytes());
    }
    fn field32(&mut self, value: u32) {
        self.extend(value.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zip_holds_its_files_as_unzip_reads_them() {
        let dir = std::env::temp_dir().join(format!("xtask-zip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.txt"), dir.join("steering-demos"));
        std::fs::write(&a, "seek, flee, arrive\n".repeat(50)).unwrap();
        std::fs::write(&b, [0u8, 1, 2, 3]).unwrap();
        let zip_path = dir.join("out.zip");
        let files = [
            ("d/a.txt".to_string(), a),
            ("d/steering-demos".to_string(), b),
        ];
        zip(&zip_path, &files).unwrap();
        // Python's zipfile reads it back: names, contents, the binary's mode.
        let check = "import zipfile,sys\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\n\
                     print(z.namelist(), len(z.read('d/a.txt')), oct(z.getinfo('d/steering-demos').external_attr>>16))";
        let out = std::process::Command::new("python3")
            .args(["-c", check])
            .arg(&zip_path)
            .output()
            .expect("python3");
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{said} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(said.trim(), "['d/a.txt', 'd/steering-demos'] 950 0o100755");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_control_file_comes_from_cargo_toml() {
        let toml = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.toml"));
        let control = deb_control(&toml.unwrap(), "0.1.0", "amd64").unwrap();
        assert!(
            control.starts_with("Package: steering-demos\nVersion: 0.1.0\nArchitecture: amd64\n")
        );
        assert!(control.contains("\nDepends: libc6, libx11-6"), "{control}");
        // The long description: every line indented by one space.
        let long = control.split_once("\nDescription: ").unwrap().1;
        assert!(
            long.lines().skip(1).all(|l| l.starts_with(' ')),
            "{control}"
        );
    }

    #[test]
    fn an_icns_lists_each_icon_under_its_type_with_its_length() {
        let icns = icns(&[(16, vec![1, 2, 3]), (256, vec![4; 10])]);
        assert_eq!(&icns[..4], b"icns");
        assert_eq!(
            u32::from_be_bytes(icns[4..8].try_into().unwrap()) as usize,
            icns.len()
        );
        assert_eq!(&icns[8..12], b"icp4");
        assert_eq!(u32::from_be_bytes(icns[12..16].try_into().unwrap()), 11);
        assert_eq!(&icns[19..23], b"ic08");
        assert!(is_mach_o(&[0xCF, 0xFA, 0xED, 0xFE, 7]) && !is_mach_o(b"\x7fELF"));
    }
}
