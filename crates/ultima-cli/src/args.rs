//! The one reader of the subcommands' options: `--name value` pairs and `--flag`s, read in the
//! order given. Every value is parsed (numbers within their range where they have one), an
//! option without its value and an unknown option are refused, each with a usage error that
//! names the option, so that nothing is silently ignored.

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::error::CliError;

/// The options of one subcommand, read one at a time.
///
/// ```ignore
/// let mut options = Options::new("bench", "--depth N and --stop", args);
/// while let Some(name) = options.next_name() {
///     match name {
///         "--depth" => depth = options.value_in(name, 1..=30)?,
///         "--stop" => stop = true,
///         other => return Err(options.unknown(other)),
///     }
/// }
/// ```
pub struct Options<'a> {
    command: &'static str,
    known: &'static str,
    words: &'a [String],
    at: usize,
}

impl<'a> Options<'a> {
    /// The options of `ultima <command>`, which knows the options `known` (as the error for
    /// an unknown one lists them).
    pub fn new(command: &'static str, known: &'static str, words: &'a [String]) -> Options<'a> {
        Options {
            command,
            known,
            words,
            at: 0,
        }
    }

    /// The next word, taken as an option's name (an unknown one, a stray word included, is
    /// for [`Options::unknown`]); `None` once every word is read.
    pub fn next_name(&mut self) -> Option<&'a str> {
        let name = self.words.get(self.at)?;
        self.at += 1;
        Some(name.as_str())
    }

    /// The value after the option `name`, parsed. The word after an option is its value,
    /// whatever it looks like.
    pub fn value<T: FromStr>(&mut self, name: &str) -> Result<T, CliError> {
        let text = self.value_text(name)?;
        text.parse()
            .map_err(|_| CliError::Usage(format!("`{name} {text}`: `{text}` is not a valid value")))
    }

    /// The value after the option `name`, parsed and within `range`.
    pub fn value_in<T>(&mut self, name: &str, range: RangeInclusive<T>) -> Result<T, CliError>
    where
        T: FromStr + PartialOrd + Display,
    {
        let text = self.value_text(name)?;
        parse_in_range(name, text, range)
    }

    /// The words up to the next option (one starting with `--`) or the end: the moves of
    /// `--moves e2e5 e7e6`.
    pub fn words_before_next_option(&mut self) -> &'a [String] {
        let rest = &self.words[self.at..];
        let count = rest
            .iter()
            .position(|word| is_option(word))
            .unwrap_or(rest.len());
        self.at += count;
        &rest[..count]
    }

    /// The usage error for an option this command does not know.
    pub fn unknown(&self, name: &str) -> CliError {
        unknown_option(self.command, name, self.known)
    }

    fn value_text(&mut self, name: &str) -> Result<&'a str, CliError> {
        let text = self
            .words
            .get(self.at)
            .ok_or_else(|| CliError::Usage(format!("`{name}` needs a value")))?;
        self.at += 1;
        Ok(text.as_str())
    }
}

/// Whether `word` is an option's name rather than a value or a positional argument.
pub fn is_option(word: &str) -> bool {
    word.starts_with("--")
}

/// The usage error for the option `name`, which `ultima <command>` does not know.
pub fn unknown_option(command: &str, name: &str, known: &str) -> CliError {
    CliError::Usage(format!(
        "unknown option `{name}` for `ultima {command}`; the options are {known}"
    ))
}

/// `text`, the value given to the option `name`, parsed and within `range`.
pub fn parse_in_range<T>(name: &str, text: &str, range: RangeInclusive<T>) -> Result<T, CliError>
where
    T: FromStr + PartialOrd + Display,
{
    let bounds = format!("give a value from {} to {}", range.start(), range.end());
    match text.parse::<T>() {
        Ok(parsed) if range.contains(&parsed) => Ok(parsed),
        Ok(_) => Err(CliError::Usage(format!(
            "`{name} {text}` is out of range: {bounds}"
        ))),
        Err(_) => Err(CliError::Usage(format!(
            "`{name} {text}` is not a valid value: {bounds}"
        ))),
    }
}

