// Keyboard play: a cursor on the board's nodes, typed moves, and the help
// panel listing the shortcuts. The board cursor drives the same path as a
// click (App::board_pick), so a move made from the keyboard is the move the
// mouse would make; buttons and dialogs use Dear ImGui's keyboard navigation.
//
// Focus: while no ImGui window has the keyboard (ImGui's NavWindow is null),
// the keys go to the board. A dialog takes the keyboard when it opens; P and
// T give it to the side panel and the toolbar; Escape gives it back to the
// board. The fixed windows of the play screen (panel, toolbar, banner) never
// take it by merely appearing, so a move or a new game leaves it on the board.
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdarg>
#include <cstring>

#include "app.h"
#include "core/text.h"
#include "platform/platform.h"
#include "widgets.h"

namespace gamut::ui {

namespace {
constexpr int kOffCursor = -2;  // the cursor on the "off the board" marker beside the selection

std::string printf_text(const char* f, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, f);
  std::vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  return buf;
}

std::string lower_trimmed(const std::string& s) {
  size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  std::string r = a == std::string::npos ? "" : s.substr(a, b - a + 1);
  for (char& c : r) c = char(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

bool pressed(ImGuiKey k, bool repeat = true) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), repeat); }

// A window of the play screen that is always there: it must not take the
// keyboard from the board just because it appeared.
bool fixed_window(const ImGuiWindow* w) {
  static const char* names[] = {"Panel", "Toolbar", "Result", "##zoom"};
  for (const char* n : names)
    if (std::strcmp(w->Name, n) == 0) return true;
  return false;
}

std::string joined(const std::vector<std::string>& names, size_t most) {
  std::string r;
  for (size_t i = 0; i < names.size() && i < most; ++i) r += (i ? ", " : "") + names[i];
  if (names.size() > most) r += printf_text(T(" and %d more"), int(names.size() - most));
  return r;
}
}  // namespace

void App::keys_before_frame() {
  ImGuiContext& g = *GImGui;
  ImGuiIO& io = g.IO;
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  // The focus ring of ImGui's navigation, in the gold the board's cursor uses.
  g.Style.Colors[ImGuiCol_NavHighlight] = ImVec4(1.0f, 0.84f, 0.2f, 1);
  auto down_now = [&](ImGuiKey k) {
    int i = io.KeyMap[k];
    return i >= 0 && io.KeysDown[i] && io.KeysDownDuration[i] < 0;  // went down since the last frame
  };
  bool enter = down_now(ImGuiKey_Enter) || down_now(ImGuiKey_KeyPadEnter);
  // ImGui 1.86 presses the focused button with Space only; Enter presses it too, as on a web page.
  if (enter) io.NavInputs[ImGuiNavInput_Activate] = 1;
  // A key pressed in a window shows its focus at once, so that the same key acts
  // (ImGui hides the focus after a mouse click and would take one key to show it).
  if (g.NavWindow && (enter || down_now(ImGuiKey_Space) || down_now(ImGuiKey_UpArrow) || down_now(ImGuiKey_DownArrow) ||
                      down_now(ImGuiKey_LeftArrow) || down_now(ImGuiKey_RightArrow)))
    g.NavDisableHighlight = false;
}

void App::focus_board() {
  ImGui::FocusWindow(nullptr);
  dirty_ = 3;
}

void App::focus_window(const char* name) {
  ImGuiWindow* w = ImGui::FindWindowByName(name);
  if (!w || !w->WasActive) return;
  ImGui::FocusWindow(w);
  ImGui::NavInitWindow(w, true);  // the first button (or the one marked default) takes the focus
  GImGui->NavDisableHighlight = false;
  GImGui->NavDisableMouseHover = true;
  dirty_ = 3;
}

std::vector<int> App::cursor_targets() {
  std::vector<int> out;
  const Session* s = table_.session();
  if (!s || s->covered()) return out;
  const Board& b = s->match().game().board();
  if (editing()) {
    out = ext_->editor_nodes(*this);
  } else if (table_.can_act()) {
    bool off = false;
    out = next_nodes(&off);
    off = off && !sel_.empty();  // the marker stands beside the piece picked
    // In reading order as drawn (a board turned round for this seat reads the other way).
    std::sort(out.begin(), out.end(), [&](int x, int y) {
      ImVec2 a = geo_.at(b.nodes[x]), c = geo_.at(b.nodes[y]);
      return std::fabs(a.y - c.y) > 1 ? a.y < c.y : a.x < c.x;
    });
    if (off) out.push_back(kOffCursor);
  }
  return out;
}

