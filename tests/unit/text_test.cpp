// The translation tables (core/text.h): how they load and what they refuse,
// and that every string the sources hand to T() or N() has its French in
// assets/lang/fr.json while that table holds no English the sources no longer
// have. The games' own texts (rules-data/<id>/fr.json) are checked against the
// rules data by scripts/lang-strings (tests/scripts/lang_strings_test.sh); here
// they are merged with the interface's table, with no English translated twice.
#include "core/text.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/data.h"

using namespace gamut;
namespace fs = std::filesystem;

namespace {

const std::string kRoot = GAMUT_SOURCE_DIR;

std::string read(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// The sources that reach a player: the app, the session and table, the engine's
// results and every game's folder (rules, views, logs, panels); not the tests.
std::vector<fs::path> player_sources() {
  std::vector<fs::path> out;
  for (const char* d : {"src/ui", "src/play", "src/core", "src/platform", "src/ai"})
    for (const auto& e : fs::directory_iterator(kRoot + "/" + d)) out.push_back(e.path());
  for (const auto& g : fs::directory_iterator(kRoot + "/src/games"))
    for (const auto& e : fs::directory_iterator(g.path())) out.push_back(e.path());
  std::vector<fs::path> keep;
  for (const fs::path& p : out) {
    std::string n = p.filename().string();
    bool code = p.extension() == ".cpp" || p.extension() == ".h";
    if (code && n.find("_test.cpp") == std::string::npos) keep.push_back(p);
  }
  std::sort(keep.begin(), keep.end());
  return keep;
}

void put_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6)), out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xE0 | (cp >> 12)), out += char(0x80 | ((cp >> 6) & 0x3F)), out += char(0x80 | (cp & 0x3F));
  }
}

// A C++ source as tokens that matter here: identifiers, single characters, and
// string literals (decoded, adjacent ones joined as the compiler joins them).
// Comments and character literals are dropped.
struct Tok {
  enum Kind { Ident, Punct, Str } kind;
  std::string text;
  int line;
};

std::vector<Tok> tokens(const std::string& s) {
  std::vector<Tok> out;
  int line = 1;
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if (c == '\n')
      ++line, ++i;
    else if (std::isspace((unsigned char)c))
      ++i;
    else if (s.compare(i, 2, "//") == 0)
      i = s.find('\n', i) == std::string::npos ? s.size() : s.find('\n', i);
    else if (s.compare(i, 2, "/*") == 0) {
      size_t e = s.find("*/", i + 2);
      for (size_t k = i; k < e && k < s.size(); ++k) line += s[k] == '\n';
      i = e == std::string::npos ? s.size() : e + 2;
    } else if (c == '\'') {
      for (++i; i < s.size() && s[i] != '\''; ++i)
        if (s[i] == '\\') ++i;
      ++i;
    } else if (c == '"' || s.compare(i, 3, "R\"(") == 0) {
      std::string v;
      if (c == 'R') {
        size_t e = s.find(")\"", i + 3);
        v = s.substr(i + 3, e - i - 3);
        i = e + 2;
      } else {
        for (++i; i < s.size() && s[i] != '"'; ++i) {
          if (s[i] != '\\') {
            v += s[i];
            continue;
          }
          char x = s[++i];
          if (x == 'n')
            v += '\n';
          else if (x == 't')
            v += '\t';
          else if (x == 'u')
            put_utf8(v, unsigned(std::stoul(s.substr(i + 1, 4), nullptr, 16))), i += 4;
          else
            v += x;
        }
        ++i;
      }
      if (!out.empty() && out.back().kind == Tok::Str)
        out.back().text += v;
      else
        out.push_back({Tok::Str, v, line});
    } else if (std::isalnum((unsigned char)c) || c == '_') {
      size_t j = i;
      while (j < s.size() && (std::isalnum((unsigned char)s[j]) || s[j] == '_')) ++j;
      out.push_back({Tok::Ident, s.substr(i, j - i), line});
      i = j;
    } else {
      out.push_back({Tok::Punct, std::string(1, c), line});
      ++i;
    }
  }
  return out;
}

// Every T("...") and N("...") of the sources: English -> where it is used.
std::map<std::string, std::string> marked_strings() {
  std::map<std::string, std::string> out;
  for (const fs::path& p : player_sources()) {
    std::vector<Tok> t = tokens(read(p));
    for (size_t i = 0; i + 3 < t.size(); ++i)
      if (t[i].kind == Tok::Ident && (t[i].text == "T" || t[i].text == "N") && t[i + 1].text == "(" &&
          t[i + 2].kind == Tok::Str && t[i + 3].text == ")" && (i == 0 || t[i - 1].text != "::"))
        out.emplace(t[i + 2].text, fs::relative(p, kRoot).string() + ":" + std::to_string(t[i].line));
  }
  return out;
}

