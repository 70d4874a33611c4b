//! Every scene's lesson card against the numbers its rules record, and the
//! selected agent's mind against the movement manager.

use super::{Run, scene_with};
use crate::scenes::SCENES;
use crate::sim::crowd::Look;
use crate::sim::decl::SceneDecl;
use crate::sim::mind::{Card, MOVE, names, split_comment};
use crate::steer::finite_or_zero;
use glam::Vec2;
use std::collections::BTreeSet;

/// The agents a card is read with: the first few and the last few ids,
/// which covers every role in every scene (a target, a hunter or a leader
/// first; pursuers, evaders and followers after).
fn agents(n: usize) -> Vec<usize> {
    let mut ids: Vec<usize> = (0..n.min(3)).chain(n.saturating_sub(3)..n).collect();
    ids.dedup();
    ids
}

/// Calls `read` for every scene but those `skipped`, every variant, and
/// each of [`agents`] selected in a fresh 40-agent run: with the run, the
/// scene, the variant, the agent, and the card a learner reads with it
/// selected (its role's own where it has one, a leader's, else the
/// lesson's).
fn each_card_read(
    skipped: &[&str],
    mut read: impl FnMut(&mut Run, &SceneDecl, &str, usize, Card, Option<Look>),
) {
    for decl in SCENES.iter().filter(|d| !skipped.contains(&d.name)) {
        for variant in decl.variants {
            let mut run = scene_with(decl.name, variant, Some(40));
            for id in agents(run.scene.crowd().len()) {
                run.scene.select(Some(id));
                let (card, role) = run.scene.card_of(Some(id));
                read(&mut run, decl, variant, id, card, role);
            }
        }
    }
}

#[test]
fn every_name_on_every_card_gets_a_number_from_the_agent_it_is_read_with() {
    each_card_read(&[], |run, decl, variant, id, card, role| {
        let at = format!("{}/{variant}, agent {id} ({role:?})", decl.name);
        let wanted: BTreeSet<&str> = card.formula.iter().flat_map(|l| names(l)).collect();
        let mut found = BTreeSet::new();
        for _ in 0..300 {
            run.steps(1);
            let mind = run.scene.mind().expect("a mind for the selected agent");
            found.extend(wanted.iter().filter(|name| mind.value(name).is_some()));
        }
        let missing: Vec<_> = wanted.difference(&found).collect();
        assert!(
            missing.is_empty(),
            "{at}: the card names {missing:?}, which no tick recorded for it"
        );
        assert!(
            card.formula.iter().any(|l| l.starts_with("steering = ")),
            "{at}: the formula gives the steering"
        );
        let sentences = card.idea.matches(". ").count() + 1;
        assert!(
            (2..=3).contains(&sentences) && card.idea.ends_with('.'),
            "{at}: the idea in two or three sentences"
        );
        if let Some(look) = role {
            assert!(
                decl.roles.iter().any(|&(l, _)| l == look),
                "{at}: a role with its own card is named in the legend"
            );
        }
    });
}

/// The agents that follow another rule than the lesson's read their own
/// card: the leader, the formation's leader, the interposed pair, the
/// chased target and the evaders, the hunter.
#[test]
fn a_leader_a_target_and_a_hunter_read_their_own_rule() {
    for (scene, id, rule) in [
        ("leader", 0, "steering = arrive(pointer)"),
        ("formation", 0, "steering = wander"),
        ("interpose", 0, "steering = wander + stay_inside"),
        ("interpose", 1, "steering = wander + stay_inside"),
        ("pursuit", 0, "steering = seek(pointer)"),
        ("hide", 0, "steering = seek(aim) + avoidance"),
    ] {
        let decl = SCENES.iter().find(|d| d.name == scene).unwrap();
        let run = scene_with(scene, decl.variants[0], None);
        let (card, role) = run.scene.card_of(Some(id));
        assert!(role.is_some(), "{scene}: agent {id} has a role card");
        assert!(
            card.formula.iter().any(|l| l.starts_with(rule)),
            "{scene}: agent {id} reads {:?}",
            card.formula
        );
        let (lesson, none) = run.scene.card_of(None);
        assert_eq!(none, None);
        assert_ne!(lesson.formula, card.formula, "{scene}");
    }
    // The rest read the lesson: a follower, an interposer, a pursuer.
    for (scene, id) in [("leader", 5), ("interpose", 2), ("pursuit", 1)] {
        let decl = SCENES.iter().find(|d| d.name == scene).unwrap();
        let run = scene_with(scene, decl.variants[0], None);
        assert_eq!(run.scene.card_of(Some(id)).1, None, "{scene} agent {id}");
    }
}

