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
//  - Cards dealt face down (Secrets' decks: U.N.C.L.E.'s chiefs, secret
//    missions) are mental poker: every seat, at its join, locks each card of
//    the deck with its own secret scalar and shuffles it (commutative
//    encryption in ristretto255). A card is shown to a seat when every other
//    seat unlocks it, with a proof that it unlocked truly; the rules' tests on
//    a card only its holder knows ("is your mission this square's?") are
//    answered with a zero-knowledge proof of "no" (or "one of these"), or by
//    showing it to all; a hand is locked afresh and reshuffled by its holder
//    before a card of it is played face down, so nobody can follow which.
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

enum Kind : int {
  kJoin = 1,
  kMove = 2,
  kCommit = 3,
  kReveal = 4,
  kShare = 5,
  kDeck = 6,        // a seat's locking and shuffling of a deck
  kUnlock = 7,      // a seat takes its lock off a card, for the seat the rules show it to (or for all)
  kNot = 8,         // a card's holder proves it is not a given card
  kCardMove = 9,    // a move that names a card, by its locked form
  kReshuffle = 10,  // a seat locks its hand afresh and shuffles it, so nobody can follow which card it plays
  kNotSame = 11,    // a seat proves two cards it holds are not the same
  kIn = 12,         // a seat proves the card it holds is one of some cards
};

struct Entry {
  int seat = 0;
  Kind kind = kMove;
  Action action = 0;                    // kMove, kCardMove (the card named as 0)
  int secret = 0, item = 0, value = 0;  // kReveal: secret, item, value. Decks: secret is the deck, item the
                                        // card's place in it; value: kUnlock the seats already unlocked (bits),
                                        // kNot the card it is not, kNotSame the other card's place * 16 + deck,
                                        // kIn the cards it may be (bits)
  std::string bytes;                    // kJoin: chain end; kCommit: one 32-byte commitment per item;
                                        // kReveal: the item's salt; kShare: the seat's chain link;
                                        // kDeck: the seat's lock's public key, then the deck's cards;
                                        // kUnlock: the card unlocked, then the proof; kNot, kNotSame,
                                        // kIn: the proof; kReshuffle: the count and places of the hand,
                                        // then each new form and its lock's public key
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
int max_seats(const std::string& id);  // the most seats it takes by link

// Play by link in plain words, for the rules panel: how it goes, and its
// limits; then what it means for game `id`, if its Secrets say.
std::string rules_text(const std::string& id = "");

// A card's face: the point every browser gives card `card` of the decks that
// show deck `deck`'s faces (Secrets::faces), before any lock.
std::string card_point(const std::string& game, int deck, int card);

// What a history says once replayed, as one browser (holding `key`, or none) knows it.
struct Replay {
  Record record;        // actions with stand-ins for secrets this browser does not hold
  int to_act = -1;      // the seat the game waits for (-1: nobody: finished and verified, or failed)
  std::string waiting;  // what it waits for, in words: "South to make a move", "North's reveal"...
  // What to_act must do. All but kMoveTask need no decision: its browser does them when it opens the link.
  enum Task {
    kNoTask,
    kMoveTask,
    kJoinTask,
    kRevealTask,
    kChanceTask,
    kOpenTask,
    kShuffleTask,  // lock and shuffle a deck
    kUnlockTask,   // take its lock off a card the rules show to another seat (or to all)
    kProveTask,    // answer a test on its own card
  } task = kNoTask;
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
  std::vector<Secrets::Card> hidden;   // cards dealt that this browser cannot unlock: stand-ins in record
  // This browser's reading of each deck: the identity it gives each card's
  // locked form (true where it could unlock it, a stand-in elsewhere), and back.
  std::vector<std::vector<int>> card_at, place_of;
  // The view of `seat` of the state after `n` actions of the record (all: -1), stand-ins masked.
  Json view(int seat, long n = -1) const;
  // The move log as `seat` may read it, naming no card this browser holds a stand-in for.
  std::vector<std::string> log(int seat) const;

  // The decks as the link leaves them, for this browser's own entries. A
  // place is one locked form of a card: the deck's cards once every seat has
  // locked and shuffled it, then those each reshuffle of a hand makes.
  struct Place {
    std::string form;               // the card under the locks of `locks`
    unsigned locks = 0;             // a bit per seat whose lock is on it
    std::vector<std::string> keys;  // per seat: its lock's public key on this form ("" none)
    bool gone = false;              // reshuffled into another place
  };
  struct Unlocked {
    int place;
    unsigned seats;     // the seats whose locks are off
    std::string point;  // the card then
  };
  struct Deck {
    std::vector<std::string> base;   // each card's point, by identity
    std::vector<std::string> cards;  // the deck as the last seat to lock it left it
    std::vector<int> shuffled;       // the seats that have locked it, in order
    std::vector<Place> places;
    std::vector<Unlocked> unlocked;                               // every unlocking, in the link's order
    int dealt = 0;                                                // the deck's places dealt so far
    const std::string* unlocked_by(int p, unsigned seats) const;  // the card at p with those seats' locks off
    bool in_play(int p) const { return !places[size_t(p)].gone && (p < dealt || p >= int(cards.size())); }
    // The card at place `p` with every lock off but those in `left`, if the link holds it.
    const std::string* with_locks(int p, unsigned left) const;
    unsigned fewest_locks(int p) const;  // the fewest locks the card at `p` is under in the link
  };
  std::vector<Deck> decks;
  struct OwedCard {
    int deck, place, viewer;  // to show to `viewer` (-1: to all)
  };
  std::vector<OwedCard> owed_cards;
  struct OwedTest {
    int deck, place, against, seat;         // `seat` to prove whether its card is `against`,
    int other_deck = -1, other_place = -1;  // or the card at this place
    unsigned within = 0;                    // or: prove it is one of these (bits)
  };
  std::vector<OwedTest> owed_tests;
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
