#include "gray_ghost.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "core/cold.h"
#include "core/text.h"

namespace gamut::gray_ghost {

static const char* kCardIds[kCardKinds] = {"captured", "wounded", "raid", "ambush"};
static const char* kZoneKinds[] = {"start", "hq", "prison", "hospital"};

GAMUT_COLD GrayGhostGame::GrayGhostGame(const Json& data, int version) : Game("gray-ghost", 2, 4, true, data, version) {
  const std::string wh = "gray-ghost v" + std::to_string(version);
  revised = version >= 2;
  const Json& grid = req(data, "grid", wh);
  w = req_int(grid, "w", wh + " grid");
  h = req_int(grid, "h", wh + " grid");
  n = int(board_.nodes.size());
  if (n > kMaxNodes || w <= 0 || h <= 0) throw DataError(wh + ": board too large or grid empty");
  cell.assign(w * h, -1);
  zone_at.assign(w * h, -1);
  zone_of.assign(n, -1);
  circle_of.assign(n, -1);
  mission_at.assign(n, 0);
  gx.assign(n, 0);
  gy.assign(n, 0);
  mission_node.fill(-1);
  for (int i = 0; i < n; ++i) {
    const Node& nd = board_.nodes[i];
    std::string w2 = wh + " board node '" + nd.id + "'";
    if (nd.has("zone")) {
      Zone kind = NONE;
      for (int k = 0; k < 4; ++k)
        if (nd.has(kZoneKinds[k])) kind = Zone(k);
      if (kind == NONE) throw DataError(w2 + ": a zone needs a kind tag (start, hq, prison, hospital)");
      const Json& z = req(nd.extra, "zone", w2);
      ZoneRect r{
          i, kind, req_int(z, "x0", w2), req_int(z, "x1", w2), req_int(z, "r0", w2) - 1, req_int(z, "r1", w2) - 1};
      if (r.x0 < 0 || r.x1 >= w || r.y0 < 0 || r.y1 >= h || r.x0 > r.x1 || r.y0 > r.y1)
        throw DataError(w2 + ": zone outside the grid");
      for (int x = r.x0; x <= r.x1; ++x)
        for (int y = r.y0; y <= r.y1; ++y) {
          if (zone_at[x + y * w] >= 0) throw DataError(w2 + ": zones overlap");
          zone_at[x + y * w] = int8_t(zones.size());
        }
      zone_of[i] = int8_t(zones.size());
      gx[i] = int8_t(r.x0), gy[i] = int8_t(r.y0);
      zones.push_back(r);
      if (kind == HQ) hq = i;
      if (kind == START) start = i;
      continue;
    }
    int x = int(nd.x), y = h - 1 - int(nd.y);
    if (x < 0 || x >= w || y < 0 || y >= h) throw DataError(w2 + ": outside the grid");
    if (cell[x + y * w] >= 0) throw DataError(w2 + ": two nodes on one square");
    cell[x + y * w] = int16_t(i);
    gx[i] = int8_t(x), gy[i] = int8_t(y);
    if (nd.has("circle")) {
      circle_of[i] = int8_t(circles.size());
      circles.push_back(int16_t(i));
    }
    if (nd.has("mission")) {
      int m = req_int(nd.extra, "mission", w2);
      if (m < 1 || m > kMissions || mission_node[m] >= 0)
        throw DataError(w2 + ": mission numbers must be 1-8, once each");
      mission_node[m] = int16_t(i);
      mission_at[i] = int8_t(m);
    }
  }
  for (int k = 0; k < w * h; ++k)
    if ((cell[k] >= 0) == (zone_at[k] >= 0)) throw DataError(wh + ": every square must be a node or in one zone");
  if (int(circles.size()) != kCircles) throw DataError(wh + ": needs exactly 28 squares tagged circle");
  for (int m = 1; m <= kMissions; ++m)
    if (mission_node[m] < 0) throw DataError(wh + ": mission " + std::to_string(m) + " has no square");
  int prisons = 0, hospitals = 0;
  for (auto& z : zones) prisons += z.kind == PRISON, hospitals += z.kind == HOSPITAL;
  if (hq < 0 || start < 0 || prisons < 1 || hospitals < 1)
    throw DataError(wh + ": needs one Start, one HQ, prison camps and hospitals");
  dist.assign(n * n, 0);
  auto rect = [&](int i, int& x0, int& x1, int& y0, int& y1) {
    if (zone_of[i] >= 0) {
      const ZoneRect& z = zones[zone_of[i]];
      x0 = z.x0, x1 = z.x1, y0 = z.y0, y1 = z.y1;
    } else {
      x0 = x1 = gx[i], y0 = y1 = gy[i];
    }
  };
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      int ax0, ax1, ay0, ay1, bx0, bx1, by0, by1;
      rect(a, ax0, ax1, ay0, ay1);
      rect(b, bx0, bx1, by0, by1);
      int dx = std::max({0, ax0 - bx1, bx0 - ax1}), dy = std::max({0, ay0 - by1, by0 - ay1});
      dist[a * n + b] = uint8_t(std::max(dx, dy));
    }
  for (int m = 1; m <= kMissions; ++m) to_mission += d(hq, mission_node[m]);
  to_mission /= kMissions;
  for (const Json& f : req(data, "spinner", wh)["faces"]) {
    Face fc;
    fc.label = req_str(f, "label", wh + " spinner face");
    fc.count = f.value("count", 1);
    fc.war = f.value("war_card", false);
    if (!fc.war)
      fc.steps = req_int(f, "steps", wh + " spinner face " + fc.label), fc.diagonal = f.value("diagonal", false);
    if (fc.count < 1 || (!fc.war && (fc.steps < 1 || fc.steps >= kMaxPath)))
      throw DataError(wh + ": spinner face '" + fc.label + "' needs count >= 1 and 1-7 steps");
    faces.push_back(fc);
  }
  if (faces.empty()) throw DataError(wh + ": the spinner has no faces");
  const Json& ws = req(data, "war_space", wh);
  war_move.steps = req_int(ws, "steps", wh + " war_space");
  war_move.diagonal = ws.value("diagonal", false);
  war_move.label = req_str(ws, "label", wh + " war_space");
  for (const Json& c : req(data, "war_cards", wh)) {
    std::string cid = req_str(c, "id", wh + " war card");
    int k = int(std::find(kCardIds, kCardIds + kCardKinds, cid) - kCardIds);
    if (k == kCardKinds) throw DataError(wh + ": unknown war card '" + cid + "'");
    card_count[k] = req_int(c, "count", wh + " war card " + cid);
    card_title[k] = req_str(c, "title", wh + " war card " + cid);
    card_text[k] = c.value("text", "");
  }
  for (const Json& m : req(data, "missions", wh)) {
    int k = req_int(m, "number", wh + " mission");
    if (k < 1 || k > kMissions) throw DataError(wh + ": mission numbers are 1-8");
    mission_title[k] = req_str(m, "title", wh + " mission");
    if (board_.at(req_str(m, "node", wh + " mission")) != mission_node[k])
      throw DataError(wh + ": mission " + std::to_string(k) + " names the wrong square");
  }
  const Json& discs = req(data, "discs", wh);
  blue_total = req_int(discs, "blue_hat", wh + " discs");
  trap_total = req_int(discs, "captured", wh + " discs");
  if (blue_total + trap_total != kCircles) throw DataError(wh + ": discs must fill the 28 circles");
  solve_spins();
}