/// `value`, already read for the option `name`, if it is within `range` (for the commands
/// that check how options combine before they check their ranges).
pub fn check_range<T>(name: &str, value: T, range: RangeInclusive<T>) -> Result<T, CliError>
where
    T: PartialOrd + Display,
{
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(CliError::Usage(format!(
            "`{name} {value}` is out of range: give a value from {} to {}",
            range.start(),
            range.end()
        )))
    }
}

/// The words of a command line as `main` hands them over, for the tests.
#[cfg(test)]
pub(crate) fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| w.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(error: CliError) -> String {
        match error {
            CliError::Usage(message) => message,
            other => panic!("not a usage error: {other}"),
        }
    }

    #[test]
    fn options_values_and_flags_are_read_in_order() {
        let args = words(&[
            "--depth", "5", "--stop", "--name", "--odd", "--moves", "a", "b",
        ]);
        let mut options = Options::new("test", "--depth, --stop", &args);
        assert_eq!(options.next_name(), Some("--depth"));
        assert_eq!(options.value_in::<u32>("--depth", 1..=30).ok(), Some(5));
        assert_eq!(options.next_name(), Some("--stop"));
        assert_eq!(options.next_name(), Some("--name"));
        // The word after an option is its value, even one that looks like an option.
        assert_eq!(
            options.value::<String>("--name").ok().as_deref(),
            Some("--odd")
        );
        assert_eq!(options.next_name(), Some("--moves"));
        assert_eq!(options.words_before_next_option(), &words(&["a", "b"])[..]);
        assert_eq!(options.next_name(), None);
    }

    #[test]
    fn a_missing_bad_or_out_of_range_value_is_refused_naming_the_option() {
        let args = words(&["--depth"]);
        let mut options = Options::new("test", "--depth", &args);
        options.next_name();
        let message = usage(options.value::<u32>("--depth").expect_err("no value"));
        assert_eq!(message, "`--depth` needs a value");

        let args = words(&["--depth", "x", "--depth", "31", "--depth", "-1"]);
        let mut options = Options::new("test", "--depth", &args);
        options.next_name();
        let message = usage(options.value::<u32>("--depth").expect_err("not a number"));
        assert_eq!(message, "`--depth x`: `x` is not a valid value");
        options.next_name();
        let message = usage(
            options
                .value_in::<u32>("--depth", 1..=30)
                .expect_err("too deep"),
        );
        assert_eq!(
            message,
            "`--depth 31` is out of range: give a value from 1 to 30"
        );
        options.next_name();
        let message = usage(
            options
                .value_in::<u32>("--depth", 1..=30)
                .expect_err("negative"),
        );
        assert_eq!(
            message,
            "`--depth -1` is not a valid value: give a value from 1 to 30"
        );
        // The bounds themselves are fine, and floating-point ranges refuse NaN.
        assert_eq!(parse_in_range("--x", "10", 1..=10).ok(), Some(10));
        assert_eq!(parse_in_range("--x", "1", 1..=10).ok(), Some(1));
        assert!(parse_in_range("--x", "NaN", 0.0..=100.0).is_err());
        assert_eq!(check_range("--x", 3u64, 1..=3).ok(), Some(3));
        let message = usage(check_range("--x", 0u64, 1..=3).expect_err("below"));
        assert!(message.contains("`--x 0`") && message.contains("from 1 to 3"));
    }

    #[test]
    fn an_unknown_option_is_refused_listing_the_known_ones() {
        let args = words(&["--fast"]);
        let mut options = Options::new("bench", "--depth N and --stop", &args);
        let name = options.next_name().expect("a word");
        let message = usage(options.unknown(name));
        assert_eq!(
            message,
            "unknown option `--fast` for `ultima bench`; the options are --depth N and --stop"
        );
    }
}
