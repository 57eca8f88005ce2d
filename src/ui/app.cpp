// [SECTION] index: helpers - lifecycle and API - home - play screen - board -
// side panel - solitaire (hint, autoplay, tutorial, cards, summary) - dialogs
// (new game, share, saves) - cover and banner. The rules panel is in
// rules_panel.cpp.
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
#include "rules_panel.h"
#include "widgets.h"

namespace gamut::ui {

constexpr float kPi = 3.14159265f;

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

static std::string fmt_date(double ms) {
  std::time_t t = std::time_t(ms / 1000);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", std::gmtime(&t));
  return buf;
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
  j["rules"] = rules_state();
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
  {
    int step = 0, steps = 0;
    std::string text;
    Json view = j["view"];
    std::string expected = tutorial_expected(view, &step, &steps, &text);
    if (view.contains("scenario")) {
      Json tj;
      tj["scenario"] = view["scenario"];
      tj["step"] = step;
      tj["steps"] = steps;
      tj["text"] = text;
      tj["expected"] = expected.empty() ? Json(nullptr) : Json(expected);
      tj["on_script"] = expected.empty() || s.find_action(expected) >= 0 || t < 0;
      j["tutorial"] = tj;
    }
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
  Json view = st->view(seat);
  if (session_->covered()) {
    draw_cover(w, h);
    return;
  }
  draw_board(view, 0, kBarH, bw, bh);
  if (narrow)
    draw_panel(view, 0, kBarH + bh, w, h - kBarH - bh);
  else
    draw_panel(view, bw, kBarH, panel_w_, h - kBarH);
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

int App::node_at(float mx, float my) const { return geo_.node_at(session_->match().game().board(), mx, my); }

void App::draw_board(const Json& view, float x0, float y0, float w, float h) {
  const Game& g = session_->match().game();
  const Board& b = g.board();
  const Json& bj = g.data().contains("board") ? g.data()["board"] : Json::object();
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x0 + w, y0 + h),
                    color(bj.value("background", "#3b3024"), IM_COL32(59, 48, 36, 255)));
  if (b.nodes.empty()) return;
  dl->PushClipRect(ImVec2(x0, y0), ImVec2(x0 + w, y0 + h), true);
  struct PopClip {
    ImDrawList* d;
    ~PopClip() { d->PopClipRect(); }
  } pop_clip{dl};
  geo_.cell = bj.value("cell", false);
  geo_.minx = geo_.miny = 1e9f;
  geo_.maxx = geo_.maxy = -1e9f;
  for (const Node& n : b.nodes) {
    geo_.minx = std::min(geo_.minx, n.x), geo_.maxx = std::max(geo_.maxx, n.x);
    geo_.miny = std::min(geo_.miny, n.y), geo_.maxy = std::max(geo_.maxy, n.y);
  }
  float pad = geo_.cell ? 0.5f : 0.6f;
  if (bj.contains("extent")) pad = bj["extent"].get<float>();
  float bwid = geo_.maxx - geo_.minx + 2 * pad, bhei = geo_.maxy - geo_.miny + 2 * pad;
  float margin = 24;
  geo_.scale = std::min((w - 2 * margin) / bwid, (h - 2 * margin) / bhei);
  geo_.x0 = x0 + (w - bwid * geo_.scale) / 2 + pad * geo_.scale;
  geo_.y0 = y0 + (h - bhei * geo_.scale) / 2 + pad * geo_.scale;
  // Zoom and pan: wheel zooms about the pointer, a drag on the board (right
  // button anywhere, left button past a few pixels) pans; +/- for touch.
  ImGuiIO& zio = ImGui::GetIO();
  ImVec2 ctr(x0 + w / 2, y0 + h / 2);
  auto zoom_to = [&](float z, ImVec2 m) {
    z = std::clamp(z, 1.0f, 8.0f);
    pan_x_ = m.x - ctr.x - z * (m.x - ctr.x - pan_x_) / zoom_;
    pan_y_ = m.y - ctr.y - z * (m.y - ctr.y - pan_y_) / zoom_;
    zoom_ = z;
    if (zoom_ == 1) pan_x_ = pan_y_ = 0;
    dirty_ = 3;
  };
  bool over = zio.MousePos.x >= x0 && zio.MousePos.x < x0 + w && zio.MousePos.y >= y0 && zio.MousePos.y < y0 + h;
  if (over && !zio.WantCaptureMouse && zio.MouseWheel != 0)
    zoom_to(zoom_ * std::pow(1.2f, zio.MouseWheel), zio.MousePos);
  bool drag_l = ImGui::IsMouseDragging(ImGuiMouseButton_Left, 8) && !editing();
  bool drag_r = ImGui::IsMouseDragging(ImGuiMouseButton_Right, 2);
  if (!zio.WantCaptureMouse && (drag_l || drag_r) && zoom_ > 1) {
    pan_x_ += zio.MouseDelta.x;
    pan_y_ += zio.MouseDelta.y;
    panning_ = true;
    dirty_ = 3;
  }
  ImGui::SetNextWindowPos(ImVec2(x0 + 8, y0 + h - 8), ImGuiCond_Always, ImVec2(0, 1));
  ImGui::SetNextWindowBgAlpha(0.6f);
  ImGui::Begin("##zoom", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing);
  if (button("+")) zoom_to(zoom_ * 1.4f, ctr);
  ImGui::SameLine();
  if (button("-")) zoom_to(zoom_ / 1.4f, ctr);
  ImGui::SameLine();
  if (button("Fit")) zoom_to(1, ctr);
  ImGui::End();
  float lim = std::max(w, h) * zoom_;
  pan_x_ = std::clamp(pan_x_, -lim, lim);
  pan_y_ = std::clamp(pan_y_, -lim, lim);
  geo_.scale *= zoom_;
  geo_.x0 = ctr.x + zoom_ * (geo_.x0 - ctr.x) + pan_x_;
  geo_.y0 = ctr.y + zoom_ * (geo_.y0 - ctr.y) + pan_y_;
  int seat = session_->screen_seat();
  geo_.flip = false;
  if (bj.contains("flip_for_seats") && seat >= 0)
    for (const Json& f : bj["flip_for_seats"]) geo_.flip |= f == seat;
  auto P = [&](float x, float y) { return geo_.at(x, y); };
  auto NP = [&](int n) { return P(b.nodes[n].x, b.nodes[n].y); };
  float s = geo_.scale;
  // Frame.
  ImVec2 tl = P(geo_.minx - pad, geo_.miny - pad), br = P(geo_.maxx + pad, geo_.maxy + pad);
  if (geo_.flip) std::swap(tl, br);
  ImU32 board_col = color(bj.value("surface", "#e9dcbc"), IM_COL32(233, 220, 188, 255));
  dl->AddRectFilled(ImVec2(tl.x - 6, tl.y - 6), ImVec2(br.x + 6, br.y + 6), shade(board_col, 0.45f), 10);
  dl->AddRectFilled(tl, br, board_col, 6);

  const Json& nstyles = bj.contains("node_styles") ? bj["node_styles"] : Json::object();
  auto node_style = [&](int n) -> const Json* {
    for (const std::string& t : b.nodes[n].tags)
      if (nstyles.contains(t)) return &nstyles[t];
    return nullptr;
  };
  // Decorations below the lines.
  auto deco = [&](bool above) {
    for (const Json& d : b.decorations) {
      if (d.value("above", false) != above) continue;
      std::string k = d.value("kind", "");
      if (k == "rect") {
        ImVec2 a = P(d["x"], d["y"]),
               c = P(d["x"].get<float>() + d["w"].get<float>(), d["y"].get<float>() + d["h"].get<float>());
        ImVec2 lo(std::min(a.x, c.x), std::min(a.y, c.y)), hi(std::max(a.x, c.x), std::max(a.y, c.y));
        if (d.contains("fill")) dl->AddRectFilled(lo, hi, color(d["fill"], 0), d.value("round", 0.0f) * s);
        if (d.contains("outline"))
          dl->AddRect(lo, hi, color(d["outline"], 0), d.value("round", 0.0f) * s, 0, d.value("width", 2.0f));
      } else if (k == "line" && d.contains("points")) {
        std::vector<ImVec2> pts;
        for (const Json& p : d["points"]) pts.push_back(P(p[0], p[1]));
        dl->AddPolyline(pts.data(), int(pts.size()), color(d.value("color", "#000000"), 0), 0,
                        d.value("width", 2.0f) * std::max(1.0f, s / 60));
      } else if (k == "text") {
        ImFont* f = g_fonts.body;
        float fs = d.value("size", 0.3f) * s;
        std::string t = d.value("text", "");
        ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0, t.c_str());
        ImVec2 c = P(d["x"], d["y"]);
        dl->AddText(f, fs, ImVec2(c.x - ts.x / 2, c.y - ts.y / 2), color(d.value("color", "#3a2a1a"), 0), t.c_str());
      } else if (k == "exit" && b.find(d.value("node", "")) >= 0) {
        ImVec2 c = NP(b.at(d["node"]));
        float dx = d["dir"][0], dy = d["dir"][1];
        if (geo_.flip) dx = -dx, dy = -dy;
        ImVec2 tip(c.x + dx * s * 0.78f, c.y + dy * s * 0.78f), base(c.x + dx * s * 0.5f, c.y + dy * s * 0.5f);
        ImVec2 perp(-dy * s * 0.12f, dx * s * 0.12f);
        dl->AddTriangleFilled(tip, ImVec2(base.x + perp.x, base.y + perp.y), ImVec2(base.x - perp.x, base.y - perp.y),
                              color_of_seat(g, d.value("seat", 0)));
      }
    }
  };
  deco(false);
  // Cells or lines.
  if (geo_.cell) {
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      ImVec2 c = NP(int(i));
      const Json* st = node_style(int(i));
      int parity = int(std::lround(b.nodes[i].x + b.nodes[i].y)) & 1;
      ImU32 fill = st && st->contains("fill") ? color((*st)["fill"], 0)
                                              : (parity ? IM_COL32(214, 196, 160, 255) : IM_COL32(228, 214, 182, 255));
      dl->AddRectFilled(ImVec2(c.x - s / 2, c.y - s / 2), ImVec2(c.x + s / 2, c.y + s / 2), fill);
      dl->AddRect(ImVec2(c.x - s / 2, c.y - s / 2), ImVec2(c.x + s / 2, c.y + s / 2), IM_COL32(120, 96, 70, 255), 0, 0,
                  1.2f);
      if (st && st->value("label", false)) {
        std::string t = b.nodes[i].extra.value("label", b.nodes[i].id);
        ImVec2 ts = g_fonts.body->CalcTextSizeA(s * 0.22f, 1e9f, 0, t.c_str());
        dl->AddText(g_fonts.body, s * 0.22f, ImVec2(c.x - ts.x / 2, c.y - s * 0.45f), IM_COL32(70, 50, 30, 200),
                    t.c_str());
        (void)ts;
      }
    }
  } else {
    for (size_t i = 0; i < b.nodes.size(); ++i)
      for (const Edge& e : b.nodes[i].edges) {
        if (int(i) > e.to && !b.edge_style.empty()) {
          // Undirected edges appear twice; draw once unless the reverse is absent.
          bool twin = false;
          for (const Edge& r : b.nodes[e.to].edges) twin |= r.to == int(i) && r.type == e.type;
          if (twin) continue;
        }
        const Json& es = b.edge_style[b.edge_types[e.type]];
        float ew = es.value("width", 2.0f) * std::max(1.0f, s / 50);
        ImU32 ec = color(es.value("color", "#5a4630"), IM_COL32(90, 70, 48, 255));
        ImVec2 a = NP(int(i)), c = NP(e.to);
        if (es.value("dash", false)) {
          float len = std::hypot(c.x - a.x, c.y - a.y), step = std::max(6.0f, ew * 3);
          for (float t = 0; t < len; t += 2 * step) {
            float t2 = std::min(len, t + step);
            dl->AddLine(ImVec2(a.x + (c.x - a.x) * t / len, a.y + (c.y - a.y) * t / len),
                        ImVec2(a.x + (c.x - a.x) * t2 / len, a.y + (c.y - a.y) * t2 / len), ec, ew);
          }
        } else {
          dl->AddLine(a, c, ec, ew);
        }
      }
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      const Json* st = node_style(int(i));
      ImVec2 c = NP(int(i));
      float r = (st ? st->value("radius", 0.12f) : 0.1f) * s;
      std::string shape = st ? st->value("shape", "circle") : "circle";
      ImU32 fill = st ? color(st->value("fill", "#6b5438"), 0) : IM_COL32(107, 84, 56, 255);
      ImU32 out = st ? color(st->value("outline", "#00000000"), 0) : 0;
      if (shape == "square") {
        dl->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), fill, r * 0.2f);
        if (out) dl->AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), out, r * 0.2f, 0, 2);
      } else if (shape == "hex") {
        dl->AddNgonFilled(c, r, fill, 6);
        if (out) dl->AddNgon(c, r, out, 6, 2.5f);
      } else {
        dl->AddCircleFilled(c, r, fill, 24);
        if (out) dl->AddCircle(c, r, out, 24, 2);
      }
      if (st && st->value("label", false)) {
        std::string t = b.nodes[i].extra.value("label", b.nodes[i].id);
        float fs = std::max(11.0f, s * st->value("label_size", 0.2f));
        ImVec2 ts = g_fonts.body->CalcTextSizeA(fs, 1e9f, 0, t.c_str());
        dl->AddText(g_fonts.body, fs, ImVec2(c.x - ts.x / 2, c.y + r + 1),
                    color(st->value("label_color", "#2a2018"), 0), t.c_str());
      }
    }
  }
  deco(true);
  // Last move.
  if (view.contains("last"))
    for (const Json& n : view["last"]) {
      int k = b.find(n.get<std::string>());
      if (k < 0) continue;
      ImVec2 c = NP(k);
      float r = geo_.cell ? s * 0.46f : s * 0.3f;
      dl->AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), IM_COL32(255, 140, 0, 200), 4, 0, 3);
    }

  // What the person at the screen can click.
  const State& st = session_->state();
  std::vector<Action> legal;
  bool can_act = this->can_act();
  if (can_act) legal = st.legal();
  std::set<int> targets;
  off_target_ = false;
  if (can_act && !editing()) {
    for (Action a : legal) {
      std::vector<int> p = st.action_nodes(a);
      if (p.size() <= sel_.size() || !std::equal(sel_.begin(), sel_.end(), p.begin())) continue;
      int nx = p[sel_.size()];
      if (nx >= 0)
        targets.insert(nx);
      else
        off_target_ = true;
    }
  }

  // Pieces.
  const Json& styles = g.data().contains("pieces") ? g.data()["pieces"] : Json::object();
  std::map<int, std::vector<const Json*>> at;
  if (editing()) ext_->draw_editor(*this, dl);
  if (view.contains("pieces"))
    for (const Json& p : view["pieces"]) {
      if (!p.is_object()) continue;
      int k = b.find(p.value("node", ""));
      if (k >= 0) at[k].push_back(&p);
    }
  for (auto& [k, list] : at) {
    ImVec2 c = NP(k);
    float r = (geo_.cell ? 0.36f : 0.3f) * s;
    if (list.size() > 1) r *= 0.75f;
    for (size_t i = 0; i < list.size(); ++i) {
      const Json& p = *list[i];
      ImVec2 pc = c;
      if (list.size() > 1) {
        float ang = float(i) / float(list.size()) * 2 * kPi;
        pc = ImVec2(c.x + std::cos(ang) * r * 0.7f, c.y + std::sin(ang) * r * 0.7f);
      }
      Json style = styles.value(p.value("face", ""), Json::object());
      if (p.contains("label")) style["label"] = p["label"];
      bool selected = !sel_.empty() && sel_[0] == k;
      draw_piece(dl, pc, r, style, color_of_seat(g, p.value("seat", -1)), selected);
    }
  }
  // Highlights go above the pieces: a ring round each piece that can move,
  // a dot on each square it can reach.
  for (int t : targets) {
    ImVec2 c = NP(t);
    float r = geo_.cell ? s * 0.44f : s * 0.36f;
    if (sel_.empty())
      dl->AddCircle(c, r, IM_COL32(255, 230, 90, 200), 32, 2.5f);
    else
      dl->AddCircleFilled(c, s * (geo_.cell ? 0.19f : 0.12f), IM_COL32(80, 200, 90, 190), 24);
  }
  for (int n : sel_) {
    ImVec2 c = NP(n);
    dl->AddCircle(c, geo_.cell ? s * 0.45f : s * 0.38f, IM_COL32(255, 215, 0, 255), 32, 4);
  }
  // The hinted (cyan) or the tutorial's expected (violet) move: a ring on each
  // node to click, joined in order.
  int gkind = 0;
  Action guide = can_act ? guide_action(view, &gkind) : -1;
  if (guide >= 0) {
    ImU32 gc = gkind == 1 ? IM_COL32(60, 220, 255, 255) : IM_COL32(200, 110, 255, 255);
    std::vector<int> p = st.action_nodes(guide);
    float pulse = 0.5f + 0.5f * std::sin(float(platform::now_ms()) / 180.0f);
    for (size_t i = 0; i < p.size(); ++i) {
      if (p[i] < 0) continue;
      ImVec2 c = NP(p[i]);
      dl->AddCircle(c, (geo_.cell ? 0.5f : 0.42f) * s + 3 * pulse, gc, 32, 3.5f);
      if (i + 1 < p.size() && p[i + 1] >= 0) dl->AddLine(c, NP(p[i + 1]), gc, 2.5f);
    }
    dirty_ = std::max(dirty_, 1);  // keep the pulse going
  }
  if (off_target_ && !sel_.empty()) {
    // An "off the board" move (an escape): mark it beside the selected piece.
    ImVec2 c = NP(sel_[0]);
    dl->AddCircleFilled(ImVec2(c.x, c.y - s * 0.62f), s * 0.14f, IM_COL32(80, 200, 90, 220), 24);
  }

  // Input: clicks on the board that no window took.
  ImGuiIO& io = ImGui::GetIO();
  if (panning_ && !ImGui::IsMouseDown(ImGuiMouseButton_Left) && !ImGui::IsMouseDown(ImGuiMouseButton_Right) &&
      !ImGui::IsMouseReleased(ImGuiMouseButton_Left))
    panning_ = false;
  if (!io.WantCaptureMouse && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && panning_)
    panning_ = false;
  else if (!io.WantCaptureMouse && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
    ImVec2 m = io.MousePos, d = io.MouseClickedPos[0];
    if (m.x >= x0 && m.x < x0 + w && m.y >= y0 && m.y < y0 + h) {
      if (editing()) {
        ext_->editor_click(*this, node_at(d.x, d.y), node_at(m.x, m.y));
      } else {
        board_click(m.x, m.y);
      }
    }
  }
}

