#include "tictactoe.h"

#include <sstream>
#include <stdexcept>

namespace gamut::tictactoe {

TicTacToeGame::TicTacToeGame(const Json& data, int version) : Game("tictactoe", 2, 2, false, data, version) {
  // The board and its lines are data: any board whose lines the data lists plays.
  const std::string w = "tictactoe v" + std::to_string(version);
  if (board_.nodes.empty()) throw DataError(w + ": needs a \"board\"");
  const Json& ls = req(data_, "lines", w);
  if (!ls.is_array() || ls.empty()) throw DataError(w + ": \"lines\" must be a non-empty array");
  lines_at.resize(board_.nodes.size());
  for (const Json& l : ls) {
    if (!l.is_array() || l.size() < 2) throw DataError(w + ": each line must list two or more nodes");
    std::vector<int> line;
    for (const Json& n : l) {
      if (!n.is_string()) throw DataError(w + ": line nodes must be node ids");
      int k = board_.find(n.get<std::string>());
      if (k < 0) throw DataError(w + ": a line names the unknown node '" + n.get<std::string>() + "'");
      line.push_back(k);
    }
    for (int k : line) lines_at[k].push_back(int(lines.size()));
    lines.push_back(line);
  }
}

std::unique_ptr<State> TicTacToeGame::new_state(const Json& o, int) const {
  return std::make_unique<TicTacToeState>(this, o.value("first", "X") == "O" ? 1 : 0);
}

TicTacToeState::TicTacToeState(const TicTacToeGame* g, int first)
    : State(g), g_(g), cells_(g->board().nodes.size(), -1), cur_(first), first_(first) {}

std::vector<Action> TicTacToeState::legal() const {
  std::vector<Action> r;
  if (winner_ != kNone) return r;
  for (int n = 0; n < int(cells_.size()); ++n)
    if (cells_[n] < 0) r.push_back(n);
  return r;
}

void TicTacToeState::apply(Action a) {
  cells_[a] = cur_;
  last_ = a;
  ++plies_;
  for (int l : g_->lines_at[a]) {
    bool full = true;
    for (int n : g_->lines[l]) full &= cells_[n] == cur_;
    if (full) {
      winner_ = cur_;
      return;
    }
  }
  if (plies_ == int(cells_.size())) {
    winner_ = kDraw;
    return;
  }
  cur_ = 1 - cur_;
}

std::vector<double> TicTacToeState::returns() const {
  if (winner_ == kNone || winner_ == kDraw) return {0, 0};
  return winner_ == 0 ? std::vector<double>{1, -1} : std::vector<double>{-1, 1};
}

std::string TicTacToeState::result_reason() const {
  if (winner_ == kNone) return "";
  return winner_ == kDraw ? "the board is full" : "three in a row";
}

std::string TicTacToeState::action_name(Action a) const { return game().board().nodes[a].id; }

Json TicTacToeState::view(int) const {
  // Nothing is hidden: every seat and spectators see the same.
  static const char* kFace[] = {"X", "O"};
  Json pieces = Json::array();
  for (int n = 0; n < int(cells_.size()); ++n)
    if (cells_[n] >= 0) pieces.push_back({{"node", action_name(n)}, {"seat", cells_[n]}, {"face", kFace[cells_[n]]}});
  Json v = {{"pieces", pieces}, {"status", Json::array({"Three in a row wins."})}};
  if (last_ >= 0) v["last"] = Json::array({action_name(last_)});
  return v;
}

// Golden codes hash this text (tests/golden/README.md): it is frozen.
std::string TicTacToeState::debug() const {
  std::ostringstream o;
  o << "cur " << cur_ << " first " << first_ << " winner " << winner_ << " plies " << plies_ << "\n";
  for (int c : cells_) o << (c < 0 ? '.' : c == 0 ? 'X' : 'O');
  return o.str();
}

void TicTacToeState::check() const {
  auto fail = [](const std::string& m) { throw std::logic_error("tictactoe: " + m); };
  int count[2] = {0, 0};
  for (int c : cells_)
    if (c >= 0) ++count[c];
  if (count[0] + count[1] != plies_) fail("marks and plies disagree");
  // The first player is never behind and at most one mark ahead.
  int ahead = count[first_] - count[1 - first_];
  if (ahead < 0 || ahead > 1) fail("the marks are not in turn");
  if (winner_ == kNone && plies_ == int(cells_.size())) fail("a full board must end the game");
}

double TicTacToeState::heuristic(int seat) const {
  if (winner_ != kNone) return returns()[seat] * 100;
  // Lines still open to one side only, as the search's cut-off score.
  double h = 0;
  for (const std::vector<int>& l : g_->lines) {
    int mine = 0, theirs = 0;
    for (int n : l) mine += cells_[n] == seat, theirs += cells_[n] == 1 - seat;
    if (!theirs) h += mine;
    if (!mine) h -= theirs;
  }
  return h;
}

static std::shared_ptr<const Game> make(const Json& d, int v) { return std::make_shared<TicTacToeGame>(d, v); }
GAMUT_REGISTER_GAME("tictactoe", make);

}  // namespace gamut::tictactoe
