#include "corr.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include "core/code.h"
#include "core/crypto.h"
#include "core/text.h"

namespace gamut::corr {

using code::put_bytes;
using code::put_varint;

// A link refused, with the reason (English, translated where it is shown) or,
// for a seat's, the reason naming the seat (translated now: a whole format).
[[noreturn]] static void refuse(const char* english) { throw DataError(english); }
[[noreturn]] static void refuse_seat(const gamut::Game& g, const char* format, int seat) {
  throw DataError(strf(T(format), T(g.seat_name(seat)).c_str()));
}

bool Entry::operator==(const Entry& o) const {
  return seat == o.seat && kind == o.kind && action == o.action && secret == o.secret && item == o.item &&
         value == o.value && bytes == o.bytes;
}

// ---- hashes ------------------------------------------------------------------
// Every hash input starts with a label of its own, so that no hash of one kind
// can pass for another (a commitment for a chain link, say).

static std::string num(uint64_t v) {
  std::string b;
  put_varint(b, v);
  return b;
}

std::string commitment(const std::string& nonce, int seat, int secret, int item, int value, const std::string& salt) {
  std::string b = "gamut commit";
  put_bytes(b, nonce);
  b += num(uint64_t(seat)) + num(uint64_t(secret)) + num(uint64_t(item)) + num(uint64_t(value));
  put_bytes(b, salt);
  return crypto::hash(b);
}

std::string salt(const Key& k, int secret, int item) {
  return crypto::keyed_hash(k.master, "gamut salt" + num(uint64_t(secret)) + num(uint64_t(item))).substr(0, 16);
}

std::string chain_link(const Key& k, int back) {
  std::string l = crypto::keyed_hash(k.master, "gamut chance chain");
  for (int i = 0; i < kChain - back; ++i) l = crypto::hash(l);
  return l;
}

bool next_link(const std::string& last, const std::string& link) {
  return link.size() == crypto::kHash && crypto::equal(crypto::hash(link), last);
}

double chance_uniform(const std::string& nonce, int event, const std::vector<std::string>& links, int step) {
  std::string b = "gamut chance";
  put_bytes(b, nonce);
  b += num(uint64_t(event)) + num(uint64_t(step));
  for (const std::string& l : links) put_bytes(b, l);
  return double(crypto::first_u64(crypto::hash(b)) >> 11) * 0x1.0p-53;
}

// ---- decks -------------------------------------------------------------------
// A card is a point of ristretto255 named by the game, the deck and its
// identity; every seat's lock on a deck is one secret scalar from its key.

std::string card_point(const std::string& game, int deck, int card) {
  std::string b = "gamut card";
  put_bytes(b, game);
  return crypto::point_from(b + num(uint64_t(deck)) + num(uint64_t(card)));
}

static std::string deck_scalar(const Key& k, int deck) {
  return crypto::scalar(k.master, "gamut deck" + num(uint64_t(deck)));
}
// The lock a seat puts on place `place` when it reshuffles its hand into it.
static std::string reshuffle_scalar(const Key& k, int deck, int place) {
  return crypto::scalar(k.master, "gamut reshuffle" + num(uint64_t(deck)) + num(uint64_t(place)));
}
// The seat's lock on a place: the deck's, or the one of its own reshuffle.
static std::string lock_scalar(const Key& k, int deck, const Replay::Deck& d, int place) {
  return place < int(d.cards.size()) ? deck_scalar(k, deck) : reshuffle_scalar(k, deck, place);
}

const std::string* Replay::Deck::unlocked_by(int p, unsigned seats) const {
  for (const Unlocked& u : unlocked)
    if (u.place == p && u.seats == seats) return &u.point;
  return nullptr;
}

const std::string* Replay::Deck::with_locks(int p, unsigned left) const {
  const Place& pl = places.at(size_t(p));
  if ((left & ~pl.locks) != 0) return nullptr;
  if (left == pl.locks) return &pl.form;
  return unlocked_by(p, pl.locks & ~left);
}

unsigned Replay::Deck::fewest_locks(int p) const {
  unsigned best = places.at(size_t(p)).locks;
  for (const Unlocked& u : unlocked) {
    unsigned left = places[size_t(p)].locks & ~u.seats;
    if (u.place == p && __builtin_popcount(left) < __builtin_popcount(best)) best = left;
  }
  return best;
}

// What a proof is about, bound into its challenge: no proof passes for another card's, seat's or game's.
static std::string proof_context(const std::string& nonce, int seat, int deck, int place, int v) {
  std::string b = "gamut card proof";
  put_bytes(b, nonce);
  return b + num(uint64_t(seat)) + num(uint64_t(deck)) + num(uint64_t(place)) + num(uint64_t(v));
}

// A replay checks every proof in the link, and a link is replayed after each
// entry added: the proofs found good are remembered, by a hash of all they prove.
static std::set<std::string>& good_proofs() {
  static std::set<std::string> s;
  if (s.size() > 20000) s.clear();
  return s;
}
static bool check_unlock_memo(const std::string& K, const std::string& in, const std::string& out,
                              const std::string& proof, const std::string& ctx) {
  std::string h = crypto::hash("u" + K + in + out + proof + ctx);
  if (good_proofs().count(h)) return true;
  if (!crypto::check_unlock(K, in, out, proof, ctx)) return false;
  good_proofs().insert(h);
  return true;
}
static bool check_not_memo(const std::string& K, const std::string& V, const std::string& Q, const std::string& proof,
                           const std::string& ctx, const std::string& base = "") {
  std::string h = crypto::hash("n" + K + V + Q + proof + ctx + base);
  if (good_proofs().count(h)) return true;
  if (!crypto::check_not(K, V, Q, proof, ctx, base)) return false;
  good_proofs().insert(h);
  return true;
}

static bool check_in_memo(const std::string& K, const std::string& V, const std::vector<std::string>& Q,
                          const std::string& proof, const std::string& ctx) {
  std::string all;
  for (const std::string& q : Q) all += q;
  std::string h = crypto::hash("i" + K + V + all + proof + ctx);
  if (good_proofs().count(h)) return true;
  if (!crypto::check_in(K, V, Q, proof, ctx)) return false;
  good_proofs().insert(h);
  return true;
}

// ---- codes -------------------------------------------------------------------

static std::string header_bytes(const Link& l) {
  std::string b;
  put_bytes(b, l.game);
  put_varint(b, uint64_t(l.version));
  put_bytes(b, l.options.dump());
  put_varint(b, uint64_t(l.seats));
  put_bytes(b, l.nonce);
  return b;
}

static bool has_action(Kind k) { return k == kMove || k == kCardMove; }
static bool has_bytes(Kind k) { return !has_action(k); }
static bool has_three(Kind k) { return k == kReveal || k == kUnlock || k == kNot || k == kNotSame || k == kIn; }
static bool has_deck(Kind k) { return k == kDeck || k == kReshuffle; }

static std::string entry_bytes(const Entry& e) {
  std::string b;
  put_varint(b, uint64_t(e.seat));
  put_varint(b, uint64_t(e.kind));
  if (has_action(e.kind)) put_varint(b, uint64_t(uint32_t(e.action)));
  if (e.kind == kCardMove) b += num(uint64_t(e.secret)) + num(uint64_t(e.item));
  if (has_three(e.kind)) b += num(uint64_t(e.secret)) + num(uint64_t(e.item)) + num(uint64_t(e.value));
  if (has_deck(e.kind)) b += num(uint64_t(e.secret));
  if (has_bytes(e.kind)) put_bytes(b, e.bytes);
  return b;
}

// BLAKE2b-512, the one digest size standard tools have (OpenSSL's and Node's
// "blake2b512"), so anyone can check a link's chain without Gamut.
std::string history_hash(const Link& l, size_t n) {
  std::string h = crypto::hash512("gamut history" + header_bytes(l));
  for (size_t i = 0; i < n && i < l.entries.size(); ++i) h = crypto::hash512(h + entry_bytes(l.entries[i]));
  return h;
}

std::string encode_link(const Link& l) {
  std::string b;
  put_varint(b, kLinkFormat);
  b += header_bytes(l);
  put_varint(b, l.entries.size());
  for (const Entry& e : l.entries) b += entry_bytes(e);
  put_bytes(b, history_hash(l, l.entries.size()));
  return code::pack(b);
}

Link decode_link(const std::string& c) {
  std::string body = code::unpack(c);
  code::Reader rd{body};
  if (rd.varint() != kLinkFormat) refuse(N("this is not a play-by-link link"));
  Link l;
  l.game = rd.bytes();
  l.version = int(rd.varint());
  l.options = parse_json_text(rd.bytes(), "link options");
  l.seats = int(rd.varint());
  l.nonce = rd.bytes();
  uint64_t n = rd.varint();
  if (n > body.size()) refuse(N("the link is corrupt (too many entries)"));
  for (uint64_t i = 0; i < n; ++i) {
    Entry e;
    e.seat = int(rd.varint());
    uint64_t k = rd.varint();
    if (k < kJoin || k > kIn) throw DataError(strf(T("move %d of the link is of no known kind"), int(i + 1)));
    e.kind = Kind(k);
    if (has_action(e.kind)) e.action = Action(uint32_t(rd.varint()));
    if (e.kind == kCardMove) e.secret = int(rd.varint()), e.item = int(rd.varint());
    if (has_three(e.kind)) {
      e.secret = int(rd.varint());
      e.item = int(rd.varint());
      e.value = int(rd.varint());
    }
    if (has_deck(e.kind)) e.secret = int(rd.varint());
    if (has_bytes(e.kind)) e.bytes = rd.bytes();
    l.entries.push_back(e);
  }
  std::string seal = rd.bytes();
  if (!rd.done()) refuse(N("the link has bytes after its end"));
  if (!crypto::equal(seal, history_hash(l, l.entries.size())))
    refuse(N("the link's history does not match its hash chain: it was damaged or edited"));
  return l;
}

std::string encode_key(const Key& k) {
  std::string b;
  put_varint(b, kKeyFormat);
  put_bytes(b, k.nonce);
  put_varint(b, uint64_t(k.seat));
  put_bytes(b, k.master);
  put_varint(b, k.secrets.size());
  for (const std::vector<int>& s : k.secrets) {
    put_varint(b, s.size());
    for (int v : s) put_varint(b, uint64_t(v));
  }
  return code::pack(b);
}

Key decode_key(const std::string& c) {
  std::string body = code::unpack(c);
  code::Reader rd{body};
  if (rd.varint() != kKeyFormat) refuse(N("this is not a seat key"));
  Key k;
  k.nonce = rd.bytes();
  k.seat = int(rd.varint());
  k.master = rd.bytes();
  if (k.master.size() != 32) refuse(N("the seat key is damaged"));
  uint64_t n = rd.varint();
  if (n > body.size()) refuse(N("the seat key is damaged"));
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t m = rd.varint();
    if (m > body.size()) refuse(N("the seat key is damaged"));
    std::vector<int> s;
    for (uint64_t j = 0; j < m; ++j) s.push_back(int(rd.varint()));
    k.secrets.push_back(s);
  }
  if (!rd.done()) refuse(N("the seat key is damaged"));
  return k;
}

