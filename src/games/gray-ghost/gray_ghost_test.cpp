// Rule tests for The Gray Ghost. Sections cite seed 000_039e113f8469d708.txt.
// Squares are named column a-p, row 1-12 from the bottom. Zones (2x2):
// start o1-p2, hq g7-h8, prison-nw a11-b12, prison-ne o11-p12,
// hospital-sw a1-b2, hospital-e o6-p7. Missions: 1 d5, 2 i12, 3 k10, 4 p9,
// 5 l4, 6 h1, 7 d9, 8 a7.
#include "games/gray-ghost/gray_ghost.h"

#include <algorithm>
#include <functional>
#include <set>

#include "ai/bots.h"
#include "checks.h"

using namespace gamut;
using namespace gamut::testing;
using gray_ghost::GrayGhostGame;
using gray_ghost::GrayGhostState;

namespace {
std::unique_ptr<State> fresh(int seats = 2) {
  auto g = load_game("gray-ghost");
  return g->new_state(g->resolve_options({{"first", "Gray"}}), seats);
}
GrayGhostState& gg(State& s) { return static_cast<GrayGhostState&>(s); }
const GrayGhostGame& game(const State& s) { return static_cast<const GrayGhostGame&>(s.game()); }
int node(const State& s, const char* id) { return s.game().board().at(id); }
int circle(const State& s, const char* id) { return game(s).circle_of[node(s, id)]; }
bool has(const State& s, const std::string& name) {
  auto l = legal_names(s);
  return std::find(l.begin(), l.end(), name) != l.end();
}
std::unique_ptr<State> fresh_v1(int seats = 2) {
  auto g = load_game("gray-ghost", 1);
  return g->new_state(g->resolve_options({{"first", "Gray"}}), seats);
}
int faces(const Json& view, const char* face, const char* at = nullptr) {
  int n = 0;
  for (auto& pc : view["pieces"]) n += pc["face"] == face && (!at || pc["node"] == at);
  return n;
}
std::vector<std::string> sorted_legal(const State& s) {
  auto l = legal_names(s);
  std::sort(l.begin(), l.end());
  return l;
}
// Raider `seat` on `at`, with a mission (0: none) and soldiers; the soldiers
// come from face-down discs so the counts stay whole.
void put(State& s, int seat, const char* at, int mission = 0, bool done = false, int soldiers = 0) {
  static const char* spare[] = {"m1", "d1", "f2", "j2", "m3", "o4", "c4", "b5", "n5", "g5"};
  int had = gg(s).raider(seat).soldiers;
  gg(s).set_raider(seat, node(s, at), mission, done, soldiers);
  for (int k = had; k < soldiers; ++k)
    for (const char* c : spare)
      if (gg(s).disc(circle(s, c)) == gray_ghost::UNKNOWN) {
        gg(s).set_disc(circle(s, c), gray_ghost::EMPTY);
        break;
      }
  s.check();
}
}  // namespace

TEST_CASE("gray-ghost: set-up: 28 face-down discs, 22 blue hats and 6 captured, raiders on Start (DEBUT DU JEU)") {
  auto g = load_game("gray-ghost");
  auto s = g->new_state(g->resolve_options(Json::object()), 4);
  CHECK(s->to_move() == kChance);  // who spins first: by lot
  CHECK(s->legal().size() == 4);
  s->apply(2);
  CHECK(gg(*s).current() == 2);
  for (int c = 0; c < gray_ghost::kCircles; ++c) CHECK(gg(*s).disc(c) == gray_ghost::UNKNOWN);
  CHECK(gg(*s).unknown_blue() == 22);
  CHECK(gg(*s).unknown_trap() == 6);
  for (int p = 0; p < 4; ++p) CHECK(gg(*s).raider(p).at == node(*s, "start"));
  Json v = s->view(1);
  int hidden = 0;
  for (auto& p : v["pieces"]) hidden += p["face"] == "disc";
  CHECK(hidden == 28);
  // Start sits at the bottom right of the board.
  const auto& G = game(*s);
  const auto& start = G.zones[G.zone_of[G.start]];
  CHECK(start.x1 == G.w - 1);
  CHECK(start.y0 == 0);
}

TEST_CASE(
    "gray-ghost: spin, then one of the four directions of the arrow; the edge stops a move (DEPLACEMENTS EN CASE)") {
  auto s = fresh();
  put(*s, 0, "c10", 7, false, 0);
  play(*s, {"spin", "spin:6 straight"});
  // Left runs into the edge after two squares and stops there; up after two.
  CHECK(has(*s, "c10-a10"));
  CHECK(has(*s, "c10-c12"));
  CHECK(has(*s, "c10-i10"));  // right: passes the disc on f10 after HQ (a capture)
  CHECK(has(*s, "c10-c4"));   // down through c6's disc
  CHECK(s->legal().size() == 4);
  auto d = fresh();
  put(*d, 0, "i4", 7, false, 0);
  play(*d, {"spin", "spin:2 diagonal"});
  CHECK(sorted_legal(*d) == std::vector<std::string>{"i4-g2", "i4-g6", "i4-k2", "i4-k6"});
}