std::unique_ptr<State> GrayGhostGame::new_state(const Json& o, int seats) const {
  if (seats < 2 || seats > 4) throw DataError("gray-ghost: 2-4 seats");
  std::string f = o.value("first", "lot");
  int first = -1;
  for (int s = 0; s < seats; ++s)
    if (seat_name(s) == f) first = s;
  // v1 quietly drew lots for a colour nobody plays; a record may hold that.
  if (revised && f != "lot" && first < 0)
    throw DataError("gray-ghost: " + f + " cannot spin first, only " + std::to_string(seats) +
                    " colours play; choose one of them or lot");
  return std::make_unique<GrayGhostState>(this, seats, first, o.value("max_rounds", 150));
}

GrayGhostState::GrayGhostState(const GrayGhostGame* g, int seats, int first, int max_rounds)
    : State(g), g_(g), seats_(int8_t(seats)), max_rounds_(int16_t(max_rounds)) {
  for (int s = 0; s < seats_; ++s) r_[s].at = int16_t(g->start);
  disc_.fill(UNKNOWN);
  for (int k = 0; k < kCardKinds; ++k) deck_[k] = int8_t(g->card_count[k]);
  if (first >= 0) cur_ = int8_t(first), phase_ = SPIN;
}

int GrayGhostState::to_move() const {
  switch (phase_) {
    case LOT:
    case SPUN:
    case DISC:
    case MISSION:
    case CARD:
    case RAID_DISC:
      return kChance;
    case OVER:
      return kTerminal;
    default:
      return cur_;
  }
}

bool GrayGhostState::occupied(int node, int except) const {
  if (g_->zone_of[node] >= 0) return false;  // zones hold any number of raiders
  for (int s = 0; s < seats_; ++s)
    if (s != except && r_[s].at == node) return true;
  return false;
}

bool GrayGhostState::sees_trap(int c, int seat) const {
  if (disc_[c] != KNOWN_TRAP) return false;
  return trap_seen_[c] == kAllSeats || (seat >= 0 && (trap_seen_[c] >> seat & 1));
}

bool GrayGhostState::free_circle(int c) const { return disc_[c] == EMPTY && !occupied(g_->circles[c], -1); }

int GrayGhostState::unknown_blue() const {
  int n = g_->blue_total;
  for (int s = 0; s < seats_; ++s) n -= r_[s].soldiers;
  for (int8_t d : disc_) n -= d == KNOWN_BLUE;
  return n;
}

int GrayGhostState::unknown_trap() const {
  int n = g_->trap_total - trap_in_hand_;
  for (int8_t d : disc_) n -= d == KNOWN_TRAP;
  return n;
}

int GrayGhostState::holder_of_mission(int m) const {
  for (int s = 0; s < seats_; ++s)
    if (r_[s].mission == m) return s;
  return -1;
}

// Seed, ACCOMPLIR/GAGNANT: before the mission HQ takes any count that reaches
// it; afterwards only the winning entry, with HQ as the move's last square.
// From v2 a trap the mover knows of on the line shuts HQ too: the move would
// end in prison, so it is no winning move and may not be named after HQ.
bool GrayGhostState::may_enter_hq(int s, int step, int steps, int discs_before, bool mission_before,
                                  bool trap_before) const {
  const Raider& r = r_[s];
  if (r.mission == 0) return true;
  if (trap_before && g_->revised) return false;
  return mission_before && r.soldiers + discs_before >= 5 && step == steps;
}

