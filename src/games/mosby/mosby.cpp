#include "mosby.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace gamut::mosby {

namespace {

enum Op : int16_t {
  OP_TURN,
  OP_PLACE,
  OP_PREP_MOVES,
  OP_RANDSTEP,  // a: unit, b: context, c: spaces left
  OP_RECRUIT,
  OP_CARDS,
  OP_EVENTS,
  OP_OPS,
  OP_PHASES_BEGIN,
  OP_PHASE,
  OP_MOSBY_PHASE,
  OP_MOSBY_MOVING,  // a: spaces left, b: allowance
  OP_UNION_ACTIONS,
  OP_UNION_ACT,   // a: unit
  OP_UNION_ROLL,  // a: unit
  OP_UNION_STEP,  // a: unit, b: mode, c: spaces left (+16 once it has moved)
  OP_UNION_ATTACK,
  OP_ATTACK_HERE,
  OP_SKEDADDLE_Q,
  OP_COMBAT_ROLL,
  OP_LOSS,  // a: hits left
  OP_RETREAT_ALL,
  OP_RETREAT,  // a: unit
  OP_CASUALTY,
  OP_CHECKS,
  OP_DRAW,         // a: context, b: node
  OP_AFTER_ENTER,  // a: node
  OP_SCOUT,        // a: node
  OP_SCOUT_FAIL,   // a: node
  OP_POST_COMBAT,
  OP_END_TURN,
};

// Random-movement contexts.
enum { RS_PREP, RS_PHASE, RS_SCATTER, RS_RETREAT };
// Union Movement Table modes.
enum { MV_DEACT, MV_RANDOM, MV_TOWARD, MV_NEAREST, MV_AWAY };
// Draw contexts.
enum { DR_ACTIVATE, DR_EXAMINE_ENTER, DR_EXAMINE_SCOUT, DR_UNSEEN };
// Activation-check contexts.
enum { CK_ENTER, CK_AROUND, CK_SCOUT_FAIL };

const char* kTypeName[] = {"combat", "blank", "picket", "courier", "wagon"};

bool waits(int op) {
  switch (op) {
    case OP_PLACE:
    case OP_OPS:
    case OP_MOSBY_PHASE:
    case OP_MOSBY_MOVING:
    case OP_SKEDADDLE_Q:
    case OP_RANDSTEP:
    case OP_RECRUIT:
    case OP_PHASES_BEGIN:
    case OP_UNION_ROLL:
    case OP_COMBAT_ROLL:
    case OP_CASUALTY:
    case OP_CHECKS:
    case OP_SCOUT:
    case OP_DRAW:
    case OP_UNION_STEP:
    case OP_RETREAT:
    case OP_LOSS:
      return true;
    default:
      return false;
  }
}
bool decision(int op) {
  if (op >= kCardOps && op < kCardOpsEnd) return op == CO_LIMIT || op >= CO_COMBAT_Q;
  if (op >= kWagonOps) return op >= kWagonOps + 50;
  return op == OP_PLACE || op == OP_OPS || op == OP_MOSBY_PHASE || op == OP_MOSBY_MOVING || op == OP_SKEDADDLE_Q;
}

UnitType type_of(const std::string& s) {
  if (s == "combat") return COMBAT;
  if (s == "blank") return BLANK;
  if (s == "picket") return PICKET;
  if (s == "courier") return COURIER;
  if (s == "wagon") return WAGON;
  throw DataError("mosby: unknown unit kind '" + s + "'");
}

// Odds column -4..+4 (1:5 .. 5:1). Fractions drop for the stronger side; a
// weaker attacker's odds round in the defender's favour (the text reads 2
// against 5 as 1:3).
int ratio_index(int att, int def) {
  if (att >= def) return std::min(5, att / def) - 1;
  return -(std::min(5, (def + att - 1) / att) - 1);
}

}  // namespace

// ---------------------------------------------------------------- the game data

int MosbyGame::kind_of(UnitType t, int s) const {
  for (size_t k = 0; k < kinds.size(); ++k)
    if (kinds[k].type == t && (t != COMBAT || kinds[k].strength == s)) return int(k);
  return -1;
}

MosbyGame::MosbyGame(const Json& d, int version) : Game("mosby", 1, 1, true, d, version) {
  const std::string w = "mosby v" + std::to_string(version);
  size_t n = board_.nodes.size();
  pike = board_.edge_type("pike");
  track = board_.edge_type("track");
  adj.assign(n, {});
  for (size_t i = 0; i < n; ++i)
    for (const Edge& e : board_.nodes[i].edges) adj[i].push_back({e.to, e.type, false});
  for (const Json& e : req(d["board"], "edges", w)) {
    if (!e.value("potomac", false)) continue;
    int a = board_.at(e["a"]), b = board_.at(e["b"]);
    for (Link& l : adj[a]) l.potomac |= l.to == b;
    for (Link& l : adj[b]) l.potomac |= l.to == a;
  }
  roads.assign(n, {});
  orig_lines.assign(n, false), orig_tc.assign(n, false), confed.assign(n, false), railroad.assign(n, false);
  north.assign(n, false), flag.assign(n, false), extend.assign(n, {});
  for (size_t i = 0; i < n; ++i) {
    const Node& nd = board_.nodes[i];
    orig_lines[i] = nd.has("union_lines");
    orig_tc[i] = nd.has("tc");
    confed[i] = nd.has("confederacy");
    railroad[i] = nd.has("railroad");
    north[i] = nd.has("north");
    flag[i] = nd.has("flag");
    for (int k = 1; k <= 6; ++k) extend[i][k] = nd.has("extend" + std::to_string(k));
    for (const Json& r : req(nd.extra, "roads", w + " node " + nd.id)) roads[i].push_back(board_.at(r));
    if (roads[i].size() != adj[i].size()) throw DataError(w + ": roads of '" + nd.id + "' do not match its links");
    for (int r : roads[i])
      if (std::none_of(adj[i].begin(), adj[i].end(), [&](const Link& l) { return l.to == r; }))
        throw DataError(w + ": road to '" + board_.nodes[r].id + "' from '" + nd.id + "' is not a link");
  }
  const Json& t = req(d, "tables", w);
  for (const Json& b : t["bridges"]["spaces"]) bridges.push_back(board_.at(b));
  for (const Json& b : t["depot_sites"]["spaces"]) depot_sites.push_back(board_.at(b));
  for (const Json& v : t["depot_values"]["values"]) depot_values.push_back(v);
  awareness_tab = t["awareness"]["by_notoriety"].get<std::vector<int>>();
  for (const Json& row : t["recruitment"]["strength"]) {
    std::array<int, 6> r{};
    for (int k = 0; k < 6; ++k) r[k] = row[k];
    recruit_tab.push_back(r);
  }
  cards_healthy = t["recruitment"]["cards_healthy"].get<std::vector<int>>();
  cards_wounded = t["recruitment"]["cards_wounded"].get<std::vector<int>>();
  for (auto it = t["crt"]["results"].begin(); it != t["crt"]["results"].end(); ++it)
    crt.push_back({std::stoi(it.key()), it.value().get<std::string>()});
  std::sort(crt.begin(), crt.end());
  for (auto it = t["reaction"]["by_total"].begin(); it != t["reaction"]["by_total"].end(); ++it)
    reaction.push_back({std::stoi(it.key()), it.value().get<int>()});
  std::sort(reaction.begin(), reaction.end());
  auto odds = [&](const Json& j, std::vector<int>& out) {
    out.assign(9, 0);
    std::vector<bool> set(9, false);
    for (auto it = j.begin(); it != j.end(); ++it) {
      std::string k = it.key();
      int a = std::stoi(k.substr(0, k.find(':'))), b = std::stoi(k.substr(k.find(':') + 1));
      out[ratio_index(a, b) + 4] = it.value();
      set[ratio_index(a, b) + 4] = true;
    }
    // Beyond the printed columns the end column applies.
    for (int i = 3; i >= 0; --i)
      if (!set[i]) out[i] = out[i + 1];
    for (int i = 5; i < 9; ++i)
      if (!set[i]) out[i] = out[i - 1];
  };
  odds(t["odds_mosby"]["ratios"], odds_mosby);
  odds(t["odds_union"]["ratios"], odds_union);
  for (int k = 0; k < 6; ++k) {
    move_combat[k] = t["union_movement"]["combat"][k];
    move_noncombat[k] = t["union_movement"]["noncombat"][k];
  }
  init_needed = t["initiative"]["mosby_wins_on"];
  perf = t["performance"];
  status_markers = t["status_markers"]["value"];
  hand_limit = t["hand_limit"]["value"];
  leader_home[0] = board_.at(t["leaders"]["Stoughton"]);
  leader_home[1] = board_.at(t["leaders"]["Dulaney"]);
  wagon_start = board_.at(t["wagon_train"]["start"]);
  wagon_end = board_.at(t["wagon_train"]["destination"]);
  for (const Json& u : req(d, "counters", w)["union"]) {
    UnitType ty = type_of(u["kind"]);
    int s = u.value("strength", 0);
    std::string r = u.value("reinforcement", "S");
    int reinf = r == "S" ? 0 : std::stoi(r);
    int k = -1;
    for (size_t i = 0; i < kinds.size(); ++i)
      if (kinds[i].type == ty && kinds[i].strength == s) k = int(i);
    if (k < 0) {
      k = int(kinds.size());
      kinds.push_back({ty, s, 0, ty == COMBAT ? "combat " + std::to_string(s) : kTypeName[ty]});
    }
    for (int c = 0; c < u["count"].get<int>(); ++c) {
      unit_kind.push_back(k);
      kinds[k].reinf = 0;
      unit_reinf_.push_back(reinf);
    }
  }
  if (kinds.size() > 100) throw DataError(w + ": too many unit kinds");
  load_cards(d);
}

std::unique_ptr<State> MosbyGame::new_state(const Json& o, int) const { return std::make_unique<MosbyState>(this, o); }

// ---------------------------------------------------------------- state

