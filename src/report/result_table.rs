//! A report table as typed results: named columns and rows of values built once from the
//! exact counts (`run_tables`), from which the table's CSV, `report.html`'s charts, the
//! terminal summary, `sweep` and `compare` all render, so none of them reads back rounded
//! text.
//!
//! Conventions the readers rely on: a `players` column; key columns from `KEY_COLUMNS`; a
//! rate column `X` is written as `X`, `X_lo` and `X_hi` (its 95% interval); an undefined
//! value is an empty field.

use super::{Rate, fixed};
use std::io;

/// Columns that identify a row (with `players`): the entity the row is about.
pub const KEY_COLUMNS: [&str; 6] = ["players", "character", "seat", "bot", "district", "rounds"];

/// What a column holds, which fixes how it is written and read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A name: a character, a district type, a bot spec.
    Text,
    /// A count or another whole figure (a player count, a percentile of rounds).
    Whole,
    /// A mean or a share, written with 4 decimals.
    Number,
    /// A rate with its 95% interval: three CSV columns.
    Rate,
    /// A p-value, written with four significant digits.
    PValue,
}

/// One value of a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Text(String),
    /// `None`: undefined (a percentile of no finished games).
    Whole(Option<u64>),
    /// `None`: undefined (a mean over nothing).
    Number(Option<f64>),
    /// `None`: no estimate at all (a balance index without finished games), three empty
    /// fields; a rate without trials is `Some` with an empty value and the whole range.
    Rate(Option<Rate>),
    PValue(Option<f64>),
}

impl Cell {
    pub fn whole(n: u64) -> Cell {
        Cell::Whole(Some(n))
    }

    pub fn text(name: impl Into<String>) -> Cell {
        Cell::Text(name.into())
    }

    pub fn rate(rate: Rate) -> Cell {
        Cell::Rate(Some(rate))
    }

    pub fn kind(&self) -> Kind {
        match self {
            Cell::Text(_) => Kind::Text,
            Cell::Whole(_) => Kind::Whole,
            Cell::Number(_) => Kind::Number,
            Cell::Rate(_) => Kind::Rate,
            Cell::PValue(_) => Kind::PValue,
        }
    }

    /// The value as a number: a rate's value; `None` for a name or an undefined value.
    pub fn number(&self) -> Option<f64> {
        match self {
            Cell::Text(_) => None,
            Cell::Whole(n) => n.map(|n| n as f64),
            Cell::Number(v) | Cell::PValue(v) => *v,
            Cell::Rate(r) => r.and_then(|r| r.value),
        }
    }

    /// A rate with its interval (`None` for other cells and a rate without an estimate).
    pub fn interval(&self) -> Option<Rate> {
        match self {
            Cell::Rate(r) => *r,
            _ => None,
        }
    }

    /// Whether the value is a defined whole number (a count).
    pub fn is_whole(&self) -> bool {
        matches!(self, Cell::Whole(Some(_)))
    }

    /// The value's field as the CSV writes it (a rate's value without its bounds).
    pub fn field(&self) -> String {
        match self {
            Cell::Text(text) => text.clone(),
            Cell::Whole(n) => n.map(|n| n.to_string()).unwrap_or_default(),
            Cell::Number(v) => fixed(*v),
            Cell::Rate(r) => fixed(r.and_then(|r| r.value)),
            Cell::PValue(p) => p_value(*p),
        }
    }

    /// The CSV fields of the cell: one, or a rate's value, lower and upper bound.
    pub fn fields(&self, out: &mut Vec<String>) {
        out.push(self.field());
        if let Cell::Rate(r) = self {
            out.push(fixed(r.map(|r| r.lo)));
            out.push(fixed(r.map(|r| r.hi)));
        }
    }
}

/// A p-value with four significant digits (`0.0312`, `4.127e-9`), or empty.
pub fn p_value(p: Option<f64>) -> String {
    p.map_or_else(String::new, |p| {
        if p >= 0.001 {
            format!("{p:.4}")
        } else {
            format!("{p:.3e}")
        }
    })
}

