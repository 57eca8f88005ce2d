#include "draw.h"

#include <algorithm>
#include <cmath>

namespace gamut::ui {

Fonts g_fonts;

ImU32 color(const std::string& h, ImU32 fallback) {
  if (h.size() != 7 && h.size() != 9) return fallback;
  if (h[0] != '#') return fallback;
  unsigned v = 0;
  for (size_t i = 1; i < h.size(); ++i) {
    char c = h[i];
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0) return fallback;
    v = v * 16 + unsigned(d);
  }
  if (h.size() == 7) return IM_COL32((v >> 16) & 255, (v >> 8) & 255, v & 255, 255);
  return IM_COL32((v >> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255);
}

ImU32 color(const nlohmann::json& j, ImU32 fallback) {
  return j.is_string() ? color(j.get<std::string>(), fallback) : fallback;
}

ImU32 shade(ImU32 c, float k) {
  auto ch = [&](int s) {
    float v = float((c >> s) & 255) * k;
    return unsigned(v > 255 ? 255 : v) << s;
  };
  return ch(IM_COL32_R_SHIFT) | ch(IM_COL32_G_SHIFT) | ch(IM_COL32_B_SHIFT) | (c & IM_COL32_A_MASK);
}

static void ghost(ImDrawList* dl, ImVec2 c, float r, ImU32 body, ImU32 edge) {
  // Rounded head, straight sides, a scalloped hem: reads as a ghost at any size.
  float top = c.y - r * 0.95f, hem = c.y + r * 0.75f, hw = r * 0.78f;
  dl->PathArcTo(ImVec2(c.x, top + hw), hw, kPi, 2 * kPi, 16);
  dl->PathLineTo(ImVec2(c.x + hw, hem));
  for (int i = 0; i < 3; ++i) {
    float x1 = c.x + hw - (i + 1) * (2 * hw / 3);
    dl->PathBezierQuadraticCurveTo(ImVec2(x1 + hw / 3, hem + r * 0.35f), ImVec2(x1, hem), 6);
  }
  dl->PathFillConvex(body);
  dl->PathArcTo(ImVec2(c.x, top + hw), hw, kPi, 2 * kPi, 16);
  dl->PathLineTo(ImVec2(c.x + hw, hem));
  for (int i = 0; i < 3; ++i) {
    float x1 = c.x + hw - (i + 1) * (2 * hw / 3);
    dl->PathBezierQuadraticCurveTo(ImVec2(x1 + hw / 3, hem + r * 0.35f), ImVec2(x1, hem), 6);
  }
  dl->PathStroke(edge, ImDrawFlags_Closed, std::max(1.0f, r * 0.08f));
  float ey = top + hw * 0.9f;
  dl->AddCircleFilled(ImVec2(c.x - hw * 0.38f, ey), r * 0.11f, IM_COL32(30, 26, 40, 255));
  dl->AddCircleFilled(ImVec2(c.x + hw * 0.38f, ey), r * 0.11f, IM_COL32(30, 26, 40, 255));
}

// A wargame counter: a square die-cut card with a bevelled edge, the unit's
// symbol in the upper half (NATO-style: a box with a slash for cavalry, a
// cross for infantry) and its strength or letter below. Never smaller than
// what reads at the default zoom.
static void counter(ImDrawList* dl, ImVec2 c, float r, const nlohmann::json& style, ImU32 body, bool selected) {
  r = std::max(r, 11.0f);
  float h = r * 0.95f;
  ImVec2 lo(c.x - h, c.y - h), hi(c.x + h, c.y + h);
  dl->AddRectFilled(ImVec2(lo.x + r * 0.12f, lo.y + r * 0.16f), ImVec2(hi.x + r * 0.12f, hi.y + r * 0.16f),
                    IM_COL32(0, 0, 0, 90), r * 0.14f);
  dl->AddRectFilled(lo, hi, body, r * 0.14f);
  dl->AddRect(lo, hi, shade(body, 0.45f), r * 0.14f, 0, std::max(1.0f, r * 0.08f));
  dl->AddLine(ImVec2(lo.x + r * 0.12f, lo.y + r * 0.1f), ImVec2(hi.x - r * 0.12f, lo.y + r * 0.1f), shade(body, 1.35f),
              std::max(1.0f, r * 0.06f));
  if (selected)
    dl->AddRect(ImVec2(lo.x - 3, lo.y - 3), ImVec2(hi.x + 3, hi.y + 3), IM_COL32(255, 215, 0, 255), 4, 0, 3);
  ImU32 ink = (((body >> 16) & 255) + ((body >> 8) & 255) + (body & 255)) > 380 ? IM_COL32(20, 20, 20, 255)
                                                                                : IM_COL32(250, 248, 240, 255);
  std::string sym = style.value("symbol", "");
  std::string t = style.contains("label") ? style["label"].get<std::string>() : "";
  ImFont* f = g_fonts.title ? g_fonts.title : ImGui::GetFont();
  if (sym.empty()) {
    float fs = std::max(11.0f, r * (t.size() > 1 ? 0.95f : 1.3f));
    ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0, t.c_str());
    dl->AddText(f, fs, ImVec2(c.x - ts.x / 2, c.y - ts.y / 2), ink, t.c_str());
    return;
  }
  ImVec2 blo(c.x - h * 0.62f, c.y - h * 0.72f), bhi(c.x + h * 0.62f, c.y - h * 0.02f);
  float lw = std::max(1.0f, r * 0.09f);
  if (sym == "star") {
    ImVec2 p[10];
    ImVec2 sc((blo.x + bhi.x) / 2, (blo.y + bhi.y) / 2);
    for (int i = 0; i < 10; ++i) {
      float a = float(i) * kPi / 5 - kPi / 2, q = (i % 2 ? 0.4f : 1.0f) * (bhi.y - blo.y) * 0.55f;
      p[i] = ImVec2(sc.x + std::cos(a) * q, sc.y + std::sin(a) * q);
    }
    for (int i = 0; i < 10; i += 2) {
      ImVec2 tri[3] = {sc, p[(i + 9) % 10], p[i]}, tri2[3] = {sc, p[i], p[i + 1]};
      dl->AddConvexPolyFilled(tri, 3, ink);
      dl->AddConvexPolyFilled(tri2, 3, ink);
    }
  } else {
    dl->AddRect(blo, bhi, ink, 0, 0, lw);
    if (sym == "cavalry" || sym == "infantry") dl->AddLine(ImVec2(blo.x, bhi.y), ImVec2(bhi.x, blo.y), ink, lw);
    if (sym == "infantry") dl->AddLine(blo, bhi, ink, lw);
    if (sym == "supply")
      dl->AddLine(ImVec2(blo.x, bhi.y - (bhi.y - blo.y) * 0.3f), ImVec2(bhi.x, bhi.y - (bhi.y - blo.y) * 0.3f), ink,
                  lw);
    if (sym == "hidden") {
      float fs = (bhi.y - blo.y) * 0.95f;
      ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0, "?");
      dl->AddText(f, fs, ImVec2(c.x - ts.x / 2, (blo.y + bhi.y) / 2 - ts.y / 2), ink, "?");
    }
  }
  if (!t.empty()) {
    float fs = std::max(10.0f, h * 0.78f);
    ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0, t.c_str());
    dl->AddText(f, fs, ImVec2(c.x - ts.x / 2, c.y + h * 0.5f - ts.y / 2), ink, t.c_str());
  }
}

