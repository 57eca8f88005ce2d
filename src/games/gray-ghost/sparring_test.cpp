// The sparring bots (sparring.cpp) play legal whole games from their view alone.
#include "checks.h"

using namespace gamut;

TEST_CASE("gray-ghost: each sparring bot plays legal whole games from its seat's view only (issue 22)") {
  testing::sparring_games("gray-ghost", 3, 3, 22);
}
