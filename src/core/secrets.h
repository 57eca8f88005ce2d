// What of a game stays secret when it is played by link (play/corr.h), for
// the games whose rules hide something. The protocol is generic; a game says
// here which of its actions are secret, how such an action splits into items
// that can be committed to and revealed one by one (a Geister set-up: eight
// colours), and which items a move reveals under its rules (the colour of a
// captured ghost). A game without hidden information needs none of this.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "game.h"

namespace gamut {

class Secrets {
 public:
  virtual ~Secrets() = default;
  // True when the action the seat to move takes now is secret: the link then
  // carries a commitment to each of its items instead of the action.
  virtual bool secret(const State& s) const = 0;
  // The secret action `a` as items (small integers), and back (-1: no legal action).
  virtual std::vector<int> items(const State& s, Action a) const = 0;
  virtual Action action(const State& s, const std::vector<int>& items) const = 0;
  // A legal secret action agreeing with the items known (known[i] < 0: not
  // known), for a browser that does not hold the secret; -1 if none agrees.
  // Only revealed items may matter to the play that follows: the game must
  // reveal every item its rules look at before anything depends on it.
  virtual Action stand_in(const State& s, const std::vector<int>& known) const = 0;
  // The items applying `a` to `s` reveals under the rules, found from public
  // information only (every browser must agree). `secret` counts the owner's
  // secret actions from 0. The mover's own items must be revealed before its
  // move; another seat's, by that seat before the game goes on.
  struct Item {
    int seat, secret, item;
  };
  virtual std::vector<Item> revealed_by(const State& s, Action a) const = 0;
  // A browser's state holds stand-ins for the items it does not know: `view`
  // (s.view(seat)) must not show them, even where the rules have shown them
  // and the owner's reveal has not come yet. Hides those of `unknown`.
  virtual void mask(Json& view, const State& s, const std::vector<Item>& unknown) const {}
};

using SecretsFactory = std::function<std::unique_ptr<Secrets>()>;
struct SecretsRegistrar {
  SecretsRegistrar(const std::string& game, SecretsFactory f);
};
#define GAMUT_REGISTER_SECRETS(ID, FACTORY) static ::gamut::SecretsRegistrar gamut_secrets_##FACTORY(ID, FACTORY)

// The game's secrets, or null when it registered none.
const Secrets* secrets_for(const std::string& game);

}  // namespace gamut
