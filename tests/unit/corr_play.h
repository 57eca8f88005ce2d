// Two browsers playing by link (play/corr.h) with random legal moves, for the
// games' own by-link tests: each a corr::Game holding one seat, passing the
// link whenever the one at the screen has nothing left to do.
#pragma once
#include <functional>
#include <optional>

#include "core/match.h"
#include "core/rng.h"
#include "play/corr.h"

namespace gamut::testing {

using namespace gamut::corr;

struct Play {
  std::optional<corr::Game> g[2];  // browser i holds seat i once it has claimed it
  std::vector<std::string> sent;   // every link passed, in order
  Rng rng{20261201};
  int at = 0;  // the browser in front of its player

  explicit Play(const std::string& game, const Json& options = Json::object()) {
    g[0] = corr::Game::create(game, options, 2, 0);
  }

  // The browser at the screen makes its moves; then its link goes to the other one.
  // Returns false once neither has anything left to do.
  bool step() {
    corr::Game& me = *g[at];
    const Replay& r = me.state();
    if (r.task == Replay::kMoveTask && r.to_act == me.seat()) {
      Match m(r.record);
      std::vector<Action> legal = m.state().legal();
      me.play(legal[size_t(rng.below(int(legal.size())))]);
      return true;
    }
    if (r.finished && g[1 - at] && g[1 - at]->state().finished) return false;
    sent.push_back(me.code());
    int o = 1 - at;
    g[o] = corr::Game::open(sent.back(), g[o] ? &*g[o] : nullptr);
    at = o;
    return true;
  }
  void until(const std::function<bool()>& stop) {
    for (int guard = 0; guard < 5000 && !stop() && step(); ++guard) {
    }
  }
  // The position as anyone sees it from a link: stand-ins for every secret, true places.
  static std::unique_ptr<State> public_state(const Link& l) { return Match(replay(l, nullptr).record).state().clone(); }
};

}  // namespace gamut::testing
