// The drawing keys of a game's rules data: the board's look (surface, frame,
// textures, coordinates, edge and node styles, decorations) and the pieces'.
// Nothing in play reads them; the loader still checks them, so a typo is a
// message naming the item rather than a board that draws wrong or not at all
// (docs/rules-data.md lists every key).
#pragma once
#include <string>

#include "core/json.h"

namespace gamut {

// Throws DataError naming the item when a drawing key has the wrong type or
// an unknown value.
void check_board_style(const nlohmann::json& board, const std::string& where);
void check_pieces_style(const nlohmann::json& pieces, const std::string& where);

// WCAG 2 contrast ratio of two "#rrggbb" colours, 1 to 21; 0 when either is
// not a colour.
double contrast_ratio(const std::string& a, const std::string& b);
bool is_color(const nlohmann::json& c);  // "#rrggbb" or "#rrggbbaa"

}  // namespace gamut
