#include "table.h"

#include <algorithm>
#include <set>

#include "core/code.h"
#include "core/text.h"
#include "core/view.h"

namespace gamut {

// The library's layout (v2): <ns>v2.game.<id> holds one game, <ns>v2.current
// the id of the game last played. v1, the first layout, had one autosave slot
// per game id and named saves apart; migrate_v1 reads it.
static const char* kV1Auto = "gamut.v1.auto.";
static const char* kV1Save = "gamut.v1.save.";
static const char* kV1Current = "gamut.v1.current";

Table::Table(Storage& storage, std::function<double()> date_ms, std::string ns)
    : storage_(storage), date_ms_(std::move(date_ms)), ns_(std::move(ns)) {}

std::string Table::new_id() const {
  // The date in base 36 and a counter: short, sortable, and never one that exists.
  uint64_t t = uint64_t(std::max(0.0, date_ms_()));
  std::string base;
  do base.insert(base.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[t % 36]), t /= 36;
  while (t);
  std::string id = base, text, err;
  for (int k = 1; storage_.get(key(id), text, err) || id == current_; ++k) id = base + "-" + std::to_string(k);
  return id;
}

Json Table::read_entry(const std::string& id) const {
  std::string text, err;
  if (!storage_.get(key(id), text, err)) throw DataError(err.empty() ? "this game is no longer saved" : err);
  Json e = parse_json_text(text, "saved game");
  if (!e.is_object() || !e.contains("session")) throw DataError("saved game: no session in it");
  return e;
}

// A library entry: the session and what the list shows of it without replaying it.
// A game played by link adds its link and this seat's key, which stays in this browser.
static Json entry_json(const std::string& id, const Session& s, const std::string& name, double created, double updated,
                       const corr::Game* by_link = nullptr) {
  Json e = {{"id", id},
            {"game", s.match().record().game},
            {"name", name},
            {"created", created},
            {"updated", updated},
            {"moves", s.state().move_number()},
            {"finished", by_link ? by_link->state().finished : s.state().terminal()},
            {"session", s.save_json()}};
  if (by_link) {
    // Every seat is a person's, each in their own browser; the session marks the others as not played here.
    e["session"]["players"] = Json(std::vector<std::string>(size_t(s.match().seats()), "human"));
    e["by_link"] = {{"link", by_link->code()},
                    {"nonce", code::pack(by_link->link().nonce)},
                    {"key", by_link->key() ? Json(corr::encode_key(*by_link->key())) : Json(nullptr)}};
  }
  return e;
}

std::string Table::write_entry(const std::string& id, const Session& s, const std::string& name, double created) {
  std::string text = entry_json(id, s, name, created, date_ms_(), corr_.get()).dump(),
              err = storage_.set(key(id), text);
  cache_ok_ = false;
  if (err.empty()) return "";
  // Full: finished games go first, oldest first, and the person is told. An
  // unfinished game is never dropped without asking.
  int pruned = 0;
  std::vector<Entry> lib = library();
  for (auto it = lib.rbegin(); it != lib.rend() && !err.empty(); ++it) {
    if (!it->finished || it->id == id) continue;
    storage_.remove(key(it->id));
    ++pruned;
    err = storage_.set(key(id), text);
  }
  cache_ok_ = false;
  if (pruned && on_notice)
    on_notice(pruned > 1 ? strf(T("Browser storage was full: %d finished games were removed, oldest first, to keep "
                                  "this one."),
                                pruned)
                         : std::string(T("Browser storage was full: a finished game was removed, oldest first, to keep "
                                         "this one.")));
  return err;
}

void Table::start(std::unique_ptr<Session> s, const std::string& name) {
  session_ = std::move(s);
  corr_.reset();
  notes = session_->match().record().notes;
  replay_only = false;
  watch_.reset();
  current_ = new_id();
  current_name_ = name;
  current_created_ = date_ms_();
  replaying = false;
  replay_pos = 0;
  ended_posted_ = session_->state().terminal();  // an opened finished game has ended already
  session_->match().resolve_chance();
  changed(true);
}

// A saved game comes back as it was: no chance is resolved and a finished game does not end again.
void Table::open(std::unique_ptr<Session> s, const std::string& id) {
  session_ = std::move(s);
  corr_.reset();
  notes = session_->match().record().notes;
  replay_only = false;
  watch_.reset();
  current_ = id;
  current_name_.clear();
  current_created_ = date_ms_();
  try {
    Json e = read_entry(id);
    current_name_ = e.value("name", "");
    current_created_ = e.value("created", current_created_);
  } catch (const std::exception&) {
  }
  replaying = false;
  replay_pos = 0;
  ended_posted_ = session_->state().terminal();
  changed(true);
}

void Table::changed(bool fresh) {
  if (!watch_) autosave();
  bool ended = session_->state().terminal() && !ended_posted_;
  if (ended) ended_posted_ = true;
  if (!session_->state().terminal()) ended_posted_ = false;  // undone back into play: it may end again
  if (on_change) on_change(fresh, ended);
}

void Table::autosave() {
  std::string err = write_entry(current_, *session_, current_name_, current_created_);
  if (err.empty()) err = storage_.set(ns_ + "v2.current", current_);
  if (!err.empty()) {
    if (storage_note_.empty() && on_storage_error) on_storage_error(err);
    storage_note_ =
        strf(T("This game is not being saved (%s). Delete games you no longer need under Saved games to make room."),
             err.c_str());
  } else {
    storage_note_.clear();
  }
}

std::vector<Table::Entry> Table::library() const {
  if (cache_ok_) return cache_;
  std::vector<Entry> out;
  const std::string pre = ns_ + "v2.game.";
  for (const std::string& k : storage_.keys(pre)) {
    Entry en;
    en.id = k.substr(pre.size());
    try {
      Json e = read_entry(en.id);
      Record r = Match::record_from_json(e.at("session"));
      en.game = r.game;
      en.name = e.value("name", "");
      en.created = e.value("created", 0.0);
      en.updated = e.value("updated", 0.0);
      en.moves = e.value("moves", 0);
      en.finished = e.value("finished", false);
      en.practice = r.practice;
      for (const Json& p : e["session"].value("players", Json::array()))
        if (p.is_string()) en.players.push_back(p.get<std::string>());
      r.players = en.players;
      en.code = encode_share_code(r);
    } catch (const std::exception& ex) {
      en.error = ex.what();
    }
    out.push_back(en);
  }
  std::stable_sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) {
    return a.updated != b.updated ? a.updated > b.updated : a.id > b.id;
  });
  cache_ = out;
  cache_ok_ = true;
  return out;
}

