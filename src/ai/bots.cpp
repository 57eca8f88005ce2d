#include "bots.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "ai/sparring.h"

namespace gamut {

Action random_action(const State& s, Rng& rng) {
  thread_local std::vector<Action> l;  // kept between calls: a playout's moves allocate nothing
  s.legal_into(l);
  return l[rng.below(int(l.size()))];
}

Action chance_outcome(const State& s, Rng& rng) {
  thread_local std::vector<Action> l;
  thread_local std::vector<double> p;
  s.chance_into(l, p);
  double u = rng.uniform(), acc = 0;
  for (size_t i = 0; i < l.size(); ++i)
    if (u < (acc += p[i])) return l[i];
  return l.back();
}

// base: each seat's heuristic at the search's root when the game scores
// leaves against it (State::heuristic_scale), else empty.
static std::vector<double> score(const State& s, const std::vector<double>& base = {}, double scale = 0) {
  if (s.terminal()) return s.returns();
  std::vector<double> r(s.seats());
  for (int i = 0; i < s.seats(); ++i)
    r[i] = std::tanh(base.empty() ? s.heuristic(i) / 4.0 : (s.heuristic(i) - base[size_t(i)]) / scale) * 0.9;
  return r;
}

Search::Search(const State& root, int seat, SearchParams p, uint64_t seed)
    : root_(root.clone()), seat_(seat), p_(p), rng_(seed) {
  nodes_.emplace_back();
  if (root_->heuristic_scale() > 0) {  // the root as this seat sees it
    std::unique_ptr<State> d = root_->determinize(seat_, rng_);
    for (int i = 0; i < d->seats(); ++i) base_.push_back(d->heuristic(i));
  }
}

void Search::run(int n) {
  for (int i = 0; i < n; ++i) iterate();
}

std::vector<double> Search::playout(State& s) {
  int cap = s.playout_plies() >= 0 ? std::min(p_.playout_cap, s.playout_plies()) : p_.playout_cap;
  for (int k = 0; k < cap && !s.terminal(); ++k) {
    if (s.to_move() == kChance) {
      s.apply(chance_outcome(s, rng_));
      continue;
    }
    Action a = s.playout_action(rng_);
    s.apply(a >= 0 ? a : random_action(s, rng_));
  }
  return score(s, base_, root_->heuristic_scale());
}

void Search::iterate() {
  ++done_;
  std::unique_ptr<State> s = root_->determinize(seat_, rng_);
  std::vector<Step>& path = path_;  // the buffers live in the Search, so an iteration seldom allocates
  std::vector<Action>& legal = legal_;
  std::vector<int>& fresh = fresh_;
  path.clear();
  int node = 0;
  std::vector<double> result;
  for (;;) {
    if (s->terminal()) {
      result = s->returns();
      break;
    }
    if (s->to_move() == kChance) {  // chance is sampled, not searched
      s->apply(chance_outcome(*s, rng_));
      continue;
    }
    s->legal_into(legal);
    s->search_moves(legal);
    Node& nd = nodes_[node];
    // Availability counts: only actions legal in this determinization compete.
    int pick = -1;
    double best = -1e18;
    bool expanded = false;
    fresh.clear();
    kid_of_.clear();
    for (size_t i = 0; i < legal.size(); ++i) {
      Action a = legal[i];
      // A node's moves mostly come in the same order in every determinization,
      // so the kid at the same place is tried before a search.
      int k = i < nd.kids.size() && nd.kids[i].a == a
                  ? int(i)
                  : int(std::find_if(nd.kids.begin(), nd.kids.end(), [&](const Child& c) { return c.a == a; }) -
                        nd.kids.begin());
      if (k == int(nd.kids.size())) nd.kids.push_back({a});
      kid_of_.push_back(k);
      Child& c = nd.kids[size_t(k)];
      c.avail++;
      if (c.visits == 0) fresh.push_back(k);
    }
    Node& n2 = nodes_[node];
    if (!fresh.empty()) {
      pick = fresh[rng_.below(int(fresh.size()))];
      expanded = true;
    } else {
      for (int k : kid_of_) {
        const Child& c = n2.kids[size_t(k)];
        double u = c.value / c.visits + p_.explore * std::sqrt(std::log(double(c.avail)) / c.visits);
        if (u > best) best = u, pick = k;
      }
    }
    int mover = s->to_move();
    Action a = n2.kids[pick].a;
    path.push_back({node, pick, mover});
    s->apply(a);
    if (expanded) {
      int child = int(nodes_.size());
      nodes_.emplace_back();
      nodes_[node].kids[pick].node = child;
      result = playout(*s);
      break;
    }
    node = nodes_[node].kids[pick].node;
  }
  for (const Step& st : path) {
    Child& c = nodes_[st.node].kids[st.kid];
    c.visits++;
    c.value += result[st.mover];
  }
}

std::vector<std::pair<Action, int>> Search::root_visits() const {
  std::vector<std::pair<Action, int>> r;
  for (const Child& c : nodes_[0].kids) r.push_back({c.a, c.visits});
  return r;
}

std::vector<Search::RootStat> Search::root_stats() const {
  std::vector<RootStat> r;
  for (const Child& c : nodes_[0].kids)
    if (c.visits) r.push_back({c.a, c.visits, c.value / c.visits});
  std::stable_sort(r.begin(), r.end(), [](const RootStat& x, const RootStat& y) { return x.visits > y.visits; });
  return r;
}

Action Search::best() const {
  std::vector<Action> legal = root_->legal();
  Action best = legal.front();
  double bv = -1;
  for (const Child& c : nodes_[0].kids) {
    if (!std::binary_search(legal.begin(), legal.end(), c.a)) continue;
    double v = c.visits + (c.visits ? c.value / c.visits * 1e-3 : 0);
    if (v > bv) bv = v, best = c.a;
  }
  return best;
}

SearchParams level_params(int level, const State& s) {
  SearchParams p;
  p.iterations = s.level_iterations(level);
  return p;
}

namespace {

// A free set-up: the game's own sampler (playout_action) when it has one, so
// set-ups vary yet stay sound, else uniform.
Action setup_action(const State& s, Rng& rng) {
  Action a = s.playout_action(rng);
  return a >= 0 ? a : random_action(s, rng);
}

struct RandomBot : Bot {
  Action choose(const State& s, int, Rng& rng) override { return random_action(s, rng); }
};

// One ply: the move whose result scores best on average over a few
// determinizations (chance after the move is sampled).
struct GreedyBot : Bot {
  Action choose(const State& s, int seat, Rng& rng) override {
    if (s.ai_randomizes()) return setup_action(s, rng);
    return plan_choice(
        s, seat, rng, [](const State&, Action, const State& after, int me) { return after.heuristic(me); }, 4);
  }
};

// Flat Monte Carlo: equal random playouts per root move; the baseline the
// tree search must beat.
// With ms > 0 it thinks for that long instead of a fixed count.
struct FlatMcBot : Bot {
  int playouts;
  double ms = 0;
  explicit FlatMcBot(int n, double t = 0) : playouts(n), ms(t) {}
  Action choose(const State& s, int seat, Rng& rng) override {
    if (s.ai_randomizes()) return setup_action(s, rng);
    std::vector<Action> legal = s.legal();
    if (legal.size() == 1) return legal[0];
    std::vector<double> total(legal.size(), 0);
    auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; ms > 0 || k < playouts; ++k) {
      // Whole rounds only, so every root move gets the same number of playouts.
      if (ms > 0 && k % legal.size() == 0 && k > 0 &&
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() >= ms)
        break;
      size_t i = size_t(k) % legal.size();
      std::unique_ptr<State> c = s.determinize(seat, rng);
      c->apply(legal[i]);
      for (int d = 0; d < 200 && !c->terminal(); ++d)
        c->apply(c->to_move() == kChance ? chance_outcome(*c, rng) : random_action(*c, rng));
      total[i] += score(*c)[seat];
    }
    return legal[std::max_element(total.begin(), total.end()) - total.begin()];
  }
};

// "bot:NAME": the sparring strategy of that name of whichever game it is
// asked to play, found at its first move (make_bot knows no game).
struct SparringBot : Bot {
  std::string name, game;
  std::unique_ptr<Bot> bot;
  explicit SparringBot(std::string n) : name(std::move(n)) {}
  Action choose(const State& s, int seat, Rng& rng) override {
    if (!bot || game != s.game().info().id) {
      game = s.game().info().id;
      bot = make_sparring_bot(game, name);
      if (!bot) {
        std::string known;
        for (const SparringInfo& b : sparring_bots(game)) known += (known.empty() ? "" : ", ") + ("bot:" + b.name);
        throw DataError("no sparring bot 'bot:" + name + "' for " + game + " (" + (known.empty() ? "none" : known) +
                        ")");
      }
    }
    return bot->choose(s, seat, rng);
  }
};

struct MctsBot : Bot {
  int level;
  double ms = 0;  // > 0: think for this long instead of the level's iterations
  explicit MctsBot(int lv, double t = 0) : level(lv), ms(t) {}
  Action choose(const State& s, int seat, Rng& rng) override {
    if (s.ai_randomizes()) return setup_action(s, rng);
    std::vector<Action> legal = s.legal();
    if (legal.size() == 1) return legal[0];
    SearchParams p = level_params(level, s);
    Search search(s, seat, p, rng.next());
    if (ms <= 0) {
      search.run(p.iterations);
    } else {
      auto t0 = std::chrono::steady_clock::now();
      do search.run(32);
      while (std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() < ms);
    }
    return search.best();
  }
};

}  // namespace

