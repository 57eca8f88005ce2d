// Mosby's Raiders (Victory Games, 1985): solitaire. The player runs Mosby's
// guerrilla band; the Union is run by the game's procedures as chance actions
// (dice, blind draws from the pool) and automatic steps.
// Rules: seed 002_2a7019d436107931.txt. Map and tables: rules-data/mosby/v1.json.
#pragma once
#include <array>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/game.h"

namespace gamut::mosby {

enum UnitType : int8_t { COMBAT, BLANK, PICKET, COURIER, WAGON };
constexpr int kPool = -1, kHold = -2, kElim = -3, kReinf = -4;

// Action codes. Chance outcomes first, then the player's choices. A code "+ node" names a
// space of the map: each such range is kNodeSpan codes wide, so the board may hold at most
// kNodeSpan spaces (MosbyGame's constructor refuses a larger one as a DataError).
constexpr Action kNodeSpan = 200;
constexpr bool node_action(Action a, Action base) { return a >= base && a < base + kNodeSpan; }
constexpr Action kDie = 0;       // + 1..6
constexpr Action kDraw = 100;    // + unit kind
constexpr Action kPath = 300;    // + node: a die roll among equidistant paths
constexpr Action kPick = 500;    // + unit: a die roll for which unit takes a loss
constexpr Action kPlace = 1000;  // + node
constexpr Action kMove = 1200;   // + node
constexpr Action kScout = 1400;  // + node
constexpr Action kAttack = 1600, kDemolishBridge = 1601, kDemolishDepot = 1602, kDemolishRail = 1603,
                 kDemolishWagon = 1604, kKidnap = 1605, kFree = 1606, kDisband = 1607, kPass = 1608, kStop = 1609,
                 kSkedaddle = 1610, kStand = 1611;
// Optional-rule choices (optional.cpp).
constexpr Action kInterrogate = 1680, kRelease = 1681, kCarryCannon = 1682;
constexpr Action kHideCannon = 1800;  // + node (8.3)
// The Action and Event cards (cards.cpp).
constexpr Action kPlay = 3000;      // + card type: play it
constexpr Action kDiscard = 3100;   // + card type: discard it (hand limit, a wound, the Cannon at will)
constexpr Action kGuide = 3200;     // + node: enter it with Local Guide
constexpr Action kDulaney = 3400;   // + node: enter Alexandria with French Dulaney
constexpr Action kInfo = 3600;      // + node: scout it with Local Information
constexpr Action kCardDraw = 3800;  // + card type: a blind draw from a deck
constexpr Action kMarker = 3900;    // + depot marker, drawn blind
constexpr Action kGoOn = 3990;      // play nothing (more): roll, accept, continue

// Where Action cards may be played (5.1 and the card summaries): window() says
// which window the pending step is in, so decisions() can offer the cards that fit it.
enum CardWindow : int8_t {
  W_NONE,
  W_EVENTS,         // A7: the Event step
  W_OPERATIONS,     // B: any Operations action (Local Guide, Local Information, Ames...)
  W_PHASE,          // C3: Mosby's action in a Phase (Spur the Horses, Hide...)
  W_INITIATIVE,     // C1: Gain the Initiative instead of the roll
  W_COMBAT,         // 6.5 step 3D: modifiers and Hide before the combat die
  W_COUNTERATTACK,  // 6.5 step 5: after the combat die
  W_CASUALTY,       // a casualty check: Mosby Escapes, before or after the die
  W_SCOUT,          // 6.1 step 2: Scout modifiers before the die
};

struct Kind {
  UnitType type;
  int strength;
  int reinf;  // 0 = "S"
  std::string name;
};

struct Unit {
  int8_t kind = 0;
  int16_t loc = kPool;  // node, or kPool / kHold / kElim / kReinf
  int16_t from = -1;    // space it last entered from (retreat route for attackers, 6.5)
  bool active = false, seen = false, retreat = false;
  int8_t dmg = 0;  // strength points lost (a strength marker under it)
};

// The Union units in one space, on the stack: the procedures ask for them many times a
// move, and a vector's allocation was a tenth of a WebAssembly playout. The data hold at
// most kMax Union counters (checked when loaded).
struct UnitList {
  static constexpr int kMax = 96;
  int n = 0;
  int16_t v[kMax];
  const int16_t* begin() const { return v; }
  const int16_t* end() const { return v + n; }
  size_t size() const { return size_t(n); }
  bool empty() const { return n == 0; }
};

struct Space {
  int8_t status = 0;  // 0 none, 1 revealed, 2 the ● side (extended lines)
  bool lines = false, tc = false, devastated = false;
  int8_t bridge = 0;  // 0 none, 1 intact, 2 demolished
  int8_t depot = -1;  // depot marker index, -1 none
  bool depot_destroyed = false, rail_destroyed = false;
};

struct Leader {
  int16_t loc = -1;
  int8_t state = 0;  // 0 not yet, 1 on the map, 2 kidnapped (with Mosby), 3 gone
};

// One activation check (7.2): a space's unknown garrison, a counter, or a Troop Concentration.
struct Check {
  int8_t what;  // 0 garrison, 1 unit, 2 troop concentration
  int16_t id;   // node or unit
  bool operator==(const Check& o) const { return what == o.what && id == o.id; }
};

struct Task {
  int16_t op, a = 0, b = 0, c = 0;
};

// The last roll's words (last_roll(), the view, debug()), kept as English formats and their
// arguments and written out, in the reader's language, only when shown (MosbyState::roll_text).
// Every die and draw of a playout or of the search is narrated: formatting each at once
// (vsnprintf, the card and counter labels, std::string) cost a fifth of a playout natively and
// more in WebAssembly, where the C library and the allocator are slower.
struct Narration {
  enum Kind : int8_t { INT, NODE, CARD, UNIT_KIND, TEXT, RAW, RATIO, SO_FAR };
  // INT: %d or %+d. The others fill a %s: NODE a space's name, CARD a card's label, UNIT_KIND a
  // counter kind's label, TEXT English translated when shown, RAW text shown as it is (it must
  // outlive the state: a literal or the game's data), RATIO the odds column v (-4..+4) as "3:1",
  // SO_FAR the parts before, which this part then replaces ("%s: die %d").
  struct Arg {
    Kind kind = INT;
    int v = 0;
    const char* s = nullptr;
  };
  static Arg arg(int v) { return {INT, v, nullptr}; }
  static Arg arg(const char* english) { return {TEXT, 0, english}; }
  static Arg arg(Arg a) { return a; }
  struct Part {
    const char* fmt;  // English, and translated when shown unless tr is false
    bool tr;
    int8_t first, count;  // its arguments in args
  };
  static constexpr int kParts = 12, kArgs = 24;
  std::array<Part, kParts> parts{};
  std::array<Arg, kArgs> args{};
  int8_t nparts = 0, nargs = 0;
  std::string flat;  // parts written out early when more did not fit (a long combat), rare
};
inline Narration::Arg node_arg(int n) { return {Narration::NODE, n, nullptr}; }
inline Narration::Arg card_arg(int type) { return {Narration::CARD, type, nullptr}; }
inline Narration::Arg kind_arg(int kind) { return {Narration::UNIT_KIND, kind, nullptr}; }
inline Narration::Arg raw_arg(const char* text) { return {Narration::RAW, 0, text}; }

// A game's options as a state reads them (optional.cpp).
struct MosbyOptions {
  int victory = 9;             // "victory_notoriety"; above 9 plays 8.1
  std::array<bool, 10> opt{};  // opt[k]: optional rule 8.k (2-9 from their ids)
  std::string scenario;        // empty: none
};

class MosbyGame;
enum class Needs : int8_t;  // what a task waits for (procedure.h)

class MosbyState : public State {
 public:
  MosbyState(const MosbyGame* g, const Json& options);
  int to_move() const override;
  int seats() const override { return 1; }
  std::vector<Action> legal() const override;
  void legal_into(std::vector<Action>& out) const override;
  std::vector<double> chance_probs() const override;
  void chance_into(std::vector<Action>& outcomes, std::vector<double>& probs) const override;
  void apply(Action a) override;
  std::vector<double> returns() const override;
  std::string action_name(Action a) const override;
  std::string public_name(Action a, int viewer) const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<MosbyState>(*this); }
  Json view(int seat) const override;
  std::unique_ptr<State> determinize(int seat, Rng& rng) const override;
  std::string debug() const override;
  void check() const override;
  double heuristic(int seat) const override;
  // Random play loses within a turn or two, so random playouts score every
  // move near a defeat. Scored by the heuristic at once, the search with the
  // hint's 2,000 iterations won 15 of 40 games (mean Notoriety 5.5) against
  // 4 of 40 (2.1) with playouts; the greedy bot wins 21% (rules data v3; 24% under v2).
  int playout_plies() const override { return 0; }
  double heuristic_scale() const override;
  std::vector<int> action_nodes(Action a) const override;
  std::string describe_result() const override;
  double score() const override { return notoriety_; }

