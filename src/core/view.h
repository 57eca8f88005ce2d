// The view contract: what a game's State::view(seat) returns and the shared
// renderer and page API read. A view is JSON (the page API hands it out as
// is); these structs are its shared keys, typed, and parse() is the one place
// that reads them, so a game that breaks the contract fails here with the key
// named, in the random-game checks, not as a blank panel. Games may add keys
// of their own (a game's extension reads them); docs/view.md lists every key.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "json.h"

namespace gamut::view {

using Json = nlohmann::json;

struct Piece {        // a piece on the board
  std::string node;   // board node id
  int seat = -1;      // owner, -1 neutral: picks the colour
  std::string face;   // style key into rules data "pieces"
  std::string label;  // optional short text drawn on it
};

struct SidePiece {  // a piece beside the board, in a named box
  int seat = 0;
  std::string face;
  std::string where = "off";
};

struct Card {
  std::string title;
  std::string text;     // what it does
  std::string note;     // historical note, folded away; may be empty
  std::string tag;      // a word after the title ("Permanent"); may be empty
  std::string play;     // the action that plays it, when that is legal; may be empty
  std::string discard;  // the action that discards it; may be empty
};

struct SpinnerFace {
  std::string label;
  int count = 1;        // slots of the face on the dial: its sector's size
  bool accent = false;  // drawn in the accent colour (a card face, a special face)
};

struct Spinner {
  std::vector<SpinnerFace> faces;
  int at = -1;  // the face just spun, -1 none yet
};

struct Tutorial {  // a scripted example game's current step
  int step = 0;    // 1-based; 0 once every step is done
  int of = 0;
  std::string text;
  std::vector<std::string> todo;  // the expected actions, next first
  std::string next() const { return todo.empty() ? "" : todo[0]; }
  int done() const { return step > 0 ? step - 1 : of; }  // steps already done
};

struct View {
  std::vector<Piece> pieces;
  std::vector<SidePiece> side;
  std::vector<std::string> last;    // node ids of the last move, marked
  std::vector<std::string> status;  // side-panel lines: scores, tracks
  std::vector<int> dice;            // 1-6 each
  int dice_roll = 0;                // changes with every roll, so equal dice still tumble; 0: not given
  std::optional<Spinner> spinner;
  std::vector<Card> cards;   // the seat's hand or cards in play
  std::vector<Card> events;  // cards in force this turn, not the seat's
  std::string phase;         // a short machine word ("setup", "move")
  std::string step;          // what happens next, in words
  std::string roll;          // the last roll with its modifiers
  std::string scenario;      // the scenario played, if any
  std::optional<Tutorial> tutorial;
};

// Throws DataError("view: <key>: ...") where a shared key has the wrong shape.
View parse(const Json& v);
Json to_json(const View& v);  // the shared keys only, in the shape parse() reads

}  // namespace gamut::view
