// Rule tests for Blue and Gray. Sections cite seed 004_670669d83993c10f.txt:
// "Оборудование и установка" (equipment and set-up), "Правила игры" (rules of
// play), "Победа" (victory).
#include "games/blue-and-gray/blue_and_gray.h"

#include <chrono>

#include "ai/bots.h"
#include "checks.h"

using namespace gamut;
using namespace gamut::testing;
using blue_and_gray::BlueGrayState;

namespace {

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// A position with the listed guards; captains stand `adv0`/`adv1` steps along their paths.
std::unique_ptr<State> position(const std::vector<std::string>& blue, const std::vector<std::string>& gray, int adv0,
                                int adv1, int to_move = 0, const Json& opts = Json::object()) {
  auto s = replay("blue-and-gray", {}, opts);
  std::array<int8_t, blue_and_gray::kPoints> g;
  g.fill(blue_and_gray::EMPTY);
  const Board& b = s->game().board();
  for (auto& n : blue) g[b.at(n)] = blue_and_gray::GUARD0;
  for (auto& n : gray) g[b.at(n)] = blue_and_gray::GUARD1;
  static_cast<BlueGrayState&>(*s).set_position(g, adv0, adv1, to_move);
  s->check();
  return s;
}
BlueGrayState& bg(std::unique_ptr<State>& s) { return static_cast<BlueGrayState&>(*s); }

}  // namespace

TEST_CASE(
    "blue-and-gray: 9x9 points, 1 captain and 17 guards on each side's two nearest rows (Оборудование и установка)") {
  auto s = replay("blue-and-gray", {});
  const Board& b = s->game().board();
  CHECK(b.nodes.size() == 81);
  auto& st = bg(s);
  int blue = 0, gray = 0;
  for (int n = 0; n < 81; ++n) {
    int row = b.nodes[n].id[1] - '0';
    int p = st.at(n);
    if (p == blue_and_gray::GUARD0) {
      ++blue;
      CHECK(row <= 2);
    }
    if (p == blue_and_gray::GUARD1) {
      ++gray;
      CHECK(row >= 8);
    }
  }
  CHECK(blue == 17);
  CHECK(gray == 17);
  CHECK(st.at(b.at("e1")) == blue_and_gray::CAPTAIN0);
  CHECK(st.at(b.at("e9")) == blue_and_gray::CAPTAIN1);
  CHECK(st.at(b.at("e5")) == blue_and_gray::EMPTY);
  CHECK(s->to_move() == 0);
  // Orthogonal and diagonal lines join every neighbouring pair of points.
  CHECK(b.neighbours(b.at("e2")).size() == 8);
  CHECK(b.neighbours(b.at("a1")).size() == 3);
}

TEST_CASE(
    "blue-and-gray: each captain's path runs 17 steps from its first row to the centre, point-symmetric (Оборудование "
    "и установка; reconstructed shape)") {
  auto g = std::static_pointer_cast<const blue_and_gray::BlueGrayGame>(load_game("blue-and-gray"));
  const Board& b = g->board();
  for (int s = 0; s < 2; ++s) {
    CHECK(b.nodes[g->path[s][0]].id == (s == 0 ? "e1" : "e9"));
    CHECK(g->path[s][17] == g->centre);
    int ptype = b.edge_type(s == 0 ? "path_blue" : "path_gray");
    for (int i = 1; i < 18; ++i) {
      auto nb = b.neighbours(g->path[s][i - 1], ptype);
      CHECK(std::count(nb.begin(), nb.end(), g->path[s][i]) == 1);
    }
  }
  for (int i = 0; i < 18; ++i) {
    const Node &p = b.nodes[g->path[0][i]], &q = b.nodes[g->path[1][i]];
    CHECK(p.x + q.x == 8);
    CHECK(p.y + q.y == 8);
  }
}

TEST_CASE("blue-and-gray: exactly one piece moves per turn, and the turn passes (Правила игры)") {
  auto s = replay("blue-and-gray", {});
  auto before = bg(s);
  play(*s, {"d2-d3"});
  int changed = 0;
  for (int n = 0; n < 81; ++n) changed += bg(s).at(n) != before.at(n);
  CHECK(changed == 2);
  CHECK(s->to_move() == 1);
  for (auto& n : legal_names(*s)) CHECK(n.back() >= '7');  // only Gray's pieces, all on rows 8-9 (moving to 7-9)
}

