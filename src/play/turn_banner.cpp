#include "turn_banner.h"

#include <algorithm>
#include <cstdio>

#include "core/text.h"

namespace gamut {

namespace {
std::string format(const char* fmt, const std::string& name) {
  char b[256];
  std::snprintf(b, sizeof b, fmt, name.c_str());
  return b;
}
}  // namespace

TurnBanner turn_banner(const Session& s) {
  const State& st = s.state();
  const Game& g = s.match().game();
  int screen = s.screen_seat();
  // "You" is the one person at the screen; with two or more, or none, seats go by name.
  bool alone = screen >= 0 && s.humans() == 1 && !s.seats()[screen].ai;
  TurnBanner b;
  if (st.terminal()) {
    std::vector<double> r = st.returns();
    b.detail = st.result_reason();
    if (r.size() == 1) {
      b.text = r[0] > 0 ? T("You win") : T("You lose");
      b.seat = 0;
      return b;
    }
    int best = int(std::max_element(r.begin(), r.end()) - r.begin());
    if (std::count(r.begin(), r.end(), r[best]) > 1) {
      b.text = T("A draw");
    } else if (alone) {
      b.text = best == screen ? T("You win") : T("You lose");
      b.seat = best;
    } else {
      b.text = format(T("%s wins"), g.seat_name(best));
      b.seat = best;
    }
    return b;
  }
  int t = st.to_move();
  if (t < 0) {
    b.text = T("Chance is drawn");  // a die, a spin or a card: over within a frame
    return b;
  }
  b.seat = t;
  int ais = int(std::count_if(s.seats().begin(), s.seats().end(), [](const Seat& x) { return x.ai; }));
  if (s.seats()[t].ai)
    b.text = ais > 1 ? format(T("The AI (%s) is thinking"), g.seat_name(t)) : T("The AI is thinking");
  else if (alone || st.seats() == 1)
    b.text = T("Your move");
  else if (t == screen)
    b.text = format(T("%s, your move"), g.seat_name(t));
  else
    b.text = format(T("%s's move"), g.seat_name(t));
  return b;
}

}  // namespace gamut
