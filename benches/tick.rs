//! One tick of the doorway scene (v4: avoidance, queue look-ahead,
//! separation, brake) at 1k, 10k and 100k agents, with the uniform grid and
//! with the all-pairs reference (to 10k: beyond that it takes minutes).
//!
//! Each crowd first runs a few ticks so the queue has formed; each bench
//! runs inside a rayon pool of a fixed size (1 thread, or both cores).

use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use std::time::Duration;
use steering_demos::config::Config;
use steering_demos::sim::lesson::Input;
use steering_demos::sim::runner::Runner;
use steering_demos::steer::neighbors::NeighborMode;

const WARM_UP_TICKS: u64 = 30;

fn doorway(agents: usize, neighbors: NeighborMode) -> Runner {
    let config = Config::embedded();
    let scene = config.scene("doorway").expect("the shipped doorway scene");
    let mut setup = scene.setup();
    setup.agents = agents;
    setup.neighbors = neighbors;
    setup.variant = scene.entry.variant("v4").expect("v4");
    let (mut s, _) = config.start(scene, &setup);
    let input = Input {
        pointer: s.stage() * 0.5,
    };
    for _ in 0..WARM_UP_TICKS {
        s.step(&input);
    }
    s
}

fn tick(c: &mut Criterion) {
    let mut group = c.benchmark_group("doorway_v4_tick");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    let cases = [
        (NeighborMode::Grid, 1, [1_000, 10_000, 100_000].as_slice()),
        (NeighborMode::Grid, 2, [1_000, 10_000, 100_000].as_slice()),
        (NeighborMode::Brute, 1, [1_000, 10_000].as_slice()),
    ];
    for (mode, threads, sizes) in cases {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        for &agents in sizes {
            let mut scene = pool.install(|| doorway(agents, mode));
            let input = Input {
                pointer: scene.stage() * 0.5,
            };
            let id = BenchmarkId::new(format!("{}/{threads}t", mode.name()), agents);
            group.bench_function(id, |b| b.iter(|| pool.install(|| scene.step(&input))));
        }
    }
    group.finish();
}

criterion_group!(benches, tick);
criterion_main!(benches);