TEST_CASE("blue-and-gray: a captain steps forward along its own path onto an empty point only (Правила игры)") {
  auto s = replay("blue-and-gray", {});
  CHECK(!has(legal_names(*s), "e1-d1"));  // d1 is held by a Blue guard
  play(*s, {"d2-d3", "a8-a7", "d1-d2", "a7-a6"});
  auto names = legal_names(*s);
  CHECK(has(names, "e1-d1"));
  int captain_moves = 0;
  for (auto& n : names) captain_moves += n.rfind("e1-", 0) == 0;
  CHECK(captain_moves == 1);  // never off its path
  play(*s, {"e1-d1", "a6-a5"});
  CHECK(bg(s).advance(0) == 1);
  for (auto& n : legal_names(*s)) CHECK(n != "d1-e1");  // never back
  // In the open it still has one move only: the next point of its path.
  auto o = position({}, {"h1"}, 7, 0);
  names = legal_names(*o);
  int from_c3 = 0;
  for (auto& n : names) from_c3 += n.rfind("c3-", 0) == 0;
  CHECK(from_c3 == 1);
  CHECK(has(names, "c3-d4"));
}

TEST_CASE("blue-and-gray: a captain never captures and is never captured (Правила игры)") {
  // Blue captain on b1 faces a Gray guard on a2 with a3 empty beyond; a Blue
  // guard on i6 faces the Gray captain on i7 with i8 empty beyond.
  auto s = position({"i6"}, {"a2"}, 3, 5);
  auto names = legal_names(*s);
  CHECK(bg(s).jumps().empty());
  for (auto& n : names) CHECK(n.find('x') == std::string::npos);
  CHECK(!has(names, "b1-a2"));
  CHECK(bg(s).blockaded(0));
}

TEST_CASE(
    "blue-and-gray: a guard steps along any line, diagonals included, to an adjacent empty point (Правила игры)") {
  auto s = position({"c3"}, {"h9"}, 0, 0);
  auto names = legal_names(*s);
  for (const char* to : {"b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"}) CHECK(has(names, std::string("c3-") + to));
  CHECK(!has(names, "c3-c5"));
  auto t = position({"c3", "c4"}, {"h9"}, 0, 0);
  CHECK(!has(legal_names(*t), "c3-c4"));  // occupied
}

TEST_CASE("blue-and-gray: guards never enter the centre (Правила игры)") {
  auto s = position({"d4"}, {"h9"}, 0, 0);
  auto names = legal_names(*s);
  CHECK(has(names, "d4-d5"));
  CHECK(!has(names, "d4-e5"));
  // Nor may a jump land there: c3 over a Gray guard on d4 would.
  auto j = position({"c3"}, {"d4"}, 0, 0);
  CHECK(bg(j).jumps().empty());
  CHECK(!has(legal_names(*j), "c3xe5"));
}

TEST_CASE(
    "blue-and-gray: jumps are compulsory, may turn, continue while they can, and the player picks which guard (Правила "
    "игры)") {
  // Blue c2 can jump c3 then turn to jump d5 (c2xc4xe6); Blue g2 can jump g3 (g2xg4).
  auto s = position({"c2", "g2"}, {"c3", "d5", "g3", "a9"}, 0, 0);
  auto names = legal_names(*s);
  CHECK(names == std::vector<std::string>{"c2xc4xe6", "g2xg4"});
  CHECK(!has(names, "c2xc4"));  // a jump goes on while it can
  CHECK(!has(names, "c2-b2"));  // no plain step while a jump exists
  CHECK(!has(names, "e1-d1"));  // nor a captain step
  Action a = s->find_action("c2xc4xe6");
  const Board& b = s->game().board();
  CHECK(s->action_nodes(a) == std::vector<int>{b.at("c2"), b.at("c4"), b.at("e6")});
  play(*s, {"c2xc4xe6"});
  CHECK(bg(s).guards(1) == 2);
  CHECK(bg(s).at(b.at("c3")) == blue_and_gray::EMPTY);
  CHECK(bg(s).at(b.at("d5")) == blue_and_gray::EMPTY);
  CHECK(bg(s).at(b.at("e6")) == blue_and_gray::GUARD0);
  CHECK(s->view(-1)["last"] == Json{"c2", "c4", "e6"});
  // The shorter capture is just as legal: no obligation to take the most.
  auto t = position({"c2", "g2"}, {"c3", "d5", "g3", "a9"}, 0, 0);
  play(*t, {"g2xg4"});
  CHECK(bg(t).guards(1) == 3);
}

