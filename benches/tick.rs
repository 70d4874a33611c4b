//! One tick of the crowd scenes at 1k, 10k, 100k and 1M agents: the
//! doorway (v4: avoidance, queue look-ahead, separation, brake) with the
//! uniform grid on 1 and 2 threads and with the all-pairs reference (to
//! 10k: beyond that it takes minutes), and leader following and flocking
//! at 2k and 200k.
//!
//! Each crowd first runs a few ticks so it is under way; each bench runs
//! inside a rayon pool of a fixed size (1 thread, or both cores).

use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use std::time::Duration;
use steering_demos::config::Config;
use steering_demos::sim::runner::Runner;
use steering_demos::sim::scene::Input;
use steering_demos::steer::neighbors::NeighborMode;

const WARM_UP_TICKS: u64 = 30;

/// A shipped scene (the doorway on v4) with `agents`, a few ticks in.
fn scene(name: &str, agents: usize, neighbors: NeighborMode) -> Runner {
    let config = Config::embedded();
    let scene = config.scene(name).expect("a shipped scene");
    let mut setup = scene.setup();
    setup.agents = agents;
    setup.neighbors = neighbors;
    if name == "doorway" {
        setup.variant = scene.decl.variant("v4").expect("v4");
    }
    let (mut s, _) = config.start(scene, &setup).expect("its own setup");
    let input = Input {
        pointer: s.stage() * 0.5,
    };
    for _ in 0..WARM_UP_TICKS {
        s.step(&input);
    }
    s
}

fn tick(c: &mut Criterion) {
    let mut group = c.benchmark_group("tick");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    const CROWDS: &[usize] = &[1_000, 10_000, 100_000, 1_000_000];
    let cases = [
        ("doorway", NeighborMode::Grid, 1, CROWDS),
        ("doorway", NeighborMode::Grid, 2, CROWDS),
        (
            "doorway",
            NeighborMode::Brute,
            1,
            [1_000, 10_000].as_slice(),
        ),
        ("leader", NeighborMode::Grid, 1, [2_000, 200_000].as_slice()),
        ("flock", NeighborMode::Grid, 1, [2_000, 200_000].as_slice()),
    ];
    for (name, mode, threads, sizes) in cases {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        for &agents in sizes {
            let mut runner = pool.install(|| scene(name, agents, mode));
            let input = Input {
                pointer: runner.stage() * 0.5,
            };
            let id = BenchmarkId::new(format!("{name}/{}/{threads}t", mode.name()), agents);
            group.bench_function(id, |b| b.iter(|| pool.install(|| runner.step(&input))));
        }
    }
    group.finish();
}

criterion_group!(benches, tick);
criterion_main!(benches);
