//! Config files: the serde mirror of presets and house-rule files, validated into `Rules`.
//!
//! Interface used by the app (the implementation is being written):
//! - `load_preset(name)` / `load_file(path)` -> `RunConfig`
//! - `RunConfig::rules(players)` -> `Rules` for one player count
//! - `RunConfig::to_toml()` -> the resolved config, written into each report's manifest

use crate::engine::rules::Rules;
use std::path::Path;

/// A config that failed to load or validate. `Display` gives the whole message, naming the
/// file, the key and the bad value (for example
/// `presets/x.toml: characters[3]: unknown character "Kign" (did you mean "King"?)`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(pub String);

/// A loaded and validated config: a cast, a district set and rules options.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// The config's `name`.
    pub name: String,
    /// Where it came from: `preset first-game` or the file path.
    pub source: String,
}

impl RunConfig {
    /// The rules at one player count; refuses counts the cast cannot play (for example 3 or 8
    /// players without a rank-9 character).
    pub fn rules(&self, players: u8) -> Result<Rules, ConfigError> {
        let _ = players;
        Err(ConfigError("config loading is not implemented yet".into()))
    }

    /// The resolved config as TOML (every key explicit), for manifests.
    pub fn to_toml(&self) -> String {
        String::new()
    }
}

/// Names of the built-in presets (configs/presets/*.toml, embedded in the binary).
pub fn preset_names() -> &'static [&'static str] {
    &[]
}

/// Loads a built-in preset by name.
pub fn load_preset(name: &str) -> Result<RunConfig, ConfigError> {
    Err(ConfigError(format!("unknown preset \"{name}\"")))
}

/// Loads a config file.
pub fn load_file(path: &Path) -> Result<RunConfig, ConfigError> {
    Err(ConfigError(format!("{}: cannot load yet", path.display())))
}
