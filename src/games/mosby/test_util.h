// What the Mosby's Raiders tests share: the game, its nodes by name, the
// state as its own class, and the legal actions in words for failure messages.
#pragma once
#include <memory>
#include <string>

#include "checks.h"
#include "games/mosby/mosby.h"

namespace gamut::mosby_test {

inline const mosby::MosbyGame& game() { return static_cast<const mosby::MosbyGame&>(*load_game("mosby")); }
inline int node(const char* n) { return game().node(n); }
inline mosby::MosbyState& M(std::unique_ptr<State>& s) { return static_cast<mosby::MosbyState&>(*s); }
inline bool has(const State& s, const std::string& name) { return s.find_action(name) >= 0; }
inline std::string names(const State& s) {
  std::string r;
  for (auto& n : testing::legal_names(s)) r += n + " | ";
  return r;
}

}  // namespace gamut::mosby_test
