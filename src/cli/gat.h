#pragma once
#include <map>
#include <string>

namespace gamut {
// gamut gat --host H --port P --level L [--seed S] [--verbose]
int cmd_gat(const std::map<std::string, std::string>& flags);
std::string gat_bot_name(const std::string& level);
}  // namespace gamut
