// Mosby's Raiders on screen: the end-of-game report (4.1, 4.2 and the
// Performance and Awareness summary), opened when the game ends and again
// from the result banner.
#include <algorithm>
#include <cstdio>

#include "core/text.h"
#include "ui/draw.h"
#include "ui/extension.h"
#include "ui/theme.h"

namespace gamut::ui {
namespace {

class MosbyUi : public Extension {
 public:
  void game_over(Host&, const Json& view) override { open_ = view.contains("summary"); }
  void banner(Host&, const Json& view) override {
    if (!view.contains("summary")) return;
    ImGui::SameLine();
    if (button(T("Summary"))) open_ = true;
  }
  void windows(Host& h, const Json& view) override {
    if (open_) draw(h, view);
  }
  void state(const Host&, Json& out) const override { out["summary_open"] = open_; }
  bool command(Host&, const std::string& cmd, std::string& err) override {
    if (cmd != "summary" && cmd != "summary:close") return false;
    open_ = cmd == "summary";
    return true;
  }

 private:
  bool open_ = false;

  // Notoriety by turn as a chart, and what earned or cost the Performance Points.
  void draw(Host& h, const Json& v) {
    const State& s = h.session().state();
    if (!v.contains("summary")) {
      open_ = false;
      return;
    }
    const Json& sm = v["summary"];
    ImGuiIO& io = ImGui::GetIO();
    // A fixed height: the report scrolls in a child that fills the window, which
    // an auto-fitting window could not size.
    ImGui::SetNextWindowSize(ImVec2(std::min(600.0f, io.DisplaySize.x - 20), std::min(640.0f, io.DisplaySize.y - 60)),
                             ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(300, 200), ImVec2(io.DisplaySize.x - 20, io.DisplaySize.y - 60));
    ImGui::Begin((std::string(T("Summary")) + "###summary").c_str(), &open_, ImGuiWindowFlags_NoCollapse);
    // The report scrolls inside the window and Close stays below it, on screen
    // however long the report grows.
    float footer = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
    ImGui::BeginChild("report", ImVec2(0, -footer));
    if (s.terminal()) {
      if (g_fonts.title) ImGui::PushFont(g_fonts.title);
      ImGui::PushStyleColor(ImGuiCol_Text, ink(IM_COL32(255, 216, 100, 255)));
      ImGui::TextWrapped("%s", s.describe_result().c_str());
      ImGui::PopStyleColor();
      if (g_fonts.title) ImGui::PopFont();
    }
    section(T("Notoriety by turn"));
    std::vector<int> by;
    for (const Json& x : sm.value("notoriety_by_turn", Json::array())) by.push_back(x.get<int>());
    int victory = sm.value("victory", 9), turns = std::max(8, int(by.size()));
    int top = victory + 1;
    for (int n : by) top = std::max(top, n + 1);
    float cw = ImGui::GetContentRegionAvail().x, ch = 190;
    ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    float lm = 28, bm = 20, tm = 8;  // room for the axis labels
    ImVec2 o(p0.x + lm, p0.y + ch - bm);
    float xw = (cw - lm - 10) / float(turns), yh = (ch - bm - tm) / float(top);
    auto P = [&](float turn, float n) { return ImVec2(o.x + (turn - 0.5f) * xw, o.y - n * yh); };
    dl->AddRectFilled(ImVec2(o.x, p0.y + tm), ImVec2(o.x + xw * turns, o.y), IM_COL32(40, 34, 28, 255));
    for (int n = 0; n <= top; n += top > 12 ? 2 : 1) {
      dl->AddLine(ImVec2(o.x, o.y - n * yh), ImVec2(o.x + xw * turns, o.y - n * yh), IM_COL32(80, 70, 60, 255));
      char b[8];
      std::snprintf(b, sizeof b, "%d", n);
      dl->AddText(ImVec2(p0.x + 4, o.y - n * yh - 8), IM_COL32(190, 180, 160, 255), b);
    }
    for (int k = 1; k <= turns; ++k) {
      char b[8];
      std::snprintf(b, sizeof b, "%d", k);
      dl->AddText(ImVec2(P(float(k), 0).x - 4, o.y + 3), IM_COL32(190, 180, 160, 255), b);
    }
    // What each turn's end demanded (Notoriety at least the turn), and the victory line.
    for (int k = 1; k <= turns; ++k)
      dl->AddLine(ImVec2(o.x + (k - 1) * xw, o.y - k * yh), ImVec2(o.x + k * xw, o.y - k * yh),
                  IM_COL32(170, 90, 80, 255), 2);
    dl->AddLine(P(7.5f, float(victory)), P(8.5f, float(victory)), IM_COL32(240, 200, 80, 255), 3);
    std::vector<ImVec2> pts;
    for (size_t k = 0; k < by.size(); ++k) pts.push_back(P(float(k + 1), float(by[k])));
    if (pts.size() > 1) dl->AddPolyline(pts.data(), int(pts.size()), IM_COL32(120, 200, 255, 255), 0, 3);
    for (size_t k = 0; k < pts.size(); ++k) {
      dl->AddCircleFilled(pts[k], 5, IM_COL32(120, 200, 255, 255));
      char b[8];
      std::snprintf(b, sizeof b, "%d", by[k]);
      dl->AddText(ImVec2(pts[k].x + 6, pts[k].y - 18), IM_COL32(230, 240, 255, 255), b);
    }
    ImGui::Dummy(ImVec2(cw, ch));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(T("Blue: Notoriety at the end of each turn. Red steps: each turn must end with at least the "
                         "turn's number. Gold: %d needed after turn 8."),
                       victory);
    ImGui::PopStyleColor();
    section(T("Performance Points"));
    const Json& reasons = sm.value("reasons", Json::array());
    if (reasons.empty()) ImGui::TextDisabled("%s", T("No Performance Points were earned or lost."));
    if (!reasons.empty() && ImGui::BeginTable("pp", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH)) {
      ImGui::TableSetupColumn(T("What"), ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableSetupColumn(T("Times"), ImGuiTableColumnFlags_WidthFixed, 50);
      ImGui::TableSetupColumn(T("Points"), ImGuiTableColumnFlags_WidthFixed, 60);
      ImGui::TableHeadersRow();
      for (const Json& r : reasons) {
        int total = r.value("total", 0);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(T(r.value("why", "")).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d", r.value("count", 0));
        ImGui::TableNextColumn();
        ImGui::TextColored(total >= 0 ? ImVec4(0.5f, 0.9f, 0.5f, 1) : ImVec4(1, 0.5f, 0.45f, 1), "%+d", total);
      }
      ImGui::EndTable();
    }
    ImGui::Text(T("Earned %+d, lost %+d: net %+d."), sm.value("earned", 0), sm.value("lost", 0),
                sm.value("earned", 0) + sm.value("lost", 0));
    ImGui::Text(T("Final Notoriety %d with %d PP (every 10 PP is one Notoriety level)."), sm.value("notoriety", 1),
                sm.value("pp", 0));
    const Json& ledger = sm.value("ledger", Json::array());
    if (!ledger.empty() && ImGui::TreeNode("##turns", "%s", T("Turn by turn"))) {
      for (const Json& e : ledger)
        ImGui::BulletText(T("Turn %d: %+d %s (Notoriety %d after)"), e.value("turn", 0), e.value("points", 0),
                          T(e.value("why", "")).c_str(), e.value("notoriety", 0));
      ImGui::TreePop();
    }
    ImGui::EndChild();
    ImGui::Separator();
    if (button(T("Close"))) open_ = false;
    ImGui::End();
  }
};

const ExtensionRegistrar reg("mosby", [] { return std::make_unique<MosbyUi>(); });

}  // namespace
}  // namespace gamut::ui
