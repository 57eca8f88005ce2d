#include "board_art.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/text.h"
#include "draw.h"

namespace gamut::ui {

namespace {

// A fixed pseudo-random number in [0, 1) per pair: textures and tree marks
// stand still from frame to frame and from one visit to the next.
float hash01(int a, int b) {
  uint32_t h = uint32_t(a) * 73856093u ^ uint32_t(b) * 19349663u;
  h ^= h >> 13, h *= 0x5bd1e995u, h ^= h >> 15;
  return float(h & 0xffffff) / float(0x1000000);
}

ImU32 alpha(ImU32 c, float a) {
  unsigned al = unsigned(std::clamp(a, 0.0f, 1.0f) * float((c >> IM_COL32_A_SHIFT) & 255));
  return (c & ~IM_COL32_A_MASK) | (al << IM_COL32_A_SHIFT);
}

ImFont* font_of(const Json& d) {
  std::string f = d.value("font", "body");
  if (f == "serif" && g_fonts.serif) return g_fonts.serif;
  if ((f == "serif" || f == "bold") && g_fonts.title) return g_fonts.title;
  return g_fonts.body ? g_fonts.body : ImGui::GetFont();
}

// Catmull-Rom through the points, so rivers and ridges bend rather than kink.
std::vector<ImVec2> smooth(const std::vector<ImVec2>& p, int steps = 6) {
  if (p.size() < 3) return p;
  std::vector<ImVec2> out;
  for (size_t i = 0; i + 1 < p.size(); ++i) {
    ImVec2 p0 = p[i ? i - 1 : 0], p1 = p[i], p2 = p[i + 1], p3 = p[std::min(p.size() - 1, i + 2)];
    for (int k = 0; k < steps; ++k) {
      float t = float(k) / float(steps), t2 = t * t, t3 = t2 * t;
      auto f = [&](float a, float b, float c, float d) {
        return 0.5f * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      };
      out.push_back(ImVec2(f(p0.x, p1.x, p2.x, p3.x), f(p0.y, p1.y, p2.y, p3.y)));
    }
  }
  out.push_back(p.back());
  return out;
}

// Text centred on c, turned by `deg` degrees about its centre.
ImVec4 centred_text(ImDrawList* dl, ImFont* f, float fs, ImVec2 c, ImU32 col, const std::string& t, float deg = 0) {
  ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0, t.c_str());
  int v0 = dl->VtxBuffer.Size;
  dl->AddText(f, fs, ImVec2(c.x - ts.x / 2, c.y - ts.y / 2), col, t.c_str());
  if (deg != 0) {
    float a = deg * kPi / 180, cs = std::cos(a), sn = std::sin(a);
    for (int i = v0; i < dl->VtxBuffer.Size; ++i) {
      ImVec2& p = dl->VtxBuffer[i].pos;
      float dx = p.x - c.x, dy = p.y - c.y;
      p = ImVec2(c.x + dx * cs - dy * sn, c.y + dx * sn + dy * cs);
    }
  }
  return ImVec4(c.x - ts.x / 2, c.y - ts.y / 2, c.x + ts.x / 2, c.y + ts.y / 2);
}

bool overlaps(const ImVec4& a, const ImVec4& b) { return a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w; }

// Grain of wood: long wavy strips a little lighter and darker than the wood.
void wood(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImU32 base, float unit) {
  float step = std::max(3.0f, unit * 0.09f);
  int n = std::min(160, int((hi.y - lo.y) / step));
  for (int i = 0; i < n; ++i) {
    float y = lo.y + (float(i) + 0.5f) * (hi.y - lo.y) / float(n);
    ImU32 c = shade(base, 0.9f + 0.18f * hash01(i, 7));
    ImVec2 pts[9];
    for (int k = 0; k < 9; ++k) {
      float x = lo.x + (hi.x - lo.x) * float(k) / 8;
      pts[k] = ImVec2(x, std::clamp(y + step * 0.6f * std::sin(float(k) * 0.9f + float(i) * 1.7f), lo.y, hi.y));
    }
    dl->AddPolyline(pts, 9, alpha(c, 0.55f), 0, std::max(1.0f, step * (0.4f + 0.5f * hash01(i, 3))));
  }
}

// Old paper: the edges darkened and a few fibres.
void paper(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImU32 base) {
  ImU32 dark = alpha(shade(base, 0.7f), 0.35f), none = alpha(base, 0);
  float e = std::min(hi.x - lo.x, hi.y - lo.y) * 0.12f;
  dl->AddRectFilledMultiColor(lo, ImVec2(hi.x, lo.y + e), dark, dark, none, none);
  dl->AddRectFilledMultiColor(ImVec2(lo.x, hi.y - e), hi, none, none, dark, dark);
  dl->AddRectFilledMultiColor(lo, ImVec2(lo.x + e, hi.y), dark, none, none, dark);
  dl->AddRectFilledMultiColor(ImVec2(hi.x - e, lo.y), hi, none, dark, dark, none);
  for (int i = 0; i < 140; ++i) {
    ImVec2 p(lo.x + (hi.x - lo.x) * hash01(i, 1), lo.y + (hi.y - lo.y) * hash01(i, 2));
    float ang = hash01(i, 3) * kPi, len = 2 + 5 * hash01(i, 4);
    dl->AddLine(p, ImVec2(p.x + std::cos(ang) * len, p.y + std::sin(ang) * len), alpha(shade(base, 0.75f), 0.25f),
                1.0f);
  }
}

// Ben-Day dots, as the lithographed card of a 1950s toy board printed its colours: a screen of
// dots set at 45 degrees, a shade darker than the ink they stand on. Nothing is drawn inside
// `hole` (the surface that will cover a frame's middle), and the screen coarsens rather than
// pass ~3,000 dots: every dot is 4 vertices of a draw list that 16-bit indices bound.
void halftone(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImU32 base, float unit, ImVec4 hole) {
  float step = std::max(4.0f, unit * 0.11f);
  auto area = [&](float st) {
    float all = (hi.x - lo.x) * (hi.y - lo.y), in = std::max(0.0f, hole.z - hole.x) * std::max(0.0f, hole.w - hole.y);
    return std::max(0.0f, all - in) / (st * st);
  };
  while (area(step) > 3000) step *= 1.25f;
  float r = step * 0.24f;
  ImU32 dot = alpha(shade(base, 0.72f), 0.55f);
  int row = 0;
  for (float y = lo.y + step / 2; y < hi.y; y += step, ++row)
    for (float x = lo.x + step / 2 + (row % 2 ? step / 2 : 0); x < hi.x; x += step) {
      if (x > hole.x && x < hole.z && y > hole.y && y < hole.w) continue;
      dl->AddRectFilled(ImVec2(x - r, y - r), ImVec2(x + r, y + r), dot);
    }
}

void texture(ImDrawList* dl, const std::string& kind, ImVec2 lo, ImVec2 hi, ImU32 base, float unit,
             ImVec4 hole = ImVec4(0, 0, 0, 0)) {
  if (kind == "wood") wood(dl, lo, hi, base, unit);
  if (kind == "paper") paper(dl, lo, hi, base);
  if (kind == "halftone") halftone(dl, lo, hi, base, unit, hole);
}

// A mountain ridge as old maps drew one: a shaded band along the crest and a
// row of peaks standing on it, tall and short in turn.
void ridge(ImDrawList* dl, const std::vector<ImVec2>& pts, float s, const Json& d) {
  ImU32 col = color(d.value("color", "#6b4f2a"), IM_COL32(107, 79, 42, 255));
  float band = d.value("band", 0.6f) * s;
  dl->AddPolyline(pts.data(), int(pts.size()), alpha(color(d.value("shade", "#8a6d45"), col), 0.3f), 0, band);
  float step = std::max(5.0f, band * 0.42f), acc = 0;
  int k = 0;
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    ImVec2 a = pts[i], b = pts[i + 1];
    float seg = std::hypot(b.x - a.x, b.y - a.y);
    if (seg <= 0) continue;
    for (; acc < seg; acc += step, ++k) {
      ImVec2 p(a.x + (b.x - a.x) * acc / seg, a.y + (b.y - a.y) * acc / seg);
      float hgt = band * (k % 2 ? 0.32f : 0.5f), half = step * 0.55f;
      ImVec2 peak[3] = {ImVec2(p.x - half, p.y + hgt * 0.35f), ImVec2(p.x, p.y - hgt * 0.65f),
                        ImVec2(p.x + half, p.y + hgt * 0.35f)};
      ImVec2 lit[3] = {peak[0], peak[1], ImVec2(p.x, p.y + hgt * 0.35f)};
      dl->AddConvexPolyFilled(peak, 3, alpha(shade(col, 1.35f), 0.85f));
      dl->AddConvexPolyFilled(lit, 3, alpha(col, 0.9f));  // the shaded western slope
      dl->AddPolyline(peak, 3, alpha(shade(col, 0.6f), 0.9f), 0, std::max(1.0f, s * 0.03f));
    }
    acc -= seg;
  }
}

