// Saves come back from localStorage, which the player (or a broken browser)
// may have edited. Loading one must succeed or throw DataError.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/match.h"

using namespace gamut;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    Match m(Match::record_from_json(parse_json_text(text, "save")));
    (void)m.state().view(-1);
    (void)m.to_json().dump();
  } catch (const DataError&) {
  }
  return 0;
}
