// Tests of the rules review's fixes (issue 15, the review's D1-D14), played by rules data v3.
// Each test cites the rule it holds the engine to; sections are those of the rulebook
// (seed 002_2a7019d436107931.txt). Rules data v2 keeps the old behaviour, so records made
// under it replay unchanged: the last test checks that.
#include <string>

#include "checks.h"
#include "games/mosby/mosby.h"
#include "games/mosby/test_util.h"

using namespace gamut;
using namespace gamut::testing;
using mosby::MosbyState;
using namespace gamut::mosby_test;

namespace {
bool step_has(std::unique_ptr<State>& s, const char* what) { return M(s).step().find(what) != std::string::npos; }
// Operations at `at`, with options, under rules data `version` (0: the newest).
std::unique_ptr<State> ops(int turn, int noto, int pp, int strength, const char* at, const Json& opts = Json::object(),
                           int version = 0) {
  std::unique_ptr<State> s = load_game("mosby", version)->new_state(opts, 1);
  M(s).setup_for_test(turn, noto, pp, strength, game().node(at));
  return s;
}
// Rolls every pending Activation check with v; returns what each was for.
std::vector<std::string> checks(std::unique_ptr<State>& s, int v) {
  std::vector<std::string> r;
  while (!s->terminal() && s->to_move() == kChance && step_has(s, "Activation check")) {
    r.push_back(M(s).check_target());
    play(*s, {"die:" + std::to_string(v)});
  }
  return r;
}
bool named(const std::vector<std::string>& v, const std::string& what) {
  for (auto& x : v)
    if (x.find(what) != std::string::npos) return true;
  return false;
}
int fame(std::unique_ptr<State>& s) { return M(s).notoriety() * 10 + M(s).pp(); }
}  // namespace

// ---------------------------------------------------------------- D1: the ● spaces hold a garrison

TEST_CASE(
    "mosby review D1: a space taken into the lines by Extend the Front holds a garrison - entering it is "
    "checked (7.1 'Every space within Union lines contains at least one unit', 7.2, 6.2)") {
  auto s = ops(3, 4, 0, 3, "Gainesville");
  M(s).extend_lines(1);
  int g = node("Greenwich");
  REQUIRE(M(s).space(g).lines);
  REQUIRE(M(s).space(g).status == 2);  // the ● side
  CHECK(M(s).unrevealed(g));
  play(*s, {"move:Greenwich"});
  // 7.2: "if the space is within Union lines and does not have a 'revealed' status marker, there is a unit in it".
  REQUIRE(step_has(s, "Activation check"));
  CHECK(M(s).check_target() == "the garrison of Greenwich");
  play(*s, {"die:6", "draw:blank"});  // it stays put: revealed, a unit drawn and examined (6.2 step 1)
  CHECK(M(s).space(g).status == 1);
  CHECK(!M(s).unrevealed(g));
  // Revealed now: going back in needs no check (6.2 "a space containing a 'revealed' marker").
  play(*s, {"move:Gainesville", "move:Greenwich"});
  CHECK(step_has(s, "Operations"));
}

TEST_CASE(
    "mosby review D1: a ● space can be scouted (6.1: 'unrevealed (that is, it must not contain a "
    "\"revealed\" space-status marker)')") {
  auto s = ops(3, 4, 0, 3, "Gainesville");
  M(s).extend_lines(1);
  REQUIRE(has(*s, "scout:Greenwich"));
  play(*s, {"scout:Greenwich", "die:6", "draw:combat 1"});
  CHECK(M(s).space(node("Greenwich")).status == 1);
  CHECK(has(*s, "scout:Greenwich"));  // the sleeping unit drawn there may still be scouted (6.1)
}

TEST_CASE(
    "mosby review D1: a demolition next to a ● space checks its garrison (6.4 step 4: 'every unrevealed space... "
    "within Union lines, that are adjacent')") {
  auto s = ops(3, 4, 0, 3, "Bristoe Station");
  M(s).extend_lines(1);
  REQUIRE(M(s).space(node("Greenwich")).status == 2);
  REQUIRE(has(*s, "demolish railroad"));
  play(*s, {"demolish railroad"});
  auto c = checks(s, 6);
  CHECK(named(c, "the garrison of Greenwich"));
}

