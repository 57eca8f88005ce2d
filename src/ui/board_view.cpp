// The board: drawn from the view each frame, zoom and pan, and clicks that build a move.
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

#include "app.h"
#include "board_art.h"
#include "core/text.h"
#include "draw.h"
#include "platform/platform.h"
#include "widgets.h"

namespace gamut::ui {

// The board's static part (background, frame, decorations, cells or lines and
// nodes), kept while the board, its place on screen and the font atlas stay
// the same: only the pieces and marks are drawn anew each frame. It is baked
// into a texture where the platform can (platform::bake): software GL, as on
// many phones and in headless Chromium, pays for every blended pixel, and the
// layers of a board cover its area about three times over, the texture once.
// Otherwise its vertices are copied into the draw list again.
namespace {
struct StaticBoard {
  const void* game = nullptr;
  float key[9] = {};
  ImTextureID tex = nullptr;
  ImVector<ImDrawVert> vtx;
  ImVector<ImDrawIdx> idx;
  bool valid = false;
  void* baked = nullptr;  // the texture, when the platform baked it
  ImVec2 lo, hi;          // where it goes
};
StaticBoard g_static;

bool same_key(const StaticBoard& c, const void* game, const float* key, ImTextureID tex) {
  return c.valid && c.game == game && c.tex == tex && std::memcmp(c.key, key, sizeof c.key) == 0;
}

// Appends what was cached to `dl`, its indices moved to where the list stands now.
void replay(ImDrawList* dl, const StaticBoard& c) {
  if (c.vtx.Size == 0) return;
  dl->PrimReserve(c.idx.Size, c.vtx.Size);
  std::memcpy(dl->_VtxWritePtr, c.vtx.Data, size_t(c.vtx.Size) * sizeof(ImDrawVert));
  ImDrawIdx base = ImDrawIdx(dl->_VtxCurrentIdx);
  for (int i = 0; i < c.idx.Size; ++i) dl->_IdxWritePtr[i] = ImDrawIdx(c.idx[i] + base);
  dl->_VtxWritePtr += c.vtx.Size;
  dl->_IdxWritePtr += c.idx.Size;
  dl->_VtxCurrentIdx += unsigned(c.vtx.Size);
}
// Draws the background and the static part into a list of their own, and has the platform
// bake them into a texture of the board's area; false where it cannot.
bool bake_board(const Game& g, const BoardGeometry& geo, ImU32 background, float pad, float x0, float y0, float w,
                float h, BoardLabels* labels) {
  // Clipped as when drawn on the screen: the background not at all, the board to its area.
  ImDrawList& list = bake_list();
  list.AddRectFilled(ImVec2(x0, y0), ImVec2(x0 + w, y0 + h), background);
  list.PushClipRect(ImVec2(x0, y0), ImVec2(x0 + w, y0 + h));
  draw_board_art(&list, g, geo, pad, false, labels);
  list.PopClipRect();
  g_static.baked = platform::bake(list, x0, y0, w, h, g_static.lo, g_static.hi);
  return g_static.baked != nullptr;
}
}  // namespace

int App::node_at(float mx, float my) const { return geo_.node_at(table_.session()->match().game().board(), mx, my); }

void App::draw_board(const view::View& view, float x0, float y0, float w, float h) {
  const Game& g = table_.session()->match().game();
  const Board& b = g.board();
  const Json& bj = g.data().contains("board") ? g.data()["board"] : Json::object();
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  ImU32 background = color(bj.value("background", "#3b3024"), IM_COL32(59, 48, 36, 255));
  if (b.nodes.empty()) {
    dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x0 + w, y0 + h), background);
    return;
  }
  dl->PushClipRect(ImVec2(x0, y0), ImVec2(x0 + w, y0 + h), true);
  struct PopClip {
    ImDrawList* d;
    ~PopClip() { d->PopClipRect(); }
  } pop_clip{dl};
  float pad = fit_board(g, x0, y0, w, h, 24, geo_);
  zoom_input(x0, y0, w, h);
  zoom_.apply(geo_);
  int seat = table_.session()->screen_seat();
  geo_.flip = false;
  if (bj.contains("flip_for_seats") && seat >= 0)
    for (const Json& f : bj["flip_for_seats"]) geo_.flip |= f == seat;
  auto P = [&](float x, float y) { return geo_.at(x, y); };
  auto NP = [&](int n) { return P(b.nodes[n].x, b.nodes[n].y); };
  float s = geo_.scale;
  const float key[9] = {
      x0, y0, w, h, geo_.scale, geo_.x0, geo_.y0, geo_.flip ? 1.0f : 0.0f, ImGui::GetIO().DisplayFramebufferScale.x};
  ImTextureID tex = ImGui::GetIO().Fonts->TexID;
  bool cached = same_key(g_static, &g, key, tex);
  auto remember = [&] {
    g_static.game = &g;
    std::memcpy(g_static.key, key, sizeof key);
    g_static.tex = tex;
  };
  if (!cached && bake_board(g, geo_, background, pad, x0, y0, w, h, &board_labels_)) {
    remember();
    g_static.valid = cached = true;
  }
  dl->PushClipRectFullScreen();  // as the background always was: the texture holds the board's clipping
  if (cached && g_static.baked)
    dl->AddImage(g_static.baked, g_static.lo, g_static.hi, ImVec2(0, 1), ImVec2(1, 0));  // GL's rows run bottom up
  else
    dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x0 + w, y0 + h), background);
  dl->PopClipRect();
  int v0 = dl->VtxBuffer.Size, i0 = dl->IdxBuffer.Size, cmds0 = dl->CmdBuffer.Size;
  unsigned base0 = dl->_VtxCurrentIdx;
  if (cached && !g_static.baked) replay(dl, g_static);
  if (!cached) {
    draw_board_art(dl, g, geo_, pad, false, &board_labels_);
    // Kept when it all went into one draw command (one clip rectangle, one texture).
    g_static.valid = dl->CmdBuffer.Size == cmds0;
    g_static.baked = nullptr;
    if (g_static.valid) {
      remember();
      g_static.vtx.resize(dl->VtxBuffer.Size - v0);
      if (g_static.vtx.Size)
        std::memcpy(g_static.vtx.Data, dl->VtxBuffer.Data + v0, size_t(g_static.vtx.Size) * sizeof(ImDrawVert));
      g_static.idx.resize(dl->IdxBuffer.Size - i0);
      for (int i = 0; i < g_static.idx.Size; ++i) g_static.idx[i] = ImDrawIdx(dl->IdxBuffer[i0 + i] - base0);
    }
  }
  // Last move.
  for (const std::string& n : view.last) {
    int k = b.find(n);
    if (k < 0) continue;
    ImVec2 c = NP(k);
    float r = geo_.cell ? s * 0.46f : s * 0.3f;
    dl->AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), IM_COL32(255, 140, 0, 200), 4, 0, 3);
  }

  // What the person at the screen can click.
  const State& st = table_.session()->state();
  bool can_act = this->can_act();
  std::vector<int> targets;
  off_target_ = false;
  if (can_act && !editing()) targets = next_nodes(&off_target_);

  // Pieces.
  if (editing()) ext_->draw_editor(*this, dl);
  draw_board_pieces(dl, g, geo_, view.pieces, sel_.empty() ? -1 : sel_[0], game_seat_color);
  // Highlights go above the pieces: a ring round each piece that can move,
  // a dot on each square it can reach.
  for (int t : targets) {
    ImVec2 c = NP(t);
    float r = geo_.cell ? s * 0.44f : s * 0.36f;
    if (sel_.empty())
      dl->AddCircle(c, r, IM_COL32(255, 230, 90, 200), 32, 2.5f);
    else
      dl->AddCircleFilled(c, s * (geo_.cell ? 0.19f : 0.12f), IM_COL32(80, 200, 90, 190), 24);
  }
  for (int n : sel_) {
    ImVec2 c = NP(n);
    dl->AddCircle(c, geo_.cell ? s * 0.45f : s * 0.38f, IM_COL32(255, 215, 0, 255), 32, 4);
  }
  // The hinted (cyan) or the tutorial's expected (violet) move: a ring on each
  // node to click, joined in order.
  int gkind = 0;
  Action guide = can_act ? table_.guide_action(view, &gkind) : -1;
  if (guide >= 0) {
    ImU32 gc = gkind == 1 ? IM_COL32(60, 220, 255, 255) : IM_COL32(200, 110, 255, 255);
    std::vector<int> p = st.action_nodes(guide);
    float pulse = 0.5f + 0.5f * std::sin(float(platform::now_ms()) / 180.0f);
    for (size_t i = 0; i < p.size(); ++i) {
      if (p[i] < 0) continue;
      ImVec2 c = NP(p[i]);
      dl->AddCircle(c, (geo_.cell ? 0.5f : 0.42f) * s + 3 * pulse, gc, 32, 3.5f);
      if (i + 1 < p.size() && p[i + 1] >= 0) dl->AddLine(c, NP(p[i + 1]), gc, 2.5f);
    }
    dirty_ = std::max(dirty_, 1);  // keep the pulse going
  }
  if (off_target_ && !sel_.empty()) {
    // An "off the board" move (an escape): mark it beside the selected piece.
    ImVec2 c = NP(sel_[0]);
    dl->AddCircleFilled(ImVec2(c.x, c.y - s * 0.62f), s * 0.14f, IM_COL32(80, 200, 90, 220), 24);
  }
  draw_cursor(dl);

  // Input: clicks on the board that no window took.
  ImGuiIO& io = ImGui::GetIO();
  if (panning_ && !ImGui::IsMouseDown(ImGuiMouseButton_Left) && !ImGui::IsMouseDown(ImGuiMouseButton_Right) &&
      !ImGui::IsMouseReleased(ImGuiMouseButton_Left))
    panning_ = false;
  if (!io.WantCaptureMouse && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && panning_)
    panning_ = false;
  else if (!io.WantCaptureMouse && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
    ImVec2 m = io.MousePos, d = io.MouseClickedPos[0];
    if (m.x >= x0 && m.x < x0 + w && m.y >= y0 && m.y < y0 + h) {
      if (editing()) {
        ext_->editor_click(*this, node_at(d.x, d.y), node_at(m.x, m.y));
      } else {
        board_click(m.x, m.y);
      }
    }
  }
}

