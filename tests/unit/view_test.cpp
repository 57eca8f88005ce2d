// The view contract (core/view.h, docs/view.md): parse() reads every shared
// key, and a view that breaks it fails with the key named. The random-game
// checks (checks.cpp) run every game's views through it.
#include "core/view.h"

#include <doctest/doctest.h>

#include "core/data.h"

using namespace gamut;

static std::string error_of(const Json& v) {
  try {
    view::parse(v);
  } catch (const DataError& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("view: every shared key is read into its struct, and to_json writes the same shape back") {
  Json v = Json::parse(R"({
    "pieces": [{"node": "a1", "seat": 1, "face": "king", "label": "K"}, {"node": "b2"}],
    "side": [{"seat": 0, "face": "pawn", "where": "captured"}],
    "last": ["a1", "b2"], "status": ["Round 1 of 12"], "dice": [3, 6], "dice_roll": 7,
    "spinner": {"faces": [{"label": "2", "count": 3}, {"label": "War card", "accent": true}], "at": 1},
    "cards": [{"title": "Spur the Horses", "text": "One extra space.", "note": "History.", "tag": "Permanent",
               "play": "play Spur the Horses"}],
    "events": [{"title": "Rain"}],
    "phase": "move", "step": "Mosby moves", "roll": "4 + 1 = 5", "scenario": "example1",
    "tutorial": {"step": 2, "of": 5, "text": "Now move.", "do": ["move a1-b2", "end"]},
    "missions": [1, 2]
  })");
  view::View p = view::parse(v);
  REQUIRE(p.pieces.size() == 2);
  CHECK(p.pieces[0].node == "a1");
  CHECK(p.pieces[0].seat == 1);
  CHECK(p.pieces[0].label == "K");
  CHECK(p.pieces[1].seat == -1);  // neutral when no seat is given
  CHECK(p.side[0].where == "captured");
  CHECK(p.last == std::vector<std::string>{"a1", "b2"});
  CHECK(p.dice == std::vector<int>{3, 6});
  CHECK(p.dice_roll == 7);
  REQUIRE(p.spinner);
  CHECK(p.spinner->faces[0].count == 3);
  CHECK(p.spinner->faces[1].accent);
  CHECK(p.spinner->at == 1);
  CHECK(p.cards[0].note == "History.");
  CHECK(p.cards[0].tag == "Permanent");
  CHECK(p.cards[0].play == "play Spur the Horses");
  CHECK(p.cards[0].discard.empty());
  CHECK(p.events[0].title == "Rain");
  CHECK(p.phase == "move");
  REQUIRE(p.tutorial);
  CHECK(p.tutorial->next() == "move a1-b2");
  CHECK(p.tutorial->done() == 1);
  // The shared keys survive a round trip; a game's own keys ("missions") are not the contract's.
  view::View back = view::parse(view::to_json(p));
  CHECK(view::to_json(back) == view::to_json(p));
  CHECK(!view::to_json(p).contains("missions"));
}

TEST_CASE("view: a list of key-value pairs reads as the object it stands for") {
  // nlohmann may keep {{"title", ..}, {"text", ..}} pushed into an array as pairs.
  Json v = {{"cards", Json::array({Json::array({Json::array({"title", "A"}), Json::array({"text", "B"})})})}};
  view::View p = view::parse(v);
  REQUIRE(p.cards.size() == 1);
  CHECK(p.cards[0].title == "A");
  CHECK(p.cards[0].text == "B");
}

TEST_CASE("view: a broken view fails with the key named") {
  CHECK(error_of(Json::parse(R"({"pieces": [{"seat": 0}]})")).find("pieces[0]: 'node' is missing") !=
        std::string::npos);
  CHECK(error_of(Json::parse(R"({"dice": [7]})")).find("dice[0]") != std::string::npos);
  CHECK(error_of(Json::parse(R"({"status": "one line"})")).find("status: expected a list") != std::string::npos);
  CHECK(error_of(Json::parse(R"({"spinner": {"faces": [{"label": "1"}], "at": 3}})")).find("spinner.at") !=
        std::string::npos);
  CHECK(error_of(Json::parse(R"({"cards": [{"text": "no title"}]})")).find("cards[0]: 'title' is missing") !=
        std::string::npos);
  CHECK(error_of(Json::parse(R"({"tutorial": {"step": 4, "of": 3}})")).find("tutorial.step") != std::string::npos);
  CHECK(error_of(Json::parse(R"({"cards": [["title", "a pair, not a card"]]})")).find("cards[0]") != std::string::npos);
  CHECK(error_of(Json::parse(R"({"phase": 2})")).find("view.phase") != std::string::npos);
  CHECK(error_of(Json::array()).find("expected an object") != std::string::npos);
  CHECK(error_of(Json::object()).empty());
}
