// The Gray Ghost (Transogram, 1958): 2-4 players race Mosby's Raiders from
// Start to headquarters, carry out a secret mission, capture five Union
// soldiers and report back. Rules: seed 000_039e113f8469d708.txt (French).
// Board, spinner, war cards and missions are reconstructed in
// rules-data/gray-ghost/v1.json.
//
// Hidden information. The discs lie face down for everybody, so no seat
// knows more about an unturned disc than the counts; its kind is drawn by
// chance when it is taken, from the counts not yet accounted for. A disc put
// back by its taker ("You are captured" after a capture, a blue hat after
// an Ambush) was seen by all and stays known under rules data v1. From v2 a
// "You are captured" disc goes back face down, known only to the player who
// put it there (the text's "pour tromper les autres joueurs"): the other seats
// see a face-down disc, and determinize() returns it to their unknown pool.
// Secret missions are the other private information: determinize() re-deals
// the missions a seat cannot see.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace gamut::gray_ghost {

constexpr int kMaxSeats = 4;
constexpr int kMaxNodes = 400;
constexpr int kMissions = 8;
constexpr int kCircles = 28;
constexpr int kMaxPath = 8;
constexpr int kCardKinds = 4;
constexpr uint8_t kAllSeats = 0xff;  // a disc face up: every seat and the spectator know it

// Player actions that are not board clicks; board actions are kNodeBase + node.
constexpr Action kSpin = 0, kNoMove = 1, kGoOn = 2, kNoRaid = 3, kNodeBase = 1000;

enum Zone : int8_t { NONE = -1, START, HQ, PRISON, HOSPITAL };
enum Disc : int8_t { EMPTY, UNKNOWN, KNOWN_BLUE, KNOWN_TRAP };
enum Card : int8_t { CARD_CAPTURED, CARD_WOUNDED, CARD_RAID, CARD_AMBUSH };
enum Phase : int8_t {
  LOT,        // chance: who spins first
  SPIN,       // player: spin
  SPUN,       // chance: the spinner stops
  MOVE,       // player: a direction (as its end square), or "no move"
  DISC,       // chance: the kind of the disc the raider is passing
  STOP,       // player: stop on the own mission square or go on
  MISSION,    // chance: the secret mission drawn at HQ
  ZONE,       // player: which prison or hospital on a tie
  TRAP,       // player: where the "You are captured" disc goes back
  CARD,       // chance: a war card
  RAID,       // player: which disc to raid
  RAID_DISC,  // chance: the kind of the raided disc
  AMBUSH,     // player: where a captured soldier goes back
  OVER
};

struct Raider {
  int16_t at = -1;
  int8_t mission = 0;  // 0: none yet
  bool done = false;   // mission carried out; the card is then face up
  int8_t soldiers = 0;
  bool skip = false;    // loses the next turn
  uint16_t passed = 0;  // bit m: crossed mission square m since drawing, so m is not its mission
};

struct Face {
  std::string label;
  int steps = 0, count = 1;
  bool diagonal = false, war = false;
};

class GrayGhostGame;