void App::keys_begin() {
  ImGuiContext& g = *GImGui;
  ImGuiIO& io = g.IO;
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) || ImGui::IsMouseClicked(ImGuiMouseButton_Right))
    cursor_shown_ = false;
  // Not while a button is held: moving the focus clears ImGui's active item, and the
  // click would be lost (a move of the AI's landing between a press and its release).
  if (!focus_next_.empty() && g.ActiveId == 0 && !ImGui::IsAnyMouseDown()) {
    std::string f;
    f.swap(focus_next_);
    if (f == "-")
      focus_board();
    else
      focus_window(f.c_str());
  }
  bool popup = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
  if (pressed(ImGuiKey_Escape, false) && !popup) {
    // Escape closes the window on top, else drops the move being built, and gives the keyboard to the board.
    bool* open[] = {&help_open_, &entry_open_, &new_open_, &share_open_, &saves_open_, &rules_open_, &seats_open_};
    bool closed = false;
    for (bool* o : open)
      if (*o && !closed) *o = false, closed = true;
    if (!closed) sel_.clear(), chooser_.clear();
    focus_board();
    return;
  }
  if (io.WantTextInput || popup) return;  // a text field or an open list takes the keys
  bool play = !home_ && table_.session();
  bool covered = play && table_.session()->covered();
  for (ImWchar c : io.InputQueueCharacters) {
    if (io.KeyCtrl || io.KeyAlt || io.KeySuper) break;
    if (c == '?') {
      help_open_ = !help_open_;
      if (!help_open_) focus_board();
      dirty_ = 3;
    } else if ((c == '/' || c == 'm' || c == 'M') && play && !covered) {
      entry_open_ = entry_focus_ = true;
      entry_buf_[0] = 0;
      entry_msg_.clear();
      dirty_ = 3;
    } else if ((c == 'p' || c == 'P') && play) {
      focus_window(covered ? "Cover" : "Panel");
    } else if ((c == 't' || c == 'T') && play && !ui_minimal_) {
      focus_window("Toolbar");
    } else if ((c == 'b' || c == 'B') && play) {
      focus_board();
    }
  }
  // The board takes the keys while no window has them; never under the hand-over cover.
  if (!play || covered || g.NavWindow) return;
  const Board& b = table_.session()->match().game().board();
  int nodes = int(b.nodes.size());
  if (nodes == 0) return;
  if (cursor_ >= nodes) cursor_ = -1;
  auto pos = [&](int n) {
    if (n == kOffCursor && !sel_.empty()) {
      ImVec2 c = geo_.at(b.nodes[sel_[0]]);
      return ImVec2(c.x, c.y - geo_.scale * 0.62f);
    }
    return geo_.at(b.nodes[std::max(n, 0)]);
  };
  std::vector<int> targets = cursor_targets();
  if (cursor_ == kOffCursor && std::find(targets.begin(), targets.end(), kOffCursor) == targets.end()) cursor_ = -1;
  bool moved = false;
  if (pressed(ImGuiKey_Tab) && !targets.empty()) {
    // The next node that takes part in a move, after the cursor in reading order (Shift: before it).
    auto it = std::find(targets.begin(), targets.end(), cursor_);
    int k = int(targets.size());
    int i = it != targets.end() ? int(it - targets.begin()) + (io.KeyShift ? -1 : 1) : (io.KeyShift ? k - 1 : 0);
    cursor_ = targets[((i % k) + k) % k];
    moved = true;
  }
  const ImGuiKey arrows[] = {ImGuiKey_LeftArrow, ImGuiKey_RightArrow, ImGuiKey_UpArrow, ImGuiKey_DownArrow};
  const float dirs[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  for (int d = 0; d < 4; ++d) {
    if (!pressed(arrows[d])) continue;
    moved = true;
    if (cursor_ == -1) {
      cursor_ = targets.empty() ? 0 : targets[0];
      continue;
    }
    // The nearest node that way on screen, straight lines first.
    ImVec2 p = pos(cursor_);
    int best = -1;
    float best_score = 1e30f;
    for (int n = 0; n < nodes; ++n) {
      if (n == cursor_) continue;
      ImVec2 q = geo_.at(b.nodes[n]);
      float dx = q.x - p.x, dy = q.y - p.y;
      float along = dx * dirs[d][0] + dy * dirs[d][1], across = std::fabs(dx * dirs[d][1] - dy * dirs[d][0]);
      if (along < 1) continue;
      float score = along + 2 * across;
      if (score < best_score) best_score = score, best = n;
    }
    if (best >= 0) cursor_ = best;
  }
  if (moved) {
    cursor_shown_ = true;
    dirty_ = 3;
  }
  if ((pressed(ImGuiKey_Enter, false) || pressed(ImGuiKey_KeyPadEnter, false) || pressed(ImGuiKey_Space, false))) {
    cursor_shown_ = true;
    dirty_ = 3;
    if (cursor_ == -1) {
      cursor_ = targets.empty() ? 0 : targets[0];
      return;
    }
    if (cursor_ == kOffCursor) {
      board_pick_off();
    } else if (editing()) {
      ext_->editor_click(*this, cursor_, cursor_);
    } else {
      board_pick(cursor_);
      // Several moves share this path: their buttons in the panel take the keyboard.
      if (!chooser_.empty()) chooser_focus_ = true, focus_next_ = "Panel";
    }
  }
}

