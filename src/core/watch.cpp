#include "watch.h"

#include "code.h"

namespace gamut {

static constexpr int kWatchFormat = 3;  // share codes are 1 and 2 (match.cpp)

Watch make_watch(const Match& m, const std::vector<std::string>& players) {
  Watch w;
  const Record& r = m.record();
  w.game = r.game;
  w.version = r.version;
  w.options = r.options;
  w.seats = int(r.seats);
  w.players = players;
  w.log = public_log(m, -1);
  std::unique_ptr<State> s = m.state_at(0);
  w.views.push_back(s->view(-1));
  for (Action a : r.actions) {
    s->apply(a);
    w.views.push_back(s->view(-1));
  }
  return w;
}

// Each view is stored as the change from the one before: the lengths of the
// text both share at the start and at the end, then what differs. A move
// changes a few pieces, so a whole game stays a link of a few kilobytes.
std::string encode_watch_code(const Watch& w) {
  using namespace code;
  std::string b;
  put_varint(b, kWatchFormat);
  put_bytes(b, w.game);
  put_varint(b, uint64_t(w.version));
  put_bytes(b, w.options.dump());
  put_varint(b, uint64_t(w.seats));
  put_varint(b, w.players.size());
  for (const std::string& p : w.players) put_bytes(b, p);
  put_varint(b, w.log.size());
  for (const std::string& l : w.log) put_bytes(b, l);
  std::string prev;
  for (const Json& v : w.views) {
    std::string cur = v.dump();
    size_t pre = 0, n = std::min(prev.size(), cur.size());
    while (pre < n && prev[pre] == cur[pre]) ++pre;
    size_t suf = 0;
    while (suf < n - pre && prev[prev.size() - 1 - suf] == cur[cur.size() - 1 - suf]) ++suf;
    put_varint(b, pre);
    put_varint(b, suf);
    put_bytes(b, cur.substr(pre, cur.size() - pre - suf));
    prev = cur;
  }
  return pack(b);
}

Watch decode_watch_code(const std::string& text) {
  std::string body = code::unpack(text);
  code::Reader rd{body};
  if (rd.varint() != kWatchFormat) throw DataError("this is not a watch code");
  Watch w;
  w.game = rd.bytes();
  w.version = int(rd.varint());
  w.options = parse_json_text(rd.bytes(), "watch code options");
  w.seats = int(rd.varint());
  uint64_t k = rd.varint();
  if (k > 16) throw DataError("watch code is corrupt (seat count)");
  for (uint64_t i = 0; i < k; ++i) w.players.push_back(rd.bytes());
  uint64_t n = rd.varint();
  if (n > body.size()) throw DataError("watch code is corrupt (move count)");
  for (uint64_t i = 0; i < n; ++i) w.log.push_back(rd.bytes());
  std::string prev;
  for (uint64_t i = 0; i <= n; ++i) {
    uint64_t pre = rd.varint(), suf = rd.varint();
    std::string mid = rd.bytes();
    if (pre + suf > prev.size()) throw DataError("watch code is corrupt (view " + std::to_string(i) + ")");
    std::string cur = prev.substr(0, pre) + mid + prev.substr(prev.size() - suf);
    w.views.push_back(parse_json_text(cur, "watch code view"));
    prev = std::move(cur);
  }
  if (!rd.done()) throw DataError("watch code has trailing data");
  return w;
}

}  // namespace gamut