// Woods: overlapping discs, and tree crowns scattered over them.
void woods(ImDrawList* dl, const BoardGeometry& geo, const Json& d) {
  ImU32 fill = color(d.value("fill", "#9fb27a"), IM_COL32(159, 178, 122, 255));
  ImU32 tree = color(d.value("trees", "#5f7a45"), IM_COL32(95, 122, 69, 255));
  float s = geo.scale;
  for (const Json& c : d["circles"]) dl->AddCircleFilled(geo.at(c[0], c[1]), c[2].get<float>() * s, fill, 28);
  int k = 0;
  for (const Json& c : d["circles"]) {
    float cx = c[0], cy = c[1], r = c[2];
    int n = int(r * r * 14);
    for (int i = 0; i < n; ++i, ++k) {
      float a = hash01(k, 11) * 2 * kPi, q = std::sqrt(hash01(k, 12)) * r * 0.85f;
      ImVec2 p = geo.at(cx + std::cos(a) * q, cy + std::sin(a) * q);
      float tr = std::max(1.5f, s * 0.07f);
      dl->AddCircleFilled(p, tr, alpha(tree, 0.8f), 8);
    }
  }
}

std::vector<ImVec2> points(const Json& d, const BoardGeometry& geo) {
  std::vector<ImVec2> pts;
  for (const Json& p : d["points"]) pts.push_back(geo.at(p[0], p[1]));
  return d.value("smooth", false) ? smooth(pts) : pts;
}

