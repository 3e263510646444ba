//! `Action`: every decision the rules give a player, as one small copyable enum.

use super::ids::{CardId, Rank, Seat};
use super::rules::Rules;
use std::fmt;

/// One atomic decision. Abilities usable "at any time during your turn" are separate actions
/// the player may take in any order until `EndTurn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    // Selection phase.
    /// Keep this character card.
    Pick(Rank),
    /// 2 players: discard this character card face down after keeping one.
    Discard(Rank),

    // Gathering resources (one of the two, once, before building or ending the turn).
    TakeGold,
    DrawCards,
    /// Keep this drawn card (the others go to the bottom of the deck).
    Keep(CardId),
    /// Library: keep all the drawn cards.
    KeepAll,

    // Building.
    Build(CardId),
    /// Thieves' Den: pay one gold of its cost with this card from hand.
    DenPayCard(CardId),
    /// Thieves' Den: pay the rest of its cost in gold and build it.
    DenPayGold,

    // Character abilities.
    /// Gain resources for the districts of the character's type (King, Bishop, Merchant, Warlord).
    TakeIncome,
    /// Assassin: kill the character of this rank.
    Kill(Rank),
    /// Thief: rob the character of this rank.
    Rob(Rank),
    /// Magician: exchange hands with this player.
    SwapHands(Seat),
    /// Magician: set this card aside to be replaced (more may follow).
    MagicianDiscard(CardId),
    /// Magician: discard the cards set aside and draw as many.
    MagicianDraw,
    /// Merchant: gain one extra gold.
    MerchantGold,
    /// Architect: gain two extra cards.
    ArchitectDraw,
    /// Warlord: destroy this district of this player's city.
    Destroy(Seat, CardId),

    // Unique district abilities.
    /// Laboratory: discard this card to gain 2 gold.
    LabDiscard(CardId),
    /// Smithy: pay 2 gold to gain 3 cards.
    SmithyDraw,

    EndTurn,
}

impl Action {
    /// A readable description, naming cards and characters through the rules and cast.
    pub fn describe(self, rules: &Rules, cast: &[Option<super::ids::Character>; 10]) -> String {
        let character = |r: Rank| {
            cast[r.index()]
                .map(|c| c.name().to_string())
                .unwrap_or_else(|| format!("rank {}", r.0))
        };
        let card = |c: CardId| rules.card(c).district.name();
        match self {
            Action::Pick(r) => format!("picks {}", character(r)),
            Action::Discard(r) => format!("discards {} face down", character(r)),
            Action::TakeGold => "takes gold".into(),
            Action::DrawCards => "draws cards".into(),
            Action::Keep(c) => format!("keeps {}", card(c)),
            Action::KeepAll => "keeps all drawn cards (Library)".into(),
            Action::Build(c) => format!("builds {}", card(c)),
            Action::DenPayCard(c) => format!("pays with {} (Thieves' Den)", card(c)),
            Action::DenPayGold => "pays the rest in gold (Thieves' Den)".into(),
            Action::TakeIncome => "takes income".into(),
            Action::Kill(r) => format!("kills the {}", character(r)),
            Action::Rob(r) => format!("robs the {}", character(r)),
            Action::SwapHands(s) => format!("exchanges hands with seat {}", s.0),
            Action::MagicianDiscard(c) => format!("discards {} to redraw", card(c)),
            Action::MagicianDraw => "draws replacements".into(),
            Action::MerchantGold => "takes 1 extra gold".into(),
            Action::ArchitectDraw => "draws 2 extra cards".into(),
            Action::Destroy(s, c) => format!("destroys {} of seat {}", card(c), s.0),
            Action::LabDiscard(c) => format!("discards {} for 2 gold (Laboratory)", card(c)),
            Action::SmithyDraw => "pays 2 gold to draw 3 cards (Smithy)".into(),
            Action::EndTurn => "ends the turn".into(),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}
