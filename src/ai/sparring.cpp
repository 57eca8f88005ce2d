#include "sparring.h"

#include <algorithm>
#include <map>

#include "core/data.h"

namespace gamut {

namespace {
struct Entry {
  std::string game, name, plan;
  BotFactory make;
};
std::vector<Entry>& registry() {
  static std::vector<Entry> r;
  return r;
}
}  // namespace

BotRegistrar::BotRegistrar(const std::string& game, const std::string& name, const std::string& plan, BotFactory f) {
  registry().push_back({game, name, plan, std::move(f)});
}

std::vector<SparringInfo> sparring_bots(const std::string& game) {
  std::vector<SparringInfo> r;
  for (const Entry& e : registry())
    if (e.game == game) r.push_back({e.name, e.plan});
  return r;
}

std::unique_ptr<Bot> make_sparring_bot(const std::string& game, const std::string& name) {
  for (const Entry& e : registry())
    if (e.game == game && e.name == name) return e.make();
  return nullptr;
}

Action plan_choice(const State& s, int seat, Rng& rng, const PlanValue& value, int samples) {
  std::vector<Action> legal = s.legal();
  std::vector<double> total(legal.size(), 0);
  for (int k = 0; k < samples; ++k) {
    std::unique_ptr<State> d = s.determinize(seat, rng);
    for (size_t i = 0; i < legal.size(); ++i) {
      std::unique_ptr<State> c = d->clone();
      c->apply(legal[i]);
      while (c->to_move() == kChance) c->apply(chance_outcome(*c, rng));
      total[i] += c->terminal() ? c->returns()[seat] * 1000 : value(*d, legal[i], *c, seat);
    }
  }
  double best = *std::max_element(total.begin(), total.end());
  std::vector<Action> ties;
  for (size_t i = 0; i < legal.size(); ++i)
    if (total[i] >= best - 1e-9) ties.push_back(legal[i]);
  return ties[rng.below(int(ties.size()))];
}

std::unique_ptr<Bot> plan_bot(PlanValue value, int samples) {
  return std::make_unique<FnBot>(
      [value, samples](const State& s, int seat, Rng& rng) { return plan_choice(s, seat, rng, value, samples); });
}

}  // namespace gamut