// Seed, COMMENT ENTRER OU SORTIR: out of a zone diagonally from a corner,
// or straight at right angles to a side.
int GrayGhostGame::starts(int node, bool diag, Starts& st) const {
  int ns = 0;
  int z = zone_of[node];
  if (z < 0) {
    int x = gx[node], y = gy[node];
    if (diag)
      for (int dx : {-1, 1})
        for (int dy : {-1, 1}) st[ns++] = {x, y, dx, dy};
    else
      st[ns++] = {x, y, 1, 0}, st[ns++] = {x, y, -1, 0}, st[ns++] = {x, y, 0, 1}, st[ns++] = {x, y, 0, -1};
    return ns;
  }
  const auto& R = zones[z];
  if (diag) {
    st[ns++] = {R.x0, R.y0, -1, -1}, st[ns++] = {R.x1, R.y0, 1, -1};
    st[ns++] = {R.x0, R.y1, -1, 1}, st[ns++] = {R.x1, R.y1, 1, 1};
  } else {
    for (int y = R.y0; y <= R.y1; ++y) st[ns++] = {R.x0, y, -1, 0}, st[ns++] = {R.x1, y, 1, 0};
    for (int x = R.x0; x <= R.x1; ++x) st[ns++] = {x, R.y0, 0, -1}, st[ns++] = {x, R.y1, 0, 1};
  }
  return ns;
}

// A diagonal step enters a zone only at its corner square (seed, COMMENT ENTRER).
bool GrayGhostGame::corner(int x, int y, int dx, int dy) const {
  int z = zone_at[x + y * w];
  return !dx || !dy || (zone_at[(x - dx) + y * w] != z && zone_at[x + (y - dy) * w] != z);
}

int GrayGhostState::rays(Rays& out) const {
  const GrayGhostGame& G = *g_;
  const Raider& me = r_[cur_];
  bool pre = me.mission == 0;
  int mnode = !pre && !me.done ? G.mission_node[me.mission] : -1;
  GrayGhostGame::Starts st;
  int ns = G.starts(me.at, diag_, st);
  int n = 0;  // at most one ray from each of the ns <= 64 starts
  for (int i = 0; i < ns; ++i) {
    Ray ray;
    int mis = -1, discs = 0;
    bool blocked = false, trap = false;
    for (int k = 1; k <= steps_; ++k) {
      int x = st[i].x + k * st[i].dx, y = st[i].y + k * st[i].dy;
      if (x < 0 || x >= G.w || y < 0 || y >= G.h) break;  // stops at the edge
      int zz = G.zone_at[x + y * G.w];
      if (zz >= 0) {
        const auto& R = G.zones[zz];
        if (R.kind == HQ && G.corner(x, y, st[i].dx, st[i].dy) &&
            may_enter_hq(cur_, k, steps_, discs, me.done || mis >= 0, trap)) {
          ray.cells[ray.len++] = int16_t(G.hq);
          break;
        }
        blocked = true;
        break;
      }
      int c = G.cell[x + y * G.w];
      int ci = G.circle_of[c];
      if (ci >= 0 && disc_[ci] != EMPTY) {
        if (pre) {  // seed, AVANT D'ATTEINDRE: may not land on or pass a disc
          blocked = true;
          break;
        }
        // A trap the mover does not know of counts as the soldier it may be:
        // the moves offered must not tell him what it is.
        bool known = sees_trap(ci, cur_);
        discs += !known;
        trap |= known;
      }
      ray.cells[ray.len++] = int16_t(c);
      if (c == mnode) mis = ray.len - 1;
    }
    if (!blocked && ray.len > 0 && occupied(ray.cells[ray.len - 1], cur_)) blocked = true;
    if (blocked) {
      // The mission note lets a raider stop on its square short of the block.
      if (mis < 0 || occupied(mnode, cur_)) continue;
      ray.len = int8_t(mis + 1);
    }
    if (ray.len > 0) out[size_t(n++)] = ray;
  }
  return n;
}

std::vector<Action> GrayGhostState::legal() const {
  std::vector<Action> r;
  legal_into(r);
  return r;
}

void GrayGhostState::legal_into(std::vector<Action>& r) const {
  r.clear();
  switch (phase_) {
    case LOT:
      for (int s = 0; s < seats_; ++s) r.push_back(s);
      break;
    case SPIN:
      r.push_back(kSpin);
      break;
    case SPUN:
      for (int f = 0; f < int(g_->faces.size()); ++f) r.push_back(f);
      break;
    case MOVE: {
      Rays rs;
      for (int i = 0, n = rays(rs); i < n; ++i) r.push_back(kNodeBase + rs[size_t(i)].cells[rs[size_t(i)].len - 1]);
      if (r.empty()) r.push_back(kNoMove);
      break;
    }
    case DISC:
    case RAID_DISC:
      if (unknown_blue() > 0) r.push_back(0);
      if (unknown_trap() > 0) r.push_back(1);
      break;
    case STOP:
      r = {kGoOn, kNodeBase + r_[cur_].at};
      break;
    case MISSION:
      for (int m = 1; m <= kMissions; ++m)
        if (holder_of_mission(m) < 0) r.push_back(m);
      break;
    case ZONE: {
      for (int z : nearest(send_kind_, r_[cur_].at)) r.push_back(kNodeBase + z);
      break;
    }
    case TRAP:
    case AMBUSH:
      for (int c = 0; c < kCircles; ++c)
        if (free_circle(c)) r.push_back(kNodeBase + g_->circles[c]);
      break;
    case CARD:
      for (int k = 0; k < kCardKinds; ++k)
        if (deck_[k] > 0) r.push_back(k);
      break;
    case RAID:
      r.push_back(kNoRaid);
      for (int c = 0; c < kCircles; ++c)
        if (disc_[c] != EMPTY) r.push_back(kNodeBase + g_->circles[c]);
      break;
    case OVER:
      break;
  }
  std::sort(r.begin(), r.end());
  r.erase(std::unique(r.begin(), r.end()), r.end());
}

