// Blue and Gray's sparring bots (issue 22), the two plans the game invites:
//   race:     step the captain whenever it can; jumps when forced (longest);
//             else clear its own path;
//   blockade: put guards on the enemy captain's next path points; its own
//             captain steps only when no guard has a useful move.
// A perfect-information game: the state is the view.
#include "ai/sparring.h"

#include <algorithm>
#include <queue>

#include "blue_and_gray.h"

namespace gamut::blue_and_gray {
namespace {

const BlueGrayGame& game_of(const State& s) { return static_cast<const BlueGrayGame&>(s.game()); }

// Guard steps from every point to `target` (any diagonal reading), by breadth-first search.
std::array<int, kPoints> steps_to(const BlueGrayGame& g, int target) {
  std::array<int, kPoints> d;
  d.fill(99);
  std::queue<int> q;
  d[target] = 0;
  q.push(target);
  while (!q.empty()) {
    int n = q.front();
    q.pop();
    for (int t : g.steps[0][n])
      if (d[t] > d[n] + 1) d[t] = d[n] + 1, q.push(t);
  }
  return d;
}

// The longest jump sequence on offer, or -1.
Action longest_jump(const BlueGrayState& s, Rng& rng) {
  std::vector<Jump> js = s.jumps();
  if (js.empty()) return -1;
  size_t best = 0;
  for (const Jump& j : js) best = std::max(best, j.nodes.size());
  std::vector<Action> ties;
  for (const Jump& j : js)
    if (j.nodes.size() == best) ties.push_back(j.id);
  Action a = ties[rng.below(int(ties.size()))];
  std::vector<Action> l = s.legal();
  return std::binary_search(l.begin(), l.end(), a) ? a : -1;
}

bool is_step(Action a) { return a >= kStepBase && a < kPass; }
int from_of(Action a) { return (a - kStepBase) / kPoints; }
int to_of(Action a) { return (a - kStepBase) % kPoints; }

// The own captain's step when it has one, else -1.
Action captain_step(const BlueGrayState& s, const std::vector<Action>& legal, int seat) {
  int cap = game_of(s).path[seat][s.advance(seat)];
  for (Action a : legal)
    if (is_step(a) && from_of(a) == cap) return a;
  return -1;
}

Action race(const State& st, int seat, Rng& rng) {
  const auto& s = static_cast<const BlueGrayState&>(st);
  const BlueGrayGame& g = game_of(st);
  std::vector<Action> legal = st.legal();
  if (legal.size() == 1) return legal[0];
  if (Action j = longest_jump(s, rng); j >= 0) return j;
  if (Action a = captain_step(s, legal, seat); a >= 0) return a;
  // Clear the captain's next points of its own guards, else any step that
  // does not walk onto its path.
  std::vector<Action> clear, other;
  for (Action a : legal) {
    if (!is_step(a)) continue;
    int on = g.path_index[seat][from_of(a)], onto = g.path_index[seat][to_of(a)];
    if (on > s.advance(seat) && on <= s.advance(seat) + 2 && onto < 0) clear.push_back(a);
    if (onto < 0) other.push_back(a);
  }
  if (!clear.empty()) return clear[rng.below(int(clear.size()))];
  if (!other.empty()) return other[rng.below(int(other.size()))];
  return random_action(st, rng);
}

Action blockade(const State& st, int seat, Rng& rng) {
  const auto& s = static_cast<const BlueGrayState&>(st);
  const BlueGrayGame& g = game_of(st);
  std::vector<Action> legal = st.legal();
  if (legal.size() == 1) return legal[0];
  if (Action j = longest_jump(s, rng); j >= 0) return j;
  int opp = 1 - seat, adv = s.advance(opp);
  if (s.blockaded(opp)) {  // held: keep the blocker, step the own captain or another guard
    int block = g.path[opp][adv + 1];
    if (Action a = captain_step(s, legal, seat); a >= 0) return a;
    std::vector<Action> ok;
    for (Action a : legal)
      if (is_step(a) && from_of(a) != block) ok.push_back(a);
    if (!ok.empty()) return ok[rng.below(int(ok.size()))];
    return random_action(st, rng);
  }
  // Walk the nearest guard towards the first free point ahead of the enemy captain.
  int target = -1;
  for (int k = adv + 1; k < kPathLen - 1 && target < 0; ++k)
    if (s.at(g.path[opp][k]) == EMPTY) target = g.path[opp][k];
  if (target >= 0) {
    std::array<int, kPoints> d = steps_to(g, target);
    Action best = -1;
    double bv = 1e9;
    for (Action a : legal) {
      if (!is_step(a) || s.at(from_of(a)) != seat) continue;
      double v = d[to_of(a)] + 0.01 * rng.uniform();
      if (d[to_of(a)] >= d[from_of(a)]) v += 50;
      if (v < bv) bv = v, best = a;
    }
    if (best >= 0) return best;
  }
  if (Action a = captain_step(s, legal, seat); a >= 0) return a;
  return random_action(st, rng);
}

}  // namespace

GAMUT_REGISTER_BOT("blue-and-gray", "race", "steps its captain whenever it can; jumps when it must",
                   [] { return std::make_unique<FnBot>(race); });
GAMUT_REGISTER_BOT("blue-and-gray", "blockade", "walks guards onto the enemy captain's next path points",
                   [] { return std::make_unique<FnBot>(blockade); });

}  // namespace gamut::blue_and_gray
