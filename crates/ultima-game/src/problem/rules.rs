//! The rules' refusals ([`MoveError`], [`IllegalReason`], [`GameError`]) as the game's codes:
//! the squares named, the pieces by role and side.

use ultima_rules::{GameError, IllegalReason, MoveError, Role};

use super::{CheckBy, Freezer, Problem, SessionError};

/// The rules' names of roles (`MoveError::WrongPiece` carries `Role::name`) back to roles.
fn role_named(name: &str) -> Role {
    Role::ALL
        .into_iter()
        .find(|role| role.name() == name)
        // Every name in a `MoveError::WrongPiece` is a `Role::name` (a test walks them all).
        .unwrap_or(Role::Pawn)
}

impl From<&IllegalReason> for Problem {
    fn from(reason: &IllegalReason) -> Problem {
        match reason {
            IllegalReason::NoPiece { square } => Problem::NoPiece {
                square: square.to_string(),
            },
            IllegalReason::NotYourPiece {
                role,
                square,
                owner,
            } => Problem::NotYourPiece {
                role: *role,
                square: square.to_string(),
                owner: *owner,
            },
            IllegalReason::Frozen {
                role,
                square,
                by,
                removable,
            } => Problem::Frozen {
                role: *role,
                square: square.to_string(),
                removable: *removable,
                by: by
                    .iter()
                    .map(|freezer| Freezer {
                        role: freezer.role,
                        square: freezer.square.to_string(),
                    })
                    .collect(),
            },
            IllegalReason::NoRemoval {
                role,
                square,
                reading,
                by,
            } => Problem::NoRemoval {
                role: *role,
                square: square.to_string(),
                reading: *reading,
                by: by
                    .iter()
                    .map(|freezer| Freezer {
                        role: freezer.role,
                        square: freezer.square.to_string(),
                    })
                    .collect(),
            },
            IllegalReason::KingTaken { winner } => Problem::KingTaken { winner: *winner },
            IllegalReason::KingRemoval { .. } => Problem::KingRemoval,
            IllegalReason::NotFrozen { role, square } => Problem::NotFrozen {
                role: *role,
                square: square.to_string(),
            },
            IllegalReason::RemovalNotInReading {
                role,
                square,
                reading,
            } => Problem::RemovalNotInReading {
                role: *role,
                square: square.to_string(),
                reading: *reading,
            },
            IllegalReason::NotThatWay {
                role,
                from,
                to,
                movement,
            } => Problem::NotThatWay {
                role: *role,
                from: from.to_string(),
                to: to.to_string(),
                movement: *movement,
            },
            IllegalReason::Occupied {
                role,
                from,
                to,
                occupant,
            } => Problem::Occupied {
                role: *role,
                from: from.to_string(),
                to: to.to_string(),
                occupant: occupant.role,
                occupant_owner: occupant.color,
            },
            IllegalReason::PathBlocked {
                role,
                from,
                to,
                at,
                blocker,
                obstacle,
                behind,
            } => Problem::PathBlocked {
                role: *role,
                from: from.to_string(),
                to: to.to_string(),
                at: at.to_string(),
                blocker: blocker.role,
                blocker_owner: blocker.color,
                obstacle: *obstacle,
                behind: behind.map(|behind| behind.square.to_string()),
            },
            IllegalReason::LeavesKingInCheck {
                role,
                from,
                to,
                king,
                was_in_check,
                checks,
            } => Problem::LeavesKingInCheck {
                role: *role,
                from: from.to_string(),
                to: to.to_string(),
                king: king.to_string(),
                was_in_check: *was_in_check,
                checks: checks
                    .iter()
                    .map(|check| CheckBy {
                        role: check.attacker.role,
                        square: check.attacker.square.to_string(),
                        way: check.way,
                        landing: check.landing.to_string(),
                        partner: check.partner.map(|square| square.to_string()),
                    })
                    .collect(),
            },
        }
    }
}

impl From<&MoveError> for Problem {
    fn from(error: &MoveError) -> Problem {
        match error {
            MoveError::Malformed(text) => Problem::Malformed { text: text.clone() },
            MoveError::Illegal(reason) => reason.into(),
            MoveError::WrongPiece {
                text,
                named,
                square,
                actual,
            } => Problem::WrongPiece {
                text: text.clone(),
                named: role_named(named),
                square: square.to_string(),
                actual: role_named(actual),
            },
            MoveError::WrongCaptures { text, actual } => Problem::WrongCaptures {
                text: text.clone(),
                // `actual` is the captured squares joined by ", ", or "nothing".
                actual: actual
                    .split(", ")
                    .filter(|square| *square != "nothing" && !square.is_empty())
                    .map(str::to_string)
                    .collect(),
            },
        }
    }
}

impl From<MoveError> for SessionError {
    fn from(error: MoveError) -> SessionError {
        SessionError::new(Problem::from(&error))
    }
}

impl From<GameError> for SessionError {
    fn from(error: GameError) -> SessionError {
        match error {
            GameError::Over(_) => SessionError::new(Problem::GameOver),
            GameError::Illegal(error) => error.into(),
        }
    }
}