std::string Table::open_game(const std::string& id) {
  try {
    Json e = read_entry(id);
    if (e.contains("by_link")) {
      const Json& b = e["by_link"];
      std::optional<corr::Key> k;
      if (b.value("key", Json()).is_string()) k = corr::decode_key(b["key"].get<std::string>());
      show_corr(std::make_unique<corr::Game>(corr::decode_link(b.at("link").get<std::string>()), k), id);
      return "";
    }
    open(Session::from_json(e.at("session")), id);
    return "";
  } catch (const std::exception& ex) {
    return strf(T("This saved game could not be opened (%s). It was left untouched."), ex.what());
  }
}

std::string Table::delete_game(const std::string& id) {
  std::string text, err;
  if (!storage_.get(key(id), text, err)) return err.empty() ? N("this game is no longer saved") : err;
  storage_.remove(key(id));
  cache_ok_ = false;
  if (id == current_) current_ = new_id();  // the game on the screen, if played on, is kept as a new entry
  return "";
}

std::string Table::latest_unfinished(const std::string& game) const {
  for (const Entry& e : library())
    if (e.error.empty() && !e.finished && (game.empty() || e.game == game)) return e.id;
  return "";
}

std::string Table::resume(const std::string& game) {
  std::string id, err;
  if (game.empty() && !storage_.get(ns_ + "v2.current", id, err)) {
    if (!err.empty()) {
      storage_note_ =
          strf(T("Saving is unavailable in this browser (%s). You can play, but games are not kept."), err.c_str());
      return "";
    }
  }
  std::string text;
  if (!game.empty() || id.empty() || !storage_.get(key(id), text, err)) id = latest_unfinished(game);
  if (id.empty()) return game.empty() ? "" : "there is no unfinished game of " + game;
  return open_game(id);
}

