// Geister by link (issue 14): two browsers, each a corr::Game holding one
// seat, pass links until the end. Secrets: geister_secrets.cpp.
#include <doctest/doctest.h>

#include <optional>

#include "core/crypto.h"
#include "corr_play.h"
#include "games/geister/geister.h"
#include "play/corr.h"

using namespace gamut;
using namespace gamut::corr;
using geister::GeisterState;
using testing::changed_move;
using testing::cut;
using testing::last_of;
using testing::Play;
using testing::refused;

namespace {

const GeisterState& gs(const State& s) { return static_cast<const GeisterState&>(s); }

}  // namespace

TEST_CASE("geister by link: a whole game; no link holds a colour the rules have not shown; verified") {
  Play p("geister");
  p.until([] { return false; });
  p.report();
  p.check_same_verified_end();
  const Replay& a = p.state(0);
  CHECK(p.g[0]->seat() == 0);
  CHECK(p.g[1]->seat() == 1);

  // The true set-ups, from the seat keys (they never travel in a link).
  std::vector<int> truth[2] = {p.g[0]->key()->secrets.at(0), p.g[1]->key()->secrets.at(0)};
  int captures = 0;
  for (const std::string& code : p.sent) {
    Link l = decode_link(code);
    std::unique_ptr<State> s = Play::public_state(l);
    bool over = s->terminal();
    for (const Entry& e : l.entries) {
      // A set-up travels only as commitments: eight hashes, never the action.
      if (e.kind == kCommit) CHECK(e.bytes.size() == 8 * crypto::kHash);
      if (e.kind != kReveal) continue;
      CHECK(e.value == truth[e.seat][size_t(e.item)]);  // and what is revealed is true
      // Before the end, a colour in a link is a captured or escaped ghost's.
      if (!over) CHECK(gs(*s).ghost(e.seat * 8 + e.item).at < 0);
    }
  }
  // Every capture's colour was revealed in the final link, and checked there against its commitment.
  Link last = decode_link(p.sent.back());
  std::unique_ptr<State> s = Match(a.record).state_at(0);
  for (Action act : a.record.actions) {
    if (gs(*s).phase() == geister::PLAY && act < geister::kEscapeBase) {
      int victim = gs(*s).occupant((act - geister::kMoveBase) % geister::kSquares);
      if (victim >= 0 && victim / 8 != s->to_move()) {
        ++captures;
        bool found = false;
        for (const Entry& e : last.entries) found |= e.kind == kReveal && e.seat == victim / 8 && e.item == victim % 8;
        CHECK(found);
      }
    }
    s->apply(act);
  }
  CHECK(captures > 0);
}

TEST_CASE("geister by link: the capturer's browser shows no result before the owner's reveal") {
  Play p("geister", Json{{"first", "South"}});
  // Until some capture: the capturer's own link then waits for the reveal.
  bool waited = false;
  p.until([&] {
    if (!p.g[0] || !p.g[1]) return false;
    for (auto& g : p.g)
      if (g->state().task == Replay::kRevealTask && g->state().to_act != g->seat()) {
        waited = true;
        CHECK(!g->state().finished);
        CHECK(g->state().result.empty());
        // The captured ghost's colour is the stand-in's: the screen shows it face down until the reveal.
        Json v = g->state().view(g->seat());
        int hidden = 0;
        for (const Json& x : v["side"]) hidden += x["seat"] != g->seat() && x["face"] == "hidden";
        CHECK(hidden == 1);
      }
    return waited;
  });
  CHECK(waited);
}

TEST_CASE("geister by link: tampered links are refused and the game held stays as it was") {
  Play p("geister", Json{{"first", "lot"}});
  // Play on until both have moved a few times and a capture has been revealed.
  auto has_reveal = [&] {
    if (!p.g[0] || !p.g[1] || p.at != 0) return false;
    for (const Entry& e : decode_link(p.g[1]->code()).entries)
      if (e.kind == kReveal && e.seat == 1) return true;
    return false;
  };
  p.until(has_reveal);
  REQUIRE(has_reveal());
  // Browser 0 holds B's newest link already; the tamperer (North, browser 1) sends a doctored one.
  Link l = decode_link(p.g[1]->code());
  const std::string before = p.g[0]->code();

  SUBCASE("a changed past move") { refused(changed_move(l, 0), *p.g[0], "changes move"); }
  SUBCASE("a false reveal") {
    // North's link with one more move: its reveal of the ghost South captured, with the colour turned.
    size_t at = last_of(l, kReveal, 1);
    REQUIRE(at < l.entries.size());
    // A fresh copy of the game held, cut before that reveal: the receiver has not seen it yet.
    corr::Game have(cut(l, at), *p.g[0]->key());
    l.entries[at].value = 1 - l.entries[at].value;
    refused(l, have, "does not match its commitment");
  }
  SUBCASE("a reused chance contribution") {
    // The lot: North's share is the link before its chain's end; North sends the end again.
    size_t join = last_of(l, kJoin, 1), share = l.entries.size();
    for (size_t i = 0; i < l.entries.size() && share == l.entries.size(); ++i)
      if (l.entries[i].kind == kShare && l.entries[i].seat == 1) share = i;
    REQUIRE(join < l.entries.size());
    REQUIRE(share < l.entries.size());
    corr::Game have(cut(l, share), *p.g[0]->key());
    Link bad = cut(l, share + 1);
    bad.entries[share].bytes = l.entries[join].bytes;
    refused(bad, have, "not the next one of its chain");
  }
  CHECK(p.g[0]->code() == before);
}

TEST_CASE("geister by link: a seat key carries a seat to another device, and nothing else does") {
  Play p("geister", Json{{"first", "South"}});
  p.until([&] { return p.g[1] && p.g[1]->state().task == Replay::kMoveTask && p.at == 1; });
  REQUIRE(p.g[1]);
  // The other device opens the link: both seats are taken, so it holds none.
  corr::Game other = corr::Game::open(p.g[1]->code(), nullptr);
  CHECK(other.seat() == -1);
  CHECK_THROWS_AS(other.play(0), DataError);
  other.import_key(decode_key(encode_key(*p.g[1]->key())));
  CHECK(other.seat() == 1);
  Match m(other.state().record);
  other.play(m.state().legal().front());
  CHECK(corr::Game::open(other.code(), &*p.g[0]).state().record.actions.size() > p.g[0]->state().record.actions.size());
  // A key made up for the same seat does not fit what the seat committed to.
  Key forged = *p.g[1]->key();
  forged.master = crypto::random_bytes(32);
  corr::Game third = corr::Game::open(p.g[1]->code(), nullptr);
  CHECK_THROWS_AS(third.import_key(forged), DataError);
  CHECK(third.seat() == -1);
}
