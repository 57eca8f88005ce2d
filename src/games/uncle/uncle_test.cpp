// Rule tests for The Man from U.N.C.L.E. Sections cite seed 003_77791f39f541e6f7.txt.
#include "games/uncle/uncle.h"

#include "ai/bots.h"
#include "checks.h"

using namespace gamut;
using namespace gamut::testing;

TEST_CASE("uncle: random games hold every invariant (2 seats)") {
  auto st = random_games("uncle", 20, 1, 2);
  CHECK(st.games == 20);
}
