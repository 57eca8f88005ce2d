// The app: lifecycle, the screen's part of the page API, the frame, the play
// screen, the hand-over cover and the result banner. The home screen is in
// home.cpp, the board in board_view.cpp (its picture in board_art.cpp), the
// side panel in panel.cpp, dialogs in dialogs.cpp and the rules panel in
// rules_panel.cpp.
#include "app.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ctime>
#include <map>
#include <set>

#include "core/text.h"
#include "draw.h"
#include "platform/platform.h"
#include "play/turn_banner.h"
#include "rules_panel.h"
#include "theme.h"
#include "widgets.h"

namespace gamut::ui {

// ---------------------------------------------------------------------------
// [SECTION] helpers
// ---------------------------------------------------------------------------

static const float kBarH = 40;

// localStorage, through the platform layer.
bool App::WebStorage::get(const std::string& key, std::string& value, std::string& err) const {
  return platform::storage_get(key, value, err);
}
std::string App::WebStorage::set(const std::string& key, const std::string& value) {
  return platform::storage_set(key, value);
}
void App::WebStorage::remove(const std::string& key) { platform::storage_remove(key); }
std::vector<std::string> App::WebStorage::keys(const std::string& prefix) const {
  return platform::storage_keys(prefix);
}

// ---------------------------------------------------------------------------
// [SECTION] lifecycle and API
// ---------------------------------------------------------------------------

ImU32 App::seat_color(int seat) const { return game_seat_color(table_.session()->match().game(), seat); }

App::App() : table_(storage_, platform::date_now) {
  // After every change to the game: a fresh extension when the game is a new one,
  // the selection dropped, and the host page told once when the game ends.
  table_.on_change = [this](bool fresh, bool ended) {
    if (fresh) {
      ext_ = make_extension(table_.session()->match().record().game);
      home_ = false;
      zoom_.reset();
      share_warned_ = false;
      cursor_ = -1;
      focus_next_ = "-";  // the keyboard starts on the new game's board
    }
    sel_.clear();
    chooser_.clear();
    keys_moved();
    node_pick_.clear();
    dirty_ = 3;
    post_move();
    if (!ended) return;
    const State& s = table_.session()->state();
    if (ext_) ext_->game_over(*this, s.view(table_.session()->screen_seat()));
    Json msg = {{"type", "gamut:gameover"},
                {"game", table_.session()->match().record().game},
                {"result", s.describe_result()},
                {"returns", s.returns()}};
    platform::post_to_host(msg.dump());
  };
  table_.on_storage_error = [this](const std::string& err) {
    notify(strf(T("Could not save the game (%s). Play goes on; the game lives only in this tab."), err.c_str()), true);
  };
  table_.on_notice = [this](const std::string& text) { notify(text); };
  table_.entropy = platform::random64;
}

// A message the table or a game wrote in English is translated here when it is a fixed one.
void App::notify(const std::string& text, bool error) {
  toasts_.push_back({T(text), error, platform::now_ms() + (error ? 7000 : 3500)});
  dirty_ = 3;
}

// An embed keeps its games apart from the visitor's own library, one
// namespace per set of embed parameters, unless the host opts in with
// library=shared.
static std::string storage_namespace(bool embed) {
  if (!embed || platform::url_param("library") == "shared") return "gamut.";
  uint32_t h = 2166136261u;
  for (unsigned char c : platform::url_query()) h = (h ^ c) * 16777619u;
  char b[32];
  std::snprintf(b, sizeof b, "gamut.embed.%08x.", h);
  return b;
}

void App::init() {
  embed_ = platform::url_param("embed") == "1";
  // lang=fr|en in the address (embeds, issue 21), else the visitor's choice, else the browser's language.
  std::string lang = platform::url_param("lang");
  lang_from_url_ = lang == "fr" || lang == "en";
  if (!lang_from_url_) lang = platform::preferred_language();
  if (std::string e = set_lang(lang, false); !e.empty()) notify(e, true);
  std::string ns = storage_namespace(embed_);
  table_.set_namespace(ns);
  if (ns == "gamut.") table_.migrate_v1();
  std::string hash = platform::url_hash();
  if (hash.rfind("play=", 0) == 0) return open_link(hash.substr(5));
  ui_minimal_ = embed_ && platform::url_param("ui") == "minimal";
  if (embed_ && init_embed()) return;
  std::string game = platform::url_param("game");
  // An embed comes back to its own game; the player's page starts the game asked for.
  if (!game.empty() && embed_ && !table_.latest_unfinished(game).empty() && table_.resume(game).empty()) return;
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
    if (std::string o = platform::url_param("options"); !o.empty()) {  // the game's options, as JSON
      try {
        opts["options"] = parse_json_text(o, "options");
      } catch (const std::exception& e) {
        notify(strf(T("The options in this address are not valid: %s"), e.what()), true);
      }
    }
    std::string err = table_.new_game(game, opts.dump());
    if (!err.empty()) notify(strf(T("Could not start %s: %s"), game.c_str(), err.c_str()), true);
    return;
  }
  std::string err = table_.resume();
  if (!err.empty()) notify(err, true);
}

