//! The density picture ([`steering_demos::density`]) of a flock of
//! 200,000 and 1,000,000 boids, a few ticks in, painted as the window
//! paints it: the whole stage in a 1280x800 picture, on one thread and on
//! both cores.

use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use glam::Vec2;
use std::time::Duration;
use steering_demos::config::Config;
use steering_demos::density::{Density, Frame};
use steering_demos::sim::scene::Input;

const WARM_UP_TICKS: u64 = 5;

/// A flock of `agents`, a few ticks in: where its boids stand and head,
/// and the stage's size.
fn flock(agents: usize) -> (Vec<Vec2>, Vec<Vec2>, Vec2) {
    let config = Config::embedded();
    let scene = config.scene("flock").expect("a shipped scene");
    let mut setup = scene.setup();
    setup.agents = agents;
    let (mut runner, _) = config.start(scene, &setup).expect("its own setup");
    let input = Input {
        pointer: runner.stage() * 0.5,
    };
    for _ in 0..WARM_UP_TICKS {
        runner.step(&input);
    }
    let positions = runner.crowd().positions().to_vec();
    (positions, runner.headings().to_vec(), runner.stage())
}

fn paint(c: &mut Criterion) {
    let mut group = c.benchmark_group("paint");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    let (width, height) = (1280, 800);
    for agents in [200_000, 1_000_000] {
        let (positions, headings, stage) = flock(agents);
        let scale = (width as f32 / stage.x).min(height as f32 / stage.y);
        let frame = Frame {
            scale,
            offset: Vec2::ZERO,
            width,
            height,
        };
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool");
            let mut density = Density::default();
            let id = BenchmarkId::new(format!("flock/{threads}t"), agents);
            group.bench_function(id, |b| {
                b.iter(|| pool.install(|| density.paint(&positions, &headings, frame).len()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, paint);
criterion_main!(benches);
