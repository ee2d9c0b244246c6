//! Typed game options: what each game takes (name, values, default, help,
//! the ruling that decides it) and the options given for one game, checked
//! by name against its list.

use serde_json::Value;
use std::fmt;

/// One option a game takes, as `deckmate rules`, `deckmate play --help`
/// and `GET /api/variants` list it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's name: `quiet_limit` in the API, `--quiet-limit` on
    /// the command line.
    pub name: &'static str,
    /// Its values (a number option lists the usual ones; the game's own
    /// reader says what else it takes).
    pub values: &'static [&'static str],
    /// The default value.
    pub default: &'static str,
    /// What it changes, in a few words.
    pub help: &'static str,
    /// The tag of the ruling that decides it in RULINGS.md (`V2`), or `""`.
    pub ruling: &'static str,
    /// What kind of value it takes: how a form asks for it.
    pub kind: OptionKind,
}

/// The kind of value an option takes, declared by the game so that a
/// shell asks for it rightly (a list, a number box, a file chooser, a
/// text box) without guessing from its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of [`OptionSpec::values`].
    Choice,
    /// A whole number; [`OptionSpec::values`] lists the usual ones and
    /// the words the game also takes (`off`).
    Number,
    /// The text of a file: its path on the command line, its content
    /// through the API.
    File,
    /// Free text the game reads (a list of card codes);
    /// [`OptionSpec::values`] lists the words it also takes.
    Text,
}

impl OptionKind {
    /// The kind as the API names it: `choice`, `number`, `file`, `text`.
    pub fn key(self) -> &'static str {
        match self {
            OptionKind::Choice => "choice",
            OptionKind::Number => "number",
            OptionKind::File => "file",
            OptionKind::Text => "text",
        }
    }
}

impl OptionSpec {
    /// The option as typed on the command line: `--quiet-limit`.
    pub fn flag(&self) -> String {
        format!("--{}", self.name.replace('_', "-"))
    }
}

/// Why options were refused. The messages are the API's and the
/// command line's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// The options are not a JSON object (or null).
    NotAnObject,
    /// A name the game does not take; `known` lists the ones it does.
    Unknown {
        /// The name given.
        name: String,
        /// The game's options.
        known: Vec<&'static str>,
    },
    /// A value that is not a string, a boolean or a number.
    NotText {
        /// The option.
        name: &'static str,
    },
    /// A value the game's reader refuses; `reason` is its words.
    BadValue {
        /// The option.
        name: &'static str,
        /// Why, in the game's words.
        reason: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::NotAnObject => write!(f, "options must be an object"),
            OptionError::Unknown { name, known } => {
                write!(f, "unknown option '{name}' (options: {})", known.join(", "))
            }
            OptionError::NotText { name } => write!(f, "option {name} must be a string"),
            OptionError::BadValue { reason, .. } => write!(f, "{reason}"),
        }
    }
}

impl std::error::Error for OptionError {}

/// The options given for one game, each checked to be one the game takes
/// (its value is read by the game when it starts). Options not given take
/// their defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    specs: &'static [OptionSpec],
    given: Vec<(&'static str, String)>,
}

impl Options {
    /// No option given: every option at its default.
    pub fn defaults(specs: &'static [OptionSpec]) -> Options {
        Options {
            specs,
            given: Vec::new(),
        }
    }

    /// Options from `(name, value)` pairs; a name the game does not take
    /// is refused (never ignored). A later value of a name replaces an
    /// earlier one.
    pub fn parse<'a>(
        specs: &'static [OptionSpec],
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Options, OptionError> {
        let mut o = Options::defaults(specs);
        for (name, value) in pairs {
            let spec =
                specs
                    .iter()
                    .find(|s| s.name == name)
                    .ok_or_else(|| OptionError::Unknown {
                        name: name.to_string(),
                        known: specs.iter().map(|s| s.name).collect(),
                    })?;
            o.given.retain(|(n, _)| *n != spec.name);
            o.given.push((spec.name, value.to_string()));
        }
        Ok(o)
    }

    /// Options from an API request's `"options"`: an object (or null)
    /// whose values are strings, booleans (`on`/`off`) or numbers.
    pub fn from_json(specs: &'static [OptionSpec], v: &Value) -> Result<Options, OptionError> {
        let map = match v {
            Value::Null => return Ok(Options::defaults(specs)),
            Value::Object(map) => map,
            _ => return Err(OptionError::NotAnObject),
        };
        let mut pairs = Vec::new();
        for (name, value) in map {
            let spec =
                specs
                    .iter()
                    .find(|s| s.name == name)
                    .ok_or_else(|| OptionError::Unknown {
                        name: name.clone(),
                        known: specs.iter().map(|s| s.name).collect(),
                    })?;
            let text = match value {
                Value::Null => continue,
                Value::String(s) => s.clone(),
                Value::Bool(b) => if *b { "on" } else { "off" }.to_string(),
                Value::Number(n) => n.to_string(),
                _ => return Err(OptionError::NotText { name: spec.name }),
            };
            pairs.push((spec.name, text));
        }
        Options::parse(specs, pairs.iter().map(|(n, v)| (*n, v.as_str())))
    }

    /// The value given for `name`, if it was given.
    pub fn given(&self, name: &str) -> Option<&str> {
        self.given
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The names given, in the order given.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.given.iter().map(|(n, _)| *n)
    }

    /// The value of `name`: as given, else its default (`None` for a name
    /// the game does not take).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.given(name).or_else(|| {
            self.specs
                .iter()
                .find(|s| s.name == name)
                .map(|s| s.default)
        })
    }

    /// Reads the value given for `name` with the game's reader; `None`
    /// when it was not given. The reader's error becomes
    /// [`OptionError::BadValue`].
    pub fn read<T, E: fmt::Display>(
        &self,
        name: &'static str,
        reader: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<Option<T>, OptionError> {
        match self.given(name) {
            None => Ok(None),
            Some(v) => reader(v).map(Some).map_err(|e| OptionError::BadValue {
                name,
                reason: e.to_string(),
            }),
        }
    }

    /// [`Options::read`] with `default` for a name not given.
    pub fn read_or<T, E: fmt::Display>(
        &self,
        name: &'static str,
        reader: impl FnOnce(&str) -> Result<T, E>,
        default: T,
    ) -> Result<T, OptionError> {
        Ok(self.read(name, reader)?.unwrap_or(default))
    }
}
