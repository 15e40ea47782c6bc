//! The two players: the one word every layer uses for a seat.

use std::fmt;
use std::str::FromStr;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The first player to join (not necessarily the first to shoot).
    One,
    /// The second player.
    Two,
}

impl Player {
    /// Both players.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// The opponent.
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for [`Player::One`], 1 for [`Player::Two`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `1` or `2`.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        match s.trim() {
            "1" => Ok(Player::One),
            "2" => Ok(Player::Two),
            _ => Err(format!("player {s:?} is not 1 or 2")),
        }
    }
}
