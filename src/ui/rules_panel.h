// The rules panel: each rule of a game's rules data with where it comes from.
// App::draw_rules() and App::rules_state() are defined in rules_panel.cpp too.
#pragma once
#include "core/json.h"

namespace gamut::ui {

// The tooltip over an option in the new-game dialog: where the option comes from.
void option_tooltip(const nlohmann::json& option);

}  // namespace gamut::ui
