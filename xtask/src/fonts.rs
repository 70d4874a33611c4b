//! The fonts, cut at build time: a script's font to the characters its
//! table uses ([`cut`], `cargo xtask fonts`); and the page's. egui carries four fonts in every
//! build (its `default_fonts` feature, which egui-miniquad turns on): Hack
//! and Ubuntu Light, which the app's words are drawn in, and two emoji
//! fonts, NotoEmoji and emoji-icon-font, some 450 KB of the page's 1.5 MB
//! gzipped, for glyphs the app never shows. Their bytes are replaced, in
//! the .wasm as rustc wrote it, by an empty font of the same length: a
//! valid face that maps no character (so egui's fallback passes over it),
//! then zeros, which `wasm-opt` leaves out of the file and gzip of the
//! download. The desktop binary keeps them (a few hundred KB on disk).
//! The library's tests check that every character the drawn catalogues
//! use has a glyph in Hack or Ubuntu Light (`src/text/tests.rs`).

/// The fonts the page does without: their name and bytes, as egui carries
/// them (the same crate and version as the app's, through Cargo.lock).
const DROPPED: [(&str, &[u8]); 2] = [
    (
        "NotoEmoji-Regular",
        epaint_default_fonts::NOTO_EMOJI_REGULAR,
    ),
    ("emoji-icon-font", epaint_default_fonts::EMOJI_ICON),
];

/// Writes the .wasm at `built` beside it with [`drop_emoji`] done, and
/// says where.
pub fn without_emoji(built: &std::path::Path) -> Result<std::path::PathBuf, String> {
    let mut bytes =
        std::fs::read(built).map_err(|e| format!("cannot read {}: {e}", built.display()))?;
    drop_emoji(&mut bytes)?;
    let cut = built.with_extension("cut.wasm");
    std::fs::write(&cut, &bytes).map_err(|e| format!("cannot write {}: {e}", cut.display()))?;
    Ok(cut)
}

/// Empties each font of [`DROPPED`] in `wasm`, in place. Fails when one is
/// not found exactly once (egui changed how it carries them): the page
/// would then be over its budget, and this says why.
pub fn drop_emoji(wasm: &mut [u8]) -> Result<(), String> {
    for (name, bytes) in DROPPED {
        let found: Vec<usize> = find_all(wasm, bytes).take(2).collect();
        let [at] = found[..] else {
            return Err(format!(
                "egui's {name} font is not in the .wasm exactly once: cannot empty it"
            ));
        };
        let empty = empty_font();
        let place = &mut wasm[at..at + bytes.len()];
        place.fill(0);
        place[..empty.len()].copy_from_slice(&empty);
    }
    Ok(())
}

/// Where `needle` starts in `haystack`, each time.
fn find_all<'a>(haystack: &'a [u8], needle: &'a [u8]) -> impl Iterator<Item = usize> + 'a {
    let first = needle[0];
    (0..=haystack.len().saturating_sub(needle.len()))
        .filter(move |&i| haystack[i] == first && haystack[i..].starts_with(needle))
}