MosbyState::MosbyState(const MosbyGame* g, const Json& o) : State(g), g_(g) {
  victory_ = o.value("victory_notoriety", 9);
  size_t n = g->board().nodes.size();
  spaces_.assign(n, Space{});
  for (size_t i = 0; i < n; ++i) {
    spaces_[i].lines = g->orig_lines[i];
    spaces_[i].tc = g->orig_tc[i];
  }
  for (int b : g->bridges) spaces_[b].bridge = 1;
  units_.resize(g->unit_kind.size());
  for (size_t u = 0; u < units_.size(); ++u) {
    units_[u].kind = int8_t(g->unit_kind[u]);
    units_[u].loc = g->unit_reinf_[u] ? kReinf : kPool;
  }
  wagon_init(o);
  push(OP_TURN);
  advance();
  if (!scenario_.empty()) setup_scenario(scenario_);
}

bool MosbyState::combat(int u) const { return g_->kinds[units_[u].kind].type == COMBAT; }
int MosbyState::cur_strength(int u) const { return g_->kinds[units_[u].kind].strength - units_[u].dmg; }

std::vector<int> MosbyState::units_at(int n) const {
  std::vector<int> r;
  for (size_t u = 0; u < units_.size(); ++u)
    if (units_[u].loc == n) r.push_back(int(u));
  return r;
}

bool MosbyState::any_active() const {
  for (const Unit& u : units_)
    if (u.loc >= 0 && u.active) return true;
  return wagon_state_ == 1;  // the Wagon Train keeps the Phases going (7.8)
}

bool MosbyState::blocked_potomac(int from, int to) const {
  for (const auto& l : g_->adj[from])
    if (l.to == to) return l.potomac && l.type != g_->board().edge_type("track");
  return false;
}

std::vector<int> MosbyState::dist_from(const std::vector<int>& src) const {
  std::vector<int> d(spaces_.size(), 1 << 20), q;
  for (int s : src) d[s] = 0, q.push_back(s);
  for (size_t i = 0; i < q.size(); ++i)
    for (const auto& l : g_->adj[q[i]])
      if (d[l.to] > d[q[i]] + 1) d[l.to] = d[q[i]] + 1, q.push_back(l.to);
  return d;
}

void MosbyState::gain_pp(int n, const char* why) {
  pp_ += n;
  while (pp_ >= 10) pp_ -= 10, ++notoriety_;
  if (n) ledger_.push_back({turn_, n, notoriety_, why});
}

void MosbyState::lose_pp(int n, const char* why) {
  pp_ -= n;
  while (pp_ < 0) {
    if (notoriety_ > 1) {
      --notoriety_;
      pp_ += 10;
    } else {
      pp_ = 0;  // Notoriety never falls below 1
    }
  }
  if (n) ledger_.push_back({turn_, -n, notoriety_, why});
}

void MosbyState::set_awareness(int a) { awareness_ = std::max(1, std::min(5, a)); }

void MosbyState::use_status(int n, int side) {
  if (side == 1 && !unknown_.empty()) unknown_[n] = 0;
  if (side == 1 && spaces_[n].status != 1) wagon_on_reveal(n);
  if (spaces_[n].status) {
    spaces_[n].status = int8_t(side);
    return;
  }
  auto used = [&] {
    int k = 0;
    for (const Space& s : spaces_) k += s.status != 0;
    return k;
  };
  if (used() >= g_->status_markers) restore_lines();
  // Restoring keeps the Extend the Front markers (7.1); if those alone use up
  // the mix, the space goes without one (reconstructed: the counter mix is the
  // limit, and an unmarked space in the lines reads as unrevealed).
  if (used() < g_->status_markers) spaces_[n].status = int8_t(side);
}

void MosbyState::to_pool(int u) {
  units_[u] = Unit{units_[u].kind, kPool};
  drop_escort(u);
}
void MosbyState::to_hold(int u) {
  units_[u] = Unit{units_[u].kind, kHold};
  drop_escort(u);
}

void MosbyState::eliminate_noncombat(int u) {
  wagon_on_noncombat(u);
  UnitType t = g_->kinds[units_[u].kind].type;
  if (t == COURIER) gain_pp(g_->pp("courier"), "courier eliminated");
  if (t == WAGON) gain_pp(g_->pp("supply_wagon"), "supply wagon eliminated");
  to_hold(u);
}

void MosbyState::deactivate(int u) {
  Unit& x = units_[u];
  x.active = false;
  x.retreat = false;
  if (x.loc >= 0 && spaces_[x.loc].tc) return to_pool(u);
  x.seen = x.dmg > 0;  // face down again; a strength marker still shows
}

void MosbyState::activate(int u) {
  units_[u].active = true;
  units_[u].seen = true;
  if (g_->kinds[units_[u].kind].type == BLANK) to_hold(u);
}

void MosbyState::restore_lines() {
  for (size_t u = 0; u < units_.size(); ++u) {
    Unit& x = units_[u];
    if (x.loc < 0) continue;
    if (!combat(int(u)) || !x.active) to_pool(int(u));
  }
  for (size_t n = 0; n < spaces_.size(); ++n) {
    Space& s = spaces_[n];
    if (s.status == 1 && g_->orig_lines[n]) s.status = 0;
    if (s.status && !g_->orig_lines[n]) s.status = 2;
  }
}

std::vector<Check> MosbyState::checks_around(int n, bool here) const {
  std::vector<Check> c;
  auto add = [&](Check k) {
    if (std::find(c.begin(), c.end(), k) == c.end()) c.push_back(k);
  };
  auto space = [&](int m, bool garrison) {
    if (garrison && unrevealed(m)) add({0, int16_t(m)});
    for (int u : units_at(m))
      if (!units_[u].active) add({1, int16_t(u)});
    if (spaces_[m].tc) add({2, int16_t(m)});
  };
  // The examples check the neighbours first and the space itself last (DCH, KCD).
  for (const auto& l : g_->adj[n]) space(l.to, true);
  if (here) space(n, false);
  return c;
}

void MosbyState::start_checks(const std::vector<Check>& c, int ctx, int node) {
  checks_ = c;
  check_ctx_ = ctx;
  check_node_ = node;
  batch_combat_ = batch_any_ = false;
  if (!checks_.empty()) push(OP_CHECKS);
}

// Mosby steps into n (6.2). Returns through the task stack.
void MosbyState::mosby_enter(int n) {
  wagon_on_enter(n);
  last_ = {mosby_, n};
  mosby_ = n;
  for (int i = 0; i < 2; ++i)
    if (leaders_[i].state == 2 && !in_lines(n)) {
      leaders_[i].state = 3;
      gain_pp(g_->pp("kidnap"), "kidnapped leader brought out");
    }
  bool active_combat = false;
  for (int u : units_at(n)) {
    if (!units_[u].active) continue;
    if (combat(u))
      active_combat = true;
    else
      eliminate_noncombat(u);
  }
  int mode = entry_mode(n, active_combat);  // cards: 1 Local Guide, 2 French Dulaney, 3 Ames
  if (active_combat && mode != 3) {
    if (!stack_.empty() && stack_.back().op == OP_MOSBY_MOVING) stack_.pop_back();
    push(OP_ATTACK_HERE);
    return;
  }
  bool quiet = mode == 1 || mode == 3, draw = false;  // no checks: the space is examined
  std::vector<Check> c;
  if (unrevealed(n)) {
    if (quiet)
      use_status(n, 1), draw = true;
    else
      c.push_back({0, int16_t(n)});
  }
  for (int u : units_at(n)) {
    if (!quiet)
      c.push_back({1, int16_t(u)});
    else if (!units_[u].active)
      units_[u].seen = true;
  }
  if (spaces_[n].tc && mode < 2) c.push_back({2, int16_t(n)});
  if (c.empty() && !draw && (mode == 0 || units_at(n).empty())) return;
  push(OP_AFTER_ENTER, n);
  batch_combat_ = batch_any_ = false;
  start_checks(c, CK_ENTER, n);
  if (draw) push(OP_DRAW, DR_EXAMINE_ENTER, n);
}

// A Union unit steps into n during its movement (7.3, 7.7).
void MosbyState::union_enter(int u, int n, bool& stop) {
  union_entered(n);
  UnitType t = g_->kinds[units_[u].kind].type;
  if (n == mosby_) {
    if (hidden_ && t != COMBAT) return;  // a hidden Mosby lets non-combat units pass (7.2)
    stop = true;
    if (t == COMBAT) return;
    // KCD: a supply wagon entering Mosby's space at Alexandria goes back to the pool, since an
    // activated combat unit or a Troop Concentration is there too (7.7); otherwise he takes it.
    bool guarded = spaces_[n].tc;
    for (int v : units_at(n)) guarded |= v != u && units_[v].active && combat(v);
    if (guarded) return to_pool(u);
    return eliminate_noncombat(u);
  }
  if (t == COMBAT) return;
  bool active_combat = spaces_[n].tc, sleeping = false;
  for (int v : units_at(n)) {
    if (v == u) continue;
    if (units_[v].active && combat(v)) active_combat = true;
    if (!units_[v].active) sleeping = true;
  }
  if (t == PICKET && (sleeping || active_combat)) {
    stop = true;
    for (int v : units_at(n))
      if (v != u && !units_[v].active) activate(v);
    to_pool(u);
    if (spaces_[n].tc) push(OP_DRAW, DR_ACTIVATE, n);
    return;
  }
  if (active_combat) {
    stop = true;
    to_pool(u);
  }
}

void MosbyState::begin_combat(bool mosby_attacks) {
  mosby_attacks_ = mosby_attacks;
  combat_units_.clear();
  combat_taken_.clear();
  combat_strength_ = 0;
  for (int u : units_at(mosby_))
    if (combat(u) && (mosby_attacks || (units_[u].active && !ames_exempt(u)))) {
      combat_units_.push_back(u);
      combat_strength_ += cur_strength(u);
      units_[u].active = units_[u].seen = true;
    }
  if (combat_units_.empty()) return;
  int att = mosby_attacks ? strength_ : combat_strength_, def = mosby_attacks ? combat_strength_ : strength_;
  int r = ratio_index(att, def);
  int odds = (mosby_attacks ? g_->odds_mosby : g_->odds_union)[r + 4];
  int total = notoriety_ + awareness_, react = 0;
  for (auto& [lo, m] : g_->reaction)
    if (total >= lo) react = m;
  combat_mod_ = odds + react;
  std::ostringstream o;
  o << (mosby_attacks ? "Mosby attacks" : "Union attacks") << " (" << att << " v " << def << ", odds "
    << (r >= 0 ? std::to_string(r + 1) + ":1" : "1:" + std::to_string(1 - r)) << " " << (odds >= 0 ? "+" : "") << odds
    << " on the " << (mosby_attacks ? "Mosby" : "Union") << " chart, reaction N+A " << total << " "
    << (react >= 0 ? "+" : "") << react << ")";
  roll_ = o.str();
  odds_mod_ = odds;
  push(OP_COMBAT_ROLL);
  cards_begin_combat();  // Permanent cards; the others are offered before the die (6.5 step 3D)
  if (!mosby_attacks) push(OP_SKEDADDLE_Q);
}

