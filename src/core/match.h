// A Match is a game in progress as a record: (game id, rules-data version,
// options, seed, actions). The state is always the replay of the record, so
// saves, undo, replays and share codes can never disagree with play.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "game.h"

namespace gamut {

struct Record {
  std::string game;
  int version = 0;
  Json options = Json::object();
  uint64_t seats = 0;  // number of seats
  uint64_t seed = 0;
  std::vector<Action> actions;
};

// The chance outcome drawn at `ply` of a game with `seed`. It depends only on
// those two, so undoing and replaying a move never rerolls the dice.
Action draw_chance(const State& s, uint64_t seed, size_t ply);

class Match {
 public:
  explicit Match(Record r);  // replays r.actions; throws DataError if one is illegal
  const Record& record() const { return rec_; }
  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> game_ptr() const { return game_; }
  const State& state() const { return *state_; }
  int seats() const { return int(rec_.seats); }

  void play(Action a);    // a legal action of the seat to move; clears redo
  void resolve_chance();  // applies drawn outcomes while chance is to move
  bool can_undo() const { return !rec_.actions.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  // Takes back actions until `seat` is to move again with one of its own
  // actions removed (so an AI's reply goes with the move it answered). Chance
  // outcomes go too, and come back unchanged on redo or replay.
  bool undo(int seat);
  bool redo(int seat);
  std::unique_ptr<State> state_at(size_t n) const;  // replay of the first n actions

  Json to_json() const;
  static Record record_from_json(const Json& j);  // throws DataError with a clear message

 private:
  void rebuild(size_t n);
  Record rec_;
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  std::vector<Action> redo_;
};

// Share codes: binary, varint-packed, base64url, with a checksum.
std::string encode_share_code(const Record& r);
Record decode_share_code(const std::string& code);  // throws DataError with the reason

}  // namespace gamut
