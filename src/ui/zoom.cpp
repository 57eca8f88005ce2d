#include "zoom.h"

#include <algorithm>
#include <cmath>

#include "app.h"
#include "core/text.h"

namespace gamut::ui {

void BoardZoom::about(float to, ImVec2 m) {
  to = std::clamp(to, 1.0f, kMax);
  x = m.x - ctr.x - to * (m.x - ctr.x - x) / z;
  y = m.y - ctr.y - to * (m.y - ctr.y - y) / z;
  z = to;
  if (z == 1) x = y = 0;  // fully out is the fitted view, wherever it was panned
  pan(0, 0);
}

void BoardZoom::pan(float dx, float dy) {
  if (z == 1) return;  // the fitted board shows all of itself: nothing to pan to
  // The board's edge may come to the area's centre and no further.
  float lx = w * z / 2, ly = h * z / 2;
  x = std::clamp(x + dx, -lx, lx);
  y = std::clamp(y + dy, -ly, ly);
}

void BoardZoom::apply(BoardGeometry& g) const {
  g.scale *= z;
  g.x0 = ctr.x + z * (g.x0 - ctr.x) + x;
  g.y0 = ctr.y + z * (g.y0 - ctr.y) + y;
}

// Zoom and pan: the wheel zooms about the pointer, a drag on the board (right
// button anywhere, left button or a finger past a few pixels) pans, two
// fingers pinch (App::pinch, from the platform's finger events); the +, - and
// Fit buttons for those with neither wheel nor pinch, and the way back.
void App::zoom_input(float x0, float y0, float w, float h) {
  ImGuiIO& io = ImGui::GetIO();
  zoom_.ctr = ImVec2(x0 + w / 2, y0 + h / 2), zoom_.w = w, zoom_.h = h;
  auto changed = [&] { dirty_ = 3; };
  bool over = io.MousePos.x >= x0 && io.MousePos.x < x0 + w && io.MousePos.y >= y0 && io.MousePos.y < y0 + h;
  if (over && !io.WantCaptureMouse && io.MouseWheel != 0)
    zoom_.about(zoom_.z * std::pow(1.2f, io.MouseWheel), io.MousePos), changed();
  bool drag_l = ImGui::IsMouseDragging(ImGuiMouseButton_Left, 8) && !editing();
  bool drag_r = ImGui::IsMouseDragging(ImGuiMouseButton_Right, 2);
  // While two fingers pinch, the first one's mouse moves are the pinch's, not a drag.
  if (!io.WantCaptureMouse && (drag_l || drag_r) && zoom_.z > 1 && !pinching_) {
    zoom_.pan(io.MouseDelta.x, io.MouseDelta.y);
    panning_ = true;
    changed();
  }
  ImGui::SetNextWindowPos(ImVec2(x0 + 8, y0 + h - 8), ImGuiCond_Always, ImVec2(0, 1));
  ImGui::SetNextWindowBgAlpha(0.6f);
  ImGui::Begin("##zoom", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing);
  if (button("+")) zoom_.about(zoom_.z * 1.4f, zoom_.ctr), changed();
  ImGui::SameLine();
  if (button("-")) zoom_.about(zoom_.z / 1.4f, zoom_.ctr), changed();
  ImGui::SameLine();
  if (button(T("Fit"))) zoom_.reset(), changed();
  ImGui::End();
}

void App::pinch(ImVec2 from, ImVec2 to, float factor) {
  if (home_ || !table_.session()) return;
  zoom_.pan(to.x - from.x, to.y - from.y);
  zoom_.about(zoom_.z * factor, to);
  dirty_ = 3;
}

void App::gesture(bool on) {
  pinching_ = on;
  if (on) panning_ = true;  // the finger that lifts last is no tap on the board
  dirty_ = 3;
}

}  // namespace gamut::ui