void MosbyState::finish_combat(int result_idx, int natural) {
  const std::string& res = g_->crt[result_idx].second;
  int total = natural + combat_mod_;
  roll_ += ": die " + std::to_string(natural) + (combat_mod_ >= 0 ? " +" : " ") + std::to_string(combat_mod_) + " = " +
           std::to_string(total) + " -> " + res;
  if (res[0] == 'D') {
    int lost = res.size() > 1 ? res[1] - '0' : 0;
    lose_pp(-g_->pp("combat_lost"), "combat lost");
    lose_pp(lost * -g_->pp("per_guerrilla_sp"), "guerrilla strength lost");
    strength_ = std::max(0, strength_ - lost);
    for (Leader& l : leaders_)
      if (l.state == 2) l.state = 3;  // he escapes (6.3)
    mosby_removed();
    card_combat_lost();  // the Cannon is lost
    end_turn_now();
    if (natural == 1) push(OP_CASUALTY);
    for (int i = card_extra_casualties(); i > 0; --i) push(OP_CASUALTY);
    return;
  }
  int hits = res.size() > 1 ? res[1] - '0' : 0;
  hits = std::min(hits, combat_strength_);
  gain_pp(g_->pp("combat_won") + combat_strength_, "combat won");
  gain_pp(g_->pp("per_union_sp") * hits, "Union strength points hit");
  set_awareness(awareness_ + g_->perf["awareness"].value("combat_won", 1));
  push(event_combat_ ? int(CO_EVENT_COMBAT_END) : int(OP_POST_COMBAT));  // an Event's unit returns to the pool
  if (natural == 1) push(OP_CASUALTY);
  for (int i = card_extra_casualties(); i > 0; --i) push(OP_CASUALTY);  // Surprise Attack, Counterattack
  if (!event_combat_) push(OP_RETREAT_ALL);
  if (hits) push(OP_LOSS, hits);
}

void MosbyState::take_loss(int u) {
  for (size_t i = 0; i < combat_units_.size(); ++i)
    if (combat_units_[i] == u) combat_taken_[i]++;
  units_[u].dmg++;
  if (cur_strength(u) <= 0) units_[u] = Unit{units_[u].kind, kElim}, drop_escort(u);
}

void MosbyState::mosby_removed() {
  if (mosby_ >= 0) last_ = {mosby_};
  mosby_ = -1;
}

void MosbyState::wound() {
  if (wounded()) {
    dead_ = true;
    return finish(false, "Mosby is killed (a second wound)");
  }
  wounded_turn_ = turn_;
  lose_pp(-g_->pp("wound"), "Mosby wounded");
  card_wounded();  // one Permanent Action card goes (5.1, 6.5)
}

void MosbyState::end_turn_now() {
  stack_.clear();
  phases_ = false;
  initiative_ = 0;
  push(OP_END_TURN);
}

void MosbyState::finish(bool won, const std::string& how) {
  over_ = true;
  won_ = won;
  how_ = how;
  stack_.clear();
  mosby_removed();
}

std::vector<int> MosbyState::eligible_placements() const {
  std::vector<int> r;
  for (size_t n = 0; n < spaces_.size(); ++n) {
    if (!g_->confed[n] || spaces_[n].devastated || in_lines(int(n)) || spaces_[n].status) continue;
    if (!units_at(int(n)).empty()) continue;
    r.push_back(int(n));
  }
  return r;
}

bool MosbyState::can_demolish(int what) const {
  if (mosby_ < 0) return false;
  const Space& s = spaces_[mosby_];
  switch (what) {
    case kDemolishBridge:
      return s.bridge == 1 && in_lines(mosby_);
    case kDemolishDepot:
      return s.depot >= 0 && !s.depot_destroyed;
    case kDemolishRail:
      return g_->railroad[mosby_] && !s.rail_destroyed && in_lines(mosby_);
    default:
      return false;  // the Wagon Train: wagon_decisions()
  }
}

std::vector<int> MosbyState::scout_targets() const {
  std::vector<int> r;
  if (mosby_ < 0) return r;
  for (const auto& l : g_->adj[mosby_]) {
    bool sleeping = false;
    for (int u : units_at(l.to)) sleeping |= !units_[u].active;
    if (unrevealed(l.to) || sleeping) r.push_back(l.to);
  }
  std::sort(r.begin(), r.end());
  r.erase(std::unique(r.begin(), r.end()), r.end());
  return r;
}

// ---------------------------------------------------------------- the procedure engine

void MosbyState::advance() {
  while (!over_ && !stack_.empty() && run_top()) {
  }
  if (!over_ && stack_.empty()) throw std::logic_error("mosby: the procedure stack ran dry");
}

int MosbyState::to_move() const {
  if (over_) return kTerminal;
  return decision(stack_.back().op) ? 0 : kChance;
}

int MosbyState::chance_kind() const {
  if (stack_.back().op >= kWagonOps) return wagon_chance_kind(stack_.back().op);
  if (stack_.back().op >= kCardOps) return 9;  // cards.cpp
  switch (stack_.back().op) {
    case OP_DRAW:
      return 1;
    case OP_UNION_STEP:
    case OP_RETREAT:
      return 2;
    case OP_LOSS:
      return 3;
    default:
      return 0;
  }
}

