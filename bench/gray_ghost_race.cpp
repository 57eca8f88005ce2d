// The Gray Ghost as a race against the spinner (issue 22, docs/ai-strength.md):
// how many turns a raider needs alone on the board under each player, leg by
// leg, and what that says about how often one player can beat another.
//
// Two players barely touch each other's race (a trap put down near a rival,
// a soldier the other took first), so a game is close to two solitaire races
// side by side: the faster wins, the first to spin on a tie. Comparing the
// races of A and B, pair by pair, gives the rate at which A should beat B;
// shifting A's races earlier says how much faster A would have to be to win
// 70, 75 or 80%. The spin tables (spins.cpp) give the legs every raider must
// travel.
//
// Usage: gray_ghost_race [RACES [SEED]]   (run from the project's top folder)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ai/bots.h"
#include "core/game.h"
#include "games/gray-ghost/gray_ghost.h"

using namespace gamut;
using namespace gamut::gray_ghost;

namespace {

constexpr int kCap = 300;  // turns; a race not home by then counts as this long

struct Race {
  int hq = -1, mission = -1, ready = -1, home = kCap;  // the turn each leg ended (-1: never)
  int spins = 0, soldiers = 0;
};

Race race(const GrayGhostGame& g, Bot& bot, uint64_t seed) {
  GrayGhostState s(&g, 1, 0, kCap);  // one seat: nobody else on the board
  Rng rng(seed);
  Race r;
  auto mark = [&](int turn) {
    const Raider& me = s.raider(0);
    if (me.mission && r.hq < 0) r.hq = turn;
    if (me.done && r.mission < 0) r.mission = turn;
    if (me.done && me.soldiers >= 5 && r.ready < 0) r.ready = turn;
  };
  while (!s.terminal()) {
    int turn = s.turns() + 1;  // the turn being played, counting from 1
    if (s.to_move() == kChance) {
      if (s.phase() == SPUN) ++r.spins;
      s.apply(chance_outcome(s, rng));
    } else {
      s.apply(bot.choose(s, 0, rng));
    }
    mark(turn);
  }
  if (s.returns()[0] > 0) r.home = s.turns() + 1;
  r.soldiers = s.raider(0).soldiers;
  return r;
}

double mean(const std::vector<double>& v) {
  double t = 0;
  for (double x : v) t += x;
  return v.empty() ? 0 : t / double(v.size());
}

double sd(const std::vector<double>& v) {
  double m = mean(v), t = 0;
  for (double x : v) t += (x - m) * (x - m);
  return v.empty() ? 0 : std::sqrt(t / double(v.size()));
}

// How often A's race, `shift` turns earlier, ends before B's; half a win on
// a tie (each spins first half the time).
double beats(const std::vector<Race>& a, const std::vector<Race>& b, double shift) {
  std::map<int, int> count;
  for (const Race& r : b) ++count[r.home];
  double w = 0;
  for (const Race& x : a)
    for (auto [home, k] : count) {
      double t = x.home - shift;
      w += t < home ? k : t == home ? 0.5 * k : 0;
    }
  return w / double(a.size()) / double(b.size());
}

}  // namespace

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 2000;
  uint64_t seed = argc > 2 ? uint64_t(std::atoll(argv[2])) : 1;
  auto game = load_game("gray-ghost");
  const auto& g = dynamic_cast<const GrayGhostGame&>(*game);

  double out = 0, back = 0, best_home = 1e9;
  for (int m = 1; m <= kMissions; ++m) out += g.spins_to_mission(m, g.hq), back += g.spins_home(g.mission_node[m]);
  for (int x = 0; x < g.n; ++x)
    if (x != g.hq && g.zone_of[x] < 0) best_home = std::min(best_home, double(g.spins_home(x)));
  std::printf(
      "spin tables: start to HQ %.2f, HQ to a mission %.2f (mean of the eight), home from the best square "
      "%.2f, from the mission squares %.2f (mean)\n\n",
      g.spins_to_hq(g.start), out / kMissions, best_home, back / kMissions);

  // greedy: one ply on the AI's evaluation, which ai:2 ties head to head;
  // the search's own scoring needs a rival to measure against.
  const std::vector<std::string> players = {"greedy", "bot:trap", "bot:capture"};
  std::vector<std::vector<Race>> races;
  std::printf("%d races alone on the board, seed %llu; mean turns (sd) at the end of each leg\n", n,
              (unsigned long long)seed);
  std::printf("%-12s %13s %13s %13s %13s %9s %8s %9s %9s\n", "player", "HQ", "mission", "ready", "home", "last leg",
              "spins", "soldiers", "not home");
  for (const std::string& p : players) {
    std::unique_ptr<Bot> bot = make_bot(p);
    std::vector<Race> rs;
    for (int i = 0; i < n; ++i) rs.push_back(race(g, *bot, seed * 1000003 + uint64_t(i)));
    std::vector<double> leg[4], last, spins, soldiers;
    int away = 0;
    for (const Race& r : rs) {
      int at[4] = {r.hq, r.mission, r.ready, r.home};
      for (int k = 0; k < 4; ++k)
        if (at[k] >= 0) leg[k].push_back(at[k]);
      if (r.home == kCap) ++away;
      if (r.home < kCap && r.ready >= 0) last.push_back(r.home - r.ready);
      spins.push_back(r.spins), soldiers.push_back(r.soldiers);
    }
    std::printf("%-12s", p.c_str());
    for (auto& v : leg) std::printf("   %5.1f (%4.1f)", mean(v), sd(v));
    std::printf(" %9.1f %8.1f %9.1f %9d\n", mean(last), mean(spins), mean(soldiers), away);
    races.push_back(std::move(rs));
  }

  std::printf(
      "\nA beats B when its race ends first; to beat B 70, 75 or 80%% of the time, every one of A's races "
      "would have to end this many turns sooner\n");
  for (size_t a = 0; a < players.size(); ++a)
    for (size_t b = a + 1; b < players.size(); ++b) {
      std::printf("%-12s beats %-12s %5.1f%%; sooner by", players[a].c_str(), players[b].c_str(),
                  100 * beats(races[a], races[b], 0));
      for (double goal : {0.7, 0.75, 0.8}) {
        double shift = 0;
        while (shift < kCap && beats(races[a], races[b], shift) < goal) shift += 0.5;
        std::printf(" %4.1f", shift);
      }
      std::printf(" turns\n");
    }
  return 0;
}