/// A TrueType face with one glyph (.notdef, empty) and no character map:
/// the tables a parser requires (head, hhea, maxp) and the horizontal
/// metrics, with an em of 1000 and the line of an ordinary font (800 up,
/// 200 down), so that whoever measures it finds nothing to divide by zero.
pub fn empty_font() -> Vec<u8> {
    const EM: i16 = 1000;
    let mut head = Vec::new();
    head.extend(0x0001_0000u32.to_be_bytes()); // version 1.0
    head.extend(0x0001_0000u32.to_be_bytes()); // font revision
    head.extend(0u32.to_be_bytes()); // checksum adjustment
    head.extend(0x5F0F_3CF5u32.to_be_bytes()); // magic number
    head.extend(0u16.to_be_bytes()); // flags
    head.extend((EM as u16).to_be_bytes()); // units per em
    head.extend([0; 16]); // created, modified
    for v in [0i16, -200, 500, 800] {
        head.extend(v.to_be_bytes()); // x min, y min, x max, y max
    }
    head.extend([0, 0, 0, 8, 0, 2]); // mac style, lowest ppem, direction hint
    head.extend([0, 0, 0, 0]); // short offsets, glyph data format 0
    let mut hhea = Vec::new();
    hhea.extend(0x0001_0000u32.to_be_bytes());
    for v in [800i16, -200, 0] {
        hhea.extend(v.to_be_bytes()); // ascender, descender, line gap
    }
    hhea.extend(500u16.to_be_bytes()); // advance width max
    for v in [0i16, 0, 500, 1, 0, 0, 0, 0, 0, 0, 0] {
        // min left and right side bearings, x max extent, caret slope
        // rise and run, caret offset, four reserved, metric data format
        hhea.extend(v.to_be_bytes());
    }
    hhea.extend(1u16.to_be_bytes()); // horizontal metrics
    let mut maxp = Vec::new();
    maxp.extend(0x0000_5000u32.to_be_bytes()); // version 0.5
    maxp.extend(1u16.to_be_bytes()); // glyphs
    let mut hmtx = Vec::new();
    hmtx.extend(500u16.to_be_bytes());
    hmtx.extend(0i16.to_be_bytes());
    table_file(&[
        (*b"head", head),
        (*b"hhea", hhea),
        (*b"hmtx", hmtx),
        (*b"maxp", maxp),
    ])
}

/// An sfnt file of `tables` (sorted by tag), each on a 4-byte boundary.
fn table_file(tables: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let n = tables.len() as u16;
    let mut out = Vec::new();
    out.extend(0x0001_0000u32.to_be_bytes()); // TrueType outlines
    let entry_selector = 15 - n.leading_zeros() as u16;
    let search_range = 16 << entry_selector;
    for v in [n, search_range, entry_selector, n * 16 - search_range] {
        out.extend(v.to_be_bytes());
    }
    let mut offset = 12 + 16 * tables.len();
    let mut data = Vec::new();
    for (tag, table) in tables {
        let padded: Vec<u8> = (table.iter().copied())
            .chain(std::iter::repeat(0))
            .take(table.len().div_ceil(4) * 4)
            .collect();
        let checksum = padded
            .chunks(4)
            .map(|w| u32::from_be_bytes([w[0], w[1], w[2], w[3]]))
            .fold(0u32, u32::wrapping_add);
        out.extend(tag);
        out.extend(checksum.to_be_bytes());
        out.extend((offset as u32).to_be_bytes());
        out.extend((table.len() as u32).to_be_bytes());
        offset += padded.len();
        data.extend(padded);
    }
    out.extend(data);
    out
}

/// A script's font, cut to the characters its table uses: where the full
/// font is found (Debian's package), which face of a collection, the
/// characters kept beyond the table's, and the file written.
pub(crate) struct Cut {
    pub(crate) code: &'static str,
    package: &'static str,
    source: &'static str,
    face: u32,
    /// Unicode ranges kept as well, as fontTools writes them.
    also: &'static str,
    pub(crate) out: &'static str,
}

/// The scripts Hack lacks, each from its Noto font.
pub(crate) const CUTS: [Cut; 2] = [
    Cut {
        code: "zh",
        package: "fonts-noto-cjk",
        // Face 2 of the collection is Noto Sans CJK SC.
        source: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        face: 2,
        also: "",
        out: "assets/fonts/NotoSansSC-subset.otf",
    },
    Cut {
        code: "ar",
        package: "fonts-noto-core",
        source: "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
        face: 0,
        // Arabic Presentation Forms-B: the joined forms the app draws
        // (src/text/shape.rs) in place of the letters the table holds.
        also: "U+FE70-FEFC",
        out: "assets/fonts/NotoSansArabic-subset.ttf",
    },
];

