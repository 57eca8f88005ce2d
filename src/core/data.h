// Rules data: versioned JSON files <dir>/<game>/v<N>.json, where <dir> is one
// of the data directories: rules-data/ for the games players see, and
// tests/games/ for test games, whose folder holds their sources and data.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "core/json.h"

namespace gamut {

using Json = nlohmann::json;

// Thrown for any bad data: the message says which file and which item.
struct DataError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The data directories, separated by ':' (like PATH): set_data_dir(), else the
// GAMUT_DATA environment variable, else the compiled-in GAMUT_DATA_DIR.
std::string data_dir();
void set_data_dir(const std::string&);  // tests and the CLI's --data point it elsewhere
std::vector<std::string> data_dirs();   // data_dir() split
Json load_json_file(const std::string& path);
Json parse_json_text(const std::string& text, const std::string& where);
int latest_data_version(const std::string& game);
Json load_rules_data(const std::string& game, int version);  // validates the common fields

// Where each item of a game's rules data comes from. Every "provenance" (and
// "<field>_provenance", for one field of an item) is an object, or a list of
// objects for an item that is part text and part ours, each with a "kind":
//   text:          "cite" (a key of the top-level "citations"), "section", "quote"
//                  in the text's language, and "english" when that is not English;
//   reconstructed: "why", for a lost component rebuilt;
//   ruling:        "why" and "alternatives", for our decision where the text is
//                  silent or ambiguous.
// Rules entries and options must have one, and a rules entry only one kind
// (one that mixes kinds is split into two entries). A free "source" string is
// refused. Throws DataError naming the item.
void check_provenance(const Json& data, const std::string& where);

// Typed accessors that name the item on failure.
const Json& req(const Json& j, const char* key, const std::string& where);
int req_int(const Json& j, const char* key, const std::string& where);
std::string req_str(const Json& j, const char* key, const std::string& where);

}  // namespace gamut
