//! A tick allocates nothing once a scene is running: every buffer (the
//! neighbour index, the overlay, the history, the scratch lists) is kept
//! and reused. A reused buffer may still grow when the crowd reaches a new
//! high-water mark (a denser clump, more respawns in one tick), so a few
//! allocations in 300 ticks pass; one per tick, or one per agent, fails.
//! Counted with a global allocator that tallies every allocation made on
//! the test's own thread, one thread, every scene and variant at its
//! default crowd.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Write as _;
use steering_demos::config::Config;
use steering_demos::sim::scene::{Input, Setup};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static BYTES: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        let _ = BYTES.try_with(|n| n.set(n.get() + layout.size() as u64));
        unsafe { System.alloc(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        let grown = new_size.saturating_sub(layout.size()) as u64;
        let _ = BYTES.try_with(|n| n.set(n.get() + grown));
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Ticks to settle in (buffers grow to their working size), then to count.
const WARM_UP: u64 = 300;
const COUNTED: u64 = 300;
/// High-water-mark growth of reused buffers, at most.
const GROWTH: u64 = 3;

#[test]
fn a_running_scene_ticks_without_allocating() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .use_current_thread()
        .build()
        .expect("a one-thread pool on this thread");
    let config = Config::embedded();
    let mut allocating = Vec::new();
    pool.install(|| {
        for scene in &config.scenes {
            for variant in 0..scene.decl.variants.len() {
                let setup = Setup {
                    variant,
                    ..scene.setup()
                };
                let (mut runner, pointer) = config.start(scene, &setup).expect("its own setup");
                for _ in 0..WARM_UP {
                    let pointer = pointer.at(runner.tick());
                    runner.step(&Input { pointer });
                }
                let before = allocations();
                for _ in 0..COUNTED {
                    let pointer = pointer.at(runner.tick());
                    runner.step(&Input { pointer });
                }
                let made = allocations() - before;
                if made > GROWTH {
                    allocating.push(format!(
                        "{} {}: {made} allocations in {COUNTED} ticks",
                        scene.decl.name, scene.decl.variants[variant]
                    ));
                }
            }
        }
    });
    assert!(allocating.is_empty(), "{allocating:#?}");
}

/// What rewinding costs: a snapshot is a copy of the runner, and the
/// timeline spaces its snapshots by an estimate of their size
/// (`timeline::snapshot_bytes`). The estimate must not fall short of what
/// a copy allocates, in any scene, at the tutorial's crowds and at 10,000
/// agents; the figures are printed for benches/README.md.
#[test]
fn a_snapshot_costs_no_more_than_the_timeline_counts() {
    let config = Config::embedded();
    let mut runs = Vec::new();
    for scene in &config.scenes {
        let knob = scene.decl.agents;
        for agents in [
            scene.agents,
            (10_000.0f64).clamp(knob.min, knob.max) as usize,
        ] {
            runs.push((scene, agents));
        }
    }
    // Each on a thread of its own (not a rayon worker, which could run
    // another's ticks while it waits and count their allocations as its
    // own); the figures printed in the scenes' order.
    let measured: Vec<(String, Option<String>)> = std::thread::scope(|threads| {
        let config = &config;
        let handles: Vec<_> = (runs.iter())
            .map(|&(scene, agents)| threads.spawn(move || snapshot(config, scene, agents)))
            .collect();
        (handles.into_iter())
            .map(|h| h.join().expect("a snapshot measured"))
            .collect()
    });
    let mut short = Vec::new();
    for (figures, shortfall) in measured {
        let _ = writeln!(std::io::stderr(), "{figures}");
        short.extend(shortfall);
    }
    assert!(
        short.is_empty(),
        "the timeline counts too little: {short:?}"
    );
}

/// One scene's snapshot at `agents`, after 120 ticks of recording: its
/// figures, and what the timeline's estimate fell short by, if it did.
fn snapshot(
    config: &Config,
    scene: &steering_demos::config::SceneConfig,
    agents: usize,
) -> (String, Option<String>) {
    use steering_demos::app::timeline::{Panes, Timeline, snapshot_bytes};
    let setup = Setup {
        agents,
        ..scene.setup()
    };
    let (mut runner, pointer) = config.start(scene, &setup).expect("its own setup");
    runner.set_recording(true);
    for _ in 0..120 {
        let pointer = pointer.at(runner.tick());
        runner.step(&Input { pointer });
    }
    let before = BYTES.with(Cell::get);
    let copy = Panes::of(&runner, None);
    let bytes = BYTES.with(Cell::get) - before;
    let counted = snapshot_bytes(&copy);
    let n = runner.crowd().len();
    // A minute of them, spaced as the timeline spaces them.
    let span = 60 * scene.tick_hz as u64;
    let timeline = Timeline::new((&runner, None), span);
    let every = timeline.every();
    let kept = timeline.span().div_ceil(every) + 1;
    let figures = format!(
        "snapshot {:>10} {:>6} agents: {:>9} bytes ({:>4} an agent), counted {counted:>9}; \
         every {every:>3} ticks, a minute {:>6.1} MB",
        scene.name(),
        n,
        bytes,
        bytes as usize / n.max(1),
        (kept * bytes) as f64 / 1e6,
    );
    let short =
        (bytes as usize > counted).then(|| format!("{} at {n}: {bytes} > {counted}", scene.name()));
    (figures, short)
}
