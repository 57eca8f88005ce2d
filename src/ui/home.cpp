// The home screen: the library. A card per game in a grid that reflows with
// the width (one column on a phone, up to one per game on a wide screen),
// each with a picture of its board drawn by board_art.cpp from the rules data,
// its facts in plain words and its buttons, which wrap rather than clip. The
// page scrolls with a visible scrollbar, and a "More below" button says when
// cards lie under the fold.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "app.h"
#include "board_art.h"
#include "core/text.h"
#include "draw.h"
#include "platform/platform.h"
#include "theme.h"
#include "widgets.h"

namespace gamut::ui {

namespace {

// "Solitaire", "2 players", "2 to 4 players": from the seat counts, not the data's text.
std::string players_words(const GameInfo& gi) {
  char b[64];
  if (gi.max_seats <= 1) return T("Solitaire");
  if (gi.min_seats == gi.max_seats)
    std::snprintf(b, sizeof b, T("%d players"), gi.min_seats);
  else
    std::snprintf(b, sizeof b, T("%d to %d players"), gi.min_seats, gi.max_seats);
  return b;
}

// "15-20 min" reads "15 to 20 minutes", "2-3 hours" "2 to 3 hours", "60 min"
// "about an hour"; anything else is shown as the data words it.
std::string time_words(const std::string& t) {
  // "A-Z unit" or "A unit", read without std::regex (it weighs ~90 KB of wasm).
  int a = 0, z = 0, used = 0;
  char unit[16] = {0};
  if (std::sscanf(t.c_str(), " %d - %d %15s %n", &a, &z, unit, &used) == 3 && used == int(t.size())) {
  } else if (std::sscanf(t.c_str(), " %d %15s %n", &a, unit, &used) == 2 && used == int(t.size())) {
    z = a;
  } else {
    return t;
  }
  std::string u = unit;
  bool hours = u == "h" || u == "hour" || u == "hours";
  if (!hours && u != "min" && u != "mins" && u != "minutes") return t;
  char b[64];
  if (!hours && a == 60 && z == 60) return T("about an hour");
  if (hours && a == 1 && z == 1) return T("about an hour");
  if (a == z)
    std::snprintf(b, sizeof b, hours ? T("%d hours") : T("%d minutes"), a);
  else
    std::snprintf(b, sizeof b, hours ? T("%d to %d hours") : T("%d to %d minutes"), a, z);
  return b;
}

// The pieces of each game's opening, as a spectator sees it (hidden faces
// stay hidden): the chance events of the set-up are played out with their
// first outcome, so the picture is the same at every visit.
const std::vector<view::Piece>& opening(const Game& g) {
  static std::map<const Game*, std::vector<view::Piece>> cache;
  auto it = cache.find(&g);
  if (it != cache.end()) return it->second;
  std::vector<view::Piece> pieces;
  try {
    std::unique_ptr<State> s = g.new_state(g.resolve_options(Json::object()), g.info().min_seats);
    for (int i = 0; i < 400 && s->to_move() == kChance; ++i) s->apply(s->legal().front());
    pieces = view::parse(s->view(-1)).pieces;
  } catch (const std::exception&) {
    // A picture without pieces is still a picture of the board.
  }
  return cache[&g] = pieces;
}

// Buttons in a row that wraps to the next line rather than pass `right`.
struct Flow {
  float left, right;
  bool first = true;
  bool button(const char* label, bool enabled = true) {
    float bw = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
    if (first) {
      ImGui::SetCursorScreenPos(ImVec2(left, ImGui::GetCursorScreenPos().y));
      first = false;
    } else {
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + bw > right) {
        ImGui::NewLine();
        ImGui::SetCursorScreenPos(ImVec2(left, ImGui::GetCursorScreenPos().y));
      }
    }
    return big_button(label, enabled);
  }
};

// Text wrapped to the column [left, right].
void wrapped(const char* text, float right, const ImVec4* col = nullptr) {
  ImGui::PushTextWrapPos(right - ImGui::GetWindowPos().x + ImGui::GetScrollX());
  if (col) ImGui::PushStyleColor(ImGuiCol_Text, *col);
  ImGui::TextUnformatted(text);
  if (col) ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
}

}  // namespace

// A library picture drawn with its top left corner at `lo`.
static void picture(ImDrawList* dl, const Game& g, ImVec2 lo, ImVec2 hi) {
  const Json& bj = g.data().contains("board") ? g.data()["board"] : Json::object();
  dl->AddRectFilled(lo, hi, color(bj.value("background", "#3b3024"), IM_COL32(59, 48, 36, 255)), 6);
  BoardGeometry geo;
  float pad = fit_board(g, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, 8, geo);
  draw_board_art(dl, g, geo, pad, true);
  draw_board_pieces(dl, g, geo, opening(g), -1, game_seat_color);
}

