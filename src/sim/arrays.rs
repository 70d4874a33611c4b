//! Fixed-size arrays read with exactly their count of items: serde takes
//! the first N of a longer array and drops the rest without a word
//! (`obstacles = [[210.0, 160.0, 40.0, 420.0, 120.0, 32.0]]` would be one
//! obstacle), so settings read arrays through [`deserialize`], which
//! refuses too many items as it refuses too few, at the array's place.

use serde::Deserialize;
use serde::de::{DeserializeOwned, Deserializer, Error as _};

/// `n` numbers, said as a person would ("1 number", "3 numbers").
pub fn numbers(n: usize) -> String {
    match n {
        1 => "1 number".into(),
        n => format!("{n} numbers"),
    }
}

/// A [`FixedLen`] value: for `#[serde(deserialize_with = "...")]`, and
/// for a scene's fixed parameters (`params!`).
pub fn deserialize<'de, D: Deserializer<'de>, T: FixedLen>(d: D) -> Result<T, D::Error> {
    T::read(d)
}

/// A value whose arrays have a fixed length.
pub trait FixedLen: Sized {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error>;
}

impl<T: DeserializeOwned, const N: usize> FixedLen for [T; N] {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Vec::<T>::deserialize(d)?;
        let len = items.len();
        items
            .try_into()
            .map_err(|_| D::Error::custom(format!("expected {}, got {len}", numbers(N))))
    }
}

impl<T: DeserializeOwned, const N: usize> FixedLen for Vec<[T; N]> {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let rows = Vec::<Vec<T>>::deserialize(d)?;
        (rows.into_iter().enumerate())
            .map(|(k, row)| {
                let len = row.len();
                row.try_into().map_err(|_| {
                    let (k, len) = (k + 1, numbers(len));
                    D::Error::custom(format!("item {k} has {len}; each has {N}"))
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    struct Two {
        #[serde(deserialize_with = "deserialize")]
        pair: [f32; 2],
        #[serde(deserialize_with = "deserialize")]
        rows: Vec<[f32; 3]>,
    }

    #[test]
    fn extra_or_missing_items_are_counted_in_words() {
        let e = toml::from_str::<Two>("pair = [1.0]\nrows = []").unwrap_err();
        assert!(e.message().contains("expected 2 numbers, got 1"), "{e}");
        let e = toml::from_str::<Two>("pair = [1.0, 2.0]\nrows = [[1.0]]").unwrap_err();
        assert!(
            e.message().contains("item 1 has 1 number; each has 3"),
            "{e}"
        );
        let ok = toml::from_str::<Two>("pair = [1.0, 2.0]\nrows = [[1.0, 2.0, 3.0]]").unwrap();
        assert_eq!((ok.pair, ok.rows), ([1.0, 2.0], vec![[1.0, 2.0, 3.0]]));
    }
}
