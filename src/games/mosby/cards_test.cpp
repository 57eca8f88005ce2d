// Tests of the 120 Action and Event cards, the hand rules and the play
// windows of Mosby's Raiders. Sections cite seed 002_2a7019d436107931.txt; "AC" is its
// Summary of the Action Cards, "EC" its Summary of the Event Cards.
#include <cstdlib>
#include <set>

#include "ai/bots.h"
#include "checks.h"
#include "games/mosby/mosby.h"
#include "games/mosby/test_util.h"

using namespace gamut;
using namespace gamut::testing;
using mosby::MosbyState;
using namespace gamut::mosby_test;

namespace {
std::unique_ptr<State> fresh() { return replay("mosby", {}); }
// Mosby's Operations at `at` with an empty hand.
std::unique_ptr<State> ops(int turn, int noto, int pp, int strength, const char* at) {
  auto s = fresh();
  M(s).setup_for_test(turn, noto, pp, strength, node(at));
  return s;
}
int fame(std::unique_ptr<State>& s) { return M(s).notoriety() * 10 + M(s).pp(); }
bool step_has(std::unique_ptr<State>& s, const char* what) { return M(s).step().find(what) != std::string::npos; }
// Rolls every pending Activation check with v.
void checks(std::unique_ptr<State>& s, int v) {
  while (!s->terminal() && s->to_move() == kChance && step_has(s, "Activation check"))
    play(*s, {"die:" + std::to_string(v)});
}
// The first legal action whose name starts with prefix.
std::string first(const State& s, const std::string& prefix) {
  for (auto& n : legal_names(s))
    if (n.rfind(prefix, 0) == 0) return n;
  FAIL("no action starting with " << prefix << " in " << names(s));
  return "";
}
int in_hand(std::unique_ptr<State>& s, const std::string& name) {
  int n = 0;
  for (int t : M(s).hand()) n += game().cards[t].name == name;
  return n;
}
bool status_has(std::unique_ptr<State>& s, const std::string& what) {
  Json v = s->view(0);
  for (const Json& l : v["status"])
    if (l.get<std::string>().find(what) != std::string::npos) return true;
  return false;
}
// Phases with the Initiative decided by die d, a Union combat unit of strength k active at `unit_at`.
std::unique_ptr<State> phases(const char* at, const char* unit_at, int d, int noto = 3, int strength = 3, int k = 2) {
  auto s = ops(2, noto, 0, strength, at);
  M(s).put_unit(mosby::COMBAT, k, node(unit_at), true);
  play(*s, {"die:" + std::to_string(d)});
  checks(s, 6);
  return s;
}
}  // namespace

// ---------------------------------------------------------------- the data

TEST_CASE("mosby cards: 120 cards - 60 Action (5 Permanent), 60 Event - with the summaries' counts (AC, EC, 5.1)") {
  const auto& g = game();
  int action = 0, event = 0, permanent = 0;
  std::map<std::string, int> count;
  for (const auto& c : g.cards) {
    (c.event ? event : action) += c.count;
    permanent += c.permanent * c.count;
    count[c.id] += c.count;
    CHECK(c.text.find("\n\nHistorical note: ") != std::string::npos);
  }
  CHECK(action == 60);
  CHECK(event == 60);
  CHECK(permanent == 5);  // 5.1: "There are five Permanent cards in the deck"
  std::map<std::string, int> printed = {{"cannon", 1},
                                        {"fast_horses", 1},
                                        {"scout", 1},
                                        {"pistol_tactics", 1},
                                        {"initiative_bonus", 1},
                                        {"ambush", 2},
                                        {"counterattack", 6},
                                        {"awareness_reset", 2},
                                        {"french_dulaney", 1},
                                        {"gain_initiative", 7},
                                        {"hide", 5},
                                        {"local_guide", 6},
                                        {"local_information", 6},
                                        {"mosby_escapes", 4},
                                        {"surprise_attack", 3},
                                        {"ames", 1},
                                        {"spur", 6},
                                        {"apparent_strength", 4},
                                        {"charge", 2},
                                        {"guerrilla_reinforcement", 3},
                                        {"pp_bonus", 1},
                                        {"stoughton", 2},
                                        {"dulaney", 2},
                                        {"extend_front", 5},
                                        {"bo_raid", 1},
                                        {"notoriety_scaled_bonus", 1},
                                        {"lee_needs_information", 1},
                                        {"awareness_minus_1", 1},
                                        {"mosby_trapped", 1},
                                        {"depot", 6},
                                        {"troop_concentration", 4},
                                        {"press_coverage", 3},
                                        {"repair_railroads", 3},
                                        {"repair_bridges", 2},
                                        {"remove_devastation", 2},
                                        {"restore_lines", 3},
                                        {"place_devastation", 2},
                                        {"disease", 1},
                                        {"desertion", 2},
                                        {"the_burning", 1},
                                        {"awareness_to_1", 1},
                                        {"notoriety_bonus", 1},
                                        {"notoriety_scaled_loss", 1},
                                        {"union_sweep", 1},
                                        {"raiding_column", 8},
                                        {"wagon_train", 1}};
  CHECK(count == printed);
  // Every card says where it comes from: the card summaries' text, quoted;
  // reconstructed names and faces say so.
  auto first_kind = [](const Json& p) { return (p.is_array() ? p[0] : p)["kind"].get<std::string>(); };
  for (const char* deck : {"action_cards", "event_cards"}) {
    REQUIRE(g.data()[deck].contains("provenance"));
    for (const Json& c : g.data()[deck]["cards"]) {
      CAPTURE(c["id"]);
      CHECK(first_kind(c["provenance"]) == "text");
      CHECK(!c["windows"].empty());
      CHECK(!c["effect"].get<std::string>().empty());
      CHECK(!c["note"].get<std::string>().empty());
      if (c.contains("faces")) CHECK(c["faces_provenance"]["kind"] == "reconstructed");
      if (c.contains("numbers")) CHECK(c["numbers"].contains("provenance"));
      if (c.contains("name_provenance")) CHECK(c["name_provenance"]["kind"] == "reconstructed");
    }
  }
  // The names the text gives are used; the raiding column's faces list six spaces of Mosby's Confederacy.
  for (const char* n : {"Ambush!",
                        "Counterattack",
                        "Mosby Escapes",
                        "Surprise Attack",
                        "Spur the Horses",
                        "Local Guide",
                        "Hide",
                        "Gain the Initiative",
                        "Local Information",
                        "French Dulaney",
                        "Cannon",
                        "Fast Horses",
                        "Scout",
                        "Pistol Tactics",
                        "Extend the Front",
                        "Lee Needs Information",
                        "Mosby Trapped",
                        "Repair the Railroad Lines",
                        "Repair All Bridges",
                        "Restore Union Lines",
                        "Union Sweep"}) {
    bool found = false;
    for (const auto& c : g.cards) found |= c.name == n;
    CHECK_MESSAGE(found, n);
  }
  for (const auto& c : g.cards)
    if (c.effect == mosby::MosbyGame::E_RAID) {
      REQUIRE(c.num["die"].size() == 6);
      for (const Json& sp : c.num["die"]) CHECK(g.confed[g.node(sp.get<std::string>())]);
    }
  // v1 has no cards: its saves replay as before.
  CHECK(static_cast<const mosby::MosbyGame&>(*load_game("mosby", 1)).cards.empty());
}

