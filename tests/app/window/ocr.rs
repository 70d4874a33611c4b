//! The window's words read back with OCR, as a learner reads them.

use super::reading::{ocr_all, read_back_block};
use super::support::{SCREEN, launch, launch_with_env};
use steering_demos::layout::{Layout, Open};

/// Every word readable: the lesson line reads back word for word, and
/// the footer keeps "H: help", in a large window and in the smallest.
#[test]
fn the_lesson_line_and_the_help_hint_read_back_with_ocr() {
    if !crate::skip::OCR.met() {
        return;
    }
    let Some((reaper, s)) = launch(&["--scene", "seek"], "scene seek", SCREEN) else {
        return;
    };
    // Photographed first, read once the app is gone: each page mode's
    // strips in one tesseract run.
    let mut lines = Vec::new();
    for (width, height) in [(1280u32, 800u32), (640, 400)] {
        s.resize(width, height);
        let name = format!("ocr-{width}x{height}");
        let layout = Layout::of(
            glam::Vec2::new(width as f32, height as f32),
            Open::default(),
        );
        let hud = layout.hud;
        // The lesson line: the lower part of the HUD band, under the
        // status line's separators.
        let lesson_line = steering_demos::layout::Rect::new(0.0, hud.h * 0.58, hud.w, hud.h * 0.42);
        s.shot(&name);
        lines.push((name.clone(), lesson_line));
        lines.push((name, layout.footer));
    }
    // The role legend names who is who, on the right of the legend line.
    s.resize(1280, 800);
    s.key("3");
    s.expect("scene pursuit");
    s.shot("ocr-roles");
    let legend = Layout::of(glam::Vec2::new(1280.0, 800.0), Open::default()).legend;
    let right =
        steering_demos::layout::Rect::new(legend.w * 0.5, legend.y, legend.w * 0.5, legend.h);
    lines.push(("ocr-roles".to_string(), right));
    // The lesson card: its title, and the formula as the tutorial writes it.
    s.key("1");
    s.expect("scene seek");
    s.key("l");
    s.expect("lesson card on");
    s.shot("ocr-card");
    drop(reaper);
    let open = Open {
        card: true,
        ..Open::default()
    };
    let card = Layout::of(glam::Vec2::new(1280.0, 800.0), open)
        .card
        .expect("room for the card");
    let title = steering_demos::layout::Rect::new(card.x + 4.0, card.y + 6.0, card.w - 8.0, 20.0);
    lines.push(("ocr-card".to_string(), title));
    let lines: Vec<(&str, _)> = lines.iter().map(|(n, r)| (n.as_str(), *r)).collect();
    let read: Vec<String> = ocr_all(&s, &lines, "7", "eng")
        .iter()
        .map(|t| t.trim().to_string())
        .collect();
    let [big, big_footer, small, small_footer, roles, title] = &read[..] else {
        panic!("six strips read: {read:?}");
    };
    for (size, lesson, footer) in [
        ("1280x800", big, big_footer),
        ("640x400", small, small_footer),
    ] {
        assert_eq!(
            lesson, "Arrival: slow down inside the slowing radius and stop on the target.",
            "{size}"
        );
        assert!(footer.contains("H: help"), "{size}: {footer:?}");
    }
    for role in [
        "target",
        "pursuer, dynamic T",
        "pursuer, constant T",
        "evader",
    ] {
        assert!(roles.contains(role), "{role} in {roles:?}");
    }
    assert_eq!(title, "Seek, flee and arrival: arrive");
    // Spaces aside: OCR sometimes reads one before a closing bracket.
    let bare = |t: &str| t.split_whitespace().collect::<String>();
    let whole = bare(&read_back_block(&s, "ocr-card", card));
    for words in [
        "Arrival is seek that slows down.",
        "desired = normalize(target - position) * speed",
        "steering = desired - velocity",
        "velocity = truncate(velocity + steering, max_speed)",
    ] {
        assert!(whole.contains(&bare(words)), "{words:?} in {whole:?}");
    }
}