// A literal that reads as words: two letters in a row once printf's
// placeholders and ImGui's hidden "##id" tails are taken out.
bool reads_as_words(std::string s) {
  size_t h = s.find("##");
  if (h != std::string::npos) s.resize(h);
  for (const std::string& p : placeholders(s)) s.replace(s.find(p), p.size(), " ");
  for (size_t i = 0; i + 1 < s.size(); ++i)
    if (std::isalpha((unsigned char)s[i]) && std::isalpha((unsigned char)s[i + 1])) return true;
  return false;
}

}  // namespace

TEST_CASE("text: placeholders are read as printf reads them") {
  CHECK(placeholders("%s wins") == std::vector<std::string>{"%s"});
  CHECK(placeholders("%3d  %s, %.1f%%") == std::vector<std::string>{"%3d", "%s", "%.1f"});
  CHECK(placeholders("Earned %+d") == std::vector<std::string>{"%+d"});
  CHECK(placeholders("50 % des cas").empty());  // a French percent sign, not the space flag
  CHECK(placeholders("100%").empty());
}

TEST_CASE("text: a table is refused with the file and the entry named") {
  std::map<std::string, std::string> t;
  add_text_table(Json{{"%s wins", "%s l'emporte"}}, "t.json", t);
  CHECK(t.at("%s wins") == "%s l'emporte");
  auto refused = [&](const Json& j) {
    std::map<std::string, std::string> u;
    try {
      add_text_table(j, "t.json", u);
    } catch (const DataError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(refused(Json{{"%s wins", "%d l'emporte"}}).find("t.json: \"%s wins\": the placeholders differ") == 0);
  CHECK(refused(Json{{"Move %d of %d", "Coup %d"}}).find("placeholders differ") != std::string::npos);
  CHECK(refused(Json{{"Undo", "Annuler %s"}}).find("placeholders differ") != std::string::npos);
  CHECK(refused(Json{{"Undo", 3}}).find("must be a non-empty string") != std::string::npos);
  CHECK(refused(Json{{"Undo", ""}}).find("must be a non-empty string") != std::string::npos);
  CHECK(refused(Json::array({"Undo"})).find("must be one object") != std::string::npos);
  // Broken JSON is named by its file and place, as every data file is.
  fs::path bad = fs::temp_directory_path() / "gamut_text_test_fr.json";
  std::ofstream(bad) << "{\"Undo\": \"Annuler\",}";
  std::string err;
  try {
    load_json_file(bad.string());
  } catch (const DataError& e) {
    err = e.what();
  }
  CHECK(err.find(bad.string() + ": not valid JSON") == 0);
  // Two tables that translate one English two ways: the first stays, the second is reported.
  std::vector<std::string> conflicts;
  add_text_table(Json{{"Draw", "Piocher"}}, "u.json", t, &conflicts);
  add_text_table(Json{{"Draw", "Partie nulle"}}, "v.json", t, &conflicts);
  REQUIRE(conflicts.size() == 1);
  CHECK(conflicts[0].find("v.json: \"Draw\": translated twice") == 0);
  CHECK(t.at("Draw") == "Piocher");
  fs::remove(bad);
}

TEST_CASE("text: French switches on and off, and a missing entry stays English") {
  REQUIRE(set_language("fr") == "");
  CHECK(language() == "fr");
  CHECK(std::string(T("New game")) == "Nouvelle partie");
  const char* p = T("Undo");
  CHECK(p == T("Undo"));  // the same entry every time: pointers stay valid between frames
  CHECK(std::string(T("no such text in any table")) == "no such text in any table");
  CHECK(T(std::string("Share")) == "Partager");
  CHECK(set_language("de").find("no language 'de'") == 0);
  CHECK(language() == "fr");
  REQUIRE(set_language("en") == "");
  CHECK(std::string(T("New game")) == "New game");
}

TEST_CASE("text: T() records what a frame asked for only when asked to") {
  REQUIRE(set_language("fr") == "");
  text_new_frame();
  T("Rules");
  CHECK(text_seen().empty());
  text_record(true);
  T("Rules");
  T("Rules");
  T(std::string("not translated"));
  Json seen = text_seen();
  REQUIRE(seen.size() == 2);
  CHECK(seen[0] == Json{{"en", "Rules"}, {"text", "Règles"}, {"found", true}});
  CHECK(seen[1]["found"] == false);
  text_new_frame();
  CHECK(text_seen().empty());
  text_record(false);
  set_language("en");
}

TEST_CASE("text: every string the sources mark has its French, and the French table nothing stale") {
  std::map<std::string, std::string> marked = marked_strings();
  REQUIRE(marked.size() > 150);  // the extraction found the interface's strings
  CHECK(marked.count("New game: %s"));
  CHECK(
      marked.count("a die, spinner or draw has been seen since that move, so it cannot be taken back (start a "
                   "practice game for free undo)"));  // joined across lines, as the compiler joins it
  std::string path = lang_dir() + "/fr.json";
  Json fr = load_json_file(path);
  std::vector<std::string> missing, stale;
  for (const auto& [en, at] : marked)
    if (!fr.contains(en)) missing.push_back(at + ": " + en);
  for (auto it = fr.begin(); it != fr.end(); ++it)
    if (!marked.count(it.key())) stale.push_back(it.key());
  for (const std::string& m : missing) MESSAGE("no French in " << path << " for " << m);
  for (const std::string& s : stale) MESSAGE(path << " has \"" << s << "\", which no source marks any more");
  CHECK(missing.empty());
  CHECK(stale.empty());
}

TEST_CASE("text: every game's table loads, and a game's own French comes first for its texts") {
  Json ui = load_json_file(lang_dir() + "/fr.json");
  std::map<std::string, std::map<std::string, std::string>> games = load_game_languages("fr");
  std::vector<std::string> conflicts;
  std::map<std::string, std::string> all = load_language("fr", &conflicts);
  CHECK(all.size() >= ui.size());
  for (const auto& [id, t] : games) CHECK_MESSAGE(!t.empty(), id);
  // The interface's own words are the same in every game: no game's table re-translates one.
  for (const auto& [id, t] : games)
    for (const auto& [en, tr] : t)
      if (ui.contains(en))
        CHECK_MESSAGE(ui[en] == tr, id << ": \"" << en << "\" is \"" << tr << "\", the interface's \""
                                       << ui[en].get<std::string>() << "\"");
  // Two games whose French rules name one English word differently: each keeps its own.
  REQUIRE(set_language("fr") == "");
  int pairs = 0;
  for (const auto& [a, ta] : games)
    for (const auto& [b, tb] : games)
      for (const auto& [en, tr] : ta)
        if (a < b && tb.count(en) && tb.at(en) != tr) {
          ++pairs;
          TextGame ga(a);
          CHECK(T(en) == tr);
          TextGame gb(b);
          CHECK(T(en) == tb.at(en));
        }
  MESSAGE(pairs << " English texts two games translate differently");
  text_game("");
  set_language("en");
}

TEST_CASE("text: the screens pass no bare English to the calls that draw text") {
  // The calls whose string arguments a player reads. A literal handed to one of
  // them must be T("...") (or N() further up); "%s", "|<", "##id" are no words.
  // Only the call's own arguments count: a literal inside a call within them is
  // a key (sm.value("earned", 0)), and code_row's last argument is a widget id.
  static const std::set<std::string> drawing = {
      "Text",   "TextWrapped",       "TextDisabled",     "TextColored", "BulletText", "TextUnformatted", "SetTooltip",
      "button", "big_button",        "section",          "notify",      "Checkbox",   "SliderInt",       "Selectable",
      "Combo",  "InputTextWithHint", "TableSetupColumn", "code_row",    "MenuItem",   "CalcTextSize",    "TreeNode"};
  std::vector<std::string> bare;
  for (const fs::path& p : player_sources()) {
    std::string n = p.filename().string();
    if (p.parent_path().filename() != "ui" && n.find("_ui.cpp") == std::string::npos) continue;
    std::vector<Tok> t = tokens(read(p));
    for (size_t i = 0; i + 1 < t.size(); ++i) {
      if (t[i].kind != Tok::Ident || !drawing.count(t[i].text) || t[i + 1].text != "(") continue;
      int depth = 0, arg = 0;
      for (size_t j = i + 1; j < t.size(); ++j) {
        if (t[j].text == "(") {
          ++depth;
        } else if (t[j].text == ")") {
          if (--depth == 0) break;
        } else if (t[j].text == "," && depth == 1) {
          ++arg;
        } else if (t[j].kind == Tok::Str && depth == 1 && !(t[i].text == "code_row" && arg == 2) &&
                   reads_as_words(t[j].text)) {
          bare.push_back(fs::relative(p, kRoot).string() + ":" + std::to_string(t[j].line) + ": " + t[i].text + "(\"" +
                         t[j].text + "\")");
        }
      }
    }
  }
  for (const std::string& b : bare) MESSAGE("not through T(): " << b);
  CHECK(bare.empty());
}
