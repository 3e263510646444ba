//! The balance columns, written one way in every table that has them (`player_counts.csv`,
//! `ladder_balance.csv`, `rank.csv`, `sweep.csv`): the balance index and the seat spread as
//! shares with their 95% intervals, and the p-value of the test of equal seats
//! (`stats::balance`).

use super::Rate;
use super::result_table::{Cell, Kind, csv_header};
use crate::stats::balance::{Balance, Spread};

/// The balance columns (each rate with its `_lo` and `_hi` in the CSV).
pub const COLUMNS: [(&str, Kind); 3] = [
    ("balance_index", Kind::Rate),
    ("seat_spread", Kind::Rate),
    ("seat_p_value", Kind::PValue),
];

fn spread_cell(spread: Option<Spread>) -> Cell {
    Cell::Rate(spread.map(|s| Rate {
        value: Some(s.value),
        lo: s.lo,
        hi: s.hi,
    }))
}

/// The cells of one balance, in `COLUMNS` order.
pub fn cells(balance: &Balance) -> [Cell; 3] {
    [
        spread_cell(balance.index),
        spread_cell(balance.seat_spread),
        Cell::PValue(balance.seat_p_value),
    ]
}

/// The balance columns' CSV header.
pub fn header() -> Vec<String> {
    csv_header(&COLUMNS)
}

/// The CSV fields of one balance, under `header`.
pub fn fields(balance: &Balance) -> Vec<String> {
    let mut out = Vec::with_capacity(7);
    for cell in cells(balance) {
        cell.fields(&mut out);
    }
    out
}

/// The balance held by a row's balance cells (`cells` read back: the exact values).
pub fn from_cells(index: &Cell, seat_spread: &Cell, seat_p_value: &Cell) -> Balance {
    let spread = |cell: &Cell| {
        cell.interval().and_then(|r| {
            Some(Spread {
                value: r.value?,
                lo: r.lo,
                hi: r.hi,
            })
        })
    };
    Balance {
        index: spread(index),
        seat_spread: spread(seat_spread),
        seat_p_value: seat_p_value.number(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_balance_is_written_and_read_back_exactly() {
        let balance = Balance {
            index: Some(Spread {
                value: 0.032_149,
                lo: 0.029_5,
                hi: 0.034_71,
            }),
            seat_spread: None,
            seat_p_value: Some(0.000_412_73),
        };
        assert_eq!(
            header().join(","),
            "balance_index,balance_index_lo,balance_index_hi,seat_spread,seat_spread_lo,\
             seat_spread_hi,seat_p_value"
        );
        assert_eq!(
            fields(&balance).join(","),
            "0.0321,0.0295,0.0347,,,,4.127e-4"
        );
        let [i, s, p] = cells(&balance);
        assert_eq!(from_cells(&i, &s, &p), balance);
    }
}
