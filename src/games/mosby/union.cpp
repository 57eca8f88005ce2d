// The Union side: the map and its units, reinforcements and the lines (7.1), Activation checks
// and draws from the pool (7.2), Union movement and random movement (7.3-7.4, 7.7).
#include <algorithm>
#include <string>

#include "core/text.h"
#include "mosby.h"
#include "procedure.h"

namespace gamut::mosby {

bool MosbyState::combat(int u) const { return g_->kinds[units_[u].kind].type == COMBAT; }
int MosbyState::cur_strength(int u) const { return g_->kinds[units_[u].kind].strength - units_[u].dmg; }

UnitList MosbyState::units_at(int n) const {
  UnitList r;
  for (size_t u = 0; u < units_.size(); ++u)
    if (units_[u].loc == n) r.v[r.n++] = int16_t(u);
  return r;
}

bool MosbyState::unit_at(int n) const {
  for (const Unit& u : units_)
    if (u.loc == n) return true;
  return false;
}

bool MosbyState::active_combat_at(int n) const {
  for (const Unit& u : units_)
    if (u.loc == n && u.active && g_->kinds[u.kind].type == COMBAT) return true;
  return false;
}

bool MosbyState::any_active() const {
  for (const Unit& u : units_)
    if (u.loc >= 0 && u.active) return true;
  return wagon_state_ == 1;  // the Wagon Train keeps the Phases going (7.8)
}

bool MosbyState::revised() const { return g_->revised; }

bool MosbyState::unrevealed(int n) const {
  if (!in_lines(n) || spaces_[n].tc) return false;
  // "If the space is within Union lines and does not have a 'revealed' status marker, there is a
  // unit in it" (7.2): the ● side of Extend the Front (7.1) is a garrison too. Before v3 only
  // the 8.8 and 8.4 ● markers were, through unknown_.
  if (g_->revised) return spaces_[n].status != 1;
  return spaces_[n].status == 0 || (!unknown_.empty() && unknown_[n]);
}

bool MosbyState::blocked_potomac(int from, int to) const {
  for (const auto& l : g_->adj[from])
    if (l.to == to) return l.potomac && l.type != g_->track;
  return false;
}

std::vector<int> MosbyState::dist_from(const std::vector<int>& src) const {
  std::vector<int> d;
  dist_into(src.data(), int(src.size()), d);
  return d;
}

void MosbyState::dist_into(const int* src, int n, std::vector<int>& d) const {
  thread_local std::vector<int> q;  // kept between calls: the AI's heuristic asks at every leaf
  d.assign(spaces_.size(), 1 << 20);
  q.clear();
  for (int k = 0; k < n; ++k) d[src[k]] = 0, q.push_back(src[k]);
  for (size_t i = 0; i < q.size(); ++i)
    for (const auto& l : g_->adj[q[i]])
      if (d[l.to] > d[q[i]] + 1) d[l.to] = d[q[i]] + 1, q.push_back(l.to);
}

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
  if (t == COURIER) gain_pp(g_->pp("courier"), N("courier eliminated"));
  if (t == WAGON) gain_pp(g_->pp("supply_wagon"), N("supply wagon eliminated"));
  to_hold(u);
}

void MosbyState::deactivate(int u) {
  Unit& x = units_[u];
  x.active = false;
  x.retreat = false;
  if (x.loc >= 0 && spaces_[x.loc].tc) return to_pool(u);
  x.seen = x.dmg > 0;  // face down again; a strength marker still shows
}