TEST_CASE("gray-ghost: a blocked direction forces another; with none open the move is lost (DEPLACEMENTS EN CASE)") {
  auto s = fresh();
  // Before HQ, from Start: left along row 1 meets the disc on m1, up column o
  // meets the disc on o4; right and down leave the board at once.
  play(*s, {"spin", "spin:2 straight"});
  CHECK(sorted_legal(*s) == std::vector<std::string>{"start-m2", "start-p4"});
  auto d = fresh();
  play(*d, {"spin", "spin:2 diagonal"});
  CHECK(sorted_legal(*d) == std::vector<std::string>{"start-m4"});
  // Boxed in: the prison above, a disc below, the edge behind.
  auto e = fresh();
  put(*e, 0, "a10");  // a11 is the prison above, b9 a disc
  play(*e, {"spin", "spin:1 diagonal"});
  CHECK(sorted_legal(*e) == std::vector<std::string>{"no move"});
  play(*e, {"no move"});
  CHECK(gg(*e).current() == 1);
}

TEST_CASE("gray-ghost: raiders pass one another but never stop on the same square (DEPLACEMENTS EN CASE)") {
  auto s = fresh();
  put(*s, 0, "i4");
  put(*s, 1, "i5");
  play(*s, {"spin", "spin:2 straight"});
  CHECK(has(*s, "i4-i6"));  // passes Red
  auto t = fresh();
  put(*t, 0, "i4");
  put(*t, 1, "i5");
  play(*t, {"spin", "spin:1 straight"});
  CHECK(!has(*t, "i4-i5"));  // would share Red's square
  CHECK(has(*t, "i4-i3"));
}

TEST_CASE("gray-ghost: nobody moves through Hospital, Prison, HQ or Start (DEPLACEMENTS EN CASE)") {
  auto s = fresh();
  put(*s, 0, "n6", 4, false, 0);  // hospital-e is on o6-p7
  play(*s, {"spin", "spin:3 straight"});
  CHECK(!has(*s, "n6-p6"));
  for (auto& n : legal_names(*s)) CHECK(n.find("n6-o") == std::string::npos);
  auto h = fresh();
  put(*h, 0, "i7", 4, false, 0);  // HQ on g7-h8 blocks a raider out on a mission
  play(*h, {"spin", "spin:4 straight"});
  CHECK(!has(*h, "i7-hq"));
  CHECK(!has(*h, "i7-e7"));
  // Mission squares can be crossed at any time.
  auto m = fresh();
  put(*m, 0, "l2");
  play(*m, {"spin", "spin:3 straight"});
  CHECK(has(*m, "l2-l5"));  // over mission 5 on l4
}

TEST_CASE(
    "gray-ghost: zones are entered and left diagonally at a corner or straight at right angles (COMMENT ENTRER)") {
  // Diagonally into HQ's top-right corner from i9: allowed.
  auto s = fresh();
  put(*s, 0, "i9");
  play(*s, {"spin", "spin:2 diagonal"});
  CHECK(has(*s, "i9-hq"));
  // From h9 the diagonal down-left meets g8 through HQ's top side, not a corner.
  auto t = fresh();
  put(*t, 0, "h9");
  play(*t, {"spin", "spin:2 diagonal"});
  CHECK(!has(*t, "h9-hq"));
  CHECK(has(*t, "h9-j7"));
  CHECK(has(*t, "h9-f11"));
  // Leaving a zone diagonally only from its corners: from the NE prison
  // only the bottom-left corner opens onto the board.
  auto p = fresh();
  put(*p, 0, "prison-ne", 4, false, 0);
  play(*p, {"spin", "spin:2 diagonal"});
  CHECK(sorted_legal(*p) == std::vector<std::string>{"prison-ne-m9"});
  // Straight out of each side square at right angles: down from o and p, left from rows 11 and 12.
  auto q = fresh();
  put(*q, 0, "prison-ne", 4, false, 0);
  play(*q, {"spin", "spin:1 straight"});
  CHECK(sorted_legal(*q) ==
        std::vector<std::string>{"prison-ne-n11", "prison-ne-n12", "prison-ne-o10", "prison-ne-p10"});
}

TEST_CASE("gray-ghost: before HQ no war card: the war-card space's move instead (AVANT D'ATTEINDRE)") {
  auto s = fresh();
  put(*s, 0, "i4");
  play(*s, {"spin", "spin:Pick a War Card"});
  CHECK(gg(*s).phase() == gray_ghost::MOVE);
  CHECK(sorted_legal(*s) == std::vector<std::string>{"i4-f4", "i4-i1", "i4-i7", "i4-l4"});
  // After HQ the same slot draws a card.
  auto t = fresh();
  put(*t, 0, "i4", 3, false, 0);
  play(*t, {"spin", "spin:Pick a War Card"});
  CHECK(gg(*t).phase() == gray_ghost::CARD);
}

TEST_CASE("gray-ghost: before HQ no capture: a raider may not land on or pass a disc (AVANT D'ATTEINDRE)") {
  auto s = fresh();
  put(*s, 0, "j3");
  play(*s, {"spin", "spin:3 straight"});
  CHECK(!has(*s, "j3-j6"));  // through j5
  CHECK(!has(*s, "j3-j5"));
  auto t = fresh();
  put(*t, 0, "j4");
  play(*t, {"spin", "spin:1 straight"});
  CHECK(!has(*t, "j4-j5"));  // onto j5
  CHECK(has(*t, "j4-j3"));
}