// The coordinates the log names squares by, along the board's edges: each
// node id of one letter and a number gives its column a letter and its row a
// number. Drawn only when every letter keeps to one column and every number
// to one row.
void coordinates(ImDrawList* dl, const Board& b, const BoardGeometry& geo, float pad, const Json& c, bool small,
                 std::vector<BoardLabels::Label>* out) {
  std::map<std::string, float> files, ranks;
  for (const Node& n : b.nodes) {
    const std::string& id = n.id;  // a letter, then digits (no std::regex: it weighs ~90 KB of wasm)
    if (id.size() < 2 || id[0] < 'a' || id[0] > 'z' ||
        !std::all_of(id.begin() + 1, id.end(), [](char c) { return c >= '0' && c <= '9'; }))
      continue;
    auto f = files.emplace(id.substr(0, 1), n.x), r = ranks.emplace(id.substr(1), n.y);
    if (f.first->second != n.x || r.first->second != n.y) return;
  }
  float s = geo.scale, fs = c.value("size", 0.26f) * s;
  if (files.empty() || (small && fs < 7)) return;
  fs = std::max(fs, 10.0f);
  ImFont* f = font_of(c);
  ImU32 col = color(c.value("color", "#3a2a1a"), IM_COL32(58, 42, 26, 255));
  float off = c.value("offset", geo.cell ? (0.5f + pad) / 2 : pad * 0.6f) * s;
  // The sides as seen on screen, whichever way the board is turned.
  const Json& sides = c.contains("sides") ? c["sides"] : Json::array({"top", "bottom", "left", "right"});
  auto side = [&](const char* n) { return std::find(sides.begin(), sides.end(), n) != sides.end(); };
  auto put = [&](ImVec2 p, const std::string& t) {
    ImVec4 r = centred_text(dl, f, fs, p, col, t);
    if (out) out->push_back({t, r});
  };
  // A cell board's marks keep off its cells: where the 10 px floor makes them wider than the
  // edge (a phone), they stand farther out, over the frame, rather than on the outer cells.
  auto clear_of_cells = [&](float o, float half) { return geo.cell ? std::max(o, s / 2 + half + 1) : o; };
  for (const auto& [t, x] : files) {
    ImVec2 a = geo.at(x, geo.miny), z = geo.at(x, geo.maxy);
    ImVec2 bot = a.y > z.y ? a : z, top = a.y > z.y ? z : a;
    float o = clear_of_cells(off, f->CalcTextSizeA(fs, 1e9f, 0, t.c_str()).y / 2);
    if (side("bottom")) put(ImVec2(bot.x, bot.y + o), t);
    if (side("top")) put(ImVec2(top.x, top.y - o), t);
  }
  for (const auto& [t, y] : ranks) {
    ImVec2 a = geo.at(geo.minx, y), z = geo.at(geo.maxx, y);
    ImVec2 left = a.x < z.x ? a : z, right = a.x < z.x ? z : a;
    float o = clear_of_cells(off, f->CalcTextSizeA(fs, 1e9f, 0, t.c_str()).x / 2);
    if (side("left")) put(ImVec2(left.x - o, left.y), t);
    if (side("right")) put(ImVec2(right.x + o, right.y), t);
  }
}

