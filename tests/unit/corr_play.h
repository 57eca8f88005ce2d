// Two browsers playing by link (play/corr.h) with random legal moves, for the
// games' own by-link tests: each a corr::Game holding one seat, passing the
// link whenever the one at the screen has nothing left to do.
#pragma once
#include <doctest/doctest.h>

#include <functional>
#include <optional>

#include "core/crypto.h"
#include "core/match.h"
#include "core/rng.h"
#include "play/corr.h"

namespace gamut::testing {

using namespace gamut::corr;

struct Play {
  std::optional<corr::Game> g[2];  // browser i holds seat i once it has claimed it
  std::vector<std::string> sent;   // every link passed, in order
  Rng rng;
  int at = 0;  // the browser in front of its player
  // The player's choice among the legal moves, in the position its browser knows; random unless set.
  std::function<Action(const State&, Rng&)> pick = [](const State& s, Rng& rng) {
    std::vector<Action> legal = s.legal();
    return legal[size_t(rng.below(int(legal.size())))];
  };

  // Reproducible: the browsers' random bytes (keys, nonces, shuffles) follow from the game and `seed`.
  explicit Play(const std::string& game, const Json& options = Json::object(), uint64_t seed = 1) : rng(seed) {
    crypto::seed_for_tests(game + " " + std::to_string(seed));
    g[0] = corr::Game::create(game, options, 2, 0);
  }

  // The browser at the screen makes its moves; then its link goes to the other one.
  // Returns false once neither has anything left to do.
  bool step() {
    corr::Game& me = *g[at];
    const Replay& r = me.state();
    if (r.task == Replay::kMoveTask && r.to_act == me.seat()) {
      Match m(r.record);
      me.play(pick(m.state(), rng));
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
  // A figure, not a check: how many links a game took and how long its last one is (a link must fit a message).
  void report() const {
    if (!sent.empty()) MESSAGE(sent.size() << " links passed; the last is " << sent.back().size() << " characters");
  }
  // The position as anyone sees it from a link: stand-ins for every secret, true places.
  static std::unique_ptr<State> public_state(const Link& l) { return Match(replay(l, nullptr).record).state().clone(); }

  // A player that takes the move its game's heuristic likes best one move ahead (random among equals):
  // for games whose random play would rarely end.
  static Action greedy(const State& s, Rng& rng) {
    std::vector<Action> legal = s.legal();
    double best = -1e18;
    std::vector<Action> top;
    for (Action a : legal) {
      std::unique_ptr<State> t = s.clone();
      t->apply(a);
      double v = t->terminal() ? t->returns()[size_t(s.to_move())] * 1e9 : t->heuristic(s.to_move());
      if (top.empty() || v > best)
        best = v, top = {a};
      else if (v == best)
        top.push_back(a);
    }
    return top[size_t(rng.below(int(top.size())))];
  }

  // Both browsers' games, for the checks every game's by-link test makes.
  const Replay& state(int i) const { return g[i]->state(); }
  // Both browsers reached the end, verified it, and hold the same result and the same true game.
  void check_same_verified_end() const {
    REQUIRE(g[0]);
    REQUIRE(g[1]);
    const Replay &a = state(0), &b = state(1);
    INFO(a.failure << " / " << b.failure);
    CHECK(a.finished);
    CHECK(b.finished);
    CHECK(a.verified);
    CHECK(b.verified);
    CHECK(!a.result.empty());
    CHECK(a.result == b.result);
    CHECK(a.record.actions == b.record.actions);
  }
};

// A doctored link must be refused with a message naming `what` (or one of
// `what`'s parts between '|'), leaving the game held as it was.
inline void refused(const Link& doctored, const corr::Game& have, const std::string& what) {
  const std::string before = have.code();
  try {
    corr::Game::open(encode_link(doctored), &have);
    FAIL_CHECK("a doctored link was taken; expected a refusal naming: " << what);
  } catch (const DataError& e) {
    std::string msg = e.what();
    INFO(msg);
    bool named = false;
    for (size_t a = 0, b; a <= what.size(); a = b + 1) {
      b = std::min(what.find('|', a), what.size());
      named |= msg.find(what.substr(a, b - a)) != std::string::npos;
    }
    CHECK(named);
  }
  CHECK(have.code() == before);
}

// `held` cut to its first n entries: the game as a browser held it before those that followed.
inline Link cut(Link l, size_t n) {
  l.entries.resize(n);
  return l;
}

// The link with `seat`'s first move made another: the forger's rewrite of the past.
inline Link changed_move(Link l, int seat) {
  for (Entry& e : l.entries)
    if (e.kind == kMove && e.seat == seat) {
      e.action += 1;
      break;
    }
  return l;
}

// The index of the last entry of kind `k` (of `seat` if given), or the entries' count.
inline size_t last_of(const Link& l, Kind k, int seat = -1) {
  size_t at = l.entries.size();
  for (size_t i = 0; i < l.entries.size(); ++i)
    if (l.entries[i].kind == k && (seat < 0 || l.entries[i].seat == seat)) at = i;
  return at;
}
inline bool has(const Link& l, Kind k) { return last_of(l, k) < l.entries.size(); }
// The index of the last entry of kind `k`, which the test needs there.
inline size_t last_needed(const Link& l, Kind k) {
  size_t at = last_of(l, k);
  REQUIRE(at < l.entries.size());
  return at;
}

}  // namespace gamut::testing
