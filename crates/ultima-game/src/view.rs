//! Building the views of boards and moves from the rules' types.

use ultima_rules::{Bitboard, Color, Game, Move, Position, Square};

use crate::wire::{BoardView, Mark, MoveView, PieceView, PlyView};

/// Square names in the order people read captures: by file, then by rank.
pub fn square_names(squares: Bitboard) -> Vec<String> {
    ultima_rules::sorted_captures(squares)
        .iter()
        .map(Square::to_string)
        .collect()
}

pub fn move_view(mv: &Move) -> MoveView {
    MoveView {
        from: mv.from.to_string(),
        to: mv.to.to_string(),
        captures: square_names(mv.captures),
    }
}

/// The move `mv`, played from `before`.
pub fn ply_view(before: &Position, mv: &Move) -> PlyView {
    let after = before.play_unchecked(mv);
    let mark = if !after.has_legal_move() {
        Mark::Mate
    } else if after.is_check() {
        Mark::Check
    } else {
        Mark::None
    };
    PlyView {
        side: before.turn(),
        role: mv.role,
        from: mv.from.to_string(),
        to: mv.to.to_string(),
        captures: square_names(mv.captures),
        removal: mv.is_removal(),
        mark,
    }
}

/// Whether `ply` is the view of `mv` (its squares).
pub fn is_view_of(ply: &PlyView, mv: &Move) -> bool {
    ply.from.parse::<Square>().ok() == Some(mv.from) && ply.to.parse::<Square>().ok() == Some(mv.to)
}

/// Every move of `game`.
pub fn ply_views(game: &Game) -> Vec<PlyView> {
    game.moves()
        .iter()
        .enumerate()
        .filter_map(|(ply, mv)| Some(ply_view(game.position_at(ply)?, mv)))
        .collect()
}

/// The board after `ply` moves of `game`, if the game is that long.
pub fn board_view(game: &Game, ply: usize) -> Option<BoardView> {
    let last_move = ply.checked_sub(1).and_then(|previous| {
        Some(ply_view(
            game.position_at(previous)?,
            game.moves().get(previous)?,
        ))
    });
    board_view_after(game, ply, last_move)
}

/// The board after `ply` moves of `game`, `last_move` the view of the move that led there.
pub fn board_view_after(game: &Game, ply: usize, last_move: Option<PlyView>) -> Option<BoardView> {
    let position = game.position_at(ply)?;
    let board = position.board();
    let pieces = board
        .occupied()
        .iter()
        .filter_map(|square| {
            board.piece_at(square).map(|piece| PieceView {
                square: square.to_string(),
                side: piece.color,
                role: piece.role,
            })
        })
        .collect();
    let frozen = position.frozen(Color::White) | position.frozen(Color::Black);
    let check = if position.is_check() {
        board.king_of(position.turn()).map(|k| k.to_string())
    } else {
        None
    };
    Some(BoardView {
        pieces,
        frozen: square_names(frozen),
        check,
        last_move,
        turn: position.turn(),
        ply: u32::try_from(ply).unwrap_or(u32::MAX),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(ufen: &str, coordinates: &str) -> PlyView {
        let position = Position::from_ufen(ufen).expect("a valid position");
        let mv = position.parse_coordinates(coordinates).expect("legal");
        ply_view(&position, &mv)
    }

    #[test]
    fn a_ply_carries_what_the_notation_needs() {
        // RULES.md worked position 1: the pinch of three.
        let ply = played("7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1", "d1d4");
        assert_eq!(ply.role, ultima_rules::Role::Pawn);
        assert_eq!((ply.from.as_str(), ply.to.as_str()), ("d1", "d4"));
        assert_eq!(ply.captures, ["c4", "d5", "e4"]);
        assert!(!ply.removal);
        assert_eq!(ply.side, Color::White);
    }

    #[test]
    fn marks_follow_the_position_after_the_move() {
        // RULES.md worked position 2: d4g7 gives check, d4e5 does not.
        let ufen = "7k/8/8/8/3W4/2p5/8/7K w 0 1";
        assert_eq!(played(ufen, "d4g7").mark, Mark::Check);
        assert_eq!(played(ufen, "d4e5").mark, Mark::None);
        // Black's last piece (a pawn; black has no king) is taken: no legal move is left.
        let ply = played("8/8/8/8/8/8/2p5/1K6 w 0 1", "b1c2");
        assert_eq!(ply.mark, Mark::Mate, "black is left without a move");
    }

    #[test]
    fn a_removal_is_marked() {
        // White's pawn on b2 is frozen by the black immobilizer on b3.
        let ply = played("7k/8/8/8/8/1i6/1P6/K7 w 0 1", "b2b2");
        assert!(ply.removal);
        assert!(ply.captures.is_empty());
    }
}
