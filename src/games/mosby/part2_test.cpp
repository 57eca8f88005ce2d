// Part 2 tests of helper WAGON: the leaders (6.3), the Union Wagon Train (7.8), the optional
// rules (8.1-8.9) and the three Examples of Play replayed from their scripts. Sections cite
// seed 002_2a7019d436107931.txt.
#include <cstdlib>
#include <iostream>

#include "ai/bots.h"
#include "checks.h"
#include "games/mosby/mosby.h"

using namespace gamut;
using namespace gamut::testing;
using mosby::MosbyState;

namespace {
const mosby::MosbyGame& game() { return static_cast<const mosby::MosbyGame&>(*load_game("mosby")); }
int node(const char* n) { return game().node(n); }
MosbyState& M(std::unique_ptr<State>& s) { return static_cast<MosbyState&>(*s); }
bool has(const State& s, const std::string& name) { return s.find_action(name) >= 0; }
std::string names(const State& s) {
  std::string r;
  for (auto& n : legal_names(s)) r += n + " ";
  return r;
}
std::unique_ptr<State> start(const Json& opts = Json::object()) { return replay("mosby", {}, opts); }
// Operations at `at` (a scripted start), with options.
std::unique_ptr<State> ops(int turn, int noto, int pp, int strength, const char* at, const Json& opts = Json::object()) {
  auto s = start(opts);
  M(s).setup_for_test(turn, noto, pp, strength, node(at));
  return s;
}
int roll_checks(State& s, int v) {
  int n = 0;
  while (!s.terminal() && s.to_move() == kChance && static_cast<MosbyState&>(s).step().find("Activation check") == 0) {
    play(s, {"die:" + std::to_string(v)});
    ++n;
  }
  return n;
}
// Runs the chance nodes while the script names them.
void run_script(MosbyState& m) {
  while (!m.terminal() && m.to_move() == kChance && m.scripted()) {
    auto l = m.legal();
    REQUIRE_MESSAGE(l.size() == 1, "the script's outcome is not legal at: " << m.step() << " | " << names(m));
    REQUIRE(m.chance_probs() == std::vector<double>{1.0});
    m.apply(l[0]);
  }
}
}  // namespace

// Plays a scenario's steps; with MOSBY_SCENARIO set, prints the first chance node the script
// does not cover (how the scripts were written).
TEST_CASE("mosby scenario trace (MOSBY_SCENARIO=exampleN)" * doctest::skip(!std::getenv("MOSBY_SCENARIO"))) {
  std::string id = std::getenv("MOSBY_SCENARIO");
  auto s = start({{"scenario", id}});
  auto& m = M(s);
  const Json& sc = game().data()["scenarios"][id];
  for (const Json& st : sc["steps"]) {
    run_script(m);
    if (m.to_move() == kChance) {
      std::cout << "UNSCRIPTED: " << m.step() << " | " << m.last_roll() << " | " << names(m) << "\n";
      return;
    }
    for (const Json& d : st["do"]) {
      std::cout << "do " << d.get<std::string>() << "  [" << m.step() << "]\n";
      play(m, {d.get<std::string>()});
      run_script(m);
      if (m.to_move() == kChance) {
        std::cout << "UNSCRIPTED: " << m.step() << " | " << m.last_roll() << " | " << names(m) << "\n";
        return;
      }
    }
  }
  std::cout << "script complete at: " << m.step() << "\n" << m.debug() << "\n";
}

