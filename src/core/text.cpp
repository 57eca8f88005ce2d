#include "text.h"

#include <algorithm>
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string_view>
#include <unordered_map>

#include "core/data.h"
#include "core/game.h"

#ifndef GAMUT_LANG_DIR
#define GAMUT_LANG_DIR "assets/lang"
#endif

namespace gamut {

namespace {

// Entries, and an index that looks a const char* up without building a
// std::string, as T() runs many times a frame. The map owns the strings.
struct Index {
  std::map<std::string, std::string> entries;
  std::unordered_map<std::string_view, const std::string*> index;
  void build() {
    for (const auto& [en, tr] : entries) index.emplace(en, &tr);
  }
  const std::string* find(std::string_view en) const {
    auto it = index.find(en);
    return it == index.end() ? nullptr : it->second;
  }
};
// The current language: every table merged, and each game's own, which comes
// first for that game's texts (two games' French rules name "Moving" differently).
struct Table {
  Index all;
  std::map<std::string, Index> games;
};
std::unique_ptr<Table> g_table;  // null: English
std::string g_lang = "en";
std::string g_lang_dir;
std::string g_game;
const Index* g_game_index = nullptr;

void find_game_index() {
  g_game_index = nullptr;
  if (!g_table) return;
  auto it = g_table->games.find(g_game);
  if (it != g_table->games.end()) g_game_index = &it->second;
}

bool g_record = false;
struct Seen {
  std::string en, text;
  bool found;
};
std::vector<Seen> g_seen;
std::unordered_map<std::string, size_t> g_seen_at;

const std::string* find(std::string_view en) {
  if (!g_table) return nullptr;
  if (g_game_index)
    if (const std::string* t = g_game_index->find(en)) return t;
  return g_table->all.find(en);
}

void record(std::string_view en, const std::string* t) {
  if (en.empty()) return;
  std::string k(en);
  if (g_seen_at.count(k)) return;
  g_seen_at[k] = g_seen.size();
  g_seen.push_back({k, t ? *t : k, t != nullptr});
}

}  // namespace

const char* T(const char* english) {
  const std::string* t = find(english);
  if (g_record) record(english, t);
  return t ? t->c_str() : english;
}

const std::string& T(const std::string& english) {
  const std::string* t = find(english);
  if (g_record) record(english, t);
  return t ? *t : english;
}

std::string strf(const char* format, ...) {
  // One pass into a stack buffer: the texts are short, and the games narrate their dice with
  // this on every move (vsnprintf is dear, in WebAssembly more than natively). Only a longer
  // text is formatted a second time.
  char buf[256];
  va_list a, b;
  va_start(a, format);
  va_copy(b, a);
  int n = std::vsnprintf(buf, sizeof buf, format, a);
  va_end(a);
  std::string out;
  if (n > 0 && size_t(n) < sizeof buf) {
    out.assign(buf, size_t(n));
  } else if (n > 0) {
    out.assign(size_t(n), '\0');
    std::vsnprintf(out.data(), out.size() + 1, format, b);
  }
  va_end(b);
  return out;
}

const std::string& language() { return g_lang; }

const std::vector<std::string>& languages() {
  static const std::vector<std::string> all = {"en", "fr"};
  return all;
}

std::string lang_dir() { return g_lang_dir.empty() ? GAMUT_LANG_DIR : g_lang_dir; }
void set_lang_dir(const std::string& dir) { g_lang_dir = dir; }

// A printf conversion as ImGui and vsnprintf read it: flags, width, precision,
// length, conversion. A '%' followed by a space is text ("50 % des cas"), not
// the space flag: no string of ours uses that flag.
std::vector<std::string> placeholders(const std::string& f) {
  std::vector<std::string> out;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') continue;
    if (i + 1 < f.size() && f[i + 1] == '%') {
      ++i;
      continue;
    }
    size_t j = i + 1;
    while (j < f.size() && std::string_view("-+#0").find(f[j]) != std::string_view::npos) ++j;
    while (j < f.size() && (std::isdigit((unsigned char)f[j]) || f[j] == '*')) ++j;
    if (j < f.size() && f[j] == '.') {
      ++j;
      while (j < f.size() && (std::isdigit((unsigned char)f[j]) || f[j] == '*')) ++j;
    }
    while (j < f.size() && std::string_view("hlLqjzt").find(f[j]) != std::string_view::npos) ++j;
    if (j < f.size() && std::string_view("diouxXeEfFgGaAcsp").find(f[j]) != std::string_view::npos) {
      out.push_back(f.substr(i, j - i + 1));
      i = j;
    }
  }
  return out;
}

