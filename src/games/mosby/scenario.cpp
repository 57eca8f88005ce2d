// The rulebook's Examples of Play as scripted scenarios, and the hooks that set a situation up.
// The option "scenario" sets up an example's situation from the data's "scenarios"; while its "script"
// lasts, each chance node has exactly one outcome (the text's die or draw), so the example
// replays purely and reproducibly. The player's own moves are listed in "steps" with the text
// a tutorial shows; a move off the script, or an outcome the script does not name, ends it.
#include <algorithm>
#include <string>

#include "core/cold.h"
#include "mosby.h"
#include "procedure.h"

namespace gamut::mosby {

namespace {
const Json& scenario_data(const MosbyGame* g, const std::string& id) {
  const Json& all = g->data()["scenarios"];
  if (!all.is_object() || !all.contains(id)) throw DataError("mosby: no scenario '" + id + "' in the rules data");
  return all[id];
}
}  // namespace

bool MosbyState::scripted() const {
  if (scenario_.empty() || script_off_ || over_ || stack_.empty() || to_move() != kChance) return false;
  return script_pos_ < int(scenario_data(g_, scenario_)["script"].size());
}

void MosbyState::script_filter(std::vector<Action>& r) const {
  if (!scripted()) return;
  const std::string want = scenario_data(g_, scenario_)["script"][script_pos_];
  for (Action a : r)
    if (action_name(a) == want) {
      r = {a};
      return;
    }
}

void MosbyState::script_advance(Action a) {
  if (scenario_.empty() || script_off_) return;
  const Json& sc = scenario_data(g_, scenario_);
  if (to_move() == kChance) {
    if (script_pos_ >= int(sc["script"].size())) return;
    if (action_name(a) == sc["script"][script_pos_].get<std::string>())
      ++script_pos_;
    else
      script_off_ = true;
    return;
  }
  // The player's moves: every step lists the moves of one decision ("do").
  std::vector<std::string> moves;
  for (const Json& st : sc["steps"])
    for (const Json& m : st["do"]) moves.push_back(m);
  if (step_pos_ >= int(moves.size())) return;
  if (action_name(a) == moves[step_pos_])
    ++step_pos_;
  else
    script_off_ = true;
}

GAMUT_COLD void MosbyState::setup_scenario(const std::string& id) {
  const Json& sc = scenario_data(g_, id);
  const Json& s = sc["setup"];
  int turn = s.value("turn", 1), noto = s.value("notoriety", 1);
  // A1 for the turn reached: the reinforcements due by this Notoriety are in the pool.
  for (size_t u = 0; u < units_.size(); ++u)
    if (units_[u].loc == kReinf && g_->unit_reinf_[u] <= noto) units_[u].loc = kPool;
  setup_for_test(turn, noto, s.value("pp", 0), s.value("strength", 1), g_->node(s["mosby"]));
  if (s.contains("awareness")) awareness_ = s["awareness"];
  for (const Json& l : s.value("leaders", Json::array())) place_leader(l == "Stoughton" ? 0 : 1);
  if (s.contains("status"))
    for (auto it = s["status"].begin(); it != s["status"].end(); ++it) spaces_[g_->node(it.key())].status = it.value();
  for (const Json& x : s.value("units", Json::array())) {
    UnitType ty = x["kind"] == "combat"    ? COMBAT
                  : x["kind"] == "picket"  ? PICKET
                  : x["kind"] == "courier" ? COURIER
                  : x["kind"] == "wagon"   ? WAGON
                                           : BLANK;
    int str = x.value("strength", 0), n = g_->node(x["at"]);
    for (size_t u = 0; u < units_.size(); ++u) {
      const Kind& k = g_->kinds[units_[u].kind];
      if (units_[u].loc != kPool || k.type != ty || (ty == COMBAT && k.strength != str)) continue;
      units_[u].loc = int16_t(n);
      units_[u].active = x.value("active", false);
      units_[u].seen = units_[u].active || x.value("seen", false);
      if (in_lines(n) && !spaces_[n].tc) spaces_[n].status = 1;  // its space was revealed when it was placed
      break;
    }
  }
  for (const Json& c : s.value("cards", Json::array())) give_card(c.get<std::string>());
  if (s.contains("wagon_train")) {
    start_wagon_train();
    wagon_at_ = int16_t(g_->node(s["wagon_train"]));
  }
  advance();
}

// ---------------------------------------------------------------- hooks for Event cards, scenarios and tests

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

}  // namespace gamut::mosby
