// Dialogs: new game, share and open codes, saved games.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ctime>
#include <map>

#include "app.h"
#include "core/text.h"
#include "draw.h"
#include "platform/platform.h"
#include "rules_panel.h"
#include "theme.h"
#include "widgets.h"

namespace gamut::ui {

std::string date_text(double ms) {
  std::time_t t = std::time_t(ms / 1000);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", std::gmtime(&t));
  return buf;
}

std::string players_text(const std::vector<std::string>& players) {
  std::string r;
  for (const std::string& p : players)
    r += (r.empty() ? "" : ", ") + (p == "human" ? std::string(T("person")) : strf(T("AI %s"), p.substr(3).c_str()));
  return r;
}

// ---------------------------------------------------------------------------
// [SECTION] dialogs
// ---------------------------------------------------------------------------

// The game a dialog is about; on bad rules data the dialog closes with the reason.
std::shared_ptr<const Game> App::dialog_game(const std::string& id, bool& open) {
  try {
    return load_game(id);
  } catch (const std::exception& e) {
    notify(e.what(), true);
    open = false;
    return nullptr;
  }
}

void App::draw_new_game() {
  std::shared_ptr<const Game> g = dialog_game(new_id_, new_open_);
  if (!g) return;
  TextGame in(new_id_);
  const GameInfo& gi = g->info();
  next_dialog(460, 0);
  std::string title = strf(T("New game: %s"), T(gi.name).c_str()) + "###newgame";
  ImGui::Begin(title.c_str(), &new_open_, ImGuiWindowFlags_NoCollapse);
  keep_inside();
  bool by_link = corr::available(new_id_) && new_by_link_;
  if (corr::available(new_id_)) {
    checkbox(T("Play by link"), &new_by_link_);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", T("Each player in their own browser, wherever they are: after each move you send a "
                                "link. Hidden pieces stay hidden and dice stay fair, with no server."));
  }
  // Fields leave room for their labels on a phone.
  float field = std::min(240.0f, ImGui::GetContentRegionAvail().x * 0.6f);
  // By link a game may take fewer players than at a table (its decks' protocol).
  const int most = by_link ? std::max(gi.min_seats, std::min(gi.max_seats, corr::max_seats(new_id_))) : gi.max_seats;
  if (most > gi.min_seats) {
    ImGui::SliderInt(T("Players"), &new_count_, gi.min_seats, most);
    track(T("Players"));
  }
  new_count_ = std::clamp(new_count_, gi.min_seats, most);
  if (int(new_seats_.size()) < gi.max_seats) new_seats_.resize(gi.max_seats);
  const char* kinds[] = {T("Person"),     T("AI level 1 (quick)"), T("AI level 2"),
                         T("AI level 3"), T("AI level 4"),         T("AI level 5 (strongest)")};
  if (by_link)
    ImGui::TextWrapped(T("You take %s. Each other seat goes to whoever first opens the link you send them."),
                       g->seat_label(0).c_str());
  for (int i = 0; i < new_count_ && !by_link; ++i) {
    int k = new_seats_[i].ai ? new_seats_[i].level : 0;
    ImGui::SetNextItemWidth(field);
    if (combo(g->seat_label(i).c_str(), &k, kinds, 6)) {
      new_seats_[i].ai = k > 0;
      if (k > 0) new_seats_[i].level = k;
    }
  }
  if (g->data().contains("options") && !g->data()["options"].empty()) {
    section(T("Options"));
    for (const Json& o : g->data()["options"]) {
      std::string id = o["id"], label = T(o.value("label", id)) + "##" + id;
      ImGui::PushID(id.c_str());
      Json& v = new_opts_[id];
      if (v.is_null()) v = o["default"];
      if (o.contains("choices")) {
        int cur = 0, i = 0;
        std::vector<std::string> ch;
        for (const Json& c : o["choices"]) {
          ch.push_back(c.is_string() ? T(c.get<std::string>()) : c.dump());
          if (c == v) cur = i;
          ++i;
        }
        // A label too long to stand beside the box goes above it.
        bool above =
            ImGui::CalcTextSize(label.c_str()).x + std::min(200.0f, field) + 40 > ImGui::GetContentRegionAvail().x;
        if (above) ImGui::TextWrapped("%s", label.c_str());
        ImGui::SetNextItemWidth(std::min(200.0f, field));
        if (ImGui::BeginCombo(above ? "##choice" : label.c_str(), ch[cur].c_str())) {
          for (size_t j = 0; j < ch.size(); ++j)
            if (selectable(ch[j].c_str(), int(j) == cur)) v = o["choices"][j];
          ImGui::EndCombo();
        }
        track(label);
      } else if (o["default"].is_boolean()) {
        bool b = v.get<bool>();
        // The box, then its label wrapped beside it: a long label ran past the dialog.
        if (ImGui::Checkbox(("##" + id).c_str(), &b)) v = b;
        track(label);
        ImGui::SameLine();
        ImGui::TextWrapped("%s", label.c_str());
      } else if (o["default"].is_number_integer()) {
        int x = v.get<int>();
        ImGui::SetNextItemWidth(120);
        if (ImGui::InputInt(label.c_str(), &x)) v = std::clamp(x, o.value("min", -1000000), o.value("max", 1000000));
      }
      if (ImGui::IsItemHovered()) option_tooltip(o);
      ImGui::PopID();
    }
  }
  section(T("Taking moves back"));
  if (by_link) ImGui::TextDisabled("%s", T("By link, a move once sent stays."));
  if (!by_link) {
    ImGui::Checkbox(T("Practice: free undo"), &new_practice_);
    track(T("Practice: free undo"));
  }
  if (!by_link && ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", T("Off: against the computer, undo stops at the last die, draw or hidden piece you have "
                              "seen.\nOn: any move can be taken back; the log, the result and the share code say it "
                              "was a practice game."));
  ImGui::Spacing();
  if (g->data().contains("scenarios") && g->data()["scenarios"].is_object() && !g->data()["scenarios"].empty()) {
    if (big_button(T("Tutorial"))) pending_ui_ = "tutorial:" + new_id_;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", T("A rulebook example, step by step, with the moves to make shown."));
    ImGui::SameLine();
  }
  if (big_button(T("Start"))) {
    Json seats = Json::array();
    for (int i = 0; i < new_count_; ++i) seats.push_back(new_seats_[i].name());
    Json o = {{"seats", seats}, {"options", new_opts_}, {"practice", new_practice_}};
    if (by_link) o = {{"players", new_count_}, {"options", new_opts_}, {"by_link", true}};
    std::string err = table_.new_game(new_id_, o.dump());
    if (!err.empty())
      notify(err, true);
    else
      new_open_ = false;
  }
  close_button(new_open_, "newgame");
  ImGui::End();
}