namespace {
// Replays a scenario through the player's moves of its "steps", checking each step's "expect"
// once the script has rolled the dice that follow it. Returns the state at the end.
std::unique_ptr<State> replay_example(const std::string& id) {
  auto s = start({{"scenario", id}});
  auto& m = M(s);
  const Json& sc = game().data()["scenarios"][id];
  int k = 0;
  for (const Json& st : sc["steps"]) {
    ++k;
    run_script(m);
    for (const Json& d : st["do"]) {
      std::string mv = d;
      REQUIRE_MESSAGE(has(m, mv), id << " step " << k << ": '" << mv << "' is not legal at " << m.step() << " | "
                                     << names(m));
      play(m, {mv});
      run_script(m);
    }
    const Json& e = st["expect"];
    INFO(id << " step " << k << ": " << st["text"].get<std::string>());
    if (e.contains("mosby")) CHECK(m.mosby_at() == node(e["mosby"].get<std::string>().c_str()));
    if (e.contains("wagon")) CHECK(m.wagon_at() == node(e["wagon"].get<std::string>().c_str()));
    if (e.contains("wagon_state")) CHECK(m.wagon_state() == e["wagon_state"].get<int>());
    if (e.contains("awareness")) CHECK(m.awareness() == e["awareness"].get<int>());
    if (e.contains("pp")) CHECK(m.pp() == e["pp"].get<int>());
    if (e.contains("notoriety")) CHECK(m.notoriety() == e["notoriety"].get<int>());
    if (e.contains("strength")) CHECK(m.strength() == e["strength"].get<int>());
    if (e.contains("turn")) CHECK(m.turn() == e["turn"].get<int>());
    if (e.contains("phases")) CHECK(m.in_phases() == e["phases"].get<bool>());
    for (const Json& u : e.value("units", Json::array())) {
      // {"at", "strength" (current), "active"}: such a unit is there.
      int n = node(u["at"].get<std::string>().c_str()), found = 0;
      for (size_t i = 0; i < m.units().size(); ++i) {
        const auto& x = m.units()[i];
        const auto& kd = game().kinds[x.kind];
        if (x.loc != n) continue;
        if (u.contains("strength") && kd.strength - x.dmg != u["strength"].get<int>()) continue;
        if (u.contains("kind") && u["kind"] != std::string(kd.name).substr(0, u["kind"].get<std::string>().size()))
          continue;
        if (u.contains("active") && x.active != u["active"].get<bool>()) continue;
        ++found;
      }
      CHECK_MESSAGE(found == u.value("count", 1), "units at " << u["at"].get<std::string>() << ": " << u.dump());
    }
  }
  return s;
}
}  // namespace

TEST_CASE("mosby: Example of Play 3, The Union Wagon Train, replayed from its script (7.8, Examples of Play)") {
  auto s = replay_example("example3");
  auto& m = M(s);
  // The text: an escort of strength 2 activated, attacked Mosby (who passed), lost and retreated;
  // the other escort stayed asleep; the train was demolished: Awareness +2, and since the first
  // escort is still activated the Phases go on. Its 4 against 2 win paid 1 + 2 PP; the train 5.
  CHECK(m.wagon_state() == 2);
  CHECK(m.in_phases());
  CHECK(m.awareness() == 5);  // 2 (Notoriety 4) + 1 for the won combat + 2 for the train
  CHECK(m.notoriety() == 4);
  CHECK(m.pp() == 8);
  CHECK(m.escorts().empty());  // both escorts are free units now
  int active2 = 0, down = 0;
  for (const auto& u : m.units()) {
    if (u.loc == node("Kernstown") && u.active && game().kinds[u.kind].strength == 2) ++active2;
    if (u.loc == node("Winchester") && !u.active && !u.seen) ++down;
  }
  CHECK(active2 == 1);  // the escort that retreated
  CHECK(down == 1);     // the second escort, placed face down once the train was gone
  CHECK(!m.scripted());
}

// ---------------------------------------------------------------- leaders (6.3)

TEST_CASE("mosby: the leaders' cards - the first places him, the second removes him for good (6.3, Event cards)") {
  auto s = ops(5, 6, 0, 5, "Annandale");
  auto& m = M(s);
  m.place_leader(0);
  m.place_leader(1);
  CHECK(m.leader(0).loc == node("Fairfax Court House"));  // General Stoughton
  CHECK(m.leader(1).loc == node("Alexandria"));           // Colonel Dulaney
  CHECK(m.leader(0).state == 1);
  m.remove_leader(0);  // his second card: gone, never to be kidnapped
  CHECK(m.leader(0).state == 3);
  m.place_leader(0);
  CHECK(m.leader(0).state == 3);
  // A kidnapped leader is not taken away by his second card.
  play(*s, {"move:Alexandria", "die:6", "kidnap", "die:6"});
  CHECK(m.leader(1).state == 2);
  m.remove_leader(1);
  CHECK(m.leader(1).state == 2);
}

