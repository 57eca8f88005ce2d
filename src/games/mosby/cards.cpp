// The 120 Action and Event cards (the Summary of the Action Cards and of the Event
// Cards), the hand rules (5.1), the Event step (A7, 5.2) and the windows in which the player may play a card.
// Data: rules-data/mosby/v2.json "action_cards" and "event_cards"; v1 has none,
// and then nothing here runs.
//
// Every draw is a chance action over the cards still in the deck, so no deck
// order lives in the state: determinize() has nothing to re-deal, and the
// Event cards left unseen when a turn ends early simply stay in the deck (5.2).
#include <algorithm>
#include <array>
#include <map>
#include <string>

#include "core/cold.h"
#include "core/text.h"
#include "mosby.h"
#include "procedure.h"

namespace gamut::mosby {

namespace {

using G = MosbyGame;

const std::map<std::string, G::Effect> kEffects = {
    {"cannon", G::C_CANNON},
    {"fast_horses", G::C_FAST_HORSES},
    {"scout", G::C_SCOUT},
    {"pistol_tactics", G::C_PISTOL},
    {"initiative_bonus", G::C_INIT_BONUS},
    {"ambush", G::C_AMBUSH},
    {"counterattack", G::C_COUNTER},
    {"awareness_reset", G::C_AWARE_RESET},
    {"french_dulaney", G::C_DULANEY},
    {"gain_initiative", G::C_GAIN_INIT},
    {"hide", G::C_HIDE},
    {"local_guide", G::C_GUIDE},
    {"local_information", G::C_INFO},
    {"mosby_escapes", G::C_ESCAPES},
    {"surprise_attack", G::C_SURPRISE},
    {"ames", G::C_AMES},
    {"spur", G::C_SPUR},
    {"apparent_strength", G::C_BLUFF},
    {"charge", G::C_CHARGE},
    {"guerrilla_reinforcement", G::E_REINFORCE},
    {"pp_bonus", G::E_PP_BONUS},
    {"stoughton", G::E_STOUGHTON},
    {"dulaney", G::E_DULANEY},
    {"extend_front", G::E_EXTEND},
    {"bo_raid", G::E_BO_RAID},
    {"notoriety_scaled_bonus", G::E_SCALED_BONUS},
    {"lee_needs_information", G::E_LEE},
    {"awareness_minus_1", G::E_AWARE_MINUS},
    {"mosby_trapped", G::E_TRAPPED},
    {"depot", G::E_DEPOT},
    {"troop_concentration", G::E_TC},
    {"press_coverage", G::E_PRESS},
    {"repair_railroads", G::E_REPAIR_RAIL},
    {"repair_bridges", G::E_REPAIR_BRIDGES},
    {"remove_devastation", G::E_UNDEVASTATE},
    {"restore_lines", G::E_RESTORE},
    {"place_devastation", G::E_DEVASTATE},
    {"disease", G::E_DISEASE},
    {"desertion", G::E_DESERTION},
    {"the_burning", G::E_BURNING},
    {"awareness_to_1", G::E_AWARE_RESET},
    {"notoriety_bonus", G::E_NOTORIETY_BONUS},
    {"notoriety_scaled_loss", G::E_SCALED_LOSS},
    {"union_sweep", G::E_SWEEP},
    {"raiding_column", G::E_RAID},
    {"wagon_train", G::E_WAGON},
};

std::string face_name(const std::string& name, const Json& f, int k) {
  if (f.contains("space")) return name + " (" + f["space"].get<std::string>() + ")";
  if (f.contains("pp"))
    return name + " (+" + std::to_string(f["pp"].get<int>()) + " PP" +
           (f.contains("min_notoriety") ? ", Notoriety " + std::to_string(f["min_notoriety"].get<int>()) + "+" : "") +
           ")";
  if (f.contains("min_notoriety")) return name + " (Notoriety " + std::to_string(f["min_notoriety"].get<int>()) + "+)";
  return name + " (card " + std::to_string(k + 1) + ")";
}

}  // namespace

// face_name()'s words in the reader's language, made when shown: the base name is a key
// of the game's table, the detail is put together again from the face.
std::string MosbyGame::card_label(int type) const {
  const CardType& c = cards[size_t(type)];
  std::string base = T(c.base);
  const Json& f = c.face;
  if (f.is_null()) return base;
  if (f.contains("space")) return base + " (" + f["space"].get<std::string>() + ")";
  if (f.contains("pp")) {
    std::string pp = strf(T("+%d PP"), f["pp"].get<int>());
    if (f.contains("min_notoriety")) pp = strf(T("%s, Notoriety %d+"), pp.c_str(), f["min_notoriety"].get<int>());
    return base + " (" + pp + ")";
  }
  if (f.contains("min_notoriety")) return base + " (" + strf(T("Notoriety %d+"), f["min_notoriety"].get<int>()) + ")";
  return base + " (" + strf(T("card %d"), c.face_no + 1) + ")";
}

GAMUT_COLD void MosbyGame::load_cards(const Json& d) {
  card_of.fill(-1);
  int per_deck[2] = {0, 0};
  for (int deck = 0; deck < 2; ++deck) {
    const char* key = deck ? "event_cards" : "action_cards";
    if (!d.contains(key)) continue;
    const std::string w = std::string("mosby: ") + key;
    for (const Json& c : req(d[key], "cards", w)) {
      auto e = kEffects.find(c.at("id").get<std::string>());
      if (e == kEffects.end()) throw DataError(w + ": unknown card '" + c.at("id").get<std::string>() + "'");
      CardType t;
      t.id = e->first;
      t.name = c.at("name");
      t.base = t.name;
      t.effect = e->second;
      t.event = deck == 1;
      t.permanent = c.value("permanent", false);
      t.effect_text = c.at("effect").get<std::string>();
      t.note = c.at("note").get<std::string>();
      t.text = t.effect_text + "\n\nHistorical note: " + t.note;
      t.num = c.value("numbers", Json::object());
      int count = c.at("count");
      if (c.contains("faces")) {
        const Json& faces = c["faces"];
        if (int(faces.size()) != count) throw DataError(w + ": '" + t.id + "' faces do not match its count");
        for (int k = 0; k < count; ++k) {
          CardType f = t;
          f.count = 1;
          for (auto it = faces[k].begin(); it != faces[k].end(); ++it) f.num[it.key()] = it.value();
          f.name = face_name(t.name, faces[k], k);
          f.face = faces[k];
          f.face_no = k;
          if (f.num.contains("space")) node(f.num["space"].get<std::string>());  // throws on an unknown space
          if (f.num.contains("die"))
            for (const Json& s : f.num["die"]) node(s.get<std::string>());
          cards.push_back(f);
        }
      } else {
        t.count = count;
        cards.push_back(t);
      }
      per_deck[deck] += count;
    }
  }
  if (cards.empty()) return;
  if (per_deck[0] + per_deck[1] != 120)
    throw DataError("mosby: the decks hold " + std::to_string(per_deck[0] + per_deck[1]) + " cards, not 120");
  if (cards.size() > 100) throw DataError("mosby: too many card types");
  for (size_t i = cards.size(); i-- > 0;) card_of[cards[i].effect] = int(i);
  for (size_t i = 0; i < cards.size(); ++i) {
    deck.push_back({cards[i].event, int8_t(cards[i].count)});
    deck_types[cards[i].event].push_back(int8_t(i));
    deck_size[cards[i].event] += cards[i].count;
  }
}

// ---------------------------------------------------------------- the hand

bool MosbyState::holds(int effect) const {
  for (int t : hand_)
    if (g_->cards[t].effect == effect) return true;
  return false;
}

void MosbyState::discard(int type) {
  auto it = std::find(hand_.begin(), hand_.end(), type);
  if (it != hand_.end()) hand_.erase(it);
}

void MosbyState::give_card(const std::string& name) {
  for (size_t t = 0; t < g_->cards.size(); ++t) {
    const auto& c = g_->cards[t];
    if (c.event || (c.name != name && c.id != name)) continue;
    open_decks();
    take_card(int(t));
    hand_.push_back(int(t));
    return;
  }
  throw std::invalid_argument("mosby: no Action card named '" + name + "'");
}

void MosbyState::give_event(const std::string& name) {
  for (size_t t = 0; t < g_->cards.size(); ++t)
    if (g_->cards[t].event && (g_->cards[t].name == name || g_->cards[t].id == name)) {
      open_decks();
      take_card(int(t));
      events_.push_back(int(t));
      resolve_event(int(t));
      return advance();
    }
  throw std::invalid_argument("mosby: no Event card named '" + name + "'");
}

void MosbyState::draw_action_cards() {
  if (g_->cards.empty()) return;
  open_decks();
  push(CO_LIMIT);
  for (int i = 0; i < cards_due_; ++i) push(CO_DRAW_ACTION);
}

void MosbyState::start_events() {
  if (g_->cards.empty()) return;
  open_decks();
  events_.clear();
  push(CO_EVENT_ROLL);
}

// ---------------------------------------------------------------- play windows

namespace {
bool needs_checks(const MosbyState& s, int n);
}

void MosbyState::card_plays(std::vector<Action>& r) const {
  if (g_->cards.empty() || hand_.empty() || mosby_ < 0 || (hidden_ && !g_->revised)) return;
  const Task& t = stack_.back();
  int k = decision_kind(t.op);
  if (k < 0) return;
  bool can_move = k == 0 || (k == 1 && phase_allowance() > 0) || k == 2;
  auto reachable = [&](int to) {
    for (const auto& l : g_->adj[mosby_]) {
      if (l.to != to) continue;
      if (k == 2 && blocked_potomac(mosby_, to)) return false;
      if (k == 2 && t.c == 1 && l.type != g_->pike) return false;
      return can_move;
    }
    return false;
  };
  std::array<bool, 100> seen{};  // by card type (fewer than 100: the action codes' ranges)
  for (int type : hand_) {
    if (seen[size_t(type)]) continue;
    seen[size_t(type)] = true;
    const auto& c = g_->cards[type];
    switch (c.effect) {
      case G::C_GUIDE:
        for (const auto& l : g_->adj[mosby_]) {
          bool active_combat = active_combat_at(l.to);
          if (!active_combat && needs_checks(*this, l.to) && reachable(l.to)) r.push_back(kGuide + l.to);
        }
        break;
      case G::C_DULANEY: {
        int n = g_->node(c.num.value("space", "Alexandria"));
        bool active_combat = active_combat_at(n);
        if (spaces_[n].tc && !active_combat && reachable(n)) r.push_back(kDulaney + n);
        break;
      }
      case G::C_INFO:
        if (k < 2) add_scout_targets(r, kInfo);
        break;
      case G::C_AMES:
        if (ames_left_ == 0 && (k == 0 || (k == 1 && can_move))) r.push_back(kPlay + type);
        break;
      case G::C_SPUR:
        if (k > 0) r.push_back(kPlay + type);
        break;
      case G::C_HIDE:
        if (k == 1 && !spaces_[mosby_].tc && !hidden_) r.push_back(kPlay + type);
        break;
      case G::C_CANNON:
        if (k < 2) r.push_back(kDiscard + type);  // the Cannon may be given up at any time (6.2)
        break;
      default:
        break;
    }
  }
}

namespace {
// Entering n would call for Activation checks that Local Guide spares: an
// unrevealed space within the lines, or deactivated units in it.
bool needs_checks(const MosbyState& s, int n) {
  if (s.revised() ? s.unrevealed(n) : s.space(n).lines && !s.space(n).tc && s.space(n).status == 0) return true;
  for (size_t u = 0; u < s.units().size(); ++u)
    if (s.units()[u].loc == n && !s.units()[u].active) return true;
  return false;
}
}  // namespace

void MosbyState::card_play(Task t, Action a) {
  if (a >= kDiscard && a < kDiscard + 100) {
    discard(a - kDiscard);
    narrate(N("%s given up"), card_arg(a - kDiscard));
    stack_.push_back(t);
    return;
  }
  int type = a - kPlay, k = decision_kind(t.op);
  const auto& c = g_->cards[type];
  discard(type);
  narrate(N("Played %s"), card_arg(type));
  switch (c.effect) {
    case G::C_AMES:
      ames_left_ = c.num.value("entries", 3);
      ames_phase_ = k != 0;
      break;
    case G::C_SPUR:
      if (k == 2) {
        t.a += c.num.value("phase_move", 1);
        t.b += c.num.value("phase_move", 1);
      } else {
        spur_ += c.num.value("phase_move", 1);
      }
      break;
    case G::C_HIDE:
      hidden_ = true;  // his action this Phase is to pass, and so it stays (7.2)
      return;
    default:
      break;
  }
  stack_.push_back(t);
}

int MosbyState::use_entry_card(Action a) {
  bool guide = a < kDulaney;
  entry_ = guide ? 1 : 2;
  int t = g_->card_of[guide ? G::C_GUIDE : G::C_DULANEY];
  discard(t);
  narrate(N("Played %s"), card_arg(t));
  return guide ? a - kGuide : a - kDulaney;
}

void MosbyState::local_information(int n) {
  discard(g_->card_of[G::C_INFO]);
  narrate(N("Local Information scouts %s (no Activation checks)"), node_arg(n));
  scout_success(n);
}

int MosbyState::entry_mode(int n, bool active_combat) {
  int m = entry_;
  entry_ = 0;
  if (m) return m;
  // An Ames played in the Operations serves "During Mosby's Operations": in Phases begun by a
  // non-combat unit it waits for them to end ("all three spaces must be entered during the same
  // Move Action" holds for a Phase's Ames). Before v3 its entries ran on into the Phases.
  bool waits = g_->revised && phases_ && !ames_phase_;
  if (ames_left_ > 0 && !waits && (active_combat || unrevealed(n) || unit_at(n) || spaces_[n].tc)) {
    --ames_left_;
    return 3;
  }
  return 0;
}

int MosbyState::phase_allowance() const {
  int cannon = holds(G::C_CANNON) ? -g_->cards[g_->card_of[G::C_CANNON]].num.value("phase_move", -2) : 0;
  return 3 - leader_penalty() - cannon + spur_;
}

bool MosbyState::fast_horses_step(int from, int to, bool first, int left) {
  if (first) {
    fh_left_ = holds(G::C_FAST_HORSES);
    pike_used_ = false;
    spur_ = 0;
  }
  for (const auto& l : g_->adj[from])
    if (l.to == to && l.type == g_->pike) pike_used_ = true;
  if (left <= 0 && fh_left_) {
    fh_left_ = false;
    return true;
  }
  return false;
}

int MosbyState::scout_bonus() const { return holds(G::C_SCOUT) ? 1 : 0; }
int MosbyState::entry_check_bonus() const { return holds(G::C_SCOUT) ? 1 : 0; }

int MosbyState::card_initiative_bonus() const {
  if (!holds(G::C_INIT_BONUS)) return 0;
  const auto& c = g_->cards[g_->card_of[G::C_INIT_BONUS]];
  return notoriety_ >= c.num.value("min_notoriety", 4) ? c.num.value("initiative_mod", 1) : 0;
}

bool MosbyState::card_initiative_window(const Task&) {
  if (init_asked_ || !holds(G::C_GAIN_INIT)) return false;
  init_asked_ = true;
  push(CO_INIT_Q);
  return true;
}

bool MosbyState::card_escape_window(const Task&) {
  if (escape_asked_ || g_->cards.empty() || !holds(G::C_ESCAPES)) return false;
  escape_asked_ = true;
  push(CO_CASUALTY_Q, 2);
  return true;
}

void MosbyState::card_phases_started() {
  // Ames in the Operations: a Union combat unit activated first, the card is lost.
  if (ames_left_ > 0 && !ames_phase_)
    for (const Unit& u : units_)
      if (u.loc >= 0 && u.active && g_->kinds[u.kind].type == COMBAT) ames_left_ = 0;
}

void MosbyState::card_union_actions() {
  spur_ = 0;
  ames_exempt_.clear();
  if (!ames_phase_) return;
  // The units Mosby reached with Ames this Phase do not attack; those that come to him do.
  if (mosby_ >= 0)
    for (int u : units_at(mosby_))
      if (units_[u].active && combat(u)) ames_exempt_.push_back(u);
  ames_phase_ = false;
  ames_left_ = 0;
}

bool MosbyState::ames_exempt(int u) const {
  return std::find(ames_exempt_.begin(), ames_exempt_.end(), u) != ames_exempt_.end();
}

// ---------------------------------------------------------------- combat and casualties

void MosbyState::cards_begin_combat() {
  card_mod_ = card_str_ = extra_cas_ = 0;
  rolled_ = false;
  ames_exempt_.clear();
  if (g_->cards.empty()) return;
  for (int e : {G::C_CANNON, G::C_PISTOL})
    if (holds(e)) {
      const auto& c = g_->cards[g_->card_of[e]];
      combat_mod_ += c.num.value("combat_mod", 1);
      narrate_more(N(", +1 %s"), card_arg(g_->card_of[e]));
    }
  if (event_mod_) {
    combat_mod_ += event_mod_;
    narrate_more(N(", %d Union surprise"), event_mod_);
  }
  push(CO_COMBAT_Q);
}

namespace {
std::vector<Action> combat_plays(const MosbyState& s, const MosbyGame& g, bool attacks, bool rolled, bool event) {
  std::vector<Action> r;
  for (int t : s.hand()) {
    switch (g.cards[t].effect) {
      case G::C_AMBUSH:
        if (!attacks) r.push_back(kPlay + t);
        break;
      case G::C_CHARGE:
        if (attacks) r.push_back(kPlay + t);
        break;
      case G::C_SURPRISE:
      case G::C_BLUFF:
        r.push_back(kPlay + t);
        break;
      case G::C_HIDE:  // up to step 3D, never once the die is rolled
        if (!rolled && !event && s.mosby_at() >= 0 && !s.space(s.mosby_at()).tc) r.push_back(kPlay + t);
        break;
      default:
        break;
    }
  }
  std::sort(r.begin(), r.end());
  r.erase(std::unique(r.begin(), r.end()), r.end());
  return r;
}
}  // namespace

bool MosbyState::card_after_roll(int idx, int natural) {
  if (g_->cards.empty() || !holds(G::C_COUNTER)) return false;
  pending_idx_ = idx;
  pending_nat_ = natural;
  push(CO_COUNTER_Q);
  return true;
}

int MosbyState::card_extra_casualties() {
  int n = extra_cas_;
  extra_cas_ = 0;
  return n;
}

void MosbyState::card_combat_lost() {
  if (!g_->cards.empty() && holds(G::C_CANNON)) discard(g_->card_of[G::C_CANNON]);
}

bool MosbyState::card_casualty(int d) {
  escape_asked_ = false;
  if (g_->cards.empty()) return false;
  bool hurt = d <= 2;
  if (hurt && holds(G::C_ESCAPES)) {
    push(CO_CASUALTY_Q, 1);
    return true;
  }
  if (hurt) wound();
  if (!over_ && holds(G::C_AWARE_RESET)) push(CO_CASUALTY_Q, 0);
  return true;
}

void MosbyState::card_wounded() {
  if (g_->cards.empty()) return;
  std::vector<int> perm;
  for (int t : hand_)
    if (g_->cards[t].permanent) perm.push_back(t);
  if (perm.size() == 1) discard(perm[0]);
  if (perm.size() > 1) push(CO_PERM_DISCARD);
}

void MosbyState::cards_end_of_turn() {
  if (g_->cards.empty()) return;
  if (lee_) {
    const auto& c = g_->cards[g_->card_of[G::E_LEE]];
    int n = 0;
    for (size_t s = 0; s < spaces_.size(); ++s) n += g_->north[s] && spaces_[s].status == 1;
    gain_pp(n * c.num.value("pp_per_space", 2), c.name.c_str());
  }
  lee_ = false;
  std::vector<int> keep;
  for (int t : hand_)
    if (g_->cards[t].permanent) keep.push_back(t);
  hand_ = keep;
  hidden_ = ames_phase_ = init_asked_ = escape_asked_ = rolled_ = false;
  ames_left_ = spur_ = entry_ = events_left_ = event_combat_ = event_mod_ = 0;
  ames_exempt_.clear();
}

// ---------------------------------------------------------------- Events

void MosbyState::resolve_event(int type) {
  const auto& c = g_->cards[type];
  const Json& num = c.num;
  const char* why = c.name.c_str();
  narrate(N("Event: %s"), card_arg(type));
  dice_ = {};
  int n = notoriety_;
  switch (c.effect) {
    case G::E_REINFORCE:
      if (n >= num.value("min_notoriety", 0) && strength_ > 0) strength_ += num.value("strength", 1);
      break;
    case G::E_PP_BONUS:
      gain_pp(num.value("pp", 2), why);
      break;
    case G::E_STOUGHTON:
    case G::E_DULANEY: {
      int i = c.effect == G::E_STOUGHTON ? 0 : 1;
      if (leaders_[i].state == 0)
        place_leader(i);
      else
        remove_leader(i);  // his second card; ignored once he was kidnapped (6.3)
      break;
    }
    case G::E_EXTEND:
      push(CO_EXTEND);
      break;
    case G::E_BO_RAID:
      if (n >= num.value("min_notoriety", 6)) gain_pp(num.value("pp", 2), why);
      set_awareness(awareness_ + num.value("awareness", 1));
      break;
    case G::E_SCALED_BONUS:
      gain_pp(n <= 5 ? num.value("pp_to_5", 1) : num.value("pp_from_6", 2), why);
      break;
    case G::E_LEE:
      lee_ = turn_ >= num.value("from_turn", 4);
      break;
    case G::E_AWARE_MINUS:
      set_awareness(awareness_ + num.value("awareness", -1));
      break;
    case G::E_TRAPPED:
      push(OP_CASUALTY);
      break;
    case G::E_DEPOT: {
      int s = g_->node(num["space"].get<std::string>());
      if (spaces_[s].depot < 0) push(CO_MARKER, 0, s);
      break;
    }
    case G::E_TC:
      place_troop_concentration(g_->node(num["space"].get<std::string>()));
      break;
    case G::E_PRESS:
      if (n >= num.value("min_notoriety", 0)) gain_pp(num.value("pp", 1), why);
      break;
    case G::E_REPAIR_RAIL:
      for (Space& s : spaces_) s.rail_destroyed = false;
      break;
    case G::E_REPAIR_BRIDGES:
      for (Space& s : spaces_)
        if (s.bridge == 2) s.bridge = 1;
      break;
    case G::E_UNDEVASTATE:
      for (Space& s : spaces_) s.devastated = false;
      break;
    case G::E_RESTORE:
      restore_lines();
      break;
    case G::E_DEVASTATE:
      for (const Unit& u : units_)
        if (u.loc >= 0) devastate(u.loc);  // devastate() touches only Mosby's Confederacy
      break;
    case G::E_DISEASE:
      if (strength_ <= 1) {
        strength_ = 0;
        mosby_removed();
        return end_turn_now();
      }
      --strength_;
      break;
    case G::E_DESERTION:
      if (strength_ >= num.value("min_strength", 2)) --strength_;
      break;
    case G::E_BURNING:
      if (n >= num.value("min_notoriety", 6)) lose_pp(-num.value("pp", -2), why);
      break;
    case G::E_AWARE_RESET:
      set_awareness(num.value("awareness_to", 1));
      break;
    case G::E_NOTORIETY_BONUS:
      if (n >= num.value("min_notoriety", 3)) gain_pp(num.value("pp", 2), why);
      break;
    case G::E_SCALED_LOSS:
      lose_pp(-(n <= 4 ? num.value("pp_to_4", -2) : num.value("pp_from_5", -1)), why);
      break;
    case G::E_SWEEP:
      for (size_t u = units_.size(); u-- > 0;)
        if (units_[u].loc >= 0) push(CO_SWEEP, int(u));
      break;
    case G::E_RAID:
      push(CO_RAID_DIE, type);
      break;
    case G::E_WAGON:
      start_wagon_train();
      break;
    default:
      break;
  }
}

// ---------------------------------------------------------------- the card tasks

namespace {
bool is_event_deck_op(int op) { return op == CO_EVENT_DRAW; }
bool is_die_op(int op) {
  return op == CO_EVENT_ROLL || op == CO_EXTEND || op == CO_RAID_DIE || op == CO_RAID_STEP || op == CO_SWEEP;
}
}  // namespace

int MosbyState::deck_left(bool event) const { return out_.empty() ? 0 : left_[event]; }

void MosbyState::open_decks() {
  if (!out_.empty() || g_->cards.empty()) return;
  out_.assign(g_->cards.size(), 0);
  left_ = {int16_t(g_->deck_size[0]), int16_t(g_->deck_size[1])};
}

void MosbyState::take_card(int k) {
  out_[k]++;
  left_[g_->deck[k].event]--;
}

int MosbyState::count_left(int event) const {
  int n = 0;
  for (int k : g_->deck_types[event]) n += g_->deck[k].count - out_[k];
  return n;
}

void MosbyState::recount_decks() {
  for (int e = 0; e < 2; ++e) left_[e] = int16_t(count_left(e));
}

// An Event card's Union unit attacks Mosby in his space: mode 1 Extend the Front, 2 a raiding column.
void MosbyState::event_combat(int u, int mode, int mod) {
  units_[u].loc = int16_t(mosby_);
  units_[u].active = units_[u].seen = true;
  units_[u].from = -1;
  event_combat_ = mode;
  event_mod_ = mod;
  begin_combat(false);
}

bool MosbyState::ready_draw_action(const Task& t) {
  if (deck_left(false) == 0) {  // the discards are shuffled into a new deck
    for (size_t k = 0; k < g_->cards.size(); ++k)
      if (!g_->cards[k].event) out_[k] = int8_t(std::count(hand_.begin(), hand_.end(), int(k)));
    recount_decks();
  }
  return deck_left(false) == 0 ? pop_task() : false;
}

void MosbyState::input_draw_action(const Task& t, Action a) {
  int k = a - kCardDraw;
  take_card(k);
  hand_.push_back(k);
  dice_ = {};
  narrate(N("Action card drawn: %s"), card_arg(k));
  return;
}

bool MosbyState::ready_limit(const Task& t) { return int(hand_.size()) <= g_->hand_limit ? pop_task() : false; }

void MosbyState::input_discard(const Task& t, Action a) {
  discard(a - kDiscard);
  narrate(N("Discarded %s"), card_arg(a - kDiscard));
  if (t.op == CO_LIMIT) push(CO_LIMIT);
  return;
}

void MosbyState::input_event_roll(const Task& t, Action a) {
  int d = a - kDie;
  events_left_ = d + extra_events_;
  narrate(N("Event cards this turn: %d"), events_left_);
  show_roll(d);
  push(CO_EVENT_NEXT);
  return;
}

bool MosbyState::run_event_next(const Task& t) {
  if (events_left_ > 0) {
    --events_left_;
    push(CO_EVENT_NEXT);
    push(CO_EVENT_DRAW);
  }
  return true;
}

bool MosbyState::ready_event_draw(const Task& t) {
  // The deck runs out only with 8.2 and high rolls; the text has no reshuffle (an engine ruling).
  // 8.5 removes Lee Needs Information "before starting the game": before v3 it came back here.
  if (deck_left(true) == 0) {
    for (size_t k = 0; k < g_->cards.size(); ++k)
      if (g_->cards[k].event)
        out_[k] = g_->revised && opt_[5] && g_->cards[k].effect == G::E_LEE ? g_->cards[k].count : 0;
    recount_decks();
  }
  return false;
}

void MosbyState::empty_event_deck() {
  open_decks();
  for (size_t k = 0; k < g_->cards.size(); ++k)
    if (g_->cards[k].event) out_[k] = int8_t(g_->cards[k].count);
  recount_decks();
}

void MosbyState::input_event_draw(const Task& t, Action a) {
  int k = a - kCardDraw;
  take_card(k);
  events_.push_back(k);
  return resolve_event(k);
}

bool MosbyState::ready_extend(const Task& t) {
  for (int k = 1; k <= 6; ++k)
    if (!extended(k)) return false;
  return pop_task();  // every result has come up: nothing is left to extend
}

void MosbyState::input_extend(const Task& t, Action a) {
  int d = a - kDie;
  narrate(N("Extend Union Lines Table"));
  show_roll(d);
  if (extended(d)) {  // a result that came up before is rolled again (7.1)
    narrate_more(N(" (already extended: roll again)"));
    return push(CO_EXTEND);
  }
  bool was = mosby_ >= 0 && in_lines(mosby_);
  extend_lines(d);
  if (mosby_ >= 0 && !was && in_lines(mosby_)) push(CO_XDRAW);
  return;
}

bool MosbyState::ready_pool_draw(const Task& t) {
  for (const Unit& u : units_)
    if (u.loc == kPool && (t.op == CO_XDRAW || g_->kinds[u.kind].type == COMBAT)) return false;
  return pop_task();
}

void MosbyState::input_extend_draw(const Task& t, Action a) {
  // The lines reach Mosby's space: a counter is drawn and examined (7.1, Extend the Front).
  int kind = a - kDraw, u = pool_unit(kind);
  narrate(N("Drawn for Mosby's space: %s"), kind_arg(kind));
  dice_ = {};
  if (g_->revised) use_status(mosby_, 1);  // the counter drawn is the space's garrison, seen: revealed
  if (g_->kinds[kind].type != COMBAT) {
    units_[u].loc = int16_t(mosby_);
    return eliminate_noncombat(u);  // blanks and pickets go to the box; couriers and wagons pay
  }
  return event_combat(u, 1, 0);  // no surprise modifier
}

bool MosbyState::ready_marker(const Task& t) {
  std::vector<bool> placed(g_->depot_values.size(), false);
  for (const Space& s : spaces_)
    if (s.depot >= 0) placed[s.depot] = true;
  return std::count(placed.begin(), placed.end(), false) ? false : pop_task();
}

void MosbyState::input_marker(const Task& t, Action a) {
  dice_ = {};
  narrate(N("Depot placed at %s (its value face down)"), node_arg(t.b));
  return place_depot(t.b, a - kMarker);
}

void MosbyState::input_raid_die(const Task& t, Action a) {
  int d = a - kDie;
  int n = g_->node(g_->cards[t.a].num["die"][d - 1].get<std::string>());
  narrate(N("Union Raiding Column -> %s"), node_arg(n));
  show_roll(d);
  devastate(n);
  return push(CO_RAID_DRAW, 0, n);
}

void MosbyState::input_raid_draw(const Task& t, Action a) {
  int kind = a - kDraw, u = pool_unit(kind), n = t.b;
  dice_ = {};
  narrate(N("Raiding column at %s: %s"), node_arg(n), kind_arg(kind));
  if (n == mosby_) return event_combat(u, 2, g_->cards[g_->card_of[G::E_RAID]].num.value("surprise", -2));
  units_[u].loc = int16_t(n);
  units_[u].active = units_[u].seen = true;
  units_[u].from = -1;
  return push(CO_RAID_STEP, u, 0, g_->cards[g_->card_of[G::E_RAID]].num.value("moves", 3));
}

bool MosbyState::ready_card_unit(const Task& t) { return units_[t.a].loc < 0 ? pop_task() : false; }

void MosbyState::input_raid_step(const Task& t, Action a) {
  int d = a - kDie;
  int u = t.a, here = units_[u].loc;
  const auto& rd = g_->roads[here];
  int to = rd[(d - 1) % int(rd.size())];
  narrate(N("Raiding column moves at random from %s to %s"), node_arg(here), node_arg(to));
  show_roll(d);
  units_[u].from = int16_t(here);
  units_[u].loc = int16_t(to);
  last_ = {here, to};
  devastate(to);
  if (to == mosby_) {
    units_[u].loc = int16_t(here);  // event_combat puts it in Mosby's space
    return event_combat(u, 2, g_->cards[g_->card_of[G::E_RAID]].num.value("surprise", -2));
  }
  if (t.c > 1) return push(CO_RAID_STEP, u, 0, t.c - 1);
  return to_pool(u);  // its raid done, it returns to the pool
}

void MosbyState::input_sweep(const Task& t, Action a) {
  int d = a - kDie;
  narrate(d <= 3 ? N("Union Sweep for the unit at %s: back to the pool") : N("Union Sweep for the unit at %s: stays"),
          node_arg(units_[t.a].loc));
  show_roll(d);
  if (d <= 3) to_pool(t.a);
  return;
}

bool MosbyState::run_event_combat_end(const Task& t) {
  for (int u : combat_units_)
    if (units_[u].loc >= 0) to_pool(u);
  event_combat_ = event_mod_ = 0;
  return true;
}

bool MosbyState::ready_combat_cards(const Task& t) {
  return combat_plays(*this, *g_, mosby_attacks_, rolled_, event_combat_ != 0).empty() ? pop_task() : false;
}

void MosbyState::input_combat_cards(const Task& t, Action a) {
  if (a == kGoOn) return;
  int k = a - kPlay;
  const auto& c = g_->cards[k];
  discard(k);
  add_part(", %s", false, {card_arg(k)});
  switch (c.effect) {
    case G::C_HIDE:
      stack_.pop_back();  // the combat die is not rolled
      hidden_ = true;
      narrate(N("Mosby hides (Hide card)"));
      if (mosby_ >= 0) {
        bool found = active_combat_at(mosby_);
        // 8.3: the units that entered his space search it first, at step 3D as in the Phase.
        if (found && g_->revised && !mosby_attacks_ && hide_search())
          push(W_HIDE_SEARCH, 1);
        else if (found)
          scatter_active();
      }
      return;
    case G::C_BLUFF: {
      card_str_ += c.num.value("odds_strength", 1);
      int att = mosby_attacks_ ? strength_ + card_str_ : combat_strength_;
      int def = mosby_attacks_ ? combat_strength_ : strength_ + card_str_;
      int odds = (mosby_attacks_ ? g_->odds_mosby : g_->odds_union)[ratio_index(att, def) + 4];
      combat_mod_ += odds - odds_mod_;
      card_mod_ += odds - odds_mod_;
      odds_mod_ = odds;
      break;
    }
    default:
      combat_mod_ += c.num.value("combat_mod", 0);
      card_mod_ += c.num.value("combat_mod", 0);
      extra_cas_ += c.num.value("casualty_checks", 0);
      break;
  }
  return push(CO_COMBAT_Q);
}

void MosbyState::input_counterattack(const Task& t, Action a) {
  if (a == kGoOn) return finish_combat(pending_idx_, pending_nat_);
  discard(a - kPlay);
  // The new combat ignores the non-permanent cards spent on the last (6.5 step 5).
  if (pending_nat_ == 1) ++extra_cas_;  // the 1 rolled still calls for a casualty check
  combat_mod_ -= card_mod_;
  if (card_str_) {
    card_str_ = 0;
    int att = mosby_attacks_ ? strength_ : combat_strength_, def = mosby_attacks_ ? combat_strength_ : strength_;
    odds_mod_ = (mosby_attacks_ ? g_->odds_mosby : g_->odds_union)[ratio_index(att, def) + 4];
  }
  card_mod_ = 0;
  rolled_ = true;
  narrate_more(N("; Counterattack (modifier %d)"), combat_mod_);
  push(OP_COMBAT_ROLL);
  return push(CO_COMBAT_Q);
}

void MosbyState::input_casualty_card(const Task& t, Action a) {
  if (t.a == 2) {  // before the die
    if (a == kGoOn) return;
    discard(a - kPlay);
    stack_.pop_back();  // no casualty die
    escape_asked_ = false;
    narrate(N("Mosby Escapes: the casualty check is negated"));
    if (holds(G::C_AWARE_RESET)) push(CO_CASUALTY_Q, 0);
    return;
  }
  if (t.a == 1) {
    if (a == kGoOn) {
      wound();
    } else {
      discard(a - kPlay);
      narrate(N("Mosby Escapes: the casualty check is negated"));
    }
    if (!over_ && holds(G::C_AWARE_RESET)) push(CO_CASUALTY_Q, 0);
    return;
  }
  if (a != kGoOn) {
    discard(a - kPlay);
    set_awareness(1);
    narrate(N("Awareness Reset: Union Awareness falls to 1"));
  }
  return;
}

void MosbyState::input_gain_initiative(const Task& t, Action a) {
  if (a == kGoOn) return;  // the die decides (the roll below stays)
  discard(a - kPlay);
  stack_.pop_back();  // no Initiative roll
  dice_ = {};
  narrate(N("Initiative: Mosby (Gain the Initiative card)"));
  return start_phases(1);
}

bool MosbyState::ready_perm_discard(const Task& t) {
  int perm = 0;
  for (int k : hand_) perm += g_->cards[k].permanent;
  return perm <= 1 ? pop_task() : false;
}

void MosbyState::card_legal(std::vector<Action>& r) const {
  const Task& t = stack_.back();
  r.clear();
  auto distinct = [&](bool only_permanent) {
    for (int k : hand_)
      if (!only_permanent || g_->cards[k].permanent) r.push_back(kDiscard + k);
  };
  auto play = [&](int effect) {
    if (holds(effect)) r.push_back(kPlay + g_->card_of[effect]);
  };
  switch (t.op) {
    case CO_LIMIT:
      distinct(false);
      break;
    case CO_PERM_DISCARD:
      distinct(true);
      break;
    case CO_COMBAT_Q:
      r = combat_plays(*this, *g_, mosby_attacks_, rolled_, event_combat_ != 0);
      r.push_back(kGoOn);
      break;
    case CO_COUNTER_Q:
      play(G::C_COUNTER);
      r.push_back(kGoOn);
      break;
    case CO_CASUALTY_Q:
      play(t.a ? G::C_ESCAPES : G::C_AWARE_RESET);  // a: 2 before the die, 1 a wound rolled
      r.push_back(kGoOn);
      break;
    case CO_INIT_Q:
      play(G::C_GAIN_INIT);
      r.push_back(kGoOn);
      break;
    case CO_DRAW_ACTION:
    case CO_EVENT_DRAW:
      for (int k : g_->deck_types[is_event_deck_op(t.op)])
        if (g_->deck[k].count > out_[k]) r.push_back(kCardDraw + k);
      break;
    case CO_XDRAW:
    case CO_RAID_DRAW: {
      bool k[128] = {};  // by kind (at most 100, data.cpp): the kinds in order, each once
      for (const Unit& u : units_)
        if (u.loc == kPool && (t.op == CO_XDRAW || g_->kinds[u.kind].type == COMBAT)) k[u.kind] = true;
      for (int x = 0; x < 128; ++x)
        if (k[x]) r.push_back(kDraw + x);
      break;
    }
    case CO_MARKER: {
      std::vector<bool> placed(g_->depot_values.size(), false);
      for (const Space& s : spaces_)
        if (s.depot >= 0) placed[s.depot] = true;
      for (size_t m = 0; m < placed.size(); ++m)
        if (!placed[m]) r.push_back(kMarker + int(m));
      break;
    }
    default:
      if (is_die_op(t.op))
        for (int v = 1; v <= 6; ++v) r.push_back(kDie + v);
      break;
  }
  if (!std::is_sorted(r.begin(), r.end())) std::sort(r.begin(), r.end());  // the draws come in order
  r.erase(std::unique(r.begin(), r.end()), r.end());
}

std::vector<double> MosbyState::card_probs() const {
  std::vector<double> p;
  std::vector<Action> l;
  card_legal(l);
  card_probs(l, p);
  return p;
}

void MosbyState::card_probs(const std::vector<Action>& l, std::vector<double>& p) const {
  int op = stack_.back().op;
  p.assign(l.size(), 1);  // the weights first, then divided by their total
  if (op == CO_DRAW_ACTION || op == CO_EVENT_DRAW)
    for (size_t i = 0; i < l.size(); ++i) p[i] = g_->deck[l[i] - kCardDraw].count - out_[l[i] - kCardDraw];
  if (op == CO_XDRAW || op == CO_RAID_DRAW) {
    int cnt[128] = {};  // counters in the pool by kind (at most 100, data.cpp): one pass over the units
    for (const Unit& u : units_)
      if (u.loc == kPool) cnt[u.kind]++;
    for (size_t i = 0; i < l.size(); ++i) p[i] = double(cnt[l[i] - kDraw]);
  }
  double total = 0;
  for (double x : p) total += x;
  for (double& x : p) x /= total;
}

// ---------------------------------------------------------------- presentation

std::string MosbyState::card_action_name(Action a) const {
  auto nm = [&](int k) { return g_->cards[k].name; };
  if (a >= kPlay && a < kPlay + 100) return "play " + nm(a - kPlay);
  if (a >= kDiscard && a < kDiscard + 100) return "discard " + nm(a - kDiscard);
  if (a >= kGuide && a < kDulaney) return "Local Guide:" + g_->name(a - kGuide);
  if (a >= kDulaney && a < kInfo) return "French Dulaney:" + g_->name(a - kDulaney);
  if (node_action(a, kInfo)) return "Local Information:" + g_->name(a - kInfo);
  if (a >= kCardDraw && a < kCardDraw + 100)
    return (g_->cards[a - kCardDraw].event ? "event:" : "card:") + nm(a - kCardDraw);
  if (a == kGoOn) {
    const Task& t = stack_.back();
    switch (t.op) {
      case CO_COMBAT_Q:
        return N("roll");
      case CO_COUNTER_Q:
        return N("accept the result");
      case CO_CASUALTY_Q:
        return t.a == 2 ? N("roll the casualty check") : t.a ? N("accept the wound") : N("continue");
      case CO_INIT_Q:
        return N("roll for initiative");
      case W_GUIDE_Q:
        return N("roll the escort checks");
      default:
        return N("continue");
    }
  }
  if (a >= kMarker && a < kMarker + 90) return "marker:" + std::to_string(a - kMarker + 1);
  if (a >= kDraw && a < kDraw + 100) return "draw:" + g_->kinds[a - kDraw].name;
  return "die:" + std::to_string(a - kDie);
}

std::string MosbyState::card_step_text() const {
  const Task& t = stack_.back();
  switch (t.op) {
    case CO_DRAW_ACTION:
      return T("Preparation A6: draw an Action card");
    case CO_LIMIT:
      return T("Hand limit 6: discard a card");
    case CO_EVENT_ROLL:
      return T("Preparation A7: roll for the number of Event cards");
    case CO_EVENT_NEXT:
    case CO_EVENT_DRAW:
      return strf(T("Preparation A7: draw the next Event card (%d more after it)"), events_left_);
    case CO_EXTEND:
      return T("Extend the Front: roll on the Extend Union Lines Table (a repeated result is rolled again)");
    case CO_XDRAW:
      return T("The lines reach Mosby: draw a Union counter for his space");
    case CO_MARKER:
      return T("Depot: draw a depot marker face down");
    case CO_RAID_DIE:
      return T("Union Raiding Column: roll for its space");
    case CO_RAID_DRAW:
      return T("Union Raiding Column: draw a combat unit");
    case CO_RAID_STEP:
      return strf(T("Union Raiding Column: roll for its random movement (%d left)"), int(t.c));
    case CO_SWEEP:
      return T("Union Sweep: 1-3 returns the unit to the pool");
    case CO_COMBAT_Q:
      return strf(T("Combat step 3D: play combat cards, or roll (modifier %d)"), combat_mod_);
    case CO_COUNTER_Q:
      return strf(T("Combat result %s: play Counterattack to fight again, or accept"),
                  g_->crt[pending_idx_].second.c_str());
    case CO_CASUALTY_Q:
      return t.a == 2   ? T("Casualty check: play Mosby Escapes now, or roll (it can still be played after a wound)")
             : t.a == 1 ? T("Mosby is wounded: play Mosby Escapes, or accept the wound")
                        : T("After the casualty check: play Awareness Reset, or continue");
    case CO_INIT_Q:
      return T("Phases begin: play Gain the Initiative, or roll on the Initiative Table");
    case CO_PERM_DISCARD:
      return T("Mosby is wounded: give up one Permanent card");
  }
  return "";
}

GAMUT_COLD void MosbyState::card_view(Json& v) const {
  if (g_->cards.empty()) return;
  Json cards = Json::array(), events = Json::array();
  std::vector<int> h = hand_;
  std::sort(h.begin(), h.end());
  for (int k : h) {
    const auto& c = g_->cards[k];
    // The actions are named here so the renderer can offer them beside the card when they are legal.
    Json card = {{"title", g_->card_label(k)},
                 {"text", c.effect_text},
                 {"note", c.note},
                 {"play", "play " + c.name},
                 {"discard", "discard " + c.name}};
    if (c.permanent) card["tag"] = N("Permanent");
    cards.push_back(card);
  }
  for (int k : events_)
    events.push_back({{"title", g_->card_label(k)}, {"text", g_->cards[k].effect_text}, {"note", g_->cards[k].note}});
  v["cards"] = cards;
  v["events"] = events;
  std::string hand = strf(T("Action cards in hand: %d"), int(hand_.size()));
  if (hidden_) hand += T("; Mosby is hiding");
  if (ames_left_) hand += strf(T("; Ames: %d entries left"), ames_left_);
  v["status"].push_back(hand);
  if (!events_.empty()) {
    std::string e;
    for (int k : events_) e += (e.empty() ? "" : "; ") + g_->card_label(k);
    e = strf(T("Event cards this turn: %s"), e.c_str());
    v["status"].push_back(e);
  }
}

}  // namespace gamut::mosby
