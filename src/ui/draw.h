// Drawing helpers shared by the board and the panels.
#pragma once
#include <imgui.h>

#include <string>

#include "core/json.h"

namespace gamut::ui {

constexpr float kPi = 3.14159265f;

struct Fonts {
  ImFont* body = nullptr;
  ImFont* title = nullptr;
  ImFont* small = nullptr;
  ImFont* serif = nullptr;  // titles on the library page and on boards (null: the title font)
};
extern Fonts g_fonts;

ImU32 color(const nlohmann::json& j, ImU32 fallback);  // "#rrggbb" or "#rrggbbaa"
ImU32 color(const std::string& hex, ImU32 fallback);
ImU32 shade(ImU32 c, float k);  // k < 1 darker, > 1 lighter
// A piece: body in the seat colour (or the style's own), the face's mark.
void draw_piece(ImDrawList* dl, ImVec2 c, float r, const nlohmann::json& style, ImU32 seat_col, bool selected);
void draw_die(ImDrawList* dl, ImVec2 p, float size, int value, ImU32 body = IM_COL32(250, 248, 240, 255));
// A draw list of its own for platform::bake: emptied, the font atlas bound, nothing clipped.
ImDrawList& bake_list();

}  // namespace gamut::ui
