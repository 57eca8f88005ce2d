// Engine core: data loading, boards, records, undo, share codes.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "checks.h"
#include "core/text.h"

using namespace gamut;
using namespace gamut::testing;

TEST_CASE("rng: same seed, same stream") {
  Rng a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) REQUIRE(a.next() == b.next());
  CHECK(a.next() != c.next());
}

TEST_CASE("board: loads nodes and typed edges") {
  Json j = {{"edge_types", {{"road", Json::object()}, {"track", Json::object()}}},
            {"nodes", {{{"id", "A"}, {"x", 0}, {"y", 0}}, {{"id", "B"}, {"x", 1}, {"y", 0}, {"tags", {"depot"}}}}},
            {"edges", {{{"a", "A"}, {"b", "B"}, {"type", "track"}}}}};
  Board b = Board::from_json(j, "t");
  CHECK(b.nodes.size() == 2);
  CHECK(b.neighbours(0) == std::vector<int>{1});
  CHECK(b.neighbours(0, b.edge_type("road")).empty());
  CHECK(b.tagged("depot") == std::vector<int>{1});
  CHECK(b.describe() == "A: track B\nB: track A\n");
}

TEST_CASE("board: bad data fails with a message naming the item") {
  Json base = {{"edge_types", {{"road", Json::object()}}},
               {"nodes", {{{"id", "A"}, {"x", 0}, {"y", 0}}, {{"id", "B"}, {"x", 1}, {"y", 0}}}},
               {"edges", {{{"a", "A"}, {"b", "C"}, {"type", "road"}}}}};
  CHECK_THROWS_WITH_AS(Board::from_json(base, "t"), "t: edge 0: unknown node 'C'", DataError);
  base["edges"][0]["b"] = "B";
  base["edges"][0]["type"] = "rail";
  CHECK_THROWS_WITH_AS(Board::from_json(base, "t"), "t: edge 0: unknown edge type 'rail'", DataError);
  base["nodes"][1]["id"] = "A";
  CHECK_THROWS_WITH_AS(Board::from_json(base, "t"), "t: node 'A': duplicate node id", DataError);
  base["nodes"][1].erase("id");
  CHECK_THROWS_WITH_AS(Board::from_json(base, "t"), "t: node 1: missing \"id\"", DataError);
}

TEST_CASE("data: a broken JSON file gives a clear error") {
  std::string dir = "/tmp/gamut-data-test";
  std::string cmd = "mkdir -p " + dir + "/geister";
  REQUIRE(std::system(cmd.c_str()) == 0);
  std::ofstream(dir + "/geister/v1.json") << "{ \"game\": \"geister\", ";
  set_data_dir(dir);
  CHECK_THROWS_AS(load_rules_data("geister", 1), DataError);
  try {
    load_rules_data("geister", 1);
  } catch (const DataError& e) {
    CHECK(std::string(e.what()).find("not valid JSON") != std::string::npos);
  }
  std::ofstream(dir + "/geister/v1.json") << R"({"game":"geister","version":1,"info":{}})";
  CHECK_THROWS_AS(load_rules_data("geister", 2), DataError);
  set_data_dir("");
}

