#include "view.h"

#include "data.h"

namespace gamut::view {
namespace {

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  throw DataError("view: " + where + ": " + what);
}

// nlohmann reads {{"a", 1}, {"b", 2}} as an object only where it can tell;
// pushed into an array it may stay a list of pairs, which means the same.
Json object_of(const Json& j, const std::string& where) {
  if (j.is_object()) return j;
  Json o = Json::object();
  if (j.is_array())
    for (const Json& kv : j) {
      if (!kv.is_array() || kv.size() != 2 || !kv[0].is_string()) bad(where, "expected an object");
      o[kv[0].get<std::string>()] = kv[1];
    }
  else
    bad(where, "expected an object");
  return o;
}

const Json* list(const Json& v, const char* key) {
  if (!v.contains(key) || v[key].is_null()) return nullptr;
  if (!v[key].is_array()) bad(key, "expected a list");
  return &v[key];
}

std::string str(const Json& o, const char* key, const std::string& where, bool required = false) {
  if (!o.contains(key) || o[key].is_null()) {
    if (required) bad(where, std::string("'") + key + "' is missing");
    return "";
  }
  if (!o[key].is_string()) bad(where + "." + key, "expected text");
  return o[key].get<std::string>();
}

int integer(const Json& o, const char* key, const std::string& where, int fallback) {
  if (!o.contains(key)) return fallback;
  if (!o[key].is_number_integer()) bad(where + "." + key, "expected a whole number");
  return o[key].get<int>();
}

std::vector<Card> cards(const Json& v, const char* key) {
  std::vector<Card> out;
  if (const Json* l = list(v, key))
    for (size_t i = 0; i < l->size(); ++i) {
      std::string w = std::string(key) + "[" + std::to_string(i) + "]";
      Json c = object_of((*l)[i], w);
      out.push_back({str(c, "title", w, true), str(c, "text", w), str(c, "note", w), str(c, "tag", w),
                     str(c, "play", w), str(c, "discard", w)});
    }
  return out;
}

std::vector<std::string> strings(const Json& v, const char* key) {
  std::vector<std::string> out;
  if (const Json* l = list(v, key))
    for (size_t i = 0; i < l->size(); ++i) {
      if (!(*l)[i].is_string()) bad(std::string(key) + "[" + std::to_string(i) + "]", "expected text");
      out.push_back((*l)[i].get<std::string>());
    }
  return out;
}

}  // namespace