void App::board_click(float mx, float my) {
  const State& st = session_->state();
  int seat = session_->screen_seat();
  if (replay_ || st.to_move() != seat || seat < 0 || session_->seats()[seat].ai) return;
  dirty_ = 3;
  // The off-board marker sits above the selected piece.
  if (off_target_ && !sel_.empty()) {
    const Board& b = session_->match().game().board();
    ImVec2 c = geo_.at(b.nodes[sel_[0]]);
    if (std::hypot(mx - c.x, my - (c.y - geo_.scale * 0.62f)) < geo_.scale * 0.2f) {
      std::vector<int> path = sel_;
      path.push_back(-1);
      for (Action a : st.legal())
        if (st.action_nodes(a) == path) {
          api_act(st.action_name(a));
          return;
        }
    }
  }
  int n = node_at(mx, my);
  std::vector<Action> legal = st.legal();
  auto extends = [&](const std::vector<int>& pre, std::vector<Action>* complete, bool* longer) {
    bool any = false;
    for (Action a : legal) {
      std::vector<int> p = st.action_nodes(a);
      if (p.size() < pre.size() || !std::equal(pre.begin(), pre.end(), p.begin())) continue;
      any = true;
      if (p.size() == pre.size())
        complete->push_back(a);
      else
        *longer = true;
    }
    return any;
  };
  if (n < 0) {
    sel_.clear();
    return;
  }
  std::vector<int> next = sel_;
  next.push_back(n);
  std::vector<Action> complete;
  bool longer = false;
  if (!extends(next, &complete, &longer)) {
    // Start over from this node if it begins a move.
    next = {n};
    complete.clear();
    longer = false;
    if (!extends(next, &complete, &longer)) {
      sel_.clear();
      return;
    }
  }
  sel_ = next;
  if (complete.size() == 1 && !longer) {
    api_act(st.action_name(complete[0]));
  } else if (complete.size() > 1 && !longer) {
    chooser_ = complete;
  }
}