TEST_CASE(
    "mosby review D1: Extend result 6 no longer gives a free run of railroad demolitions (7.1, 6.4: a check for each "
    "● neighbour)") {
  auto s = ops(3, 4, 0, 3, "Middleburg");
  M(s).extend_lines(6);
  play(*s, {"move:White Plains"});
  REQUIRE(M(s).check_target() == "the garrison of White Plains");
  play(*s, {"die:6", "draw:blank"});
  REQUIRE(has(*s, "demolish railroad"));
  play(*s, {"demolish railroad"});
  auto c = checks(s, 6);
  // The review's probe made six demolitions along this line with a single check; each ● neighbour
  // on the line (Haymarket, Salem, Rectortown) is a garrison now.
  CHECK(named(c, "the garrison of Haymarket"));
  CHECK(named(c, "the garrison of Salem"));
  CHECK(named(c, "the garrison of Rectortown"));
}

TEST_CASE(
    "mosby review D1: Restore Union Lines flips the extended markers to ● - their spaces are garrisoned again (7.1 "
    "step 2)") {
  auto s = ops(3, 4, 0, 3, "Gainesville");
  M(s).extend_lines(1);
  int g = node("Greenwich");
  play(*s, {"move:Greenwich", "die:6", "draw:blank"});
  REQUIRE(M(s).space(g).status == 1);
  M(s).restore_lines();
  CHECK(M(s).space(g).status == 2);
  CHECK(M(s).unrevealed(g));
}

TEST_CASE(
    "mosby review D1: when the lines reach Mosby the counter drawn for his space is its garrison: the space is "
    "revealed (7.1 'draw a Union unit from the pool and look at it')") {
  auto s = ops(3, 4, 0, 3, "Middleburg");
  M(s).give_event("Extend the Front");
  play(*s, {"die:3"});
  REQUIRE(step_has(s, "The lines reach Mosby"));
  play(*s, {"draw:courier"});
  CHECK(M(s).space(node("Middleburg")).status == 1);
  CHECK(!M(s).unrevealed(node("Middleburg")));
}

// ---------------------------------------------------------------- D2: the escorts are checked on meeting

TEST_CASE(
    "mosby review D2: the Wagon Train rolling into Mosby's space is met by the escort checks before he can "
    "demolish it (7.8 'These checks must be made when Mosby's guerrilla band and the Wagon Train first meet')") {
  auto s = ops(3, 4, 0, 4, "Halltown");
  M(s).start_wagon_train();
  M(s).setup_for_test(3, 4, 0, 4, node("Halltown"));
  play(*s, {"die:1"});  // the Union has the Initiative: the train moves first
  if (s->to_move() == kChance && step_has(s, "equal routes")) play(*s, {"path:Halltown"});
  REQUIRE(M(s).wagon_at() == node("Halltown"));
  // Not Mosby's decision yet: an escort check is pending.
  REQUIRE(s->to_move() == kChance);
  CHECK(step_has(s, "Wagon Train escort"));
  play(*s, {"die:6", "die:6"});  // neither escort activates
  CHECK(M(s).escorts_hidden() == 2);
  REQUIRE(s->to_move() == 0);
  CHECK(has(*s, "demolish wagon train"));  // 7.8 1A, checked now

  // An escort that activates is in his space: it attacks with the Union's Action (7.8 1B).
  auto t = ops(3, 4, 0, 4, "Halltown");
  M(t).start_wagon_train();
  M(t).setup_for_test(3, 4, 0, 4, node("Halltown"));
  play(*t, {"die:1"});
  if (t->to_move() == kChance && step_has(t, "equal routes")) play(*t, {"path:Halltown"});
  play(*t, {"die:1", "draw:combat 2", "die:6"});
  CHECK(M(t).escorts().size() == 1);
  CHECK(has(*t, "stand and fight"));  // the Union attack, before any Action of Mosby's
  CHECK(!has(*t, "demolish wagon train"));
}

// ---------------------------------------------------------------- D3: 8.3 searches a Hide played at step 3D