  // Read access for tests and the renderer.
  int turn() const { return turn_; }
  int notoriety() const { return notoriety_; }
  int pp() const { return pp_; }
  int awareness() const { return awareness_; }
  int strength() const { return strength_; }
  int mosby_at() const { return mosby_; }
  bool wounded() const { return wounded_turn_ >= turn_ - 1 && wounded_turn_ > 0; }
  bool in_phases() const { return phases_; }
  int initiative() const { return initiative_; }  // 0 none, 1 Mosby, 2 Union
  const std::vector<Unit>& units() const { return units_; }
  const Space& space(int n) const { return spaces_[n]; }
  const Leader& leader(int i) const { return leaders_[i]; }
  int cards_due() const { return cards_due_; }  // A6: Action cards the Recruitment Table gives this turn
  const std::vector<int>& hand() const { return hand_; }
  // End-of-game summary (WEB): what earned or cost Performance Points, and when.
  struct PpEntry {
    int turn, points, notoriety;  // points: + earned, - lost; Notoriety after them
    const char* why;
  };
  const std::vector<PpEntry>& ledger() const { return ledger_; }
  const std::vector<int>& notoriety_by_turn() const { return notoriety_by_turn_; }
  Json summary() const;           // summary.cpp
  Json notoriety_series() const;  // Notoriety at each turn's end, and at the end of a game ended inside a turn
  CardWindow window() const;
  std::string step() const;
  std::string check_target() const;  // the pending Activation check
  std::string last_roll() const { return roll_text(); }
  std::string roll_text() const;  // the last roll's words, written out now (procedure.cpp)

