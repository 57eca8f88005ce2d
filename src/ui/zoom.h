// The board's zoom and pan, apart from its drawing: the wheel, the +/- and
// Fit buttons, a drag and a two-finger pinch all change this one transform,
// which the board renderer applies to the fitted board's geometry.
#pragma once
#include <imgui.h>

#include "widgets.h"

namespace gamut::ui {

struct BoardZoom {
  static constexpr float kMax = 8;
  float z = 1, x = 0, y = 0;  // scale over the fitted board, and the pan in CSS px
  ImVec2 ctr;                 // the board area's centre in the last frame: what the zoom is about
  float w = 0, h = 0;         // the board area's size in the last frame
  void reset() { z = 1, x = y = 0; }
  bool fitted() const { return z == 1 && x == 0 && y == 0; }
  // Zooms to `to` keeping the board point under `m` where it is.
  void about(float to, ImVec2 m);
  void pan(float dx, float dy);
  // The fitted geometry, zoomed and panned.
  void apply(BoardGeometry& g) const;
};

}  // namespace gamut::ui