TEST_CASE(
    "mosby review D3: with 8.3, Hide played against an attack at step 3D is searched for too (8.3 'After the Union "
    "Action in which one or more units enter the space where Mosby is, roll a die')") {
  for (int die : {1, 6}) {
    auto s = ops(2, 3, 0, 2, "Middleburg", {{"card_changes", true}});
    M(s).give_card("Hide");
    M(s).put_unit(mosby::COMBAT, 2, node("Aldie"), true);
    play(*s, {"die:1"});  // the Union has the Initiative
    checks(s, 6);
    play(*s, {"die:3"});  // the unit moves toward Mosby and enters his space
    REQUIRE_MESSAGE(has(*s, "stand and fight"), names(*s));
    play(*s, {"stand and fight"});
    REQUIRE(has(*s, "play Hide"));
    play(*s, {"play Hide"});
    REQUIRE_MESSAGE(step_has(s, "searches"), M(s).step());
    play(*s, {"die:" + std::to_string(die)});
    if (die == 1) {  // outside the lines a 1 finds him: "the Hide card has no effect", the combat goes on
      CHECK(!M(s).hidden());
      CHECK(step_has(s, "Roll the combat die"));
      int before = fame(s);
      play(*s, {"die:6"});
      CHECK(fame(s) > before);  // fought and won
    } else {                    // "If the search die roll fails, the Hide card applies its normal effects"
      CHECK(step_has(s, "random movement"));
    }
  }
}

// ---------------------------------------------------------------- D4: move in and attack as one Action

TEST_CASE(
    "mosby review D4: in the Phases Mosby may move into a space whose units stay deactivated and attack them in the "
    "same Action (C3 'may move into the same space and engage in combat as a single Action', 6.2, 6.5)") {
  auto s = ops(2, 3, 0, 3, "Middleburg");
  M(s).put_unit(mosby::COMBAT, 1, node("Aldie"), false);
  M(s).put_unit(mosby::COMBAT, 2, node("Harpers Ferry"), true);
  play(*s, {"die:6"});  // Mosby has the Initiative
  checks(s, 6);
  REQUIRE(M(s).in_phases());
  play(*s, {"move:Aldie"});
  checks(s, 6);  // the unit there stays deactivated (6.2: "the player may examine the units")
  REQUIRE_MESSAGE(has(*s, "attack"), names(*s));
  int before = fame(s);
  play(*s, {"attack"});
  REQUIRE(step_has(s, "Roll the combat die"));
  play(*s, {"die:6"});
  while (s->to_move() == kChance && step_has(s, "Activation check")) play(*s, {"die:6"});
  CHECK(fame(s) > before);
}

// ---------------------------------------------------------------- D5: hidden, Mosby may still act

namespace {
// The Union's chance steps in the Phases: no check activates, every unit moves one space at random.
void wander(std::unique_ptr<State>& s) {
  for (int k = 0; k < 200 && !s->terminal() && s->to_move() == kChance && M(s).in_phases(); ++k)
    play(*s, {step_has(s, "Activation check") ? "die:6" : has(*s, "die:2") ? "die:2" : s->action_name(s->legal()[0])});
}
}  // namespace

TEST_CASE(
    "mosby review D5: a hidden Mosby is offered his Phase Action; passing keeps him hidden, acting ends the Hide (AC "
    "Hide 'must pass in order to remain hidden')") {
  auto s = ops(2, 3, 0, 3, "Middleburg");
  M(s).put_unit(mosby::COMBAT, 2, node("Harpers Ferry"), true);
  play(*s, {"die:6"});  // Mosby has the Initiative
  checks(s, 6);
  M(s).give_card("Hide");
  play(*s, {"play Hide"});
  REQUIRE(M(s).hidden());
  wander(s);  // the unit wanders, far from him
  REQUIRE(M(s).in_phases());
  // The next Phase: his decision, not a forced pass.
  REQUIRE(s->to_move() == 0);
  CHECK(M(s).hidden());
  CHECK(has(*s, "pass"));
  REQUIRE_MESSAGE(has(*s, "move:Aldie"), names(*s));
  play(*s, {"pass"});
  wander(s);
  REQUIRE(s->to_move() == 0);
  CHECK(M(s).hidden());  // passing keeps him hidden
  play(*s, {"move:Aldie"});
  CHECK(!M(s).hidden());  // acting gives it up
}

// ---------------------------------------------------------------- D6: freeing a leader is no Action

