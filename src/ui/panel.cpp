// The side panel: whose turn, move buttons, dice, spinner, cards, status, the log;
// the solitaire tools (hint, autoplay, tutorial).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include "app.h"
#include "core/text.h"
#include "draw.h"
#include "platform/platform.h"
#include "play/turn_banner.h"
#include "theme.h"
#include "widgets.h"

namespace gamut::ui {

// ---------------------------------------------------------------------------
// [SECTION] side panel
// ---------------------------------------------------------------------------

void App::draw_panel(const view::View& view, const Json& raw, float x, float y, float w, float h) {
  const Game& g = table_.session()->match().game();
  const State& st = table_.session()->state();
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::Begin("Panel", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBringToFrontOnFocus);
  int seat = table_.session()->screen_seat();
  // Whose turn.
  if (table_.replaying && frozen_) {
    ImGui::TextColored(ink(ImVec4(0.9f, 0.8f, 0.4f, 1)), T("The position after move %d"), table_.replay_pos);
  } else if (table_.replaying) {
    int n = table_.replay_length();
    if (table_.watching())
      ImGui::TextWrapped("%s",
                         T("Watching: what every player can see, move by move. Hidden pieces and cards stay hidden."));
    ImGui::TextColored(ink(ImVec4(0.9f, 0.8f, 0.4f, 1)), T("Replay: move %d of %d"), table_.replay_pos, n);
    ImGui::SetNextItemWidth(w - 20);
    if (ImGui::SliderInt("##pos", &table_.replay_pos, 0, n)) dirty_ = 3;
    if (button("|<")) table_.replay_pos = 0;
    ImGui::SameLine();
    if (button("<") && table_.replay_pos > 0) --table_.replay_pos;
    ImGui::SameLine();
    if (button(">") && table_.replay_pos < n) ++table_.replay_pos;
    ImGui::SameLine();
    if (button(">|")) table_.replay_pos = n;
    // Play: a move a second and a half, so a reader can follow the narration.
    double now = platform::now_ms();
    const char* play = autoplay_next_ > 0 ? T("Pause") : T("Play");
    flow(play);  // the row goes on below where a phone's panel ends
    if (button(play)) autoplay_next_ = autoplay_next_ > 0 ? 0 : now + 1500;
    if (autoplay_next_ > 0 && now >= autoplay_next_) {
      if (table_.replay_pos < n) ++table_.replay_pos;
      autoplay_next_ = table_.replay_pos < n ? now + 1500 : 0;
      dirty_ = 3;
    }
    if (!table_.watching() && !table_.replay_only) {
      flow(T("Back to game"));
      if (button(T("Back to game"))) table_.replaying = false;
    }
  } else if (table_.by_link()) {
    draw_by_link(seat);
  } else {
    // The sheet's handle sits at the top right, and the banner wraps before it.
    float handle = 0, top = ImGui::GetCursorPosY(), right = ImGui::GetWindowContentRegionMax().x;
    if (sheet_) {
      std::string label = std::string(sheet_up_ ? T("Less") : T("More")) + "##sheet";
      ImGui::SetCursorPosX(right - std::max(kTouchTarget, ImGui::CalcTextSize(label.c_str(), nullptr, true).x +
                                                              2 * ImGui::GetStyle().FramePadding.x));
      if (button(label.c_str())) sheet_up_ = !sheet_up_, dirty_ = 3;
      handle = ImGui::GetItemRectSize().x + 8;
      ImGui::SetCursorPosY(top);
    }
    ImGui::PushTextWrapPos(right - handle);
    draw_banner();
    ImGui::PopTextWrapPos();
    if (sheet_) ImGui::SetCursorPosY(std::max(ImGui::GetCursorPosY(), top + ImGui::GetFrameHeightWithSpacing()));
  }
  if (seat >= 0) ImGui::TextDisabled(T("You see the board as %s."), g.seat_label(seat).c_str());
  if (!table_.replaying) draw_solo_tools(seat);
  if (!table_.replaying) draw_tutorial(view);
  draw_note();
  ImGui::Separator();

  if (ext_) ext_->panel(*this, raw);
  // Moves without board nodes, and choosers.
  if (can_act() && !editing()) {
    std::vector<Action> buttons;
    bool one_click = true, any_click = false;  // the board's moves take one click each (placing a mark)
    for (Action a : st.legal()) {
      size_t n = st.action_nodes(a).size();
      if (n == 0) buttons.push_back(a);
      any_click |= n > 0;
      one_click &= n <= 1;
    }
    if (!buttons.empty()) {
      ImGui::TextUnformatted(T("Choose:"));
      int gkind = 0;
      Action guide = table_.guide_action(view, &gkind);
      for (Action a : buttons) {
        std::string nm = st.action_name(a);
        // Shown in words; the action id stays the button's id (tests and the page API find it by it).
        std::string shown = st.public_name(a, table_.session()->screen_seat()) + "###" + nm;
        bool lit = a == guide;
        if (lit)
          ImGui::PushStyleColor(ImGuiCol_Button,
                                gkind == 1 ? IM_COL32(30, 130, 160, 255) : IM_COL32(120, 60, 160, 255));
        bool hit = button(shown.c_str());
        if (lit) ImGui::PopStyleColor();
        if (hit) {
          table_.act(nm);
          break;
        }
      }
    }
    if (!chooser_.empty()) {
      ImGui::TextUnformatted(T("Which move?"));
      for (Action a : chooser_) {
        std::string nm = st.action_name(a);
        bool hit = button((st.public_name(a, table_.session()->screen_seat()) + "###" + nm).c_str());
        if (chooser_focus_ && a == chooser_.front()) ImGui::SetItemDefaultFocus();  // opened from the keyboard
        if (hit) {
          table_.act(nm);
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
          if (button(strf(T("Leave the board: %s"), T(nm).c_str()).c_str())) table_.act(nm);
          break;
        }
    }
    if (sel_.empty() && any_click)
      ImGui::TextDisabled(
          "%s", one_click ? T("Click a highlighted place.") : T("Click a highlighted piece, then where it goes."));
  }
  // Dice: they tumble for a moment when they change.
  if (!view.dice.empty()) {
    double now = platform::now_ms();
    // The roll count tells a new roll of the same values from no roll at all.
    if (view.dice != dice_prev_ || view.dice_roll != dice_roll_prev_) {
      if (!dice_prev_.empty()) dice_anim_until_ = now + 650;
      dice_prev_ = view.dice;
      dice_roll_prev_ = view.dice_roll;
    }
    bool rolling = now < dice_anim_until_;
    ImVec2 p = ImGui::GetCursorScreenPos();
    int i = 0;
    for (int d : view.dice) {
      int v = d;
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
  if (view.spinner) draw_spinner(*view.spinner);
  // What happens next, and the last roll with its modifiers and table row.
  if (!view.step.empty()) {
    // Wrapped: the step is a sentence, and a narrow panel cut it off.
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.55f, 0.85f, 1, 1));
    ImGui::TextWrapped(T("Next: %s"), T(view.step).c_str());
    ImGui::PopStyleColor();
  }
  if (!view.roll.empty()) ImGui::TextWrapped(T("Roll: %s"), T(view.roll).c_str());
  // The hand comes before the status lines: it is what the next decision is made with.
  draw_cards(view);
  // Status lines.
  for (const std::string& l : view.status) ImGui::TextWrapped("%s", T(l).c_str());
  // Pieces off the board.
  if (!view.side.empty()) {
    const Json& styles = g.data().contains("pieces") ? g.data()["pieces"] : Json::object();
    std::map<std::string, std::vector<const view::SidePiece*>> boxes;
    for (const view::SidePiece& p : view.side)
      boxes[p.seat >= 0 ? T(p.where) + " - " + g.seat_label(p.seat) : T(p.where)].push_back(&p);
    for (auto& [box, list] : boxes) {
      ImGui::TextUnformatted(box.c_str());
      ImVec2 p = ImGui::GetCursorScreenPos();
      int i = 0;
      for (const view::SidePiece* pc : list) {
        Json style = styles.value(pc->face, Json::object());
        draw_piece(ImGui::GetWindowDrawList(), ImVec2(p.x + 14 + 30 * i++, p.y + 15), 12, style, seat_color(pc->seat),
                   false);
      }
      ImGui::Dummy(ImVec2(30.0f * i, 32));
    }
  }
  // Move log.
  section(T("Moves"));
  if (table_.session()->practice())
    ImGui::TextColored(ink(ImVec4(0.9f, 0.8f, 0.4f, 1)), "%s", T("Practice game: free undo."));
  std::vector<std::string> log = table_.shown_log();
  ImGui::BeginChild("log", ImVec2(0, 0), true);
  int shown = table_.replaying ? table_.replay_pos : int(log.size());
  for (int i = 0; i < int(log.size()); ++i) {
    bool cur = i == shown - 1;
    if (cur) ImGui::PushStyleColor(ImGuiCol_Text, ink(IM_COL32(255, 210, 90, 255)));
    ImGui::TextWrapped("%3d  %s", i + 1, T(log[i]).c_str());  // wrapped: a narrow panel cut long entries
    if (table_.replaying && ImGui::IsItemClicked()) table_.replay_pos = i + 1;
    if (cur) ImGui::PopStyleColor();
  }
  if (!table_.replaying && ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 40) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
  ImGui::End();
}

// A face's whole label in its sector: a narrow sector's runs out from the hub
// along its middle, turned to read left to right, at the size that fits; a
// wide sector's lies level, wrapped. (The dial once cut labels to six letters.)
static void spinner_label(ImDrawList* dl, ImVec2 c, float R, float a0, float a1, const std::string& label, ImU32 col) {
  ImFont* f = g_fonts.body ? g_fonts.body : ImGui::GetFont();
  float am = (a0 + a1) / 2, fs = ImGui::GetFontSize() * 0.75f;
  if (a1 - a0 >= kPi / 4) {
    float wrap = R * 0.9f;
    ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, wrap, label.c_str());
    ImVec2 m(c.x + std::cos(am) * R * 0.55f, c.y + std::sin(am) * R * 0.55f);
    dl->AddText(f, fs, ImVec2(m.x - ts.x / 2, m.y - ts.y / 2), col, label.c_str(), nullptr, wrap);
    return;
  }
  float len = R * 0.72f;  // from near the hub to near the rim
  ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0, label.c_str());
  if (ts.x > len) fs *= len / ts.x, ts = f->CalcTextSizeA(fs, 1e9f, 0, label.c_str());
  ImVec2 m(c.x + std::cos(am) * R * 0.58f, c.y + std::sin(am) * R * 0.58f);
  int v0 = dl->VtxBuffer.Size;
  dl->AddText(f, fs, ImVec2(m.x - ts.x / 2, m.y - ts.y / 2), col, label.c_str());
  float turn = std::cos(am) < 0 ? am + kPi : am;  // the left half reads inwards, never upside down
  float cs = std::cos(turn), sn = std::sin(turn);
  for (int i = v0; i < dl->VtxBuffer.Size; ++i) {
    ImVec2& p = dl->VtxBuffer[i].pos;
    float dx = p.x - m.x, dy = p.y - m.y;
    p = ImVec2(m.x + dx * cs - dy * sn, m.y + dx * sn + dy * cs);
  }
}