bool MosbyState::run_top() {
  Task t = stack_.back();
  if (t.op >= kWagonOps) return run_wagon(t);
  if (t.op >= kCardOps) return card_step();
  if (waits(t.op)) {
    // Some waiting tasks need no input after all.
    switch (t.op) {
      case OP_PLACE:
        if (eligible_placements().empty()) {
          end_turn_now();
          return true;
        }
        return false;
      case OP_OPS:
        if (mosby_ < 0) {
          end_turn_now();
          return true;
        }
        if (any_active()) {
          push(OP_PHASES_BEGIN);
          return true;
        }
        if (ops_actions_ >= 120) {  // engine safeguard (rules panel: Operations limit)
          mosby_removed();
          end_turn_now();
          return true;
        }
        return false;
      case OP_MOSBY_PHASE:
      case OP_MOSBY_MOVING:
      case OP_SKEDADDLE_Q:
        // 7.7 (KCD third Phase): with the Initiative Mosby removes non-combat units activated in his space.
        if (t.op == OP_MOSBY_PHASE && initiative_ == 1 && mosby_ >= 0 && !hidden_)
          for (int u : units_at(mosby_))
            if (units_[u].active && !combat(u)) eliminate_noncombat(u);
        // The Phases end as soon as no Union unit is activated (C3).
        if (mosby_ < 0 || (t.op == OP_MOSBY_PHASE && (!any_active() || hidden_))) {  // hidden: he passes
          stack_.pop_back();
          return true;
        }
        return false;
      case OP_PHASES_BEGIN:
        return card_initiative_window();  // Gain the Initiative instead of the roll (C1)
      case OP_CASUALTY:
        return card_escape_window();  // Mosby Escapes before the die (6.5)
      case OP_DRAW: {
        bool any = false;
        for (const Unit& u : units_) any |= u.loc == kPool;
        if (!any) restore_lines();
        any = false;
        for (const Unit& u : units_) any |= u.loc == kPool;
        if (!any) {  // every counter is out: the space stays empty
          stack_.pop_back();
          return true;
        }
        return false;
      }
      case OP_UNION_STEP:
      case OP_RETREAT: {
        int u = t.a;
        Unit& x = units_[u];
        candidates_.clear();
        if (x.loc < 0 || (t.op == OP_UNION_STEP && !x.active) || (t.op == OP_UNION_STEP && (t.c & 15) == 0)) {
          stack_.pop_back();
          return true;
        }
        bool first = t.op == OP_RETREAT || !(t.c & 16);
        std::vector<int> d;
        int mode = t.op == OP_RETREAT ? -1 : t.b;
        if (t.op == OP_RETREAT) {
          // Toward the Union lines when Mosby attacked outside them (6.5).
          std::vector<int> src;
          for (size_t n = 0; n < spaces_.size(); ++n)
            if (in_lines(int(n))) src.push_back(int(n));
          d = dist_from(src);
        } else if (mode == MV_TOWARD || mode == MV_AWAY) {
          if (mosby_ < 0 || (mode == MV_TOWARD && x.loc == mosby_)) {
            stack_.pop_back();
            return true;
          }
          d = dist_from({mosby_});
        } else {  // MV_NEAREST
          std::vector<int> src;
          for (size_t v = 0; v < units_.size(); ++v)
            if (int(v) != u && units_[v].loc >= 0) src.push_back(units_[v].loc);
          for (size_t n = 0; n < spaces_.size(); ++n)
            if (spaces_[n].tc) src.push_back(int(n));
          d = dist_from(src);
        }
        int here = x.loc, best = d[here];
        for (const auto& l : g_->adj[here]) {
          if (phases_ && !first && blocked_potomac(here, l.to)) continue;
          if (mode == MV_AWAY ? d[l.to] > best : d[l.to] == d[here] - 1) {
            if (mode == MV_AWAY && d[l.to] > best) candidates_.clear(), best = d[l.to];
            candidates_.push_back(l.to);
          }
        }
        if (mode == MV_AWAY) {
          std::vector<int> keep;
          for (int c : candidates_)
            if (d[c] == best) keep.push_back(c);
          candidates_ = keep;
        }
        std::sort(candidates_.begin(), candidates_.end());
        candidates_.erase(std::unique(candidates_.begin(), candidates_.end()), candidates_.end());
        if (candidates_.empty()) {
          stack_.pop_back();
          return true;
        }
        if (candidates_.size() == 1) {
          input(kPath + candidates_[0]);
          return true;
        }
        return false;
      }
      case OP_LOSS: {
        // Losses are split as evenly as possible among the units in the
        // combat; only a remainder smaller than the units left goes by a die (6.5).
        combat_taken_.resize(combat_units_.size(), 0);
        int hits = t.a;
        for (;;) {
          candidates_.clear();
          int least = 1 << 20;
          for (size_t i = 0; i < combat_units_.size(); ++i)
            if (units_[combat_units_[i]].loc >= 0) least = std::min(least, int(combat_taken_[i]));
          for (size_t i = 0; i < combat_units_.size(); ++i)
            if (units_[combat_units_[i]].loc >= 0 && combat_taken_[i] == least) candidates_.push_back(combat_units_[i]);
          if (candidates_.empty() || hits <= 0) {
            candidates_.clear();
            stack_.pop_back();
            return true;
          }
          if (hits < int(candidates_.size())) break;
          for (int u : candidates_) {
            take_loss(u);
            --hits;
          }
        }
        stack_.back().a = int16_t(hits);
        if (candidates_.size() == 1) {
          input(kPick + candidates_[0]);
          return true;
        }
        return false;
      }
      case OP_RANDSTEP:
      case OP_UNION_ROLL:
        if (units_[t.a].loc < 0 || (t.op == OP_UNION_ROLL && !units_[t.a].active)) {
          stack_.pop_back();
          return true;
        }
        return false;
      case OP_CHECKS:
        // A target may have gone meanwhile (restored lines, a picket's work).
        while (!checks_.empty()) {
          const Check& k = checks_.front();
          bool ok = k.what == 0   ? unrevealed(k.id)
                    : k.what == 1 ? units_[k.id].loc >= 0 && !units_[k.id].active
                                  : spaces_[k.id].tc;
          if (ok) break;
          checks_.erase(checks_.begin());
        }
        if (checks_.empty()) {
          stack_.pop_back();
          return true;
        }
        return false;
      default:
        return false;
    }
  }
  stack_.pop_back();
  switch (t.op) {
    case OP_TURN: {
      // A1: reinforcements up to the current Notoriety; the holding box returns.
      for (size_t u = 0; u < units_.size(); ++u) {
        if (units_[u].loc == kReinf && g_->unit_reinf_[u] <= notoriety_) to_pool(int(u));
        if (units_[u].loc == kHold) to_pool(int(u));
      }
      // A2: Union Awareness from the table.
      awareness_ = g_->awareness_tab[std::min(notoriety_, 10) - 1];
      ops_actions_ = 0;
      strength_ = 0;
      cards_due_ = 0;
      mosby_ = -1;
      push(OP_END_TURN);
      push(OP_OPS);
      push(OP_EVENTS);
      push(OP_CARDS);
      push(OP_RECRUIT);
      push(OP_PREP_MOVES);
      push(OP_PLACE);
      return true;
    }
    case OP_PREP_MOVES: {
      std::vector<int> out;
      for (size_t u = 0; u < units_.size(); ++u)
        if (units_[u].loc >= 0 && !in_lines(units_[u].loc)) out.push_back(int(u));
      for (auto it = out.rbegin(); it != out.rend(); ++it) push(OP_RANDSTEP, *it, RS_PREP, 1);
      return true;
    }
    case OP_CARDS: {
      const auto& row = wounded() ? g_->cards_wounded : g_->cards_healthy;
      cards_due_ = row[std::min(notoriety_, 10) - 1];
      draw_action_cards();
      // Part 2 draws cards_due_ Action cards here and trims the hand to the limit (5.1).
      return true;
    }
    case OP_EVENTS:
      start_events();  // A7, 5.2
      return true;
    case OP_PHASE: {
      if (mosby_ < 0 || !any_active()) {
        phases_ = false;
        initiative_ = 0;
        hidden_ = false;  // Hide lasts until the Phases end
        return true;
      }
      push(OP_PHASE);
      if (initiative_ == 1) {
        push(OP_UNION_ACTIONS);
        push(OP_MOSBY_PHASE);
      } else {
        push(OP_MOSBY_PHASE);
        push(OP_UNION_ACTIONS);
      }
      // Step 2: checks next to activated combat units, and for sleeping units
      // sharing their space; a space's Troop Concentration counts (DCH).
      std::vector<Check> c;
      for (size_t u = 0; u < units_.size(); ++u) {
        if (units_[u].loc < 0 || !units_[u].active || !combat(int(u))) continue;
        for (const Check& k : checks_around(units_[u].loc, true))
          if (std::find(c.begin(), c.end(), k) == c.end()) c.push_back(k);
      }
      start_checks(c, CK_AROUND, -1);
      wagon_phase_checks();
      return true;
    }
    case OP_UNION_ACTIONS: {
      std::vector<int> order;
      for (int pass = 0; pass < 2; ++pass)
        for (size_t u = 0; u < units_.size(); ++u)
          if (units_[u].loc >= 0 && units_[u].active && combat(int(u)) == (pass == 1)) order.push_back(int(u));
      push(OP_UNION_ATTACK);
      for (auto it = order.rbegin(); it != order.rend(); ++it) push(OP_UNION_ACT, *it);
      wagon_union_actions();
      card_union_actions();
      return true;
    }
    case OP_UNION_ACT: {
      Unit& x = units_[t.a];
      if (x.loc < 0 || !x.active || mosby_ < 0) return true;
      if (x.retreat) {  // it spends this Action regrouping (6.5)
        x.retreat = false;
        return true;
      }
      if (wagon_escort_act(t.a)) return true;
      if (g_->kinds[x.kind].type == PICKET) {
        bool woke = false;
        for (int v : units_at(x.loc))
          if (v != t.a && !units_[v].active) activate(v), woke = true;
        if (woke) {
          to_pool(t.a);
          return true;
        }
      }
      push(OP_UNION_ROLL, t.a);
      return true;
    }
    case OP_UNION_ATTACK:
      if (hidden_) {  // Hide: no attack; found, every activated unit scatters (7.2)
        bool found = false;
        for (int u : units_at(mosby_)) found |= units_[u].active && combat(u);
        if (found && !hide_search_roll()) scatter_active();
        return true;
      }
      if (mosby_ >= 0) begin_combat(false);
      return true;
    case OP_ATTACK_HERE: {
      if (mosby_ < 0) return true;
      if (wagon_attack_draws()) return true;
      for (int u : units_at(mosby_))
        if (!combat(u)) eliminate_noncombat(u);
      begin_combat(true);
      return true;
    }
    case OP_RETREAT_ALL: {
      for (auto it = combat_units_.rbegin(); it != combat_units_.rend(); ++it)
        if (units_[*it].loc >= 0) {
          int u = *it;
          units_[u].retreat = true;
          int here = units_[u].loc;
          if (!mosby_attacks_) {
            // Attackers go back the way they came (6.5).
            int f = units_[u].from;
            bool ok = f >= 0 && f != here && f != mosby_ &&
                      std::any_of(g_->adj[here].begin(), g_->adj[here].end(), [&](const auto& l) { return l.to == f; });
            if (ok) {
              units_[u].from = int16_t(here);
              units_[u].loc = int16_t(f);
            } else {
              push(OP_RANDSTEP, u, RS_RETREAT, 1);
            }
          } else if (!in_lines(here)) {
            push(OP_RETREAT, u);
          } else {
            push(OP_RANDSTEP, u, RS_RETREAT, 1);
          }
        }
      return true;
    }
    case OP_POST_COMBAT:
      if (mosby_ >= 0) start_checks(checks_around(mosby_, true), CK_AROUND, mosby_);
      if (mosby_ >= 0) wagon_phase_checks();  // 7.8: the escorts are checked after combat too
      return true;
    case OP_AFTER_ENTER: {
      int n = t.a;
      if (mosby_ != n) return true;
      bool moving = !stack_.empty() && stack_.back().op == OP_MOSBY_MOVING;
      if (batch_combat_) {
        if (phases_) {
          if (moving) stack_.pop_back();
          push(OP_ATTACK_HERE);
        } else {
          if (moving) stack_.pop_back();
        }
        return true;
      }
      if (batch_any_) {
        if (phases_) {
          for (int u : units_at(n))
            if (units_[u].active && !combat(u)) eliminate_noncombat(u);
        } else if (moving) {
          stack_.pop_back();
        }
        return true;
      }
      bool has_combat = false;
      for (int u : units_at(n)) has_combat |= combat(u);
      if (!has_combat)
        for (int u : units_at(n))
          if (!units_[u].active && (units_[u].seen || !opt_[8])) eliminate_noncombat(u);  // 8.8: unseen stay
      return true;
    }
    case OP_SCOUT_FAIL: {
      std::vector<Check> c;
      for (int u : units_at(t.a))
        if (!units_[u].active) c.push_back({1, int16_t(u)});
      start_checks(c, CK_SCOUT_FAIL, t.a);
      return true;
    }
    case OP_END_TURN:
      if (t.a == 0 && wagon_end_turn()) return true;
      end_of_turn();
      return true;
    default:
      throw std::logic_error("mosby: unknown task " + std::to_string(t.op));
  }
}

void MosbyState::end_of_turn() {
  cards_end_of_turn();  // Lee Needs Information counts; non-permanent Action cards go (D2)
  notoriety_by_turn_.push_back(notoriety_);
  if (notoriety_ < turn_)
    return finish(false, "Notoriety " + std::to_string(notoriety_) + " is below turn " + std::to_string(turn_));
  if (turn_ >= 8) {
    if (notoriety_ >= victory_)
      return finish(true, "Notoriety " + std::to_string(notoriety_) + " after turn 8" + victory_level());
    return finish(false,
                  "Notoriety " + std::to_string(notoriety_) + " after turn 8 (needs " + std::to_string(victory_) + ")");
  }
  bool free = false;
  for (size_t n = 0; n < spaces_.size(); ++n) {
    if (!g_->confed[n] || spaces_[n].devastated || in_lines(int(n))) continue;
    bool occupied = false;
    for (int u : units_at(int(n))) occupied |= combat(u);
    free |= !occupied;
  }
  if (!free) return finish(false, "all of Mosby's Confederacy is devastated, occupied or behind Union lines");
  for (size_t u = 0; u < units_.size(); ++u)
    if (units_[u].loc >= 0) {
      deactivate(int(u));
      if (units_[u].loc >= 0) units_[u].seen = units_[u].dmg > 0;
    }
  mosby_removed();
  strength_ = 0;
  phases_ = false;
  initiative_ = 0;
  ++turn_;
  push(OP_TURN);
}