// ---------------------------------------------------------------------------
// [SECTION] side panel
// ---------------------------------------------------------------------------

void App::draw_panel(const Json& view, float x, float y, float w, float h) {
  const Game& g = session_->match().game();
  const State& st = session_->state();
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::Begin("Panel", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBringToFrontOnFocus);
  int seat = session_->screen_seat();
  // Whose turn.
  int t = st.to_move();
  if (replay_) {
    int n = int(session_->match().record().actions.size());
    ImGui::TextColored(ImVec4(0.9f, 0.8f, 0.4f, 1), "Replay: move %d of %d", replay_pos_, n);
    ImGui::SetNextItemWidth(w - 20);
    if (ImGui::SliderInt("##pos", &replay_pos_, 0, n)) dirty_ = 3;
    if (button("|<")) replay_pos_ = 0;
    ImGui::SameLine();
    if (button("<") && replay_pos_ > 0) --replay_pos_;
    ImGui::SameLine();
    if (button(">") && replay_pos_ < n) ++replay_pos_;
    ImGui::SameLine();
    if (button(">|")) replay_pos_ = n;
    ImGui::SameLine();
    if (button("Back to game")) replay_ = false;
  } else if (t >= 0) {
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddCircleFilled(ImVec2(p.x + 8, p.y + 10), 7, color_of_seat(g, t));
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + 20);
    bool ai = session_->seats()[t].ai;
    ImGui::Text("%s to move%s", g.seat_name(t).c_str(), ai ? " (AI)" : t == seat ? " (you)" : "");
    if (session_->thinking()) {
      ImGui::SameLine();
      const char* spin = "|/-\\";
      ImGui::TextColored(ImVec4(0.6f, 0.8f, 1, 1), " thinking %c %d%%", spin[int(platform::now_ms() / 120) % 4],
                         session_->ai_progress());
    }
  } else if (st.terminal()) {
    ImGui::TextColored(ImVec4(1, 0.85f, 0.4f, 1), "%s", st.describe_result().c_str());
  }
  if (seat >= 0) ImGui::TextDisabled("You see the board as %s.", g.seat_name(seat).c_str());
  if (!replay_) draw_solo_tools(view, seat);
  if (!replay_) draw_tutorial(view);
  ImGui::Separator();

  if (ext_) ext_->panel(*this, view);
  // Moves without board nodes, and choosers.
  if (can_act() && !editing()) {
    std::vector<Action> buttons;
    for (Action a : st.legal())
      if (st.action_nodes(a).empty()) buttons.push_back(a);
    if (!buttons.empty()) {
      ImGui::TextUnformatted("Choose:");
      int gkind = 0;
      Action guide = guide_action(view, &gkind);
      for (Action a : buttons) {
        std::string nm = st.action_name(a);
        bool lit = a == guide;
        if (lit)
          ImGui::PushStyleColor(ImGuiCol_Button,
                                gkind == 1 ? IM_COL32(30, 130, 160, 255) : IM_COL32(120, 60, 160, 255));
        bool hit = button(nm.c_str());
        if (lit) ImGui::PopStyleColor();
        if (hit) {
          api_act(nm);
          break;
        }
      }
    }
    if (!chooser_.empty()) {
      ImGui::TextUnformatted("Which move?");
      for (Action a : chooser_) {
        std::string nm = st.action_name(a);
        if (button(nm.c_str())) {
          api_act(nm);
          break;
        }
      }
    }
    if (off_target_ && !sel_.empty()) {
      std::vector<int> path = sel_;
      path.push_back(-1);
      for (Action a : st.legal())
        if (st.action_nodes(a) == path) {
          std::string nm = st.action_name(a);
          if (button(("Leave the board: " + nm).c_str())) api_act(nm);
          break;
        }
    }
    if (sel_.empty()) ImGui::TextDisabled("Click a highlighted piece, then where it goes.");
  }
  // Dice: they tumble for a moment when they change.
  if (view.contains("dice") && view["dice"].is_array() && !view["dice"].empty()) {
    double now = platform::now_ms();
    if (view["dice"] != dice_prev_) {
      if (!dice_prev_.is_null()) dice_anim_until_ = now + 650;
      dice_prev_ = view["dice"];
    }
    bool rolling = now < dice_anim_until_;
    ImVec2 p = ImGui::GetCursorScreenPos();
    int i = 0;
    for (const Json& d : view["dice"]) {
      int v = d.is_number_integer() ? d.get<int>() : 0;
      float jx = 0, jy = 0;
      if (rolling) {
        uint64_t x = uint64_t(now / 70) * 7919 + uint64_t(i) * 104729;
        v = int(splitmix64(x) % 6) + 1;
        jx = float(int(splitmix64(x) % 9) - 4), jy = float(int(splitmix64(x) % 7) - 3);
        dirty_ = 3;
      }
      draw_die(ImGui::GetWindowDrawList(), ImVec2(p.x + 4 + 48 * i++ + jx, p.y + 6 + jy), 38, v);
    }
    ImGui::Dummy(ImVec2(48.0f * i, 50));
  }
  if (view.contains("spinner") && view["spinner"].is_object()) draw_spinner(view["spinner"]);
  // What happens next, and the last roll with its modifiers and table row.
  if (view.contains("step") && view["step"].is_string())
    ImGui::TextColored(ImVec4(0.55f, 0.85f, 1, 1), "Next: %s", view["step"].get<std::string>().c_str());
  if (view.contains("roll") && view["roll"].is_string() && !view["roll"].get<std::string>().empty())
    ImGui::TextWrapped("Roll: %s", view["roll"].get<std::string>().c_str());
  // The hand comes before the status lines: it is what the next decision is made with.
  draw_cards(view);
  // Status lines.
  if (view.contains("status"))
    for (const Json& l : view["status"]) ImGui::TextWrapped("%s", l.get<std::string>().c_str());
  // Pieces off the board.
  if (view.contains("side") && !view["side"].empty()) {
    const Json& styles = g.data().contains("pieces") ? g.data()["pieces"] : Json::object();
    std::map<std::string, std::vector<const Json*>> boxes;
    for (const Json& p : view["side"])
      boxes[p.value("where", "off") + " - " + g.seat_name(p.value("seat", 0))].push_back(&p);
    for (auto& [box, list] : boxes) {
      ImGui::TextUnformatted(box.c_str());
      ImVec2 p = ImGui::GetCursorScreenPos();
      int i = 0;
      for (const Json* pc : list) {
        Json style = styles.value(pc->value("face", ""), Json::object());
        draw_piece(ImGui::GetWindowDrawList(), ImVec2(p.x + 14 + 30 * i++, p.y + 15), 12, style,
                   color_of_seat(g, pc->value("seat", -1)), false);
      }
      ImGui::Dummy(ImVec2(30.0f * i, 32));
    }
  }
  // Move log.
  section("Moves");
  std::vector<std::string> log = session_->log();
  ImGui::BeginChild("log", ImVec2(0, 0), true);
  int shown = replay_ ? replay_pos_ : int(log.size());
  for (int i = 0; i < int(log.size()); ++i) {
    bool cur = i == shown - 1;
    if (cur) ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 210, 90, 255));
    ImGui::Text("%3d  %s", i + 1, log[i].c_str());
    if (replay_ && ImGui::IsItemClicked()) replay_pos_ = i + 1;
    if (cur) ImGui::PopStyleColor();
  }
  if (!replay_ && ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 40) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
  ImGui::End();
}

