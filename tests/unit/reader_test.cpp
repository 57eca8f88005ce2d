// The screen reader's page API (Table::reader): for every game, the legal
// moves it offers are exactly the legal actions, each once, named as the log
// names them; the banner speaks from the screen seat's side; under the
// hand-over cover it holds nothing of either seat. Names no game.
#include <doctest/doctest.h>

#include <regex>
#include <set>

#include "core/text.h"
#include "play/table.h"

using namespace gamut;

namespace {

double fixed_date() { return 1.7e12; }

struct Fixture {
  MemoryStorage storage;
  Table table{storage, fixed_date};
};

// Every action the reader offers, with its label.
std::vector<std::pair<std::string, std::string>> offered(const Json& r) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Json& g : r["moves_by_piece"]) {
    CHECK(!g["label"].get<std::string>().empty());
    for (const Json& m : g["moves"]) out.push_back({m["action"], m["label"]});
  }
  return out;
}

}  // namespace

TEST_CASE("reader: every legal move is offered once, in the log's words, and the banner says whose move it is") {
  for (const std::string& id : game_ids()) {
    INFO(id);
    Fixture f;
    auto g = load_game(id);
    std::string seats = g->info().min_seats == 1 ? R"(["human"])" : R"(["human", "human"])";
    REQUIRE(f.table.new_game(id, R"({"seed": 21, "seats": )" + seats + "}") == "");
    for (int ply = 0; ply < 30; ++ply) {
      Session& s = *f.table.session();
      if (s.state().terminal()) break;
      std::string err;
      if (s.covered()) {
        Json r = f.table.reader();
        // The cover: nothing of either seat, only whom to hand over to.
        CHECK(r["log"].empty());
        CHECK(r["position"].empty());
        CHECK(r["moves_by_piece"].empty());
        CHECK(r["banner"].get<std::string>().find(g->seat_name(s.state().to_move())) != std::string::npos);
        REQUIRE(f.table.command("uncover", err));
      }
      const State& st = s.state();
      if (st.to_move() < 0) {
        f.table.step(1000, 0);
        continue;
      }
      Json r = f.table.reader();
      CHECK(r["seat"] == st.to_move());
      std::string banner = r["banner"];
      CHECK(banner.rfind(T("Your move"), 0) == 0);
      CHECK(!r["position"].empty());
      for (const Json& line : r["position"]) {
        INFO(line.get<std::string>());
        CHECK(!std::regex_search(line.get<std::string>(), std::regex(R"(Player \d)")));
      }
      CHECK(r["log"] == f.table.state()["log"]);
      auto moves = offered(r);
      std::set<std::string> names;
      for (auto& [a, label] : moves) {
        names.insert(a);
        CHECK(label == st.public_name(st.find_action(a), st.to_move()));
      }
      CHECK(names.size() == moves.size());  // each once
      std::vector<std::string> legal;
      for (Action a : st.legal()) legal.push_back(st.action_name(a));
      CHECK(names == std::set<std::string>(legal.begin(), legal.end()));
      REQUIRE(f.table.act(moves.front().first) == "");
      f.table.step(1000, 0);
    }
  }
}

TEST_CASE("reader: the rules come from the rules data, each rule with its sources") {
  for (const std::string& id : game_ids()) {
    INFO(id);
    Fixture f;
    REQUIRE(f.table.new_game(id, "{}") == "");
    Json r = f.table.rules();
    const Json& data = load_game(id)->data()["rules"];
    REQUIRE(r["rules"].size() == data.size());
    for (size_t i = 0; i < data.size(); ++i) {
      CHECK(r["rules"][i]["title"] == data[i]["title"]);
      CHECK(!r["rules"][i]["sources"].empty());
    }
  }
}