TEST_CASE("gray-ghost: HQ counts as a square, needs no exact count; a secret mission and another spin (RAPPORTER)") {
  auto s = fresh();
  put(*s, 0, "i7");
  play(*s, {"spin", "spin:4 straight", "i7-hq"});
  CHECK(gg(*s).raider(0).at == node(*s, "hq"));
  CHECK(s->to_move() == kChance);
  CHECK(s->public_name(s->find_action("mission:3"), 1) == "Gray draws a secret mission");
  CHECK(s->public_name(s->find_action("mission:3"), 0) == "Gray draws Mission 3: Stop the Baltimore and Ohio train");
  play(*s, {"mission:3"});
  CHECK(gg(*s).raider(0).mission == 3);
  CHECK(gg(*s).current() == 0);  // spins again
  CHECK(gg(*s).phase() == gray_ghost::SPIN);
  // A second raider cannot draw the card already taken.
  auto t = fresh();
  put(*t, 0, "c10", 3, false, 0);
  put(*t, 1, "i7");
  gg(*t).set_turn(1);
  play(*t, {"spin", "spin:1 straight", "i7-hq"});
  CHECK(!has(*t, "mission:3"));
  CHECK(t->legal().size() == 7);
}

TEST_CASE("gray-ghost: a mission is done by passing or landing; the raider may stop there; an extra move (ACCOMPLIR)") {
  auto s = fresh();
  put(*s, 0, "l2", 5, false, 0);
  play(*s, {"spin", "spin:4 straight", "l2-l6"});
  CHECK(gg(*s).raider(0).done);
  CHECK(sorted_legal(*s) == std::vector<std::string>{"go on", "stop:l4"});
  play(*s, {"stop:l4"});
  CHECK(gg(*s).raider(0).at == node(*s, "l4"));
  CHECK(gg(*s).current() == 0);  // the extra move
  CHECK(gg(*s).phase() == gray_ghost::SPIN);
  // Going on finishes the move, still with the extra move.
  auto t = fresh();
  put(*t, 0, "l2", 5, false, 0);
  play(*t, {"spin", "spin:4 straight", "l2-l6", "go on"});
  CHECK(gg(*t).raider(0).at == node(*t, "l6"));
  CHECK(gg(*t).current() == 0);
  // Landing exactly also completes it.
  auto u = fresh();
  put(*u, 0, "l2", 5, false, 0);
  play(*u, {"spin", "spin:2 straight", "l2-l4"});
  CHECK(gg(*u).raider(0).done);
  CHECK(gg(*u).current() == 0);
  // Stopping short lets a raider use a direction whose end is taken.
  auto v = fresh();
  put(*v, 0, "l2", 5, false, 0);
  put(*v, 1, "l6");
  play(*v, {"spin", "spin:4 straight"});
  CHECK(has(*v, "l2-l4"));
  // The card turns face up for all once the flag is on it.
  CHECK(v->view(1)["missions"][0] == -1);
  play(*v, {"l2-l4"});
  CHECK(v->view(1)["missions"][0] == 5);
}

TEST_CASE("gray-ghost: passing or landing on a blue hat captures it, the move goes on, another spin (CAPTURE)") {
  auto s = fresh();
  put(*s, 0, "j3", 5, false, 0);
  play(*s, {"spin", "spin:4 straight", "j3-j7"});
  CHECK(s->to_move() == kChance);
  auto p = s->chance_probs();
  CHECK(p[0] == doctest::Approx(22.0 / 28));
  play(*s, {"disc:blue hat"});
  CHECK(gg(*s).raider(0).soldiers == 1);
  play(*s, {"disc:blue hat"});  // j6 too
  CHECK(gg(*s).raider(0).soldiers == 2);
  CHECK(gg(*s).raider(0).at == node(*s, "j7"));
  CHECK(gg(*s).disc(circle(*s, "j5")) == gray_ghost::EMPTY);
  CHECK(gg(*s).current() == 0);
  CHECK(gg(*s).extra() == 1);  // two spins to come: this one and one more
  CHECK(gg(*s).phase() == gray_ghost::SPIN);
  play(*s, {"spin", "spin:1 straight", "j7-j8"});  // lands on j8's disc
  play(*s, {"disc:blue hat"});
  CHECK(gg(*s).raider(0).soldiers == 3);
  CHECK(gg(*s).extra() == 1);
}

TEST_CASE(
    "gray-ghost: 'You are captured' sends the raider to the nearest prison; the disc goes back anywhere (CAPTURE)") {
  auto s = fresh();
  put(*s, 0, "j3", 5, false, 0);
  put(*s, 1, "c10", 3, false, 1);  // Red's soldier left m1 empty
  play(*s, {"spin", "spin:4 straight", "j3-j7", "disc:you are captured"});
  CHECK(gg(*s).raider(0).at == node(*s, "prison-ne"));  // 6 squares off; the NW camp 8
  CHECK(gg(*s).phase() == gray_ghost::TRAP);
  CHECK(has(*s, "trap:j5"));   // where it was found
  CHECK(has(*s, "trap:m1"));   // or any empty circle
  CHECK(!has(*s, "trap:j2"));  // not one with a disc
  play(*s, {"trap:m1"});
  CHECK(gg(*s).disc(circle(*s, "m1")) == gray_ghost::KNOWN_TRAP);
  CHECK(gg(*s).current() == 1);  // the turn ends
  CHECK(gg(*s).unknown_trap() == 5);
}

