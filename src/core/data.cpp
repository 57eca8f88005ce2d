#include "data.h"

#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace gamut {

#ifndef GAMUT_DATA_DIR
#define GAMUT_DATA_DIR "rules-data"
#endif

static std::string g_data_dir;

std::string data_dir() {
  if (!g_data_dir.empty()) return g_data_dir;
  if (const char* e = std::getenv("GAMUT_DATA")) return e;
  return GAMUT_DATA_DIR;
}
void set_data_dir(const std::string& d) { g_data_dir = d; }

Json parse_json_text(const std::string& text, const std::string& where) {
  try {
    return Json::parse(text);
  } catch (const Json::exception& e) {  // parse_error, and out_of_range for a number like 1e999
    throw DataError(where + ": not valid JSON (" + e.what() + ")");
  }
}

Json load_json_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw DataError(path + ": cannot open file");
  std::stringstream ss;
  ss << f.rdbuf();
  return parse_json_text(ss.str(), path);
}

static bool exists(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0;
}

std::vector<std::string> data_dirs() {
  std::vector<std::string> r;
  std::string all = data_dir();
  for (size_t p = 0; p <= all.size();) {
    size_t q = all.find(':', p);
    if (q == std::string::npos) q = all.size();
    if (q > p) r.push_back(all.substr(p, q - p));
    p = q + 1;
  }
  return r;
}

// A game's versions all come from the first directory that has a folder for
// it, so a test game's folder cannot mix its versions with another's.
static std::string data_path(const std::string& game, int v) {
  std::vector<std::string> dirs = data_dirs();
  std::string folder = (dirs.empty() ? std::string(".") : dirs[0]) + "/" + game;
  for (const std::string& d : dirs)
    if (exists(d + "/" + game)) {
      folder = d + "/" + game;
      break;
    }
  return folder + "/v" + std::to_string(v) + ".json";
}

int latest_data_version(const std::string& game) {
  int v = 0;
  while (exists(data_path(game, v + 1))) ++v;
  if (v == 0) throw DataError("no rules data for '" + game + "' in " + data_dir());
  return v;
}

Json load_rules_data(const std::string& game, int version) {
  std::string p = data_path(game, version);
  if (!exists(p))
    throw DataError("rules data version " + std::to_string(version) + " of '" + game + "' is not available");
  Json j = load_json_file(p);
  if (!j.is_object()) throw DataError(p + ": top level must be an object");
  if (req_str(j, "game", p) != game) throw DataError(p + ": \"game\" says '" + j["game"].get<std::string>() + "'");
  if (req_int(j, "version", p) != version) throw DataError(p + ": \"version\" does not match the file name");
  return j;
}

const Json& req(const Json& j, const char* key, const std::string& where) {
  if (!j.is_object() || !j.contains(key)) throw DataError(where + ": missing \"" + key + "\"");
  return j[key];
}
int req_int(const Json& j, const char* key, const std::string& where) {
  const Json& v = req(j, key, where);
  if (!v.is_number_integer()) throw DataError(where + ": \"" + key + "\" must be an integer");
  return v.get<int>();
}
std::string req_str(const Json& j, const char* key, const std::string& where) {
  const Json& v = req(j, key, where);
  if (!v.is_string()) throw DataError(where + ": \"" + key + "\" must be a string");
  return v.get<std::string>();
}

// A lookup nlohmann only asserts on (usually a missing field) is bad data.
void json_assert_failed(const char* what) {
  throw DataError(std::string("rules data: a required field is missing or malformed (") + what + ")");
}
}  // namespace gamut
