// Dialogs: new game, share and open codes, saved games.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ctime>
#include <map>

#include "app.h"
#include "draw.h"
#include "platform/platform.h"
#include "rules_panel.h"
#include "widgets.h"

namespace gamut::ui {

std::string date_text(double ms) {
  std::time_t t = std::time_t(ms / 1000);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", std::gmtime(&t));
  return buf;
}

std::string players_text(const std::vector<std::string>& players) {
  std::string r;
  for (const std::string& p : players)
    r += (r.empty() ? "" : ", ") + (p == "human" ? std::string("person") : "AI " + p.substr(3));
  return r;
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
  next_dialog(460, 0);
  std::string title = "New game: " + gi.name + "###newgame";
  ImGui::Begin(title.c_str(), &new_open_, ImGuiWindowFlags_NoCollapse);
  keep_inside();
  // Fields leave room for their labels on a phone.
  float field = std::min(240.0f, ImGui::GetContentRegionAvail().x * 0.6f);
  if (gi.max_seats > gi.min_seats) {
    ImGui::SliderInt("Players", &new_count_, gi.min_seats, gi.max_seats);
    track("Players");
  }
  new_count_ = std::clamp(new_count_, gi.min_seats, gi.max_seats);
  if (int(new_seats_.size()) < gi.max_seats) new_seats_.resize(gi.max_seats);
  static const char* kinds[] = {"Person",     "AI level 1 (quick)", "AI level 2",
                                "AI level 3", "AI level 4",         "AI level 5 (strongest)"};
  for (int i = 0; i < new_count_; ++i) {
    int k = new_seats_[i].ai ? new_seats_[i].level : 0;
    ImGui::SetNextItemWidth(field);
    if (combo(g->seat_name(i).c_str(), &k, kinds, 6)) {
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
        // A label too long to stand beside the box goes above it.
        bool above =
            ImGui::CalcTextSize(label.c_str()).x + std::min(200.0f, field) + 40 > ImGui::GetContentRegionAvail().x;
        if (above) ImGui::TextWrapped("%s", label.c_str());
        ImGui::SetNextItemWidth(std::min(200.0f, field));
        if (ImGui::BeginCombo(above ? "##choice" : label.c_str(), ch[cur].c_str())) {
          for (size_t j = 0; j < ch.size(); ++j)
            if (selectable(ch[j].c_str(), int(j) == cur)) v = o["choices"][j];
          ImGui::EndCombo();
        }
        track(label);
      } else if (o["default"].is_boolean()) {
        bool b = v.get<bool>();
        // The box, then its label wrapped beside it: a long label ran past the dialog.
        if (ImGui::Checkbox(("##" + id).c_str(), &b)) v = b;
        track(label);
        ImGui::SameLine();
        ImGui::TextWrapped("%s", label.c_str());
      } else if (o["default"].is_number_integer()) {
        int x = v.get<int>();
        ImGui::SetNextItemWidth(120);
        if (ImGui::InputInt(label.c_str(), &x)) v = std::clamp(x, o.value("min", -1000000), o.value("max", 1000000));
      }
      if (ImGui::IsItemHovered()) option_tooltip(o);
      ImGui::PopID();
    }
  }
  section("Taking moves back");
  ImGui::Checkbox("Practice: free undo", &new_practice_);
  track("Practice: free undo");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Off: against the computer, undo stops at the last die, draw or hidden piece you have seen.\nOn: any move can "
        "be "
        "taken back; the log, the result and the share code say it was a practice game.");
  ImGui::Spacing();
  if (g->data().contains("scenarios") && g->data()["scenarios"].is_object() && !g->data()["scenarios"].empty()) {
    if (big_button("Tutorial")) pending_ui_ = "tutorial:" + new_id_;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A rulebook example, step by step, with the moves to make shown.");
    ImGui::SameLine();
  }
  if (big_button("Start")) {
    Json seats = Json::array();
    for (int i = 0; i < new_count_; ++i) seats.push_back(new_seats_[i].name());
    Json o = {{"seats", seats}, {"options", new_opts_}, {"practice", new_practice_}};
    std::string err = table_.new_game(new_id_, o.dump());
    if (!err.empty())
      notify(err, true);
    else
      new_open_ = false;
  }
  close_button(new_open_, "newgame");
  ImGui::End();
}

