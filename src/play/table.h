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
#include "core/watch.h"
#include "corr.h"
#include "session.h"
#include "storage.h"

namespace gamut {

// The position in words from a view (the seat's own pieces first), for the reader.
std::vector<std::string> describe_view(const Game& g, const view::View& v, int seat);

class Table {
 public:
  // date_ms: wall-clock milliseconds since the epoch, for library dates.
  // ns: the storage namespace. "gamut." is the player's own library; a page
  // that embeds Gamut gets one of its own, so it never touches the player's.
  Table(Storage& storage, std::function<double()> date_ms, std::string ns = "gamut.");

  void set_namespace(std::string ns) { ns_ = std::move(ns), cache_ok_ = false; }  // before the first game
  Session* session() { return session_.get(); }
  const Session* session() const { return session_.get(); }

  // New games' seeds. The browser draws them from its crypto source, so no
  // seat can work out the dice from the date a game began.
  std::function<uint64_t()> entropy;

  // The page API. Each returns "" or a message for the person; a failed call
  // leaves the current game and every saved game as they were.
  // options_json may say "by_link": true: play by link (play/corr.h), this browser at the first seat.
  std::string new_game(const std::string& id, const std::string& options_json);
  // A share code, a watch code, a play-by-link link or seat key (corr.h), or a
  // link holding "#play=<code>". A play-by-link link that rewrites the history
  // already held, or does not replay, is refused and the stored game stays. A share code
  // joins the library: as a new entry, or the entry of the same game already
  // there (the one with more moves wins). A watch code opens a replay only.
  std::string load(const std::string& code_or_link);
  std::string act(const std::string& action);
  std::string undo();
  std::string redo();
  // "uncover", "undo:allow", "undo:refuse", "notes:<json list>", "hint", "autoplay:on[:level]", "autoplay:off",
  // "replay:<n>", "live", "tutorial[:<game id>[:<scenario>]]". Returns false if cmd is none of them.
  bool command(const std::string& cmd, std::string& err);
  // The whole game (seed and secrets too): for the player's own other device, or a finished game.
  // A game played by link: its link, which holds no secret.
  std::string share_code() const;
  // A game played by link, or null.
  const corr::Game* by_link() const { return corr_.get(); }
  // The seat key of the game played by link ("" if this browser holds no seat).
  std::string seat_key() const;
  // What a spectator may see, move by move, with no seed (watch.h).
  std::string watch_code() const;
  // The page API's state(): the game, whose move, the legal actions with their
  // board paths, the shown seat's view and log, undo, replay, hint, tutorial
  // and the AI's slices. Keys about the screen (windows, selection) are the app's.
  Json state() const;
  // The screen reader's layer (web/reader.js, src/play/reader.cpp): the turn in
  // words from the screen seat's side, the log, the position described, the
  // legal moves grouped by the piece that moves. Only what the board shows.
  Json reader() const;
  // The rules text with each rule's sources, for the reader's HTML.
  Json rules() const;

  // Resolves chance and lets the AI think for at most budget_ms. True if anything changed.
  bool step(double budget_ms, double now_ms);
  // Replay: the position after `replay_pos` actions is shown and nothing can be played.
  bool replaying = false;
  int replay_pos = 0;
  int replay_length() const;  // actions there are to replay
  bool replay_only = false;   // a replay an embed shows: it cannot go live (a watch code is always so)
  // Narration: notes[i] comments move i + 1 ("notes:<json list>"); state()["note"] is the shown move's.
  std::vector<std::string> notes;
  const std::string& note() const;                     // the shown move's note, "" if none
  bool watching() const { return watch_ != nullptr; }  // a watch code is open: replay only
  Json shown_view() const;                             // what the screen shows: live, replayed or watched
  std::vector<std::string> shown_log() const;
  int shown_seat() const;                          // whose view that is (-1: public)
  bool can_act() const;                            // the screen seat is a person and is to move, live
  Action guide_action(int* kind = nullptr) const;  // the hint's action (kind 1), else the tutorial's (kind 2)
  // The same, from the screen seat's view already parsed (the renderer has it every frame).
  Action guide_action(const view::View& shown, int* kind) const;

  // Games for the tutorial: the current one if it has scenarios, else the first that has.
  std::string tutorial_game() const;

  // The library: every game started or opened is an entry of its own, kept
  // after every change and never overwritten by another game.
  struct Entry {
    std::string id, game, name, code, error;  // error: why the entry cannot be read ("" if it can)
    double created = 0, updated = 0;
    int moves = 0;
    bool finished = false, practice = false;
    std::vector<std::string> players;
  };
  std::vector<Entry> library() const;  // newest first
  std::string open_game(const std::string& id);
  std::string delete_game(const std::string& id);  // the UI asks first
  const std::string& current_id() const { return current_; }
  // Reopens the game last played, else the newest unfinished one ("" : none, or
  // nothing kept). game: the newest unfinished game of that id.
  std::string resume(const std::string& game = "");
  std::string latest_unfinished(const std::string& game) const;  // its entry id, or ""
  std::string save_as(const std::string& name);                  // a named copy of the current game
  // Games kept by the first storage layout (gamut.v1.*) become library entries.
  // Their keys stay, so nothing is lost; run once per namespace "gamut.".
  void migrate_v1();
  // Why saving does not work now ("" when it does); shown on the home screen.
  const std::string& storage_note() const { return storage_note_; }

  // Called after every change to the game: a move, undo, redo, a new or opened
  // game. fresh: another game is now on the table (new, loaded, resumed).
  // ended: the game has just finished (once per finished game).
  std::function<void(bool fresh, bool ended)> on_change;
  // Called when an autosave fails; the game goes on in memory.
  std::function<void(const std::string& why)> on_storage_error;
  // Called with a notice for the person (finished games pruned to make room).
  std::function<void(const std::string& text)> on_notice;

 private:
  void start(std::unique_ptr<Session> s, const std::string& name = "");
  void open(std::unique_ptr<Session> s, const std::string& id);
  void changed(bool fresh = false);
  void autosave();
  std::string write_entry(const std::string& id, const Session& s, const std::string& name, double created);
  std::string new_id() const;
  std::string key(const std::string& id) const { return ns_ + "v2.game." + id; }
  Json read_entry(const std::string& id) const;  // throws DataError
  Storage& storage_;
  std::function<double()> date_ms_;
  std::string ns_, current_, current_name_;
  double current_created_ = 0;
  std::unique_ptr<Session> session_;
  std::unique_ptr<Watch> watch_;
  std::unique_ptr<corr::Game> corr_;  // a game played by link; session_ is then its replay as this seat knows it
  void show_corr(std::unique_ptr<corr::Game> g, const std::string& id);  // id "": a new library entry
  std::string load_corr(const std::string& code, uint64_t format);
  std::string find_corr(const std::string& nonce) const;  // the library entry holding that game, or ""
  bool ended_posted_ = false;
  std::string storage_note_;
  mutable std::vector<Entry> cache_;  // library(), until the next write
  mutable bool cache_ok_ = false;
};

}  // namespace gamut
