//! The district catalog: type, cost and copies of every district, read from the embedded
//! configs/districts/*.toml files.

use super::ConfigError;
use super::files::{CatalogFile, parse};
use crate::engine::ids::{District, DistrictType};
use crate::engine::rules::DistrictSpec;
use std::sync::OnceLock;

/// The catalog files, embedded so the binary works from any directory.
const FILES: [(&str, &str); 3] = [
    (
        "configs/districts/basic.toml",
        include_str!("../../configs/districts/basic.toml"),
    ),
    (
        "configs/districts/unique.toml",
        include_str!("../../configs/districts/unique.toml"),
    ),
    (
        "configs/districts/edition-2021.toml",
        include_str!("../../configs/districts/edition-2021.toml"),
    ),
];

/// Highest cost and copy count the catalog and house rules may give a district.
pub const MAX_COST: i64 = 20;
pub const MAX_COPIES: i64 = 10;

/// Every district's card data, one entry per `District`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    specs: Vec<DistrictSpec>,
}

impl Catalog {
    /// The catalog of the embedded files, parsed once.
    pub fn embedded() -> Result<&'static Catalog, ConfigError> {
        static CATALOG: OnceLock<Result<Catalog, ConfigError>> = OnceLock::new();
        CATALOG
            .get_or_init(|| Catalog::parse(&FILES))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Builds a catalog from `(source, text)` files; every district must appear exactly once.
    pub fn parse(files: &[(&str, &str)]) -> Result<Catalog, ConfigError> {
        let mut specs: Vec<Option<(DistrictSpec, &str)>> = vec![None; District::COUNT];
        for &(source, text) in files {
            let file: CatalogFile = parse(source, text)?;
            for (i, entry) in file.district.iter().enumerate() {
                let at = |msg: String| ConfigError(format!("{source}: district[{i}]: {msg}"));
                let district = District::from_name(&entry.name)
                    .ok_or_else(|| at(format!("unknown district name \"{}\"", entry.name)))?;
                let dtype = DistrictType::from_name(&entry.dtype).ok_or_else(|| {
                    at(format!(
                        "type = \"{}\": allowed: noble, religious, trade, military, unique",
                        entry.dtype
                    ))
                })?;
                if !(0..=MAX_COST).contains(&entry.cost) {
                    return Err(at(format!(
                        "cost = {}: allowed: 0 to {MAX_COST}",
                        entry.cost
                    )));
                }
                if !(1..=MAX_COPIES).contains(&entry.copies) {
                    return Err(at(format!(
                        "copies = {}: allowed: 1 to {MAX_COPIES}",
                        entry.copies
                    )));
                }
                if let Some((_, first)) = specs[district.index()] {
                    return Err(at(format!("{district} is already listed in {first}")));
                }
                let spec = DistrictSpec {
                    district,
                    dtype,
                    cost: entry.cost as u8,
                    copies: entry.copies as u8,
                };
                specs[district.index()] = Some((spec, source));
            }
        }
        let missing: Vec<&str> = District::ALL
            .iter()
            .filter(|d| specs[d.index()].is_none())
            .map(|d| d.name())
            .collect();
        if !missing.is_empty() {
            return Err(ConfigError(format!(
                "district catalog: no card data for {}",
                missing.join(", ")
            )));
        }
        Ok(Catalog {
            specs: specs.into_iter().flatten().map(|(s, _)| s).collect(),
        })
    }

    /// The card data of one district.
    pub fn spec(&self, district: District) -> DistrictSpec {
        self.specs[district.index()]
    }

    /// Whether a district is unique (as opposed to one of the basic districts).
    pub fn is_unique(&self, district: District) -> bool {
        self.spec(district).dtype == DistrictType::Unique
    }

