// Rule tests for Mosby's Raiders. Sections cite seed 002_2a7019d436107931.txt;
// DCH, KCD and UWT are its three Examples of Play.
#include "games/mosby/mosby.h"

#include <cstdlib>
#include <iostream>
#include <set>

#include "ai/bots.h"
#include "checks.h"

using namespace gamut;
using namespace gamut::testing;
using mosby::MosbyState;

namespace {
const mosby::MosbyGame& game() { return static_cast<const mosby::MosbyGame&>(*load_game("mosby")); }
int node(const char* n) { return game().node(n); }
std::unique_ptr<State> fresh() { return replay("mosby", {}); }
MosbyState& M(std::unique_ptr<State>& s) { return static_cast<MosbyState&>(*s); }
bool has(const State& s, const std::string& name) { return s.find_action(name) >= 0; }
std::string top_names(const State& s) {
  std::string r;
  for (auto& n : legal_names(s)) r += n + " ";
  return r;
}
}  // namespace

TEST_CASE("mosby trace: one greedy game, printed when MOSBY_TRACE is set" *
          doctest::skip(!std::getenv("MOSBY_TRACE"))) {
  auto s = fresh();
  Rng rng(std::atoi(std::getenv("MOSBY_TRACE")));
  auto bot = make_bot("greedy");
  int guard = 0;
  while (!s->terminal() && guard++ < 20000) {
    Action a = s->to_move() == kChance ? chance_outcome(*s, rng) : bot->choose(*s, 0, rng);
    std::string step = M(s).step();
    std::string nm = s->action_name(a);
    s->apply(a);
    std::cout << "[T" << M(s).turn() << " N" << M(s).notoriety() << "." << M(s).pp() << " A" << M(s).awareness() << " S"
              << M(s).strength() << "] " << step << " => " << nm << "   | " << M(s).last_roll() << "\n";
  }
  std::cout << s->describe_result() << "\n";
}

TEST_CASE("mosby: the map holds every adjacency the rulebook states or implies (2.4, 6.1, 7.4, DCH, KCD)") {
  const auto& g = game();
  auto adjacent = [&](const char* a, const char* b) {
    for (int n : g.board().neighbours(node(a)))
      if (n == node(b)) return true;
    return false;
  };
  // Stated pairs: moves, scouts (6.1 needs adjacency), random-movement roads and activation lists.
  const char* pairs[][2] = {{"Washington", "Fort Slocum"},
                            {"Washington", "Fort Runyon"},
                            {"Greenwich", "Bristoe Station"},
                            {"Groveton", "Manassas Junction"},
                            {"Manassas Junction", "Union Mills"},
                            {"Union Mills", "Centreville"},
                            {"Union Mills", "Fairfax Station"},
                            {"Union Mills", "Bradley"},
                            {"Groveton", "Gainesville"},
                            {"Gainesville", "Haymarket"},
                            {"Occoquan", "Fairfax Station"},
                            {"Fairfax Station", "Fairfax Court House"},
                            {"Fairfax Station", "Springfield Station"},
                            {"Fairfax Station", "Pohick Church"},
                            {"Manassas Junction", "Bristoe Station"},
                            {"Greenwich", "Gainesville"},
                            {"Haymarket", "White Plains"},
                            {"Gum Spring", "Chantilly"},
                            {"Chantilly", "Fairfax Court House"},
                            {"Fairfax Court House", "Annandale"},
                            {"Annandale", "Alexandria"},
                            {"Alexandria", "Fort Runyon"},
                            {"Alexandria", "Bailey's Crossroads"},
                            {"Alexandria", "Vernondale"},
                            {"Vernondale", "Pohick Church"},
                            {"Bailey's Crossroads", "Fort Marcy"},
                            {"Bailey's Crossroads", "Fort Runyon"},
                            {"Bailey's Crossroads", "Falls Church"},
                            {"Vernondale", "Springfield Station"}};
  for (auto& p : pairs) CHECK_MESSAGE(adjacent(p[0], p[1]), p[0] << " - " << p[1]);
  // DCH: "nor is an Activation check made for Bristoe Station because it is not adjacent to Union Mills".
  CHECK(!adjacent("Union Mills", "Bristoe Station"));
  // Complete neighbour sets where the examples list every check (DCH demolition, DCH Phases, KCD first Phase).
  auto set = [&](const char* a) {
    std::set<std::string> r;
    for (int n : g.board().neighbours(node(a))) r.insert(g.name(n));
    return r;
  };
  CHECK(set("Union Mills") == std::set<std::string>{"Manassas Junction", "Centreville", "Fairfax Station", "Bradley"});
  CHECK(set("Fairfax Station") == std::set<std::string>{"Union Mills", "Fairfax Court House", "Springfield Station",
                                                        "Pohick Church", "Occoquan"});
  CHECK(set("Alexandria") == std::set<std::string>{"Annandale", "Fort Runyon", "Bailey's Crossroads", "Vernondale"});
  // DCH: Centreville was left unrevealed yet not checked next to Manassas Junction.
  CHECK(!adjacent("Manassas Junction", "Centreville"));
  // Move counts the examples give: units moving 3 (or 4 on a 6) along the most direct route.
  auto dist = [&](const char* a, const char* b) {
    std::vector<int> d(g.board().nodes.size(), 99), q{node(a)};
    d[node(a)] = 0;
    for (size_t i = 0; i < q.size(); ++i)
      for (int n : g.board().neighbours(q[i]))
        if (d[n] == 99) d[n] = d[q[i]] + 1, q.push_back(n);
    return d[node(b)];
  };
  CHECK(dist("Occoquan", "Haymarket") == 6);           // DCH: 3 spaces to Manassas Junction, 3 more to go
  CHECK(dist("Manassas Junction", "Haymarket") == 3);  // DCH HIDE: through Groveton and Gainesville
  CHECK(dist("Union Mills", "Haymarket") == 4);        // DCH: a 6 moves the Union Mills unit 4 spaces into Haymarket
  CHECK(dist("Bristoe Station", "Haymarket") == 3);    // DCH HIDE: through Greenwich and Gainesville
  CHECK(dist("Falls Church", "Vernondale") == 3);      // KCD third Phase
  CHECK(dist("Fort Marcy", "Vernondale") == 3);
  // 7.4: roads counted clockwise from road 1.
  auto road = [&](const char* a, int die) { return g.name(g.roads[node(a)][(die - 1) % g.roads[node(a)].size()]); };
  CHECK(road("Washington", 1) == "Fort Slocum");
  CHECK(road("Washington", 5) == "Fort Runyon");
  CHECK(road("Haymarket", 6) == "Gainesville");
  CHECK(road("Haymarket", 2) == "White Plains");
  CHECK(road("Gainesville", 4) == "Groveton");
  // Typed links the text names: Washington-Fort Slocum road, Washington-Fort Runyon track over the Potomac.
  int road_t = g.board().edge_type("road"), track_t = g.board().edge_type("track");
  CHECK(g.board().neighbours(node("Washington"), road_t).size() >= 1);
  auto nb = g.board().neighbours(node("Washington"), track_t);
  CHECK(std::find(nb.begin(), nb.end(), node("Fort Runyon")) != nb.end());
}