/// The filled-in card scrolls to its last line: a few wheel notches over
/// it bring "position = position + velocity" and its numbers into view,
/// whole, above the readout (seek's card, paused, at 1280x800).
#[test]
fn the_card_scrolls_to_its_last_line_with_the_wheel() {
    if !crate::skip::OCR.met() {
        return;
    }
    let args = ["--scene", "seek", "--select", "0", "--lesson"];
    let Some((reaper, s)) = launch(&args, "scene seek", SCREEN) else {
        return;
    };
    s.key("space");
    s.expect("paused");
    let open = Open {
        card: true,
        readout: true,
        ..Open::default()
    };
    let layout = Layout::of(glam::Vec2::new(1280.0, 800.0), open);
    let card = layout.card.expect("room for the card");
    // The card and the readout under it (whose rows set where the card
    // ends): the readout's words are none of the card's.
    let card = steering_demos::layout::Rect::new(card.x, card.y, card.w, layout.footer.y - card.y);
    let bare = |t: &str| t.split_whitespace().collect::<String>();
    s.shot("card-top");

    let (x, y) = (
        (card.x + card.w * 0.5) as i32,
        (card.y + card.h * 0.5) as i32,
    );
    s.point((x, y));
    // Five notches, as a hand turns the wheel, then time for egui's
    // smooth scrolling to end.
    for _ in 0..5 {
        s.tool("xdotool", &["click", "--window", &s.window, "5"]);
        s.frames_later(2);
    }
    s.frames_later(30);
    s.shot("card-bottom");
    drop(reaper);
    let read = ocr_all(&s, &[("card-top", card), ("card-bottom", card)], "6", "eng");
    let [top, bottom] = [&read[0], &read[1]].map(|t| bare(&t.replace('\n', " ")));
    assert!(
        top.contains("Arrivalisseek"),
        "the card starts at its idea: {top:?}"
    );
    assert!(!top.contains("position=position+velocity"), "{top:?}");
    assert!(
        bottom.contains("position=position+velocity"),
        "the last formula line in view: {bottom:?}"
    );
    // Its numbers follow it, whole: `position = (x, y) + (vx, vy) = (x', y')`.
    let numbers = bottom
        .split("position=position+velocity")
        .nth(1)
        .unwrap_or("");
    assert!(
        numbers.starts_with("position=(") && numbers.matches('(').count() >= 3,
        "the last line's numbers, whole: {numbers:?}"
    );
    assert!(
        !bottom.contains("Arrivalisseek"),
        "scrolled past the idea: {bottom:?}"
    );
}

/// The window speaks the learner's language: French from the system's
/// locale, Norwegian, Chinese, Arabic and Spanish from `--lang`. The whole
/// lesson line of three scenes and the footer's help hint read back (OCR
/// in that language) as its table says them, marks and all (é, å, ñ,
/// 中文, and Arabic joined and read from the right: tesseract reads what
/// it sees back into the table's letters, in reading order).
#[test]
fn the_window_speaks_the_language_asked_for() {
    if !crate::skip::OCR.met() || !crate::skip::ocr_reads(&crate::skip::OCR_LANGUAGES) {
        return;
    }
    let french = [("LANG", std::ffi::OsStr::new("fr_FR.UTF-8"))];
    let asked = |code| ["--scene", "seek", "--lang", code];
    let (nb, zh, ar, es) = (asked("nb"), asked("zh"), asked("ar"), asked("es"));
    // The five at once, a window each: one language alone, its window
    // starting, photographed and read in turn, leaves a core idle.
    std::thread::scope(|threads| {
        for (code, tesseract, args, env) in [
            ("fr", "fra", &["--scene", "seek"][..], &french[..]),
            ("nb", "nor", &nb[..], &[][..]),
            ("zh", "chi_sim", &zh[..], &[][..]),
            ("ar", "ara", &ar[..], &[][..]),
            ("es", "spa", &es[..], &[][..]),
        ] {
            threads.spawn(move || speaks(code, tesseract, args, env));
        }
    });
}