TEST_CASE("gray-ghost: equally near prisons: the player chooses (CAPTURE, parenthesis)") {
  auto s = fresh();
  put(*s, 0, "h2", 5, false, 0);
  play(*s, {"spin", "spin:1 straight", "h2-h3", "disc:you are captured"});
  CHECK(sorted_legal(*s) == std::vector<std::string>{"to:prison-ne", "to:prison-nw"});
  play(*s, {"to:prison-nw"});
  CHECK(gg(*s).raider(0).at == node(*s, "prison-nw"));
  CHECK(gg(*s).phase() == gray_ghost::TRAP);
  play(*s, {"trap:h3"});
  CHECK(gg(*s).current() == 1);
  // A known trap needs no draw: it sends the raider at once.
  auto t = fresh();
  put(*t, 0, "h2", 5, false, 0);
  put(*t, 1, "c10", 3, false, 1);
  gg(*t).set_disc(circle(*t, "h3"), gray_ghost::KNOWN_TRAP);
  t->check();
  CHECK(gg(*t).unknown_trap() == 5);
  play(*t, {"spin", "spin:1 straight", "h2-h3"});
  CHECK(gg(*t).phase() == gray_ghost::ZONE);
}

TEST_CASE("gray-ghost: war cards: Captured and Wounded go to the nearest camp or hospital (CARTES GUERRE)") {
  auto s = fresh();
  put(*s, 0, "k4", 5, false, 0);
  play(*s, {"spin", "spin:Pick a War Card", "card:wounded"});
  CHECK(gg(*s).raider(0).at == node(*s, "hospital-e"));
  CHECK(gg(*s).current() == 1);
  auto t = fresh();
  put(*t, 0, "n3", 5, false, 0);
  play(*t, {"spin", "spin:Pick a War Card", "card:captured"});
  CHECK(gg(*t).raider(0).at == node(*t, "prison-ne"));
  CHECK(gg(*t).current() == 1);
  // The deck is drawn without replacement and reshuffled when it runs out.
  auto p = t->clone();
  gg(*p).set_turn(0);
  play(*p, {"spin", "spin:Pick a War Card"});
  CHECK(p->chance_probs()[0] == doctest::Approx(2.0 / 11));
}

TEST_CASE("gray-ghost: a card sending a raider where it already is costs a turn (CARTES GUERRE, REMARQUE)") {
  auto s = fresh();
  put(*s, 0, "hospital-e", 5, false, 0);
  play(*s, {"spin", "spin:Pick a War Card", "card:wounded"});
  CHECK(gg(*s).raider(0).skip);
  CHECK(gg(*s).current() == 1);
  play(*s, {"spin", "spin:1 straight"});
  play(*s, {s->action_name(s->legal()[0])});
  CHECK(gg(*s).current() == 1);  // Gray's turn is lost
  CHECK(!gg(*s).raider(0).skip);
  // Captured while in hospital is not "already there".
  auto t = fresh();
  put(*t, 0, "hospital-e", 5, false, 0);
  play(*t, {"spin", "spin:Pick a War Card", "card:captured"});
  CHECK(gg(*t).raider(0).at == node(*t, "prison-ne"));
  CHECK(!gg(*t).raider(0).skip);
}

TEST_CASE("gray-ghost: Raid takes any disc without moving, no extra turn (CARTES GUERRE, RAID)") {
  auto s = fresh();
  put(*s, 0, "k4", 5, false, 0);
  play(*s, {"spin", "spin:Pick a War Card", "card:raid"});
  CHECK(has(*s, "raid:l12"));  // anywhere on the board
  CHECK(has(*s, "no raid"));
  play(*s, {"raid:l12", "disc:blue hat"});
  CHECK(gg(*s).raider(0).soldiers == 1);
  CHECK(gg(*s).raider(0).at == node(*s, "k4"));
  CHECK(gg(*s).current() == 1);  // no extra spin
  auto t = fresh();
  put(*t, 0, "k4", 5, false, 0);
  play(*t, {"spin", "spin:Pick a War Card", "card:raid", "raid:l12", "disc:you are captured"});
  CHECK(gg(*t).raider(0).at == node(*t, "prison-ne"));
  CHECK(gg(*t).phase() == gray_ghost::TRAP);
  play(*t, {"trap:l12"});
  CHECK(gg(*t).current() == 1);
}

TEST_CASE(
    "gray-ghost: Ambush returns a captured soldier to an empty circle, or one square straight (CARTES GUERRE, "
    "EMBUSCADE)") {
  auto s = fresh();
  put(*s, 0, "k4", 5, false, 1);
  play(*s, {"spin", "spin:Pick a War Card", "card:ambush"});
  CHECK(gg(*s).phase() == gray_ghost::AMBUSH);
  CHECK(has(*s, "ambush:m1"));   // the emptied circle
  CHECK(!has(*s, "ambush:j5"));  // taken
  play(*s, {"ambush:m1"});
  CHECK(gg(*s).raider(0).soldiers == 0);
  CHECK(gg(*s).disc(circle(*s, "m1")) == gray_ghost::KNOWN_BLUE);
  CHECK(gg(*s).unknown_blue() == 22 - 1 + 1 - 1);
  auto t = fresh();
  put(*t, 0, "k4", 5, false, 0);
  play(*t, {"spin", "spin:Pick a War Card", "card:ambush"});
  CHECK(sorted_legal(*t) == std::vector<std::string>{"k4-j4", "k4-k3", "k4-k5", "k4-l4"});
}

