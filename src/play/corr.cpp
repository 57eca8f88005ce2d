#include "corr.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "core/code.h"
#include "core/crypto.h"
#include "core/text.h"

namespace gamut::corr {

using code::put_bytes;
using code::put_varint;

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

static std::string entry_bytes(const Entry& e) {
  std::string b;
  put_varint(b, uint64_t(e.seat));
  put_varint(b, uint64_t(e.kind));
  if (e.kind == kMove) put_varint(b, uint64_t(uint32_t(e.action)));
  if (e.kind == kReveal) b += num(uint64_t(e.secret)) + num(uint64_t(e.item)) + num(uint64_t(e.value));
  if (e.kind != kMove) put_bytes(b, e.bytes);
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
  if (rd.varint() != kLinkFormat) throw DataError(T("this is not a play-by-link link"));
  Link l;
  l.game = rd.bytes();
  l.version = int(rd.varint());
  l.options = parse_json_text(rd.bytes(), "link options");
  l.seats = int(rd.varint());
  l.nonce = rd.bytes();
  uint64_t n = rd.varint();
  if (n > body.size()) throw DataError(T("the link is corrupt (too many entries)"));
  for (uint64_t i = 0; i < n; ++i) {
    Entry e;
    e.seat = int(rd.varint());
    uint64_t k = rd.varint();
    if (k < kJoin || k > kShare)
      throw DataError(T("move ") + std::to_string(i + 1) + T(" of the link is of no known kind"));
    e.kind = Kind(k);
    if (e.kind == kMove) e.action = Action(uint32_t(rd.varint()));
    if (e.kind == kReveal) {
      e.secret = int(rd.varint());
      e.item = int(rd.varint());
      e.value = int(rd.varint());
    }
    if (e.kind != kMove) e.bytes = rd.bytes();
    l.entries.push_back(e);
  }
  std::string seal = rd.bytes();
  if (!rd.done()) throw DataError(T("the link has bytes after its end"));
  if (!crypto::equal(seal, history_hash(l, l.entries.size())))
    throw DataError(T("the link's history does not match its hash chain: it was damaged or edited"));
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
  if (rd.varint() != kKeyFormat) throw DataError(T("this is not a seat key"));
  Key k;
  k.nonce = rd.bytes();
  k.seat = int(rd.varint());
  k.master = rd.bytes();
  if (k.master.size() != 32) throw DataError(T("the seat key is damaged"));
  uint64_t n = rd.varint();
  if (n > body.size()) throw DataError(T("the seat key is damaged"));
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t m = rd.varint();
    if (m > body.size()) throw DataError(T("the seat key is damaged"));
    std::vector<int> s;
    for (uint64_t j = 0; j < m; ++j) s.push_back(int(rd.varint()));
    k.secrets.push_back(s);
  }
  if (!rd.done()) throw DataError(T("the seat key is damaged"));
  return k;
}

bool available(const std::string& id) {
  try {
    auto g = load_game(id);
    return g->info().max_seats >= 2 && !g->info().test && (!g->info().hidden_info || secrets_for(id));
  } catch (const std::exception&) {
    return false;
  }
}

std::string rules_text() {
  return T(
      "Each seat is one person, in their own browser. After your move, send the link the page offers to the "
      "player whose turn it is; whoever opens a new game's link first takes the next free seat. Your hidden "
      "pieces never travel in a link: it carries only a sealed fingerprint of them (a salted hash), and your "
      "browser opens one when the rules show it, such as a captured ghost's colour. Dice and draws come from "
      "numbers every player committed to at the start, so nobody can choose or foresee them. Each link carries "
      "the whole game; one that changes a past move, or shows a piece other than the one sealed, is refused. At "
      "the end every seal is opened and the result says \"verified\", or names the move that failed. Your seat "
      "lives in this browser: to go on from another device, copy its seat key there. A player who stops sending "
      "links stops the game: there is no server to go on without them, and nothing can force a reply.");
}

// ---- replay ------------------------------------------------------------------

