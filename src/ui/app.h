// The Gamut app: home screen, new-game dialog, the board and its panels.
// Immediate mode: every frame is drawn from the session's current view; the
// app keeps only UI state (selection, open windows), never a copy of the game.
#pragma once
#include <string>
#include <vector>

#include "extension.h"
#include "play/session.h"

struct ImVec2;

namespace gamut::ui {

struct Toast {
  std::string text;
  bool error = false;
  double until = 0;
};

class App : public Host {
 public:
  void init();                            // restores the autosave or opens a link; never throws
  bool frame(float width, float height);  // draws; true if another frame is wanted soon
  bool busy() const;
  void report_error(const std::string& what) {
    notify("Something went wrong drawing the game: " + what, true);
  }  // AI thinking, animation or a toast on screen

  // The page API (window.gamut); each returns "" or an error message.
  std::string api_state() const;
  std::string api_act(const std::string& name);
  std::string api_new_game(const std::string& id, const std::string& options_json);
  std::string api_share_code() const;
  std::string api_load(const std::string& code);
  std::string api_node_pos(const std::string& node) const;
  // The centre of a button drawn in the last frame, whether a click there
  // reaches it, and whether it stood in the same place the frame before.
  std::string api_widget(const std::string& label) const;
  // Every button stood where it stood the frame before, and no queued UI
  // command waits: what tests wait on before they look or click.
  bool layout_stable() const;
  bool thinking() const { return session_ && (session_->thinking() || session_->hinting()); }
  std::string api_undo();
  std::string api_redo();
  std::string api_ui(const std::string& cmd);  // "home", "rules", "log", "replay:<n>", "hint", "autoplay:on"...

 private:
  void start(Record r, std::vector<Seat> seats);
  void autosave();
  void after_move();
  void draw_home(float w, float h);
  void draw_play(float w, float h);
  void draw_board(const Json& view, float x, float y, float w, float h);
  void board_click(float mx, float my);
  void draw_panel(const Json& view, float x, float y, float w, float h);
  std::shared_ptr<const Game> dialog_game(const std::string& id, bool& open);
  void draw_new_game();
  void draw_rules();         // rules_panel.cpp
  Json rules_state() const;  // the rules panel as the page API reports it (rules_panel.cpp)
  void draw_share();
  void draw_saves();
  void draw_cover(float w, float h);
  void draw_banner(float w);
  void draw_solo_tools(const Json& view, int seat);
  void draw_tutorial(const Json& view);
  void draw_cards(const Json& view);
  Action guide_action(const Json& view, int* kind = nullptr) const;  // the hint's move, else the tutorial's
  std::string tutorial_expected(const Json& view, int* step = nullptr, int* steps = nullptr,
                                std::string* text = nullptr) const;
  std::string start_tutorial(const std::string& id);
  void set_session(std::unique_ptr<Session> s);  // and a fresh extension for its game
  bool editing() { return ext_ && ext_->editing(*this); }
  std::string tutorial_game() const;  // the current game if it has a tutorial, else the first that has
  int node_at(float mx, float my) const;

  std::unique_ptr<Session> session_;
  std::unique_ptr<Extension> ext_;  // what the game adds to the screen, if anything

  // Host: what an extension may use while it draws.
  Session& session() override { return *session_; }
  int seat() const override { return session_->screen_seat(); }
  bool can_act() const override;
  std::string act(const std::string& action) override { return api_act(action); }
  void notify(const std::string& text, bool error = false) override;
  void redraw() override { dirty_ = 3; }
  const BoardGeometry& board() const override { return geo_; }
  ImU32 seat_color(int seat) const override;
  bool home_ = true;
  std::vector<Toast> toasts_;
  // New game dialog.
  bool new_open_ = false;
  std::string new_id_;
  int new_count_ = 2;
  std::vector<Seat> new_seats_;
  Json new_opts_;
  // Windows.
  bool rules_open_ = false, share_open_ = false, saves_open_ = false;
  std::string rules_id_;
  bool share_warned_ = false;
  char load_buf_[4096] = {0};
  char save_name_[64] = {0};
  // Board interaction.
  std::vector<int> sel_;
  std::vector<int> chooser_;  // actions waiting for a pick when several share a path
  bool off_target_ = false;   // an "off the board" target exists for the selection
  // Replay.
  bool replay_ = false;
  int replay_pos_ = 0;
  BoardGeometry geo_;                       // refreshed every frame by draw_board
  float zoom_ = 1, pan_x_ = 0, pan_y_ = 0;  // map zoom and pan, for large boards
  bool panning_ = false;
  float panel_w_ = 0;
  bool game_over_posted_ = false;
  std::string pending_ui_;  // an api_ui command for the start of the next frame
  bool embed_ = false;
  std::string storage_note_;
  int dirty_ = 2;
  // Dice tumble and the spinner turns when their values change.
  Json dice_prev_;
  double dice_anim_until_ = 0;
  int spin_prev_ = -2;
  float spin_from_ = 0, spin_to_ = 0;
  double spin_start_ = 0;
  void draw_spinner(const Json& sp);
};

}  // namespace gamut::ui