std::vector<double> GrayGhostState::chance_probs() const {
  std::vector<double> p;
  probs_into(p, nullptr);
  return p;
}

void GrayGhostState::chance_into(std::vector<Action>& outcomes, std::vector<double>& probs) const {
  legal_into(outcomes);
  probs_into(probs, &outcomes);
}

void GrayGhostState::probs_into(std::vector<double>& p, const std::vector<Action>* legal) const {
  p.clear();
  switch (phase_) {
    case SPUN: {
      double t = 0;
      for (const Face& f : g_->faces) t += f.count;
      for (const Face& f : g_->faces) p.push_back(f.count / t);
      break;
    }
    case DISC:
    case RAID_DISC: {
      double b = unknown_blue(), t = unknown_trap();
      if (b > 0) p.push_back(b / (b + t));
      if (t > 0) p.push_back(t / (b + t));
      break;
    }
    case CARD: {
      double t = 0;
      for (int8_t k : deck_) t += k;
      for (int8_t k : deck_)
        if (k > 0) p.push_back(k / t);
      break;
    }
    default: {
      size_t n = legal ? legal->size() : this->legal().size();
      p.assign(n, 1.0 / double(n));
    }
  }
}

std::vector<int> GrayGhostState::nearest(Zone kind, int from) const {
  std::vector<int> best;
  int bd = 1 << 20;
  for (const auto& z : g_->zones) {
    if (z.kind != kind) continue;
    int d = g_->d(from, z.node);
    if (d < bd) bd = d, best.clear();
    if (d == bd) best.push_back(z.node);
  }
  return best;
}

void GrayGhostState::finish(int winner) {
  winner_ = int8_t(winner);
  phase_ = OVER;
}

void GrayGhostState::end_turn() {
  extra_ = 0;
  for (;;) {
    cur_ = int8_t((cur_ + 1) % seats_);
    if (++turns_ >= max_rounds_ * seats_) return finish(-1);
    if (!r_[cur_].skip) break;
    r_[cur_].skip = false;  // seed, NOTE on war cards: the lost turn
  }
  phase_ = SPIN;
}

void GrayGhostState::end_move() {
  if (extra_ > 0) {
    --extra_;
    phase_ = SPIN;
  } else {
    end_turn();
  }
}

// Seed, CAPTURE and war cards: to the nearest camp or hospital, the player
// choosing on a tie; already there costs the next turn. Either way the turn ends.
void GrayGhostState::send(Zone kind) {
  Raider& me = r_[cur_];
  extra_ = 0;
  int z = g_->zone_of[me.at];
  if (z >= 0 && g_->zones[z].kind == kind) {
    me.skip = true;
  } else {
    std::vector<int> near = nearest(kind, me.at);
    if (near.size() > 1) {
      send_kind_ = kind;
      phase_ = ZONE;
      return;
    }
    me.at = int16_t(near[0]);
  }
  if (trap_in_hand_)
    phase_ = TRAP;
  else
    end_turn();
}

void GrayGhostState::take(int circle, bool trap) {
  disc_[circle] = EMPTY;
  if (trap) {
    trap_in_hand_ = true;
    send(PRISON);
  } else {
    r_[cur_].soldiers++;
    extra_++;  // seed, CAPTURE: a blue hat earns another spin this turn
  }
}

void GrayGhostState::arrive_hq() {
  Raider& me = r_[cur_];
  me.at = int16_t(g_->hq);
  if (me.mission == 0) {
    phase_ = MISSION;
    return;
  }
  if (!me.done || me.soldiers < 5) throw std::logic_error("gray-ghost: entered HQ without the right to win");
  finish(cur_);
}

void GrayGhostState::advance() {
  Raider& me = r_[cur_];
  while (path_pos_ < path_.len) {
    int c = path_.cells[path_pos_++];
    me.at = int16_t(c);
    last_[last_len_++] = int16_t(c);
    if (c == g_->hq) return arrive_hq();
    int ci = g_->circle_of[c];
    if (ci >= 0 && disc_[ci] != EMPTY) {
      if (disc_[ci] == UNKNOWN) {
        pending_ = int16_t(c);
        phase_ = DISC;
        return;
      }
      bool trap = disc_[ci] == KNOWN_TRAP;
      take(ci, trap);
      if (trap) return;
    }
    // Everybody sees a raider cross a mission square without a flag.
    if (me.mission && !me.done && g_->mission_at[c] && c != g_->mission_node[me.mission])
      me.passed |= uint16_t(1 << g_->mission_at[c]);
    if (me.mission && !me.done && c == g_->mission_node[me.mission]) {
      me.done = true;  // seed, ACCOMPLIR: the flag goes on the face-up card
      extra_++;
      if (path_pos_ < path_.len && !occupied(c, cur_)) {
        phase_ = STOP;
        return;
      }
    }
  }
  end_move();
}