TEST_CASE(
    "mosby review D6: freeing a kidnapped leader in a Phase leaves Mosby his Action, with the full move (6.3 'Freeing "
    "the leader cancels this movement penalty')") {
  auto s = ops(5, 6, 0, 5, "Annandale");
  M(s).place_leader(1);
  play(*s, {"move:Alexandria", "die:6", "kidnap", "die:1", "draw:combat 1", "die:6"});  // Mosby has the Initiative
  checks(s, 6);
  REQUIRE(M(s).leader_penalty() == 1);
  REQUIRE(has(*s, "free the leader"));
  play(*s, {"free the leader"});
  CHECK(M(s).leader_penalty() == 0);
  REQUIRE_MESSAGE(s->to_move() == 0, M(s).step());
  CHECK(step_has(s, "Mosby's action"));
  play(*s, {"move:Annandale"});
  checks(s, 6);
  if (s->to_move() == kChance) play(*s, {"draw:blank"});
  CHECK_MESSAGE(step_has(s, "2 more"), M(s).step());  // three spaces, the penalty gone
}

// ---------------------------------------------------------------- D7: a blank seen is removed

TEST_CASE(
    "mosby review D7: a blank drawn by a failed scout and examined goes to the Holding Box (6.1 1A 'If it is a blank "
    "unit, set it aside in the Union Units Holding Box', 7.7)") {
  auto s = ops(3, 3, 0, 3, "Bristoe Station");
  int mj = node("Manassas Junction");
  REQUIRE(has(*s, "scout:Manassas Junction"));
  play(*s, {"scout:Manassas Junction", "die:1"});  // fails: Awareness 2
  REQUIRE(s->to_move() == kChance);
  play(*s, {"draw:blank"});  // placed face down, unseen
  REQUIRE(step_has(s, "Activation check"));
  play(*s, {"die:6"});  // it stays put, and the space may be examined (6.1 "Union Activation")
  for (const auto& u : M(s).units()) CHECK(u.loc != mj);
  CHECK(M(s).space(mj).status == 1);
  CHECK(!has(*s, "scout:Manassas Junction"));  // nothing left there to scout
}

// ---------------------------------------------------------------- D8: 7.7, both activate, Union Initiative

TEST_CASE(
    "mosby review D8: a combat and a non-combat unit both activate in Mosby's space and the Union wins the "
    "Initiative: the non-combat unit goes back to the pool (7.7 'the non-combat unit is returned to the pool and the "
    "combat unit attacks Mosby')") {
  auto s = ops(3, 3, 0, 3, "Bristoe Station");
  int mj = node("Manassas Junction");
  int courier = M(s).put_unit(mosby::COURIER, 0, mj, false);
  M(s).put_unit(mosby::COMBAT, 2, mj, false);
  play(*s, {"move:Manassas Junction"});
  checks(s, 1);  // both activate
  REQUIRE(step_has(s, "Initiative"));
  play(*s, {"die:1"});  // the Union's
  CHECK(M(s).units()[courier].loc == mosby::kPool);
  int before = fame(s);
  for (int k = 0; k < 20 && s->to_move() == kChance; ++k) play(*s, {step_has(s, "Activation") ? "die:6" : "die:3"});
  CHECK(has(*s, "stand and fight"));  // the combat unit attacks him
  CHECK(fame(s) == before);           // no PP for the courier
}

// ---------------------------------------------------------------- D9: Local Guide negates the escort checks

TEST_CASE(
    "mosby review D9: Local Guide can be played to negate the Wagon Train's escort checks (7.8 step 1 'An Action card "
    "(such as Local Guide) can be played to negate these checks')") {
  auto s = ops(3, 4, 0, 4, "Halltown");
  M(s).start_wagon_train();
  M(s).setup_for_test(3, 4, 0, 4, node("Halltown"));
  M(s).give_card("Local Guide");
  play(*s, {"die:1"});  // the Union has the Initiative: the train moves into his space
  if (s->to_move() == kChance && step_has(s, "equal routes")) play(*s, {"path:Halltown"});
  REQUIRE(M(s).wagon_at() == node("Halltown"));
  REQUIRE_MESSAGE(has(*s, "play Local Guide"), M(s).step() << " | " << names(*s));
  CHECK(has(*s, "roll the escort checks"));
  play(*s, {"play Local Guide"});
  CHECK(M(s).hand().empty());
  CHECK(M(s).escorts_hidden() == 2);       // not checked, not drawn
  REQUIRE(s->to_move() == 0);              // no die for them
  CHECK(has(*s, "demolish wagon train"));  // 7.8 1A
}

