//! Every scene's lesson card against the numbers its rules record, and the
//! selected agent's mind against the movement manager.

use super::scene_with;
use crate::scenes::SCENES;
use crate::sim::mind::{MOVE, names};
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

#[test]
fn every_name_on_every_card_gets_a_number_from_the_running_scene() {
    for decl in SCENES {
        for variant in decl.variants {
            let mut run = scene_with(decl.name, variant, Some(40));
            let card = run.scene.card();
            let wanted: BTreeSet<&str> = card.formula.iter().flat_map(|l| names(l)).collect();
            let mut found = BTreeSet::new();
            let n = run.scene.crowd().len();
            for id in agents(n) {
                run.scene.select(Some(id));
                for _ in 0..300 {
                    run.steps(1);
                    let mind = run.scene.mind().expect("a mind for the selected agent");
                    found.extend(wanted.iter().filter(|name| mind.value(name).is_some()));
                }
            }
            let missing: Vec<_> = wanted.difference(&found).collect();
            assert!(
                missing.is_empty(),
                "{}/{variant}: the card names {missing:?}, which no tick recorded",
                decl.name
            );
            assert!(
                card.formula.iter().any(|l| l.starts_with("steering = ")),
                "{}/{variant}: the formula gives the steering",
                decl.name
            );
            let sentences = card.idea.matches(". ").count() + 1;
            assert!(
                (2..=3).contains(&sentences) && card.idea.ends_with('.'),
                "{}/{variant}: the idea in two or three sentences",
                decl.name
            );
        }
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
