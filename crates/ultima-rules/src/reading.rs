//! The readings of the rules (`shared/READINGS.md`): Abbott's 1963 rules, his 1962 first
//! version, David MacKay's Cambridge rules, Boardspace's and Zillions of Games'. A reading is
//! a set of switches ([`Rules`]); every part of the engine asks the switches, so that 1963 is
//! one value of them, not a special path.

use std::fmt;
use std::str::FromStr;

/// How many pieces the long leaper (and the chameleon leaping long leapers) takes a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeaperRule {
    /// Several: every enemy piece passed over, each with an empty square behind it (1963).
    Several,
    /// One: it passes over at most one enemy piece and lands beyond it, up to the next piece,
    /// which it may not leap (1962).
    One,
}

/// How the captures of one chameleon move combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChameleonRule {
    /// Every way at once: a leap, a withdrawal, a pinch and a coordination all take on the same
    /// move (1963).
    AllWays,
    /// Only the pieces whose capturing move its move is: a move that leaps long leapers takes
    /// only them, and a king's step only the king (MacKay's Cambridge rules).
    MoveShape,
}

/// Which pieces an immobilizer freezes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FreezingRule {
    /// RULES.md: every enemy piece next to an immobilizer, and an immobilizer next to an enemy
    /// chameleon.
    Abbott,
    /// MacKay's: a piece is frozen when it is an immobilizer next to an enemy chameleon, or
    /// when it stands next to an enemy immobilizer next to which there is no friendly chameleon
    /// or immobilizer other than itself.
    MacKay,
}

/// What it means for the side to move to have no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoMoveRule {
    /// It loses, in check or not.
    Loses,
    /// It loses in check (checkmate); not in check (stalemate), the game is drawn.
    StalemateDraws,
}

/// What the game is played for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Checkmate: no move may leave one's own king in check.
    Checkmate,
    /// Taking the king: there is no check rule, every move is legal, and a side whose king has
    /// been taken has lost.
    CaptureKing,
}

/// The switches that describe a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub leaper: LeaperRule,
    pub chameleon: ChameleonRule,
    pub freezing: FreezingRule,
    /// Whether a player may remove one of its own frozen pieces instead of moving.
    pub removal: bool,
    pub no_move: NoMoveRule,
    pub goal: Goal,
}

impl Rules {
    /// Abbott's 1963 rules (RULES.md).
    pub const ABBOTT_1963: Rules = Rules {
        leaper: LeaperRule::Several,
        chameleon: ChameleonRule::AllWays,
        freezing: FreezingRule::Abbott,
        removal: true,
        no_move: NoMoveRule::Loses,
        goal: Goal::Checkmate,
    };

    /// Whether there is a check rule (a move may not leave one's own king to be taken).
    #[inline]
    pub const fn has_check(&self) -> bool {
        matches!(self.goal, Goal::Checkmate)
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::ABBOTT_1963
    }
}

/// A reading of the rules, as players meet them (READINGS.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Reading {
    /// Abbott's rules as his 1963 book printed them: the default.
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "1963"))]
    Abbott1963,
    /// Abbott's first version: the kings face each other, the long leaper takes one piece a
    /// move.
    #[cfg_attr(feature = "serde", serde(rename = "1962"))]
    Abbott1962,
    /// David MacKay's "pure" rules: the start mirrored, the chameleon takes only what its
    /// move's shape fits, MacKay's freezing, no removal.
    #[cfg_attr(feature = "serde", serde(rename = "cambridge"))]
    Cambridge,
    /// 1963, but a stalemate is a draw.
    #[cfg_attr(feature = "serde", serde(rename = "boardspace"))]
    Boardspace,
    /// 1963, but played to take the king, with no check rule.
    #[cfg_attr(feature = "serde", serde(rename = "zillions"))]
    Zillions,
}

/// A name that is not one of the readings.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules `{0}`; the rules are 1963, 1962, cambridge, boardspace and zillions")]
pub struct UnknownReading(pub String);

impl Reading {
    /// Every reading, the default first.
    pub const ALL: [Reading; 5] = [
        Reading::Abbott1963,
        Reading::Abbott1962,
        Reading::Cambridge,
        Reading::Boardspace,
        Reading::Zillions,
    ];

    /// The reading's switches.
    #[inline]
    pub const fn rules(self) -> Rules {
        match self {
            Reading::Abbott1963 => Rules::ABBOTT_1963,
            Reading::Abbott1962 => Rules {
                leaper: LeaperRule::One,
                ..Rules::ABBOTT_1963
            },
            Reading::Cambridge => Rules {
                chameleon: ChameleonRule::MoveShape,
                freezing: FreezingRule::MacKay,
                removal: false,
                ..Rules::ABBOTT_1963
            },
            Reading::Boardspace => Rules {
                no_move: NoMoveRule::StalemateDraws,
                ..Rules::ABBOTT_1963
            },
            Reading::Zillions => Rules {
                goal: Goal::CaptureKing,
                ..Rules::ABBOTT_1963
            },
        }
    }

