//! Secrets and names drawn from the system's random generator: game ids, players' tokens,
//! invites, process ids.

use ultima_protocol::Invite;

use crate::ServerError;

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
}