bool available(const std::string& id) {
  try {
    auto g = load_game(id);
    return g->info().max_seats >= 2 && !g->info().test && (!g->info().hidden_info || secrets_for(id)) &&
           max_seats(id) >= g->info().min_seats;
  } catch (const std::exception&) {
    return false;
  }
}

int max_seats(const std::string& id) {
  try {
    int n = load_game(id)->info().max_seats;
    if (const Secrets* sec = secrets_for(id)) n = std::min(n, sec->max_seats());
    return n;
  } catch (const std::exception&) {
    return 0;
  }
}

std::string rules_text(const std::string& id) {
  std::string t =
      T("Each seat is one person, in their own browser. After your move, send the link the page offers to the "
        "player whose turn it is; whoever opens a new game's link first takes the next free seat. Your hidden "
        "pieces never travel in a link: it carries only a sealed fingerprint of them (a salted hash), and your "
        "browser opens one when the rules show it, such as a captured ghost's colour. Dice and draws come from "
        "numbers every player committed to at the start, so nobody can choose or foresee them. Each link carries "
        "the whole game; one that changes a past move, or shows a piece other than the one sealed, is refused. At "
        "the end every seal is opened and the result says \"verified\", or names the move that failed. Your seat "
        "lives in this browser: to go on from another device, copy its seat key there. A player who stops sending "
        "links stops the game: there is no server to go on without them, and nothing can force a reply.");
  if (const Secrets* sec = id.empty() ? nullptr : secrets_for(id)) {
    std::string note = sec->rules_note();
    if (!note.empty()) t += "\n\n" + note;
  }
  return t;
}

// ---- replay ------------------------------------------------------------------

namespace {

using ItemKey = std::tuple<int, int, int>;  // seat, secret, item

// A reshuffle of a hand: the places it took and those it made, the card the
// move plays first.
struct Reshuffle {
  int seat = -1;
  std::vector<int> olds, news;
};

// One deck as the link builds it, before the game is replayed: the seats'
// locks, every unlock (checked against its proof), every reshuffle, and what
// this browser can read of each place.
struct Differ {
  int place, deck, other;  // the card at `place` is not the one at place `other` of deck `deck`
};

struct DeckRun {
  int size = 0;
  std::vector<std::string> keys;  // per seat: its lock's public key on the deck ("" until it has locked it)
  std::vector<Reshuffle> reshuffles;
  std::vector<unsigned> isnot;   // place -> the cards it was proven not to be (bits)
  std::vector<Differ> differ;    // proven not the same card
  std::vector<unsigned> within;  // place -> the cards it was proven to be one of (bits)
  std::vector<int> known;        // place -> card, where this browser has unlocked it (-1)
  std::vector<int> story;        // place -> card as this browser replays it
  Replay::Deck out;
};

std::string who_of(const gamut::Game& g, int seat) { return T(g.seat_name(seat)); }

struct Replayer {
  const Link& l;
  const Key* key;
  std::shared_ptr<const gamut::Game> game;
  const Secrets* sec;
  std::unique_ptr<State> s;
  Replay out;
  std::map<ItemKey, int> all_reveals;                          // every reveal in the link (stand-ins agree with them)
  std::set<ItemKey> revealed;                                  // revealed so far, checked
  std::vector<std::vector<std::vector<std::string>>> commits;  // [seat][secret][item]
  std::vector<Secrets::Item> owed;                             // revealed by the rules, not yet by their owner
  std::vector<std::string> last_link, cur;                     // per seat: the latest chain link; this event's
  std::vector<int> used;                                       // per seat: chance links revealed
  int event = 0;
  std::vector<std::tuple<size_t, int, int>> secret_at;  // record position, seat, secret number
  // Decks, as the replay reaches them.
  std::vector<DeckRun> decks;
  unsigned all = 0;  // a bit per seat
  // What the replay has reached of each deck's proofs, so far.
  struct Proven {
    int deck, place;
    unsigned seats;  // kUnlock: the seats whose locks are off
    int kind;        // kUnlock, kNot (other: the card), kNotSame (other: place * 16 + deck), kIn (other: the cards)
    long other;
  };
  std::vector<Proven> proven;
  bool has(int kind, int d, int p, unsigned seats, long other) const {
    for (const Proven& x : proven)
      if (x.kind == kind && x.deck == d && x.place == p && x.seats == seats && x.other == other) return true;
    return false;
  }
  std::vector<int> staged;              // [deck] seats that have locked it so far
  std::vector<std::vector<int>> where;  // [deck] card -> its place now
  std::vector<int> reshuffled;          // [deck] reshuffles reached
  std::vector<Replay::OwedCard> owed_cards;
  std::vector<Replay::OwedTest> owed_tests;
  const Entry* pending = nullptr;  // a reshuffle, waiting for the move that plays its first card

  Replayer(const Link& link, const Key* k) : l(link), key(k) {
    game = load_game(l.game, l.version);
    sec = secrets_for(l.game);
    if (l.seats < game->info().min_seats || l.seats > game->info().max_seats)
      throw DataError(strf(T("%s takes %d-%d seats"), T(game->info().name).c_str(), game->info().min_seats,
                           game->info().max_seats));
    if (sec && l.seats > sec->max_seats())
      throw DataError(
          strf(T("%s is played by link by at most %d players"), T(game->info().name).c_str(), sec->max_seats()));
    if (game->info().hidden_info && !sec)
      throw DataError(strf(T("%s cannot be played by link"), T(game->info().name).c_str()));
    if (l.nonce.size() != 16) refuse(N("the link has no game nonce"));
    out.record.game = l.game;
    out.record.version = game->data_version();
    out.record.options = game->resolve_options(l.options);
    out.record.seats = uint64_t(l.seats);
    s = game->new_state(out.record.options, l.seats);
    commits.resize(size_t(l.seats));
    last_link.resize(size_t(l.seats));
    cur.resize(size_t(l.seats));
    used.resize(size_t(l.seats));
    all = (1u << l.seats) - 1;
    if (key && (key->nonce != l.nonce || key->seat < 0 || key->seat >= l.seats))
      refuse(N("the seat key is not one of this game's"));
    if (sec)
      for (int n : sec->decks(*s)) {
        DeckRun d;
        d.size = n;
        for (int c = 0; c < n; ++c) d.out.base.push_back(card_point(l.game, sec->faces(int(decks.size())), c));
        d.keys.resize(size_t(l.seats));
        decks.push_back(std::move(d));
      }
    staged.resize(decks.size());
    where.resize(decks.size());
    reshuffled.resize(decks.size());
  }

