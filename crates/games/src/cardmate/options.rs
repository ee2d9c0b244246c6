//! The rules options of a Cardmate game (RULINGS V2, V4 and the setups).

use std::fmt;
use std::str::FromStr;

/// How the palace decides the game (V2).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum PalaceRule {
    /// `palace` (default): a player wins when, at the end of his move, his
    /// cards stand on both squares of the enemy palace.
    #[default]
    Both,
    /// `king`: a player wins when one of his Kings enters the enemy palace.
    King,
    /// `off`: palaces decide nothing.
    Off,
}

/// Which starting position (the `setup` option).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum SetupKind {
    /// The page's table.
    #[default]
    Predefined,
    /// Each rank's four cards shuffled over that rank's four squares.
    Suits,
    /// Two cards of each rank per side; squares and suits random.
    Ranks,
    /// Kings in the palaces; the other 48 cards dealt at random.
    Deal,
}

/// The rules options a game is played with (stored in a game's spec by
/// name: a spec without them is read with the palace rule's default,
/// repetition on and no quiet limit).
#[derive(Copy, Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Options {
    /// V2.
    #[serde(default, with = "crate::registry::as_text")]
    pub palace: PalaceRule,
    /// V4: a third repetition draws.
    #[serde(default = "switched_on")]
    pub repetition: bool,
    /// V4: this many plies in a row without capture or promotion draw
    /// (`None`: no limit). Default 100.
    #[serde(default)]
    pub quiet_limit: Option<u32>,
}

/// A stored switch's default: on.
fn switched_on() -> bool {
    true
}

impl Default for Options {
    fn default() -> Options {
        Options {
            palace: PalaceRule::Both,
            repetition: true,
            quiet_limit: Some(100),
        }
    }
}

/// An option value that is not one of the allowed ones.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OptionError {
    /// The option's name.
    pub option: &'static str,
    /// The value given.
    pub value: String,
    /// The allowed values.
    pub allowed: &'static str,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}' (expected {})",
            self.option, self.value, self.allowed
        )
    }
}

impl std::error::Error for OptionError {}

impl FromStr for PalaceRule {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<PalaceRule, OptionError> {
        match s.to_ascii_lowercase().as_str() {
            "palace" | "both" => Ok(PalaceRule::Both),
            "king" => Ok(PalaceRule::King),
            "off" | "none" => Ok(PalaceRule::Off),
            _ => Err(OptionError {
                option: "palace rule",
                value: s.to_string(),
                allowed: "palace, king or off",
            }),
        }
    }
}

impl fmt::Display for PalaceRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PalaceRule::Both => "palace",
            PalaceRule::King => "king",
            PalaceRule::Off => "off",
        })
    }
}

impl FromStr for SetupKind {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<SetupKind, OptionError> {
        match s.to_ascii_lowercase().as_str() {
            "predefined" => Ok(SetupKind::Predefined),
            "suits" => Ok(SetupKind::Suits),
            "ranks" => Ok(SetupKind::Ranks),
            "deal" => Ok(SetupKind::Deal),
            _ => Err(OptionError {
                option: "setup",
                value: s.to_string(),
                allowed: "predefined, suits, ranks or deal",
            }),
        }
    }
}

impl fmt::Display for SetupKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SetupKind::Predefined => "predefined",
            SetupKind::Suits => "suits",
            SetupKind::Ranks => "ranks",
            SetupKind::Deal => "deal",
        })
    }
}

/// Reads an on/off option value.
pub fn parse_switch(option: &'static str, s: &str) -> Result<bool, OptionError> {
    match s.to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" | "1" => Ok(true),
        "off" | "no" | "false" | "0" => Ok(false),
        _ => Err(OptionError {
            option,
            value: s.to_string(),
            allowed: "on or off",
        }),
    }
}

/// Reads the quiet-move limit: a number of plies, or `off`.
pub fn parse_quiet_limit(s: &str) -> Result<Option<u32>, OptionError> {
    if s.eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    match s.parse::<u32>() {
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => Err(OptionError {
            option: "quiet-limit",
            value: s.to_string(),
            allowed: "a positive number of plies, or off",
        }),
    }
}