void App::keys_end() {
  ImGuiWindow* w = GImGui->NavWindow;
  if (w && w->Appearing && fixed_window(w)) focus_board();
  chooser_focus_ = chooser_focus_ && !chooser_.empty();
}

void App::keys_moved() {
  // A move made with a button of the panel (a roll, a card) is followed by one on the board.
  ImGuiWindow* w = GImGui->NavWindow;
  if (w && fixed_window(w)) focus_next_ = "-";
}

void App::draw_cursor(ImDrawList* dl) {
  if (!cursor_shown_ || cursor_ == -1 || GImGui->NavWindow) return;
  const Board& b = table_.session()->match().game().board();
  ImVec2 c;
  float r;
  if (cursor_ == kOffCursor) {
    if (sel_.empty()) return;
    ImVec2 p = geo_.at(b.nodes[sel_[0]]);
    c = ImVec2(p.x, p.y - geo_.scale * 0.62f);
    r = geo_.scale * 0.2f;
  } else {
    if (cursor_ >= int(b.nodes.size())) return;
    c = geo_.at(b.nodes[cursor_]);
    r = geo_.scale * (geo_.cell ? 0.48f : 0.4f);
  }
  r = std::max(r, 12.0f);
  // A square ring, dark under gold: seen on light squares and dark ones, and
  // unlike the round rings of selection and hints.
  dl->AddRect(ImVec2(c.x - r - 2, c.y - r - 2), ImVec2(c.x + r + 2, c.y + r + 2), IM_COL32(20, 16, 12, 230), 5, 0, 6);
  dl->AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), IM_COL32(255, 214, 51, 255), 4, 0, 3);
}

// The legal moves a typed text names: those whose log name (public_name for
// the seat) it is, else those whose name it begins, case aside. The log
// writes "Seat: move", and a game's own name for a move may start with the
// seat too: with or without it, a name is the same name.
struct Named {
  std::vector<Action> hits;
  std::vector<std::string> names, hit_names;  // every legal move's name, and the hits'
};
static Named moves_named(const State& st, int seat, const std::string& seat_name, const std::string& typed) {
  std::string who = lower_trimmed(seat_name) + ":";
  auto plain = [&](const std::string& s) {
    std::string l = lower_trimmed(s);
    return l.rfind(who, 0) == 0 ? lower_trimmed(l.substr(who.size())) : l;
  };
  std::string want = plain(typed);
  Named r;
  std::vector<Action> exact;
  std::vector<std::string> exact_names;
  for (Action a : st.legal()) {
    std::string nm = st.public_name(a, seat), l = plain(nm);
    r.names.push_back(nm);
    if (want.empty()) continue;
    if (l == want) exact.push_back(a), exact_names.push_back(nm);
    if (l.rfind(want, 0) == 0) r.hits.push_back(a), r.hit_names.push_back(nm);
  }
  if (!exact.empty()) r.hits = exact, r.hit_names = exact_names;
  return r;
}

std::string App::typed_move(const std::string& text) {
  if (!table_.session() || home_) return T("There is no game on the board.");
  if (!can_act()) return T("It is not your move now.");
  const State& st = table_.session()->state();
  int seat = table_.session()->screen_seat();
  if (lower_trimmed(text).empty()) return T("Type a move first, as the log writes it.");
  Named m = moves_named(st, seat, table_.session()->match().game().seat_name(seat), text);
  if (m.hits.size() == 1) return table_.act(st.action_name(m.hits[0]));
  if (m.hits.empty())
    return printf_text(T("No legal move is called \"%s\". The legal moves are: %s."), text.c_str(),
                       joined(m.names, 12).c_str());
  return printf_text(T("\"%s\" could be any of %d moves: %s. Type more of it."), text.c_str(), int(m.hits.size()),
                     joined(m.hit_names, 8).c_str());
}

