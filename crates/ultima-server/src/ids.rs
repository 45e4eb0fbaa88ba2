//! Secrets and names drawn from the system's random generator: game ids, players' tokens,
//! invites, process ids.

use sha2::{Digest, Sha256};
use ultima_protocol::Invite;

use crate::error::ServerError;

fn random<const N: usize>() -> Result<[u8; N], ServerError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|error| ServerError::Random(error.to_string()))?;
    Ok(bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A game's id: 64 random bits in hex. Not a secret (the token is), but not guessable either.
pub(crate) fn game_id() -> Result<String, ServerError> {
    Ok(hex(&random::<8>()?))
}

/// A player's token: 128 random bits in hex.
pub(crate) fn token() -> Result<String, ServerError> {
    Ok(hex(&random::<16>()?))
}

/// An invite: 64 random bits.
pub(crate) fn invite() -> Result<Invite, ServerError> {
    Ok(Invite::from_bytes(random::<8>()?))
}

/// A coin toss.
pub(crate) fn coin() -> Result<bool, ServerError> {
    Ok(random::<1>()?[0] & 1 == 1)
}

/// What a stored token starts with once hashed. A store written before tokens were hashed holds
/// the tokens themselves (32 hex digits, never with this prefix).
const HASHED: &str = "sha256:";

/// What is stored of a token: `sha256:` and the hex of its SHA-256. The token itself is only
/// ever in the player's hands (and, while connected, in this process's memory).
pub(crate) fn token_hash(token: &str) -> String {
    format!("{HASHED}{}", hex(&Sha256::digest(token.as_bytes())))
}

/// A stored token as it is stored now: a hash stays, a token stored as itself (an older store)
/// becomes its hash.
pub(crate) fn stored_token(stored: &str) -> String {
    if stored.starts_with(HASHED) {
        stored.to_string()
    } else {
        token_hash(stored)
    }
}

/// Whether the stored token is the token itself (an older store, to be rewritten).
pub(crate) fn is_plain(stored: &str) -> bool {
    !stored.starts_with(HASHED)
}

/// Whether `token` is the one whose hash is `stored` (compared in constant time).
pub(crate) fn token_matches(token: &str, stored: &str) -> bool {
    same_secret(&token_hash(token), &stored_token(stored))
}

/// Compares two secrets in time that does not depend on where they differ.
pub(crate) fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens_are_long_random_hex() {
        let (a, b) = (token(), token());
        assert!(matches!((&a, &b), (Ok(a), Ok(b)) if a != b && a.len() == 32));
        assert!(
            matches!(game_id(), Ok(id) if id.len() == 16 && id.chars().all(|c| c.is_ascii_hexdigit()))
        );
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "abcd"));
    }

    #[test]
    fn a_token_is_stored_as_its_hash_and_an_old_plain_one_still_proves_its_seat() {
        let token = "00112233445566778899aabbccddeeff";
        let hash = token_hash(token);
        // SHA-256 of the ASCII text, as `printf %s TOKEN | sha256sum` prints it.
        assert_eq!(
            hash,
            "sha256:5947d7c33d783f94b3b4c1a96ebc8991ed28f1b069b71e03376cba8caa98a720"
        );
        assert!(!hash.contains(token));
        assert!(token_matches(token, &hash));
        assert!(!token_matches("00112233445566778899aabbccddeefe", &hash));
        assert!(!token_matches(&hash, &hash), "the hash is no token");
        // A store from before hashing: the token itself, read as its hash.
        assert!(is_plain(token) && !is_plain(&hash));
        assert!(token_matches(token, token));
        assert!(!token_matches("ffeeddccbbaa99887766554433221100", token));
        assert_eq!(stored_token(token), hash);
        assert_eq!(stored_token(&hash), hash);
    }
}
