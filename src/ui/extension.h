// What a game adds to the screen beyond the shared board, panel and dialogs:
// a set-up editor, an end-of-game report, buttons on the result banner. The
// game's folder holds it (src/games/<id>/<id>_ui.cpp) and registers it by id,
// as games register their rules; src/ui calls the hooks at fixed places and
// names no game.
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "core/json.h"
#include "play/session.h"
#include "widgets.h"

namespace gamut::ui {

// What the app lends an extension while it draws.
class Host {
 public:
  virtual ~Host() = default;
  virtual Session& session() = 0;
  virtual const Session& session() const = 0;
  virtual int seat() const = 0;                            // the seat whose view is on screen, -1 spectator
  virtual bool can_act() const = 0;                        // a person at the screen is to move, live (not a replay)
  virtual std::string act(const std::string& action) = 0;  // plays it as the person's move: "" or why not
  virtual void notify(const std::string& text, bool error) = 0;
  virtual void redraw() = 0;  // something changed: draw the next frames
  virtual const BoardGeometry& board() const = 0;
  virtual ImU32 seat_color(int seat) const = 0;
};

class Extension {
 public:
  virtual ~Extension() = default;
  // Side panel, below the turn line and the shared tools.
  virtual void panel(Host&, const Json& view) {}
  // Floating windows, drawn after the play screen.
  virtual void windows(Host&, const Json& view) {}
  // Buttons on the result banner, after the shared ones.
  virtual void banner(Host&, const Json& view) {}
  virtual void game_over(Host&, const Json& view) {}  // once, when the live game ends
  // A board editor: while editing() it draws over the board and takes its
  // clicks (down and up nodes, -1 for none) instead of the move selection.
  virtual bool editing(Host&) const { return false; }
  virtual void draw_editor(Host&, ImDrawList*) {}
  virtual void editor_click(Host&, int down, int up) {}
  // The nodes the editor takes clicks on, which the keyboard's Tab cycles through.
  virtual std::vector<int> editor_nodes(Host&) { return {}; }
  // The page API: extra keys for gamut.state(), and ui commands of its own
  // ("" done, else why not; return false when the command is not its own).
  virtual void state(const Host&, Json& out) const {}
  virtual bool command(Host&, const std::string& cmd, std::string& err) { return false; }
};

using ExtensionFactory = std::function<std::unique_ptr<Extension>()>;
struct ExtensionRegistrar {
  ExtensionRegistrar(const std::string& game_id, ExtensionFactory f);
};
// A fresh extension for a new game of `game_id`, or null when it has none.
std::unique_ptr<Extension> make_extension(const std::string& game_id);

}  // namespace gamut::ui
