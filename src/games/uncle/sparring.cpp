// The Man from U.N.C.L.E.'s sparring bots (issue 22): one ply on the game's
// own heuristic with one plain plan on top.
//   fight: takes on THRUSH agents for tokens first, then goes for its chief;
//   steal: lands on rivals to take their tokens and chief cards.
#include "ai/sparring.h"

#include <bitset>

#include "uncle.h"

namespace gamut::uncle {
namespace {

int cards(unsigned hand) { return int(std::bitset<32>(hand).count()); }

std::unique_ptr<Bot> plan(bool fight) {
  return plan_bot([fight](const State& before, Action, const State& after, int me) {
    const auto& b = static_cast<const UncleState&>(before);
    const auto& g = static_cast<const UncleState&>(after);
    double v = after.heuristic(me);
    if (fight) return v + 1.5 * (g.tokens(me) - b.tokens(me));
    double taken = 0;  // tokens and cards the rivals lost this move
    for (int q = 0; q < after.seats(); ++q)
      if (q != me) taken += (b.tokens(q) - g.tokens(q)) + cards(b.hand(q)) - cards(g.hand(q));
    return v + 1.5 * taken;
  });
}

}  // namespace

GAMUT_REGISTER_BOT("uncle", "fight", "fights THRUSH agents for tokens first, then goes for its chief",
                   [] { return plan(true); });
GAMUT_REGISTER_BOT("uncle", "steal", "lands on rivals to take their tokens and chief cards",
                   [] { return plan(false); });

}  // namespace gamut::uncle
