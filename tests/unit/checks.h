// Checks every game must pass; each game's test file calls them.
#pragma once
#include <doctest/doctest.h>

#include "ai/bots.h"
#include "core/match.h"

namespace gamut::testing {

struct SimStats {
  long games = 0, plies = 0, round_trips = 0;
  std::vector<long> wins;
  long draws = 0;
  double score = 0;  // summed State::score() of the final states
};

// Plays n random games. At every state: invariants hold, legal actions are
// sorted and unique. Every 16 plies: the share code round-trips. At powers
// of two and at the end: the JSON save reloads into the identical state and
// identical views for every seat, and a clone matches. `bot` names the player
// (make_bot); the default picks uniformly among the legal actions.
SimStats random_games(const std::string& id, int n, uint64_t seed, int seats, const Json& options = Json::object(),
                      const std::string& bot = "random");

// Each of the game's sparring bots (ai/sparring.h) plays `n` whole games
// against random players, taking each seat in turn: every choice is legal,
// every state holds its invariants, and at every choice the bot picks the
// same action on a determinization of its seat's view as on the true state
// (same seed), so it decides from its view alone. Fails when the game has
// fewer than two sparring bots. Plies are capped at max_plies per game.
void sparring_games(const std::string& id, int n, int seats, uint64_t seed, int max_plies = 4000);

// Replays a record and returns the state; fails the test on an illegal action.
std::unique_ptr<State> replay(const std::string& id, const std::vector<std::string>& moves,
                              const Json& options = Json::object(), int seats = 0, uint64_t seed = 1);
// Plays named actions on a state, failing the test with the legal list when one is illegal.
void play(State& s, const std::vector<std::string>& moves);
std::vector<std::string> legal_names(const State& s);
// Of seeds 1..n, how many make the bot `bot` (a make_bot name), playing
// `seat`, choose the action named `move`: a search is noisy, so a test
// counts its choices over fixed seeds instead of trusting one.
int times_chosen(const State& s, const std::string& bot, int seat, const std::string& move, int n);
// The same for any of several moves (two ways to make one capture, say).
int times_chosen_any(const State& s, const std::string& bot, int seat, const std::vector<std::string>& moves, int n);

}  // namespace gamut::testing
