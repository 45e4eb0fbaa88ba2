//! `--rules 1963|1962|cambridge|boardspace|zillions`: the reading of the rules a command plays
//! by (READINGS.md), and the position argument read with it.

use ultima_rules::{Position, Reading, Setup, UfenError};

use crate::error::CliError;

/// The option's name.
pub const RULES: &str = "--rules";

/// Takes `--rules R` out of `args` (wherever it stands): the reading named, if any, and the
/// other words in their order. A missing or unknown name is an error listing the five.
pub fn take_rules(args: &[String]) -> Result<(Option<Reading>, Vec<String>), CliError> {
    let mut reading = None;
    let mut rest = Vec::with_capacity(args.len());
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word != RULES {
            rest.push(word.clone());
            continue;
        }
        let name = words.next().ok_or_else(|| {
            CliError::Usage(format!(
                "`{RULES}` needs a value: 1963, 1962, cambridge, boardspace or zillions"
            ))
        })?;
        let named: Reading = name.parse()?;
        if reading.is_some_and(|earlier| earlier != named) {
            return Err(CliError::Usage(format!(
                "`{RULES}` is given twice, with different rules"
            )));
        }
        reading = Some(named);
    }
    Ok((reading, rest))
}

/// The position of `text`: `start` (that reading's start), or a UFEN. A UFEN that names no
/// reading is played by `rules` (1963 without it); one that names a reading must name the same
/// as `rules`, when given.
pub fn position_by(text: &str, rules: Option<Reading>) -> Result<Position, CliError> {
    position_asked(text, rules, RULES)
}

/// [`position_by`], whose refusal says that `asker` (the option) asked for `rules`.
pub fn position_asked(
    text: &str,
    rules: Option<Reading>,
    asker: &str,
) -> Result<Position, CliError> {
    let text = text.trim();
    if text == "start" {
        return Ok(Position::start_of(rules.unwrap_or_default()));
    }
    let setup = Setup::from_ufen(text)?;
    // A fifth field names the reading (Setup::from_ufen has checked that it is one).
    let named = (text.split_whitespace().count() > 4).then_some(setup.reading);
    let reading = match (named, rules) {
        (Some(named), Some(asked)) if named != asked => {
            return Err(CliError::Usage(format!(
                "the position names the {named} rules, but {asker} asks for {asked}"
            )))
        }
        (_, Some(asked)) => asked,
        (named, None) => named.unwrap_or_default(),
    };
    Position::from_setup(Setup { reading, ..setup })
        .map_err(|error| CliError::Position(UfenError::Invalid(error)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::words;

    #[test]
    fn the_rules_option_is_taken_out_wherever_it_stands() {
        let (reading, rest) =
            take_rules(&words(&["start", "--rules", "cambridge", "3"])).expect("reads");
        assert_eq!(reading, Some(Reading::Cambridge));
        assert_eq!(rest, words(&["start", "3"]));
        let (reading, rest) = take_rules(&words(&["x", "y"])).expect("reads");
        assert_eq!((reading, rest), (None, words(&["x", "y"])));
    }

    #[test]
    fn a_bad_or_missing_name_is_an_error_listing_the_five() {
        for args in [&["--rules", "chess"][..], &["start", "--rules"]] {
            let message = take_rules(&words(args)).expect_err("refused").to_string();
            for name in ["1963", "1962", "cambridge", "boardspace", "zillions"] {
                assert!(message.contains(name), "{message}");
            }
        }
        let twice = take_rules(&words(&["--rules", "1962", "--rules", "1963"]));
        assert!(twice.is_err());
    }

    #[test]
    fn a_position_is_read_by_the_rules_asked_unless_it_names_others() {
        let ufen = "7k/8/8/4i3/3I4/8/8/K7 w 0 1";
        let reading = |text: &str, rules| position_by(text, rules).map(|p| p.reading());
        assert_eq!(reading(ufen, None).ok(), Some(Reading::Abbott1963));
        assert_eq!(
            reading(ufen, Some(Reading::Cambridge)).ok(),
            Some(Reading::Cambridge)
        );
        let named = format!("{ufen} cambridge");
        assert_eq!(reading(&named, None).ok(), Some(Reading::Cambridge));
        assert_eq!(
            reading(&named, Some(Reading::Cambridge)).ok(),
            Some(Reading::Cambridge)
        );
        let error = position_by(&named, Some(Reading::Zillions)).expect_err("two readings");
        assert!(
            error.to_string().contains("names the cambridge rules"),
            "{error}"
        );
        let error =
            position_by(&format!("{ufen} 1963"), Some(Reading::Zillions)).expect_err("1963 named");
        assert!(
            error.to_string().contains("names the 1963 rules"),
            "{error}"
        );
        assert_eq!(
            position_by("start", Some(Reading::Abbott1962)).ok(),
            Some(Position::start_of(Reading::Abbott1962))
        );
        // Valid by one reading's rules and not by another's.
        let mirror = "3L3K/8/3p4/8/3k4/8/8/8 w 0 1";
        assert!(position_by(mirror, None).is_err());
        assert!(position_by(mirror, Some(Reading::Abbott1962)).is_ok());
    }
}
