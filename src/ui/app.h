// The Gamut app: home screen, new-game dialog, the board and its panels.
// Immediate mode: every frame is drawn from the session's current view; the
// app keeps only UI state (selection, open windows), never a copy of the game.
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

#include "board_art.h"
#include "core/text.h"
#include "core/view.h"
#include "extension.h"
#include "play/table.h"
#include "zoom.h"

namespace gamut::ui {

struct Toast {
  std::string text;
  bool error = false;
  double until = 0;
};

class App : public Host {
 public:
  App();
  void init();                            // restores the autosave or opens a link; never throws
  bool frame(float width, float height);  // draws; true if another frame is wanted soon
  bool busy() const;
  void report_error(const std::string& what) {
    notify(strf(T("Something went wrong drawing the game: %s"), what.c_str()), true);
  }  // AI thinking, animation or a toast on screen

  // The page API (window.gamut): the game's calls go to the table; these add the screen's own.
  Table& table() { return table_; }
  std::string api_state() const;  // the table's state() and the screen's keys
  std::string api_node_pos(const std::string& node) const;
  // The centre of a button drawn in the last frame, whether a click there
  // reaches it, and whether it stood in the same place the frame before.
  std::string api_widget(const std::string& label) const;
  // Each board node where it is drawn and how wide its hit area is, in CSS px:
  // [{node, label, x, y, w}]; a tap where areas overlap asks which node was meant.
  std::string api_hits() const;
  // Every button stood where it stood the frame before, and no queued UI
  // command waits: what tests wait on before they look or click.
  bool layout_stable() const;
  // Two fingers moved: their centre from `from` to `to`, their spread times `factor`.
  void pinch(ImVec2 from, ImVec2 to, float factor);
  void gesture(bool on);  // a second finger came down (on) or the fingers are off (false)
  bool thinking() const { return table_.session() && (table_.session()->thinking() || table_.session()->hinting()); }
  // Windows ("home", "rules", "share", "saves", "close" for all), then the table's commands
  // ("replay:<n>", "hint", "autoplay:on"...), then the game extension's.
  std::string api_ui(const std::string& cmd);
  // "en" or "fr": the tables, the page's lang and shell text; kept for the next visit when `remember`.
  std::string set_lang(const std::string& lang, bool remember);

 private:
  // localStorage, through the platform layer.
  struct WebStorage : Storage {
    bool get(const std::string& key, std::string& value, std::string& err) const override;
    std::string set(const std::string& key, const std::string& value) override;
    void remove(const std::string& key) override;
    std::vector<std::string> keys(const std::string& prefix) const override;
  };
  WebStorage storage_;
  Table table_;
  void draw_home(float w, float h);  // home.cpp
  // `slot`: the picture's texture, 1 to platform::kBakeSlots - 1 (any other: drawn unbaked).
  void draw_board_picture(const Game& g, ImVec2 lo, ImVec2 hi, int slot);
  struct HomeCard {
    std::string id;
    ImVec4 r;
    std::string facts;  // the line of plain facts it shows
  };
  std::vector<HomeCard> home_cards_;  // where the library's cards stood last frame, for layout tests
  bool home_more_ = false;            // cards lie below the fold
  Json home_cards_json() const;
  void draw_play(float w, float h);
  void draw_board(const view::View& view, float x, float y, float w, float h);
  void board_click(float mx, float my);
  void draw_node_pick();
  std::vector<int> node_pick_;  // the nodes a tap may have meant, asked about by name
  ImVec2 node_pick_at_;
  // raw: the same view as JSON, for the game's extension, which may read keys of its own
  void draw_panel(const view::View& view, const Json& raw, float x, float y, float w, float h);
  std::shared_ptr<const Game> dialog_game(const std::string& id, bool& open);
  void draw_new_game();
  void draw_rules();         // rules_panel.cpp
  Json rules_state() const;  // the rules panel as the page API reports it (rules_panel.cpp)
  void draw_share();
  void code_row(const char* what, const std::string& code, const char* id);
  void draw_saves();
  void draw_cover(float w, float h);
  void draw_seats();                        // who plays each seat of a game opened from a link
  void draw_by_link(int seat);              // a game played by link: whose turn, the link, the seat key (dialogs.cpp)
  std::string result_text() const;          // the result banner's line; by link, "verified" or the move that failed
  void open_link(const std::string& code);  // a link from the address bar: opened, or the reason shown
  bool new_by_link_ = false, key_warned_ = false;
  // Embeds (embed.cpp): the modes, the height posted to the host, the move events, the narration.
  bool init_embed();
  void post_height(float w, float h);
  void post_move();
  void draw_note();
  void draw_toolbar(float w);
  const char* other_language() const;  // the switch's label: the other language, in its own words
  void switch_language();
  void language_button();       // the switch to the other language, on the home screen and in the toolbar
  bool lang_from_url_ = false;  // lang= in the address (an embed's): the visitor's own choice stays as it was
  bool frozen_ = false;         // mode=position&frozen=1: one position, no stepping
  bool ui_minimal_ = false;     // ui=minimal: no toolbar at all
  bool menu_open_ = false;      // a narrow screen's toolbar folded into a menu
  float bar_h_ = 40;            // the toolbar's height this frame (0 with ui=minimal)
  float posted_height_ = 0;
  std::string announced_;
  double autoplay_next_ = 0;  // replay play/pause: when the next move shows (0: paused)
  void undo();                // the toolbar's and Ctrl+Z's undo: a refusal is told
  void draw_undo_request(float w, float h);
  void draw_undo_question();
  void draw_banner();  // panel.cpp calls it at the panel's top
  void draw_solo_tools(int seat);
  void draw_tutorial(const view::View& view);
  void draw_cards(const view::View& view);
  bool editing() { return ext_ && ext_->editing(*this); }
  int node_at(float mx, float my) const;
  void board_pick(int n);  // a click on node n (-1: none) while moves are chosen: the mouse's and the keyboard's path
  bool board_pick_off();   // the "off the board" marker beside the selection; false when there is none
  // The nodes that can come next in the move being built from sel_, and whether
  // "off the board" can: what the board highlights and the keyboard's Tab steps through.
  std::vector<int> next_nodes(bool* off) const;

