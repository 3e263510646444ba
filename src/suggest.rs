//! "Did you mean" suggestions: the closest known name by edit distance.

use crate::engine::ids::normalize_name;

/// Edit distance (optimal string alignment: insertions, deletions, substitutions and swaps of
/// two neighbouring characters each cost 1) between two strings, by characters.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // rows[i][j]: distance between a[..i] and b[..j].
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// The candidate closest to `text` (compared loosely, as `from_name` does), if it is close
/// enough to be a likely typo: at most 2 edits, or a third of the name's length if longer.
pub fn closest<'a>(text: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let key = normalize_name(text);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let d = distance(&key, &normalize_name(candidate));
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, candidate));
        }
    }
    let limit = 2.max(key.chars().count() / 3);
    best.filter(|&(d, _)| d <= limit).map(|(_, name)| name)
}

/// ` (did you mean "X"?)` for the closest candidate, or an empty string.
pub fn did_you_mean<'a>(text: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match closest(text, candidates) {
        Some(name) => format!(" (did you mean \"{name}\"?)"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("king", "king"), 0);
        assert_eq!(distance("kign", "king"), 1);
        assert_eq!(distance("kin", "king"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("warlord", "wizard"), 4);
    }

    #[test]
    fn suggestions() {
        let names = ["King", "Bishop", "Thieves' Den", "first-game"];
        assert_eq!(closest("Kign", names), Some("King"));
        assert_eq!(closest("bishp", names), Some("Bishop"));
        assert_eq!(closest("thieves den", names), Some("Thieves' Den"));
        assert_eq!(closest("first_gmae", names), Some("first-game"));
        assert_eq!(closest("Zebra", names), None);
        assert_eq!(did_you_mean("Kign", names), " (did you mean \"King\"?)");
        assert_eq!(did_you_mean("Zebra", names), "");
    }
}