// "NAME@MS": a search bot that thinks MS milliseconds per move.
static double think_ms(const std::string& name) {
  size_t at = name.find('@');
  if (at == std::string::npos) return 0;
  std::string t = name.substr(at + 1);
  if (t.size() > 2 && t.compare(t.size() - 2, 2, "ms") == 0) t.resize(t.size() - 2);
  char* end = nullptr;
  double ms = std::strtod(t.c_str(), &end);
  if (t.empty() || *end || ms <= 0) throw DataError("bad thinking time in '" + name + "' (e.g. ai@1000ms)");
  return ms;
}

// The whole of `t` as a count from 1 to max, or a DataError naming the bot.
static int bot_count(const std::string& t, const std::string& name, int max, const char* what) {
  char* end = nullptr;
  long v = t.empty() ? 0 : std::strtol(t.c_str(), &end, 10);
  if (t.empty() || *end || v < 1 || v > max)
    throw DataError("bad " + std::string(what) + " in bot '" + name + "' (1-" + std::to_string(max) + ")");
  return int(v);
}

std::unique_ptr<Bot> make_bot(const std::string& name) {
  if (name.find('@') != std::string::npos) {
    double ms = think_ms(name);
    std::string base = name.substr(0, name.find('@'));
    if (base == "mc") return std::make_unique<FlatMcBot>(0, ms);
    if (base == "ai") return std::make_unique<MctsBot>(5, ms);
    throw DataError("only mc and ai take a thinking time: " + name);
  }
  if (name.rfind("bot:", 0) == 0 && name.size() > 4) return std::make_unique<SparringBot>(name.substr(4));
  if (name == "random") return std::make_unique<RandomBot>();
  if (name == "greedy") return std::make_unique<GreedyBot>();
  if (name == "mc") return std::make_unique<FlatMcBot>(2000);
  if (name.rfind("mc:", 0) == 0)
    return std::make_unique<FlatMcBot>(bot_count(name.substr(3), name, 10000000, "playout count"));
  if (name == "ai") return std::make_unique<MctsBot>(3);
  if (name.rfind("ai:", 0) == 0) return std::make_unique<MctsBot>(bot_count(name.substr(3), name, 5, "AI level"));
  throw DataError("unknown bot '" + name + "' (random, greedy, mc, mc:N, mc@MS, ai, ai:1-5, ai@MS, bot:NAME)");
}

}  // namespace gamut
