/* The floor for `gamut bench --game geister`: a minimal hand-written Geister
 * random-playout loop with the engine's rules (rules-data/geister/v1.json,
 * src/games/geister/geister.cpp) and none of its generality. Flat arrays, a
 * xorshift generator, the 300-ply draw. Each playout: both set-ups uniformly
 * at random (one of the 70 ways to place four good ghosts), the first player
 * by lot, then uniformly random legal moves until the game ends.
 *
 * Rules as the engine has them: a ghost steps to an orthogonal neighbour not
 * held by its own side, taking an enemy ghost there; a good ghost on one of the
 * two far corners may escape (its side wins). Taking the fourth good ghost
 * wins, taking the fourth evil ghost loses; a side left without a move loses;
 * 300 moves after the set-ups draw.
 *
 * Usage: geister_ref [--seconds S] [--seed N]; prints the same lines as gamut bench. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t rng_state = 88172645463325252ULL;
static inline uint64_t xorshift64(void) {
  uint64_t x = rng_state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return rng_state = x;
}
static inline int below(int n) { return (int)(xorshift64() % (uint64_t)n); }

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Squares r * 6 + c, a1 = 0. South (0) starts on b1-e1, b2-e2 and escapes at
 * a6, f6; North (1) starts on b5-e5, b6-e6 and escapes at a1, f1. */
static const int kStart[2][8] = {{1, 2, 3, 4, 7, 8, 9, 10}, {25, 26, 27, 28, 31, 32, 33, 34}};
static int adj[36][4], nadj[36];
static int is_exit[2][36];

/* Moves encoded as from * 64 + to, escapes as from * 64 + 63. */
static int playout(long* plies) {
  signed char board[36]; /* ghost index or -1; ghosts 0-7 South's, 8-15 North's */
  signed char at[16];    /* square, or -1 once off the board */
  unsigned char good[16];
  int lost[2][2] = {{0, 0}, {0, 0}}; /* lost[side][good] */
  int moves[64];
  memset(board, -1, sizeof board);
  for (int s = 0; s < 2; ++s) {
    int g[8] = {1, 1, 1, 1, 0, 0, 0, 0};
    for (int i = 7; i > 0; --i) {
      int j = below(i + 1), t = g[i];
      g[i] = g[j];
      g[j] = t;
    }
    for (int k = 0; k < 8; ++k) {
      at[s * 8 + k] = (signed char)kStart[s][k];
      good[s * 8 + k] = (unsigned char)g[k];
      board[kStart[s][k]] = (signed char)(s * 8 + k);
    }
  }
  *plies += 2;
  int cur = below(2);
  for (int move = 0;;) {
    int n = 0;
    for (int i = cur * 8; i < cur * 8 + 8; ++i) {
      int from = at[i];
      if (from < 0) continue;
      for (int k = 0; k < nadj[from]; ++k) {
        int to = adj[from][k], o = board[to];
        if (o < 0 || (o >> 3) != cur) moves[n++] = from * 64 + to;
      }
      if (good[i] && is_exit[cur][from]) moves[n++] = from * 64 + 63;
    }
    if (n == 0) return 1 - cur; /* the side that just moved wins */
    int m = moves[below(n)], from = m >> 6, to = m & 63;
    ++*plies;
    if (to == 63) return cur;
    int victim = board[to];
    board[to] = board[from];
    board[from] = -1;
    at[board[to]] = (signed char)to;
    if (victim >= 0) {
      at[victim] = -1;
      int side = victim >> 3;
      if (++lost[side][good[victim]] == 4) return good[victim] ? cur : side;
    }
    cur = 1 - cur;
    if (++move >= 300) return 2;
  }
}

int main(int argc, char** argv) {
  double secs = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--seconds"))
      secs = atof(argv[i + 1]);
    else if (!strcmp(argv[i], "--seed"))
      rng_state = strtoull(argv[i + 1], 0, 10) * 0x9e3779b97f4a7c15ULL | 1;
    else {
      fprintf(stderr, "usage: geister_ref [--seconds S] [--seed N]\n");
      return 2;
    }
  }
  for (int sq = 0; sq < 36; ++sq) {
    int r = sq / 6, c = sq % 6;
    if (r > 0) adj[sq][nadj[sq]++] = sq - 6;
    if (c > 0) adj[sq][nadj[sq]++] = sq - 1;
    if (c < 5) adj[sq][nadj[sq]++] = sq + 1;
    if (r < 5) adj[sq][nadj[sq]++] = sq + 6;
  }
  is_exit[0][30] = is_exit[0][35] = 1;
  is_exit[1][0] = is_exit[1][5] = 1;
  long playouts = 0, plies = 0, results[3] = {0, 0, 0};
  double t0 = now(), t;
  while ((t = now() - t0) < secs) {
    for (int k = 0; k < 64; ++k) ++results[playout(&plies)], ++playouts; /* the clock read once per 64 */
  }
  printf(
      "game: geister (reference loop)\nplayouts: %ld\nwins: %ld,%ld draws=%ld\nplies_per_second: "
      "%.0f\nplayouts_per_second: %.1f\n",
      playouts, results[0], results[1], results[2], plies / t, playouts / t);
  return 0;
}