std::string Table::save_as(const std::string& name) {
  if (!session_ || watch_) return N("no game in progress");
  std::string id = new_id();
  double now = date_ms_();
  return write_entry(id, *session_, name.empty() ? session_->match().game().info().name : name, now);
}

void Table::migrate_v1() {
  std::string done, err;
  if (storage_.get(ns_ + "v2.migrated", done, err) || !err.empty()) return;
  std::set<std::string> moved;  // v1 keys a partial migration already took
  for (const std::string& k : storage_.keys(ns_ + "v2.game.")) {
    std::string text;
    try {
      if (storage_.get(k, text, err)) moved.insert(parse_json_text(text, "saved game").value("v1", ""));
    } catch (const std::exception&) {
    }
  }
  std::string current_v1, current_id;
  storage_.get(kV1Current, current_v1, err);
  bool ok = true;
  auto take = [&](const std::string& k, const Json& session, const std::string& name, double date) {
    if (moved.count(k)) return;
    std::unique_ptr<Session> s = Session::from_json(session);  // throws on an unreadable save: it is left as it was
    std::string id = new_id();
    Json e = entry_json(id, *s, name, date, date);
    e["v1"] = k;  // a later, partial migration skips what it already took
    // Written directly: a migration prunes nothing, so a full storage leaves it for the next load.
    if (!storage_.set(key(id), e.dump()).empty()) ok = false;
    if (k == kV1Auto + current_v1) current_id = id;
  };
  double now = date_ms_();
  for (const std::string& k : storage_.keys(kV1Save)) {
    std::string text;
    try {
      if (!storage_.get(k, text, err)) continue;
      Json e = parse_json_text(text, "save");
      take(k, e.at("save"), e.value("name", ""), e.value("date", now - 1));
    } catch (const std::exception&) {
    }
  }
  for (const std::string& k : storage_.keys(kV1Auto)) {
    std::string text;
    try {
      if (storage_.get(k, text, err))
        take(k, parse_json_text(text, "autosave"), "", k == kV1Auto + current_v1 ? now : now - 1);
    } catch (const std::exception&) {
    }
  }
  cache_ok_ = false;
  if (!current_id.empty()) storage_.set(ns_ + "v2.current", current_id);
  if (ok) storage_.set(ns_ + "v2.migrated", "1");  // else tried again next time; nothing is taken twice
}

