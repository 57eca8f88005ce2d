// The task table: every step of Mosby's procedure stack (the sequence of play and the
// procedures it calls), what it waits for, its card window and its two handlers.
// Internal to src/games/mosby.
#pragma once
#include <algorithm>

#include "mosby.h"

namespace gamut::mosby {

// X(task, code, needs, card window, run handler, input handler): one line per task.
// run is called while the task is on top of the stack and returns false while it waits
// for input (wait_input: always; a task that needs NOTHING is popped first and runs once).
// input takes the chance outcome or the decision once the task is popped (no_input: none).
// The codes are the numbers debug() prints: 0.. the core procedure, 100.. the cards,
// 200.. the Wagon Train and the optional rules. Each handler lives in its chapter's file.
#define MOSBY_TASKS(X)                                                                                                 \
  X(OP_TURN, 0, NOTHING, W_NONE, run_turn, no_input)       /* A1-A2: reinforcements, Awareness; pushes the turn */     \
  X(OP_PLACE, 1, CHOICE, W_NONE, ready_place, input_place) /* A3: Mosby placed */                                      \
  X(OP_PREP_MOVES, 2, NOTHING, W_NONE, run_prep_moves, no_input) /* A4: units outside the lines move at random */      \
  X(OP_RANDSTEP, 3, DIE, W_NONE, ready_unit,                                                                           \
    input_random_move) /* a: unit, b: context (RS_), c: spaces left (+16 once it has moved, v3) */                     \
  X(OP_RECRUIT, 4, DIE, W_NONE, wait_input, input_recruit)    /* A5: the Recruitment Table */                          \
  X(OP_CARDS, 5, NOTHING, W_NONE, run_cards, no_input)        /* A6: Action cards due */                               \
  X(OP_EVENTS, 6, NOTHING, W_EVENTS, run_events, no_input)    /* A7: the Event step */                                 \
  X(OP_OPS, 7, CHOICE, W_OPERATIONS, ready_ops, input_action) /* B: one of Mosby's Operations actions */               \
  X(OP_PHASES_BEGIN, 8, DIE, W_INITIATIVE, card_initiative_window, input_initiative) /* C1: the Initiative Table */    \
  X(OP_PHASE, 9, NOTHING, W_NONE, run_phase, no_input)                               /* C2-C3: one Phase */            \
  X(OP_MOSBY_PHASE, 10, CHOICE, W_PHASE, ready_mosby_action, input_action) /* C3: Mosby's action in a Phase */         \
  X(OP_MOSBY_MOVING, 11, CHOICE, W_PHASE, ready_mosby_action,                                                          \
    input_action) /* a: spaces left, b: allowance, c: 1 along a pike only */                                           \
  X(OP_UNION_ACTIONS, 12, NOTHING, W_NONE, run_union_actions, no_input) /* C3: every activated unit acts */            \
  X(OP_UNION_ACT, 13, NOTHING, W_NONE, run_union_act, no_input)         /* a: unit */                                  \
  X(OP_UNION_ROLL, 14, DIE, W_NONE, ready_unit, input_union_roll)       /* a: unit; the Union Movement Table */        \
  X(OP_UNION_STEP, 15, PATH, W_NONE, ready_path,                                                                       \
    input_path) /* a: unit, b: mode (MV_), c: spaces left (+16 once it has moved) */                                   \
  X(OP_UNION_ATTACK, 16, NOTHING, W_NONE, run_union_attack, no_input) /* 7.5: the units in Mosby's space attack */     \
  X(OP_ATTACK_HERE, 17, NOTHING, W_NONE, run_attack_here, no_input)   /* 6.5: Mosby attacks his space */               \
  X(OP_SKEDADDLE_Q, 18, CHOICE, W_COMBAT, ready_mosby_action, input_skedaddle) /* 6.6: stand or skedaddle */           \
  X(OP_COMBAT_ROLL, 19, DIE, W_COMBAT, wait_input, input_combat_roll)          /* 6.5: the combat die */               \
  X(OP_LOSS, 20, PICK, W_NONE, ready_loss, input_loss)                         /* a: hits left */                      \
  X(OP_RETREAT_ALL, 21, NOTHING, W_NONE, run_retreat_all, no_input)       /* 6.5: the losing Union units retreat */    \
  X(OP_RETREAT, 22, PATH, W_NONE, ready_path, input_path)                 /* a: unit, toward the lines */              \
  X(OP_CASUALTY, 23, DIE, W_CASUALTY, card_escape_window, input_casualty) /* 6.5: Mosby's casualty check */            \
  X(OP_CHECKS, 24, DIE, W_NONE, ready_checks, input_checks)               /* 7.2: the pending Activation checks */     \
  X(OP_DRAW, 25, DRAW, W_NONE, ready_draw, input_draw)                    /* a: context (DR_), b: node */              \
  X(OP_AFTER_ENTER, 26, NOTHING, W_NONE, run_after_enter, no_input)       /* a: node Mosby entered (6.2) */            \
  X(OP_SCOUT, 27, DIE, W_SCOUT, wait_input, input_scout)                  /* a: node (6.1) */                          \
  X(OP_SCOUT_FAIL, 28, NOTHING, W_NONE, run_scout_fail, no_input)         /* a: node */                                \
  X(OP_POST_COMBAT, 29, NOTHING, W_NONE, run_post_combat, no_input)       /* checks around Mosby after a combat */     \
  X(OP_END_TURN, 30, NOTHING, W_NONE, run_end_turn, no_input)             /* D: a: 1 once the end-of-turn tasks ran */ \
  X(CO_DRAW_ACTION, 100, CARD_CHANCE, W_NONE, ready_draw_action,                                                       \
    input_draw_action)                                              /* A6: one Action card, drawn blind */             \
  X(CO_LIMIT, 101, CARD_CHOICE, W_NONE, ready_limit, input_discard) /* discard down to the hand limit (5.1) */         \
  X(CO_EVENT_ROLL, 102, CARD_CHANCE, W_EVENTS, wait_input,                                                             \
    input_event_roll) /* A7: the die for the number of Event cards */                                                  \
  X(CO_EVENT_NEXT, 103, NOTHING, W_EVENTS, run_event_next,                                                             \
    no_input) /* the next Event card, if any are left this turn */                                                     \
  X(CO_EVENT_DRAW, 104, CARD_CHANCE, W_EVENTS, ready_event_draw, input_event_draw) /* one Event card, drawn blind */   \
  X(CO_EXTEND, 105, CARD_CHANCE, W_NONE, ready_extend,                                                                 \
    input_extend) /* Extend the Front: the table die, rolled again on a repeat (7.1) */                                \
  X(CO_XDRAW, 106, CARD_CHANCE, W_NONE, ready_pool_draw,                                                               \
    input_extend_draw) /* Extend the Front onto Mosby's space: a counter from the pool */                              \
  X(CO_MARKER, 107, CARD_CHANCE, W_NONE, ready_marker, input_marker) /* Depot: a marker drawn blind */                 \
  X(CO_RAID_DIE, 108, CARD_CHANCE, W_NONE, wait_input,                                                                 \
    input_raid_die) /* Union Raiding Column: the die for its space; a: card type */                                    \
  X(CO_RAID_DRAW, 109, CARD_CHANCE, W_NONE, ready_pool_draw,                                                           \
    input_raid_draw) /* a combat unit from the pool; b: node */                                                        \
  X(CO_RAID_STEP, 110, CARD_CHANCE, W_NONE, ready_card_unit, input_raid_step) /* a: unit, c: spaces left */            \
  X(CO_SWEEP, 111, CARD_CHANCE, W_NONE, ready_card_unit, input_sweep)         /* Union Sweep: a die for unit a */      \
  X(CO_EVENT_COMBAT_END, 112, NOTHING, W_NONE, run_event_combat_end,                                                   \
    no_input) /* an Event combat Mosby won: the Union unit goes back to the pool */                                    \
  X(CO_COMBAT_Q, 113, CARD_CHOICE, W_COMBAT, ready_combat_cards,                                                       \
    input_combat_cards) /* combat cards before the die (6.5 step 3D) */                                                \
  X(CO_COUNTER_Q, 114, CARD_CHOICE, W_COUNTERATTACK, wait_input,                                                       \
    input_counterattack) /* Counterattack after the die (6.5 step 5) */                                                \
  X(CO_CASUALTY_Q, 115, CARD_CHOICE, W_CASUALTY, wait_input,                                                           \
    input_casualty_card) /* Mosby Escapes (a: 2 before the die, 1 a wound rolled), Awareness Reset (0) */              \
  X(CO_INIT_Q, 116, CARD_CHOICE, W_INITIATIVE, wait_input,                                                             \
    input_gain_initiative) /* Gain the Initiative instead of the roll (C1) */                                          \
  X(CO_PERM_DISCARD, 117, CARD_CHOICE, W_NONE, ready_perm_discard,                                                     \
    input_discard)                                          /* a wound costs one Permanent card (5.1, 6.5) */          \
  X(W_MOVE, 200, NOTHING, W_NONE, run_wagon_move, no_input) /* the Wagon Train's Action in a Phase (7.8) */            \
  X(W_STEP, 201, PATH, W_NONE, ready_wagon_step,                                                                       \
    input_wagon_step) /* a: -1 the train, else an escort; c: spaces left */                                            \
  X(W_ESCORT_CHECKS, 202, DIE, W_NONE, ready_escort_checks,                                                            \
    input_escort_checks) /* a: hidden escorts left to check; b: 1 if those that stay asleep go on the map */           \
  X(W_DRAW, 203, ESCORT_DRAW, W_NONE, ready_escort_draw,                                                               \
    input_escort_draw) /* a: 1 activated escort, 2 face down (freed), 3 joins Mosby's attack; b: node */               \
  X(W_DEMOLISH_ROLL, 204, DIE, W_NONE, wait_input, input_demolition)  /* a: the demolish action (8.6) */               \
  X(W_RAIL, 205, DIE, W_NONE, wait_input, input_rail_repair)          /* a: node (8.4) */                              \
  X(W_DEPOT, 206, DIE, W_NONE, wait_input, input_depot_contents)      /* 8.9: the Depot Demolition Table */            \
  X(W_INTERROGATE, 207, DIE, W_NONE, wait_input, input_interrogation) /* a: unit type (8.7) */                         \
  X(W_CANNON_SEARCH, 208, DIE, W_NONE, wait_input,                                                                     \
    input_cannon_search) /* 8.3: a Union unit entered the Cannon's hiding place */                                     \
  X(W_HIDE_SEARCH, 209, DIE, W_NONE, wait_input,                                                                       \
    input_hide_search) /* 8.3: a search die; a: 0 in a Phase, 1 at step 3D, 2 non-combat unit b entered */             \
  X(W_INTERROGATE_Q, 250, CHOICE, W_NONE, wait_input, input_interrogate_q) /* interrogate or release (8.7) */          \
  X(W_GUIDE_Q, 251, CHOICE, W_NONE, wait_input, input_guide_q) /* Local Guide negates the escort checks (7.8) */

enum Op : int16_t {
#define MOSBY_TASK_CODE(task, code, ...) task = code,
  MOSBY_TASKS(MOSBY_TASK_CODE)
#undef MOSBY_TASK_CODE
};

constexpr int kTaskCodes = 1 + std::max({
#define MOSBY_TASK_CODE(task, code, ...) code,
                                   MOSBY_TASKS(MOSBY_TASK_CODE)
#undef MOSBY_TASK_CODE
                               });

// What a task waits for once its run handler returns false.
enum class Needs : int8_t {
  NOTHING,      // it runs at once
  DIE,          // a die, 1-6
  DRAW,         // a counter drawn from the pool
  ESCORT_DRAW,  // a combat counter drawn from the pool (7.8)
  PATH,         // a die roll among equal paths (candidates_)
  PICK,         // a die roll for the unit that takes a loss (candidates_)
  CHOICE,       // the player's decision (decisions())
  CARD_CHANCE,  // a card task's chance outcome (card_legal(), card_probs())
  CARD_CHOICE,  // a card task's decision (card_legal())
};

struct MosbyState::TaskInfo {
  Needs needs = Needs::NOTHING;
  CardWindow window = W_NONE;
  bool (MosbyState::*run)(const Task&) = nullptr;
  void (MosbyState::*input)(const Task&, Action) = nullptr;
};

// Task arguments. Random-movement contexts.
enum { RS_PREP, RS_PHASE, RS_SCATTER, RS_RETREAT };
// Union Movement Table modes.
enum { MV_DEACT, MV_RANDOM, MV_TOWARD, MV_NEAREST, MV_AWAY };
// Draw contexts.
enum { DR_ACTIVATE, DR_EXAMINE_ENTER, DR_EXAMINE_SCOUT, DR_UNSEEN };
// Activation-check contexts.
enum { CK_ENTER, CK_AROUND, CK_SCOUT_FAIL };

// UnitType names, as the data and the view's faces spell them.
constexpr const char* kTypeName[] = {"combat", "blank", "picket", "courier", "wagon"};

// Odds column -4..+4 (1:5 .. 5:1); combat.cpp.
int ratio_index(int att, int def);

}  // namespace gamut::mosby
