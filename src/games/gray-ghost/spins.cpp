// Expected spins to a goal: the AI's measure of how far a raider is from
// the end of its race (issue 22). Chebyshev distance over 2.5 squares a
// spin misses what makes a square slow: HQ takes the exact count once the
// mission is done, and before it every circle blocks. So the board is
// solved as a race against the spinner by value iteration: V(goal) = 0 and
// V(x) = 1 + sum over the faces of p(face) * V(the best move's end), where a
// move that passes the mission square may stop there (seed, the mission
// note) and a spin with no move leaves the raider where it stands.
// Raiders and discs are left out: they come and go within a game, and the
// tables are solved once, when the rules data loads.
#include <cmath>
#include <limits>

#include "gray_ghost.h"

namespace gamut::gray_ghost {
namespace {

enum Mode { BEFORE_HQ, TO_MISSION, HOME, kModes };

struct Walk {
  std::array<int16_t, kMaxPath> cells{};
  int8_t len = 0;
  bool dead = false;  // ends against a zone or a disc: only a mission square on the way can be reached
};

struct Move {
  int steps = 0;  // 0: the spin moves nothing (a war card after HQ)
  bool diag = false;
  double p = 0;
};

}  // namespace

void GrayGhostGame::solve_spins() {
  double total = 0;
  for (const Face& f : faces) total += f.count;
  // Seed, AVANT D'ATTEINDRE: before HQ the war-card space's move replaces the
  // card; after it a war card is counted as a spin lost.
  std::vector<Move> moves[2];
  for (const Face& f : faces) {
    const Face& m = f.war ? war_move : f;
    moves[0].push_back({m.steps, m.diagonal, f.count / total});
    moves[1].push_back({f.war ? 0 : f.steps, f.diagonal, f.count / total});
  }
  const int nf = int(faces.size());
  // Every walk of every face from every node, per mode, as rays() would find them on an empty board.
  std::vector<Walk> walks;
  std::vector<int> first(size_t(kModes * n * nf + 1), 0);
  for (int mode = 0; mode < kModes; ++mode)
    for (int node = 0; node < n; ++node)
      for (int f = 0; f < nf; ++f) {
        first[size_t((mode * n + node) * nf + f)] = int(walks.size());
        const Move& m = moves[mode != BEFORE_HQ][size_t(f)];
        Starts st;
        int ns = m.steps ? starts(node, m.diag, st) : 0;
        for (int i = 0; i < ns; ++i) {
          Walk wk;
          for (int k = 1; k <= m.steps; ++k) {
            int x = st[i].x + k * st[i].dx, y = st[i].y + k * st[i].dy;
            if (x < 0 || x >= w || y < 0 || y >= h) break;
            int z = zone_at[x + y * w];
            if (z >= 0) {
              bool in = zones[z].kind == HQ && corner(x, y, st[i].dx, st[i].dy) &&
                        (mode == BEFORE_HQ || (mode == HOME && k == m.steps));
              if (in)
                wk.cells[wk.len++] = int16_t(hq);
              else
                wk.dead = true;
              break;
            }
            int c = cell[x + y * w];
            if (mode == BEFORE_HQ && circle_of[c] >= 0) {
              wk.dead = true;
              break;
            }
            wk.cells[wk.len++] = int16_t(c);
          }
          if (wk.len > 0) walks.push_back(wk);
        }
      }
  first.back() = int(walks.size());

  auto solve = [&](int mode, int goal, std::vector<float>& out) {
    // Gauss-Seidel from below, nearest squares first: values only rise, and
    // each sweep carries them outwards in order.
    std::vector<int> order;
    for (int i = 0; i < n; ++i)
      if (i != goal) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return d(a, goal) < d(b, goal); });
    std::vector<double> v(size_t(n), 0);
    const double kNever = 99;  // a square the goal cannot be reached from
    for (int sweep = 0; sweep < 1000; ++sweep) {
      double delta = 0;
      for (int x : order) {
        double e = 1, stay = 0;
        for (int f = 0; f < nf; ++f) {
          int k = (mode * n + x) * nf + f;
          double best = std::numeric_limits<double>::infinity();
          for (int i = first[size_t(k)]; i < first[size_t(k) + 1]; ++i) {
            const Walk& wk = walks[size_t(i)];
            bool passes = false;
            if (mode == TO_MISSION)
              for (int j = 0; j < wk.len && !passes; ++j) passes = wk.cells[size_t(j)] == goal;
            if (passes)
              best = 0;
            else if (!wk.dead)
              best = std::min(best, v[size_t(wk.cells[size_t(wk.len - 1)])]);
          }
          double p = moves[mode != BEFORE_HQ][size_t(f)].p;
          if (std::isinf(best))
            stay += p;
          else
            e += p * best;
        }
        double nv = stay < 1 - 1e-9 ? std::min(kNever, e / (1 - stay)) : kNever;
        delta = std::max(delta, std::abs(nv - v[size_t(x)]));
        v[size_t(x)] = nv;
      }
      if (delta < 1e-4) break;
    }
    out.assign(v.begin(), v.end());
  };
  solve(BEFORE_HQ, hq, spins_[0]);
  for (int m = 1; m <= kMissions; ++m) solve(TO_MISSION, mission_node[size_t(m)], spins_[size_t(m)]);
  solve(HOME, hq, spins_[kMissions + 1]);
  for (int m = 1; m <= kMissions; ++m) round_trip += spins_to_mission(m, hq) + spins_home(mission_node[m]);
  round_trip /= kMissions;
}

}  // namespace gamut::gray_ghost
