// The app's own widgets, shared by the screens in src/ui and the games' panels
// (src/games/<id>/<id>_ui.cpp): buttons the browser tests can find and click,
// section headings, and the board's geometry as drawn this frame.
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

#include "core/board.h"
#include "core/json.h"

namespace gamut::ui {

// A button that records where it was drawn, by label, so tests click real
// buttons. Labels are scoped by widget_scope() (the home screen's game cards).
bool button(const char* label, ImVec2 size = ImVec2(0, 0));
bool big_button(const char* label, bool enabled = true);
bool checkbox(const char* label, bool* v);     // found by its label like a button
void widget_scope(const std::string& prefix);  // "" to end a scope
void widgets_new_frame();                      // the last frame's rects become the previous frame's
// {x, y, w, h, visible, stable} of a button drawn in the last frame, or "null".
std::string widget_json(const std::string& label);
std::string widgets_json();              // every button of the last frame: [{label, x0, y0, x1, y1, visible}]
bool widgets_stable();                   // every button stood where it stood the frame before
std::string widget_with_id(ImGuiID id);  // the label of the button with that ImGui id in the last frame, or ""

void section(const char* title);

// A saved game's date and players in plain words ("2026-12-01 15:20", "person, AI 2"); dialogs.cpp.
std::string date_text(double ms);
std::string players_text(const std::vector<std::string>& players);

// Where the board is on screen: board units to pixels and back. Written once
// per frame by the board renderer; everything that maps nodes uses it.
struct BoardGeometry {
  float x0 = 0, y0 = 0, scale = 1, minx = 0, miny = 0, maxx = 1, maxy = 1;
  bool flip = false;  // drawn turned round for this seat
  bool cell = false;  // nodes are squares (else points on lines)
  ImVec2 at(float x, float y) const {
    if (flip) x = maxx - (x - minx), y = maxy - (y - miny);
    return ImVec2(x0 + (x - minx) * scale, y0 + (y - miny) * scale);
  }
  ImVec2 at(const Node& n) const { return at(n.x, n.y); }
  int node_at(const Board& b, float mx, float my) const;  // the node under a point, or -1
};

}  // namespace gamut::ui
