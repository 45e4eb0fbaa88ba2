//! Authoring aid: mate-in-one positions with few pieces, for the check chapter.
//! `cargo run -p ultima-course --example mates -- ROLE [extra]` (ROLE: P W L C X I).
//! Black: a king on the given edge squares; White: a king, the mating piece, and with `extra`
//! one more white pawn. Prints positions where exactly one white move mates, made by ROLE.

use ultima_rules::{Board, Color, Piece, Position, Role, Setup, Square};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let role = args
        .first()
        .and_then(|a| a.chars().next())
        .and_then(Role::from_letter)
        .unwrap_or(Role::Pawn);
    let extra_role = args
        .get(1)
        .and_then(|a| a.chars().next())
        .and_then(Role::from_letter);
    let extra = extra_role.is_some();
    let two = std::env::var("MATE_IN_TWO").is_ok();
    let black_kings = ["e8", "h5", "d8", "h4", "h8"];
    let mut found = 0;
    for bk in black_kings {
        let Ok(bk) = bk.parse::<Square>() else {
            continue;
        };
        for wk in Square::all().filter(|s| s.distance(bk) <= 3) {
            for piece in Square::all() {
                let extras: Vec<Option<Square>> = if extra {
                    Square::all()
                        .filter(|s| s.distance(bk) <= 3)
                        .map(Some)
                        .collect()
                } else {
                    vec![None]
                };
                for e in extras {
                    let mut squares = vec![bk, wk, piece];
                    squares.extend(e);
                    let mut sorted = squares.clone();
                    sorted.sort();
                    sorted.dedup();
                    if sorted.len() != squares.len() {
                        continue;
                    }
                    let mut board = Board::empty();
                    board.put(bk, Piece::new(Color::Black, Role::King));
                    board.put(wk, Piece::new(Color::White, Role::King));
                    board.put(piece, Piece::new(Color::White, role));
                    if let Some(e) = e {
                        board.put(
                            e,
                            Piece::new(Color::White, extra_role.unwrap_or(Role::Pawn)),
                        );
                    }
                    let setup = Setup {
                        board,
                        turn: Color::White,
                        halfmove_clock: 0,
                        fullmove_number: 1,
                        reading: ultima_rules::Reading::Abbott1963,
                    };
                    let Ok(position) = Position::from_setup(setup) else {
                        continue;
                    };
                    if position.is_check() {
                        continue;
                    }
                    if two {
                        if position
                            .legal_moves()
                            .into_iter()
                            .any(|mv| !position.play_unchecked(&mv).has_legal_move())
                        {
                            continue;
                        }
                        let firsts: Vec<_> = position
                            .legal_moves()
                            .into_iter()
                            .filter(|mv| {
                                let after = position.play_unchecked(mv);
                                after.legal_moves().into_iter().all(|reply| {
                                    let next = after.play_unchecked(&reply);
                                    next.legal_moves().into_iter().any(|m| {
                                        let end = next.play_unchecked(&m);
                                        end.is_check() && !end.has_legal_move()
                                    })
                                })
                            })
                            .collect();
                        if firsts.len() == 1 && firsts[0].from == piece {
                            println!("{}  {}", position.ufen(), firsts[0].coordinates());
                            found += 1;
                            if found > 30 {
                                return;
                            }
                        }
                        continue;
                    }
                    let mates: Vec<_> = position
                        .legal_moves()
                        .into_iter()
                        .filter(|mv| {
                            let after = position.play_unchecked(mv);
                            after.is_check() && !after.has_legal_move()
                        })
                        .collect();
                    let wins = position
                        .legal_moves()
                        .into_iter()
                        .filter(|mv| !position.play_unchecked(mv).has_legal_move())
                        .count();
                    if !mates.is_empty()
                        && wins == mates.len()
                        && mates.iter().all(|m| m.from == piece)
                    {
                        println!("{}  {}", position.ufen(), mates[0].coordinates());
                        found += 1;
                        if found > 30 {
                            return;
                        }
                    }
                }
            }
        }
    }
}