// ---------------------------------------------------------------- hand rules

TEST_CASE(
    "mosby cards: A6 draws the table's count blind, by copies; A7 rolls and resolves Event cards one by one (A6, A7, "
    "5.1, 5.2)") {
  auto s = fresh();
  play(*s, {"place:Middleburg", "die:6"});
  int due = M(s).cards_due();
  REQUIRE(due == game().cards_healthy[0]);
  REQUIRE(s->to_move() == kChance);
  auto l = legal_names(*s);
  auto p = s->chance_probs();
  double gain = 0, cannon = 0;
  for (size_t i = 0; i < l.size(); ++i) {
    if (l[i] == "card:Gain the Initiative") gain = p[i];
    if (l[i] == "card:Cannon") cannon = p[i];
    CHECK(l[i].rfind("card:", 0) == 0);  // only Action cards in the Action deck
  }
  CHECK(gain == doctest::Approx(7.0 / 60));
  CHECK(cannon == doctest::Approx(1.0 / 60));
  for (int i = 0; i < due; ++i) play(*s, {"card:Spur the Horses"});
  CHECK(int(M(s).hand().size()) == due);
  // The next Spur the Horses is now less likely: 6 copies, `due` of them drawn.
  // A7: the die gives the number of Event cards, each resolved as it is turned over.
  CHECK(M(s).window() == mosby::W_EVENTS);
  play(*s, {"die:2"});
  int before = fame(s);
  play(*s, {"event:Performance Bonus"});
  CHECK(fame(s) == before + 2);
  play(*s, {"event:Press Coverage (+1 PP)"});
  CHECK(fame(s) == before + 3);
  CHECK(M(s).events_drawn().size() == 2);
  CHECK(s->to_move() == 0);  // Mosby's Operations
  // The view shows the hand with each card's effect and historical note.
  Json v = s->view(0);
  REQUIRE(v["cards"].size() == size_t(due));
  CHECK(v["cards"][0]["title"] == "Spur the Horses");
  CHECK(v["cards"][0]["text"].get<std::string>().find("one extra space during the Phases") != std::string::npos);
  // The note comes apart from the effect (the view contract's "note"), so no renderer splits text.
  CHECK(v["cards"][0]["note"].get<std::string>().find("Every one of Mosby's men") == 0);
  CHECK(v["cards"][0]["text"].get<std::string>().find("Historical note") == std::string::npos);
  CHECK(v["cards"][0]["play"] == "play Spur the Horses");
  CHECK(v["events"].size() == 2);
}

TEST_CASE("mosby cards: a turn ended by an Event leaves the rest unseen in the deck (5.2, A7)") {
  auto s = fresh();
  play(*s, {"place:Middleburg", "die:2"});  // Notoriety 1, die 2: strength 1
  REQUIRE(M(s).strength() == 1);
  while (s->to_move() == kChance && step_has(s, "draw an Action card")) play(*s, {first(*s, "card:")});
  play(*s, {"die:3", "event:Disease"});  // strength 1: the band disappears, the turn ends
  CHECK(M(s).turn() == 2);
  CHECK(M(s).events_drawn().size() == 1);
  CHECK(step_has(s, "place Mosby"));
}

TEST_CASE("mosby cards: the hand limit is 6 - Permanent cards count, the surplus is discarded after the draw (5.1)") {
  auto s = fresh();
  for (const char* n : {"Cannon", "Fast Horses", "Scout", "Pistol Tactics", "Initiative Bonus"}) M(s).give_card(n);
  play(*s, {"place:Middleburg", "die:6", "card:Hide", "card:Hide"});
  REQUIRE(M(s).hand().size() == 7);
  CHECK(step_has(s, "Hand limit 6"));
  CHECK(has(*s, "discard Hide"));
  CHECK(has(*s, "discard Cannon"));  // any card may go
  play(*s, {"discard Hide"});
  CHECK(M(s).hand().size() == 6);
  CHECK(step_has(s, "roll for the number of Event cards"));
}

TEST_CASE("mosby cards: at the end of the turn non-permanent cards are discarded, Permanent ones kept (D2, 5.1)") {
  auto s = ops(1, 2, 0, 3, "Middleburg");
  M(s).give_card("Cannon");
  M(s).give_card("Spur the Horses");
  M(s).give_card("Counterattack");
  play(*s, {"disband"});
  REQUIRE(M(s).turn() == 2);
  CHECK(M(s).hand().size() == 1);
  CHECK(in_hand(s, "Cannon") == 1);
}

