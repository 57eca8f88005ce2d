// Geister on screen: the free set-up (Mise en place). Before the first move
// each player arranges four good and four evil ghosts on their own eight start
// squares, by clicking two to swap them or dragging one onto another.
#include <algorithm>
#include <random>

#include "core/text.h"
#include "ui/draw.h"
#include "ui/extension.h"

namespace gamut::ui {
namespace {

class GeisterUi : public Extension {
 public:
  bool editing(Host& h) const override {
    const State& st = h.session().state();
    int t = st.to_move();
    return h.can_act() && !h.session().covered() && st.view(t).value("phase", "") == "setup" &&
           st.find_action("setup:GGGGEEEE") >= 0;
  }

  void draw_editor(Host& h, ImDrawList* dl) override {
    fresh(h);
    const Game& g = h.session().match().game();
    std::vector<int> s = slots(h);
    const Json& styles = g.data().contains("pieces") ? g.data()["pieces"] : Json::object();
    for (size_t i = 0; i < s.size(); ++i)
      draw_piece(dl, h.board().at(g.board().nodes[s[i]]), h.board().scale * 0.36f,
                 styles.value(good_[i] ? "good" : "evil", Json::object()), h.seat_color(h.seat()), sel_ == int(i));
  }

  void editor_click(Host& h, int down, int up) override {
    fresh(h);
    std::vector<int> s = slots(h);
    auto slot = [&](int n) { return n < 0 ? -1 : int(std::find(s.begin(), s.end(), n) - s.begin()); };
    int sd = slot(down), su = slot(up), n = int(s.size());
    if (sd >= 0 && su >= 0 && sd < n && su < n && sd != su) {  // a drag from one ghost onto another
      std::swap(good_[sd], good_[su]);
      sel_ = -1;
    } else if (su >= 0 && su < n) {  // a click: the second one swaps with the first
      if (sel_ >= 0 && sel_ != su) {
        std::swap(good_[sel_], good_[su]);
        sel_ = -1;
      } else {
        sel_ = sel_ == su ? -1 : su;
      }
    }
    h.redraw();
  }

  std::vector<int> editor_nodes(Host& h) override { return slots(h); }

  void panel(Host& h, const Json&) override {
    if (!editing(h)) return;
    fresh(h);
    ImGui::TextWrapped("%s", T("Arrange your ghosts: click two to swap them (or drag one onto another). Blue dot = "
                               "good, red dot = evil."));
    if (button(T("Random setup"))) good_.clear();
    ImGui::SameLine();
    if (button(T("Confirm setup"))) {
      std::string nm = "setup:";
      for (bool g : good_) nm += g ? 'G' : 'E';
      std::string err = h.act(nm);
      if (!err.empty()) h.notify(T(err), true);
    }
    ImGui::Separator();
  }

  void state(const Host&, Json& out) const override {
    if (good_.empty()) return;
    std::string e;
    for (bool g : good_) e += g ? 'G' : 'E';
    out["setup_editor"] = e;
  }

 private:
  std::vector<bool> good_;   // which start slot holds a good ghost
  int sel_ = -1;             // the slot clicked first, waiting for its partner
  size_t ply_ = size_t(-1);  // the position the arrangement is for

  std::vector<int> slots(Host& h) const {
    return h.session().match().game().board().tagged("start" + std::to_string(h.seat()));
  }
  // A new position (a move, undo, another game) starts from a new random arrangement.
  void fresh(Host& h) {
    size_t ply = h.session().match().record().actions.size();
    if (ply != ply_) good_.clear(), sel_ = -1, ply_ = ply;
    size_t n = slots(h).size();
    if (good_.size() == n) return;
    std::vector<int> idx(n);
    for (size_t i = 0; i < n; ++i) idx[i] = int(i);
    std::shuffle(idx.begin(), idx.end(), std::mt19937(std::random_device{}()));
    good_.assign(n, false);
    for (size_t i = 0; i < n / 2; ++i) good_[idx[i]] = true;
  }
};

const ExtensionRegistrar reg("geister", [] { return std::make_unique<GeisterUi>(); });

}  // namespace
}  // namespace gamut::ui
