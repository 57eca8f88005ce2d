// The Gray Ghost by link (play/corr.h). Its secret is the mission each raider
// draws at headquarters and only its owner sees ("seul le joueur qui l'a
// tirée la connaît") until the flag on it shows it done: a card dealt from a
// deck of eight, which by link every seat has locked and shuffled, so that
// neither the drawer nor anyone else chooses it, and only the drawer can
// unlock it once the others have taken their locks off. The rules look at a
// mission only when the raider crosses a mission square (its own: the flag
// goes on; another: "not mine", which everybody sees): the owner answers
// each such test with a proof of "not this one", or shows the card when it
// is. Everything else chance does (the spinner, the discs' kinds, which are
// settled only when a disc is taken, and the war cards) is drawn in the open
// from every seat's chance chain; a "You are captured" disc put back goes to
// a square everybody sees, as at the table.
#include <algorithm>

#include "core/secrets.h"
#include "core/text.h"
#include "gray_ghost.h"

namespace gamut::gray_ghost {

namespace {

class GrayGhostSecrets : public Secrets {
  static const GrayGhostState& g(const State& s) { return static_cast<const GrayGhostState&>(s); }
  static const GrayGhostGame& game(const State& s) { return static_cast<const GrayGhostGame&>(s.game()); }

 public:
  // No secret action: a mission is dealt, not chosen.
  bool secret(const State&) const override { return false; }
  std::vector<int> items(const State&, Action) const override { return {}; }
  Action action(const State&, const std::vector<int>&) const override { return -1; }
  Action stand_in(const State&, const std::vector<int>&) const override { return -1; }
  std::vector<Item> revealed_by(const State&, Action) const override { return {}; }

  // One deck: the eight missions, card m - 1 for mission m.
  std::vector<int> decks(const State&) const override { return {kMissions}; }
  int deals(const State& s) const override { return g(s).phase() == MISSION ? 0 : -1; }
  Action deal_action(const State&, int card) const override { return card + 1; }

  // Its owner knows a mission from the draw; everybody once it is done.
  std::vector<unsigned> knows(const State& s, int) const override {
    std::vector<unsigned> k(kMissions, 0);
    for (int r = 0; r < s.seats(); ++r) {
      const Raider& rd = g(s).raider(r);
      if (rd.mission) k[size_t(rd.mission - 1)] |= (1u << r) | (rd.done ? kEveryone : 0);
    }
    return k;
  }

  // The rules read a mission as its raider crosses mission squares: its own
  // (the flag goes on) or another's ("not mine", which everybody sees): each
  // crossing is a test, as it happens (a move, and each disc taken on the
  // way, each "go on"), so a square the raider never reaches is never
  // tested. And a move may be legal only with some missions: a blocked line
  // still lets a raider stop on its own square, headquarters opens only past
  // it, and "no move" says no line opens. Such a move proves the mission is
  // one of those that allow it, without telling which, as announcing it at
  // the table does.
  std::vector<Test> tests(const State& s, Action a) const override {
    const GrayGhostState& st = g(s);
    std::vector<Test> r;
    const int me = st.current();
    if (st.phase() == OVER || me < 0 || me >= s.seats()) return r;
    const Raider& rd = st.raider(me);
    if (!rd.mission || rd.done || s.to_move() == gamut::kTerminal) return r;
    Card card{0, rd.mission - 1};
    if (st.phase() == MOVE) {
      std::vector<int> within;
      for (int m = 1; m <= kMissions; ++m) {
        GrayGhostState t = st;
        t.set_raider(me, rd.at, m, false, rd.soldiers);
        std::vector<Action> legal = t.legal();
        if (std::binary_search(legal.begin(), legal.end(), a)) within.push_back(m - 1);
      }
      if (int(within.size()) < kMissions) r.push_back({card, -1, me, {}, within});
    }
    GrayGhostState t = st;
    t.apply(a);
    const Raider& after = t.raider(me);
    for (int m = 1; m <= kMissions; ++m)
      if ((after.passed >> m & 1) && !(rd.passed >> m & 1)) r.push_back({card, m - 1, me, {}, {}});
    if (after.done) r.push_back({card, rd.mission - 1, me, {}, {}});
    return r;
  }

  Json view_hiding(const State& s, int seat, const std::vector<Card>& hidden) const override {
    GrayGhostState t = g(s);
    for (const Card& c : hidden)
      for (int r = 0; r < s.seats(); ++r)
        if (t.raider(r).mission == c.card + 1) t.hide_mission(r);
    return t.view(seat);
  }

  std::string name_hiding(const State& s, Action a, int viewer, const std::vector<Card>& hidden) const override {
    if (g(s).phase() == MISSION)
      for (const Card& c : hidden)
        if (c.card + 1 == a) return s.public_name(a, -1);  // "draws a secret mission"
    return s.public_name(a, viewer);
  }

  std::string rules_note() const override {
    return T(
        "The Gray Ghost by link: the secret missions are cards that every player's browser has locked and "
        "shuffled in turn, so nobody chooses the one drawn at headquarters, and only its drawer can read it once "
        "the others have taken their locks off: the drawer waits for the other players' next links before "
        "spinning on. When a raider crosses a mission square, its browser proves that it is not the raider's "
        "mission without showing it, or shows it when it is. A \"You are captured\" disc goes back to a square "
        "everybody sees, as at the table.");
  }
};

std::unique_ptr<Secrets> make_secrets() { return std::make_unique<GrayGhostSecrets>(); }

}  // namespace

GAMUT_REGISTER_SECRETS("gray-ghost", make_secrets);

}  // namespace gamut::gray_ghost