TEST_CASE("gray-ghost: the winner enters HQ as the last square with the flag and 5 soldiers (GAGNANT)") {
  auto s = fresh();
  put(*s, 0, "i7", 5, true, 5);
  play(*s, {"spin", "spin:2 straight"});
  CHECK(!has(*s, "i7-hq"));  // HQ would not be the last square
  auto t = fresh();
  put(*t, 0, "i7", 5, true, 5);
  play(*t, {"spin", "spin:1 straight", "i7-hq"});
  REQUIRE(t->terminal());
  CHECK(t->returns() == std::vector<double>{1, -1});
  auto u = fresh();
  put(*u, 0, "i7", 5, true, 4);  // one soldier short
  play(*u, {"spin", "spin:1 straight"});
  CHECK(!has(*u, "i7-hq"));
  auto v = fresh();
  put(*v, 0, "i7", 5, false, 6);  // mission not done
  play(*v, {"spin", "spin:1 straight"});
  CHECK(!has(*v, "i7-hq"));
}

TEST_CASE("gray-ghost: a secret mission is seen by its owner only; the log hides the draw (DEBUT; CONSEILS)") {
  auto s = fresh(3);
  put(*s, 1, "c10", 6, false, 0);
  Json v0 = s->view(0), v1 = s->view(1), spect = s->view(-1);
  CHECK(v0["missions"][1] == -1);
  CHECK(spect["missions"][1] == -1);
  CHECK(v1["missions"][1] == 6);
  CHECK(v0.dump().find("Mission 6") == std::string::npos);
  CHECK(v1.dump().find("Mission 6") != std::string::npos);
  // Two true states that differ only in Red's mission look the same to Gray.
  auto t = fresh(3);
  put(*t, 1, "c10", 2, false, 0);
  CHECK(t->view(0) == s->view(0));
  CHECK(t->view(1) != s->view(1));
}

TEST_CASE("gray-ghost: determinize keeps the seat's view and re-deals only the unseen missions") {
  auto s = fresh(4);
  put(*s, 0, "i4", 1, false, 0);
  put(*s, 1, "c10", 6, false, 0);
  put(*s, 2, "l6", 5, true, 0);
  Rng rng(5);
  std::set<int> seen;
  for (int k = 0; k < 60; ++k) {
    auto d = s->determinize(0, rng);
    CHECK(d->view(0) == s->view(0));
    d->check();
    auto& dg = gg(*d);
    CHECK(dg.raider(0).mission == 1);
    CHECK(dg.raider(2).mission == 5);
    CHECK(dg.raider(1).mission != 1);
    CHECK(dg.raider(1).mission != 5);
    seen.insert(dg.raider(1).mission);
  }
  CHECK(seen.size() == 6);
}

TEST_CASE("gray-ghost: the AI decides from its own view only") {
  auto a = fresh(3), b = fresh(3);
  for (auto* s : {a.get(), b.get()}) {
    put(*s, 0, "j3", 5, false, 0);
    put(*s, 2, "c10", 8, false, 0);
  }
  put(*a, 1, "l8", 2, false, 0);
  put(*b, 1, "l8", 7, false, 0);
  play(*a, {"spin", "spin:3 straight"});
  play(*b, {"spin", "spin:3 straight"});
  REQUIRE(a->view(0) == b->view(0));
  REQUIRE(a->debug() != b->debug());
  for (const char* lv : {"ai:1", "ai:2", "greedy", "mc"}) {
    Rng r1(11), r2(11);
    CHECK(make_bot(lv)->choose(*a, 0, r1) == make_bot(lv)->choose(*b, 0, r2));
  }
}

TEST_CASE("gray-ghost: the AI puts a 'You are captured' disc next to a rival (CONSEILS DE JEU)") {
  auto s = fresh();
  put(*s, 0, "h2", 5, false, 2);  // m1 and d1 emptied
  put(*s, 1, "c9", 3, false, 0);
  gg(*s).set_disc(circle(*s, "m1"), gray_ghost::UNKNOWN);
  gg(*s).set_disc(circle(*s, "b9"), gray_ghost::EMPTY);  // an empty circle next to Red
  s->check();
  play(*s, {"spin", "spin:1 straight", "h2-h3", "disc:you are captured", "to:prison-ne"});
  REQUIRE(gg(*s).phase() == gray_ghost::TRAP);
  // A search is noisy; most searches must follow the tip.
  for (const char* lv : {"ai", "ai:4"}) {
    int near = times_chosen(*s, lv, 0, "trap:b9", 6);
    MESSAGE(std::string(lv) << ": " << near << " of 6 next to the rival");
    CHECK(near >= 5);
  }
}

TEST_CASE("gray-ghost: random games hold every invariant and round-trip through saves, 2, 3 and 4 seats") {
  for (int seats = 2; seats <= 4; ++seats) {
    auto st = random_games("gray-ghost", 60, 100 + seats, seats);
    CHECK(st.games == 60);
    CHECK(st.round_trips > 60);
    MESSAGE(seats << " seats: draws " << st.draws << " plies " << st.plies);
  }
}

TEST_CASE(
    "gray-ghost: the spinner: moves 1-6 straight and diagonal and 'Pick a War Card' slots (DEPLACEMENTS SUR LE "
    "PLATEAU)") {
  auto s = fresh();
  play(*s, {"spin"});
  REQUIRE(s->to_move() == kChance);
  auto names = legal_names(*s);
  auto p = s->chance_probs();
  REQUIRE(names.size() == p.size());
  double total = 0, war = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    total += p[i];
    if (names[i] == "spin:Pick a War Card") war = p[i];
  }
  CHECK(total == doctest::Approx(1));
  CHECK(war == doctest::Approx(4.0 / 16));
  CHECK(std::find(names.begin(), names.end(), "spin:6 diagonal") != names.end());
  CHECK(s->view(0)["spinner"]["faces"].size() == p.size());
}

