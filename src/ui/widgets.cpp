#include "widgets.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

namespace gamut::ui {

namespace {
struct WidgetRect {
  ImVec4 r;
  bool visible;  // its centre is inside its window's clip rect: a click there reaches it
  ImGuiID id;    // ImGui's id, which keyboard navigation names the focused button by
  bool operator==(const WidgetRect& o) const {
    return r.x == o.r.x && r.y == o.r.y && r.z == o.r.z && r.w == o.r.w && visible == o.visible && id == o.id;
  }
};
std::map<std::string, WidgetRect> g_widgets, g_widgets_prev;
std::string g_scope;
}  // namespace

// Records the last item's place under `label`, for the tests' clicks and the keyboard's focus.
static void track(const char* label) {
  ImGuiID id = GImGui->LastItemData.ID;  // ImGui::GetItemID() is newer than Debian's 1.86
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ImVec2 c((a.x + b.x) / 2, (a.y + b.y) / 2);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 lo = dl->GetClipRectMin(), hi = dl->GetClipRectMax();
  bool vis = ImGui::IsItemVisible() && c.x >= lo.x && c.x < hi.x && c.y >= lo.y && c.y < hi.y;
  // "words###id" shows the words and is found by its id, as ImGui identifies it.
  const char* key = std::strstr(label, "###");
  g_widgets[g_scope + (key ? key + 3 : label)] = {ImVec4(a.x, a.y, b.x, b.y), vis, id};
}

bool button(const char* label, ImVec2 size) {
  bool r = ImGui::Button(label, size);
  track(label);
  return r;
}

bool checkbox(const char* label, bool* v) {
  bool r = ImGui::Checkbox(label, v);
  track(label);
  return r;
}

bool big_button(const char* label, bool enabled) {
  if (!enabled) ImGui::BeginDisabled();
  bool r = button(label, ImVec2(0, 30));
  if (!enabled) ImGui::EndDisabled();
  return r;
}

void widget_scope(const std::string& prefix) { g_scope = prefix; }

void widgets_new_frame() {
  g_widgets_prev.swap(g_widgets);
  g_widgets.clear();
}

std::string widget_json(const std::string& label) {
  auto it = g_widgets.find(label);
  if (it == g_widgets.end()) return "null";
  const ImVec4& r = it->second.r;
  auto prev = g_widgets_prev.find(label);
  bool stable = prev != g_widgets_prev.end() && prev->second == it->second;
  return Json{{"x", (r.x + r.z) / 2}, {"y", (r.y + r.w) / 2},          {"w", r.z - r.x},
              {"h", r.w - r.y},       {"visible", it->second.visible}, {"stable", stable}}
      .dump();
}

std::string widgets_json() {
  Json out = Json::array();
  for (const auto& [label, w] : g_widgets)
    out.push_back(
        {{"label", label}, {"x0", w.r.x}, {"y0", w.r.y}, {"x1", w.r.z}, {"y1", w.r.w}, {"visible", w.visible}});
  return out.dump();
}

std::string widget_with_id(ImGuiID id) {
  for (const auto& [label, w] : g_widgets)
    if (id && w.id == id) return label;
  return "";
}

bool widgets_stable() { return g_widgets == g_widgets_prev; }

void section(const char* title) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.95f, 0.82f, 0.55f, 1), "%s", title);
  ImGui::Separator();
}

int BoardGeometry::node_at(const Board& b, float mx, float my) const {
  int best = -1;
  float bd = 1e9f, lim = cell ? 0.5f * scale : std::max(18.0f, 0.45f * scale);
  for (size_t i = 0; i < b.nodes.size(); ++i) {
    ImVec2 p = at(b.nodes[i]);
    float d = cell ? std::max(std::fabs(p.x - mx), std::fabs(p.y - my)) : std::hypot(p.x - mx, p.y - my);
    if (d < lim && d < bd) bd = d, best = int(i);
  }
  return best;
}

}  // namespace gamut::ui