// One code and its link, with what it holds in plain words.
void App::code_row(const char* what, const std::string& code, const char* id) {
  ImGui::PushID(id);
  widget_scope(std::string(id) + ":");  // "watch:Copy link", "full:Copy code"
  ImGui::TextWrapped("%s", what);
  static std::string shown[2];
  std::string& c = shown[id[0] == 'w'];
  c = code;
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##code", c.data(), c.size() + 1, ImGuiInputTextFlags_ReadOnly);
  std::string link = platform::page_url() + "#play=" + code;
  if (button(T("Copy code"))) platform::copy_text(code), notify(T("Code copied"));
  ImGui::SameLine();
  if (button(T("Copy link"))) platform::copy_text(link), notify(T("Link copied"));
  widget_scope("");
  ImGui::PopID();
}

void App::draw_share() {
  next_dialog(540, 0);
  ImGui::Begin((std::string(T("Share and open codes")) + "###share").c_str(), &share_open_,
               ImGuiWindowFlags_NoCollapse);
  keep_inside();
  if (table_.session()) {
    const State& s = table_.session()->state();
    bool secret = table_.session()->match().game().info().hidden_info && !s.terminal();
    if (table_.by_link()) {
      code_row(T("Link of this game played by link: every move so far, with hidden pieces only as sealed "
                 "fingerprints. Send it to the player whose turn it is; anyone may see it."),
               table_.share_code(), "link");
    } else if (table_.watching()) {
      code_row(
          T("Watch link of this game: the moves and what every player can see. It replays and cannot be played on."),
          table_.share_code(), "watch");
    } else if (secret) {
      code_row(
          T("Watch link: the moves and what every player can see, with no hidden piece or card and nothing that tells "
            "the dice to come. It replays to the current move and cannot be played on. Safe to send to anyone."),
          table_.watch_code(), "watch");
      ImGui::Separator();
      if (table_.session()->covered()) {
        ImGui::TextWrapped("%s", T("The full save is offered once the player to move has claimed the screen."));
      } else if (!share_warned_) {
        ImGui::TextWrapped("%s", T("Full save: for your own other device. It holds every move, so whoever opens it "
                                   "sees all hidden pieces and cards, and the dice to come. Once the game is over, its "
                                   "code is a replay anyone may see."));
        if (button(T("Show the full save"))) share_warned_ = true;
      } else {
        code_row(T("Full save (every hidden piece and card, the dice to come, and each seat's player):"),
                 table_.share_code(), "full");
      }
    } else {
      code_row(s.terminal()
                   ? T("Replay code of this game: every move, and everything that was hidden.")
                   : T("Code of this game: every move and each seat's player. Whoever opens it plays on from here."),
               table_.share_code(), "full");
    }
    ImGui::Separator();
  }
  ImGui::TextUnformatted(T("Open a code or link:"));
  const ImGuiStyle& style = ImGui::GetStyle();
  ImGui::SetNextItemWidth(
      -(std::max(touch() ? kTouchTarget : 0.0f, ImGui::CalcTextSize(T("Open")).x + 2 * style.FramePadding.x) +
        style.ItemSpacing.x));
  ImGui::InputText("##load", load_buf_, sizeof load_buf_);
  track("##load");
  ImGui::SameLine();
  if (button(T("Open"))) {
    std::string err = table_.load(load_buf_);
    if (!err.empty()) {
      notify(strf(T("That code could not be opened: %s. Your current game is unchanged."), T(err).c_str()), true);
    } else {
      share_open_ = false, load_buf_[0] = 0;
      if (!table_.watching() && !table_.by_link()) seats_open_ = true;
    }
  }
  close_button(share_open_, "share");
  ImGui::End();
}

