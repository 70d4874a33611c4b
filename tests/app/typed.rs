//! What a person types, taken as meant or refused up front: a scene by
//! its number or in any case, a near miss answered with "did you mean",
//! `--frames 0` refused, a screenshot's or clip's file checked before any
//! window opens (these run without a display: a check that came after the
//! window would exit 1, not 2), and numbers echoed in a few characters.

use super::trust::{refused, run, temp};

/// The link `--share` prints for `args`: which scene and variant they chose.
fn shared(args: &[&str]) -> String {
    let mut args = args.to_vec();
    args.push("--share");
    let out = run(&args);
    assert!(out.status.success(), "{args:?}: {:?}", out.stderr);
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn a_scene_is_picked_by_its_number_or_its_name_in_any_case() {
    // The eighth in the number keys' order.
    assert!(shared(&["--scene", "8"]).starts_with("#scene=flock&"));
    assert!(shared(&["--scene", "1"]).starts_with("#scene=seek&"));
    assert!(shared(&["--scene", "FLOCK"]).starts_with("#scene=flock&"));
    let link = shared(&["--scene", "Doorway", "--variant", "V2"]);
    assert!(link.starts_with("#scene=doorway&variant=v2&"), "{link}");
    // None before the first; none past the last (the 17th).
    for wrong in ["0", "18"] {
        let e = refused(&["--scene", wrong, "--share"]);
        assert!(e.contains("valid scenes: seek, wander"), "{wrong}: {e}");
    }
}

#[test]
fn a_near_miss_is_answered_with_the_name_meant() {
    let e = refused(&["--scene", "flok", "--share"]);
    assert!(
        e.contains("unknown scene `flok` (did you mean `flock`?); valid scenes: seek,"),
        "{e}"
    );
    let e = refused(&["--scene", "DORWAY", "--share"]);
    assert!(e.contains("(did you mean `doorway`?)"), "{e}");
    // Nothing near, or several as near: no guess.
    assert!(!refused(&["--scene", "zzzzzz", "--share"]).contains("did you mean"));
    let e = refused(&["--scene", "flock", "--variant", "alignmnet", "--share"]);
    assert!(
        e.contains("(did you mean `alignment`?); valid variants: separation,"),
        "{e}"
    );
    let e = refused(&["--scene", "doorway", "--variant", "v9", "--share"]);
    assert!(
        !e.contains("did you mean") && e.contains("valid variants: v0"),
        "{e}"
    );
}

#[test]
fn frames_zero_is_refused_as_a_screenshot_needs_a_frame() {
    let path = temp("frames-zero.png");
    let e = refused(&["--screenshot", path.to_str().unwrap(), "--frames", "0"]);
    assert!(e.contains("--frames") && e.contains("from 1"), "{e}");
    assert!(!path.exists());
}

/// A name too long, or a folder that takes no files, is refused before the
/// window opens, and leaves nothing behind.
#[test]
fn a_file_that_cannot_be_made_is_refused_before_the_window() {
    let dir = temp("unmakeable");
    std::fs::create_dir_all(&dir).unwrap();
    for (flag, ext) in [("--screenshot", "png"), ("--record", "gif")] {
        let long = dir.join(format!("{}.{ext}", "a".repeat(300)));
        let e = refused(&[flag, long.to_str().unwrap()]);
        assert!(e.contains(flag) && e.contains("at most 255"), "{e}");
        let e = refused(&[flag, &format!("/proc/shot.{ext}")]);
        assert!(
            e.contains(flag) && e.contains("no file can be made there"),
            "{e}"
        );
    }
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn numbers_in_messages_are_written_compactly() {
    for (typed, shown) in [("1e-320", "(got 1e-320)"), ("1e300", "(got 1e300)")] {
        let e = refused(&["--record", "x.gif", "--seconds", typed]);
        assert!(e.contains(shown) && e.len() < 200, "{e}");
    }
}
