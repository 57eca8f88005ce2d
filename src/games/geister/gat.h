// The Geister tournament server protocol (GPW/GAT, miyo/geister_server.java):
// board messages, move commands, and a transport-free client that turns the
// server's lines into replies. Sockets live in src/platform/gat_socket.cpp.
//
// Every client sees the board from its own side: own home rows y = 4, 5,
// north (y = 0) toward the opponent. Our board JSON puts South's home on
// y = 4, 5 too, so seat 0 reads protocol (x, y) as node (x, y) and seat 1
// reads it turned half a circle, (5 - x, 5 - y).
#pragma once
#include <array>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ai/bots.h"
#include "games/geister/geister.h"

namespace gamut::geister::gat {

constexpr int kCapturedXY = 99, kEscapedXY = 88;

// One ghost of a board message: letters A..H are one's own (entries 0-7),
// a..h the opponent's (8-15).
struct Entry {
  int x = 0, y = 0;
  char c = 'u';  // R/B own colour, r/b shown to both, u unknown
  bool on_board() const { return x >= 0 && x < 6 && y >= 0 && y < 6; }
  bool captured() const { return x == 9 && y == 9; }
  bool escaped() const { return x == 8 && y == 8; }
};
using Message = std::array<Entry, kGhosts>;

// Parses the 48 characters after "MOV?", "WON:", "LST:" or "DRW:".
// Throws DataError on anything else.
Message parse_board(const std::string& s);
std::string encode_board(const Message& m);

// Protocol square <-> our node for a client playing `seat`.
int node_of(const GeisterGame& g, int seat, int x, int y);
void xy_of(const GeisterGame& g, int seat, int node, int& x, int& y);

// A playing position for the client as `seat`: its ghosts (board order A..H
// are ghosts seat*8+0..7) with true colours, the opponent's with the colours
// the message shows; unknown ones get placeholder colours (the AI re-deals
// them through determinize). `moves` is the number of moves played so far.
std::unique_ptr<GeisterState> state_from_board(const GeisterGame& g, const Message& m, int seat, int to_move, int moves,
                                               int max_moves = 300);

// "A,NORTH" for a legal play action of `seat` in s (built by state_from_board,
// so ghost seat*8+i is letter 'A'+i).
std::string move_command(const GeisterState& s, int seat, Action a);

// A client without I/O: feed() takes bytes as they arrive (lines may be split
// anywhere) and returns what to send back.
class Client {
 public:
  Client(std::unique_ptr<Bot> bot, uint64_t seed, int seat = 0);
  std::string feed(const std::string& bytes);
  // After NG: true while a retry is due. The driver calls retry() when the
  // server stays quiet (kRetryMs) and sends what it returns.
  bool retry_due() const { return retry_; }
  std::string retry();
  static constexpr int kRetryMs = 500;  // the reference server pauses 100 ms between messages
  bool over() const { return !result_.empty(); }
  const std::string& result() const { return result_; }  // "WON", "LST" or "DRW"
  const Message& final_board() const { return final_; }
  int moves_sent() const { return moves_sent_; }
  int turns() const { return boards_; }     // distinct MOV? prompts answered
  int refused() const { return refused_; }  // NG answers received
  std::vector<std::string> log;             // every line in and out, for --verbose and tests

 private:
  std::string line(const std::string& l);  // reply to one complete line
  std::string choose_move();
  std::string choose_setup();
  std::unique_ptr<Bot> bot_;
  Rng rng_;
  int seat_;
  std::shared_ptr<const Game> game_;
  std::string buf_;
  std::string result_;
  Message final_{};
  int boards_ = 0, first_ = -1, moves_sent_ = 0, refused_ = 0;
  enum { IDLE, SENT_SET, SENT_MOVE } wait_ = IDLE;
  std::unique_ptr<GeisterState> pos_;  // the position of the last MOV?
  std::set<std::string> tried_;        // commands refused in this position
  std::string set_tried_;              // "|ABCD|..." set-ups sent
  std::string last_board_;
  bool retry_ = false;
  std::string red_;  // the accepted set-up's red letters
};

}  // namespace gamut::geister::gat
