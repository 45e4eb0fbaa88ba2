//! A deliberately simple reference move generator for Ultima (Baroque chess).
//!
//! Written only from `RULES.md` and `READINGS.md` (the other readings, named by a fifth UFEN
//! field), independently of the engine in `src/`, so that tests can cross-check the two. Clarity over speed: a mailbox board of 64 squares, plain loops over
//! directions, and check found the naive way (generate every enemy move and see whether one of
//! them takes the king).
//!
//! Squares are numbered a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63 (rank * 8 + file).

/// A move as the reference sees it. `captures` is a bitmask (`1 << square`) of the enemy pieces
/// taken. A removal of an own frozen piece has `from == to` and `captures == 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RefMove {
    pub from: u8,
    pub to: u8,
    pub captures: u64,
}

/// All legal moves (removals included) for the side to move, sorted.
/// Panics on malformed input: this is test code.
#[allow(dead_code)]
pub fn legal_moves(ufen: &str) -> Vec<RefMove> {
    let position = Position::parse(ufen);
    let mut moves = position.legal_moves();
    moves.sort();
    moves
}

/// Whether the side to move has its king in check (`false` when it has no king, and always in
/// the Zillions reading, which has no check).
#[allow(dead_code)]
pub fn in_check(ufen: &str) -> bool {
    let position = Position::parse(ufen);
    position.reading != Reading::Zillions && position.king_attacked(position.side)
}

/// How a position stands by its reading, from the position alone (no repetition: that needs
/// the game's history).
#[allow(dead_code)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefStatus {
    Ongoing { check: bool },
    Win { white: bool, reason: &'static str },
    Draw { reason: &'static str },
}

/// The status of `ufen`, from RULES.md ("Check, end of the game") and READINGS.md: in
/// Zillions a side without its king while the other has one has lost; the side to move with
/// no legal move loses (checkmate in check, "no legal move" otherwise), but draws in Boardspace
/// when not in check; then only the two kings left, then 100 plies without a capture, draw.
#[allow(dead_code)]
pub fn status(ufen: &str) -> RefStatus {
    let position = Position::parse(ufen);
    if position.reading == Reading::Zillions {
        let white = position.king_square(Color::White).is_some();
        let black = position.king_square(Color::Black).is_some();
        if white != black {
            return RefStatus::Win {
                white,
                reason: "king captured",
            };
        }
    }
    let check = in_check(ufen);
    if position.legal_moves().is_empty() {
        if !check && position.reading == Reading::Boardspace {
            return RefStatus::Draw {
                reason: "stalemate",
            };
        }
        return RefStatus::Win {
            white: position.side == Color::Black,
            reason: if check { "checkmate" } else { "no legal move" },
        };
    }
    let pieces: Vec<Piece> = position.board.iter().flatten().copied().collect();
    if pieces.len() == 2 && pieces.iter().all(|piece| piece.kind == Kind::King) {
        return RefStatus::Draw {
            reason: "bare kings",
        };
    }
    if position.halfmove_clock >= 100 {
        return RefStatus::Draw {
            reason: "fifty moves",
        };
    }
    RefStatus::Ongoing { check }
}

/// The readings of READINGS.md, by their UFEN names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// RULES.md.
    Abbott1963,
    /// The long leaper (and a chameleon leaping long leapers) passes over one piece at most.
    Abbott1962,
    /// A chameleon's leap takes only the leapers, its king's step only the king; MacKay's
    /// freezing; no removal.
    Cambridge,
    /// A stalemate is a draw: the moves are the 1963 ones.
    Boardspace,
    /// Take the king: no check rule; once a king is gone nothing moves.
    Zillions,
}

impl Reading {
    fn from_field(field: Option<&str>) -> Reading {
        match field {
            None | Some("1963") => Reading::Abbott1963,
            Some("1962") => Reading::Abbott1962,
            Some("cambridge") => Reading::Cambridge,
            Some("boardspace") => Reading::Boardspace,
            Some("zillions") => Reading::Zillions,
            Some(other) => panic!("reference: unknown reading {other:?}"),
        }
    }

