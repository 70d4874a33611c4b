//! Data parallelism that costs the web build nothing: rayon on the
//! desktop; plain loops on the web, which runs on one thread, where rayon's
//! machinery would only add to the download.

/// Calls `f(k, &mut items[k])` for every item, in parallel chunks of at
/// least [`CHUNK`](super::crowd::CHUNK) items.
pub fn for_each_mut<T: Send>(items: &mut [T], f: impl Fn(usize, &mut T) + Sync + Send) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use super::crowd::CHUNK;
        use rayon::prelude::*;
        items
            .par_iter_mut()
            .with_min_len(CHUNK)
            .enumerate()
            .for_each(|(k, item)| f(k, item));
    }
    #[cfg(target_arch = "wasm32")]
    for (k, item) in items.iter_mut().enumerate() {
        f(k, item);
    }
}

/// The threads [`for_each_mut`] and [`join`] may use: one on the web.
pub fn threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    return rayon::current_num_threads();
    #[cfg(target_arch = "wasm32")]
    1
}

/// `rayon::join`: `a` and `b`, in parallel on the desktop, in turn on the web.
pub fn join(a: impl FnOnce() + Send, b: impl FnOnce() + Send) {
    #[cfg(not(target_arch = "wasm32"))]
    rayon::join(a, b);
    #[cfg(target_arch = "wasm32")]
    {
        a();
        b();
    }
}

/// Sorts `keys`, in parallel on the desktop (unstable: for keys that are
/// all different, as the result is then the same either way).
pub fn sort_unstable(keys: &mut [u64]) {
    #[cfg(not(target_arch = "wasm32"))]
    rayon::slice::ParallelSliceMut::par_sort_unstable(keys);
    #[cfg(target_arch = "wasm32")]
    keys.sort_unstable();
}