void GrayGhostState::apply(Action a) {
  Raider& me = r_[cur_];
  switch (phase_) {
    case LOT:
      cur_ = int8_t(a);
      phase_ = SPIN;
      return;
    case SPIN:
      ++plies_;
      phase_ = SPUN;
      return;
    case SPUN: {
      face_ = int8_t(a);
      const Face& f = g_->faces[a];
      card_ = -1;
      if (f.war && me.mission) {
        phase_ = CARD;
        return;
      }
      // Seed, AVANT D'ATTEINDRE: before HQ the war-card space's move replaces the card.
      const Face& m = f.war ? g_->war_move : f;
      steps_ = int8_t(m.steps), diag_ = m.diagonal;
      phase_ = MOVE;
      return;
    }
    case MOVE: {
      ++plies_;
      last_len_ = 0;
      last_[last_len_++] = me.at;
      from_ = me.at;
      if (a == kNoMove) return end_move();
      Rays rs;
      for (int i = 0, n = rays(rs); i < n; ++i)
        if (rs[size_t(i)].cells[rs[size_t(i)].len - 1] == a - kNodeBase) {
          path_ = rs[size_t(i)];
          break;
        }
      path_pos_ = 0;
      return advance();
    }
    case DISC:
      take(g_->circle_of[pending_], a == 1);
      pending_ = -1;
      if (a == 0) advance();
      return;
    case STOP:
      ++plies_;
      if (a == kGoOn) return advance();
      return end_move();
    case MISSION:
      me.mission = int8_t(a);
      extra_++;  // seed, RAPPORTER: spin again and leave HQ
      return end_move();
    case ZONE:
      ++plies_;
      me.at = int16_t(a - kNodeBase);
      if (trap_in_hand_)
        phase_ = TRAP;
      else
        end_turn();
      return;
    case TRAP:
      ++plies_;
      disc_[g_->circle_of[a - kNodeBase]] = KNOWN_TRAP;
      // Seed, CAPTURE: put back "pour tromper les autres joueurs", so from v2
      // it lies face down and only its placer knows it.
      trap_seen_[g_->circle_of[a - kNodeBase]] = g_->revised ? uint8_t(1 << cur_) : kAllSeats;
      trap_in_hand_ = false;
      return end_turn();
    case CARD: {
      card_ = int8_t(a);
      deck_[a]--;
      bool empty = true;
      for (int8_t k : deck_) empty &= k == 0;
      if (empty)
        for (int k = 0; k < kCardKinds; ++k) deck_[k] = int8_t(g_->card_count[k]);
      switch (a) {
        case CARD_CAPTURED:
          return send(PRISON);
        case CARD_WOUNDED:
          return send(HOSPITAL);
        case CARD_RAID:
          for (int8_t d : disc_)
            if (d != EMPTY) {
              phase_ = RAID;
              return;
            }
          return end_move();
        default:
          if (me.soldiers == 0) {  // seed, EMBUSCADE: with no soldier, one square straight
            steps_ = 1, diag_ = false;
            phase_ = MOVE;
            return;
          }
          for (int c = 0; c < kCircles; ++c)
            if (free_circle(c)) {
              phase_ = AMBUSH;
              return;
            }
          return end_move();
      }
    }
    case RAID: {
      ++plies_;
      if (a == kNoRaid) return end_move();
      int ci = g_->circle_of[a - kNodeBase];
      last_len_ = 1;
      last_[0] = int16_t(a - kNodeBase);
      if (disc_[ci] == UNKNOWN) {
        pending_ = int16_t(a - kNodeBase);
        phase_ = RAID_DISC;
        return;
      }
      if (disc_[ci] == KNOWN_TRAP) {
        disc_[ci] = EMPTY;
        trap_in_hand_ = true;
        return send(PRISON);
      }
      disc_[ci] = EMPTY;
      me.soldiers++;  // seed, RAID: no extra turn
      return end_move();
    }
    case RAID_DISC: {
      int ci = g_->circle_of[pending_];
      pending_ = -1;
      disc_[ci] = EMPTY;
      if (a == 1) {
        trap_in_hand_ = true;
        return send(PRISON);
      }
      me.soldiers++;
      return end_move();
    }
    case AMBUSH:
      ++plies_;
      disc_[g_->circle_of[a - kNodeBase]] = KNOWN_BLUE;
      me.soldiers--;
      return end_move();
    case OVER:
      return;
  }
}

std::vector<double> GrayGhostState::returns() const {
  std::vector<double> r(seats_, 0.0);
  if (phase_ != OVER || winner_ < 0) return r;
  for (int s = 0; s < seats_; ++s) r[s] = s == winner_ ? 1 : -1;
  return r;
}

std::string GrayGhostState::action_name(Action a) const {
  const GrayGhostGame& G = *g_;
  switch (phase_) {
    case LOT:
      return "first:" + game().seat_name(a);
    case SPIN:
      return "spin";
    case SPUN:
      return "spin:" + G.faces[a].label;
    case MOVE:
      if (a == kNoMove) return "no move";
      return G.id(r_[cur_].at) + "-" + G.id(a - kNodeBase);
    case DISC:
    case RAID_DISC:
      return a == 0 ? "disc:blue hat" : "disc:you are captured";
    case STOP:
      return a == kGoOn ? "go on" : "stop:" + G.id(a - kNodeBase);
    case MISSION:
      return "mission:" + std::to_string(a);
    case ZONE:
      return "to:" + G.id(a - kNodeBase);
    case TRAP:
      return "trap:" + G.id(a - kNodeBase);
    case CARD:
      return std::string("card:") + kCardIds[a];
    case RAID:
      return a == kNoRaid ? "no raid" : "raid:" + G.id(a - kNodeBase);
    case AMBUSH:
      return "ambush:" + G.id(a - kNodeBase);
    case OVER:
      break;
  }
  return "?";
}

