// The Union leaders (6.3) and the Union Wagon Train (7.8): its route, its escorts and their tasks.
#include <algorithm>
#include <string>

#include "core/cold.h"
#include "core/text.h"
#include "mosby.h"
#include "procedure.h"

namespace gamut::mosby {

// ---------------------------------------------------------------- leaders (6.3)

int MosbyState::leader_penalty() const { return (leaders_[0].state == 2) + (leaders_[1].state == 2); }

// ---------------------------------------------------------------- the Union Wagon Train (7.8)

void MosbyState::start_wagon_train() {
  if (wagon_state_ != 0) return;  // it never appears twice in a game
  wagon_state_ = 1;
  wagon_at_ = int16_t(g_->wagon_start);
  wagon_arrived_ = false;
  escorts_hidden_ = 2;
  escorts_.clear();
  // any_active() now holds, so once the Event step is over the turn begins with the Phases.
}

void MosbyState::drop_escort(int u) {
  if (!escorts_.empty()) escorts_.erase(std::remove(escorts_.begin(), escorts_.end(), u), escorts_.end());
}

// The train moves first, with the other non-combat units (7.3).
void MosbyState::wagon_union_actions() {
  if (wagon_state_ != 1) return;
  // Engine safeguard (rules panel): Mosby could sit in the train's space and pass for ever, and the
  // train keeps the Phases going; after 40 such Phases the turn ends as a voluntary disband.
  if (++train_phases_ > 40) {
    for (Leader& l : leaders_)
      if (l.state == 2) l.state = 3;
    mosby_removed();
    return end_turn_now();
  }
  push(W_MOVE);
}

bool MosbyState::wagon_escort_act(int u) {
  if (wagon_state_ != 1 || std::find(escorts_.begin(), escorts_.end(), u) == escorts_.end()) return false;
  // An escort never pursues Mosby: it keeps with the train (moved with it) or goes back to it.
  if (units_[u].loc != wagon_at_) push(W_STEP, u, 0, 3);
  return true;
}

void MosbyState::wagon_phase_checks() {
  if (wagon_state_ == 1 && mosby_ >= 0 && mosby_ == wagon_at_ && escorts_hidden_ > 0)
    push(W_ESCORT_CHECKS, escorts_hidden_, 0);
}

// "If Mosby decides to attack the escort units, he must attack both units, whether both are
// activated or not": the hidden ones are drawn first.
bool MosbyState::wagon_attack_draws() {
  if (wagon_state_ != 1 || mosby_ != wagon_at_ || escorts_hidden_ <= 0) return false;
  push(OP_ATTACK_HERE);
  for (int i = 0; i < escorts_hidden_; ++i) push(W_DRAW, 3, wagon_at_);
  return true;
}

static std::vector<int> toward(const MosbyState& s, const std::vector<int>& d, int here,
                               const std::vector<std::vector<MosbyGame::Link>>& adj) {
  std::vector<int> r;
  for (const auto& l : adj[here])
    if (d[l.to] == d[here] - 1) r.push_back(l.to);
  std::sort(r.begin(), r.end());
  r.erase(std::unique(r.begin(), r.end()), r.end());
  (void)s;
  return r;
}

// ---------------------------------------------------------------- the Wagon Train tasks

bool MosbyState::run_wagon_move(const Task& t) {
  if (wagon_state_ != 1) return true;
  if (wagon_arrived_) {                // it leaves the map the Phase after it arrives; its escorts go with it
    std::vector<int> with = escorts_;  // to_pool() edits the list
    for (int u : with)
      if (units_[u].loc == wagon_at_ && units_[u].active) to_pool(u);
    escorts_.clear();
    escorts_hidden_ = 0;
    wagon_state_ = 3;
    last_ = {wagon_at_};
    wagon_at_ = -1;
    narrate(N("The Wagon Train leaves the map at %s"), node_arg(g_->wagon_end));
    return true;
  }
  if (wagon_at_ == mosby_) return true;  // it stops while Mosby is in its space
  push(W_STEP, -1, 0, 1);
  return true;
}

bool MosbyState::ready_wagon_step(const Task& t) {
  int from = t.a < 0 ? wagon_at_ : units_[t.a].loc;
  candidates_.clear();
  if (from < 0 || wagon_state_ != 1 || (t.a >= 0 && (!units_[t.a].active || from == wagon_at_ || t.c <= 0))) {
    stack_.pop_back();
    return true;
  }
  candidates_ = toward(*this, dist_from({t.a < 0 ? g_->wagon_end : int(wagon_at_)}), from, g_->adj);
  return choose_path();
}

void MosbyState::input_wagon_step(const Task& t, Action a) {
  int to = a - kPath;
  bool choice = candidates_.size() > 1;
  candidates_.clear();
  if (t.a < 0) {
    int from = wagon_at_;
    wagon_at_ = int16_t(to);
    for (int u : escorts_)
      if (units_[u].loc == from && units_[u].active) units_[u].from = int16_t(from), units_[u].loc = int16_t(to);
    last_ = {from, to};
    dice_ = {};
    narrate(choice ? N("The Wagon Train moves (a die roll between equal routes) from %s to %s")
                   : N("The Wagon Train moves from %s to %s"),
            node_arg(from), node_arg(to));
    if (to == g_->wagon_end) wagon_arrived_ = true;
    // 7.8: "These checks must be made when Mosby's guerrilla band and the Wagon Train first meet in
    // a space". Rolling into his space in the Union's Action, the train would otherwise face his
    // next Action, in the same Phase, unchecked.
    if (g_->revised && to == mosby_) wagon_phase_checks();
    return;
  }
  int u = t.a, from = units_[u].loc;
  units_[u].from = int16_t(from);
  units_[u].loc = int16_t(to);
  last_ = {from, to};
  if (to != wagon_at_ && to != mosby_ && t.c > 1) push(W_STEP, u, 0, t.c - 1);
  return;
}

bool MosbyState::ready_escort_checks(const Task& t) {
  if (t.a <= 0 || escorts_hidden_ <= 0 || wagon_at_ < 0) {
    stack_.pop_back();
    return true;
  }
  // 7.8 step 1: "An Action card (such as Local Guide) can be played to negate these checks"; asked
  // once (c = 1) for the checks of a meeting or a Phase, not for those after a demolition (b = 1).
  if (g_->revised && t.b == 0 && t.c == 0 && holds(MosbyGame::C_GUIDE)) {
    stack_.back().c = 1;
    push(W_GUIDE_Q);
    return true;
  }
  return false;
}

void MosbyState::input_escort_checks(const Task& t, Action a) {
  int d = a - kDie;
  bool act = d <= awareness_;
  dice_ = {d};
  narrate(act ? N("Activation check for a Wagon Train escort (activates on %d or less): die %d, activated")
              : N("Activation check for a Wagon Train escort (activates on %d or less): die %d, stays put"),
          awareness_, d);
  push(W_ESCORT_CHECKS, t.a - 1, t.b, t.c);
  if (act)
    push(W_DRAW, 1, wagon_at_);
  else if (t.b)
    push(W_DRAW, 2, wagon_at_);
  return;
}

void MosbyState::input_guide_q(const Task& t, Action a) {
  if (a == kGoOn) return;  // the checks below are rolled
  discard(a - kPlay);
  stack_.pop_back();  // the escort checks
  narrate(N("Local Guide: the escort checks are negated"));
}

bool MosbyState::ready_escort_draw(const Task& t) {
  bool any = false;
  for (const Unit& u : units_) any |= u.loc == kPool && combat(int(&u - units_.data()));
  if (!any || escorts_hidden_ <= 0) {  // no combat unit left to draw: that escort never comes
    if (escorts_hidden_ > 0) --escorts_hidden_;
    stack_.pop_back();
    return true;
  }
  return false;
}

void MosbyState::input_escort_draw(const Task& t, Action a) {
  int kind = a - kDraw, u = pool_unit(kind);
  --escorts_hidden_;
  units_[u].loc = int16_t(t.b);
  units_[u].from = -1;
  dice_ = {};
  if (t.a == 2) {  // the train is gone: the escort is placed face down, a free unit (7.8)
    narrate(N("A freed escort is placed face down at %s"), node_arg(t.b));
    return;
  }
  units_[u].active = units_[u].seen = true;
  if (wagon_state_ == 1) escorts_.push_back(u);
  narrate(N("Wagon Train escort drawn: %s"), kind_arg(kind));
  return;
}

std::string MosbyState::wagon_step(int op) const {
  switch (op) {
    case W_STEP:
      return T("A die roll chooses between equal routes");
    case W_ESCORT_CHECKS:
      return strf(T("Activation check for a Wagon Train escort (%d or less activates)"), awareness_);
    case W_DRAW:
      return T("Draw a Union combat unit from the pool for the Wagon Train escort");
    case W_DEMOLISH_ROLL:
      return T("Roll on the Demolition Table (8.6)");
    case W_RAIL:
      return T("Railroad repair roll (8.4: 1-3 repaired)");
    case W_DEPOT:
      return T("Roll on the Depot Demolition Table (8.9)");
    case W_INTERROGATE:
      return T("Roll on the Interrogation Table (8.7)");
    case W_CANNON_SEARCH:
      return T("A Union unit searches the Cannon's hiding place (8.3: 1-2 found)");
    case W_HIDE_SEARCH:
      return T("The Union searches the space where Mosby hides (8.3)");
    case W_INTERROGATE_Q:
      return T("Interrogate the captured unit (8.7) or let it go");
    case W_GUIDE_Q:
      return T("Mosby meets the Wagon Train: play Local Guide to negate the escort checks, or roll them (7.8)");
  }
  return "";
}

void MosbyState::wagon_decisions(std::vector<Action>& r) const {
  if (over_ || stack_.empty()) return;
  if (stack_.back().op == W_INTERROGATE_Q) {
    r = {kInterrogate, kRelease};
    return;
  }
  if (stack_.back().op == W_GUIDE_Q) {
    r = {kPlay + g_->card_of[MosbyGame::C_GUIDE], kGoOn};
    return;
  }
  auto has = [&](Action a) { return std::find(r.begin(), r.end(), a) != r.end(); };
  CardWindow w = window();
  bool acting = (w == W_OPERATIONS || w == W_PHASE) && !has(kStop) && mosby_ >= 0;
  if (acting && wagon_state_ == 1 && mosby_ == wagon_at_) {
    bool guarded = active_combat_at(mosby_);
    if (!guarded) r.push_back(kDemolishWagon);  // 7.8 step 2
    if (escorts_hidden_ > 0 && !has(kAttack)) r.push_back(kAttack);
  }
  // 8.3: the Cannon may be hidden on a free space of Mosby's Confederacy where the band stands.
  if (opt_[3] && w == W_OPERATIONS && acting && g_->confed[mosby_] && !spaces_[mosby_].devastated && cannon_at_ < 0 &&
      holds(MosbyGame::C_CANNON))
    r.push_back(kHideCannon + mosby_);
  // 8.5: no voluntary disbanding north of the Potomac, before combat or otherwise.
  if (opt_[5] && mosby_ >= 0 && g_->north[mosby_]) {
    r.erase(std::remove(r.begin(), r.end(), kDisband), r.end());
    if (has(kSkedaddle) && has(kStand)) r.erase(std::remove(r.begin(), r.end(), kSkedaddle), r.end());
  }
}

bool MosbyState::wagon_end_turn() {
  for (Leader& l : leaders_)
    if (l.state == 2) l.state = 3;  // still behind the lines when the turn ends: he escapes
  if (wagon_state_ == 1 || wagon_state_ == 2) {
    // Reconstructed: the train's run lasts one turn. A destroyed train is removed at the end
    // of the turn (6.4); one still rolling is out of reach once the band has scattered.
    wagon_state_ = 3;
    wagon_at_ = -1;
  }
  escorts_.clear();
  escorts_hidden_ = 0;
  train_phases_ = 0;
  loot_ = 0;
  loot_at_ = -1;
  return optional_end_turn();
}

GAMUT_COLD void MosbyState::wagon_view(Json& v) const {
  if (wagon_at_ >= 0) {
    Json p = {{"node", g_->name(wagon_at_)},
              {"seat", -1},
              {"face", wagon_state_ == 2 ? "wagon-train-destroyed" : "wagon-train"}};
    v["pieces"].push_back(p);
    std::string st = wagon_state_ == 2
                         ? strf(T("Wagon Train at %s (destroyed)"), g_->name(wagon_at_).c_str())
                         : strf(T("Wagon Train at %s bound for %s, escorts not yet seen: %d"),
                                g_->name(wagon_at_).c_str(), g_->name(g_->wagon_end).c_str(), escorts_hidden_);
    v["status"].push_back(st);
  }
  if (cannon_at_ >= 0) v["status"].push_back(strf(T("The Cannon is hidden at %s"), g_->name(cannon_at_).c_str()));
  if (loot_) v["status"].push_back(strf(T("Depot contents to carry off from %s"), g_->name(loot_at_).c_str()));
  if (!scenario_.empty()) {
    // The tutorial shows the step the player is on: its text and the moves it asks for.
    v["scenario"] = scenario_;
    v["scenario_step"] = step_pos_;
    const Json& steps = g_->data()["scenarios"][scenario_]["steps"];
    int done = 0;
    for (size_t k = 0; k < steps.size(); ++k) {
      int n = int(steps[k]["do"].size());
      if (step_pos_ < done + n && !script_off_) {
        Json todo = Json::array();
        for (int i = step_pos_ - done; i < n; ++i) todo.push_back(steps[k]["do"][i]);
        v["tutorial"] = {{"step", int(k) + 1}, {"of", int(steps.size())}, {"text", steps[k]["text"]}, {"do", todo}};
        break;
      }
      done += n;
    }
    if (!v.contains("tutorial"))
      v["tutorial"] = {{"step", 0},
                       {"of", int(steps.size())},
                       {"text", script_off_ ? N("You left the example's line of play: the game goes on by the rules.")
                                            : N("The example is over: the game goes on by the rules.")},
                       {"do", Json::array()}};
  }
}

}  // namespace gamut::mosby