// A spinner: sectors sized by how many slots each face has; the pointer
// turns to the face just spun, with a couple of full turns on the way.
void App::draw_spinner(const Json& sp) {
  const Json& faces = sp.contains("faces") ? sp["faces"] : Json::array();
  if (!faces.is_array() || faces.empty()) return;
  int at = sp.value("at", -1);
  double total = 0;
  for (const Json& f : faces) total += as_object(f).value("count", 1);
  auto centre_angle = [&](int k) {
    double acc = 0;
    for (int i = 0; i < k; ++i) acc += as_object(faces[i]).value("count", 1);
    acc += as_object(faces[k]).value("count", 1) / 2.0;
    return float(acc / total * 2 * kPi);
  };
  double now = platform::now_ms();
  if (at != spin_prev_) {
    float target = at >= 0 ? centre_angle(at) : spin_to_;
    float cur = spin_to_;
    if (spin_prev_ != -2 && at >= 0) {
      spin_from_ = cur;
      spin_to_ = target + 2 * kPi * (2 + std::floor(cur / (2 * kPi)));
      spin_start_ = now;
    } else {
      spin_from_ = spin_to_ = target;
    }
    spin_prev_ = at;
  }
  float t = float(std::clamp((now - spin_start_) / 1100.0, 0.0, 1.0));
  float ease = 1 - (1 - t) * (1 - t) * (1 - t);
  float ang = spin_from_ + (spin_to_ - spin_from_) * ease;
  if (t < 1) dirty_ = 3;
  float R = std::min(110.0f, ImGui::GetContentRegionAvail().x / 2 - 10);
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImVec2 c(p.x + ImGui::GetContentRegionAvail().x / 2, p.y + R + 6);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  double acc = 0;
  for (size_t i = 0; i < faces.size(); ++i) {
    Json f = as_object(faces[i]);
    double n = f.value("count", 1);
    float a0 = float(acc / total * 2 * kPi) - kPi / 2, a1 = float((acc + n) / total * 2 * kPi) - kPi / 2;
    acc += n;
    std::string label = f.value("label", "");
    bool card = f.value("accent", false);  // a face the game marks out (a war card)
    ImU32 col =
        card ? IM_COL32(150, 40, 40, 255) : (i % 2 ? IM_COL32(205, 190, 150, 255) : IM_COL32(230, 218, 185, 255));
    if (int(i) == at && t >= 1) col = IM_COL32(250, 210, 90, 255);
    dl->PathLineTo(c);
    dl->PathArcTo(c, R, a0, a1, 12);
    dl->PathFillConvex(col);
    float am = (a0 + a1) / 2;
    std::string shortl = label.substr(0, std::min<size_t>(label.size(), 6));
    ImVec2 ts = ImGui::CalcTextSize(shortl.c_str());
    float fs = ImGui::GetFontSize() * 0.7f;
    dl->AddText(g_fonts.body, fs,
                ImVec2(c.x + std::cos(am) * R * 0.68f - ts.x * 0.35f, c.y + std::sin(am) * R * 0.68f - fs / 2),
                card ? IM_COL32_WHITE : IM_COL32(50, 35, 20, 255), shortl.c_str());
  }
  dl->AddCircle(c, R, IM_COL32(70, 50, 30, 255), 64, 3);
  float pa = ang - kPi / 2;
  ImVec2 tip(c.x + std::cos(pa) * R * 0.92f, c.y + std::sin(pa) * R * 0.92f);
  ImVec2 perp(-std::sin(pa) * 7, std::cos(pa) * 7);
  dl->AddTriangleFilled(tip, ImVec2(c.x + perp.x, c.y + perp.y), ImVec2(c.x - perp.x, c.y - perp.y),
                        IM_COL32(25, 25, 30, 255));
  dl->AddCircleFilled(c, 8, IM_COL32(25, 25, 30, 255));
  ImGui::Dummy(ImVec2(2 * R, 2 * R + 12));
  if (at >= 0 && t >= 1)
    ImGui::TextColored(ImVec4(1, 0.85f, 0.4f, 1), "Spun: %s", as_object(faces[at]).value("label", "").c_str());
}

