// Share codes come from links anyone can craft. Decoding and replaying one must
// either succeed or throw DataError: no crash, no other exception.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/match.h"

using namespace gamut;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string code(reinterpret_cast<const char*>(data), size);
  try {
    Match m(decode_share_code(code));
    // A code that loads must survive what the UI does next with it.
    (void)m.state().view(-1);
    (void)encode_share_code(m.record());
  } catch (const DataError&) {
  }
  return 0;
}