namespace {

using ItemKey = std::tuple<int, int, int>;  // seat, secret, item

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

  Replayer(const Link& link, const Key* k) : l(link), key(k) {
    game = load_game(l.game, l.version);
    sec = secrets_for(l.game);
    if (l.seats < game->info().min_seats || l.seats > game->info().max_seats)
      throw DataError(game->info().name + T(" takes ") + std::to_string(game->info().min_seats) + T("-") +
                      std::to_string(game->info().max_seats) + T(" seats"));
    if (game->info().hidden_info && !sec) throw DataError(game->info().name + T(" cannot be played by link"));
    if (l.nonce.size() != 16) throw DataError(T("the link has no game nonce"));
    out.record.game = l.game;
    out.record.version = game->data_version();
    out.record.options = game->resolve_options(l.options);
    out.record.seats = uint64_t(l.seats);
    s = game->new_state(out.record.options, l.seats);
    commits.resize(size_t(l.seats));
    last_link.resize(size_t(l.seats));
    cur.resize(size_t(l.seats));
    used.resize(size_t(l.seats));
    if (key && (key->nonce != l.nonce || key->seat < 0 || key->seat >= l.seats))
      throw DataError(T("the seat key is not one of this game's"));
  }

  std::string who(int seat) const { return game->seat_name(seat); }

  void apply(Action a) {
    std::vector<Action> legal = s->legal();
    if (s->terminal() || !std::binary_search(legal.begin(), legal.end(), a))
      throw DataError(T("that move is not legal"));
    s->apply(a);
    out.record.actions.push_back(a);
  }

