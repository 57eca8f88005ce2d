// Inputs the fuzzers (tests/fuzz) once crashed on. Each must now load or be
// refused with DataError, through the same functions the fuzz target calls.
#include "checks.h"

using namespace gamut;

namespace {
void load_save(const std::string& text) { Match m(Match::record_from_json(parse_json_text(text, "save"))); }
}  // namespace

TEST_CASE("fuzz regression: a JSON number too large for a double is a DataError, not std::terminate") {
  // fuzz_save: nlohmann reports it as out_of_range (406), not parse_error.
  CHECK_THROWS_AS(parse_json_text("[21e1581]", "t"), DataError);
  CHECK_THROWS_AS(load_save(R"({"format":1,"game":"uncle","version":1,"options":{"max_rounds":80},"e":"uncle",)"
                            R"("version":1,"options":{"max_rounds":80},"seats":2,"seed":"1000003","actions":[41,45,)"
                            R"(42,44,41,43,45,40,2,3,21e1581,53,30,1334,16,1330,2,1079,3,1075,20,1083,19,1071,30,)"
                            R"(1340,28,70,7,1592,33,1seats":2,"s,464,1063,254,619,180,13947,1340]})"),
                  DataError);
}

TEST_CASE("fuzz regression: board fields of the wrong type are a DataError naming the field") {
  // fuzz_rules_data (GAMUT_FUZZ_STRICT): nlohmann's value() threw type_error.
  Json b = {{"edge_types", {{"a", Json::object()}}},
            {"nodes", {{{"id", "A"}, {"x", 0}, {"y", 0}}, {{"id", "B"}, {"x", 1}, {"y", 0}}}},
            {"edges", {{{"a", "A"}, {"b", "B"}, {"type", "a"}}}},
            {"width", "x"}};
  CHECK_THROWS_WITH_AS(Board::from_json(b, "t"), "t: \"width\" must be a number", DataError);
  b.erase("width");
  b["edges"][0]["directed"] = 1;
  CHECK_THROWS_WITH_AS(Board::from_json(b, "t"), "t: edge 0: \"directed\" must be true or false", DataError);
  b["edges"][0]["directed"] = true;
  CHECK(Board::from_json(b, "t").neighbours(1).empty());
}

TEST_CASE("fuzz regression: a table missing from Mosby's rules data is a DataError, not freed memory") {
  // fuzz_rules_data (ASan): a const lookup of a missing key is only an assert in
  // nlohmann; core/json.h turns it into DataError for the whole program.
  const Json& t = Json{{"a", 1}};
  CHECK_THROWS_AS((void)t["missing"], DataError);
  Json d = load_rules_data("mosby", latest_data_version("mosby"));
  d["tables"].erase("reaction");
  CHECK_THROWS_AS(make_game("mosby", d, latest_data_version("mosby")), DataError);
}