void node_shape(ImDrawList* dl, ImVec2 c, float r, const std::string& shape, ImU32 fill, ImU32 out) {
  if (shape == "square") {
    dl->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), fill, r * 0.2f);
    if (out) dl->AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), out, r * 0.2f, 0, 2);
  } else if (shape == "hex") {
    dl->AddNgonFilled(c, r, fill, 6);
    if (out) dl->AddNgon(c, r, out, 6, 2.5f);
  } else if (shape == "star") {
    // An eight-pointed star, as parlour boards marked their centre.
    ImVec2 p[16];
    for (int i = 0; i < 16; ++i) {
      float a = float(i) * kPi / 8 - kPi / 2, q = i % 2 ? r * 0.45f : r;
      p[i] = ImVec2(c.x + std::cos(a) * q, c.y + std::sin(a) * q);
    }
    for (int i = 0; i < 16; i += 2) {
      ImVec2 tri[3] = {c, p[i], p[(i + 1) % 16]}, tri2[3] = {c, p[(i + 15) % 16], p[i]};
      dl->AddConvexPolyFilled(tri, 3, fill);
      dl->AddConvexPolyFilled(tri2, 3, shade(fill, 0.75f));
    }
    if (out) dl->AddPolyline(p, 16, out, ImDrawFlags_Closed, std::max(1.0f, r * 0.08f));
  } else {
    dl->AddCircleFilled(c, r, fill, 24);
    if (out) dl->AddCircle(c, r, out, 24, 2);
  }
}

}  // namespace

ImU32 game_seat_color(const Game& g, int seat) {
  static const ImU32 fallback[] = {IM_COL32(50, 90, 200, 255), IM_COL32(200, 60, 50, 255), IM_COL32(40, 150, 70, 255),
                                   IM_COL32(210, 160, 30, 255)};
  const Json& c = g.data().contains("seat_colors") ? g.data()["seat_colors"] : Json();
  if (seat < 0) return IM_COL32(150, 150, 150, 255);
  if (c.is_array() && seat < int(c.size())) return color(c[seat], fallback[seat % 4]);
  return fallback[seat % 4];
}

