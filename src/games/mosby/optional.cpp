// The optional rules 8.1-8.9, each an option of rules data v2 (default off); the tables for
// 8.6, 8.7 and 8.9 are reconstructed in the data's "optional_tables".
#include <algorithm>
#include <string>

#include "core/text.h"
#include "mosby.h"
#include "procedure.h"

namespace gamut::mosby {

namespace {
const char* kOptionIds[10] = {
    nullptr,
    nullptr,  // 8.1 is "victory_notoriety"
    "extra_events",  "card_changes",     "railroad_repair", "north_of_potomac", "demolition_failures",
    "interrogation", "unrevealed_entry", "depot_contents"};
}

const MosbyOptions& MosbyGame::options(const Json& o) const {
  if (options_read_ && o == options_json_) return options_;
  Options r;
  r.victory = o.value("victory_notoriety", 9);
  for (int k = 2; k <= 9; ++k) r.opt[k] = o.is_object() && o.value(kOptionIds[k], false);
  r.opt[1] = r.victory > 9;
  std::string sc = o.is_object() ? o.value("scenario", std::string("none")) : std::string("none");
  r.scenario = sc == "none" ? "" : sc;
  options_json_ = o;
  options_ = std::move(r);
  options_read_ = true;
  return options_;
}

void MosbyState::wagon_init(const MosbyOptions& o) {
  opt_ = o.opt;
  if (opt_[2]) extra_events_ = 2;  // 8.2: CARDS adds it to the Event card die
  if (opt_[5])                     // 8.5: "remove the Lee Needs Information Event card before starting the game"
    for (size_t k = 0; k < g_->cards.size(); ++k)
      if (g_->cards[k].event && g_->cards[k].name == "Lee Needs Information") {
        open_decks();
        out_[k] = int8_t(g_->cards[k].count);  // out of the deck (a reshuffle of an empty deck brings it back)
        recount_decks();
      }
  unknown_.assign(spaces_.size(), 0);
  scenario_ = o.scenario;
}

// 8.1: the victory levels above the basic 9.
std::string MosbyState::victory_level() const {
  if (victory_ <= 9) return "";
  static const char* names[] = {"Marginal", "Tactical", "Substantial", "Decisive", "Overwhelming"};
  return std::string(" - ") + names[std::min(notoriety_, 14) - 10] + " Victory";
}

static const Json& opt_table(const MosbyGame* g, const char* key) { return g->data()["optional_tables"][key]; }
// A table row's text, to translate when shown: it points into the game's data, which outlives the state.
static Narration::Arg table_text(const Json& row) {
  auto t = row.find("text");
  return Narration::arg(t != row.end() && t->is_string() ? t->get_ref<const std::string&>().c_str() : "");
}

// Applies one reconstructed table result: {"pp": n, "awareness": n, "strength": n}.
static void apply_result(MosbyState& s, const Json& r, int& pp, int& aw, int& st) {
  pp = r.value("pp", 0), aw = r.value("awareness", 0), st = r.value("strength", 0);
  (void)s;
}

// ---------------------------------------------------------------- demolition (6.4, 7.8, 8.6, 8.9)

bool MosbyState::wagon_demolish(Action a) {
  if (!opt_[6]) return false;
  push(W_DEMOLISH_ROLL, int(a));
  return true;
}

void MosbyState::demolish_effect(Action what, bool success) {
  if (what == kDemolishWagon) {
    if (success) {
      wagon_state_ = 2;
      escorts_.clear();  // its escorts are free to pursue Mosby (7.8)
      gain_pp(g_->pp("wagon_train"), N("Union Wagon Train destroyed"));
    }
    set_awareness(awareness_ + g_->perf["awareness"].value("wagon_train", 2));
    around_checks(mosby_, false);
    if (escorts_hidden_ > 0) push(W_ESCORT_CHECKS, escorts_hidden_, success ? 1 : 0);
    return;
  }
  Space& s = spaces_[mosby_];
  if (success) {
    if (what == kDemolishBridge) s.bridge = 2, gain_pp(g_->pp("bridge"), N("bridge demolished"));
    if (what == kDemolishDepot) s.depot_destroyed = true, gain_pp(g_->depot_values[s.depot], N("depot destroyed"));
    if (what == kDemolishRail) s.rail_destroyed = true, gain_pp(g_->pp("railroad"), N("railroad demolished"));
  }
  set_awareness(awareness_ + g_->perf["awareness"].value("demolish", 1));
  around_checks(mosby_, true);
  if (success && what == kDemolishDepot && opt_[9]) push(W_DEPOT);
}

// ---------------------------------------------------------------- hooks

void MosbyState::wagon_on_enter(int n) {
  if (n == cannon_at_) {  // 8.3: the Cannon is taken back
    hand_.push_back(g_->card_of[MosbyGame::C_CANNON]);
    cannon_at_ = -1;
  }
  if (loot_ && loot_at_ >= 0 && n != loot_at_) {  // 8.9: carried off on leaving the depot's space
    const Json& r = opt_table(g_, "depot_contents")["results"][loot_ - 1];
    int pp = 0, aw = 0, st = 0;
    apply_result(*this, r, pp, aw, st);
    if (pp > 0) gain_pp(pp, N("depot contents carried off"));
    if (aw) set_awareness(awareness_ + aw);
    strength_ += st;
    loot_ = 0;
    loot_at_ = -1;
  }
}

void MosbyState::wagon_on_reveal(int n) {
  // 8.5: from turn 5 every space north of the Potomac revealed pays 1 PP, 2 next to a Troop Concentration.
  if (!opt_[5] || turn_ < 5 || !g_->north[n]) return;
  bool tc = false;
  for (const auto& l : g_->adj[n]) tc |= spaces_[l.to].tc;
  gain_pp(tc ? 2 : 1, N("space north of the Potomac revealed"));
}

void MosbyState::wagon_on_noncombat(int u) {
  // 8.7: only in Mosby's Operations, never in the Phases or the Preparation.
  if (!opt_[7] || phases_ || mosby_ < 0 || preparing()) return;
  UnitType ty = g_->kinds[units_[u].kind].type;
  if (ty == BLANK || ty == COMBAT) return;
  push(W_INTERROGATE_Q, int(ty));
}

// 8.3, Hiding the Cannon: the card is set aside in a space of Mosby's Confederacy and taken
// back by entering it. Reconstructed reading: it is hidden where the band stands, in Operations.
void MosbyState::hide_cannon(int n) {
  int type = g_->card_of[MosbyGame::C_CANNON];
  auto it = std::find(hand_.begin(), hand_.end(), type);
  if (it == hand_.end()) return;
  hand_.erase(it);
  cannon_at_ = n;
  narrate(N("The Cannon is hidden at %s"), node_arg(n));
}

void MosbyState::union_entered(int n) {
  if (opt_[3] && n == cannon_at_) push(W_CANNON_SEARCH);
}

bool MosbyState::hide_search_roll() {
  if (!opt_[3]) return false;
  push(W_HIDE_SEARCH);
  return true;
}

bool MosbyState::optional_end_turn() {
  if (!opt_[4]) return false;
  std::vector<int> rails;
  for (size_t n = 0; n < spaces_.size(); ++n)
    if (spaces_[n].rail_destroyed) rails.push_back(int(n));
  if (rails.empty()) return false;
  push(OP_END_TURN, 1);
  for (auto it = rails.rbegin(); it != rails.rend(); ++it) push(W_RAIL, *it);
  return true;
}

// ---------------------------------------------------------------- the optional-rule tasks

void MosbyState::input_demolition(const Task& t, Action a) {
  int d = a - kDie;
  static const char* key[] = {"bridge", "depot", "railroad", "wagon_train"};
  int idx = t.a == kDemolishBridge ? 0 : t.a == kDemolishDepot ? 1 : t.a == kDemolishRail ? 2 : 3;
  int need = opt_table(g_, "demolition")["succeeds_on"].value(key[idx], 2);
  bool ok = d >= need;
  static const char* what[] = {N("bridge"), N("depot"), N("railroad"), N("wagon train")};  // key[], in words
  narrate(ok ? N("Demolition Table (%s, %d+ succeeds): destroyed") : N("Demolition Table (%s, %d+ succeeds): failure"),
          what[idx], need);
  show_roll(d);
  return demolish_effect(t.a, ok);
}

void MosbyState::input_rail_repair(const Task& t, Action a) {
  int d = a - kDie;
  bool fixed = d <= 3;
  narrate(fixed ? N("Railroad repair at %s: repaired") : N("Railroad repair at %s: still destroyed"), node_arg(t.a));
  show_roll(d);
  if (fixed) {
    spaces_[t.a].rail_destroyed = false;
    // A revealed marker flips to its ● side: the space is garrisoned again.
    if (spaces_[t.a].status == 1) spaces_[t.a].status = 2, unknown_[t.a] = 1;
  }
  return;
}

void MosbyState::input_depot_contents(const Task& t, Action a) {
  int d = a - kDie;
  const Json& r = opt_table(g_, "depot_contents")["results"][d - 1];
  narrate(N("Depot Demolition Table: %s"), table_text(r));
  show_roll(d);
  if (r.contains("pp") || r.contains("awareness") || r.contains("strength")) {  // carried off on leaving
    loot_ = d;
    loot_at_ = mosby_;
  }
  return;
}

void MosbyState::input_interrogate_q(const Task& t, Action a) {
  if (a == kInterrogate) push(W_INTERROGATE, t.a);
  return;
}

void MosbyState::input_interrogation(const Task& t, Action a) {
  int d = a - kDie;
  const Json& r = opt_table(g_, "interrogation")["results"][d - 1];
  narrate(N("Interrogation Table: %s"), table_text(r));
  show_roll(d);
  int pp = 0, aw = 0, st = 0;
  apply_result(*this, r, pp, aw, st);
  if (pp > 0) gain_pp(pp, N("interrogation"));
  if (pp < 0) lose_pp(-pp, N("interrogation"));
  if (aw) set_awareness(awareness_ + aw);
  return;
}

void MosbyState::input_hide_search(const Task& t, Action a) {
  int d = a - kDie;
  // Found on 1-2 inside the Union lines, on 1 outside: the Hide card has no effect and the
  // units in his space attack at once; otherwise it works as usual.
  bool found = mosby_ >= 0 && d <= (in_lines(mosby_) ? 2 : 1);
  narrate(found ? N("The Union finds the hidden Mosby (8.3)") : N("The search fails: Mosby stays hidden (8.3)"));
  show_roll(d);
  if (t.a == 2) {  // a non-combat unit entered: found, it is eliminated; else it stays and the Hide holds
    if (found) hidden_ = false;
    if (found && units_[t.b].loc == mosby_) eliminate_noncombat(t.b);
    return;
  }
  if (!found) return scatter_active();
  hidden_ = false;
  if (t.a == 1) {  // Hide played at combat step 3D: the combat it was to stop goes on
    push(OP_COMBAT_ROLL);
    return push(CO_COMBAT_Q);
  }
  return begin_combat(false);
}

void MosbyState::input_cannon_search(const Task& t, Action a) {
  int d = a - kDie;
  narrate(d <= 2 ? N("The Cannon is found and lost") : N("The Cannon stays hidden"));
  show_roll(d);
  if (d <= 2) cannon_at_ = -1;
  return;
}

}  // namespace gamut::mosby