// A spinner: sectors sized by how many slots each face has; the pointer
// turns to the face just spun, with a couple of full turns on the way.
void App::draw_spinner(const view::Spinner& sp) {
  const std::vector<view::SpinnerFace>& faces = sp.faces;
  if (faces.empty()) return;
  int at = sp.at;
  double total = 0;
  for (const view::SpinnerFace& f : faces) total += f.count;
  auto centre_angle = [&](int k) {
    double acc = 0;
    for (int i = 0; i < k; ++i) acc += faces[i].count;
    acc += faces[k].count / 2.0;
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
    const view::SpinnerFace& f = faces[i];
    double n = f.count;
    float a0 = float(acc / total * 2 * kPi) - kPi / 2, a1 = float((acc + n) / total * 2 * kPi) - kPi / 2;
    acc += n;
    const std::string& label = T(f.label);
    bool card = f.accent;  // a face the game marks out (a war card)
    ImU32 col =
        card ? IM_COL32(150, 40, 40, 255) : (i % 2 ? IM_COL32(205, 190, 150, 255) : IM_COL32(230, 218, 185, 255));
    if (int(i) == at && t >= 1) col = IM_COL32(250, 210, 90, 255);
    dl->PathLineTo(c);
    dl->PathArcTo(c, R, a0, a1, 12);
    dl->PathFillConvex(col);
    spinner_label(dl, c, R, a0, a1, label, card ? IM_COL32_WHITE : IM_COL32(50, 35, 20, 255));
  }
  dl->AddCircle(c, R, IM_COL32(70, 50, 30, 255), 64, 3);
  float pa = ang - kPi / 2;
  ImVec2 tip(c.x + std::cos(pa) * R * 0.92f, c.y + std::sin(pa) * R * 0.92f);
  ImVec2 perp(-std::sin(pa) * 7, std::cos(pa) * 7);
  dl->AddTriangleFilled(tip, ImVec2(c.x + perp.x, c.y + perp.y), ImVec2(c.x - perp.x, c.y - perp.y),
                        IM_COL32(25, 25, 30, 255));
  dl->AddCircleFilled(c, 8, IM_COL32(25, 25, 30, 255));
  ImGui::Dummy(ImVec2(2 * R, 2 * R + 12));
  if (at >= 0 && t >= 1) ImGui::TextColored(ink(ImVec4(1, 0.85f, 0.4f, 1)), T("Spun: %s"), T(faces[at].label).c_str());
}

