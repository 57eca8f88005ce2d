// Mosby's side: placing the band, its Operations and Phase actions (6.1 scouting, 6.2
// movement and entering a space, 6.4 demolition, 6.3 kidnapping, disbanding) and his choices.
#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

#include "core/text.h"
#include "mosby.h"
#include "procedure.h"

namespace gamut::mosby {

// Mosby steps into n (6.2). Returns through the task stack.
void MosbyState::mosby_enter(int n) {
  wagon_on_enter(n);
  last_ = {mosby_, n};
  mosby_ = n;
  for (int i = 0; i < 2; ++i)
    if (leaders_[i].state == 2 && !in_lines(n)) {
      leaders_[i].state = 3;
      gain_pp(g_->pp("kidnap"), N("kidnapped leader brought out"));
    }
  bool active_combat = false;
  for (size_t i = 0; i < units_.size(); ++i) {  // in place: eliminating a unit moves that unit alone
    int u = int(i);
    if (units_[i].loc != n || !units_[i].active) continue;
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
      examine(u);
  }
  if (spaces_[n].tc && mode < 2) c.push_back({2, int16_t(n)});
  if (c.empty() && !draw && (mode == 0 || !unit_at(n))) return;
  push(OP_AFTER_ENTER, n);
  batch_combat_ = batch_any_ = false;
  start_checks(c, CK_ENTER, n);
  if (draw) push(OP_DRAW, DR_EXAMINE_ENTER, n);
}

// Appends base + n for every space Mosby may be placed in (A3), in order of n.
void MosbyState::add_placements(std::vector<Action>& r, Action base) const {
  std::array<bool, kNodeSpan> occupied{};  // one pass over the units, not one per space
  for (const Unit& u : units_)
    if (u.loc >= 0 && size_t(u.loc) < occupied.size()) occupied[size_t(u.loc)] = true;
  for (size_t n = 0; n < spaces_.size(); ++n) {
    if (!g_->confed[n] || spaces_[n].devastated || in_lines(int(n)) || spaces_[n].status) continue;
    if (occupied[n]) continue;
    r.push_back(base + int(n));
  }
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

// Appends base + n for every space Mosby may scout, unsorted and perhaps twice: the callers
// sort and deduplicate the whole list of decisions.
void MosbyState::add_scout_targets(std::vector<Action>& r, Action base) const {
  if (mosby_ < 0) return;
  std::array<bool, kNodeSpan> sleeping{};  // a sleeping unit there: one pass over the units
  for (const Unit& u : units_)
    if (u.loc >= 0 && !u.active) sleeping[size_t(u.loc)] = true;
  for (const auto& l : g_->adj[mosby_])
    if (unrevealed(l.to) || sleeping[size_t(l.to)]) r.push_back(base + l.to);
}

void MosbyState::decisions(std::vector<Action>& r) const {
  r.clear();
  const Task& t = stack_.back();
  auto moves = [&](bool phase_step, bool first) {
    for (const auto& l : g_->adj[mosby_]) {
      if (phase_step && !first && blocked_potomac(mosby_, l.to)) continue;
      r.push_back(kMove + l.to);
    }
  };
  auto common = [&](bool phase) {
    add_scout_targets(r, kScout);
    if (unit_at(mosby_)) r.push_back(kAttack);
    for (int d : {kDemolishBridge, kDemolishDepot, kDemolishRail})
      if (can_demolish(d)) r.push_back(d);
    for (const Leader& l : leaders_) {
      if (l.state == 1 && l.loc == mosby_) r.push_back(kKidnap);
      if (l.state == 2) r.push_back(kFree);
    }
    bool threatened = active_combat_at(mosby_);
    if (!threatened) r.push_back(kDisband);
    if (phase) r.push_back(kPass);
  };
  switch (t.op) {
    case OP_PLACE:
      add_placements(r, kPlace);
      break;
    default:
      break;
    case OP_OPS:
      moves(false, true);
      common(false);
      break;
    case OP_MOSBY_PHASE:
      if (phase_allowance() > 0) {
        moves(true, true);
      } else if (g_->revised && holds(MosbyGame::C_FAST_HORSES)) {
        // The Cannon and a leader may leave no move, but "the 'Fast Horses' or 'Spur the Horses'
        // Action cards can be played, together or individually, to increase the guerrilla band's
        // movement allowance" (AC Cannon): its one space, along a pike.
        for (const auto& l : g_->adj[mosby_])
          if (l.type == g_->pike) r.push_back(kMove + l.to);
      }
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
      // C3: "Mosby ... may move into the same space and engage in combat as a single Action"; the
      // units he entered stayed deactivated (an activated combat unit forces the combat itself).
      if (g_->revised && unit_at(mosby_)) r.push_back(kAttack);
      break;
    case OP_SKEDADDLE_Q:
      r = {kSkedaddle, kStand};
      break;
  }
  card_plays(r);
  wagon_decisions(r);
  std::sort(r.begin(), r.end());
  r.erase(std::unique(r.begin(), r.end()), r.end());
}

// A successful scout, or Local Information's automatic one (6.1 step 1).
void MosbyState::scout_success(int n) {
  for (int u : units_at(n))
    if (!units_[u].active) examine(u);
  if (unrevealed(n)) {
    use_status(n, 1);
    push(OP_DRAW, DR_EXAMINE_SCOUT, n);
  }
}

// Which of Mosby's decisions is pending: 0 Operations, 1 a Phase action, 2 mid-move, -1 another.
int MosbyState::decision_kind(int op) const {
  return op == OP_OPS ? 0 : op == OP_MOSBY_PHASE ? 1 : op == OP_MOSBY_MOVING ? 2 : -1;
}

// ---------------------------------------------------------------- his tasks

bool MosbyState::ready_ops(const Task& t) {
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
}

bool MosbyState::ready_mosby_action(const Task& t) {
  // 7.7 (KCD third Phase): with the Initiative Mosby removes non-combat units activated in his space.
  if (t.op == OP_MOSBY_PHASE && initiative_ == 1 && mosby_ >= 0 && !hidden_)
    for (int u : units_at(mosby_))
      if (units_[u].active && !combat(u)) eliminate_noncombat(u);
  // The Phases end as soon as no Union unit is activated (C3).
  // Hidden, he passes (before v3 with no choice; since, he may give up hiding by acting, AC Hide).
  if (mosby_ < 0 || (t.op == OP_MOSBY_PHASE && (!any_active() || (hidden_ && !g_->revised)))) {
    stack_.pop_back();
    return true;
  }
  return false;
}

void MosbyState::input_action(const Task& t, Action a) {
  if (a >= kPlay && a < kGuide) return card_play(t, a);
  if (node_action(a, kHideCannon)) {  // 8.3: no Action spent
    stack_.push_back(t);
    return hide_cannon(a - kHideCannon);
  }
  if (a == kFree && g_->revised) {  // no Action spent: "Freeing the leader cancels this movement penalty" (6.3)
    stack_.push_back(t);
    for (Leader& l : leaders_)
      if (l.state == 2) l.state = 3;
    return;
  }
  // AC Hide: "Mosby's guerrilla band must pass in order to remain hidden"; any other Action ends it.
  if (g_->revised && hidden_ && a != kPass) hidden_ = false;
  bool phase = t.op != OP_OPS;
  if (t.op == OP_OPS) {
    push(OP_OPS);
    ++ops_actions_;
  }
  if (a >= kGuide && a < kInfo) a = kMove + use_entry_card(a);  // Local Guide, French Dulaney
  if (node_action(a, kInfo)) return local_information(a - kInfo);
  if (node_action(a, kMove)) {
    int to = a - kMove;
    int allow = t.op == OP_MOSBY_MOVING ? t.b : phase_allowance();
    int left = t.op == OP_MOSBY_MOVING ? t.a : allow;
    if (phase) {
      left -= 1;
      bool extra = fast_horses_step(mosby_, to, t.op != OP_MOSBY_MOVING, left);
      if (allow <= 0) extra = false;  // with no allowance this step was the Fast Horses space itself
      if (blocked_potomac(mosby_, to)) left = 0, extra = false;  // a road crossing takes the whole Move (6.2)
      if (left > 0)
        push(OP_MOSBY_MOVING, left, allow);
      else if (extra)
        push(OP_MOSBY_MOVING, 1, allow, pike_used_ ? 0 : 1);  // Fast Horses; c = 1: only along a pike
    }
    mosby_enter(to);
    return;
  }
  if (node_action(a, kScout)) return push(OP_SCOUT, a - kScout);
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

bool MosbyState::run_after_enter(const Task& t) {
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

void MosbyState::input_scout(const Task& t, Action a) {
  int d = a - kDie;
  int n = t.a;
  bool ok = d + scout_bonus() > awareness_;  // the Scout card (6.1 step 2)
  narrate(
      ok ? N("Scout %s (succeeds above Awareness %d): success") : N("Scout %s (succeeds above Awareness %d): failure"),
      node_arg(n), awareness_);
  show_roll(d);
  if (ok) return scout_success(n);
  push(OP_SCOUT_FAIL, n);
  if (unrevealed(n)) {
    use_status(n, 1);
    push(OP_DRAW, DR_UNSEEN, n);
  }
  return;
}

bool MosbyState::run_scout_fail(const Task& t) {
  std::vector<Check> c;
  for (int u : units_at(t.a))
    if (!units_[u].active) c.push_back({1, int16_t(u)});
  start_checks(c, CK_SCOUT_FAIL, t.a);
  return true;
}

}  // namespace gamut::mosby
