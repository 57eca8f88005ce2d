// The sparring bots (sparring.cpp) play legal whole games from their view alone.
#include "checks.h"

using namespace gamut;

TEST_CASE("mosby: each sparring bot plays legal whole games from its seat's view only (issue 22)") {
  testing::sparring_games("mosby", 2, 1, 22);
}
