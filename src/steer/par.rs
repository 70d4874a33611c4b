//! Data parallelism for crowds: rayon, on every platform. On the web
//! (`wasm32-unknown-unknown`, no threads) rayon's pool cannot start a
//! thread and falls back to the page's own: the same calls run in turn,
//! so the page runs the same code as the desktop.

use rayon::prelude::*;

/// Agents per unit of parallel work: large enough that splitting costs
/// little, small enough that both cores stay busy to the end.
pub const CHUNK: usize = 512;

/// Calls `f(k, &mut items[k])` for every item, in parallel chunks of at
/// least [`CHUNK`] items.
pub fn for_each_mut<T: Send>(items: &mut [T], f: impl Fn(usize, &mut T) + Sync + Send) {
    items
        .par_iter_mut()
        .with_min_len(CHUNK)
        .enumerate()
        .for_each(|(k, item)| f(k, item));
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