    /// The name used in UFEN, records and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Reading::Abbott1963 => "1963",
            Reading::Abbott1962 => "1962",
            Reading::Cambridge => "cambridge",
            Reading::Boardspace => "boardspace",
            Reading::Zillions => "zillions",
        }
    }

    /// Whether this is the default reading (whose UFEN names no reading).
    pub const fn is_default(self) -> bool {
        matches!(self, Reading::Abbott1963)
    }

    /// The reading's start position, as UFEN (with the reading's field when it is not 1963).
    pub const fn start_ufen(self) -> &'static str {
        match self {
            Reading::Abbott1963 => "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1",
            Reading::Abbott1962 => "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXWKXLC w 0 1 1962",
            Reading::Cambridge => "ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/CLXWKXLI w 0 1 cambridge",
            Reading::Boardspace => "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1 boardspace",
            Reading::Zillions => "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1 zillions",
        }
    }
}

/// A reading's switches as the engine's hot paths read them: [`Fixed`] for the five readings,
/// whose switches the compiler knows (each reading gets its own copy of the move generator and
/// the check detector, with the branches of the other readings gone), or [`Rules`] itself for
/// any set of switches, read at run time.
pub(crate) trait Switches: Copy {
    fn rules(self) -> Rules;
}

/// The switches of `Reading::ALL[R]`, as constants.
#[derive(Clone, Copy)]
pub(crate) struct Fixed<const R: usize>;

impl<const R: usize> Fixed<R> {
    const RULES: Rules = Reading::ALL[R].rules();
}

impl<const R: usize> Switches for Fixed<R> {
    #[inline(always)]
    fn rules(self) -> Rules {
        Self::RULES
    }
}

impl Switches for Rules {
    #[inline(always)]
    fn rules(self) -> Rules {
        self
    }
}

/// Evaluates `$body` with `$switches` bound to the [`Fixed`] switches of `$reading`: one
/// branch here, none in the code it calls.
macro_rules! specialise {
    ($reading:expr, $switches:ident => $body:expr) => {
        match $reading {
            $crate::reading::Reading::Abbott1963 => {
                let $switches = $crate::reading::Fixed::<0>;
                $body
            }
            $crate::reading::Reading::Abbott1962 => {
                let $switches = $crate::reading::Fixed::<1>;
                $body
            }
            $crate::reading::Reading::Cambridge => {
                let $switches = $crate::reading::Fixed::<2>;
                $body
            }
            $crate::reading::Reading::Boardspace => {
                let $switches = $crate::reading::Fixed::<3>;
                $body
            }
            $crate::reading::Reading::Zillions => {
                let $switches = $crate::reading::Fixed::<4>;
                $body
            }
        }
    };
}
pub(crate) use specialise;

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Reading {
    type Err = UnknownReading;
    /// One of `1963`, `1962`, `cambridge`, `boardspace`, `zillions` (any case).
    fn from_str(text: &str) -> Result<Reading, UnknownReading> {
        Reading::ALL
            .into_iter()
            .find(|reading| reading.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownReading(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixed_switches_are_each_readings() {
        for reading in Reading::ALL {
            assert_eq!(
                specialise!(reading, switches => switches.rules()),
                reading.rules()
            );
        }
    }

    #[test]
    fn names_read_back_and_a_bad_name_lists_the_five() {
        for reading in Reading::ALL {
            assert_eq!(reading.name().parse::<Reading>(), Ok(reading));
        }
        assert_eq!("Cambridge".parse::<Reading>(), Ok(Reading::Cambridge));
        let error = "chess".parse::<Reading>().expect_err("not a reading");
        assert_eq!(
            error.to_string(),
            "unknown rules `chess`; the rules are 1963, 1962, cambridge, boardspace and zillions"
        );
    }

    #[test]
    fn each_reading_differs_from_1963_where_readings_md_says() {
        let base = Rules::ABBOTT_1963;
        assert_eq!(Reading::default().rules(), base);
        let r = Reading::Abbott1962.rules();
        assert_eq!(r.leaper, LeaperRule::One);
        assert_eq!(
            Rules {
                leaper: base.leaper,
                ..r
            },
            base
        );
        let r = Reading::Cambridge.rules();
        assert_eq!(
            (r.chameleon, r.freezing, r.removal),
            (ChameleonRule::MoveShape, FreezingRule::MacKay, false)
        );
        assert_eq!(r.no_move, NoMoveRule::Loses);
        assert_eq!(
            Reading::Boardspace.rules().no_move,
            NoMoveRule::StalemateDraws
        );
        assert!(!Reading::Zillions.rules().has_check());
        assert!(Reading::Boardspace.rules().has_check());
    }
}