  // Scenario hooks: the Event cards and scripted tests call these (scenario.cpp).
  // Points go into the performance ledger with why (a string literal, or text
  // that outlives the state such as a card name in the game data).
  void gain_pp(int n, const char* why = "");
  void lose_pp(int n, const char* why = "");
  void set_awareness(int a);
  void place_leader(int i);                                            // first leader card
  void remove_leader(int i);                                           // second leader card
  void start_wagon_train();                                            // the Union Wagon Train card (7.8)
  void extend_lines(int result);                                       // Extend the Front, a table result 1-6
  bool extended(int result) const { return extended_ >> result & 1; }  // a repeat is rolled again (7.1)
  void place_depot(int node, int marker);    // Depot card: a marker drawn blind (values in the data)
  void place_troop_concentration(int node);  // Place Union Troop Concentration
  void devastate(int node);
  void restore_lines();                                                          // 7.1
  void setup_for_test(int turn, int notoriety, int pp, int strength, int node);  // Operations at node
  int put_unit(int kind_type, int strength, int node, bool active);              // from the pool; -1 if none

 private:
  friend class MosbyGame;
  const MosbyGame* g_;
  // Procedure engine (procedure.cpp): a stack of tasks; the top one is run until it needs
  // a die, a draw or the player's decision. Each task's handlers are in the table of procedure.h.
  struct TaskInfo;
  static const TaskInfo& task(int op);
  Needs needs() const;  // what the top task waits for
  void advance();
  void push(int op, int a = 0, int b = 0, int c = 0) {
    stack_.push_back({int16_t(op), int16_t(a), int16_t(b), int16_t(c)});
  }
  void end_turn_now();
  bool run_top();  // false when the top task waits for input
  void input(Action a);
  bool wait_input(const Task& t);          // a task that always waits for its input
  void no_input(const Task& t, Action a);  // a task that takes none
  bool pop_task();                         // the top task needs no input after all
  // The last roll's words: narrate() starts them, narrate_more() adds to them; fmt is English
  // (a literal marked N() for the tables), each argument an int, an English literal to
  // translate, or one of the *_arg() of Narration.
  template <class... A>
  void narrate(const char* fmt, A... a) {
    roll_.nparts = roll_.nargs = 0;
    roll_.flat.clear();
    add_part(fmt, true, {Narration::arg(a)...});
  }
  template <class... A>
  void narrate_more(const char* fmt, A... a) {
    add_part(fmt, true, {Narration::arg(a)...});
  }
  void add_part(const char* fmt, bool tr, std::initializer_list<Narration::Arg> args);
  void write_part(std::string& out, const Narration::Part& p) const;
  void show_roll(int d);          // the die rolled, after the words narrate() gave for what it was for
  int pool_unit(int kind) const;  // a counter of that kind in the pool, -1 none
  bool choose_path();             // a path task's candidates_ set: false while a die must choose

