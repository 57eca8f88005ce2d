// [SECTION] index: helpers - lifecycle and API - home - play screen - board -
// side panel - solitaire (hint, autoplay, tutorial, cards, summary) - dialogs
// (new game, rules, share, saves) - cover and banner.
#include "app.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ctime>
#include <map>
#include <set>

#include "draw.h"
#include "platform/platform.h"
#include "widgets.h"

namespace gamut::ui {

// ---------------------------------------------------------------------------
// [SECTION] helpers
// ---------------------------------------------------------------------------

static const char* kAutoPrefix = "gamut.v1.auto.";
static const char* kSavePrefix = "gamut.v1.save.";
static const char* kCurrentKey = "gamut.v1.current";
static const float kBarH = 40;

static ImU32 color_of_seat(const Game& g, int seat) {
  static const ImU32 fallback[] = {IM_COL32(50, 90, 200, 255), IM_COL32(200, 60, 50, 255), IM_COL32(40, 150, 70, 255),
                                   IM_COL32(210, 160, 30, 255)};
  const Json& c = g.data().contains("seat_colors") ? g.data()["seat_colors"] : Json();
  if (seat < 0) return IM_COL32(150, 150, 150, 255);
  if (c.is_array() && seat < int(c.size())) return color(c[seat], fallback[seat % 4]);
  return fallback[seat % 4];
}

// ---------------------------------------------------------------------------
// [SECTION] lifecycle and API
// ---------------------------------------------------------------------------

ImU32 App::seat_color(int seat) const { return color_of_seat(session_->match().game(), seat); }

bool App::can_act() const {
  if (!session_ || replay_) return false;
  int t = session_->state().to_move(), seat = session_->screen_seat();
  return t >= 0 && t == seat && !session_->seats()[t].ai;
}

void App::set_session(std::unique_ptr<Session> s) {
  session_ = std::move(s);
  ext_ = session_ ? make_extension(session_->match().record().game) : nullptr;
}

std::string App::tutorial_game() const {
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

void App::notify(const std::string& text, bool error) {
  toasts_.push_back({text, error, platform::now_ms() + (error ? 7000 : 3500)});
  dirty_ = 3;
}

void App::init() {
  embed_ = platform::url_param("embed") == "1";
  std::string hash = platform::url_hash();
  if (hash.rfind("play=", 0) == 0) {
    std::string err = api_load(hash.substr(5));
    if (!err.empty()) notify("This link could not be opened: " + err, true);
    return;
  }
  std::string game = platform::url_param("game");
  if (!game.empty()) {
    Json opts = Json::object();
    std::string seats = platform::url_param("seats"), level = platform::url_param("level");
    if (!seats.empty()) {
      Json arr = Json::array();
      size_t p = 0;
      while (p <= seats.size()) {
        size_t q = seats.find(',', p);
        if (q == std::string::npos) q = seats.size();
        std::string s = seats.substr(p, q - p);
        if (s == "ai" && !level.empty()) s = "ai:" + level;
        arr.push_back(s);
        p = q + 1;
      }
      opts["seats"] = arr;
    } else if (!level.empty()) {
      opts["level"] = std::atoi(level.c_str());
    }
    std::string err = api_new_game(game, opts.dump());
    if (!err.empty()) notify("Could not start " + game + ": " + err, true);
    return;
  }
  std::string id, err;
  if (!platform::storage_get(kCurrentKey, id, err)) {
    if (!err.empty())
      storage_note_ = "Saving is unavailable in this browser (" + err + "). You can play, but games are not kept.";
    return;
  }
  std::string text;
  if (!platform::storage_get(kAutoPrefix + id, text, err)) return;
  try {
    set_session(Session::from_json(parse_json_text(text, "autosave")));
    home_ = false;
  } catch (const std::exception& e) {
    notify(std::string("The autosaved game could not be resumed (") + e.what() + "). It was left untouched.", true);
  }
}

bool App::busy() const {
  if (!toasts_.empty() || dirty_ > 0) return true;
  if (platform::now_ms() < dice_anim_until_ || platform::now_ms() < spin_start_ + 1100) return true;
  if (!session_ || replay_) return false;
  if (session_->hinting()) return true;
  int t = session_->state().to_move();
  return t == kChance || (t >= 0 && session_->seats()[t].ai);  // the AI or chance has work to do
}

void App::start(Record r, std::vector<Seat> seats) {
  auto s = std::make_unique<Session>(std::move(r), std::move(seats));
  set_session(std::move(s));
  home_ = false;
  replay_ = false;
  sel_.clear();
  chooser_.clear();
  share_warned_ = false;
  game_over_posted_ = false;
  zoom_ = 1, pan_x_ = pan_y_ = 0;
  session_->match().resolve_chance();
  autosave();
  dirty_ = 3;
}

void App::autosave() {
  if (!session_) return;
  const std::string& id = session_->match().record().game;
  std::string err = platform::storage_set(kAutoPrefix + id, session_->save_json().dump());
  if (err.empty()) err = platform::storage_set(kCurrentKey, id);
  if (!err.empty()) {
    if (storage_note_.empty())
      notify("Could not save the game (" + err + "). Play goes on; the game lives only in this tab.", true);
    storage_note_ = "Autosave failed: " + err;
  } else {
    storage_note_.clear();
  }
}

void App::after_move() {
  sel_.clear();
  chooser_.clear();
  autosave();
  dirty_ = 3;
  const State& s = session_->state();
  if (s.terminal() && !game_over_posted_) {
    game_over_posted_ = true;
    if (ext_) ext_->game_over(*this, s.view(session_->screen_seat()));
    Json msg = {{"type", "gamut:gameover"},
                {"game", session_->match().record().game},
                {"result", s.describe_result()},
                {"returns", s.returns()}};
    platform::post_to_host(msg.dump());
  }
}

std::string App::api_state() const {
  Json j;
  j["screen"] = home_ ? "home" : "play";
  j["embed"] = embed_;
  Json msgs = Json::array();
  for (const Toast& t : toasts_) msgs.push_back(t.text);
  j["messages"] = msgs;
  j["storage_note"] = storage_note_;
  if (!session_) {
    j["game"] = nullptr;
    j["result"] = nullptr;
    j["legal_actions"] = Json::array();
    return j.dump();
  }
  const State& s = session_->state();
  int seat = session_->screen_seat();
  j["game"] = session_->match().record().game;
  j["turn"] = s.move_number();
  j["to_move"] = s.to_move();
  j["seat"] = seat;
  j["seats"] = session_->save_json()["players"];
  j["covered"] = session_->covered();
  j["thinking"] = session_->thinking();
  Json legal = Json::array();
  int t = s.to_move();
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
  j["replay"] = replay_ ? Json(replay_pos_) : Json(nullptr);
  j["selection"] = sel_;
  j["hinting"] = session_->hinting();
  j["hint"] = nullptr;
  if (const Hint* h = session_->hint()) {
    Json hj;
    hj["action"] = h->best_name;
    hj["text"] = h->text;
    hj["value"] = h->value;
    hj["visits"] = h->visits;
    hj["iterations"] = h->iterations;
    hj["second"] = h->second >= 0 ? Json(h->second_name) : Json(nullptr);
    hj["second_value"] = h->second_value;
    j["hint"] = hj;
  }
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

  if (ext_) ext_->state(const_cast<App&>(*this), j);
  return j.dump();
}

std::string App::api_act(const std::string& name) {
  if (!session_) return "no game in progress";
  if (session_->covered()) session_->uncover();
  Action a = session_->state().find_action(name);
  if (a < 0) return "'" + name + "' is not a legal action now";
  std::string err = session_->act(a);
  if (err.empty()) after_move();
  return err;
}

std::string App::api_new_game(const std::string& id, const std::string& options_json) {
  try {
    Json o = options_json.empty() ? Json::object() : parse_json_text(options_json, "options");
    if (!o.is_object()) return "options must be an object";
    auto g = load_game(id);
    Record r;
    r.game = id;
    int n =
        o.contains("seats") && o["seats"].is_array() ? int(o["seats"].size()) : o.value("players", g->info().min_seats);
    r.seats = uint64_t(n);
    r.seed = o.contains("seed") ? o["seed"].get<uint64_t>() : uint64_t(platform::date_now()) * 2654435761u;
    std::vector<Seat> seats = parse_seats(o.contains("seats") ? o["seats"] : Json(), n);
    if (o.contains("level"))
      for (Seat& s : seats) s.level = std::clamp(o["level"].get<int>(), 1, 5);
    Json gopts = o.contains("options") ? o["options"] : Json::object();
    r.options = gopts;
    double delay = -1;
    if (o.contains("ai_delay")) {
      if (!o["ai_delay"].is_number() || o["ai_delay"].get<double>() < 0 || o["ai_delay"].get<double>() > 5000)
        return "ai_delay must be a number of milliseconds from 0 to 5000";
      delay = o["ai_delay"].get<double>();
    }
    start(std::move(r), std::move(seats));
    if (delay >= 0) session_->ai_delay_ms = delay;
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::string App::api_share_code() const {
  if (!session_) return "";
  return encode_share_code(session_->match().record());
}

std::string App::api_load(const std::string& code_in) {
  std::string code = code_in;
  size_t p = code.find("#play=");
  if (p != std::string::npos) code = code.substr(p + 6);
  try {
    Record r = decode_share_code(code);
    Match probe(r);  // validate fully before touching the current game
    std::vector<Seat> seats(size_t(probe.seats()));
    start(std::move(r), std::move(seats));
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::string App::api_node_pos(const std::string& node) const {
  if (!session_) return "null";
  const Board& b = session_->match().game().board();
  int n = b.find(node);
  if (n < 0) return "null";
  ImVec2 p = geo_.at(b.nodes[n]);
  return Json{{"x", p.x}, {"y", p.y}}.dump();
}

std::string App::api_widget(const std::string& label) const { return widget_json(label); }

bool App::layout_stable() const { return widgets_stable() && pending_ui_.empty(); }

std::string App::api_undo() {
  if (!session_ || !session_->undo()) return "nothing to undo";
  sel_.clear();
  autosave();
  dirty_ = 3;
  return "";
}

std::string App::api_redo() {
  if (!session_ || !session_->redo()) return "nothing to redo";
  after_move();
  return "";
}

std::string App::api_ui(const std::string& cmd) {
  dirty_ = 3;
  if (cmd == "home")
    home_ = true;
  else if (cmd == "play" && session_)
    home_ = false;
  else if (cmd == "rules")
    rules_open_ = true, rules_id_ = session_ ? session_->match().record().game : game_ids().front();
  else if (cmd == "share")
    share_open_ = true;
  else if (cmd == "saves")
    saves_open_ = true;
  else if (cmd == "uncover" && session_)
    session_->uncover();
  else if (cmd == "hint" && session_) {
    int t = session_->state().to_move();
    if (t < 0 || session_->seats()[t].ai || replay_) return "no move of yours to hint at";
    session_->start_hint();
  } else if (cmd.rfind("autoplay:", 0) == 0 && session_) {
    int seat = std::max(0, session_->screen_seat());
    bool on = cmd.compare(9, 2, "on") == 0;
    int level = cmd.size() > 12 && cmd[11] == ':' ? std::atoi(cmd.c_str() + 12) : 3;
    session_->set_ai(seat, on, level);
    sel_.clear();
    chooser_.clear();
    autosave();
  } else if (cmd == "tutorial" || cmd.rfind("tutorial:", 0) == 0)
    return start_tutorial(cmd.size() > 9 ? cmd.substr(9) : tutorial_game());
  else if (cmd.rfind("replay:", 0) == 0 && session_) {
    replay_ = true;
    replay_pos_ = std::clamp(std::atoi(cmd.c_str() + 7), 0, int(session_->match().record().actions.size()));
  } else if (cmd == "live")
    replay_ = false;
  else {
    std::string err;
    if (ext_ && ext_->command(*this, cmd, err)) return err;
    return "unknown ui command";
  }
  return "";
}

// ---------------------------------------------------------------------------
// [SECTION] frame
// ---------------------------------------------------------------------------

bool App::frame(float w, float h) {
  widgets_new_frame();
  if (!pending_ui_.empty()) {
    std::string cmd;
    cmd.swap(pending_ui_);
    std::string e = api_ui(cmd);
    if (!e.empty()) notify(e, true);
  }
  bool changed = false;
  if (session_ && !replay_) {
    bool ai_turn = session_->state().to_move() == kChance ||
                   (session_->state().to_move() >= 0 && session_->seats()[session_->state().to_move()].ai);
    if (ai_turn || session_->hinting()) {
      size_t before = session_->match().record().actions.size();
      session_->step(8, platform::now_ms());  // leaves most of a 30 fps frame to drawing
      if (session_->match().record().actions.size() != before) after_move();
      changed = true;
    }
  }
  if (home_ || !session_)
    draw_home(w, h);
  else
    draw_play(w, h);
  if (new_open_) draw_new_game();
  if (rules_open_) draw_rules();
  if (share_open_) draw_share();
  if (saves_open_) draw_saves();
  if (ext_ && session_ && !home_) ext_->windows(*this, session_->state().view(session_->screen_seat()));

  // Toasts: newest at the bottom.
  double now = platform::now_ms();
  toasts_.erase(std::remove_if(toasts_.begin(), toasts_.end(), [&](const Toast& t) { return t.until < now; }),
                toasts_.end());
  float ty = h - 16;
  for (int i = int(toasts_.size()) - 1; i >= 0; --i) {
    const Toast& t = toasts_[i];
    ImGui::SetNextWindowPos(ImVec2(w * 0.5f, ty), ImGuiCond_Always, ImVec2(0.5f, 1));
    ImGui::SetNextWindowBgAlpha(0.95f);
    ImGui::PushStyleColor(ImGuiCol_WindowBg, t.error ? IM_COL32(120, 30, 30, 240) : IM_COL32(30, 60, 40, 240));
    char id[32];
    std::snprintf(id, sizeof id, "##toast%d", i);
    ImGui::Begin(id, nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav);
    ImGui::PushTextWrapPos(std::min(w * 0.8f, 600.0f));
    ImGui::TextUnformatted(t.text.c_str());
    ImGui::PopTextWrapPos();
    ty -= ImGui::GetWindowHeight() + 6;
    ImGui::End();
    ImGui::PopStyleColor();
  }
  if (dirty_ > 0) --dirty_;
  return changed || busy();
}

// ---------------------------------------------------------------------------
// [SECTION] home
// ---------------------------------------------------------------------------

void App::draw_home(float w, float h) {
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::Begin("Home", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBringToFrontOnFocus);
  float col = std::min(w - 32, 860.0f);
  ImGui::SetCursorPosX((w - col) / 2);
  ImGui::BeginGroup();
  if (g_fonts.title) ImGui::PushFont(g_fonts.title);
  ImGui::TextUnformatted("Gamut");
  if (g_fonts.title) ImGui::PopFont();
  ImGui::TextWrapped(
      "A playable archive of historic board games. Every rule from the original texts; where the printed boards, cards "
      "and tables are lost, they are reconstructed and marked so in each game's rules.");
  if (!storage_note_.empty()) ImGui::TextColored(ImVec4(0.9f, 0.5f, 0.3f, 1), "%s", storage_note_.c_str());
  ImGui::Spacing();
  if (session_ && big_button("Back to the current game")) home_ = false;
  if (session_) ImGui::SameLine();
  if (big_button("Saved games")) saves_open_ = true;
  ImGui::SameLine();
  if (big_button("Open a share code")) share_open_ = true;
  ImGui::Spacing();
  for (const std::string& id : game_ids()) {
    ImGui::PushID(id.c_str());
    widget_scope(id + ":");
    std::shared_ptr<const Game> g;
    std::string err;
    try {
      g = load_game(id);
    } catch (const std::exception& e) {
      err = e.what();
    }
    ImGui::BeginChild("card", ImVec2(col, g ? 170 : 60), true);
    if (!g) {
      ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s: rules data failed to load: %s", id.c_str(), err.c_str());
      ImGui::EndChild();
      ImGui::PopID();
      continue;
    }
    const GameInfo& gi = g->info();
    if (g_fonts.title) ImGui::PushFont(g_fonts.title);
    ImGui::TextUnformatted(gi.name.c_str());
    if (g_fonts.title) ImGui::PopFont();
    ImGui::TextDisabled("%s  |  %s  |  %s players  |  %s", gi.year.c_str(), gi.publisher.c_str(), gi.players.c_str(),
                        gi.playing_time.c_str());
    ImGui::TextWrapped("%s", gi.history.c_str());
    if (big_button("Rules")) rules_open_ = true, rules_id_ = id;
    ImGui::SameLine();
    if (big_button("New game")) {
      new_open_ = true;
      new_id_ = id;
      new_count_ = gi.min_seats;
      new_seats_ = parse_seats(Json(), gi.max_seats);
      new_opts_ = g->resolve_options(Json());
    }
    if (g->data().contains("scenarios") && g->data()["scenarios"].is_object() && !g->data()["scenarios"].empty()) {
      ImGui::SameLine();
      if (big_button("Tutorial")) {
        std::string e = start_tutorial(id);
        if (!e.empty()) notify("The tutorial could not start: " + e, true);
      }
    }
    ImGui::SameLine();
    std::string dummy, e2;
    bool has_auto = platform::storage_get(kAutoPrefix + id, dummy, e2);
    if (big_button("Resume", has_auto)) {
      try {
        set_session(Session::from_json(parse_json_text(dummy, "autosave")));
        home_ = false;
        replay_ = false;
        game_over_posted_ = session_->state().terminal();
        platform::storage_set(kCurrentKey, id);
      } catch (const std::exception& e) {
        notify(std::string("That autosave could not be read: ") + e.what(), true);
      }
    }
    ImGui::EndChild();
    ImGui::PopID();
    widget_scope("");
  }
  ImGui::EndGroup();
  ImGui::End();
}

// ---------------------------------------------------------------------------
// [SECTION] play screen
// ---------------------------------------------------------------------------

void App::draw_play(float w, float h) {
  // Toolbar.
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(w, kBarH));
  ImGui::Begin("Toolbar", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoScrollbar);
  const Game& g = session_->match().game();
  if (button(embed_ ? "Games" : "Home")) home_ = true;
  ImGui::SameLine();
  if (button("New")) {
    new_open_ = true;
    new_id_ = g.info().id;
    new_count_ = session_->match().seats();
    new_seats_ = session_->seats();
    new_seats_.resize(g.info().max_seats);
    new_opts_ = session_->match().record().options;
  }
  ImGui::SameLine();
  bool can_undo = session_->match().can_undo() && !replay_ && session_->screen_seat() >= 0;
  if (!can_undo) ImGui::BeginDisabled();
  if (button("Undo")) api_undo();
  if (!can_undo) ImGui::EndDisabled();
  ImGui::SameLine();
  bool can_redo = session_->match().can_redo() && !replay_;
  if (!can_redo) ImGui::BeginDisabled();
  if (button("Redo")) api_redo();
  if (!can_redo) ImGui::EndDisabled();
  ImGui::SameLine();
  if (button("Share")) share_open_ = true, share_warned_ = false;
  ImGui::SameLine();
  if (!embed_) {
    if (button("Saves")) saves_open_ = true;
    ImGui::SameLine();
  }
  if (button("Rules")) rules_open_ = true, rules_id_ = g.info().id;
  ImGui::SameLine();
  if (button(replay_ ? "Back to game" : "Replay")) {
    replay_ = !replay_;
    replay_pos_ = int(session_->match().record().actions.size());
  }
  ImGui::SameLine();
  ImGui::TextDisabled("  %s", g.info().name.c_str());
  ImGui::End();

  // Keyboard: Ctrl+Z / Ctrl+Y.
  ImGuiIO& io = ImGui::GetIO();
  if (!io.WantTextInput && io.KeyCtrl) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z), false) && !io.KeyShift) api_undo();
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Y), false) ||
        (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z), false) && io.KeyShift))
      api_redo();
  }

  bool narrow = w < 720;
  panel_w_ = narrow ? w : std::min(embed_ ? 300.0f : 380.0f, w * 0.36f);
  float bw = narrow ? w : w - panel_w_, bh = narrow ? (h - kBarH) * 0.62f : h - kBarH;
  std::unique_ptr<State> shown;
  const State* st = &session_->state();
  if (replay_) {
    shown = session_->match().state_at(size_t(replay_pos_));
    st = shown.get();
  }
  int seat = session_->screen_seat();
  if (session_->covered()) {
    draw_cover(w, h);
    return;
  }
  Json raw = st->view(seat);
  view::View view;
  try {
    view = view::parse(raw);
  } catch (const std::exception& e) {
    // A game broke the view contract: say so and draw what is left rather than nothing.
    if (toasts_.empty()) notify(std::string("This position cannot be shown in full: ") + e.what(), true);
  }
  draw_board(view, 0, kBarH, bw, bh);
  if (narrow)
    draw_panel(view, raw, 0, kBarH + bh, w, h - kBarH - bh);
  else
    draw_panel(view, raw, bw, kBarH, panel_w_, h - kBarH);
  if (session_->state().terminal() && !replay_) draw_banner(bw);
}

