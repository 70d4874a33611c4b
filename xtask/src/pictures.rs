//! The README's pictures, made by the app's own screenshot command from
//! the release build under Xvfb: one per scene, the lab's, and one per
//! language, each showing the lesson its edition of the series taught.

use crate::{Workspace, run, run_output, step};
use std::process::Command;

/// The pictures of the lab beside the one of each scene: file name, and
/// the flags that set it up.
const LAB_PICTURES: &[(&str, &[&str])] = &[
    (
        "lab-panel",
        &[
            "--scene",
            "doorway",
            "--panel",
            "--chart",
            "--select",
            "7",
            "--show-forces",
        ],
    ),
    (
        "lab-compare",
        &["--scene", "doorway", "--compare", "--variant", "v0"],
    ),
    ("tour", &["--open", "#scene=flock&tour=3"]),
    (
        "tip-to-tail",
        &["--scene", "flock", "--select", "10", "--tip-to-tail"],
    ),
    // A crowd too fine to draw agent by agent, painted by heading, one
    // boid and its forces on top.
    (
        "million",
        &["--scene", "flock", "--agents", "1000000", "--select", "10"],
    ),
    // Each language on the lesson its edition of the series translated
    // (../shared/seeds), the card open on an agent's numbers.
    (
        "lang-nb",
        &[
            "--lang", "nb", "--scene", "wander", "--select", "0", "--lesson",
        ],
    ),
    (
        "lang-zh",
        &[
            "--lang",
            "zh",
            "--scene",
            "seek",
            "--variant",
            "seek",
            "--select",
            "0",
            "--lesson",
        ],
    ),
    (
        "lang-fr",
        &[
            "--lang", "fr", "--scene", "patrol", "--select", "0", "--lesson",
        ],
    ),
    (
        "lang-ar",
        &[
            "--lang", "ar", "--scene", "doorway", "--select", "7", "--lesson",
        ],
    ),
    (
        "lang-es",
        &[
            "--lang", "es", "--scene", "pursuit", "--select", "1", "--lesson",
        ],
    ),
];

/// Makes every picture the README shows from the release build: one per
/// scene (its forces shown, after 600 frames of one tick each at the
/// scripted pointer, so the same on any machine) and the lab's, in a
/// 1280x800 window under Xvfb, with the shipped settings. Names in
/// `only` make just those pictures.
pub fn screenshots(only: &[&str]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let ws = Workspace::read(&cargo)?;
    step("cargo build --release");
    run(Command::new(&cargo).args(["build", "--release", "--locked"]))?;
    let app = ws.target.join("release").join("steering-demos");
    let list = run_output(
        Command::new(&app)
            .arg("--list")
            .env("XDG_CONFIG_HOME", "/nonexistent"),
    )?;
    // The scene lines of --list: "1. seek  Seek, flee and arrival ...".
    let scenes: Vec<String> = String::from_utf8_lossy(&list)
        .lines()
        .filter_map(|line| {
            let (number, rest) = line.split_once(". ")?;
            number.parse::<u32>().ok()?;
            Some(rest.split_whitespace().next()?.to_string())
        })
        .collect();
    if scenes.is_empty() {
        return Err("`steering-demos --list` named no scene".into());
    }
    let folder = ws.root.join("assets").join("screenshots");
    let mut pictures: Vec<(String, Vec<&str>)> = scenes
        .iter()
        .map(|name| {
            (
                name.clone(),
                vec!["--scene", name.as_str(), "--show-forces"],
            )
        })
        .collect();
    pictures.extend(
        LAB_PICTURES
            .iter()
            .map(|(name, flags)| (name.to_string(), flags.to_vec())),
    );
    if let Some(unknown) = only.iter().find(|n| !pictures.iter().any(|(p, _)| p == *n)) {
        let known: Vec<&str> = pictures.iter().map(|(p, _)| p.as_str()).collect();
        return Err(format!(
            "no picture `{unknown}`; the pictures: {}",
            known.join(", ")
        ));
    }
    pictures.retain(|(name, _)| only.is_empty() || only.contains(&name.as_str()));
    let made = pictures.len();
    for (name, flags) in pictures {
        let path = folder.join(format!("{name}.png"));
        step(&format!("{name}: {}", flags.join(" ")));
        // The app never replaces a file: the old picture goes first.
        if path.exists() {
            std::fs::remove_file(&path)
                .map_err(|e| format!("cannot remove the old {}: {e}", path.display()))?;
        }
        run(Command::new("xvfb-run")
            .args(["-a", "-s", "-screen 0 1280x800x24"])
            .arg(&app)
            .args(&flags)
            .args(["--frames", "600", "--screenshot"])
            .arg(&path)
            .env("XDG_CONFIG_HOME", "/nonexistent"))
        .map_err(|e| format!("{e} (xvfb-run comes with Debian's xvfb package)"))?;
    }
    println!("wrote {made} pictures in {}", folder.display());
    Ok(())
}

/// How many colours the PNG at `path` has (up to 1,000): a blank or
/// black picture has one or two.
pub fn colours(path: &std::path::Path) -> Result<usize, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder
        .read_info()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader
        .next_frame(&mut pixels)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let step = info.color_type.samples();
    let mut seen = std::collections::HashSet::new();
    for pixel in pixels[..info.buffer_size()].chunks(step) {
        seen.insert(pixel.to_vec());
        if seen.len() >= 1000 {
            break;
        }
    }
    Ok(seen.len())
}
