//! A rendered CSV table read back by column name, so `report.html`, `compare` and `sweep`
//! follow the tables' columns without knowing them one by one.
//!
//! Conventions the readers rely on (those of `tables.rs`): a `players` column; key columns
//! from `KEY_COLUMNS`; a rate column `X` comes with `X_lo` and `X_hi` (its 95% interval); an
//! undefined value is an empty field.

use std::io;

/// Columns that identify a row (with `players`): the entity the row is about.
pub const KEY_COLUMNS: [&str; 6] = ["players", "character", "seat", "bot", "district", "rounds"];

/// A CSV table: its header and its rows as text fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub name: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// Parses CSV bytes (a header line, then rows of the same width).
    pub fn parse(name: &str, bytes: &[u8]) -> io::Result<Table> {
        let mut reader = csv::Reader::from_reader(bytes);
        let header = reader
            .headers()
            .map_err(|e| io::Error::other(format!("{name}: {e}")))?
            .iter()
            .map(str::to_string)
            .collect();
        let mut rows = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| io::Error::other(format!("{name}: {e}")))?;
            rows.push(record.iter().map(str::to_string).collect());
        }
        Ok(Table {
            name: name.to_string(),
            header,
            rows,
        })
    }

    /// The index of a column.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// The key columns present, in header order.
    pub fn key_columns(&self) -> Vec<usize> {
        (0..self.header.len())
            .filter(|&i| KEY_COLUMNS.contains(&self.header[i].as_str()))
            .collect()
    }

    /// The rate columns: every `X` with `X_lo` and `X_hi`, in header order.
    pub fn rate_columns(&self) -> Vec<RateColumn> {
        (0..self.header.len())
            .filter_map(|value| {
                let name = &self.header[value];
                Some(RateColumn {
                    value,
                    lo: self.column(&format!("{name}_lo"))?,
                    hi: self.column(&format!("{name}_hi"))?,
                })
            })
            .collect()
    }

    /// Whether column `i` is an interval bound of a rate column.
    pub fn is_bound(&self, i: usize) -> bool {
        self.rate_columns().iter().any(|r| r.lo == i || r.hi == i)
    }

    /// Whether every non-empty field of column `i` is a number (and at least one is).
    pub fn is_numeric(&self, i: usize) -> bool {
        let mut any = false;
        for row in &self.rows {
            match row.get(i).map(String::as_str) {
                None | Some("") => {}
                Some(text) if text.parse::<f64>().is_ok() => any = true,
                Some(_) => return false,
            }
        }
        any
    }

    /// The player counts of the rows, in order of first appearance.
    pub fn player_counts(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        if let Some(p) = self.column("players") {
            for row in &self.rows {
                if !out.contains(&row[p]) {
                    out.push(row[p].clone());
                }
            }
        }
        out
    }

    /// The rows at one player count.
    pub fn rows_at<'a>(&'a self, players: &'a str) -> impl Iterator<Item = &'a Vec<String>> {
        let p = self.column("players");
        self.rows
            .iter()
            .filter(move |row| p.is_some_and(|p| row[p] == players))
    }

    /// A field as a number (`None` when empty or not a number).
    pub fn number(&self, row: &[String], column: usize) -> Option<f64> {
        row.get(column).and_then(|text| text.parse().ok())
    }
}

/// A rate column `X` and its interval bounds `X_lo`, `X_hi` (column indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateColumn {
    pub value: usize,
    pub lo: usize,
    pub hi: usize,
}

/// A rate with its interval, read from a row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateValue {
    /// `None` when the rate had no trials.
    pub value: Option<f64>,
    pub lo: f64,
    pub hi: f64,
}

impl RateColumn {
    /// The rate of a row; `None` if a bound is missing.
    pub fn read(&self, table: &Table, row: &[String]) -> Option<RateValue> {
        Some(RateValue {
            value: table.number(row, self.value),
            lo: table.number(row, self.lo)?,
            hi: table.number(row, self.hi)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_keys_and_numbers_are_found_by_name() {
        let csv = "players,seat,games,win_rate,win_rate_lo,win_rate_hi,mean_score\n\
                   4,0,10,0.3000,0.1000,0.6000,20.5\n4,1,0,,0.0000,1.0000,\n";
        let t = Table::parse("seats.csv", csv.as_bytes()).unwrap();
        assert_eq!(t.key_columns(), [0, 1]);
        assert_eq!(
            t.rate_columns(),
            [RateColumn {
                value: 3,
                lo: 4,
                hi: 5
            }]
        );
        assert!(t.is_bound(4) && !t.is_bound(3));
        assert!(t.is_numeric(6));
        assert_eq!(t.player_counts(), ["4"]);
        let rows: Vec<_> = t.rows_at("4").collect();
        let rate = t.rate_columns()[0].read(&t, rows[1]).unwrap();
        assert_eq!(
            rate,
            RateValue {
                value: None,
                lo: 0.0,
                hi: 1.0
            }
        );
    }
}
