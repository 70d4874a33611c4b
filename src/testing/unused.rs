//! The knobs a scene says a variant does not use are not used: turned to
//! their least and greatest, the run is the very same.

use crate::config::Config;
use crate::sim::report::drive;
use glam::Vec2;

const TICKS: u64 = 400;

#[test]
fn a_knob_a_variant_does_not_use_changes_nothing_in_it() {
    let config = Config::embedded();
    let stage = Vec2::from(config.app.stage);
    let mut checked = 0;
    for scene in &config.scenes {
        let decl = scene.decl;
        for &(variant, knobs) in decl.unused {
            let v = decl.variant(variant).expect("a declared variant");
            let base = crate::sim::scene::Setup {
                variant: v,
                ..scene.setup()
            };
            let run = |setup: &crate::sim::scene::Setup| {
                let (mut runner, pointer) = config.start(scene, setup).expect("a valid setup");
                drive(&mut runner, &pointer, TICKS);
                runner.crowd().checksum()
            };
            let same = run(&base);
            for &name in knobs {
                let knob = (decl.knobs.iter()).find(|k| k.name == name);
                let knob = knob.unwrap_or_else(|| panic!("{}: no knob {name}", decl.name));
                assert!(!decl.uses(v, name), "{}/{variant}: {name}", decl.name);
                for value in [knob.min, knob.max] {
                    let mut setup = base.clone();
                    setup.params.set(name, value).expect("in range");
                    if setup.params.check(stage).is_err() {
                        continue;
                    }
                    let at = format!("{}/{variant}: {name} = {value}", decl.name);
                    assert_eq!(run(&setup), same, "{at} changed the run");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 40, "only {checked} runs checked");
}