// A game played by link, in the side panel: whose turn it is, the link to
// send, and the seat key with its warning.
void App::draw_by_link(int seat) {
  const corr::Game& g = *table_.by_link();
  const corr::Replay& r = g.state();
  const Game& game = table_.session()->match().game();
  if (r.finished) {
    ImGui::TextColored(ink(ImVec4(1, 0.85f, 0.4f, 1)), "%s", result_text().c_str());
  } else if (seat < 0) {
    ImGui::TextWrapped("%s", T("You hold no seat in this game on this device. To play your seat here, open its "
                               "seat key under Share."));
    ImGui::TextWrapped(T("Waiting for %s."), r.waiting.c_str());
  } else if (r.to_act == seat && !r.automatic) {
    ImGui::Text(T("Your move (%s)."), game.seat_label(seat).c_str());
  } else {
    ImGui::TextWrapped(T("Waiting for %s: send them the link."), r.waiting.c_str());
  }
  std::string link = platform::page_url() + "#play=" + g.code();
  if (button(T("Copy the link"))) platform::copy_text(link), notify(T("Link copied"));
  if (platform::can_share()) {
    ImGui::SameLine();
    if (button(T("Share the link"))) platform::share_link(game.info().name, link);
  }
  ImGui::TextDisabled("%s", T("A player who stops sending links stops the game."));
  if (seat < 0) return;
  if (!key_warned_) {
    if (button(T("Seat key"))) key_warned_ = true;
  } else {
    ImGui::TextWrapped("%s", T("Your seat key is private: it holds your hidden pieces. Whoever has it can play "
                               "your seat. Open it on your other device after the game's link, to go on there. "
                               "Without it your seat cannot be played anywhere but here."));
    if (button(T("Copy seat key"))) platform::copy_text(table_.seat_key()), notify(T("Seat key copied"));
    ImGui::SameLine();
    if (button(T("Hide the key"))) key_warned_ = false;
  }
}

std::string App::result_text() const {
  if (const corr::Game* g = table_.by_link()) {
    const corr::Replay& r = g->state();
    return r.verified ? r.result + " " + T("(verified)") : std::string(T("Not verified: ")) + r.failure;
  }
  return table_.session()->state().describe_result();
}

