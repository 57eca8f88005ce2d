// The long run: a bot plays 1,000 whole games of the newest rules data
// (cards and all), every invariant checked at every state and each game
// round-tripped through the share code and the JSON save (checks.h).
#include "checks.h"

using namespace gamut;
using namespace gamut::testing;

TEST_CASE("mosby: the greedy bot plays 1,000 whole games; invariants hold and saves round-trip" *
          doctest::test_suite("soak")) {
  SimStats st = random_games("mosby", 1000, 1985, 1, Json::object(), "greedy");
  CHECK(st.games == 1000);
  CHECK(st.round_trips >= 1000);
  // A defeat at turn 1 would mean the bot never gets going: the games must be games.
  CHECK(st.plies > 10 * st.games);
  MESSAGE("greedy, 1,000 games: " << st.wins[0] << " wins, mean final Notoriety " << st.score / st.games);
}