  std::string who(int seat) const { return who_of(*game, seat); }

  // ---- decks, before the replay: the cryptography of every deck entry ----

  // This browser has read the card at `place`.
  static void learn(DeckRun& d, int place, const std::string& point) {
    int c = int(std::find(d.out.base.begin(), d.out.base.end(), point) - d.out.base.begin());
    if (c == d.size) refuse(N("a card unlocked is none of the deck's: a seat locked or shuffled the deck falsely"));
    if (d.known[size_t(place)] >= 0 && d.known[size_t(place)] != c) refuse(N("a card unlocked twice"));
    d.known[size_t(place)] = c;
  }

  void add_place(DeckRun& d, Replay::Place p) {
    d.out.places.push_back(std::move(p));
    d.isnot.push_back(0);
    d.within.push_back(~0u);
    d.known.push_back(-1);
  }

  // This browser reads what only its own lock still covers.
  void read(DeckRun& d, int deck, int place, unsigned left, const std::string& point) {
    if (left == 0) return learn(d, place, point);
    if (key && left == (1u << key->seat))
      learn(d, place, crypto::mul(crypto::inverse(lock_scalar(*key, deck, d.out, place)), point));
  }

  // A place the holder `seat` can work on: under no lock but its own.
  static const std::string* held(const DeckRun& d, int place, int seat) {
    const std::string* f = d.out.with_locks(place, d.out.places[size_t(place)].locks & (1u << seat));
    return f ? f : d.out.with_locks(place, 0);
  }

  void deck_entry(const Entry& e) {
    if (e.seat < 0 || e.seat >= l.seats) refuse(N("no such seat"));
    if (e.secret < 0 || size_t(e.secret) >= decks.size()) refuse(N("a damaged card"));
    DeckRun& d = decks[size_t(e.secret)];
    const size_t n = size_t(d.size);
    bool mine = key && key->seat == e.seat;
    if (e.kind == kDeck) {
      if (!d.keys[size_t(e.seat)].empty()) refuse_seat(*game, N("%s locked a deck twice"), e.seat);
      if (e.bytes.size() != crypto::kPoint * (n + 1)) refuse(N("a damaged card"));
      std::string K = e.bytes.substr(0, crypto::kPoint);
      std::vector<std::string> cards;
      for (size_t i = 0; i < n; ++i) {
        cards.push_back(e.bytes.substr(crypto::kPoint * (i + 1), crypto::kPoint));
        if (!crypto::valid_point(cards.back()) || std::count(cards.begin(), cards.end(), cards.back()) > 1)
          refuse(N("a deck holding a card twice, or one that is no card"));
      }
      if (!crypto::valid_point(K)) refuse(N("a damaged card"));
      if (mine && !crypto::equal(K, crypto::mul_base(deck_scalar(*key, e.secret))))
        refuse(N("this is not the deck your seat key locked"));
      d.keys[size_t(e.seat)] = K;
      d.out.shuffled.push_back(e.seat);
      d.out.cards = cards;
      if (int(d.out.shuffled.size()) == l.seats)  // locked by all: the deck's places
        for (size_t i = 0; i < n; ++i) add_place(d, {cards[i], all, d.keys, false});
      return;
    }
    if (int(d.out.shuffled.size()) < l.seats) refuse(N("a damaged card"));
    if (e.kind == kReshuffle) {
      code::Reader rd{e.bytes};
      uint64_t k = rd.varint();
      if (k < 1 || k > n) refuse(N("a damaged card"));
      Reshuffle r;
      r.seat = e.seat;
      for (uint64_t i = 0; i < k; ++i) {
        uint64_t p = rd.varint();
        if (p >= d.out.places.size() || d.out.places[p].gone || std::count(r.olds.begin(), r.olds.end(), int(p)) ||
            !held(d, int(p), e.seat))
          refuse(N("a reshuffle of cards that are not the seat's to reshuffle"));
        r.olds.push_back(int(p));
      }
      std::string rest = e.bytes.substr(rd.p);
      if (rest.size() != 2 * crypto::kPoint * k) refuse(N("a damaged card"));
      for (uint64_t i = 0; i < k; ++i) {
        std::string form = rest.substr(2 * crypto::kPoint * i, crypto::kPoint),
                    K = rest.substr(2 * crypto::kPoint * i + crypto::kPoint, crypto::kPoint);
        if (!crypto::valid_point(form) || !crypto::valid_point(K)) refuse(N("a damaged card"));
        std::vector<std::string> keys(size_t(l.seats));
        keys[size_t(e.seat)] = K;
        r.news.push_back(int(d.out.places.size()));
        add_place(d, {form, 1u << e.seat, keys, false});
        if (mine) {
          if (!crypto::equal(K, crypto::mul_base(reshuffle_scalar(*key, e.secret, r.news.back()))))
            refuse(N("this is not the reshuffle your seat key made"));
          read(d, e.secret, r.news.back(), 1u << e.seat, form);
        }
      }
      for (int p : r.olds) d.out.places[size_t(p)].gone = true;
      d.reshuffles.push_back(std::move(r));
      return;
    }
    const int place = e.item;
    if (place < 0 || size_t(place) >= d.out.places.size()) refuse(N("a damaged card"));
    const Replay::Place& pl = d.out.places[size_t(place)];
    const std::string ctx = proof_context(l.nonce, e.seat, e.secret, place, e.value);
    if (!(pl.locks >> e.seat & 1)) refuse(N("a damaged card"));
    const std::string& K = pl.keys[size_t(e.seat)];
    if (e.kind == kUnlock) {
      unsigned base = unsigned(e.value);
      if ((base & ~pl.locks) || (base >> e.seat & 1)) refuse(N("a damaged card"));
      const std::string* in = d.out.with_locks(place, pl.locks & ~base);
      if (!in) refuse(N("a damaged card"));
      if (e.bytes.size() != crypto::kPoint + 2 * crypto::kScalar) refuse(N("a damaged card"));
      std::string o = e.bytes.substr(0, crypto::kPoint), proof = e.bytes.substr(crypto::kPoint);
      if (!check_unlock_memo(K, *in, o, proof, ctx))
        refuse_seat(*game, N("%s's unlock of a card does not match its lock (a false unlock)"), e.seat);
      unsigned to = base | (1u << e.seat);
      if (d.out.unlocked_by(place, to)) refuse(N("a card unlocked twice"));
      d.out.unlocked.push_back({place, to, o});
      read(d, e.secret, place, pl.locks & ~to, o);
      return;
    }
    if (e.kind == kNotSame) {  // two cards under the holder's locks alone are not the same
      int od = e.value & 15, op = e.value >> 4;
      if (size_t(od) >= decks.size() || sec->faces(od) != sec->faces(e.secret) || op < 0 ||
          size_t(op) >= decks[size_t(od)].out.places.size() || (od == e.secret && op == place))
        refuse(N("a proof about a card its holder has not been shown"));
      const Replay::Deck& o = decks[size_t(od)].out;
      const std::string *V = d.out.with_locks(place, 1u << e.seat), *W = o.with_locks(op, 1u << e.seat);
      if (!V || !W || !(o.places[size_t(op)].locks >> e.seat & 1))
        refuse(N("a proof about a card its holder has not been shown"));
      if (!check_not_memo(K, *V, *W, e.bytes, ctx, o.places[size_t(op)].keys[size_t(e.seat)]))
        refuse_seat(*game, N("%s's proof about its card is false"), e.seat);
      d.differ.push_back({place, od, op});
      return;
    }
    if (e.kind == kIn) {  // the card under its holder's lock alone is one of `value`
      const std::string* V = d.out.with_locks(place, 1u << e.seat);
      unsigned mask = unsigned(e.value);
      std::vector<std::string> Q;
      for (int c = 0; c < d.size; ++c)
        if (mask >> c & 1) Q.push_back(d.out.base[size_t(c)]);
      if (!V || Q.empty() || (mask >> d.size)) refuse(N("a proof about a card its holder has not been shown"));
      if (!check_in_memo(K, *V, Q, e.bytes, ctx)) refuse_seat(*game, N("%s's proof about its card is false"), e.seat);
      d.within[size_t(place)] &= mask;
      return;
    }
    // kNot: the card under its holder's lock alone is not card `value`.
    const std::string* V = d.out.with_locks(place, 1u << e.seat);
    if (e.value < 0 || e.value >= d.size || !V) refuse(N("a proof about a card its holder has not been shown"));
    if (!check_not_memo(K, *V, d.out.base[size_t(e.value)], e.bytes, ctx))
      refuse_seat(*game, N("%s's proof about its card is false"), e.seat);
    d.isnot[size_t(place)] |= 1u << e.value;
  }