bool App::busy() const {
  if (!toasts_.empty() || dirty_ > 0) return true;
  if (platform::now_ms() < dice_anim_until_ || platform::now_ms() < spin_start_ + 1100) return true;
  if (autoplay_next_ > 0) return true;  // a replay playing itself
  if (!table_.session() || table_.replaying) return false;
  if (table_.session()->hinting()) return true;
  int t = table_.session()->state().to_move();
  return t == kChance || (t >= 0 && table_.session()->seats()[t].ai);  // the AI or chance has work to do
}

std::string App::set_lang(const std::string& lang, bool remember) {
  std::string err = set_language(lang);
  if (!err.empty()) return strf(T("The language could not be changed: %s"), err.c_str());
  // The shell's own words, which the page shows without the engine.
  Json shell = {{"lang", lang},
                {"title", T("Gamut: historic board games")},
                {"board", T("Game board")},
                {"stopped", T("Gamut stopped: %s")},
                {"failed", T("Gamut could not start: %s")}};
  platform::language_changed(lang, remember && !lang_from_url_ && !embed_, shell.dump());
  dirty_ = 3;
  return "";
}

// Each language is named in its own words, so it reads to whoever looks for it: never translated.
const char* App::other_language() const { return language() == "fr" ? "English" : "Fran\u00e7ais"; }

void App::switch_language() {
  std::string e = set_lang(language() == "fr" ? "en" : "fr", true);
  if (!e.empty()) notify(e, true);
  menu_open_ = false;
}

void App::language_button() {
  if (button(other_language())) switch_language();
}

std::string App::api_state() const {
  Json j = table_.state();
  j["language"] = language();
  j["ready"] = true;  // before the engine loads, gamut-api.js answers ready: false itself
  j["screen"] = home_ ? "home" : "play";
  j["embed"] = embed_;
  Json msgs = Json::array();
  for (const Toast& t : toasts_) msgs.push_back(t.text);
  j["messages"] = msgs;
  j["rules"] = rules_state();
  j["keyboard"] = keys_state();
  if (home_) j["home"] = {{"cards", home_cards_json()}, {"more_below", home_more_}};
  if (table_.session()) j["selection"] = sel_;
  if (table_.session() && !home_) {  // where the board was drawn, for layout tests
    ImVec2 a = geo_.at(geo_.minx, geo_.miny), b = geo_.at(geo_.maxx, geo_.maxy);
    j["board_rect"] = {std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y)};
    j["board_labels"] = labels_json(board_labels_.drawn);
    j["board_coords"] = labels_json(board_labels_.coords);
  }
  j["touch"] = touch();
  if (table_.session() && !home_) {
    j["zoom"] = {{"z", zoom_.z}, {"x", zoom_.x}, {"y", zoom_.y}};
    j["banner"] = turn_banner(*table_.session()).text;
    Json pick = Json::array();
    for (int n : node_pick_) pick.push_back(table_.session()->match().game().board().nodes[n].id);
    j["node_pick"] = pick;
  }
  if (ext_ && table_.session()) ext_->state(*this, j);
  return j.dump();
}