TEST_CASE(
    "mosby cards: a wound discards one Permanent card of the player's choice (5.1, 6.5 casualty checks, AC "
    "Permanent)") {
  auto s = ops(2, 3, 5, 3, "Middleburg");
  for (const char* n : {"Pistol Tactics", "Scout", "Spur the Horses"}) M(s).give_card(n);
  M(s).give_event("Mosby Trapped");  // EC: a casualty check must be made
  play(*s, {"die:1"});
  CHECK(M(s).wounded());
  CHECK(step_has(s, "give up one Permanent card"));
  CHECK(has(*s, "discard Pistol Tactics"));
  CHECK(has(*s, "discard Scout"));
  CHECK(!has(*s, "discard Spur the Horses"));
  play(*s, {"discard Scout"});
  CHECK(in_hand(s, "Scout") == 0);
  CHECK(in_hand(s, "Pistol Tactics") == 1);
  CHECK(in_hand(s, "Spur the Horses") == 1);
  // With one Permanent card it simply goes.
  auto t = ops(2, 3, 5, 3, "Middleburg");
  M(t).give_card("Cannon");
  M(t).give_event("Mosby Trapped");
  play(*t, {"die:2"});
  CHECK(M(t).hand().empty());
  CHECK(t->to_move() == 0);
}

// ---------------------------------------------------------------- Action cards in combat

TEST_CASE(
    "mosby cards: combat cards combine - Pistol Tactics and Cannon always, Surprise Attack, Charge, the bluff (5.1, "
    "6.5 3D, AC)") {
  auto s = ops(3, 4, 0, 3, "Middleburg");  // Awareness 2: N+A 6 gives +1
  M(s).put_unit(mosby::COMBAT, 2, node("Middleburg"), false);
  for (const char* n : {"Pistol Tactics", "Cannon", "Surprise Attack", "Charge", "Apparent Strength", "Ambush!"})
    M(s).give_card(n);
  play(*s, {"attack"});
  REQUIRE(M(s).window() == mosby::W_COMBAT);
  CHECK(M(s).combat_modifier() == 0 + 1 + 1 + 1);  // 3 v 2 = 1:1 (0), reaction +1, Pistol +1, Cannon +1
  CHECK(!has(*s, "play Ambush!"));                 // Ambush! only when the Union attacks
  CHECK(has(*s, "play Charge"));
  play(*s, {"play Surprise Attack"});
  CHECK(M(s).combat_modifier() == 5);
  play(*s, {"play Charge"});
  CHECK(M(s).combat_modifier() == 7);
  play(*s, {"play Apparent Strength"});  // 4 v 2: 2:1 gives +1 on Mosby's chart
  CHECK(M(s).combat_modifier() == 8);
  CHECK(in_hand(s, "Pistol Tactics") == 1);  // Permanent cards stay
  CHECK(in_hand(s, "Surprise Attack") == 0);
  CHECK(!has(*s, "roll"));  // nothing left to play: the die comes at once
  play(*s, {"die:4"});      // 12: R3 on a strength-2 unit
  // Surprise Attack: a casualty check after the combat, though no 1 was rolled.
  int casualty = 0;
  for (int guard = 0; guard < 20 && s->to_move() == kChance; ++guard) {
    if (step_has(s, "casualty check")) ++casualty;
    play(*s, {legal_names(*s)[0].rfind("die:", 0) == 0 ? "die:6" : legal_names(*s)[0]});
  }
  CHECK(casualty == 1);
  // 5.1's example: Pistol Tactics and Surprise Attack together give +3.
  auto t = ops(3, 4, 0, 3, "Middleburg");
  M(t).put_unit(mosby::COMBAT, 2, node("Middleburg"), false);
  M(t).give_card("Pistol Tactics");
  M(t).give_card("Surprise Attack");
  play(*t, {"attack"});
  int base = M(t).combat_modifier() - 1;
  play(*t, {"play Surprise Attack"});
  CHECK(M(t).combat_modifier() == base + 3);
}

TEST_CASE("mosby cards: the Cannon is lost when Mosby loses a combat or skedaddles (AC Cannon)") {
  auto l = ops(3, 4, 0, 1, "Middleburg");
  M(l).put_unit(mosby::COMBAT, 6, node("Middleburg"), false);
  M(l).give_card("Cannon");
  M(l).give_card("Pistol Tactics");
  play(*l, {"attack", "die:2"});  // 1 v 6: -3, reaction +1, +2 cards: 2 is D1
  CHECK(M(l).mosby_at() < 0);
  CHECK(in_hand(l, "Cannon") == 0);
  CHECK(in_hand(l, "Pistol Tactics") == 1);
  auto k = ops(2, 3, 0, 2, "Middleburg");
  M(k).give_card("Cannon");
  M(k).put_unit(mosby::COMBAT, 2, node("Middleburg"), true);
  play(*k, {"die:1"});
  checks(k, 6);
  play(*k, {"die:3", "skedaddle"});
  CHECK(in_hand(k, "Cannon") == 0);
}

TEST_CASE("mosby cards: Ambush! +2 when the Union attacks, never the attacker's Charge (AC Ambush!, DCH)") {
  auto s = ops(2, 3, 0, 2, "Middleburg");
  M(s).give_card("Ambush!");
  M(s).give_card("Charge");
  M(s).put_unit(mosby::COMBAT, 2, node("Middleburg"), true);
  play(*s, {"die:1"});  // the Union has the Initiative
  checks(s, 6);
  play(*s, {"die:3"});  // it stays with Mosby and attacks
  play(*s, {"stand and fight"});
  REQUIRE(M(s).window() == mosby::W_COMBAT);
  CHECK(!has(*s, "play Charge"));
  int m = M(s).combat_modifier();
  play(*s, {"play Ambush!"});
  CHECK(M(s).combat_modifier() == m + 2);
}

