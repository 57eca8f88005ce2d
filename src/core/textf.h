// printf into a std::string, for the format strings T() translates whole:
// textf(T("ghost %s to %s"), from, to). A game's words for its moves and
// positions are built with it, so each sentence stays one translatable string.
#pragma once
#include <cstdarg>
#include <cstdio>
#include <string>

#include "text.h"

namespace gamut {

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
inline std::string
textf(const char* fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = std::vsnprintf(nullptr, 0, fmt, ap);
  std::string r(n > 0 ? size_t(n) : 0, '\0');
  if (n > 0) std::vsnprintf(r.data(), size_t(n) + 1, fmt, ap2);
  va_end(ap2);
  va_end(ap);
  return r;
}

}  // namespace gamut
