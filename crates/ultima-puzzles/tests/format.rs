//! The one-line file format: round trips, comments, and every kind of bad line named by its
//! line number.

use ultima_puzzles::{parse_file, parse_line, puzzle_id, ParseError, Puzzle, Theme};

const UFEN: &str = "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 b 0 1";

fn sample() -> Puzzle {
    Puzzle {
        id: puzzle_id(UFEN, "h8g8"),
        ufen: UFEN.to_string(),
        moves: vec!["h8g8".into(), "d1d4".into()],
        rating: 1480,
        rating_deviation: 350,
        themes: vec![Theme::Pinch, Theme::MultiCapture, Theme::Endgame],
    }
}

#[test]
fn a_puzzle_round_trips_through_its_line() {
    let puzzle = sample();
    let line = puzzle.to_line();
    assert_eq!(
        line,
        format!(
            "{};{UFEN};h8g8 d1d4;1480;350;pinch,multi-capture,endgame",
            puzzle.id
        )
    );
    assert_eq!(parse_line(&line, 1), Ok(puzzle.clone()));
    // No themes at all is allowed too.
    let bare = Puzzle {
        themes: Vec::new(),
        ..puzzle
    };
    assert_eq!(parse_line(&bare.to_line(), 1), Ok(bare));
}

#[test]
fn every_theme_reads_back_by_its_dashed_name() {
    for theme in Theme::ALL {
        assert_eq!(theme.name().parse::<Theme>(), Ok(theme));
        // serde reads (and writes) the same names.
        assert_eq!(serde_name(theme.name()), Ok(theme), "{theme:?}");
    }
    assert_eq!(Theme::LongLeap.name(), "long-leap");
    assert_eq!(Theme::MateIn3Plus.name(), "mate-in-3-plus");
    assert!("Pinch".parse::<Theme>().is_err());
}

/// The theme serde reads from `name`.
fn serde_name(name: &str) -> Result<Theme, serde::de::value::Error> {
    use serde::de::IntoDeserializer;
    use serde::Deserialize;
    Theme::deserialize(name.into_deserializer())
}

#[test]
fn a_file_skips_comments_and_blank_lines_and_names_the_bad_line() {
    let good = sample().to_line();
    let text = format!("# header\n\n{good}\n# game 0 done\n");
    let puzzles = parse_file(&text).expect("a good file");
    assert_eq!(puzzles, vec![sample()]);

    type Expected = fn(&ParseError) -> bool;
    let cases: Vec<(String, Expected)> = vec![
        (format!("{good};extra"), |e| {
            matches!(e, ParseError::FieldCount { found: 7, .. })
        }),
        (good.replacen(&sample().id, "bad id!", 1), |e| {
            matches!(e, ParseError::BadId { .. })
        }),
        (good.replace(UFEN, "7k/8/8 w 0 1"), |e| {
            matches!(e, ParseError::BadUfen { .. })
        }),
        // A good position of another reading: the puzzles are 1963's.
        (good.replace(UFEN, &format!("{UFEN} zillions")), |e| {
            matches!(
                e,
                ParseError::OtherReading {
                    reading: ultima_rules::Reading::Zillions,
                    ..
                }
            ) && e.to_string().contains("1963")
        }),
        (good.replace("h8g8 d1d4", "h8g8 d1"), |e| {
            matches!(e, ParseError::BadMove { .. })
        }),
        (good.replace("h8g8 d1d4", "h8g8"), |e| {
            matches!(e, ParseError::MoveCount { count: 1, .. })
        }),
        (good.replace(";1480;", ";high;"), |e| {
            matches!(
                e,
                ParseError::BadNumber {
                    field: "rating",
                    ..
                }
            )
        }),
        (good.replace(";350;", ";-3;"), |e| {
            matches!(e, ParseError::BadNumber { .. })
        }),
        (good.replace("pinch", "pincer"), |e| {
            matches!(e, ParseError::BadTheme { .. })
        }),
        (format!("{good}\n{good}"), |e| {
            matches!(e, ParseError::DuplicateId { first: 3, .. })
        }),
    ];
    for (bad, expected) in cases {
        let text = format!("# header\n\n{bad}\n");
        let error = parse_file(&text).expect_err(&bad);
        assert!(expected(&error), "{bad}: {error}");
        let line = if matches!(error, ParseError::DuplicateId { .. }) {
            4
        } else {
            3
        };
        assert_eq!(error.line(), line, "{bad}: {error}");
        assert!(
            error.to_string().starts_with(&format!("line {line}:")),
            "{error}"
        );
    }
}

#[test]
fn the_export_is_one_json_object_per_puzzle() {
    let json = sample().to_export_json();
    assert_eq!(
        json,
        format!(
            "{{\"id\": \"{}\", \"ufen\": \"{UFEN}\", \"moves\": [\"h8g8\", \"d1d4\"], \"rating\": 1480, \"themes\": [\"pinch\", \"multi-capture\", \"endgame\"]}}",
            sample().id
        )
    );
}

#[test]
fn ids_are_stable_and_differ_by_position_and_mistake() {
    assert_eq!(puzzle_id(UFEN, "h8g8"), puzzle_id(UFEN, "h8g8"));
    assert_ne!(puzzle_id(UFEN, "h8g8"), puzzle_id(UFEN, "h8h7"));
    assert_eq!(puzzle_id(UFEN, "h8g8").len(), 8);
}

#[test]
fn replay_checks_every_move() {
    let positions = sample().replay().expect("legal");
    assert_eq!(positions.len(), 3);
    let illegal = Puzzle {
        moves: vec!["h8g8".into(), "d1d8".into()],
        ..sample()
    };
    assert!(illegal.replay().is_err());
}
