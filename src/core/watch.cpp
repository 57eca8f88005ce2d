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
  w.notes = r.notes;
  w.log = public_log(m, -1);
  std::unique_ptr<State> s = m.state_at(0);
  w.views.push_back(s->view(-1));
  for (Action a : r.actions) {
    s->apply(a);
    w.views.push_back(s->view(-1));
  }
  return w;
}

// Each view is stored as its change from the one before, as a small patch:
// {"o": {key: patch}, "x": [removed keys]} for an object, {"a": [[i, patch]...],
// "n": length} for a list, {"v": value} for anything replaced whole. A move
// changes a piece or two, so a whole game stays a link of a few kilobytes.
static Json diff(const Json& a, const Json& b) {
  if (a.is_object() && b.is_object()) {
    Json o = Json::object(), x = Json::array();
    for (auto it = b.begin(); it != b.end(); ++it)
      if (!a.contains(it.key()) || a[it.key()] != it.value()) o[it.key()] = diff(a.value(it.key(), Json()), it.value());
    for (auto it = a.begin(); it != a.end(); ++it)
      if (!b.contains(it.key())) x.push_back(it.key());
    Json p = {{"o", o}};
    if (!x.empty()) p["x"] = x;
    return p;
  }
  if (a.is_array() && b.is_array()) {
    Json l = Json::array();
    for (size_t i = 0; i < b.size(); ++i)
      if (i >= a.size() || a[i] != b[i]) l.push_back({i, i < a.size() ? diff(a[i], b[i]) : Json{{"v", b[i]}}});
    return {{"a", l}, {"n", b.size()}};
  }
  return {{"v", b}};
}

static Json patch(const Json& a, const Json& p) {
  if (!p.is_object()) throw DataError("watch code is corrupt (a view's change)");
  if (p.contains("v")) return p["v"];
  if (p.contains("o")) {
    if (!a.is_object() || !p["o"].is_object()) throw DataError("watch code is corrupt (a view's change)");
    Json r = a;
    for (auto it = p["o"].begin(); it != p["o"].end(); ++it) r[it.key()] = patch(a.value(it.key(), Json()), it.value());
    for (const Json& k : p.value("x", Json::array())) r.erase(k.get<std::string>());
    return r;
  }
  if (p.contains("a")) {
    if (!a.is_array() || !p["n"].is_number_unsigned()) throw DataError("watch code is corrupt (a view's change)");
    Json r = a;
    size_t n = p["n"].get<size_t>();
    while (r.size() > n) r.erase(r.size() - 1);
    while (r.size() < n) r.push_back(nullptr);
    for (const Json& e : p["a"]) {
      size_t i = e.at(0).get<size_t>();
      if (i >= n) throw DataError("watch code is corrupt (a view's change)");
      r[i] = patch(r[i], e.at(1));
    }
    return r;
  }
  throw DataError("watch code is corrupt (a view's change)");
}

std::string encode_watch_code(const Watch& w) {
  using namespace code;
  std::string b;
  put_varint(b, kWatchFormat);
  put_bytes(b, w.game);
  put_varint(b, uint64_t(w.version));
  put_bytes(b, w.options.dump());
  put_varint(b, uint64_t(w.seats));
  put_list(b, w.players);
  put_list(b, w.log);
  Json prev;
  for (const Json& v : w.views) {
    std::vector<uint8_t> m = Json::to_msgpack(diff(prev, v));  // binary JSON: about half the text's size
    put_bytes(b, std::string(m.begin(), m.end()));
    prev = v;
  }
  if (!w.notes.empty()) put_list(b, w.notes);  // absent in codes from before narration
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
  w.players = rd.list(16, "seat");
  w.log = rd.list(body.size(), "move");
  size_t n = w.log.size();
  Json prev;
  for (size_t i = 0; i <= n; ++i) {
    try {
      std::string m = rd.bytes();
      prev = patch(prev, Json::from_msgpack(m.begin(), m.end()));
    } catch (const Json::exception&) {
      throw DataError("watch code is corrupt (view " + std::to_string(i) + ")");
    }
    w.views.push_back(prev);
  }
  if (!rd.done()) w.notes = rd.list(body.size(), "notes");
  if (!rd.done()) throw DataError("watch code has trailing data");
  return w;
}

}  // namespace gamut