// ---------------------------------------------------------------------------
// [SECTION] solitaire: hint, autoplay, tutorial, cards, end-of-game summary
// ---------------------------------------------------------------------------

// The tutorial's next expected move ("" when none), the step it belongs to
// (0-based; == steps once over) and its text: all from the view's "tutorial",
// which the game keeps, so the panel cannot drift from the script.
std::string App::tutorial_expected(const Json& view, int* step, int* steps, std::string* text) const {
  if (!view.contains("tutorial") || !view["tutorial"].is_object()) return "";
  const Json& t = view["tutorial"];
  int k = t.value("step", 0), n = t.value("of", 0);
  if (step) *step = k > 0 ? k - 1 : n;
  if (steps) *steps = n;
  if (text) *text = t.value("text", std::string());
  const Json& todo = t.contains("do") ? t["do"] : Json::array();
  return todo.is_array() && !todo.empty() && todo[0].is_string() ? todo[0].get<std::string>() : "";
}

Action App::guide_action(const Json& view, int* kind) const {
  if (!session_ || replay_) return -1;
  const State& st = session_->state();
  int t = st.to_move();
  if (t < 0 || session_->seats()[t].ai || t != session_->screen_seat()) return -1;
  if (const Hint* h = session_->hint()) {
    if (kind) *kind = 1;
    return h->best;
  }
  std::string want = tutorial_expected(view);
  if (want.empty()) return -1;
  if (kind) *kind = 2;
  return st.find_action(want);
}

