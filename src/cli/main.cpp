// gamut: the command-line tool. Its output lines are a stable interface for
// scripts: see README.md.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <sstream>

#include "ai/bots.h"
#include "ai/sparring.h"
#ifndef __EMSCRIPTEN__
#include "cli/gat.h"  // TCP sockets: native only
#endif
#include "core/match.h"
#include "core/watch.h"

using namespace gamut;

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::map<std::string, std::string> parse_flags(int argc, char** argv, int from) {
  std::map<std::string, std::string> f;
  for (int i = from; i < argc; ++i) {
    std::string k = argv[i];
    if (k.rfind("--", 0) != 0) throw DataError("unexpected argument '" + k + "'");
    k = k.substr(2);
    if (i + 1 < argc && std::strncmp(argv[i + 1], "--", 2) != 0)
      f[k] = argv[++i];
    else
      f[k] = "1";
  }
  return f;
}

std::string flag(const std::map<std::string, std::string>& f, const char* k, const char* def = nullptr) {
  auto it = f.find(k);
  if (it != f.end()) return it->second;
  if (!def) throw DataError(std::string("missing --") + k);
  return def;
}

// A numeric flag, whole, or a message naming the flag (not a bare "stoi").
double num_flag(const std::map<std::string, std::string>& f, const char* k, const char* def) {
  std::string v = flag(f, k, def);
  char* end = nullptr;
  double d = v.empty() ? 0 : std::strtod(v.c_str(), &end);
  if (v.empty() || *end) throw DataError(std::string("--") + k + " takes a number, not '" + v + "'");
  return d;
}
long int_flag(const std::map<std::string, std::string>& f, const char* k, const char* def) {
  double d = num_flag(f, k, def);
  if (d != std::floor(d) || d < 0 || d > 1e18) throw DataError(std::string("--") + k + " takes a whole number >= 0");
  return long(d);
}

std::vector<std::string> split(const std::string& s, char c) {
  std::vector<std::string> r;
  std::stringstream ss(s);
  std::string x;
  while (std::getline(ss, x, c)) r.push_back(x);
  return r;
}

// Wilson score interval at 95%: honest bounds even at 0 or n wins.
std::pair<double, double> wilson(int k, int n) {
  if (n == 0) return {0, 1};
  double z = 1.96, p = double(k) / n, d = 1 + z * z / n;
  double c = (p + z * z / (2 * n)) / d, h = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
  return {std::max(0.0, c - h), std::min(1.0, c + h)};
}

// --swap rotates the bots through the seats game by game, so seat advantage
// cancels out; wins are then counted per bot, not per seat.
int cmd_selfplay(const std::map<std::string, std::string>& f) {
  std::string id = flag(f, "game");
  int n = int(int_flag(f, "games", "10"));
  uint64_t seed = uint64_t(int_flag(f, "seed", "1"));
  std::vector<std::string> names = split(flag(f, "bots", "random,random"), ',');
  Json options = f.count("options") ? parse_json_text(f.at("options"), "--options") : Json::object();
  bool verbose = f.count("verbose"), swap = f.count("swap");
  int version = int(int_flag(f, "version", "0"));  // 0: the newest rules data
  int k = int(names.size());
  std::vector<std::unique_ptr<Bot>> bots;
  for (auto& b : names) {
    bots.push_back(make_bot(b));
    if (b.rfind("bot:", 0) == 0 && !make_sparring_bot(id, b.substr(4))) {
      std::string known;
      for (const SparringInfo& s : sparring_bots(id)) known += " bot:" + s.name;
      throw DataError("no sparring bot '" + b + "' for " + id + " (it has:" + (known.empty() ? " none" : known) + ")");
    }
  }
  std::vector<int> wins(k, 0);
  int draws = 0;
  long plies = 0;
  double score = 0;
  auto t0 = Clock::now();
  for (int g = 0; g < n; ++g) {
    Record r;
    r.game = id;
    r.version = version;
    r.options = options;
    r.seats = k;
    r.seed = seed * 1000003 + uint64_t(g);
    Match m(r);
    Rng rng(r.seed ^ 0x5eed);
    auto bot_at = [&](int seat) { return swap ? (seat + g) % k : seat; };
    while (!m.state().terminal()) {
      m.resolve_chance();
      if (m.state().terminal()) break;
      int seat = m.state().to_move();
      m.play(bots[bot_at(seat)]->choose(m.state(), seat, rng));
      ++plies;
    }
    std::vector<double> ret = m.state().returns();
    double best = *std::max_element(ret.begin(), ret.end());
    int winners = int(std::count(ret.begin(), ret.end(), best));
    score += m.state().score();
    if (k == 1) {
      if (ret[0] > 0) wins[0]++;
    } else if (winners == 1 && best > 0) {
      wins[bot_at(int(std::max_element(ret.begin(), ret.end()) - ret.begin()))]++;
    } else {
      draws++;
    }
    if (verbose) std::cout << "game " << g + 1 << ": " << m.state().describe_result() << "\n";
    // The whole record, secrets included, for `gamut replay --code`: how a lost game went.
    if (f.count("codes")) std::cout << "code " << g + 1 << ": " << encode_share_code(m.record()) << "\n";
  }
  std::cout << "result: games=" << n << " wins=";
  for (int i = 0; i < k; ++i) std::cout << (i ? "," : "") << wins[i];
  std::printf(" draws=%d plies=%ld seconds=%.2f\n", draws, plies, since(t0));
  for (int i = 0; i < k; ++i) {
    auto [lo, hi] = wilson(wins[i], n);
    std::printf("%s %s: %d/%d wins = %.1f%% (95%% CI %.1f-%.1f%%)\n", swap ? "bot" : "seat", names[i].c_str(), wins[i],
                n, 100.0 * wins[i] / n, 100 * lo, 100 * hi);
  }
  if (k == 1) std::printf("mean score: %.2f\n", score / std::max(n, 1));
  return 0;
}

