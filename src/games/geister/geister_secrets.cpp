// Geister by link (play/corr.h): a set-up is the secret, one item per ghost
// (1 good, 0 evil, in set-up order). The rules show a ghost's colour when it
// is captured ("placed face up beside it") and when a good ghost
// escapes, which only a good ghost may do: those are the reveals.
#include "core/secrets.h"
#include "geister.h"

namespace gamut::geister {

namespace {

class GeisterSecrets : public Secrets {
  static const GeisterState& g(const State& s) { return static_cast<const GeisterState&>(s); }
  static const GeisterGame& game(const State& s) { return static_cast<const GeisterGame&>(s.game()); }

 public:
  bool secret(const State& s) const override { return g(s).phase() == SETUP0 || g(s).phase() == SETUP1; }

  std::vector<int> items(const State& s, Action a) const override {
    std::vector<int> r(8, 0);
    if (a < 0 || a >= kSetups) return r;
    for (int8_t k : game(s).setups[a]) r[size_t(k)] = 1;
    return r;
  }

  Action action(const State& s, const std::vector<int>& items) const override {
    if (items.size() != 8) return -1;
    std::array<bool, 8> good{};
    for (size_t k = 0; k < 8; ++k) {
      if (items[k] != 0 && items[k] != 1) return -1;
      good[k] = items[k] == 1;
    }
    return game(s).setup_index(good);
  }

  Action stand_in(const State& s, const std::vector<int>& known) const override {
    if (known.size() != 8) return -1;
    // Unknown ghosts take the colours left over, good first: any colouring
    // does, since no rule reads an unrevealed ghost's colour.
    std::vector<int> v = known;
    int good = int(std::count(v.begin(), v.end(), 1));
    for (int& x : v)
      if (x < 0) x = good < 4 ? (++good, 1) : 0;
    return action(s, v);
  }

  std::vector<Item> revealed_by(const State& s, Action a) const override {
    const GeisterState& st = g(s);
    if (st.phase() != PLAY) return {};
    int ghost = a >= kEscapeBase ? st.occupant(a - kEscapeBase) : st.occupant((a - kMoveBase) % kSquares);
    if (ghost < 0) return {};
    if (a < kEscapeBase && ghost / 8 == st.to_move()) return {};  // not a capture
    return {{ghost / 8, 0, ghost % 8}};
  }

  // view() lists the pieces on the board, then those beside it, each in ghost order.
  void mask(Json& view, const State& s, const std::vector<Item>& unknown) const override {
    const GeisterState& st = g(s);
    size_t on = 0, off = 0;
    for (int i = 0; i < kGhosts; ++i) {
      const Ghost& gh = st.ghost(i);
      if (gh.at == kOffBoard) continue;
      Json& p = gh.at >= 0 ? view["pieces"][on++] : view["side"][off++];
      for (const Item& u : unknown)
        if (u.seat == i / 8 && u.item == i % 8) p["face"] = "hidden";
    }
  }
};

std::unique_ptr<Secrets> make_secrets() { return std::make_unique<GeisterSecrets>(); }

}  // namespace

GAMUT_REGISTER_SECRETS("geister", make_secrets);

}  // namespace gamut::geister
