#include "widgets.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include "core/text.h"
#include "theme.h"

namespace gamut::ui {

namespace {
struct WidgetRect {
  ImVec4 r;
  bool visible;         // its centre is inside its window's clip rect: a click there reaches it
  ImGuiID id;           // ImGui's id, which keyboard navigation names the focused button by
  ImVec4 clip;          // what its window shows
  bool scrolls;         // its window scrolls up and down, so a cut at its top or bottom is a scroll, not a clip
  ImGuiWindow* window;  // the window it was drawn in (ImGui keeps a window until it shuts down)
  bool operator==(const WidgetRect& o) const {
    return r.x == o.r.x && r.y == o.r.y && r.z == o.r.z && r.w == o.r.w && visible == o.visible && id == o.id;
  }
};
std::map<std::string, WidgetRect> g_widgets, g_widgets_prev;
std::string g_scope;
bool g_touch = false;
ImGuiWindow* g_drag_window = nullptr;  // where the finger that is down started

// The natural size of a button, raised to a finger's size on a touch screen.
ImVec2 target_size(const char* label, ImVec2 size) {
  if (!g_touch) return size;
  if (size.x >= 0 && size.x < kTouchTarget) {
    float natural = ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
    if ((size.x == 0 ? natural : size.x) < kTouchTarget) size.x = kTouchTarget;
  }
  if (size.y > 0 && size.y < kTouchTarget) size.y = kTouchTarget;
  return size;
}
}  // namespace

// Records the last item's place under `label`, for the tests' clicks and the keyboard's focus.
void track(const std::string& label) {
  ImGuiID id = GImGui->LastItemData.ID;  // ImGui::GetItemID() is newer than Debian's 1.86
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ImVec2 c((a.x + b.x) / 2, (a.y + b.y) / 2);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 lo = dl->GetClipRectMin(), hi = dl->GetClipRectMax();
  bool vis = ImGui::IsItemVisible() && c.x >= lo.x && c.x < hi.x && c.y >= lo.y && c.y < hi.y;
  // "words###id" shows the words and is found by its id, as ImGui identifies it.
  size_t key = label.find("###");
  g_widgets[g_scope + (key == std::string::npos ? label : label.substr(key + 3))] = {
      ImVec4(a.x, a.y, b.x, b.y), vis, id, ImVec4(lo.x, lo.y, hi.x, hi.y), ImGui::GetScrollMaxY() > 0,
      ImGui::GetCurrentWindow()};
}

// The window a click at p reaches, as ImGui finds it: the topmost window of the last frame
// that takes the mouse and holds p (ImGui keeps g.Windows in display order, back to front).
static ImGuiWindow* window_at(ImVec2 p) {
  const ImVector<ImGuiWindow*>& ws = GImGui->Windows;
  for (int i = ws.Size - 1; i >= 0; --i) {
    ImGuiWindow* w = ws[i];
    if (!w->Active || w->Hidden || (w->Flags & ImGuiWindowFlags_NoMouseInputs)) continue;
    if (w->OuterRectClipped.Contains(p)) return w;
  }
  return nullptr;
}

// Visible: its centre is inside what its window shows, and no other window lies over it there,
// so a click at its centre reaches it (a button under a dialog or a panel is not visible).
static bool reachable(const WidgetRect& w) {
  if (!w.visible) return false;
  ImGuiWindow* top = window_at(ImVec2((w.r.x + w.r.z) / 2, (w.r.y + w.r.w) / 2));
  return !top || !w.window || top->RootWindow == w.window->RootWindow;
}

bool checkbox(const char* label, bool* v) {
  bool r = ImGui::Checkbox(label, v);
  track(label);
  return r;
}

bool button(const char* label, ImVec2 size) {
  bool r = ImGui::Button(label, target_size(label, size));
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
  return Json{{"x", (r.x + r.z) / 2},
              {"y", (r.y + r.w) / 2},
              {"w", r.z - r.x},
              {"h", r.w - r.y},
              {"visible", reachable(it->second)},
              {"stable", stable}}
      .dump();
}

std::string widgets_json() {
  Json out = Json::array();
  for (const auto& [label, w] : g_widgets)
    out.push_back({{"label", label},
                   {"x0", w.r.x},
                   {"y0", w.r.y},
                   {"x1", w.r.z},
                   {"y1", w.r.w},
                   {"visible", reachable(w)},
                   {"clip", {w.clip.x, w.clip.y, w.clip.z, w.clip.w}},
                   {"scrolls", w.scrolls}});
  return out.dump();
}

std::string widget_with_id(ImGuiID id) {
  for (const auto& [label, w] : g_widgets)
    if (id && w.id == id) return label;
  return "";
}

bool widgets_stable() { return g_widgets == g_widgets_prev; }

void set_touch(bool on) { g_touch = on; }
bool touch() { return g_touch; }

void touch_style(ImGuiStyle& s) {
  // 16 px text and 15 px above and below: every frame (button, combo, checkbox, field) is 46 px tall.
  s.FramePadding = ImVec2(12, 15);
  s.ItemSpacing = ImVec2(10, 10);
  s.ScrollbarSize = 22;
  s.GrabMinSize = 30;
  s.TouchExtraPadding = ImVec2(2, 2);
  ImGui::GetIO().ConfigWindowsMoveFromTitleBarOnly = true;  // a drag on a window scrolls it (touch_scroll)
}

void touch_scroll() {
  if (!g_touch) return;
  ImGuiContext& g = *GImGui;
  ImGuiIO& io = g.IO;
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    g_drag_window = g.HoveredWindow;
    // The nearest window that scrolls: a drag on a list's row scrolls the list.
    while (g_drag_window && g_drag_window->ScrollMax.y <= 0 && (g_drag_window->Flags & ImGuiWindowFlags_ChildWindow))
      g_drag_window = g_drag_window->ParentWindow;
  }
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) g_drag_window = nullptr;
  ImGuiWindow* w = g_drag_window;
  if (!w || w->ScrollMax.y <= 0 || g.MovingWindow || !ImGui::IsMouseDragging(ImGuiMouseButton_Left, 10)) return;
  ImVec2 d = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left);
  if (std::fabs(d.y) < std::fabs(d.x)) return;  // sideways: a slider's drag
  ImGui::SetScrollY(w, std::clamp(w->Scroll.y - io.MouseDelta.y, 0.0f, w->ScrollMax.y));
  // The finger scrolled: the button it started on is not pressed.
  if (g.ActiveId && g.ActiveIdWindow == w) ImGui::ClearActiveID();
}

