#include "uncle.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <sstream>
#include <stdexcept>

#include "ai/bots.h"
#include "core/cold.h"
#include "core/text.h"

namespace gamut::uncle {

static int bits(unsigned m) { return __builtin_popcount(m); }

GAMUT_COLD UncleGame::UncleGame(const Json& data, int version) : Game("uncle", 2, kMaxSeats, true, data, version) {
  const std::string w = "uncle v" + std::to_string(version);
  int n = int(board_.nodes.size());
  if (n > kMaxNodes) throw DataError(w + ": at most 256 board nodes");
  int path_edge = board_.edge_type("path"), pointer_edge = board_.edge_type("pointer");
  if (path_edge < 0 || pointer_edge < 0) throw DataError(w + " board: needs edge types 'path' and 'pointer'");
  auto one = [&](const std::string& tag) {
    std::vector<int> t = board_.tagged(tag);
    if (t.size() != 1) throw DataError(w + " board: needs exactly one node tagged " + tag);
    return t[0];
  };
  revised = version >= 2;
  start = one("start");
  thrush = one("thrush_hq");
  for (const Json& c : req(data_, "chiefs", w)) {
    card_ids.push_back(req_str(c, "id", w + " chief"));
    card_names.push_back(req_str(c, "name", w + " chief"));
  }
  cards = int(card_ids.size());
  member.assign(n, {});
  door.assign(n, false);
  crossing.assign(n, false);
  pointer_chief.assign(n, -1);
  // Every path edge must belong to exactly one path, so a move never has two ways along a segment.
  std::vector<std::vector<int>> used(n);
  for (const Json& p : req(data_, "paths", w)) {
    std::vector<int> ns;
    for (const Json& id : req(p, "nodes", w + " path")) ns.push_back(board_.at(id.get<std::string>()));
    bool lp = p.value("loop", false);
    if (ns.size() < 2) throw DataError(w + ": a path needs two spaces");
    for (size_t i = 0; i < ns.size(); ++i) {
      for (const Member& m : member[ns[i]])
        if (m.path == int(paths.size())) throw DataError(w + ": path visits a space twice");
      member[ns[i]].push_back({int(paths.size()), int(i)});
      if (i + 1 < ns.size() || lp) {
        int a = ns[i], b = ns[(i + 1) % ns.size()];
        auto nb = board_.neighbours(a, path_edge);
        if (std::find(nb.begin(), nb.end(), b) == nb.end())
          throw DataError(w + ": path step " + board_.nodes[a].id + "-" + board_.nodes[b].id + " has no path edge");
        for (int x : used[a])
          if (x == b)
            throw DataError(w + ": two paths share the step " + board_.nodes[a].id + "-" + board_.nodes[b].id);
        used[a].push_back(b);
        used[b].push_back(a);
      }
    }
    paths.push_back(ns);
    loop.push_back(lp);
  }
  for (int a = 0; a < n; ++a)
    if (board_.neighbours(a, path_edge).size() != used[a].size())
      throw DataError(w + ": a path edge at " + board_.nodes[a].id + " belongs to no path");
  for (int i : board_.tagged("side_entrance")) door[i] = true, doors.push_back(i);
  if (doors.size() != 4) throw DataError(w + " board: the seed asks for 4 side entrances");
  for (int i : board_.tagged("intersection")) crossing[i] = true, crossings.push_back(i);
  agent_start = board_.tagged("agent_start");
  agents = int(agent_start.size());
  for (int c : board_.tagged("chief")) {
    auto nb = board_.neighbours(c, pointer_edge);
    if (nb.size() != 1 || !board_.nodes[nb[0]].has("pointer"))
      throw DataError(w + " board: chief space " + board_.nodes[c].id + " needs one pointer space");
    pointer_chief[nb[0]] = int(chief_node.size());
    chief_node.push_back(c);
    chief_pointer.push_back(nb[0]);
  }
  if (int(chief_node.size()) != cards || cards > kMaxCards)
    throw DataError(w + ": one chief card per chief space, at most 8");
  dist.assign(size_t(n) * n, 255);
  for (int s = 0; s < n; ++s) {
    std::deque<int> q{s};
    dist[size_t(s) * n + s] = 0;
    while (!q.empty()) {
      int a = q.front();
      q.pop_front();
      for (int b : board_.neighbours(a, path_edge))
        if (dist[size_t(s) * n + b] == 255)
          dist[size_t(s) * n + b] = uint8_t(dist[size_t(s) * n + a] + 1), q.push_back(b);
    }
  }
  std::vector<std::vector<int>> reach(n);
  for (int a = 0; a < n; ++a)
    for (const Member& m : member[a])
      for (int dir : {-1, 1})
        for (int k = 1; k <= 6; ++k)
          if (int b = walk(m.path, m.index, dir, k, true); b >= 0) reach[a].push_back(b);
  hops.assign(size_t(n) * n, 99);
  for (int s = 0; s < n; ++s) {
    std::deque<int> q{s};
    hops[size_t(s) * n + s] = 0;
    while (!q.empty()) {
      int a = q.front();
      q.pop_front();
      for (int b : reach[a])
        if (hops[size_t(s) * n + b] == 99)
          hops[size_t(s) * n + b] = uint8_t(hops[size_t(s) * n + a] + 1), q.push_back(b);
    }
  }
}

int UncleGame::walk(int p, int i, int dir, int k, bool may_enter) const {
  const std::vector<int>& ns = paths[p];
  int len = int(ns.size());
  for (int step = 0; step < k; ++step) {
    i += dir;
    if (loop[p])
      i = (i + len) % len;
    else if (i < 0 || i >= len)
      return -1;
    int n = ns[i];
    if (n == start) return -1;               // the main entrance is never re-entered
    if (door[n]) return may_enter ? n : -1;  // a die that carries past an open entrance still goes in
  }
  return ns[i];
}

std::unique_ptr<State> UncleGame::new_state(const Json& o, int seats) const {
  if (seats < 2 || seats > kMaxSeats) throw DataError("uncle: 2-4 seats");
  return std::make_unique<UncleState>(this, seats, o.value("max_rounds", 120));
}

UncleState::UncleState(const UncleGame* g, int seats, int max_rounds)
    : State(g), g_(g), n_(int8_t(seats)), max_rounds_(int16_t(max_rounds)) {
  pos_.fill(int16_t(g->start));
  mission_.fill(-1);
  space_card_.fill(-1);
  for (int n : g->agent_start) agent_[n] = true;
  contenders_ = uint8_t((1u << seats) - 1);
}

int UncleState::to_move() const {
  switch (phase_) {
    case DEAL_CHIEFS:
    case DEAL_MISSIONS:
    case ROLLOFF:
    case ROLL:
    case CHALLENGE:
    case DRAW:
    case JAIL_ROLL:
      return kChance;
    case OVER:
      return kTerminal;
    default:
      return cur_;
  }
}

int UncleState::chief_here() const {
  int k = g_->pointer_chief[pos_[cur_]];
  return k >= 0 && space_card_[k] >= 0 ? k : -1;
}

bool UncleState::steal_possible() const {
  for (int q = 0; q < n_; ++q)
    if (q != cur_ && pos_[q] == pos_[cur_] && ((tokens_[q] && tokens_[cur_] < 3) || hand_[q])) return true;
  return false;
}

std::vector<Action> UncleState::moves() const {
  std::vector<Action> r;
  bool enter = mission_[cur_] >= 0 && (hand_[cur_] >> mission_[cur_] & 1);
  int from = pos_[cur_];
  auto add = [&](int sel, int k) {
    for (const UncleGame::Member& m : g_->member[from])
      for (int dir : {-1, 1}) {
        int to = g_->walk(m.path, m.index, dir, k, enter);
        if (to >= 0) r.push_back(kMove + sel * kMaxNodes + to);
      }
  };
  if (dice_[0] == dice_[1])
    add(2, dice_[0] * 2);
  else
    add(0, dice_[0]), add(1, dice_[1]);
  std::sort(r.begin(), r.end());
  r.erase(std::unique(r.begin(), r.end()), r.end());
  if (r.empty()) r.push_back(kPass);
  return r;
}

std::vector<Action> UncleState::legal() const {
  std::vector<Action> r;
  switch (phase_) {
    case DEAL_CHIEFS:
      for (int c = 0; c < g_->cards; ++c)
        if (std::find(space_card_.begin(), space_card_.begin() + deal_, c) == space_card_.begin() + deal_)
          r.push_back(kDeal + c);
      break;
    case DEAL_MISSIONS:
      for (int c = 0; c < g_->cards; ++c)
        if (std::find(mission_.begin(), mission_.begin() + deal_, c) == mission_.begin() + deal_)
          r.push_back(kDeal + c);
      break;
    case ROLLOFF:
    case ROLL:
    case JAIL_ROLL:
      for (int i = 0; i < 36; ++i) r.push_back(kRoll + i);
      break;
    case CHALLENGE:
      for (int v = 1; v <= 6; ++v) r.push_back(kChallenge + v);
      break;
    case DRAW:
      for (int i = 0; i < bits(hand_[victim_]); ++i) r.push_back(kDraw + i);
      break;
    case MOVE:
      return moves();
    case STEAL:
      for (int q = 0; q < n_; ++q) {
        if (q == cur_ || pos_[q] != pos_[cur_]) continue;
        if (tokens_[q] && tokens_[cur_] < 3) r.push_back(kStealToken + q);
        if (hand_[q]) r.push_back(kStealCard + q);
      }
      r.push_back(kNoSteal);
      break;
    case CHIEF:
      if (tokens_[cur_] == 3) r.push_back(kTake);
      for (int c = 0; c < g_->cards; ++c)
        if (hand_[cur_] >> c & 1) r.push_back(kSwap + c);
      r.push_back(kLeave);
      break;
    case PLACE:
      for (int n : g_->crossings)
        if (empty_crossing(n)) r.push_back(kPlace + n);
      break;
    case JAIL:
      for (int c = 0; c < g_->cards; ++c)
        if (hand_[cur_] >> c & 1)
          for (int k = 0; k < g_->cards; ++k)
            if (space_card_[k] < 0) r.push_back(kFreeCard + c * kMaxCards + k);
      r.push_back(kJailRoll);
      if (tokens_[cur_])
        for (int n : g_->crossings)
          if (empty_crossing(n)) r.push_back(kFreeToken + n);
      break;
    case OVER:
      break;
  }
  std::sort(r.begin(), r.end());
  return r;
}

void UncleState::give_card(int s, int c) {
  for (int k = 0; k < g_->cards; ++k)
    if (space_card_[k] == c) space_card_[k] = -1;
  for (int q = 0; q < n_; ++q) hand_[q] &= uint8_t(~(1u << c));
  hand_[s] |= uint8_t(1u << c);
  knowers_[c] |= uint8_t(1u << s);
}

// A card left `owner`'s hand unseen by the others: unless it was the only one,
// nobody else can tell which of the owner's cards went, so they lose track.
void UncleState::lose_track(int owner, unsigned before) {
  if (bits(before) <= 1) return;
  for (int c = 0; c < g_->cards; ++c)
    if (before >> c & 1) knowers_[c] &= uint8_t(1u << owner);
}

// "Intersection vide": v1 read it as "without a token"; v2 also needs no
// player's marker there, the plainer reading (and a token put under a marker
// would never be challenged).
bool UncleState::empty_crossing(int n) const {
  if (agent_[n]) return false;
  if (g_->revised)
    for (int q = 0; q < n_; ++q)
      if (pos_[q] == n) return false;
  return true;
}

void UncleState::roll_dice(Action a) {
  fight_ = 0;
  ++rolls_;
  dice_[0] = int8_t((a - kRoll) / 6 + 1);
  dice_[1] = int8_t((a - kRoll) % 6 + 1);
}

void UncleState::apply(Action a) {
  if (to_move() >= 0) ++plies_;
  switch (phase_) {
    case DEAL_CHIEFS:
      space_card_[deal_++] = int8_t(a - kDeal);
      if (deal_ == g_->cards) phase_ = DEAL_MISSIONS, deal_ = 0;
      return;
    case DEAL_MISSIONS:
      mission_[deal_++] = int8_t(a - kDeal);
      if (deal_ == n_) {
        phase_ = ROLLOFF;
        cur_ = 0;
      }
      return;
    case ROLLOFF: {
      roll_dice(a);
      rolled_[cur_] = int8_t(dice_[0] + dice_[1]);
      event_ = strf(T("%s rolls %d for the start"), game().seat_label(cur_).c_str(), int(rolled_[cur_]));
      int next = cur_ + 1;
      while (next < n_ && !(contenders_ >> next & 1)) ++next;
      if (next < n_) {
        cur_ = int8_t(next);
        return;
      }
      int best = 0;
      for (int s = 0; s < n_; ++s)
        if (contenders_ >> s & 1) best = std::max<int>(best, rolled_[s]);
      uint8_t tied = 0;
      for (int s = 0; s < n_; ++s)
        if ((contenders_ >> s & 1) && rolled_[s] == best) tied |= uint8_t(1u << s);
      contenders_ = tied;
      cur_ = int8_t(__builtin_ctz(tied));
      if (bits(tied) == 1) {
        phase_ = ROLL;
        event_ = strf(T("%s rolled highest and starts"), game().seat_label(cur_).c_str());
      } else {
        event_ = strf(T("tie at %d: roll again"), best);
      }
      return;
    }
    case ROLL:
      roll_dice(a);
      phase_ = MOVE;
      return;
    case MOVE: {
      if (a == kPass) {
        event_ = strf(T("%s cannot move"), game().seat_label(cur_).c_str());
        return end_turn();
      }
      int to = (a - kMove) % kMaxNodes;
      last_from_ = pos_[cur_];
      last_to_ = int16_t(to);
      pos_[cur_] = int16_t(to);
      event_.clear();
      if (g_->door[to]) {
        winner_ = cur_;
        phase_ = OVER;
        event_ = strf(T("%s is back at headquarters with %s"), game().seat_label(cur_).c_str(),
                      card_name(mission_[cur_]).c_str());
        return;
      }
      return land();
    }
    case CHALLENGE: {
      int v = a - kChallenge;
      fight_ = int8_t(v);
      ++rolls_;
      std::string who = game().seat_label(cur_);
      if (v >= 5) {
        event_ = strf(T("%s loses a challenge (%d) and is taken to THRUSH HQ"), who.c_str(), v);
        pos_[cur_] = int16_t(g_->thrush);
        jail_[cur_] = 3;
        return end_turn();
      }
      if (tokens_[cur_] < 3) {
        tokens_[cur_]++;
        agent_[pos_[cur_]] = false;
        event_ = strf(T("%s wins a challenge (%d) and captures the agent"), who.c_str(), v);
      } else {
        event_ = strf(T("%s wins a challenge (%d) but cannot carry a fourth token"), who.c_str(), v);
      }
      return after_fight();
    }
    case STEAL:
      if (a == kNoSteal) return after_steal();
      if (a < kStealCard) {
        int q = a - kStealToken;
        tokens_[q]--, tokens_[cur_]++;
        event_ =
            strf(T("%s takes an agent token from %s"), game().seat_label(cur_).c_str(), game().seat_label(q).c_str());
        return after_steal();
      }
      victim_ = int8_t(a - kStealCard);
      phase_ = DRAW;
      return;
    case DRAW: {
      int i = a - kDraw, c = 0;
      for (c = 0; c < g_->cards; ++c)
        if ((hand_[victim_] >> c & 1) && i-- == 0) break;
      unsigned before = hand_[victim_], known = 0;
      for (int x = 0; x < g_->cards; ++x)
        if ((before >> x & 1) && (knowers_[x] >> cur_ & 1)) known |= 1u << x;
      hand_[victim_] &= uint8_t(~(1u << c));
      hand_[cur_] |= uint8_t(1u << c);
      lose_track(victim_, before);
      // The thief sees which card he drew, so each card of the victim's he knew
      // is still where he knew it (v1 forgot them).
      if (g_->revised)
        for (int x = 0; x < g_->cards; ++x)
          if (known >> x & 1) knowers_[x] |= uint8_t(1u << cur_);
      knowers_[c] |= uint8_t(1u << cur_);
      event_ = strf(T("%s takes a chief card unseen from %s"), game().seat_label(cur_).c_str(),
                    game().seat_label(victim_).c_str());
      victim_ = -1;
      return after_steal();
    }
    case CHIEF: {
      int k = chief_here();
      if (a == kTake) {
        int c = space_card_[k];
        space_card_[k] = -1;
        hand_[cur_] |= uint8_t(1u << c);
        to_place_ = 3;
        phase_ = PLACE;
        event_ = strf(T("%s captures the chief on space %s"), game().seat_label(cur_).c_str(),
                      g_->board().nodes[g_->chief_node[k]].extra.value("label", "").c_str());
        return;
      }
      if (a != kLeave) {
        int mine = a - kSwap, theirs = space_card_[k];
        unsigned before = hand_[cur_];
        hand_[cur_] = uint8_t((hand_[cur_] & ~(1u << mine)) | (1u << theirs));
        space_card_[k] = int8_t(mine);
        lose_track(cur_, before);
        knowers_[theirs] |= uint8_t(1u << cur_);
        event_ = strf(T("%s swaps a chief card on space %s"), game().seat_label(cur_).c_str(),
                      g_->board().nodes[g_->chief_node[k]].extra.value("label", "").c_str());
      }
      return end_turn();
    }
    case PLACE:
      agent_[a - kPlace] = true;
      tokens_[cur_]--;
      if (--to_place_ == 0 || tokens_[cur_] == 0) end_turn();
      return;
    case JAIL:
      if (a == kJailRoll) {
        phase_ = JAIL_ROLL;
        return;
      }
      if (a >= kFreeToken) {
        agent_[a - kFreeToken] = true;
        tokens_[cur_]--;
        event_ = strf(T("%s gives up an agent token and leaves THRUSH HQ"), game().seat_label(cur_).c_str());
      } else {
        int c = (a - kFreeCard) / kMaxCards, k = (a - kFreeCard) % kMaxCards;
        unsigned before = hand_[cur_];
        hand_[cur_] &= uint8_t(~(1u << c));
        space_card_[k] = int8_t(c);
        lose_track(cur_, before);
        event_ = strf(T("%s puts a chief card on space %s and leaves THRUSH HQ"), game().seat_label(cur_).c_str(),
                      g_->board().nodes[g_->chief_node[k]].extra.value("label", "").c_str());
      }
      return release();
    case JAIL_ROLL:
      roll_dice(a);
      if (dice_[0] == dice_[1]) {
        event_ = strf(T("%s rolls a double and escapes THRUSH HQ"), game().seat_label(cur_).c_str());
        return release();
      }
      if (--jail_[cur_] == 0) {
        pos_[cur_] = int16_t(g_->start);
        event_ = strf(T("%s has served 3 turns and is back at START"), game().seat_label(cur_).c_str());
      }
      return end_turn();
    case OVER:
      return;
  }
}

void UncleState::land() {
  if (agent_[pos_[cur_]]) {
    phase_ = CHALLENGE;
    return;
  }
  after_fight();
}

void UncleState::after_fight() {
  if (steal_possible()) {
    phase_ = STEAL;
    return;
  }
  after_steal();
}

void UncleState::after_steal() {
  int k = chief_here();
  if (k < 0) return end_turn();
  knowers_[space_card_[k]] |= uint8_t(1u << cur_);  // landing on the black dot shows the card
  if (tokens_[cur_] == 3 || hand_[cur_])
    phase_ = CHIEF;
  else
    end_turn();
}

void UncleState::release() {
  jail_[cur_] = 0;
  pos_[cur_] = int16_t(g_->start);
  end_turn();
}

void UncleState::end_turn() {
  ++turns_;
  if (max_rounds_ > 0 && turns_ >= max_rounds_ * n_) {
    phase_ = OVER;
    winner_ = -1;
    event_ = "Time is up: THRUSH's plan succeeds";
    return;
  }
  cur_ = int8_t((cur_ + 1) % n_);
  phase_ = jail_[cur_] ? JAIL : ROLL;
}

std::vector<double> UncleState::returns() const {
  std::vector<double> r(n_, phase_ == OVER ? -1.0 : 0.0);
  if (winner_ >= 0) r[winner_] = 1;
  return r;
}

std::string UncleState::card_name(int c) const { return c >= 0 ? g_->card_names[c] : "?"; }
std::string UncleState::node_name(int n) const { return g_->board().nodes[n].id; }

std::string UncleState::action_name(Action a) const {
  switch (phase_) {
    case DEAL_CHIEFS:
      return "deal " + g_->card_ids[a - kDeal];
    case DEAL_MISSIONS:
      return "mission " + g_->card_ids[a - kDeal];
    case ROLLOFF:
    case ROLL:
    case JAIL_ROLL:
      return "roll " + std::to_string((a - kRoll) / 6 + 1) + "-" + std::to_string((a - kRoll) % 6 + 1);
    case CHALLENGE:
      return "challenge " + std::to_string(a - kChallenge);
    case DRAW:
      return "draw " + std::to_string(a - kDraw + 1);
    default:
      break;
  }
  if (a == kPass) return "pass";
  if (a >= kStealToken && a < kStealCard) return "steal token " + game().seat_name(a - kStealToken);
  if (a >= kStealCard && a < kNoSteal) return "steal card " + game().seat_name(a - kStealCard);
  if (a == kNoSteal) return "no steal";
  if (a == kTake) return "take chief";
  if (a == kLeave) return "leave chief";
  if (a >= kSwap && a < kLeave) return "swap " + g_->card_ids[a - kSwap];
  if (a == kJailRoll) return "roll for a double";
  if (a >= kFreeToken) return "free: token to " + node_name(a - kFreeToken);
  if (a >= kPlace) return "token to " + node_name(a - kPlace);
  if (a >= kMove) {
    int sel = (a - kMove) / kMaxNodes, to = (a - kMove) % kMaxNodes;
    std::string die = sel == 2 ? std::to_string(dice_[0]) + "+" + std::to_string(dice_[1])
                               : "d" + std::to_string(sel + 1) + ":" + std::to_string(dice_[sel]);
    return die + " " + node_name(pos_[cur_]) + "-" + node_name(to);
  }
  if (a >= kFreeCard) {
    int c = (a - kFreeCard) / kMaxCards, k = (a - kFreeCard) % kMaxCards;
    return "free: " + g_->card_ids[c] + " to " + node_name(g_->chief_node[k]);
  }
  return "?" + std::to_string(a);
}

// A space by its coordinates (the board's labels), the named spaces in words.
std::string UncleState::place_name(int n) const {
  const Node& nd = g_->board().nodes[n];
  std::string label = nd.extra.is_object() ? nd.extra.value("label", nd.id) : nd.id;
  if (nd.has("chief")) return strf(T("chief space %s"), label.c_str());
  if (nd.has("side_entrance")) return strf(T("the %s side entrance"), label.c_str());
  if (nd.has("start")) return T("the start");
  if (nd.has("thrush_hq")) return T("THRUSH HQ");
  return nd.id;
}

// Words, and for a move its notation in brackets (from-to in the spaces'
// coordinates). The log names the seat before a player's move, so only chance
// lines (dice, deals) name it here.
std::string UncleState::public_name(Action a, int viewer) const {
  std::string who = game().seat_label(cur_);
  auto dice = [&](Action r) { return strf(T("%d and %d"), (r - kRoll) / 6 + 1, (r - kRoll) % 6 + 1); };
  switch (phase_) {
    case DEAL_CHIEFS:
      return strf(T("a chief card is dealt face down to %s"), place_name(g_->chief_node[deal_]).c_str());
    case DEAL_MISSIONS:
      return viewer == deal_ ? strf(T("your mission: %s"), card_name(a - kDeal).c_str())
                             : strf(T("%s is dealt a mission card"), game().seat_label(deal_).c_str());
    case ROLLOFF:
      return strf(T("%s rolls %s for the start"), who.c_str(), dice(a).c_str());
    case ROLL:
      return strf(T("%s rolls %s"), who.c_str(), dice(a).c_str());
    case JAIL_ROLL:
      return strf(T("%s rolls %s to leave THRUSH HQ"), who.c_str(), dice(a).c_str());
    case CHALLENGE:
      return strf(T("%s rolls %d in the challenge"), who.c_str(), a - kChallenge);
    case DRAW: {
      std::string r = strf(T("%s draws a chief card unseen from %s"), who.c_str(), game().seat_label(victim_).c_str());
      if (viewer != cur_ && viewer != victim_) return r;
      int i = a - kDraw;
      for (int c = 0; c < g_->cards; ++c)
        if ((hand_[victim_] >> c & 1) && i-- == 0) return strf(T("%s: %s"), r.c_str(), card_name(c).c_str());
      return r;
    }
    default:
      break;
  }
  if (a == kPass) return T("passes");
  if (a >= kStealToken && a < kStealCard)
    return strf(T("steals a token from %s"), game().seat_label(a - kStealToken).c_str());
  if (a >= kStealCard && a < kNoSteal)
    return strf(T("steals a chief card from %s"), game().seat_label(a - kStealCard).c_str());
  if (a == kNoSteal) return T("steals nothing");
  if (a == kTake) return T("takes the chief card");
  if (a == kLeave) return T("leaves the chief card");
  if (a >= kSwap && a < kLeave)
    return viewer == cur_ ? strf(T("swaps %s for the chief on the space"), card_name(a - kSwap).c_str())
                          : T("swaps a chief card with the one on the space");
  if (a == kJailRoll) return T("rolls for a double to leave THRUSH HQ");
  if (a >= kFreeToken) return strf(T("puts a token down on %s to leave THRUSH HQ"), place_name(a - kFreeToken).c_str());
  if (a >= kPlace) return strf(T("puts a token back on %s"), place_name(a - kPlace).c_str());
  if (a >= kMove) {
    int sel = (a - kMove) / kMaxNodes, to = (a - kMove) % kMaxNodes;
    std::string f = place_name(pos_[cur_]), t = place_name(to);
    std::string note = g_->board().nodes[pos_[cur_]].notation() + "-" + g_->board().nodes[to].notation();
    if (sel == 2)
      return strf(T("moves %d and %d from %s to %s (%s)"), dice_[0], dice_[1], f.c_str(), t.c_str(), note.c_str());
    return strf(T("moves %d from %s to %s (%s)"), dice_[sel], f.c_str(), t.c_str(), note.c_str());
  }
  if (a >= kFreeCard) {
    int k = (a - kFreeCard) % kMaxCards;
    std::string card = viewer == cur_ ? card_name((a - kFreeCard) / kMaxCards) : T("a chief card");
    return strf(T("puts %s on %s to leave THRUSH HQ"), card.c_str(), place_name(g_->chief_node[k]).c_str());
  }
  return T("a move");
}

GAMUT_COLD Json UncleState::view(int seat) const {
  static const char* kPhase[] = {"deal", "deal",  "roll-off", "roll", "move", "challenge", "steal",
                                 "draw", "chief", "place",    "jail", "jail", "over"};
  bool all = phase_ == OVER;
  auto sees = [&](int c) { return !(hidden_ >> c & 1) && (all || (seat >= 0 && (knowers_[c] >> seat & 1))); };
  auto mission_shown = [&](int s) { return mission_[s] >= 0 && !(hidden_ >> (kMaxCards + mission_[s]) & 1); };
  const Board& b = g_->board();
  Json pieces = Json::array(), side = Json::array(), cards = Json::array(), status = Json::array();
  for (int n = 0; n < int(b.nodes.size()); ++n)
    if (agent_[n]) pieces.push_back({{"node", b.nodes[n].id}, {"seat", -1}, {"face", "thrush"}});
  for (int k = 0; k < g_->cards; ++k) {
    int c = space_card_[k];
    if (c < 0) continue;
    Json p = {{"node", b.nodes[g_->chief_node[k]].id}, {"seat", -1}, {"face", "chief"}};
    if (sees(c)) p["label"] = g_->data()["chiefs"][c].value("short", "?");
    pieces.push_back(p);
    if (sees(c) && phase_ > DEAL_CHIEFS)
      cards.push_back({{"title", "Seen: " + card_name(c)},
                       {"text", "on chief space " + b.nodes[g_->chief_node[k]].extra.value("label", "")}});
  }
  for (int s = 0; s < n_; ++s) {
    pieces.push_back({{"node", b.nodes[pos_[s]].id}, {"seat", s}, {"face", "agent"}});
    for (int t = 0; t < tokens_[s]; ++t) side.push_back({{"seat", s}, {"face", "thrush"}, {"where", "agent tokens"}});
    int unknown = 0;
    std::string known;
    for (int c = 0; c < g_->cards; ++c) {
      if (!(hand_[s] >> c & 1)) continue;
      side.push_back({{"seat", s}, {"face", "chief"}, {"where", "chief cards"}});
      if (sees(c)) {
        known += (known.empty() ? "" : ", ") + T(card_name(c));
        if (s != seat)
          cards.push_back({{"title", strf(T("Seen: %s"), T(card_name(c)).c_str())},
                           {"text", strf(T("held by %s"), game().seat_label(s).c_str())}});
      } else {
        ++unknown;
      }
    }
    // Translated in parts that are each whole (core/text.h).
    int tokens = tokens_[s], chiefs = bits(hand_[s]);
    std::string line = strf(tokens == 1 ? T("%s: %d token") : T("%s: %d tokens"), game().seat_label(s).c_str(), tokens);
    line += strf(chiefs == 1 ? T(", %d chief card") : T(", %d chief cards"), chiefs);
    if (!known.empty())
      line += unknown ? strf(T(" (%s and %d unseen)"), known.c_str(), unknown) : strf(" (%s)", known.c_str());
    if (jail_[s])
      line += strf(jail_[s] == 1 ? T(", held at THRUSH HQ (%d turn left)") : T(", held at THRUSH HQ (%d turns left)"),
                   int(jail_[s]));
    if ((all || s == seat) && mission_shown(s)) line += strf(T(", mission %s"), T(card_name(mission_[s])).c_str());
    status.push_back(line);
  }
  if (seat >= 0 && seat < n_ && mission_shown(seat)) {
    Json held = Json::array();
    for (int c = 0; c < g_->cards; ++c)
      if ((hand_[seat] >> c & 1) && sees(c)) held.push_back(card_name(c));
    cards.insert(cards.begin(),  // Json{...}: a bare {{..}, {..}} would insert two pairs, not one card
                 Json{{"title", strf(T("Your mission: %s"), T(card_name(mission_[seat])).c_str())},
                      {"text", strf(T("Bring %s back through a side entrance. You hold: %s"),
                                    T(card_name(mission_[seat])).c_str(),
                                    held.empty() ? T("no chief card") : held.dump().c_str()) +
                                   // Rule 27 is a duty the game cannot check, so it is said here.
                                   ((hand_[seat] >> mission_[seat] & 1) && sees(mission_[seat])
                                        ? T(". You have your chief: the rules say you must try to go back at once.")
                                        : "")}});
  }
  if (max_rounds_ > 0)
    status.insert(status.begin(),
                  strf(T("Round %d of %d"), std::min<int>(turns_ / n_ + 1, max_rounds_), int(max_rounds_)));
  if (!event_.empty()) status.push_back(event_);
  // Who has seen which card follows from public events (landings, takes,
  // swaps, thefts); the AI's samples keep it, so it is part of every view.
  Json seen = Json::array(), seen_hands = Json::array();
  for (int k = 0; k < g_->cards; ++k) seen.push_back(space_card_[k] >= 0 ? int(knowers_[space_card_[k]]) : -1);
  for (int q = 0; q < n_; ++q) {
    std::vector<int> masks;
    for (int c = 0; c < g_->cards; ++c)
      if (hand_[q] >> c & 1) masks.push_back(knowers_[c]);
    std::sort(masks.begin(), masks.end());
    seen_hands.push_back(masks);
  }
  Json v = {{"phase", kPhase[phase_]}, {"pieces", pieces},        {"side", side}, {"cards", cards}, {"status", status},
            {"seen_spaces", seen},     {"seen_hands", seen_hands}};
  // The challenge is one die: show it alone until the next roll.
  if (fight_)
    v["dice"] = Json::array({int(fight_)});
  else if (dice_[0])
    v["dice"] = {dice_[0], dice_[1]};
  // Changes with every roll, so a roll equal to the one before still tumbles.
  if (rolls_) v["dice_roll"] = rolls_;
  if (last_from_ >= 0) v["last"] = {b.nodes[last_from_].id, b.nodes[last_to_].id};
  if (to_move() >= 0) v["to_move"] = cur_;
  return v;
}

std::unique_ptr<State> UncleState::determinize(int seat, Rng& rng) const {
  auto s = std::make_unique<UncleState>(*this);
  if (phase_ <= DEAL_MISSIONS || phase_ == OVER || seat < 0 || seat >= n_) return s;
  // Chief cards the seat cannot place are re-dealt among the places it cannot
  // see into. Who has seen a card follows from public events, so it stays with
  // the place. Places are listed in a canonical order (spaces, then each hand by
  // who has seen the card) so equal views give equal samples.
  struct Slot {
    int seat, space;
    uint8_t knowers;
  };
  std::vector<Slot> slots;
  std::vector<int> free;
  for (int k = 0; k < g_->cards; ++k)
    if (space_card_[k] >= 0 && !(knowers_[space_card_[k]] >> seat & 1))
      slots.push_back({-1, k, knowers_[space_card_[k]]});
  for (int q = 0; q < n_; ++q) {
    std::vector<uint8_t> masks;
    for (int c = 0; c < g_->cards; ++c)
      if ((hand_[q] >> c & 1) && !(knowers_[c] >> seat & 1))
        masks.push_back(knowers_[c]), s->hand_[q] &= uint8_t(~(1u << c));
    std::sort(masks.begin(), masks.end());
    for (uint8_t m : masks) slots.push_back({q, -1, m});
  }
  for (int c = 0; c < g_->cards; ++c)
    if (!(knowers_[c] >> seat & 1)) free.push_back(c);
  rng.shuffle(free);
  for (size_t i = 0; i < slots.size(); ++i) {
    int c = free[i];
    if (slots[i].space >= 0)
      s->space_card_[slots[i].space] = int8_t(c);
    else
      s->hand_[slots[i].seat] |= uint8_t(1u << c);
    s->knowers_[c] = slots[i].knowers;
  }
  // Other missions: any distinct chiefs except the seat's own.
  std::vector<int8_t> pool;
  for (int c = 0; c < g_->cards; ++c)
    if (c != mission_[seat]) pool.push_back(int8_t(c));
  rng.shuffle(pool);
  for (int q = 0, i = 0; q < n_; ++q)
    if (q != seat) s->mission_[q] = pool[i++];
  return s;
}

GAMUT_COLD std::string UncleState::debug() const {
  std::ostringstream o;
  o << "phase " << int(phase_) << " cur " << int(cur_) << " winner " << int(winner_) << " turns " << turns_ << " plies "
    << plies_ << " dice " << int(dice_[0]) << int(dice_[1]) << " victim " << int(victim_) << " place " << int(to_place_)
    << " contenders " << int(contenders_) << " deal " << int(deal_) << "\n";
  for (int s = 0; s < n_; ++s)
    o << "seat " << s << " at " << node_name(pos_[s]) << " tokens " << int(tokens_[s]) << " jail " << int(jail_[s])
      << " mission " << int(mission_[s]) << " hand " << int(hand_[s]) << " rolled " << int(rolled_[s]) << "\n";
  o << "spaces";
  for (int k = 0; k < g_->cards; ++k) o << " " << int(space_card_[k]);
  o << "\nknowers";
  for (int c = 0; c < g_->cards; ++c) o << " " << int(knowers_[c]);
  o << "\nagents";
  for (int n = 0; n < int(g_->board().nodes.size()); ++n)
    if (agent_[n]) o << " " << node_name(n);
  o << "\n" << event_ << "\n";
  return o.str();
}

GAMUT_COLD void UncleState::check() const {
  auto fail = [](const std::string& m) { throw std::logic_error("uncle: " + m); };
  if (phase_ <= DEAL_MISSIONS) return;
  int held = 0;
  for (int s = 0; s < n_; ++s) {
    if (tokens_[s] < 0 || tokens_[s] > 3) fail("token count out of range");
    held += tokens_[s];
    if ((pos_[s] == g_->thrush) != (jail_[s] > 0)) fail("THRUSH HQ and prison count disagree");
    if (g_->door[pos_[s]] && phase_ != OVER) fail("a player stands in a side entrance");
    if (pos_[s] != g_->start && pos_[s] != g_->thrush && g_->member[pos_[s]].empty()) fail("a player is off the paths");
    for (int c = 0; c < g_->cards; ++c)
      if ((hand_[s] >> c & 1) && !(knowers_[c] >> s & 1)) fail("a player does not know a card in their hand");
    for (int q = 0; q < s; ++q)
      if (mission_[q] == mission_[s]) fail("two players share a mission");
  }
  for (int c = 0; c < g_->cards; ++c) {
    int where = 0;
    for (int s = 0; s < n_; ++s) where += hand_[s] >> c & 1;
    for (int k = 0; k < g_->cards; ++k) where += space_card_[k] == c;
    if (where != 1) fail("chief card " + std::to_string(c) + " is in " + std::to_string(where) + " places");
  }
  int on_board = int(agent_.count());
  if (on_board + held != g_->agents) fail("THRUSH agents were created or lost");
  for (int n = 0; n < int(g_->board().nodes.size()); ++n)
    if (agent_[n] && !g_->crossing[n]) fail("an agent stands off an intersection");
  if (max_rounds_ > 0 && turns_ > max_rounds_ * n_) fail("round limit passed");
  if (phase_ != OVER && to_move() >= 0 && legal().empty()) fail("no legal action");
  if (winner_ >= 0 && !(hand_[winner_] >> mission_[winner_] & 1)) fail("winner without the mission chief");
}

// How far seat s is along the road to victory, in rough units of "turns saved".
double UncleState::progress(int s) const {
  int m = mission_[s];
  if (m < 0) return 0;
  int at = jail_[s] ? g_->start : pos_[s];
  auto near = [&](int target) { return 1 - std::min(g_->h(at, target), 8) / 8.0; };
  double p = jail_[s] ? -0.5 - 0.4 * jail_[s] : 0.0;
  if (hand_[s] >> m & 1) {
    double best = 0;
    for (int door : g_->doors) best = std::max(best, near(door));
    return p + 7 + 3.0 * best;
  }
  // Any chief card in hand can be swapped for the mission's chief, so it is
  // as good as 3 tokens.
  bool ready = tokens_[s] == 3 || hand_[s];
  p += hand_[s] ? 3.6 + 0.1 * bits(hand_[s]) + 0.2 * tokens_[s] : 1.2 * tokens_[s];
  int target = -1;
  double w = 0;
  if (knowers_[m] >> s & 1) {
    // Known: go for it (its pointer, or the rival carrying it, to steal it).
    p += 0.8;
    for (int k = 0; k < g_->cards; ++k)
      if (space_card_[k] == m) target = g_->chief_pointer[k], w = ready ? 2.0 : 0.6;
    for (int q = 0; q < n_; ++q)
      if (hand_[q] >> m & 1) target = jail_[q] ? -1 : pos_[q], w = 1.0;
  } else {
    // Unknown: the nearest black dot whose card this seat has not seen.
    int best = 99;
    for (int k = 0; k < g_->cards; ++k) {
      int c = space_card_[k];
      if (c < 0 || (knowers_[c] >> s & 1)) continue;
      int dk = g_->h(at, g_->chief_pointer[k]);
      if (dk < best) best = dk, target = g_->chief_pointer[k];
    }
    w = ready ? 1.0 : 0.4;
    if (target < 0)  // every card on the board seen: a rival must carry it
      for (int q = 0; q < n_; ++q)
        if (q != s && !jail_[q] && hand_[q] && g_->h(at, pos_[q]) < best)
          best = g_->h(at, pos_[q]), target = pos_[q], w = 0.8;
  }
  if (target >= 0) p += w * near(target);
  if (!ready) {
    double best = 0;
    for (int n : g_->crossings)
      if (agent_[n]) best = std::max(best, near(n));
    p += 0.3 * best;
  }
  return p;
}

double UncleState::heuristic(int seat) const {
  if (phase_ == OVER) return returns()[seat] * 20;
  double best = -1e9;
  for (int q = 0; q < n_; ++q)
    if (q != seat) best = std::max(best, progress(q));
  // Halved so the bots' tanh(h / 4) squashing keeps a slope near the goal.
  return 0.5 * (progress(seat) - 0.5 * best);
}

// The playout policy: one ply on the heuristic for whoever moves, each move's
// dice and fights sampled once. It plays like the one-ply sparring bots
// without their habits, which is reasonable play for a couple of turns.
Action UncleState::playout_action(Rng& rng) const {
  thread_local std::vector<Action> l;
  legal_into(l);
  if (l.size() == 1) return l[0];
  int me = cur_;
  double best = -1e18;
  Action pick = l[0];
  for (Action a : l) {
    UncleState t(*this);
    t.apply(a);
    while (t.to_move() == kChance) t.apply(chance_outcome(t, rng));
    double v = t.heuristic(me) + 1e-3 * rng.uniform();
    if (v > best) best = v, pick = a;
  }
  return pick;
}

std::vector<int> UncleState::action_nodes(Action a) const {
  if (to_move() < 0) return {};
  if (phase_ == MOVE && a >= kMove && a < kPlace) return {pos_[cur_], (a - kMove) % kMaxNodes};
  if (phase_ == PLACE) return {a - kPlace};
  if (phase_ == JAIL && a >= kFreeToken) return {a - kFreeToken};
  if (phase_ == JAIL && a >= kFreeCard && a < kMove) return {g_->chief_node[(a - kFreeCard) % kMaxCards]};
  return {};
}

std::string UncleState::describe_result() const {
  if (phase_ != OVER) return "";
  if (winner_ < 0) return T("THRUSH wins: nobody brought their chief back in time");
  return strf(T("%s wins: back at U.N.C.L.E. headquarters with %s"), game().seat_label(winner_).c_str(),
              T(card_name(mission_[winner_])).c_str());
}

static std::shared_ptr<const Game> make(const Json& d, int v) { return std::make_shared<UncleGame>(d, v); }
GAMUT_REGISTER_GAME("uncle", make);

}  // namespace gamut::uncle
