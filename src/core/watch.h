// Watch codes: a game as a spectator sees it, for a link anyone may open while
// the game is still being played. It holds the public view after every action
// and the public log, and no seed and no action, so nothing in it tells a
// hidden piece, card or future die. It replays; it cannot be played on.
#pragma once
#include <string>
#include <vector>

#include "match.h"

namespace gamut {

struct Watch {
  std::string game;
  int version = 0;
  Json options = Json::object();
  int seats = 0;
  std::vector<std::string> players;  // as in Record::players
  std::vector<std::string> log;      // public_log(m, -1)
  std::vector<std::string> notes;    // as in Record::notes
  std::vector<Json> views;           // views[i]: view(-1) after the first i actions; log.size() + 1 of them
};

Watch make_watch(const Match& m, const std::vector<std::string>& players);
std::string encode_watch_code(const Watch& w);
Watch decode_watch_code(const std::string& code);  // throws DataError with the reason

}  // namespace gamut