std::string App::start_tutorial(const std::string& id) {
  std::shared_ptr<const Game> g;
  try {
    g = load_game(id);
  } catch (const std::exception& e) {
    return e.what();
  }
  const Json& sc = g->data().contains("scenarios") ? g->data()["scenarios"] : Json();
  if (!sc.is_object() || sc.empty()) return "this game has no tutorial";
  std::string which = sc.contains("example1") ? "example1" : sc.begin().key();
  Json opts = Json::object();
  opts["scenario"] = which;
  Json o = Json::object();
  o["seats"] = Json::array({"human"});
  o["options"] = opts;
  std::string err = api_new_game(id, o.dump());
  if (err.empty()) new_open_ = false;
  return err;
}

// A hint from the shared search and an autoplay switch, for games with no opponent (issue 9).
void App::draw_solo_tools(const Json& view, int seat) {
  const State& st = session_->state();
  if (session_->match().seats() != 1 || seat < 0 || st.terminal()) return;
  bool autoplay = session_->seats()[seat].ai;
  bool mine = st.to_move() == seat && !autoplay;
  bool can_hint = mine && !session_->hinting();
  if (!can_hint) ImGui::BeginDisabled();
  if (button("Hint")) api_ui("hint");
  if (!can_hint) ImGui::EndDisabled();
  ImGui::SameLine();
  if (button(autoplay ? "Stop autoplay" : "Autoplay")) api_ui(autoplay ? "autoplay:off" : "autoplay:on");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", autoplay ? "Take the band back." : "Let the AI (level 3) play the band from here.");
  const char* spin = "|/-\\";
  if (session_->hinting()) {
    ImGui::TextColored(ImVec4(0.6f, 0.8f, 1, 1), "Thinking about a hint %c %d%%",
                       spin[int(platform::now_ms() / 120) % 4], session_->hint_progress());
  } else if (const Hint* h = session_->hint()) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(120, 225, 255, 255));
    ImGui::TextWrapped("Hint: %s", h->text.c_str());
    ImGui::PopStyleColor();
  }
}

