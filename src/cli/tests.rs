use super::*;

fn args(s: &str) -> Result<Args, String> {
    match parse(s.split_whitespace().map(str::to_string))? {
        Parsed::Run(a) => Ok(*a),
        Parsed::Print(text) => Err(format!("printed: {text}")),
    }
}

#[test]
fn parses_a_headless_run() {
    let a =
        args("--headless --scene doorway --steps 10 --seed 3 --agents 100 --variant v2").unwrap();
    assert!(a.headless);
    assert_eq!(a.scene.as_deref(), Some("doorway"));
    assert_eq!((a.steps, a.seed, a.agents), (Some(10), Some(3), Some(100)));
}

#[test]
fn usage_errors_are_one_line_naming_the_problem() {
    let cases = [
        ("--bogus", "--bogus"),
        ("--headless --scene a --steps ten", "ten"),
        ("--headless --scene a", "--steps"),
        ("--scene", "--scene"),
        ("--frames 5", "--screenshot"),
        (
            "--headless --scene a --steps 1 --screenshot x.png",
            "cannot be used with",
        ),
        ("--seed 1 --seed 2", "cannot be used multiple times"),
        (
            "--seed 99999999999999999999999",
            "from 0 to 18446744073709551615",
        ),
        ("--threads 0", "--threads"),
        ("--neighbors kd", "grid, brute"),
    ];
    for (line, needle) in cases {
        let e = args(line).unwrap_err();
        assert!(!e.contains('\n'), "{line}: {e}");
        assert!(e.contains(needle), "{line}: {e}");
    }
}

#[test]
fn help_lists_the_controls_and_version_prints() {
    let Ok(Parsed::Print(help)) = parse(["--help".to_string()]) else {
        panic!("--help prints");
    };
    assert!(
        help.contains("Controls in the window") && help.contains("--set"),
        "{help}"
    );
    // For users only, and the same opening for -h and --help.
    assert!(!help.contains("Args::") && !help.contains("`"), "{help}");
    let Ok(Parsed::Print(short)) = parse(["-h".to_string()]) else {
        panic!("-h prints");
    };
    assert_eq!(short.lines().next(), help.lines().next());
    let Ok(Parsed::Print(version)) = parse(["--version".to_string()]) else {
        panic!("--version prints");
    };
    assert!(version.contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn set_checks_knobs_like_demos_toml() {
    let config = Config::embedded();
    let start = |s: &str| resolve(&args(s).unwrap(), &config);
    let ok = start("--scene doorway --set max_separation=5 --set agents=120").unwrap();
    assert_eq!(ok.setup.params.get("max_separation"), Some(5.0));
    assert_eq!(ok.setup.agents, 120);
    let e = start("--scene doorway --set nope=1").unwrap_err();
    assert!(
        e.contains("unknown knob `nope`") && e.contains("max_separation"),
        "{e}"
    );
    let e = start("--scene doorway --set max_separation=-1").unwrap_err();
    assert!(e.contains("between 0 and 20"), "{e}");
    let e = start("--scene doorway --set target_x=0.05").unwrap_err();
    assert!(e.contains("door_width") && e.contains("must fit"), "{e}");
    let e = start("--scene doorway --variant v9").unwrap_err();
    assert!(e.contains("valid variants: v0, v1, v2, v3, v4"), "{e}");
    assert!(start("--scene doorway --set max_separation").is_err());
    assert!(start("--scene doorway --set max_separation=x").is_err());
}

#[test]
fn open_starts_from_a_link_and_share_makes_one_that_round_trips() {
    let config = Config::embedded();
    let start = |s: &[&str]| {
        let a = parse(s.iter().map(|x| x.to_string()));
        let Ok(Parsed::Run(a)) = a else {
            return Err(format!("{a:?}"));
        };
        resolve(&a, &config)
    };
    let flags = start(&[
        "--scene",
        "flock",
        "--seed",
        "5",
        "--set",
        "separation_weight=2",
    ])
    .unwrap();
    let decl = config.scenes[flags.scene].decl;
    let link = crate::link::fragment(decl, &flags.setup);
    let opened = start(&["--open", &link]).unwrap();
    assert_eq!(opened.scene, flags.scene);
    assert_eq!(
        (opened.setup.seed, opened.setup.variant, opened.setup.agents),
        (5, flags.setup.variant, flags.setup.agents)
    );
    for k in decl.knobs {
        assert_eq!(
            opened.setup.params.get(k.name),
            flags.setup.params.get(k.name),
            "{}",
            k.name
        );
    }
    assert_eq!(crate::link::fragment(decl, &opened.setup), link);
    // Errors say --open, and what is valid.
    let e = start(&["--open", "#scene=doorway&max_separation=-1"]).unwrap_err();
    assert!(
        e.starts_with("--open: ") && e.contains("between 0 and 20"),
        "{e}"
    );
    let e = start(&["--open", "#scene=nope"]).unwrap_err();
    assert!(
        e.starts_with("--open: ") && e.contains("valid scenes"),
        "{e}"
    );
    let e = start(&["--open", "#scene=doorway&variant=v9"]).unwrap_err();
    assert!(e.contains("valid variants"), "{e}");
    let e = start(&["--open", "#scene=doorway", "--seed", "3"]).unwrap_err();
    assert!(e.contains("cannot be used with"), "{e}");
    let e = start(&["--headless", "--steps", "5"]).unwrap_err();
    assert!(e.contains("--scene") && e.contains("--open"), "{e}");
}

#[test]
fn list_names_every_scene_variant_and_knob() {
    let text = list(&Config::embedded());
    for e in crate::scenes::SCENES {
        assert!(text.contains(e.name), "{}", e.name);
        for v in e.variants {
            assert!(text.contains(v), "{v}");
        }
        for k in e.knobs {
            assert!(text.contains(k.name) && text.contains(k.doc), "{}", k.name);
        }
    }
}

#[test]
fn a_tour_starts_from_the_flag_or_a_link_and_a_missing_step_is_refused() {
    let config = Config::embedded();
    let start = |line: &str| resolve(&args(line).unwrap(), &config);
    assert_eq!(start("--scene seek --tour").unwrap().tour, Some(0));
    assert_eq!(start("--scene seek").unwrap().tour, None);
    let steps = registry::find("seek").unwrap().tour.len();
    let open = start(&format!("--open #scene=seek&tour={steps}")).unwrap();
    assert_eq!(open.tour, Some(steps - 1));
    for step in [0, steps + 1] {
        let e = start(&format!("--open #scene=seek&tour={step}")).unwrap_err();
        assert!(
            e.starts_with("--open: tour=") && e.contains(&format!("1 to {steps}")),
            "{e}"
        );
    }
    let e = start("--open #scene=seek&tour=two").unwrap_err();
    assert!(e.contains("tour=`two`"), "{e}");
    assert!(args("--headless --scene seek --steps 1 --tour").is_err());
}
