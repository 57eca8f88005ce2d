// What of a game stays secret when it is played by link (play/corr.h), for
// the games whose rules hide something. The protocol is generic; a game says
// here which of its actions are secret, how such an action splits into items
// that can be committed to and revealed one by one (a Geister set-up: eight
// colours), and which items a move reveals under its rules (the colour of a
// captured ghost). A game without hidden information needs none of this.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "game.h"

namespace gamut {

class Secrets {
 public:
  virtual ~Secrets() = default;
  // True when the action the seat to move takes now is secret: the link then
  // carries a commitment to each of its items instead of the action.
  virtual bool secret(const State& s) const = 0;
  // The secret action `a` as items (small integers), and back (-1: no legal action).
  virtual std::vector<int> items(const State& s, Action a) const = 0;
  virtual Action action(const State& s, const std::vector<int>& items) const = 0;
  // A legal secret action agreeing with the items known (known[i] < 0: not
  // known), for a browser that does not hold the secret; -1 if none agrees.
  // Only revealed items may matter to the play that follows: the game must
  // reveal every item its rules look at before anything depends on it.
  virtual Action stand_in(const State& s, const std::vector<int>& known) const = 0;
  // The items applying `a` to `s` reveals under the rules, found from public
  // information only (every browser must agree). `secret` counts the owner's
  // secret actions from 0. The mover's own items must be revealed before its
  // move; another seat's, by that seat before the game goes on.
  struct Item {
    int seat, secret, item;
  };
  virtual std::vector<Item> revealed_by(const State& s, Action a) const = 0;
  // A browser's state holds stand-ins for the items it does not know: `view`
  // (s.view(seat)) must not show them, even where the rules have shown them
  // and the owner's reveal has not come yet. Hides those of `unknown`.
  virtual void mask(Json& view, const State& s, const std::vector<Item>& unknown) const {}

  // ---- Cards dealt face down ------------------------------------------------
  // Cards that the rules deal unseen, to a space nobody may look at yet (chief
  // cards) or to one seat (a secret mission), cannot be a seat's secret action:
  // nobody chose them, and nobody may know them. By link they come from decks
  // every seat has shuffled and locked in turn (mental poker, play/corr.h); a
  // card is shown to a seat when the other seats unlock it for that seat, and
  // to everyone when all have. A game names its decks and says, from public
  // information only, when the rules deal, draw, show or test a card.
  //
  // A card is (deck, identity), identities 0..n-1. The state holds identities;
  // a browser that does not know a card holds a stand-in, as for items.
  struct Card {
    int deck = -1, card = -1;
  };
  // The size of each deck (`s`: the game's first state), and the deck whose
  // faces a deck's cards show (a mission card that names a chief shows the
  // chief's face: the same card points, so a holder can prove two differ).
  virtual std::vector<int> decks(const State& s) const { return {}; }
  virtual int faces(int deck) const { return deck; }
  // At a chance node that deals the next card of a deck face down, that deck
  // (-1: not a deal), and the chance action that deals card `card`.
  virtual int deals(const State& s) const { return -1; }
  virtual Action deal_action(const State& s, int card) const { return -1; }
  // At a chance node that draws one of some cards uniformly (a card drawn
  // unseen from a hand): the deck, the cards and the action that draws each.
  // The chance then picks among the cards' locked forms, not their identities.
  struct Draw {
    int deck = -1;
    std::vector<int> cards;
    std::vector<Action> actions;
  };
  virtual Draw draws(const State& s) const { return {}; }
  // Who knows each card of deck `d` under the rules, a bit per seat
  // (kEveryone: face up). A card dealt to nobody is known by nobody. Once a
  // seat knows a card, the other seats must unlock it for that seat.
  static constexpr unsigned kEveryone = 1u << 31;
  virtual std::vector<unsigned> knows(const State& s, int d) const { return {}; }
  // A player's action that names a card (swap this one from my hand): the
  // card, or deck -1. A link carries the card's locked form instead, and
  // `with_card` puts back the card as each browser knows it.
  virtual Card card_of(const State& s, Action a) const { return {}; }
  virtual Action with_card(const State& s, Action a, int card) const { return a; }
  // When the others may not tell which of the mover's cards such an action
  // plays (one of several in a hand, put down face down), its hand: the mover
  // then locks its hand afresh and shuffles it first. Empty: no need.
  virtual std::vector<int> hand_hiding(const State& s, Action a) const { return {}; }
  // The tests the rules make, in applying `a` to `s`, on a card only its
  // holder knows: "is seat's mission the card `against`?", or, when `other`
  // names one, "is it the same card as `other`, which the seat holds too?"
  // (two decks that share their faces). The holder proves each answer: "no"
  // without showing the cards, "yes" by showing them to all. And what a move
  // says by being legal: "the card is one of `within`" (a move the rules
  // allow only with some cards), proven without telling which.
  struct Test {
    Card card;
    int against = -1, seat = -1;
    Card other;
    std::vector<int> within;
  };
  virtual std::vector<Test> tests(const State& s, Action a) const { return {}; }
  // The view of `seat` with the cards of `hidden` not shown anywhere: this
  // browser holds stand-ins for them.
  virtual Json view_hiding(const State& s, int seat, const std::vector<Card>& hidden) const { return s.view(seat); }
  // The log's words for `a`, as public_name(a, viewer) but naming no card of `hidden`.
  virtual std::string name_hiding(const State& s, Action a, int viewer, const std::vector<Card>& hidden) const {
    return s.public_name(a, viewer);
  }
  // The most seats the game takes by link (its decks may need fewer than its rules allow).
  virtual int max_seats() const { return 1 << 20; }
  // What playing by link means for this game in particular, for the rules panel ("" none).
  virtual std::string rules_note() const { return ""; }
};

using SecretsFactory = std::function<std::unique_ptr<Secrets>()>;
struct SecretsRegistrar {
  SecretsRegistrar(const std::string& game, SecretsFactory f);
};
#define GAMUT_REGISTER_SECRETS(ID, FACTORY) static ::gamut::SecretsRegistrar gamut_secrets_##FACTORY(ID, FACTORY)

// The game's secrets, or null when it registered none.
const Secrets* secrets_for(const std::string& game);

}  // namespace gamut
