// The Man from U.N.C.L.E. (Ideal, 1964): 2-4 players race through a path
// network, fight THRUSH agents for tokens, peek at face-down THRUSH chiefs and
// bring their mission's chief back through a side entrance of headquarters.
// Rules: seed 003_77791f39f541e6f7.txt. Board (reconstructed): rules-data/uncle/v1.json;
// v2.json keeps it and revises two rulings (see UncleGame::revised).
#pragma once
#include <array>
#include <bitset>

#include "core/game.h"

namespace gamut::uncle {

constexpr int kMaxSeats = 4, kMaxCards = 8, kMaxNodes = 256;

// Action ids. Chance and player actions never share a phase, so ranges only
// need to be distinct within one phase; they are kept globally distinct anyway.
constexpr Action kRoll = 0;        // + (d1-1)*6 + (d2-1)
constexpr Action kDeal = 40;       // + card: a chief card to the next space, or a mission to the next seat
constexpr Action kChallenge = 50;  // + die 1..6
constexpr Action kDraw = 60;       // + index of the card drawn unseen from the victim's hand
constexpr Action kPass = 70;
constexpr Action kStealToken = 80, kStealCard = 90, kNoSteal = 99;  // + victim seat
constexpr Action kTake = 100, kSwap = 110, kLeave = 120;            // kSwap + card
constexpr Action kJailRoll = 130;
constexpr Action kFreeCard = 200;    // + card * kMaxCards + chief space
constexpr Action kMove = 1000;       // + die choice (0 first, 1 second, 2 double's total) * kMaxNodes + destination
constexpr Action kPlace = 2000;      // + node: a token back onto the board after taking a chief
constexpr Action kFreeToken = 3000;  // + node: a token put down to leave THRUSH HQ

enum Phase : int8_t {
  DEAL_CHIEFS,
  DEAL_MISSIONS,
  ROLLOFF,
  ROLL,
  MOVE,
  CHALLENGE,
  STEAL,
  DRAW,
  CHIEF,
  PLACE,
  JAIL,
  JAIL_ROLL,
  OVER
};

class UncleGame;

class UncleState : public State {
 public:
  UncleState(const UncleGame* g, int seats, int max_rounds);
  int to_move() const override;
  int seats() const override { return n_; }
  std::vector<Action> legal() const override;
  void apply(Action a) override;
  std::vector<double> returns() const override;
  std::string action_name(Action a) const override;
  std::string public_name(Action a, int viewer) const override;
  std::string place_name(int node) const;  // words for the log and the reader
  std::unique_ptr<State> clone() const override { return std::make_unique<UncleState>(*this); }
  Json view(int seat) const override;
  std::unique_ptr<State> determinize(int seat, Rng& rng) const override;
  std::string debug() const override;
  void check() const override;
  double heuristic(int seat) const override;
  // The dice decide so much that random playouts drown what the search
  // learns. Each new leaf is played on for 8 plies (about two turns, the
  // dice rolls count as plies) by a greedy policy: every move is tried and
  // the one the heuristic likes best is taken. Then the heuristic scores the
  // result. Against bot:steal, ai:2 rose from 62.5% (leaves scored at once) to
  // 76% in 200 games (68.5% to 77% on a second seed); against bot:fight, 66.5%
  // to 71% on one seed and 65.5% both ways on another, so no clear gain.
  // With 4 plies it won 70.5% against bot:fight; with 30, 57.5%, and three
  // times slower.
  // The ladder: with these playouts 100 iterations won 71% against bot:fight and
  // 76% against bot:steal, 500 won 75% and 78.5%, 2,000 won 82% and 83.5% (200
  // games each) at about 30 ms a move natively, so level 2 starts at 2,000.
  int playout_plies() const override { return 8; }
  Action playout_action(Rng& rng) const override;
  std::array<int, 5> level_ladder() const override { return {100, 2000, 4000, 8000, 16000}; }
  std::vector<int> action_nodes(Action a) const override;
  std::string describe_result() const override;