#[test]
fn the_mind_adds_up_and_moves_as_the_movement_manager_does() {
    for decl in SCENES {
        for variant in decl.variants {
            let mut run = scene_with(decl.name, variant, Some(40));
            let n = run.scene.crowd().len();
            for id in agents(n) {
                run.scene.select(Some(id));
                for tick in 0..120 {
                    run.steps(1);
                    let mind = run.scene.mind().expect("a mind");
                    let i = run.scene.selected_index().expect("still there");
                    let now = run.scene.crowd().velocities()[i];
                    let at = format!("{}/{variant}, agent {id}, tick {tick}", decl.name);
                    assert!(
                        mind.new_velocity().abs_diff_eq(now, 1e-4),
                        "{at}: the card's new velocity {} is the crowd's {now}",
                        mind.new_velocity()
                    );
                    assert!(mind.applied.length() <= mind.limits.max_force * (1.0 + 1e-5));
                    // The parts, where a scene lists them, sum to the whole.
                    let parts: Vec<Vec2> = (mind.forces.iter())
                        .filter(|(name, _)| *name != "steering")
                        .map(|&(_, f)| f)
                        .collect();
                    if !parts.is_empty() {
                        let sum: Vec2 = parts.iter().sum();
                        let whole = finite_or_zero(mind.steering.force);
                        let tolerance = 1e-3 * whole.length().max(1.0);
                        assert!(
                            sum.abs_diff_eq(whole, tolerance),
                            "{at}: the listed forces sum to {sum}, the steering is {whole}: {:?}",
                            mind.forces
                        );
                    }
                    let plugged = mind.plug_move();
                    assert_eq!(plugged.len(), MOVE.len());
                    assert!(plugged.iter().all(|l| !l.contains("NaN")), "{at}");
                }
            }
        }
    }
}

/// Every card, the lesson's of each variant and each role's, names the
/// functions that compute its rule, each in the file the card gives: the
/// file is read, and its module is the function's.
#[test]
fn every_card_names_functions_that_are_in_its_files() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for decl in SCENES {
        for variant in decl.variants {
            let run = scene_with(decl.name, variant, Some(40));
            let ids = 0..run.scene.crowd().len();
            let cards: Vec<_> = std::iter::once(run.scene.card_of(None))
                .chain(ids.map(|id| run.scene.card_of(Some(id))))
                .collect();
            for (card, role) in cards {
                let at = format!("{}/{variant} ({role:?})", decl.name);
                assert!(!card.code.is_empty(), "{at}: the card names its code");
                for code in card.code {
                    let (module, name) = code.function().rsplit_once("::").expect("a path");
                    let file =
                        (code.file().strip_prefix("src/")).and_then(|f| f.strip_suffix(".rs"));
                    let file_module = file.map(|f| f.trim_end_matches("/mod").replace('/', "::"));
                    assert_eq!(file_module.as_deref(), Some(module), "{at}: {code:?}");
                    let text = std::fs::read_to_string(root.join(code.file()))
                        .unwrap_or_else(|e| panic!("{at}: {}: {e}", code.file()));
                    let defined = [format!("fn {name}("), format!("fn {name}<")];
                    assert!(
                        defined.iter().any(|d| text.contains(d.as_str())),
                        "{at}: no fn {name} in {}",
                        code.file()
                    );
                }
            }
        }
    }
}

/// Tip to tail, in every scene: the chain of the selected agent's forces
/// ends at the steering it summed, and the cap leaves the force the
/// movement manager applied. Where a card adds forces (`steering = a +
/// b`), the chain of some agent that reads it shows more than one at
/// some tick (wander's adds two points into its one force).
#[test]
fn the_forces_tip_to_tail_sum_to_the_steering_and_cap_to_the_move() {
    use crate::sim::chain::Chain;
    use std::collections::BTreeMap;
    // By card read (scene, variant, role): whether it adds, the most links.
    let mut links: BTreeMap<String, (bool, usize)> = BTreeMap::new();
    each_card_read(&["wander"], |run, decl, variant, id, card, role| {
        let adds = (card.formula.iter())
            .any(|l| l.starts_with("steering = ") && split_comment(l).0.contains(" + "));
        let read = links
            .entry(format!("{}/{variant} ({role:?})", decl.name))
            .or_insert((adds, 0));
        for tick in 0..200 {
            run.steps(1);
            let mind = run.scene.mind().expect("a mind");
            let at = format!("{}/{variant}, agent {id}, tick {tick}", decl.name);
            let chain = Chain::of(mind, mind.position, 50.0);
            read.1 = read.1.max(chain.links.len());
            if chain.scale == 0.0 {
                continue;
            }
            let whole = finite_or_zero(mind.steering.force);
            let tolerance = 1e-3 * whole.length().max(1.0);
            let sum = (chain.sum - chain.at) / chain.scale;
            assert!(
                sum.abs_diff_eq(whole, tolerance),
                "{at}: {sum} is not {whole}"
            );
            let taken = (chain.capped - chain.at) / chain.scale;
            assert!(taken.abs_diff_eq(mind.applied, tolerance), "{at}: {taken}");
        }
    });
    let lonely: Vec<_> = (links.iter())
        .filter(|(_, (adds, most))| *adds && *most < 2)
        .collect();
    assert!(
        lonely.is_empty(),
        "one force where the card adds more: {lonely:?}"
    );
}
