// Every item of every rules-data file says where it comes from, in a form a
// player can read: the provenance kinds (text, reconstructed, ruling) that
// core/data.h describes, with citations that are titles, never file names.
#include <doctest/doctest.h>

#include <filesystem>
#include <regex>

#include "core/data.h"
#include "core/game.h"

using namespace gamut;

namespace {

// What a player must never read as a citation: a file name, a seed hash, the
// project's notes.
bool looks_like_file(const std::string& s) {
  static const std::regex bad(
      R"((\.(txt|md|json|cpp|h)\b)|\b[0-9a-f]{12,}\b|\bseed ?[0-9]{3}\b|\bfacts\b|\bgazetteer\b)", std::regex::icase);
  return std::regex_search(s, bad);
}

void strings_in(const Json& j, std::vector<std::string>& out) {
  if (j.is_string()) out.push_back(j.get<std::string>());
  if (j.is_array() || j.is_object())
    for (const Json& v : j) strings_in(v, out);
}

// The problems with one provenance value (an object, or a list of parts).
void check_value(const Json& v, const Json& citations, const std::string& w, std::vector<std::string>& bad) {
  if (v.is_array() && v.empty()) bad.push_back(w + ": empty provenance list");
  for (const Json& p : v.is_array() ? v : Json::array({v})) {
    std::string kind = p.is_object() && p.contains("kind") && p["kind"].is_string() ? p["kind"].get<std::string>() : "";
    if (kind != "text" && kind != "reconstructed" && kind != "ruling") {
      bad.push_back(w + ": kind '" + kind + "' is not text, reconstructed or ruling");
      continue;
    }
    if (kind == "text") {
      if (!p.contains("quote") || !p["quote"].is_string() || p["quote"].get<std::string>().size() < 8)
        bad.push_back(w + ": a text entry without a quote");
      std::string cite = p.value("cite", "");
      if (!citations.contains(cite)) {
        bad.push_back(w + ": cites '" + cite + "', not in \"citations\"");
      } else if (citations[cite].value("language", "en") != "en" && !p.contains("english")) {
        bad.push_back(w + ": a quote not in English needs its \"english\"");
      }
    } else if (p.value("why", "").size() < 8) {
      bad.push_back(w + ": a " + kind + " entry without its reasoning");
    }
    if (kind == "ruling" && (!p.contains("alternatives") || p["alternatives"].empty()))
      bad.push_back(w + ": a ruling without alternatives");
    std::vector<std::string> ss;
    strings_in(p, ss);
    for (const std::string& s : ss)
      if (looks_like_file(s)) bad.push_back(w + ": reads like a file name: " + s.substr(0, 80));
  }
}

void walk(const Json& j, const Json& citations, const std::string& w, std::vector<std::string>& bad) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string& k = it.key();
      bool prov = k == "provenance" || (k.size() > 11 && k.compare(k.size() - 11, 11, "_provenance") == 0);
      if (k == "source" || (k.size() > 7 && k.compare(k.size() - 7, 7, "_source") == 0))
        bad.push_back(w + "." + k + ": a free source string");
      if (prov)
        check_value(it.value(), citations, w + "." + k, bad);
      else if (k != "citations")
        walk(it.value(), citations, w + "." + k, bad);
    }
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) walk(j[i], citations, w + "[" + std::to_string(i) + "]", bad);
  }
}

void need(const Json& item, const std::string& w, std::vector<std::string>& bad) {
  if (!item.is_object() || !item.contains("provenance")) bad.push_back(w + ": no provenance");
}

// Every problem in one game's rules data: kinds, quotes, citations, and that
// every rules entry, option, board, table, card and piece has a provenance.
std::vector<std::string> problems(const Json& d, const std::string& w) {
  std::vector<std::string> bad;
  const Json citations = d.contains("citations") ? d["citations"] : Json::object();
  for (auto it = citations.begin(); it != citations.end(); ++it)
    if (!it.value().is_object() || looks_like_file(it.value().value("title", "x.txt")))
      bad.push_back(w + " citation " + it.key() + ": needs a title a player can read");
  walk(d, citations, w, bad);
  for (const char* list : {"rules", "options", "missions", "war_cards", "chiefs"})
    if (d.contains(list))
      for (size_t i = 0; i < d[list].size(); ++i) need(d[list][i], w + " " + list + "[" + std::to_string(i) + "]", bad);
  for (const char* list : {"rules", "options"})
    if (d.contains(list))
      for (const Json& r : d[list]) {
        if (r.contains("provenance") && r["provenance"].is_array() && std::string(list) == "rules")
          bad.push_back(w + " rule '" + r.value("title", "") + "': mixes kinds; split it");
        std::vector<std::string> ss;
        strings_in(r.contains("provenance") ? Json{r.value("title", ""), r.value("text", ""), r.value("label", "")} : r,
                   ss);
        for (const std::string& s : ss)
          if (looks_like_file(s))
            bad.push_back(w + " " + list + ": the panel would show a file name: " + s.substr(0, 80));
      }
  if (d.contains("board")) need(d["board"], w + " board", bad);
  for (const char* t : {"tables", "optional_tables", "scenarios"})
    if (d.contains(t))
      for (auto it = d[t].begin(); it != d[t].end(); ++it) need(it.value(), w + " " + t + "." + it.key(), bad);
  for (const char* deck : {"action_cards", "event_cards"})
    if (d.contains(deck)) {
      need(d[deck], w + " " + deck, bad);
      for (const Json& c : d[deck]["cards"]) need(c, w + " " + deck + " " + c.value("id", "?"), bad);
    }
  if (d.contains("pieces") && !d["pieces"].contains("provenance"))
    for (auto it = d["pieces"].begin(); it != d["pieces"].end(); ++it) need(it.value(), w + " pieces." + it.key(), bad);
  return bad;
}