float fit_board(const Game& g, float x0, float y0, float w, float h, float margin, BoardGeometry& geo) {
  const Board& b = g.board();
  const Json& bj = g.data().contains("board") ? g.data()["board"] : Json::object();
  geo.cell = bj.value("cell", false);
  geo.minx = geo.miny = 1e9f;
  geo.maxx = geo.maxy = -1e9f;
  for (const Node& n : b.nodes) {
    geo.minx = std::min(geo.minx, n.x), geo.maxx = std::max(geo.maxx, n.x);
    geo.miny = std::min(geo.miny, n.y), geo.maxy = std::max(geo.maxy, n.y);
  }
  if (b.nodes.empty()) geo.minx = geo.miny = 0, geo.maxx = geo.maxy = 1;
  float pad = geo.cell ? 0.5f : 0.6f;
  if (bj.contains("extent")) pad = bj["extent"].get<float>();
  // The frame is drawn round the padding: it must fit in the rectangle too.
  float frame = 0;
  if (bj.contains("style") && bj["style"].contains("frame_width")) frame = bj["style"]["frame_width"].get<float>();
  float bwid = geo.maxx - geo.minx + 2 * (pad + frame), bhei = geo.maxy - geo.miny + 2 * (pad + frame);
  geo.scale = std::max(1e-3f, std::min((w - 2 * margin) / bwid, (h - 2 * margin) / bhei));
  bwid -= 2 * frame, bhei -= 2 * frame;
  geo.x0 = x0 + (w - bwid * geo.scale) / 2 + pad * geo.scale;
  geo.y0 = y0 + (h - bhei * geo.scale) / 2 + pad * geo.scale;
  return pad;
}

