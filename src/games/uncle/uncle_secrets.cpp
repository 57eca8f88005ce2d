// The Man from U.N.C.L.E. by link (play/corr.h). The six THRUSH chief cards
// are dealt face down on the chief spaces, seen by nobody, and a player who
// lands on a black dot looks at one ("seul ce joueur regarde la carte"): a
// deal known to nobody, which a link can keep only by mental poker. So the
// chiefs are a deck that every seat locks and shuffles in turn; a card is
// shown to the player the rules show it to when the other player takes their
// lock off in their next link (the looker waits for it), and a card taken
// unseen from a hand is drawn by the chance among the cards' locked forms.
// The mission cards are a second deck, each player's dealt to them alone.
// Whoever moves a chief card names it by its place in the deck, never by its
// face; the rules read a card's face only at the side entrances, and the
// winner's cards are opened with all the others at the end. THRUSH's agents
// stand in the open, and the dice come from every seat's chance chain.
//
// Two players: a card shown to one player by the other's unlocking may later
// pass, unseen, between hands, and with a third player watching the link
// would still tell which card went where, which the table does not.
#include "core/secrets.h"
#include "core/text.h"
#include "uncle.h"

namespace gamut::uncle {

namespace {

class UncleSecrets : public Secrets {
  static const UncleState& g(const State& s) { return static_cast<const UncleState&>(s); }
  static const UncleGame& game(const State& s) { return static_cast<const UncleGame&>(s.game()); }
  static int cards(const State& s) { return game(s).cards; }

  // The card a DRAW action takes: the i-th of the victim's hand, by identity.
  static int drawn(const State& s, Action a) {
    const UncleState& st = g(s);
    int i = a - kDraw;
    for (int c = 0; c < cards(s); ++c)
      if ((st.hand(st.victim()) >> c & 1) && i-- == 0) return c;
    return -1;
  }
  static bool hidden_card(const std::vector<Card>& hidden, int deck, int card) {
    for (const Card& c : hidden)
      if (c.deck == deck && c.card == card) return true;
    return false;
  }

 public:
  // No secret action: the cards are dealt, not chosen.
  bool secret(const State&) const override { return false; }
  std::vector<int> items(const State&, Action) const override { return {}; }
  Action action(const State&, const std::vector<int>&) const override { return -1; }
  Action stand_in(const State&, const std::vector<int>&) const override { return -1; }
  std::vector<Item> revealed_by(const State&, Action) const override { return {}; }

  // Deck 0 the chiefs, deck 1 the missions (one card per chief).
  std::vector<int> decks(const State& s) const override { return {cards(s), cards(s)}; }
  int deals(const State& s) const override {
    Phase p = g(s).phase();
    return p == DEAL_CHIEFS ? 0 : p == DEAL_MISSIONS ? 1 : -1;
  }
  Action deal_action(const State&, int card) const override { return kDeal + card; }
  int faces(int deck) const override { return 0; }  // a mission card shows its chief

  // The side entrances open only to a player holding the chief of their
  // mission. A door move shows it (the winner's cards are opened at the end);
  // "no move" says it only when some die would otherwise carry the player
  // in: then, for each chief card in hand, "my mission is not this one".
  std::vector<Test> tests(const State& s, Action a) const override {
    const UncleState& st = g(s);
    std::vector<Test> r;
    const int me = st.current();
    if (st.phase() != MOVE || a != kPass || !st.hand(me) || st.mission(me) < 0) return r;
    UncleState t = st;
    t.give_card(me, st.mission(me));
    if (t.legal() == std::vector<Action>{kPass}) return r;
    for (int c = 0; c < cards(s); ++c)
      if (st.hand(me) >> c & 1) r.push_back({{1, st.mission(me)}, -1, me, {0, c}, {}});
    return r;
  }

  Draw draws(const State& s) const override {
    const UncleState& st = g(s);
    Draw d;
    if (st.phase() != DRAW) return d;
    d.deck = 0;
    for (int c = 0; c < cards(s); ++c)
      if (st.hand(st.victim()) >> c & 1) d.actions.push_back(kDraw + int(d.cards.size())), d.cards.push_back(c);
    return d;
  }

  std::vector<unsigned> knows(const State& s, int d) const override {
    const UncleState& st = g(s);
    std::vector<unsigned> k(size_t(cards(s)), 0);
    if (st.phase() <= DEAL_MISSIONS && d == 0) return k;  // still being dealt
    for (int q = 0; q < s.seats(); ++q) {
      if (d == 1 && st.mission(q) >= 0) k[size_t(st.mission(q))] |= 1u << q;
      if (d == 0)
        for (int c = 0; c < cards(s); ++c)
          if (st.knows(q, c)) k[size_t(c)] |= 1u << q;
    }
    return k;
  }

  Card card_of(const State& s, Action a) const override {
    Phase p = g(s).phase();
    if (p == CHIEF && a >= kSwap && a < kLeave) return {0, a - kSwap};
    if (p == JAIL && a >= kFreeCard && a < kMove) return {0, (a - kFreeCard) / kMaxCards};
    return {};
  }
  Action with_card(const State& s, Action a, int card) const override {
    Phase p = g(s).phase();
    if (p == CHIEF && a >= kSwap && a < kLeave) return kSwap + card;
    if (p == JAIL && a >= kFreeCard && a < kMove) return kFreeCard + card * kMaxCards + (a - kFreeCard) % kMaxCards;
    return a;
  }

  // A card swapped or put down from a hand of several: the others cannot tell which went (rule 21,
  // "lose track"), so the hand is reshuffled first.
  std::vector<int> hand_hiding(const State& s, Action a) const override {
    const UncleState& st = g(s);
    std::vector<int> hand;
    if (card_of(s, a).deck < 0) return hand;
    for (int c = 0; c < cards(s); ++c)
      if (st.hand(st.current()) >> c & 1) hand.push_back(c);
    if (hand.size() < 2) hand.clear();
    return hand;
  }

  Json view_hiding(const State& s, int seat, const std::vector<Card>& hidden) const override {
    UncleState t = g(s);
    for (const Card& c : hidden) t.hide(c.deck, c.card);
    return t.view(seat);
  }

  std::string name_hiding(const State& s, Action a, int viewer, const std::vector<Card>& hidden) const override {
    Phase p = g(s).phase();
    bool hides =
        (p == DEAL_MISSIONS && hidden_card(hidden, 1, a - kDeal)) || (p == DRAW && hidden_card(hidden, 0, drawn(s, a)));
    Card c = card_of(s, a);
    hides |= c.deck >= 0 && hidden_card(hidden, c.deck, c.card);
    return s.public_name(a, hides ? -1 : viewer);
  }

  int max_seats() const override { return 2; }

  std::string rules_note() const override {
    return T(
        "U.N.C.L.E. by link is for two players. The chief cards are dealt face down by \"mental poker\": both "
        "browsers lock and shuffle the six cards in turn, so nobody knows where any chief lies. A card you land "
        "by, or draw from a hand, is shown to you when the other player's browser takes its lock off, in their "
        "next link: until then the game waits. The mission cards are dealt the same way, each to its player "
        "alone. A card you swap or put down travels in the link locked, named by its place in the deck. At the "
        "end every card dealt is opened and checked.");
  }
};

std::unique_ptr<Secrets> make_secrets() { return std::make_unique<UncleSecrets>(); }

}  // namespace

GAMUT_REGISTER_SECRETS("uncle", make_secrets);

}  // namespace gamut::uncle
