//! [`Sparse`]: a part of the game's state that most games leave blank (mines, shown
//! cells, decks left behind by a flying ship), kept behind a pointer until it is
//! written. A server holds thousands of games at once, and a blank cell set is still
//! 104 bytes.

use crate::cellset::CellSet;
use crate::piece::PieceCells;
use std::fmt;
use std::hash::{Hash, Hasher};

/// A type with a blank value that lives for the whole program.
pub(crate) trait Blank: Clone + 'static {
    /// The blank value.
    const BLANK: &'static Self;
}

impl Blank for CellSet {
    const BLANK: &'static CellSet = &CellSet::EMPTY;
}

impl Blank for PieceCells {
    const BLANK: &'static PieceCells = &PieceCells::NONE;
}

/// A value that is blank until first written, and then boxed. Equality, hashing and
/// debug output see the value, never whether it is boxed.
#[derive(Clone)]
pub(crate) struct Sparse<T: Blank>(Option<Box<T>>);

impl<T: Blank> Sparse<T> {
    /// The blank value, unboxed.
    pub(crate) const fn blank() -> Self {
        Sparse(None)
    }

    /// The value (blank if never written).
    pub(crate) fn get(&self) -> &T {
        self.0.as_deref().unwrap_or(T::BLANK)
    }

    /// The value to write to, boxed from here on.
    pub(crate) fn get_mut(&mut self) -> &mut T {
        self.0.get_or_insert_with(|| Box::new(T::BLANK.clone()))
    }
}

impl<T: Blank + PartialEq> Sparse<T> {
    /// Holds `value`, boxed only if it is not blank.
    pub(crate) fn of(value: T) -> Self {
        if value == *T::BLANK {
            Sparse(None)
        } else {
            Sparse(Some(Box::new(value)))
        }
    }
}

impl<T: Blank> Default for Sparse<T> {
    fn default() -> Self {
        Sparse::blank()
    }
}

impl<T: Blank + PartialEq> PartialEq for Sparse<T> {
    fn eq(&self, other: &Self) -> bool {
        self.get() == other.get()
    }
}

impl<T: Blank + Eq> Eq for Sparse<T> {}

impl<T: Blank + Hash> Hash for Sparse<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.get().hash(state);
    }
}

impl<T: Blank + fmt::Debug> fmt::Debug for Sparse<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.get().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::Coord;

    #[test]
    fn a_written_blank_equals_one_never_written() {
        let mut written = Sparse::<CellSet>::blank();
        written.get_mut();
        assert_eq!(written, Sparse::blank());
        assert_eq!(format!("{written:?}"), format!("{:?}", CellSet::EMPTY));
    }

    #[test]
    fn a_write_is_kept() {
        let mut s = Sparse::<CellSet>::blank();
        s.get_mut().insert(Coord::new(2, 3));
        assert!(s.get().contains(Coord::new(2, 3)));
        assert_ne!(s, Sparse::blank());
        assert_eq!(Sparse::of(*s.get()), s);
        assert_eq!(Sparse::of(CellSet::EMPTY).0, None);
    }
}