void App::draw_move_entry() {
  if (!table_.session() || home_ || table_.session()->covered()) {
    entry_open_ = false;
    return;
  }
  ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Size.x * 0.5f, bar_h_ + 60), ImGuiCond_Appearing, ImVec2(0.5f, 0));
  ImGui::SetNextWindowSizeConstraints(ImVec2(340, 0), ImVec2(std::min(vp->Size.x - 20, 620.0f), 1e9f));
  std::string title = std::string(T("Type a move")) + "###move-entry";
  if (entry_focus_) ImGui::SetNextWindowFocus();
  ImGui::Begin(title.c_str(), &entry_open_, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 560);
  ImGui::TextUnformatted(T("A move as the log writes it; the start of its name is enough. Enter plays it."));
  if (entry_focus_) ImGui::SetKeyboardFocusHere(), entry_focus_ = false;
  ImGui::SetNextItemWidth(320);
  if (ImGui::InputText("##move", entry_buf_, sizeof entry_buf_, ImGuiInputTextFlags_EnterReturnsTrue)) {
    std::string err = typed_move(entry_buf_);
    if (err.empty()) {
      entry_open_ = false;
      entry_msg_.clear();
      focus_next_ = "-";
    } else {
      entry_msg_ = err;
      entry_focus_ = true;  // stay in the field to correct it
      platform::announce(err);
    }
    dirty_ = 3;
  }
  if (entry_typed_ != entry_buf_) entry_msg_.clear(), entry_typed_ = entry_buf_;  // a message is about what was typed
  if (!entry_msg_.empty()) {
    ImGui::TextColored(ImVec4(1, 0.6f, 0.4f, 1), "%s", entry_msg_.c_str());
  } else if (entry_buf_[0] && can_act()) {
    // What the letters typed so far could be, as the log names it.
    int seat = table_.session()->screen_seat();
    std::vector<std::string> m =
        moves_named(table_.session()->state(), seat, table_.session()->match().game().seat_name(seat), entry_buf_)
            .hit_names;
    if (m.empty())
      ImGui::TextDisabled("%s", T("No legal move starts so."));
    else
      ImGui::TextDisabled("%s", printf_text(T("Could be: %s"), joined(m, 8).c_str()).c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::End();
  if (!entry_open_) focus_next_ = "-";
}

void App::draw_keys_help() {
  ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  std::string title = std::string(T("Keyboard shortcuts")) + "###keys-help";
  ImGui::Begin(title.c_str(), &help_open_, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize);
  struct Row {
    const char* keys;
    const char* what;
  };
  const Row rows[] = {
      {T("Arrow keys"), T("Move the board cursor to the nearest place that way")},
      {T("Tab, Shift+Tab"), T("Next, previous piece or place that takes part in a move now")},
      {T("Enter or Space"), T("On the board: pick the piece, then place it. In a window: press the button")},
      {T("Escape"), T("Drop the move being made, close the window on top, back to the board")},
      {T("M or /"), T("Type a move as the log writes it (the start of its name is enough)")},
      {T("P"), T("The side panel's buttons: moves without a place, set-up, cards")},
      {T("T"), T("The toolbar: home, new game, undo, share, rules")},
      {T("B"), T("Back to the board")},
      {T("Arrow keys in a window"), T("Move between its buttons")},
      {T("Ctrl+Z, Ctrl+Y"), T("Undo, redo")},
      {T("?"), T("Show or hide this list")},
  };
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    for (const Row& r : rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(ImVec4(1.0f, 0.84f, 0.4f, 1), "%s", r.keys);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.what);
    }
    ImGui::EndTable();
  }
  ImGui::TextDisabled("%s", T("Under the hand-over cover the board takes no keys: nothing hidden can be reached."));
  if (button(T("Close"))) help_open_ = false, focus_next_ = "-";
  ImGui::End();
}

Json App::keys_state() const {
  const ImGuiContext& g = *GImGui;
  Json k = {{"zone", g.NavWindow ? "window" : "board"},
            {"window", g.NavWindow ? Json(g.NavWindow->Name) : Json()},
            {"focus", g.NavWindow && !g.NavDisableHighlight ? widget_with_id(g.NavId) : ""},
            {"help", help_open_},
            {"entry", entry_open_},
            {"entry_message", entry_msg_},
            {"cursor", nullptr}};
  const Session* s = table_.session();
  if (s && !home_) {
    const Board& b = s->match().game().board();
    // The names typed moves are matched against: the legal moves as the log will name them for this seat.
    Json moves = Json::array();
    if (table_.can_act() && !s->covered())
      for (Action a : s->state().legal()) moves.push_back(s->state().public_name(a, s->screen_seat()));
    k["moves"] = moves;
    if (cursor_ == kOffCursor)
      k["cursor"] = "off";
    else if (cursor_ >= 0 && cursor_ < int(b.nodes.size()))
      k["cursor"] = b.nodes[cursor_].id;
  }
  return k;
}

}  // namespace gamut::ui
