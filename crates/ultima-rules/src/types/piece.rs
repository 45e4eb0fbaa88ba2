use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"White"` or `"Black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// The UFEN letter of the side: `w` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Role {
    King,
    Pawn,
    Withdrawer,
    LongLeaper,
    Chameleon,
    Coordinator,
    Immobilizer,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Pawn,
        Role::Withdrawer,
        Role::LongLeaper,
        Role::Chameleon,
        Role::Coordinator,
        Role::Immobilizer,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of UFEN and of the people's notation.
    pub const fn letter(self) -> char {
        match self {
            Role::King => 'K',
            Role::Pawn => 'P',
            Role::Withdrawer => 'W',
            Role::LongLeaper => 'L',
            Role::Chameleon => 'X',
            Role::Coordinator => 'C',
            Role::Immobilizer => 'I',
        }
    }

    /// The role named by an upper- or lower-case letter.
    pub const fn from_letter(letter: char) -> Option<Role> {
        Some(match letter.to_ascii_uppercase() {
            'K' => Role::King,
            'P' => Role::Pawn,
            'W' => Role::Withdrawer,
            'L' => Role::LongLeaper,
            'X' => Role::Chameleon,
            'C' => Role::Coordinator,
            'I' => Role::Immobilizer,
            _ => return None,
        })
    }

    /// The English name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Pawn => "pawn",
            Role::Withdrawer => "withdrawer",
            Role::LongLeaper => "long leaper",
            Role::Chameleon => "chameleon",
            Role::Coordinator => "coordinator",
            Role::Immobilizer => "immobilizer",
        }
    }
}

/// A piece: a role of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The UFEN letter: upper case for White, lower case for Black.
    pub const fn letter(self) -> char {
        match self.color {
            Color::White => self.role.letter(),
            Color::Black => self.role.letter().to_ascii_lowercase(),
        }
    }

    pub const fn from_letter(letter: char) -> Option<Piece> {
        match Role::from_letter(letter) {
            Some(role) => Some(Piece::new(
                if letter.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            )),
            None => None,
        }
    }
}

/// One value for each side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColor<T> {
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            white: f(Color::White),
            black: f(Color::Black),
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

/// One value for each role.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByRole<T>(pub [T; 7]);

impl<T> ByRole<T> {
    pub fn new_with(f: impl FnMut(Role) -> T) -> ByRole<T> {
        ByRole(Role::ALL.map(f))
    }
}

impl<T> Index<Role> for ByRole<T> {
    type Output = T;
    #[inline]
    fn index(&self, role: Role) -> &T {
        &self.0[role.index()]
    }
}

impl<T> IndexMut<Role> for ByRole<T> {
    #[inline]
    fn index_mut(&mut self, role: Role) -> &mut T {
        &mut self.0[role.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
            }
        }
        assert_eq!(Piece::from_letter('q'), None);
        assert_eq!(Piece::from_letter('x').map(|p| p.color), Some(Color::Black));
    }
}
