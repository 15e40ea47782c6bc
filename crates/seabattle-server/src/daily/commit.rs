//! The daily sea's commitment: published when the day is drawn, checked against the
//! fleet and salt revealed the next day (docs/arena.md, "Daily sea").

use super::day::Day;
use crate::ids::sha256_hex;

/// The first line of every committed text: names the format, so a commitment of a day
/// can never be read as one of a game's (`fleet:salt`) or of a later format.
pub const DOMAIN: &str = "seabattle-daily-v1";

/// The text committed to: four lines joined by `\n`, with no `\n` at the end —
/// [`DOMAIN`], the date (`YYYY-MM-DD`), the canonical fleet text (as a game commits it:
/// `game::fleet_text::canonical_fleet`), and the salt (32 hex digits).
pub fn committed_text(day: Day, fleet: &str, salt: &str) -> String {
    format!("{DOMAIN}\n{}\n{fleet}\n{salt}", day.date())
}

/// The commitment: lower-case hex of the SHA-256 of [`committed_text`]. With a shell:
/// `printf 'seabattle-daily-v1\n%s\n%s\n%s' "$DATE" "$FLEET" "$SALT" | sha256sum`.
pub fn commitment(day: Day, fleet: &str, salt: &str) -> String {
    sha256_hex(&committed_text(day, fleet, salt))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_sha256_of_four_lines() {
        let day = Day::parse("2026-11-05").unwrap();
        let fleet = "a1-d1 a3-c3 a5-b5 a7 c7 d5-e5 e3-g3 e7 g5-h5 g7";
        let salt = "00112233445566778899aabbccddeeff";
        assert_eq!(
            committed_text(day, fleet, salt),
            "seabattle-daily-v1\n2026-11-05\na1-d1 a3-c3 a5-b5 a7 c7 d5-e5 e3-g3 e7 g5-h5 g7\n\
             00112233445566778899aabbccddeeff"
        );
        // Worked out apart, with `printf … | sha256sum` (docs/arena.md's example).
        assert_eq!(
            commitment(day, fleet, salt),
            "f26db9b1be3a0dabb617572b411ea52080f2b3efdc25f79356eae1406a1585bc"
        );
        // Another day, fleet or salt is another commitment.
        let other = [
            commitment(day.tomorrow(), fleet, salt),
            commitment(day, "a1-d1 a3-c3 a5-b5 a7 c7 d5-e5 e3-g3 e7 g5-h5 g8", salt),
            commitment(day, fleet, "00112233445566778899aabbccddeef0"),
        ];
        assert!(other.iter().all(|c| *c != commitment(day, fleet, salt)));
    }
}