// The tutorial: the step's text and the move it expects (highlighted on the board).
void App::draw_tutorial(const Json& view) {
  int step = 0, steps = 0;
  std::string text;
  std::string want = tutorial_expected(view, &step, &steps, &text);
  if (steps == 0) return;
  const Json& sc = session_->match().game().data()["scenarios"][view["scenario"].get<std::string>()];
  section(("Tutorial: " + sc.value("title", view["scenario"].get<std::string>())).c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(235, 215, 255, 255));
  if (step < steps)
    ImGui::TextDisabled("Step %d of %d", step + 1, steps);
  else
    ImGui::TextDisabled("All %d steps done", steps);
  ImGui::TextWrapped("%s", text.c_str());
  const State& st = session_->state();
  int t = st.to_move();
  if (!want.empty() && t >= 0) {
    if (st.find_action(want) >= 0)
      ImGui::TextColored(ImVec4(0.85f, 0.6f, 1, 1), "Next: %s (highlighted)", want.c_str());
    else
      ImGui::TextColored(ImVec4(1, 0.6f, 0.4f, 1),
                         "The game has left the example's path (%s is not possible now). Play on freely, or restart.",
                         want.c_str());
  }
  // Deferred to the next frame: a new game must not replace the one this panel is drawing.
  if (button("Restart tutorial")) pending_ui_ = "tutorial:" + session_->match().record().game;
  ImGui::PopStyleColor();
}

