// Combat (6.5): the odds, the Combat Results Table, losses and retreats, Mosby's casualty
// check and wounds, skedaddling (6.6) and the Union attack (7.5).
#include <algorithm>
#include <sstream>
#include <string>

#include "core/text.h"
#include "mosby.h"
#include "procedure.h"

namespace gamut::mosby {

// Odds column -4..+4 (1:5 .. 5:1). Fractions drop for the stronger side; a
// weaker attacker's odds round in the defender's favour (the text reads 2
// against 5 as 1:3).
int ratio_index(int att, int def) {
  if (att >= def) return std::min(5, att / def) - 1;
  return -(std::min(5, (def + att - 1) / att) - 1);
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
  narrate(mosby_attacks ? N("Mosby attacks (%d v %d, odds %s %+d on the Mosby chart, reaction N+A %d %+d)")
                        : N("Union attacks (%d v %d, odds %s %+d on the Union chart, reaction N+A %d %+d)"),
          att, def, Narration::Arg{Narration::RATIO, r}, odds, total, react);
  odds_mod_ = odds;
  push(OP_COMBAT_ROLL);
  cards_begin_combat();  // Permanent cards; the others are offered before the die (6.5 step 3D)
  if (!mosby_attacks) push(OP_SKEDADDLE_Q);
}

void MosbyState::finish_combat(int result_idx, int natural) {
  const std::string& res = g_->crt[result_idx].second;
  int total = natural + combat_mod_;
  narrate_more(N(": die %d %+d = %d -> %s"), natural, combat_mod_, total, raw_arg(res.c_str()));
  if (res[0] == 'D') {
    int lost = res.size() > 1 ? res[1] - '0' : 0;
    lose_pp(-g_->pp("combat_lost"), N("combat lost"));
    lose_pp(lost * -g_->pp("per_guerrilla_sp"), N("guerrilla strength lost"));
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
  gain_pp(g_->pp("combat_won") + combat_strength_, N("combat won"));
  gain_pp(g_->pp("per_union_sp") * hits, N("Union strength points hit"));
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
    return finish(false, N("Mosby is killed (a second wound)"));
  }
  wounded_turn_ = turn_;
  lose_pp(-g_->pp("wound"), N("Mosby wounded"));
  card_wounded();  // one Permanent Action card goes (5.1, 6.5)
}

// ---------------------------------------------------------------- the combat tasks

bool MosbyState::run_union_attack(const Task& t) {
  if (hidden_) {  // Hide: no attack; found, every activated unit scatters (7.2)
    bool found = active_combat_at(mosby_);
    if (found && !hide_search_roll()) scatter_active();
    return true;
  }
  if (mosby_ >= 0) begin_combat(false);
  return true;
}

bool MosbyState::run_attack_here(const Task& t) {
  if (mosby_ < 0) return true;
  if (wagon_attack_draws()) return true;
  for (int u : units_at(mosby_))
    if (!combat(u)) eliminate_noncombat(u);
  begin_combat(true);
  return true;
}

void MosbyState::input_skedaddle(const Task& t, Action a) {
  if (a == kStand) return;
  // 6.6: casualty check, -2 PP, the attackers scatter, the turn ends.
  stack_.pop_back();  // the combat roll
  int here = mosby_;
  lose_pp(-g_->pp("skedaddle"), N("skedaddled"));
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
  narrate(N("Mosby skedaddles"));
  return;
}

void MosbyState::input_combat_roll(const Task& t, Action a) {
  int d = a - kDie;
  int total = d + combat_mod_, idx = 0;
  for (size_t i = 0; i < g_->crt.size(); ++i)
    if (total >= g_->crt[i].first) idx = int(i);
  dice_ = {d};
  if (card_after_roll(idx, d)) return;  // Counterattack (6.5 step 5)
  return finish_combat(idx, d);
}

bool MosbyState::ready_loss(const Task& t) {
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

void MosbyState::input_loss(const Task& t, Action a) {
  candidates_.clear();
  take_loss(a - kPick);
  if (t.a > 1) push(OP_LOSS, t.a - 1);
  return;
}

bool MosbyState::run_retreat_all(const Task& t) {
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

void MosbyState::input_casualty(const Task& t, Action a) {
  int d = a - kDie;
  narrate(d <= 2 ? N("Casualty check: Mosby is wounded") : N("Casualty check: no effect"));
  show_roll(d);
  if (card_casualty(d)) return;  // Mosby Escapes, Awareness Reset
  if (d <= 2) wound();
  return;
}

bool MosbyState::run_post_combat(const Task& t) {
  if (mosby_ >= 0) start_checks(checks_around(mosby_, true), CK_AROUND, mosby_);
  if (mosby_ >= 0) wagon_phase_checks();  // 7.8: the escorts are checked after combat too
  return true;
}

}  // namespace gamut::mosby