std::string Table::new_game(const std::string& id, const std::string& options_json) {
  try {
    Json o = options_json.empty() ? Json::object() : parse_json_text(options_json, "options");
    if (!o.is_object()) return N("options must be an object");
    auto g = load_game(id);
    if (o.value("by_link", false)) {
      int n = o.contains("seats") && o["seats"].is_array() ? int(o["seats"].size())
                                                           : o.value("players", g->info().min_seats);
      auto c = std::make_unique<corr::Game>(
          corr::Game::create(id, o.contains("options") ? o["options"] : Json::object(), n, 0));
      show_corr(std::move(c), "");
      return "";
    }
    Record r;
    r.game = id;
    int n =
        o.contains("seats") && o["seats"].is_array() ? int(o["seats"].size()) : o.value("players", g->info().min_seats);
    r.seats = uint64_t(n);
    r.seed = o.contains("seed") ? o["seed"].get<uint64_t>() : entropy ? entropy() : uint64_t(date_ms_()) * 2654435761u;
    std::vector<Seat> seats = parse_seats(o.contains("seats") ? o["seats"] : Json(), n);
    if (o.contains("level"))
      for (Seat& s : seats) s.level = std::clamp(o["level"].get<int>(), 1, 5);
    r.options = o.contains("options") ? o["options"] : Json::object();
    if (o.contains("practice")) {
      if (!o["practice"].is_boolean()) return N("practice must be true or false");
      r.practice = o["practice"].get<bool>();
    }
    double delay = -1;
    if (o.contains("ai_delay")) {
      if (!o["ai_delay"].is_number() || o["ai_delay"].get<double>() < 0 || o["ai_delay"].get<double>() > 5000)
        return N("ai_delay must be a number of milliseconds from 0 to 5000");
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

// Two records are the same game when everything but the moves is the same.
static bool same_game(const Record& a, const Record& b) {
  return a.game == b.game && a.version == b.version && a.options == b.options && a.seats == b.seats &&
         a.seed == b.seed && a.practice == b.practice;
}

static bool is_prefix(const std::vector<Action>& a, const std::vector<Action>& b) {
  return a.size() <= b.size() && std::equal(a.begin(), a.end(), b.begin());
}

std::string Table::load(const std::string& code_in) {
  std::string code = code_in;
  size_t p = code.find("#play=");
  if (p != std::string::npos) code = code.substr(p + 6);
  try {
    uint64_t format = code_format(code);
    if (format == corr::kLinkFormat || format == corr::kKeyFormat) return load_corr(code, format);
    if (format == 3) {
      auto w = std::make_unique<Watch>(decode_watch_code(code));
      Record r;
      r.game = w->game;
      r.version = w->version;
      r.options = w->options;
      r.seats = uint64_t(w->seats);
      Match probe(r);
      if (w->views.empty()) throw DataError("watch code holds no position");
      for (const Json& v : w->views) view::parse(v);  // every position must be one the board can draw
      std::vector<Seat> nobody(size_t(probe.seats()));
      for (Seat& s : nobody) s.ai = true;  // nobody sits at a watched game, so no seat's view is drawn
      session_ = std::make_unique<Session>(std::move(r), std::move(nobody));
      watch_ = std::move(w);
      notes = watch_->notes;
      replay_only = false;
      current_.clear();
      replaying = true;
      replay_pos = int(watch_->log.size());
      ended_posted_ = true;
      changed(true);
      return "";
    }
    Record r = decode_share_code(code);
    Match probe(r);      // validate fully before touching the current game
    r = probe.record();  // options resolved, as the library keeps them
    // The same game already in the library: open it, with the link's moves if they go further.
    for (const Entry& e : library()) {
      if (!e.error.empty() || e.game != r.game) continue;
      Json entry = read_entry(e.id);
      Record have = Match::record_from_json(entry.at("session"));
      if (!same_game(have, r)) continue;
      if (is_prefix(r.actions, have.actions)) return open_game(e.id);
      if (is_prefix(have.actions, r.actions)) {
        Json sj = entry["session"];
        sj["actions"] = r.actions;
        sj["covered"] = false;
        open(Session::from_json(sj), e.id);
        return "";
      }
    }
    std::vector<Seat> seats(size_t(probe.seats()));
    if (r.players.size() == seats.size()) seats = parse_seats(Json(r.players), int(seats.size()));
    start(std::make_unique<Session>(std::move(r), std::move(seats)));
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::string Table::act(const std::string& name) {
  if (!session_) return N("no game in progress");
  if (corr_) {
    Action a = session_->state().find_action(name);
    if (a < 0 || !can_act()) return "'" + name + "' is not a legal action now";
    try {
      auto g = std::make_unique<corr::Game>(*corr_);
      g->play(a);
      show_corr(std::move(g), current_);
      return "";
    } catch (const std::exception& e) {
      return e.what();
    }
  }
  if (watch_) return N("this is a watch link: it replays the game and cannot be played on");
  if (replay_only) return N("this shows a replay: it cannot be played on");
  if (replaying) return N("a replay is shown: go back to the game to play");
  if (session_->undo_request()) return N("an undo is waiting for an answer");
  if (session_->covered()) session_->uncover();
  Action a = session_->state().find_action(name);
  if (a < 0) return "'" + name + "' is not a legal action now";
  std::string err = session_->act(a);
  if (err.empty()) changed();
  return err;
}

std::string Table::undo() {
  if (corr_) return N("a move sent by link cannot be taken back");
  if (!session_ || watch_ || replaying) return N("nothing to undo");
  std::string err = session_->undo();
  if (err.empty()) changed();
  return err;
}

std::string Table::redo() {
  if (!session_ || watch_ || replaying || corr_ || !session_->redo()) return N("nothing to redo");
  changed();
  return "";
}

bool Table::step(double budget_ms, double now_ms) {
  if (!session_ || replaying || corr_) return false;  // by link, chance and the other seats come in links
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
  if (cmd.rfind("notes:", 0) == 0) {
    try {
      Json n = parse_json_text(cmd.substr(6), "notes");
      if (!n.is_array()) throw DataError("notes must be a list of texts, one per move");
      std::vector<std::string> v;
      for (const Json& x : n) v.push_back(x.is_string() ? x.get<std::string>() : "");
      notes = v;
      // Kept in the game's record too, so its save, share code and watch link tell the story.
      if (session_ && !watch_) {
        session_->match().set_notes(v);
        autosave();
      }
    } catch (const std::exception& e) {
      err = e.what();
    }
    return true;
  }
  if (cmd == "tutorial" || cmd.rfind("tutorial:", 0) == 0) {
    std::string id = cmd.size() > 9 ? cmd.substr(9) : tutorial_game(), scenario;
    if (size_t c = id.find(':'); c != std::string::npos) scenario = id.substr(c + 1), id = id.substr(0, c);
    std::shared_ptr<const Game> g;
    try {
      g = load_game(id);
    } catch (const std::exception& e) {
      err = e.what();
      return true;
    }
    const Json& sc = g->data().contains("scenarios") ? g->data()["scenarios"] : Json();
    if (!sc.is_object() || sc.empty()) {
      err = N("this game has no tutorial");
      return true;
    }
    if (!scenario.empty() && !sc.contains(scenario)) {
      err = "this game has no example '" + scenario + "'";
      return true;
    }
    if (scenario.empty()) scenario = sc.contains("example1") ? "example1" : sc.begin().key();
    Json o = {{"seats", Json::array({"human"})}, {"options", {{"scenario", scenario}}}};
    err = new_game(id, o.dump());
    return true;
  }
  bool known = cmd == "uncover" || cmd == "undo:allow" || cmd == "undo:refuse" || cmd == "hint" ||
               cmd.rfind("autoplay:", 0) == 0 || cmd.rfind("replay:", 0) == 0 || cmd == "live";
  if (!known) return false;
  if (!session_) {
    err = N("no game in progress");
    return true;
  }
  if (watch_ && cmd != "live" && cmd.rfind("replay:", 0) != 0) {
    err = N("this is a watch link: it replays the game and cannot be played on");
  } else if (cmd == "undo:allow" || cmd == "undo:refuse") {
    if (!session_->undo_request()) {
      err = N("no undo is waiting for an answer");
    } else {
      session_->answer_undo(cmd == "undo:allow");
      changed();
    }
  } else if (session_->undo_request()) {
    err = N("an undo is waiting for an answer");
  } else if (cmd == "uncover") {
    session_->uncover();
  } else if (cmd == "hint") {
    int t = session_->state().to_move();
    if (t < 0 || session_->seats()[t].ai || replaying)
      err = N("no move of yours to hint at");
    else
      session_->start_hint();
  } else if (cmd.rfind("autoplay:", 0) == 0) {
    int seat = std::max(0, session_->screen_seat());
    bool on = cmd.compare(9, 2, "on") == 0;
    int level = cmd.size() > 12 && cmd[11] == ':' ? std::atoi(cmd.c_str() + 12) : 3;
    session_->set_ai(seat, on, level);
    changed();
  } else if (session_->covered() && cmd != "uncover") {
    err = N("hand the screen over first");  // nothing else lifts the cover
  } else if (cmd.rfind("replay:", 0) == 0) {
    replaying = true;
    replay_pos = std::clamp(std::atoi(cmd.c_str() + 7), 0, replay_length());
  } else if (watch_ || replay_only) {
    err = N("this shows a replay: it cannot be played on");
  } else {
    replaying = false;
  }
  return true;
}

std::string Table::share_code() const {
  if (watch_) return encode_watch_code(*watch_);
  if (corr_) return corr_->code();
  if (!session_) return "";
  Record r = session_->match().record();
  r.players.clear();  // who sits where now, not what the code it came from said
  for (const Seat& s : session_->seats()) r.players.push_back(s.name());
  return encode_share_code(r);
}

std::string Table::watch_code() const {
  if (watch_) return encode_watch_code(*watch_);
  if (!session_) return "";
  std::vector<std::string> players;
  for (const Seat& s : session_->seats()) players.push_back(s.name());
  return encode_watch_code(make_watch(session_->match(), players));
}

const std::string& Table::note() const {
  static const std::string none;
  int pos = replaying ? replay_pos : replay_length();
  return pos > 0 && pos <= int(notes.size()) ? notes[size_t(pos - 1)] : none;
}

int Table::replay_length() const {
  if (watch_) return int(watch_->log.size());
  return session_ ? int(session_->match().record().actions.size()) : 0;
}

int Table::shown_seat() const { return watch_ || !session_ ? -1 : session_->viewer(); }

Json Table::shown_view() const {
  if (!session_) return Json::object();
  if (watch_) return watch_->views[size_t(std::clamp(replay_pos, 0, replay_length()))];
  if (corr_) return corr_->state().view(shown_seat(), replaying ? long(replay_pos) : -1L);  // stand-ins masked
  if (replaying) return session_->match().state_at(size_t(replay_pos))->view(shown_seat());
  return session_->state().view(shown_seat());
}

std::vector<std::string> Table::shown_log() const {
  if (watch_) return watch_->log;
  if (corr_ && session_) return corr_->state().log(session_->viewer());  // naming no card still locked here
  return session_ ? session_->log() : std::vector<std::string>();
}

bool Table::can_act() const {
  if (!session_ || replaying || watch_ || session_->undo_request()) return false;
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
  int seat = shown_seat(), t = watch_ ? kTerminal : s.to_move();
  j["game"] = session_->match().record().game;
  j["library_id"] = current_.empty() ? Json(nullptr) : Json(current_);
  j["watch"] = watch_ != nullptr;
  j["practice"] = session_->practice();
  j["undo_request"] = nullptr;
  if (const Session::UndoRequest* r = session_->undo_request()) j["undo_request"] = {{"from", r->from}, {"to", r->to}};
  j["turn"] = s.move_number();
  j["to_move"] = t;
  j["seat"] = seat;
  j["seats"] = session_->save_json()["players"];
  Json names = Json::array();
  for (int i = 0; i < session_->match().seats(); ++i) names.push_back(session_->match().game().seat_name(i));
  j["seat_names"] = names;
  j["covered"] = session_->covered();
  j["thinking"] = session_->thinking();
  Json legal = Json::array();
  Json paths = Json::object();  // how each move is entered: the nodes to click, or none for a button
  if (t >= 0 && !session_->seats()[t].ai && !session_->undo_request())
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
  j["by_link"] = nullptr;
  if (corr_) {
    // By link, the result waits for every commitment to be opened and checked.
    const corr::Replay& r = corr_->state();
    j["result"] = !r.finished  ? Json(nullptr)
                  : r.verified ? Json(r.result + " " + T("(verified)"))
                               : Json(T("Not verified: ") + r.failure);
    j["by_link"] = {{"seat", corr_->seat()},  {"to_act", r.to_act},
                    {"waiting", r.waiting},   {"your_turn", r.to_act >= 0 && r.to_act == corr_->seat()},
                    {"finished", r.finished}, {"verified", r.verified},
                    {"failure", r.failure},   {"link", corr_->code()}};
  }
  j["view"] = watch_ || corr_ ? shown_view() : s.view(seat);
  j["log"] = shown_log();
  j["can_undo"] = !watch_ && session_->match().can_undo();
  j["can_redo"] = !watch_ && session_->match().can_redo();
  j["replay"] = replaying ? Json(replay_pos) : Json(nullptr);
  j["replay_only"] = replay_only || watch_;
  j["note"] = note().empty() ? Json(nullptr) : Json(note());
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

// ---- play by link ----------------------------------------------------------------

// The game by link on the table: its replay as this seat knows it is the
// session, this seat the only person at it (the others play in their own
// browsers; the session never moves for them, see step()).
void Table::show_corr(std::unique_ptr<corr::Game> g, const std::string& id) {
  const corr::Replay& r = g->state();
  std::vector<Seat> seats(size_t(r.record.seats));
  for (int i = 0; i < int(seats.size()); ++i) seats[size_t(i)].ai = i != g->seat();
  auto s = std::make_unique<Session>(r.record, std::move(seats));  // throws before anything changes
  bool fresh = id != current_ || !corr_;
  session_ = std::move(s);
  corr_ = std::move(g);
  watch_.reset();
  notes.clear();
  replay_only = false;
  replaying = false;
  replay_pos = 0;
  if (id.empty()) {
    current_ = new_id();
    current_name_.clear();
    current_created_ = date_ms_();
  } else if (fresh) {
    current_ = id;
    try {
      Json e = read_entry(id);
      current_name_ = e.value("name", "");
      current_created_ = e.value("created", date_ms_());
    } catch (const std::exception&) {
    }
  }
  ended_posted_ = fresh && r.finished;
  changed(fresh);
}

std::string Table::find_corr(const std::string& nonce) const {
  const std::string want = code::pack(nonce);
  for (const Entry& e : library()) {
    if (!e.error.empty()) continue;
    try {
      Json j = read_entry(e.id);
      if (j.contains("by_link") && j["by_link"].value("nonce", "") == want) return e.id;
    } catch (const std::exception&) {
    }
  }
  return "";
}

std::string Table::load_corr(const std::string& code, uint64_t format) {
  try {
    if (format == corr::kKeyFormat) {
      corr::Key k = corr::decode_key(code);
      std::string id = find_corr(k.nonce);
      if (id.empty()) return T("open the game's link on this device first, then its seat key");
      Json b = read_entry(id)["by_link"];
      auto g = std::make_unique<corr::Game>(corr::decode_link(b.at("link").get<std::string>()), std::nullopt);
      g->import_key(k);
      show_corr(std::move(g), id);
      return "";
    }
    corr::Link l = corr::decode_link(code);
    std::string id = find_corr(l.nonce);
    std::unique_ptr<corr::Game> have;
    if (!id.empty()) {
      Json b = read_entry(id)["by_link"];
      std::optional<corr::Key> k;
      if (b.value("key", Json()).is_string()) k = corr::decode_key(b["key"].get<std::string>());
      have = std::make_unique<corr::Game>(corr::decode_link(b.at("link").get<std::string>()), k);
    }
    // Checked in full before anything is stored: a refused link leaves the library as it was.
    auto g = std::make_unique<corr::Game>(corr::Game::open(code, have.get()));
    show_corr(std::move(g), id);
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::string Table::seat_key() const { return corr_ && corr_->key() ? corr::encode_key(*corr_->key()) : ""; }

}  // namespace gamut