    /// The basic (non-unique) districts, in `District` order.
    pub fn basics(&self) -> impl Iterator<Item = DistrictSpec> + '_ {
        self.specs
            .iter()
            .copied()
            .filter(|s| s.dtype != DistrictType::Unique)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CARDS.md's basic-district table, transcribed independently of the data files.
    fn cards_md_basics() -> Vec<DistrictSpec> {
        use District::*;
        use DistrictType::*;
        let row = |district, dtype, cost, copies| DistrictSpec {
            district,
            dtype,
            cost,
            copies,
        };
        vec![
            row(Manor, Noble, 3, 5),
            row(Castle, Noble, 4, 4),
            row(Palace, Noble, 5, 3),
            row(Temple, Religious, 1, 3),
            row(Church, Religious, 2, 3),
            row(Monastery, Religious, 3, 3),
            row(Cathedral, Religious, 5, 2),
            row(Tavern, Trade, 1, 5),
            row(Market, Trade, 2, 4),
            row(TradingPost, Trade, 2, 3),
            row(Docks, Trade, 3, 3),
            row(Harbor, Trade, 4, 3),
            row(TownHall, Trade, 5, 2),
            row(Watchtower, Military, 1, 3),
            row(Prison, Military, 2, 3),
            row(Barracks, Military, 3, 3),
            row(Fortress, Military, 5, 2),
        ]
    }

    /// CARDS.md's unique-district costs.
    fn cards_md_unique_cost(district: District) -> u8 {
        use District::*;
        match district {
            SecretVault => 0,
            HauntedQuarter | Stables => 2,
            Armory | Framework | Keep | Statue => 3,
            Basilica | Monument | Museum | Observatory | PoorHouse => 4,
            Capitol | Factory | ImperialTreasury | IvoryTower | Laboratory | MapRoom
            | Necropolis | Quarry | Smithy | WishingWell | Graveyard => 5,
            _ => 6,
        }
    }

    #[test]
    fn embedded_catalog_matches_cards_md() {
        let catalog = Catalog::embedded().unwrap();
        let basics: Vec<DistrictSpec> = catalog.basics().collect();
        assert_eq!(basics.len(), 17);
        assert_eq!(basics.iter().map(|s| s.copies as usize).sum::<usize>(), 54);
        assert_eq!(basics, cards_md_basics());
        for &district in District::ALL.iter().filter(|&&d| catalog.is_unique(d)) {
            let spec = catalog.spec(district);
            assert_eq!(spec.cost, cards_md_unique_cost(district), "{district}");
            assert_eq!(spec.copies, 1, "{district}");
        }
        let uniques = District::ALL.iter().filter(|&&d| catalog.is_unique(d));
        assert_eq!(uniques.count(), 32);
        assert_eq!(catalog.spec(District::SecretVault).cost, 0);
        assert_eq!(catalog.spec(District::Hospital).cost, 6);
        assert_eq!(catalog.spec(District::Graveyard).cost, 5);
        assert_eq!(catalog.spec(District::Armory).cost, 3);
    }

    #[test]
    fn bad_catalogs_are_refused() {
        let one = "[[district]]\nname = \"Manor\"\ntype = \"noble\"\ncost = 3\ncopies = 5\n";
        let err = Catalog::parse(&[("a.toml", one)]).unwrap_err().0;
        assert!(
            err.starts_with("district catalog: no card data for Castle, "),
            "{err}"
        );
        let twice = Catalog::parse(&[("a.toml", one), ("b.toml", one)])
            .unwrap_err()
            .0;
        assert_eq!(
            twice,
            "b.toml: district[0]: Manor is already listed in a.toml"
        );
        let bad = one.replace("noble", "posh");
        let err = Catalog::parse(&[("a.toml", &bad)]).unwrap_err().0;
        assert!(err.starts_with("a.toml: district[0]: type = \"posh\": allowed: noble"));
        let bad = one.replace("cost = 3", "cost = -3");
        let err = Catalog::parse(&[("a.toml", &bad)]).unwrap_err().0;
        assert_eq!(err, "a.toml: district[0]: cost = -3: allowed: 0 to 20");
    }
}