// Every rules-data file on disk: each game folder of each data directory, each v<N>.
std::vector<std::pair<std::string, int>> data_files() {
  std::vector<std::pair<std::string, int>> out;
  for (const std::string& dir : data_dirs())
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      if (!e.is_directory()) continue;
      std::string id = e.path().filename().string();
      for (int v = 1; v <= latest_data_version(id); ++v) out.push_back({id, v});
    }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("provenance: every entry of every rules-data file has a valid kind, text quotes it, no file names") {
  auto files = data_files();
  CHECK(files.size() >= 6);  // five games, Mosby in two versions
  std::map<std::string, int> kinds;
  for (auto [id, v] : files) {
    std::string w = id + " v" + std::to_string(v);
    CAPTURE(w);
    Json d = load_rules_data(id, v);
    for (const std::string& p : problems(d, w)) FAIL_CHECK(p);
    CHECK_NOTHROW(check_provenance(d, w));
    CHECK_NOTHROW(make_game(id, d, v));  // the loader takes it too
    for (const Json& r : d["rules"])
      if (r.contains("provenance") && r["provenance"].is_object()) ++kinds[r["provenance"].value("kind", "")];
  }
  // The panel has something to show of each kind.
  CHECK(kinds["text"] > 0);
  CHECK(kinds["reconstructed"] > 0);
  CHECK(kinds["ruling"] > 0);
}

TEST_CASE("provenance: the check fails on planted bad entries") {
  Json d = load_rules_data("geister", 1);
  REQUIRE(problems(d, "g").empty());
  auto planted = [&](auto edit) {
    Json x = d;
    edit(x);
    return problems(x, "g");
  };
  // An unknown kind, a missing kind, a text without a quote, a ruling without
  // alternatives, a file name as a citation, a free source string, a rule with none.
  CHECK(!planted([](Json& x) { x["rules"][0]["provenance"]["kind"] = "rumour"; }).empty());
  CHECK(!planted([](Json& x) { x["rules"][0]["provenance"].erase("kind"); }).empty());
  CHECK(!planted([](Json& x) { x["rules"][0]["provenance"].erase("quote"); }).empty());
  CHECK(!planted([](Json& x) { x["options"][0]["provenance"].erase("alternatives"); }).empty());
  CHECK(!planted([](Json& x) { x["rules"][0]["provenance"]["section"] = "seed 001_666519650dac44e4.txt"; }).empty());
  CHECK(!planted([](Json& x) { x["citations"]["rules"]["title"] = "facts.md"; }).empty());
  CHECK(!planted([](Json& x) { x["board"]["source"] = "see the notes"; }).empty());
  CHECK(!planted([](Json& x) { x["rules"][1].erase("provenance"); }).empty());
  CHECK(!planted([](Json& x) { x["rules"][0]["provenance"].erase("english"); }).empty());
  CHECK(!planted([](Json& x) { x["rules"][0]["provenance"] = Json::array({x["rules"][0]["provenance"]}); }).empty());
}

TEST_CASE("provenance: the loader refuses a missing or unknown kind, naming the item") {
  Json d = load_rules_data("geister", 1);
  Json x = d;
  x["rules"][0]["provenance"]["kind"] = "rumour";
  CHECK_THROWS_WITH_AS(make_game("geister", x, 1),
                       "geister v1 rule 'Aim': provenance kind 'rumour' is not text, reconstructed or ruling",
                       DataError);
  x = d;
  x["rules"][0]["provenance"].erase("kind");
  CHECK_THROWS_WITH_AS(make_game("geister", x, 1),
                       "geister v1 rule 'Aim': the provenance has no \"kind\" (text, reconstructed or ruling)",
                       DataError);
  x = d;
  x["rules"][3].erase("provenance");
  CHECK_THROWS_WITH_AS(make_game("geister", x, 1),
                       "geister v1 rule 'Moving': missing \"provenance\" (kind text, reconstructed or ruling)",
                       DataError);
  x = d;
  x["board"]["provenance"]["quote"] = "";
  CHECK_THROWS_WITH_AS(make_game("geister", x, 1),
                       "geister v1 board: a provenance of kind text needs a non-empty \"quote\"", DataError);
  x = d;
  x["board"]["source"] = "seed 001";
  CHECK_THROWS_AS(make_game("geister", x, 1), DataError);
  // Deep in a map: the space is named.
  Json m = load_rules_data("mosby", 2);
  REQUIRE(m["board"]["nodes"][5]["id"] == "Seneca");
  m["board"]["nodes"][5]["provenance"]["kind"] = "guess";
  CHECK_THROWS_WITH_AS(make_game("mosby", m, 2),
                       "mosby v2 board node 'Seneca': provenance kind 'guess' is not text, reconstructed or ruling",
                       DataError);
}