  // The card this browser gives each place: what it has read, and for the
  // rest stand-ins agreeing with every proof of "not" and every reshuffle (a
  // hand reshuffled holds the same cards, in an order only its holder
  // knows). Any such story does, since no rule reads a card before it is
  // shown or tested (Secrets' contract). A place is a link of a chain: the
  // deck's place a card was dealt from, then the place each reshuffle moved
  // it to.
  struct Story {
    DeckRun& d;
    std::vector<int> chain, label, owner;  // per place its chain (the deck's place it began at); per chain its
                                           // card (-1: none read); per card its chain
    std::vector<unsigned> nots;            // per chain: the cards it cannot be
    long budget = 200000;

    bool take(int c, int f, std::vector<int>& set) {  // chain c is card f, if nothing says otherwise
      if (f < 0 || label[size_t(c)] == f) return true;
      if (label[size_t(c)] >= 0 || owner[size_t(f)] >= 0) return false;
      label[size_t(c)] = f, owner[size_t(f)] = c, set.push_back(c);
      return true;
    }
    // Each reshuffle from the e-th on: which old place each new one continues.
    bool follow(size_t e) {
      if (e == d.reshuffles.size()) return true;
      const Reshuffle& r = d.reshuffles[e];
      std::vector<int> perm(r.olds.size());
      for (size_t i = 0; i < perm.size(); ++i) perm[i] = int(i);
      do {
        if (--budget < 0) refuse(N("too many reshuffles to follow"));
        std::vector<int> set;
        bool ok = true;
        for (size_t i = 0; i < perm.size() && ok; ++i) {
          int q = r.news[i];
          chain[size_t(q)] = chain[size_t(r.olds[size_t(perm[i])])];
          ok = take(chain[size_t(q)], d.known[size_t(q)], set);
        }
        if (ok && follow(e + 1)) return true;
        for (int c : set) owner[size_t(label[size_t(c)])] = -1, label[size_t(c)] = -1;
      } while (std::next_permutation(perm.begin(), perm.end()));
      return false;
    }
    // Chains with no card read get the cards left, agreeing with the proofs.
    bool fill(int c) {
      if (c == d.size) return true;
      if (label[size_t(c)] >= 0) return fill(c + 1);
      for (int x = 0; x < d.size; ++x) {
        if (owner[size_t(x)] >= 0 || (nots[size_t(c)] >> x & 1)) continue;
        owner[size_t(x)] = c, label[size_t(c)] = x;
        if (fill(c + 1)) return true;
        owner[size_t(x)] = -1, label[size_t(c)] = -1;
      }
      return false;
    }
  };

  static void solve(DeckRun& d) {
    const int n = d.size, P = int(d.out.places.size());
    d.story.assign(size_t(P), -1);
    if (P == 0) return;
    Story st{d, std::vector<int>(size_t(P), -1), std::vector<int>(size_t(n), -1), std::vector<int>(size_t(n), -1),
             std::vector<unsigned>(size_t(n), 0)};
    const DataError bad(N("two places of a deck hold the same card: a seat locked or reshuffled it falsely"));
    std::vector<int> set;
    for (int p = 0; p < n; ++p)
      if (st.chain[size_t(p)] = p; !st.take(p, d.known[size_t(p)], set)) throw bad;
    if (!st.follow(0)) throw bad;
    for (int p = 0; p < P; ++p)
      if (int c = st.chain[size_t(p)]; c >= 0) st.nots[size_t(c)] |= d.isnot[size_t(p)] | ~d.within[size_t(p)];
    for (int c = 0; c < n; ++c)
      if (st.label[size_t(c)] >= 0 && (st.nots[size_t(c)] >> st.label[size_t(c)] & 1))
        refuse(N("the proofs about a deck's cards contradict each other"));
    if (!st.fill(0)) refuse(N("the proofs about a deck's cards contradict each other"));
    for (int p = 0; p < P; ++p) d.story[size_t(p)] = st.label[size_t(st.chain[size_t(p)])];
  }

  void cards_pass() {
    for (size_t i = 0; i < l.entries.size(); ++i) {
      const Entry& e = l.entries[i];
      if (e.kind < kDeck || e.kind == kCardMove) continue;
      try {
        deck_entry(e);
      } catch (const DataError& ex) {
        throw DataError(strf(T("move %d of the link: %s"), int(i + 1), T(std::string(ex.what())).c_str()));
      } catch (const std::logic_error&) {  // not a point, a zero scalar, an index out of range
        throw DataError(strf(T("move %d of the link: %s"), int(i + 1), T("a damaged card")));
      }
    }
    for (size_t k = 0; k < decks.size(); ++k) {
      DeckRun& d = decks[k];
      // Proofs that a card differs from one of a deck solved before: "not" that one's card.
      for (size_t j = 0; j < decks.size(); ++j)
        for (const Differ& x : decks[j].differ) {
          if (j == k && size_t(x.deck) < k)
            d.isnot[size_t(x.place)] |= 1u << decks[size_t(x.deck)].story[size_t(x.other)];
          if (size_t(x.deck) == k && j < k) d.isnot[size_t(x.other)] |= 1u << decks[j].story[size_t(x.place)];
        }
      solve(d);
      where[k].assign(size_t(d.size), -1);
      for (int p = 0; p < d.size && p < int(d.story.size()); ++p) where[k][size_t(d.story[size_t(p)])] = p;
    }
  }

  // ---- the replay ----

  const Replay::Place& place_(int d, int p) const { return decks[size_t(d)].out.places[size_t(p)]; }
  // The card at place p is under the locks of `left` alone (or fewer), so far in the replay.
  bool under(int d, int p, unsigned left) const {
    unsigned locks = place_(d, p).locks;
    return (locks & ~left) == 0 || has(kUnlock, d, p, locks & ~left, 0) || has(kUnlock, d, p, locks, 0);
  }
  bool opened(int d, int p) const { return under(d, p, 0); }
  bool shown(int d, int p, int viewer) const { return under(d, p, viewer < 0 ? 0 : 1u << viewer); }

  bool proved(int d, int p, int against) const { return has(kNot, d, p, 0, against); }

  bool answered(const Replay::OwedTest& t) const {
    if (t.within) return opened(t.deck, t.place) || has(kIn, t.deck, t.place, 0, long(t.within));
    if (t.other_deck < 0) return opened(t.deck, t.place) || proved(t.deck, t.place, t.against);
    return (opened(t.deck, t.place) && opened(t.other_deck, t.other_place)) ||
           has(kNotSame, t.deck, t.place, 0, t.other_place * 16L + t.other_deck);
  }

  void drop_satisfied() {
    owed_cards.erase(std::remove_if(owed_cards.begin(), owed_cards.end(),
                                    [&](const Replay::OwedCard& o) { return shown(o.deck, o.place, o.viewer); }),
                     owed_cards.end());
    owed_tests.erase(
        std::remove_if(owed_tests.begin(), owed_tests.end(), [&](const Replay::OwedTest& t) { return answered(t); }),
        owed_tests.end());
  }

  void need(int d, int place, int viewer) {
    if (shown(d, place, viewer)) return;
    for (const Replay::OwedCard& o : owed_cards)
      if (o.deck == d && o.place == place && o.viewer == viewer) return;
    owed_cards.push_back({d, place, viewer});
  }

  // After each action: every card some seat now knows under the rules must be
  // unlocked for it.
  void knowledge() {
    for (size_t d = 0; d < decks.size(); ++d) {
      std::vector<unsigned> k = sec->knows(*s, int(d));
      for (size_t c = 0; c < k.size() && c < size_t(decks[d].size); ++c) {
        int place = where[d][c];
        if (!k[c] || place < 0 || (place < decks[d].size && place >= decks[d].out.dealt)) continue;  // not dealt
        if (k[c] & Secrets::kEveryone) {
          need(int(d), place, -1);
          continue;
        }
        for (int v = 0; v < l.seats; ++v)
          if (k[c] >> v & 1) need(int(d), place, v);
      }
    }
  }

  void apply(Action a) {
    std::vector<Action> legal = s->legal();
    if (s->terminal() || !std::binary_search(legal.begin(), legal.end(), a)) refuse(N("that move is not legal"));
    std::vector<Secrets::Test> tests;
    if (!decks.empty()) tests = sec->tests(*s, a);
    s->apply(a);
    out.record.actions.push_back(a);
    if (decks.empty()) return;
    for (const Secrets::Test& t : tests) {
      if (t.card.deck < 0 || size_t(t.card.deck) >= decks.size()) continue;
      Replay::OwedTest o{t.card.deck, where[size_t(t.card.deck)][size_t(t.card.card)], t.against, t.seat};
      for (int c : t.within) o.within |= 1u << c;
      if (t.other.deck >= 0 && size_t(t.other.deck) < decks.size()) {
        o.other_deck = t.other.deck, o.other_place = where[size_t(t.other.deck)][size_t(t.other.card)];
        if (opened(o.other_deck, o.other_place))  // a card seen by all: "not that one"
          o.against = decks[size_t(o.other_deck)].story[size_t(o.other_place)], o.other_deck = o.other_place = -1;
      }
      if (answered(o)) continue;
      bool dup = false;
      for (const Replay::OwedTest& x : owed_tests)
        dup |= x.deck == o.deck && x.place == o.place && x.against == o.against && x.other_deck == o.other_deck &&
               x.other_place == o.other_place && x.within == o.within;
      if (!dup) owed_tests.push_back(o);
    }
    knowledge();
  }

