// Players that are programs. Every bot decides from its seat's view alone:
// it only touches the true state through State::determinize(seat).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace gamut {

struct SearchParams {
  int iterations = 1000;
  int playout_cap = 200;  // plies before a playout stops and the heuristic scores it
  double explore = 0.7;
};

// Information-set MCTS (single observer): each iteration samples a full state
// consistent with the seat's view, then walks a tree keyed by actions,
// counting how often each action was available. It runs in slices so the
// browser can think between frames.
class Search {
 public:
  Search(const State& root, int seat, SearchParams p, uint64_t seed);
  void run(int iterations);
  int done() const { return done_; }
  Action best() const;  // most visited root action
  std::vector<std::pair<Action, int>> root_visits() const;
  // Each root action with its visits and mean reward for the seat (-1..1),
  // most visited first: what a hint explains its choice with.
  struct RootStat {
    Action a;
    int visits;
    double mean;
  };
  std::vector<RootStat> root_stats() const;

 private:
  struct Child {
    Action a;
    int node = -1;
    double value = 0;  // summed reward for the seat that chose it
    int visits = 0, avail = 0;
  };
  struct Node {
    std::vector<Child> kids;
  };
  void iterate();
  std::vector<double> playout(State& s);
  std::unique_ptr<State> root_;
  int seat_;
  SearchParams p_;
  Rng rng_;
  std::vector<Node> nodes_;
  std::vector<double> base_;  // each seat's heuristic at the root (State::heuristic_scale)
  int done_ = 0;
  struct Step {
    int node, kid, mover;
  };
  std::vector<Step> path_;
  std::vector<Action> legal_;
  std::vector<int> fresh_;
  std::vector<int> kid_of_;  // legal_[i]'s index among the node's kids
};

class Bot {
 public:
  virtual ~Bot() = default;
  virtual Action choose(const State& s, int seat, Rng& rng) = 0;
};

// "random", "greedy", "mc" (flat Monte Carlo), "ai" or "ai:LEVEL" (1-5);
// "bot:NAME" is the game's sparring strategy NAME (ai/sparring.h);
// "mc@MS" and "ai@MS" think MS milliseconds per move (e.g. "ai@1000ms").
// Throws DataError for an unknown name.
std::unique_ptr<Bot> make_bot(const std::string& name);
SearchParams level_params(int level, const State& s);  // level 1-5, iterations from the game
Action random_action(const State& s, Rng& rng);
Action chance_outcome(const State& s, Rng& rng);

}  // namespace gamut