  // For tests.
  Phase phase() const { return phase_; }
  int current() const { return cur_; }
  int pos(int s) const { return pos_[s]; }
  int tokens(int s) const { return tokens_[s]; }
  int jail(int s) const { return jail_[s]; }
  int mission(int s) const { return mission_[s]; }
  unsigned hand(int s) const { return hand_[s]; }
  int space_card(int k) const { return space_card_[k]; }
  bool agent(int n) const { return agent_[n]; }
  bool knows(int seat, int card) const { return knowers_[card] >> seat & 1; }
  int winner() const { return winner_; }
  // Test set-ups: put pieces where a rule test needs them.
  void set_pos(int s, int n) { pos_[s] = int16_t(n); }
  void set_tokens(int s, int t) { tokens_[s] = int8_t(t); }
  void set_agent(int n, bool on) { agent_[n] = on; }
  void give_card(int s, int card);  // moves the card from wherever it is into s's hand; s sees it
  // For play by link (uncle_secrets.cpp): whose hand a card is drawn from, and
  // a view that shows a card nowhere (it is still locked in this browser):
  // deck 0 the chiefs, deck 1 the missions.
  int victim() const { return victim_; }
  void hide(int deck, int card) { hidden_ |= uint16_t(1u << (deck * kMaxCards + card)); }

 private:
  void roll_dice(Action a);
  void land();
  void after_fight();
  void after_steal();
  void end_turn();
  void release();
  void lose_track(int owner, unsigned before);
  bool empty_crossing(int n) const;
  bool steal_possible() const;
  int chief_here() const;  // chief space pointed at from the current player's space, -1 if none
  std::vector<Action> moves() const;
  double progress(int s) const;
  std::string card_name(int c) const;
  std::string node_name(int n) const;

  const UncleGame* g_;
  int8_t n_;
  Phase phase_ = DEAL_CHIEFS;
  int8_t cur_ = 0, winner_ = -1, deal_ = 0;
  int8_t dice_[2] = {0, 0};
  std::array<int16_t, kMaxSeats> pos_{};
  std::array<int8_t, kMaxSeats> tokens_{}, jail_{}, mission_{}, rolled_{};
  std::array<uint8_t, kMaxSeats> hand_{};  // bit per chief card
  std::array<int8_t, kMaxCards> space_card_{};
  std::array<uint8_t, kMaxCards> knowers_{};  // per card: the seats that know where it is
  std::bitset<kMaxNodes> agent_;
  uint8_t contenders_ = 0;  // roll-off: seats still rolling
  int8_t victim_ = -1, to_place_ = 0;
  // Shown, not played: the challenge die (0 once the dice are rolled again) and
  // a count of rolls, so the view can tell a repeated roll from no roll. Kept
  // out of debug(), whose text the golden share codes fingerprint.
  int8_t fight_ = 0;
  int16_t rolls_ = 0;
  int16_t turns_ = 0, max_rounds_;
  int16_t last_from_ = -1, last_to_ = -1;
  std::string event_;    // what just happened, in public terms
  uint16_t hidden_ = 0;  // cards view() shows nowhere (never in debug(): play is the same)
};

class UncleGame : public Game {
 public:
  UncleGame(const Json& data, int version);
  std::unique_ptr<State> new_state(const Json& options, int seats) const override;

  int cards = 0, start = -1, thrush = -1, agents = 0;
  // Rules data v2 fixes the review's defects; v1 keeps them so old share codes
  // replay as recorded: a player's marker makes an intersection not "vide", and
  // a thief keeps track of the victim's cards he knew.
  bool revised = false;
  std::vector<std::string> card_names, card_ids;
  std::vector<std::vector<int>> paths;
  std::vector<bool> loop;
  struct Member {
    int path, index;
  };
  std::vector<std::vector<Member>> member;  // node -> the paths through it
  std::vector<bool> door, crossing;         // side entrance; intersection (tokens may be put there)
  std::vector<int> crossings;               // nodes where tokens may be put
  std::vector<int> pointer_chief;           // node -> chief space index or -1
  std::vector<int> chief_node, chief_pointer, doors;
  std::vector<int> agent_start;
  std::vector<uint8_t> dist;  // shortest path along the paths, n*n
  int d(int a, int b) const { return dist[size_t(a) * board_.nodes.size() + b]; }
  // Fewest single-die moves from a to b: turning needs exact landings, so this
  // is the AI's yardstick, not the path distance.
  std::vector<uint8_t> hops;
  int h(int a, int b) const { return hops[size_t(a) * board_.nodes.size() + b]; }
  // Where k steps along path p from index i in direction dir end, or -1.
  int walk(int p, int i, int dir, int k, bool may_enter) const;
};

}  // namespace gamut::uncle