// One code and its link, with what it holds in plain words.
void App::code_row(const char* what, const std::string& code, const char* id) {
  ImGui::PushID(id);
  widget_scope(std::string(id) + ":");  // "watch:Copy link", "full:Copy code"
  ImGui::TextWrapped("%s", what);
  static std::string shown[2];
  std::string& c = shown[id[0] == 'w'];
  c = code;
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##code", c.data(), c.size() + 1, ImGuiInputTextFlags_ReadOnly);
  std::string link = platform::page_url() + "#play=" + code;
  if (button("Copy code")) platform::copy_text(code), notify("Code copied");
  ImGui::SameLine();
  if (button("Copy link")) platform::copy_text(link), notify("Link copied");
  widget_scope("");
  ImGui::PopID();
}

void App::draw_share() {
  next_dialog(540, 0);
  ImGui::Begin("Share and open codes", &share_open_, ImGuiWindowFlags_NoCollapse);
  keep_inside();
  if (table_.session()) {
    const State& s = table_.session()->state();
    bool secret = table_.session()->match().game().info().hidden_info && !s.terminal();
    if (table_.watching()) {
      code_row("Watch link of this game: the moves and what every player can see. It replays and cannot be played on.",
               table_.share_code(), "watch");
    } else if (secret) {
      code_row(
          "Watch link: the moves and what every player can see, with no hidden piece or card and nothing that tells "
          "the dice to come. It replays to the current move and cannot be played on. Safe to send to anyone.",
          table_.watch_code(), "watch");
      ImGui::Separator();
      if (table_.session()->covered()) {
        ImGui::TextWrapped("The full save is offered once the player to move has claimed the screen.");
      } else if (!share_warned_) {
        ImGui::TextWrapped(
            "Full save: for your own other device. It holds every move, so whoever opens it sees all hidden pieces "
            "and cards, and the dice to come. Once the game is over, its code is a replay anyone may see.");
        if (button("Show the full save")) share_warned_ = true;
      } else {
        code_row("Full save (every hidden piece and card, the dice to come, and each seat's player):",
                 table_.share_code(), "full");
      }
    } else {
      code_row(s.terminal()
                   ? "Replay code of this game: every move, and everything that was hidden."
                   : "Code of this game: every move and each seat's player. Whoever opens it plays on from here.",
               table_.share_code(), "full");
    }
    ImGui::Separator();
  }
  ImGui::TextUnformatted("Open a code or link:");
  const ImGuiStyle& style = ImGui::GetStyle();
  ImGui::SetNextItemWidth(
      -(std::max(touch() ? kTouchTarget : 0.0f, ImGui::CalcTextSize("Open").x + 2 * style.FramePadding.x) +
        style.ItemSpacing.x));
  ImGui::InputText("##load", load_buf_, sizeof load_buf_);
  track("##load");
  ImGui::SameLine();
  if (button("Open")) {
    std::string err = table_.load(load_buf_);
    if (!err.empty()) {
      notify("That code could not be opened: " + err + ". Your current game is unchanged.", true);
    } else {
      share_open_ = false, load_buf_[0] = 0;
      if (!table_.watching()) seats_open_ = true;
    }
  }
  close_button(share_open_, "share");
  ImGui::End();
}

