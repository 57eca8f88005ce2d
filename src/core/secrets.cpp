#include "secrets.h"

#include <map>

namespace gamut {

// Filled by static registrars before main: a function-local map, so the
// order in which translation units start does not matter.
static std::map<std::string, std::unique_ptr<Secrets>>& registry() {
  static std::map<std::string, std::unique_ptr<Secrets>> r;
  return r;
}

SecretsRegistrar::SecretsRegistrar(const std::string& game, SecretsFactory f) { registry()[game] = f(); }

const Secrets* secrets_for(const std::string& game) {
  auto it = registry().find(game);
  return it == registry().end() ? nullptr : it->second.get();
}

}  // namespace gamut