void add_text_table(const Json& table, const std::string& where, std::map<std::string, std::string>& into,
                    std::vector<std::string>* conflicts) {
  if (!table.is_object())
    throw DataError(where + ": a text table must be one object, from the English to its translation");
  for (auto it = table.begin(); it != table.end(); ++it) {
    const std::string& en = it.key();
    std::string w = where + ": \"" + en + "\"";
    if (en.empty()) throw DataError(where + ": an entry has an empty English key");
    if (!it.value().is_string() || it.value().get<std::string>().empty())
      throw DataError(w + ": the translation must be a non-empty string");
    std::string tr = it.value().get<std::string>();
    std::vector<std::string> pe = placeholders(en), pt = placeholders(tr);
    if (pe != pt) {
      auto list = [](const std::vector<std::string>& v) {
        std::string s;
        for (const std::string& p : v) s += (s.empty() ? "" : " ") + p;
        return s.empty() ? std::string("none") : s;
      };
      throw DataError(w + ": the placeholders differ: the English has " + list(pe) + ", the translation " + list(pt));
    }
    auto [at, fresh] = into.emplace(en, tr);
    if (!fresh && at->second != tr && conflicts)
      conflicts->push_back(w + ": translated twice, as \"" + at->second + "\" and \"" + tr + "\"");
  }
}

std::map<std::string, std::string> load_language(const std::string& lang, std::vector<std::string>* conflicts) {
  std::map<std::string, std::string> out;
  std::string p = lang_dir() + "/" + lang + ".json";
  add_text_table(load_json_file(p), p, out, conflicts);
  for (const auto& [id, t] : load_game_languages(lang)) add_text_table(Json(t), "rules-data/" + id, out, conflicts);
  return out;
}

// The distinct strings of a JSON value, in the order scripts/pack-data counts them: depth first,
// an object's keys in order (nlohmann keeps them sorted), each string where it first occurs.
static void distinct_strings(const Json& v, std::vector<const std::string*>& out,
                             std::unordered_map<std::string_view, size_t>& seen) {
  if (v.is_object() || v.is_array()) {
    for (const Json& x : v) distinct_strings(x, out, seen);
  } else if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    if (seen.emplace(s, out.size()).second) out.push_back(&s);
  }
}

// A game's table as the web build packs it (<lang>.packed.json): {"version": N, "strings":
// [[i, translation], ...], "table": {"English": translation}}, where i numbers the English among
// the distinct strings of the game's rules data version N, which the download then holds once.
static Json unpack_text_table(const Json& packed, const std::string& id, const std::string& where) {
  if (!packed.is_object() || !packed.contains("version") || !packed["version"].is_number_integer() ||
      !packed.contains("strings") || !packed["strings"].is_array() || !packed.contains("table") ||
      !packed["table"].is_object())
    throw DataError(where + ": a packed table needs \"version\", \"strings\" and \"table\"");
  const Json data = load_rules_data(id, packed["version"].get<int>());
  std::vector<const std::string*> strings;
  std::unordered_map<std::string_view, size_t> seen;
  distinct_strings(data, strings, seen);
  Json out = packed["table"];
  for (const Json& e : packed["strings"]) {
    if (!e.is_array() || e.size() != 2 || !e[0].is_number_unsigned() || e[0].get<size_t>() >= strings.size())
      throw DataError(where + ": a packed entry must be [the index of a string of the rules data, its translation]");
    out[*strings[e[0].get<size_t>()]] = e[1];
  }
  return out;
}

std::map<std::string, std::map<std::string, std::string>> load_game_languages(const std::string& lang) {
  std::map<std::string, std::map<std::string, std::string>> out;
  for (const std::string& dir : data_dirs())
    for (const std::string& id : game_ids()) {
      std::string p = dir + "/" + id + "/" + lang + ".json", packed = dir + "/" + id + "/" + lang + ".packed.json";
      if (std::ifstream(p).good())
        add_text_table(load_json_file(p), p, out[id]);
      else if (std::ifstream(packed).good())
        add_text_table(unpack_text_table(load_json_file(packed), id, packed), packed, out[id]);
    }
  return out;
}

void text_game(const std::string& id) {
  g_game = id;
  find_game_index();
}
const std::string& text_game() { return g_game; }

std::string set_language(const std::string& lang) {
  if (lang == g_lang) return "";
  if (std::find(languages().begin(), languages().end(), lang) == languages().end())
    return "no language '" + lang + "' (en or fr)";
  if (lang == "en") {
    g_table.reset();
    g_lang = lang;
    g_game_index = nullptr;
    return "";
  }
  auto t = std::make_unique<Table>();
  try {
    t->all.entries = load_language(lang);
    for (auto& [id, entries] : load_game_languages(lang)) t->games[id].entries = std::move(entries);
  } catch (const std::exception& e) {
    return e.what();
  }
  t->all.build();
  for (auto& [id, ix] : t->games) ix.build();
  g_table = std::move(t);
  g_lang = lang;
  find_game_index();
  return "";
}

void text_record(bool on) { g_record = on; }

void text_new_frame() {
  g_seen.clear();
  g_seen_at.clear();
}

Json text_seen() {
  Json out = Json::array();
  for (const Seen& s : g_seen) out.push_back({{"en", s.en}, {"text", s.text}, {"found", s.found}});
  return out;
}

}  // namespace gamut