  // One handler per task (procedure.h), in the file of its chapter.
  // procedure.cpp: the sequence of play.
  bool run_turn(const Task& t);
  bool ready_place(const Task& t);
  void input_place(const Task& t, Action a);
  bool run_prep_moves(const Task& t);
  void input_recruit(const Task& t, Action a);
  bool run_cards(const Task& t);
  bool run_events(const Task& t);
  void input_initiative(const Task& t, Action a);
  bool run_phase(const Task& t);
  bool run_end_turn(const Task& t);
  // operations.cpp: Mosby's actions.
  bool ready_ops(const Task& t);
  bool ready_mosby_action(const Task& t);
  void input_action(const Task& t, Action a);
  bool run_after_enter(const Task& t);
  void input_scout(const Task& t, Action a);
  bool run_scout_fail(const Task& t);
  // union.cpp: Union movement, Activation checks and draws.
  bool ready_unit(const Task& t);
  void input_random_move(const Task& t, Action a);
  bool run_union_actions(const Task& t);
  bool run_union_act(const Task& t);
  void input_union_roll(const Task& t, Action a);
  bool ready_path(const Task& t);
  void input_path(const Task& t, Action a);
  bool ready_checks(const Task& t);
  void input_checks(const Task& t, Action a);
  bool ready_draw(const Task& t);
  void input_draw(const Task& t, Action a);
  // combat.cpp.
  bool run_union_attack(const Task& t);
  bool run_attack_here(const Task& t);
  void input_skedaddle(const Task& t, Action a);
  void input_combat_roll(const Task& t, Action a);
  bool ready_loss(const Task& t);
  void input_loss(const Task& t, Action a);
  bool run_retreat_all(const Task& t);
  void input_casualty(const Task& t, Action a);
  bool run_post_combat(const Task& t);
  // cards.cpp.
  bool ready_draw_action(const Task& t);
  void input_draw_action(const Task& t, Action a);
  bool ready_limit(const Task& t);
  void input_discard(const Task& t, Action a);
  void input_event_roll(const Task& t, Action a);
  bool run_event_next(const Task& t);
  bool ready_event_draw(const Task& t);
  void input_event_draw(const Task& t, Action a);
  bool ready_extend(const Task& t);
  void input_extend(const Task& t, Action a);
  bool ready_pool_draw(const Task& t);
  void input_extend_draw(const Task& t, Action a);
  bool ready_marker(const Task& t);
  void input_marker(const Task& t, Action a);
  void input_raid_die(const Task& t, Action a);
  void input_raid_draw(const Task& t, Action a);
  bool ready_card_unit(const Task& t);
  void input_raid_step(const Task& t, Action a);
  void input_sweep(const Task& t, Action a);
  bool run_event_combat_end(const Task& t);
  bool ready_combat_cards(const Task& t);
  void input_combat_cards(const Task& t, Action a);
  void input_counterattack(const Task& t, Action a);
  void input_casualty_card(const Task& t, Action a);
  void input_gain_initiative(const Task& t, Action a);
  bool ready_perm_discard(const Task& t);
  // wagon.cpp.
  bool run_wagon_move(const Task& t);
  bool ready_wagon_step(const Task& t);
  void input_wagon_step(const Task& t, Action a);
  bool ready_escort_checks(const Task& t);
  void input_escort_checks(const Task& t, Action a);
  bool ready_escort_draw(const Task& t);
  void input_escort_draw(const Task& t, Action a);
  void input_guide_q(const Task& t, Action a);
  // optional.cpp.
  void input_demolition(const Task& t, Action a);
  void input_rail_repair(const Task& t, Action a);
  void input_depot_contents(const Task& t, Action a);
  void input_interrogate_q(const Task& t, Action a);
  void input_interrogation(const Task& t, Action a);
  void input_hide_search(const Task& t, Action a);
  void input_cannon_search(const Task& t, Action a);