TEST_CASE("gray-ghost: determinize rules out mission squares a rival crossed without a flag (ACCOMPLIR)") {
  auto s = fresh(3);
  put(*s, 1, "l2", 6, false, 0);
  put(*s, 0, "c10", 8, false, 0);
  gg(*s).set_turn(1);
  play(*s, {"spin", "spin:4 straight", "l2-l6"});  // over l4, mission 5, no flag
  CHECK(gg(*s).raider(1).passed == 1 << 5);
  CHECK(s->view(0)["crossed"][1] == Json::array({5}));
  gg(*s).set_passed(1, (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << 7));
  Rng rng(9);
  for (int k = 0; k < 30; ++k) CHECK(gg(*s->determinize(0, rng)).raider(1).mission == 6);
}

TEST_CASE(
    "gray-ghost: a 'You are captured' disc goes back face down, known only to its placer (CAPTURE: \"pour tromper les "
    "autres joueurs\")") {
  auto s = fresh(3);
  put(*s, 0, "j3", 5, false, 0);
  put(*s, 1, "m2", 3, false, 1);  // Red's soldier left m1 empty
  play(*s, {"spin", "spin:4 straight", "j3-j7", "disc:you are captured", "trap:m1"});
  CHECK(gg(*s).disc(circle(*s, "m1")) == gray_ghost::KNOWN_TRAP);
  // Gray put it there and knows it; Red, Gold and the spectator see a disc
  // like the others, face down.
  CHECK(faces(s->view(0), "disc_trap", "m1") == 1);
  for (int seat : {1, 2, -1}) {
    CHECK(faces(s->view(seat), "disc_trap") == 0);
    CHECK(faces(s->view(seat), "disc", "m1") == 1);
  }
  // The AI of another seat reads only its view: to it m1 is one more
  // face-down disc, and the trap is back among the unknown ones.
  Rng rng(3);
  auto d1 = s->determinize(1, rng);
  d1->check();
  CHECK(d1->view(1) == s->view(1));
  CHECK(gg(*d1).disc(circle(*d1, "m1")) == gray_ghost::UNKNOWN);
  CHECK(gg(*d1).unknown_trap() == 6);
  auto d0 = s->determinize(0, rng);
  CHECK(gg(*d0).disc(circle(*d0, "m1")) == gray_ghost::KNOWN_TRAP);
  // Red's moves do not give it away: they are those of the world where m1 is unknown.
  REQUIRE(gg(*s).current() == 1);
  play(*s, {"spin", "spin:1 straight"});
  auto d = s->determinize(1, rng);
  CHECK(d->legal() == s->legal());
  // It is still the trap: Red steps on it and goes to prison, no draw.
  play(*s, {"m2-m1"});
  CHECK(gg(*s).raider(1).at == node(*s, "prison-ne"));
  CHECK(gg(*s).phase() == gray_ghost::TRAP);
  // The disc Red puts back is known to Red alone.
  play(*s, {"trap:m1"});
  CHECK(faces(s->view(1), "disc_trap", "m1") == 1);
  CHECK(faces(s->view(0), "disc_trap") == 0);
}

TEST_CASE("gray-ghost: rules data v1 records keep put-back traps face up for all (golden records)") {
  auto s = fresh_v1();
  put(*s, 0, "j3", 5, false, 0);
  put(*s, 1, "c10", 3, false, 1);
  play(*s, {"spin", "spin:4 straight", "j3-j7", "disc:you are captured", "trap:m1"});
  CHECK(faces(s->view(1), "disc_trap", "m1") == 1);
  CHECK(faces(s->view(-1), "disc_trap", "m1") == 1);
}

TEST_CASE("gray-ghost: a move toward HQ over a trap the mover knows is no winning move and is not offered (GAGNANT)") {
  // Gray, mission done and 5 soldiers, on k8: 3 straight left runs j8, i8 and
  // ends in HQ (h8), "en comptant celui-ci comme la dernière case". A trap
  // on j8 would send Gray to prison first, so the move cannot win.
  auto s = fresh();
  put(*s, 0, "k8", 5, true, 5);
  gg(*s).set_disc(circle(*s, "j8"), gray_ghost::KNOWN_TRAP);
  s->check();
  play(*s, {"spin", "spin:3 straight"});
  CHECK(!has(*s, "k8-hq"));
  CHECK(has(*s, "k8-n8"));  // the other directions stay open
  // A trap only Red knows of is, to Gray, a face-down disc that may be a soldier.
  auto t = fresh();
  put(*t, 0, "k8", 5, true, 5);
  gg(*t).set_disc(circle(*t, "j8"), gray_ghost::KNOWN_TRAP, 1 << 1);
  t->check();
  play(*t, {"spin", "spin:3 straight"});
  CHECK(has(*t, "k8-hq"));
  play(*t, {"k8-hq"});
  CHECK(!t->terminal());
  CHECK(gg(*t).raider(0).at != node(*t, "hq"));
  // Rules data v1 offered the move under HQ's name; its records replay so.
  auto u = fresh_v1();
  put(*u, 0, "k8", 5, true, 5);
  gg(*u).set_disc(circle(*u, "j8"), gray_ghost::KNOWN_TRAP);
  u->check();
  play(*u, {"spin", "spin:3 straight", "k8-hq"});
  CHECK(!u->terminal());
  CHECK(gg(*u).phase() != gray_ghost::OVER);
}