// The web build packs the data (scripts/pack-data): minified, and a game's old versions as
// patches of the next one. Every version of every game must load from the pack as the very
// same JSON as from its source file (compared as text: 1 and 1.0 are different numbers).
TEST_CASE("data: the web build's packed data loads as the source files, old versions from their patches") {
  namespace fs = std::filesystem;
  const std::string src = GAMUT_SOURCE_DIR;
  const fs::path tmp = fs::temp_directory_path() / "gamut-pack-test";
  fs::remove_all(tmp);
  std::string cmd = "python3 " + src + "/scripts/pack-data " + tmp.string() + " " + src + "/rules-data=rules-data " +
                    src + "/tests/games=test-games";
  REQUIRE(std::system(cmd.c_str()) == 0);
  const std::string from = src + "/rules-data:" + src + "/tests/games";
  const std::string packed = (tmp / "rules-data").string() + ":" + (tmp / "test-games").string();
  int patches = 0, versions = 0;
  for (const char* dir : {"rules-data", "test-games"})
    for (const fs::directory_entry& e : fs::directory_iterator(tmp / dir)) {
      std::string id = e.path().filename().string();
      set_data_dir(from);
      int n = latest_data_version(id);
      std::vector<std::string> want;
      for (int v = 1; v <= n; ++v) want.push_back(load_rules_data(id, v).dump());
      set_data_dir(packed);
      CHECK(latest_data_version(id) == n);
      for (int v = 1; v <= n; ++v) {
        CAPTURE(id);
        CAPTURE(v);
        CHECK(load_rules_data(id, v).dump() == want[size_t(v - 1)]);
        patches += fs::exists(e.path() / ("v" + std::to_string(v) + ".patch.json"));
        ++versions;
      }
      CHECK_FALSE(fs::exists(e.path() / ("v" + std::to_string(n) + ".patch.json")));  // the newest stays whole
    }
  CHECK(patches >= 3);  // the patches themselves were loaded above, not only whole files
  CHECK(versions > patches);
  // The games' French tables, packed as indices into their rules data's strings, read the same.
  set_data_dir(from);
  auto want_fr = load_game_languages("fr");
  set_data_dir(packed);
  CHECK(fs::exists(tmp / "rules-data" / "geister" / "fr.packed.json"));
  CHECK_FALSE(fs::exists(tmp / "rules-data" / "geister" / "fr.json"));
  CHECK(want_fr.size() >= 5);
  CHECK(load_game_languages("fr") == want_fr);
  // A patch must name a later version as its base; one that does not is bad data, not a loop.
  // A patch that does not apply to its base is bad data too.
  const fs::path g = tmp / "rules-data" / "geister";
  std::ofstream(g / "v2.patch.json") << R"({"base": 2, "patch": []})";
  set_data_dir(packed);
  CHECK_THROWS_WITH_AS(load_rules_data("geister", 2), doctest::Contains("a later version"), DataError);
  std::ofstream(g / "v3.json") << R"({"game": "geister", "version": 3})";
  std::ofstream(g / "v2.patch.json")
      << R"({"base": 3, "patch": [{"op": "replace", "path": "/nowhere/x", "value": 1}]})";
  CHECK_THROWS_WITH_AS(load_rules_data("geister", 2), doctest::Contains("does not apply"), DataError);
  set_data_dir("");
  fs::remove_all(tmp);
}

TEST_CASE("options: defaults fill in; unknown keys and bad values are refused") {
  auto g = load_game("geister");
  Json o = g->resolve_options(Json());
  CHECK(o["max_plies"] == 300);
  CHECK(o["first"] == "lot");
  CHECK_THROWS_AS(g->resolve_options({{"colour", 1}}), DataError);
  CHECK_THROWS_AS(g->resolve_options({{"max_plies", "many"}}), DataError);
  CHECK_THROWS_AS(g->resolve_options({{"first", "East"}}), DataError);
}

TEST_CASE("match: chance draws depend only on seed and ply, so undo never rerolls") {
  Record r;
  r.game = "geister";
  r.seed = 99;
  Match m(r);
  m.play(m.state().find_action("setup:GGGGEEEE"));
  m.play(m.state().find_action("setup:EEEEGGGG"));
  m.resolve_chance();
  int first = m.state().to_move();
  Action mv = m.state().legal().front();
  m.play(mv);
  REQUIRE(m.undo(first));
  CHECK(m.record().actions.size() == 3);  // the lot stays
  CHECK(m.state().to_move() == first);
  REQUIRE(m.redo(first));
  CHECK(m.record().actions.back() == mv);
  // Undo by a seat takes back the other seat's reply as well.
  Action reply = m.state().legal().back();
  m.play(reply);
  REQUIRE(m.undo(first));
  CHECK(m.record().actions.size() == 3);
  CHECK(m.can_redo());
}