int cmd_bench(const std::map<std::string, std::string>& f) {
  std::string id = flag(f, "game");
  double secs = num_flag(f, "seconds", "3");
  int seats = int(int_flag(f, "seats", "0"));
  auto game = load_game(id);
  if (seats == 0) seats = game->info().min_seats;
  Rng rng(uint64_t(int_flag(f, "seed", "1")));
  // --warmup: uncounted playouts first. WebAssembly under V8 starts in a baseline
  // compiler and optimises hot functions while they run, so a cold run counts the
  // slow start; native runs it too, so a ratio compares like with like.
  double warm = num_flag(f, "warmup", "0");
  const Json options = game->resolve_options(Json());  // once, as a match does
  auto run = [&](double limit, long& playouts, long& plies) {
    auto t0 = Clock::now();
    while (since(t0) < limit) {
      std::unique_ptr<State> s = game->new_state(options, seats);
      while (!s->terminal()) {
        s->apply(s->to_move() == kChance ? chance_outcome(*s, rng) : random_action(*s, rng));
        ++plies;
      }
      ++playouts;
    }
    return since(t0);
  };
  long warm_playouts = 0, warm_plies = 0, playouts = 0, plies = 0;
  if (warm > 0) run(warm, warm_playouts, warm_plies);
  double t = run(secs, playouts, plies);
  std::printf("game: %s\nplayouts: %ld\nplies_per_second: %.0f\nplayouts_per_second: %.1f\n", id.c_str(), playouts,
              plies / t, playouts / t);
  return 0;
}

// Hidden: prints golden share-code lines "<game> <code> <fingerprint>" for
// tests/golden/codes.txt. The fingerprint is FNV-1a 64 of the final state's
// debug() and the action count; tests/unit/golden_test.cpp recomputes it.
// --plies P stops after P player moves (0: play to the end); --version and
// --seats pin the rules data and the number of players. --save prints each
// game's save (JSON, one line) instead: scripts/fuzz seeds its corpora so.
int cmd_golden(const std::map<std::string, std::string>& f) {
  std::string id = flag(f, "game");
  int n = int(int_flag(f, "games", "1"));
  uint64_t seed = uint64_t(int_flag(f, "seed", "1"));
  long stop = int_flag(f, "plies", "0");
  Json options = f.count("options") ? parse_json_text(f.at("options"), "--options") : Json::object();
  for (int g = 0; g < n; ++g) {
    Record r;
    r.game = id;
    r.options = options;
    r.version = int(int_flag(f, "version", "0"));  // 0: the newest rules data
    r.seats = uint64_t(int_flag(f, "seats", "0"));
    r.seed = seed * 1000003 + uint64_t(g);
    Match m(r);
    Rng rng(r.seed ^ 0x901d);
    for (long plies = 0; !m.state().terminal() && (stop <= 0 || plies < stop); ++plies) {
      m.resolve_chance();
      if (m.state().terminal()) break;
      m.play(random_action(m.state(), rng));
    }
    if (f.count("save")) {
      std::printf("%s\n", m.to_json().dump().c_str());
      continue;
    }
    uint64_t h = 14695981039346656037ULL;
    for (unsigned char c : m.state().debug()) h = (h ^ c) * 1099511628211ULL;
    std::printf("%s %s %016llx:%zu\n", id.c_str(), encode_share_code(m.record()).c_str(), (unsigned long long)h,
                m.record().actions.size());
  }
  return 0;
}

