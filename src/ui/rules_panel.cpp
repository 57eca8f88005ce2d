// The rules panel: a game's rules text, each rule with where it comes from.
#include "rules_panel.h"

#include <imgui.h>

#include <algorithm>

#include "app.h"
#include "widgets.h"

namespace gamut::ui {

void option_tooltip(const Json& o) {
  if (o.contains("source")) ImGui::SetTooltip("%s", o["source"].get<std::string>().c_str());
}

Json App::rules_state() const { return {{"open", rules_open_}, {"game", rules_id_}}; }

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