/// The window asked for language `code` (by `args` and `env`) shows three
/// scenes' lesson lines and the footer's hint in that language, as
/// tesseract reads them in its `tesseract` language.
fn speaks(code: &str, tesseract: &str, args: &[&str], env: &[(&str, &std::ffi::OsStr)]) {
    let Some((reaper, s)) = launch_with_env(args, "scene seek", SCREEN, env) else {
        return;
    };
    let table = steering_demos::text::language::by_code(code)
        .and_then(|l| l.catalogue())
        .expect("the desktop carries its table");
    let said = |key: &str| table.get(key).expect("a translated key").to_string();
    let layout = Layout::of(glam::Vec2::new(1280.0, 800.0), Open::default());
    let hud = layout.hud;
    let line = steering_demos::layout::Rect::new(0.0, hud.h * 0.58, hud.w, hud.h * 0.42);
    let config = steering_demos::config::Config::embedded();
    // Three scenes, reached with their number keys; hide's French line
    // is among the longest, drawn a little smaller to fit, not cut.
    // Photographed first, read once the app is gone: the strips in one
    // tesseract run, the first scene's footer last.
    let mut keys = Vec::new();
    let mut strips = Vec::new();
    for scene_name in ["seek", "hide", "flock"] {
        let k = (config.scenes.iter().position(|c| c.name() == scene_name)).expect("shipped");
        let scene_config = &config.scenes[k];
        if k > 0 {
            s.key(&((k + 1) % 10).to_string());
            s.expect(&format!("scene {scene_name}"));
        }
        let name = format!("lang-{code}-{scene_name}");
        s.shot(&name);
        let variant = scene_config.decl.variants[scene_config.variant];
        keys.push(format!("{scene_name}.variant.{variant}"));
        strips.push((name, line));
    }
    drop(reaper);
    strips.push((format!("lang-{code}-seek"), layout.footer));
    let strips: Vec<(&str, _)> = strips.iter().map(|(n, r)| (n.as_str(), *r)).collect();
    let mut read = ocr_all(&s, &strips, "7", tesseract);
    let footer = read.pop().expect("the footer's strip");
    for (key, lesson) in keys.iter().zip(&read) {
        // Whole (a line cut with "..." or in English is far off), OCR's
        // slips aside: one character in 25 (猫 for 猎, seen), which
        // counts two edits (one dropped, one added).
        let (read, table) = (bare(lesson), bare(&said(key)));
        let slips = steering_demos::sim::decl::edits(&read, &table);
        assert!(
            slips * 25 <= 2 * table.chars().count(),
            "{code} {key}: {slips} characters differ: {read:?} for {table:?}"
        );
    }
    // Read as Arabic, the footer's key letters (H) come back as other
    // shapes: there, the hint's Arabic word is what is read.
    let arabic = |t: &str| -> String {
        let letters = t.chars().filter(|c| ('\u{0621}'..='\u{064A}').contains(c));
        letters.collect()
    };
    let (footer, hint) = match code {
        "ar" => (arabic(&footer), arabic(&said("footer.help"))),
        _ => (bare(&footer), bare(&said("footer.help"))),
    };
    assert!(footer.contains(&hint), "{code}: {footer:?} for {hint:?}");
}

/// A line as OCR and the table compare: without spaces, in lower case (OCR
/// reads an l as an L now and then), a typographic apostrophe as ASCII (as
/// OCR reads it), Chinese full-width punctuation as its ASCII twin.
fn bare(text: &str) -> String {
    let twin = |c: char| match c {
        '’' => '\'',
        '：' => ':',
        '，' => ',',
        '；' => ';',
        '（' => '(',
        '）' => ')',
        c => c,
    };
    let joined: String = text.split_whitespace().collect();
    joined.chars().map(twin).collect::<String>().to_lowercase()
}
