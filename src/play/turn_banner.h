// The turn banner's words: whose turn it is, or how the game ended, said from
// the side of the person at the screen ("Your move", "You lose"), by seat name
// where several people share the screen or nobody plays ("North's move").
#pragma once
#include <string>

#include "session.h"

namespace gamut {

struct TurnBanner {
  std::string text;    // "Your move", "The AI is thinking", "You win"...
  std::string detail;  // how the game ended, once it has ("all four blue ghosts taken"); else ""
  int seat = -1;       // whose colour the banner wears: the seat to move, or the winner; -1 none
};

TurnBanner turn_banner(const Session& s);

}  // namespace gamut
