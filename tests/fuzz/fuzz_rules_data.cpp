// Rules data are parsed as data, never trusted as code: a damaged file must be
// refused with an exception, never crash. The "game" field picks the game's
// constructor so mutations of a real file stay with that game; other inputs
// go to every registered game.
//
// Game constructors read their own fields with nlohmann's typed getters, so a
// field of the wrong type may surface as json::exception rather than
// DataError: both are caught messages, only memory errors, UB, aborts and
// hangs count as crashes here (unless GAMUT_FUZZ_STRICT is set, see below).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/game.h"

using namespace gamut;

// GAMUT_FUZZ_STRICT=1: only DataError is an acceptable refusal, so any other
// exception aborts and shows where a loader skips its own validation.
static const bool strict = std::getenv("GAMUT_FUZZ_STRICT") != nullptr;

static void try_game(const std::string& id, const Json& j) {
  try {
    auto g = make_game(id, j, 1);
    auto s = g->new_state(g->resolve_options(Json()), g->info().min_seats);
    (void)s->legal();
    (void)s->view(-1);
  } catch (const DataError&) {
  } catch (const std::exception&) {
    if (strict) throw;
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Json j;
  try {
    j = parse_json_text(std::string(reinterpret_cast<const char*>(data), size), "fuzz");
  } catch (const DataError&) {
    return 0;
  }
  try {
    (void)Board::from_json(j.is_object() && j.contains("board") ? j["board"] : j, "fuzz board");
  } catch (const DataError&) {
  } catch (const std::exception&) {
    if (strict) throw;
  }
  std::vector<std::string> ids = game_ids();
  if (j.is_object() && j.contains("game") && j["game"].is_string()) {
    std::string id = j["game"].get<std::string>();
    if (std::find(ids.begin(), ids.end(), id) != ids.end()) ids = {id};
  }
  for (const std::string& id : ids) try_game(id, j);
  return 0;
}
