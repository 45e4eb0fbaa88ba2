//! Invite codes: 64 random bits written as 16 letters in four groups (`HKDW-MPRT-CAXE-FGNJ`),
//! from an alphabet of 16 capital letters none of which is easily taken for another (no `I`
//! or `L`, no `O` or `Q`, no `U` or `V`, no `B`, `S`, `Y` or `Z`, which read as digits or each
//! other in some fonts). Each letter carries 4 bits.
//!
//! Reading is forgiving of how a person types: lower case, spaces and dashes anywhere.

use std::fmt;
use std::str::FromStr;

/// The 16 letters of an invite, in the order of the 4-bit values they stand for.
pub const INVITE_ALPHABET: &[u8; 16] = b"ACDEFGHJKMNPRTWX";
/// Letters in a code (16 x 4 bits = 64 bits).
pub const INVITE_LETTERS: usize = 16;

/// An invite code: 64 bits, shown as letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Invite(u64);

/// Why a typed invite code does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InviteError {
    #[error("an invite code has {expected} letters, this one has {found}")]
    WrongLength { expected: usize, found: usize },
    #[error("`{letter}` is not a letter invite codes use")]
    BadLetter { letter: char },
}

impl Invite {
    /// The code for these 8 random bytes (the server draws them from the system's generator).
    pub fn from_bytes(bytes: [u8; 8]) -> Invite {
        Invite(u64::from_be_bytes(bytes))
    }

    /// The 64 bits.
    pub fn bits(self) -> u64 {
        self.0
    }

    /// The letters without separators (`HKDWMPRTCAXEFGNJ`): the form the server keys games by.
    pub fn compact(self) -> String {
        (0..INVITE_LETTERS)
            .map(|i| {
                let shift = 4 * (INVITE_LETTERS - 1 - i);
                let nibble = ((self.0 >> shift) & 0xF) as usize;
                char::from(INVITE_ALPHABET[nibble])
            })
            .collect()
    }
}

impl fmt::Display for Invite {
    /// Four groups of four letters joined by dashes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let compact = self.compact();
        let groups: Vec<&str> = (0..4).map(|g| &compact[g * 4..g * 4 + 4]).collect();
        f.write_str(&groups.join("-"))
    }
}

impl FromStr for Invite {
    type Err = InviteError;

    /// Reads a code as a person may type it: any case, dashes and spaces ignored.
    fn from_str(text: &str) -> Result<Invite, InviteError> {
        let mut bits: u64 = 0;
        let mut found = 0usize;
        for c in text.chars() {
            if c == '-' || c.is_whitespace() {
                continue;
            }
            let upper = c.to_ascii_uppercase();
            let value = INVITE_ALPHABET
                .iter()
                .position(|&letter| char::from(letter) == upper)
                .ok_or(InviteError::BadLetter { letter: c })?;
            found += 1;
            if found <= INVITE_LETTERS {
                bits = (bits << 4) | value as u64;
            }
        }
        if found != INVITE_LETTERS {
            return Err(InviteError::WrongLength {
                expected: INVITE_LETTERS,
                found,
            });
        }
        Ok(Invite(bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_four_groups_of_four_letters_and_reads_back() {
        for bytes in [[0u8; 8], [0xFF; 8], [1, 35, 69, 103, 137, 171, 205, 239]] {
            let invite = Invite::from_bytes(bytes);
            let text = invite.to_string();
            assert_eq!(text.len(), 19);
            assert_eq!(text.matches('-').count(), 3);
            assert_eq!(text.parse::<Invite>(), Ok(invite));
            assert_eq!(invite.bits().to_be_bytes(), bytes);
        }
        assert_eq!(
            Invite::from_bytes([0; 8]).to_string(),
            "AAAA-AAAA-AAAA-AAAA"
        );
        assert_eq!(Invite::from_bytes([0xFF; 8]).compact(), "XXXXXXXXXXXXXXXX");
    }

    #[test]
    fn every_letter_is_distinct_and_none_is_a_look_alike() {
        let letters: std::collections::HashSet<u8> = INVITE_ALPHABET.iter().copied().collect();
        assert_eq!(
            letters.len(),
            16,
            "16 letters: 4 bits each, 64 bits in 16 letters"
        );
        for look_alike in b"ILOQUVBSZY0123456789" {
            assert!(!letters.contains(look_alike), "{}", char::from(*look_alike));
        }
    }

    #[test]
    fn typing_is_forgiven_but_wrong_letters_and_lengths_are_not() {
        let invite = Invite::from_bytes([9, 8, 7, 6, 5, 4, 3, 2]);
        let typed = format!(" {} ", invite.compact().to_lowercase());
        assert_eq!(typed.parse::<Invite>(), Ok(invite));
        let spaced = invite.to_string().replace('-', " ");
        assert_eq!(spaced.parse::<Invite>(), Ok(invite));
        assert_eq!(
            "AAAA-AAAA-AAAA-AAA".parse::<Invite>(),
            Err(InviteError::WrongLength {
                expected: 16,
                found: 15
            })
        );
        assert_eq!(
            "AAAA-AAAA-AAAA-AAAAA".parse::<Invite>(),
            Err(InviteError::WrongLength {
                expected: 16,
                found: 17
            })
        );
        assert_eq!(
            "AAAA-AAAA-AAAA-AAAO".parse::<Invite>(),
            Err(InviteError::BadLetter { letter: 'O' })
        );
        assert_eq!(
            "AAAA-AAAA-AAAA-AAA\u{e9}".parse::<Invite>(),
            Err(InviteError::BadLetter { letter: '\u{e9}' })
        );
    }
}
