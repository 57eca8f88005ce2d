#include "geister.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "core/cold.h"
#include "core/text.h"

namespace gamut::geister {

GAMUT_COLD GeisterGame::GeisterGame(const Json& data, int version) : Game("geister", 2, 2, true, data, version) {
  const std::string w = "geister v" + std::to_string(version) + " board";
  if (int(board_.nodes.size()) != kSquares) throw DataError(w + ": Geister needs 36 squares");
  int grid = board_.edge_type("grid");
  if (grid < 0) throw DataError(w + ": needs edges of type 'grid'");
  for (int s = 0; s < 2; ++s) {
    std::vector<int> st = board_.tagged("start" + std::to_string(s));
    if (st.size() != 8) throw DataError(w + ": needs exactly 8 squares tagged start" + std::to_string(s));
    std::copy(st.begin(), st.end(), start[s].begin());
    exit[s].fill(false);
    std::vector<int> ex = board_.tagged("exit" + std::to_string(s));
    if (ex.size() != 2) throw DataError(w + ": needs exactly 2 squares tagged exit" + std::to_string(s));
    for (int e : ex) exit[s][e] = true;
  }
  for (int n = 0; n < kSquares; ++n) {
    adj[n] = board_.neighbours(n, grid);
    std::sort(adj[n].begin(), adj[n].end());
    if (adj[n].size() > 4) throw DataError(w + ": a square has more than four grid neighbours");
    near_count[n] = int8_t(adj[n].size());
    near_mask[n] = 0;
    for (size_t k = 0; k < adj[n].size(); ++k) near[n][k] = int8_t(adj[n][k]), near_mask[n] |= uint64_t(1) << adj[n][k];
  }
  int k = 0;
  for (int a = 0; a < 8; ++a)
    for (int b = a + 1; b < 8; ++b)
      for (int c = b + 1; c < 8; ++c)
        for (int d = c + 1; d < 8; ++d) setups[k++] = {int8_t(a), int8_t(b), int8_t(c), int8_t(d)};
  init_ai(*this);
}

int GeisterGame::setup_index(const std::array<bool, 8>& good) const {
  for (int i = 0; i < kSetups; ++i) {
    std::array<bool, 8> g{};
    for (int8_t s : setups[i]) g[s] = true;
    if (g == good) return i;
  }
  return -1;
}

std::unique_ptr<State> GeisterGame::new_state(const Json& o, int) const {
  std::string f = o.value("first", "lot");
  return std::make_unique<GeisterState>(this, o.value("max_plies", 300), f == "South" ? 0 : f == "North" ? 1 : -1);
}

GeisterState::GeisterState(const GeisterGame* g, int max_plies, int first)
    : State(g), g_(g), first_(int8_t(first)), max_plies_(int16_t(max_plies)) {
  board_.fill(-1);
}

int GeisterState::to_move() const {
  switch (phase_) {
    case SETUP0:
      return 0;
    case SETUP1:
      return 1;
    case LOT:
      return kChance;
    case PLAY:
      return cur_;
    default:
      return kTerminal;
  }
}

std::vector<Action> GeisterState::legal() const {
  std::vector<Action> r;
  legal_into(r);
  return r;
}

// The side's squares in ascending order, each square's neighbours ascending,
// escapes (numbered above every move) after the moves: sorted without sorting
// the moves, only the eight squares.
uint64_t GeisterState::squares_of(int seat) const {
  uint64_t m = 0;
  for (int i = seat * 8; i < seat * 8 + 8; ++i)
    if (ghosts_[i].at >= 0) m |= uint64_t(1) << ghosts_[i].at;
  return m;
}

void GeisterState::legal_into(std::vector<Action>& r) const {
  r.clear();
  if (phase_ == SETUP0 || phase_ == SETUP1) {
    for (int i = 0; i < kSetups; ++i) r.push_back(i);
  } else if (phase_ == LOT) {
    r = {0, 1};
  } else if (phase_ == PLAY) {
    // The mover's squares as bits: walked lowest first, they give the moves in the order of
    // squares with no sorting, and a target is free unless its bit is set.
    uint64_t own = squares_of(cur_);
    Action moves[8 * 4 + 8];
    int n = 0, escapes[8], n_escapes = 0;
    for (uint64_t f = own; f; f &= f - 1) {
      int from = __builtin_ctzll(f);
      for (uint64_t t = g_->near_mask[from] & ~own; t; t &= t - 1)
        moves[n++] = kMoveBase + from * kSquares + __builtin_ctzll(t);
      if (ghosts_[board_[from]].good && g_->exit[cur_][from]) escapes[n_escapes++] = kEscapeBase + from;
    }
    for (int e = 0; e < n_escapes; ++e) moves[n++] = escapes[e];
    r.assign(moves, moves + n);
  }
}

bool GeisterState::can_move() const {
  for (int i = cur_ * 8; i < cur_ * 8 + 8; ++i) {
    int from = ghosts_[i].at;
    if (from < 0) continue;
    if (ghosts_[i].good && g_->exit[cur_][from]) return true;
    for (int k = 0; k < g_->near_count[from]; ++k) {
      int o = board_[g_->near[from][k]];
      if (o < 0 || o / 8 != cur_) return true;
    }
  }
  return false;
}

int GeisterState::captured(int owner, bool good) const {
  int n = 0;
  for (int i = owner * 8; i < owner * 8 + 8; ++i) n += ghosts_[i].at == kCaptured && ghosts_[i].good == good;
  return n;
}

void GeisterState::set_position(const std::array<Ghost, kGhosts>& ghosts, int to_move, int moves, int max_moves) {
  ghosts_ = ghosts;
  board_.fill(-1);
  for (int i = 0; i < kGhosts; ++i)
    if (ghosts_[i].at >= 0) board_[ghosts_[i].at] = int8_t(i);
  phase_ = PLAY;
  cur_ = int8_t(to_move);
  first_ = int8_t(to_move);
  winner_ = -1;
  plies_ = moves + 2;  // plies_ counts the two set-ups
  max_plies_ = int16_t(max_moves);
  last_from_ = last_to_ = -1;
  how_ = "";
}

void GeisterState::finish(int winner, const char* how) {
  winner_ = int8_t(winner);
  how_ = how;
  phase_ = OVER;
}

void GeisterState::apply(Action a) {
  if (phase_ == SETUP0 || phase_ == SETUP1) {
    int s = phase_ == SETUP0 ? 0 : 1;
    std::array<bool, 8> good{};
    for (int8_t k : g_->setups[a]) good[k] = true;
    for (int k = 0; k < 8; ++k) {
      Ghost& gh = ghosts_[s * 8 + k];
      gh.at = int8_t(g_->start[s][k]);
      gh.good = good[k];
      board_[gh.at] = int8_t(s * 8 + k);
    }
    ++plies_;
    phase_ = s == 0 ? SETUP1 : (first_ < 0 ? LOT : PLAY);
    if (phase_ == PLAY) cur_ = first_;
    return;
  }
  if (phase_ == LOT) {
    cur_ = int8_t(a);
    phase_ = PLAY;
    return;
  }
  int me = cur_, opp = 1 - me;
  ++plies_;
  if (a >= kEscapeBase) {
    int from = a - kEscapeBase;
    Ghost& gh = ghosts_[board_[from]];
    board_[from] = -1;
    gh.at = kEscaped;
    gh.revealed = true;
    last_from_ = int16_t(from);
    last_to_ = -1;
    return finish(me, N("a good ghost escaped"));
  }
  int from = (a - kMoveBase) / kSquares, to = (a - kMoveBase) % kSquares;
  note_move(from, to);
  int victim = board_[to];
  board_[to] = board_[from];
  board_[from] = -1;
  ghosts_[board_[to]].at = int8_t(to);
  last_from_ = int16_t(from);
  last_to_ = int16_t(to);
  if (victim >= 0) {
    ghosts_[victim].at = kCaptured;
    ghosts_[victim].revealed = true;
    if (captured(opp, true) == 4) return finish(me, N("all four good ghosts captured"));
    if (captured(opp, false) == 4) return finish(opp, N("all four evil ghosts were taken"));
  }
  cur_ = int8_t(opp);
  int moves = plies_ - 2;
  if (max_plies_ > 0 && moves >= max_plies_) return finish(2, N("move limit reached"));
  if (!can_move()) return finish(me, N("the opponent has no legal move"));
}

std::vector<double> GeisterState::returns() const {
  if (phase_ != OVER || winner_ == 2) return {0, 0};
  return winner_ == 0 ? std::vector<double>{1, -1} : std::vector<double>{-1, 1};
}

static std::string sq(const Game& g, int n) { return g.board().nodes[n].id; }

std::string GeisterState::action_name(Action a) const {
  if (phase_ == LOT) return std::string("lot:") + game().seat_name(a);
  if (a < kSetups) {
    int s = phase_ == SETUP1 ? 1 : 0;
    std::string r = "setup:";
    std::array<bool, 8> good{};
    for (int8_t k : g_->setups[a]) good[k] = true;
    for (int k = 0; k < 8; ++k) r += good[k] ? 'G' : 'E';
    (void)s;
    return r;
  }
  if (a >= kEscapeBase) return sq(game(), a - kEscapeBase) + "-out";
  return sq(game(), (a - kMoveBase) / kSquares) + "-" + sq(game(), (a - kMoveBase) % kSquares);
}

// Words first, then the notation in brackets: the squares' coordinates
// (files a-f, ranks 1-6, as the board's labels show them), "x" for a capture.
std::string GeisterState::public_name(Action a, int viewer) const {
  if (phase_ == SETUP0 || phase_ == SETUP1) {
    int s = phase_ == SETUP0 ? 0 : 1;
    if (viewer != s) return T("sets up the ghosts, face down");
    std::string good;
    for (int8_t k : g_->setups[a]) good += (good.empty() ? "" : " ") + sq(game(), g_->start[s][k]);
    return strf(T("sets up the ghosts, good ones on %s"), good.c_str());
  }
  if (phase_ == LOT) return strf(T("%s moves first, by lot"), game().seat_label(a).c_str());
  if (a >= kEscapeBase) {
    std::string from = sq(game(), a - kEscapeBase);
    return strf(T("a good ghost escapes from %s (%s-out)"), from.c_str(), from.c_str());
  }
  int from = (a - kMoveBase) / kSquares, to = (a - kMoveBase) % kSquares;
  std::string f = sq(game(), from), t = sq(game(), to);
  if (board_[to] >= 0) {
    // The taken ghost is shown to both players (and to spectators): its colour is public.
    const char* w = ghosts_[board_[to]].good ? T("ghost %s takes %s, a good ghost (%sx%s)")
                                             : T("ghost %s takes %s, an evil ghost (%sx%s)");
    return strf(w, f.c_str(), t.c_str(), f.c_str(), t.c_str());
  }
  return strf(T("ghost %s to %s (%s-%s)"), f.c_str(), t.c_str(), f.c_str(), t.c_str());
}

GAMUT_COLD Json GeisterState::view(int seat) const {
  static const char* kPhase[] = {"setup", "setup", "lot", "play", "over"};
  Json pieces = Json::array(), side = Json::array();
  for (int i = 0; i < kGhosts; ++i) {
    const Ghost& gh = ghosts_[i];
    int owner = i / 8;
    bool show = gh.revealed || owner == seat || phase_ == OVER;
    std::string face = show ? (gh.good ? "good" : "evil") : "hidden";
    if (gh.at >= 0)
      pieces.push_back({{"node", sq(game(), gh.at)}, {"seat", owner}, {"face", face}});
    else if (gh.at == kCaptured || gh.at == kEscaped)
      side.push_back({{"seat", owner}, {"face", face}, {"where", gh.at == kCaptured ? N("captured") : N("escaped")}});
  }
  Json v = {{"phase", kPhase[phase_]},
            {"pieces", pieces},
            {"side", side},
            {"plies", std::max(0, plies_ - 2)},
            {"max_plies", max_plies_}};
  if (last_from_ >= 0)
    v["last"] = last_to_ >= 0 ? Json{sq(game(), last_from_), sq(game(), last_to_)} : Json{sq(game(), last_from_)};
  for (int s = 0; s < 2; ++s) v["captured_by"][s] = {{"good", captured(1 - s, true)}, {"evil", captured(1 - s, false)}};
  if (phase_ == OVER) v["how"] = how_;
  return v;
}

// For the screen reader: the captures in words (they are public: a taken
// ghost is shown face up), which the generic "beside the board" boxes leave
// ambiguous, and the move limit.
std::vector<std::string> GeisterState::describe(int seat) const {
  std::vector<std::string> out;
  for (int s = 0; s < 2; ++s) {
    int good = captured(1 - s, true), evil = captured(1 - s, false);
    std::string who = game().seat_label(s), other = game().seat_label(1 - s);
    if (seat == s)
      out.push_back(strf(T("You have taken %d good and %d evil ghosts from %s."), good, evil, other.c_str()));
    else
      out.push_back(strf(T("%s has taken %d good and %d evil ghosts from %s."), who.c_str(), good, evil,
                         seat == 1 - s ? T("you") : other.c_str()));
  }
  if (max_plies_ > 0 && phase_ >= PLAY)
    out.push_back(strf(T("Move %d of at most %d."), std::max(0, plies_ - 2), int(max_plies_)));
  return out;
}

std::unique_ptr<State> GeisterState::determinize(int seat, Rng& rng) const {
  auto s = std::make_unique<GeisterState>(*this);
  if (phase_ == OVER || seat < 0 || seat > 1) return s;
  s->viewer_ = int8_t(seat);
  // Re-deal the opponent's unrevealed colours; the counts of good and evil
  // among them follow from what has been revealed. Which ghosts get the good
  // faces is drawn from the beliefs (lean()): one by one, each with weight
  // its odds of being good.
  int opp = 1 - seat;
  int unknown[8], n = 0;
  int good_left = 4;
  for (int i = opp * 8; i < opp * 8 + 8; ++i) {
    if (ghosts_[i].at == kOffBoard) return s;  // not set up yet
    if (ghosts_[i].revealed)
      good_left -= ghosts_[i].good;
    else
      unknown[n++] = i;
  }
  double w[8];
  for (int k = 0; k < n; ++k) w[k] = std::exp(lean(unknown[k])), s->ghosts_[unknown[k]].good = false;
  for (int g = 0; g < good_left; ++g) {
    double tot = 0;
    for (int k = 0; k < n; ++k) tot += w[k];
    double u = rng.uniform() * tot;
    int k = 0;
    for (; k < n - 1; ++k) {
      if (w[k] > 0 && u < w[k]) break;
      u -= w[k];
    }
    while (w[k] <= 0) --k;  // rounding: the last ghost still in the draw
    s->ghosts_[unknown[k]].good = true;
    w[k] = 0;
  }
  // An opponent seen to take every capture it could is taken to go on doing
  // so in three determinizations of four: a rusher takes the captures that
  // lie on its way and looks the same for a while (search_moves).
  if (grabby(opp)) s->takes_all_ = rng.uniform() < 0.75;
  return s;
}

GAMUT_COLD std::string GeisterState::debug() const {
  std::ostringstream o;
  // The rules' position only: tests/golden fingerprints this, and the AI's beliefs are not rules.
  o << "phase " << int(phase_) << " cur " << int(cur_) << " winner " << int(winner_) << " plies " << plies_ << "\n";
  for (int r = 5; r >= 0; --r) {
    for (int c = 0; c < 6; ++c) {
      int g = board_[r * 6 + c];
      o << (g < 0 ? '.' : ghosts_[g].good ? (g < 8 ? 'G' : 'g') : (g < 8 ? 'E' : 'e'));
    }
    o << "\n";
  }
  for (const Ghost& g : ghosts_) o << int(g.at) << (g.good ? 'g' : 'e') << (g.revealed ? '!' : ' ');
  return o.str();
}

GAMUT_COLD void GeisterState::check() const {
  auto fail = [](const std::string& m) { throw std::logic_error("geister: " + m); };
  for (int n = 0; n < kSquares; ++n)
    if (board_[n] >= 0 && ghosts_[board_[n]].at != n) fail("board and ghost disagree at " + std::to_string(n));
  int placed = 0;
  for (int i = 0; i < kGhosts; ++i) {
    const Ghost& g = ghosts_[i];
    if (g.at >= 0 && board_[g.at] != i) fail("ghost " + std::to_string(i) + " not on its square");
    if (g.at == kOffBoard) continue;
    ++placed;
    if ((g.at == kCaptured || g.at == kEscaped) != g.revealed) fail("revealed flag wrong");
  }
  for (int s = 0; s < 2; ++s) {
    int good = 0;
    for (int i = s * 8; i < s * 8 + 8; ++i) good += ghosts_[i].good;
    if (ghosts_[s * 8].at != kOffBoard && good != 4) fail("a side must have four good ghosts");
    if (phase_ != OVER && (captured(s, true) == 4 || captured(s, false) == 4)) fail("game should be over");
  }
  if (phase_ >= LOT && placed != kGhosts) fail("ghosts missing after set-up");
  if (phase_ == PLAY && legal().empty()) fail("side to move has no move but game goes on");
  if (max_plies_ > 0 && plies_ - 2 > max_plies_) fail("ply limit passed");
}

double GeisterState::heuristic(int seat) const {
  if (phase_ == OVER) return returns()[seat] * 100;
  int opp = 1 - seat;
  // Captures weigh more as a side nears four: the fourth good ghost taken,
  // or the fourth evil one given, ends the game.
  static const double kGood[5] = {0, 3, 6.5, 11, 100}, kEvil[5] = {0, 1, 2.5, 6, 100};
  double h = kGood[captured(opp, true)] - kGood[captured(seat, true)] + kEvil[captured(seat, false)] -
             kEvil[captured(opp, false)];
  // The race to the exits: each side's good ghost nearest to leaving. One
  // on its exit with its side to move, or out of reach, is as good as out.
  if (phase_ != PLAY) return h;
  for (int s = 0; s < 2; ++s) {
    int best = 99, at = -1;
    for (int i = s * 8; i < s * 8 + 8; ++i) {
      const Ghost& g = ghosts_[i];
      if (g.at < 0 || !g.good) continue;
      int d = g_->exit_dist[s][g.at];
      if (d < best) best = d, at = g.at;
    }
    if (at < 0) continue;
    bool attacked = false;
    for (int n : g_->adj[at])
      if (board_[n] >= 0 && board_[n] / 8 != s) attacked = true;
    double t = best == 0   ? (cur_ == s || !attacked ? 12 : 5)
               : best == 1 ? (cur_ == s && !attacked ? 5 : 2.5)
               : best == 2 ? 1.2
                           : 0.3 * (10 - best) / 10.0;
    h += s == seat ? t : -t;
  }
  return h;
}

Action GeisterState::playout_action(Rng& rng) const {
  // A free set-up (the bots ask here, see ai_randomizes): one of the sound ones.
  if (phase_ == SETUP0 || phase_ == SETUP1) {
    const std::vector<int>& ok = g_->sound_setups[phase_ == SETUP0 ? 0 : 1];
    return ok.empty() ? -1 : ok[rng.below(int(ok.size()))];
  }
  if (phase_ != PLAY) return -1;
  int me = cur_, opp = 1 - me;
  // A good ghost on an exit leaves: random playouts let it dawdle, which
  // underrates escapes and so the need to guard the corners.
  for (int i = me * 8; i < me * 8 + 8; ++i)
    if (ghosts_[i].good && ghosts_[i].at >= 0 && g_->exit[me][ghosts_[i].at]) return kEscapeBase + ghosts_[i].at;
  // Colour-blind towards the enemy, as a player is: a ghost on or next to
  // its exit is taken when it can be, other captures half the time. Playouts
  // that knew the enemy's colours would never take an evil ghost, nor fear
  // that the enemy takes one of ours by mistake.
  // The count of evil ghosts already taken matters as a player sees it:
  // after three, the next unknown ghost taken may end the game, so only a
  // ghost about to leave is worth that gamble, and then not always.
  // An opponent seen to take every capture it can (grabby_, geister_ai.cpp)
  // is played as it plays: without that, a guard that took three evil ghosts
  // is never offered the fourth, and the game drifts to the move limit. The
  // searching seat's own side knows better than to take it.
  int evil_taken = captured(opp, false);
  bool greedy = me != viewer_ && grabby(me);
  double rash = evil_taken >= 3 ? (greedy ? 0.9 : 0) : evil_taken == 2 ? 0.25 : 0.5;
  // The squares as bits, walked lowest first: the neighbours in ascending order, as adj lists them.
  uint64_t own = squares_of(me);
  Action take = -1, near = -1;
  for (int i = opp * 8; i < opp * 8 + 8; ++i) {
    const Ghost& g = ghosts_[i];
    if (g.at < 0) continue;
    for (uint64_t t = g_->near_mask[g.at] & own; t; t &= t - 1) {
      Action a = kMoveBase + __builtin_ctzll(t) * kSquares + g.at;
      int d = g_->exit_dist[opp][g.at];
      if (evil_taken < 3 ? d <= 1 : d == 0 && rng.uniform() < 0.5) return a;
      take = a;
    }
  }
  double u = rng.uniform();
  if (take >= 0 && u < rash) return take;
  if (u < 0.8) {
    if (evil_taken < 3 || take < 0) return -1;
    // A random move, but not a random capture.
    Action quiet[8 * 4];
    int n = 0;
    uint64_t taken = own | squares_of(opp);
    for (int i = me * 8; i < me * 8 + 8; ++i) {
      int at = ghosts_[i].at;
      if (at < 0) continue;
      for (uint64_t t = g_->near_mask[at] & ~taken; t; t &= t - 1)
        quiet[n++] = kMoveBase + at * kSquares + __builtin_ctzll(t);
    }
    return n ? quiet[rng.below(n)] : -1;
  }
  // Now and then a good ghost steps towards the exits.
  int best = 99;
  for (int i = me * 8; i < me * 8 + 8; ++i) {
    const Ghost& g = ghosts_[i];
    if (g.at < 0 || !g.good) continue;
    for (uint64_t t = g_->near_mask[g.at] & ~own; t; t &= t - 1) {
      int n = __builtin_ctzll(t);
      if (g_->exit_dist[me][n] < best) best = g_->exit_dist[me][n], near = kMoveBase + g.at * kSquares + n;
    }
  }
  return near;
}

std::vector<int> GeisterState::action_nodes(Action a) const {
  if (phase_ != PLAY) return {};
  if (a >= kEscapeBase) return {a - kEscapeBase, -1};  // -1: off the board
  return {(a - kMoveBase) / kSquares, (a - kMoveBase) % kSquares};
}

static std::shared_ptr<const Game> make(const Json& d, int v) { return std::make_shared<GeisterGame>(d, v); }
GAMUT_REGISTER_GAME("geister", make);

}  // namespace gamut::geister