namespace {
// Whether a legal action's path begins with `pre`: those it completes go to
// `complete`, and `longer` tells that some go on past it.
bool path_extends(const State& st, const std::vector<Action>& legal, const std::vector<int>& pre,
                  std::vector<Action>* complete, bool* longer) {
  bool any = false;
  for (Action a : legal) {
    std::vector<int> p = st.action_nodes(a);
    if (p.size() < pre.size() || !std::equal(pre.begin(), pre.end(), p.begin())) continue;
    any = true;
    if (p.size() == pre.size())
      complete->push_back(a);
    else
      *longer = true;
  }
  return any;
}
}  // namespace

std::vector<int> App::next_nodes(bool* off) const {
  std::set<int> out;
  *off = false;
  const State& st = table_.session()->state();
  for (Action a : st.legal()) {
    std::vector<int> p = st.action_nodes(a);
    if (p.size() <= sel_.size() || !std::equal(sel_.begin(), sel_.end(), p.begin())) continue;
    int nx = p[sel_.size()];
    if (nx >= 0)
      out.insert(nx);
    else
      *off = true;
  }
  return {out.begin(), out.end()};
}

// The person at the screen is to move in the live game: a click or a key may build a move.
static bool may_pick(const Table& t) {
  const State& st = t.session()->state();
  int seat = t.session()->screen_seat();
  return !t.replaying && st.to_move() == seat && seat >= 0 && !t.session()->seats()[seat].ai;
}

