// A game at the screen: the match record, who sits at each seat, the seat
// whose view is drawn, and the AI thinking in slices between frames. Plain
// C++ with no platform: the browser and the native tests drive the same code.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/bots.h"
#include "core/match.h"

namespace gamut {

// A suggested action for the person to move, and why (issue 9: Mosby's hint).
struct Hint {
  Action best = -1, second = -1;
  std::string best_name, second_name, text;
  int iterations = 0, visits = 0, second_visits = 0;
  double value = 0, second_value = 0;  // mean reward, -1 (a sure loss) .. 1 (a sure win)
};

struct Seat {
  bool ai = false;
  int level = 3;  // 1-5
  std::string name() const { return ai ? "ai:" + std::to_string(level) : "human"; }
};

class Session {
 public:
  // Throws DataError on a bad record or seat list.
  Session(Record r, std::vector<Seat> seats);
  Match& match() { return *match_; }
  const Match& match() const { return *match_; }
  const State& state() const { return match_->state(); }
  const std::vector<Seat>& seats() const { return seats_; }
  int humans() const;
  int screen_seat() const { return screen_; }  // whose view is drawn; -1 spectator
  bool covered() const { return covered_; }    // hotseat hand-over screen is up
  // The seat whose secrets may be shown now: nobody's while the cover is up,
  // since the person at the screen is between two players.
  int viewer() const { return covered_ ? -1 : screen_; }
  void uncover();
  bool thinking() const { return search_ != nullptr; }
  int ai_progress() const;  // 0-100

  std::string act(Action a);  // a human action; "" or why not
  // Takes back the screen seat's last move (and what followed); "" or why not.
  //  - Against the AI, and in solitaire, it stops at the last chance outcome or
  //    reveal the seat has seen (Board Game Arena's convention), unless the
  //    game is a practice game.
  //  - With two or more people at this screen it is a request: the other
  //    person allows or refuses it (answer_undo), and for a game with secrets
  //    the board is covered for whoever is then to move.
  std::string undo();
  bool redo();
  struct UndoRequest {
    int from = -1, to = -1;  // the seat asking, the seat that must answer
    bool was_covered = false;
  };
  const UndoRequest* undo_request() const { return request_.from >= 0 ? &request_ : nullptr; }
  void answer_undo(bool allow);
  bool practice() const { return match_->record().practice; }
  // Resolves chance and advances the AI by at most budget_ms. True if
  // anything changed (the screen must be redrawn).
  bool step(double budget_ms, double now_ms);
  Json save_json() const;  // the record plus seats
  static std::unique_ptr<Session> from_json(const Json& j);
  std::vector<std::string> log() const;  // move log as the screen seat may read it

  double ai_delay_ms = 350;  // pause before an AI move, so a person can follow
  // Frames while the AI thinks: with frame_target_ms > 0 a slice takes what
  // the frame has left once drawing is paid for, frame_target_ms - drawing_ms,
  // never less than kMinSlice and never more than the budget step() is given.
  // The platform measures its drawing and sets both (0: every slice takes the
  // whole budget, as in the tests).
  static inline double frame_target_ms = 0, drawing_ms = 0;
  static constexpr double kMinSlice = 2;
  // The clock the thinking slices are timed by (ms); tests set a fake one.
  std::function<double()> clock = steady_ms;
  static double steady_ms();

  // How the thinking was sliced since the session began: a slice runs chunks of
  // kChunk iterations and stops at the first chunk that ends past its budget,
  // so no slice outlasts its budget by more than its own last chunk.
  struct Slices {
    int count = 0;                // slices run
    double budget_ms = 0;         // the largest budget asked for
    double longest_ms = 0;        // the longest slice
    double worst_overrun_ms = 0;  // max over slices of (slice - budget - last chunk); <= 0 by design
    double last_ms = 0;           // the latest slice
  };
  static constexpr int kChunk = 8;
  const Slices& slices() const { return slices_; }

  // Hint: the shared search runs for the person to move, in slices like an AI
  // seat's; any change to the game drops it.
  void start_hint(int iterations = 2000);
  bool hinting() const { return hint_search_ != nullptr; }
  int hint_progress() const;  // 0-100
  const Hint* hint() const { return hint_.best >= 0 ? &hint_ : nullptr; }
  void clear_hint();
  // Autoplay: hand a seat to the AI (or take it back) in the middle of a game.
  void set_ai(int seat, bool ai, int level);

 private:
  void after_change();
  std::string undo_barrier(long from) const;  // why undo may not go back to action `from`, or ""
  UndoRequest request_;
  std::unique_ptr<Match> match_;
  std::vector<Seat> seats_;
  int screen_ = 0;
  bool covered_ = false;
  std::unique_ptr<Search> search_;
  int search_seat_ = -1, search_target_ = 0;
  double ai_ready_at_ = 0;
  Rng rng_;
  std::unique_ptr<Search> hint_search_;
  int hint_target_ = 0;
  Hint hint_;
  Slices slices_;
  void finish_hint();
  void think(Search& s, int target, double budget_ms);
};

std::vector<Seat> parse_seats(const Json& j, int n);  // ["human","ai:2",...]

// How undo works in game `g`, in plain words for its rules panel.
std::string undo_rules(const Game& g);

}  // namespace gamut