TEST_CASE("mosby: a kidnapped leader slows Mosby by one space in the Phases; freeing him lifts it (6.2, 6.3)") {
  auto s = ops(5, 6, 0, 5, "Annandale");
  auto& m = M(s);
  m.place_leader(1);
  play(*s, {"move:Alexandria", "die:6", "kidnap"});
  CHECK(m.awareness() == 5);  // 3 + 2
  play(*s, {"die:1", "draw:combat 1"});  // the Troop Concentration sends a unit: the Phases begin
  REQUIRE(m.step().find("Initiative") != std::string::npos);
  play(*s, {"die:6"});  // Mosby has the Initiative
  roll_checks(*s, 6);
  CHECK(m.leader_penalty() == 1);
  REQUIRE(has(*s, "move:Annandale"));
  play(*s, {"move:Annandale"});
  roll_checks(*s, 6);
  if (s->to_move() == kChance) play(*s, {"draw:blank"});
  INFO(m.step());
  CHECK(m.step().find("1 more") != std::string::npos);  // 3 - 1 for the leader
  // Without him the band moves 3 again.
  auto t = ops(5, 6, 0, 5, "Annandale");
  M(t).place_leader(1);
  play(*t, {"move:Alexandria", "die:6", "kidnap", "die:1", "draw:combat 1", "die:6"});
  roll_checks(*t, 6);
  play(*t, {"free the leader"});
  CHECK(M(t).leader(1).state == 3);
  CHECK(M(t).leader_penalty() == 0);
  CHECK(!has(*t, "kidnap"));  // never again
}

TEST_CASE("mosby: a kidnapped leader escapes when Mosby disbands or loses behind the lines: no PP (6.3)") {
  auto s = ops(5, 6, 0, 5, "Annandale");
  M(s).place_leader(1);
  play(*s, {"move:Alexandria", "die:6", "kidnap", "die:6", "move:Annandale", "die:6", "draw:blank"});
  CHECK(M(s).leader(1).state == 2);
  play(*s, {"disband"});
  CHECK(M(s).leader(1).state == 3);
  CHECK(M(s).notoriety() == 6);
  CHECK(M(s).pp() == 0);
  // Losing a combat inside the lines: he escapes and the turn ends.
  auto t = ops(5, 6, 0, 1, "Annandale");
  M(t).place_leader(1);
  play(*t, {"move:Alexandria", "die:6", "kidnap", "die:1", "draw:combat 7", "die:1"});  // the Union has the Initiative
  roll_checks(*t, 6);
  while (t->to_move() == kChance && M(t).step().find("Union Movement") != std::string::npos) play(*t, {"die:3"});
  REQUIRE(has(*t, "stand and fight"));
  play(*t, {"stand and fight", "die:2"});  // 1 against 7: a D result
  CHECK(M(t).leader(1).state == 3);
  CHECK(M(t).mosby_at() < 0);
  // Leaving the lines with him pays 10 PP at once (the KCD route back to Gum Spring).
  auto u = ops(5, 6, 3, 5, "Annandale");
  M(u).place_leader(1);
  play(*u, {"move:Alexandria", "die:6", "kidnap", "die:6", "move:Annandale", "die:6", "draw:blank",
            "move:Fairfax Court House", "die:6", "move:Chantilly", "die:6", "draw:blank", "move:Gum Spring"});
  CHECK(M(u).leader(1).state == 3);
  CHECK(M(u).notoriety() == 7);
  CHECK(M(u).pp() == 3);
}

// ---------------------------------------------------------------- the Union Wagon Train (7.8)

namespace {
std::unique_ptr<State> wagon_turn(const char* mosby_at, int noto = 4, int strength = 4) {
  auto s = start();
  M(s).start_wagon_train();
  M(s).setup_for_test(3, noto, 0, strength, node(mosby_at));
  return s;
}
}  // namespace

