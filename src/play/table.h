// The table: the game in front of the player and where it is kept. It holds
// the session, the replay position, the autosave and the saved games, and it
// answers the page API (window.gamut: state, act, newGame, load, undo, redo,
// ui commands that are not about windows). The ImGui app draws a table and
// forwards input to it; the native tests drive it with a MemoryStorage and
// fake clocks. It names no game.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/view.h"
#include "session.h"
#include "storage.h"

namespace gamut {

class Table {
 public:
  // date_ms: wall-clock milliseconds since the epoch, for new games' seeds and save dates.
  Table(Storage& storage, std::function<double()> date_ms);

  Session* session() { return session_.get(); }
  const Session* session() const { return session_.get(); }

  // The page API. Each returns "" or a message for the person; a failed call
  // leaves the current game and every save as they were.
  std::string new_game(const std::string& id, const std::string& options_json);
  std::string load(const std::string& code_or_link);  // a share code, or a link holding "#play=<code>"
  std::string act(const std::string& action);
  std::string undo();
  std::string redo();
  // "uncover", "hint", "autoplay:on[:level]", "autoplay:off", "replay:<n>", "live",
  // "tutorial[:<game id>]". Returns false if cmd is none of them.
  bool command(const std::string& cmd, std::string& err);
  std::string share_code() const;
  // The page API's state(): the game, whose move, the legal actions with their
  // board paths, the screen seat's view and log, undo, replay, hint, tutorial
  // and the AI's slices. Keys about the screen (windows, selection) are the app's.
  Json state() const;

  // Resolves chance and lets the AI think for at most budget_ms. True if anything changed.
  bool step(double budget_ms, double now_ms);
  // Replay: the position after `replay_pos` actions is shown and nothing can be played.
  bool replaying = false;
  int replay_pos = 0;
  bool can_act() const;                            // the screen seat is a person and is to move, live
  Action guide_action(int* kind = nullptr) const;  // the hint's action (kind 1), else the tutorial's (kind 2)
  // The same, from the screen seat's view already parsed (the renderer has it every frame).
  Action guide_action(const view::View& shown, int* kind) const;

  // Games for the tutorial: the current one if it has scenarios, else the first that has.
  std::string tutorial_game() const;

  // Keeping games. The autosave holds the current game of each game id; named
  // saves are kept apart and never overwritten.
  // Reopens the autosave of game `id` ("" : the game last played); "" or why not.
  // On a storage that does not work, storage_note() says so.
  std::string resume(const std::string& id = "");
  bool has_autosave(const std::string& id) const;
  struct Saved {
    std::string key, name, game, error;  // error: why the entry cannot be read ("" if it can)
    double date = 0;
    int turn = 0;
    std::vector<std::string> players;
  };
  std::vector<Saved> saves() const;  // newest first
  std::string save_as(const std::string& name);
  std::string open_save(const std::string& key);
  void delete_save(const std::string& key);
  // Why saving does not work now ("" when it does); shown on the home screen.
  const std::string& storage_note() const { return storage_note_; }

  // Called after every change to the game: a move, undo, redo, a new or opened
  // game. fresh: another game is now on the table (new, loaded, resumed).
  // ended: the game has just finished (once per finished game).
  std::function<void(bool fresh, bool ended)> on_change;
  // Called when an autosave fails; the game goes on in memory.
  std::function<void(const std::string& why)> on_storage_error;

 private:
  void start(std::unique_ptr<Session> s);
  void open(std::unique_ptr<Session> s);
  void changed(bool fresh = false);
  void autosave();
  Storage& storage_;
  std::function<double()> date_ms_;
  std::unique_ptr<Session> session_;
  bool ended_posted_ = false;
  std::string storage_note_;
};

}  // namespace gamut
