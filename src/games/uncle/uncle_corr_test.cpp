// The Man from U.N.C.L.E. by link (issue 14): two browsers, each a
// corr::Game holding one seat, pass links until the end. The chief cards and
// the missions are decks both seats locked and shuffled (mental poker,
// uncle_secrets.cpp): no link lets a seat read a card the rules have not
// shown it, and a card put down from a hand of several cannot be followed.
#include <doctest/doctest.h>

#include "core/code.h"
#include "corr_play.h"
#include "games/uncle/uncle.h"

using namespace gamut;
using namespace gamut::corr;
using testing::changed_move;
using testing::cut;
using testing::has;
using testing::last_needed;
using testing::Play;
using testing::refused;
using uncle::UncleGame;
using uncle::UncleState;

namespace {

const UncleState& us(const State& s) { return static_cast<const UncleState&>(s); }

// A collector, so that hands fill and cards change hands within a short game:
// it takes, steals and swaps whenever it may, and moves onto the other
// player, onto agents while it needs tokens, onto black dots once it may take
// or swap, and into a side entrance when one opens.
Action collector(const State& s, Rng& rng) {
  const UncleState& st = us(s);
  const UncleGame& g = static_cast<const UncleGame&>(s.game());
  std::vector<Action> legal = s.legal();
  const int me = st.current(), held = __builtin_popcount(st.hand(me));
  for (Action a : legal)
    if (a == uncle::kTake || (a >= uncle::kStealCard && a < uncle::kNoSteal) ||
        (held >= 2 && ((a >= uncle::kSwap && a < uncle::kLeave) || (a >= uncle::kFreeCard && a < uncle::kMove))))
      return a;
  if (st.phase() != uncle::MOVE) return Play::greedy(s, rng);
  double best = -1e9;
  Action pick = legal[0];
  for (Action a : legal) {
    if (a < uncle::kMove || a >= uncle::kPlace) continue;
    int to = (a - uncle::kMove) % uncle::kMaxNodes;
    double v = rng.uniform();
    if (to == st.pos(1 - me)) v += 10;
    if (st.agent(to) && st.tokens(me) < 3) v += 5;
    if (g.pointer_chief[size_t(to)] >= 0 && (st.tokens(me) == 3 || st.hand(me))) v += 6;
    if (g.door[size_t(to)]) v += 100;
    if (v > best) best = v, pick = a;
  }
  return pick;
}

// Whether the browser holding `key` can read place `place` of deck `d` from link `l`.
bool reads(const Link& l, const Key& key, int d, int place) {
  Replay r = replay(l, &key);
  for (const Secrets::Card& c : r.hidden)
    if (c.deck == d && r.place_of[size_t(d)][size_t(c.card)] == place) return false;
  return true;
}

// Every link sent: no seat can read the other's mission before the end, nor a
// chief card in the other's hand that the rules have not shown it.
int check_secrets(const Play& p) {
  int checked = 0;
  for (size_t i = 0; i < p.sent.size(); ++i) {
    Link l = decode_link(p.sent[i]);
    if (Play::public_state(l)->terminal()) continue;
    for (int seat = 0; seat < 2; ++seat) {
      const Key& mine = *p.g[seat]->key();
      Replay r = replay(l, &mine);
      if (r.decks[1].dealt < 2) continue;
      // The missions are dealt in seat order: place q is seat q's.
      CHECK_FALSE(reads(l, mine, 1, 1 - seat));
      ++checked;
    }
  }
  // Chief cards: the sender knows its own hand truly; the other may read only those the rules showed it.
  for (int sender = 0; sender < 2; ++sender) {
    const Replay& truth = p.g[sender]->state();
    Match m(truth.record);
    const UncleState& st = us(m.state());
    if (st.terminal()) continue;
    Link l = decode_link(p.g[sender]->code());
    for (int c = 0; c < static_cast<const UncleGame&>(st.game()).cards; ++c)
      if ((st.hand(sender) >> c & 1) && !st.knows(1 - sender, c)) {
        CHECK_FALSE(reads(l, *p.g[1 - sender]->key(), 0, truth.place_of[0][size_t(c)]));
        ++checked;
      }
  }
  return checked;
}

// A game until `stop`, tried again with the next seed (other keys, so other chance) until it gets there.
Play play_until(const std::function<bool(Play&)>& stop, int tries = 12) {
  for (int t = 0;; ++t) {
    Play p("uncle", Json{{"max_rounds", 80}}, uint64_t(100 + t));
    p.pick = collector;
    p.until([&] { return p.g[0] && p.g[1] && stop(p); });
    if ((p.g[0] && p.g[1] && stop(p)) || t + 1 == tries) return p;
  }
}

}  // namespace

TEST_CASE(
    "uncle by link: a whole game; the chiefs and missions dealt by mental poker; no link shows a card the rules hide; "
    "verified") {
  REQUIRE(corr::available("uncle"));
  CHECK(corr::max_seats("uncle") == 2);
  Play p("uncle", Json{{"max_rounds", 60}});
  p.pick = Play::greedy;
  p.until([] { return false; });
  p.report();
  p.check_same_verified_end();
  const Replay& a = p.state(0);
  // The deal came from the decks: each space's chief and each mission is the card at its place, opened at the end.
  Match m(a.record);
  const UncleState& end = us(m.state());
  for (int q = 0; q < 2; ++q) CHECK(a.card_at[1][size_t(q)] == end.mission(q));
  CHECK(check_secrets(p) > 0);
  // The links hold no card's face but those opened for all: the deck's points appear only as unlocked by every seat.
  for (const Entry& e : decode_link(p.sent.front()).entries) CHECK(e.kind != kUnlock);
}