std::vector<Action> MosbyState::decisions() const {
  std::vector<Action> r;
  const Task& t = stack_.back();
  auto moves = [&](bool phase_step, bool first) {
    for (const auto& l : g_->adj[mosby_]) {
      if (phase_step && !first && blocked_potomac(mosby_, l.to)) continue;
      r.push_back(kMove + l.to);
    }
  };
  auto common = [&](bool phase) {
    for (int s : scout_targets()) r.push_back(kScout + s);
    if (!units_at(mosby_).empty()) r.push_back(kAttack);
    for (int d : {kDemolishBridge, kDemolishDepot, kDemolishRail})
      if (can_demolish(d)) r.push_back(d);
    for (const Leader& l : leaders_) {
      if (l.state == 1 && l.loc == mosby_) r.push_back(kKidnap);
      if (l.state == 2) r.push_back(kFree);
    }
    bool threatened = false;
    for (int u : units_at(mosby_)) threatened |= units_[u].active && combat(u);
    if (!threatened) r.push_back(kDisband);
    if (phase) r.push_back(kPass);
  };
  switch (t.op) {
    case OP_PLACE:
      for (int n : eligible_placements()) r.push_back(kPlace + n);
      break;
    default:
      break;
    case OP_OPS:
      moves(false, true);
      common(false);
      break;
    case OP_MOSBY_PHASE:
      if (phase_allowance() > 0) moves(true, true);  // the Cannon and a leader may leave none (6.2)
      common(true);
      break;
    case OP_MOSBY_MOVING:
      moves(true, false);
      if (t.c == 1)  // the Fast Horses space: along a pike only
        r.erase(std::remove_if(r.begin(), r.end(),
                               [&](Action a) {
                                 for (const auto& l : g_->adj[mosby_])
                                   if (l.to == a - kMove && l.type == g_->pike) return false;
                                 return true;
                               }),
                r.end());
      r.push_back(kStop);
      break;
    case OP_SKEDADDLE_Q:
      r = {kSkedaddle, kStand};
      break;
  }
  card_plays(r);
  wagon_decisions(r);
  std::sort(r.begin(), r.end());
  r.erase(std::unique(r.begin(), r.end()), r.end());
  return r;
}

std::vector<Action> MosbyState::legal() const {
  if (over_) return {};
  if (stack_.back().op >= kCardOps && stack_.back().op < kCardOpsEnd) return card_legal();
  if (to_move() == 0) return decisions();
  std::vector<Action> r;
  switch (chance_kind()) {
    case 0:
      for (int v = 1; v <= 6; ++v) r.push_back(kDie + v);
      break;
    case 1: {
      std::set<int> k;
      bool combat_only = stack_.back().op >= kWagonOps;  // 7.8: escorts are combat units
      for (const Unit& u : units_)
        if (u.loc == kPool && (!combat_only || g_->kinds[u.kind].type == COMBAT)) k.insert(u.kind);
      for (int x : k) r.push_back(kDraw + x);
      break;
    }
    case 2:
      for (int c : candidates_) r.push_back(kPath + c);
      break;
    case 3:
      for (int c : candidates_) r.push_back(kPick + c);
      break;
  }
  std::sort(r.begin(), r.end());
  script_filter(r);
  return r;
}

std::vector<double> MosbyState::chance_probs() const {
  if (stack_.back().op >= kCardOps && stack_.back().op < kCardOpsEnd) return card_probs();
  std::vector<Action> l = legal();
  std::vector<double> p(l.size(), 1.0 / double(l.size()));
  if (chance_kind() == 1) {
    std::map<int, int> cnt;
    int total = 0;
    for (const Unit& u : units_)
      if (u.loc == kPool) cnt[u.kind]++;
    for (Action a : l) total += cnt[a - kDraw];  // only the kinds this draw allows
    for (size_t i = 0; i < l.size(); ++i) p[i] = double(cnt[l[i] - kDraw]) / total;
  }
  return p;
}

void MosbyState::apply(Action a) {
  script_advance(a);
  if (to_move() == 0) ++plies_;
  input(a);
  advance();
}

// The top task takes its input: a die, a draw, a path, a unit or a decision.
void MosbyState::input(Action a) {
  Task t = stack_.back();
  stack_.pop_back();
  if (t.op >= kWagonOps) return input_wagon(t, a);
  if (t.op >= kCardOps) return card_input(t, a);
  int d = a - kDie;
  auto show = [&](const std::string& what) {
    dice_ = {d};
    roll_ = what + ": die " + std::to_string(d);
  };
  switch (t.op) {
    case OP_PLACE:
      mosby_ = a - kPlace;
      last_ = {mosby_};
      return;
    case OP_RANDSTEP: {
      int u = t.a, here = units_[u].loc;
      const auto& rd = g_->roads[here];
      int to = rd[(d - 1) % int(rd.size())];
      show(std::string("Random movement from ") + g_->name(here) + " (road " + std::to_string((d - 1) % rd.size() + 1) +
           " clockwise from road 1) to " + g_->name(to));
      units_[u].from = int16_t(here);
      units_[u].loc = int16_t(to);
      last_ = {here, to};
      if (t.b == RS_PREP) {
        if (to == mosby_) {
          if (combat(u)) {
            lose_pp(-g_->pp("prep_caught"), "caught in Preparation");
            mosby_removed();
            end_turn_now();
            push(OP_CASUALTY);
          } else {
            eliminate_noncombat(u);
          }
        }
        return;
      }
      if (t.b == RS_SCATTER) return deactivate(u);
      if (t.b == RS_RETREAT) {
        units_[u].retreat = true;
        return;
      }
      bool stop = false;
      union_enter(u, to, stop);
      if (!stop && t.c > 1) push(OP_RANDSTEP, u, t.b, t.c - 1);
      return;
    }
    case OP_RECRUIT:
      strength_ = g_->recruit_tab[std::min(notoriety_, 10) - 1][d - 1];
      show("Recruitment (Notoriety " + std::to_string(notoriety_) + " column) -> strength " +
           std::to_string(strength_));
      if (strength_ == 0) {
        mosby_removed();
        end_turn_now();
      }
      return;
    case OP_PHASES_BEGIN: {
      int bonus = card_initiative_bonus();
      int who = d + bonus >= g_->init_needed ? 1 : 2;
      show(std::string("Initiative: ") + (who == 1 ? "Mosby" : "Union") +
           (bonus ? " (+1, Initiative Bonus card)" : ""));
      return start_phases(who);
    }
    case OP_UNION_ROLL: {
      int u = t.a;
      bool c = combat(u);
      const std::string& m = (c ? g_->move_combat : g_->move_noncombat)[d - 1];
      show("Union Movement Table (" + std::string(c ? "combat" : "non-combat") + " column) for the " +
           g_->kinds[units_[u].kind].name + " at " + g_->name(units_[u].loc) + ": " + m);
      if (m == "deactivate") return deactivate(u);
      int steps = 3;
      int mode = MV_TOWARD;
      if (m == "random1") mode = MV_RANDOM, steps = 1;
      if (m == "random3") mode = MV_RANDOM;
      if (m == "toward4") steps = 4;
      if (m == "nearest") mode = MV_NEAREST;
      if (m == "away") mode = MV_AWAY;
      if (mode == MV_RANDOM)
        push(OP_RANDSTEP, u, RS_PHASE, steps);
      else
        push(OP_UNION_STEP, u, mode, steps);
      return;
    }
    case OP_UNION_STEP:
    case OP_RETREAT: {
      int u = t.a, to = a - kPath, here = units_[u].loc;
      if (candidates_.size() > 1) {
        dice_ = {};
        roll_ = "Die roll among " + std::to_string(candidates_.size()) + " equal paths: " + g_->name(to);
      }
      candidates_.clear();
      bool crossing = phases_ && blocked_potomac(here, to);
      units_[u].from = int16_t(here);
      units_[u].loc = int16_t(to);
      last_ = {here, to};
      if (t.op == OP_RETREAT) return;
      bool stop = crossing;
      union_enter(u, to, stop);
      int left = (t.c & 15) - 1;
      if (!stop && left > 0) push(OP_UNION_STEP, u, t.b, left | 16);
      return;
    }
    case OP_COMBAT_ROLL: {
      int total = d + combat_mod_, idx = 0;
      for (size_t i = 0; i < g_->crt.size(); ++i)
        if (total >= g_->crt[i].first) idx = int(i);
      dice_ = {d};
      if (card_after_roll(idx, d)) return;  // Counterattack (6.5 step 5)
      return finish_combat(idx, d);
    }
    case OP_LOSS: {
      candidates_.clear();
      take_loss(a - kPick);
      if (t.a > 1) push(OP_LOSS, t.a - 1);
      return;
    }
    case OP_CASUALTY:
      show(std::string("Casualty check: ") + (d <= 2 ? "Mosby is wounded" : "no effect"));
      if (card_casualty(d)) return;  // Mosby Escapes, Awareness Reset
      if (d <= 2) wound();
      return;
    case OP_CHECKS: {
      Check k = checks_.front();
      checks_.erase(checks_.begin());
      bool act = d + (check_ctx_ == CK_ENTER && !phases_ ? entry_check_bonus() : 0) <= awareness_;  // Scout card
      std::string what = k.what == 0   ? "the garrison of " + g_->name(k.id)
                         : k.what == 1 ? "a counter at " + g_->name(units_[k.id].loc)
                                       : "the Troop Concentration at " + g_->name(k.id);
      show("Activation check for " + what + " (activates on " + std::to_string(awareness_) +
           " or less): " + (act ? "activated" : "stays put"));
      push(OP_CHECKS);
      if (k.what == 0) {
        if (!act && check_ctx_ == CK_ENTER && opt_[8]) {  // 8.8: a ● marker, the garrison stays unknown
          use_status(k.id, 2);
          unknown_[k.id] = 1;
          return;
        }
        if (act || check_ctx_ == CK_ENTER) use_status(k.id, 1);  // otherwise nothing is seen
        if (act)
          push(OP_DRAW, DR_ACTIVATE, k.id);
        else if (check_ctx_ == CK_ENTER)
          push(OP_DRAW, DR_EXAMINE_ENTER, k.id);
      } else if (k.what == 1) {
        int u = k.id;
        if (units_[u].loc < 0) return;
        if (act) {
          batch_any_ = true;
          if (combat(u)) batch_combat_ = true;
          activate(u);
        } else if (check_ctx_ != CK_AROUND && !(opt_[8] && check_ctx_ == CK_ENTER)) {
          units_[u].seen = true;
        }
      } else if (act) {
        push(OP_DRAW, DR_ACTIVATE, k.id);
      }
      return;
    }
    case OP_DRAW: {
      int kind = a - kDraw, n = t.b, u = -1;
      for (size_t i = 0; i < units_.size(); ++i)
        if (units_[i].loc == kPool && units_[i].kind == kind) {
          u = int(i);
          break;
        }
      UnitType ty = g_->kinds[kind].type;
      dice_ = {};
      units_[u].loc = int16_t(n);
      units_[u].from = -1;
      if (t.a == DR_UNSEEN) return;  // placed face down without looking (6.1 example)
      units_[u].seen = true;
      roll_ = "Drawn from the pool for " + g_->name(n) + ": " + g_->kinds[kind].name;
      if (ty == BLANK) return to_hold(u);
      if (t.a == DR_ACTIVATE) {
        units_[u].active = true;
        batch_any_ = true;
        if (ty == COMBAT) batch_combat_ = true;
        return;
      }
      if (t.a == DR_EXAMINE_ENTER && ty != COMBAT) return eliminate_noncombat(u);
      return;
    }
    case OP_SCOUT: {
      int n = t.a;
      bool ok = d + scout_bonus() > awareness_;  // the Scout card (6.1 step 2)
      show("Scout " + g_->name(n) + " (succeeds above Awareness " + std::to_string(awareness_) +
           "): " + (ok ? "success" : "failure"));
      if (ok) return scout_success(n);
      push(OP_SCOUT_FAIL, n);
      if (unrevealed(n)) {
        use_status(n, 1);
        push(OP_DRAW, DR_UNSEEN, n);
      }
      return;
    }
    case OP_OPS:
    case OP_MOSBY_PHASE:
    case OP_MOSBY_MOVING: {
      if (a >= kPlay && a < kGuide) return card_play(t, a);
      if (a >= kHideCannon && a < kHideCannon + 200) {  // 8.3: no Action spent
        stack_.push_back(t);
        return hide_cannon(a - kHideCannon);
      }
      bool phase = t.op != OP_OPS;
      if (t.op == OP_OPS) {
        push(OP_OPS);
        ++ops_actions_;
      }
      if (a >= kGuide && a < kInfo) a = kMove + use_entry_card(a);  // Local Guide, French Dulaney
      if (a >= kInfo && a < kInfo + 200) return local_information(a - kInfo);
      if (a >= kMove && a < kMove + 200) {
        int to = a - kMove;
        int allow = t.op == OP_MOSBY_MOVING ? t.b : phase_allowance();
        int left = t.op == OP_MOSBY_MOVING ? t.a : allow;
        if (phase) {
          left -= 1;
          bool extra = fast_horses_step(mosby_, to, t.op != OP_MOSBY_MOVING, left);
          if (blocked_potomac(mosby_, to)) left = 0, extra = false;  // a road crossing takes the whole Move (6.2)
          if (left > 0)
            push(OP_MOSBY_MOVING, left, allow);
          else if (extra)
            push(OP_MOSBY_MOVING, 1, allow, pike_used_ ? 0 : 1);  // Fast Horses; c = 1: only along a pike
        }
        mosby_enter(to);
        return;
      }
      if (a >= kScout && a < kScout + 200) return push(OP_SCOUT, a - kScout);
      switch (a) {
        case kStop:
        case kPass:
          return;
        case kAttack:
          return push(OP_ATTACK_HERE);
        case kDisband: {
          for (Leader& l : leaders_)
            if (l.state == 2) l.state = 3;
          mosby_removed();
          return end_turn_now();
        }
        case kDemolishBridge:
        case kDemolishDepot:
        case kDemolishRail:
        case kDemolishWagon:
          if (!wagon_demolish(a)) demolish_effect(a, true);  // 8.6 rolls first
          return;
        case kKidnap: {
          for (Leader& l : leaders_)
            if (l.state == 1 && l.loc == mosby_) l.state = 2;
          set_awareness(awareness_ + 2);
          std::vector<Check> c;
          for (int u : units_at(mosby_))
            if (!units_[u].active) c.push_back({1, int16_t(u)});
          if (spaces_[mosby_].tc) c.push_back({2, int16_t(mosby_)});
          return start_checks(c, CK_AROUND, mosby_);
        }
        case kFree:
          for (Leader& l : leaders_)
            if (l.state == 2) l.state = 3;
          return;
      }
      throw std::logic_error("mosby: bad decision " + std::to_string(a));
    }
    case OP_SKEDADDLE_Q: {
      if (a == kStand) return;
      // 6.6: casualty check, -2 PP, the attackers scatter, the turn ends.
      stack_.pop_back();  // the combat roll
      int here = mosby_;
      lose_pp(-g_->pp("skedaddle"), "skedaddled");
      card_combat_lost();  // the Cannon is lost
      for (Leader& l : leaders_)
        if (l.state == 2) l.state = 3;
      mosby_removed();
      std::vector<int> scatter;
      for (size_t u = 0; u < units_.size(); ++u) {
        if (units_[u].loc < 0 || !units_[u].active) continue;
        if (units_[u].loc == here)
          scatter.push_back(int(u));
        else
          deactivate(int(u));
      }
      end_turn_now();
      for (auto it = scatter.rbegin(); it != scatter.rend(); ++it) push(OP_RANDSTEP, *it, RS_SCATTER, 1);
      push(OP_CASUALTY);
      roll_ = "Mosby skedaddles";
      return;
    }
  }
  throw std::logic_error("mosby: input for task " + std::to_string(t.op));
}

