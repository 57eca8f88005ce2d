#include "match.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace gamut {

Action draw_chance(const State& s, uint64_t seed, size_t ply) {
  uint64_t x = seed ^ (0x632be59bd9b4e019ULL * (ply + 1));
  Rng rng(splitmix64(x));
  std::vector<Action> outs = s.legal();
  std::vector<double> p = s.chance_probs();
  double u = rng.uniform(), acc = 0;
  for (size_t i = 0; i < outs.size(); ++i) {
    acc += p[i];
    if (u < acc) return outs[i];
  }
  return outs.back();
}

Match::Match(Record r) : rec_(std::move(r)) {
  game_ = load_game(rec_.game, rec_.version);
  rec_.version = game_->data_version();
  rec_.options = game_->resolve_options(rec_.options);
  const GameInfo& gi = game_->info();
  if (rec_.seats == 0) rec_.seats = gi.min_seats;
  if (int(rec_.seats) < gi.min_seats || int(rec_.seats) > gi.max_seats)
    throw DataError(gi.name + " takes " + std::to_string(gi.min_seats) + "-" + std::to_string(gi.max_seats) + " seats");
  rebuild(rec_.actions.size());
}

void Match::rebuild(size_t n) {
  std::unique_ptr<State> s = game_->new_state(rec_.options, int(rec_.seats));
  for (size_t i = 0; i < n; ++i) {
    Action a = rec_.actions[i];
    std::vector<Action> l = s->legal();
    if (s->terminal() || !std::binary_search(l.begin(), l.end(), a))
      throw DataError("move " + std::to_string(i + 1) + " (" + std::to_string(a) + ") is not legal in this game");
    s->apply(a);
  }
  rec_.actions.resize(n);
  state_ = std::move(s);
}

std::unique_ptr<State> Match::state_at(size_t n) const {
  std::unique_ptr<State> s = game_->new_state(rec_.options, int(rec_.seats));
  for (size_t i = 0; i < n && i < rec_.actions.size(); ++i) s->apply(rec_.actions[i]);
  return s;
}

void Match::play(Action a) {
  std::vector<Action> l = state_->legal();
  if (state_->terminal() || !std::binary_search(l.begin(), l.end(), a)) throw DataError("illegal action");
  state_->apply(a);
  rec_.actions.push_back(a);
  redo_.clear();
}

void Match::resolve_chance() {
  while (state_->to_move() == kChance) {
    Action a = draw_chance(*state_, rec_.seed, rec_.actions.size());
    state_->apply(a);
    rec_.actions.push_back(a);
  }
}

bool Match::undo(int seat) {
  // Find the latest action taken by `seat`; drop it and everything after.
  size_t n = rec_.actions.size();
  std::unique_ptr<State> s = game_->new_state(rec_.options, int(rec_.seats));
  long last = -1;
  for (size_t i = 0; i < n; ++i) {
    if (s->to_move() == seat || (seat < 0 && s->to_move() >= 0)) last = long(i);
    s->apply(rec_.actions[i]);
  }
  if (last < 0) return false;
  for (size_t i = n; i > size_t(last); --i) redo_.push_back(rec_.actions[i - 1]);
  rebuild(size_t(last));
  return true;
}

bool Match::redo(int seat) {
  if (redo_.empty()) return false;
  // Re-apply until the seat has made its move back and it is its turn again
  // or the redo stack runs out.
  bool moved = false;
  while (!redo_.empty()) {
    if (moved && (state_->to_move() == seat || seat < 0)) break;
    if (state_->to_move() == seat || seat < 0) moved = true;
    Action a = redo_.back();
    redo_.pop_back();
    state_->apply(a);
    rec_.actions.push_back(a);
  }
  return true;
}

Json Match::to_json() const {
  return Json{{"format", 1},
              {"game", rec_.game},
              {"version", rec_.version},
              {"options", rec_.options},
              {"seats", rec_.seats},
              {"seed", std::to_string(rec_.seed)},
              {"actions", rec_.actions}};
}