std::string App::api_hits() const {
  Json out = Json::array();
  if (!table_.session() || home_) return out.dump();
  const Board& b = table_.session()->match().game().board();
  for (size_t i = 0; i < b.nodes.size(); ++i) {
    ImVec2 p = geo_.at(b.nodes[i]);
    out.push_back({{"node", b.nodes[i].id},
                   {"label", b.nodes[i].extra.value("label", b.nodes[i].id)},
                   {"x", p.x},
                   {"y", p.y},
                   {"w", geo_.hit_width(b, int(i))}});
  }
  return out.dump();
}

std::string App::api_node_pos(const std::string& node) const {
  if (!table_.session()) return "null";
  const Board& b = table_.session()->match().game().board();
  int n = b.find(node);
  if (n < 0) return "null";
  ImVec2 p = geo_.at(b.nodes[n]);
  return Json{{"x", p.x}, {"y", p.y}}.dump();
}

std::string App::api_widget(const std::string& label) const { return widget_json(label); }

bool App::layout_stable() const { return widgets_stable() && pending_ui_.empty(); }

void App::open_link(const std::string& code) {
  std::string err = table_.load(code);
  if (!err.empty()) {
    notify(strf(T("This link could not be opened: %s"), T(err).c_str()), true);
    return;
  }
  // The game now lives in the library: a reload resumes it as played on,
  // not the link's position again.
  platform::set_url_hash("");
  home_ = false;
  // Who plays each seat, before going on; by link, every seat is its own person's.
  if (!table_.watching() && !table_.by_link()) seats_open_ = true;
}

std::string App::api_ui(const std::string& cmd) {
  dirty_ = 3;
  std::string err;
  if (cmd.rfind("open:", 0) == 0)  // a link put in the address bar of the open page (gamut-api.js)
    open_link(cmd.substr(5));
  else if (cmd == "home")
    home_ = true;
  else if (cmd == "play" && table_.session())
    home_ = false;
  else if (cmd == "rules")
    rules_open_ = true, rules_id_ = table_.session() ? table_.session()->match().record().game : game_ids().front();
  else if (cmd == "share")
    share_open_ = true;
  else if (cmd == "saves" || cmd == "library")
    saves_open_ = true;
  else if (cmd == "seats" && table_.session())
    seats_open_ = true;
  else if (cmd.rfind("lang:", 0) == 0)
    err = set_lang(cmd.substr(5), true);
  else if (cmd == "close")  // every dialog, the menu, the selection: the plain board
    new_open_ = rules_open_ = share_open_ = saves_open_ = seats_open_ = menu_open_ = false, node_pick_.clear(),
    sel_.clear();
  else if (table_.command(cmd, err)) {
    if (err.empty() && cmd.rfind("tutorial", 0) == 0) new_open_ = false;
    sel_.clear();
    chooser_.clear();
    return err;
  } else if (!(ext_ && ext_->command(*this, cmd, err)))
    return "unknown ui command";
  return err;
}

// ---------------------------------------------------------------------------
// [SECTION] frame
// ---------------------------------------------------------------------------

bool App::frame(float w, float h) {
  widgets_new_frame();
  text_new_frame();
  // The game on the table's own French comes first; a window about another game says so itself.
  text_game(table_.session() ? table_.session()->match().record().game : "");
  if (!pending_ui_.empty()) {
    std::string cmd;
    cmd.swap(pending_ui_);
    std::string e = api_ui(cmd);
    if (!e.empty()) notify(e, true);
  }
  keys_begin();
  bool changed = table_.step(8, platform::now_ms());  // 8 ms leaves most of a 30 fps frame to drawing
  if (home_ || !table_.session())
    draw_home(w, h);
  else
    draw_play(w, h);
  if (new_open_) draw_new_game();
  if (rules_open_) draw_rules();
  if (share_open_) draw_share();
  if (saves_open_) draw_saves();
  if (seats_open_ && table_.session() && !home_) draw_seats();
  if (ext_ && table_.session() && !home_ && !table_.session()->covered()) ext_->windows(*this, table_.shown_view());
  if (entry_open_) draw_move_entry();
  if (help_open_) draw_keys_help();
  keys_end();

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
  touch_scroll();
  if (dirty_ > 0) --dirty_;
  return changed || busy();
}

