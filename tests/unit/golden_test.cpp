// Golden share codes: codes made by earlier releases must keep loading into
// the very same position. A change to the code format, to replay, or to a
// game's rules that breaks one of them fails here. The codes of the first
// games are in tests/golden/codes.txt; a game added since keeps its own in
// its folder (src/games/<id>/golden.txt, tests/games/<id>/golden.txt), so
// adding a game edits no shared file.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
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
  std::string file;
  int line;
  std::string game, code, want;
};

void read_golden_file(const std::string& path, std::vector<Golden>& r) {
  std::ifstream f(path);
  std::string text;
  for (int n = 1; std::getline(f, text); ++n) {
    if (text.empty() || text[0] == '#') continue;
    std::istringstream ss(text);
    Golden g{path.substr(std::string(GAMUT_SOURCE_DIR).size() + 1), n, "", "", ""};
    ss >> g.game >> g.code >> g.want;
    r.push_back(g);
  }
}

std::vector<Golden> read_golden() {
  namespace fs = std::filesystem;
  const std::string root = GAMUT_SOURCE_DIR;
  std::vector<Golden> r;
  read_golden_file(root + "/tests/golden/codes.txt", r);
  std::vector<std::string> own;  // sorted, so failures come in the same order every run
  for (const char* dir : {"/src/games", "/tests/games"})
    if (fs::is_directory(root + dir))
      for (const fs::directory_entry& e : fs::directory_iterator(root + dir))
        if (fs::is_regular_file(e.path() / "golden.txt")) own.push_back((e.path() / "golden.txt").string());
  std::sort(own.begin(), own.end());
  for (const std::string& p : own) read_golden_file(p, r);
  return r;
}

}  // namespace

TEST_CASE("golden share codes: every code still decodes, replays and reaches its position") {
  std::vector<Golden> all = read_golden();
  REQUIRE(all.size() >= 6);  // the file itself must not go missing
  std::vector<std::string> ids = game_ids();
  int checked = 0;
  for (const Golden& g : all) {
    CAPTURE(g.file);
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

TEST_CASE("golden share codes: every registered game has some, so a change to its rules cannot pass unnoticed") {
  std::set<std::string> have;
  for (const Golden& g : read_golden()) have.insert(g.game);
  for (const std::string& id : game_ids()) {
    INFO(id << ": add lines made by `gamut golden --game " << id << "` to its folder's golden.txt");
    CHECK(have.count(id) == 1);
  }
}