void draw_piece(ImDrawList* dl, ImVec2 c, float r, const nlohmann::json& style, ImU32 seat_col, bool selected) {
  std::string shape = style.value("shape", "disc");
  if (shape == "counter") {
    counter(dl, c, r, style, style.contains("color") ? color(style["color"], seat_col) : seat_col, selected);
    return;
  }
  ImU32 body = style.contains("color") ? color(style["color"], seat_col) : seat_col;
  ImU32 edge = shade(body, 0.45f);
  if (selected) dl->AddCircle(c, r * 1.25f, IM_COL32(255, 215, 0, 255), 32, r * 0.18f);
  if (shape != "ghost") dl->AddCircleFilled(ImVec2(c.x + r * 0.08f, c.y + r * 0.12f), r, IM_COL32(0, 0, 0, 50), 24);
  if (shape == "ghost") {
    dl->AddRectFilled(ImVec2(c.x - r * 0.7f, c.y + r * 0.9f), ImVec2(c.x + r * 0.7f, c.y + r * 1.1f),
                      IM_COL32(0, 0, 0, 40), r * 0.1f);
    ghost(dl, c, r, body, edge);
  } else if (shape == "square") {
    dl->AddRectFilled(ImVec2(c.x - r * 0.85f, c.y - r * 0.85f), ImVec2(c.x + r * 0.85f, c.y + r * 0.85f), body,
                      r * 0.15f);
    dl->AddRect(ImVec2(c.x - r * 0.85f, c.y - r * 0.85f), ImVec2(c.x + r * 0.85f, c.y + r * 0.85f), edge, r * 0.15f, 0,
                1.5f);
  } else if (shape == "diamond") {
    ImVec2 p[4] = {{c.x, c.y - r}, {c.x + r, c.y}, {c.x, c.y + r}, {c.x - r, c.y}};
    dl->AddConvexPolyFilled(p, 4, body);
    dl->AddPolyline(p, 4, edge, ImDrawFlags_Closed, 1.5f);
  } else {
    dl->AddCircleFilled(c, r, body, 32);
    dl->AddCircle(c, r * 0.72f, shade(body, 1.25f), 32, std::max(1.0f, r * 0.08f));
    dl->AddCircle(c, r, edge, 32, std::max(1.0f, r * 0.1f));
  }
  if (style.contains("mark")) {
    ImU32 m = color(style["mark"], IM_COL32_WHITE);
    ImVec2 mc = shape == "ghost" ? ImVec2(c.x, c.y + r * 0.25f) : c;
    dl->AddCircleFilled(mc, r * 0.3f, m, 20);
    dl->AddCircle(mc, r * 0.3f, shade(m, 0.5f), 20, 1.0f);
  }
  if (style.contains("label")) {
    std::string t = style["label"].get<std::string>();
    if (t.size() <= 3) {
      ImFont* f = g_fonts.body ? g_fonts.body : ImGui::GetFont();
      float fs = r * 1.0f;
      ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0, t.c_str());
      ImU32 tc = (((body >> 16) & 255) + ((body >> 8) & 255) + (body & 255)) > 380 ? IM_COL32(20, 20, 20, 255)
                                                                                   : IM_COL32_WHITE;
      dl->AddText(f, fs, ImVec2(c.x - ts.x / 2, c.y - ts.y / 2), tc, t.c_str());
    }
  }
}

