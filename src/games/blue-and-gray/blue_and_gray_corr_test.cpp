// Blue and Gray by link (issue 14): nothing is hidden, so only the lot for
// the first move is chance, drawn from both seats' chains; two browsers play
// a whole game to a verified result. The move limit (rules data: "Move limit
// (our safeguard)") is set low so random play ends soon.
#include <doctest/doctest.h>

#include "corr_play.h"

using namespace gamut;
using testing::Play;

TEST_CASE("blue and gray by link: a whole game between two browsers, the lot drawn from both, verified") {
  REQUIRE(corr::available("blue-and-gray"));
  Play p("blue-and-gray", Json{{"first", "lot"}, {"max_plies", 60}});
  p.until([] { return false; });
  p.report();
  REQUIRE(p.g[0]);
  REQUIRE(p.g[1]);
  for (auto& g : p.g) {
    INFO(g->state().failure);
    CHECK(g->state().finished);
    CHECK(g->state().verified);
    CHECK(!g->state().result.empty());
  }
  CHECK(p.g[0]->state().record.actions == p.g[1]->state().record.actions);
  // The lot needed a link from each seat: neither could draw it alone.
  int shares[2] = {0, 0};
  for (const corr::Entry& e : corr::decode_link(p.sent.back()).entries)
    if (e.kind == corr::kShare) ++shares[e.seat];
  CHECK(shares[0] == 1);
  CHECK(shares[1] == 1);
}
