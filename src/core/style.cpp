#include "core/style.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/data.h"

namespace gamut {

using Json = nlohmann::json;

bool is_color(const Json& c) {
  if (!c.is_string()) return false;
  const std::string& s = c.get_ref<const std::string&>();
  if ((s.size() != 7 && s.size() != 9) || s[0] != '#') return false;
  return std::all_of(s.begin() + 1, s.end(), [](char ch) { return std::isxdigit(static_cast<unsigned char>(ch)); });
}

double contrast_ratio(const std::string& a, const std::string& b) {
  if (!is_color(a) || !is_color(b)) return 0;
  auto lum = [](const std::string& h) {
    double out = 0;
    const double w[3] = {0.2126, 0.7152, 0.0722};
    for (int i = 0; i < 3; ++i) {
      double c = double(std::strtol(h.substr(1 + 2 * i, 2).c_str(), nullptr, 16)) / 255;
      out += w[i] * (c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
    }
    return out;
  };
  double x = lum(a), y = lum(b);
  return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

namespace {

void colors(const Json& o, const std::string& w, std::initializer_list<const char*> keys) {
  for (const char* k : keys)
    if (o.contains(k) && !is_color(o[k]))
      throw DataError(w + ": \"" + k + "\" must be a colour \"#rrggbb\" or \"#rrggbbaa\"");
}
void numbers(const Json& o, const std::string& w, std::initializer_list<const char*> keys) {
  for (const char* k : keys)
    if (o.contains(k) && !o[k].is_number()) throw DataError(w + ": \"" + k + "\" must be a number");
}
void one_of(const Json& o, const char* k, const std::string& w, std::initializer_list<const char*> allowed) {
  if (!o.contains(k)) return;
  if (o[k].is_string())
    for (const char* a : allowed)
      if (o[k] == a) return;
  std::string list;
  for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
  throw DataError(w + ": \"" + k + "\" must be one of " + list);
}
// [[x, y], ...] with at least `min` points of `arity` numbers each.
void point_list(const Json& o, const char* k, size_t arity, size_t min, const std::string& w) {
  const Json& p = o.contains(k) ? o[k] : Json();
  bool ok = p.is_array() && p.size() >= min;
  for (size_t i = 0; ok && i < p.size(); ++i) {
    ok = p[i].is_array() && p[i].size() == arity;
    for (size_t j = 0; ok && j < arity; ++j) ok = p[i][j].is_number();
  }
  if (!ok)
    throw DataError(w + ": \"" + k + "\" must be a list of at least " + std::to_string(min) + " lists of " +
                    std::to_string(arity) + " numbers");
}

}  // namespace

void check_board_style(const Json& b, const std::string& where) {
  colors(b, where, {"surface", "background"});
  numbers(b, where, {"extent"});
  if (b.contains("style")) {
    const Json& s = b["style"];
    std::string w = where + " style";
    if (!s.is_object()) throw DataError(w + ": must be an object");
    colors(s, w, {"frame", "frame_trim", "grid"});
    numbers(s, w, {"frame_width", "grid_width"});
    one_of(s, "texture", w, {"paper", "wood", "halftone"});
    one_of(s, "frame_texture", w, {"paper", "wood", "halftone"});
    if (s.contains("cells")) {
      if (!s["cells"].is_array() || s["cells"].empty()) throw DataError(w + ": \"cells\" must be a list of colours");
      for (const Json& c : s["cells"])
        if (!is_color(c)) throw DataError(w + ": \"cells\" must be a list of colours");
    }
    if (s.contains("rules")) {
      if (!s["rules"].is_object()) throw DataError(w + ": \"rules\" must be an object");
      colors(s["rules"], w + " rules", {"color"});
      numbers(s["rules"], w + " rules", {"width"});
      const Json& in = s["rules"].value("inset", Json::array({0}));
      if (!in.is_array() || !std::all_of(in.begin(), in.end(), [](const Json& x) { return x.is_number(); }))
        throw DataError(w + " rules: \"inset\" must be a list of numbers");
    }
  }
  if (b.contains("coordinates")) {
    const Json& c = b["coordinates"];
    std::string w = where + " coordinates";
    if (!c.is_object()) throw DataError(w + ": must be an object");
    colors(c, w, {"color"});
    numbers(c, w, {"size", "offset"});
    one_of(c, "font", w, {"body", "serif", "bold"});
    if (c.contains("sides")) {
      if (!c["sides"].is_array()) throw DataError(w + ": \"sides\" must be a list");
      for (const Json& x : c["sides"]) one_of(Json{{"sides", x}}, "sides", w, {"top", "bottom", "left", "right"});
    }
  }
  if (b.contains("edge_types"))
    for (auto it = b["edge_types"].begin(); it != b["edge_types"].end(); ++it) {
      std::string w = where + " edge type '" + it.key() + "'";
      colors(*it, w, {"color", "casing", "centre"});
      numbers(*it, w, {"width", "band", "casing_width"});
    }
  if (b.contains("node_styles")) {
    if (!b["node_styles"].is_object()) throw DataError(where + ": \"node_styles\" must be an object");
    for (auto it = b["node_styles"].begin(); it != b["node_styles"].end(); ++it) {
      std::string w = where + " node style '" + it.key() + "'";
      colors(*it, w, {"fill", "outline", "label_color", "mark"});
      numbers(*it, w, {"radius", "label_size"});
      one_of(*it, "shape", w, {"circle", "square", "hex", "star"});
    }
  }
  if (b.contains("decorations") && b["decorations"].is_array())
    for (size_t i = 0; i < b["decorations"].size(); ++i) {
      const Json& d = b["decorations"][i];
      std::string w = where + " decoration " + std::to_string(i);
      if (!d.is_object()) throw DataError(w + ": must be an object");
      one_of(d, "kind", w, {"rect", "line", "text", "exit", "ridge", "woods", "star"});
      if (!d.contains("kind")) throw DataError(w + ": missing \"kind\"");
      w += " (" + d["kind"].get<std::string>() + ")";
      colors(d, w, {"color", "fill", "outline", "casing", "trees", "shade"});
      numbers(d, w, {"size", "width", "band", "angle", "round", "from", "to"});
      one_of(d, "font", w, {"body", "serif", "bold"});
      one_of(d, "texture", w, {"paper", "wood", "halftone"});
      std::string k = d["kind"];
      auto need_numbers = [&](std::initializer_list<const char*> keys) {
        for (const char* key : keys)
          if (!d.contains(key) || !d[key].is_number()) throw DataError(w + ": \"" + key + "\" must be a number");
      };
      if (k == "rect") need_numbers({"x", "y", "w", "h"});
      if (k == "star") need_numbers({"x", "y"});
      if (k == "text") {
        need_numbers({"x", "y"});
        if (!d.contains("text") || !d["text"].is_string()) throw DataError(w + ": \"text\" must be a string");
      }
      if (k == "line" || k == "ridge") point_list(d, "points", 2, 2, w);
      if (k == "woods") point_list(d, "circles", 3, 1, w);
      if (k == "exit") {
        if (!d.contains("node") || !d["node"].is_string()) throw DataError(w + ": \"node\" must be a node id");
        Json dir = Json{{"dir", Json::array({d.value("dir", Json())})}};
        point_list(dir, "dir", 2, 1, w);
      }
    }
}

void check_pieces_style(const Json& pieces, const std::string& where) {
  if (!pieces.is_object()) throw DataError(where + ": \"pieces\" must be an object");
  for (auto it = pieces.begin(); it != pieces.end(); ++it) {
    if (it.key() == "provenance") continue;
    std::string w = where + " piece '" + it.key() + "'";
    colors(*it, w, {"color", "mark"});
    one_of(*it, "shape", w, {"disc", "square", "diamond", "ghost", "counter"});
    one_of(*it, "symbol", w, {"cavalry", "infantry", "supply", "hidden", "star"});
    if (it->contains("label") && !(*it)["label"].is_string()) throw DataError(w + ": \"label\" must be a string");
  }
}

}  // namespace gamut
