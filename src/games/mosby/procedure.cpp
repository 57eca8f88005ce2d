// The sequence of play (A Preparation, B Operations, C Phases, D end of turn): the task
// table's driver, the turn's steps and the Performance Points.
#include "procedure.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include "core/text.h"
#include "mosby.h"

namespace gamut::mosby {

MosbyState::MosbyState(const MosbyGame* g, const Json& json) : State(g), g_(g) {
  const MosbyOptions& o = g->options(json);
  victory_ = o.victory;
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

// ---------------------------------------------------------------- the task table and its driver

const MosbyState::TaskInfo& MosbyState::task(int op) {
  // Built at compile time (constexpr): a static built at run time would be checked for its
  // initialisation at every call, and the procedure asks for the top task's entry several times a move.
  static constexpr std::array<TaskInfo, kTaskCodes> table = [] {
    std::array<TaskInfo, kTaskCodes> t{};
#define MOSBY_TASK_ENTRY(task, code, needs, window, run, input) \
  t[task] = {Needs::needs, window, &MosbyState::run, &MosbyState::input};
    MOSBY_TASKS(MOSBY_TASK_ENTRY)
#undef MOSBY_TASK_ENTRY
    return t;
  }();
  if (op < 0 || op >= kTaskCodes || !table[size_t(op)].run)
    throw std::logic_error("mosby: unknown task " + std::to_string(op));
  return table[size_t(op)];
}

Needs MosbyState::needs() const { return task(stack_.back().op).needs; }

bool MosbyState::wait_input(const Task&) { return false; }

void MosbyState::no_input(const Task& t, Action) {
  throw std::logic_error("mosby: input for task " + std::to_string(t.op));
}

bool MosbyState::pop_task() {
  stack_.pop_back();
  return true;
}

void MosbyState::show_roll(int d) {
  dice_ = {d};
  narrate_more(N("%s: die %d"), Narration::Arg{Narration::SO_FAR}, d);
}

void MosbyState::add_part(const char* fmt, bool tr, std::initializer_list<Narration::Arg> args) {
  Narration& r = roll_;
  if (r.nparts == Narration::kParts || r.nargs + int(args.size()) > Narration::kArgs) {
    r.flat = roll_text();  // full: the parts so far are written out now
    r.nparts = r.nargs = 0;
  }
  r.parts[size_t(r.nparts++)] = {fmt, tr, r.nargs, int8_t(args.size())};
  for (const Narration::Arg& a : args) r.args[size_t(r.nargs++)] = a;
}

std::string MosbyState::roll_text() const {
  std::string out = roll_.flat;
  for (int p = 0; p < roll_.nparts; ++p) write_part(out, roll_.parts[size_t(p)]);
  return out;
}

// One part of the narration, as strf would have written it: the formats use only %s, %d and %+d
// (in English and in the tables), each with the next argument in order.
void MosbyState::write_part(std::string& out, const Narration::Part& p) const {
  std::string piece;
  bool replaces = false;
  int next = p.first;
  for (const char* c = p.tr ? T(p.fmt) : p.fmt; *c; ++c) {
    if (*c != '%') {
      piece += *c;
      continue;
    }
    if (c[1] == '%') {
      piece += *++c;
      continue;
    }
    bool plus = c[1] == '+';
    if (plus) ++c;
    if (c[1] == 'd' || c[1] == 's') ++c;  // anything else: the argument takes the place of the '%'
    if (next >= p.first + p.count) continue;
    const Narration::Arg& a = roll_.args[size_t(next++)];
    switch (a.kind) {
      case Narration::INT:
        if (plus && a.v >= 0) piece += '+';
        piece += std::to_string(a.v);
        break;
      case Narration::NODE:
        piece += g_->name(a.v);
        break;
      case Narration::CARD:
        piece += g_->card_label(a.v);
        break;
      case Narration::UNIT_KIND:
        piece += g_->kind_label(a.v);
        break;
      case Narration::TEXT:
        piece += T(a.s);
        break;
      case Narration::RAW:
        piece += a.s;
        break;
      case Narration::RATIO:
        piece += a.v >= 0 ? std::to_string(a.v + 1) + ":1" : "1:" + std::to_string(1 - a.v);
        break;
      case Narration::SO_FAR:
        piece += out;
        replaces = true;
        break;
    }
  }
  if (replaces)
    out = std::move(piece);
  else
    out += piece;
}

void MosbyState::advance() {
  while (!over_ && !stack_.empty() && run_top()) {
  }
  if (!over_ && stack_.empty()) throw std::logic_error("mosby: the procedure stack ran dry");
}

int MosbyState::to_move() const {
  if (over_) return kTerminal;
  Needs n = needs();
  return n == Needs::CHOICE || n == Needs::CARD_CHOICE ? 0 : kChance;
}

// The top task runs until it needs a die, a draw or the player's decision; a
// task that needs nothing is popped first and runs once.
bool MosbyState::run_top() {
  Task t = stack_.back();
  const TaskInfo& k = task(t.op);
  if (k.needs == Needs::NOTHING) stack_.pop_back();
  return (this->*k.run)(t);
}

// The top task takes its input: a die, a draw, a path, a unit or a decision.
void MosbyState::input(Action a) {
  Task t = stack_.back();
  stack_.pop_back();
  (this->*task(t.op).input)(t, a);
}

std::vector<Action> MosbyState::legal() const {
  std::vector<Action> r;
  legal_into(r);
  return r;
}

// Into the caller's buffer: playouts and the search keep theirs, so listing the moves
// allocates nothing once the buffer has grown (dlmalloc in WebAssembly is dear).
void MosbyState::legal_into(std::vector<Action>& r) const {
  r.clear();
  if (over_) return;
  Needs n = needs();
  if (n == Needs::CARD_CHANCE || n == Needs::CARD_CHOICE) return card_legal(r);
  if (n == Needs::CHOICE) return decisions(r);
  switch (n) {
    case Needs::DRAW:
    case Needs::ESCORT_DRAW: {
      bool k[128] = {};                            // by kind (at most 100, data.cpp)
      bool combat_only = n == Needs::ESCORT_DRAW;  // 7.8: escorts are combat units
      for (const Unit& u : units_)
        if (u.loc == kPool && (!combat_only || g_->kinds[u.kind].type == COMBAT)) k[u.kind] = true;
      for (int x = 0; x < 128; ++x)
        if (k[x]) r.push_back(kDraw + x);
      break;
    }
    case Needs::PATH:
      for (int c : candidates_) r.push_back(kPath + c);
      break;
    case Needs::PICK:
      for (int c : candidates_) r.push_back(kPick + c);
      break;
    default:
      for (int v = 1; v <= 6; ++v) r.push_back(kDie + v);
      break;
  }
  if (!std::is_sorted(r.begin(), r.end())) std::sort(r.begin(), r.end());  // the dice and draws come in order
  script_filter(r);
}

std::vector<double> MosbyState::chance_probs() const {
  std::vector<double> p;
  probs_for(legal(), p);
  return p;
}

void MosbyState::chance_into(std::vector<Action>& outcomes, std::vector<double>& probs) const {
  legal_into(outcomes);
  probs_for(outcomes, probs);
}

void MosbyState::probs_for(const std::vector<Action>& l, std::vector<double>& p) const {
  Needs n = needs();
  if (n == Needs::CARD_CHANCE || n == Needs::CARD_CHOICE) return card_probs(l, p);
  p.assign(l.size(), 1.0 / double(l.size()));
  if (n == Needs::DRAW || n == Needs::ESCORT_DRAW) {
    int cnt[128] = {};  // by kind (at most 100, data.cpp)
    int total = 0;
    for (const Unit& u : units_)
      if (u.loc == kPool) cnt[u.kind]++;
    for (Action a : l) total += cnt[a - kDraw];  // only the kinds this draw allows
    for (size_t i = 0; i < l.size(); ++i) p[i] = double(cnt[l[i] - kDraw]) / total;
  }
}

void MosbyState::apply(Action a) {
  script_advance(a);
  if (to_move() == 0) ++plies_;
  input(a);
  advance();
}

// ---------------------------------------------------------------- the turn

bool MosbyState::run_turn(const Task& t) {
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

bool MosbyState::ready_place(const Task& t) {
  thread_local std::vector<Action> places;  // kept between calls: every playout's turns ask
  places.clear();
  add_placements(places, kPlace);
  if (places.empty()) {
    end_turn_now();
    return true;
  }
  return false;
}

void MosbyState::input_place(const Task& t, Action a) {
  mosby_ = a - kPlace;
  last_ = {mosby_};
  return;
}

bool MosbyState::run_prep_moves(const Task& t) {
  std::vector<int> out;
  for (size_t u = 0; u < units_.size(); ++u)
    if (units_[u].loc >= 0 && !in_lines(units_[u].loc)) out.push_back(int(u));
  for (auto it = out.rbegin(); it != out.rend(); ++it) push(OP_RANDSTEP, *it, RS_PREP, 1);
  return true;
}

void MosbyState::input_recruit(const Task& t, Action a) {
  int d = a - kDie;
  strength_ = g_->recruit_tab[std::min(notoriety_, 10) - 1][d - 1];
  narrate(N("Recruitment (Notoriety %d column) -> strength %d"), notoriety_, strength_);
  show_roll(d);
  if (strength_ == 0) {
    mosby_removed();
    end_turn_now();
  }
  return;
}

bool MosbyState::run_cards(const Task& t) {
  const auto& row = wounded() ? g_->cards_wounded : g_->cards_healthy;
  cards_due_ = row[std::min(notoriety_, 10) - 1];
  draw_action_cards();
  // cards_due_ Action cards are drawn and the hand trimmed to the limit (5.1).
  return true;
}

bool MosbyState::run_events(const Task& t) {
  start_events();  // A7, 5.2
  return true;
}

void MosbyState::input_initiative(const Task& t, Action a) {
  int d = a - kDie;
  int bonus = card_initiative_bonus();
  int who = d + bonus >= g_->init_needed ? 1 : 2;
  narrate(bonus ? N("Initiative: %s (+1, Initiative Bonus card)") : N("Initiative: %s"),
          who == 1 ? raw_arg("Mosby") : Narration::arg(N("Union")));
  show_roll(d);
  return start_phases(who);
}

void MosbyState::start_phases(int who) {
  initiative_ = who;
  init_asked_ = false;
  phases_ = true;
  push(OP_PHASE);
  if (initiative_ == 1 && mosby_ >= 0)  // 7.7: Mosby removes non-combat units in his space
    for (int u : units_at(mosby_))
      if (units_[u].active && !combat(u)) eliminate_noncombat(u);
  // 7.7: "if the Union wins the Initiative, the non-combat unit is returned to the pool and the
  // combat unit attacks Mosby".
  if (initiative_ == 2 && mosby_ >= 0 && g_->revised) {
    UnitList here = units_at(mosby_);
    if (std::any_of(here.begin(), here.end(), [&](int u) { return units_[u].active && combat(u); }))
      for (int u : here)
        if (units_[u].active && !combat(u)) to_pool(u);
  }
  card_phases_started();
}

bool MosbyState::run_phase(const Task& t) {
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

bool MosbyState::run_end_turn(const Task& t) {
  if (t.a == 0 && wagon_end_turn()) return true;
  end_of_turn();
  return true;
}

void MosbyState::end_of_turn() {
  cards_end_of_turn();  // Lee Needs Information counts; non-permanent Action cards go (D2)
  notoriety_by_turn_.push_back(notoriety_);
  if (notoriety_ < turn_) return finish(false, strf(T("Notoriety %d is below turn %d"), notoriety_, turn_));
  if (turn_ >= 8) {
    if (notoriety_ >= victory_) return finish(true, strf(T("Notoriety %d after turn 8"), notoriety_) + victory_level());
    return finish(false, strf(T("Notoriety %d after turn 8 (needs %d)"), notoriety_, victory_));
  }
  std::array<bool, kNodeSpan> occupied{};  // by a combat unit: one pass over the units, not one per space
  for (size_t u = 0; u < units_.size(); ++u)
    if (units_[u].loc >= 0 && combat(int(u))) occupied[size_t(units_[u].loc)] = true;
  bool free = false;
  for (size_t n = 0; n < spaces_.size() && !free; ++n)
    free = g_->confed[n] && !spaces_[n].devastated && !in_lines(int(n)) && !occupied[n];
  if (!free) return finish(false, N("all of Mosby's Confederacy is devastated, occupied or behind Union lines"));
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

}  // namespace gamut::mosby
