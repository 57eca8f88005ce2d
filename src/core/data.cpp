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
// it, so a test game's folder cannot mix its versions with another's. The
// path returned lacks the ending: ".json" for a whole file, ".patch.json" for
// an old version the web build stores as a patch (see load_version).
static std::string data_path(const std::string& game, int v) {
  std::vector<std::string> dirs = data_dirs();
  std::string folder = (dirs.empty() ? std::string(".") : dirs[0]) + "/" + game;
  for (const std::string& d : dirs)
    if (exists(d + "/" + game)) {
      folder = d + "/" + game;
      break;
    }
  return folder + "/v" + std::to_string(v);
}

static bool version_exists(const std::string& game, int v) {
  std::string p = data_path(game, v);
  return exists(p + ".json") || exists(p + ".patch.json");
}

int latest_data_version(const std::string& game) {
  int v = 0;
  while (version_exists(game, v + 1)) ++v;
  if (v == 0) throw DataError("no rules data for '" + game + "' in " + data_dir());
  return v;
}

// A version as its file holds it. The web build (scripts/pack-data) stores an
// old version as v<K>.patch.json, {"base": K+1, "patch": [...]}: the RFC 6902
// patch that turns the base version into this one, which gives back the very
// same JSON as v<K>.json, in a fraction of the download.
static Json load_version(const std::string& game, int version, std::string& where) {
  std::string p = data_path(game, version);
  if (exists(p + ".json")) {
    where = p + ".json";
    return load_json_file(where);
  }
  where = p + ".patch.json";
  Json patch = load_json_file(where);
  if (!patch.is_object() || !patch.contains("base") || !patch["base"].is_number_integer() ||
      patch["base"].get<int>() <= version || !patch.contains("patch") || !patch["patch"].is_array())
    throw DataError(where + ": a patch needs \"base\", a later version, and \"patch\", a list");
  std::string base_where;
  Json base = load_version(game, patch["base"].get<int>(), base_where);
  try {
    return base.patch(patch["patch"]);
  } catch (const Json::exception& e) {
    throw DataError(where + ": the patch does not apply to " + base_where + " (" + e.what() + ")");
  }
}

Json load_rules_data(const std::string& game, int version) {
  if (!version_exists(game, version))
    throw DataError("rules data version " + std::to_string(version) + " of '" + game + "' is not available");
  std::string p;
  Json j = load_version(game, version, p);
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

// How an item is named in a message: its title, id or name, else its index.
static std::string item_name(const Json& v, size_t i) {
  for (const char* k : {"title", "id", "name"})
    if (v.is_object() && v.contains(k) && v[k].is_string()) return "'" + v[k].get<std::string>() + "'";
  if (v.is_object() && v.contains("a") && v.contains("b") && v["a"].is_string() && v["b"].is_string())
    return "'" + v["a"].get<std::string>() + "-" + v["b"].get<std::string>() + "'";
  return std::to_string(i);
}

static bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

static std::string singular(const std::string& list) {
  return ends_with(list, "s") ? list.substr(0, list.size() - 1) : list;
}

static void check_part(const Json& p, const Json& citations, const std::string& w) {
  if (!p.is_object()) throw DataError(w + ": a provenance must be an object with a \"kind\"");
  if (!p.contains("kind")) throw DataError(w + ": the provenance has no \"kind\" (text, reconstructed or ruling)");
  if (!p["kind"].is_string()) throw DataError(w + ": the provenance \"kind\" must be a string");
  std::string kind = p["kind"];
  auto text = [&](const char* key) {
    if (!p.contains(key) || !p[key].is_string() || p[key].get<std::string>().empty())
      throw DataError(w + ": a provenance of kind " + kind + " needs a non-empty \"" + key + "\"");
  };
  if (kind == "text") {
    text("cite"), text("section"), text("quote");
    if (!citations.is_object() || !citations.contains(p["cite"].get<std::string>()))
      throw DataError(w + ": cites '" + p["cite"].get<std::string>() + "', which \"citations\" does not list");
  } else if (kind == "reconstructed") {
    text("why");
  } else if (kind == "ruling") {
    text("why");
    if (!p.contains("alternatives") || !p["alternatives"].is_array() || p["alternatives"].empty())
      throw DataError(w + ": a ruling needs its \"alternatives\", a non-empty list");
  } else {
    throw DataError(w + ": provenance kind '" + kind + "' is not text, reconstructed or ruling");
  }
}

static void check_value(const Json& v, const Json& citations, const std::string& w) {
  if (v.is_array()) {
    if (v.empty()) throw DataError(w + ": an empty provenance list");
    for (size_t i = 0; i < v.size(); ++i) check_part(v[i], citations, w + " part " + std::to_string(i + 1));
  } else {
    check_part(v, citations, w);
  }
}

static void walk_provenance(const Json& j, const Json& citations, const std::string& w) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string& k = it.key();
      if (k == "source" || ends_with(k, "_source"))
        throw DataError(w + ": \"" + k + "\" is a free string; give a \"provenance\" with a kind instead");
      if (k == "provenance" || ends_with(k, "_provenance"))
        check_value(it.value(), citations, w + (k == "provenance" ? "" : " " + k));
      else if (k != "citations" && it.value().is_array())  // "rules" -> "rule 'Aim'", "nodes" -> "node 'Seneca'"
        for (size_t i = 0; i < it.value().size(); ++i)
          walk_provenance(it.value()[i], citations, w + " " + singular(k) + " " + item_name(it.value()[i], i));
      else if (k != "citations")
        walk_provenance(it.value(), citations, w + " " + k);
    }
  }
}

void check_provenance(const Json& data, const std::string& where) {
  const Json& citations = data.contains("citations") ? data["citations"] : Json();
  if (!citations.is_null()) {
    if (!citations.is_object()) throw DataError(where + ": \"citations\" must be an object");
    for (auto it = citations.begin(); it != citations.end(); ++it)
      if (!it.value().is_object() || !it.value().contains("title") || !it.value()["title"].is_string())
        throw DataError(where + ": citation '" + it.key() + "' needs a \"title\"");
  }
  // Rules entries and options are what the rules panel shows: each says where it comes from.
  for (const char* list : {"rules", "options"}) {
    if (!data.contains(list) || !data[list].is_array()) continue;
    for (size_t i = 0; i < data[list].size(); ++i) {
      const Json& r = data[list][i];
      std::string w = where + " " + singular(list) + " " + item_name(r, i);
      if (!r.is_object() || !r.contains("provenance"))
        throw DataError(w + ": missing \"provenance\" (kind text, reconstructed or ruling)");
      if (std::string(list) == "rules" && r["provenance"].is_array())
        throw DataError(w + ": a rules entry has one kind; split one that is part text, part ours");
    }
  }
  walk_provenance(data, citations, where);
}

// A lookup nlohmann only asserts on (usually a missing field) is bad data.
void json_assert_failed(const char* what) {
  throw DataError(std::string("rules data: a required field is missing or malformed (") + what + ")");
}
}  // namespace gamut
