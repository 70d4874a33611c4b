//! Fixed-size arrays read with exactly their count of items: serde takes
//! the first N of a longer array and drops the rest without a word
//! (`obstacles = [[210.0, 160.0, 40.0, 420.0, 120.0, 32.0]]` would be one
//! obstacle), so settings read arrays through [`deserialize`], which
//! refuses too many items as it refuses too few, at the array's place.

use serde::Deserialize;
use serde::de::{DeserializeOwned, Deserializer, Error as _};

/// For `#[serde(deserialize_with = "...")]`: an [`Exact`] value.
pub fn deserialize<'de, D: Deserializer<'de>, T: Exact>(d: D) -> Result<T, D::Error> {
    T::read(d)
}

/// A value whose arrays have a fixed length.
pub trait Exact: Sized {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error>;
}

impl<T: DeserializeOwned, const N: usize> Exact for [T; N] {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Vec::<T>::deserialize(d)?;
        let len = items.len();
        items
            .try_into()
            .map_err(|_| D::Error::custom(format!("expected {N} numbers, got {len}")))
    }
}

impl<T: DeserializeOwned, const N: usize> Exact for Vec<[T; N]> {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let rows = Vec::<Vec<T>>::deserialize(d)?;
        (rows.into_iter().enumerate())
            .map(|(k, row)| {
                let len = row.len();
                row.try_into().map_err(|_| {
                    D::Error::custom(format!("item {} has {len} numbers; each has {N}", k + 1))
                })
            })
            .collect()
    }
}