  // Deals need no chance links: the next card of the deck, as shuffled by all.
  void advance() {
    while (sec && !decks.empty() && s->to_move() == gamut::kChance) {
      int d = sec->deals(*s);
      if (d < 0 || size_t(d) >= decks.size() || staged[size_t(d)] < l.seats) return;
      DeckRun& dk = decks[size_t(d)];
      if (dk.out.dealt >= dk.size) refuse(N("a damaged card"));
      apply(sec->deal_action(*s, dk.story[size_t(dk.out.dealt++)]));
    }
  }

  bool deal_node() const { return sec && !decks.empty() && s->to_move() == gamut::kChance && sec->deals(*s) >= 0; }

  void no_debts(int seat) {
    if (!owed.empty() || !owed_tests.empty())
      refuse_seat(*game, N("%s moved before a reveal the rules call for was made"), seat);
    if (!owed_cards.empty()) refuse_seat(*game, N("%s moved before a card was unlocked"), seat);
  }

  // A move: the rules' reveals of the mover's own items come before it.
  void move(const Entry& e, Action a) {
    std::vector<Secrets::Item> items = sec ? sec->revealed_by(*s, a) : std::vector<Secrets::Item>{};
    for (const Secrets::Item& it : items) {
      bool done = revealed.count({it.seat, it.secret, it.item}) > 0;
      if (it.seat == e.seat && !done) refuse(N("the move needs its piece revealed first"));
      if (!done) owed.push_back(it);
    }
    apply(a);
  }

  // A move naming a card by its place: the card as this browser reads it. If
  // the rules hide which of the mover's cards it plays, the mover has
  // reshuffled its hand just before, and the card is the first of that.
  void card_move(const Entry& e) {
    Secrets::Card c = sec ? sec->card_of(*s, e.action) : Secrets::Card{};
    if (c.deck < 0 || c.deck != e.secret || size_t(c.deck) >= decks.size())
      refuse(N("a move that names a card falsely"));
    const DeckRun& d = decks[size_t(c.deck)];
    std::vector<int>& at = where[size_t(c.deck)];
    const int place = e.item;
    if (place < 0 || size_t(place) >= d.story.size()) refuse(N("a move that names a card falsely"));
    Action a = sec->with_card(*s, e.action, d.story[size_t(place)]);
    std::vector<int> hand = sec->hand_hiding(*s, a);
    const Entry* r = pending;
    pending = nullptr;
    if (hand.empty() != (r == nullptr)) refuse(N("a card played from a hand without its reshuffle"));
    if (r) {
      if (r->secret != c.deck || size_t(reshuffled[size_t(c.deck)]) >= d.reshuffles.size())
        refuse(N("a reshuffle that is not of the mover's hand"));
      const Reshuffle& rs = d.reshuffles[size_t(reshuffled[size_t(c.deck)]++)];
      std::vector<int> places, olds = rs.olds;
      for (int x : hand) places.push_back(at[size_t(x)]);
      std::sort(places.begin(), places.end());
      std::sort(olds.begin(), olds.end());
      if (places != olds || place != rs.news[0]) refuse(N("a reshuffle that is not of the mover's hand"));
      for (int q : rs.news) at[size_t(d.story[size_t(q)])] = q;
    }
    if (at[size_t(d.story[size_t(place)])] != place) refuse(N("a move that names a card falsely"));
    move(e, a);
  }

  void entry(const Entry& e) {
    if (e.seat < 0 || e.seat >= l.seats) refuse(N("no such seat"));
    if (pending && (e.kind != kCardMove || e.seat != pending->seat))
      refuse(N("a reshuffle that is not of the mover's hand"));
    bool mine = key && key->seat == e.seat;
    int t = s->to_move();
    switch (e.kind) {
      case kJoin:
        if (!last_link[e.seat].empty()) refuse_seat(*game, N("%s joined twice"), e.seat);
        if (e.bytes.size() != crypto::kHash) refuse(N("a join without its chance chain"));
        if (mine && !crypto::equal(e.bytes, chain_link(*key, 0)))
          refuse(N("this is not the chance chain your seat key committed to"));
        last_link[e.seat] = e.bytes;
        out.joined.push_back(e.seat);
        return;
      case kCommit: {
        if (t != e.seat || !sec || !sec->secret(*s)) refuse_seat(*game, N("%s has no secret to choose now"), e.seat);
        if (last_link[e.seat].empty()) refuse_seat(*game, N("%s has not joined"), e.seat);
        if (!owed.empty()) refuse(N("a reveal the rules call for has not been made"));
        size_t n = e.bytes.size() / crypto::kHash;
        if (n == 0 || e.bytes.size() % crypto::kHash) refuse(N("a damaged commitment"));
        int number = int(commits[e.seat].size());
        std::vector<std::string> cs;
        for (size_t i = 0; i < n; ++i) cs.push_back(e.bytes.substr(i * crypto::kHash, crypto::kHash));
        commits[e.seat].push_back(cs);
        std::vector<int> known(n, -1);
        if (mine) {
          if (size_t(number) >= key->secrets.size() || key->secrets[size_t(number)].size() != n)
            refuse(N("your seat key does not hold this secret"));
          known = key->secrets[size_t(number)];
          for (size_t i = 0; i < n; ++i)
            if (!crypto::equal(cs[i],
                               commitment(l.nonce, e.seat, number, int(i), known[i], salt(*key, number, int(i)))))
              refuse(N("this is not the secret your seat committed to"));
        } else {
          for (size_t i = 0; i < n; ++i) {
            auto it = all_reveals.find({e.seat, number, int(i)});
            if (it != all_reveals.end()) known[i] = it->second;
          }
        }
        Action a = mine ? sec->action(*s, known) : sec->stand_in(*s, known);
        if (a < 0) refuse_seat(*game, N("the reveals of %s's secret fit no legal choice"), e.seat);
        secret_at.emplace_back(out.record.actions.size(), e.seat, number);
        apply(a);
        return;
      }
      case kMove:
      case kCardMove: {
        if (t != e.seat) refuse_seat(*game, N("it is not %s's move"), e.seat);
        if (last_link[e.seat].empty()) refuse_seat(*game, N("%s has not joined"), e.seat);
        if (sec && sec->secret(*s)) refuse(N("a secret choice sent in the open"));
        no_debts(e.seat);
        if (e.kind == kCardMove) return card_move(e);
        if (sec && sec->card_of(*s, e.action).deck >= 0) refuse(N("a move that names a card falsely"));
        return move(e, e.action);
      }
      case kReveal: {
        if (e.secret < 0 || size_t(e.secret) >= commits[e.seat].size() || e.item < 0 ||
            size_t(e.item) >= commits[e.seat][size_t(e.secret)].size())
          refuse_seat(*game, N("%s reveals something never committed to"), e.seat);
        if (!crypto::equal(commits[e.seat][size_t(e.secret)][size_t(e.item)],
                           commitment(l.nonce, e.seat, e.secret, e.item, e.value, e.bytes)))
          refuse_seat(*game, N("%s's reveal does not match its commitment (a false reveal)"), e.seat);
        revealed.insert({e.seat, e.secret, e.item});
        owed.erase(std::remove_if(owed.begin(), owed.end(),
                                  [&](const Secrets::Item& i) {
                                    return i.seat == e.seat && i.secret == e.secret && i.item == e.item;
                                  }),
                   owed.end());
        return;
      }
      case kShare: {
        if (t != gamut::kChance || deal_node()) refuse(N("no die, spinner or draw is waiting"));
        if (last_link[e.seat].empty()) refuse_seat(*game, N("%s has not joined"), e.seat);
        if (!owed_tests.empty()) refuse(N("a proof the rules call for has not been made"));
        if (!cur[e.seat].empty()) refuse_seat(*game, N("%s gave two chance links for one event"), e.seat);
        if (used[e.seat] >= kChain) refuse_seat(*game, N("%s's chance chain is used up"), e.seat);
        if (!next_link(last_link[e.seat], e.bytes))
          refuse_seat(*game, N("%s's chance link is not the next one of its chain (a reused or made-up contribution)"),
                      e.seat);
        last_link[e.seat] = cur[e.seat] = e.bytes;
        ++used[e.seat];
        if (std::any_of(cur.begin(), cur.end(), [](const std::string& c) { return c.empty(); })) return;
        for (int step = 0; s->to_move() == gamut::kChance && !deal_node(); ++step) {
          double u = chance_uniform(l.nonce, event, cur, step);
          Secrets::Draw dr = sec && !decks.empty() ? sec->draws(*s) : Secrets::Draw{};
          if (dr.deck < 0 || dr.cards.empty()) {
            apply(pick_chance(*s, u));
            continue;
          }
          // A card drawn unseen: the chance picks one of the cards' places, the same in every browser.
          const DeckRun& d = decks.at(size_t(dr.deck));
          std::vector<int> places;
          for (int c : dr.cards) places.push_back(where[size_t(dr.deck)].at(size_t(c)));
          std::sort(places.begin(), places.end());
          int place = places[std::min(places.size() - 1, size_t(u * double(places.size())))];
          size_t k = size_t(std::find(dr.cards.begin(), dr.cards.end(), d.story[size_t(place)]) - dr.cards.begin());
          apply(dr.actions.at(k));
        }
        for (std::string& c : cur) c.clear();
        ++event;
        return;
      }
      case kDeck: {
        if (last_link[e.seat].empty()) refuse_seat(*game, N("%s has not joined"), e.seat);
        ++staged[size_t(e.secret)];  // the rest was checked before the replay
        return;
      }
      case kReshuffle: {
        if (t != e.seat) refuse_seat(*game, N("it is not %s's move"), e.seat);
        no_debts(e.seat);
        pending = &e;  // checked with the move that follows
        return;
      }
      case kUnlock: {
        const int d = e.secret, place = e.item;
        if (place < decks[size_t(d)].size && place >= decks[size_t(d)].out.dealt)
          refuse_seat(*game, N("%s unlocks a card the rules show to nobody"), e.seat);
        unsigned base = unsigned(e.value);
        bool asked = s->terminal() && owed.empty() && owed_tests.empty();  // the end: every card is opened
        for (const Replay::OwedCard& o : owed_cards)
          asked |= o.deck == d && o.place == place && (o.viewer < 0 || (o.viewer != e.seat && !(base >> o.viewer & 1)));
        for (const Replay::OwedTest& o : owed_tests)
          asked |=
              o.seat == e.seat && ((o.deck == d && o.place == place) || (o.other_deck == d && o.other_place == place));
        if (!asked) refuse_seat(*game, N("%s unlocks a card the rules show to nobody"), e.seat);
        proven.push_back({d, place, base | (1u << e.seat), kUnlock, 0});
        drop_satisfied();
        return;
      }
      case kNot: {
        const int d = e.secret, place = e.item;
        bool asked = false;
        for (const Replay::OwedTest& o : owed_tests)
          asked |= o.deck == d && o.place == place && o.against == e.value && o.seat == e.seat;
        if (!asked) refuse_seat(*game, N("%s proves something the rules do not ask"), e.seat);
        proven.push_back({d, place, 0, kNot, e.value});
        drop_satisfied();
        return;
      }
      case kIn: {
        const int d = e.secret, place = e.item;
        bool asked = false;
        for (const Replay::OwedTest& o : owed_tests)
          asked |= o.deck == d && o.place == place && o.within == unsigned(e.value) && o.seat == e.seat;
        if (!asked) refuse_seat(*game, N("%s proves something the rules do not ask"), e.seat);
        proven.push_back({d, place, 0, kIn, long(unsigned(e.value))});
        drop_satisfied();
        return;
      }
      case kNotSame: {
        const int d = e.secret, place = e.item, od = e.value & 15, op = e.value >> 4;
        bool asked = false;
        for (const Replay::OwedTest& o : owed_tests)
          asked |= o.deck == d && o.place == place && o.other_deck == od && o.other_place == op && o.seat == e.seat;
        if (!asked) refuse_seat(*game, N("%s proves something the rules do not ask"), e.seat);
        proven.push_back({d, place, 0, kNotSame, op * 16L + od});
        drop_satisfied();
        return;
      }
    }
  }

