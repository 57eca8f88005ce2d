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
  // Each seat's kind as a share code keeps it: "human", "ai:1".."ai:5"; empty
  // when not recorded (format 1 codes), which opens as people at every seat.
  std::vector<std::string> players;
  // Practice: free takebacks, past dice and reveals. Off by default, and shown
  // in the log, the result and the code, since it changes what a win means.
  bool practice = false;
  // Narration: notes[i] comments the position after action i + 1, for a
  // replay or an embed that tells a game's story. Empty when none.
  std::vector<std::string> notes;
};

// The chance outcome drawn after `history` in a game with `seed`: a hash of
// the seed and every action so far. Replay, redo, and the same move made
// again meet the same outcome, so undo is not a reroll; a different move
// meets a fresh one that nothing on the screen foretold, since the seed is
// never in a seat's view.
Action draw_chance(const State& s, uint64_t seed, const std::vector<Action>& history);
// The outcome a uniform number u in [0, 1) picks among s's chance outcomes, by their weights.
Action pick_chance(const State& s, double u);

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
  long undo_point(int seat) const;  // where undo(seat) would cut the record; -1: nothing to undo
  bool redo(int seat);
  void set_notes(std::vector<std::string> n) { rec_.notes = std::move(n); }
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

// The move log as `viewer` may read it (-1: public information only), one
// line per action, in the reader's language: "<seat>: <move>", chance as
// "Chance: <outcome>".
std::vector<std::string> public_log(const Match& m, int viewer);

// Share codes (code.h): the whole record, seed and every secret included.
std::string encode_share_code(const Record& r);
Record decode_share_code(const std::string& code);  // throws DataError with the reason
uint64_t code_format(const std::string& code);      // 1-2: a share code, 3: a watch code (watch.h)

}  // namespace gamut