  void entry(const Entry& e) {
    if (e.seat < 0 || e.seat >= l.seats) throw DataError(T("no such seat"));
    bool mine = key && key->seat == e.seat;
    int t = s->to_move();
    switch (e.kind) {
      case kJoin:
        if (!last_link[e.seat].empty()) throw DataError(who(e.seat) + T(" joined twice"));
        if (e.bytes.size() != crypto::kHash) throw DataError(T("a join without its chance chain"));
        if (mine && !crypto::equal(e.bytes, chain_link(*key, 0)))
          throw DataError(T("this is not the chance chain your seat key committed to"));
        last_link[e.seat] = e.bytes;
        out.joined.push_back(e.seat);
        return;
      case kCommit: {
        if (t != e.seat || !sec || !sec->secret(*s)) throw DataError(who(e.seat) + T(" has no secret to choose now"));
        if (last_link[e.seat].empty()) throw DataError(who(e.seat) + T(" has not joined"));
        if (!owed.empty()) throw DataError(T("a reveal the rules call for has not been made"));
        size_t n = e.bytes.size() / crypto::kHash;
        if (n == 0 || e.bytes.size() % crypto::kHash) throw DataError(T("a damaged commitment"));
        int number = int(commits[e.seat].size());
        std::vector<std::string> cs;
        for (size_t i = 0; i < n; ++i) cs.push_back(e.bytes.substr(i * crypto::kHash, crypto::kHash));
        commits[e.seat].push_back(cs);
        std::vector<int> known(n, -1);
        if (mine) {
          if (size_t(number) >= key->secrets.size() || key->secrets[size_t(number)].size() != n)
            throw DataError(T("your seat key does not hold this secret"));
          known = key->secrets[size_t(number)];
          for (size_t i = 0; i < n; ++i)
            if (!crypto::equal(cs[i],
                               commitment(l.nonce, e.seat, number, int(i), known[i], salt(*key, number, int(i)))))
              throw DataError(T("this is not the secret your seat committed to"));
        } else {
          for (size_t i = 0; i < n; ++i) {
            auto it = all_reveals.find({e.seat, number, int(i)});
            if (it != all_reveals.end()) known[i] = it->second;
          }
        }
        Action a = mine ? sec->action(*s, known) : sec->stand_in(*s, known);
        if (a < 0) throw DataError(T("the reveals of ") + who(e.seat) + T("'s secret fit no legal choice"));
        secret_at.emplace_back(out.record.actions.size(), e.seat, number);
        apply(a);
        return;
      }
      case kMove: {
        if (t != e.seat) throw DataError(T("it is not ") + who(e.seat) + T("'s move"));
        if (last_link[e.seat].empty()) throw DataError(who(e.seat) + T(" has not joined"));
        if (sec && sec->secret(*s)) throw DataError(T("a secret choice sent in the open"));
        if (!owed.empty()) throw DataError(who(e.seat) + T(" moved before a reveal the rules call for was made"));
        std::vector<Secrets::Item> items = sec ? sec->revealed_by(*s, e.action) : std::vector<Secrets::Item>{};
        for (const Secrets::Item& it : items) {
          bool done = revealed.count({it.seat, it.secret, it.item}) > 0;
          if (it.seat == e.seat && !done) throw DataError(T("the move needs its piece revealed first"));
          if (!done) owed.push_back(it);
        }
        apply(e.action);
        return;
      }
      case kReveal: {
        if (e.secret < 0 || size_t(e.secret) >= commits[e.seat].size() || e.item < 0 ||
            size_t(e.item) >= commits[e.seat][size_t(e.secret)].size())
          throw DataError(who(e.seat) + T(" reveals something never committed to"));
        if (!crypto::equal(commits[e.seat][size_t(e.secret)][size_t(e.item)],
                           commitment(l.nonce, e.seat, e.secret, e.item, e.value, e.bytes)))
          throw DataError(who(e.seat) + T("'s reveal does not match its commitment (a false reveal)"));
        revealed.insert({e.seat, e.secret, e.item});
        owed.erase(std::remove_if(owed.begin(), owed.end(),
                                  [&](const Secrets::Item& i) {
                                    return i.seat == e.seat && i.secret == e.secret && i.item == e.item;
                                  }),
                   owed.end());
        return;
      }
      case kShare: {
        if (t != gamut::kChance) throw DataError(T("no die, spinner or draw is waiting"));
        if (last_link[e.seat].empty()) throw DataError(who(e.seat) + T(" has not joined"));
        if (!cur[e.seat].empty()) throw DataError(who(e.seat) + T(" gave two chance links for one event"));
        if (used[e.seat] >= kChain) throw DataError(who(e.seat) + T("'s chance chain is used up"));
        if (!next_link(last_link[e.seat], e.bytes))
          throw DataError(who(e.seat) +
                          T("'s chance link is not the next one of its chain (a reused or made-up contribution)"));
        last_link[e.seat] = cur[e.seat] = e.bytes;
        ++used[e.seat];
        if (std::any_of(cur.begin(), cur.end(), [](const std::string& c) { return c.empty(); })) return;
        for (int step = 0; s->to_move() == gamut::kChance; ++step)
          apply(pick_chance(*s, chance_uniform(l.nonce, event, cur, step)));
        for (std::string& c : cur) c.clear();
        ++event;
        return;
      }
    }
  }

  void run() {
    for (const Entry& e : l.entries)
      if (e.kind == kReveal) all_reveals[{e.seat, e.secret, e.item}] = e.value;
    for (size_t i = 0; i < l.entries.size(); ++i) {
      try {
        entry(l.entries[i]);
      } catch (const DataError& ex) {
        throw DataError(T("move ") + std::to_string(i + 1) + T(" of the link: ") + ex.what());
      }
    }
    unknown();
    status();
  }

  void wait(int seat, const std::string& what, Replay::Task task) {
    out.to_act = seat;
    out.waiting = who(seat) + what;
    out.task = task;
    out.automatic = task != Replay::kMoveTask;
  }