    fn field(self) -> &'static str {
        match self {
            Reading::Abbott1963 => "",
            Reading::Abbott1962 => " 1962",
            Reading::Cambridge => " cambridge",
            Reading::Boardspace => " boardspace",
            Reading::Zillions => " zillions",
        }
    }
}

/// The UFEN after playing `mv`. Panics unless `mv` (squares and captures alike) is one of the
/// legal moves of the position, so a wrong move coming from elsewhere is noticed at once.
#[allow(dead_code)]
pub fn play(ufen: &str, mv: RefMove) -> String {
    let position = Position::parse(ufen);
    let legal = position.legal_moves();
    match legal.iter().find(|m| m.from == mv.from && m.to == mv.to) {
        None => panic!("reference: {mv:?} is not a legal move in {ufen}"),
        Some(found) => assert_eq!(
            found.captures, mv.captures,
            "reference: {mv:?} in {ufen} should capture {:#x}",
            found.captures
        ),
    }
    position.after(mv).to_ufen()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    King,
    Pawn,
    Withdrawer,
    LongLeaper,
    Chameleon,
    Coordinator,
    Immobilizer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    color: Color,
    kind: Kind,
}

impl Piece {
    fn from_letter(letter: char) -> Piece {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kind = match letter.to_ascii_uppercase() {
            'K' => Kind::King,
            'P' => Kind::Pawn,
            'W' => Kind::Withdrawer,
            'L' => Kind::LongLeaper,
            'X' => Kind::Chameleon,
            'C' => Kind::Coordinator,
            'I' => Kind::Immobilizer,
            other => panic!("reference: unknown piece letter {other:?}"),
        };
        Piece { color, kind }
    }

