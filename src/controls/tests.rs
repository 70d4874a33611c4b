use super::*;

#[test]
fn number_keys_match_the_scene_count() {
    let all = actions(|_| false, |_| true);
    let scenes: Vec<_> = all
        .iter()
        .filter_map(|a| match a {
            Action::Scene(i) => Some(*i),
            _ => None,
        })
        .collect();
    assert_eq!(scenes, (0..SCENES.len().min(10)).collect::<Vec<_>>());
    assert_eq!(scene_digit(0), Some(1));
    assert_eq!(scene_digit(8), Some(9));
    assert_eq!(scene_digit(9), Some(0), "the tenth scene is on 0");
    assert_eq!(scene_digit(10), None);
    let label = CONTROLS
        .iter()
        .find(|c| c.bindings.first().is_some_and(|b| b.0 == Key::Digits))
        .unwrap()
        .label();
    let expected = match SCENES.len() {
        0..=9 => format!("1-{}", SCENES.len()),
        _ => "1-9, 0".into(),
    };
    assert_eq!(label, expected);
}

#[test]
fn every_key_is_bound_once() {
    let mut keys: Vec<Key> = CONTROLS
        .iter()
        .flat_map(|c| c.bindings.iter().map(|b| b.0))
        .collect();
    let n = keys.len();
    keys.dedup();
    let unique: std::collections::HashSet<_> = keys.iter().map(|k| format!("{k:?}")).collect();
    assert_eq!(unique.len(), n);
}

#[test]
fn a_web_page_offers_no_file_writing_and_no_quitting() {
    let web: Vec<_> = offered(true).map(|c| c.label).collect();
    assert!(!web.contains(&"F12") && !web.contains(&"F9"), "{web:?}");
    assert!(!web.contains(&"Ctrl+S"), "the browser's own save: {web:?}");
    assert!(web.contains(&"Esc") && web.contains(&"H"), "{web:?}");
    assert_eq!(offered(true).count() + 3, offered(false).count());
    assert_eq!(offered(false).count(), CONTROLS.len());
}