int usage() {
  std::cerr << "usage: gamut list\n"
               "       gamut board --game ID\n"
               "       gamut info --game ID\n"
               "       gamut selfplay --game ID --games N --seed S --bots B0,B1[,...] [--options JSON] [--version V] "
               "[--swap] [--verbose] [--codes]\n"
               "       gamut bench --game ID --seconds S [--warmup S]\n"
               "       gamut replay --code CODE [--debug]   (prints the move log of a share code (--debug: and the "
               "whole state after each move), or of a watch code and its "
               "public view)\n"
               "       gamut watch --code CODE    (the watch code of a share code: public information only)\n"
               "       gamut gat --host H --port P --level L   (Geister on a GAT tournament server)\n"
               "bots: random, greedy, mc, mc:N (N playouts), mc@MS, ai, ai:1-5, ai@MS, bot:NAME (a game's sparring "
               "strategy; gamut info --game ID lists them)\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  std::string cmd = argv[1];
  try {
    auto f = parse_flags(argc, argv, 2);
    if (f.count("data")) set_data_dir(f.at("data"));  // where rules-data lives, e.g. for the wasm build under Node
    if (cmd == "list") {
      for (auto& id : game_ids()) std::cout << id << "\n";
      return 0;
    }
    if (cmd == "board") {
      std::cout << load_game(flag(f, "game"))->board().describe();
      return 0;
    }
    if (cmd == "info") {
      auto g = load_game(flag(f, "game"));
      const GameInfo& i = g->info();
      std::cout << "name: " << i.name << "\nyear: " << i.year << "\npublisher: " << i.publisher
                << "\nmin_seats: " << i.min_seats << "\nmax_seats: " << i.max_seats
                << "\ndata_version: " << g->data_version() << "\n";
      for (const SparringInfo& b : sparring_bots(i.id))
        std::cout << "sparring: bot:" << b.name << " (" << b.plan << ")\n";
      return 0;
    }
    if (cmd == "selfplay") return cmd_selfplay(f);
    if (cmd == "bench") return cmd_bench(f);
    if (cmd == "golden") return cmd_golden(f);
#ifndef __EMSCRIPTEN__
    if (cmd == "gat") return cmd_gat(f);
#endif
    if (cmd == "watch") {  // the watch code of a share code: what a spectator may see of it
      Record r = decode_share_code(flag(f, "code"));
      Match m(r);
      std::cout << encode_watch_code(make_watch(m, r.players)) << "\n";
      return 0;
    }
    if (cmd == "replay" && code_format(flag(f, "code")) == 3) {
      // A watch code: the public log, then the public view where it stops. No seed, no secrets.
      Watch w = decode_watch_code(flag(f, "code"));
      std::cout << "watch code: " << w.game << ", " << w.seats << " seats, public information only (no seed)\n";
      for (size_t i = 0; i < w.log.size(); ++i) std::cout << i + 1 << ". " << w.log[i] << "\n";
      std::cout << "public view: " << w.views.back().dump() << "\n";
      return 0;
    }
    if (cmd == "replay") {
      Match m(decode_share_code(flag(f, "code")));
      std::unique_ptr<State> s = m.state_at(0);
      bool whole = f.count("debug");  // the whole state after every move: a share code holds every secret anyway
      for (size_t i = 0; i < m.record().actions.size(); ++i) {
        Action a = m.record().actions[i];
        if (s->to_move() != kChance) std::cout << s->move_number() + 1 << ". " << s->public_name(a, -1) << "\n";
        s->apply(a);
        if (whole) std::cout << s->debug() << "\n";
      }
      std::cout << (s->terminal() ? s->describe_result() : "game in progress") << "\n";
      return 0;
    }
    return usage();
  } catch (const std::exception& e) {
    std::cerr << "gamut: " << e.what() << "\n";
    return 1;
  }
}
