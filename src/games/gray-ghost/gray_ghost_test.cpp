// Rule tests for The Gray Ghost. Sections cite seed 000_039e113f8469d708.txt.
#include "games/gray-ghost/gray_ghost.h"

#include "ai/bots.h"
#include "checks.h"

using namespace gamut;
using namespace gamut::testing;

TEST_CASE("gray-ghost: random games, 2 seats") {
  auto st = random_games("gray-ghost", 20, 1, 2);
  CHECK(st.games == 20);
  MESSAGE("wins " << st.wins[0] << "/" << st.wins[1] << " draws " << st.draws << " plies " << st.plies);
}
