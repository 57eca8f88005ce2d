// The game data: map, counters and tables read from rules-data/mosby (the Charts and Tables,
// the Terrain Key); the Action and Event cards are read in cards.cpp.
#include <algorithm>
#include <string>

#include "core/cold.h"
#include "core/text.h"
#include "mosby.h"
#include "procedure.h"

namespace gamut::mosby {

namespace {

// The data's tables by their keys, as the rules panel names its components ("tables: crt",
// component_name in ui/rules_panel.cpp, through T()): marked here for the French tables.
[[maybe_unused]] constexpr const char* kTableNames[] = {
    N("awareness"),     N("recruitment"),   N("initiative"),     N("crt"),          N("odds_mosby"),
    N("odds_union"),    N("reaction"),      N("union_movement"), N("extend_lines"), N("performance"),
    N("depot_values"),  N("depot_sites"),   N("flag_spaces"),    N("bridges"),      N("leaders"),
    N("wagon_train"),   N("hand_limit"),    N("status_markers"), N("calibration"),  N("demolition"),
    N("interrogation"), N("depot_contents")};

UnitType type_of(const std::string& s) {
  if (s == "combat") return COMBAT;
  if (s == "blank") return BLANK;
  if (s == "picket") return PICKET;
  if (s == "courier") return COURIER;
  if (s == "wagon") return WAGON;
  throw DataError("mosby: unknown unit kind '" + s + "'");
}

}  // namespace

int MosbyGame::kind_of(UnitType t, int s) const {
  for (size_t k = 0; k < kinds.size(); ++k)
    if (kinds[k].type == t && (t != COMBAT || kinds[k].strength == s)) return int(k);
  return -1;
}

// Kind::name stays English (action ids are made of it); this is its name on the screen.
std::string MosbyGame::kind_label(int kind) const {
  const Kind& k = kinds[size_t(kind)];
  switch (k.type) {
    case COMBAT:
      return strf(T("combat %d"), k.strength);
    case BLANK:
      return T("blank");
    case PICKET:
      return T("picket");
    case COURIER:
      return T("courier");
    case WAGON:
      return T("wagon");
  }
  return k.name;
}

GAMUT_COLD MosbyGame::MosbyGame(const Json& d, int version) : Game("mosby", 1, 1, true, d, version) {
  const std::string w = "mosby v" + std::to_string(version);
  size_t n = board_.nodes.size();
  if (n > size_t(kNodeSpan))  // the "+ node" action codes could not name them all
    throw DataError(w + ": " + std::to_string(n) + " spaces, more than the " + std::to_string(kNodeSpan) +
                    " an action code can name");
  pike = board_.edge_type("pike");
  track = board_.edge_type("track");
  adj.assign(n, {});
  for (size_t i = 0; i < n; ++i)
    for (const Edge& e : board_.nodes[i].edges) adj[i].push_back({e.to, e.type, false});
  for (const Json& e : req(d["board"], "edges", w)) {
    if (!e.value("potomac", false)) continue;
    int a = board_.at(e["a"]), b = board_.at(e["b"]);
    for (Link& l : adj[a]) l.potomac |= l.to == b;
    for (Link& l : adj[b]) l.potomac |= l.to == a;
  }
  roads.assign(n, {});
  orig_lines.assign(n, false), orig_tc.assign(n, false), confed.assign(n, false), railroad.assign(n, false);
  north.assign(n, false), flag.assign(n, false), extend.assign(n, {});
  for (size_t i = 0; i < n; ++i) {
    const Node& nd = board_.nodes[i];
    orig_lines[i] = nd.has("union_lines");
    orig_tc[i] = nd.has("tc");
    confed[i] = nd.has("confederacy");
    railroad[i] = nd.has("railroad");
    north[i] = nd.has("north");
    flag[i] = nd.has("flag");
    for (int k = 1; k <= 6; ++k) extend[i][k] = nd.has("extend" + std::to_string(k));
    for (const Json& r : req(nd.extra, "roads", w + " node " + nd.id)) roads[i].push_back(board_.at(r));
    if (roads[i].size() != adj[i].size()) throw DataError(w + ": roads of '" + nd.id + "' do not match its links");
    for (int r : roads[i])
      if (std::none_of(adj[i].begin(), adj[i].end(), [&](const Link& l) { return l.to == r; }))
        throw DataError(w + ": road to '" + board_.nodes[r].id + "' from '" + nd.id + "' is not a link");
  }
  const Json& t = req(d, "tables", w);
  for (const Json& b : t["bridges"]["spaces"]) bridges.push_back(board_.at(b));
  for (const Json& b : t["depot_sites"]["spaces"]) depot_sites.push_back(board_.at(b));
  for (const Json& v : t["depot_values"]["values"]) depot_values.push_back(v);
  awareness_tab = t["awareness"]["by_notoriety"].get<std::vector<int>>();
  for (const Json& row : t["recruitment"]["strength"]) {
    std::array<int, 6> r{};
    for (int k = 0; k < 6; ++k) r[k] = row[k];
    recruit_tab.push_back(r);
  }
  cards_healthy = t["recruitment"]["cards_healthy"].get<std::vector<int>>();
  cards_wounded = t["recruitment"]["cards_wounded"].get<std::vector<int>>();
  for (auto it = t["crt"]["results"].begin(); it != t["crt"]["results"].end(); ++it)
    crt.push_back({std::stoi(it.key()), it.value().get<std::string>()});
  std::sort(crt.begin(), crt.end());
  for (auto it = t["reaction"]["by_total"].begin(); it != t["reaction"]["by_total"].end(); ++it)
    reaction.push_back({std::stoi(it.key()), it.value().get<int>()});
  std::sort(reaction.begin(), reaction.end());
  auto odds = [&](const Json& j, std::vector<int>& out) {
    out.assign(9, 0);
    std::vector<bool> set(9, false);
    for (auto it = j.begin(); it != j.end(); ++it) {
      std::string k = it.key();
      int a = std::stoi(k.substr(0, k.find(':'))), b = std::stoi(k.substr(k.find(':') + 1));
      out[ratio_index(a, b) + 4] = it.value();
      set[ratio_index(a, b) + 4] = true;
    }
    // Beyond the printed columns the end column applies.
    for (int i = 3; i >= 0; --i)
      if (!set[i]) out[i] = out[i + 1];
    for (int i = 5; i < 9; ++i)
      if (!set[i]) out[i] = out[i - 1];
  };
  odds(t["odds_mosby"]["ratios"], odds_mosby);
  odds(t["odds_union"]["ratios"], odds_union);
  for (int k = 0; k < 6; ++k) {
    move_combat[k] = t["union_movement"]["combat"][k];
    move_noncombat[k] = t["union_movement"]["noncombat"][k];
  }
  init_needed = t["initiative"]["mosby_wins_on"];
  revised = version >= 3;
  perf = t["performance"];
  pp_bridge = pp("bridge"), pp_railroad = pp("railroad"), pp_wagon = pp("wagon_train"), pp_kidnap = pp("kidnap");
  status_markers = t["status_markers"]["value"];
  hand_limit = t["hand_limit"]["value"];
  leader_home[0] = board_.at(t["leaders"]["Stoughton"]);
  leader_home[1] = board_.at(t["leaders"]["Dulaney"]);
  wagon_start = board_.at(t["wagon_train"]["start"]);
  wagon_end = board_.at(t["wagon_train"]["destination"]);
  for (const Json& u : req(d, "counters", w)["union"]) {
    UnitType ty = type_of(u["kind"]);
    int s = u.value("strength", 0);
    std::string r = u.value("reinforcement", "S");
    int reinf = r == "S" ? 0 : std::stoi(r);
    int k = -1;
    for (size_t i = 0; i < kinds.size(); ++i)
      if (kinds[i].type == ty && kinds[i].strength == s) k = int(i);
    if (k < 0) {
      k = int(kinds.size());
      kinds.push_back({ty, s, 0, ty == COMBAT ? "combat " + std::to_string(s) : kTypeName[ty]});
    }
    for (int c = 0; c < u["count"].get<int>(); ++c) {
      unit_kind.push_back(k);
      kinds[k].reinf = 0;
      unit_reinf_.push_back(reinf);
    }
  }
  if (kinds.size() > 100) throw DataError(w + ": too many unit kinds");
  if (unit_kind.size() > size_t(UnitList::kMax))
    throw DataError(w + ": more than " + std::to_string(UnitList::kMax) + " Union counters");
  load_cards(d);
}

std::unique_ptr<State> MosbyGame::new_state(const Json& o, int) const { return std::make_unique<MosbyState>(this, o); }

static std::shared_ptr<const Game> make(const Json& d, int v) { return std::make_shared<MosbyGame>(d, v); }
GAMUT_REGISTER_GAME("mosby", make);

}  // namespace gamut::mosby
