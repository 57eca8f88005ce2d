// Sparring bots: scripted strategies that play one plain human plan each
// (rush the exits, blockade the captain...), as yardsticks for the AI. They
// are not AI levels. Each game registers its own in its folder with
// GAMUT_REGISTER_BOT, so adding one edits no shared file; make_bot("bot:NAME")
// finds the one of the game it is asked to play.
//
// Like every bot they decide from their seat's view alone: a strategy reads
// the true state only through State::determinize(seat).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/bots.h"

namespace gamut {

using BotFactory = std::function<std::unique_ptr<Bot>()>;

struct BotRegistrar {
  BotRegistrar(const std::string& game, const std::string& name, const std::string& plan, BotFactory f);
};
#define GAMUT_BOT_CAT2(a, b) a##b
#define GAMUT_BOT_CAT(a, b) GAMUT_BOT_CAT2(a, b)
// GAMUT_REGISTER_BOT("some-game", "rush", "charge the exits", [] { return std::make_unique<RushBot>(); });
#define GAMUT_REGISTER_BOT(GAME, NAME, PLAN, FACTORY) \
  static ::gamut::BotRegistrar GAMUT_BOT_CAT(gamut_bot_registrar_, __LINE__)(GAME, NAME, PLAN, FACTORY)

struct SparringInfo {
  std::string name, plan;  // name without "bot:"
};
// A game's sparring bots in registration order (empty when it has none).
std::vector<SparringInfo> sparring_bots(const std::string& game);
// nullptr when the game has no sparring bot of that name.
std::unique_ptr<Bot> make_sparring_bot(const std::string& game, const std::string& name);

// A one-ply plan: every legal action is tried on `samples` determinizations
// of the seat's view (chance after it sampled) and scored by value(before,
// action, after) from the seat's point of view; a terminal after-state
// scores its return times 1000. The best mean wins, ties broken at random.
using PlanValue = std::function<double(const State& before, Action a, const State& after, int seat)>;
Action plan_choice(const State& s, int seat, Rng& rng, const PlanValue& value, int samples = 2);

// A bot that always chooses by plan_choice with `value`.
std::unique_ptr<Bot> plan_bot(PlanValue value, int samples = 2);

// A Bot from a function (the usual shape of a sparring strategy).
struct FnBot : Bot {
  std::function<Action(const State&, int, Rng&)> fn;
  explicit FnBot(std::function<Action(const State&, int, Rng&)> f) : fn(std::move(f)) {}
  Action choose(const State& s, int seat, Rng& rng) override { return fn(s, seat, rng); }
};

}  // namespace gamut