// A square by its coordinates (the board's labels), a zone by its name.
static std::string place(const GrayGhostGame& G, int node) {
  int z = G.zone_of[node];
  if (z < 0) return G.id(node);
  switch (G.zones[size_t(z)].kind) {
    case START:
      return T("the start");
    case HQ:
      return T("Gray Ghost HQ");
    case PRISON:
      return T("the prison camp");
    case HOSPITAL:
      return T("the hospital");
    case NONE:
      break;
  }
  return G.id(node);
}

// Words first; a move on the grid adds its notation in brackets, from-to in
// the squares' coordinates.
std::string GrayGhostState::public_name(Action a, int viewer) const {
  const GrayGhostGame& G = *g_;
  auto at = [&](Action x) { return place(G, x - kNodeBase); };
  std::string who = game().seat_label(cur_);
  switch (phase_) {
    case LOT:
      return strf(T("%s spins first, by lot"), game().seat_label(a).c_str());
    case SPIN:
      return T("spins");
    case SPUN:
      return G.faces[a].war ? T("the spinner stops on a war card")
                            : strf(T("the spinner shows %s"), T(G.faces[a].label).c_str());
    case MOVE: {
      if (a == kNoMove) return T("cannot move");
      std::string f = place(G, r_[cur_].at), t = place(G, a - kNodeBase);
      std::string note = G.board().nodes[r_[cur_].at].notation() + "-" + G.board().nodes[a - kNodeBase].notation();
      return strf(T("raider from %s to %s (%s)"), f.c_str(), t.c_str(), note.c_str());
    }
    case DISC:
    case RAID_DISC:
      return a == 0 ? T("the disc is a blue hat") : T("the disc says \u201cYou are captured\u201d");
    case STOP:
      return a == kGoOn ? T("goes on") : strf(T("stops on %s"), at(a).c_str());
    case MISSION:  // chance: the log names no seat before it, so the words do
      if (viewer != cur_) return strf(T("%s draws a secret mission"), who.c_str());
      return strf(T("%s draws %s"), who.c_str(), G.mission_title[size_t(a)].c_str());
    case ZONE:
      return strf(T("goes to %s"), at(a).c_str());
    case TRAP:
      return strf(T("puts the disc back on %s"), at(a).c_str());
    case CARD:
      return strf(T("%s draws the war card %s"), who.c_str(), G.card_title[size_t(a)].c_str());
    case RAID:
      return a == kNoRaid ? T("does not raid") : strf(T("raids the disc on %s"), at(a).c_str());
    case AMBUSH:
      return strf(T("puts the captured soldier back on %s"), at(a).c_str());
    case OVER:
      break;
  }
  return action_name(a);
}

std::vector<int> GrayGhostState::action_nodes(Action a) const {
  if (a < kNodeBase) return {};
  if (phase_ == MOVE) return {r_[cur_].at, a - kNodeBase};
  if (phase_ == STOP || phase_ == ZONE || phase_ == TRAP || phase_ == RAID || phase_ == AMBUSH) return {a - kNodeBase};
  return {};
}

GAMUT_COLD Json GrayGhostState::view(int seat) const {
  static const char* kPhase[] = {"lot",  "spin", "spinning", "move", "disc", "stop",   "mission",
                                 "zone", "trap", "card",     "raid", "raid", "ambush", "over"};
  const GrayGhostGame& G = *g_;
  Json pieces = Json::array(), side = Json::array(), status = Json::array(), cards = Json::array();
  static const char* kDisc[] = {"", "disc", "disc_blue", "disc_trap"};
  for (int c = 0; c < kCircles; ++c)
    if (disc_[c] != EMPTY) {
      // A trap put back face down shows its back to those who did not place it.
      const char* face = disc_[c] == KNOWN_TRAP && !sees_trap(c, seat) ? kDisc[UNKNOWN] : kDisc[disc_[c]];
      pieces.push_back({{"node", G.id(G.circles[c])}, {"seat", -1}, {"face", face}});
    }
  Json missions = Json::array(), passed = Json::array();
  for (int s = 0; s < seats_; ++s) {
    const Raider& r = r_[s];
    Json p = {{"node", G.id(r.at)}, {"seat", s}, {"face", "raider"}};
    if (r.soldiers) p["label"] = std::to_string(r.soldiers);
    pieces.push_back(p);
    for (int k = 0; k < r.soldiers; ++k) side.push_back({{"seat", s}, {"face", "blue_hat"}, {"where", "soldiers"}});
    bool shown = (r.done || s == seat || phase_ == OVER) && !(hidden_ >> s & 1);
    if (r.mission) side.push_back({{"seat", s}, {"face", r.done ? "flag" : "mission"}, {"where", "mission"}});
    missions.push_back(r.mission == 0 ? 0 : shown ? int(r.mission) : -1);
    Json crossed = Json::array();
    for (int m = 1; m <= kMissions; ++m)
      if (r.passed >> m & 1) crossed.push_back(m);
    passed.push_back(crossed);
    // Translated in parts that are each whole (core/text.h).
    std::string line = strf(r.soldiers == 1 ? T("%s: %d soldier") : T("%s: %d soldiers"), game().seat_label(s).c_str(),
                            int(r.soldiers));
    line += r.mission == 0    ? std::string(T(", no mission yet"))
            : r.done && shown ? strf(T(", mission %d done (flag)"), int(r.mission))
            : shown           ? strf(T(", mission %d (secret)"), int(r.mission))
                              : std::string(T(", secret mission"));
    if (r.skip) line += T(", loses next turn");
    status.push_back(line);
  }
  if (face_ >= 0) status.push_back(strf(T("Spinner: %s"), T(G.faces[face_].label).c_str()));
  if (face_ >= 0 && G.faces[face_].war && card_ < 0 && (phase_ == MOVE))
    status.push_back(strf(T("Before HQ: %s"), T(G.war_move.label).c_str()));
  if (extra_ > 0) status.push_back(strf(T("Extra spins to come: %d"), int(extra_)));
  status.push_back(strf(T("Round %d of %d"), int(turns_ / seats_ + 1), int(max_rounds_)));
  int left = 0;
  for (int8_t k : deck_) left += k;
  status.push_back(strf(T("War cards left in the deck: %d"), left));
  if (seat >= 0 && seat < seats_ && r_[seat].mission && !(hidden_ >> seat & 1))
    cards.push_back({{"title", "Your secret mission"},
                     {"text", G.mission_title[r_[seat].mission] + (r_[seat].done ? " (done)" : "")}});
  if (card_ >= 0) cards.push_back({{"title", G.card_title[card_]}, {"text", G.card_text[card_]}});
  Json faces = Json::array();
  for (const Face& f : G.faces) faces.push_back({{"label", f.label}, {"count", f.count}, {"accent", f.war}});
  Json last = Json::array();
  for (int i = 0; i < last_len_; ++i) last.push_back(G.id(last_[i]));
  Json v = {{"phase", kPhase[phase_]},
            {"pieces", pieces},
            {"side", side},
            {"status", status},
            {"cards", cards},
            {"missions", missions},
            {"last", last},
            {"to_move", cur_},
            {"extra", extra_},
            {"spinner", {{"faces", faces}, {"at", face_}}}};
  v["crossed"] = passed;  // mission squares crossed without a flag: not their missions
  if (phase_ == MOVE) v["move"] = {{"steps", steps_}, {"diagonal", diag_}};
  if (phase_ == OVER) v["winner"] = winner_;
  return v;
}

