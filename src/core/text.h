// Translation of user-facing text. T("English text") returns it in the
// player's language. The English text is its own key (as in gettext), so a
// string no table has yet still reads, in English, and code stays readable.
// Format strings are translated whole, placeholders included: T("%s wins").
#pragma once
#include <string>

namespace gamut {

const char* T(const char* english);
const std::string& T(const std::string& english);

}  // namespace gamut
