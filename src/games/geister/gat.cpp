#include "gat.h"

#include <algorithm>
#include <cstring>

namespace gamut::geister::gat {

Message parse_board(const std::string& s) {
  std::string b = s;
  while (!b.empty() && (b.back() == ' ' || b.back() == '\r' || b.back() == '\n')) b.pop_back();
  if (b.size() != 48) throw DataError("GAT board must be 48 characters, got " + std::to_string(b.size()) + ": " + b);
  Message m;
  for (int i = 0; i < kGhosts; ++i) {
    char x = b[i * 3], y = b[i * 3 + 1], c = b[i * 3 + 2];
    if (x < '0' || x > '9' || y < '0' || y > '9' || !std::strchr("RBrbu", c) || c == 0)
      throw DataError("bad GAT board entry '" + b.substr(i * 3, 3) + "'");
    m[i] = {x - '0', y - '0', c};
    if (!m[i].on_board() && !m[i].captured() && !m[i].escaped())
      throw DataError("GAT board square off the 6x6 grid: '" + b.substr(i * 3, 3) + "'");
  }
  return m;
}

std::string encode_board(const Message& m) {
  std::string r;
  for (const Entry& e : m) r += {char('0' + e.x), char('0' + e.y), e.c};
  return r;
}

int node_of(const GeisterGame& g, int seat, int x, int y) {
  if (seat == 1) x = 5 - x, y = 5 - y;
  for (size_t n = 0; n < g.board().nodes.size(); ++n)
    if (int(g.board().nodes[n].x) == x && int(g.board().nodes[n].y) == y) return int(n);
  throw DataError("no Geister square at " + std::to_string(x) + "," + std::to_string(y));
}

void xy_of(const GeisterGame& g, int seat, int node, int& x, int& y) {
  x = int(g.board().nodes[node].x);
  y = int(g.board().nodes[node].y);
  if (seat == 1) x = 5 - x, y = 5 - y;
}

std::unique_ptr<GeisterState> state_from_board(const GeisterGame& g, const Message& m, int seat, int to_move, int moves,
                                               int max_moves) {
  std::array<Ghost, kGhosts> gh{};
  // Message entries 0-7 are the client's, 8-15 the opponent's; in the state
  // the client's are seat*8.., whoever seat 0 is.
  int unknown_good = 4;
  for (int k = 0; k < kGhosts; ++k) {
    const Entry& e = m[k];
    Ghost& o = gh[(k < 8 ? seat : 1 - seat) * 8 + k % 8];
    o.at = int8_t(e.captured() ? kCaptured : e.escaped() ? kEscaped : node_of(g, seat, e.x, e.y));
    o.revealed = o.at < 0;
    o.good = e.c == 'B' || e.c == 'b';
    if (k >= 8 && e.c != 'u') unknown_good -= o.good;
  }
  // Placeholder colours for the opponent's unseen ghosts; only the count of
  // good ones matters, since the AI re-deals them.
  for (int k = 8; k < kGhosts; ++k) {
    if (m[k].c != 'u') continue;
    Ghost& o = gh[(1 - seat) * 8 + k % 8];
    o.good = unknown_good > 0;
    unknown_good -= o.good;
    if (o.at < 0) o.revealed = true;  // a server that hides a capture's colour: keep the state valid
  }
  auto s = std::make_unique<GeisterState>(&g, max_moves, to_move);
  s->set_position(gh, to_move, moves, moves < max_moves ? max_moves : 0);
  return s;
}

std::string move_command(const GeisterState& s, int seat, Action a) {
  const auto& g = static_cast<const GeisterGame&>(s.game());
  int from = a >= kEscapeBase ? a - kEscapeBase : (a - kMoveBase) / kSquares;
  int ghost = s.occupant(from);
  if (ghost < 0 || ghost / 8 != seat) throw DataError("move_command: no own ghost on the square");
  std::string r = std::string(1, char('A' + ghost % 8)) + ",";
  int fx, fy;
  xy_of(g, seat, from, fx, fy);
  if (a >= kEscapeBase) return r + (fx == 0 ? "WEST" : "EAST");
  int tx, ty;
  xy_of(g, seat, (a - kMoveBase) % kSquares, tx, ty);
  if (ty < fy) return r + "NORTH";
  if (ty > fy) return r + "SOUTH";
  return r + (tx > fx ? "EAST" : "WEST");
}

Client::Client(std::unique_ptr<Bot> bot, uint64_t seed, int seat)
    : bot_(std::move(bot)), rng_(seed), seat_(seat), game_(load_game("geister")) {}

std::string Client::feed(const std::string& bytes) {
  buf_ += bytes;
  std::string out;
  for (size_t i; !over() && (i = buf_.find('\n')) != std::string::npos;) {
    std::string l = buf_.substr(0, i);
    buf_.erase(0, i + 1);
    if (!l.empty() && l.back() == '\r') l.pop_back();
    log.push_back("< " + l);
    std::string r = line(l);
    if (!r.empty()) {
      log.push_back("> " + r);
      out += r + "\r\n";
    }
  }
  return out;
}

std::string Client::retry() {
  if (!retry_ || over()) return "";
  retry_ = false;
  std::string r = wait_ == SENT_SET ? choose_setup() : choose_move();
  log.push_back("> " + r);
  return r + "\r\n";
}

std::string Client::choose_setup() {
  // Uniform over all 70 set-ups, so no habit can be read; a refused one is not repeated.
  for (;;) {
    std::string letters = "ABCDEFGH", red;
    rng_.shuffle(letters);
    red = letters.substr(0, 4);
    std::sort(red.begin(), red.end());
    if (set_tried_.find("|" + red) == std::string::npos || set_tried_.size() > 70 * 5) {
      set_tried_ += "|" + red;
      wait_ = SENT_SET;
      return "SET:" + red;
    }
  }
}

std::string Client::choose_move() {
  wait_ = SENT_MOVE;
  std::vector<Action> legal = pos_->legal();
  if (legal.empty()) return "MOV:A,NORTH";  // cannot happen in a live game; the server will answer
  std::string cmd;
  if (tried_.empty()) {
    Rng r(rng_.next());
    cmd = move_command(*pos_, seat_, bot_->choose(*pos_, seat_, r));
  }
  if (cmd.empty() || tried_.count(cmd)) {
    // After NG: the server disagrees with our reading; try the other moves.
    std::vector<std::string> left;
    for (Action a : legal)
      if (!tried_.count(move_command(*pos_, seat_, a))) left.push_back(move_command(*pos_, seat_, a));
    if (left.empty()) tried_.clear(), left.push_back(move_command(*pos_, seat_, legal[rng_.below(int(legal.size()))]));
    cmd = left[rng_.below(int(left.size()))];
  }
  tried_.insert(cmd);
  ++moves_sent_;
  return "MOV:" + cmd;
}

std::string Client::line(const std::string& l) {
  if (l.rfind("SET?", 0) == 0) {
    retry_ = false;
    return choose_setup();
  }
  if (l.rfind("OK", 0) == 0) {
    if (wait_ == SENT_SET) red_ = set_tried_.substr(set_tried_.size() - 4);
    wait_ = IDLE;
    return "";
  }
  if (l.rfind("NG", 0) == 0) {
    ++refused_;
    // The reference server answers NG and waits for another command; the
    // spec's wording ("asked again") also allows a fresh SET?/MOV?. So the
    // retry waits for retry() after a quiet spell, or for that fresh prompt.
    retry_ = wait_ == SENT_SET || (wait_ == SENT_MOVE && pos_);
    return "";
  }
  if (l.rfind("MOV?", 0) == 0) {
    std::string board = l.substr(4);
    Message m = parse_board(board);
    // Own colours are never unknown to us; fill them in should a server say 'u'.
    for (int k = 0; k < 8; ++k)
      if (m[k].c == 'u' && !red_.empty()) m[k].c = red_.find(char('A' + k)) != std::string::npos ? 'R' : 'B';
    // The same board again right after NG is the server asking again, not a new turn.
    bool again = retry_ && board == last_board_;
    retry_ = false;
    if (!again) ++boards_, tried_.clear();
    last_board_ = board;
    if (first_ < 0) {
      // Before the first move every opponent ghost stands on its start square
      // (x 1-4, y 0-1); after any opponent move one has left them.
      bool untouched = true;
      for (int k = 8; k < kGhosts; ++k) untouched &= m[k].x >= 1 && m[k].x <= 4 && m[k].y <= 1;
      first_ = untouched ? 1 : 0;
    }
    int moves = first_ ? 2 * (boards_ - 1) : 2 * boards_ - 1;
    pos_ = state_from_board(static_cast<const GeisterGame&>(*game_), m, seat_, seat_, moves);
    return choose_move();
  }
  for (const char* end : {"WON:", "LST:", "DRW:"}) {
    if (l.rfind(end, 0) != 0) continue;
    result_ = std::string(end, 3);
    try {
      final_ = parse_board(l.substr(4));
    } catch (const DataError&) {
      // The result is what counts; a short or odd final board is only logged.
      log.push_back("! could not read the final board");
    }
    return "";
  }
  return "";
}

}  // namespace gamut::geister::gat
