// Golden share codes (tests/golden/codes.txt): codes made by earlier releases
// must keep loading into the very same position. A change to the code format,
// to replay, or to a game's rules that breaks one of them fails here.
#include <algorithm>
#include <fstream>
#include <sstream>

#include "checks.h"

using namespace gamut;

namespace {

// Same definition as `gamut golden`: FNV-1a 64 of debug(), then the action count.
std::string fingerprint(const State& s, size_t actions) {
  uint64_t h = 14695981039346656037ULL;
  for (unsigned char c : s.debug()) h = (h ^ c) * 1099511628211ULL;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%016llx:%zu", (unsigned long long)h, actions);
  return buf;
}

struct Golden {
  int line;
  std::string game, code, want;
};

std::vector<Golden> read_golden() {
  std::ifstream f(std::string(GAMUT_SOURCE_DIR) + "/tests/golden/codes.txt");
  std::vector<Golden> r;
  std::string text;
  for (int n = 1; std::getline(f, text); ++n) {
    if (text.empty() || text[0] == '#') continue;
    std::istringstream ss(text);
    Golden g{n, "", "", ""};
    ss >> g.game >> g.code >> g.want;
    r.push_back(g);
  }
  return r;
}

}  // namespace

TEST_CASE("golden share codes: every code still decodes, replays and reaches its position") {
  std::vector<Golden> all = read_golden();
  REQUIRE(all.size() >= 6);  // the file itself must not go missing
  std::vector<std::string> ids = game_ids();
  int checked = 0;
  for (const Golden& g : all) {
    CAPTURE(g.line);
    CAPTURE(g.code);
    REQUIRE(!g.want.empty());
    // A build with only some games (GAMUT_GAMES) cannot check the others.
    if (std::find(ids.begin(), ids.end(), g.game) == ids.end()) continue;
    Record r = decode_share_code(g.code);
    CHECK(r.game == g.game);
    Match m(r);
    CHECK(fingerprint(m.state(), m.record().actions.size()) == g.want);
    // The decoded record survives another trip through the current encoder.
    Record again = decode_share_code(encode_share_code(m.record()));
    CHECK(again.actions == m.record().actions);
    CHECK(again.seed == r.seed);
    ++checked;
  }
  CHECK(checked > 0);
}
