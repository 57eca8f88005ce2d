#include "table.h"

#include <algorithm>

#include "core/view.h"

namespace gamut {

// Storage keys. v1: the first layout, kept so that saves made with it still open.
static const char* kAutoPrefix = "gamut.v1.auto.";    // + game id: that game's current autosave
static const char* kSavePrefix = "gamut.v1.save.";    // + date: a named save
static const char* kCurrentKey = "gamut.v1.current";  // the game id last played

Table::Table(Storage& storage, std::function<double()> date_ms) : storage_(storage), date_ms_(std::move(date_ms)) {}

void Table::start(std::unique_ptr<Session> s) {
  session_ = std::move(s);
  replaying = false;
  replay_pos = 0;
  ended_posted_ = session_->state().terminal();  // an opened finished game has ended already
  session_->match().resolve_chance();
  changed(true);
}

void Table::changed(bool fresh) {
  autosave();
  bool ended = session_->state().terminal() && !ended_posted_;
  if (ended) ended_posted_ = true;
  if (!session_->state().terminal()) ended_posted_ = false;  // undone back into play: it may end again
  if (on_change) on_change(fresh, ended);
}

void Table::autosave() {
  const std::string& id = session_->match().record().game;
  std::string err = storage_.set(kAutoPrefix + id, session_->save_json().dump());
  if (err.empty()) err = storage_.set(kCurrentKey, id);
  if (!err.empty()) {
    if (storage_note_.empty() && on_storage_error) on_storage_error(err);
    storage_note_ = "Autosave failed: " + err;
  } else {
    storage_note_.clear();
  }
}

std::string Table::resume(const std::string& game) {
  std::string id = game, err;
  if (id.empty() && !storage_.get(kCurrentKey, id, err)) {
    if (!err.empty())
      storage_note_ = "Saving is unavailable in this browser (" + err + "). You can play, but games are not kept.";
    return "";
  }
  std::string text;
  if (!storage_.get(kAutoPrefix + id, text, err)) return game.empty() ? "" : "there is no autosave of " + id;
  try {
    open(Session::from_json(parse_json_text(text, "autosave")));
    return "";
  } catch (const std::exception& e) {
    return std::string("The autosaved game could not be resumed (") + e.what() + "). It was left untouched.";
  }
}

bool Table::has_autosave(const std::string& id) const {
  std::string text, err;
  return storage_.get(kAutoPrefix + id, text, err);
}

// A saved game comes back as it was: no chance is resolved and a finished game does not end again.
void Table::open(std::unique_ptr<Session> s) {
  session_ = std::move(s);
  replaying = false;
  ended_posted_ = session_->state().terminal();
  changed(true);
}

std::string Table::new_game(const std::string& id, const std::string& options_json) {
  try {
    Json o = options_json.empty() ? Json::object() : parse_json_text(options_json, "options");
    if (!o.is_object()) return "options must be an object";
    auto g = load_game(id);
    Record r;
    r.game = id;
    int n =
        o.contains("seats") && o["seats"].is_array() ? int(o["seats"].size()) : o.value("players", g->info().min_seats);
    r.seats = uint64_t(n);
    r.seed = o.contains("seed") ? o["seed"].get<uint64_t>() : uint64_t(date_ms_()) * 2654435761u;
    std::vector<Seat> seats = parse_seats(o.contains("seats") ? o["seats"] : Json(), n);
    if (o.contains("level"))
      for (Seat& s : seats) s.level = std::clamp(o["level"].get<int>(), 1, 5);
    r.options = o.contains("options") ? o["options"] : Json::object();
    double delay = -1;
    if (o.contains("ai_delay")) {
      if (!o["ai_delay"].is_number() || o["ai_delay"].get<double>() < 0 || o["ai_delay"].get<double>() > 5000)
        return "ai_delay must be a number of milliseconds from 0 to 5000";
      delay = o["ai_delay"].get<double>();
    }
    auto s = std::make_unique<Session>(std::move(r), std::move(seats));  // throws on a bad record: nothing changed yet
    if (delay >= 0) s->ai_delay_ms = delay;
    start(std::move(s));
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::string Table::load(const std::string& code_in) {
  std::string code = code_in;
  size_t p = code.find("#play=");
  if (p != std::string::npos) code = code.substr(p + 6);
  try {
    Record r = decode_share_code(code);
    Match probe(r);  // validate fully before touching the current game
    std::vector<Seat> seats(size_t(probe.seats()));
    start(std::make_unique<Session>(std::move(r), std::move(seats)));
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::string Table::act(const std::string& name) {
  if (!session_) return "no game in progress";
  if (replaying) return "a replay is shown: go back to the game to play";
  if (session_->covered()) session_->uncover();
  Action a = session_->state().find_action(name);
  if (a < 0) return "'" + name + "' is not a legal action now";
  std::string err = session_->act(a);
  if (err.empty()) changed();
  return err;
}

std::string Table::undo() {
  if (!session_ || !session_->undo()) return "nothing to undo";
  changed();
  return "";
}

std::string Table::redo() {
  if (!session_ || !session_->redo()) return "nothing to redo";
  changed();
  return "";
}

bool Table::step(double budget_ms, double now_ms) {
  if (!session_ || replaying) return false;
  const State& s = session_->state();
  bool ai_turn = s.to_move() == kChance || (s.to_move() >= 0 && session_->seats()[s.to_move()].ai);
  if (!ai_turn && !session_->hinting()) return false;
  size_t before = session_->match().record().actions.size();
  session_->step(budget_ms, now_ms);
  if (session_->match().record().actions.size() != before) changed();
  return true;
}

bool Table::command(const std::string& cmd, std::string& err) {
  err.clear();
  if (cmd == "tutorial" || cmd.rfind("tutorial:", 0) == 0) {
    std::string id = cmd.size() > 9 ? cmd.substr(9) : tutorial_game();
    std::shared_ptr<const Game> g;
    try {
      g = load_game(id);
    } catch (const std::exception& e) {
      err = e.what();
      return true;
    }
    const Json& sc = g->data().contains("scenarios") ? g->data()["scenarios"] : Json();
    if (!sc.is_object() || sc.empty()) {
      err = "this game has no tutorial";
      return true;
    }
    Json o = {{"seats", Json::array({"human"})},
              {"options", {{"scenario", sc.contains("example1") ? "example1" : sc.begin().key()}}}};
    err = new_game(id, o.dump());
    return true;
  }
  bool known = cmd == "uncover" || cmd == "hint" || cmd.rfind("autoplay:", 0) == 0 || cmd.rfind("replay:", 0) == 0 ||
               cmd == "live";
  if (!known) return false;
  if (!session_) {
    err = "no game in progress";
    return true;
  }
  if (cmd == "uncover") {
    session_->uncover();
  } else if (cmd == "hint") {
    int t = session_->state().to_move();
    if (t < 0 || session_->seats()[t].ai || replaying)
      err = "no move of yours to hint at";
    else
      session_->start_hint();
  } else if (cmd.rfind("autoplay:", 0) == 0) {
    int seat = std::max(0, session_->screen_seat());
    bool on = cmd.compare(9, 2, "on") == 0;
    int level = cmd.size() > 12 && cmd[11] == ':' ? std::atoi(cmd.c_str() + 12) : 3;
    session_->set_ai(seat, on, level);
    changed();
  } else if (session_->covered() && cmd != "uncover") {
    err = "hand the screen over first";  // nothing else lifts the cover
  } else if (cmd.rfind("replay:", 0) == 0) {
    replaying = true;
    replay_pos = std::clamp(std::atoi(cmd.c_str() + 7), 0, int(session_->match().record().actions.size()));
  } else {
    replaying = false;
  }
  return true;
}

std::string Table::share_code() const { return session_ ? encode_share_code(session_->match().record()) : ""; }

bool Table::can_act() const {
  if (!session_ || replaying) return false;
  int t = session_->state().to_move(), seat = session_->screen_seat();
  return t >= 0 && t == seat && !session_->seats()[t].ai;
}

Action Table::guide_action(int* kind) const {
  if (!can_act()) return -1;
  try {
    return guide_action(view::parse(session_->state().view(session_->screen_seat())), kind);
  } catch (const std::exception&) {
    return -1;  // a view that breaks the contract guides nothing
  }
}

Action Table::guide_action(const view::View& shown, int* kind) const {
  if (!can_act()) return -1;
  const State& st = session_->state();
  if (const Hint* h = session_->hint()) {
    if (kind) *kind = 1;
    return h->best;
  }
  std::string want = shown.tutorial ? shown.tutorial->next() : "";
  if (want.empty()) return -1;
  if (kind) *kind = 2;
  return st.find_action(want);
}

std::string Table::tutorial_game() const {
  auto has = [](const std::string& id) {
    try {
      const Json& d = load_game(id)->data();
      return d.contains("scenarios") && d["scenarios"].is_object() && !d["scenarios"].empty();
    } catch (const std::exception&) {
      return false;
    }
  };
  if (session_ && has(session_->match().record().game)) return session_->match().record().game;
  for (const std::string& id : game_ids())
    if (has(id)) return id;
  return session_ ? session_->match().record().game : game_ids().front();
}

Json Table::state() const {
  Json j;
  j["storage_note"] = storage_note_;
  if (!session_) {
    j["game"] = nullptr;
    j["result"] = nullptr;
    j["legal_actions"] = Json::array();
    return j;
  }
  const State& s = session_->state();
  int seat = session_->viewer(), t = s.to_move();
  j["game"] = session_->match().record().game;
  j["turn"] = s.move_number();
  j["to_move"] = t;
  j["seat"] = seat;
  j["seats"] = session_->save_json()["players"];
  j["covered"] = session_->covered();
  j["thinking"] = session_->thinking();
  Json legal = Json::array();
  Json paths = Json::object();  // how each move is entered: the nodes to click, or none for a button
  if (t >= 0 && !session_->seats()[t].ai)
    for (Action a : s.legal()) {
      std::string nm = s.action_name(a);
      legal.push_back(nm);
      Json p = Json::array();
      for (int n : s.action_nodes(a)) p.push_back(n < 0 ? std::string("off") : s.game().board().nodes[n].id);
      paths[nm] = p;
    }
  j["legal_actions"] = legal;
  j["legal_paths"] = paths;
  j["result"] = s.terminal() ? Json(s.describe_result()) : Json(nullptr);
  if (s.terminal()) j["returns"] = s.returns();
  j["view"] = s.view(seat);
  j["log"] = session_->log();
  j["can_undo"] = session_->match().can_undo();
  j["can_redo"] = session_->match().can_redo();
  j["replay"] = replaying ? Json(replay_pos) : Json(nullptr);
  j["hinting"] = session_->hinting();
  j["hint"] = nullptr;
  if (const Hint* h = session_->hint())
    j["hint"] = {{"action", h->best_name},
                 {"text", h->text},
                 {"value", h->value},
                 {"visits", h->visits},
                 {"iterations", h->iterations},
                 {"second", h->second >= 0 ? Json(h->second_name) : Json(nullptr)},
                 {"second_value", h->second_value}};
  const Session::Slices& sl = session_->slices();
  j["ai_slices"] = {{"count", sl.count},
                    {"budget_ms", sl.budget_ms},
                    {"longest_ms", sl.longest_ms},
                    {"worst_overrun_ms", sl.worst_overrun_ms}};
  j["autoplay"] = seat >= 0 && session_->seats()[seat].ai;
  try {
    view::View v = view::parse(j["view"]);
    if (!v.scenario.empty()) {
      view::Tutorial tu = v.tutorial.value_or(view::Tutorial{});
      std::string expected = tu.next();
      j["tutorial"] = {{"scenario", v.scenario},
                       {"step", tu.done()},
                       {"steps", tu.of},
                       {"text", tu.text},
                       {"expected", expected.empty() ? Json(nullptr) : Json(expected)},
                       {"on_script", expected.empty() || s.find_action(expected) >= 0 || t < 0}};
    }
  } catch (const std::exception& e) {
    j["view_error"] = e.what();  // the random-game checks keep games to the contract; this is a last resort
  }
  return j;
}

std::vector<Table::Saved> Table::saves() const {
  std::vector<std::string> keys = storage_.keys(kSavePrefix);
  std::sort(keys.rbegin(), keys.rend());
  std::vector<Saved> out;
  for (const std::string& k : keys) {
    Saved sv;
    sv.key = k;
    std::string text, err;
    try {
      if (!storage_.get(k, text, err)) throw DataError(err.empty() ? "it has gone" : err);
      Json e = parse_json_text(text, "save");
      Record r = Match::record_from_json(e.at("save"));
      sv.name = e.value("name", "save");
      sv.game = r.game;
      sv.date = e.value("date", 0.0);
      sv.turn = e.value("turn", 0);
      for (const Json& p : e["save"].value("players", Json::array())) sv.players.push_back(p.get<std::string>());
    } catch (const std::exception& ex) {
      sv.error = ex.what();
    }
    out.push_back(sv);
  }
  return out;
}

std::string Table::save_as(const std::string& name) {
  if (!session_) return "no game in progress";
  double date = date_ms_();
  Json entry = {{"name", name.empty() ? session_->match().game().info().name : name},
                {"date", date},
                {"turn", session_->state().move_number()},
                {"save", session_->save_json()}};
  // Two saves in the same millisecond get different keys: a save never overwrites another.
  std::string key = kSavePrefix + std::to_string(int64_t(date)), err;
  for (int k = 1; storage_.get(key, err, err); ++k)
    key = kSavePrefix + std::to_string(int64_t(date)) + "-" + std::to_string(k);
  return storage_.set(key, entry.dump());
}

std::string Table::open_save(const std::string& key) {
  std::string text, err;
  if (!storage_.get(key, text, err)) return err.empty() ? "this save has gone" : err;
  try {
    Json e = parse_json_text(text, "save");
    open(Session::from_json(e.at("save")));
    return "";
  } catch (const std::exception& ex) {
    return ex.what();
  }
}

void Table::delete_save(const std::string& key) {
  if (key.rfind(kSavePrefix, 0) == 0) storage_.remove(key);
}

}  // namespace gamut
