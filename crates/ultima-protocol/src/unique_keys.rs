//! Whether a JSON text has an object with the same key twice. serde_json keeps the last of
//! them, so `{"type":"move","ply":1,"ply":2}` would be read as ply 2 where another reader may
//! see ply 1: a client message with a repeated key is refused instead.

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// The first key found twice in one object of `text`, if any (`Err` when `text` is not JSON).
pub(crate) fn repeated_key(text: &str) -> Result<Option<String>, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let found = Walk.deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(found)
}

/// Walks a JSON value, objects and arrays inside it included.
#[derive(Clone, Copy)]
struct Walk;

impl<'de> DeserializeSeed<'de> for Walk {
    type Value = Option<String>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk {
    type Value = Option<String>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut found = None;
        while let Some(inner) = seq.next_element_seed(Walk)? {
            found = found.or(inner);
        }
        Ok(found)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut keys = HashSet::new();
        let mut found = None;
        while let Some(key) = map.next_key::<String>()? {
            let inner = map.next_value_seed(Walk)?;
            if found.is_none() && !keys.insert(key.clone()) {
                found = Some(key);
            }
            found = found.or(inner);
        }
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_twice_in_any_object_is_found() {
        let found = |text: &str| match repeated_key(text) {
            Ok(found) => found,
            Err(error) => panic!("{text}: {error}"),
        };
        assert_eq!(found(r#"{"type":"ping"}"#), None);
        assert_eq!(
            found(r#"{"type":"move","ply":1,"ply":2,"move":"e2e5"}"#),
            Some("ply".into())
        );
        assert_eq!(
            found(r#"{"type":"create","clock":{"baseMs":1,"baseMs":2}}"#),
            Some("baseMs".into())
        );
        // The same key in two objects is no repeat; escapes are read as the key they spell.
        assert_eq!(found(r#"{"a":{"a":1},"b":[{"a":1},{"a":2}]}"#), None);
        assert_eq!(
            found(r#"{"type":"ping","\u0074ype":"resign"}"#),
            Some("type".into())
        );
        assert!(repeated_key("{").is_err());
        assert!(repeated_key("{} {}").is_err());
    }
}
