// Blue and Gray (Busch and Yeager, 1903): 2 players, a checkers variant on a
// 9x9 grid of points where each captain races along its own path to the
// centre. Rules: seed 004_670669d83993c10f.txt. Board and paths:
// rules-data/blue-and-gray/v1.json.
#pragma once
#include <array>
#include <cstdint>

#include "core/game.h"

namespace gamut::blue_and_gray {

constexpr int kPoints = 81;
constexpr int kPathLen = 18;       // start point + 17 steps, the last being the centre
constexpr Action kStepBase = 100;  // + from * 81 + to (guards and captains)
constexpr Action kPass = 7000;
// + (from * 81 + last landing) * kJumpSlots + k, k counting the sequences
// that share both ends in generation order.
constexpr Action kJumpBase = 10000;
constexpr int kJumpSlots = 65536;

enum Piece : int8_t { EMPTY = -1, GUARD0 = 0, GUARD1 = 1, CAPTAIN0 = 2, CAPTAIN1 = 3 };
enum Phase : int8_t { LOT, PLAY, OVER };

struct Jump {
  Action id;
  std::vector<int8_t> nodes;  // from, land1, land2, ...
};

class BlueGrayGame;

class BlueGrayState : public State {
 public:
  BlueGrayState(const BlueGrayGame* g, const Json& options);
  int to_move() const override;
  int seats() const override { return 2; }
  std::vector<Action> legal() const override;
  void apply(Action a) override;
  std::vector<double> returns() const override;
  std::string action_name(Action a) const override;
  std::string public_name(Action a, int viewer) const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<BlueGrayState>(*this); }
  Json view(int seat) const override;
  std::string debug() const override;
  void check() const override;
  double heuristic(int seat) const override;
  int playout_plies() const override;
  // At the shared 100 and 500 iterations the search lost 17 and 3 games in
  // 100 to the one-ply greedy bot; from 1,000 up every level holds the 90%.
  std::array<int, 5> level_ladder() const override { return {1000, 3000, 8000, 16000, 30000}; }
  std::vector<int> action_nodes(Action a) const override;
  std::string result_reason() const override { return phase_ == OVER ? how_ : ""; }

  // For tests.
  int at(int node) const { return board_[node]; }
  int advance(int seat) const { return adv_[seat]; }
  int guards(int seat) const { return guards_[seat]; }
  bool blocked(int seat) const;    // next path point occupied
  bool blockaded(int seat) const;  // next path point held by an enemy guard
  int deadlock_count() const { return stuck_; }
  std::vector<Jump> jumps() const;  // every complete jump sequence for the side to move
  // Sets up any position (tests): pieces by node, captains by advance.
  void set_position(const std::array<int8_t, kPoints>& guards, int adv0, int adv1, int to_move);

 private:
  void finish(int winner, const char* how);
  void jump_from(int from, int at, std::vector<int8_t>& path, std::array<bool, kPoints>& taken,
                 std::vector<Jump>& out) const;
  bool any_jump() const;
  const BlueGrayGame* g_;
  std::array<int8_t, kPoints> board_;
  std::array<int8_t, 2> adv_{0, 0}, guards_{17, 17};
  Phase phase_ = PLAY;
  int8_t cur_ = 0, winner_ = -1;  // winner 2 = draw
  bool paths_only_, three_ahead_;
  int16_t deadlock_plies_, max_plies_;
  int16_t stuck_ = 0;  // plies in a row ending with both captains blockaded, no captain step, no capture
  std::vector<int8_t> last_;
  const char* how_ = "";
};

class BlueGrayGame : public Game {
 public:
  BlueGrayGame(const Json& data, int version);
  std::unique_ptr<State> new_state(const Json& options, int seats) const override;
  std::array<std::array<int8_t, kPathLen>, 2> path;
  std::array<int8_t, kPoints> path_index[2];  // node -> index on that seat's path, -1 off it
  int centre = -1;
  std::array<int8_t, kPoints> start;  // initial occupant
  // Guard steps and jumps per reading (0: all diagonals, 1: diagonals only on paths).
  std::vector<int8_t> steps[2][kPoints];
  std::vector<std::pair<int8_t, int8_t>> leaps[2][kPoints];  // (jumped point, landing point)
  std::string name(int node) const { return board_.nodes[node].id; }
};

}  // namespace gamut::blue_and_gray