// ---------------------------------------------------------------------------
// [SECTION] play screen
// ---------------------------------------------------------------------------

void App::draw_toolbar(float w) {
  const Game& g = table_.session()->match().game();
  // A narrow screen folds the buttons into a menu; frozen and minimal embeds show none.
  // Fold when the buttons and the name would not fit on one line.
  const char* labels[] = {"Home", "New", "Undo", "Redo", "Share", "Saves", "Rules", "Keys", "Replay"};
  float need = ImGui::CalcTextSize(g.info().name.c_str()).x + 40;
  for (const char* l : labels)
    need +=
        std::max(touch() ? kTouchTarget : 0.0f, ImGui::CalcTextSize(T(l)).x + 2 * ImGui::GetStyle().FramePadding.x) +
        ImGui::GetStyle().ItemSpacing.x;
  bool fold = w < need;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(w, bar_h_));
  ImGui::Begin("Toolbar", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoScrollbar);
  if (fold) {
    if (button(menu_open_ ? T("Close menu") : T("Menu"))) menu_open_ = !menu_open_;
    ImGui::SameLine();
    ImGui::TextDisabled("  %s", T(g.info().name).c_str());
    ImGui::End();
    if (!menu_open_) return;
    ImGui::SetNextWindowPos(ImVec2(0, bar_h_));
    ImGui::SetNextWindowFocus();  // over the board, which is drawn after it
    // As wide as the screen, its buttons in rows: a phone held sideways has no room for a column of ten.
    ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, FLT_MAX));
    ImGui::Begin("Menu", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize);
  }
  // Before every button but the first: on the same line in the bar, in the
  // menu on this row if it fits.
  auto next = [&](const char* label) {
    if (fold)
      flow(label);
    else
      ImGui::SameLine();
  };
  bool live = !table_.replay_only && !table_.watching();
  if (button(embed_ ? T("Games") : T("Home"))) home_ = true, menu_open_ = false;
  if (live) next(T("New"));
  if (live && button(T("New"))) {
    new_open_ = true;
    new_id_ = g.info().id;
    new_count_ = table_.session()->match().seats();
    new_seats_ = table_.session()->seats();
    new_seats_.resize(g.info().max_seats);
    new_opts_ = table_.session()->match().record().options;
    menu_open_ = false;
  }
  bool can_undo = live && table_.session()->match().can_undo() && !table_.replaying &&
                  table_.session()->screen_seat() >= 0 && !table_.session()->undo_request();
  next(T("Undo"));
  if (!can_undo) ImGui::BeginDisabled();
  if (button(T("Undo"))) undo();
  if (!can_undo) ImGui::EndDisabled();
  bool can_redo = live && table_.session()->match().can_redo() && !table_.replaying;
  next(T("Redo"));
  if (!can_redo) ImGui::BeginDisabled();
  if (button(T("Redo"))) table_.redo();
  if (!can_redo) ImGui::EndDisabled();
  next(T("Share"));
  if (button(T("Share"))) share_open_ = true, share_warned_ = false, menu_open_ = false;
  if (!embed_) {
    next(T("Saves"));
    if (button(T("Saves"))) saves_open_ = true, menu_open_ = false;
  }
  next(T("Rules"));
  if (button(T("Rules"))) rules_open_ = true, rules_id_ = g.info().id, menu_open_ = false;
  next(T("Keys"));
  if (button(T("Keys"))) help_open_ = true, menu_open_ = false;
  const char* replay = table_.replaying ? T("Back to game") : T("Replay");
  if (live) next(replay);
  if (live && button(replay)) {
    std::string e = api_ui(
        table_.replaying ? "live" : "replay:" + std::to_string(table_.session()->match().record().actions.size()));
    if (!e.empty()) notify(e, true);
    menu_open_ = false;
  }
  next(other_language());
  language_button();
  if (!fold) {
    ImGui::SameLine();
    ImGui::TextDisabled("  %s", T(g.info().name).c_str());
  }
  ImGui::End();
}