TEST_CASE(
    "mosby cards: Counterattack resolves again, ignores the spent non-permanent cards, its result stands (6.5 step 5, "
    "AC)") {
  auto s = ops(3, 4, 0, 3, "Middleburg");
  M(s).put_unit(mosby::COMBAT, 2, node("Middleburg"), false);
  M(s).give_card("Pistol Tactics");
  M(s).give_card("Surprise Attack");
  M(s).give_card("Counterattack");
  M(s).give_card("Counterattack");
  play(*s, {"attack"});
  int base = M(s).combat_modifier();
  play(*s, {"play Surprise Attack", "die:1"});
  REQUIRE(M(s).window() == mosby::W_COUNTERATTACK);
  CHECK(has(*s, "accept the result"));
  play(*s, {"play Counterattack"});
  CHECK(M(s).combat_modifier() == base);  // Surprise Attack is spent; Pistol Tactics stays
  CHECK(!has(*s, "play Hide"));
  play(*s, {"die:6"});
  REQUIRE(M(s).window() == mosby::W_COUNTERATTACK);  // a second Counterattack is still in hand
  play(*s, {"accept the result"});
  // Two casualty checks are owed: the 1 of the first roll and Surprise Attack's.
  int casualty = 0;
  for (int guard = 0; guard < 20 && !s->terminal() && s->to_move() == kChance; ++guard) {
    if (step_has(s, "casualty check")) ++casualty;
    std::string a = legal_names(*s)[0];
    play(*s, {a.rfind("die:", 0) == 0 ? "die:6" : a});
  }
  CHECK(casualty == 2);
  CHECK(M(s).in_phases() == false);
  // A worse new result must be applied: 6 won, the Counterattack's 1 loses the combat.
  auto t = ops(3, 4, 0, 3, "Middleburg");
  M(t).put_unit(mosby::COMBAT, 2, node("Middleburg"), false);
  M(t).give_card("Counterattack");
  play(*t, {"attack", "die:6", "play Counterattack", "die:1"});
  CHECK(M(t).mosby_at() < 0);  // lost: the band is gone, the turn ends
}

TEST_CASE("mosby cards: Hide before the combat die, never after it (AC Hide, 6.5 3D)") {
  auto s = ops(2, 3, 0, 2, "Middleburg");
  M(s).give_card("Hide");
  M(s).put_unit(mosby::COMBAT, 2, node("Middleburg"), true);
  play(*s, {"die:1"});
  checks(s, 6);
  play(*s, {"die:3", "stand and fight"});
  REQUIRE(has(*s, "play Hide"));
  int before = fame(s);
  play(*s, {"play Hide"});
  // The attackers found him: they move one space at random and deactivate; the Phases end.
  while (s->to_move() == kChance) play(*s, {"die:1"});
  CHECK(!M(s).in_phases());
  CHECK(fame(s) == before);  // no combat
  for (const auto& u : M(s).units()) CHECK(!(u.loc >= 0 && u.active));
}

TEST_CASE(
    "mosby cards: Hide in the Phases - Mosby passes, the Union moves in, then scatters and deactivates (AC Hide, 7.2, "
    "DCH)") {
  auto s = phases("Middleburg", "Aldie", 6);
  REQUIRE(M(s).initiative() == 1);
  M(s).give_card("Hide");
  REQUIRE(has(*s, "play Hide"));
  play(*s, {"play Hide"});
  CHECK(M(s).hidden());
  play(*s, {"die:3"});  // the unit moves toward Mosby and enters his space: no attack
  REQUIRE(s->to_move() == kChance);
  CHECK(step_has(s, "random movement"));
  play(*s, {"die:1"});
  CHECK(!M(s).in_phases());
  CHECK(!M(s).hidden());
  for (const auto& u : M(s).units()) CHECK(!(u.loc >= 0 && u.active));
  CHECK(M(s).mosby_at() == node("Middleburg"));
  CHECK(s->to_move() == 0);  // back to Mosby's Operations
  // The Phases ending otherwise end the hiding too.
  auto d = phases("Middleburg", "Aldie", 6);
  M(d).give_card("Hide");
  play(*d, {"play Hide", "die:1"});  // the unit deactivates where it is
  CHECK(!M(d).in_phases());
  CHECK(!M(d).hidden());
  CHECK(has(*d, "move:Aldie"));
  // Not in a Troop Concentration's space.
  auto t = ops(2, 3, 0, 2, "Alexandria");
  M(t).give_card("Hide");
  CHECK(!has(*t, "play Hide"));
}

TEST_CASE(
    "mosby cards: Mosby Escapes negates a wound; Awareness Reset after a casualty check (6.5, 4.2 defeat 1, AC)") {
  auto s = ops(2, 3, 5, 3, "Middleburg");
  M(s).give_card("Mosby Escapes");
  M(s).give_event("Mosby Trapped");
  REQUIRE(M(s).window() == mosby::W_CASUALTY);  // before the die...
  play(*s, {"roll the casualty check", "die:1"});
  REQUIRE(M(s).window() == mosby::W_CASUALTY);  // ... or after it
  CHECK(has(*s, "accept the wound"));
  play(*s, {"play Mosby Escapes"});
  CHECK(!M(s).wounded());
  CHECK(fame(s) == 35);
  // Declined, the wound stands.
  auto w = ops(2, 3, 5, 3, "Middleburg");
  M(w).give_card("Mosby Escapes");
  M(w).give_event("Mosby Trapped");
  play(*w, {"roll the casualty check", "die:2", "accept the wound"});
  CHECK(M(w).wounded());
  CHECK(in_hand(w, "Mosby Escapes") == 1);
  // Played before the die, no die is rolled.
  auto b = ops(2, 3, 5, 3, "Middleburg");
  M(b).give_card("Mosby Escapes");
  M(b).give_event("Mosby Trapped");
  play(*b, {"play Mosby Escapes"});
  CHECK(b->to_move() == 0);
  CHECK(!M(b).wounded());
  CHECK(M(b).hand().empty());
  // Awareness Reset: to 1, not by 1.
  auto a = ops(2, 6, 0, 3, "Middleburg");
  M(a).set_awareness(4);
  M(a).give_card("Awareness Reset");
  M(a).give_event("Mosby Trapped");
  play(*a, {"die:5"});
  REQUIRE(has(*a, "play Awareness Reset"));
  play(*a, {"play Awareness Reset"});
  CHECK(M(a).awareness() == 1);
}

// ---------------------------------------------------------------- initiative and movement