TEST_CASE("gray-ghost: a first player who is not at the table is refused, not drawn by lot (option 'first')") {
  auto g = load_game("gray-ghost");
  CHECK_THROWS_AS(g->new_state(g->resolve_options({{"first", "Gold"}}), 2), DataError);
  CHECK_THROWS_AS(g->new_state(g->resolve_options({{"first", "Green"}}), 3), DataError);
  auto s = g->new_state(g->resolve_options({{"first", "Gold"}}), 3);
  CHECK(s->to_move() == 2);
  CHECK(g->new_state(g->resolve_options({{"first", "lot"}}), 2)->to_move() == kChance);
  // Rules data v1 drew lots instead; its records may hold that.
  auto g1 = load_game("gray-ghost", 1);
  CHECK(g1->new_state(g1->resolve_options({{"first", "Gold"}}), 2)->to_move() == kChance);
}

TEST_CASE(
    "gray-ghost: Ambush with soldiers but no free circle does nothing (ruling 'Ambush with no empty circle'; "
    "EMBUSCADE)") {
  auto s = fresh();
  put(*s, 0, "k4", 5, false, 1);  // Gray's soldier came from m1
  put(*s, 1, "m1", 3, false, 0);  // and Red stands on that only empty circle
  play(*s, {"spin", "spin:Pick a War Card", "card:ambush"});
  CHECK(gg(*s).phase() == gray_ghost::SPIN);
  CHECK(gg(*s).raider(0).soldiers == 1);
  CHECK(gg(*s).raider(0).at == node(*s, "k4"));
  CHECK(gg(*s).current() == 1);
}

TEST_CASE("gray-ghost: leaving HQ straight at right angles or diagonally from a corner (COMMENT ENTRER OU SORTIR)") {
  // "Un Raider peut entrer ou sortir du Quartier général ... EN DIAGONALE à
  // n'importe quel coin ; ... EN LIGNE DROITE, à angles droits". HQ is g7-h8.
  auto s = fresh();
  put(*s, 0, "hq", 3, false, 0);
  play(*s, {"spin", "spin:1 straight"});
  CHECK(sorted_legal(*s) ==
        std::vector<std::string>{"hq-f7", "hq-f8", "hq-g6", "hq-g9", "hq-h6", "hq-h9", "hq-i7", "hq-i8"});
  auto d = fresh();
  put(*d, 0, "hq", 3, false, 0);
  play(*d, {"spin", "spin:1 diagonal"});
  CHECK(sorted_legal(*d) == std::vector<std::string>{"hq-f6", "hq-f9", "hq-i6", "hq-i9"});
}

TEST_CASE("gray-ghost: before HQ a raider may pass or land on an empty blue circle (DEPLACEMENTS EN CASE)") {
  // "Ils peuvent également passer par une case 'cercle bleu' inoccupée."
  auto s = fresh();
  put(*s, 1, "c10", 3, false, 2);  // Red's two soldiers: the discs of j5 and j6
  for (const char* c : {"m1", "d1"}) gg(*s).set_disc(circle(*s, c), gray_ghost::UNKNOWN);
  for (const char* c : {"j5", "j6"}) gg(*s).set_disc(circle(*s, c), gray_ghost::EMPTY);
  put(*s, 0, "j3");
  play(*s, {"spin", "spin:4 straight"});
  CHECK(has(*s, "j3-j7"));  // over both empty circles
  auto u = fresh();
  put(*u, 1, "c10", 3, false, 2);
  for (const char* c : {"m1", "d1"}) gg(*u).set_disc(circle(*u, c), gray_ghost::UNKNOWN);
  for (const char* c : {"j5", "j6"}) gg(*u).set_disc(circle(*u, c), gray_ghost::EMPTY);
  put(*u, 0, "j3");
  play(*u, {"spin", "spin:2 straight"});
  CHECK(has(*u, "j3-j5"));  // onto one
  play(*u, {"j3-j5"});
  CHECK(gg(*u).raider(0).soldiers == 0);  // nothing to take, nothing taken
}

// CONSEILS DE JEU. A search is noisy: most searches must follow each tip.
namespace {
int follows(const State& s, const char* lv, const std::function<bool(const std::string&)>& ok) {
  int n = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    Rng rng(seed);
    std::string mv = s.action_name(make_bot(lv)->choose(s, s.to_move(), rng));
    n += ok(mv);
    MESSAGE(std::string(lv) << " seed " << seed << ": " << mv);
  }
  return n;
}
}  // namespace

TEST_CASE(
    "gray-ghost: the AI counts the four directions and does not miss a capture (CONSEILS: \"ne pas manquer une "
    "occasion de capturer\")") {
  auto s = fresh();
  put(*s, 0, "k3", 2, false, 0);  // mission 2 is far off, on i12
  put(*s, 1, "c10", 3, false, 0);
  play(*s, {"spin", "spin:2 straight"});
  REQUIRE(has(*s, "k3-m3"));  // the one direction that lands on a disc
  for (const char* lv : {"ai", "ai:4"}) CHECK(follows(*s, lv, [](const std::string& m) { return m == "k3-m3"; }) >= 5);
}

TEST_CASE(
    "gray-ghost: on a Raid the AI takes a soldier far from its raider (CONSEILS: \"choisissez un pion soldat éloigné "
    "de votre Raider\")") {
  auto s = fresh();
  put(*s, 0, "k4", 2, false, 0);
  put(*s, 1, "c10", 3, false, 0);
  play(*s, {"spin", "spin:Pick a War Card", "card:raid"});
  REQUIRE(gg(*s).phase() == gray_ghost::RAID);
  const auto& G = game(*s);
  int me = node(*s, "k4");
  for (const char* lv : {"ai", "ai:4"})
    CHECK(follows(*s, lv, [&](const std::string& m) {
            return m.rfind("raid:", 0) == 0 && G.d(me, node(*s, m.substr(5).c_str())) > 3;
          }) >= 5);
}