TEST_CASE(
    "blue-and-gray: a guard is jumped once per move; the jumper may pass its own start (Правила игры; checkers "
    "convention)") {
  // Gray guards on c2, d3, c4 and b3 ring the square b2-d2-d4-b4: the Blue
  // guard on b2 can go round and land where it started, but not jump c2 again.
  auto s = position({"b2"}, {"c2", "d3", "c4", "b3", "a9"}, 0, 0);
  auto names = legal_names(*s);
  // Round the square both ways, landing back on b2 after taking all four.
  CHECK(has(names, "b2xd2xd4xb4xb2"));
  CHECK(has(names, "b2xb4xd4xd2xb2"));
  play(*s, {"b2xd2xd4xb4xb2"});
  CHECK(bg(s).guards(1) == 1);
  CHECK(bg(s).at(s->game().board().at("b2")) == blue_and_gray::GUARD0);
}

TEST_CASE("blue-and-gray: a captain reaching the centre wins (Победа)") {
  auto s = position({"a1"}, {"a9"}, 16, 0);
  CHECK(!s->terminal());
  play(*s, {"f5-e5"});
  REQUIRE(s->terminal());
  CHECK(s->returns() == std::vector<double>{1, -1});
  CHECK(s->describe_result() == "Blue wins: the captain reached the centre");
  auto g = position({"a1"}, {"a9"}, 0, 16, 1);
  play(*g, {"d5-e5"});
  CHECK(g->returns() == std::vector<double>{-1, 1});
}

TEST_CASE(
    "blue-and-gray: deadlock, both captains blockaded for 20 plies: the captain further along wins (Победа; detection "
    "reconstructed)") {
  // Blue captain on b1 (3 steps) blockaded by Gray a2; Gray captain on f9 (1 step) blockaded by Blue g8.
  auto s = position({"g8", "i1"}, {"a2", "a9"}, 3, 1);
  std::vector<std::string> shuffle = {"i1-i2", "a9-a8", "i2-i1", "a8-a9"};
  for (int i = 0; i < 4; ++i) play(*s, shuffle);
  play(*s, {"i1-i2", "a9-a8", "i2-i1"});
  CHECK(bg(s).deadlock_count() == 19);
  CHECK(!s->terminal());
  play(*s, {"a8-a9"});
  REQUIRE(s->terminal());
  CHECK(s->returns() == std::vector<double>{1, -1});
  CHECK(s->describe_result().find("deadlock") != std::string::npos);
}

TEST_CASE("blue-and-gray: deadlock with equal advance is a draw (Победа; facts.md)") {
  // Gray captain on h9 (3 steps) blockaded by Blue i8.
  auto s = position({"i8", "i1"}, {"a2", "a9"}, 3, 3);
  for (int i = 0; i < 5; ++i) play(*s, {"i1-i2", "a9-a8", "i2-i1", "a8-a9"});
  REQUIRE(s->terminal());
  CHECK(s->returns() == std::vector<double>{0, 0});
}

TEST_CASE(
    "blue-and-gray: the deadlock count restarts when a blockade is lifted, and own guards do not blockade (Победа)") {
  auto s = position({"g8", "i1"}, {"a2", "a9"}, 3, 1);
  play(*s, {"i1-i2", "a9-a8", "i2-i1"});
  CHECK(bg(s).deadlock_count() == 3);
  play(*s, {"a2-b2"});  // Gray frees Blue's captain
  CHECK(bg(s).deadlock_count() == 0);
  // A captain held up by its own guard is not blockaded: the guard can step aside.
  auto o = position({"a2", "g8", "i1"}, {"a9"}, 3, 1);
  CHECK(bg(o).blocked(0));
  CHECK(!bg(o).blockaded(0));
  for (int i = 0; i < 10; ++i) play(*o, {"i1-i2", "a9-a8", "i2-i1", "a8-a9"});
  CHECK(!o->terminal());
  CHECK(bg(o).deadlock_count() == 0);
  // The count is an option.
  auto q = position({"g8", "i1"}, {"a2", "a9"}, 3, 1, 0, {{"deadlock_plies", 4}});
  play(*q, {"i1-i2", "a9-a8", "i2-i1", "a8-a9"});
  CHECK(q->terminal());
}