  void run() {
    cards_pass();
    for (const Entry& e : l.entries)
      if (e.kind == kReveal) all_reveals[{e.seat, e.secret, e.item}] = e.value;
    for (size_t i = 0; i < l.entries.size(); ++i) {
      try {
        entry(l.entries[i]);
        advance();
      } catch (const DataError& ex) {
        throw DataError(strf(T("move %d of the link: %s"), int(i + 1), T(std::string(ex.what())).c_str()));
      } catch (const std::logic_error&) {  // a card or an index no honest link holds: refused, never a crash
        throw DataError(strf(T("move %d of the link: %s"), int(i + 1), T("a damaged card")));
      }
    }
    if (pending) refuse(N("a reshuffle that is not of the mover's hand"));
    advance();
    unknown();
    status();
  }

  void wait(int seat, const char* what, Replay::Task task) {
    out.to_act = seat;
    out.waiting = strf(what, who(seat).c_str());
    out.task = task;
    out.automatic = task != Replay::kMoveTask;
  }

  // The seat to take its lock off next, for the card at `place` to be under no lock but `viewer`'s (-1: none).
  int next_unlocker(int d, int place, int viewer) const {
    unsigned target = place_(d, place).locks & ~(viewer < 0 ? 0u : 1u << viewer), best = 0;
    for (const Proven& x : proven)
      if (x.kind == kUnlock && x.deck == d && x.place == place && (x.seats & ~target) == 0 &&
          __builtin_popcount(x.seats) > __builtin_popcount(best))
        best = x.seats;
    unsigned left = target & ~best;
    return left ? __builtin_ctz(left) : -1;
  }

  void status() {
    int t = s->to_move();
    out.owed = owed;
    out.owed_cards = owed_cards;
    out.owed_tests = owed_tests;
    out.at_chance = t == gamut::kChance && !deal_node();
    for (const std::string& c : cur) out.shared.push_back(!c.empty());
    for (size_t d = 0; d < decks.size(); ++d) {
      DeckRun& dk = decks[d];
      out.decks.push_back(dk.out);
      out.card_at.push_back(dk.story);
      out.place_of.push_back(where[d]);
      for (int p = 0; p < int(dk.out.places.size()); ++p)
        if (dk.out.in_play(p) && dk.known[size_t(p)] < 0) out.hidden.push_back({int(d), dk.story[size_t(p)]});
    }
    auto joined = [&](int seat) { return !last_link[size_t(seat)].empty(); };
    if (!owed.empty()) return wait(owed[0].seat, T("%s's reveal"), Replay::kRevealTask);
    if (!owed_tests.empty()) return wait(owed_tests[0].seat, T("%s's proof about a card"), Replay::kProveTask);
    for (const Replay::OwedCard& o : owed_cards) {
      int next = next_unlocker(o.deck, o.place, o.viewer);
      if (next >= 0) return wait(next, T("%s to unlock a card"), Replay::kUnlockTask);
    }
    if (deal_node()) {
      const std::vector<int>& by = decks[size_t(sec->deals(*s))].out.shuffled;
      for (int i = 0; i < l.seats; ++i)
        if (std::find(by.begin(), by.end(), i) == by.end())
          return joined(i) ? wait(i, T("%s to shuffle the cards"), Replay::kShuffleTask)
                           : wait(i, T("%s to join"), Replay::kJoinTask);
    }
    if (t == gamut::kChance) {
      for (int i = 0; i < l.seats; ++i)
        if (cur[size_t(i)].empty())
          return joined(i) ? wait(i, T("%s's share of the chance"), Replay::kChanceTask)
                           : wait(i, T("%s to join"), Replay::kJoinTask);
    }
    if (t >= 0)
      return joined(t) ? wait(t, T("%s to make a move"), Replay::kMoveTask)
                       : wait(t, T("%s to join"), Replay::kJoinTask);
    for (int i = 0; i < l.seats; ++i)
      for (size_t k = 0; k < commits[size_t(i)].size(); ++k)
        for (size_t j = 0; j < commits[size_t(i)][k].size(); ++j)
          if (!revealed.count({i, int(k), int(j)})) return wait(i, T("%s to open the secrets"), Replay::kOpenTask);
    for (size_t d = 0; d < decks.size(); ++d)
      for (int p = 0; p < int(decks[d].out.places.size()); ++p)
        if (decks[d].out.in_play(p) && !opened(int(d), p))
          return wait(next_unlocker(int(d), p, -1), T("%s to open the secrets"), Replay::kOpenTask);
    out.finished = true;
    verify();
  }

