// The drawing keys of the rules data (src/core/style.h): every version of
// every game passes the loader's checks, a damaged key is refused with a
// message naming it, and the colours the boards promise hold.
#include "core/style.h"

#include "checks.h"
#include "core/data.h"

using namespace gamut;

TEST_CASE("style: every version of every game's board and pieces passes the drawing checks") {
  for (const std::string& id : game_ids()) {
    for (int v = 1; v <= latest_data_version(id); ++v) {
      INFO(id << " v" << v);
      CHECK_NOTHROW(load_game(id, v));
    }
  }
}

TEST_CASE("style: a damaged drawing key is refused with a message naming the item") {
  Json board = load_rules_data(game_ids().front(), 1)["board"];
  auto refused = [&](Json b, const std::string& needle) {
    try {
      check_board_style(b, "x board");
    } catch (const DataError& e) {
      return std::string(e.what()).find(needle) != std::string::npos;
    }
    return false;
  };
  Json b = board;
  b["surface"] = "beige";
  CHECK(refused(b, "\"surface\" must be a colour"));
  b = board;
  b["style"] = {{"texture", "marble"}};
  CHECK(refused(b, "\"texture\" must be one of paper, wood"));
  b = board;
  b["decorations"] = Json::array({{{"kind", "ridge"}, {"points", Json::array({Json::array({1, 2})})}}});
  CHECK(refused(b, "decoration 0 (ridge): \"points\" must be a list of at least 2"));
  b = board;
  b["decorations"] = Json::array({{{"kind", "volcano"}}});
  CHECK(refused(b, "\"kind\" must be one of"));
  b = board;
  b["coordinates"] = {{"sides", Json::array({"north"})}};
  CHECK(refused(b, "coordinates: \"sides\" must be one of top"));
  CHECK_THROWS_WITH_AS(check_pieces_style(Json{{"m", {{"shape", "counter"}, {"symbol", "tank"}}}}, "x pieces"),
                       doctest::Contains("piece 'm': \"symbol\" must be one of"), DataError);
}

TEST_CASE("style: contrast ratios follow WCAG 2") {
  CHECK(contrast_ratio("#000000", "#ffffff") == doctest::Approx(21.0));
  CHECK(contrast_ratio("#777777", "#777777") == doctest::Approx(1.0));
  CHECK(contrast_ratio("#767676", "#ffffff") == doctest::Approx(4.54).epsilon(0.01));
  CHECK(contrast_ratio("grey", "#ffffff") == 0);
}

// Issue 16 asks for Blue and Gray's "two armies in distinct and accessible
// blue and gray": each army's colour stands 3:1 at least against the board
// it is drawn on (WCAG 2.1, 1.4.11 non-text contrast), and the two differ in
// hue (a blue against a nearly neutral gray) and in lightness.
TEST_CASE("style: Blue and Gray's armies stand 3:1 against the board, in a blue and a gray apart") {
  auto g = load_game("blue-and-gray");
  const Json& sc = g->data()["seat_colors"];
  std::string surface = g->data()["board"]["surface"];
  REQUIRE(sc.size() == 2);
  for (const Json& c : sc) {
    INFO(c << " on " << surface);
    CHECK(contrast_ratio(c, surface) >= 3.0);
  }
  auto rgb = [](const std::string& h, int i) { return std::stoi(h.substr(1 + 2 * i, 2), nullptr, 16); };
  std::string blue = sc[0], gray = sc[1];
  CHECK(rgb(blue, 2) - rgb(blue, 0) > 80);            // blue: far more blue than red
  CHECK(std::abs(rgb(gray, 2) - rgb(gray, 0)) < 20);  // gray: nearly neutral
  CHECK(contrast_ratio(blue, gray) >= 1.5);           // and apart in lightness
}