  // Keyboard play (keyboard.cpp): the board cursor, typed moves, the shortcuts' help.
 public:
  void keys_before_frame();  // before ImGui::NewFrame: keyboard navigation on, Enter presses buttons
 private:
  void keys_begin();  // this frame's shortcuts, before anything is drawn
  void keys_end();    // focus fix-ups, after everything is drawn
  void keys_moved();  // the game moved on: the panel's or toolbar's keyboard focus goes back to the board
  void draw_cursor(ImDrawList* dl);  // the cursor's focus ring, over the board
  void draw_keys_help();
  void draw_move_entry();
  std::string typed_move(const std::string& text);  // plays the move typed, or says in words why not
  std::vector<int> cursor_targets();                // the nodes Tab cycles: those that take part in a move now
  void focus_board();
  void focus_window(const char* name);
  Json keys_state() const;
  int cursor_ = -1;            // the board cursor's node; kOffCursor: the "off the board" marker
  bool cursor_shown_ = false;  // drawn once a key moved it, hidden again by a click
  bool help_open_ = false, entry_open_ = false, entry_focus_ = false;
  bool chooser_focus_ = false;  // the chooser opened from the keyboard: its first button takes the focus
  char entry_buf_[128] = {0};
  std::string entry_msg_, entry_typed_;
  std::string focus_next_;  // a window to focus at the start of the next frame ("" none, "-" the board)

  std::unique_ptr<Extension> ext_;  // what the game adds to the screen, if anything

  // Host: what an extension may use while it draws.
  Session& session() override { return *table_.session(); }
  const Session& session() const override { return *table_.session(); }
  int seat() const override { return table_.session()->screen_seat(); }
  bool can_act() const override { return table_.can_act(); }
  std::string act(const std::string& action) override { return table_.act(action); }
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
  bool rules_open_ = false, share_open_ = false, saves_open_ = false, seats_open_ = false;
  std::string delete_ask_;  // the library entry whose deletion waits for a yes
  std::string rules_id_;
  bool share_warned_ = false;
  bool new_practice_ = false;
  char load_buf_[4096] = {0};
  char save_name_[64] = {0};
  // Board interaction.
  std::vector<int> sel_;
  std::vector<int> chooser_;  // actions waiting for a pick when several share a path
  bool off_target_ = false;   // an "off the board" target exists for the selection
  BoardGeometry geo_;         // refreshed every frame by draw_board
  BoardZoom zoom_;            // the board's zoom and pan (zoom.h)
  BoardLabels board_labels_;  // the node labels as last drawn, for layout tests
  bool panning_ = false;      // the press that is down pans: its release is no click
  bool pinching_ = false;     // two fingers are on the screen
  void zoom_input(float x0, float y0, float w, float h);
  float panel_w_ = 0;
  bool sheet_ = false, sheet_up_ = false;  // the narrow screen's panel: a sheet under the board, raised or not
  std::string pending_ui_;                 // an api_ui command for the start of the next frame
  bool embed_ = false;
  int dirty_ = 2;
  // Dice tumble and the spinner turns when their values change.
  std::vector<int> dice_prev_;
  int dice_roll_prev_ = 0;
  double dice_anim_until_ = 0;
  int spin_prev_ = -2;
  float spin_from_ = 0, spin_to_ = 0;
  double spin_start_ = 0;
  void draw_spinner(const view::Spinner& sp);
};

}  // namespace gamut::ui
