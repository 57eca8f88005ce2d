// Checks every registered game gets without naming it: a new game's folder
// adds itself to these (and to the golden codes, the fuzz seeds and the
// browser smoke test), so no list of games needs editing.
#include <algorithm>
#include <set>

#include "checks.h"

using namespace gamut;
using namespace gamut::testing;

TEST_CASE("registry: every game loads its newest rules data and describes itself") {
  std::vector<std::string> ids = game_ids();
  REQUIRE(!ids.empty());
  CHECK(std::set<std::string>(ids.begin(), ids.end()).size() == ids.size());
  for (const std::string& id : ids) {
    INFO(id);
    auto g = load_game(id);
    CHECK(g->info().id == id);
    CHECK(g->data()["game"] == id);
    CHECK(g->data_version() == latest_data_version(id));
    CHECK(!g->info().name.empty());
    CHECK(g->info().min_seats >= 1);
    CHECK(g->info().max_seats >= g->info().min_seats);
    for (int seat = 0; seat < g->info().max_seats; ++seat) CHECK(!g->seat_name(seat).empty());
  }
}

TEST_CASE("registry: every game passes the shared random-game checks at its fewest and most seats") {
  uint64_t seed = 11;
  for (const std::string& id : game_ids()) {
    INFO(id);
    auto g = load_game(id);
    for (int seats : std::set<int>{g->info().min_seats, g->info().max_seats}) {
      SimStats st = random_games(id, 2, seed++, seats);
      CHECK(st.games == 2);
      CHECK(st.round_trips >= 2);
    }
  }
}

TEST_CASE("registry: the library order follows info.shelf, and test games leave it on request") {
  std::vector<std::string> all = game_ids();
  for (size_t i = 1; i < all.size(); ++i) CHECK(load_game(all[i - 1])->info().shelf <= load_game(all[i])->info().shelf);
  list_test_games(false);
  std::vector<std::string> library = game_ids();
  list_test_games(true);
  CHECK(game_ids() == all);
  for (const std::string& id : all) {
    INFO(id);
    bool listed = std::find(library.begin(), library.end(), id) != library.end();
    CHECK(listed == !load_game(id)->info().test);
  }
}
