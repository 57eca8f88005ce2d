// The uniform game API. A Game is immutable rules plus data; a State is one
// position. Chance is a seat of its own (kChance): its legal actions are the
// outcomes and chance_probs() their weights, so a game replays exactly from
// (id, data version, options, seed, actions).
#pragma once
#include <algorithm>
#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "board.h"
#include "data.h"
#include "rng.h"

namespace gamut {

using Action = int;
constexpr int kChance = -1;
constexpr int kTerminal = -2;

struct GameInfo {
  std::string id, name, year, publisher, players, playing_time, history;
  int min_seats = 2, max_seats = 2;
  bool hidden_info = false;
  int shelf = 1000;   // where the library lists it, lowest first (rules data info.shelf)
  bool test = false;  // a test game (rules data info.test): kept off the players' library, see game_ids()
};

class Game;

class State {
 public:
  explicit State(const Game* g) : game_(g) {}
  virtual ~State() = default;
  const Game& game() const { return *game_; }

  virtual int to_move() const = 0;  // a seat, kChance or kTerminal
  virtual int seats() const = 0;
  // Sorted, unique. For chance: the outcomes, weighted by chance_probs().
  virtual std::vector<Action> legal() const = 0;
  // The same into a buffer the caller keeps (cleared first), so that playouts
  // need not allocate. The default copies legal(); a game overrides it when
  // listing its moves is cheap next to the allocation.
  virtual void legal_into(std::vector<Action>& out) const { out = legal(); }
  virtual std::vector<double> chance_probs() const;  // default: uniform
  // legal() and chance_probs() together, into the caller's buffers: a game
  // whose weights follow from its outcomes overrides it to list them once.
  virtual void chance_into(std::vector<Action>& outcomes, std::vector<double>& probs) const {
    legal_into(outcomes);
    probs = chance_probs();
  }
  virtual void apply(Action a) = 0;  // a must be legal
  // Per seat: +1 win, -1 loss, 0 draw; solitaire: +1 victory, -1 defeat.
  virtual std::vector<double> returns() const = 0;
  virtual std::string action_name(Action a) const = 0;  // stable, unique among legal()
  // The move as `viewer` may read it in the log (hides secret set-ups, draws).
  // Called on the state before the action is applied.
  virtual std::string public_name(Action a, int viewer) const { return action_name(a); }
  // True where the AI should pick uniformly (free set-ups), so no habit forms.
  virtual bool ai_randomizes() const { return false; }
  virtual std::unique_ptr<State> clone() const = 0;
  // What `seat` may see (seat -1: a spectator, public information only).
  // The generic renderer (src/ui) reads these keys; games add their own:
  //   "pieces": [{"node": id, "seat": s (-1 neutral), "face": style key into
  //              data "pieces", "label": optional short text}]  on the board
  //   "side":   [{"seat": s, "face": key, "where": box name}]   beside it
  //   "last":   [node ids]       the last move, marked
  //   "status": [strings]        lines for the side panel (scores, tracks)
  //   "dice":   [ints]           shown as dice;  "cards": [{"title","text"}]
  virtual Json view(int seat) const = 0;
  // A full state consistent with what `seat` knows, with the rest sampled.
  // Must read only information in view(seat): the AI relies on it.
  virtual std::unique_ptr<State> determinize(int seat, Rng&) const { return clone(); }
  // Lines a screen reader adds after the position the view describes, where
  // the generic words are poor. Like view(seat): only what `seat` may see.
  virtual std::vector<std::string> describe(int seat) const { return {}; }
  virtual std::string debug() const = 0;                  // the whole true state, for tests
  virtual void check() const {}                           // throws std::logic_error on a broken invariant
  virtual double heuristic(int seat) const { return 0; }  // for greedy and AI cut-offs
  // >= 0: AI playouts stop after this many plies (when shorter than the bot's
  // own cap) and the heuristic scores them; 0 scores the new leaf at once. For
  // dice games, where random moves add more noise than they tell.
  virtual int playout_plies() const { return -1; }
  // > 0: the search scores a leaf by tanh((heuristic - the root's) / scale),
  // against the position it decides from, not tanh(heuristic / 4). For games
  // whose heuristic runs in large units, where the fixed scale saturates and
  // every leaf scores alike.
  virtual double heuristic_scale() const { return 0; }
  // Search iterations for AI levels 1-5: the shared ladder unless a game's
  // measurements call for another.
  virtual std::array<int, 5> level_ladder() const { return {100, 500, 2000, 8000, 30000}; }
  int level_iterations(int level) const { return level_ladder()[std::clamp(level, 1, 5) - 1]; }
  // A legal action for the search's playouts, or -1 for a uniform random one.
  // Games use it for moves no sane player skips (a winning escape).
  virtual Action playout_action(Rng&) const { return -1; }
  // Narrows the moves the search weighs for a seat other than the one it
  // searches for to those that seat is seen to play (one that takes every
  // capture it can). Only determinizations are asked; the rules never are.
  virtual void search_moves(std::vector<Action>& legal) const {}
  // Board nodes an action touches in click order (from, via..., to). The UI
  // builds moves from clicks on these; actions without nodes become buttons.
  virtual std::vector<int> action_nodes(Action) const { return {}; }
  virtual int move_number() const { return plies_; }
  virtual std::string describe_result() const;              // "Blue wins: <reason>" once terminal
  virtual std::string result_reason() const { return ""; }  // why the game ended, for describe_result
  // Grades a finished solitaire game beyond win/loss (Mosby: final Notoriety); selfplay prints its mean.
  virtual double score() const { return 0; }

