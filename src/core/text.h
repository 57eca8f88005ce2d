// Translation of user-facing text. T("English text") returns it in the
// player's language. The English text is its own key (as in gettext), so a
// string no table has yet still reads, in English, and code stays readable.
// Format strings are translated whole, placeholders included: T("%s wins").
//
// A language's table is assets/lang/<lang>.json (the interface) merged with
// every rules-data/<game>/<lang>.json there is (the games' own texts), each a
// flat object from the English to the translation. English needs no table.
#pragma once
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/json.h"

namespace gamut {

using Json = nlohmann::json;

// The text in the current language; the English itself when the table has no
// entry. The pointer and the reference stay valid until the language changes.
const char* T(const char* english);
const std::string& T(const std::string& english);

// Marks a literal for the tables without translating it: a message returned
// in English (a page-API error) and translated where it is shown, T(err).
constexpr const char* N(const char* english) { return english; }

// printf into a std::string, for translated format strings: strf(T("%s wins"), name).
std::string strf(const char* format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

// "en" or "fr". Loads and checks the language's tables; on a broken table the
// language stays as it was and the message names the file and the entry.
std::string set_language(const std::string& lang);
const std::string& language();
const std::vector<std::string>& languages();  // the ones set_language accepts, "en" first

// Where the interface tables are: set_lang_dir(), else GAMUT_LANG_DIR.
std::string lang_dir();
void set_lang_dir(const std::string& dir);

// One table from its JSON: every value a non-empty string whose printf
// placeholders (%s, %d, %.1f...) are the English key's, in the same order.
// Throws DataError naming `where` and the entry. Adds to `into`; a key already
// there keeps its first translation, and a different second one is noted in
// `conflicts` (one flat table cannot hold two: the test of the tables fails on it).
void add_text_table(const Json& table, const std::string& where, std::map<std::string, std::string>& into,
                    std::vector<std::string>* conflicts = nullptr);
// The placeholders of a format string, in order ("%s", "%d", "%.1f"); "%%" is none.
std::vector<std::string> placeholders(const std::string& format);
// Every table of a language, merged and checked, keyed by English. Throws DataError.
// The interface's table comes first, so it wins a conflict.
std::map<std::string, std::string> load_language(const std::string& lang,
                                                 std::vector<std::string>* conflicts = nullptr);
// Each game's own table (rules-data/<id>/<lang>.json, or the web build's <lang>.packed.json), by game id.
std::map<std::string, std::map<std::string, std::string>> load_game_languages(const std::string& lang);

// The game whose texts are being drawn ("" none): its own table is looked in
// first, since two games' French rules may name one English word differently.
void text_game(const std::string& id);
const std::string& text_game();
// For the drawing of one game's texts among others' (the home screen's cards).
struct TextGame {
  explicit TextGame(const std::string& id) : prev_(text_game()) { text_game(id); }
  ~TextGame() { text_game(prev_); }
  TextGame(const TextGame&) = delete;
  TextGame& operator=(const TextGame&) = delete;

 private:
  std::string prev_;
};

// What T() was asked since text_new_frame(), for the page API's check that a
// French screen has no English left: each English key and whether the table
// had it. Off until text_record(true), so normal frames pay nothing.
void text_record(bool on);
void text_new_frame();
Json text_seen();  // [{"en": ..., "text": ..., "found": bool}], each key once

}  // namespace gamut