void next_dialog(float w, float h) {
  ImVec2 screen = ImGui::GetIO().DisplaySize;
  float m = 8;
  ImGui::SetNextWindowSize(ImVec2(std::min(w, screen.x - 2 * m), h > 0 ? std::min(h, screen.y - 2 * m) : 0),
                           ImGuiCond_Appearing);
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(screen.x - 2 * m, screen.y - 2 * m));
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
}

void keep_inside() {
  ImVec2 screen = ImGui::GetIO().DisplaySize, p = ImGui::GetWindowPos(), s = ImGui::GetWindowSize();
  float m = 8;
  ImVec2 q(std::clamp(p.x, m, std::max(m, screen.x - m - s.x)), std::clamp(p.y, m, std::max(m, screen.y - m - s.y)));
  if (q.x != p.x || q.y != p.y) ImGui::SetWindowPos(q);
}

void section(const char* title) {
  ImGui::Spacing();
  ImGui::TextColored(ink(ImVec4(0.95f, 0.82f, 0.55f, 1)), "%s", title);
  ImGui::Separator();
}

void close_button(bool& open, const char* id) {
  if (!g_touch) return;
  ImGui::Spacing();
  if (button((std::string(T("Close")) + "##" + id).c_str())) open = false;
}

bool selectable(const char* label, bool selected) {
  return ImGui::Selectable(label, selected, 0, ImVec2(0, g_touch ? kTouchTarget : 0));
}

bool combo(const char* label, int* current, const char* const items[], int count) {
  bool changed = false;
  if (ImGui::BeginCombo(label, items[*current])) {
    for (int i = 0; i < count; ++i)
      if (selectable(items[i], i == *current)) *current = i, changed = true;
    ImGui::EndCombo();
  }
  track(label);
  return changed;
}

void flow(const char* next) {
  const ImGuiStyle& st = ImGui::GetStyle();
  float w = target_size(next, ImVec2(0, 0)).x;
  if (w == 0) w = ImGui::CalcTextSize(next, nullptr, true).x + 2 * st.FramePadding.x;
  float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + st.ItemSpacing.x + w <= right) ImGui::SameLine();
}

float BoardGeometry::reach() const {
  float r = cell ? 0.5f * scale : std::max(18.0f, 0.45f * scale);
  return g_touch ? std::max(r, kTouchTarget / 2) : r;
}

float BoardGeometry::distance(ImVec2 p, float mx, float my) const {
  return cell ? std::max(std::fabs(p.x - mx), std::fabs(p.y - my)) : std::hypot(p.x - mx, p.y - my);
}

int BoardGeometry::node_at(const Board& b, float mx, float my) const {
  std::vector<int> near = nodes_near(b, mx, my);
  return near.empty() ? -1 : near[0];
}

std::vector<int> BoardGeometry::nodes_near(const Board& b, float mx, float my) const {
  std::vector<std::pair<float, int>> found;
  float lim = reach();
  for (size_t i = 0; i < b.nodes.size(); ++i) {
    float d = distance(at(b.nodes[i]), mx, my);
    if (d < lim) found.push_back({d, int(i)});
  }
  std::sort(found.begin(), found.end());
  std::vector<int> out;
  for (auto& f : found) out.push_back(f.second);
  return out;
}

float BoardGeometry::hit_width(const Board& b, int n) const {
  float w = 2 * reach();
  ImVec2 p = at(b.nodes[n]);
  for (size_t i = 0; i < b.nodes.size(); ++i)
    if (int(i) != n) w = std::min(w, distance(at(b.nodes[i]), p.x, p.y));
  return w;
}

}  // namespace gamut::ui