TEST_CASE("mosby cards: Gain the Initiative replaces the roll; once rolled, it cannot be played (C1, AC)") {
  auto s = ops(2, 3, 0, 3, "Middleburg");
  M(s).give_card("Gain the Initiative");
  M(s).put_unit(mosby::COMBAT, 2, node("Aldie"), true);
  REQUIRE(M(s).window() == mosby::W_INITIATIVE);
  CHECK(has(*s, "roll for initiative"));
  play(*s, {"play Gain the Initiative"});
  CHECK(M(s).initiative() == 1);
  CHECK(M(s).in_phases());
  CHECK(M(s).hand().empty());
  auto t = ops(2, 3, 0, 3, "Middleburg");
  M(t).give_card("Gain the Initiative");
  M(t).put_unit(mosby::COMBAT, 2, node("Aldie"), true);
  play(*t, {"roll for initiative"});
  REQUIRE(t->to_move() == kChance);
  CHECK(!has(*t, "play Gain the Initiative"));
  play(*t, {"die:1"});
  CHECK(M(t).initiative() == 2);  // the table's result stands
  CHECK(in_hand(t, "Gain the Initiative") == 1);
}

TEST_CASE("mosby cards: the Permanent initiative card gives +1 at Notoriety 4 or more (AC Permanent)") {
  for (int noto : {3, 4}) {
    auto s = ops(2, noto, 0, 3, "Middleburg");
    M(s).give_card("Initiative Bonus");
    M(s).put_unit(mosby::COMBAT, 2, node("Aldie"), true);
    play(*s, {"die:3"});
    CHECK(M(s).initiative() == (noto >= 4 ? 1 : 2));
    CHECK(in_hand(s, "Initiative Bonus") == 1);
  }
}

TEST_CASE("mosby cards: Spur the Horses +1, Fast Horses +1 along a pike, Cannon -2 in the Phases (6.2, AC)") {
  // Middleburg - Aldie - Mount Zion Church - Gum Spring are joined by pikes.
  auto s = phases("Middleburg", "Salem", 6);
  M(s).give_card("Spur the Horses");
  play(*s, {"play Spur the Horses", "move:Aldie"});
  CHECK(step_has(s, "3 more"));
  auto f = phases("Middleburg", "Salem", 6);
  M(f).give_card("Fast Horses");
  play(*f, {"move:Aldie", "move:Mount Zion Church", "move:Gum Spring"});
  CHECK(step_has(f, "1 more"));  // the fourth space, earned on the pike
  // Without a pike so far, the Fast Horses space must itself be along a pike.
  auto r = phases("Middleburg", "Salem", 6);
  M(r).give_card("Fast Horses");
  play(*r, {"move:White Plains", "move:Haymarket", "move:Gainesville"});
  CHECK(step_has(r, "1 more"));
  CHECK(has(*r, "move:Groveton"));
  CHECK(!has(*r, "move:Greenwich"));
  auto n = phases("Middleburg", "Salem", 6);
  play(*n, {"move:Aldie", "move:Mount Zion Church", "move:Gum Spring"});
  CHECK(!step_has(n, "more"));
  auto c = phases("Middleburg", "Salem", 6);
  M(c).give_card("Cannon");
  play(*c, {"move:Aldie"});
  CHECK(!step_has(c, "more"));  // 3 - 2 = 1 space
  auto cs = phases("Middleburg", "Salem", 6);
  M(cs).give_card("Cannon");
  M(cs).give_card("Spur the Horses");
  play(*cs, {"play Spur the Horses", "move:Aldie"});
  CHECK(step_has(cs, "1 more"));  // Spur the Horses offsets the Cannon
  CHECK(has(*cs, "play Spur the Horses") == false);
  // The Cannon may be given up at any time, cancelling its penalty.
  auto g = phases("Middleburg", "Salem", 6);
  M(g).give_card("Cannon");
  play(*g, {"discard Cannon", "move:Aldie"});
  CHECK(step_has(g, "2 more"));
}

// ---------------------------------------------------------------- entering and scouting

TEST_CASE("mosby cards: Local Guide enters without Activation checks, reveals and draws the space (AC Local Guide)") {
  auto s = ops(2, 3, 0, 3, "Gum Spring");
  M(s).give_card("Local Guide");
  REQUIRE(has(*s, "Local Guide:Chantilly"));
  CHECK(!has(*s, "Local Guide:Mount Zion Church"));  // nothing there to check
  play(*s, {"Local Guide:Chantilly"});
  CHECK(M(s).mosby_at() == node("Chantilly"));
  CHECK(M(s).space(node("Chantilly")).status == 1);
  CHECK(step_has(s, "Draw a Union counter"));
  play(*s, {first(*s, "draw:combat")});
  CHECK(s->to_move() == 0);
  CHECK(!M(s).in_phases());
  for (const auto& u : M(s).units())
    if (u.loc == node("Chantilly")) CHECK((u.seen && !u.active));
  // Without it, the same move calls for a check.
  auto t = ops(2, 3, 0, 3, "Gum Spring");
  play(*t, {"move:Chantilly"});
  CHECK(step_has(t, "Activation check"));
}

TEST_CASE("mosby cards: Local Information scouts an adjacent space with no die and no check (6.1 step 1, AC)") {
  auto s = ops(2, 3, 0, 3, "Gum Spring");
  M(s).give_card("Local Information");
  play(*s, {"Local Information:Chantilly"});
  CHECK(M(s).mosby_at() == node("Gum Spring"));
  CHECK(M(s).space(node("Chantilly")).status == 1);
  CHECK(step_has(s, "Draw a Union counter"));
  CHECK(M(s).hand().empty());
}

TEST_CASE("mosby cards: French Dulaney enters Alexandria without the Troop Concentration's check (AC, KCD)") {
  auto s = ops(5, 6, 0, 5, "Annandale");
  M(s).give_card("French Dulaney");
  REQUIRE(has(*s, "French Dulaney:Alexandria"));
  play(*s, {"French Dulaney:Alexandria"});
  CHECK(M(s).mosby_at() == node("Alexandria"));
  CHECK(s->to_move() == 0);
  CHECK(step_has(s, "Mosby's Operations"));
  auto t = ops(5, 6, 0, 5, "Annandale");
  play(*t, {"move:Alexandria"});
  CHECK(step_has(t, "Troop Concentration at Alexandria"));
  // Not with an activated Union combat unit there.
  auto u = ops(5, 6, 0, 5, "Annandale");
  M(u).give_card("French Dulaney");
  M(u).put_unit(mosby::COMBAT, 2, node("Alexandria"), true);
  play(*u, {"die:6"});
  checks(u, 6);
  CHECK(!has(*u, "French Dulaney:Alexandria"));
}