TEST_CASE(
    "gray-ghost: the AI values a soldier beyond the fifth, against a later Ambush (CONSEILS: \"il est bon d'en "
    "capturer davantage\")") {
  auto five = fresh(), six = fresh();
  put(*five, 0, "k3", 2, true, 5);
  put(*six, 0, "k3", 2, true, 6);
  put(*five, 1, "c10", 3, false, 0);
  put(*six, 1, "c10", 3, false, 0);
  CHECK(six->heuristic(0) > five->heuristic(0));
  // Less than a soldier still lacking: a spare is insurance, not progress.
  auto four = fresh();
  put(*four, 0, "k3", 2, true, 4);
  put(*four, 1, "c10", 3, false, 0);
  CHECK(five->heuristic(0) - four->heuristic(0) > six->heuristic(0) - five->heuristic(0));
  // Yet worth a short way round: the way home takes about twenty spins from
  // any square near k3 (HQ wants the exact count), and an Ambush on it takes
  // a soldier and shuts HQ until another is found. Offered one safe blue hat
  // (an Ambush's, face up) two squares off, the search takes it.
  gg(*five).set_disc(circle(*five, "m3"), gray_ghost::KNOWN_BLUE);
  gg(*five).set_disc(circle(*five, "o4"), gray_ghost::EMPTY);  // the counts stay whole
  five->check();
  play(*five, {"spin", "spin:2 straight"});
  REQUIRE(has(*five, "k3-m3"));
  CHECK(follows(*five, "ai", [](const std::string& m) { return m == "k3-m3"; }) >= 5);
}

TEST_CASE("gray-ghost: in random games no seat's moves or view tell it where a rival put a trap back (hidden discs)") {
  // The mover's legal moves must be those of every world its determinize()
  // draws, or the move list would show the traps it cannot see.
  Rng rng(21);
  int hidden = 0;
  for (int game = 0; game < 12; ++game) {
    auto g = load_game("gray-ghost");
    auto s = g->new_state(g->resolve_options(Json::object()), 2 + game % 3);
    for (int ply = 0; ply < 3000 && !s->terminal(); ++ply) {
      int seat = s->to_move();
      if (seat >= 0) {
        for (int c = 0; c < gray_ghost::kCircles; ++c)
          hidden += gg(*s).disc(c) == gray_ghost::KNOWN_TRAP && !gg(*s).sees_trap(c, seat);
        auto d = s->determinize(seat, rng);
        REQUIRE(d->view(seat) == s->view(seat));
        REQUIRE(d->legal() == s->legal());
      }
      auto l = s->legal();
      s->apply(l[rng.below(int(l.size()))]);
    }
  }
  MESSAGE(hidden << " moves made beside a trap the mover did not see put back");
  CHECK(hidden > 0);
}

TEST_CASE(
    "gray-ghost: the AI's spin tables: home to HQ takes the exact count, so the squares on HQ's lines are nearer "
    "(GAGNANT)") {
  // "Pour gagner, un joueur doit entrer au Quartier général en comptant
  // celui-ci comme la dernière case de son déplacement": the winning move
  // ends in HQ (g7-h8), straight at right angles to a side or diagonally at
  // a corner, while before the mission "n'a pas besoin ... un compte exact".
  auto s = fresh();
  const auto& G = game(*s);
  for (int x = 0; x < G.n; ++x) {
    if (G.zone_of[x] >= 0) continue;
    CHECK(G.spins_to_hq(x) >= 1);
    CHECK(G.spins_to_hq(x) < 99);  // 99: never
    CHECK(G.spins_home(x) < 99);
    for (int m = 1; m <= gray_ghost::kMissions; ++m) CHECK(G.spins_to_mission(m, x) < 99);
  }
  CHECK(G.spins_home(G.hq) == 0);
  for (int m = 1; m <= gray_ghost::kMissions; ++m) CHECK(G.spins_to_mission(m, G.mission_node[m]) == 0);
  // g4 and e4 are both three squares from HQ; only g4 is on one of its lines
  // (3 straight enters). Counted in squares they are level.
  int on = node(*s, "g4"), off = node(*s, "e4");
  REQUIRE(G.d(on, G.hq) == G.d(off, G.hq));
  CHECK(G.spins_home(on) + 1 < G.spins_home(off));
  // Any count enters HQ before the mission: the way there is shorter than home.
  CHECK(G.spins_to_hq(on) + 5 < G.spins_home(on));
}

TEST_CASE(
    "gray-ghost: a raider alone on the board (bench/gray_ghost_race.cpp) is scored against nobody, so it still "
    "takes the win (GAGNANT)") {
  // No game seats one raider; the race bench does, to time a player's race
  // by itself. Scored against a rival at "never", every move outscored the
  // win (a terminal state counts 1000 in a one-ply plan).
  auto g = load_game("gray-ghost");
  GrayGhostState s(static_cast<const GrayGhostGame*>(g.get()), 1, 0, 150);
  put(s, 0, "i7", 5, true, 5);
  play(s, {"spin", "spin:1 straight"});
  for (const char* lv : {"greedy", "bot:trap", "bot:capture"})
    CHECK(follows(s, lv, [](const std::string& m) { return m == "i7-hq"; }) == 6);
  CHECK(s.heuristic(0) < 0);  // minus the turns still needed
}
