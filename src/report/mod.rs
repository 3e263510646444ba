//! Reports: CSV tables, the summary table and the manifest, written from `Stats`.
