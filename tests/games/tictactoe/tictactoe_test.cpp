// Rule tests for the test game. The checks every game passes (random games,
// share codes, saves, golden codes, the browser smoke test) find it through
// the registry; these test its own rules.
#include "tictactoe.h"

#include "ai/bots.h"
#include "checks.h"

using namespace gamut;
using namespace gamut::testing;

TEST_CASE("tictactoe: three in a row wins, for X and for O") {
  auto s = replay("tictactoe", {"a1", "a2", "b1", "b2", "c1"});
  REQUIRE(s->terminal());
  CHECK(s->returns() == std::vector<double>{1, -1});
  CHECK(s->describe_result() == "X wins: three in a row");
  auto o = replay("tictactoe", {"a1", "c1", "a2", "b2", "c3", "a3"});  // O on the diagonal c1-b2-a3
  REQUIRE(o->terminal());
  CHECK(o->describe_result() == "O wins: three in a row");
}

TEST_CASE("tictactoe: a full board without a line is a draw") {
  auto s = replay("tictactoe", {"a1", "b1", "c1", "b2", "a2", "a3", "c2", "c3", "b3"});
  REQUIRE(s->terminal());
  CHECK(s->returns() == std::vector<double>{0, 0});
  CHECK(s->describe_result() == "Draw: the board is full");
}

TEST_CASE("tictactoe: only empty squares can be marked, and the option lets O start") {
  auto s = replay("tictactoe", {"b2"});
  auto names = legal_names(*s);
  CHECK(names.size() == 8);
  CHECK(std::find(names.begin(), names.end(), "b2") == names.end());
  CHECK(s->to_move() == 1);
  CHECK(s->view(-1)["last"] == Json::array({"b2"}));
  auto o = replay("tictactoe", {"b2"}, {{"first", "O"}});
  CHECK(static_cast<tictactoe::TicTacToeState&>(*o).mark(o->game().board().at("b2")) == 1);
  CHECK_THROWS_AS(load_game("tictactoe")->resolve_options({{"first", "Z"}}), DataError);
}

TEST_CASE("tictactoe: random games keep the invariants, codes and saves round-trip") {
  SimStats st = random_games("tictactoe", 300, 5, 2);
  CHECK(st.games == 300);
  CHECK(st.wins[0] > st.wins[1]);  // moving first is an advantage even at random
  CHECK(st.draws > 0);
}

TEST_CASE("tictactoe: the shared search, playing both seats, draws as perfect play does") {
  SimStats st = random_games("tictactoe", 10, 9, 2, Json::object(), "ai:2");
  CHECK(st.games == 10);
  CHECK(st.wins[0] + st.wins[1] + st.draws == 10);
  CHECK(st.draws >= 8);
}

TEST_CASE("tictactoe: bad lines in the rules data are refused, naming the node") {
  Json d = load_game("tictactoe")->data();
  d["lines"][0][1] = "z9";
  CHECK_THROWS_WITH_AS(make_game("tictactoe", d, 1), doctest::Contains("'z9'"), DataError);
  d.erase("lines");
  CHECK_THROWS_WITH_AS(make_game("tictactoe", d, 1), doctest::Contains("\"lines\""), DataError);
}