/// `cargo xtask fonts`: cuts each script's font to the characters its
/// table (`src/text/<code>.txt`) uses beyond ASCII, without hinting or
/// layout tables (the window draws glyphs one by one), with fontTools'
/// subsetter (Debian: python3-fonttools; the fonts: fonts-noto-cjk and
/// fonts-noto-core). A
/// source font elsewhere is given as `FONT_<CODE>=path`. The library's
/// tests fail when a table uses a character its fonts lack.
pub fn cut() -> Result<(), String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for c in CUTS {
        let var = format!("FONT_{}", c.code.to_uppercase());
        let source = std::env::var(&var).unwrap_or_else(|_| c.source.to_string());
        if !std::path::Path::new(&source).exists() {
            return Err(format!(
                "no {source} (Debian: apt-get install {}; or set {var})",
                c.package
            ));
        }
        let table = root.join(format!("src/text/{}.txt", c.code));
        let text = std::fs::read_to_string(&table)
            .map_err(|e| format!("cannot read {}: {e}", table.display()))?;
        let mut chars: Vec<char> = (text.lines())
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once(" = ").map(|(_, t)| t))
            .flat_map(str::chars)
            .filter(|c| !c.is_ascii())
            .collect();
        chars.sort_unstable();
        chars.dedup();
        let list = std::env::temp_dir().join(format!("steering-demos-{}-chars.txt", c.code));
        std::fs::write(&list, chars.iter().collect::<String>())
            .map_err(|e| format!("cannot write {}: {e}", list.display()))?;
        let out = root.join(c.out);
        let status = std::process::Command::new("python3")
            .args(["-m", "fontTools.subset", &source])
            .arg(format!("--font-number={}", c.face))
            .arg(format!("--text-file={}", list.display()))
            .arg(format!("--output-file={}", out.display()))
            .arg(format!("--unicodes={}", c.also))
            .args([
                "--layout-features=",
                "--no-hinting",
                "--desubroutinize",
                "--name-IDs=*",
                "--drop-tables+=GSUB,GPOS,GDEF,VORG,vhea,vmtx",
            ])
            .status()
            .map_err(|e| {
                format!("cannot run python3 (Debian: apt-get install python3-fonttools): {e}")
            })?;
        if !status.success() {
            return Err(format!("fontTools' subsetter failed ({status})"));
        }
        let size = std::fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
        println!("{}: {} characters, {size} bytes", c.out, chars.len());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The empty font is one a font parser reads: with an em, a line, no
    /// glyph for any character; and padded with zeros it reads the same.
    #[test]
    fn the_empty_font_parses_and_maps_nothing() {
        let mut bytes = empty_font();
        bytes.resize(4096, 0);
        let face = ttf_parser::Face::parse(&bytes, 0).expect("a valid face");
        assert_eq!(face.units_per_em(), 1000);
        assert_eq!((face.ascender(), face.descender()), (800, -200));
        assert_eq!(face.number_of_glyphs(), 1);
        for c in ['a', 'é', '😀', '⚠', '中'] {
            assert_eq!(face.glyph_index(c), None, "{c}");
        }
    }

    /// Found and emptied where it lies, the rest untouched; a build
    /// without the font is an error that names it.
    #[test]
    fn an_emoji_font_is_emptied_in_place() {
        let mut wasm = b"before".to_vec();
        for (_, bytes) in DROPPED {
            wasm.extend(bytes);
            wasm.extend(b"between");
        }
        let len = wasm.len();
        drop_emoji(&mut wasm).expect("both found");
        assert_eq!(wasm.len(), len);
        assert!(wasm.starts_with(b"before") && wasm.ends_with(b"between"));
        let at = b"before".len();
        assert!(wasm[at..].starts_with(&empty_font()));
        let zeros = wasm.iter().filter(|&&b| b == 0).count();
        assert!(zeros > DROPPED[0].1.len(), "{zeros} zeros");
        let err = drop_emoji(&mut b"no fonts here".to_vec()).unwrap_err();
        assert!(err.contains("NotoEmoji-Regular"), "{err}");
    }
}