TEST_CASE("mosby cards: the Scout card adds 1 to scouting and to entry checks in the Operations (AC Scout, KCD)") {
  auto s = ops(4, 4, 0, 3, "Gum Spring");  // Awareness 2
  M(s).give_card("Scout");
  play(*s, {"scout:Chantilly", "die:2"});  // 2 + 1 = 3 > 2: success
  CHECK(M(s).last_roll().find("success") != std::string::npos);
  auto t = ops(4, 4, 0, 3, "Gum Spring");
  play(*t, {"scout:Chantilly", "die:2"});
  CHECK(M(t).last_roll().find("failure") != std::string::npos);
  auto e = ops(4, 4, 0, 3, "Gum Spring");
  M(e).give_card("Scout");
  play(*e, {"move:Chantilly", "die:2"});  // KCD: 5 modified to 6; here 2 + 1 = 3 stays put
  CHECK(step_has(e, "Draw a Union counter"));
  CHECK(!M(e).in_phases());
}

TEST_CASE("mosby cards: Ames - three entries without checks; lost when an activation strikes first (AC triple entry)") {
  auto s = ops(2, 3, 0, 3, "Gum Spring");
  M(s).give_card("Ames");
  play(*s, {"play Ames"});
  CHECK(status_has(s, "Ames: 3 entries left"));
  play(*s, {"move:Chantilly"});
  CHECK(step_has(s, "Draw a Union counter"));  // no check: revealed and drawn
  play(*s, {first(*s, "draw:combat")});
  CHECK(status_has(s, "Ames: 2 entries left"));
  play(*s, {"move:Fairfax Court House"});  // a Troop Concentration: no check either
  CHECK(s->to_move() == 0);
  CHECK(status_has(s, "Ames: 1 entries left"));
  // An activation before the third entry: the card is lost.
  auto t = ops(2, 3, 0, 3, "Gum Spring");
  M(t).give_card("Ames");
  play(*t, {"play Ames"});
  M(t).put_unit(mosby::COMBAT, 2, node("Aldie"), true);
  play(*t, {"die:6"});  // the Phases begin with a Union combat unit activated
  CHECK(!status_has(t, "Ames:"));
}

TEST_CASE(
    "mosby cards: Ames in a Phase - through activated units without combat; those passed do not attack (AC triple "
    "entry)") {
  auto s = phases("Middleburg", "Aldie", 6);
  M(s).give_card("Ames");
  play(*s, {"play Ames", "move:Aldie"});
  CHECK(step_has(s, "2 more"));  // no combat stopped him
  play(*s, {"stop", "die:3"});   // the unit he passed stays with him
  CHECK(!step_has(s, "skedaddle"));
  CHECK(M(s).in_phases());
  // Without Ames the same move is a combat.
  auto t = phases("Middleburg", "Aldie", 6);
  play(*t, {"move:Aldie"});
  CHECK(!step_has(t, "more"));
}

// ---------------------------------------------------------------- Event cards

TEST_CASE("mosby cards: the Performance, Notoriety and Awareness Event cards (EC)") {
  struct Case {
    const char* card;
    int noto, awareness, d_fame, awareness_after;
  };
  Case cases[] = {
      {"Performance Bonus", 3, 2, 2, 2},
      {"B&O Raid", 6, 3, 2, 4},
      {"B&O Raid", 5, 3, 0, 4},
      {"Notoriety-Scaled Bonus", 5, 3, 1, 3},
      {"Notoriety-Scaled Bonus", 6, 3, 2, 3},
      {"Awareness Drops by 1", 3, 3, 0, 2},
      {"Awareness Drops by 1", 3, 1, 0, 1},
      {"Awareness Drops to 1", 3, 4, 0, 1},
      {"The Burning", 6, 3, -2, 3},
      {"The Burning", 5, 3, 0, 3},
      {"Notoriety Bonus", 3, 2, 2, 2},
      {"Notoriety Bonus", 2, 2, 0, 2},
      {"Notoriety-Scaled Loss", 4, 2, -2, 2},
      {"Notoriety-Scaled Loss", 5, 2, -1, 2},
      {"Press Coverage (+1 PP)", 1, 1, 1, 1},
      {"Press Coverage (+2 PP, Notoriety 3+)", 2, 1, 0, 1},
      {"Press Coverage (+2 PP, Notoriety 3+)", 3, 1, 2, 1},
      {"Press Coverage (+3 PP, Notoriety 5+)", 5, 1, 3, 1},
  };
  for (const Case& c : cases) {
    CAPTURE(c.card);
    CAPTURE(c.noto);
    auto s = ops(2, c.noto, 5, 3, "Middleburg");
    M(s).set_awareness(c.awareness);
    int before = fame(s);
    M(s).give_event(c.card);
    CHECK(fame(s) - before == c.d_fame);
    CHECK(M(s).awareness() == c.awareness_after);
  }
}

TEST_CASE("mosby cards: Guerrilla Reinforcement, Disease and Desertion change the band's strength (EC)") {
  auto r = ops(2, 4, 0, 3, "Middleburg");
  M(r).give_event("Guerrilla Reinforcement (Notoriety 4+)");
  CHECK(M(r).strength() == 4);
  M(r).give_event("Guerrilla Reinforcement (Notoriety 6+)");
  CHECK(M(r).strength() == 4);
  auto d = ops(2, 4, 0, 3, "Middleburg");
  M(d).give_event("Disease");
  CHECK(M(d).strength() == 2);
  M(d).give_event("Desertion");
  CHECK(M(d).strength() == 1);
  M(d).give_event("Desertion");  // needs 2
  CHECK(M(d).strength() == 1);
  M(d).give_event("Disease");  // the last factor: the band disappears, the turn ends
  CHECK(M(d).mosby_at() < 0);
  CHECK(M(d).turn() == 3);
}