// ---------------------------------------------------------------------------
// [SECTION] solitaire: hint, autoplay, tutorial, cards, end-of-game summary
// ---------------------------------------------------------------------------

// A hint from the shared search and an autoplay switch, for games with no opponent (issue 9).
void App::draw_solo_tools(int seat) {
  const State& st = table_.session()->state();
  if (table_.session()->match().seats() != 1 || seat < 0 || st.terminal()) return;
  bool autoplay = table_.session()->seats()[seat].ai;
  bool mine = st.to_move() == seat && !autoplay;
  bool can_hint = mine && !table_.session()->hinting();
  if (!can_hint) ImGui::BeginDisabled();
  if (button(T("Hint"))) api_ui("hint");
  if (!can_hint) ImGui::EndDisabled();
  ImGui::SameLine();
  if (button(autoplay ? T("Stop autoplay") : T("Autoplay"))) api_ui(autoplay ? "autoplay:off" : "autoplay:on");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", autoplay ? T("Take the band back.") : T("Let the AI (level 3) play the band from here."));
  const char* spin = "|/-\\";
  if (table_.session()->hinting()) {
    ImGui::TextColored(ink(ImVec4(0.6f, 0.8f, 1, 1)), T("Thinking about a hint %c %d%%"),
                       spin[int(platform::now_ms() / 120) % 4], table_.session()->hint_progress());
  } else if (const Hint* h = table_.session()->hint()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ink(IM_COL32(120, 225, 255, 255)));
    ImGui::TextWrapped(T("Hint: %s"), T(h->text).c_str());
    ImGui::PopStyleColor();
  }
}