class GrayGhostState : public State {
 public:
  GrayGhostState(const GrayGhostGame* g, int seats, int first, int max_rounds);
  int to_move() const override;
  int seats() const override { return seats_; }
  std::vector<Action> legal() const override;
  void legal_into(std::vector<Action>& out) const override;
  std::vector<double> chance_probs() const override;
  void chance_into(std::vector<Action>& outcomes, std::vector<double>& probs) const override;
  void apply(Action a) override;
  std::vector<double> returns() const override;
  std::string action_name(Action a) const override;
  std::string public_name(Action a, int viewer) const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<GrayGhostState>(*this); }
  Json view(int seat) const override;
  std::unique_ptr<State> determinize(int seat, Rng& rng) const override;
  std::string debug() const override;
  void check() const override;
  // The AI's evaluation: how many turns a rival needs beyond this seat, in
  // expected spins (spins.cpp), with the text's tips. plain_heuristic counts
  // squares instead; the sparring bots play on it, so they stay the plain
  // yardsticks they were measured as.
  double heuristic(int seat) const override;
  double plain_heuristic(int seat) const;
  // A race decided by the spinner: random moves only add noise, so the
  // search scores each new leaf by the heuristic (turns still needed). With
  // 16-ply playouts ai:3 and ai:2 were even (50/100); scored at once, ai:3 won
  // 185/300.
  int playout_plies() const override { return 0; }
  std::vector<int> action_nodes(Action a) const override;
  std::string result_reason() const override;

  // For tests.
  const Raider& raider(int s) const { return r_[s]; }
  Phase phase() const { return phase_; }
  int current() const { return cur_; }
  int extra() const { return extra_; }
  int turns() const { return turns_; }  // turns ended (bench/gray_ghost_race.cpp times the legs by it)
  Disc disc(int circle) const { return Disc(disc_[circle]); }
  // A "You are captured" disc lying on the board that `seat` knows (-1: the spectator).
  bool sees_trap(int circle, int seat) const;
  int unknown_blue() const;  // blue hats among the face-down discs
  int unknown_trap() const;
  // Test set-ups: place a raider, give it a mission or soldiers, set a disc.
  void set_raider(int s, int node, int mission, bool done, int soldiers);
  void set_disc(int circle, Disc d, uint8_t trap_seen = kAllSeats);  // trap_seen: who knows a KNOWN_TRAP
  void set_turn(int seat) { cur_ = int8_t(seat), phase_ = SPIN, extra_ = 0; }
  void set_passed(int s, int mask) { r_[s].passed = uint16_t(mask); }
  // For play by link (gray_ghost_secrets.cpp): a view that does not show a
  // seat's mission (its card is still locked in this browser).
  void hide_mission(int seat) { hidden_ |= uint8_t(1u << seat); }

 private:
  struct Ray {
    std::array<int16_t, kMaxPath> cells;
    int8_t len = 0;
  };
  bool may_enter_hq(int s, int step, int steps, int discs_before, bool mission_before, bool trap_before) const;
  // The moves of the spin, into out (on the caller's stack: a playout lists them twice a move
  // and allocates nothing); returns how many.
  using Rays = std::array<Ray, 64>;
  int rays(Rays& out) const;
  double score(int seat, bool spins) const;
  void probs_into(std::vector<double>& p, const std::vector<Action>* legal) const;  // legal: legal(), or null
  bool occupied(int node, int except) const;  // a raider other than `except` stands there
  bool free_circle(int c) const;
  void advance();
  void take(int circle, bool trap);
  void send(Zone kind);
  void end_move();
  void end_turn();
  void arrive_hq();
  void finish(int winner);
  std::vector<int> nearest(Zone kind, int from) const;
  int holder_of_mission(int m) const;

  const GrayGhostGame* g_;
  int8_t seats_;
  std::array<Raider, kMaxSeats> r_{};
  std::array<int8_t, kCircles> disc_{};
  std::array<uint8_t, kCircles> trap_seen_{};  // a KNOWN_TRAP's knowers: bit per seat, kAllSeats face up
  std::array<int8_t, kCardKinds> deck_{};
  Phase phase_ = LOT;
  int8_t cur_ = 0, extra_ = 0, winner_ = -1;
  int8_t steps_ = 0, face_ = -1, card_ = -1;
  bool diag_ = false, trap_in_hand_ = false;
  Zone send_kind_ = NONE;
  Ray path_{};
  int8_t path_pos_ = 0;
  int16_t pending_ = -1;  // the node whose disc is being taken
  int16_t from_ = -1;     // where the current move began
  int16_t max_rounds_;
  int16_t turns_ = 0;
  std::array<int16_t, kMaxPath + 1> last_{};
  int8_t last_len_ = 0;
  uint8_t hidden_ = 0;  // seats whose mission view() does not show (never in debug(): play is the same)
};

class GrayGhostGame : public Game {
 public:
  GrayGhostGame(const Json& data, int version);
  std::unique_ptr<State> new_state(const Json& options, int seats) const override;

  int w = 0, h = 0;
  std::vector<int16_t> cell;    // grid x + y * w -> node, -1 inside a zone
  std::vector<int8_t> zone_at;  // grid x + y * w -> zone index, -1 outside
  struct ZoneRect {
    int node;
    Zone kind;
    int x0, x1, y0, y1;
  };
  std::vector<ZoneRect> zones;
  std::vector<int8_t> zone_of;    // node -> zone index or -1
  std::vector<int8_t> circle_of;  // node -> circle index or -1
  std::vector<int16_t> circles;   // circle -> node
  std::array<int16_t, kMissions + 1> mission_node{};
  std::vector<int8_t> mission_at;  // node -> mission number or 0
  std::vector<int8_t> gx, gy;      // node -> grid position (a zone: its x0, y0)
  std::vector<uint8_t> dist;       // node * n + node -> Chebyshev distance between the areas
  int hq = -1, start = -1, n = 0;
  std::vector<Face> faces;
  Face war_move;
  std::array<int, kCardKinds> card_count{};
  std::array<std::string, kCardKinds> card_title, card_text;
  std::array<std::string, kMissions + 1> mission_title;
  int blue_total = 22, trap_total = 6;
  // Rules data v2 and later (issue 15): a "You are captured" disc goes back
  // face down, a known trap on the line shuts HQ, a first player who is not
  // seated is refused. v1 records replay as they were made.
  bool revised = false;
  int d(int a, int b) const { return dist[a * n + b]; }

  // Where the moves from a node begin: a square's own position, or a zone's
  // sides and corners; each start steps (dx, dy). Returns how many.
  struct Start {
    int x, y, dx, dy;
  };
  using Starts = std::array<Start, 64>;
  int starts(int node, bool diag, Starts& st) const;
  bool corner(int x, int y, int dx, int dy) const;  // a step onto a zone square at (x, y) enters it

  // Expected spins (spins.cpp), the AI's measure of a raider's race: from a
  // node to HQ before the mission, to mission m's square, and home to HQ
  // with the exact count after it. Raiders and discs are left out, except
  // that before HQ every circle blocks, as its disc does at the start.
  float spins_to_hq(int node) const { return spins_[0][size_t(node)]; }
  float spins_to_mission(int m, int node) const { return spins_[size_t(m)][size_t(node)]; }
  float spins_home(int node) const { return spins_[kMissions + 1][size_t(node)]; }
  // A mission is drawn at HQ: the mean over the eight of HQ to its square
  // and back, in squares (the plain count) and in spins.
  double to_mission = 0, round_trip = 0;
  const std::string& id(int node) const { return board_.nodes[node].id; }

 private:
  void solve_spins();
  std::array<std::vector<float>, kMissions + 2> spins_;
};

}  // namespace gamut::gray_ghost