void draw_die(ImDrawList* dl, ImVec2 p, float s, int v, ImU32 body) {
  dl->AddRectFilled(ImVec2(p.x + 2, p.y + 3), ImVec2(p.x + s + 2, p.y + s + 3), IM_COL32(0, 0, 0, 60), s * 0.18f);
  dl->AddRectFilled(p, ImVec2(p.x + s, p.y + s), body, s * 0.18f);
  dl->AddRect(p, ImVec2(p.x + s, p.y + s), IM_COL32(60, 50, 40, 255), s * 0.18f, 0, 1.5f);
  static const int pips[7][6][2] = {{},
                                    {{1, 1}},
                                    {{0, 0}, {2, 2}},
                                    {{0, 0}, {1, 1}, {2, 2}},
                                    {{0, 0}, {2, 0}, {0, 2}, {2, 2}},
                                    {{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}},
                                    {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}}};
  if (v < 1 || v > 6) return;
  for (int i = 0; i < v; ++i)
    dl->AddCircleFilled(ImVec2(p.x + s * (0.22f + 0.28f * pips[v][i][0]), p.y + s * (0.22f + 0.28f * pips[v][i][1])),
                        s * 0.09f, IM_COL32(30, 25, 20, 255), 12);
}

ImDrawList& bake_list() {
  static ImDrawList list(ImGui::GetDrawListSharedData());
  list._ResetForNewFrame();
  list.PushTextureID(ImGui::GetIO().Fonts->TexID);
  list.PushClipRectFullScreen();
  return list;
}

}  // namespace gamut::ui
