#include "blue_and_gray.h"
#include "core/cold.h"

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

#include "core/text.h"

namespace gamut::blue_and_gray {

GAMUT_COLD BlueGrayGame::BlueGrayGame(const Json& data, int version)
    : Game("blue-and-gray", 2, 2, false, data, version) {
  const std::string w = "blue-and-gray v" + std::to_string(version);
  if (int(board_.nodes.size()) != kPoints) throw DataError(w + " board: needs 81 points");
  int line = board_.edge_type("line"), diag = board_.edge_type("diagonal");
  int ptype[2] = {board_.edge_type("path_blue"), board_.edge_type("path_gray")};
  if (line < 0 || diag < 0 || ptype[0] < 0 || ptype[1] < 0)
    throw DataError(w + " board: needs edge types line, diagonal, path_blue and path_gray");
  std::vector<int> c = board_.tagged("centre");
  if (c.size() != 1) throw DataError(w + " board: needs exactly one point tagged centre");
  centre = c[0];
  const Json& paths = req(data_, "paths", w);
  for (int s = 0; s < 2; ++s) {
    const Json& p = req(paths, s == 0 ? "0" : "1", w + " paths");
    if (!p.is_array() || p.size() != kPathLen) throw DataError(w + " paths: each path lists 18 points");
    path_index[s].fill(-1);
    for (int i = 0; i < kPathLen; ++i) {
      int n = board_.at(p[i].get<std::string>());
      if (path_index[s][n] >= 0) throw DataError(w + " paths: a path visits " + p[i].get<std::string>() + " twice");
      path[s][i] = int8_t(n);
      path_index[s][n] = int8_t(i);
      if (i > 0) {
        auto nb = board_.neighbours(path[s][i - 1], ptype[s]);
        if (std::find(nb.begin(), nb.end(), n) == nb.end())
          throw DataError(w + " paths: no path edge into " + p[i].get<std::string>());
      }
    }
    if (path[s][kPathLen - 1] != centre) throw DataError(w + " paths: a path must end on the centre");
  }
  for (int n = 0; n < kPoints; ++n)
    if (n != centre && path_index[0][n] >= 0 && path_index[1][n] >= 0)
      throw DataError(w + " paths: the two paths may meet only at the centre");
  start.fill(EMPTY);
  for (int s = 0; s < 2; ++s) {
    std::vector<int> st = board_.tagged("start" + std::to_string(s));
    if (st.size() != 17) throw DataError(w + " board: needs 17 points tagged start" + std::to_string(s));
    for (int n : st) start[n] = int8_t(s);
    start[path[s][0]] = int8_t(CAPTAIN0 + s);
  }
  auto at_xy = [&](float x, float y) {
    for (int n = 0; n < kPoints; ++n)
      if (board_.nodes[n].x == x && board_.nodes[n].y == y) return n;
    return -1;
  };
  for (int r = 0; r < 2; ++r)
    for (int n = 0; n < kPoints; ++n)
      for (const Edge& e : board_.nodes[n].edges)
        if (e.to != centre && (r == 0 || e.type != diag)) steps[r][n].push_back(int8_t(e.to));
  for (auto& per : steps)
    for (auto& s : per) std::sort(s.begin(), s.end());
  // A jump runs straight on: over a neighbour to the point beyond it along the
  // same direction, both legs being lines of the chosen reading.
  for (int r = 0; r < 2; ++r)
    for (int n = 0; n < kPoints; ++n)
      for (int over : steps[r][n]) {
        const Node &a = board_.nodes[n], &b = board_.nodes[over];
        int land = at_xy(2 * b.x - a.x, 2 * b.y - a.y);
        if (land >= 0 && std::count(steps[r][over].begin(), steps[r][over].end(), land))
          leaps[r][n].push_back({int8_t(over), int8_t(land)});
      }
}

std::unique_ptr<State> BlueGrayGame::new_state(const Json& o, int) const {
  return std::make_unique<BlueGrayState>(this, o);
}

BlueGrayState::BlueGrayState(const BlueGrayGame* g, const Json& o)
    : State(g),
      g_(g),
      paths_only_(o.value("diagonals_on_paths_only", false)),
      three_ahead_(o.value("three_ahead", false)),
      deadlock_plies_(int16_t(o.value("deadlock_plies", 20))),
      max_plies_(int16_t(o.value("max_plies", 600))) {
  board_ = g->start;
  std::string f = o.value("first", "Blue");
  if (f == "lot") phase_ = LOT;
  cur_ = f == "Gray" ? 1 : 0;
}

void BlueGrayState::set_position(const std::array<int8_t, kPoints>& guards, int adv0, int adv1, int to_move) {
  board_.fill(EMPTY);
  guards_ = {0, 0};
  for (int n = 0; n < kPoints; ++n)
    if (guards[n] == GUARD0 || guards[n] == GUARD1) board_[n] = guards[n], ++guards_[guards[n]];
  adv_ = {int8_t(adv0), int8_t(adv1)};
  for (int s = 0; s < 2; ++s) board_[g_->path[s][adv_[s]]] = int8_t(CAPTAIN0 + s);
  cur_ = int8_t(to_move);
  phase_ = PLAY;
  stuck_ = 0;
  last_.clear();
}

int BlueGrayState::to_move() const { return phase_ == LOT ? kChance : phase_ == PLAY ? cur_ : kTerminal; }

bool BlueGrayState::blocked(int s) const { return adv_[s] + 1 < kPathLen && board_[g_->path[s][adv_[s] + 1]] != EMPTY; }

// An own guard in the way can simply step aside, so only an enemy guard makes a blockade.
bool BlueGrayState::blockaded(int s) const {
  return adv_[s] + 1 < kPathLen && board_[g_->path[s][adv_[s] + 1]] == 1 - s;
}

void BlueGrayState::jump_from(int from, int at, std::vector<int8_t>& path, std::array<bool, kPoints>& taken,
                              std::vector<Jump>& out) const {
  bool more = false;
  int foe = 1 - cur_;
  for (auto [over, land] : g_->leaps[paths_only_][at]) {
    if (board_[over] != foe || taken[over] || (board_[land] != EMPTY && land != from)) continue;
    more = true;
    taken[over] = true;
    path.push_back(land);
    jump_from(from, land, path, taken, out);
    path.pop_back();
    taken[over] = false;
  }
  if (more || path.size() < 2) return;
  int k = 0;
  for (const Jump& j : out) k += j.nodes.front() == from && j.nodes.back() == path.back();
  out.push_back({kJumpBase + (from * kPoints + path.back()) * kJumpSlots + k, path});
}

std::vector<Jump> BlueGrayState::jumps() const {
  std::vector<Jump> out;
  if (phase_ != PLAY) return out;
  std::vector<int8_t> path;
  std::array<bool, kPoints> taken{};
  for (int n = 0; n < kPoints; ++n)
    if (board_[n] == cur_) {
      path = {int8_t(n)};
      jump_from(n, n, path, taken, out);
    }
  return out;
}

bool BlueGrayState::any_jump() const {
  int foe = 1 - cur_;
  for (int n = 0; n < kPoints; ++n)
    if (board_[n] == cur_)
      for (auto [over, land] : g_->leaps[paths_only_][n])
        if (board_[over] == foe && board_[land] == EMPTY) return true;
  return false;
}

std::vector<Action> BlueGrayState::legal() const {
  std::vector<Action> r;
  if (phase_ == LOT) return {0, 1};
  if (phase_ != PLAY) return r;
  if (any_jump()) {
    for (const Jump& j : jumps()) r.push_back(j.id);
    std::sort(r.begin(), r.end());
    return r;
  }
  // Nodes ascending and each step list ascending: the list comes out sorted.
  r.reserve(48);
  int cap = g_->path[cur_][adv_[cur_]];
  for (int n = 0; n < kPoints; ++n) {
    if (board_[n] == cur_) {
      for (int t : g_->steps[paths_only_][n])
        if (board_[t] == EMPTY) r.push_back(kStepBase + n * kPoints + t);
    } else if (n == cap && !blocked(cur_)) {
      r.push_back(kStepBase + n * kPoints + g_->path[cur_][adv_[cur_] + 1]);
    }
  }
  if (r.empty()) r.push_back(kPass);
  return r;
}

void BlueGrayState::finish(int winner, const char* how) {
  winner_ = int8_t(winner);
  how_ = how;
  phase_ = OVER;
}

void BlueGrayState::apply(Action a) {
  if (phase_ == LOT) {
    cur_ = int8_t(a);
    phase_ = PLAY;
    return;
  }
  int me = cur_, opp = 1 - me;
  ++plies_;
  bool progress = false;
  last_.clear();
  if (a >= kJumpBase) {
    for (const Jump& j : jumps()) {
      if (j.id != a) continue;
      for (size_t i = 1; i < j.nodes.size(); ++i)
        for (auto [over, land] : g_->leaps[paths_only_][j.nodes[i - 1]])
          if (land == j.nodes[i]) board_[over] = EMPTY, --guards_[opp];
      board_[j.nodes.back()] = board_[j.nodes.front()];
      if (j.nodes.back() != j.nodes.front()) board_[j.nodes.front()] = EMPTY;
      last_ = j.nodes;
      progress = true;
      break;
    }
  } else if (a >= kStepBase && a < kPass) {
    int from = (a - kStepBase) / kPoints, to = (a - kStepBase) % kPoints;
    board_[to] = board_[from];
    board_[from] = EMPTY;
    last_ = {int8_t(from), int8_t(to)};
    if (board_[to] == CAPTAIN0 + me) {
      ++adv_[me];
      progress = true;
      if (to == g_->centre) return finish(me, N("the captain reached the centre"));
      if (three_ahead_ && adv_[me] - adv_[opp] >= 3) return finish(me, N("the captain is three steps ahead"));
    }
  }
  cur_ = int8_t(opp);
  stuck_ = !progress && blockaded(0) && blockaded(1) ? stuck_ + 1 : 0;
  if (stuck_ >= deadlock_plies_) {
    if (adv_[0] == adv_[1]) return finish(2, N("deadlock with the captains equally far along"));
    return finish(adv_[0] > adv_[1] ? 0 : 1, N("deadlock, and its captain is further along"));
  }
  if (max_plies_ > 0 && plies_ >= max_plies_) return finish(2, N("move limit reached"));
}

std::vector<double> BlueGrayState::returns() const {
  if (phase_ != OVER || winner_ == 2) return {0, 0};
  return winner_ == 0 ? std::vector<double>{1, -1} : std::vector<double>{-1, 1};
}

std::string BlueGrayState::action_name(Action a) const {
  if (phase_ == LOT) return "lot:" + game().seat_name(a);
  if (a == kPass) return "pass";
  if (a >= kJumpBase) {
    for (const Jump& j : jumps())
      if (j.id == a) {
        std::string r;
        for (int8_t n : j.nodes) r += (r.empty() ? "" : "x") + g_->name(n);
        return r;
      }
    return "jump?";
  }
  return g_->name((a - kStepBase) / kPoints) + "-" + g_->name((a - kStepBase) % kPoints);
}

// Words first, then the notation in brackets: the points' coordinates as the
// board's labels show them, "-" for a step, "x" between a jump's landings.
std::string BlueGrayState::public_name(Action a, int) const {
  if (phase_ == LOT) return strf(T("%s moves first, by lot"), game().seat_label(a).c_str());
  if (a == kPass) return T("passes, having no move");
  std::vector<int> n = action_nodes(a);
  if (n.size() < 2) return T("a move");
  const char* piece = board_[n.front()] == CAPTAIN0 + cur_ ? T("captain") : T("guard");
  std::string from = g_->name(n.front()), to = g_->name(n.back());
  if (a < kJumpBase) return strf(T("%s %s to %s (%s-%s)"), piece, from.c_str(), to.c_str(), from.c_str(), to.c_str());
  int taken = int(n.size()) - 1;
  const char* w =
      taken == 1 ? T("%s %s jumps to %s, taking a guard (%s)") : T("%s %s jumps to %s, taking %d guards (%s)");
  std::string note = action_name(a);
  return taken == 1 ? strf(w, piece, from.c_str(), to.c_str(), note.c_str())
                    : strf(w, piece, from.c_str(), to.c_str(), taken, note.c_str());
}

std::vector<int> BlueGrayState::action_nodes(Action a) const {
  if (phase_ != PLAY || a == kPass) return {};
  if (a >= kJumpBase) {
    for (const Jump& j : jumps())
      if (j.id == a) return std::vector<int>(j.nodes.begin(), j.nodes.end());
    return {};
  }
  return {(a - kStepBase) / kPoints, (a - kStepBase) % kPoints};
}

GAMUT_COLD Json BlueGrayState::view(int) const {
  static const char* kPhase[] = {"lot", "play", "over"};
  Json pieces = Json::array(), side = Json::array();
  for (int n = 0; n < kPoints; ++n) {
    int p = board_[n];
    if (p == EMPTY) continue;
    pieces.push_back({{"node", g_->name(n)},
                      {"seat", p & 1},
                      {"face", p >= CAPTAIN0 ? p == CAPTAIN0 ? "captain0" : "captain1" : "guard"}});
  }
  for (int s = 0; s < 2; ++s)
    for (int k = guards_[s]; k < 17; ++k) side.push_back({{"seat", s}, {"face", "guard"}, {"where", "captured"}});
  Json last = Json::array();
  for (int8_t n : last_) last.push_back(g_->name(n));
  Json status = Json::array();
  for (int s = 0; s < 2; ++s)
    // Whole lines, each translated as one (core/text.h).
    status.push_back(strf(blockaded(s) ? T("%s captain: %d/17 steps (blockaded), guards %d")
                          : blocked(s) ? T("%s captain: %d/17 steps (blocked by own guard), guards %d")
                                       : T("%s captain: %d/17 steps, guards %d"),
                          game().seat_label(s).c_str(), int(adv_[s]), int(guards_[s])));
  if (blockaded(0) && blockaded(1) && phase_ == PLAY)
    status.push_back(strf(T("Both captains blockaded: %d/%d plies to deadlock"), int(stuck_), int(deadlock_plies_)));
  if (phase_ == PLAY && any_jump()) status.push_back(strf(T("%s must jump"), game().seat_label(cur_).c_str()));
  Json v = {{"phase", kPhase[phase_]},
            {"pieces", pieces},
            {"side", side},
            {"last", last},
            {"status", status},
            {"advance", {adv_[0], adv_[1]}},
            {"guards", {guards_[0], guards_[1]}},
            {"deadlock", stuck_},
            {"plies", plies_}};
  if (phase_ == OVER) v["how"] = how_;
  return v;
}

GAMUT_COLD std::string BlueGrayState::debug() const {
  std::ostringstream o;
  o << "phase " << int(phase_) << " cur " << int(cur_) << " winner " << int(winner_) << " plies " << plies_ << " adv "
    << int(adv_[0]) << "," << int(adv_[1]) << " stuck " << stuck_ << "\n";
  for (int r = 8; r >= 0; --r) {
    for (int c = 0; c < 9; ++c) {
      int n = -1;
      for (int k = 0; k < kPoints; ++k)
        if (game().board().nodes[k].x == c && game().board().nodes[k].y == 8 - r) n = k;
      int p = board_[n];
      o << (p == EMPTY ? (n == g_->centre ? '+' : '.') : "bgBG"[p]);
    }
    o << "\n";
  }
  o << "last";
  for (int8_t n : last_) o << " " << int(n);
  return o.str();
}

GAMUT_COLD void BlueGrayState::check() const {
  auto fail = [](const std::string& m) { throw std::logic_error("blue-and-gray: " + m); };
  int count[4] = {0, 0, 0, 0};
  for (int n = 0; n < kPoints; ++n) {
    int p = board_[n];
    if (p < EMPTY || p > CAPTAIN1) fail("bad piece code");
    if (p == EMPTY) continue;
    ++count[p];
    if (p < CAPTAIN0 && n == g_->centre) fail("a guard stands on the centre");
  }
  for (int s = 0; s < 2; ++s) {
    if (count[s] != guards_[s]) fail("guard count wrong");
    if (count[CAPTAIN0 + s] != 1) fail("a captain is missing or doubled");
    if (adv_[s] < 0 || adv_[s] >= kPathLen) fail("advance out of range");
    if (board_[g_->path[s][adv_[s]]] != CAPTAIN0 + s) fail("captain off its path point");
    if (phase_ != OVER && adv_[s] == kPathLen - 1) fail("a captain is on the centre but the game goes on");
  }
  if (phase_ == PLAY) {
    if (legal().empty()) fail("no legal action in play");
    if (three_ahead_ && std::abs(adv_[0] - adv_[1]) >= 3) fail("three ahead but the game goes on");
    if (stuck_ >= deadlock_plies_) fail("deadlock count passed");
    if (max_plies_ > 0 && plies_ >= max_plies_) fail("ply limit passed");
  }
}

// Captain race first: steps taken, with the last steps worth more (the final
// step cannot be stopped, since guards never enter the centre), less what
// stands in the captain's way; then material, and the capture the side to
// move is bound to make.
// Captain race first: steps taken, the last ones worth more (the final step
// cannot be stopped, since guards never enter the centre), less what stands
// in the captain's way, an enemy guard on the very next point most of all;
// then material, and the capture the side to move is bound to make. The
// blockade weights were tuned against the greedy bot (ai vs greedy).
double BlueGrayState::heuristic(int seat) const {
  if (phase_ == OVER) return returns()[seat] * 100;
  static const double kStep[kPathLen] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13.2, 14.5, 16, 19, 0};
  double h = 0;
  for (int s = 0; s < 2; ++s) {
    double v = kStep[adv_[s]] + 0.6 * guards_[s];
    for (int k = adv_[s] + 1, d = 1; k < kPathLen - 1 && d <= 4; ++k, ++d) {
      int p = board_[g_->path[s][k]];
      if (p == 1 - s)
        v -= (d == 1 ? 1.5 : 0.6) / d;
      else if (p == s)
        v -= 0.15 / d;
    }
    h += s == seat ? v : -v;
  }
  if (phase_ == PLAY) {
    int best = 0;
    if (any_jump())
      for (const Jump& j : jumps()) best = std::max(best, int(j.nodes.size()) - 1);
    double t = 0.3 + 0.5 * best;
    if (adv_[cur_] == kPathLen - 2) t += 20;  // one step from the centre, to move: a win
    h += cur_ == seat ? t : -t;
  }
  return h;
}

// Random playouts here are long and aimless; one ply then the heuristic
// makes the search a shallow heuristic tree search, which plays far better.
int BlueGrayState::playout_plies() const { return 1; }

static std::shared_ptr<const Game> make(const Json& d, int v) { return std::make_shared<BlueGrayGame>(d, v); }
GAMUT_REGISTER_GAME("blue-and-gray", make);

}  // namespace gamut::blue_and_gray