// The pictures never change while the library is on screen, but drawn afresh
// they are most of what a frame of it costs where GL is software (a headless
// browser, many phones): 63,000 vertices for five boards, which made the
// library draw at a third of a game's frame rate. Each is baked into a texture
// of its own (platform::bake, slots 1 and up; slot 0 is the board's) and drawn
// again only when its size, the screen's pixel ratio, the fonts, the theme or
// the language change.
namespace {
// What a picture depends on besides its game's data.
struct PictureKey {
  const Game* game = nullptr;
  float w = 0, h = 0, scale = 0;
  ImVec2 phase;  // where the picture starts within its first device pixel
  ImTextureID font = nullptr;
  bool light = false;
  std::string lang;
  bool operator==(const PictureKey& o) const {
    return game == o.game && w == o.w && h == o.h && scale == o.scale && phase.x == o.phase.x && phase.y == o.phase.y &&
           font == o.font && light == o.light && lang == o.lang;
  }
};
struct Picture {
  PictureKey key;
  void* tex = nullptr;  // none where the platform cannot bake: drawn as before
  ImVec2 size;          // the texture's area, in screen units, from its first device pixel
};
Picture g_pictures[platform::kBakeSlots];
}  // namespace

void App::draw_board_picture(const Game& g, ImVec2 lo, ImVec2 hi, int slot) {
  ImGui::SetCursorScreenPos(lo);
  // A child window of its own: its own draw list, so five boards never crowd
  // one list past what 16-bit indices reach when they are drawn unbaked.
  ImGui::BeginChild("picture", ImVec2(hi.x - lo.x, hi.y - lo.y), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoMouseInputs);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  float scale = ImGui::GetIO().DisplayFramebufferScale.x;
  // The texture starts on a whole device pixel; the picture keeps its place within that
  // pixel, so that its lines fall on the same pixels as when drawn on the screen.
  ImVec2 at(std::floor(lo.x * scale) / scale, std::floor(lo.y * scale) / scale);
  PictureKey key{&g,
                 hi.x - lo.x,
                 hi.y - lo.y,
                 scale,
                 ImVec2(lo.x - at.x, lo.y - at.y),
                 ImGui::GetIO().Fonts->TexID,
                 light_theme(),
                 language()};
  Picture* p = slot >= 1 && slot < platform::kBakeSlots ? &g_pictures[slot] : nullptr;
  if (p && !(p->key == key)) {
    ImVec2 end(key.phase.x + key.w, key.phase.y + key.h), blo;
    ImDrawList& list = bake_list();
    list.PushClipRect(key.phase, end);
    picture(&list, g, key.phase, end);
    p->key = key;
    p->tex = platform::bake(list, 0, 0, end.x, end.y, blo, p->size, slot);
  }
  if (p && p->tex)  // GL's rows run bottom up
    dl->AddImage(p->tex, at, ImVec2(at.x + p->size.x, at.y + p->size.y), ImVec2(0, 1), ImVec2(1, 0));
  else
    picture(dl, g, lo, hi);
  ImGui::EndChild();
}