void App::draw_play(float w, float h) {
  bar_h_ = ui_minimal_ ? 0 : std::max(kBarH, ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().WindowPadding.y);
  if (!ui_minimal_) draw_toolbar(w);

  // Keyboard: Ctrl+Z / Ctrl+Y.
  ImGuiIO& io = ImGui::GetIO();
  if (!io.WantTextInput && io.KeyCtrl) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z), false) && !io.KeyShift) undo();
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Y), false) ||
        (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z), false) && io.KeyShift))
      table_.redo();
  }

  // A narrow screen puts the panel under the board as a sheet, which its
  // handle raises over most of the board and lowers again.
  bool narrow = w < 720;
  panel_w_ = narrow ? w : std::min(embed_ ? 300.0f : 380.0f, w * 0.36f);
  float bw = narrow ? w : w - panel_w_, bh = narrow ? (h - bar_h_) * 0.62f : h - bar_h_;
  sheet_ = narrow && !embed_;
  float sheet_y = bar_h_ + (sheet_up_ ? (h - bar_h_) * 0.15f : bh);
  if (table_.session()->covered()) {
    draw_cover(w, h);
    return;
  }
  Json raw = table_.shown_view();
  view::View view;
  try {
    view = view::parse(raw);
  } catch (const std::exception& e) {
    // A game broke the view contract: say so and draw what is left rather than nothing.
    if (toasts_.empty()) notify(strf(T("This position cannot be shown in full: %s"), e.what()), true);
  }
  draw_board(view, 0, bar_h_, bw, bh);
  if (narrow)
    draw_panel(view, raw, 0, sheet_ ? sheet_y : bar_h_ + bh, w, h - (sheet_ ? sheet_y : bar_h_ + bh));
  else
    draw_panel(view, raw, bw, bar_h_, panel_w_, h - bar_h_);
  draw_node_pick();
  if (table_.session()->undo_request()) draw_undo_request(w, h);
  if (embed_) post_height(w, h);
}

void App::undo() {
  std::string e = table_.undo();
  if (!e.empty() && e != "nothing to undo") notify(strf(T("Undo: %s."), T(e).c_str()), true);
}

// With no secrets on the board the request is a window over it; with secrets
// it is drawn on the cover (draw_cover).
void App::draw_undo_request(float w, float h) {
  ImGui::SetNextWindowPos(ImVec2(w / 2, h / 3), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(w - 16, h - 16));
  ImGui::Begin((std::string(T("Undo asked")) + "###undoasked").c_str(), nullptr,
               ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize);
  keep_inside();
  draw_undo_question();
  ImGui::End();
}

void App::draw_undo_question() {
  const Session::UndoRequest* r = table_.session()->undo_request();
  const Game& g = table_.session()->match().game();
  std::string from = g.seat_label(r->from), to = g.seat_label(r->to);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::min(420.0f, ImGui::GetIO().DisplaySize.x - 48));
  ImGui::TextWrapped(T("%s asks to take back their last move."), from.c_str());
  ImGui::TextWrapped(T("%s, do you allow it?"), to.c_str());
  ImGui::PopTextWrapPos();
  std::string err;
  // Side by side where they fit, one under the other on a phone.
  std::string allow = strf(T("Allow (%s)"), to.c_str()), refuse = strf(T("Refuse (%s)"), to.c_str());
  float bw = std::min(200.0f, ImGui::GetIO().DisplaySize.x - 48);
  if (button(allow.c_str(), ImVec2(bw, 44))) table_.command("undo:allow", err), dirty_ = 3;
  if (ImGui::GetIO().DisplaySize.x >= 2 * bw + 64) ImGui::SameLine();
  if (button(refuse.c_str(), ImVec2(bw, 44))) table_.command("undo:refuse", err), dirty_ = 3;
}