// ---------------------------------------------------------------- D10: Fast Horses with no allowance left

TEST_CASE(
    "mosby review D10: with the Cannon and a kidnapped leader, Fast Horses still gives its space along a pike (AC "
    "Cannon 'the \"Fast Horses\" or \"Spur the Horses\" Action cards can be played, together or individually, to "
    "increase the guerrilla band's movement allowance')") {
  auto s = ops(5, 6, 0, 5, "Annandale");
  M(s).place_leader(1);
  M(s).give_card("Cannon");
  M(s).give_card("Fast Horses");
  play(*s, {"move:Alexandria", "die:6", "kidnap", "die:1", "draw:combat 1", "die:6"});  // Mosby has the Initiative
  checks(s, 6);
  REQUIRE(step_has(s, "Mosby's action"));
  // 3 - 2 (Cannon) - 1 (the leader) = 0: only the Fast Horses space, and only along a pike.
  REQUIRE_MESSAGE(has(*s, "move:Annandale"), names(*s));
  CHECK(has(*s, "move:Bailey's Crossroads"));
  CHECK(!has(*s, "move:Vernondale"));  // a road
  CHECK(!has(*s, "move:Fort Runyon"));
  play(*s, {"move:Annandale"});
  checks(s, 6);
  if (s->to_move() == kChance) play(*s, {"draw:blank"});
  CHECK(!step_has(s, "more space"));  // that one space was all
}

// ---------------------------------------------------------------- D14: the Potomac stops random movement too

TEST_CASE(
    "mosby review D14: a Union unit moving at random in the Phases does not cross the Potomac by road after its "
    "first step (6.2 L2 'a unit crossing the Potomac along a road must use its entire Move Action to cross')") {
  auto s = ops(3, 3, 0, 3, "Middleburg");
  int courier = M(s).put_unit(mosby::COURIER, 0, node("Hillsboro"), true);
  play(*s, {"die:6"});  // Mosby has the Initiative
  checks(s, 6);
  play(*s, {"pass"});
  REQUIRE(step_has(s, "Union Movement Table"));
  play(*s, {"die:6"});  // non-combat column: three spaces at random
  play(*s, {"die:1"});  // road 1 from Hillsboro: Lovettsville
  REQUIRE(M(s).units()[courier].loc == node("Lovettsville"));
  play(*s, {"die:1"});  // road 1 from Lovettsville: the road across the Potomac to Berlin
  CHECK(M(s).units()[courier].loc == node("Lovettsville"));
  CHECK(!step_has(s, "random movement"));  // its Move Action is over
  // On its first step the crossing is allowed, and ends the move.
  auto t = ops(3, 3, 0, 3, "Middleburg");
  int c2 = M(t).put_unit(mosby::COURIER, 0, node("Lovettsville"), true);
  play(*t, {"die:6"});
  checks(t, 6);
  play(*t, {"pass", "die:6", "die:1"});
  CHECK(M(t).units()[c2].loc == node("Berlin"));
  CHECK(!step_has(t, "random movement"));
}

// ---------------------------------------------------------------- D13: 8.3, non-combat units search too

TEST_CASE(
    "mosby review D13: with 8.3, a non-combat unit entering a hidden Mosby's space rolls the search; found, it is "
    "eliminated (8.3 'the Union unit(s) that entered the space attack Mosby immediately (unless they are non-combat "
    "units, in which case they are eliminated normally)')") {
  for (int die : {1, 6}) {
    auto s = ops(3, 3, 0, 3, "Middleburg", {{"card_changes", true}});
    int courier = M(s).put_unit(mosby::COURIER, 0, node("Aldie"), true);
    play(*s, {"die:6"});  // Mosby has the Initiative
    checks(s, 6);
    M(s).give_card("Hide");
    play(*s, {"play Hide"});
    play(*s, {"die:6", "die:3"});  // three spaces at random; road 3 from Aldie: Middleburg
    REQUIRE(M(s).units()[courier].loc == node("Middleburg"));
    REQUIRE_MESSAGE(step_has(s, "searches"), M(s).step());
    int before = fame(s);
    play(*s, {"die:" + std::to_string(die)});
    if (die == 1) {  // outside the lines, found on a 1
      CHECK(!M(s).hidden());
      CHECK(M(s).units()[courier].loc == mosby::kHold);
      CHECK(fame(s) == before + 1);  // a courier pays 1 PP
    } else {
      CHECK(M(s).hidden());
      CHECK(M(s).units()[courier].loc == node("Middleburg"));  // it stops there and moves on next Phase
    }
  }
}