TEST_CASE("uncle by link: a card put down from a hand of several cannot be followed; verified") {
  // Until a seat has reshuffled its hand to play one of its cards, and the other has taken the link.
  Play p = play_until([](Play& q) { return has(q.g[0]->link(), kReshuffle) && has(q.g[1]->link(), kReshuffle); });
  REQUIRE(has(p.g[0]->link(), kReshuffle));
  REQUIRE(has(p.g[1]->link(), kReshuffle));
  const Link& l = p.g[0]->link().entries.size() < p.g[1]->link().entries.size() ? p.g[0]->link() : p.g[1]->link();
  // The places the last reshuffle made: after the deck's six, each reshuffle's in turn.
  int who = -1, from = 6, k = 0;
  std::vector<int> olds;
  for (const Entry& e : l.entries)
    if (e.kind == kReshuffle) {
      from += k;
      code::Reader rd{e.bytes};
      k = int(rd.varint());
      olds.clear();
      for (int i = 0; i < k; ++i) olds.push_back(int(rd.varint()));
      who = e.seat;
    }
  REQUIRE(who >= 0);
  REQUIRE(k >= 2);
  const int other = 1 - who;
  const Replay& r = p.state(other);
  for (int q : olds) CHECK(r.decks[0].places[size_t(q)].gone);
  // The new places are under the reshuffler's lock alone: the other reads none of them, whatever it knew
  // before, and the reshuffle holds no form of a card the other has seen.
  std::string bytes;
  for (const Entry& e : l.entries)
    if (e.kind == kReshuffle) bytes = e.bytes;
  for (int q = from; q < from + k; ++q) {
    CHECK(r.decks[0].places[size_t(q)].locks == (1u << who));
    CHECK_FALSE(reads(l, *p.g[other]->key(), 0, q));
  }
  for (int q = 0; q < from; ++q) {
    CHECK(bytes.find(r.decks[0].places[size_t(q)].form) == std::string::npos);
    for (const Replay::Unlocked& u : r.decks[0].unlocked) CHECK(bytes.find(u.point) == std::string::npos);
  }
  CHECK(check_secrets(p) > 0);
  // And the game goes on to a verified end.
  p.until([] { return false; });
  for (auto& g : p.g) {
    INFO(g->state().failure);
    CHECK(g->state().verified);
  }
}

TEST_CASE("uncle by link: tampered links are refused and the game held stays as it was") {
  // Until a card has been unlocked for a look and a hand reshuffled, in the link the receiver holds last.
  // Played once for all the subcases (doctest runs the test case again for each).
  static const Play p = play_until([](Play& q) {
    if (q.at != 0) return false;
    Link l = decode_link(q.g[1]->code());
    return has(l, kReshuffle) && has(l, kUnlock);
  });
  Link l = decode_link(p.g[1]->code());
  REQUIRE(has(l, kReshuffle));
  auto last = [&](Kind k) { return last_needed(l, k); };
  auto before = [&](size_t i) { return corr::Game(cut(l, i), *p.g[0]->key()); };

  SUBCASE("a false unlock") {
    size_t i = last(kUnlock);
    corr::Game have = before(i);
    l.entries[i].bytes[5] ^= 1;
    refused(l, have, "does not match its lock|a damaged card");
  }
  SUBCASE("a card played from a hand without reshuffling it") {
    size_t i = last(kReshuffle);
    corr::Game have = before(i);
    Link bad = cut(l, i);
    Entry move = l.entries[i + 1];
    code::Reader rd{l.entries[i].bytes};
    rd.varint();
    move.item = int(rd.varint());  // the card by its old place, which the other may have followed
    bad.entries.push_back(move);
    refused(bad, have, "without its reshuffle");
  }
  SUBCASE("a reshuffle of cards that are not the mover's") {
    size_t i = last(kReshuffle);
    corr::Game have = before(i);
    Link bad = cut(l, i + 2);
    std::string& b = bad.entries[i].bytes;
    b[1] = char(b[1] == 0 ? 1 : 0);  // its first old place, another
    refused(bad, have, "not the seat's to reshuffle|not of the mover's hand|reshuffled it falsely");
  }
  SUBCASE("a changed past move") { refused(changed_move(l, 0), *p.g[0], "changes move"); }
}

TEST_CASE("uncle by link: a link doctored anywhere is refused with a message or taken, never a crash") {
  Play p("uncle", Json{{"max_rounds", 80}}, 100);
  p.pick = collector;
  p.until([&] { return p.g[1] && has(p.g[1]->link(), kReshuffle); });
  const Link l = p.g[p.at]->link();
  Rng rng(3);
  int refusals = 0;
  for (int t = 0; t < 300; ++t) {
    Link bad = l;
    Entry& e = bad.entries[size_t(rng.below(int(bad.entries.size())))];
    switch (rng.below(4)) {
      case 0:
        if (!e.bytes.empty()) e.bytes[size_t(rng.below(int(e.bytes.size())))] ^= char(1 << rng.below(8));
        break;
      case 1:
        e.item += rng.below(5) - 2;
        break;
      case 2:
        e.value ^= 1 << rng.below(6);
        break;
      default:
        e.secret = rng.below(3);
        break;
    }
    try {
      replay(decode_link(encode_link(bad)), &*p.g[0]->key());  // what travels: fields a kind has not are dropped
    } catch (const DataError&) {
      ++refusals;
    }
  }
  CHECK(refusals > 30);  // many changes fall in fields an entry's kind does not carry, and change nothing
}