View parse(const Json& v) {
  if (!v.is_object()) bad("view", "expected an object");
  View out;
  if (const Json* l = list(v, "pieces"))
    for (size_t i = 0; i < l->size(); ++i) {
      std::string w = "pieces[" + std::to_string(i) + "]";
      Json p = object_of((*l)[i], w);
      out.pieces.push_back({str(p, "node", w, true), integer(p, "seat", w, -1), str(p, "face", w), str(p, "label", w)});
    }
  if (const Json* l = list(v, "side"))
    for (size_t i = 0; i < l->size(); ++i) {
      std::string w = "side[" + std::to_string(i) + "]";
      Json p = object_of((*l)[i], w);
      std::string where = str(p, "where", w);
      out.side.push_back({integer(p, "seat", w, 0), str(p, "face", w), where.empty() ? "off" : where});
    }
  out.last = strings(v, "last");
  out.status = strings(v, "status");
  if (const Json* l = list(v, "dice"))
    for (size_t i = 0; i < l->size(); ++i) {
      const Json& d = (*l)[i];
      if (!d.is_number_integer() || d.get<int>() < 1 || d.get<int>() > 6)
        bad("dice[" + std::to_string(i) + "]", "expected a die from 1 to 6");
      out.dice.push_back(d.get<int>());
    }
  out.dice_roll = integer(v, "dice_roll", "view", 0);
  if (v.contains("spinner") && !v["spinner"].is_null()) {
    Json s = object_of(v["spinner"], "spinner");
    Spinner sp;
    sp.at = integer(s, "at", "spinner", -1);
    if (!s.contains("faces") || !s["faces"].is_array() || s["faces"].empty()) bad("spinner.faces", "expected a list");
    for (size_t i = 0; i < s["faces"].size(); ++i) {
      std::string w = "spinner.faces[" + std::to_string(i) + "]";
      Json f = object_of(s["faces"][i], w);
      int count = integer(f, "count", w, 1);
      if (count < 1) bad(w + ".count", "must be at least 1");
      if (f.contains("accent") && !f["accent"].is_boolean()) bad(w + ".accent", "expected true or false");
      sp.faces.push_back({str(f, "label", w, true), count, f.value("accent", false)});
    }
    if (sp.at < -1 || sp.at >= int(sp.faces.size())) bad("spinner.at", "not a face");
    out.spinner = sp;
  }
  out.cards = cards(v, "cards");
  out.events = cards(v, "events");
  out.phase = str(v, "phase", "view");
  out.step = str(v, "step", "view");
  out.roll = str(v, "roll", "view");
  out.scenario = str(v, "scenario", "view");
  if (v.contains("tutorial") && !v["tutorial"].is_null()) {
    Json t = object_of(v["tutorial"], "tutorial");
    Tutorial tu;
    tu.step = integer(t, "step", "tutorial", 0);
    tu.of = integer(t, "of", "tutorial", 0);
    if (tu.of < 0 || tu.step < 0 || tu.step > tu.of) bad("tutorial.step", "not a step of the tutorial");
    tu.text = str(t, "text", "tutorial");
    tu.todo = strings(t, "do");
    out.tutorial = tu;
  }
  return out;
}

Json to_json(const View& v) {
  Json j = Json::object();
  Json pieces = Json::array();
  for (const Piece& p : v.pieces) {
    Json o = {{"node", p.node}, {"seat", p.seat}, {"face", p.face}};
    if (!p.label.empty()) o["label"] = p.label;
    pieces.push_back(o);
  }
  j["pieces"] = pieces;
  Json side = Json::array();
  for (const SidePiece& p : v.side) side.push_back({{"seat", p.seat}, {"face", p.face}, {"where", p.where}});
  j["side"] = side;
  j["last"] = v.last;
  j["status"] = v.status;
  if (!v.dice.empty()) j["dice"] = v.dice;
  if (v.dice_roll) j["dice_roll"] = v.dice_roll;
  if (v.spinner) {
    Json faces = Json::array();
    for (const SpinnerFace& f : v.spinner->faces)
      faces.push_back({{"label", f.label}, {"count", f.count}, {"accent", f.accent}});
    j["spinner"] = {{"faces", faces}, {"at", v.spinner->at}};
  }
  auto cards_json = [](const std::vector<Card>& cs) {
    Json a = Json::array();
    for (const Card& c : cs) {
      Json o = {{"title", c.title}, {"text", c.text}};
      if (!c.note.empty()) o["note"] = c.note;
      if (!c.tag.empty()) o["tag"] = c.tag;
      if (!c.play.empty()) o["play"] = c.play;
      if (!c.discard.empty()) o["discard"] = c.discard;
      a.push_back(o);
    }
    return a;
  };
  if (!v.cards.empty()) j["cards"] = cards_json(v.cards);
  if (!v.events.empty()) j["events"] = cards_json(v.events);
  for (auto [k, s] : {std::pair{"phase", &v.phase}, {"step", &v.step}, {"roll", &v.roll}, {"scenario", &v.scenario}})
    if (!s->empty()) j[k] = *s;
  if (v.tutorial)
    j["tutorial"] = {
        {"step", v.tutorial->step}, {"of", v.tutorial->of}, {"text", v.tutorial->text}, {"do", v.tutorial->todo}};
  return j;
}

}  // namespace gamut::view
