// Geister's AI-facing tables and beliefs (issue 22). The rules are in
// geister.cpp; this file holds what the search reads besides them.
//
// Beliefs. Every move is public, so what a ghost has done is evidence
// everybody has: a ghost that charges at its exits, or steps out of reach
// of a capture, is more likely good; one left standing where it can be
// taken is more likely evil (offered as bait). The evidence is counted per
// ghost in quarter log-odds (lean_), without ever reading a colour. When a
// ghost is revealed by a capture, its owner's honesty is scored: evidence
// that told true counts more for that owner's other ghosts, evidence that
// lied (a bluffer) counts less, or backwards, and then a ghost that never
// moved leans good: a liar keeps its good ghosts home. A side that takes
// every capture it can is chasing, not bluffing, and is never read
// backwards. One piece of evidence is hard: a ghost that stood on its exit
// and did not leave is evil.
//
// Appetite. Whether a side takes the captures it can is public too; a side
// that takes every one is modelled as doing so in playouts even when a
// fourth evil ghost would lose it the game.
#include <algorithm>
#include <cmath>

#include "geister.h"

namespace gamut::geister {

void init_ai(GeisterGame& g) {
  for (int s = 0; s < 2; ++s)
    for (int n = 0; n < kSquares; ++n) {
      int best = 99;
      for (int e = 0; e < kSquares; ++e)
        if (g.exit[s][e]) best = std::min(best, std::abs(e % 6 - n % 6) + std::abs(e / 6 - n / 6));
      g.exit_dist[s][n] = int8_t(best);
    }
  // Sound set-ups: good ghosts in both rows and on both wings, so no corner
  // is left to evil ghosts only and no one capture run finds all four.
  for (int s = 0; s < 2; ++s) {
    g.sound_setups[s].clear();
    for (int i = 0; i < kSetups; ++i) {
      int front = 0, left = 0;
      for (int8_t k : g.setups[i]) {
        int sq = g.start[s][k];
        front += std::abs(sq / 6 * 2 - 5) == 3;  // rows 1 and 4, the start rows nearer the middle
        left += sq % 6 < 3;
      }
      if (front >= 1 && front <= 3 && left >= 1 && left <= 3) g.sound_setups[s].push_back(i);
    }
  }
}

void GeisterState::note_move(int from, int to) {
  int me = cur_, opp = 1 - me, id = board_[from];
  // Every apply runs this, playouts' too: the opponent's squares as bits, not a walk of the board.
  uint64_t opp_at = squares_of(opp);
  auto enemy_near = [&](int sq) { return (g_->near_mask[sq] & opp_at) != 0; };
  auto add = [&](int ghost, int v) { lean_[ghost] = int8_t(std::clamp(lean_[ghost] + v, -12, 12)); };
  int victim = board_[to];
  if (victim >= 0) {  // revealed now: did its evidence tell true?
    // A lie counts three times a truth: a bluffer's good ghosts charge too,
    // late, so its truths say less about it than its lies do, and one lie
    // caught is enough to stop trusting its charges (at twice, the AI took
    // a bluffer's next charger as likely good and fed it evil ghosts).
    // Strong evidence that lied counts double again.
    int l = lean_[victim], w = std::abs(l) >= 4 ? 2 : std::abs(l) >= 1 ? 1 : 0;
    honest_[opp] = int8_t(std::clamp(honest_[opp] + ((l > 0) == ghosts_[victim].good ? w : -3 * w), -8, 8));
  }
  moved_ |= uint16_t(1u << id);
  int d0 = g_->exit_dist[me][from], d1 = g_->exit_dist[me][to];
  if (d1 < d0) add(id, d1 <= 2 ? 3 : 1);                // charging at the exits
  if (enemy_near(from) && !enemy_near(to)) add(id, 2);  // stepping out of reach
  bool could_take = false;
  for (int i = me * 8; i < me * 8 + 8; ++i) {
    int at = ghosts_[i].at;
    if (at < 0) continue;
    // A good ghost on its exit may leave now and win; one that stays is evil,
    // bait for a capture, and no bluff turns that round.
    if (g_->exit[me][at]) lingered_ |= uint16_t(1u << i);
    if (!enemy_near(at)) continue;
    could_take = true;
    if (i != id) add(i, -1);  // left where it can be taken
  }
  // Did the mover take a capture it had? A player who always does will take
  // a fourth evil ghost too, so it is worth offering one (playout_action).
  if (could_take) grabby_[me] = int8_t(std::clamp(grabby_[me] + (victim >= 0 ? 1 : -2), -8, 8));
}

// In the search's tree as in its playouts, an opponent seen to take every
// capture it can takes one (or leaves by an exit) when it has one. Else the
// tree's opponent, which plays as if it knew our colours, never takes the
// ghost we leave for it, and leaving one looks worse than it is: the AI took
// a fourth unknown ghost instead, a one-in-four gamble, and lost.
void GeisterState::search_moves(std::vector<Action>& legal) const {
  if (!takes_all_ || phase_ != PLAY || cur_ == viewer_) return;
  auto capture = [&](Action a) { return a < kEscapeBase && board_[(a - kMoveBase) % kSquares] >= 0; };
  if (std::none_of(legal.begin(), legal.end(), capture)) return;
  legal.erase(std::remove_if(legal.begin(), legal.end(), [&](Action a) { return a < kEscapeBase && !capture(a); }),
              legal.end());
}

// Playouts stop after this many plies and the heuristic scores them: past
// that, random moves tell more noise than game.
int GeisterState::playout_plies() const { return 30; }

double GeisterState::lean(int ghost) const {
  if (lingered_ >> ghost & 1) return -6;  // about 400 to 1
  double trust = std::clamp(1.0 + 0.45 * honest_[ghost / 8], -3.0, 1.6);
  // A side seen to take every capture it can is hunting our ghosts, and a
  // hunter's charges are blind to colour: its chasers are caught evil about
  // as often as good, and at three times a truth its lies would turn its
  // charges backwards; at worst they say nothing. Read backwards, a
  // hunter's chaser that had taken two good ghosts was drawn good 3 times in
  // 400, and ai:3 let it take a third (docs/ai-strength.md: 2,984 of 3,000
  // games against bot:hunt, 2,958 without this).
  if (grabby(ghost / 8)) trust = std::max(trust, 0.0);
  // Never surer than about 7 to 1 either way: the evidence is a rough
  // guess, and a ghost on its way out that the guess calls evil is still
  // worth a look. A side caught lying again and again is read backwards
  // more surely (trust down to -3, up to 20 to 1): a bluffer charges its
  // evil ghosts, and with trust floored at -1.5 its last evil charger stood
  // near even odds, and the AI took it and lost (docs/ai-strength.md:
  // 2,942 of 3,000 games against bot:bluff at ai:3, against 2,910).
  double most = trust < 0 ? 3.0 : 2.0, l = 0.25 * lean_[ghost] * trust;
  // A side caught lying keeps its good ghosts at home while its evil ones
  // charge, and a ghost that never moved gathers no evidence to read
  // backwards. Without this, the home ghosts read little more good than
  // the bluffer's last evil charger, and the AI took it (docs/
  // ai-strength.md: 2,973 of 3,000 games against bot:bluff at ai:3, 2,942
  // without this).
  if (trust < 0 && !(moved_ >> ghost & 1)) l += 2;
  return std::clamp(l, -most, most);
}

}  // namespace gamut::geister