void App::draw_home(float w, float h) {
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::PushStyleVar(ImGuiStyleVar_ScrollbarSize, 16);
  ImGui::PushStyleColor(ImGuiCol_ScrollbarBg, IM_COL32(40, 34, 28, 255));
  ImGui::PushStyleColor(ImGuiCol_ScrollbarGrab, IM_COL32(190, 150, 90, 255));
  ImGui::Begin("Home", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  float margin = w < 600 ? 12 : 28, gap = w < 600 ? 12 : 20;
  float avail = ImGui::GetContentRegionAvail().x;  // less the scrollbar, when there is one
  float col = std::min(avail - 2 * margin + ImGui::GetStyle().WindowPadding.x * 2, 2400.0f);
  float left = ImGui::GetWindowPos().x + (avail + ImGui::GetStyle().WindowPadding.x * 2 - col) / 2;
  float right = left + col;
  ImGui::SetCursorScreenPos(ImVec2(left, ImGui::GetCursorScreenPos().y + 6));
  ImGui::BeginGroup();
  ImFont* serif = g_fonts.serif ? g_fonts.serif : g_fonts.title;
  if (serif) ImGui::PushFont(serif);
  static const char* const kGamut = "Gamut";  // the name, the same in every language
  ImGui::TextUnformatted(kGamut);
  if (serif) ImGui::PopFont();
  wrapped(T("A playable archive of historic board games. Every rule from the original texts; where the printed "
            "boards, cards and tables are lost, they are reconstructed and marked so in each game's rules."),
          std::min(right, left + 900));
  if (!table_.storage_note().empty()) {
    ImVec4 warn(0.9f, 0.5f, 0.3f, 1);
    wrapped(T(table_.storage_note()).c_str(), right, &warn);
  }
  ImGui::Spacing();
  Flow top{left, right};
  if (table_.session() && top.button(T("Back to the current game"))) home_ = false;
  std::vector<Table::Entry> lib = table_.library();
  int unfinished = 0;
  for (const Table::Entry& e : lib) unfinished += e.error.empty() && !e.finished;
  if (top.button(T("Saved games"))) saves_open_ = true;
  if (top.button(T("Open a share code"))) share_open_ = true;
  if (top.button(other_language())) switch_language();
  if (unfinished) {
    // The games to go on with, newest first: the library's front page.
    section(T("Continue a game"));
    int shown = 0;
    for (const Table::Entry& e : lib) {
      if (!e.error.empty() || e.finished || shown == 4) continue;
      ++shown;
      ImGui::PushID(e.id.c_str());
      TextGame in(e.game);
      widget_scope("home " + e.id + ":");
      std::string name = e.game;
      try {
        name = load_game(e.game)->info().name;
      } catch (const std::exception&) {
      }
      ImGui::SetCursorScreenPos(ImVec2(left, ImGui::GetCursorScreenPos().y));
      if (button(T("Resume"))) {
        std::string err = table_.open_game(e.id);
        if (!err.empty()) notify(err, true);
      }
      ImGui::SameLine();
      char line[512];
      std::snprintf(line, sizeof line, T("%s%s%s, move %d, %s, %s"), T(name).c_str(),
                    e.name.empty() || e.name == name ? "" : ": ", e.name == name ? "" : e.name.c_str(), e.moves,
                    players_text(e.players).c_str(), date_text(e.updated).c_str());
      ImVec4 dim = ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
      wrapped(line, right, &dim);
      widget_scope("");
      ImGui::PopID();
    }
    if (unfinished > shown) ImGui::TextDisabled(T("and %d more under Saved games"), unfinished - shown);
  }
  ImGui::EndGroup();
  ImGui::Dummy(ImVec2(0, gap));

  // The grid: as many columns as cards of at least 340 px fit, at most one per game.
  std::vector<std::string> ids = game_ids();
  int n = int(ids.size());
  int cols = std::clamp(int((col + gap) / (340 + gap)), 1, std::max(1, n));
  float card_w = std::min(560.0f, (col - gap * float(cols - 1)) / float(cols));
  float grid_left = left + (col - (card_w * float(cols) + gap * float(cols - 1))) / 2;
  float pad = 12;
  ImDrawList* wdl = ImGui::GetWindowDrawList();
  home_cards_.clear();
  for (int row = 0; row * cols < n; ++row) {
    float y0 = ImGui::GetCursorScreenPos().y, y1 = y0;
    wdl->ChannelsSplit(2);
    std::vector<float> xs;
    std::vector<std::string> facts_of;
    for (int c = 0; c < cols && row * cols + c < n; ++c) {
      const std::string& id = ids[size_t(row * cols + c)];
      float x0 = grid_left + float(c) * (card_w + gap), cl = x0 + pad, cr = x0 + card_w - pad;
      xs.push_back(x0);
      facts_of.emplace_back();
      wdl->ChannelsSetCurrent(1);
      ImGui::PushID(id.c_str());
      TextGame in(id);
      widget_scope(id + ":");
      ImGui::SetCursorScreenPos(ImVec2(cl, y0 + pad));
      ImGui::BeginGroup();
      std::shared_ptr<const Game> g;
      std::string err;
      try {
        g = load_game(id);
      } catch (const std::exception& e) {
        err = e.what();
      }
      if (!g) {
        char b[1024];
        std::snprintf(b, sizeof b, T("%s: rules data failed to load: %s"), id.c_str(), err.c_str());
        ImVec4 red(1, 0.4f, 0.4f, 1);
        wrapped(b, cr, &red);
      } else {
        const GameInfo& gi = g->info();
        float ph = std::round((cr - cl) * 0.62f);
        draw_board_picture(*g, ImVec2(cl, y0 + pad), ImVec2(cr, y0 + pad + ph), 1 + row * cols + c);
        ImGui::SetCursorScreenPos(ImVec2(cl, y0 + pad + ph + 8));
        if (serif) ImGui::PushFont(serif);
        wrapped(T(gi.name).c_str(), cr);
        if (serif) ImGui::PopFont();
        std::string facts = gi.year + "  \xc2\xb7  " + players_words(gi) + "  \xc2\xb7  " + time_words(gi.playing_time);
        ImVec4 gold(0.95f, 0.82f, 0.55f, 1), dim = ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
        wrapped(facts.c_str(), cr, &gold);
        facts_of.back() = facts;
        wrapped(T(gi.publisher).c_str(), cr, &dim);
        ImGui::Spacing();
        wrapped(T(gi.history).c_str(), cr);
        ImGui::Spacing();
        Flow row_buttons{cl, cr};
        if (row_buttons.button(T("Rules"))) rules_open_ = true, rules_id_ = id;
        if (row_buttons.button(T("New game"))) {
          new_open_ = true;
          new_id_ = id;
          new_count_ = gi.min_seats;
          new_seats_ = parse_seats(Json(), gi.max_seats);
          new_opts_ = g->resolve_options(Json());
        }
        if (g->data().contains("scenarios") && g->data()["scenarios"].is_object() && !g->data()["scenarios"].empty() &&
            row_buttons.button(T("Tutorial"))) {
          std::string e = api_ui("tutorial:" + id);
          if (!e.empty()) notify(strf(T("The tutorial could not start: %s"), T(e).c_str()), true);
        }
        if (row_buttons.button(T("Resume"), !table_.latest_unfinished(id).empty())) {
          std::string e = table_.resume(id);
          if (!e.empty()) notify(e, true);
        }
      }
      ImGui::EndGroup();
      y1 = std::max(y1, ImGui::GetItemRectMax().y + pad);
      widget_scope("");
      ImGui::PopID();
    }
    // The cards' backgrounds, under their contents, all as tall as the row.
    wdl->ChannelsSetCurrent(0);
    for (size_t c = 0; c < xs.size(); ++c) {
      ImVec2 lo(xs[c], y0), hi(xs[c] + card_w, y1);
      wdl->AddRectFilled(lo, hi, IM_COL32(52, 44, 36, 255), 10);
      wdl->AddRect(lo, hi, IM_COL32(110, 88, 60, 255), 10, 0, 1.5f);
      home_cards_.push_back({ids[size_t(row * cols) + c], ImVec4(lo.x, lo.y, hi.x, hi.y), facts_of[c]});
    }
    wdl->ChannelsMerge();
    ImGui::SetCursorScreenPos(ImVec2(left, y1 + gap));
    ImGui::Dummy(ImVec2(col, 0));
  }
  float scroll = ImGui::GetScrollY(), max_scroll = ImGui::GetScrollMaxY();
  ImGui::End();
  ImGui::PopStyleColor(2);
  ImGui::PopStyleVar();
  // More below the fold: said at the foot of the page, over the cards but
  // taking no clicks, beside the scrollbar that shows how much more.
  home_more_ = max_scroll > 0 && scroll < max_scroll - 4;
  if (home_more_) {
    ImDrawList* fg = ImGui::GetForegroundDrawList();
    const char* t = T("More below ↓");
    ImVec2 ts = ImGui::CalcTextSize(t), c(w / 2, h - 14 - ts.y / 2);
    fg->AddRectFilledMultiColor(ImVec2(0, h - 56), ImVec2(w - 16, h), IM_COL32(33, 28, 23, 0), IM_COL32(33, 28, 23, 0),
                                IM_COL32(33, 28, 23, 230), IM_COL32(33, 28, 23, 230));
    fg->AddRectFilled(ImVec2(c.x - ts.x / 2 - 14, c.y - ts.y / 2 - 5), ImVec2(c.x + ts.x / 2 + 14, c.y + ts.y / 2 + 5),
                      IM_COL32(120, 90, 50, 235), 12);
    fg->AddText(ImVec2(c.x - ts.x / 2, c.y - ts.y / 2), IM_COL32(255, 240, 210, 255), t);
  }
}

Json App::home_cards_json() const {
  Json out = Json::array();
  for (const HomeCard& c : home_cards_)
    out.push_back({{"id", c.id}, {"x0", c.r.x}, {"y0", c.r.y}, {"x1", c.r.z}, {"y1", c.r.w}, {"facts", c.facts}});
  return out;
}

}  // namespace gamut::ui