/// The CSV header of `columns`: a rate column `X` as `X`, `X_lo`, `X_hi`.
pub fn csv_header(columns: &[(&'static str, Kind)]) -> Vec<String> {
    let mut header = Vec::new();
    for &(name, kind) in columns {
        header.push(name.to_string());
        if kind == Kind::Rate {
            header.push(format!("{name}_lo"));
            header.push(format!("{name}_hi"));
        }
    }
    header
}

/// A rate's CSV fields: its value, lower and upper bound.
pub fn rate_fields(rate: Rate) -> [String; 3] {
    [
        fixed(rate.value),
        fixed(Some(rate.lo)),
        fixed(Some(rate.hi)),
    ]
}

/// The bytes of a finished CSV writer.
pub fn finish(writer: csv::Writer<Vec<u8>>) -> io::Result<Vec<u8>> {
    writer
        .into_inner()
        .map_err(|e| io::Error::other(e.to_string()))
}

/// A column: its name and what it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    pub name: &'static str,
    pub kind: Kind,
}

/// A table of typed results, named after its CSV file.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultTable {
    pub name: &'static str,
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
}

impl ResultTable {
    /// An empty table with these columns.
    pub fn new(name: &'static str, columns: &[(&'static str, Kind)]) -> ResultTable {
        ResultTable {
            name,
            columns: columns
                .iter()
                .map(|&(name, kind)| Column { name, kind })
                .collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row, one cell per column, of the column's kind.
    pub fn push(&mut self, row: Vec<Cell>) {
        debug_assert!(
            row.len() == self.columns.len()
                && row
                    .iter()
                    .zip(&self.columns)
                    .all(|(c, k)| c.kind() == k.kind),
            "{}: a row that does not match the columns",
            self.name
        );
        self.rows.push(row);
    }

    /// The index of a column.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.name == name)
    }

    /// The key columns present, in column order.
    pub fn key_columns(&self) -> Vec<usize> {
        (0..self.columns.len())
            .filter(|&i| KEY_COLUMNS.contains(&self.columns[i].name))
            .collect()
    }

    /// Whether column `i` holds rates with their intervals.
    pub fn is_rate(&self, i: usize) -> bool {
        self.columns[i].kind == Kind::Rate
    }

    /// The rate columns, in column order.
    pub fn rate_columns(&self) -> Vec<usize> {
        (0..self.columns.len())
            .filter(|&i| self.is_rate(i))
            .collect()
    }

    /// Whether column `i` holds numbers and at least one row has one.
    pub fn is_numeric(&self, i: usize) -> bool {
        self.columns[i].kind != Kind::Text && self.rows.iter().any(|r| r[i].number().is_some())
    }

    /// The player counts of the rows (as written), in order of first appearance.
    pub fn player_counts(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        if let Some(p) = self.column("players") {
            for row in &self.rows {
                let players = row[p].field();
                if !out.contains(&players) {
                    out.push(players);
                }
            }
        }
        out
    }

    /// The rows at one player count.
    pub fn rows_at<'a>(&'a self, players: &'a str) -> impl Iterator<Item = &'a Vec<Cell>> {
        let p = self.column("players");
        self.rows
            .iter()
            .filter(move |row| p.is_some_and(|p| row[p].field() == players))
    }

    /// The rows at one player count, each read by column name.
    pub fn rows_named<'a>(&'a self, players: &'a str) -> impl Iterator<Item = Row<'a>> {
        self.rows_at(players)
            .map(move |cells| Row { table: self, cells })
    }

    /// The CSV: a header line (a rate column as `X,X_lo,X_hi`), then a line per row.
    pub fn to_csv(&self) -> io::Result<Vec<u8>> {
        let mut w = csv::Writer::from_writer(Vec::new());
        let columns: Vec<_> = self.columns.iter().map(|c| (c.name, c.kind)).collect();
        let header = csv_header(&columns);
        w.write_record(&header)?;
        let mut fields = Vec::with_capacity(header.len());
        for row in &self.rows {
            fields.clear();
            for cell in row {
                cell.fields(&mut fields);
            }
            w.write_record(&fields)?;
        }
        finish(w)
    }
}