TEST_CASE("blue-and-gray: option, diagonal lines only along the captains' paths (facts.md: Sackson's reading)") {
  Json opts = {{"diagonals_on_paths_only", true}};
  auto s = position({"f2"}, {"h9"}, 0, 0, 0, opts);
  auto names = legal_names(*s);
  CHECK(has(names, "f2-f3"));
  CHECK(!has(names, "f2-g3"));  // a plain diagonal
  auto p = position({"d4"}, {"h9"}, 0, 0, 0, opts);
  names = legal_names(*p);
  CHECK(has(names, "d4-c3"));  // the Blue path's diagonal c3-d4
  CHECK(has(names, "d4-e3"));  // and d4-e3
  CHECK(!has(names, "d4-c5"));
  // The same jump position as above: the diagonal leg c4xd5xe6 is gone.
  auto j = position({"c2", "g2"}, {"c3", "d5", "g3", "a9"}, 0, 0, 0, opts);
  CHECK(legal_names(*j) == std::vector<std::string>{"c2xc4", "g2xg4"});
}

TEST_CASE("blue-and-gray: option, a captain three steps ahead of the other wins (facts.md)") {
  auto s = position({"i1"}, {"a9"}, 2, 0, 0, {{"three_ahead", true}});
  play(*s, {"c2-b1"});
  REQUIRE(s->terminal());
  CHECK(s->returns()[0] == 1);
  auto t = position({"i1"}, {"a9"}, 2, 0);
  play(*t, {"c2-b1"});
  CHECK(!t->terminal());
}

TEST_CASE("blue-and-gray: a player who cannot move passes (our ruling; the seed is silent)") {
  auto s = position({}, {"a2", "a9"}, 3, 0);
  CHECK(legal_names(*s) == std::vector<std::string>{"pass"});
  CHECK(s->action_nodes(s->legal()[0]).empty());
  play(*s, {"pass"});
  CHECK(s->to_move() == 1);
}

TEST_CASE("blue-and-gray: who moves first is an option, by lot too (Правила игры)") {
  auto g = replay("blue-and-gray", {}, {{"first", "Gray"}});
  CHECK(g->to_move() == 1);
  auto l = replay("blue-and-gray", {}, {{"first", "lot"}});
  CHECK(l->to_move() == kChance);
  l->apply(1);
  CHECK(l->to_move() == 1);
}

TEST_CASE("blue-and-gray: the AI decides from the view; transposed move orders give the same choice") {
  auto a = replay("blue-and-gray", {"b2-b3", "h8-h7", "c2-c3", "g8-g7"});
  auto b = replay("blue-and-gray", {"c2-c3", "h8-h7", "b2-b3", "g8-g7"});
  REQUIRE(a->view(0) == b->view(0));
  Rng rng(5);
  CHECK(a->determinize(0, rng)->view(0) == a->view(0));
  for (const char* lv : {"ai:1", "greedy", "mc"}) {
    Rng r1(11), r2(11);
    CHECK(make_bot(lv)->choose(*a, 0, r1) == make_bot(lv)->choose(*b, 0, r2));
  }
}

TEST_CASE("blue-and-gray: the AI steps into the centre when the other captain is one step away too") {
  // Both captains stand next to the centre and Blue is to move: only f5-e5 does not lose.
  auto s = position({"a1"}, {"a9"}, 16, 16);
  for (const char* lv : {"ai:1", "ai", "greedy"}) {
    Rng rng(1);
    CHECK(s->action_name(make_bot(lv)->choose(*s, 0, rng)) == "f5-e5");
  }
}

TEST_CASE("blue-and-gray: 10,000 random games hold every invariant and round-trip through saves" *
          doctest::test_suite("soak")) {
  // 7,000 whole games under the default rules and 1,000 whole games under
  // each option, so every variant's rules meet the invariants to the end.
  auto t0 = std::chrono::steady_clock::now();
  auto st = random_games("blue-and-gray", 7000, 2024, 2);
  CHECK(st.games == 7000);
  CHECK(st.round_trips > 7000);
  CHECK(st.wins[0] > 0);
  CHECK(st.wins[1] > 0);
  long games = st.games;
  for (Json o : {Json{{"diagonals_on_paths_only", true}}, Json{{"three_ahead", true}}, Json{{"first", "lot"}}})
    games += random_games("blue-and-gray", 1000, 7, 2, o).games;
  CHECK(games == 10000);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE("default rules: wins " << st.wins[0] << "/" << st.wins[1] << " draws " << st.draws << " plies " << st.plies
                                 << "; all 10,000 whole games in " << secs << " s");
}