  bool terminal() const { return to_move() == kTerminal; }
  Action find_action(const std::string& name) const;  // -1 when no legal action has it

 protected:
  const Game* game_;
  int plies_ = 0;  // non-chance actions applied
};

class Game {
 public:
  // Reads the common fields: "info" (name, year, ...), "board" when present.
  Game(const std::string& id, int min_seats, int max_seats, bool hidden, Json data, int version);
  virtual ~Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  const GameInfo& info() const { return info_; }
  const Json& data() const { return data_; }
  int data_version() const { return version_; }
  const Board& board() const { return board_; }
  // Options as given at game start; missing keys take the defaults from the
  // data's "options" list. Throws DataError on an unknown key or bad value.
  Json resolve_options(const Json& given) const;
  virtual std::unique_ptr<State> new_state(const Json& options, int seats) const = 0;
  virtual std::string seat_name(int seat) const;
  // The seat's name as a player reads it, in the reader's language.
  std::string seat_label(int seat) const;

 protected:
  GameInfo info_;
  Json data_;
  int version_;
  Board board_;
};

// True when applying `a` to `s` shows `seat` something its view of `s` did
// not foretell: a chance outcome, a captured ghost's colour, a card looked at.
// Found from the view alone: the action is applied to sampled states
// consistent with what the seat knows, and any that would end in a different
// view of the seat, or cannot take the action, means something was revealed.
bool reveals(const State& s, Action a, int seat);

using GameFactory = std::function<std::shared_ptr<const Game>(const Json& data, int version)>;

struct Registrar {
  Registrar(const std::string& id, GameFactory f);
};
#define GAMUT_REGISTER_GAME(ID, FACTORY) static ::gamut::Registrar gamut_registrar_##FACTORY(ID, FACTORY)

// The registered games in library order (info.shelf, then id). Test games
// are in it unless list_test_games(false) was called: the CLI and the test
// suites see every game, the browser page leaves test games out of its
// library unless its URL asks for them (?test-games=1).
std::vector<std::string> game_ids();
void list_test_games(bool on);
// Loads and caches a game. version <= 0 means the newest rules data.
std::shared_ptr<const Game> load_game(const std::string& id, int version = 0);
// Builds a game from rules data already in memory (fuzzing, tests): no file, no cache.
std::shared_ptr<const Game> make_game(const std::string& id, const Json& data, int version);

}  // namespace gamut
