// Play by link through the table (play/table.h), as the page API drives it:
// two browsers, each a Table on its own storage, pass the link after every
// move; a tampered link is refused and the stored game stays as it was. The
// game is the first one with hidden information that can be played by link,
// so the test names none.
#include <doctest/doctest.h>

#include "corr_play.h"
#include "play/corr.h"
#include "play/table.h"

using namespace gamut;

namespace {

std::string secret_game() {
  for (const std::string& id : game_ids())
    if (corr::available(id) && load_game(id)->info().hidden_info) return id;
  return "";
}

struct Browser {
  MemoryStorage storage;
  Table table{storage, [] { return 1.7e12; }};
  // A random legal move when it is this browser's seat's; false when it is not.
  bool move(Rng& rng) {
    Json s = table.state();
    if (!s["by_link"]["your_turn"].get<bool>() || s["legal_actions"].empty()) return false;
    const Json& l = s["legal_actions"];
    REQUIRE(table.act(l[size_t(rng.below(int(l.size())))].get<std::string>()) == "");
    return true;
  }
};

}  // namespace

TEST_CASE("corr table: two browsers play a whole game by link; the result says verified") {
  std::string id = secret_game();
  REQUIRE(!id.empty());
  Browser b[2];
  REQUIRE(b[0].table.new_game(id, R"({"by_link": true})") == "");
  Rng rng(99);
  int at = 0, links = 0;
  for (int guard = 0; guard < 3000; ++guard) {
    Json s = b[at].table.state();
    REQUIRE(s["by_link"].is_object());
    if (b[at].move(rng)) continue;
    if (s["by_link"]["finished"].get<bool>() && b[1 - at].table.session() &&
        b[1 - at].table.state()["by_link"]["finished"].get<bool>())
      break;
    std::string link = "https://example.org/#play=" + b[at].table.share_code();
    at = 1 - at;
    REQUIRE(b[at].table.load(link) == "");
    ++links;
  }
  for (Browser& x : b) {
    Json s = x.table.state();
    CHECK(s["by_link"]["verified"].get<bool>());
    REQUIRE(s["result"].is_string());
    CHECK(s["result"].get<std::string>().find("(verified)") != std::string::npos);
    // The library keeps one entry for the game, finished.
    std::vector<Table::Entry> lib = x.table.library();
    REQUIRE(lib.size() == 1);
    CHECK(lib[0].finished);
    CHECK(lib[0].players == std::vector<std::string>{"human", "human"});  // people at both seats, none an AI
  }
  CHECK(b[0].table.state()["by_link"]["seat"] == 0);
  CHECK(b[1].table.state()["by_link"]["seat"] == 1);
  CHECK(links > 4);
}

TEST_CASE("corr table: a link that changes a past move is refused; storage unchanged; a seat key moves a seat") {
  std::string id = secret_game();
  REQUIRE(!id.empty());
  Browser b[2];
  REQUIRE(b[0].table.new_game(id, R"({"by_link": true})") == "");
  Rng rng(5);
  int at = 0;
  // Until both have made two moves of their own.
  int moves = 0;
  for (int guard = 0; guard < 200 && moves < 4; ++guard) {
    if (b[at].move(rng)) {
      ++moves;
      continue;
    }
    std::string link = b[at].table.share_code();
    at = 1 - at;
    REQUIRE(b[at].table.load(link) == "");
  }
  REQUIRE(moves == 4);
  // The browser that has the newest link passes it on; the other holds an older one.
  int sender = at, receiver = 1 - at;
  corr::Link l = testing::changed_move(corr::decode_link(b[sender].table.share_code()), receiver);
  std::map<std::string, std::string> before = b[receiver].storage.items;
  std::string err = b[receiver].table.load(corr::encode_link(l));
  CHECK(err.find("changes move") != std::string::npos);
  CHECK(b[receiver].storage.items == before);
  // The honest link is taken.
  CHECK(b[receiver].table.load(b[sender].table.share_code()) == "");

  // The receiver's seat on a third device: the link alone gives no seat; the key does.
  Browser other;
  REQUIRE(other.table.load(b[receiver].table.share_code()) == "");
  CHECK(other.table.state()["by_link"]["seat"] == -1);
  std::string key = b[receiver].table.seat_key();
  REQUIRE(!key.empty());
  REQUIRE(other.table.load(key) == "");
  CHECK(other.table.state()["by_link"]["seat"] == receiver);
  Browser stranger;
  CHECK(!stranger.table.load(key).empty());  // a key without its game: open the link first
}
