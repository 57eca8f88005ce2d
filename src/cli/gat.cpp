// `gamut gat`: play Geister on a tournament server (GPW/GAT protocol).
#include "cli/gat.h"

#include <cctype>
#include <iostream>
#include <random>

#include "ai/bots.h"
#include "platform/gat_socket.h"

namespace gamut {

std::string gat_bot_name(const std::string& level) {
  // 1-5: the search levels by iterations; anything else is a bot name (ai@1000ms, mc@1000, random).
  if (level.size() == 1 && std::isdigit(static_cast<unsigned char>(level[0]))) return "ai:" + level;
  return level;
}

int cmd_gat(const std::map<std::string, std::string>& f) {
  auto get = [&](const char* k, const char* def) { return f.count(k) ? f.at(k) : std::string(def); };
  std::string host = get("host", "localhost");
  int port = std::stoi(get("port", "10000"));
  std::string bot = gat_bot_name(get("level", "ai@1000ms"));
  make_bot(bot);  // an unknown name fails before connecting
  uint64_t seed =
      f.count("seed") ? std::stoull(f.at("seed")) : uint64_t(std::random_device{}()) << 32 ^ std::random_device{}();
  GatResult r = gat_play(host, port, bot, seed, f.count("verbose") ? &std::cerr : nullptr);
  if (!r.error.empty()) std::cerr << "gamut gat: " << r.error << "\n";
  std::cout << "result: " << (r.result.empty() ? "none" : r.result) << " moves=" << r.moves << " refused=" << r.refused
            << "\n";
  return r.result.empty() ? 1 : 0;
}

}  // namespace gamut
