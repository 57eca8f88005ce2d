// Dialogs: new game, share and open codes, saved games.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ctime>
#include <map>

#include "app.h"
#include "draw.h"
#include "rules_panel.h"
#include "platform/platform.h"
#include "widgets.h"

namespace gamut::ui {

static std::string fmt_date(double ms) {
  std::time_t t = std::time_t(ms / 1000);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", std::gmtime(&t));
  return buf;
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
    std::string err = table_.new_game(new_id_, o.dump());
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
  if (table_.session()) {
    const State& s = table_.session()->state();
    bool secret = table_.session()->match().game().info().hidden_info && !s.terminal();
    if (secret && !share_warned_) {
      ImGui::TextWrapped(
          "This game has hidden information and is not finished. A share code holds every move, so whoever opens it "
          "sees all hidden pieces and cards. Once the game is over you can share it as a replay.");
      if (button("Show the code anyway")) share_warned_ = true;
    } else {
      static std::string code;
      code = table_.share_code();
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
    std::string err = table_.load(load_buf_);
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
  if (table_.session()) {
    ImGui::SetNextItemWidth(260);
    ImGui::InputTextWithHint("##name", "name this save", save_name_, sizeof save_name_);
    ImGui::SameLine();
    if (button("Save current game")) {
      std::string err = table_.save_as(save_name_);
      if (!err.empty())
        notify("Could not save: " + err + ". Nothing was lost; the game goes on.", true);
      else
        notify("Saved"), save_name_[0] = 0;
    }
  }
  ImGui::Separator();
  std::vector<Table::Saved> saves = table_.saves();
  if (saves.empty()) ImGui::TextDisabled("No saved games yet.");
  for (const Table::Saved& sv : saves) {
    ImGui::PushID(sv.key.c_str());
    if (sv.error.empty()) {
      std::string seats;
      for (const std::string& p : sv.players) seats += (seats.empty() ? "" : ", ") + p;
      ImGui::Text("%s", sv.name.c_str());
      ImGui::TextDisabled("%s | %s | move %d | %s", sv.game.c_str(), fmt_date(sv.date).c_str(), sv.turn, seats.c_str());
      if (button("Load")) {
        std::string err = table_.open_save(sv.key);
        if (!err.empty())
          notify("This save could not be loaded: " + err, true);
        else
          saves_open_ = false;
      }
      ImGui::SameLine();
    } else {
      ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "Unreadable save (%s): skipped", sv.error.c_str());
    }
    if (button("Delete")) table_.delete_save(sv.key);
    ImGui::Separator();
    ImGui::PopID();
  }
  ImGui::End();
}
}  // namespace gamut::ui
