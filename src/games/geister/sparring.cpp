// Geister's sparring bots (issue 22): four plain plans a beginner meets.
//   rush:   charge the most advanced good ghost straight at the exits (a fixed
//           set-up, like the tournament player that beat ai:3 in 12 of 40);
//   bluff:  charge evil ghosts as if they were good, keep the good ones back;
//   defend: guard its own corners, capture whatever comes near;
//   hunt:   capture at every chance, else close in on the nearest ghost.
// They read their own colours and the public board only: the state they look
// at is a determinization of their seat's view.
#include "ai/sparring.h"

#include <algorithm>

#include "geister.h"

namespace gamut::geister {
namespace {

int dist(int a, int b) { return std::abs(a % 6 - b % 6) + std::abs(a / 6 - b / 6); }

struct Look {
  const GeisterGame& g;
  std::unique_ptr<State> d;
  const GeisterState& s;
  int me;
  Look(const State& st, int seat, Rng& rng)
      : g(static_cast<const GeisterGame&>(st.game())),
        d(st.determinize(seat, rng)),
        s(static_cast<const GeisterState&>(*d)),
        me(seat) {}
  int to_exit(int sq) const {  // steps from sq to the nearest square `me` escapes from
    int b = 99;
    for (int e = 0; e < kSquares; ++e)
      if (g.exit[me][e]) b = std::min(b, dist(sq, e));
    return b;
  }
  int to_guard(int sq) const {  // steps to the nearest of the opponent's exits (my corners)
    int b = 99;
    for (int e = 0; e < kSquares; ++e)
      if (g.exit[1 - me][e]) b = std::min(b, dist(sq, e));
    return b;
  }
  bool mine(int sq) const { return s.occupant(sq) >= 0 && s.occupant(sq) / 8 == me; }
  bool theirs(int sq) const { return s.occupant(sq) >= 0 && s.occupant(sq) / 8 != me; }
  bool attacked(int sq) const {  // an enemy ghost could take a ghost on sq next move
    for (int n : g.adj[sq])
      if (theirs(n)) return true;
    return false;
  }
  // Escapes first: no sane player keeps a good ghost waiting on an exit.
  Action escape() const {
    for (int i = me * 8; i < me * 8 + 8; ++i) {
      const Ghost& gh = s.ghost(i);
      if (gh.at >= 0 && gh.good && g.exit[me][gh.at]) return kEscapeBase + gh.at;
    }
    return -1;
  }
  // Moves ghost i one step nearer its exits, preferring safe squares, then captures; -1 if none.
  Action charge(int i, bool care) const {
    int from = s.ghost(i).at, best = -1;
    double bv = -1e9;
    for (int to : g.adj[from]) {
      if (mine(to) || to_exit(to) >= to_exit(from)) continue;
      double v = (care && attacked(to) ? -2 : 0) + (theirs(to) ? 0.5 : 0);
      if (v > bv) bv = v, best = to;
    }
    return best < 0 ? -1 : kMoveBase + from * kSquares + best;
  }
  // The ghosts of a colour, most advanced first.
  std::vector<int> ghosts(bool good) const {
    std::vector<int> r;
    for (int i = me * 8; i < me * 8 + 8; ++i)
      if (s.ghost(i).at >= 0 && s.ghost(i).good == good) r.push_back(i);
    std::stable_sort(r.begin(), r.end(), [&](int a, int b) { return to_exit(s.ghost(a).at) < to_exit(s.ghost(b).at); });
    return r;
  }
};

Action any(const State& s, Rng& rng) { return random_action(s, rng); }

// Set-ups by name (South's view: left to right, back row then front row of the start squares).
Action setup(const State& s, const char* fixed, Rng& rng) {
  if (fixed) {
    Action a = s.find_action(std::string("setup:") + fixed);
    if (a >= 0) return a;
  }
  return any(s, rng);
}

Action rush(const State& st, int seat, Rng& rng) {
  if (st.ai_randomizes()) return setup(st, "GGGGEEEE", rng);
  Look L(st, seat, rng);
  if (Action a = L.escape(); a >= 0) return a;
  for (int i : L.ghosts(true))
    if (Action a = L.charge(i, false); a >= 0) return a;
  for (int i : L.ghosts(false))
    if (Action a = L.charge(i, true); a >= 0) return a;
  return any(st, rng);
}

Action bluff(const State& st, int seat, Rng& rng) {
  if (st.ai_randomizes()) return any(st, rng);
  Look L(st, seat, rng);
  if (Action a = L.escape(); a >= 0) return a;
  // A good ghost one step from an exit that is safe there goes for it.
  for (int i : L.ghosts(true))
    if (L.to_exit(L.s.ghost(i).at) == 1)
      if (Action a = L.charge(i, true); a >= 0 && !L.attacked((a - kMoveBase) % kSquares)) return a;
  for (int i : L.ghosts(false))
    if (Action a = L.charge(i, false); a >= 0) return a;
  for (int i : L.ghosts(true))
    if (Action a = L.charge(i, true); a >= 0) return a;
  return any(st, rng);
}

// The board move `value` scores highest (a little noise breaks ties), or any legal action.
template <class F>
Action best_move(const State& st, Rng& rng, F value) {
  Action best = -1;
  double bv = -1e9;
  for (Action a : st.legal()) {
    if (a >= kEscapeBase) continue;
    double v = value((a - kMoveBase) / kSquares, (a - kMoveBase) % kSquares) + rng.uniform() * 0.1;
    if (v > bv) bv = v, best = a;
  }
  return best >= 0 ? best : any(st, rng);
}

Action defend(const State& st, int seat, Rng& rng) {
  if (st.ai_randomizes()) return any(st, rng);
  Look L(st, seat, rng);
  if (Action a = L.escape(); a >= 0) return a;
  return best_move(st, rng, [&](int from, int to) {
    double v = 0;
    // Whatever enters its half, or stands near its corners, is taken.
    if (L.theirs(to)) v += 10 - L.to_guard(to);
    // Otherwise keep ghosts near the corners, without leaving one bare.
    v += 0.5 * (L.to_guard(from) - L.to_guard(to));
    if (L.attacked(to) && !L.theirs(to)) v -= 0.7;
    return v;
  });
}

Action hunt(const State& st, int seat, Rng& rng) {
  if (st.ai_randomizes()) return any(st, rng);
  Look L(st, seat, rng);
  if (Action a = L.escape(); a >= 0) return a;
  return best_move(st, rng, [&](int, int to) {
    double v = L.theirs(to) ? 100 : 0;
    int near = 99;
    for (int n = 0; n < kSquares; ++n)
      if (L.theirs(n)) near = std::min(near, dist(to, n));
    return v - near;
  });
}

}  // namespace

GAMUT_REGISTER_BOT("geister", "rush", "a fixed set-up; charges its most advanced good ghost at the exits",
                   [] { return std::make_unique<FnBot>(rush); });
GAMUT_REGISTER_BOT("geister", "bluff", "charges evil ghosts as if good; a good one goes only for a safe exit",
                   [] { return std::make_unique<FnBot>(bluff); });
GAMUT_REGISTER_BOT("geister", "defend", "guards its own corners and captures whatever approaches",
                   [] { return std::make_unique<FnBot>(defend); });
GAMUT_REGISTER_BOT("geister", "hunt", "captures at every chance, else closes in on the nearest ghost",
                   [] { return std::make_unique<FnBot>(hunt); });

}  // namespace gamut::geister