TEST_CASE(
    "mosby cards: leaders, Troop Concentration, Depot, repairs, Devastation and Restore Union Lines (EC, 6.3, 6.4, "
    "7.1)") {
  auto s = ops(3, 4, 0, 3, "Middleburg");
  M(s).give_event("General Stoughton");
  CHECK(M(s).leader(0).state == 1);
  CHECK(M(s).leader(0).loc == node("Fairfax Court House"));
  M(s).give_event("General Stoughton");
  CHECK(M(s).leader(0).state == 3);  // the second card removes him for good
  M(s).give_event("Colonel Dulaney");
  CHECK(M(s).leader(1).loc == node("Alexandria"));
  M(s).give_event("Place Union Troop Concentration (Leesburg)");
  CHECK(M(s).space(node("Leesburg")).tc);
  CHECK(M(s).space(node("Leesburg")).lines);
  // Depot: a marker drawn blind, its value hidden.
  M(s).give_event("Depot (Vienna)");
  REQUIRE(s->to_move() == kChance);
  CHECK(s->legal().size() == game().depot_values.size());
  CHECK(s->public_name(s->legal()[2], 0) == "draws a depot marker, face down");
  play(*s, {"marker:3"});
  CHECK(M(s).space(node("Vienna")).depot == 2);
  // Devastation follows the Union units in Mosby's Confederacy; the other card clears it.
  M(s).put_unit(mosby::COMBAT, 2, node("Salem"), false);
  M(s).give_event("Place Devastation");
  CHECK(M(s).space(node("Salem")).devastated);
  CHECK(!M(s).space(node("Rectortown")).devastated);
  M(s).give_event("Remove Devastation");
  CHECK(!M(s).space(node("Salem")).devastated);
  // Restore Union Lines: units back to the pool, revealed markers within the lines removed.
  M(s).put_unit(mosby::COMBAT, 3, node("Chantilly"), false);
  REQUIRE(M(s).space(node("Chantilly")).status == 1);
  M(s).give_event("Restore Union Lines");
  CHECK(M(s).space(node("Chantilly")).status == 0);
  for (const auto& u : M(s).units()) CHECK(u.loc != node("Chantilly"));
  // Repairs.
  auto b = ops(3, 4, 0, 3, "Union Mills");
  play(*b, {"demolish bridge"});
  checks(b, 6);
  REQUIRE(M(b).space(node("Union Mills")).bridge == 2);
  M(b).give_event("Repair All Bridges");
  CHECK(M(b).space(node("Union Mills")).bridge == 1);
  auto r = ops(3, 4, 0, 3, "Point of Rocks");
  play(*r, {"demolish railroad"});
  checks(r, 6);
  REQUIRE(M(r).space(node("Point of Rocks")).rail_destroyed);
  M(r).give_event("Repair the Railroad Lines");
  CHECK(!M(r).space(node("Point of Rocks")).rail_destroyed);
}

TEST_CASE("mosby cards: the hidden depot marker is re-dealt when the AI determinizes (EC Depot, 6.4)") {
  auto s = ops(3, 4, 0, 3, "Middleburg");
  M(s).give_event("Depot (Vienna)");
  play(*s, {"marker:6"});
  std::set<int> seen;
  for (int k = 0; k < 40; ++k) {
    Rng r(k);
    auto d = s->determinize(0, r);
    CHECK(d->view(0) == s->view(0));
    seen.insert(static_cast<MosbyState&>(*d).space(node("Vienna")).depot);
  }
  CHECK(seen.size() > 1);
}

TEST_CASE(
    "mosby cards: Lee Needs Information pays 2 PP a revealed space north of the Potomac at the turn's end, from turn 4 "
    "(EC)") {
  for (int turn : {3, 4}) {
    auto s = ops(turn, 6, 0, 3, "Middleburg");
    M(s).put_unit(mosby::COMBAT, 2, node("Point of Rocks"), false);  // a revealed marker north of the river
    M(s).give_event("Lee Needs Information");
    int before = fame(s);
    play(*s, {"disband"});
    CHECK(fame(s) - before == (turn >= 4 ? 2 : 0));
  }
}

TEST_CASE("mosby cards: Union Sweep - a die for every Union unit on the map, 1-3 back to the pool (EC)") {
  auto s = ops(3, 4, 0, 3, "Middleburg");
  int a = M(s).put_unit(mosby::COMBAT, 2, node("Salem"), false);
  int b = M(s).put_unit(mosby::COMBAT, 3, node("Chantilly"), false);
  M(s).give_event("Union Sweep");
  play(*s, {"die:3", "die:4"});
  int gone = (M(s).units()[a].loc == mosby::kPool) + (M(s).units()[b].loc == mosby::kPool);
  CHECK(gone == 1);
  CHECK(s->to_move() == 0);
}

TEST_CASE("mosby cards: the Union Raiding Column devastates its space and its three random spaces, then returns (EC)") {
  auto s = ops(3, 4, 0, 3, "Upperville");
  M(s).give_event("Union Raiding Column (card 1)");
  play(*s, {"die:2"});  // card 1, die 2: Salem
  CHECK(M(s).space(node("Salem")).devastated);
  play(*s, {first(*s, "draw:combat")});
  int on_map = 0;
  for (const auto& u : M(s).units()) on_map += u.loc >= 0 && u.active;
  CHECK(on_map == 1);
  for (int i = 0; i < 3 && s->to_move() == kChance; ++i) play(*s, {"die:3"});  // Salem's road 3, and on
  CHECK(M(s).space(node("Salem")).devastated);
  on_map = 0;
  for (const auto& u : M(s).units()) on_map += u.loc >= 0;
  CHECK(on_map == 0);  // back in the pool
  // With Mosby in its space: combat at once, -2 for the Union's surprise.
  auto m = ops(3, 4, 0, 3, "Salem");
  M(m).give_event("Union Raiding Column (card 1)");
  play(*m, {"die:2"});
  play(*m, {first(*m, "draw:combat")});
  CHECK(M(m).last_roll().find("-2 Union surprise") != std::string::npos);
  CHECK((M(m).window() == mosby::W_COMBAT || step_has(m, "skedaddle")));
}

// ---------------------------------------------------------------- the event-driven rules of issue 6

