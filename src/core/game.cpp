#include "core/cold.h"
#include "game.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "core/style.h"
#include "text.h"

namespace gamut {

std::vector<double> State::chance_probs() const {
  size_t n = legal().size();
  return std::vector<double>(n, n ? 1.0 / double(n) : 0.0);
}

std::string State::describe_result() const {
  if (!terminal()) return "";
  std::vector<double> r = returns();
  std::string why = result_reason();
  if (!why.empty()) why = ": " + T(why);
  if (seats() == 1) return (r[0] > 0 ? T("Victory") : T("Defeat")) + why;
  int best = int(std::max_element(r.begin(), r.end()) - r.begin());
  if (std::count(r.begin(), r.end(), r[best]) > 1) return T("Draw") + why;
  return strf(T("%s wins"), game().seat_label(best).c_str()) + why;
}

Action State::find_action(const std::string& name) const {
  for (Action a : legal())
    if (action_name(a) == name) return a;
  return -1;
}

GAMUT_COLD Game::Game(const std::string& id, int min_seats, int max_seats, bool hidden, Json data, int version)
    : data_(std::move(data)), version_(version) {
  std::string w = id + " v" + std::to_string(version);
  const Json& in = req(data_, "info", w);
  info_.id = id;
  info_.name = req_str(in, "name", w + " info");
  for (auto [key, field] : {std::pair<const char*, std::string*>{"year", &info_.year},
                            {"publisher", &info_.publisher},
                            {"players", &info_.players},
                            {"playing_time", &info_.playing_time},
                            {"history", &info_.history}})
    *field = req_str(in, key, w + " info");
  if (in.contains("shelf")) {
    if (!in["shelf"].is_number_integer()) throw DataError(w + " info: shelf must be a whole number");
    info_.shelf = in["shelf"].get<int>();
  }
  if (in.contains("test")) {
    if (!in["test"].is_boolean()) throw DataError(w + " info: test must be true or false");
    info_.test = in["test"].get<bool>();
  }
  info_.min_seats = min_seats;
  info_.max_seats = max_seats;
  info_.hidden_info = hidden;
  if (data_.contains("board")) {
    board_ = Board::from_json(data_["board"], w + " board");
    check_board_style(data_["board"], w + " board");
  }
  if (data_.contains("pieces")) check_pieces_style(data_["pieces"], w + " pieces");
  if (data_.contains("options")) {
    if (!data_["options"].is_array()) throw DataError(w + ": \"options\" must be an array");
    for (const Json& o : data_["options"]) {
      req_str(o, "id", w + " option");
      req(o, "default", w + " option " + o["id"].get<std::string>());
    }
  }
  if (data_.contains("rules")) {
    for (const Json& r : data_["rules"]) {
      std::string rw = w + " rule";
      req_str(r, "title", rw);
      req_str(r, "text", rw + " '" + r["title"].get<std::string>() + "'");
    }
  }
  check_provenance(data_, w);
}

std::string Game::seat_name(int seat) const {
  const Json& names = data_.contains("seat_names") ? data_["seat_names"] : Json();
  // Untranslated: action names ("lot:Blue") and options are built from it. The screen shows seat_label().
  if (names.is_array() && seat >= 0 && seat < int(names.size())) return names[seat].get<std::string>();
  return "Player " + std::to_string(seat + 1);
}

std::string Game::seat_label(int seat) const {
  const Json& names = data_.contains("seat_names") ? data_["seat_names"] : Json();
  if (names.is_array() && seat >= 0 && seat < int(names.size())) return T(names[seat].get<std::string>());
  return strf(T("Player %d"), seat + 1);
}

GAMUT_COLD Json Game::resolve_options(const Json& given) const {
  Json out = Json::object();
  const Json& decl = data_.contains("options") ? data_["options"] : Json::array();
  for (const Json& o : decl) out[o["id"].get<std::string>()] = o["default"];
  if (given.is_null()) return out;
  if (!given.is_object()) throw DataError("options must be an object");
  for (auto it = given.begin(); it != given.end(); ++it) {
    auto d = std::find_if(decl.begin(), decl.end(), [&](const Json& o) { return o["id"] == it.key(); });
    if (d == decl.end()) throw DataError(info_.id + ": unknown option '" + it.key() + "'");
    const Json& def = (*d)["default"];
    const Json& v = it.value();
    bool ok = (def.is_boolean() && v.is_boolean()) || (def.is_number_integer() && v.is_number_integer()) ||
              (def.is_string() && v.is_string());
    if (ok && d->contains("choices"))
      ok = std::find((*d)["choices"].begin(), (*d)["choices"].end(), v) != (*d)["choices"].end();
    if (ok && d->contains("min") && v < (*d)["min"]) ok = false;
    if (ok && d->contains("max") && v > (*d)["max"]) ok = false;
    if (!ok) throw DataError(info_.id + ": bad value " + v.dump() + " for option '" + it.key() + "'");
    out[it.key()] = v;
  }
  return out;
}

static std::map<std::string, GameFactory>& factories() {
  static std::map<std::string, GameFactory> m;
  return m;
}

Registrar::Registrar(const std::string& id, GameFactory f) { factories()[id] = std::move(f); }

static bool g_list_test_games = true;
void list_test_games(bool on) { g_list_test_games = on; }

std::vector<std::string> game_ids() {
  // The order the library lists them in comes from each game's rules data
  // (info.shelf); a game whose data fails to load goes last, to show its error.
  std::vector<std::pair<int, std::string>> r;
  for (auto& [id, f] : factories()) {
    int shelf = 1 << 30;
    try {
      const GameInfo& gi = load_game(id)->info();
      if (gi.test && !g_list_test_games) continue;
      shelf = gi.shelf;
    } catch (const std::exception&) {
    }
    r.push_back({shelf, id});
  }
  std::sort(r.begin(), r.end());
  std::vector<std::string> ids;
  for (auto& p : r) ids.push_back(p.second);
  return ids;
}

std::shared_ptr<const Game> load_game(const std::string& id, int version) {
  static std::map<std::pair<std::string, int>, std::shared_ptr<const Game>> cache;
  auto f = factories().find(id);
  if (f == factories().end()) throw DataError("unknown game '" + id + "'");
  if (version <= 0) version = latest_data_version(id);
  auto key = std::make_pair(id, version);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  auto g = f->second(load_rules_data(id, version), version);
  cache[key] = g;
  return g;
}

std::shared_ptr<const Game> make_game(const std::string& id, const Json& data, int version) {
  auto f = factories().find(id);
  if (f == factories().end()) throw DataError("unknown game '" + id + "'");
  if (!data.is_object()) throw DataError(id + " rules data: top level must be an object");
  return f->second(data, version);
}

bool reveals(const State& s, Action a, int seat) {
  if (s.to_move() == kChance) return true;
  std::unique_ptr<State> t = s.clone();
  t->apply(a);
  const Json after = t->view(seat);
  // 16 samples: a reveal of one even chance (a ghost's colour) escapes all of them 1 time in 65,536.
  Rng rng(0x7e7ea1ULL ^ uint64_t(uint32_t(a)));
  for (int k = 0; k < 16; ++k) {
    std::unique_ptr<State> d = s.determinize(seat, rng);
    std::vector<Action> l = d->legal();
    if (!std::binary_search(l.begin(), l.end(), a)) return true;
    d->apply(a);
    if (d->view(seat) != after) return true;
  }
  return false;
}

}  // namespace gamut