  void unknown() {
    for (int i = 0; i < l.seats; ++i) {
      if (key && key->seat == i) continue;
      for (size_t k = 0; k < commits[size_t(i)].size(); ++k)
        for (size_t j = 0; j < commits[size_t(i)][k].size(); ++j)
          if (!all_reveals.count({i, int(k), int(j)})) out.unknown.push_back({i, int(k), int(j)});
    }
  }

  // Every commitment is open: the game again, with the true secrets. (Every
  // card in play is open too, so the record already holds the true cards.)
  void verify() {
    std::unique_ptr<State> v = game->new_state(out.record.options, l.seats);
    std::vector<Action> truth = out.record.actions;
    size_t next = 0;
    for (size_t i = 0; i < truth.size(); ++i) {
      const int move = int(i + 1);
      if (next < secret_at.size() && std::get<0>(secret_at[next]) == i) {
        auto [pos, seat, number] = secret_at[next++];
        std::vector<int> items;
        for (size_t j = 0; j < commits[size_t(seat)][size_t(number)].size(); ++j)
          items.push_back(all_reveals[{seat, number, int(j)}]);
        truth[i] = sec->action(*v, items);
        if (truth[i] < 0) {
          out.failure = strf(T("move %d: %s's opened secret is not a legal choice"), move, who(seat).c_str());
          return;
        }
      }
      std::vector<Action> legal = v->legal();
      if (v->terminal() || !std::binary_search(legal.begin(), legal.end(), truth[i])) {
        out.failure = strf(T("move %d: not legal once the secrets are opened"), move);
        return;
      }
      v->apply(truth[i]);
    }
    if (!v->terminal() || v->returns() != s->returns()) {
      out.failure = T("the result differs once the secrets are opened");
      return;
    }
    out.record.actions = truth;
    out.verified = true;
    out.result = v->describe_result();
  }
};

}  // namespace

Json Replay::view(int seat, long n) const {
  Match m(record);
  std::unique_ptr<State> s = n < 0 ? m.state().clone() : m.state_at(size_t(n));
  const Secrets* sec = secrets_for(record.game);
  Json v = sec && !hidden.empty() ? sec->view_hiding(*s, seat, hidden) : s->view(seat);
  if (sec && !unknown.empty()) sec->mask(v, *s, unknown);
  return v;
}

std::vector<std::string> Replay::log(int seat) const {
  Match m(record);
  const Secrets* sec = secrets_for(record.game);
  if (!sec || hidden.empty()) return public_log(m, seat);
  std::vector<std::string> r;
  std::unique_ptr<State> s = m.state_at(0);
  for (Action a : record.actions) {
    int t = s->to_move();
    std::string who = t >= 0 ? m.game().seat_name(t) + ": " : t == kChance ? "* " : "";
    r.push_back(who + sec->name_hiding(*s, a, seat, hidden));
    s->apply(a);
  }
  return r;
}

Replay replay(const Link& l, const Key* key) {
  Replayer r(l, key);
  r.run();
  return r.out;
}

// ---- a game as one browser holds it ----------------------------------------------

Game::Game(Link l, std::optional<Key> k) : link_(std::move(l)), key_(std::move(k)) {
  replay_ = replay(link_, key_ ? &*key_ : nullptr);
}

Game Game::create(const std::string& id, const Json& options, int seats, int seat) {
  if (!available(id)) refuse(N("this game cannot be played by link"));
  Link l;
  l.game = id;
  auto g = load_game(id);
  l.version = g->data_version();
  l.options = g->resolve_options(options);
  l.seats = seats;
  l.nonce = crypto::random_bytes(16);
  Game game(l, std::nullopt);
  game.key_ = Key{l.nonce, seat, crypto::random_bytes(32), {}};
  game.automatic();
  return game;
}

Game Game::open(const std::string& code, const Game* have) {
  Link l = decode_link(code);
  if (!have) {
    Game g(l, std::nullopt);
    g.claim();
    return g;
  }
  if (l.nonce != have->link_.nonce) refuse(N("this link is of another game"));
  const std::vector<Entry>& old = have->link_.entries;
  size_t n = std::min(old.size(), l.entries.size());
  for (size_t i = 0; i < n; ++i)
    if (!(old[i] == l.entries[i]))
      throw DataError(
          strf(T("this link changes move %d, which your game already has: it was refused and your game is unchanged"),
               int(i + 1)));
  if (l.entries.size() <= old.size()) return *have;  // an older link of the same game: nothing new
  Game g(l, have->key_);
  if (!g.key_) g.claim();
  g.automatic();
  return g;
}

std::string Game::code() const {
  if (code_entries_ != link_.entries.size()) code_ = encode_link(link_), code_entries_ = link_.entries.size();
  return code_;
}

bool Game::claim() {
  if (key_ || replay_.to_act < 0) return false;
  int s = replay_.to_act;
  if (std::count(replay_.joined.begin(), replay_.joined.end(), s)) return false;
  key_ = Key{link_.nonce, s, crypto::random_bytes(32), {}};
  automatic();
  return true;
}

void Game::import_key(const Key& k) {
  if (k.nonce != link_.nonce) refuse(N("this seat key is of another game"));
  Game g(link_, k);  // throws if the key does not fit what its seat committed to
  *this = g;
  automatic();
}

void Game::append(Entry e) {
  Link l = link_;
  l.entries.push_back(std::move(e));
  Replay r = replay(l, key_ ? &*key_ : nullptr);
  link_ = std::move(l);
  replay_ = std::move(r);
}

static bool revealed(const Link& l, int seat, int secret, int item) {
  for (const Entry& e : l.entries)
    if (e.kind == kReveal && e.seat == seat && e.secret == secret && e.item == item) return true;
  return false;
}

// This seat's lock taken off the card at place `place` of deck `d`, toward
// it being under no lock but `viewer`'s (-1: none), on the furthest unlocking
// there is; none if another seat must go first or this seat has done its part.
static std::optional<Entry> unlock_toward(const Replay& r, const Key& k, const Link& l, int d, int place, int viewer) {
  const int me = k.seat;
  const Replay::Deck& dk = r.decks[size_t(d)];
  const Replay::Place& pl = dk.places[size_t(place)];
  unsigned target = pl.locks & ~(viewer < 0 ? 0u : 1u << viewer);
  if (!(target >> me & 1)) return std::nullopt;
  unsigned best = 0;
  for (const Replay::Unlocked& x : dk.unlocked) {
    unsigned set = x.seats;
    if (x.place != place || (set & ~target)) continue;
    if (set == target) return std::nullopt;  // unlocked that far already
    int n = __builtin_popcount(set), b = __builtin_popcount(best);
    if (n > b || (n == b && (best >> me & 1) && !(set >> me & 1))) best = set;
  }
  if (best >> me & 1) return std::nullopt;  // this seat's part is done: another's turn
  const std::string* in = dk.with_locks(place, pl.locks & ~best);
  std::string x = lock_scalar(k, d, dk, place);
  std::string out = crypto::mul(crypto::inverse(x), *in);
  return Entry{me,
               kUnlock,
               0,
               d,
               place,
               int(best),
               out + crypto::prove_unlock(x, *in, proof_context(l.nonce, me, d, place, int(best)))};
}

// A seat's hand locked afresh under its own lock alone and shuffled, `first`
// the card its move plays: the reshuffle, and the place of that card in it.
static std::pair<Entry, int> reshuffle(const Replay& r, const Key& k, int d, const std::vector<int>& hand, int first) {
  const Replay::Deck& dk = r.decks[size_t(d)];
  std::vector<int> olds, order;
  for (int c : hand) olds.push_back(r.place_of[size_t(d)][size_t(c)]);
  std::sort(olds.begin(), olds.end());
  for (size_t i = 0; i < olds.size(); ++i)
    if (r.card_at[size_t(d)][size_t(olds[i])] != first) order.push_back(int(i));
  for (size_t i = order.size(); i > 1; --i)  // Fisher-Yates, from the browser's random source
    std::swap(order[i - 1], order[size_t(crypto::first_u64(crypto::random_bytes(8)) % i)]);
  for (size_t i = 0; i < olds.size(); ++i)
    if (r.card_at[size_t(d)][size_t(olds[i])] == first) order.insert(order.begin(), int(i));
  std::string b;
  put_varint(b, olds.size());
  for (int p : olds) put_varint(b, uint64_t(p));
  const int base = int(dk.places.size());
  for (size_t i = 0; i < order.size(); ++i) {
    int p = olds[size_t(order[i])], q = base + int(i);
    std::string s = reshuffle_scalar(k, d, q), form;
    if (const std::string* mine = dk.with_locks(p, dk.places[size_t(p)].locks & (1u << k.seat));
        mine && (dk.places[size_t(p)].locks >> k.seat & 1))
      form = crypto::mul(crypto::times(s, crypto::inverse(lock_scalar(k, d, dk, p))), *mine);
    else if (const std::string* open = dk.with_locks(p, 0))
      form = crypto::mul(s, *open);  // a card every seat has seen
    else
      refuse(N("a card of your hand is not unlocked for you yet"));
    b += form + crypto::mul_base(s);
  }
  return {Entry{k.seat, kReshuffle, 0, d, 0, 0, b}, base};
}