// The tutorial: the step's text and the move it expects (highlighted on the board).
// The script is the game's (the view's "tutorial"), so the panel cannot drift from it.
void App::draw_tutorial(const view::View& view) {
  if (!view.tutorial || view.tutorial->of == 0) return;
  int step = view.tutorial->done(), steps = view.tutorial->of;
  const std::string& text = T(view.tutorial->text);
  std::string want = view.tutorial->next();
  const Json& scs = table_.session()->match().game().data().value("scenarios", Json::object());
  const Json& sc = scs.value(view.scenario, Json::object());
  section(strf(T("Tutorial: %s"), T(sc.value("title", view.scenario)).c_str()).c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ink(IM_COL32(235, 215, 255, 255)));
  if (step < steps)
    ImGui::TextDisabled(T("Step %d of %d"), step + 1, steps);
  else
    ImGui::TextDisabled(T("All %d steps done"), steps);
  ImGui::TextWrapped("%s", text.c_str());
  if (text != announced_) platform::announce(announced_ = text);  // the example's narration, for screen readers
  const State& st = table_.session()->state();
  int t = st.to_move();
  if (!want.empty() && t >= 0) {
    if (st.find_action(want) >= 0)
      ImGui::TextColored(ink(ImVec4(0.85f, 0.6f, 1, 1)), T("Next: %s (highlighted)"), T(want).c_str());
    else
      ImGui::TextColored(ink(ImVec4(1, 0.6f, 0.4f, 1)),
                         T("The game has left the example's path (%s is not possible now). Play on freely, or "
                           "restart."),
                         T(want).c_str());
  }
  if (!want.empty() && t >= 0 && can_act() && st.find_action(want) >= 0) {
    if (button(T("Play this step for me"))) {
      std::string err = table_.act(want);
      if (!err.empty()) notify(err, true);
    }
    // Side by side where the panel is wide enough, else one under the other.
    float need = ImGui::GetItemRectSize().x + ImGui::CalcTextSize(T("Restart tutorial")).x + 40;
    if (ImGui::GetContentRegionAvail().x > need) ImGui::SameLine();
  }
  // Deferred to the next frame: a new game must not replace the one this panel is drawing.
  if (button(T("Restart tutorial"))) pending_ui_ = "tutorial:" + table_.session()->match().record().game;
  ImGui::PopStyleColor();
}

