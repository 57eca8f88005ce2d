// Task codes of helper WAGON's part-2 procedures (leaders, Wagon Train, optional rules,
// scripted examples). Internal to src/games/mosby; the core tasks stay private to mosby.cpp.
#pragma once
#include "mosby.h"

namespace gamut::mosby {

enum WagonOp : int16_t {
  W_MOVE = kWagonOps,  // the Wagon Train's Action in a Phase (7.8)
  W_STEP,              // a die roll between equal routes; a: -1 the train, else an escort; c: spaces left
  W_ESCORT_CHECKS,     // a: hidden escorts left to check; b: 1 if those that stay asleep go on the map (7.8)
  W_DRAW,              // a: 1 activated escort, 2 face down (freed), 3 joins Mosby's attack; b: node
  W_DEMOLISH_ROLL,     // a: the demolish action (8.6)
  W_RAIL,              // a: node (8.4)
  W_DEPOT,             // 8.9: the Depot Demolition Table
  W_INTERROGATE,       // a: unit type (8.7)
  W_CANNON_SEARCH,     // 8.3: a Union unit entered the Cannon's hiding place
  W_HIDE_SEARCH,       // 8.3: the search die after Union units enter a hidden Mosby's space
  W_INTERROGATE_Q = kWagonOps + 50,  // decision: interrogate or release (8.7)
};

}  // namespace gamut::mosby