TEST_CASE("mosby: the Wagon Train - Harpers Ferry, the turn begins with the Phases, one space a Phase to Middletown (7.8)") {
  auto s = wagon_turn("Linden");
  auto& m = M(s);
  CHECK(m.wagon_at() == node("Harpers Ferry"));
  CHECK(m.escorts_hidden() == 2);
  REQUIRE(m.step().find("Initiative") != std::string::npos);  // no Operations first
  play(*s, {"die:6"});
  CHECK(m.in_phases());
  std::vector<std::string> route{"Harpers Ferry"};
  int phases = 0;
  while (m.wagon_state() == 1 && phases < 20) {
    REQUIRE(has(*s, "pass"));
    play(*s, {"pass"});
    ++phases;
    if (s->to_move() == kChance && m.step().find("equal routes") != std::string::npos) {
      // Two equally short routes: a die roll, even odds.
      CHECK(s->legal().size() == 2);
      CHECK(s->chance_probs() == std::vector<double>{0.5, 0.5});
      play(*s, {s->action_name(s->legal()[1])});
    }
    if (m.wagon_at() >= 0) route.push_back(game().name(m.wagon_at()));
  }
  // Seven moves along a shortest route, and off the map the Phase after it arrives.
  CHECK(phases == 8);
  REQUIRE(route.size() == 8);
  CHECK(route[2] == "Charles Town");
  CHECK(route[4] == "Winchester");
  CHECK(route[7] == "Middletown");
  CHECK(m.wagon_state() == 3);
  CHECK(!m.in_phases());  // nothing activated is left: back to Operations
  CHECK(m.step().find("Operations") != std::string::npos);
}

namespace {
// Mosby waits at Kernstown; the train comes to Winchester, where he meets it. Returns at the
// first escort check (Phase step 2).
std::unique_ptr<State> meet_at_winchester() {
  auto s = wagon_turn("Kernstown");
  play(*s, {"die:6", "pass", "path:Halltown", "pass", "pass", "path:Berryville", "pass"});
  REQUIRE(M(s).wagon_at() == node("Winchester"));
  play(*s, {"move:Winchester", "die:6", "draw:blank", "stop"});
  REQUIRE(M(s).wagon_at() == node("Winchester"));  // it stays while Mosby is there
  return s;
}
}  // namespace

TEST_CASE("mosby: the Wagon Train stops with Mosby; escorts are combat units, keep with it and must all be fought (7.8)") {
  auto s = meet_at_winchester();
  auto& m = M(s);
  REQUIRE(m.step().find("Wagon Train escort") != std::string::npos);
  play(*s, {"die:1"});
  for (auto& n : legal_names(*s)) CHECK(n.rfind("draw:combat", 0) == 0);  // never a blank, picket or wagon
  double sum = 0;
  for (double p : s->chance_probs()) sum += p;
  CHECK(sum == doctest::Approx(1.0));
  play(*s, {"draw:combat 5", "die:1", "draw:combat 3"});
  CHECK(m.escorts().size() == 2);
  CHECK(m.escorts_hidden() == 0);
  // Guarded by activated escorts the train cannot be demolished; Mosby leaves instead.
  CHECK(!has(*s, "demolish wagon train"));
  for (int pass = 0; pass < 2; ++pass) CHECK(m.wagon_at() == node("Winchester"));
  play(*s, {"move:Millwood", "stop"});
  // The train rolls on to Kernstown and its escorts go with it (they do not pursue Mosby).
  CHECK(m.wagon_at() == node("Kernstown"));
  for (int u : m.escorts()) CHECK(m.units()[u].loc == node("Kernstown"));

  // Attacking: a hidden escort is drawn and joins the fight.
  auto t = meet_at_winchester();
  play(*t, {"die:6", "die:6"});  // neither escort activates
  REQUIRE(has(*t, "attack"));
  REQUIRE(has(*t, "demolish wagon train"));
  play(*t, {"attack"});
  for (auto& n : legal_names(*t)) CHECK(n.rfind("draw:combat", 0) == 0);
  play(*t, {"draw:combat 2", "draw:combat 1"});
  CHECK(M(t).last_roll().find("4 v 3") != std::string::npos);  // both escorts, whether activated or not
}

TEST_CASE("mosby: the Wagon Train leaves when the turn ends and never returns (7.8, 6.4)") {
  auto s = replay_example("example3");
  REQUIRE(M(s).wagon_state() == 2);
  REQUIRE(has(*s, "disband"));
  play(*s, {"disband"});
  CHECK(M(s).wagon_state() == 3);
  CHECK(M(s).wagon_at() < 0);
  M(s).start_wagon_train();
  CHECK(M(s).wagon_state() == 3);
  // Demolishing raises the Awareness by 2, never above 5.
  auto t = start({{"scenario", "example3"}});
  CHECK(M(t).awareness() == 2);
}
