// The Gray Ghost's sparring bots (issue 22): one ply on the game's own
// heuristic with one of the text's playing tips (CONSEILS DE JEU) pushed to
// a habit.
//   capture: "ne pas manquer une occasion de capturer", and "il est bon d'en
//            capturer davantage": every soldier within reach is taken, far
//            past the five the game asks for;
//   trap:    puts a "You are captured" disc next to a rival and raids the
//            soldier farthest from its raider, otherwise heads straight on.
#include "ai/sparring.h"

#include "gray_ghost.h"

namespace gamut::gray_ghost {
namespace {

std::unique_ptr<Bot> tip(bool capture) {
  return plan_bot([capture](const State&, Action, const State& after, int me) {
    const auto& st = static_cast<const GrayGhostState&>(after);
    double v = st.plain_heuristic(me);
    // The heuristic already follows the trap and raid tips; the capturer adds a soldier's worth.
    return capture ? v + 2.0 * st.raider(me).soldiers : v;
  });
}

}  // namespace

GAMUT_REGISTER_BOT("gray-ghost", "capture", "never misses a capture and takes soldiers past the five",
                   [] { return tip(true); });
GAMUT_REGISTER_BOT("gray-ghost", "trap", "one ply on the tips: traps by a rival, raids far soldiers, heads on",
                   [] { return tip(false); });

}  // namespace gamut::gray_ghost
