//! A CSV file of a report folder on disk, read back by column name: what `agreement` reads of
//! a run's report and of its references (the commands that write a report render it from
//! typed rows and never read it back).

use std::io;

/// A CSV file: its header and its rows as text fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvFile {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl CsvFile {
    /// Parses CSV bytes: a header line, then rows of the same width. `name` prefixes errors.
    pub fn parse(name: &str, bytes: &[u8]) -> io::Result<CsvFile> {
        let failed = |e: csv::Error| io::Error::other(format!("{name}: {e}"));
        let mut reader = csv::Reader::from_reader(bytes);
        let header = reader
            .headers()
            .map_err(failed)?
            .iter()
            .map(str::to_string)
            .collect();
        let mut rows = Vec::new();
        for record in reader.records() {
            rows.push(record.map_err(failed)?.iter().map(str::to_string).collect());
        }
        Ok(CsvFile { header, rows })
    }

    /// The index of a column.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_found_by_name_and_ragged_rows_are_refused() {
        let file = CsvFile::parse("t.csv", b"players,win_rate\n4,0.25\n5,0.2\n").unwrap();
        assert_eq!(file.column("win_rate"), Some(1));
        assert_eq!(file.column("seat"), None);
        assert_eq!(file.rows, [["4", "0.25"], ["5", "0.2"]]);
        let ragged = CsvFile::parse("t.csv", b"players,win_rate\n4\n").unwrap_err();
        assert!(ragged.to_string().starts_with("t.csv: "), "{ragged}");
    }
}
