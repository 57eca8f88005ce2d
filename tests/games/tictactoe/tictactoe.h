// Tic-tac-toe: the engine's test game. It exists to show that a game needs
// only its own folder: this one holds its rules (tictactoe.cpp), its rule
// tests (tictactoe_test.cpp), its rules data (v1.json) and its golden share
// codes (golden.txt). docs/adding-a-game.md walks through it.
#pragma once
#include <vector>

#include "core/game.h"

namespace gamut::tictactoe {

class TicTacToeGame : public Game {
 public:
  TicTacToeGame(const Json& data, int version);
  std::unique_ptr<State> new_state(const Json& options, int seats) const override;
  // The winning lines from the data ("lines"), as node indices; lines_at[n]
  // the lines through node n, so a move checks only its own.
  std::vector<std::vector<int>> lines, lines_at;
};

class TicTacToeState : public State {
 public:
  TicTacToeState(const TicTacToeGame* g, int first);
  int to_move() const override { return winner_ != kNone ? kTerminal : cur_; }
  int seats() const override { return 2; }
  std::vector<Action> legal() const override;
  void apply(Action a) override;
  std::vector<double> returns() const override;
  std::string action_name(Action a) const override;  // the node id: "b2"
  std::unique_ptr<State> clone() const override { return std::make_unique<TicTacToeState>(*this); }
  Json view(int seat) const override;
  std::string debug() const override;
  void check() const override;
  double heuristic(int seat) const override;
  std::vector<int> action_nodes(Action a) const override { return {a}; }  // one click places a mark
  std::string result_reason() const override;

  int mark(int node) const { return cells_[node]; }  // -1 empty, else the seat

 private:
  static constexpr int kNone = -1, kDraw = 2;
  const TicTacToeGame* g_;
  std::vector<int> cells_;
  int cur_, first_, winner_ = kNone, last_ = -1;
};

}  // namespace gamut::tictactoe
