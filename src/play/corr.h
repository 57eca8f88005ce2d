// Play by link (issue 14): a game between people in different places, each in
// their own browser, passing a link after every move, with no server. The
// protocol in plain words and its security argument: docs/correspondence.md.
//
//  - The link carries the whole history, hash-chained: each entry's hash
//    covers the one before, and the link ends with the last. A browser takes a
//    link only if it extends the history it already has unchanged.
//  - A secret action (core/secrets.h) travels as one salted commitment per
//    item; its owner keeps the secret in its seat key and reveals an item when
//    the rules reveal it. Every reveal is checked against its commitment.
//  - Chance: each seat commits at its join to the end of a hash chain
//    (link N = H^N(seed)) and reveals one link further back per chance event,
//    once the event has been reached. The outcome is a hash of the game's
//    nonce, the event number and every seat's link: nothing a seat chooses
//    after the chains are fixed (its moves, its order of play) enters it.
//  - At the end every commitment is opened and the whole game is replayed
//    with the true secrets: "verified", or the move that failed.
//
// Named no game: what a game hides is its Secrets.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/match.h"
#include "core/secrets.h"

namespace gamut::corr {

constexpr int kChain = 1000;  // chance events one game can hold: each seat's hash chain is this long
constexpr uint64_t kLinkFormat = 4, kKeyFormat = 5;  // code formats (1-2 share codes, 3 watch codes)

enum Kind : int { kJoin = 1, kMove = 2, kCommit = 3, kReveal = 4, kShare = 5 };

struct Entry {
  int seat = 0;
  Kind kind = kMove;
  Action action = 0;                    // kMove
  int secret = 0, item = 0, value = 0;  // kReveal
  std::string bytes;                    // kJoin: chain end; kCommit: one 32-byte commitment per item;
                                        // kReveal: the item's salt; kShare: the seat's chain link
  bool operator==(const Entry& o) const;
};

struct Link {
  std::string game;
  int version = 0;
  Json options = Json::object();
  int seats = 2;
  std::string nonce;  // 16 random bytes: names the game and keeps its hashes apart from every other game's
  std::vector<Entry> entries;
};

// One seat's private part: what its owner's browser keeps and nobody else sees.
struct Key {
  std::string nonce;
  int seat = -1;
  std::string master;                     // 32 random bytes: salts and the chance chain derive from it
  std::vector<std::vector<int>> secrets;  // the items of each of the seat's secret actions, in order
};

std::string encode_link(const Link& l);     // a code (code.h) of format kLinkFormat, the history's hash at its end
Link decode_link(const std::string& code);  // throws DataError: damaged, or a hash chain that does not hold
std::string encode_key(const Key& k);
Key decode_key(const std::string& code);
std::string history_hash(const Link& l, size_t n);  // the hash chain after the first n entries

// Hashes as the protocol forms them.
std::string commitment(const std::string& nonce, int seat, int secret, int item, int value, const std::string& salt);
std::string salt(const Key& k, int secret, int item);
std::string chain_link(const Key& k, int back);  // the link `back` steps from the chain's end (0: the end itself)
// True when `link` is the link before `last` on its chain: hash(link) == last. A
// reused link, or one made up, is not.
bool next_link(const std::string& last, const std::string& link);
// The outcome of chance event `event` (a uniform number in [0, 1)), run step `step`, from every seat's link.
double chance_uniform(const std::string& nonce, int event, const std::vector<std::string>& links, int step);

// Whether game `id` can be played by link: two or more seats, and its hidden
// information (if any) described by its Secrets.
bool available(const std::string& id);

// Play by link in plain words, for the rules panel: how it goes, and its limits.
std::string rules_text();

// What a history says once replayed, as one browser (holding `key`, or none) knows it.
struct Replay {
  Record record;        // actions with stand-ins for secrets this browser does not hold
  int to_act = -1;      // the seat the game waits for (-1: nobody: finished and verified, or failed)
  std::string waiting;  // what it waits for, in words: "South's move", "North's reveal"...
  // What to_act must do. All but kMoveTask need no decision: its browser does them when it opens the link.
  enum Task { kNoTask, kMoveTask, kJoinTask, kRevealTask, kChanceTask, kOpenTask } task = kNoTask;
  bool automatic = false;              // task is neither a move nor nothing
  bool finished = false;               // the game is over by its rules and every commitment is opened
  bool verified = false;               // ... and the replay with the true secrets agrees
  std::string failure;                 // why not verified, naming the move ("" while playing or verified)
  std::string result;                  // the result, once finished
  std::vector<int> joined;             // seats that have joined
  std::vector<Secrets::Item> owed;     // items the rules have revealed and their owners not yet
  bool at_chance = false;              // the game stands at a chance event ...
  std::vector<bool> shared;            // ... and these seats have given their share of it
  std::vector<Secrets::Item> unknown;  // committed items this browser does not know: stand-ins in record
  // The view of `seat` of the state after `n` actions of the record (all: -1), stand-ins masked.
  Json view(int seat, long n = -1) const;
};

// Replays and checks a whole history. Throws DataError naming the entry
// ("move N: ...") for anything a browser must refuse: an illegal move, a
// reveal that does not match its commitment, a chance link off its chain.
// `key` is checked against the seat's own entries when given.
Replay replay(const Link& l, const Key* key);

// A game played by link as one browser holds it.
class Game {
 public:
  // A new game: this browser takes seat `seat` (commitments come as the game needs them).
  static Game create(const std::string& id, const Json& options, int seats, int seat = 0);
  // A link opened here. `have`: the game as this browser already holds it, if it does.
  // Throws DataError, leaving `have` as it was, when the link rewrites the held history.
  static Game open(const std::string& code, const Game* have);
  Game(Link l, std::optional<Key> k);

  const Link& link() const { return link_; }
  const std::optional<Key>& key() const { return key_; }
  const Replay& state() const { return replay_; }
  int seat() const { return key_ ? key_->seat : -1; }
  std::string code() const;  // the link's code, kept until the history grows: the page asks for it often
  // Claims the seat the game waits to join, with a fresh key; false if none waits.
  bool claim();
  // Takes a seat key made on another device; throws DataError if it is not this game's or does not fit.
  void import_key(const Key& k);
  // This seat's move; then whatever this seat does automatically. Throws DataError if not legal.
  void play(Action a);
  // Does what this seat must do without a decision (join, reveal, chance link, final opening).
  void automatic();

 private:
  void append(Entry e);  // checked: a history that would not replay is never kept
  Link link_;
  std::optional<Key> key_;
  Replay replay_;
  mutable std::string code_;
  mutable size_t code_entries_ = size_t(-1);
};

}  // namespace gamut::corr
