// The turn banner's words (play/turn_banner.h), on this test game:
// said to the person at the screen, by seat name when several share it.
#include "play/turn_banner.h"

#include "checks.h"

using namespace gamut;

namespace {

// A session of tic-tac-toe after `moves` (its actions are the squares' node indices).
Session session(const std::vector<std::string>& moves, std::vector<Seat> seats) {
  Record r;
  r.game = "tictactoe";
  r.seats = 2;
  r.seed = 1;
  auto g = load_game("tictactoe");
  for (const std::string& m : moves) r.actions.push_back(g->board().find(m));
  return Session(r, seats);
}

const Seat person{false, 3}, ai{true, 1};
// X takes the top row: a1, b1, c1 (O plays a2, b2 in between).
const std::vector<std::string> x_wins = {"a1", "a2", "b1", "b2", "c1"};

}  // namespace

TEST_CASE("turn banner: the person alone at the screen is 'you', and the AI's turn says it thinks") {
  CHECK(turn_banner(session({}, {person, ai})).text == "Your move");
  TurnBanner b = turn_banner(session({"a1"}, {person, ai}));
  CHECK(b.text == "The AI is thinking");
  CHECK(b.seat == 1);
  CHECK(turn_banner(session({}, {ai, ai})).text == "The AI (X) is thinking");
}

TEST_CASE("turn banner: the result is said to the loser at the screen as 'You lose', not as the winner's name") {
  TurnBanner lose = turn_banner(session(x_wins, {ai, person}));
  CHECK(lose.text == "You lose");
  CHECK(lose.seat == 0);  // the winner's colour
  CHECK(lose.detail == "three in a row");
  CHECK(turn_banner(session(x_wins, {person, ai})).text == "You win");
}

TEST_CASE("turn banner: people sharing the screen go by seat name; a draw is a draw") {
  CHECK(turn_banner(session({}, {person, person})).text == "X, your move");
  CHECK(turn_banner(session(x_wins, {person, person})).text == "X wins");
  // The full board of the tic-tac-toe draw rule test.
  TurnBanner draw = turn_banner(session({"a1", "b1", "c1", "b2", "a2", "a3", "c2", "c3", "b3"}, {person, ai}));
  CHECK(draw.text == "A draw");
  CHECK(draw.detail == "the board is full");
}