  // Rules helpers.
  bool combat(int u) const;
  int cur_strength(int u) const;
  bool blocked_potomac(int from, int to) const;
  UnitList units_at(int n) const;
  // units_at(n) asked a question without the vector: the legal moves ask these every move.
  bool unit_at(int n) const;           // a counter in n
  bool active_combat_at(int n) const;  // an activated combat unit in n
  bool any_active() const;
  bool in_lines(int n) const { return spaces_[n].lines || spaces_[n].tc; }
  std::vector<int> dist_from(const std::vector<int>& sources) const;
  void dist_into(const int* sources, int n, std::vector<int>& d) const;  // the same into the caller's buffer
  void use_status(int n, int side);
  void to_pool(int u);
  void to_hold(int u);
  void eliminate_noncombat(int u);
  void deactivate(int u);
  void activate(int u);
  void examine(int u);  // a deactivated counter looked at by scouting or entering
  std::vector<Check> checks_around(int n, bool include_space_units) const;
  void start_checks(const std::vector<Check>& c, int ctx, int node);
  void mosby_enter(int n);
  void union_enter(int u, int n, bool& stop);
  void begin_combat(bool mosby_attacks);
  void finish_combat(int result, int natural);
  void mosby_removed();
  void take_loss(int u);
  void wound();
  void end_of_turn();
  void finish(bool won, const std::string& how);
  void add_placements(std::vector<Action>& r, Action base) const;  // A3: base + each space
  bool can_demolish(int what) const;
  void add_scout_targets(std::vector<Action>& r, Action base) const;  // base + each space
  void decisions(std::vector<Action>& r) const;                       // into r, cleared first
  std::vector<int> candidates_;                                       // paths or units a chance pick chooses among

  std::vector<Task> stack_;
  std::vector<Unit> units_;
  std::vector<Space> spaces_;
  std::array<Leader, 2> leaders_{};
  std::vector<Check> checks_;
  int check_ctx_ = 0, check_node_ = -1;
  bool batch_combat_ = false, batch_any_ = false;
  std::vector<int> combat_units_;     // Union units in the current combat
  std::vector<int8_t> combat_taken_;  // strength points each lost in it
  bool mosby_attacks_ = false;
  int combat_strength_ = 0, combat_loss_ = 0, combat_mod_ = 0, combat_hits_ = 0;
  int turn_ = 1, notoriety_ = 1, pp_ = 0, awareness_ = 1, strength_ = 0;
  int mosby_ = -1, wounded_turn_ = 0, initiative_ = 0, cards_due_ = 0, ops_actions_ = 0;
  int victory_ = 9;
  int extended_ = 0;  // Extend Union Lines results already applied
  bool phases_ = false, over_ = false, won_ = false, dead_ = false;
  std::vector<int> hand_;  // Action cards
  std::vector<int> dice_;
  std::vector<int> last_;
  Narration roll_;
  std::string how_;
  std::vector<int> notoriety_by_turn_;
  std::vector<PpEntry> ledger_;  // WEB: the performance ledger (summary.cpp)

  // ---- The Action and Event cards, hand rules and play windows (cards.cpp).
 public:
  void give_card(const std::string& name);  // puts a named Action card in the hand (tests, scenarios)
  bool holds(int effect) const;             // an Action card with that MosbyGame::Effect is in the hand
  bool hidden() const { return hidden_; }   // Hide was played and holds (7.2)
  const std::vector<int>& events_drawn() const { return events_; }  // this turn's Event cards, in order
  int extra_events_ = 0;                                            // added to the Event card die (8.2 sets it)
  void give_event(const std::string& name);            // resolves a named Event card now (tests, scenarios)
  void empty_event_deck();                             // every Event card counts as drawn (tests)
  int combat_modifier() const { return combat_mod_; }  // the pending combat die's modifier

