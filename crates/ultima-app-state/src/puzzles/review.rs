//! Puzzles failed come back, as lichess' replay of failed puzzles: a puzzle failed at its rated
//! first try (a wrong move, a hint or the solution) is queued, and once [`REVIEW_AFTER`] more
//! rated puzzles have been played the next puzzle asked for is that one again (not rated, as
//! every replay). Solved cleanly then, it leaves the queue; failed again, it comes back after
//! as many puzzles more. A count of puzzles rather than a day: a player who does ten puzzles a
//! week and one who does fifty a day both meet it again after a gap of other puzzles, and the
//! count is saved with the rating, so it survives quitting and crashes.

use ultima_puzzles::{Puzzle, Theme};

use super::stored::{Review, StoredRating};

/// Rated puzzles played between a failure and the puzzle's return.
pub const REVIEW_AFTER: u32 = 10;
/// The queue's length at most (the oldest failures go first past it).
pub const MOST_REVIEWS: usize = 100;

/// Queues `puzzle` to come back after [`REVIEW_AFTER`] more rated puzzles (once only).
pub fn schedule(rating: &mut StoredRating, puzzle: &str) {
    let due = rating.attempted.saturating_add(REVIEW_AFTER);
    rating.review.retain(|review| review.puzzle != puzzle);
    rating.review.push(Review {
        puzzle: puzzle.to_string(),
        due,
    });
    while rating.review.len() > MOST_REVIEWS {
        rating.review.remove(0);
    }
}

/// The review of `puzzle` went as `solved` says: solved, it leaves the queue; else it comes
/// back later again.
pub fn settle(rating: &mut StoredRating, puzzle: &str, solved: bool) {
    if solved {
        rating.review.retain(|review| review.puzzle != puzzle);
    } else {
        schedule(rating, puzzle);
    }
}

/// The first queued puzzle that is due, of `theme` if one is asked for, and not `open` (the
/// puzzle just played). Puzzles no longer in the collection are skipped.
pub fn due<'p>(
    rating: &StoredRating,
    puzzles: &'p [Puzzle],
    theme: Option<Theme>,
    open: Option<&str>,
) -> Option<&'p Puzzle> {
    rating
        .review
        .iter()
        .filter(|review| review.due <= rating.attempted && Some(review.puzzle.as_str()) != open)
        .find_map(|review| {
            puzzles
                .iter()
                .find(|puzzle| puzzle.id == review.puzzle)
                .filter(|puzzle| theme.is_none_or(|theme| puzzle.has_theme(theme)))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(id: &str, themes: &[Theme]) -> Puzzle {
        Puzzle {
            id: id.to_string(),
            ufen: "8/I7/8/7k/8/8/8/K7 b 0 1".to_string(),
            moves: vec!["h5h6".to_string(), "a7g7".to_string()],
            rating: 1200,
            rating_deviation: 80,
            themes: themes.to_vec(),
        }
    }

    #[test]
    fn a_failed_puzzle_comes_back_after_ten_rated_puzzles_until_it_is_solved() {
        let puzzles = [puzzle("a", &[Theme::Pinch]), puzzle("b", &[Theme::MateIn1])];
        let mut rating = StoredRating {
            attempted: 5,
            ..StoredRating::default()
        };
        schedule(&mut rating, "a");
        assert_eq!(
            rating.review,
            [Review {
                puzzle: "a".into(),
                due: 15
            }]
        );
        rating.attempted = 14;
        assert!(due(&rating, &puzzles, None, None).is_none());
        rating.attempted = 15;
        assert_eq!(
            due(&rating, &puzzles, None, None).map(|p| p.id.as_str()),
            Some("a")
        );
        // Not the puzzle just played, nor one of another theme than the one practised.
        assert!(due(&rating, &puzzles, None, Some("a")).is_none());
        assert!(due(&rating, &puzzles, Some(Theme::MateIn1), None).is_none());
        assert!(due(&rating, &puzzles, Some(Theme::Pinch), None).is_some());
        // Failed again: back after ten more.
        settle(&mut rating, "a", false);
        assert_eq!(
            rating.review,
            [Review {
                puzzle: "a".into(),
                due: 25
            }]
        );
        settle(&mut rating, "a", true);
        assert!(rating.review.is_empty());
    }

    #[test]
    fn the_queue_keeps_the_latest_failures() {
        let mut rating = StoredRating::default();
        for n in 0..(MOST_REVIEWS + 5) {
            schedule(&mut rating, &format!("p{n}"));
        }
        assert_eq!(rating.review.len(), MOST_REVIEWS);
        assert_eq!(rating.review[0].puzzle, "p5");
        // A puzzle queued twice is there once.
        schedule(&mut rating, "p50");
        assert_eq!(
            rating.review.iter().filter(|r| r.puzzle == "p50").count(),
            1
        );
    }
}