TEST_CASE("mosby cards: Extend the Front - a result that came up before is rolled again (7.1, EC)") {
  auto s = ops(3, 4, 0, 3, "Upperville");
  M(s).extend_lines(3);
  M(s).give_event("Extend the Front");
  play(*s, {"die:3"});
  CHECK(M(s).last_roll().find("roll again") != std::string::npos);
  REQUIRE(s->to_move() == kChance);
  play(*s, {"die:5"});
  CHECK(M(s).extended(5));
  CHECK(M(s).space(node("Snickersville")).lines);
  CHECK(M(s).space(node("Snickersville")).status == 2);
  CHECK(s->to_move() == 0);
  // With every result out, the card does nothing.
  auto a = ops(3, 4, 0, 3, "Upperville");
  for (int k = 1; k <= 6; ++k) M(a).extend_lines(k);
  M(a).give_event("Extend the Front");
  CHECK(a->to_move() == 0);
}

TEST_CASE(
    "mosby cards: Extend the Front onto Mosby's space - a counter is drawn; a combat unit fights at once (7.1, EC)") {
  // A courier: eliminated, 1 PP; Mosby stays.
  auto c = ops(3, 4, 0, 3, "Middleburg");
  M(c).give_event("Extend the Front");
  int before = fame(c);
  play(*c, {"die:3"});  // result 3 takes in Middleburg
  REQUIRE(step_has(c, "The lines reach Mosby"));
  play(*c, {"draw:courier"});
  CHECK(fame(c) == before + 1);
  CHECK(c->to_move() == 0);
  CHECK(M(c).mosby_at() == node("Middleburg"));
  // A combat unit: combat, no surprise; Mosby wins, it goes back to the pool and play goes on.
  auto w = ops(3, 4, 0, 3, "Middleburg");
  M(w).give_event("Extend the Front");
  play(*w, {"die:3", "draw:combat 2"});
  CHECK(M(w).last_roll().find("surprise") == std::string::npos);
  play(*w, {"stand and fight", "die:6"});
  while (w->to_move() == kChance) play(*w, {first(*w, "")});
  CHECK(M(w).mosby_at() == node("Middleburg"));
  CHECK(!M(w).in_phases());
  for (const auto& u : M(w).units()) CHECK(u.loc < 0);
  CHECK(fame(w) > 40);
  // Mosby loses: the turn ends.
  auto l = ops(3, 4, 0, 3, "Middleburg");
  M(l).give_event("Extend the Front");
  play(*l, {"die:3", "draw:combat 2", "stand and fight", "die:1"});
  while (!l->terminal() && l->to_move() == kChance) play(*l, {"die:6"});
  CHECK(M(l).turn() == 4);
}

// ---------------------------------------------------------------- whole games

TEST_CASE("mosby cards: random games with all 120 cards hold every invariant and round-trip through saves") {
  auto st = random_games("mosby", 800, 4242, 1);
  CHECK(st.games == 800);
  MESSAGE("random, 800 games with cards: " << st.wins[0] << " wins, " << st.plies << " plies");
}

TEST_CASE("mosby cards: greedy games play cards - Counterattack, Gain the Initiative, Local Guide appear") {
  auto bot = make_bot("greedy");
  std::map<std::string, int> played;
  for (int g = 0; g < 6; ++g) {
    Record r;
    r.game = "mosby";
    r.seats = 1;
    r.seed = 500 + g;
    Match m(r);
    Rng rng(r.seed);
    while (!m.state().terminal()) {
      m.resolve_chance();
      if (m.state().terminal()) break;
      Action a = bot->choose(m.state(), 0, rng);
      std::string n = m.state().action_name(a);
      if (n.rfind("play ", 0) == 0 || n.find(':') != std::string::npos) played[n.substr(0, n.find(':'))]++;
      m.play(a);
    }
  }
  int card_plays = 0;
  for (auto& [n, k] : played)
    if (n.rfind("play ", 0) == 0 || n == "Local Guide" || n == "Local Information" || n == "French Dulaney")
      card_plays += k;
  CHECK(card_plays > 0);
}

TEST_CASE("mosby cards: the AI decides from its own view only, cards in hand") {
  auto s = ops(4, 4, 0, 3, "Middleburg");
  M(s).give_card("Local Guide");
  M(s).give_card("Spur the Horses");
  M(s).give_event("Depot (Vienna)");
  play(*s, {"marker:1"});
  M(s).put_unit(mosby::COMBAT, 3, node("Aldie"), false);  // face down
  Rng r0(1), r1(2);
  std::unique_ptr<State> a = s->determinize(0, r0), b;
  for (int k = 0; k < 50 && !b; ++k) {
    auto c = s->determinize(0, r1);
    if (c->debug() != a->debug()) b = std::move(c);
  }
  REQUIRE(b);
  REQUIRE(a->view(0) == b->view(0));
  Rng x(11), y(11);
  CHECK(make_bot("greedy")->choose(*a, 0, x) == make_bot("greedy")->choose(*b, 0, y));
}

// `gamut selfplay --game mosby --games N --seed 1 --bots greedy` for a chosen rules-data version:
// MOSBY_MEASURE=1000 MOSBY_VERSION=1 gamut_tests -tc='mosby cards measure*' gives the win rate
// without the cards (selfplay itself always takes the newest data).
TEST_CASE("mosby cards measure (MOSBY_MEASURE=games, MOSBY_VERSION=v)" * doctest::skip(!std::getenv("MOSBY_MEASURE"))) {
  int n = std::atoi(std::getenv("MOSBY_MEASURE"));
  int version = std::getenv("MOSBY_VERSION") ? std::atoi(std::getenv("MOSBY_VERSION")) : 0;
  auto bot = make_bot("greedy");
  int wins = 0;
  double score = 0;
  for (int g = 0; g < n; ++g) {
    Record r;
    r.game = "mosby";
    r.version = version;
    r.seats = 1;
    r.seed = 1 * 1000003 + uint64_t(g);
    Match m(r);
    Rng rng(r.seed ^ 0x5eed);
    while (!m.state().terminal()) {
      m.resolve_chance();
      if (m.state().terminal()) break;
      m.play(bot->choose(m.state(), 0, rng));
    }
    wins += m.state().returns()[0] > 0;
    score += m.state().score();
  }
  MESSAGE("rules data v" << version << ", greedy, " << n << " games, seed 1: " << wins << " wins, mean final Notoriety "
                         << score / n);
}