void App::draw_cover(float w, float h) {
  ImGui::SetNextWindowPos(ImVec2(0, kBarH));
  ImGui::SetNextWindowSize(ImVec2(w, h - kBarH));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(28, 24, 36, 255));
  ImGui::Begin("Cover", nullptr, ImGuiWindowFlags_NoDecoration);
  int t = session_->state().to_move();
  std::string who = session_->match().game().seat_name(t);
  ImGui::SetCursorPos(ImVec2(w / 2 - 180, h / 3));
  ImGui::BeginGroup();
  if (g_fonts.title) ImGui::PushFont(g_fonts.title);
  ImGui::Text("Pass the screen to %s", who.c_str());
  if (g_fonts.title) ImGui::PopFont();
  ImGui::TextWrapped("The board is hidden so that nobody sees the other side's secrets.");
  std::string label = "I am " + who + ": show my side";
  if (button(label.c_str(), ImVec2(360, 44))) {
    session_->uncover();
    dirty_ = 3;
  }
  ImGui::EndGroup();
  ImGui::End();
  ImGui::PopStyleColor();
}

void App::draw_banner(float bw) {
  const State& s = session_->state();
  ImGui::SetNextWindowPos(ImVec2(bw / 2, kBarH + 14), ImGuiCond_Always, ImVec2(0.5f, 0));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(40, 32, 20, 235));
  ImGui::Begin("Result", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize);
  if (g_fonts.title) ImGui::PushFont(g_fonts.title);
  ImGui::TextColored(ImVec4(1, 0.85f, 0.4f, 1), "%s", s.describe_result().c_str());
  if (g_fonts.title) ImGui::PopFont();
  if (button("New game")) {
    new_open_ = true;
    new_id_ = session_->match().record().game;
    new_count_ = session_->match().seats();
    new_seats_ = session_->seats();
    new_seats_.resize(session_->match().game().info().max_seats);
    new_opts_ = session_->match().record().options;
  }
  ImGui::SameLine();
  if (button("Replay")) replay_ = true, replay_pos_ = 0;
  ImGui::SameLine();
  if (button("Share replay")) share_open_ = true;
  if (ext_) ext_->banner(*this, s.view(session_->screen_seat()));
  ImGui::End();
  ImGui::PopStyleColor();
}

