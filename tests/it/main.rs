//! The integration test binary: engine scenarios, invariants, determinism and the CLI.
//!
//! The rules' scenario tests are filed by subject. A test lives with the card its name begins
//! with: `warlord_cannot_destroy_the_keep` is the Warlord's,
//! `great_wall_makes_the_warlord_pay_one_more_but_not_for_itself` the Great Wall's. The setups
//! several files share are in `common.rs`.
//!
//! | Subject | File |
//! |---|---|
//! | Assassin, Witch, Magistrate | `characters/rank1_assassin_witch_magistrate.rs` |
//! | Thief, Spy, Blackmailer | `characters/rank2_thief_spy_blackmailer.rs` |
//! | Magician, Wizard, Seer | `characters/rank3_magician_wizard_seer.rs` |
//! | King, Emperor, Patrician | `characters/rank4_king_emperor_patrician.rs` |
//! | Bishop, Abbot, Cardinal | `characters/rank5_bishop_abbot_cardinal.rs` |
//! | Merchant, Alchemist, Trader | `characters/rank6_merchant_alchemist_trader.rs` |
//! | Architect, Navigator, Scholar | `characters/rank7_architect_navigator_scholar.rs` |
//! | Warlord, Diplomat, Marshal | `characters/rank8_warlord_diplomat_marshal.rs` |
//! | Queen, Artist, Tax Collector | `characters/rank9_queen_artist_tax_collector.rs` |
//! | Districts that score: Basilica, Capitol, Dragon Gate, Haunted Quarter, Imperial Treasury, Ivory Tower, Map Room, Museum, Secret Vault, Statue, Wishing Well | `districts/scoring.rs` |
//! | Districts that change building or its cost: Factory, Framework, Monument, Necropolis, Quarry, Stables, Thieves' Den | `districts/building.rs` |
//! | Districts that destroy or protect: Armory, Graveyard, Great Wall, Hospital, Keep | `districts/protection_and_destruction.rs` |
//! | Districts that give cards or gold: Gold Mine, Laboratory, Library, Observatory, Park, Poor House, School of Magic, Smithy | `districts/cards_and_gold.rs` |
//! | The Theater (acts in the selection phase) | `districts/theater.rs` |
//! | The selection phase | `selection.rs` |
//! | Turns, the building limit, the end of the game | `turns.rs` |
//! | Final scores and the tie-break | `scoring.rs` |
//! | Scenarios that pin a past engine defect | `regressions.rs` |

mod agreement;
mod allocations;
mod arena;
mod characters;
mod cli;
mod cluster;
mod common;
mod compare_sweep;
mod determinism;
mod determinize;
mod districts;
mod editions;
mod fuzz;
mod game_log;
mod golden;
mod hostile;
mod invariants;
mod job;
mod knobs;
mod ladder;
mod out_lock;
mod policy;
mod readme;
mod regressions;
mod replay_accounts;
mod restricted;
mod resume;
mod scoring;
mod selection;
mod shards;
mod statistics;
mod turns;