// A game opened from a link keeps the seats its code names; the person can
// hand a seat to the computer, or take one back, before going on.
void App::draw_seats() {
  Session& s = *table_.session();
  const Game& g = s.match().game();
  next_dialog(0, 0);
  ImGui::Begin("Who plays", &seats_open_, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize);
  keep_inside();
  ImGui::Text("%s, move %d.", g.info().name.c_str(), s.state().move_number());
  static const char* kinds[] = {"Person",     "AI level 1 (quick)", "AI level 2",
                                "AI level 3", "AI level 4",         "AI level 5 (strongest)"};
  for (int i = 0; i < int(s.seats().size()); ++i) {
    int k = s.seats()[i].ai ? s.seats()[i].level : 0;
    ImGui::SetNextItemWidth(std::min(240.0f, ImGui::GetIO().DisplaySize.x * 0.5f));
    if (combo(g.seat_name(i).c_str(), &k, kinds, 6)) {
      s.set_ai(i, k > 0, std::max(1, k));
      dirty_ = 3;
    }
  }
  if (big_button("Play")) seats_open_ = false;
  ImGui::End();
}

void App::draw_saves() {
  next_dialog(600, 460);
  ImGui::Begin("Saved games", &saves_open_, ImGuiWindowFlags_NoCollapse);
  keep_inside();
  close_button(saves_open_, "saves");
  if (table_.session() && !table_.watching()) {
    ImGui::TextDisabled("Every game is kept as you play. A named copy keeps this position apart.");
    ImGui::SetNextItemWidth(std::min(260.0f, ImGui::GetContentRegionAvail().x * 0.55f));
    ImGui::InputTextWithHint("##name", "name the copy", save_name_, sizeof save_name_);
    track("##name");
    ImGui::SameLine();
    if (button("Keep a copy")) {
      std::string err = table_.save_as(save_name_);
      if (!err.empty())
        notify("Could not save: " + err + ". Nothing was lost; the game goes on.", true);
      else
        notify("Copy kept"), save_name_[0] = 0;
    }
  }
  std::vector<Table::Entry> lib = table_.library();
  for (int finished = 0; finished < 2; ++finished) {
    section(finished ? "Finished" : "To resume, newest first");
    int n = 0;
    for (const Table::Entry& e : lib) {
      if (e.error.empty() && e.finished != bool(finished)) continue;
      if (!e.error.empty() && !finished) continue;  // unreadable entries are listed last
      ++n;
      ImGui::PushID(e.id.c_str());
      widget_scope(e.id + ":");  // tests click "<id>:Resume", "<id>:Delete", "<id>:Yes, delete"
      if (e.error.empty()) {
        std::string seats = players_text(e.players), name = e.game;
        try {
          name = load_game(e.game)->info().name;
        } catch (const std::exception&) {
        }
        ImGui::Text("%s%s%s%s", name.c_str(), e.name.empty() || e.name == name ? "" : ": ",
                    e.name == name ? "" : e.name.c_str(), e.id == table_.current_id() ? "  (on the table)" : "");
        ImGui::TextDisabled("%s | move %d | %s%s", date_text(e.updated).c_str(), e.moves, seats.c_str(),
                            e.practice ? " | practice" : "");
        if (button(e.finished ? "Open" : "Resume")) {
          std::string err = table_.open_game(e.id);
          if (!err.empty())
            notify(err, true);
          else
            saves_open_ = false;
        }
        ImGui::SameLine();
      } else {
        ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "Unreadable saved game (%s)", e.error.c_str());
      }
      if (delete_ask_ != e.id) {
        if (button("Delete")) delete_ask_ = e.id;
      } else {
        ImGui::TextColored(ImVec4(1, 0.7f, 0.4f, 1), "Delete this game for good?");
        flow("Yes, delete");
        if (button("Yes, delete")) table_.delete_game(e.id), delete_ask_.clear();
        flow("Keep it");
        if (button("Keep it")) delete_ask_.clear();
      }
      ImGui::Separator();
      widget_scope("");
      ImGui::PopID();
    }
    if (!n) ImGui::TextDisabled(finished ? "None." : "No unfinished games.");
  }
  ImGui::End();
}
}  // namespace gamut::ui
