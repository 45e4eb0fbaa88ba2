//! The generator: reproducible from its seed, and a run stopped part way resumes to the same
//! file a run without a stop writes.

use ultima_puzzles::generate::{
    asks_more, complete_part, game_done_line, plan, plan_with, read_resume, run, GenerateError,
    Method, Resume, Settings, Sink, HARD_ERRING, LONG_LINE,
};
use ultima_puzzles::parse_file;

#[derive(Default)]
struct Lines(Vec<String>);

impl Sink for Lines {
    fn line(&mut self, line: &str) -> Result<(), std::io::Error> {
        self.0.push(line.to_string());
        Ok(())
    }
}

impl Lines {
    fn text(&self) -> String {
        self.0.iter().map(|line| format!("{line}\n")).collect()
    }
}

fn settings(games: u64) -> Settings {
    Settings {
        seed: 4,
        games,
        nodes: 3_000,
        max_plies: 16,
        method: Method::Standard,
    }
}

fn generate(settings: &Settings, resume: &mut Resume, sink: &mut Lines) {
    run(settings, resume, sink, &mut |_| {}).expect("the run");
}

#[test]
fn game_plans_come_from_the_seed_and_the_index() {
    assert_eq!(plan(3, 7), plan(3, 7));
    assert_ne!(plan(3, 7), plan(3, 8));
    assert_ne!(plan(3, 7), plan(4, 7));
    for index in 0..20 {
        let plan = plan(9, index);
        // One side errs, the other is stronger.
        assert_ne!(plan.white, plan.black);
        assert!(!plan.opening.is_empty());
    }
}

#[test]
fn a_stopped_run_resumes_where_it_stopped() {
    let mut whole = Lines::default();
    generate(&settings(2), &mut Resume::default(), &mut whole);
    let text = whole.text();
    assert!(text.starts_with(&settings(2).header()));
    for index in 0..2 {
        assert!(text.contains(&format!("{}\n", game_done_line(index))));
    }
    // Every puzzle line reads, and the seed finds one in the first game (so the resumed run
    // below has a puzzle before its stop to keep and not repeat).
    let puzzles = parse_file(&text).expect("the output reads");
    assert!(!puzzles.is_empty(), "{text}");

    // One game, then the rest: the same file.
    let mut first = Lines::default();
    generate(&settings(1), &mut Resume::default(), &mut first);
    let mut resumed = first.text();
    // A run killed mid-line: the partial line is dropped and its game played again.
    resumed.push_str("0123abcd;clxwkxli/ppp");
    let mut resume = read_resume(&resumed).expect("reads");
    assert_eq!(resume.next_game, 1);
    let mut rest = Lines::default();
    generate(&settings(2), &mut resume, &mut rest);
    let joined = format!("{}{}", complete_part(&resumed), rest.text());
    assert_eq!(joined, text);
    assert_eq!(resume.next_game, 2);

    // Done: a further run adds nothing.
    let mut resume = read_resume(&text).expect("reads");
    let mut nothing = Lines::default();
    generate(&settings(2), &mut resume, &mut nothing);
    assert!(nothing.0.is_empty());
}

#[test]
fn the_hard_method_plays_the_stronger_erring_levels_and_keeps_what_asks_more() {
    for index in 0..20 {
        let plan = plan_with(9, index, Method::Hard);
        let erring = if HARD_ERRING.contains(&plan.white) {
            plan.white
        } else {
            plan.black
        };
        assert!(HARD_ERRING.contains(&erring), "{plan:?}");
    }
    // Its header says so (and the standard one is as it always was, so old files resume).
    let hard = Settings {
        method: Method::Hard,
        ..settings(1)
    };
    assert!(hard.header().ends_with(" method=hard"));
    assert!(hard.header().contains("strong-depth=5"));
    assert!(settings(1).header().ends_with("tested=every-move"));
    let mut lines = Lines::default();
    generate(
        &Settings {
            max_plies: 40,
            ..hard
        },
        &mut Resume::default(),
        &mut lines,
    );
    for puzzle in parse_file(&lines.text()).expect("reads") {
        let positions = puzzle.replay().expect("plays");
        let start = &positions[1];
        let moves: Vec<_> = puzzle
            .moves
            .iter()
            .zip(&positions)
            .skip(1)
            .map(|(text, position)| position.parse_coordinates(text).expect("legal"))
            .collect();
        let line = ultima_puzzles::judge::Line {
            moves,
            ending: ultima_puzzles::judge::Ending::Material { gain: 0 },
            smallest_gap: 1.0,
        };
        assert!(asks_more(start, &line), "{}", puzzle.to_line());
    }
}