void App::board_click(float mx, float my) {
  // The off-board marker sits above the selected piece.
  if (off_target_ && !sel_.empty()) {
    const Board& b = table_.session()->match().game().board();
    ImVec2 c = geo_.at(b.nodes[sel_[0]]);
    if (std::hypot(mx - c.x, my - (c.y - geo_.scale * 0.62f)) < geo_.scale * 0.2f && board_pick_off()) return;
  }
  int n = node_at(mx, my);
  if (touch() && n >= 0 && may_pick(table_)) {
    const State& st = table_.session()->state();
    std::vector<Action> legal = st.legal();
    // A finger covers close nodes: of those a move can use, one is taken and
    // two or more are asked about (draw_node_pick) rather than guessed.
    std::vector<int> meant;
    for (int k : geo_.nodes_near(table_.session()->match().game().board(), mx, my)) {
      std::vector<int> next = sel_;
      next.push_back(k);
      std::vector<Action> c;
      bool l = false;
      if (path_extends(st, legal, next, &c, &l) || path_extends(st, legal, {k}, &c, &l)) meant.push_back(k);
    }
    if (meant.size() > 1) {
      node_pick_ = meant;
      node_pick_at_ = ImVec2(mx, my);
      return;
    }
    if (meant.size() == 1) n = meant[0];
  }
  board_pick(n);
}

