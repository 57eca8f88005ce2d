// The colour scheme: "dark" (walnut, the default) or "light" (parchment), so
// an embed can sit well in its host's page (theme=light). Accent colours that
// the code picks for dark ground go through ink(), which keeps their hue and
// darkens them enough to read on the light one.
#pragma once
#include <imgui.h>

#include <string>

namespace gamut::ui {

void set_theme(const std::string& name);  // "light", or anything else for dark; after the base style
bool light_theme();
ImU32 ink(ImU32 dark_ground_colour);
ImVec4 ink(const ImVec4& dark_ground_colour);

}  // namespace gamut::ui