// ---------------------------------------------------------------------------
// [SECTION] board
// ---------------------------------------------------------------------------

void App::draw_rules() {
  std::shared_ptr<const Game> g = dialog_game(rules_id_, rules_open_);
  if (!g) return;
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowSize(ImVec2(std::min(640.0f, io.DisplaySize.x - 20), io.DisplaySize.y * 0.8f),
                           ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  std::string title = "Rules: " + g->info().name + "###rules";
  ImGui::Begin(title.c_str(), &rules_open_);
  ImGui::TextDisabled("Each rule shows where it comes from. Green: the original rule text. Amber: reconstructed.");
  if (g->data().contains("rules"))
    for (const Json& r : g->data()["rules"]) {
      section(r["title"].get<std::string>().c_str());
      ImGui::TextWrapped("%s", r["text"].get<std::string>().c_str());
      std::string src = r["source"];
      bool rec = src.rfind("reconstructed", 0) == 0;
      ImGui::PushStyleColor(ImGuiCol_Text, rec ? IM_COL32(230, 170, 60, 255) : IM_COL32(120, 200, 120, 255));
      ImGui::TextWrapped("%s %s", rec ? "Reconstructed:" : "Source:",
                         rec ? src.substr(std::min<size_t>(src.size(), 15)).c_str() : src.c_str());
      ImGui::PopStyleColor();
    }
  if (g->data().contains("options")) {
    section("Options");
    for (const Json& o : g->data()["options"])
      ImGui::BulletText("%s (default %s). %s", o.value("label", "").c_str(), o["default"].dump().c_str(),
                        o.value("source", "").c_str());
  }
  ImGui::End();
}

}  // namespace gamut::ui
