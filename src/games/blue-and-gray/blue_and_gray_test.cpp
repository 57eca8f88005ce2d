// Rule tests for Blue and Gray. Sections cite seed 004_670669d83993c10f.txt.
#include "games/blue-and-gray/blue_and_gray.h"

#include "ai/bots.h"
#include "checks.h"

using namespace gamut;
using namespace gamut::testing;

TEST_CASE("blue-and-gray: smoke") {
  auto st = random_games("blue-and-gray", 200, 1, 2);
  MESSAGE("wins " << st.wins[0] << "/" << st.wins[1] << " draws " << st.draws << " plies " << st.plies);
}