Record Match::record_from_json(const Json& j) {
  const std::string w = "save";
  if (!j.is_object()) throw DataError("save: not an object");
  int fmt = req_int(j, "format", w);
  if (fmt != 1) throw DataError("save: format " + std::to_string(fmt) + " is newer than this version of Gamut");
  Record r;
  r.game = req_str(j, "game", w);
  r.version = req_int(j, "version", w);
  r.options = j.value("options", Json::object());
  r.seats = req_int(j, "seats", w);
  const Json& seed = req(j, "seed", w);
  try {
    r.seed = seed.is_string() ? std::stoull(seed.get<std::string>()) : seed.get<uint64_t>();
  } catch (...) {
    throw DataError("save: bad seed");
  }
  const Json& acts = req(j, "actions", w);
  if (!acts.is_array()) throw DataError("save: \"actions\" must be an array");
  for (const Json& a : acts) {
    if (!a.is_number_integer()) throw DataError("save: actions must be integers");
    r.actions.push_back(a.get<int>());
  }
  return r;
}

// ---- share codes ----------------------------------------------------------

static const char* kB64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
static constexpr int kCodeFormat = 1;

static void put_varint(std::string& o, uint64_t v) {
  while (v >= 0x80) {
    o.push_back(char((v & 0x7f) | 0x80));
    v >>= 7;
  }
  o.push_back(char(v));
}

static uint32_t fnv1a(const std::string& s) {
  uint32_t h = 2166136261u;
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return h;
}

std::string encode_share_code(const Record& r) {
  std::string b;
  put_varint(b, kCodeFormat);
  put_varint(b, r.game.size());
  b += r.game;
  put_varint(b, uint64_t(r.version));
  std::string opts = r.options.dump();
  put_varint(b, opts.size());
  b += opts;
  put_varint(b, r.seats);
  put_varint(b, r.seed);
  put_varint(b, r.actions.size());
  for (Action a : r.actions) put_varint(b, uint64_t(uint32_t(a)));
  uint32_t h = fnv1a(b);
  for (int i = 0; i < 4; ++i) b.push_back(char(h >> (8 * i)));
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (unsigned char c : b) {
    acc = (acc << 8) | c;
    bits += 8;
    while (bits >= 6) out.push_back(kB64[(acc >> (bits -= 6)) & 63]);
  }
  if (bits) out.push_back(kB64[(acc << (6 - bits)) & 63]);
  return out;
}

namespace {
struct Reader {
  const std::string& b;
  size_t p = 0;
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (p >= b.size()) throw DataError("share code is truncated");
      unsigned char c = b[p++];
      v |= uint64_t(c & 0x7f) << shift;
      if (!(c & 0x80)) return v;
    }
    throw DataError("share code is corrupt (bad number)");
  }
  std::string bytes(uint64_t n) {
    if (n > b.size() - p) throw DataError("share code is truncated");
    std::string s = b.substr(p, n);
    p += n;
    return s;
  }
};
}  // namespace

Record decode_share_code(const std::string& code_in) {
  std::string code;
  for (char c : code_in)
    if (!std::isspace((unsigned char)c)) code.push_back(c);
  if (code.empty()) throw DataError("the share code is empty");
  std::string b;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : code) {
    const char* q = std::strchr(kB64, c);
    if (!q || !c) throw DataError(std::string("share code has a character that does not belong: '") + c + "'");
    acc = (acc << 6) | uint32_t(q - kB64);
    bits += 6;
    if (bits >= 8) b.push_back(char((acc >> (bits -= 8)) & 0xff));
  }
  if (b.size() < 5) throw DataError("share code is too short");
  std::string body = b.substr(0, b.size() - 4);
  uint32_t h = 0;
  for (int i = 0; i < 4; ++i) h |= uint32_t((unsigned char)b[b.size() - 4 + i]) << (8 * i);
  if (h != fnv1a(body)) throw DataError("share code is damaged or incomplete (checksum mismatch)");
  Reader rd{body};
  uint64_t fmt = rd.varint();
  if (fmt != kCodeFormat) throw DataError("share code format " + std::to_string(fmt) + " is not known to this version");
  Record r;
  r.game = rd.bytes(rd.varint());
  r.version = int(rd.varint());
  r.options = parse_json_text(rd.bytes(rd.varint()), "share code options");
  if (!r.options.is_object()) throw DataError("share code options are not an object");
  r.seats = rd.varint();
  r.seed = rd.varint();
  uint64_t n = rd.varint();
  if (n > body.size()) throw DataError("share code is corrupt (move count)");
  for (uint64_t i = 0; i < n; ++i) r.actions.push_back(Action(uint32_t(rd.varint())));
  if (rd.p != body.size()) throw DataError("share code has trailing data");
  return r;
}

}  // namespace gamut