 private:
  int deck_left(bool event) const;                // cards left in the Action or Event deck
  void event_combat(int u, int mode, int mod);    // an Event card's unit attacks Mosby's space
  void card_legal(std::vector<Action>& r) const;  // into r, cleared first
  std::vector<double> card_probs() const;
  void card_probs(const std::vector<Action>& l, std::vector<double>& p) const;  // l: card_legal()
  void probs_for(const std::vector<Action>& l, std::vector<double>& p) const;   // l: legal()
  std::string card_action_name(Action a) const;
  void card_plays(std::vector<Action>& r) const;  // card actions at Mosby's Operations and Phase decisions
  void card_play(Task t, Action a);               // ... and their effect
  int use_entry_card(Action a);                   // Local Guide / French Dulaney: the node entered
  void local_information(int n);
  void draw_action_cards();  // A6
  void start_events();       // A7
  void resolve_event(int type);
  void cards_begin_combat();
  bool card_after_roll(int idx, int natural);
  int card_extra_casualties();
  void card_combat_lost();
  bool card_casualty(int d);
  void card_wounded();
  bool card_initiative_window(const Task& t);  // OP_PHASES_BEGIN: Gain the Initiative first (C1)
  bool card_escape_window(const Task& t);      // OP_CASUALTY: Mosby Escapes before the die (6.5)
  int card_initiative_bonus() const;
  void start_phases(int who);
  int phase_allowance() const;
  bool fast_horses_step(int from, int to, bool first, int left);
  int entry_mode(int n, bool active_combat);
  void card_phases_started();
  void card_union_actions();
  bool ames_exempt(int u) const;
  void scatter_active();
  void cards_end_of_turn();
  int scout_bonus() const;
  int entry_check_bonus() const;
  void card_view(Json& v) const;
  std::string card_step_text() const;
  void scout_success(int n);
  int decision_kind(int op) const;
  void discard(int type);
  std::vector<int8_t> out_;         // per card type: copies out of its deck (hand, discards, played)
  std::array<int16_t, 2> left_{};   // copies left in the Action and Event decks, kept with out_
  void open_decks();                // out_ sized and left_ full, once (a game without cards has neither)
  void take_card(int k);            // a copy of type k leaves its deck
  void recount_decks();             // left_ again after out_ was set wholesale (a reshuffle)
  int count_left(int event) const;  // copies left in a deck, summed from out_
  std::vector<int> events_;         // Event cards drawn this turn
  int events_left_ = 0;
  int entry_ = 0;                             // the entry card chosen with this move: 1 Local Guide, 2 French Dulaney
  int spur_ = 0;                              // Spur the Horses played before this Phase move
  bool fh_left_ = false, pike_used_ = false;  // Fast Horses: its space unused; a pike taken this move
  int ames_left_ = 0;                         // Ames: entries left
  bool ames_phase_ = false;                   // ... played in a Phase (one Move Action)
  std::vector<int> ames_exempt_;              // units Mosby passed with Ames: they do not attack this Phase
  bool hidden_ = false;                       // Hide holds
  bool init_asked_ = false;                   // Gain the Initiative offered for the pending roll
  bool escape_asked_ = false;                 // Mosby Escapes offered before the pending casualty die
  bool rolled_ = false;                       // the combat die was rolled (Hide comes too late)
  int card_mod_ = 0, card_str_ = 0, odds_mod_ = 0;  // non-permanent combat cards played; the odds modifier
  int extra_cas_ = 0;                               // casualty checks owed: Surprise Attack, a 1 before a Counterattack
  int pending_idx_ = 0, pending_nat_ = 0;           // a combat result awaiting Counterattack
  int event_combat_ = 0;                            // 1 Extend the Front, 2 Union Raiding Column
  int event_mod_ = 0;                               // the raiding column's surprise
  bool lee_ = false;                                // Lee Needs Information counts at the end of this turn

  // ---- Leaders (6.3) and the Union Wagon Train (7.8) in wagon.cpp, the optional rules (8.1-8.9)
  // in optional.cpp, the scripted Examples of Play in scenario.cpp.
 public:
  int wagon_at() const { return wagon_at_; }
  int wagon_state() const { return wagon_state_; }  // 0 never, 1 on the map, 2 destroyed, 3 gone
  int escorts_hidden() const { return escorts_hidden_; }
  const std::vector<int>& escorts() const { return escorts_; }
  bool option(int rule) const { return opt_[rule]; }  // optional rule 8.<rule> chosen at game start
  bool revised() const;                               // the rules data has the review's fixes (v3+)
  const std::string& scenario() const { return scenario_; }
  // A space within the lines whose garrison is not known: no marker, or the ● side (7.1, 7.2, 8.4, 8.8).
  bool unrevealed(int n) const;
  int scenario_step() const { return step_pos_; }       // player decisions of the script taken so far
  bool scripted() const;                                // the next chance outcome comes from the script
  int leader_penalty() const;                           // kidnapped leaders slow Mosby in the Phases (6.3)
  int events_bonus() const { return opt_[2] ? 2 : 0; }  // 8.2: added to the Event card die (A7)
  bool hide_search() const { return opt_[3]; }          // 8.3: a search die after Union units enter
  void hide_cannon(int node);                           // 8.3: the Cannon card set aside in a space
  int cannon_at() const { return cannon_at_; }