// A game opened from a link keeps the seats its code names; the person can
// hand a seat to the computer, or take one back, before going on.
void App::draw_seats() {
  Session& s = *table_.session();
  const Game& g = s.match().game();
  next_dialog(0, 0);
  ImGui::Begin((std::string(T("Who plays")) + "###seats").c_str(), &seats_open_,
               ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize);
  keep_inside();
  ImGui::Text(T("%s, move %d."), T(g.info().name).c_str(), s.state().move_number());
  const char* kinds[] = {T("Person"),     T("AI level 1 (quick)"), T("AI level 2"),
                         T("AI level 3"), T("AI level 4"),         T("AI level 5 (strongest)")};
  for (int i = 0; i < int(s.seats().size()); ++i) {
    int k = s.seats()[i].ai ? s.seats()[i].level : 0;
    ImGui::SetNextItemWidth(std::min(240.0f, ImGui::GetIO().DisplaySize.x * 0.5f));
    if (combo(g.seat_label(i).c_str(), &k, kinds, 6)) {
      s.set_ai(i, k > 0, std::max(1, k));
      dirty_ = 3;
    }
  }
  if (big_button(T("Play"))) seats_open_ = false;
  ImGui::End();
}

void App::draw_saves() {
  next_dialog(600, 460);
  ImGui::Begin((std::string(T("Saved games")) + "###saves").c_str(), &saves_open_, ImGuiWindowFlags_NoCollapse);
  keep_inside();
  close_button(saves_open_, "saves");
  if (table_.session() && !table_.watching()) {
    ImGui::TextDisabled("%s", T("Every game is kept as you play. A named copy keeps this position apart."));
    ImGui::SetNextItemWidth(std::min(260.0f, ImGui::GetContentRegionAvail().x * 0.55f));
    ImGui::InputTextWithHint("##name", T("name the copy"), save_name_, sizeof save_name_);
    track("##name");
    ImGui::SameLine();
    if (button(T("Keep a copy"))) {
      std::string err = table_.save_as(save_name_);
      if (!err.empty())
        notify(strf(T("Could not save: %s. Nothing was lost; the game goes on."), T(err).c_str()), true);
      else
        notify(T("Copy kept")), save_name_[0] = 0;
    }
  }
  std::vector<Table::Entry> lib = table_.library();
  for (int finished = 0; finished < 2; ++finished) {
    section(finished ? T("Finished") : T("To resume, newest first"));
    int n = 0;
    for (const Table::Entry& e : lib) {
      if (e.error.empty() && e.finished != bool(finished)) continue;
      if (!e.error.empty() && !finished) continue;  // unreadable entries are listed last
      ++n;
      ImGui::PushID(e.id.c_str());
      widget_scope(e.id + ":");  // tests click "<id>:Resume", "<id>:Delete", "<id>:Yes, delete"
      if (e.error.empty()) {
        TextGame in(e.game);
        std::string seats = players_text(e.players), name = e.game;
        try {
          name = load_game(e.game)->info().name;
        } catch (const std::exception&) {
        }
        ImGui::Text("%s%s%s%s", T(name).c_str(), e.name.empty() || e.name == name ? "" : ": ",
                    e.name == name ? "" : e.name.c_str(), e.id == table_.current_id() ? T("  (on the table)") : "");
        ImGui::TextDisabled(T("%s | move %d | %s%s"), date_text(e.updated).c_str(), e.moves, seats.c_str(),
                            e.practice ? T(" | practice") : "");
        if (button(e.finished ? T("Open") : T("Resume"))) {
          std::string err = table_.open_game(e.id);
          if (!err.empty())
            notify(err, true);
          else
            saves_open_ = false;
        }
        ImGui::SameLine();
      } else {
        ImGui::TextColored(ink(ImVec4(1, 0.5f, 0.4f, 1)), T("Unreadable saved game (%s)"), e.error.c_str());
      }
      if (delete_ask_ != e.id) {
        if (button(T("Delete"))) delete_ask_ = e.id;
      } else {
        ImGui::TextColored(ink(ImVec4(1, 0.7f, 0.4f, 1)), "%s", T("Delete this game for good?"));
        flow(T("Yes, delete"));
        if (button(T("Yes, delete"))) table_.delete_game(e.id), delete_ask_.clear();
        flow(T("Keep it"));
        if (button(T("Keep it"))) delete_ask_.clear();
      }
      ImGui::Separator();
      widget_scope("");
      ImGui::PopID();
    }
    if (!n) ImGui::TextDisabled("%s", finished ? T("None.") : T("No unfinished games."));
  }
  ImGui::End();
}
}  // namespace gamut::ui