void draw_board_art(ImDrawList* dl, const Game& g, const BoardGeometry& geo, float pad, bool small,
                    BoardLabels* labels) {
  const Board& b = g.board();
  const Json& bj = g.data().contains("board") ? g.data()["board"] : Json::object();
  const Json& style = bj.contains("style") ? bj["style"] : Json::object();
  auto P = [&](float x, float y) { return geo.at(x, y); };
  auto NP = [&](int n) { return geo.at(b.nodes[n]); };
  float s = geo.scale;
  if (labels) *labels = BoardLabels();

  // Frame and surface.
  ImVec2 tl = P(geo.minx - pad, geo.miny - pad), br = P(geo.maxx + pad, geo.maxy + pad);
  if (geo.flip) std::swap(tl, br);
  ImU32 board_col = color(bj.value("surface", "#e9dcbc"), IM_COL32(233, 220, 188, 255));
  ImU32 frame_col = color(style.value("frame", ""), shade(board_col, 0.45f));
  float fw = style.contains("frame_width") ? std::max(3.0f, style["frame_width"].get<float>() * s) : 6;
  ImVec2 flo(tl.x - fw, tl.y - fw), fhi(br.x + fw, br.y + fw);
  if (style.contains("frame"))
    dl->AddRectFilled(ImVec2(flo.x + 3, flo.y + 5), ImVec2(fhi.x + 3, fhi.y + 5), IM_COL32(0, 0, 0, 70), 10);
  dl->AddRectFilled(flo, fhi, frame_col, 10);
  if (style.value("frame_texture", "") != "")
    texture(dl, style["frame_texture"], flo, fhi, frame_col, s, ImVec4(tl.x, tl.y, br.x, br.y));
  dl->AddRectFilled(tl, br, board_col, 6);
  if (style.value("texture", "") != "") texture(dl, style["texture"], tl, br, board_col, s);
  if (style.contains("frame_trim"))
    dl->AddRect(tl, br, color(style["frame_trim"], 0), 6, 0, std::max(1.5f, fw * 0.18f));
  if (style.contains("rules")) {
    // Ink rules inside the edge, as an engraved board has them.
    const Json& r = style["rules"];
    ImU32 rc = color(r.value("color", "#3a2a1a"), IM_COL32(58, 42, 26, 255));
    for (const Json& in : r.value("inset", Json::array({0.2}))) {
      float q = in.get<float>() * s;
      dl->AddRect(ImVec2(tl.x + q, tl.y + q), ImVec2(br.x - q, br.y - q), rc, 0, 0, r.value("width", 1.2f));
    }
  }
  if (b.nodes.empty()) return;

  const Json& nstyles = bj.contains("node_styles") ? bj["node_styles"] : Json::object();
  auto node_style = [&](int n) -> const Json* {
    for (const std::string& t : b.nodes[n].tags)
      if (nstyles.contains(t)) return &nstyles[t];
    return nullptr;
  };
  // What labels must keep clear of: every node and every text decoration.
  std::vector<ImVec4> taken;
  auto deco = [&](bool above) {
    for (const Json& d : b.decorations) {
      if (d.value("above", false) != above) continue;
      std::string k = d.value("kind", "");
      if (k == "rect") {
        ImVec2 a = P(d["x"], d["y"]),
               c = P(d["x"].get<float>() + d["w"].get<float>(), d["y"].get<float>() + d["h"].get<float>());
        ImVec2 lo(std::min(a.x, c.x), std::min(a.y, c.y)), hi(std::max(a.x, c.x), std::max(a.y, c.y));
        float rr = d.value("round", 0.0f) * s;
        if (d.value("shadow", false))
          dl->AddRectFilled(ImVec2(lo.x + s * 0.08f, lo.y + s * 0.1f), ImVec2(hi.x + s * 0.08f, hi.y + s * 0.1f),
                            IM_COL32(0, 0, 0, 90), rr);
        if (d.contains("fill")) dl->AddRectFilled(lo, hi, color(d["fill"], 0), rr);
        if (d.contains("fill") && d.contains("texture")) texture(dl, d["texture"], lo, hi, color(d["fill"], 0), s);
        if (d.contains("outline"))
          dl->AddRect(lo, hi, color(d["outline"], 0), rr, 0, d.value("width", 2.0f) * std::max(1.0f, s / 50));
      } else if (k == "line" && d.contains("points")) {
        std::vector<ImVec2> pts = points(d, geo);
        float lw = d.value("width", 2.0f) * std::max(1.0f, s / 60);
        if (d.contains("casing"))
          dl->AddPolyline(pts.data(), int(pts.size()), color(d["casing"], 0), 0, lw + std::max(2.0f, lw * 0.5f));
        dl->AddPolyline(pts.data(), int(pts.size()), color(d.value("color", "#000000"), 0), 0, lw);
      } else if (k == "ridge" && d.contains("points")) {
        ridge(dl, points(d, geo), s, d);
      } else if (k == "woods" && d.contains("circles")) {
        woods(dl, geo, d);
      } else if (k == "text") {
        float fs = d.value("size", 0.3f) * s;
        if (small && fs < 6) continue;
        ImVec2 at = P(d["x"], d["y"]);
        std::string t = T(d.value("text", ""));
        if (d.value("shadow", false))  // printed lettering's drop shadow, down and to the right
          centred_text(dl, font_of(d), fs, ImVec2(at.x + fs * 0.07f, at.y + fs * 0.09f), IM_COL32(0, 0, 0, 150), t,
                       d.value("angle", 0.0f));
        ImVec4 r = centred_text(dl, font_of(d), fs, at, color(d.value("color", "#3a2a1a"), 0), t, d.value("angle", 0.0f));
        taken.push_back(r);
      } else if (k == "star") {
        float r = d.value("size", 0.25f) * s;
        if (!small || r >= 3)
          node_shape(dl, P(d["x"], d["y"]), r, "star", color(d.value("fill", "#ffffff"), 0),
                     color(d.value("outline", "#00000000"), 0));
      } else if (k == "exit" && b.find(d.value("node", "")) >= 0) {
        ImVec2 c = NP(b.at(d["node"]));
        float dx = d["dir"][0], dy = d["dir"][1];
        float l = std::hypot(dx, dy);
        dx /= l, dy /= l;
        if (geo.flip) dx = -dx, dy = -dy;
        float k0 = d.value("from", 0.5f), k1 = d.value("to", 0.78f), wid = d.value("width", 0.12f);
        ImVec2 tip(c.x + dx * s * k1, c.y + dy * s * k1), base(c.x + dx * s * k0, c.y + dy * s * k0);
        ImVec2 perp(-dy * s * wid, dx * s * wid);
        ImVec2 tri[3] = {tip, ImVec2(base.x + perp.x, base.y + perp.y), ImVec2(base.x - perp.x, base.y - perp.y)};
        dl->AddConvexPolyFilled(tri, 3, game_seat_color(g, d.value("seat", 0)));
        if (d.contains("outline")) dl->AddPolyline(tri, 3, color(d["outline"], 0), ImDrawFlags_Closed, 1.5f);
      }
    }
  };
  deco(false);
  if (geo.cell) {
    const Json& fills = style.contains("cells") ? style["cells"] : Json::array({"#d6c4a0", "#e4d6b6"});
    ImU32 grid = color(style.value("grid", "#786046"), IM_COL32(120, 96, 70, 255));
    float gw = style.value("grid_width", 1.2f);
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      ImVec2 c = NP(int(i));
      const Json* st = node_style(int(i));
      int parity = int(std::lround(b.nodes[i].x + b.nodes[i].y)) & 1;
      ImU32 fill = st && st->contains("fill") ? color((*st)["fill"], 0) : color(fills[parity % fills.size()], 0);
      ImVec2 lo(c.x - s / 2, c.y - s / 2), hi(c.x + s / 2, c.y + s / 2);
      dl->AddRectFilled(lo, hi, fill);
      dl->AddRect(lo, hi, grid, 0, 0, gw);
      if (st && st->contains("mark")) dl->AddCircleFilled(c, s * 0.3f, color((*st)["mark"], 0), 24);
      if (st && st->value("label", false)) {
        float fs = std::max(small ? 0.0f : 10.0f, s * st->value("label_size", 0.22f));
        if (fs < 6) continue;
        std::string t = b.nodes[i].extra.value("label", b.nodes[i].id);
        ImVec2 ts = g_fonts.body->CalcTextSizeA(fs, 1e9f, 0, t.c_str());
        dl->AddText(g_fonts.body, fs, ImVec2(c.x - ts.x / 2, c.y - s * 0.45f),
                    color(st->value("label_color", "#46321ec8"), IM_COL32(70, 50, 30, 200)), t.c_str());
      }
    }
  } else {
    // Edges: every casing first, then the lines, so that a crossing's casing
    // never covers a road it meets.
    for (int pass = 0; pass < 2; ++pass)
      for (size_t i = 0; i < b.nodes.size(); ++i)
        for (const Edge& e : b.nodes[i].edges) {
          if (int(i) > e.to && !b.edge_style.empty()) {
            bool twin = false;  // undirected edges appear twice: draw once
            for (const Edge& r : b.nodes[e.to].edges) twin |= r.to == int(i) && r.type == e.type;
            if (twin) continue;
          }
          const Json& es = b.edge_style[b.edge_types[e.type]];
          float ew =
              es.contains("band") ? es["band"].get<float>() * s : es.value("width", 2.0f) * std::max(1.0f, s / 50);
          ImVec2 a = NP(int(i)), c = NP(e.to);
          if (pass == 0) {
            if (es.contains("casing"))
              dl->AddLine(a, c, color(es["casing"], 0), ew + std::max(2.0f, es.value("casing_width", 0.05f) * s * 2));
            continue;
          }
          ImU32 ec = color(es.value("color", "#5a4630"), IM_COL32(90, 70, 48, 255));
          if (es.value("dash", false)) {
            float len = std::hypot(c.x - a.x, c.y - a.y), step = std::max(6.0f, ew * 3);
            for (float t = 0; t < len; t += 2 * step) {
              float t2 = std::min(len, t + step);
              dl->AddLine(ImVec2(a.x + (c.x - a.x) * t / len, a.y + (c.y - a.y) * t / len),
                          ImVec2(a.x + (c.x - a.x) * t2 / len, a.y + (c.y - a.y) * t2 / len), ec, ew);
            }
          } else {
            dl->AddLine(a, c, ec, ew);
          }
          if (es.contains("centre"))  // a centre line: a turnpike's two carriageways, a track's rails
            dl->AddLine(a, c, color(es["centre"], 0), std::max(1.0f, ew * 0.3f));
        }
    std::vector<float> radius(b.nodes.size());
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      const Json* st = node_style(int(i));
      ImVec2 c = NP(int(i));
      radius[i] = (st ? st->value("radius", 0.12f) : 0.1f) * s;
      ImU32 fill = st ? color(st->value("fill", "#6b5438"), 0) : IM_COL32(107, 84, 56, 255);
      ImU32 out = st ? color(st->value("outline", "#00000000"), 0) : 0;
      node_shape(dl, c, radius[i], st ? st->value("shape", "circle") : "circle", fill, out);
      taken.push_back(ImVec4(c.x - radius[i], c.y - radius[i], c.x + radius[i], c.y + radius[i]));
    }
    // Labels: each tries places round its node in turn and keeps the first
    // that overlaps no node, no text and no label already placed.
    ImFont* lf = g_fonts.body ? g_fonts.body : ImGui::GetFont();
    ImU32 halo = alpha(board_col, 0.78f);
    for (size_t i = 0; i < b.nodes.size(); ++i) {
      const Json* st = node_style(int(i));
      if (!st || !st->value("label", false)) continue;
      std::string t = b.nodes[i].extra.value("label", b.nodes[i].id);
      float fs = std::max(small ? 0.0f : 11.0f, s * st->value("label_size", 0.2f));
      if (fs < 6) continue;
      ImVec2 ts = lf->CalcTextSizeA(fs, 1e9f, 0, t.c_str()), c = NP(int(i));
      float r = radius[i], gap = 1.5f;
      bool placed = false;
      for (int ring = 0; ring < 2 && !placed; ++ring) {
        float gq = gap + ring * ts.y * 0.7f, d = r * 0.75f + gq;
        const ImVec2 cand[8] = {{c.x - ts.x / 2, c.y + r + gq},   {c.x - ts.x / 2, c.y - r - gq - ts.y},
                                {c.x + r + gq, c.y - ts.y / 2},   {c.x - r - gq - ts.x, c.y - ts.y / 2},
                                {c.x + d, c.y + d - ts.y * 0.2f}, {c.x - d - ts.x, c.y + d - ts.y * 0.2f},
                                {c.x + d, c.y - d - ts.y * 0.8f}, {c.x - d - ts.x, c.y - d - ts.y * 0.8f}};
        for (const ImVec2& p : cand) {
          ImVec4 box(p.x - 1, p.y, p.x + ts.x + 1, p.y + ts.y);
          bool free = box.x >= tl.x && box.z <= br.x && box.y >= tl.y && box.w <= br.y;
          for (size_t k = 0; free && k < taken.size(); ++k) free = !overlaps(box, taken[k]);
          if (!free) continue;
          dl->AddRectFilled(ImVec2(box.x, box.y), ImVec2(box.z, box.w), halo, 3);
          dl->AddText(lf, fs, p, color(st->value("label_color", "#2a2018"), 0), t.c_str());
          taken.push_back(box);
          if (labels) labels->drawn.push_back({t, box});
          placed = true;
          break;
        }
      }
      if (!placed && labels) ++labels->hidden;
    }
  }
  if (bj.contains("coordinates"))
    coordinates(dl, b, geo, pad, bj["coordinates"], small, labels ? &labels->coords : nullptr);
  deco(true);
}

