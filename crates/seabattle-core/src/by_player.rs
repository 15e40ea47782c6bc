//! Per-seat data: one value for each player, reached by the [`Player`] itself rather
//! than by an index into a pair (as shakmaty's `ByColor`).

use crate::player::Player;
use std::ops::{Index, IndexMut};

/// One `T` for each player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByPlayer<T>([T; 2]);

impl<T> ByPlayer<T> {
    /// `one` for player one, `two` for player two.
    pub const fn new(one: T, two: T) -> ByPlayer<T> {
        ByPlayer([one, two])
    }

    /// Each player's value from `f`, player one's first.
    pub fn new_with(f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer(Player::BOTH.map(f))
    }

    /// `p`'s value.
    pub const fn get(&self, p: Player) -> &T {
        &self.0[p.index()]
    }

    /// `p`'s value, to change.
    pub fn get_mut(&mut self, p: Player) -> &mut T {
        &mut self.0[p.index()]
    }

    /// Each value through `f`, player one's first.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer(self.0.map(f))
    }

    /// Both values, borrowed.
    pub fn as_ref(&self) -> ByPlayer<&T> {
        ByPlayer(self.0.each_ref())
    }

    /// Both values, borrowed to change.
    pub fn as_mut(&mut self) -> ByPlayer<&mut T> {
        ByPlayer(self.0.each_mut())
    }

    /// Both values, player one's first.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// Both values to change, player one's first.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// Each player with its value, player one first (as shakmaty's `zip_color`).
    pub fn zip_player(self) -> impl Iterator<Item = (Player, T)> {
        Player::BOTH.into_iter().zip(self.0)
    }

    /// The values as a pair, player one's first: for storage and wire forms that keep
    /// a two-element list.
    pub fn into_array(self) -> [T; 2] {
        self.0
    }
}

impl<T> From<[T; 2]> for ByPlayer<T> {
    fn from(pair: [T; 2]) -> ByPlayer<T> {
        ByPlayer(pair)
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;

    fn index(&self, p: Player) -> &T {
        self.get(p)
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        self.get_mut(p)
    }
}

impl<T> IntoIterator for ByPlayer<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, 2>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_reaches_its_own_value() {
        let mut by = ByPlayer::new_with(|p| p.number());
        assert_eq!((by[Player::One], by[Player::Two]), (1, 2));
        by[Player::Two] += 10;
        assert_eq!(*by.get(Player::Two), 12);
        assert_eq!(by.map(|n| n * 2).into_array(), [2, 24]);
        let seen: Vec<_> = by.zip_player().collect();
        assert_eq!(seen, [(Player::One, 1), (Player::Two, 12)]);
        assert_eq!(by.iter().sum::<u8>(), 13);
    }
}