bool App::board_pick_off() {
  if (!may_pick(table_)) return false;
  const State& st = table_.session()->state();
  std::vector<int> path = sel_;
  path.push_back(-1);
  for (Action a : st.legal())
    if (st.action_nodes(a) == path) {
      dirty_ = 3;
      table_.act(st.action_name(a));
      return true;
    }
  return false;
}

void App::board_pick(int n) {
  if (!may_pick(table_)) return;
  const State& st = table_.session()->state();
  node_pick_.clear();
  dirty_ = 3;
  std::vector<Action> legal = st.legal();
  auto extends = [&](const std::vector<int>& pre, std::vector<Action>* complete, bool* longer) {
    return path_extends(st, legal, pre, complete, longer);
  };
  if (n < 0) {
    sel_.clear();
    return;
  }
  std::vector<int> next = sel_;
  next.push_back(n);
  std::vector<Action> complete;
  bool longer = false;
  if (!extends(next, &complete, &longer)) {
    // Start over from this node if it begins a move.
    next = {n};
    complete.clear();
    longer = false;
    if (!extends(next, &complete, &longer)) {
      sel_.clear();
      return;
    }
  }
  sel_ = next;
  if (complete.size() == 1 && !longer) {
    table_.act(st.action_name(complete[0]));
  } else if (complete.size() > 1 && !longer) {
    chooser_ = complete;
  }
}

// The places a tap may have meant, by name, beside the tap: a finger's width
// covers several nodes of a dense map at its fitted zoom.
void App::draw_node_pick() {
  if (node_pick_.empty()) return;
  const Board& b = table_.session()->match().game().board();
  ImVec2 screen = ImGui::GetIO().DisplaySize;
  // Below a tap in the screen's upper half, above one in its lower half: placed
  // before it is drawn (moving it while drawing would leave its clip behind).
  ImGuiWindow* last = ImGui::FindWindowByName("Which place?");
  ImVec2 size = last ? last->Size : ImVec2(0, 0);  // as drawn last frame
  bool lower = node_pick_at_.y > screen.y / 2;
  float x = node_pick_at_.x > screen.x / 2 ? node_pick_at_.x - size.x : node_pick_at_.x;
  float y = lower ? node_pick_at_.y - 30 - size.y : node_pick_at_.y + 30;
  ImGui::SetNextWindowPos(ImVec2(std::clamp(x, 8.0f, std::max(8.0f, screen.x - 8 - size.x)),
                                 std::clamp(y, 8.0f, std::max(8.0f, screen.y - 8 - size.y))),
                          ImGuiCond_Always);
  ImGui::SetNextWindowFocus();
  ImGui::Begin("Which place?", nullptr,
               ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove);
  int chosen = -1;
  widget_scope("place:");  // "place:Aldie"
  // Side by side as far as the screen allows: a short landscape screen has no room for a column.
  ImGui::PushTextWrapPos(screen.x - 24);
  bool first = true;
  for (int n : node_pick_) {
    std::string name = b.nodes[n].extra.value("label", b.nodes[n].id);
    if (!first) flow(name.c_str());
    first = false;
    if (button(name.c_str())) chosen = n;
  }
  widget_scope("");
  std::string cancel_label = std::string(T("Cancel")) + "##place";
  flow(cancel_label.c_str());
  bool cancel = button(cancel_label.c_str());
  ImGui::PopTextWrapPos();
  ImGui::End();
  if (chosen >= 0)
    board_pick(chosen);
  else if (cancel)
    node_pick_.clear(), dirty_ = 3;
}

}  // namespace gamut::ui
