//! `rank CONFIG...`: plays every config on the same game seeds and ranks them by balance
//! index per player count (`rank.csv`).

use super::AppError;
use crate::cli::RankArgs;

pub(super) fn rank(_args: &RankArgs, _command_line: String) -> Result<(), AppError> {
    Err(super::input(anyhow::anyhow!("rank: not written yet")))
}