TEST_CASE("share code: round-trips and refuses damage with a clear message") {
  Record r;
  r.game = "geister";
  r.version = 1;
  r.options = {{"first", "South"}, {"max_plies", 300}};
  r.seats = 2;
  r.seed = 0xdeadbeefcafeULL;
  r.actions = {0, 69, 100, 4000, 1395};
  std::string code = encode_share_code(r);
  Record b = decode_share_code(code);
  CHECK(b.game == r.game);
  CHECK(b.seed == r.seed);
  CHECK(b.actions == r.actions);
  CHECK(b.options == r.options);
  CHECK_THROWS_WITH_AS(decode_share_code(code.substr(0, code.size() - 3)), doctest::Contains("damaged"), DataError);
  std::string bad = code;
  bad[5] = bad[5] == 'A' ? 'B' : 'A';
  CHECK_THROWS_AS(decode_share_code(bad), DataError);
  CHECK_THROWS_WITH_AS(decode_share_code("abc$"), doctest::Contains("does not belong"), DataError);
  CHECK_THROWS_AS(decode_share_code(""), DataError);
}

TEST_CASE("match: a record with an illegal action is refused, naming the move") {
  Record r;
  r.game = "geister";
  r.actions = {0, 5, 9999};
  CHECK_THROWS_WITH_AS(Match{r}, doctest::Contains("move 3"), DataError);
}

TEST_CASE("ai levels: every game's ladder of search iterations rises from level 1 to 5") {
  for (const std::string& id : game_ids()) {
    auto g = load_game(id);
    auto s = g->new_state(g->resolve_options(Json()), g->info().min_seats);
    INFO(id);
    CHECK(s->level_iterations(1) >= 10);
    for (int lv = 2; lv <= 5; ++lv) CHECK(s->level_iterations(lv) > s->level_iterations(lv - 1));
    CHECK(level_params(3, *s).iterations == s->level_iterations(3));
  }
  // Games that measured their own ladder (see their headers).
  auto bg = load_game("blue-and-gray");
  CHECK(bg->new_state(bg->resolve_options(Json()), 2)->level_iterations(1) == 1000);
  auto un = load_game("uncle");
  CHECK(un->new_state(un->resolve_options(Json()), 2)->level_iterations(2) == 2000);
}

TEST_CASE("bots: names parse whole, and a bad one is refused with the names that work") {
  for (const char* ok : {"random", "greedy", "mc", "mc:500", "mc@20", "ai", "ai:1", "ai:5", "ai@20ms"})
    CHECK_NOTHROW(make_bot(ok));
  // These once became a bot that does not search (mc500) or a bare "stoi" error (mcfoo).
  CHECK_THROWS_WITH_AS(make_bot("mc500"),
                       "unknown bot 'mc500' (random, greedy, mc, mc:N, mc@MS, ai, ai:1-5, ai@MS, bot:NAME)", DataError);
  CHECK_THROWS_WITH_AS(make_bot("mcfoo"),
                       "unknown bot 'mcfoo' (random, greedy, mc, mc:N, mc@MS, ai, ai:1-5, ai@MS, bot:NAME)", DataError);
  CHECK_THROWS_WITH_AS(make_bot("mc:0"), "bad playout count in bot 'mc:0' (1-10000000)", DataError);
  CHECK_THROWS_WITH_AS(make_bot("ai:3x"), "bad AI level in bot 'ai:3x' (1-5)", DataError);
  CHECK_THROWS_WITH_AS(make_bot("ai:9"), "bad AI level in bot 'ai:9' (1-5)", DataError);
  CHECK_THROWS_AS(make_bot("ai@0"), DataError);
  CHECK_THROWS_AS(make_bot("greedy@10"), DataError);
}
