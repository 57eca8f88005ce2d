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
// On a touch screen it is at least kTouchTarget CSS px in both directions.
bool button(const char* label, ImVec2 size = ImVec2(0, 0));
bool big_button(const char* label, bool enabled = true);
bool checkbox(const char* label, bool* v);  // found by its label like a button
// Records the last item drawn (a combo, a checkbox, a slider) as button() records a button.
void track(const std::string& label);
void widget_scope(const std::string& prefix);  // "" to end a scope
void widgets_new_frame();                      // the last frame's rects become the previous frame's
// {x, y, w, h, visible, stable} of a button drawn in the last frame, or "null". Visible: a click at
// its centre reaches it (inside what its window shows, and no other window on top of it there).
std::string widget_json(const std::string& label);
// Every button of the last frame, in CSS px: [{label, x0, y0, x1, y1, visible, clip: [x0, y0, x1, y1], scrolls}],
// clip being what its window shows and scrolls whether that window scrolls up and down.
std::string widgets_json();
bool widgets_stable();  // every button stood where it stood the frame before
std::string widget_with_id(ImGuiID id);  // the label of the button with that ImGui id in the last frame, or ""

// Touch: the pointer is a finger (a coarse pointer, or a finger touched the
// screen). Targets are then at least 44 CSS px each way (WCAG 2.5.8, and
// Apple's and Material's guidance), and a finger drag scrolls a window.
constexpr float kTouchTarget = 44;
void set_touch(bool on);
bool touch();
void touch_style(ImGuiStyle& s);  // the touch sizes over the desktop style
// A finger drag that starts on a window scrolls it (ImGui itself scrolls only
// with the wheel); called once a frame, after the windows are drawn.
void touch_scroll();
// A dialog at most the screen's size less a margin, centred when it appears;
// keep_inside() (after Begin) moves it back inside when the screen shrinks.
void next_dialog(float w, float h);
void keep_inside();
// On a touch screen, a Close button as big as a finger: the title bar's cross is not.
void close_button(bool& open, const char* id);
// A combo box tracked as a widget, whose choices are a finger's height on a touch screen.
bool combo(const char* label, int* current, const char* const items[], int count);
bool selectable(const char* label, bool selected);  // a choice in a combo's list, likewise

void section(const char* title);
// Puts the next button, labelled `next`, on this line if it fits, else on the next one.
void flow(const char* next);

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
  // How far from a node a click still reaches it: half a cell, or nearly half
  // the gap between points; on a touch screen at least half a finger's width.
  float reach() const;
  float distance(ImVec2 node, float mx, float my) const;  // square round cells, round round points
  int node_at(const Board& b, float mx, float my) const;  // the node under a point, or -1
  // Every node within reach of a point, nearest first: what a tap there may mean.
  std::vector<int> nodes_near(const Board& b, float mx, float my) const;
  // How wide the place round node n is where a tap means n and no other.
  float hit_width(const Board& b, int n) const;
};

}  // namespace gamut::ui