void App::draw_cover(float w, float h) {
  ImGui::SetNextWindowPos(ImVec2(0, bar_h_));
  ImGui::SetNextWindowSize(ImVec2(w, h - bar_h_));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(28, 24, 36, 255));
  ImGui::Begin("Cover", nullptr, ImGuiWindowFlags_NoDecoration);
  if (table_.session()->undo_request()) {
    std::string to = table_.session()->match().game().seat_label(table_.session()->undo_request()->to);
    ImGui::SetCursorPos(ImVec2(std::max(16.0f, w / 2 - 200), h / 3));
    ImGui::BeginGroup();
    if (g_fonts.title) ImGui::PushFont(g_fonts.title);
    ImGui::Text(T("Pass the screen to %s"), to.c_str());
    if (g_fonts.title) ImGui::PopFont();
    draw_undo_question();
    ImGui::EndGroup();
    ImGui::End();
    ImGui::PopStyleColor();
    return;
  }
  int t = table_.session()->state().to_move();
  std::string who = table_.session()->match().game().seat_label(t);
  float cw = std::min(360.0f, w - 32);
  ImGui::SetCursorPos(ImVec2((w - cw) / 2, h / 3));
  ImGui::BeginGroup();
  if (g_fonts.title) ImGui::PushFont(g_fonts.title);
  ImGui::Text(T("Pass the screen to %s"), who.c_str());
  if (g_fonts.title) ImGui::PopFont();
  ImGui::TextWrapped("%s", T("The board is hidden so that nobody sees the other side's secrets."));
  std::string label = strf(T("I am %s: show my side"), who.c_str());
  if (button(label.c_str(), ImVec2(cw, 44))) {
    table_.session()->uncover();
    dirty_ = 3;
  }
  ImGui::EndGroup();
  ImGui::End();
  ImGui::PopStyleColor();
}

// The turn banner, at the top of the panel beside (or under) the board and
// never over it: whose turn it is in words from the screen's side, and at the
// end the result ("You lose", not the winner's name) with what to do next.
void App::draw_banner() {
  const State& s = table_.session()->state();
  TurnBanner b = turn_banner(*table_.session());
  ImGui::PushFont(g_fonts.title ? g_fonts.title : ImGui::GetFont());
  if (b.seat >= 0) {
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddCircleFilled(ImVec2(p.x + 9, p.y + ImGui::GetFontSize() * 0.5f + 1), 8,
                                                seat_color(b.seat));
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + 24);
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.85f, 0.4f, 1));
  ImGui::TextWrapped("%s", b.text.c_str());
  ImGui::PopStyleColor();
  ImGui::PopFont();
  bool any_ai = false;
  for (const Seat& seat : table_.session()->seats()) any_ai |= seat.ai;
  if (table_.session()->thinking()) {
    const char* spin = "|/-\\";
    ImGui::TextColored(ink(ImVec4(0.6f, 0.8f, 1, 1)), T("thinking %c %d%%"), spin[int(platform::now_ms() / 120) % 4],
                       table_.session()->ai_progress());
  } else if (any_ai && !s.terminal()) {
    // The line stays while the AI is between moves, so the buttons below do not jump
    // up and down a line with every move (a click aimed at one would miss it).
    ImGui::Dummy(ImVec2(0, ImGui::GetTextLineHeight()));
  }
  if (!b.detail.empty()) ImGui::TextWrapped("%s", b.detail.c_str());
  if (!s.terminal()) return;
  if (table_.session()->practice()) ImGui::TextDisabled("%s", T("A practice game: moves were free to take back."));
  if (button(T("New game"))) {
    new_open_ = true;
    new_id_ = table_.session()->match().record().game;
    new_count_ = table_.session()->match().seats();
    new_seats_ = table_.session()->seats();
    new_seats_.resize(table_.session()->match().game().info().max_seats);
    new_opts_ = table_.session()->match().record().options;
  }
  flow(T("Replay"));
  if (button(T("Replay"))) table_.replaying = true, table_.replay_pos = 0;
  flow(T("Share replay"));
  if (button(T("Share replay"))) share_open_ = true;
  if (ext_) ext_->banner(*this, s.view(table_.session()->screen_seat()));
}

}  // namespace gamut::ui
