#include "match.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "code.h"
#include "text.h"

namespace gamut {

Action draw_chance(const State& s, uint64_t seed, const std::vector<Action>& history) {
  uint64_t h = seed ^ 0x632be59bd9b4e019ULL;
  for (Action a : history) {
    h ^= uint64_t(uint32_t(a)) * 0xff51afd7ed558ccdULL;
    h = splitmix64(h);
  }
  h ^= uint64_t(history.size());
  Rng rng(splitmix64(h));
  return pick_chance(s, rng.uniform());
}

Action pick_chance(const State& s, double u) {
  std::vector<Action> outs = s.legal();
  std::vector<double> p = s.chance_probs();
  double acc = 0;
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
    Action a = draw_chance(*state_, rec_.seed, rec_.actions);
    state_->apply(a);
    rec_.actions.push_back(a);
  }
}

long Match::undo_point(int seat) const {
  // The latest action taken by `seat` (any person's for seat -1).
  std::unique_ptr<State> s = game_->new_state(rec_.options, int(rec_.seats));
  long last = -1;
  for (size_t i = 0; i < rec_.actions.size(); ++i) {
    if (s->to_move() == seat || (seat < 0 && s->to_move() >= 0)) last = long(i);
    s->apply(rec_.actions[i]);
  }
  return last;
}

bool Match::undo(int seat) {
  // Drop the latest action of `seat` and everything after it.
  size_t n = rec_.actions.size();
  long last = undo_point(seat);
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
  Json j{{"format", 1},
         {"game", rec_.game},
         {"version", rec_.version},
         {"options", rec_.options},
         {"seats", rec_.seats},
         {"seed", std::to_string(rec_.seed)},
         {"actions", rec_.actions}};
  if (rec_.practice) j["practice"] = true;
  if (!rec_.notes.empty()) j["notes"] = rec_.notes;
  return j;
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
  r.practice = j.value("practice", false);
  if (j.contains("notes")) {
    const Json& n = j["notes"];
    if (!n.is_array()) throw DataError("save: \"notes\" must be a list of texts");
    for (const Json& x : n) r.notes.push_back(x.is_string() ? x.get<std::string>() : "");
  }
  return r;
}

std::vector<std::string> public_log(const Match& m, int viewer) {
  std::vector<std::string> r;
  std::unique_ptr<State> s = m.state_at(0);
  for (Action a : m.record().actions) {
    int t = s->to_move();
    std::string move = s->public_name(a, viewer);
    if (t >= 0)
      move = strf(T("%s: %s"), m.game().seat_label(t).c_str(), move.c_str());
    else if (t == kChance)
      move = strf(T("%s: %s"), T("Chance"), move.c_str());
    r.push_back(move);
    s->apply(a);
  }
  return r;
}

// ---- share codes ----------------------------------------------------------

// Format 1: game, version, options, seats, seed, actions. Format 2 adds each
// seat's kind and the flags (1: practice, 2: the notes follow), so a link
// keeps its AI seats and its narration.
static constexpr int kCodeFormat = 2;

std::string encode_share_code(const Record& r) {
  using namespace code;
  std::string b;
  put_varint(b, kCodeFormat);
  put_bytes(b, r.game);
  put_varint(b, uint64_t(r.version));
  put_bytes(b, r.options.dump());
  put_varint(b, r.seats);
  put_varint(b, r.seed);
  put_varint(b, r.actions.size());
  for (Action a : r.actions) put_varint(b, uint64_t(uint32_t(a)));
  put_list(b, r.players);
  put_varint(b, (r.practice ? 1 : 0) | (r.notes.empty() ? 0 : 2));
  if (!r.notes.empty()) put_list(b, r.notes);
  return pack(b);
}

uint64_t code_format(const std::string& code) {
  std::string body = code::unpack(code);
  code::Reader rd{body};
  return rd.varint();
}

Record decode_share_code(const std::string& code) {
  std::string body = code::unpack(code);
  code::Reader rd{body};
  uint64_t fmt = rd.varint();
  if (fmt == 3) throw DataError("this is a watch link: it replays a game and cannot be played on");
  if (fmt != 1 && fmt != 2)
    throw DataError("share code format " + std::to_string(fmt) + " is not known to this version");
  Record r;
  r.game = rd.bytes();
  r.version = int(rd.varint());
  r.options = parse_json_text(rd.bytes(), "share code options");
  if (!r.options.is_object()) throw DataError("share code options are not an object");
  r.seats = rd.varint();
  r.seed = rd.varint();
  uint64_t n = rd.varint();
  if (n > body.size()) throw DataError("share code is corrupt (move count)");
  for (uint64_t i = 0; i < n; ++i) r.actions.push_back(Action(uint32_t(rd.varint())));
  if (fmt >= 2) {
    r.players = rd.list(16, "seat");
    uint64_t flags = rd.varint();
    r.practice = flags & 1;
    if (flags & 2) r.notes = rd.list(body.size(), "notes");
  }
  if (!rd.done()) throw DataError("share code has trailing data");
  return r;
}

}  // namespace gamut