TEST_CASE(
    "mosby: map data - lines, Confederacy, Troop Concentrations, bridges, depots, flags, extend numbers (2.4, 7.1)") {
  const auto& g = game();
  for (const char* n : {"Union Mills", "Occoquan", "Dumfries", "Alexandria", "Farmwell Station", "Harpers Ferry"})
    CHECK(std::find(g.bridges.begin(), g.bridges.end(), node(n)) != g.bridges.end());
  CHECK(g.bridges.size() == 6);
  for (const char* n : {"Fairfax Station", "Fairfax Court House", "Alexandria"}) CHECK(g.orig_tc[node(n)]);
  // Inside the original lines per the examples; outside per Operations moves without checks.
  for (const char* n : {"Manassas Junction", "Chantilly", "Union Mills", "Centreville", "Bristoe Station", "Annandale",
                        "Falls Church", "Vernondale", "Pohick Church", "Occoquan", "Springfield Station", "Bradley"})
    CHECK_MESSAGE(g.orig_lines[node(n)], n);
  for (const char* n : {"Groveton", "Gainesville", "Haymarket", "Gum Spring", "Greenwich", "White Plains"})
    CHECK_MESSAGE(!g.orig_lines[node(n)], n);
  int confed = 0;
  for (size_t n = 0; n < g.board().nodes.size(); ++n) {
    confed += g.confed[n];
    CHECK(!(g.confed[n] && g.orig_lines[n]));
  }
  CHECK(confed >= 10);
  CHECK(g.depot_sites.size() == 6);
  int flags = 0;
  for (bool f : g.flag) flags += f;
  CHECK(flags == 4);  // four Place Union Troop Concentration cards
  // Extend result 6 is the Manassas Gap railroad only.
  for (size_t n = 0; n < g.board().nodes.size(); ++n)
    if (g.extend[n][6]) CHECK(g.railroad[n]);
  for (int k = 1; k <= 6; ++k) {
    int c = 0;
    for (size_t n = 0; n < g.board().nodes.size(); ++n) c += g.extend[n][k];
    CHECK(c > 0);
  }
  // Every element carries its source.
  for (const Json& n : g.data()["board"]["nodes"]) CHECK(n.contains("source"));
  for (const Json& e : g.data()["board"]["edges"]) CHECK(e.contains("source"));
  CHECK(g.data()["counters"]["total"] == 193);
}

TEST_CASE("mosby: 300 random games hold every invariant and round-trip through saves") {
  auto st = random_games("mosby", 300, 1985, 1);
  CHECK(st.games == 300);
  CHECK(st.round_trips > 300);
  MESSAGE("wins " << st.wins[0] << " plies " << st.plies);
}