void MosbyState::start_phases(int who) {
  initiative_ = who;
  init_asked_ = false;
  phases_ = true;
  push(OP_PHASE);
  if (initiative_ == 1 && mosby_ >= 0)  // 7.7: Mosby removes non-combat units in his space
    for (int u : units_at(mosby_))
      if (units_[u].active && !combat(u)) eliminate_noncombat(u);
  card_phases_started();
}

void MosbyState::push_combat_roll() { push(OP_COMBAT_ROLL); }

// A successful scout, or Local Information's automatic one (6.1 step 1).
void MosbyState::scout_success(int n) {
  for (int u : units_at(n))
    if (!units_[u].active) units_[u].seen = true;
  if (unrevealed(n)) {
    use_status(n, 1);
    push(OP_DRAW, DR_EXAMINE_SCOUT, n);
  }
}

// Which of Mosby's decisions is pending: 0 Operations, 1 a Phase action, 2 mid-move, -1 another.
int MosbyState::decision_kind(int op) const {
  return op == OP_OPS ? 0 : op == OP_MOSBY_PHASE ? 1 : op == OP_MOSBY_MOVING ? 2 : -1;
}
void MosbyState::push_casualty() { push(OP_CASUALTY); }

// Hide: once a Union combat unit has found Mosby's space, every activated unit
// moves one space at random and deactivates; the Phases end (7.2).
void MosbyState::scatter_active() {
  hidden_ = false;
  for (size_t u = units_.size(); u-- > 0;)
    if (units_[u].loc >= 0 && units_[u].active) push(OP_RANDSTEP, int(u), RS_SCATTER, 1);
}

// ---------------------------------------------------------------- scenario hooks

// WAGON's tasks reach the core tasks through these (the task enums stay private to this file).
void MosbyState::around_checks(int n, bool here) { start_checks(checks_around(n, here), CK_AROUND, n); }
void MosbyState::push_end_turn_final() { push(OP_END_TURN, 1); }
void MosbyState::push_attack_here() { push(OP_ATTACK_HERE); }

// The Preparation Sequence still has steps to run (8.7 counts only Mosby's Operations).
bool MosbyState::preparing() const {
  for (const Task& t : stack_)
    if (t.op == OP_PLACE || t.op == OP_PREP_MOVES || t.op == OP_RECRUIT || t.op == OP_CARDS || t.op == OP_EVENTS)
      return true;
  return false;
}

void MosbyState::place_leader(int i) {
  if (leaders_[i].state != 0) return;
  leaders_[i] = {int16_t(g_->leader_home[i]), 1};
}

void MosbyState::remove_leader(int i) {
  if (leaders_[i].state == 1) leaders_[i].state = 3;
}

void MosbyState::place_depot(int n, int marker) {
  if (spaces_[n].depot < 0) spaces_[n].depot = int8_t(marker);
}

void MosbyState::extend_lines(int k) {
  extended_ |= 1 << k;
  for (size_t n = 0; n < spaces_.size(); ++n)
    if (g_->extend[n][k] && !in_lines(int(n))) {
      spaces_[n].lines = true;
      use_status(int(n), 2);  // the markers are counted: running out restores the lines (7.1)
    }
}

void MosbyState::place_troop_concentration(int n) {
  spaces_[n].tc = true;
  spaces_[n].lines = true;
  spaces_[n].status = 0;
}

void MosbyState::devastate(int n) {
  if (g_->confed[n]) spaces_[n].devastated = true;
  if (g_->confed[n] && n == cannon_at_) cannon_at_ = -1;  // 8.3: a hidden Cannon is lost
}

void MosbyState::setup_for_test(int turn, int notoriety, int pp, int strength, int node) {
  turn_ = turn;
  notoriety_ = notoriety;
  pp_ = pp;
  awareness_ = g_->awareness_tab[std::min(notoriety_, 10) - 1];
  strength_ = strength;
  mosby_ = node;
  stack_.clear();
  phases_ = false;
  initiative_ = 0;
  push(OP_END_TURN);
  push(OP_OPS);
  advance();
}

int MosbyState::put_unit(int type, int strength, int n, bool active) {
  for (size_t u = 0; u < units_.size(); ++u) {
    const Kind& k = g_->kinds[units_[u].kind];
    if (units_[u].loc == kPool && k.type == type && (type != COMBAT || k.strength == strength)) {
      units_[u].loc = int16_t(n);
      units_[u].active = active;
      units_[u].seen = active;
      if (in_lines(n) && !spaces_[n].tc) spaces_[n].status = 1;
      advance();
      return int(u);
    }
  }
  return -1;
}

// ---------------------------------------------------------------- presentation

std::vector<double> MosbyState::returns() const {
  if (!over_) return {0};
  return {won_ ? 1.0 : -1.0};
}

std::string MosbyState::describe_result() const {
  if (!over_) return "";
  return std::string(won_ ? "Victory: " : "Defeat: ") + how_ + " (final Notoriety " + std::to_string(notoriety_) + ")";
}

