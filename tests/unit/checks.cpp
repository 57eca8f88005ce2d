#include "checks.h"

#include <algorithm>
#include <sstream>

#include "ai/sparring.h"
#include "core/view.h"

namespace gamut::testing {

// Each seat's view keeps the contract (core/view.h): shared keys in their
// shapes, pieces and marks on nodes of the board, faces styled in the data.
static void check_views(const State& s, const Match& m) {
  const Game& g = s.game();
  const Json& styles = g.data().contains("pieces") ? g.data()["pieces"] : Json::object();
  for (int seat = -1; seat < s.seats(); ++seat) {
    view::View v;
    try {
      v = view::parse(s.view(seat));
    } catch (const std::exception& e) {
      FAIL("seat " << seat << ": " << std::string(e.what()) << "\nshare code: " << encode_share_code(m.record()));
    }
    for (const view::Piece& p : v.pieces) {
      INFO("seat " << seat << " piece on " << p.node << " face " << p.face);
      REQUIRE(g.board().find(p.node) >= 0);
      REQUIRE((p.face.empty() || styles.contains(p.face)));
      REQUIRE(p.seat >= -1);
      REQUIRE(p.seat < s.seats());
    }
    for (const std::string& n : v.last) REQUIRE(g.board().find(n) >= 0);
    for (const view::SidePiece& p : v.side) REQUIRE((p.face.empty() || styles.contains(p.face)));
  }
}

static void same_state(const State& a, const State& b) {
  REQUIRE(a.debug() == b.debug());
  for (int s = -1; s < a.seats(); ++s) REQUIRE(a.view(s) == b.view(s));
}

void sparring_games(const std::string& id, int n, int seats, uint64_t seed, int max_plies) {
  std::vector<SparringInfo> bots = sparring_bots(id);
  REQUIRE(bots.size() >= 2);
  Rng rng(seed);
  for (const SparringInfo& b : bots) {
    CAPTURE(b.name);
    for (int g = 0; g < n; ++g) {
      Record r;
      r.game = id;
      r.seats = uint64_t(seats);
      r.seed = rng.next();
      Match m(r);
      int mine = g % m.seats();
      std::unique_ptr<Bot> bot = make_bot("bot:" + b.name);
      for (int ply = 0; ply < max_plies; ++ply) {
        m.resolve_chance();
        const State& s = m.state();
        if (s.terminal()) break;
        s.check();
        int seat = s.to_move();
        Action a;
        if (seat == mine) {
          uint64_t k = rng.next();
          Rng r1(k), r2(k), r3(k);
          a = bot->choose(s, seat, r1);
          std::unique_ptr<State> d = s.determinize(seat, r3);
          REQUIRE(d->view(seat) == s.view(seat));
          std::unique_ptr<Bot> twin = make_bot("bot:" + b.name);
          CHECK_MESSAGE(twin->choose(*d, seat, r2) == a, "bot:" << b.name << " chose by more than its view at ply "
                                                                << ply << "\n"
                                                                << s.debug());
        } else {
          a = random_action(s, rng);
        }
        std::vector<Action> l = s.legal();
        REQUIRE(std::binary_search(l.begin(), l.end(), a));
        m.play(a);
      }
    }
  }
}

SimStats random_games(const std::string& id, int n, uint64_t seed, int seats, const Json& options,
                      const std::string& bot_name) {
  SimStats st;
  Rng rng(seed);
  std::unique_ptr<Bot> bot = bot_name == "random" ? nullptr : make_bot(bot_name);
  for (int g = 0; g < n; ++g) {
    Record r;
    r.game = id;
    r.options = options;
    r.seats = uint64_t(seats);
    r.seed = rng.next();
    Match m(r);
    if (st.wins.empty()) st.wins.assign(m.seats(), 0);
    size_t next_full = 1;
    for (;;) {
      const State& s = m.state();
      try {
        s.check();
      } catch (const std::exception& e) {
        // The record replays the failure: print it with the state.
        FAIL(std::string(e.what()) << "\nshare code: " << encode_share_code(m.record()) << "\n" << s.debug());
      }
      std::vector<Action> l = s.legal();
      if (!s.terminal()) {
        REQUIRE(!l.empty());
        REQUIRE(std::is_sorted(l.begin(), l.end()));
        REQUIRE(std::adjacent_find(l.begin(), l.end()) == l.end());
      }
      size_t len = m.record().actions.size();
      // The share code every 16 plies (encoding is linear in the record, so
      // every ply would make long games quadratic), the full reload at powers
      // of two and at the end.
      if (len % 16 == 0 || len == next_full || s.terminal()) {
        Record back = decode_share_code(encode_share_code(m.record()));
        REQUIRE(back.actions == m.record().actions);
        REQUIRE(back.options == m.record().options);
        check_views(s, m);
      }
      if (len == next_full || s.terminal()) {
        next_full *= 2;
        Json saved = parse_json_text(m.to_json().dump(), "save");
        Match again(Match::record_from_json(saved));
        same_state(s, again.state());
        same_state(s, *s.clone());
        ++st.round_trips;
      }
      if (s.terminal()) break;
      if (s.to_move() == kChance) {
        m.resolve_chance();
        continue;
      }
      m.play(bot ? bot->choose(s, s.to_move(), rng) : l[rng.below(int(l.size()))]);
      ++st.plies;
    }
    std::vector<double> ret = m.state().returns();
    REQUIRE(int(ret.size()) == m.seats());
    for (double v : ret) REQUIRE((v >= -1 && v <= 1));
    st.score += m.state().score();
    double best = *std::max_element(ret.begin(), ret.end());
    if (std::count(ret.begin(), ret.end(), best) == 1 && best > 0)
      st.wins[std::max_element(ret.begin(), ret.end()) - ret.begin()]++;
    else
      st.draws++;
    ++st.games;
  }
  return st;
}

int times_chosen_any(const State& s, const std::string& bot, int seat, const std::vector<std::string>& moves, int n) {
  int k = 0;
  for (uint64_t seed = 1; seed <= uint64_t(n); ++seed) {
    Rng rng(seed);
    std::string chosen = s.action_name(make_bot(bot)->choose(s, seat, rng));
    k += std::find(moves.begin(), moves.end(), chosen) != moves.end();
  }
  return k;
}

int times_chosen(const State& s, const std::string& bot, int seat, const std::string& move, int n) {
  return times_chosen_any(s, bot, seat, {move}, n);
}

std::vector<std::string> legal_names(const State& s) {
  std::vector<std::string> r;
  for (Action a : s.legal()) r.push_back(s.action_name(a));
  return r;
}

void play(State& s, const std::vector<std::string>& moves) {
  for (const std::string& mv : moves) {
    Action a = s.find_action(mv);
    if (a < 0) {
      std::ostringstream o;
      for (auto& n : legal_names(s)) o << n << " ";
      FAIL("illegal move '" << mv << "'; legal: " << o.str());
    }
    s.apply(a);
  }
}

std::unique_ptr<State> replay(const std::string& id, const std::vector<std::string>& moves, const Json& options,
                              int seats, uint64_t seed) {
  auto g = load_game(id);
  auto s = g->new_state(g->resolve_options(options), seats ? seats : g->info().min_seats);
  play(*s, moves);
  return s;
}

}  // namespace gamut::testing
