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
use steering_demos::config::Config;
use steering_demos::sim::lesson::{Input, Setup};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
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
            for variant in 0..scene.entry.variants.len() {
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
                        scene.entry.name, scene.entry.variants[variant]
                    ));
                }
            }
        }
    });
    assert!(allocating.is_empty(), "{allocating:#?}");
}