std::string MosbyState::action_name(Action a) const {
  if ((!over_ && stack_.back().op >= kCardOps && stack_.back().op < kCardOpsEnd) || (a >= kPlay && a <= kGoOn))
    return card_action_name(a);
  if (to_move() == kChance) {
    switch (chance_kind()) {
      case 1:
        return "draw:" + g_->kinds[a - kDraw].name;
      case 2:
        return "path:" + g_->name(a - kPath);
      case 3:
        return "loss:#" + std::to_string(a - kPick) + " at " + g_->name(std::max(0, int(units_[a - kPick].loc)));
      default:
        return "die:" + std::to_string(a - kDie);
    }
  }
  if (a >= kPlace && a < kPlace + 200) return "place:" + g_->name(a - kPlace);
  if (a >= kMove && a < kMove + 200) return "move:" + g_->name(a - kMove);
  if (a >= kScout && a < kScout + 200) return "scout:" + g_->name(a - kScout);
  if (a >= kHideCannon && a < kHideCannon + 200) return "hide the Cannon:" + g_->name(a - kHideCannon);
  switch (a) {
    case kAttack:
      return "attack";
    case kDemolishBridge:
      return "demolish bridge";
    case kDemolishDepot:
      return "demolish depot";
    case kDemolishRail:
      return "demolish railroad";
    case kDemolishWagon:
      return "demolish wagon train";
    case kKidnap:
      return "kidnap";
    case kFree:
      return "free the leader";
    case kDisband:
      return "disband";
    case kPass:
      return "pass";
    case kStop:
      return "stop";
    case kSkedaddle:
      return "skedaddle";
    case kStand:
      return "stand and fight";
    case kInterrogate:
      return "interrogate";
    case kCarryCannon:
      return "carry the Cannon";
    case kRelease:
      return "release";
  }
  return "?" + std::to_string(a);
}

std::string MosbyState::public_name(Action a, int viewer) const {
  if (to_move() == kChance && chance_kind() == 1 && stack_.back().a == DR_UNSEEN)
    return "draw (placed face down, unseen)";
  if (to_move() == kChance && stack_.back().op == CO_MARKER) return "depot marker (drawn face down)";
  return action_name(a);
}

std::vector<int> MosbyState::action_nodes(Action a) const {
  if (to_move() != 0) return {};
  if (a >= kPlace && a < kPlace + 200) return {a - kPlace};
  if (a >= kMove && a < kMove + 200) return {mosby_, a - kMove};
  if (a >= kScout && a < kScout + 200) return {a - kScout};
  if (a >= kGuide && a < kInfo) return {mosby_, (a - kGuide) % 200};
  if (a >= kInfo && a < kInfo + 200) return {a - kInfo};
  return {};
}

std::string MosbyState::check_target() const {
  if (checks_.empty()) return "";
  const Check& k = checks_.front();
  if (k.what == 0) return "the garrison of " + g_->name(k.id);
  if (k.what == 2) return "the Troop Concentration at " + g_->name(k.id);
  return "a counter at " + g_->name(std::max(0, int(units_[k.id].loc)));
}

CardWindow MosbyState::window() const {
  if (over_) return W_NONE;
  switch (stack_.back().op) {
    case CO_COMBAT_Q:
      return W_COMBAT;
    case CO_COUNTER_Q:
      return W_COUNTERATTACK;
    case CO_CASUALTY_Q:
      return W_CASUALTY;
    case CO_INIT_Q:
      return W_INITIATIVE;
    case CO_EVENT_ROLL:
    case CO_EVENT_NEXT:
    case CO_EVENT_DRAW:
      return W_EVENTS;
    case OP_EVENTS:
      return W_EVENTS;
    case OP_OPS:
      return W_OPERATIONS;
    case OP_MOSBY_PHASE:
    case OP_MOSBY_MOVING:
      return W_PHASE;
    case OP_PHASES_BEGIN:
      return W_INITIATIVE;
    case OP_SKEDADDLE_Q:
    case OP_COMBAT_ROLL:
      return W_COMBAT;
    case OP_CASUALTY:
      return W_CASUALTY;
    case OP_SCOUT:
      return W_SCOUT;
    default:
      return W_NONE;
  }
}

std::string MosbyState::step() const {
  if (over_) return describe_result();
  const Task& t = stack_.back();
  if (t.op >= kWagonOps) return wagon_step(t.op);
  if (t.op >= kCardOps) return card_step_text();
  switch (t.op) {
    case OP_PLACE:
      return "Preparation A3: place Mosby on a free space of Mosby's Confederacy";
    case OP_OPS:
      return "Mosby's Operations: scout, move, attack, demolish, kidnap or disband";
    case OP_MOSBY_PHASE:
      return "Phase: Mosby's action (move up to 3, scout, attack, demolish, kidnap, disband or pass)";
    case OP_MOSBY_MOVING:
      return "Phase: Mosby may move " + std::to_string(t.a) + " more space(s), or stop";
    case OP_SKEDADDLE_Q:
      return "Union units attack: stand and fight, or skedaddle (casualty check, -2 PP, turn ends)";
    case OP_RANDSTEP:
      return "Roll for random movement (count roads clockwise from road 1)";
    case OP_RECRUIT:
      return "Preparation A5: roll on the Recruitment Table";
    case OP_PHASES_BEGIN:
      return "Phases begin: roll on the Initiative Table";
    case OP_UNION_ROLL:
      return "Union action: roll on the Union Movement Table";
    case OP_UNION_STEP:
    case OP_RETREAT:
      return "Union unit chooses among equal paths by a die roll";
    case OP_COMBAT_ROLL:
      return "Roll the combat die";
    case OP_LOSS:
      return "A die roll decides which Union unit takes the loss";
    case OP_CASUALTY:
      return "Mosby casualty check (1-2: wounded)";
    case OP_CHECKS:
      return "Activation check for " + check_target() + " (" + std::to_string(awareness_) + " or less activates)";
    case OP_SCOUT:
      return "Roll to scout (above Awareness succeeds)";
    case OP_DRAW:
      return "Draw a Union counter from the pool";
  }
  return "";
}

Json MosbyState::view(int seat) const {
  Json pieces = Json::array(), side = Json::array(), status = Json::array();
  auto nid = [&](int n) { return g_->name(n); };
  if (mosby_ >= 0)
    pieces.push_back({{"node", nid(mosby_)},
                      {"seat", 0},
                      {"face", wounded() ? "mosby-wounded" : "mosby"},
                      {"label", std::to_string(strength_)}});
  bool all = over_ || seat < -1;
  for (size_t u = 0; u < units_.size(); ++u) {
    const Unit& x = units_[u];
    const Kind& k = g_->kinds[x.kind];
    bool visible = x.active || x.seen || x.dmg > 0 || all;
    std::string face = visible ? std::string("union-") + kTypeName[k.type] : "union-hidden";
    std::string label = visible && k.type == COMBAT ? std::to_string(cur_strength(int(u))) : "";
    if (x.loc >= 0) {
      if (visible && !x.active)
        label = "(" + (label.empty() ? std::string(kTypeName[k.type]).substr(0, 1) : label) + ")";
      if (x.retreat) label += " R";
      Json p = {{"node", nid(x.loc)}, {"seat", -1}, {"face", face}};
      if (!label.empty()) p["label"] = label;
      pieces.push_back(p);
    } else if (x.loc == kPool) {
      side.push_back({{"seat", -1}, {"face", "union-hidden"}, {"where", "pool"}});
    } else {
      std::string where = x.loc == kHold   ? "holding box"
                          : x.loc == kElim ? "eliminated"
                                           : "reinforcements " + std::to_string(g_->unit_reinf_[u]);
      Json p = {{"seat", -1}, {"face", std::string("union-") + kTypeName[k.type]}, {"where", where}};
      if (k.type == COMBAT) p["label"] = std::to_string(k.strength);
      side.push_back(p);
    }
  }
  for (size_t n = 0; n < spaces_.size(); ++n) {
    const Space& s = spaces_[n];
    if (s.status) pieces.push_back({{"node", nid(int(n))}, {"seat", -1}, {"face", s.status == 1 ? "revealed" : "dot"}});
    if (s.bridge)
      pieces.push_back({{"node", nid(int(n))}, {"seat", -1}, {"face", s.bridge == 1 ? "bridge" : "bridge-destroyed"}});
    if (s.depot >= 0)
      pieces.push_back(
          {{"node", nid(int(n))}, {"seat", -1}, {"face", s.depot_destroyed ? "depot-destroyed" : "depot"}});
    if (s.rail_destroyed) pieces.push_back({{"node", nid(int(n))}, {"seat", -1}, {"face", "rail-destroyed"}});
    if (s.devastated) pieces.push_back({{"node", nid(int(n))}, {"seat", -1}, {"face", "devastated"}});
    if (s.tc && !g_->orig_tc[n]) pieces.push_back({{"node", nid(int(n))}, {"seat", -1}, {"face", "tc-marker"}});
  }
  const char* lname[] = {"General Stoughton", "Colonel Dulaney"};
  for (int i = 0; i < 2; ++i) {
    if (leaders_[i].state == 1)
      pieces.push_back({{"node", nid(leaders_[i].loc)}, {"seat", -1}, {"face", "leader"}, {"label", lname[i]}});
    if (leaders_[i].state == 2)
      side.push_back({{"seat", 0}, {"face", "leader"}, {"where", std::string("kidnapped: ") + lname[i]}});
  }
  int markers = 0;
  for (const Space& s : spaces_) markers += s.status != 0;
  status.push_back("Turn " + std::to_string(turn_) + " of 8");
  status.push_back("Notoriety " + std::to_string(notoriety_) + " (needs " + std::to_string(victory_) +
                   " after turn 8, " + std::to_string(turn_) + " at the end of this turn)");
  status.push_back("Performance Points " + std::to_string(pp_));
  status.push_back("Union Awareness " + std::to_string(awareness_));
  status.push_back("Guerrilla strength " + std::to_string(strength_));
  status.push_back(std::string("Mosby: ") +
                   (dead_       ? "dead"
                    : wounded() ? "wounded"
                                : "healthy") +
                   (mosby_ >= 0 ? ", at " + nid(mosby_) : ", off the map"));
  status.push_back(std::string("Initiative: ") + (initiative_ == 1 ? "Mosby" : initiative_ == 2 ? "Union" : "-"));
  status.push_back(std::string("Sequence: ") + (over_                        ? "game over"
                                                : phases_                    ? "Phases"
                                                : stack_.back().op == OP_OPS ? "Mosby's Operations"
                                                                             : "Preparation"));
  status.push_back("Action cards due this turn: " + std::to_string(cards_due_) + " (hand limit " +
                   std::to_string(g_->hand_limit) + ")");
  {
    int pool = 0, hold = 0, elim = 0;
    for (const Unit& u : units_) pool += u.loc == kPool, hold += u.loc == kHold, elim += u.loc == kElim;
    status.push_back("Union pool " + std::to_string(pool) + " face down, holding box " + std::to_string(hold) +
                     ", eliminated " + std::to_string(elim));
  }
  status.push_back("Space-status markers left: " + std::to_string(g_->status_markers - markers));
  // Counter order must not follow counter ids: ids are sorted by kind, so the
  // order would betray face-down counters.
  auto by_text = [](const Json& a, const Json& b) { return a.dump() < b.dump(); };
  std::vector<Json> pv(pieces.begin(), pieces.end()), sv(side.begin(), side.end());
  std::sort(pv.begin(), pv.end(), by_text);
  std::sort(sv.begin(), sv.end(), by_text);
  pieces = pv;
  side = sv;
  Json v = {{"phase", over_     ? "over"
                      : phases_ ? "phases"
                                : "operations"},
            {"pieces", pieces},
            {"side", side},
            {"status", status},
            {"step", step()},
            {"dice", dice_},
            {"roll", roll_}};
  Json last = Json::array();
  for (int n : last_)
    if (n >= 0) last.push_back(nid(n));
  v["last"] = last;
  v["notoriety_by_turn"] = notoriety_by_turn_;
  card_view(v);
  v["summary"] = summary();
  if (over_) v["how"] = how_;
  wagon_view(v);
  return v;
}