    fn letter(self) -> char {
        let upper = match self.kind {
            Kind::King => 'K',
            Kind::Pawn => 'P',
            Kind::Withdrawer => 'W',
            Kind::LongLeaper => 'L',
            Kind::Chameleon => 'X',
            Kind::Coordinator => 'C',
            Kind::Immobilizer => 'I',
        };
        match self.color {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }
}

/// The eight unit steps as (file delta, rank delta); the first four run along ranks and files.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

fn is_orthogonal(direction: (i32, i32)) -> bool {
    direction.0 == 0 || direction.1 == 0
}

/// The square `steps` unit steps from `square` in `direction`, if it is on the board.
fn offset(square: usize, direction: (i32, i32), steps: i32) -> Option<usize> {
    let file = (square % 8) as i32 + direction.0 * steps;
    let rank = (square / 8) as i32 + direction.1 * steps;
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

fn bit(square: usize) -> u64 {
    1u64 << square
}

type Board = [Option<Piece>; 64];

#[derive(Clone, Debug)]
struct Position {
    board: Board,
    side: Color,
    halfmove_clock: u32,
    move_number: u32,
    reading: Reading,
}

impl Position {
    fn parse(ufen: &str) -> Position {
        let mut fields = ufen.split_whitespace();
        let placement = fields.next().expect("reference: empty UFEN");
        let mut board: Board = [None; 64];
        for (row, rank_text) in placement.split('/').enumerate() {
            assert!(row < 8, "reference: too many ranks in {ufen}");
            let rank = 7 - row;
            let mut file = 0;
            for c in rank_text.chars() {
                if let Some(empty) = c.to_digit(10) {
                    file += empty as usize;
                } else {
                    assert!(file < 8, "reference: rank too long in {ufen}");
                    board[rank * 8 + file] = Some(Piece::from_letter(c));
                    file += 1;
                }
            }
            assert_eq!(file, 8, "reference: bad rank {rank_text:?} in {ufen}");
        }
        let side = match fields.next() {
            Some("w") => Color::White,
            Some("b") => Color::Black,
            other => panic!("reference: bad side {other:?} in {ufen}"),
        };
        let halfmove_clock = fields
            .next()
            .map_or(0, |n| n.parse().expect("half-move clock"));
        let move_number = fields.next().map_or(1, |n| n.parse().expect("move number"));
        let reading = Reading::from_field(fields.next());
        Position {
            board,
            side,
            halfmove_clock,
            move_number,
            reading,
        }
    }

    fn to_ufen(&self) -> String {
        let mut placement = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[rank * 8 + file] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            placement.push_str(&empty.to_string());
                            empty = 0;
                        }
                        placement.push(piece.letter());
                    }
                }
            }
            if empty > 0 {
                placement.push_str(&empty.to_string());
            }
            if rank > 0 {
                placement.push('/');
            }
        }
        let side = match self.side {
            Color::White => 'w',
            Color::Black => 'b',
        };
        format!(
            "{placement} {side} {} {}{}",
            self.halfmove_clock,
            self.move_number,
            self.reading.field()
        )
    }

    fn king_square(&self, color: Color) -> Option<usize> {
        (0..64).find(|&s| {
            self.board[s]
                == Some(Piece {
                    color,
                    kind: Kind::King,
                })
        })
    }

    /// Frozen: next to an enemy immobilizer, or an immobilizer next to an enemy chameleon.
    /// Whether the neighbour is itself frozen does not matter. In the Cambridge reading
    /// (MacKay), an enemy immobilizer freezes only when no chameleon or immobilizer of the
    /// piece's own side other than the piece stands next to that immobilizer.
    fn is_frozen(&self, square: usize) -> bool {
        let Some(piece) = self.board[square] else {
            return false;
        };
        for direction in DIRECTIONS {
            let Some(next) = offset(square, direction, 1) else {
                continue;
            };
            let Some(neighbour) = self.board[next] else {
                continue;
            };
            if neighbour.color == piece.color {
                continue;
            }
            if neighbour.kind == Kind::Immobilizer
                && !(self.reading == Reading::Cambridge && self.has_helper(next, square))
            {
                return true;
            }
            if piece.kind == Kind::Immobilizer && neighbour.kind == Kind::Chameleon {
                return true;
            }
        }
        false
    }

    /// Whether a chameleon or immobilizer of the piece on `square`'s side, other than that
    /// piece, stands next to the (enemy) immobilizer on `immobilizer`.
    fn has_helper(&self, immobilizer: usize, square: usize) -> bool {
        let Some(piece) = self.board[square] else {
            return false;
        };
        DIRECTIONS.iter().any(|&direction| {
            let Some(next) = offset(immobilizer, direction, 1) else {
                return false;
            };
            next != square
                && matches!(self.board[next], Some(helper) if helper.color == piece.color
                    && matches!(helper.kind, Kind::Chameleon | Kind::Immobilizer))
        })
    }

    /// Whether `square` holds a piece of `color`'s enemy, of kind `only` when that is given.
    fn is_enemy(&self, square: usize, color: Color, only: Option<Kind>) -> bool {
        match self.board[square] {
            Some(piece) if piece.color != color => match only {
                Some(kind) => piece.kind == kind,
                None => true,
            },
            _ => false,
        }
    }

    fn is_own(&self, square: usize, color: Color) -> bool {
        matches!(self.board[square], Some(piece) if piece.color == color)
    }

    /// Every move of `color` (frozen pieces stay put, removals included), whether or not it
    /// leaves its own king in check.
    fn pseudo_legal_moves(&self, color: Color) -> Vec<RefMove> {
        let mut moves = Vec::new();
        if self.reading == Reading::Zillions
            && self.king_square(Color::White).is_some() != self.king_square(Color::Black).is_some()
        {
            // A king has been taken: the game is over.
            return moves;
        }
        for from in 0..64 {
            let Some(piece) = self.board[from] else {
                continue;
            };
            if piece.color != color {
                continue;
            }
            if self.is_frozen(from) {
                if piece.kind != Kind::King && self.reading != Reading::Cambridge {
                    moves.push(RefMove {
                        from: from as u8,
                        to: from as u8,
                        captures: 0,
                    });
                }
                continue;
            }
            match piece.kind {
                Kind::King => self.king_moves(from, color, &mut moves),
                Kind::Pawn => {
                    for direction in ORTHOGONAL {
                        self.slides(from, direction, &mut moves);
                    }
                }
                Kind::LongLeaper => {
                    for direction in DIRECTIONS {
                        self.leaps(from, color, direction, None, &mut moves);
                    }
                }
                Kind::Chameleon => {
                    for direction in DIRECTIONS {
                        self.leaps(from, color, direction, Some(Kind::LongLeaper), &mut moves);
                    }
                    self.chameleon_king_steps(from, color, &mut moves);
                }
                Kind::Withdrawer | Kind::Coordinator | Kind::Immobilizer => {
                    for direction in DIRECTIONS {
                        self.slides(from, direction, &mut moves);
                    }
                }
            }
        }
        moves
    }

    /// One step onto an empty square or onto an enemy piece, which is taken.
    fn king_moves(&self, from: usize, color: Color, moves: &mut Vec<RefMove>) {
        for direction in DIRECTIONS {
            let Some(to) = offset(from, direction, 1) else {
                continue;
            };
            let captures = match self.board[to] {
                None => 0,
                Some(piece) if piece.color != color => bit(to),
                Some(_) => continue,
            };
            moves.push(RefMove {
                from: from as u8,
                to: to as u8,
                captures,
            });
        }
    }

    /// Pawn, withdrawer, coordinator and immobilizer: any distance over empty squares.
    fn slides(&self, from: usize, direction: (i32, i32), moves: &mut Vec<RefMove>) {
        let mut steps = 1;
        while let Some(to) = offset(from, direction, steps) {
            if self.board[to].is_some() {
                break;
            }
            let captures = self.landing_captures(from, to, direction, 0);
            moves.push(RefMove {
                from: from as u8,
                to: to as u8,
                captures,
            });
            steps += 1;
        }
    }

    /// Long leaper (`leapable == None`: any enemy piece) and chameleon (`leapable ==
    /// Some(LongLeaper)`): walk the line, passing over each leapable enemy piece that has an
    /// empty square behind it; every empty square reached is a landing square, taking the pieces
    /// passed so far. With nothing passed yet this is an ordinary move.
    fn leaps(
        &self,
        from: usize,
        color: Color,
        direction: (i32, i32),
        leapable: Option<Kind>,
        moves: &mut Vec<RefMove>,
    ) {
        let mut leaped = 0u64;
        let mut steps = 1;
        while let Some(square) = offset(from, direction, steps) {
            if self.board[square].is_none() {
                let captures = self.landing_captures(from, square, direction, leaped);
                moves.push(RefMove {
                    from: from as u8,
                    to: square as u8,
                    captures,
                });
                steps += 1;
                continue;
            }
            if !self.is_enemy(square, color, leapable) {
                break; // own piece, or an enemy this piece cannot leap
            }
            if self.reading == Reading::Abbott1962 && leaped != 0 {
                break; // one piece a move
            }
            match offset(from, direction, steps + 1) {
                Some(behind) if self.board[behind].is_none() => {
                    leaped |= bit(square);
                    steps += 1; // the next iteration lands on `behind`
                }
                _ => break, // no empty square behind it
            }
        }
    }

    /// The chameleon takes a king the king's way: one step onto the adjacent enemy king.
    fn chameleon_king_steps(&self, from: usize, color: Color, moves: &mut Vec<RefMove>) {
        for direction in DIRECTIONS {
            let Some(to) = offset(from, direction, 1) else {
                continue;
            };
            if self.is_enemy(to, color, Some(Kind::King)) {
                let captures = if self.reading == Reading::Cambridge {
                    bit(to) // the king's move takes only the king
                } else {
                    self.landing_captures(from, to, direction, bit(to))
                };
                moves.push(RefMove {
                    from: from as u8,
                    to: to as u8,
                    captures,
                });
            }
        }
    }

    /// Everything taken when the piece on `from` goes to `to` in `direction`, given what its
    /// path already took (`path_captures`: leaped pieces, or the king a chameleon steps onto).
    fn landing_captures(
        &self,
        from: usize,
        to: usize,
        direction: (i32, i32),
        path_captures: u64,
    ) -> u64 {
        let piece = self.board[from].expect("a piece on the from square");
        let color = piece.color;
        // The board with the piece moved (nothing taken yet): pinch partners and coordination
        // are judged with the mover on its landing square and its start square empty.
        let mut after = self.clone();
        after.board[from] = None;
        after.board[to] = Some(piece);
        let backwards = (-direction.0, -direction.1);
        match piece.kind {
            Kind::Pawn => after.pinches(to, color, None),
            Kind::Withdrawer => after.withdrawal(from, backwards, color, None),
            Kind::LongLeaper => path_captures,
            Kind::Coordinator => after.coordination(to, color, None),
            Kind::Immobilizer => 0,
            Kind::Chameleon if self.reading == Reading::Cambridge && path_captures != 0 => {
                path_captures // a leaping move takes only the leapers
            }
            Kind::Chameleon => {
                let mut captures = path_captures;
                if is_orthogonal(direction) {
                    captures |= after.pinches(to, color, Some(Kind::Pawn));
                }
                captures |= after.withdrawal(from, backwards, color, Some(Kind::Withdrawer));
                captures |= after.coordination(to, color, Some(Kind::Coordinator));
                captures
            }
            Kind::King => panic!("kings do not slide"),
        }
    }

    /// Enemy pieces (of kind `only`, if given) between `to` and a piece of `color`, along ranks
    /// and files.
    fn pinches(&self, to: usize, color: Color, only: Option<Kind>) -> u64 {
        let mut captures = 0;
        for direction in ORTHOGONAL {
            let (Some(victim), Some(partner)) =
                (offset(to, direction, 1), offset(to, direction, 2))
            else {
                continue;
            };
            if self.is_enemy(victim, color, only) && self.is_own(partner, color) {
                captures |= bit(victim);
            }
        }
        captures
    }

    /// The enemy piece (of kind `only`, if given) directly behind the start square.
    fn withdrawal(
        &self,
        from: usize,
        backwards: (i32, i32),
        color: Color,
        only: Option<Kind>,
    ) -> u64 {
        match offset(from, backwards, 1) {
            Some(behind) if self.is_enemy(behind, color, only) => bit(behind),
            _ => 0,
        }
    }

    /// Enemy pieces (of kind `only`, if given) on the two corners of the rectangle spanned by
    /// `to` and the own king. Nothing without a king.
    fn coordination(&self, to: usize, color: Color, only: Option<Kind>) -> u64 {
        let Some(king) = self.king_square(color) else {
            return 0;
        };
        let mut captures = 0;
        for corner in [(to / 8) * 8 + king % 8, (king / 8) * 8 + to % 8] {
            if self.is_enemy(corner, color, only) {
                captures |= bit(corner);
            }
        }
        captures
    }

    /// The position after `mv` (not checked for legality), with the other side to move.
    fn after(&self, mv: RefMove) -> Position {
        let mut next = self.clone();
        let (from, to) = (mv.from as usize, mv.to as usize);
        for square in 0..64 {
            if mv.captures & bit(square) != 0 {
                next.board[square] = None;
            }
        }
        let piece = next.board[from].take();
        if from != to {
            next.board[to] = piece;
        }
        next.halfmove_clock = if mv.captures != 0 || from == to {
            0
        } else {
            self.halfmove_clock + 1
        };
        if self.side == Color::Black {
            next.move_number += 1;
        }
        next.side = self.side.other();
        next
    }

    /// Whether some enemy move (frozen pieces excluded) would take `color`'s king.
    fn king_attacked(&self, color: Color) -> bool {
        let Some(king) = self.king_square(color) else {
            return false;
        };
        self.pseudo_legal_moves(color.other())
            .iter()
            .any(|m| m.captures & bit(king) != 0)
    }

    fn legal_moves(&self) -> Vec<RefMove> {
        let moves = self.pseudo_legal_moves(self.side);
        if self.reading == Reading::Zillions {
            return moves; // no check rule
        }
        moves
            .into_iter()
            .filter(|&mv| !self.after(mv).king_attacked(self.side))
            .collect()
    }
}
