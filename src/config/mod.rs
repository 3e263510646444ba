//! Config files: the serde mirror of presets and house-rule files, validated into `Rules`.