 private:
  void wagon_init(const MosbyOptions& o);
  void wagon_view(Json& v) const;
  std::string victory_level() const;  // 8.1 victory levels
  void script_filter(std::vector<Action>& outcomes) const;
  void script_advance(Action a);  // before a move is applied: follow or leave the script
  bool optional_end_turn();       // 8.4 repairs; true when tasks were pushed
  std::string wagon_step(int op) const;
  void wagon_decisions(std::vector<Action>& r) const;  // adds and filters the player's choices
  void wagon_union_actions();                          // the train moves first among non-combat units
  bool wagon_escort_act(int u);                        // true when an escort's Action is handled
  void wagon_phase_checks();                           // escorts checked while Mosby shares the space
  bool wagon_attack_draws();                           // hidden escorts join a Mosby attack
  bool wagon_end_turn();                               // true when tasks were pushed before the turn ends
  void wagon_on_enter(int n);                          // Mosby steps into n
  void wagon_on_reveal(int n);                         // a revealed marker is newly placed
  void wagon_on_noncombat(int u);                      // Mosby eliminates a non-combat unit
  bool wagon_demolish(Action a);                       // true when a die must decide first (8.6)
  void demolish_effect(Action what, bool success);
  void setup_scenario(const std::string& id);
  bool preparing() const;
  bool hide_search_roll();               // 8.3: true when a search die decides whether the hidden Mosby is found
  void union_entered(int n);             // 8.3: a Union unit entered n (the Cannon's hiding place)
  void drop_escort(int u);               // a counter leaving the map stops being a Wagon Train escort
  void around_checks(int n, bool here);  // Activation checks around n (and in it), as after a demolition
  int16_t wagon_at_ = -1;
  int8_t wagon_state_ = 0;
  bool wagon_arrived_ = false;
  int8_t escorts_hidden_ = 0;
  std::vector<int> escorts_;
  std::array<bool, 10> opt_{};   // opt_[k]: optional rule 8.k
  std::vector<int8_t> unknown_;  // 8.8: a space entered without drawing its garrison
  int loot_ = 0, loot_at_ = -1;  // 8.9: depot contents carried off on leaving the space
  int cannon_at_ = -1;           // 8.3: where the Cannon is hidden
  int train_phases_ = 0;         // Phases this turn with the Wagon Train on the map (engine safeguard)
  std::string scenario_;
  int script_pos_ = 0, step_pos_ = 0;
  bool script_off_ = false;
};

class MosbyGame : public Game {
 public:
  MosbyGame(const Json& data, int version);
  std::unique_ptr<State> new_state(const Json& options, int seats) const override;

  using Options = MosbyOptions;
  // The options read, kept for the next state: a playout starts a state each time with the
  // match's same options, and their key lookups (a std::string made for each key, a map
  // search) were 8% of a Mosby playout in WebAssembly. The engine runs on one thread.
  const Options& options(const Json& o) const;

