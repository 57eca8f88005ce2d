// The board's picture, drawn from the rules data alone: the frame and its
// surface, the decorations (terrain, rivers, titles, exits), the lines or
// cells, the nodes with their labels placed so that none overlaps another,
// the coordinates along the edges, and the pieces. The play screen
// (board_view.cpp) and the library's pictures (home.cpp) both draw with it,
// so a game's card shows the board exactly as the game does.
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "core/view.h"
#include "widgets.h"

namespace gamut::ui {

// What a drawing of the board put where, for the page API's layout tests.
struct BoardLabels {
  struct Label {
    std::string text;
    ImVec4 r;  // x0, y0, x1, y1 on screen
  };
  std::vector<Label> drawn;   // node labels
  std::vector<Label> coords;  // the files and ranks along the edges
  int hidden = 0;             // labels with no free place at this zoom (zooming in shows them)
};

// A seat's colour from the data's seat_colors (a fallback per seat otherwise).
ImU32 game_seat_color(const Game& g, int seat);

// Fits the board into the rectangle (x0, y0, w, h) less `margin` on each side:
// sets geo's scale, origin and extremes, and returns the frame's padding in
// board units (the data's "extent").
float fit_board(const Game& g, float x0, float y0, float w, float h, float margin, BoardGeometry& geo);

// The static part of the board: everything but the pieces and the marks of
// play. `small` is a thumbnail: text too small to read is left out.
void draw_board_art(ImDrawList* dl, const Game& g, const BoardGeometry& geo, float pad, bool small,
                    BoardLabels* labels = nullptr);

// The pieces of a view, several on one node set round it. `selected` is the
// node whose pieces are drawn selected (-1 none).
void draw_board_pieces(ImDrawList* dl, const Game& g, const BoardGeometry& geo, const std::vector<view::Piece>& pieces,
                       int selected, ImU32 (*seat_col)(const Game&, int));

// Labels as JSON: [{text, x0, y0, x1, y1}].
Json labels_json(const std::vector<BoardLabels::Label>& l);

}  // namespace gamut::ui