// Cards: title, effect, and the historical note folded away (hover the title to read it).
void App::draw_cards(const view::View& view) {
  const State& st = table_.session()->state();
  std::vector<std::string> names;
  if (can_act())
    for (Action a : st.legal()) names.push_back(st.action_name(a));
  auto legal = [&](const std::string& n) {
    return !n.empty() && std::find(names.begin(), names.end(), n) != names.end();
  };
  auto list = [&](const char* title, const std::vector<view::Card>& cards) {
    if (cards.empty()) return;
    section(title);
    int i = 0;
    for (const view::Card& c : cards) {
      ImGui::PushID(title);
      ImGui::PushID(i++);
      if (c.tag.empty())
        ImGui::TextColored(ink(ImVec4(0.95f, 0.85f, 0.55f, 1)), "%s", T(c.title).c_str());
      else
        ImGui::TextColored(ink(ImVec4(0.95f, 0.85f, 0.55f, 1)), "%s (%s)", T(c.title).c_str(), T(c.tag).c_str());
      if (!c.note.empty() && ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(420);
        ImGui::TextUnformatted(T(c.note).c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      if (legal(c.play)) {
        flow(T("Play"));
        if (button((std::string(T("Play")) + "##" + c.title).c_str())) table_.act(c.play);
      }
      if (legal(c.discard)) {
        flow(T("Discard"));
        if (button((std::string(T("Discard")) + "##" + c.title).c_str())) table_.act(c.discard);
      }
      if (!c.text.empty()) ImGui::TextWrapped("%s", T(c.text).c_str());
      if (!c.note.empty() && ImGui::TreeNode("##note", "%s", T("Historical note"))) {
        ImGui::PushStyleColor(ImGuiCol_Text, ink(IM_COL32(200, 190, 170, 255)));
        ImGui::TextWrapped("%s", T(c.note).c_str());
        ImGui::PopStyleColor();
        ImGui::TreePop();
      }
      ImGui::PopID();
      ImGui::PopID();
    }
  };
  list(table_.session()->match().seats() == 1 ? T("Cards in hand") : T("Cards"), view.cards);
  list(T("Event cards this turn"), view.events);
}

}  // namespace gamut::ui