/// One row of a table, its cells found by column name.
#[derive(Clone, Copy, Debug)]
pub struct Row<'a> {
    table: &'a ResultTable,
    cells: &'a [Cell],
}

/// The cell a row has no column for: undefined.
const MISSING: Cell = Cell::Number(None);

impl<'a> Row<'a> {
    /// The cell of column `name` (undefined if the table has no such column).
    pub fn cell(&self, name: &str) -> &'a Cell {
        self.table.column(name).map_or(&MISSING, |i| &self.cells[i])
    }

    /// The field of column `name` as the CSV writes it.
    pub fn field(&self, name: &str) -> String {
        self.cell(name).field()
    }

    /// The number of column `name` (a rate's value).
    pub fn number(&self, name: &str) -> Option<f64> {
        self.cell(name).number()
    }

    /// The rate of column `name` with its interval.
    pub fn rate(&self, name: &str) -> Option<Rate> {
        self.cell(name).interval()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats() -> ResultTable {
        let mut t = ResultTable::new(
            "seats.csv",
            &[
                ("players", Kind::Whole),
                ("seat", Kind::Whole),
                ("games", Kind::Whole),
                ("win_rate", Kind::Rate),
                ("mean_score", Kind::Number),
            ],
        );
        t.push(vec![
            Cell::whole(4),
            Cell::whole(0),
            Cell::whole(10),
            Cell::rate(Rate::of(3, 10)),
            Cell::Number(Some(20.5)),
        ]);
        t.push(vec![
            Cell::whole(4),
            Cell::whole(1),
            Cell::whole(0),
            Cell::rate(Rate::of(0, 0)),
            Cell::Number(None),
        ]);
        t
    }

    #[test]
    fn keys_rates_and_numbers_are_found_by_name() {
        let t = seats();
        assert_eq!(t.key_columns(), [0, 1]);
        assert_eq!(t.rate_columns(), [3]);
        assert!(t.is_numeric(4) && t.is_numeric(2));
        assert_eq!(t.player_counts(), ["4"]);
        let rows: Vec<_> = t.rows_at("4").collect();
        let empty = rows[1][3].interval().unwrap();
        assert_eq!((empty.value, empty.lo, empty.hi), (None, 0.0, 1.0));
        // The exact rate, not its 4-decimal text.
        assert_eq!(rows[0][3].number(), Some(0.3));
        assert!(rows[0][2].is_whole() && !rows[0][4].is_whole());
        let row = t.rows_named("4").next().unwrap();
        assert_eq!(row.field("games"), "10");
        assert_eq!(row.number("mean_score"), Some(20.5));
        assert_eq!(row.rate("win_rate").unwrap().value, Some(0.3));
        assert_eq!(row.number("no_such_column"), None);
    }

    #[test]
    fn the_csv_expands_rates_into_their_bounds() {
        let csv = String::from_utf8(seats().to_csv().unwrap()).unwrap();
        assert_eq!(
            csv,
            "players,seat,games,win_rate,win_rate_lo,win_rate_hi,mean_score\n\
             4,0,10,0.3000,0.1078,0.6032,20.5000\n4,1,0,,0.0000,1.0000,\n"
        );
    }

    #[test]
    fn undefined_values_are_empty_fields() {
        let mut t = ResultTable::new(
            "player_counts.csv",
            &[
                ("players", Kind::Whole),
                ("p50_rounds", Kind::Whole),
                ("balance_index", Kind::Rate),
                ("seat_p_value", Kind::PValue),
            ],
        );
        t.push(vec![
            Cell::whole(4),
            Cell::Whole(None),
            Cell::Rate(None),
            Cell::PValue(Some(4.1274e-9)),
        ]);
        let csv = String::from_utf8(t.to_csv().unwrap()).unwrap();
        assert_eq!(
            csv,
            "players,p50_rounds,balance_index,balance_index_lo,balance_index_hi,seat_p_value\n\
             4,,,,,4.127e-9\n"
        );
        assert!(!t.is_numeric(1) && !t.is_numeric(2) && t.is_numeric(3));
    }
}
