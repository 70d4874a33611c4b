//! A Windows shortcut (`.lnk`, the Shell Link format of Microsoft's
//! [MS-SHLLINK] specification): what the Start menu lists. Written from
//! the specification, as bytes, so it is made and tested on every
//! system: a header, the target's path (in the code page and in UTF-16),
//! and the name, working folder and icon as strings.
//!
//! [MS-SHLLINK]: https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-shllink/

use std::path::Path;

/// The class id every shell link has, as stored.
const CLSID: [u8; 16] = [
    0x01, 0x14, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0xC0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46,
];
const HAS_LINK_INFO: u32 = 0x02;
const HAS_NAME: u32 = 0x04;
const HAS_WORKING_DIR: u32 = 0x10;
const HAS_ICON_LOCATION: u32 = 0x40;
const IS_UNICODE: u32 = 0x80;
/// The link info's header with the UTF-16 offsets: 0x24 bytes.
const INFO_HEADER: u32 = 0x24;
const VOLUME_ID_AND_LOCAL_BASE_PATH: u32 = 0x01;
const DRIVE_FIXED: u32 = 3;
const SW_SHOWNORMAL: u32 = 1;

/// A shortcut to the program at `target` (an absolute Windows path),
/// named `name` (its tooltip), started in the program's folder, with the
/// program's own icon.
pub fn lnk(target: &Path, name: &str) -> Vec<u8> {
    let target = target.to_string_lossy().replace('/', "\\");
    let folder = target.rsplit_once('\\').map_or("", |(f, _)| f).to_string();
    let mut out = Vec::new();
    // The header: 76 bytes.
    put32(&mut out, 0x4C);
    out.extend(CLSID);
    let flags = HAS_LINK_INFO | HAS_NAME | HAS_WORKING_DIR | HAS_ICON_LOCATION | IS_UNICODE;
    put32(&mut out, flags);
    put32(&mut out, 0); // file attributes
    out.extend([0; 24]); // creation, access and write times
    put32(&mut out, 0); // file size
    put32(&mut out, 0); // icon index
    put32(&mut out, SW_SHOWNORMAL);
    out.extend([0; 12]); // hot key, reserved
    out.extend(link_info(&target));
    for text in [name, &folder, &target] {
        let units: Vec<u16> = text.encode_utf16().collect();
        put16(&mut out, u16::try_from(units.len()).unwrap_or(u16::MAX));
        for unit in units.iter().take(usize::from(u16::MAX)) {
            put16(&mut out, *unit);
        }
    }
    put32(&mut out, 0); // no extra data blocks
    out
}

/// Where the target is: a local path on a fixed drive, in the code page
/// (a character it lacks as `?`) and in UTF-16.
fn link_info(target: &str) -> Vec<u8> {
    let volume: &[u8] = &[
        0x11,
        0,
        0,
        0, // its size: 17
        DRIVE_FIXED as u8,
        0,
        0,
        0, // a fixed drive
        0,
        0,
        0,
        0, // serial number
        0x10,
        0,
        0,
        0, // the label's offset
        0, // an empty label
    ];
    let ansi: Vec<u8> = (target.chars())
        .map(|c| if c.is_ascii() { c as u8 } else { b'?' })
        .chain([0])
        .collect();
    let wide: Vec<u8> = (target.encode_utf16().chain([0]))
        .flat_map(u16::to_le_bytes)
        .collect();
    let volume_at = INFO_HEADER;
    let path_at = volume_at + volume.len() as u32;
    let suffix_at = path_at + ansi.len() as u32;
    let wide_at = suffix_at + 1;
    let wide_suffix_at = wide_at + wide.len() as u32;
    let size = wide_suffix_at + 2;
    let mut out = Vec::with_capacity(size as usize);
    for field in [
        size,
        INFO_HEADER,
        VOLUME_ID_AND_LOCAL_BASE_PATH,
        volume_at,
        path_at,
        0, // no network share
        suffix_at,
        wide_at,
        wide_suffix_at,
    ] {
        put32(&mut out, field);
    }
    out.extend(volume);
    out.extend(ansi);
    out.push(0); // the common path suffix: empty
    out.extend(wide);
    out.extend([0, 0]);
    out
}

fn put32(out: &mut Vec<u8>, value: u32) {
    out.extend(value.to_le_bytes());
}

fn put16(out: &mut Vec<u8>, value: u16) {
    out.extend(value.to_le_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u32_at(bytes: &[u8], at: usize) -> u32 {
        u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
    }

    /// The path in UTF-16 from `at` to its terminating zero.
    fn wide_at(bytes: &[u8], at: usize) -> String {
        let units: Vec<u16> = (bytes[at..].chunks(2))
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .take_while(|&u| u != 0)
            .collect();
        String::from_utf16(&units).unwrap()
    }

    #[test]
    fn a_shortcut_points_at_its_program_as_the_specification_lays_out() {
        let target = Path::new("C:/Program Files/Steering Demos/steering-demos.exe");
        let bytes = lnk(target, "Steering Demos");
        assert_eq!(u32_at(&bytes, 0), 0x4C);
        assert_eq!(bytes[4..20], CLSID);
        let flags = u32_at(&bytes, 20);
        assert_eq!(
            flags & (HAS_LINK_INFO | IS_UNICODE),
            HAS_LINK_INFO | IS_UNICODE
        );
        // The link info follows the header: its sizes and offsets agree.
        let info = &bytes[0x4C..];
        let size = u32_at(info, 0) as usize;
        assert_eq!(u32_at(info, 4), INFO_HEADER);
        let path = u32_at(info, 16) as usize;
        assert_eq!(
            &info[path..path + 3],
            b"C:\\",
            "the code page path, backslashed"
        );
        let wide = u32_at(info, 28) as usize;
        let expected = "C:\\Program Files\\Steering Demos\\steering-demos.exe";
        assert_eq!(wide_at(info, wide), expected);
        assert!(wide + 2 * (expected.len() + 1) + 2 == size);
        // Then the strings: name, working folder, icon; then no blocks.
        let strings = &bytes[0x4C + size..];
        let name_len = usize::from(u16::from_le_bytes([strings[0], strings[1]]));
        assert_eq!(name_len, "Steering Demos".len());
        assert_eq!(u32_at(&bytes, bytes.len() - 4), 0);
    }

    #[test]
    fn a_path_outside_the_code_page_keeps_its_letters_in_utf16() {
        let bytes = lnk(Path::new("C:\\Users\\Åse\\sd.exe"), "Steering Demos");
        let info = &bytes[0x4C..];
        let ansi = u32_at(info, 16) as usize;
        assert_eq!(&info[ansi..ansi + 12], b"C:\\Users\\?se");
        assert_eq!(
            wide_at(info, u32_at(info, 28) as usize),
            "C:\\Users\\Åse\\sd.exe"
        );
    }
}