std::unique_ptr<State> MosbyState::determinize(int seat, Rng& rng) const {
  auto s = std::make_unique<MosbyState>(*this);
  if (over_) return s;
  // Face-down counters on the map and the pool are one blind mix: re-deal it.
  std::vector<int> slots, kinds;
  for (size_t u = 0; u < units_.size(); ++u) {
    const Unit& x = units_[u];
    if (x.loc == kPool || (x.loc >= 0 && !x.active && !x.seen && x.dmg == 0)) {
      slots.push_back(int(u));
      kinds.push_back(x.kind);
    }
  }
  // Sorted first: the order of the hidden kinds is itself hidden, and the deal
  // must depend on the view and the rng alone.
  std::sort(kinds.begin(), kinds.end());
  rng.shuffle(kinds);
  for (size_t i = 0; i < slots.size(); ++i) s->units_[slots[i]].kind = int8_t(kinds[i]);
  s->script_off_ = true;  // an example's scripted dice are the future: the AI must not see them
  // Intact depots were placed face down: re-deal their markers among those not yet seen.
  // The decks need nothing: every card is drawn blind by a chance action.
  std::vector<int> sites, markers;
  std::vector<bool> placed(g_->depot_values.size(), false);
  for (size_t n = 0; n < spaces_.size(); ++n)
    if (spaces_[n].depot >= 0) {
      placed[spaces_[n].depot] = true;
      if (!spaces_[n].depot_destroyed) sites.push_back(int(n)), markers.push_back(spaces_[n].depot);
    }
  for (size_t m = 0; m < placed.size(); ++m)
    if (!placed[m]) markers.push_back(int(m));
  std::sort(markers.begin(), markers.end());
  rng.shuffle(markers);
  for (size_t i = 0; i < sites.size(); ++i) s->spaces_[sites[i]].depot = int8_t(markers[i]);
  return s;
}

std::string MosbyState::debug() const {
  std::ostringstream o;
  o << "turn " << turn_ << " N " << notoriety_ << " PP " << pp_ << " A " << awareness_ << " S " << strength_ << " at "
    << mosby_ << " w " << wounded_turn_ << " init " << initiative_ << " ph " << phases_ << " over " << over_ << won_
    << " ops " << ops_actions_ << "\nstack";
  for (const Task& t : stack_) o << " " << t.op << ":" << t.a << "," << t.b << "," << t.c;
  o << "\nchecks";
  for (const Check& c : checks_) o << " " << int(c.what) << ":" << c.id;
  o << " ctx " << check_ctx_ << " b " << batch_combat_ << batch_any_ << "\ncand";
  for (int c : candidates_) o << " " << c;
  o << "\ncombat";
  for (int c : combat_units_) o << " " << c;
  for (int c : combat_taken_) o << " t" << c;
  o << " att " << mosby_attacks_ << " s " << combat_strength_ << " m " << combat_mod_ << "\nunits";
  for (const Unit& u : units_)
    o << " " << int(u.kind) << "@" << u.loc << (u.active ? "a" : "") << (u.seen ? "s" : "") << (u.retreat ? "r" : "")
      << int(u.dmg) << "f" << u.from;
  o << "\nspaces";
  for (size_t n = 0; n < spaces_.size(); ++n) {
    const Space& s = spaces_[n];
    o << " " << int(s.status) << s.lines << s.tc << s.devastated << int(s.bridge) << int(s.depot) << s.depot_destroyed
      << s.rail_destroyed;
  }
  o << "\nextended " << extended_;
  o << "\nleaders " << leaders_[0].loc << ":" << int(leaders_[0].state) << " " << leaders_[1].loc << ":"
    << int(leaders_[1].state) << "\nroll " << roll_;
  return o.str();
}

void MosbyState::check() const {
  auto fail = [](const std::string& m) { throw std::logic_error("mosby: " + m); };
  if (notoriety_ < 1) fail("Notoriety below 1");
  if (pp_ < 0 || pp_ > 9) fail("Performance Points out of 0-9");
  if (awareness_ < 1 || awareness_ > 5) fail("Awareness out of 1-5");
  if (!over_ && stack_.empty()) fail("no procedure pending");
  if (over_ && !stack_.empty()) fail("game over with procedures pending");
  int markers = 0;
  for (const Space& s : spaces_) markers += s.status != 0;
  if (markers > g_->status_markers) fail("more status markers than the counter mix holds");
  for (size_t u = 0; u < units_.size(); ++u) {
    const Unit& x = units_[u];
    if (x.loc >= int(spaces_.size()) || x.loc < kReinf) fail("unit off the board");
    if (x.loc < 0 && (x.active || x.retreat || x.dmg)) fail("off-map unit carries map state");
    if (x.dmg && cur_strength(int(u)) <= 0) fail("a unit with no strength left stays on the map");
    if (x.active && g_->kinds[x.kind].type == BLANK) fail("an activated blank");
    if (x.loc == kReinf && g_->unit_reinf_[u] == 0) fail("an S unit on the reinforcement track");
  }
  if (mosby_ >= 0 && strength_ <= 0 && !over_ && (stack_.back().op == OP_OPS || stack_.back().op == OP_MOSBY_PHASE))
    fail("Mosby acts with no strength");
  if (!over_ && to_move() == kChance && legal().empty()) fail("chance with no outcome");
  if (!over_ && to_move() == 0 && legal().empty()) fail("a decision with no choice");
  if (turn_ > 8) fail("past turn 8");
  if (wagon_state_ == 1 && wagon_at_ < 0) fail("a Wagon Train on the map without a space");
  if (escorts_hidden_ < 0 || escorts_hidden_ > 2) fail("more than two Wagon Train escorts");
  for (int u : escorts_)
    if (units_[u].loc < 0 || !combat(u)) fail("an escort off the map or not a combat unit");
}

// Weights tuned by greedy self-play (300-game runs): boldness inside the
// lines pays, since that is where every target is.
static const double kDecay = 0.7, kReach = 0.5, kLines = -0.3, kThreat = 1.5;
double MosbyState::heuristic(int seat) const {
  if (over_) return won_ ? 1000 : -1000;
  double h = 10.0 * notoriety_ + pp_;
  // Falling behind the turn track is the usual way to lose.
  h -= 8.0 * std::max(0, turn_ - notoriety_);
  if (wounded()) h -= 12;
  if (mosby_ < 0) return h;
  // On the map the band is worth what it can still reach and destroy, and the
  // threat of activated Union combat units nearby counts against it.
  std::vector<int> d = dist_from({mosby_});
  double reach = 0;
  for (size_t n = 0; n < spaces_.size(); ++n) {
    const Space& s = spaces_[n];
    double v = 0;
    if (s.bridge == 1 && in_lines(int(n))) v += g_->pp("bridge");
    if (g_->railroad[n] && !s.rail_destroyed && in_lines(int(n))) v += g_->pp("railroad");
    if (s.depot >= 0 && !s.depot_destroyed) v += g_->depot_values[s.depot];
    if (s.tc) v *= 0.25;
    if (v > 0) reach += v * std::pow(kDecay, d[n]);
  }
  if (wagon_state_ == 1) reach += g_->pp("wagon_train") * std::pow(kDecay, d[wagon_at_]);  // 7.8
  for (const Leader& l : leaders_) {  // 6.3: a leader to take, or one to bring out of the lines
    if (l.state == 1) reach += 0.5 * g_->pp("kidnap") * std::pow(kDecay, d[l.loc]);
    if (l.state == 2) {
      int out = 1 << 20;
      for (size_t n = 0; n < spaces_.size(); ++n)
        if (!in_lines(int(n))) out = std::min(out, d[n]);
      h += 0.5 * g_->pp("kidnap") * (1 + std::pow(kDecay, out));
    }
  }
  h += kReach * reach + 0.5 * strength_;
  double threat = 0;
  for (size_t u = 0; u < units_.size(); ++u) {
    const Unit& x = units_[u];
    if (x.loc < 0 || !x.active || !combat(int(u))) continue;
    if (d[x.loc] <= 4) threat += cur_strength(int(u)) * (x.loc == mosby_ ? 2.0 : 1.0 / d[x.loc]);
  }
  h -= kThreat * threat * 3.0 / std::max(1, strength_ + 1);
  if (in_lines(mosby_)) h -= kLines * awareness_;
  return h;
}

static std::shared_ptr<const Game> make(const Json& d, int v) { return std::make_shared<MosbyGame>(d, v); }
GAMUT_REGISTER_GAME("mosby", make);

}  // namespace gamut::mosby
