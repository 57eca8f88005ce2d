// Mosby's Raiders' sparring bands (issue 22): one ply on the game's own
// heuristic, with one habit on top.
//   demolish: demolishes whatever it can (bridges, depots, railroad, the
//             Wagon Train) before anything else, and shuns a fight;
//   combat:   attacks and stands to fight whenever it can.
#include "ai/sparring.h"

#include "mosby.h"

namespace gamut::mosby {
namespace {

double habit(const State& before, Action a, bool demolition) {
  std::string n = before.action_name(a);
  bool demolish = n.rfind("demolish", 0) == 0, fight = n == "attack" || n == "stand and fight";
  if (demolition) return demolish ? 40 : fight ? -20 : 0;
  return fight ? 40 : demolish ? -5 : 0;
}

std::unique_ptr<Bot> band(bool demolition) {
  return plan_bot([demolition](const State& before, Action a, const State& after,
                               int me) { return after.heuristic(me) + habit(before, a, demolition); },
                  1);
}

}  // namespace

GAMUT_REGISTER_BOT("mosby", "demolish", "demolishes whatever it can first and shuns a fight",
                   [] { return band(true); });
GAMUT_REGISTER_BOT("mosby", "combat", "attacks and stands to fight whenever it can", [] { return band(false); });

}  // namespace gamut::mosby