// ---------------------------------------------------------------- D12: 8.5 keeps Lee Needs Information out

TEST_CASE(
    "mosby review D12: with 8.5, Lee Needs Information stays out when the Event deck is reshuffled (8.5 'remove the "
    "\"Lee Needs Information\" Event card before starting the game')") {
  for (bool north : {true, false}) {
    std::unique_ptr<State> s = load_game("mosby")->new_state({{"north_of_potomac", north}}, 1);
    M(s).empty_event_deck();
    // Play on to the first Event card draw of the turn.
    for (int k = 0; k < 20 && !step_has(s, "draw the next Event card"); ++k)
      play(*s, {s->to_move() == 0 ? legal_names(*s)[0] : s->action_name(s->legal().back())});
    REQUIRE_MESSAGE(step_has(s, "draw the next Event card"), M(s).step());
    CHECK(has(*s, "event:Lee Needs Information") == !north);
  }
}

// ---------------------------------------------------------------- D11: an Operations Ames stays in the Operations

TEST_CASE(
    "mosby review D11: an Ames played in the Operations does not run on into Phases begun by a non-combat unit (AC "
    "Ames 'During the Phases, all three spaces must be entered during the same Move Action')") {
  auto s = ops(3, 3, 0, 3, "Bristoe Station");
  M(s).give_card("Ames");
  M(s).put_unit(mosby::COURIER, 0, node("Brentsville"), false);
  play(*s, {"play Ames"});
  play(*s, {"scout:Brentsville", "die:1"});  // fails
  checks(s, 1);                              // the courier activates: no combat unit, the card holds
  REQUIRE(step_has(s, "Initiative"));
  play(*s, {"die:6"});  // Mosby has the Initiative
  checks(s, 6);
  REQUIRE(M(s).in_phases());
  play(*s, {"move:Manassas Junction"});
  // An unrevealed space: its garrison is checked, no Ames entry.
  CHECK(M(s).check_target() == "the garrison of Manassas Junction");
}

// ---------------------------------------------------------------- the old behaviour under v2

TEST_CASE("mosby review: rules data v2 keeps the behaviour its records were made with (tests/golden/README.md)") {
  CHECK(static_cast<const mosby::MosbyGame&>(*load_game("mosby", 2)).revised == false);
  CHECK(static_cast<const mosby::MosbyGame&>(*load_game("mosby", 1)).revised == false);
  CHECK(game().revised);
  // D1 under v2: the ● space reads as revealed and empty.
  auto s = ops(3, 4, 0, 3, "Gainesville", Json::object(), 2);
  M(s).extend_lines(1);
  CHECK(!M(s).unrevealed(node("Greenwich")));
  play(*s, {"move:Greenwich"});
  CHECK(step_has(s, "Operations"));
  // D7 under v2: the blank seen after a failed scout stays on the map.
  auto t = ops(3, 3, 0, 3, "Bristoe Station", Json::object(), 2);
  play(*t, {"scout:Manassas Junction", "die:1", "draw:blank", "die:6"});
  bool blank_there = false;
  for (const auto& u : M(t).units()) blank_there |= u.loc == node("Manassas Junction");
  CHECK(blank_there);
}

// ---------------------------------------------------------------- D16 (beyond D1-D14): Restore clears the original
// lines

TEST_CASE(
    "mosby review D16: restoring the lines removes every status marker within the original lines, ● ones too (7.1 "
    "step 2 'Remove all status markers that are within the original Union lines')") {
  auto s = ops(3, 3, 0, 3, "Bristoe Station", {{"unrevealed_entry", true}});
  int mj = node("Manassas Junction");
  play(*s, {"move:Manassas Junction", "die:6"});  // 8.8: stays asleep, a ● marker and no draw
  REQUIRE(M(s).space(mj).status == 2);
  M(s).restore_lines();
  CHECK(M(s).space(mj).status == 0);
  CHECK(M(s).unrevealed(mj));
}
