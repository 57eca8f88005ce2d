// Geister (Alex Randolph, 1982): 2 players, 6x6, hidden good and evil ghosts.
// Rules: seed 001_666519650dac44e4.txt. Board: rules-data/geister/v1.json.
#pragma once
#include <array>

#include "core/game.h"

namespace gamut::geister {

constexpr int kSquares = 36;
constexpr int kGhosts = 16;                                      // 0-7 South's, 8-15 North's
constexpr int kSetups = 70;                                      // C(8,4) places for the good ghosts
constexpr Action kMoveBase = 100;                                // + from * 36 + to
constexpr Action kEscapeBase = kMoveBase + kSquares * kSquares;  // + from
constexpr int kCaptured = -1, kEscaped = -2, kOffBoard = -3;

enum Phase : int8_t { SETUP0, SETUP1, LOT, PLAY, OVER };

struct Ghost {
  int8_t at = kOffBoard;
  bool good = false;
  bool revealed = false;
};

class GeisterGame;

class GeisterState : public State {
 public:
  explicit GeisterState(const GeisterGame* g, int max_plies, int first);
  int to_move() const override;
  int seats() const override { return 2; }
  std::vector<Action> legal() const override;
  void legal_into(std::vector<Action>& out) const override;
  void apply(Action a) override;
  std::vector<double> returns() const override;
  std::string action_name(Action a) const override;
  std::string public_name(Action a, int viewer) const override;
  bool ai_randomizes() const override { return phase_ == SETUP0 || phase_ == SETUP1; }
  std::unique_ptr<State> clone() const override { return std::make_unique<GeisterState>(*this); }
  Json view(int seat) const override;
  std::vector<std::string> describe(int seat) const override;
  std::unique_ptr<State> determinize(int seat, Rng& rng) const override;
  std::string debug() const override;
  void check() const override;
  double heuristic(int seat) const override;
  Action playout_action(Rng& rng) const override;
  void search_moves(std::vector<Action>& legal) const override;
  int playout_plies() const override;
  std::vector<int> action_nodes(Action a) const override;
  std::string result_reason() const override { return phase_ == OVER ? how_ : ""; }

  // For tests and the tournament client.
  const Ghost& ghost(int i) const { return ghosts_[i]; }
  int occupant(int sq) const { return board_[sq]; }
  Phase phase() const { return phase_; }
  int plies() const { return plies_; }
  int captured(int owner, bool good) const;
  // A playing position rebuilt from outside (the tournament client, gat.h):
  // ghosts as given, `moves` moves played, `to_move` to play.
  void set_position(const std::array<Ghost, kGhosts>& ghosts, int to_move, int moves, int max_moves);

 private:
  void finish(int winner, const char* how);
  bool can_move() const;  // the side to move has a legal move
  // AI beliefs (geister_ai.cpp): public evidence about each ghost's colour
  // from how it moved, never from its colour; determinize() samples from it.
  void note_move(int from, int to);
  uint64_t squares_of(int seat) const;  // the squares of the seat's ghosts on the board, as bits
  double lean(int ghost) const;         // log-odds that an unrevealed ghost is good
  const GeisterGame* g_;
  std::array<int8_t, kSquares> board_;
  std::array<Ghost, kGhosts> ghosts_;
  Phase phase_ = SETUP0;
  int8_t cur_ = 0, winner_ = -1;  // winner 2 = draw
  int8_t first_;                  // -1: decided by lot
  int16_t max_plies_;
  int16_t last_from_ = -1, last_to_ = -1;
  const char* how_ = "";
  std::array<int8_t, kGhosts> lean_{};  // evidence for "good", in quarter log-odds units
  std::array<int8_t, 2> honest_{};      // per owner: revealed ghosts whose evidence told true (+) or lied (-)
  uint16_t lingered_ = 0;   // ghosts that stood on their exit and did not leave: evil, whatever the owner's honesty
  uint16_t moved_ = 0;      // ghosts that have moved at least once
  int8_t viewer_ = -1;      // the seat a determinization was drawn for (its own playouts know its mind)
  bool takes_all_ = false;  // a determinization's guess: the opponent takes every capture it can (search_moves)
  std::array<int8_t, 2> grabby_{};  // per seat: captures it took (+1) or passed up (-2) when it could take one
  // Seen to take every capture it can: a score of 3 (a capture taken +1, one passed up -2).
  bool grabby(int seat) const { return grabby_[seat] >= 3; }
};

class GeisterGame : public Game {
 public:
  GeisterGame(const Json& data, int version);
  std::unique_ptr<State> new_state(const Json& options, int seats) const override;
  std::array<int, 8> start[2];  // start squares in set-up order
  std::array<bool, kSquares> exit[2];
  std::vector<int> adj[kSquares];                    // grid neighbours, ascending
  std::array<std::array<int8_t, 4>, kSquares> near;  // the same, flat: near_count[n] of them
  std::array<int8_t, kSquares> near_count;
  std::array<uint64_t, kSquares> near_mask;                // the same as bits, one per square
  std::array<std::array<int8_t, 4>, kSetups> setups;       // set-up index -> start slots of good ghosts
  int setup_index(const std::array<bool, 8>& good) const;  // -1 unless exactly four
  std::array<int8_t, kSquares> exit_dist[2];               // steps to the seat's nearest exit
  std::vector<int> sound_setups[2];                        // set-ups the AI draws from (geister_ai.cpp)
};

// Fills the AI's tables (exit distances, sound set-ups): geister_ai.cpp.
void init_ai(GeisterGame& g);

}  // namespace gamut::geister
