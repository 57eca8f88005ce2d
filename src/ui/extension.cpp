#include "extension.h"

#include <map>

namespace gamut::ui {

static std::map<std::string, ExtensionFactory>& extensions() {
  static std::map<std::string, ExtensionFactory> m;
  return m;
}

ExtensionRegistrar::ExtensionRegistrar(const std::string& game_id, ExtensionFactory f) {
  extensions()[game_id] = std::move(f);
}

std::unique_ptr<Extension> make_extension(const std::string& game_id) {
  auto it = extensions().find(game_id);
  return it == extensions().end() ? nullptr : it->second();
}

}  // namespace gamut::ui