std::unique_ptr<State> GrayGhostState::determinize(int seat, Rng& rng) const {
  auto s = std::make_unique<GrayGhostState>(*this);
  if (phase_ == OVER || seat < 0 || seat >= seats_) return s;
  // Face-down discs need nothing: their kinds are not in the state until
  // drawn. A trap put back face down by another seat is, to this seat, one of
  // them: it goes back to the pool, and the counts take it in again.
  for (int c = 0; c < kCircles; ++c)
    if (disc_[c] == KNOWN_TRAP && !sees_trap(c, seat)) s->disc_[c] = UNKNOWN, s->trap_seen_[c] = 0;
  std::vector<int> holders;
  std::array<bool, kMissions + 1> seen{};
  if (r_[seat].mission) seen[r_[seat].mission] = true;
  for (int o = 0; o < seats_; ++o) {
    if (o == seat || r_[o].mission == 0) continue;
    if (r_[o].done)
      seen[r_[o].mission] = true;
    else
      holders.push_back(o);
  }
  std::vector<int8_t> pool;
  for (int m = 1; m <= kMissions; ++m)
    if (!seen[m]) pool.push_back(int8_t(m));
  // Uniform over the deals that agree with the squares each holder crossed
  // without a flag; rejection keeps it uniform, and is cheap as few deals fail.
  for (int tries = 0; tries < 200; ++tries) {
    rng.shuffle(pool);
    bool ok = true;
    for (size_t k = 0; k < holders.size(); ++k) ok &= !(r_[holders[k]].passed >> pool[k] & 1);
    if (ok) break;
  }
  for (size_t k = 0; k < holders.size(); ++k) s->r_[holders[k]].mission = pool[k];
  return s;
}

GAMUT_COLD std::string GrayGhostState::debug() const {
  std::ostringstream o;
  o << "phase " << int(phase_) << " cur " << int(cur_) << " extra " << int(extra_) << " winner " << int(winner_)
    << " turns " << turns_ << " steps " << int(steps_) << (diag_ ? "d" : "s") << " face " << int(face_) << " card "
    << int(card_) << " trap_in_hand " << trap_in_hand_ << " pending " << pending_ << "\n";
  for (int s = 0; s < seats_; ++s)
    o << "raider " << s << " at " << g_->id(r_[s].at) << " mission " << int(r_[s].mission) << (r_[s].done ? "!" : "")
      << " soldiers " << int(r_[s].soldiers) << (r_[s].skip ? " skip" : "") << " passed " << r_[s].passed << "\n";
  o << "discs ";
  for (int8_t d : disc_) o << ".?BX"[d];
  o << " deck";
  for (int8_t k : deck_) o << " " << int(k);
  if (g_->revised) {  // v1's text is frozen: golden records hash it
    o << " seen";
    for (int c = 0; c < kCircles; ++c)
      if (disc_[c] == KNOWN_TRAP) o << " " << g_->id(g_->circles[c]) << ":" << int(trap_seen_[c]);
  }
  o << " path";
  for (int i = 0; i < path_.len; ++i) o << " " << g_->id(path_.cells[i]);
  o << " @" << int(path_pos_);
  return o.str();
}

