//! `Action`: every decision the rules give a player, as one small copyable enum.

use super::ids::{CardId, DistrictType, Rank, Seat};
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
    /// Gain resources for the districts of the character's type (gold, or cards for the
    /// Patrician and the Cardinal).
    TakeIncome,
    /// Abbot: income for religious districts, taking this many as gold and the rest as cards.
    AbbotIncome(u8),
    /// Abbot: take one gold from this richest player.
    AbbotTax(Seat),
    /// Assassin: kill the character of this rank.
    Kill(Rank),
    /// Witch: bewitch the character of this rank (after gathering; the turn is put on hold).
    Bewitch(Rank),
    /// Magistrate: the signed warrant on the first rank, blank ones on the other two.
    Warrant(Rank, Rank, Rank),
    /// Magistrate: reveal the signed warrant and confiscate the district just paid for.
    Confiscate,
    /// Magistrate: let the district be built.
    AllowBuild,
    /// Thief: rob the character of this rank.
    Rob(Rank),
    /// Spy: look at this player's hand, naming this district type.
    Spy(Seat, DistrictType),
    /// Blackmailer: the flowered threat on the first rank, the other threat on the second.
    Threaten(Rank, Rank),
    /// Threatened player: give the Blackmailer half your gold (rounded down).
    Bribe,
    /// Threatened player: refuse to bribe.
    RefuseBribe,
    /// Blackmailer: reveal the refused threat marker.
    RevealThreat,
    /// Blackmailer: leave the refused threat marker hidden.
    HideThreat,
    /// Magician: exchange hands with this player.
    SwapHands(Seat),
    /// Magician: set this card aside to be replaced (more may follow).
    MagicianDiscard(CardId),
    /// Magician: discard the cards set aside and draw as many.
    MagicianDraw,
    /// Wizard: look at this player's hand.
    WizardLook(Seat),
    /// Wizard: add this card of the looked-at hand to your hand.
    WizardTake(CardId),
    /// Wizard: pay to build this card of the looked-at hand at once.
    WizardBuild(CardId),
    /// Seer: take a random card from each other player's hand.
    SeerTake,
    /// Seer or Cardinal: give this card to the next player owed one.
    Give(CardId),
    /// Emperor: give the crown to this player.
    GiveCrown(Seat),
    /// Emperor: take one gold from the new crowned player.
    LootGold,
    /// Emperor: take a random card from the new crowned player.
    LootCard,
    /// Cardinal: build this card, taking the missing gold from this player for cards.
    BorrowBuild(CardId, Seat),
    /// Merchant: gain one extra gold.
    MerchantGold,
    /// Architect: gain two extra cards.
    ArchitectDraw,
    /// Navigator: gain four gold.
    NavigatorGold,
    /// Navigator: gain four cards.
    NavigatorCards,
    /// Scholar: draw seven cards, keep one, shuffle the rest back.
    ScholarDraw,
    /// Warlord: destroy this district of this player's city.
    Destroy(Seat, CardId),
    /// Diplomat: exchange this player's district (first card) for one of yours (second).
    Exchange(Seat, CardId, CardId),
    /// Marshal: seize this district of this player's city.
    Seize(Seat, CardId),
    /// Queen: gain three gold next to the player who revealed the rank 4 character.
    QueenGold,
    /// Artist: beautify this district of your city.
    Beautify(CardId),
    /// Tax Collector: take all the gold on the Tax Collector's token.
    CollectTaxes,

    // Unique district abilities.
    /// Armory: destroy the Armory to destroy this district of this player's city.
    ArmoryDestroy(Seat, CardId),
    /// Framework: build this card by destroying the Framework instead of paying.
    FrameworkBuild(CardId),
    /// Necropolis: build the Necropolis by destroying this district of your city.
    NecropolisBuild(CardId),
    /// Museum: put this card from your hand under the Museum.
    MuseumTuck(CardId),
    /// Theater: exchange your character of this rank with a random one of this player's.
    TheaterSwap(Seat, Rank),
    /// Theater: keep your character(s).
    TheaterPass,
    /// Graveyard: pay 1 gold to take the destroyed district into your hand.
    Recover,
    /// Graveyard: let the destroyed district go.
    LetGo,
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
            Action::AbbotIncome(g) => format!("takes income as {g} gold and the rest as cards"),
            Action::AbbotTax(s) => format!("takes 1 gold from the richest player, seat {}", s.0),
            Action::Kill(r) => format!("kills the {}", character(r)),
            Action::Bewitch(r) => format!("bewitches the {}", character(r)),
            Action::Warrant(s, a, b) => format!(
                "puts warrants on the {}, {} and {} (signed: {})",
                character(s),
                character(a),
                character(b),
                character(s)
            ),
            Action::Confiscate => "reveals the signed warrant and confiscates the district".into(),
            Action::AllowBuild => "lets the district be built".into(),
            Action::Rob(r) => format!("robs the {}", character(r)),
            Action::Spy(s, t) => format!("spies on seat {}, naming {}", s.0, t.name()),
            Action::Threaten(f, o) => format!(
                "threatens the {} and the {} (flowered: {})",
                character(f),
                character(o),
                character(f)
            ),
            Action::Bribe => "bribes the Blackmailer".into(),
            Action::RefuseBribe => "refuses to bribe".into(),
            Action::RevealThreat => "reveals the threat marker".into(),
            Action::HideThreat => "leaves the threat marker hidden".into(),
            Action::SwapHands(s) => format!("exchanges hands with seat {}", s.0),
            Action::MagicianDiscard(c) => format!("discards {} to redraw", card(c)),
            Action::MagicianDraw => "draws replacements".into(),
            Action::WizardLook(s) => format!("looks at the hand of seat {}", s.0),
            Action::WizardTake(c) => format!("takes {} into hand", card(c)),
            Action::WizardBuild(c) => format!("builds {} at once", card(c)),
            Action::SeerTake => "takes a random card from each other player".into(),
            Action::Give(c) => format!("gives {}", card(c)),
            Action::GiveCrown(s) => format!("gives the crown to seat {}", s.0),
            Action::LootGold => "takes 1 gold from the crowned player".into(),
            Action::LootCard => "takes a random card from the crowned player".into(),
            Action::BorrowBuild(c, s) => {
                format!("builds {} with gold taken from seat {}", card(c), s.0)
            }
            Action::MerchantGold => "takes 1 extra gold".into(),
            Action::ArchitectDraw => "draws 2 extra cards".into(),
            Action::NavigatorGold => "takes 4 gold".into(),
            Action::NavigatorCards => "draws 4 cards".into(),
            Action::ScholarDraw => "draws 7 cards to keep 1".into(),
            Action::Destroy(s, c) => format!("destroys {} of seat {}", card(c), s.0),
            Action::Exchange(s, theirs, mine) => format!(
                "exchanges {} of seat {} for own {}",
                card(theirs),
                s.0,
                card(mine)
            ),
            Action::Seize(s, c) => format!("seizes {} of seat {}", card(c), s.0),
            Action::QueenGold => "takes 3 gold next to the rank 4 character".into(),
            Action::Beautify(c) => format!("beautifies {}", card(c)),
            Action::CollectTaxes => "takes the gold on the Tax Collector's token".into(),
            Action::ArmoryDestroy(s, c) => {
                format!("destroys the Armory to destroy {} of seat {}", card(c), s.0)
            }
            Action::FrameworkBuild(c) => format!("builds {} by destroying the Framework", card(c)),
            Action::NecropolisBuild(c) => {
                format!("builds the Necropolis by destroying {}", card(c))
            }
            Action::MuseumTuck(c) => format!("puts {} under the Museum", card(c)),
            Action::TheaterSwap(s, r) => {
                format!(
                    "exchanges the {} with a character of seat {} (Theater)",
                    character(r),
                    s.0
                )
            }
            Action::TheaterPass => "keeps the character (Theater)".into(),
            Action::Recover => "pays 1 gold to take the district back (Graveyard)".into(),
            Action::LetGo => "lets the district go (Graveyard)".into(),
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