void draw_board_pieces(ImDrawList* dl, const Game& g, const BoardGeometry& geo, const std::vector<view::Piece>& pieces,
                       int selected, ImU32 (*seat_col)(const Game&, int)) {
  const Board& b = g.board();
  const Json& styles = g.data().contains("pieces") ? g.data()["pieces"] : Json::object();
  std::map<int, std::vector<const view::Piece*>> at;
  for (const view::Piece& p : pieces) {
    int k = b.find(p.node);
    if (k >= 0) at[k].push_back(&p);
  }
  float s = geo.scale;
  for (auto& [k, list] : at) {
    ImVec2 c = geo.at(b.nodes[k]);
    float r = (geo.cell ? 0.36f : 0.3f) * s;
    if (list.size() > 1) r *= 0.75f;
    for (size_t i = 0; i < list.size(); ++i) {
      const view::Piece& p = *list[i];
      ImVec2 pc = c;
      if (list.size() > 1) {
        float ang = float(i) / float(list.size()) * 2 * kPi;
        pc = ImVec2(c.x + std::cos(ang) * r * 0.7f, c.y + std::sin(ang) * r * 0.7f);
      }
      Json style = styles.value(p.face, Json::object());
      if (!p.label.empty()) style["label"] = p.label;
      draw_piece(dl, pc, r, style, seat_col(g, p.seat), selected == k);
    }
  }
}

Json labels_json(const std::vector<BoardLabels::Label>& l) {
  Json out = Json::array();
  for (const BoardLabels::Label& x : l)
    out.push_back({{"text", x.text}, {"x0", x.r.x}, {"y0", x.r.y}, {"x1", x.r.z}, {"y1", x.r.w}});
  return out;
}

}  // namespace gamut::ui