// Cards: title, effect, and the historical note folded away (hover the title to read it).
void App::draw_cards(const Json& view) {
  const State& st = session_->state();
  bool can_act = this->can_act();
  std::vector<std::string> names;
  if (can_act)
    for (Action a : st.legal()) names.push_back(st.action_name(a));
  auto has = [&](const std::string& n) { return std::find(names.begin(), names.end(), n) != names.end(); };
  auto list = [&](const char* title, const Json& cards, bool hand) {
    if (!cards.is_array() || cards.empty()) return;
    section(title);
    int i = 0;
    for (const Json& c0 : cards) {
      Json c = as_object(c0);
      std::string name = c.value("title", ""), effect = c.value("effect", c.value("text", "")),
                  note = c.value("note", "");
      static const std::string kNote = "\n\nHistorical note: ";
      size_t k = effect.find(kNote);
      if (k != std::string::npos) {
        if (note.empty()) note = effect.substr(k + kNote.size());
        effect.resize(k);
      }
      std::string base = name;
      size_t perm = base.find(" (Permanent)");
      if (perm != std::string::npos) base.resize(perm);
      ImGui::PushID(title);
      ImGui::PushID(i++);
      ImGui::TextColored(ImVec4(0.95f, 0.85f, 0.55f, 1), "%s", name.c_str());
      if (!note.empty() && ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(420);
        ImGui::TextUnformatted(note.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      if (hand && has("play " + base)) {
        ImGui::SameLine();
        if (button(("Play##" + base).c_str())) api_act("play " + base);
      }
      if (hand && has("discard " + base)) {
        ImGui::SameLine();
        if (button(("Discard##" + base).c_str())) api_act("discard " + base);
      }
      if (!effect.empty()) ImGui::TextWrapped("%s", effect.c_str());
      if (!note.empty() && ImGui::TreeNode("Historical note")) {
        ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(200, 190, 170, 255));
        ImGui::TextWrapped("%s", note.c_str());
        ImGui::PopStyleColor();
        ImGui::TreePop();
      }
      ImGui::PopID();
      ImGui::PopID();
    }
  };
  list(session_->match().seats() == 1 ? "Cards in hand" : "Cards", view.value("cards", Json()), true);
  list("Event cards this turn", view.value("events", Json()), false);
}

// ---------------------------------------------------------------------------
// [SECTION] dialogs
// ---------------------------------------------------------------------------

// The game a dialog is about; on bad rules data the dialog closes with the reason.
std::shared_ptr<const Game> App::dialog_game(const std::string& id, bool& open) {
  try {
    return load_game(id);
  } catch (const std::exception& e) {
    notify(e.what(), true);
    open = false;
    return nullptr;
  }
}

void App::draw_new_game() {
  std::shared_ptr<const Game> g = dialog_game(new_id_, new_open_);
  if (!g) return;
  const GameInfo& gi = g->info();
  ImGui::SetNextWindowSize(ImVec2(460, 0), ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  std::string title = "New game: " + gi.name + "###newgame";
  ImGui::Begin(title.c_str(), &new_open_, ImGuiWindowFlags_NoCollapse);
  if (gi.max_seats > gi.min_seats) ImGui::SliderInt("Players", &new_count_, gi.min_seats, gi.max_seats);
  new_count_ = std::clamp(new_count_, gi.min_seats, gi.max_seats);
  if (int(new_seats_.size()) < gi.max_seats) new_seats_.resize(gi.max_seats);
  static const char* kinds[] = {"Person",     "AI level 1 (quick)", "AI level 2",
                                "AI level 3", "AI level 4",         "AI level 5 (strongest)"};
  for (int i = 0; i < new_count_; ++i) {
    int k = new_seats_[i].ai ? new_seats_[i].level : 0;
    ImGui::SetNextItemWidth(240);
    if (ImGui::Combo(g->seat_name(i).c_str(), &k, kinds, 6)) {
      new_seats_[i].ai = k > 0;
      if (k > 0) new_seats_[i].level = k;
    }
  }
  if (g->data().contains("options") && !g->data()["options"].empty()) {
    section("Options");
    for (const Json& o : g->data()["options"]) {
      std::string id = o["id"], label = o.value("label", id);
      ImGui::PushID(id.c_str());
      Json& v = new_opts_[id];
      if (v.is_null()) v = o["default"];
      if (o.contains("choices")) {
        int cur = 0, i = 0;
        std::vector<std::string> ch;
        for (const Json& c : o["choices"]) {
          ch.push_back(c.is_string() ? c.get<std::string>() : c.dump());
          if (c == v) cur = i;
          ++i;
        }
        ImGui::SetNextItemWidth(200);
        if (ImGui::BeginCombo(label.c_str(), ch[cur].c_str())) {
          for (size_t j = 0; j < ch.size(); ++j)
            if (ImGui::Selectable(ch[j].c_str(), int(j) == cur)) v = o["choices"][j];
          ImGui::EndCombo();
        }
      } else if (o["default"].is_boolean()) {
        bool b = v.get<bool>();
        if (ImGui::Checkbox(label.c_str(), &b)) v = b;
      } else if (o["default"].is_number_integer()) {
        int x = v.get<int>();
        ImGui::SetNextItemWidth(120);
        if (ImGui::InputInt(label.c_str(), &x)) v = std::clamp(x, o.value("min", -1000000), o.value("max", 1000000));
      }
      if (ImGui::IsItemHovered()) option_tooltip(o);
      ImGui::PopID();
    }
  }
  ImGui::Spacing();
  if (g->data().contains("scenarios") && g->data()["scenarios"].is_object() && !g->data()["scenarios"].empty()) {
    if (big_button("Tutorial")) pending_ui_ = "tutorial:" + new_id_;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A rulebook example, step by step, with the moves to make shown.");
    ImGui::SameLine();
  }
  if (big_button("Start")) {
    Json seats = Json::array();
    for (int i = 0; i < new_count_; ++i) seats.push_back(new_seats_[i].name());
    Json o = {{"seats", seats}, {"options", new_opts_}};
    std::string err = api_new_game(new_id_, o.dump());
    if (!err.empty())
      notify(err, true);
    else
      new_open_ = false;
  }
  ImGui::End();
}

void App::draw_share() {
  ImGui::SetNextWindowSize(ImVec2(520, 0), ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::Begin("Share and open codes", &share_open_, ImGuiWindowFlags_NoCollapse);
  if (session_) {
    const State& s = session_->state();
    bool secret = session_->match().game().info().hidden_info && !s.terminal();
    if (secret && !share_warned_) {
      ImGui::TextWrapped(
          "This game has hidden information and is not finished. A share code holds every move, so whoever opens it "
          "sees all hidden pieces and cards. Once the game is over you can share it as a replay.");
      if (button("Show the code anyway")) share_warned_ = true;
    } else {
      static std::string code;
      code = api_share_code();
      std::string link = platform::page_url() + "#play=" + code;
      ImGui::TextUnformatted(s.terminal() ? "Replay code of this game:" : "Code of this game:");
      ImGui::SetNextItemWidth(-1);
      ImGui::InputText("##code", code.data(), code.size() + 1, ImGuiInputTextFlags_ReadOnly);
      if (button("Copy code")) platform::copy_text(code), notify("Code copied");
      ImGui::SameLine();
      if (button("Copy link")) platform::copy_text(link), notify("Link copied");
    }
    ImGui::Separator();
  }
  ImGui::TextUnformatted("Open a code or link:");
  ImGui::SetNextItemWidth(-80);
  ImGui::InputText("##load", load_buf_, sizeof load_buf_);
  ImGui::SameLine();
  if (button("Open")) {
    std::string err = api_load(load_buf_);
    if (!err.empty())
      notify("That code could not be opened: " + err + ". Your current game is unchanged.", true);
    else
      share_open_ = false, load_buf_[0] = 0;
  }
  ImGui::End();
}

void App::draw_saves() {
  ImGui::SetNextWindowSize(ImVec2(560, 420), ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::Begin("Saved games", &saves_open_, ImGuiWindowFlags_NoCollapse);
  if (session_) {
    ImGui::SetNextItemWidth(260);
    ImGui::InputTextWithHint("##name", "name this save", save_name_, sizeof save_name_);
    ImGui::SameLine();
    if (button("Save current game")) {
      Json entry = {{"name", save_name_[0] ? std::string(save_name_) : session_->match().game().info().name},
                    {"date", platform::date_now()},
                    {"turn", session_->state().move_number()},
                    {"save", session_->save_json()}};
      std::string err =
          platform::storage_set(kSavePrefix + std::to_string(int64_t(platform::date_now())), entry.dump());
      if (!err.empty())
        notify("Could not save: " + err + ". Nothing was lost; the game goes on.", true);
      else
        notify("Saved"), save_name_[0] = 0;
    }
  }
  ImGui::Separator();
  std::vector<std::string> keys = platform::storage_keys(kSavePrefix);
  std::sort(keys.rbegin(), keys.rend());
  if (keys.empty()) ImGui::TextDisabled("No saved games yet.");
  for (const std::string& k : keys) {
    ImGui::PushID(k.c_str());
    std::string text, err;
    platform::storage_get(k, text, err);
    try {
      Json e = parse_json_text(text, "save");
      Record r = Match::record_from_json(e.at("save"));
      std::string seats;
      for (const Json& p : e["save"].value("players", Json::array()))
        seats += (seats.empty() ? "" : ", ") + p.get<std::string>();
      ImGui::Text("%s", e.value("name", "save").c_str());
      ImGui::TextDisabled("%s | %s | move %d | %s", r.game.c_str(), fmt_date(e.value("date", 0.0)).c_str(),
                          e.value("turn", 0), seats.c_str());
      if (button("Load")) {
        try {
          set_session(Session::from_json(e["save"]));
          home_ = false;
          replay_ = false;
          saves_open_ = false;
          autosave();
        } catch (const std::exception& ex) {
          notify(std::string("This save could not be loaded: ") + ex.what(), true);
        }
      }
      ImGui::SameLine();
    } catch (const std::exception& ex) {
      ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "Unreadable save (%s): skipped", ex.what());
    }
    if (button("Delete")) platform::storage_remove(k);
    ImGui::Separator();
    ImGui::PopID();
  }
  ImGui::End();
}

}  // namespace gamut::ui