void MosbyState::examine(int u) {
  units_[u].seen = true;
  // 7.7: "When Mosby's guerrilla band enters or scouts a space with a false unit, it is removed and
  // placed in the Union Unit Holding Box" (6.1 1A too). Before v3 a blank seen so stayed on the map.
  if (g_->revised && g_->kinds[units_[u].kind].type == BLANK) to_hold(u);
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
    // 7.1 step 2: "Remove all status markers that are within the original Union lines" (before v3
    // only the revealed ones: the ● markers of 8.4 and 8.8 stayed and used up the mix).
    if (g_->orig_lines[n] && (s.status == 1 || g_->revised)) s.status = 0;
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

void MosbyState::around_checks(int n, bool here) { start_checks(checks_around(n, here), CK_AROUND, n); }

// A Union unit steps into n during its movement (7.3, 7.7).
void MosbyState::union_enter(int u, int n, bool& stop) {
  union_entered(n);
  UnitType t = g_->kinds[units_[u].kind].type;
  if (n == mosby_) {
    if (hidden_ && t != COMBAT && g_->revised && hide_search()) {
      // 8.3: non-combat units that enter search too; found, they "are eliminated normally". Its move
      // ends here, to go on "in the following Phases" (7.2) if he stays hidden.
      stop = true;
      return push(W_HIDE_SEARCH, 2, u);
    }
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

// Hide: once a Union combat unit has found Mosby's space, every activated unit
// moves one space at random and deactivates; the Phases end (7.2).
void MosbyState::scatter_active() {
  hidden_ = false;
  for (size_t u = units_.size(); u-- > 0;)
    if (units_[u].loc >= 0 && units_[u].active) push(OP_RANDSTEP, int(u), RS_SCATTER, 1);
}

// The candidates_ of a path are set: with none the task ends, with one it is taken at once;
// false while a die must choose among several.
bool MosbyState::choose_path() {
  if (candidates_.empty()) return pop_task();
  if (candidates_.size() == 1) {
    input(kPath + candidates_[0]);
    return true;
  }
  return false;
}

int MosbyState::pool_unit(int kind) const {
  for (size_t u = 0; u < units_.size(); ++u)
    if (units_[u].loc == kPool && units_[u].kind == kind) return int(u);
  return -1;
}

// ---------------------------------------------------------------- the Union tasks

bool MosbyState::ready_unit(const Task& t) {
  if (units_[t.a].loc < 0 || (t.op == OP_UNION_ROLL && !units_[t.a].active)) {
    stack_.pop_back();
    return true;
  }
  return false;
}

void MosbyState::input_random_move(const Task& t, Action a) {
  int d = a - kDie;
  int u = t.a, here = units_[u].loc;
  const auto& rd = g_->roads[here];
  int to = rd[(d - 1) % int(rd.size())];
  narrate(N("Random movement from %s (road %d clockwise from road 1) to %s"), node_arg(here),
          int((d - 1) % rd.size() + 1), node_arg(to));
  show_roll(d);
  // 6.2 L2, for every unit in the Phases: "a unit crossing the Potomac along a road must use its
  // entire Move Action to cross". Past the first step the crossing waits for the next Phase; on the
  // first it ends the move. (c & 16: a step after the first; before v3 the river was ignored here.)
  bool crossing = g_->revised && t.b == RS_PHASE && phases_ && blocked_potomac(here, to);
  if (crossing && (t.c & 16)) {
    narrate_more(N(": it stops at the Potomac"));
    return;
  }
  units_[u].from = int16_t(here);
  units_[u].loc = int16_t(to);
  last_ = {here, to};
  if (t.b == RS_PREP) {
    if (to == mosby_) {
      if (combat(u)) {
        lose_pp(-g_->pp("prep_caught"), N("caught in Preparation"));
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
  bool stop = crossing;
  union_enter(u, to, stop);
  int left = (t.c & 15) - 1;
  if (!stop && left > 0) push(OP_RANDSTEP, u, t.b, g_->revised ? left | 16 : left);
  return;
}

bool MosbyState::run_union_actions(const Task& t) {
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

bool MosbyState::run_union_act(const Task& t) {
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

// The Union Movement Table's results are codes of the rules data; the roll's line shows them in words.
static Narration::Arg movement_words(const std::string& m) {  // m: the game's data, which outlives the state
  for (const char* w :
       {N("deactivate"), N("random1"), N("random3"), N("toward"), N("toward4"), N("nearest"), N("away")})
    if (m == w) return Narration::arg(w);
  return raw_arg(m.c_str());
}

void MosbyState::input_union_roll(const Task& t, Action a) {
  int d = a - kDie;
  int u = t.a;
  bool c = combat(u);
  const std::string& m = (c ? g_->move_combat : g_->move_noncombat)[d - 1];
  narrate(c ? N("Union Movement Table (combat column) for the %s at %s: %s")
            : N("Union Movement Table (non-combat column) for the %s at %s: %s"),
          kind_arg(units_[u].kind), node_arg(units_[u].loc), movement_words(m));
  show_roll(d);
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

bool MosbyState::ready_path(const Task& t) {
  int u = t.a;
  Unit& x = units_[u];
  candidates_.clear();
  if (x.loc < 0 || (t.op == OP_UNION_STEP && !x.active) || (t.op == OP_UNION_STEP && (t.c & 15) == 0)) {
    stack_.pop_back();
    return true;
  }
  bool first = t.op == OP_RETREAT || !(t.c & 16);
  thread_local std::vector<int> d, src;  // kept between calls: the Union moves every turn of a playout
  src.clear();
  int mode = t.op == OP_RETREAT ? -1 : t.b;
  if (t.op == OP_RETREAT) {
    // Toward the Union lines when Mosby attacked outside them (6.5).
    for (size_t n = 0; n < spaces_.size(); ++n)
      if (in_lines(int(n))) src.push_back(int(n));
  } else if (mode == MV_TOWARD || mode == MV_AWAY) {
    if (mosby_ < 0 || (mode == MV_TOWARD && x.loc == mosby_)) {
      stack_.pop_back();
      return true;
    }
    src.push_back(mosby_);
  } else {  // MV_NEAREST
    for (size_t v = 0; v < units_.size(); ++v)
      if (int(v) != u && units_[v].loc >= 0) src.push_back(units_[v].loc);
    for (size_t n = 0; n < spaces_.size(); ++n)
      if (spaces_[n].tc) src.push_back(int(n));
  }
  dist_into(src.data(), int(src.size()), d);
  int here = x.loc, best = d[here];
  for (const auto& l : g_->adj[here]) {
    if (phases_ && !first && blocked_potomac(here, l.to)) continue;
    if (mode == MV_AWAY ? d[l.to] > best : d[l.to] == d[here] - 1) {
      if (mode == MV_AWAY && d[l.to] > best) candidates_.clear(), best = d[l.to];
      candidates_.push_back(l.to);
    }
  }
  if (mode == MV_AWAY)
    candidates_.erase(std::remove_if(candidates_.begin(), candidates_.end(), [&](int c) { return d[c] != best; }),
                      candidates_.end());
  std::sort(candidates_.begin(), candidates_.end());
  candidates_.erase(std::unique(candidates_.begin(), candidates_.end()), candidates_.end());
  return choose_path();
}

void MosbyState::input_path(const Task& t, Action a) {
  int u = t.a, to = a - kPath, here = units_[u].loc;
  if (candidates_.size() > 1) {
    dice_ = {};
    narrate(N("Die roll among %d equal paths: %s"), int(candidates_.size()), node_arg(to));
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

bool MosbyState::ready_checks(const Task& t) {
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
}

void MosbyState::input_checks(const Task& t, Action a) {
  int d = a - kDie;
  Check k = checks_.front();
  checks_.erase(checks_.begin());
  bool act = d + (check_ctx_ == CK_ENTER && !phases_ ? entry_check_bonus() : 0) <= awareness_;  // Scout card
  if (k.what == 0)
    narrate(N("the garrison of %s"), node_arg(k.id));
  else if (k.what == 1)
    narrate(N("a counter at %s"), node_arg(units_[k.id].loc));
  else
    narrate(N("the Troop Concentration at %s"), node_arg(k.id));
  narrate_more(act ? N("Activation check for %s (activates on %d or less): activated")
                   : N("Activation check for %s (activates on %d or less): stays put"),
               Narration::Arg{Narration::SO_FAR}, awareness_);
  show_roll(d);
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
      examine(u);
    }
  } else if (act) {
    push(OP_DRAW, DR_ACTIVATE, k.id);
  }
  return;
}

bool MosbyState::ready_draw(const Task& t) {
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

void MosbyState::input_draw(const Task& t, Action a) {
  int kind = a - kDraw, n = t.b, u = pool_unit(kind);
  UnitType ty = g_->kinds[kind].type;
  dice_ = {};
  units_[u].loc = int16_t(n);
  units_[u].from = -1;
  if (t.a == DR_UNSEEN) return;  // placed face down without looking (6.1 example)
  units_[u].seen = true;
  narrate(N("Drawn from the pool for %s: %s"), node_arg(n), kind_arg(kind));
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

}  // namespace gamut::mosby