GAMUT_COLD void GrayGhostState::check() const {
  auto fail = [&](const std::string& m) { throw std::logic_error("gray-ghost: " + m + "\n" + debug()); };
  const GrayGhostGame& G = *g_;
  bool moving = phase_ == DISC || phase_ == STOP;
  for (int s = 0; s < seats_; ++s) {
    const Raider& r = r_[s];
    if (r.at < 0 || r.at >= G.n) fail("raider off the board");
    int z = G.zone_of[r.at];
    if (z >= 0 && G.zones[z].kind == HQ && r.mission != 0 && phase_ != OVER && r.done)
      fail("a raider with a finished mission sits in HQ");
    if (r.soldiers < 0) fail("negative soldiers");
    if (r.done && r.mission == 0) fail("done without a mission");
    if (r.mission && (r.passed >> r.mission & 1)) fail("crossed its own mission without a flag");
    for (int o = 0; o < s; ++o)
      if (r_[o].mission && r_[o].mission == r.mission) fail("two raiders hold one mission");
    if (z < 0 && occupied(r.at, s) && !(moving && s == cur_)) fail("two raiders on one square");
    int ci = G.circle_of[r.at];
    if (ci >= 0 && disc_[ci] != EMPTY && !(moving && s == cur_)) fail("a disc under a raider");
    if (r.mission == 0 && (r.soldiers || r.done)) fail("captures before HQ");
  }
  int unknown = 0;
  for (int8_t d : disc_) unknown += d == UNKNOWN;
  if (unknown_blue() < 0 || unknown_trap() < 0 || unknown_blue() + unknown_trap() != unknown)
    fail("disc counts do not add up");
  int cards = 0;
  for (int k = 0; k < kCardKinds; ++k) {
    if (deck_[k] < 0 || deck_[k] > G.card_count[k]) fail("deck count out of range");
    cards += deck_[k];
  }
  if (cards == 0) fail("the war deck should have been reshuffled");
  if (trap_in_hand_ != (phase_ == TRAP || (phase_ == ZONE && trap_in_hand_))) fail("a trap disc is in hand");
  if (phase_ != OVER && legal().empty()) fail("no legal action");
  if (turns_ > max_rounds_ * seats_) fail("round limit passed");
}

double GrayGhostState::heuristic(int seat) const { return score(seat, true); }
double GrayGhostState::plain_heuristic(int seat) const { return score(seat, false); }

double GrayGhostState::score(int seat, bool spins) const {
  if (phase_ == OVER) return returns()[seat] * 100;
  const GrayGhostGame& G = *g_;
  // Turns a raider still needs, roughly: the spins its moves take and the
  // soldiers it lacks. With the tables a soldier lacking costs six spins: HQ
  // stays shut until it is found, and ai:2 won most against both bots at six
  // (of 1, 2, 3, 6 and 10; docs/ai-strength.md). Without them, the bots'
  // plain count: squares at ~2.5 a spin and a spin a soldier.
  auto turns = [&](int s) {
    const Raider& r = r_[s];
    double rem;
    if (spins) {
      if (r.mission == 0)
        rem = G.spins_to_hq(r.at) + G.round_trip;
      else if (!r.done)
        rem = G.spins_to_mission(r.mission, r.at) + G.spins_home(G.mission_node[r.mission]);
      else
        rem = G.spins_home(r.at);
    } else if (r.mission == 0) {
      rem = (G.d(r.at, G.hq) + 2 * G.to_mission) / 2.5;
    } else if (!r.done) {
      rem = (G.d(r.at, G.mission_node[r.mission]) + G.d(G.mission_node[r.mission], G.hq)) / 2.5;
    } else {
      rem = G.d(r.at, G.hq) / 2.5;
    }
    return rem + (spins ? 6 : 1) * std::max(0, 5 - r.soldiers) + (r.skip ? 1 : 0);
  };
  double mine = turns(seat), best = seats_ > 1 ? 1e9 : 0;  // alone (bench/gray_ghost_race.cpp): against nobody
  for (int o = 0; o < seats_; ++o)
    if (o != seat) best = std::min(best, turns(o));
  double h = best - mine;
  const Raider& me = r_[seat];
  h += 0.2 * std::max(0, me.soldiers - 5);  // seed, CONSEILS: a spare soldier against an Ambush
  for (int c = 0; c < kCircles; ++c) {
    if (disc_[c] == EMPTY) continue;
    int node = G.circles[c];
    if (disc_[c] == KNOWN_TRAP && sees_trap(c, seat)) {
      // Seed, CONSEILS: a "You are captured" disc is best put next to a rival.
      for (int o = 0; o < seats_; ++o)
        if (o != seat && r_[o].mission) {
          int dx = std::abs(G.gx[r_[o].at] - G.gx[node]), dy = std::abs(G.gy[r_[o].at] - G.gy[node]);
          if ((!dx || !dy || dx == dy) && std::max(dx, dy) <= 6) h += 0.5;  // on one of its lines
          if (G.d(r_[o].at, node) <= 2) h += 1.5;
        }
    } else if (me.mission && me.soldiers < 5 && G.d(me.at, node) <= 3) {
      h += 0.1;  // soldiers within reach (seed, CONSEILS on Raid: take the far ones)
    }
  }
  return h;
}

std::string GrayGhostState::result_reason() const {
  if (winner_ < 0) return T("the round limit was reached");
  return strf(T("back at the Gray Ghost's headquarters with the mission done and %d soldiers"),
              int(r_[winner_].soldiers));
}

void GrayGhostState::set_raider(int s, int node, int mission, bool done, int soldiers) {
  r_[s].at = int16_t(node);
  r_[s].mission = int8_t(mission);
  r_[s].done = done;
  r_[s].soldiers = int8_t(soldiers);
}

void GrayGhostState::set_disc(int circle, Disc d, uint8_t trap_seen) {
  disc_[circle] = d;
  trap_seen_[circle] = d == KNOWN_TRAP ? trap_seen : 0;
}

static std::shared_ptr<const Game> make(const Json& d, int v) { return std::make_shared<GrayGhostGame>(d, v); }
GAMUT_REGISTER_GAME("gray-ghost", make);

}  // namespace gamut::gray_ghost