  struct Link {
    int to, type;
    bool potomac;
  };
  std::vector<std::vector<Link>> adj;
  std::vector<std::vector<int>> roads;  // clockwise from road #1 (7.4)
  std::vector<bool> orig_lines, orig_tc, confed, railroad, north, flag;
  std::vector<std::array<bool, 7>> extend;  // extend[n][k]: on Extend Union Lines result k
  std::vector<int> bridges, depot_sites, depot_values;
  std::vector<Kind> kinds;
  std::vector<int> unit_kind;  // counter -> kind
  std::array<int, 2> leader_home{};
  std::vector<int> unit_reinf_;  // counter -> reinforcement box, 0 = "S"
  int pike = -1, track = -1, wagon_start = -1, wagon_end = -1, status_markers = 30, hand_limit = 6;
  std::vector<int> awareness_tab;               // by Notoriety 1-10
  std::vector<std::array<int, 6>> recruit_tab;  // by Notoriety 1-10, die 1-6
  std::vector<int> cards_healthy, cards_wounded;
  std::vector<std::pair<int, std::string>> crt;  // lowest total -> result
  std::vector<std::pair<int, int>> reaction;     // lowest total -> modifier
  std::vector<int> odds_mosby, odds_union;       // index: -4..+4 (1:5 .. 5:1) -> modifier
  std::array<std::string, 6> move_combat, move_noncombat;
  int init_needed = 4;
  // Rules data v3 and later play the fixes of the rules review (issue 15, its D1-D14): the ● spaces
  // hold a garrison, escort checks on meeting the Wagon Train and the rest, each tested in
  // review_test.cpp. Records made under v1 and v2 name their version and replay as they were made.
  bool revised = false;
  Json perf;
  int pp(const char* key) const { return perf.value(key, 0); }
  // The points the AI's heuristic weighs at every leaf, read from perf once.
  int pp_bridge = 0, pp_railroad = 0, pp_wagon = 0, pp_kidnap = 0;
  int node(const std::string& id) const { return board_.at(id); }
  const std::string& name(int n) const { return board_.nodes[n].id; }
  int kind_of(UnitType t, int strength) const;

  // The Action and Event cards, one type per printed face (cards.cpp).
  enum Effect : int8_t {
    C_CANNON,
    C_FAST_HORSES,
    C_SCOUT,
    C_PISTOL,
    C_INIT_BONUS,
    C_AMBUSH,
    C_COUNTER,
    C_AWARE_RESET,
    C_DULANEY,
    C_GAIN_INIT,
    C_HIDE,
    C_GUIDE,
    C_INFO,
    C_ESCAPES,
    C_SURPRISE,
    C_AMES,
    C_SPUR,
    C_BLUFF,
    C_CHARGE,
    E_REINFORCE,
    E_PP_BONUS,
    E_STOUGHTON,
    E_DULANEY,
    E_EXTEND,
    E_BO_RAID,
    E_SCALED_BONUS,
    E_LEE,
    E_AWARE_MINUS,
    E_TRAPPED,
    E_DEPOT,
    E_TC,
    E_PRESS,
    E_REPAIR_RAIL,
    E_REPAIR_BRIDGES,
    E_UNDEVASTATE,
    E_RESTORE,
    E_DEVASTATE,
    E_DISEASE,
    E_DESERTION,
    E_BURNING,
    E_AWARE_RESET,
    E_NOTORIETY_BONUS,
    E_SCALED_LOSS,
    E_SWEEP,
    E_RAID,
    E_WAGON,
    C_NONE
  };
  struct CardType {
    std::string id, name;  // name: the English, with its face's detail ("Depot (Vienna)"); code matches it
    std::string base;      // the card's name without the detail, a key of the game's table
    Json face;             // the printed face's own numbers (null: a card with one face)
    int face_no = 0;
    std::string effect_text, note;  // the card's effect and its historical note, apart for the view
    std::string text;               // both, for the log and the CLI
    Effect effect;
    bool event, permanent;
    int count;
    Json num;  // the card's numbers, its face's merged in
  };
  std::vector<CardType> cards;  // empty in v1 data: no cards are drawn
  struct DeckEntry {
    bool event;
    int8_t count;
  };
  // cards[k]'s deck and copies, packed: the draws scan every type at every draw, and a
  // CardType is a few hundred bytes of text.
  std::vector<DeckEntry> deck;
  // Each deck's card types in order, and the copies it holds when full: a draw lists only its
  // own deck's types, and a state counts the copies left instead of summing them at every draw.
  std::array<std::vector<int8_t>, 2> deck_types;
  std::array<int, 2> deck_size{};
  std::string card_label(int type) const;  // the name to show, in the reader's language
  std::string kind_label(int kind) const;  // a counter's kind to show: "combat 2", "courier"
  std::array<int, C_NONE + 1> card_of{};   // effect -> first type with it (-1 none)
  void load_cards(const Json& d);

 private:
  mutable Json options_json_;  // the options last read, and what they read as
  mutable Options options_;
  mutable bool options_read_ = false;
};

}  // namespace gamut::mosby
