// What an embed adds (web/embed.html documents it for site owners): the modes
// chosen by URL parameters, the narration beside the board, the height it
// would like, and the events it posts to the host page. The host's commands
// arrive through gamut-api.js, which checks where they come from.
#include <imgui.h>

#include "app.h"
#include "core/text.h"
#include "core/watch.h"
#include "platform/platform.h"
#include "theme.h"
#include "widgets.h"

namespace gamut::ui {

// mode=position|replay|example (mode=play, the default, is App::init's game=).
// True when the mode was one of these, whether or not it opened.
bool App::init_embed() {
  std::string mode = platform::url_param("mode"), code = platform::url_param("code");
  std::string move_s = platform::url_param("move"), notes = platform::url_param("notes");
  int move = move_s.empty() ? -1 : std::max(0, std::atoi(move_s.c_str()));
  auto with_notes = [&] {
    std::string err;
    if (!notes.empty() && (table_.command("notes:" + notes, err), !err.empty()))
      notify(strf(T("The notes: %s"), T(err).c_str()), true);
  };
  if (mode == "example") {
    std::string game = platform::url_param("game"), ex = platform::url_param("example");
    std::string err = api_ui("tutorial" + (game.empty() ? "" : ":" + game + (ex.empty() ? "" : ":" + ex)));
    if (!err.empty()) notify(strf(T("This example could not start: %s"), T(err).c_str()), true);
    with_notes();
    return true;
  }
  if (mode != "position" && mode != "replay") return false;
  if (code.empty()) {
    notify(T("This embed gives no code= to show."), true);
    return true;
  }
  try {
    if (code_format(code) != 3) {
      Record r = decode_share_code(code);
      Match m(r);
      bool secret = m.game().info().hidden_info && !m.state().terminal();
      if (mode == "replay" && secret) {
        code = encode_watch_code(make_watch(m, r.players));  // a reader sees what a spectator would
      } else if (mode == "position" && platform::url_param("frozen") != "1" && move >= 0 &&
                 move < int(r.actions.size())) {
        r.actions.resize(size_t(move));  // playable from that move on
        code = encode_share_code(r);
        move = -1;
      }
    }
  } catch (const std::exception& e) {
    notify(strf(T("This embed's code could not be opened: %s"), e.what()), true);
    return true;
  }
  std::string err = table_.load(code);
  if (!err.empty()) {
    notify(strf(T("This embed's code could not be opened: %s"), T(err).c_str()), true);
    return true;
  }
  with_notes();
  if (mode == "replay" || move >= 0) {
    table_.replaying = true;
    table_.replay_only = true;
    table_.replay_pos =
        move < 0 ? (mode == "replay" ? 0 : table_.replay_length()) : std::min(move, table_.replay_length());
    frozen_ = mode == "position";
  }
  return true;
}

// The height the embed would like for its width: the board at its own shape,
// the panel beside it or under it. Posted to the host when it changes.
void App::post_height(float w, float h) {
  float want = h;
  if (table_.session() && !home_) {
    float bw = geo_.maxx - geo_.minx + 1, bh = geo_.maxy - geo_.miny + 1;  // the board as last drawn
    float board_w = w < 720 ? w : w - panel_w_;
    float board_h = board_w * bh / bw;
    want = bar_h_ + (w < 720 ? board_h + 320 : std::max(board_h, 480.0f));
  }
  want = std::clamp(want, 300.0f, 4000.0f);
  if (std::abs(want - posted_height_) < 2) return;
  posted_height_ = want;
  platform::post_to_host(Json{{"type", "gamut:resize"}, {"v", 1}, {"height", int(want)}, {"width", int(w)}}.dump());
}

// After each move: the host hears what a spectator may know, never a seat's secrets.
void App::post_move() {
  if (!table_.session() || !embed_) return;
  const Match& m = table_.session()->match();
  std::vector<std::string> log = public_log(m, -1);
  platform::post_to_host(Json{
      {"type", "gamut:move"},
      {"v", 1},
      {"game", m.record().game},
      {"moves", log.size()},
      {"last", log.empty() ? Json(nullptr) : Json(log.back())},
      {"view",
       m.state().view(-1)}}.dump());
}

// The narration of the shown move, beside the board and read to screen readers.
void App::draw_note() {
  const std::string& note = table_.note();
  if (note.empty()) return;
  section(T("Narration"));
  ImGui::PushStyleColor(ImGuiCol_Text, ink(IM_COL32(250, 225, 160, 255)));
  ImGui::TextWrapped("%s", note.c_str());
  ImGui::PopStyleColor();
  if (note != announced_) platform::announce(announced_ = note);
}

}  // namespace gamut::ui