#[test]
fn the_defence_method_plays_the_standard_games_under_its_own_header() {
    for index in 0..20 {
        assert_eq!(plan_with(9, index, Method::Defence), plan(9, index));
    }
    let defence = Settings {
        method: Method::Defence,
        ..settings(1)
    };
    assert!(defence.header().ends_with(" method=defence"));
    assert!(defence.header().contains("strong-depth=3"));
    // The standard and hard headers, byte for byte as their run files have them.
    assert_eq!(
        settings(1).header(),
        "# ultima puzzles generate seed=4 nodes=3000 max-plies=16 strong-depth=3 prefilter=1/4 tested=every-move"
    );
    let hard = Settings {
        method: Method::Hard,
        ..settings(1)
    };
    assert_eq!(
        hard.header(),
        "# ultima puzzles generate seed=4 nodes=3000 max-plies=16 strong-depth=5 prefilter=1/4 tested=every-move method=hard"
    );
    // A file of another method is refused, not resumed.
    let text = format!("{}\n{}\n", settings(1).header(), game_done_line(0));
    let mut resume = read_resume(&text).expect("reads");
    let result = run(&defence, &mut resume, &mut Lines::default(), &mut |_| {});
    assert!(matches!(result, Err(GenerateError::OtherSettings { .. })));
}

#[test]
fn the_long_method_plays_the_standard_games_and_keeps_only_the_long_lines() {
    for index in 0..20 {
        assert_eq!(plan_with(9, index, Method::Long), plan(9, index));
    }
    let standard = Settings {
        seed: LONG_SEED,
        games: LONG_GAMES,
        max_plies: 100,
        ..settings(1)
    };
    let long = Settings {
        method: Method::Long,
        ..standard.clone()
    };
    assert!(long.header().ends_with(" method=long"));
    assert!(long.header().contains("strong-depth=3"));
    let mut all = Lines::default();
    generate(&standard, &mut Resume::default(), &mut all);
    let mut kept = Lines::default();
    generate(&long, &mut Resume::default(), &mut kept);
    let all = parse_file(&all.text()).expect("reads");
    let kept = parse_file(&kept.text()).expect("reads");
    // Only lines of three solver moves or more.
    assert!(kept
        .iter()
        .all(|puzzle| puzzle.solver_move_count() >= LONG_LINE));
    // The same games: every standard line of three or four solver moves is kept (five is the
    // standard method's longest, where the long method may go on), and the shorter ones are not.
    let wanted: Vec<_> = all
        .iter()
        .filter(|puzzle| (LONG_LINE..5).contains(&puzzle.solver_move_count()))
        .collect();
    assert!(!wanted.is_empty(), "the seed gives a long line");
    assert!(all
        .iter()
        .any(|puzzle| puzzle.solver_move_count() < LONG_LINE));
    for puzzle in wanted {
        assert!(kept.contains(puzzle), "{}", puzzle.to_line());
    }
}

/// A seed and a number of games whose standard run (3,000 nodes) finds a line of three solver
/// moves, and shorter ones (found with `ultima puzzles generate --games 8 --seed 30 --nodes 3000
/// --max-plies 100`: game 0 has lines of one, two and three solver moves).
const LONG_SEED: u64 = 30;
const LONG_GAMES: u64 = 1;

#[test]
fn a_file_of_other_settings_is_refused() {
    let text = format!("{}\n{}\n", settings(1).header(), game_done_line(0));
    let mut resume = read_resume(&text).expect("reads");
    let mut other = settings(2);
    other.nodes = 4_000;
    let result = run(&other, &mut resume, &mut Lines::default(), &mut |_| {});
    assert!(matches!(result, Err(GenerateError::OtherSettings { .. })));
}

#[test]
fn a_file_records_the_generator_nodes() {
    use ultima_puzzles::generate::recorded_generator_nodes;
    assert_eq!(recorded_generator_nodes(&settings(1).header()), Some(3_000));
    assert_eq!(
        recorded_generator_nodes("# x\n# generator nodes=100000; verified by ...\n"),
        Some(100_000)
    );
    assert_eq!(recorded_generator_nodes("# nodes=5\n"), None);
}

/// The openings of the plans, as coordinates: `ultima puzzles generate` runs are reproducible
/// by seed, so these must never change (they were taken before the opening loop moved into
/// `ultima_rules::random_quiet_line`).
#[test]
fn game_plan_openings_stay_the_same_for_a_seed() {
    let line = |seed, index| {
        plan(seed, index)
            .opening
            .iter()
            .map(|mv| mv.coordinates())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(line(4, 0), "h2h4 d7d4");
    assert_eq!(line(4, 1), "e2e5 h7h4 d2d3");
    assert_eq!(line(9, 5), "d2d3 f7f3");
    assert_eq!(line(2026, 17), "b2b3 a7a3");
    let all: String = (0..500).map(|index| line(77, index) + ";").collect();
    assert_eq!(fnv1a(&all), 0xdf93_96c0_86ca_4cb4);
}

/// FNV-1a: a fingerprint of many openings at once.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}
