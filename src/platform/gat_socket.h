// TCP client for the Geister tournament server (POSIX; not in the web build).
#pragma once
#include <cstdint>
#include <ostream>
#include <string>

namespace gamut {

struct GatResult {
  std::string result;  // "WON", "LST", "DRW"; empty when the connection dropped first
  int moves = 0, refused = 0;
  std::string error;
};

// Connects to host:port, plays one game with the bot named `bot` (make_bot
// names), and returns how it ended. Every line in and out goes to `log` if given.
GatResult gat_play(const std::string& host, int port, const std::string& bot, uint64_t seed, std::ostream* log);

}  // namespace gamut