  void status() {
    int t = s->to_move();
    out.owed = owed;
    out.at_chance = t == gamut::kChance;
    for (const std::string& c : cur) out.shared.push_back(!c.empty());
    auto joined = [&](int seat) { return !last_link[size_t(seat)].empty(); };
    if (!owed.empty()) return wait(owed[0].seat, T("'s reveal"), Replay::kRevealTask);
    if (t == gamut::kChance) {
      for (int i = 0; i < l.seats; ++i)
        if (cur[size_t(i)].empty())
          return joined(i) ? wait(i, T("'s share of the chance"), Replay::kChanceTask)
                           : wait(i, T(" to join"), Replay::kJoinTask);
    }
    if (t >= 0) return joined(t) ? wait(t, T("'s move"), Replay::kMoveTask) : wait(t, T(" to join"), Replay::kJoinTask);
    for (int i = 0; i < l.seats; ++i)
      for (size_t k = 0; k < commits[size_t(i)].size(); ++k)
        for (size_t j = 0; j < commits[size_t(i)][k].size(); ++j)
          if (!revealed.count({i, int(k), int(j)})) return wait(i, T(" to open the secrets"), Replay::kOpenTask);
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

  // Every commitment is open: the game again, with the true secrets.
  void verify() {
    std::unique_ptr<State> v = game->new_state(out.record.options, l.seats);
    std::vector<Action> truth = out.record.actions;
    size_t next = 0;
    for (size_t i = 0; i < truth.size(); ++i) {
      std::string at = T("move ") + std::to_string(i + 1) + ": ";
      if (next < secret_at.size() && std::get<0>(secret_at[next]) == i) {
        auto [pos, seat, number] = secret_at[next++];
        std::vector<int> items;
        for (size_t j = 0; j < commits[size_t(seat)][size_t(number)].size(); ++j)
          items.push_back(all_reveals[{seat, number, int(j)}]);
        truth[i] = sec->action(*v, items);
        if (truth[i] < 0) {
          out.failure = at + who(seat) + T("'s opened secret is not a legal choice");
          return;
        }
      }
      std::vector<Action> legal = v->legal();
      if (v->terminal() || !std::binary_search(legal.begin(), legal.end(), truth[i])) {
        out.failure = at + T("not legal once the secrets are opened");
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
  Json v = s->view(seat);
  if (const Secrets* sec = secrets_for(record.game); sec && !unknown.empty()) sec->mask(v, *s, unknown);
  return v;
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
  if (!available(id)) throw DataError(T("this game cannot be played by link"));
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
  if (l.nonce != have->link_.nonce) throw DataError(T("this link is of another game"));
  const std::vector<Entry>& old = have->link_.entries;
  size_t n = std::min(old.size(), l.entries.size());
  for (size_t i = 0; i < n; ++i)
    if (!(old[i] == l.entries[i]))
      throw DataError(T("this link changes move ") + std::to_string(i + 1) +
                      T(", which your game already has: it was refused and your game is unchanged"));
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
  if (k.nonce != link_.nonce) throw DataError(T("this seat key is of another game"));
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
    if (add.empty() && !joined && r.to_act == me && r.task == Replay::kJoinTask)
      add.push_back({me, kJoin, 0, 0, 0, 0, chain_link(*key_, 0)});
    // A chance event: this seat's share as soon as the game stands at it, whoever else is still to give theirs.
    if (add.empty() && joined && r.at_chance && !r.shared.at(size_t(me))) {
      int used = 0;
      for (const Entry& e : link_.entries) used += e.kind == kShare && e.seat == me;
      add.push_back({me, kShare, 0, 0, 0, 0, chain_link(*key_, used + 1)});
    }
    if (add.empty()) return;
    for (Entry& e : add) append(e);
  }
}

void Game::play(Action a) {
  if (!key_) throw DataError(T("you hold no seat in this game"));
  if (replay_.to_act != key_->seat || replay_.automatic) throw DataError(T("it is not your move"));
  const int me = key_->seat;
  Match m(replay_.record);
  const State& s = m.state();
  std::vector<Action> legal = s.legal();
  if (!std::binary_search(legal.begin(), legal.end(), a)) throw DataError(T("that move is not legal"));
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
    append({me, kMove, a, 0, 0, 0, ""});
  }
  automatic();
}

}  // namespace gamut::corr