void Game::automatic() {
  if (!key_) return;
  const int me = key_->seat;
  for (int guard = 0; guard < 64; ++guard) {
    const Replay& r = replay_;
    bool joined = std::count(r.joined.begin(), r.joined.end(), me) > 0;
    std::vector<Entry> add;
    // What the rules reveal of this seat's, or at the end every item still closed.
    for (const Secrets::Item& it : r.owed)
      if (it.seat == me) add.push_back({me, kReveal, 0, it.secret, it.item, 0, ""});
    if (add.empty() && r.to_act == me && r.task == Replay::kOpenTask)
      for (size_t k = 0; k < key_->secrets.size(); ++k)
        for (size_t j = 0; j < key_->secrets[k].size(); ++j)
          if (!revealed(link_, me, int(k), int(j))) add.push_back({me, kReveal, 0, int(k), int(j), 0, ""});
    for (Entry& e : add) {
      e.value = key_->secrets.at(size_t(e.secret)).at(size_t(e.item));
      e.bytes = salt(*key_, e.secret, e.item);
    }
    // The rules' tests on this seat's own cards: "no" proven, "yes" shown to all.
    if (add.empty())
      for (const Replay::OwedTest& t : r.owed_tests) {
        if (t.seat != me) continue;
        const Replay::Deck& dk = r.decks[size_t(t.deck)];
        const std::string* shown = dk.with_locks(t.place, 1u << me);
        if (!shown) continue;  // not shown to this seat yet
        const int mine = r.card_at[size_t(t.deck)][size_t(t.place)];
        if (t.within) {
          if (!(t.within >> mine & 1)) continue;  // it is not: the move was not this seat's to make
          std::vector<std::string> Q;
          size_t at = 0;
          for (int c = 0; c < int(dk.base.size()); ++c)
            if (t.within >> c & 1) {
              if (c == mine) at = Q.size();
              Q.push_back(dk.base[size_t(c)]);
            }
          add.push_back({me, kIn, 0, t.deck, t.place, int(t.within),
                         crypto::prove_in(lock_scalar(*key_, t.deck, dk, t.place), *shown, Q, at,
                                          proof_context(link_.nonce, me, t.deck, t.place, int(t.within)))});
          continue;
        }
        if (t.other_deck >= 0) {
          const Replay::Deck& ok = r.decks[size_t(t.other_deck)];
          const std::string* other = ok.with_locks(t.other_place, 1u << me);
          if (!other) continue;
          if (mine == r.card_at[size_t(t.other_deck)][size_t(t.other_place)]) {
            if (auto u = unlock_toward(r, *key_, link_, t.deck, t.place, -1)) add.push_back(*u);
            if (auto u = unlock_toward(r, *key_, link_, t.other_deck, t.other_place, -1)) add.push_back(*u);
          } else {
            int v = t.other_place * 16 + t.other_deck;
            std::string ratio = crypto::times(lock_scalar(*key_, t.deck, dk, t.place),
                                              crypto::inverse(lock_scalar(*key_, t.other_deck, ok, t.other_place)));
            add.push_back({me, kNotSame, 0, t.deck, t.place, v,
                           crypto::prove_not(ratio, *shown, *other, proof_context(link_.nonce, me, t.deck, t.place, v),
                                             ok.places[size_t(t.other_place)].keys[size_t(me)])});
          }
          continue;
        }
        if (mine == t.against) {
          if (auto u = unlock_toward(r, *key_, link_, t.deck, t.place, -1)) add.push_back(*u);
        } else {
          add.push_back({me, kNot, 0, t.deck, t.place, t.against,
                         crypto::prove_not(lock_scalar(*key_, t.deck, dk, t.place), *shown, dk.base[size_t(t.against)],
                                           proof_context(link_.nonce, me, t.deck, t.place, t.against))});
        }
      }
    if (add.empty() && !joined && r.to_act == me && r.task == Replay::kJoinTask)
      add.push_back({me, kJoin, 0, 0, 0, 0, chain_link(*key_, 0)});
    // Decks: locked and shuffled by each seat once it has joined, each on the one before.
    if (add.empty() && joined)
      for (size_t d = 0; d < r.decks.size(); ++d) {
        const Replay::Deck& dk = r.decks[d];
        if (std::count(dk.shuffled.begin(), dk.shuffled.end(), me)) continue;
        std::string x = deck_scalar(*key_, int(d));
        std::vector<std::string> cards = dk.shuffled.empty() ? dk.base : dk.cards;
        for (std::string& c : cards) c = crypto::mul(x, c);
        for (size_t i = cards.size(); i > 1; --i) {  // Fisher-Yates, from the browser's random source
          size_t j = size_t(crypto::first_u64(crypto::random_bytes(8)) % i);
          std::swap(cards[i - 1], cards[j]);
        }
        std::string b = crypto::mul_base(x);
        for (const std::string& c : cards) b += c;
        add.push_back({me, kDeck, 0, int(d), 0, 0, b});
      }
    // Cards the rules show to another seat (or to all): this seat's lock off.
    if (add.empty())
      for (const Replay::OwedCard& o : r.owed_cards)
        if (auto u = unlock_toward(r, *key_, link_, o.deck, o.place, o.viewer)) add.push_back(*u);
    // A chance event: this seat's share as soon as the game stands at it, whoever else is still to give theirs.
    if (add.empty() && joined && r.at_chance && !r.shared.at(size_t(me)) && r.owed_tests.empty()) {
      int used = 0;
      for (const Entry& e : link_.entries) used += e.kind == kShare && e.seat == me;
      add.push_back({me, kShare, 0, 0, 0, 0, chain_link(*key_, used + 1)});
    }
    // The end: every card in play opened.
    if (add.empty() && r.task == Replay::kOpenTask && r.owed.empty())
      for (size_t d = 0; d < r.decks.size(); ++d)
        for (int p = 0; p < int(r.decks[d].places.size()); ++p)
          if (r.decks[d].in_play(p) && r.decks[d].fewest_locks(p))
            if (auto u = unlock_toward(r, *key_, link_, int(d), p, -1)) add.push_back(*u);
    if (add.empty()) return;
    for (Entry& e : add) append(e);
  }
}

void Game::play(Action a) {
  if (!key_) refuse(N("you hold no seat in this game"));
  if (replay_.to_act != key_->seat || replay_.automatic) refuse(N("it is not your move"));
  const int me = key_->seat;
  Match m(replay_.record);
  const State& s = m.state();
  std::vector<Action> legal = s.legal();
  if (!std::binary_search(legal.begin(), legal.end(), a)) refuse(N("that move is not legal"));
  const Secrets* sec = secrets_for(link_.game);
  if (sec && sec->secret(s)) {
    std::vector<int> items = sec->items(s, a);
    Key k = *key_;
    int number = int(k.secrets.size());
    k.secrets.push_back(items);
    std::string cs;
    for (size_t i = 0; i < items.size(); ++i)
      cs += commitment(link_.nonce, me, number, int(i), items[i], salt(k, number, int(i)));
    std::optional<Key> before = key_;
    key_ = k;
    try {
      append({me, kCommit, 0, 0, 0, 0, cs});
    } catch (...) {
      key_ = before;
      throw;
    }
  } else {
    if (sec)
      for (const Secrets::Item& it : sec->revealed_by(s, a))
        if (it.seat == me && !revealed(link_, me, it.secret, it.item))
          append({me, kReveal, 0, it.secret, it.item, key_->secrets.at(size_t(it.secret)).at(size_t(it.item)),
                  salt(*key_, it.secret, it.item)});
    Secrets::Card c = sec ? sec->card_of(s, a) : Secrets::Card{};
    if (c.deck >= 0) {  // the card by its place: the link never names it
      int place = replay_.place_of.at(size_t(c.deck)).at(size_t(c.card));
      std::vector<int> hand = sec->hand_hiding(s, a);
      Link before = link_;
      Replay was = replay_;
      try {
        if (!hand.empty()) {  // which of the hand's cards it is stays hidden: the hand reshuffled first
          auto [r, first] = reshuffle(replay_, *key_, c.deck, hand, c.card);
          link_.entries.push_back(r);
          place = first;
        }
        append({me, kCardMove, sec->with_card(s, a, 0), c.deck, place, 0, ""});
      } catch (...) {
        link_ = before, replay_ = was;
        throw;
      }
    } else {
      append({me, kMove, a, 0, 0, 0, ""});
    }
  }
  automatic();
}

}  // namespace gamut::corr
