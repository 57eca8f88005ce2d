// The log a player reads: State::public_name of every legal action, over
// random games of every registered game, says the move in words. Internal
// action ids ("setup:GEEGGEGE", "spin:2 diagonal", "d2:3", "die:4"), the
// fallback seat name ("Player 1") and a seat named twice ("Red: Red: ...")
// must never reach it: action_name stays the stable id for records, and
// public_name is what a person (or a screen reader) reads.
#include <cstdlib>
#include <regex>
#include <set>

#include "checks.h"

using namespace gamut;
using namespace gamut::testing;

namespace {

// Why a public name is not plain words, or "" when it is.
std::string id_pattern(const std::string& name, const State& s) {
  static const std::regex id_colon(R"(\S:\S)");      // "setup:GEE", "d2:3", "lot:Red", "die:4"
  static const std::regex fallback(R"(Player \d)");  // Game::seat_name without rules-data names
  static const std::regex setup_code(R"([GE]{8})");  // Geister's set-up id
  static const std::regex hash_index(R"(#\d)");      // an index into a list
  if (name.empty()) return "empty";
  if (std::regex_search(name, id_colon)) return "an id with a colon";
  if (std::regex_search(name, fallback)) return "a fallback seat name";
  if (std::regex_search(name, setup_code)) return "a set-up code";
  if (std::regex_search(name, hash_index)) return "an index";
  if (name.find('?') != std::string::npos) return "a fallback '?'";
  int t = s.to_move();
  if (t >= 0) {
    // public_log puts "<seat>: " before the move; the move must not say it again.
    std::string seat = s.game().seat_name(t);
    if (name.rfind(seat + ":", 0) == 0) return "the seat named twice";
  }
  return "";
}

}  // namespace

TEST_CASE("public_name: no internal id reaches the log, for any legal action of any game, from any seat") {
  Rng rng(2026);
  for (const std::string& id : game_ids()) {
    auto g = load_game(id);
    std::set<int> seat_counts{g->info().min_seats, g->info().max_seats};
    for (int seats : seat_counts) {
      for (int game = 0; game < 6; ++game) {
        auto s = g->new_state(g->resolve_options(Json::object()), seats);
        long checked = 0;
        for (int ply = 0; ply < 3000 && !s->terminal(); ++ply) {
          std::vector<Action> legal = s->legal();
          REQUIRE(!legal.empty());
          for (Action a : legal)
            for (int viewer = -1; viewer < seats; ++viewer) {
              std::string name = s->public_name(a, viewer), why = id_pattern(name, *s);
              INFO(id, " seats ", seats, " viewer ", viewer, " action ", s->action_name(a), ": \"", name, "\"");
              CHECK_MESSAGE(why.empty(), why);
              ++checked;
            }
          if (std::getenv("GAMUT_PRINT_NAMES") && game == 0 && ply < 60)
            MESSAGE(id, ": ", s->action_name(legal[0]), " => ", s->public_name(legal[0], s->to_move()));
          if (s->to_move() == kChance) {
            std::vector<double> p = s->chance_probs();
            double r = rng.uniform(), acc = 0;
            size_t k = 0;
            for (; k + 1 < p.size(); ++k)
              if ((acc += p[k]) > r) break;
            s->apply(legal[k]);
          } else {
            s->apply(legal[rng.below(int(legal.size()))]);
          }
        }
        CHECK(checked > 0);
      }
    }
  }
}
