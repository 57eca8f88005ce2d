// The session natively: AI slices, hand-over behind the cover, undo. The
// browser drives this same code; here a fake clock makes time exact.
#include "play/session.h"

#include "checks.h"

using namespace gamut;

namespace {

Record record(const std::string& game, int seats, uint64_t seed) {
  Record r;
  r.game = game;
  r.seats = uint64_t(seats);
  r.seed = seed;
  return r;
}

// A clock that moves on by `tick` ms each time it is read.
struct FakeClock {
  double t = 0, tick;
  explicit FakeClock(double k) : tick(k) {}
  double operator()() { return t += tick; }
};

// Steps the session as frames would until `plies` actions are recorded.
void run_frames(Session& s, size_t plies, double budget_ms) {
  double now = 0;
  for (int frame = 0; frame < 200000 && s.match().record().actions.size() < plies && !s.state().terminal(); ++frame)
    s.step(budget_ms, now += 16);
}

}  // namespace

TEST_CASE("session: an AI move depends on the seed, never on how its thinking was sliced") {
  std::vector<Action> moves[2];
  for (int k = 0; k < 2; ++k) {
    Session s(record("uncle", 2, 77), {Seat{true, 2}, Seat{true, 2}});
    s.ai_delay_ms = 100;                   // the search must not go on thinking while the move waits to be shown
    FakeClock clock(k == 0 ? 0.05 : 3.0);  // a fast machine, then a slow one
    s.clock = std::ref(clock);
    run_frames(s, 40, k == 0 ? 8 : 1);
    moves[k] = s.match().record().actions;
    REQUIRE(moves[k].size() >= 20);
  }
  CHECK(moves[0] == moves[1]);
}

TEST_CASE("session: each slice stops at the first chunk past its budget, so the page draws between slices") {
  Session s(record("blue-and-gray", 2, 5), {Seat{false, 3}, Seat{true, 3}});
  s.ai_delay_ms = 0;
  FakeClock clock(1.0);  // each chunk of iterations takes 1 ms
  s.clock = std::ref(clock);
  // The person moves first; then the AI (8,000 iterations at level 3) thinks.
  REQUIRE(s.act(s.state().legal().front()) == "");
  REQUIRE(s.state().to_move() == 1);
  int frames = 0;
  while (s.state().to_move() == 1 && frames < 100000) s.step(8, 16.0 * ++frames);
  const Session::Slices& sl = s.slices();
  CHECK(s.state().to_move() != 1);
  CHECK(sl.count == frames);  // one slice per frame
  CHECK(sl.count > 10);       // the search was spread over many frames
  CHECK(sl.budget_ms == 8);
  CHECK(sl.longest_ms <= 8 + 1.0 + 1e-9);  // the budget and one chunk, never more
  CHECK(sl.worst_overrun_ms <= 1e-9);
}

TEST_CASE("session: with a frame target, a slice takes what drawing leaves of the frame, at least kMinSlice") {
  struct Restore {
    ~Restore() { Session::frame_target_ms = Session::drawing_ms = 0; }
  } restore;
  for (double drawing : {12.0, 40.0}) {
    Session s(record("blue-and-gray", 2, 5), {Seat{false, 3}, Seat{true, 3}});
    s.ai_delay_ms = 0;
    FakeClock clock(1.0);  // each chunk of iterations takes 1 ms
    s.clock = std::ref(clock);
    REQUIRE(s.act(s.state().legal().front()) == "");
    Session::frame_target_ms = 16;
    Session::drawing_ms = drawing;
    int frames = 0;
    while (s.state().to_move() == 1 && frames < 100000) s.step(8, 16.0 * ++frames);
    double slice = drawing == 12 ? 16 - 12 : Session::kMinSlice;  // within the budget of 8 given to step
    CHECK(s.state().to_move() != 1);
    CHECK(s.slices().budget_ms == slice);
    CHECK(s.slices().longest_ms <= slice + 1.0 + 1e-9);
  }
}

TEST_CASE("session: a hidden-information hotseat hands over behind a cover, and refuses moves until uncovered") {
  Record r = record("geister", 2, 9);
  r.options = {{"first", "South"}};  // South (seat 0) makes the first move after both set-ups
  Session s(std::move(r), {Seat{false, 3}, Seat{false, 3}});
  REQUIRE(s.screen_seat() == 0);
  CHECK_FALSE(s.covered());  // the first person needs no hand-over
  int first = s.state().to_move();
  REQUIRE(first == 0);
  REQUIRE(s.act(s.state().find_action("setup:GGGGEEEE")) == "");
  CHECK(s.covered());
  CHECK(s.screen_seat() == 0);  // the screen still shows the seat that moved, behind the cover
  CHECK(s.act(s.state().legal().front()) == "hand over first");
  s.uncover();
  CHECK_FALSE(s.covered());
  CHECK(s.screen_seat() == 1);
  REQUIRE(s.act(s.state().find_action("setup:EEEEGGGG")) == "");
  CHECK(s.covered());  // back to South, again behind the cover
  CHECK(s.screen_seat() == 1);
}

TEST_CASE("session: undo takes back the person's move with the AI's reply, and redo brings both back") {
  Session s(record("blue-and-gray", 2, 3), {Seat{false, 1}, Seat{true, 1}});
  s.ai_delay_ms = 0;
  REQUIRE(s.act(s.state().legal().front()) == "");
  run_frames(s, 2, 1000);
  REQUIRE(s.state().to_move() == 0);
  std::vector<Action> played = s.match().record().actions;
  REQUIRE(played.size() >= 2);
  CHECK(s.undo() == "");  // no die or reveal came between: against the AI the move may go
  CHECK(s.match().record().actions.empty());
  CHECK(s.state().to_move() == 0);
  CHECK(s.redo());
  CHECK(s.match().record().actions == played);
}

TEST_CASE("session: seats parse from the page's names, and a bad name is refused with the reason") {
  std::vector<Seat> s = parse_seats(Json::array({"human", "ai", "ai:5"}), 3);
  CHECK_FALSE(s[0].ai);
  CHECK((s[1].ai && s[1].level == 3));
  CHECK((s[2].ai && s[2].level == 5));
  CHECK_THROWS_WITH_AS(parse_seats(Json::array({"human", "ai:9"}), 2), "seats: 'ai:9' is not human, ai or ai:1-5",
                       DataError);
  CHECK_THROWS_AS(parse_seats(Json::array({"human"}), 2), DataError);
}
