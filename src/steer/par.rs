//! Data parallelism for crowds: rayon, on every platform. On the web
//! (`wasm32-unknown-unknown`, no threads) rayon's pool cannot start a
//! thread and falls back to the page's own: the same calls run in turn,
//! so the page runs the same code as the desktop.

use rayon::prelude::*;

/// Agents per unit of parallel work: large enough that splitting costs
/// little, small enough that both cores stay busy to the end.
pub const CHUNK: usize = 512;

/// Calls `f(k, &mut items[k])` for every item, in parallel chunks of
/// [`CHUNK`] items.
pub fn for_each_mut<T: Send>(items: &mut [T], f: impl Fn(usize, &mut T) + Sync + Send) {
    let chunk = |start: usize, items: &mut [T]| {
        for (k, item) in items.iter_mut().enumerate() {
            f(start + k, item);
        }
    };
    for_each_chunk(items, &chunk);
}

/// `work(start, chunk)` for each chunk of [`CHUNK`] items, in parallel.
/// The work comes by reference, a call a chunk: rayon's machinery is
/// compiled once for each item type instead of once for each caller's
/// closure (benches/README.md, the suite's time).
fn for_each_chunk<T: Send>(items: &mut [T], work: &(dyn Fn(usize, &mut [T]) + Sync)) {
    (items.par_chunks_mut(CHUNK).enumerate()).for_each(|(c, chunk)| work(c * CHUNK, chunk));
}

/// The threads [`for_each_mut`] and [`join`] may use (one on the web).
pub fn threads() -> usize {
    rayon::current_num_threads()
}

/// `a` and `b`, in parallel where there are threads.
pub fn join(a: impl FnOnce() + Send, b: impl FnOnce() + Send) {
    rayon::join(a, b);
}

/// Sorts `keys` in parallel (unstable: for keys that are all different,
/// as the result is then the same either way).
pub fn sort_unstable(keys: &mut [u64]) {
    keys.par_sort_unstable();
}
