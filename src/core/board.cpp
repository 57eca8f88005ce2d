#include "board.h"
#include "core/cold.h"

#include <algorithm>
#include <sstream>

#include "data.h"
#include "text.h"

namespace gamut {

bool Node::has(const std::string& tag) const { return std::find(tags.begin(), tags.end(), tag) != tags.end(); }

std::string Node::notation() const {
  const Json* label = extra.is_object() && extra.contains("label") ? &extra["label"] : nullptr;
  if (!label || !label->is_string()) return id;
  std::string l = label->get<std::string>();
  return l.size() > 3 ? T(l) : id;  // a short label (a space's "A") is a mark the notation keeps as the id
}

int Board::find(const std::string& id) const {
  auto it = index.find(id);
  return it == index.end() ? -1 : it->second;
}

int Board::at(const std::string& id) const {
  int n = find(id);
  if (n < 0) throw DataError("board: no node named '" + id + "'");
  return n;
}

int Board::edge_type(const std::string& name) const {
  for (size_t i = 0; i < edge_types.size(); ++i)
    if (edge_types[i] == name) return int(i);
  return -1;
}

std::vector<int> Board::tagged(const std::string& tag) const {
  std::vector<int> r;
  for (size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].has(tag)) r.push_back(int(i));
  return r;
}

std::vector<int> Board::neighbours(int n, int type) const {
  std::vector<int> r;
  for (const Edge& e : nodes[n].edges)
    if (type < 0 || e.type == type) r.push_back(e.to);
  return r;
}

GAMUT_COLD Board Board::from_json(const Json& j, const std::string& where) {
  Board b;
  const Json& types = req(j, "edge_types", where);
  if (!types.is_object() || types.empty()) throw DataError(where + ": \"edge_types\" must be a non-empty object");
  for (auto it = types.begin(); it != types.end(); ++it) b.edge_types.push_back(it.key());
  b.edge_style = types;
  const Json& nodes = req(j, "nodes", where);
  if (!nodes.is_array() || nodes.empty()) throw DataError(where + ": \"nodes\" must be a non-empty array");
  for (size_t i = 0; i < nodes.size(); ++i) {
    const Json& n = nodes[i];
    std::string w = where + ": node " + std::to_string(i);
    Node node;
    node.id = req_str(n, "id", w);
    w = where + ": node '" + node.id + "'";
    if (!req(n, "x", w).is_number() || !req(n, "y", w).is_number()) throw DataError(w + ": x and y must be numbers");
    node.x = n["x"].get<float>();
    node.y = n["y"].get<float>();
    if (n.contains("tags")) {
      if (!n["tags"].is_array()) throw DataError(w + ": \"tags\" must be an array");
      for (const Json& t : n["tags"]) {
        if (!t.is_string()) throw DataError(w + ": tags must be strings");
        node.tags.push_back(t.get<std::string>());
      }
    }
    node.extra = n;
    if (b.index.count(node.id)) throw DataError(w + ": duplicate node id");
    b.index[node.id] = int(b.nodes.size());
    b.nodes.push_back(std::move(node));
  }
  const Json& edges = req(j, "edges", where);
  if (!edges.is_array()) throw DataError(where + ": \"edges\" must be an array");
  for (size_t i = 0; i < edges.size(); ++i) {
    const Json& e = edges[i];
    std::string w = where + ": edge " + std::to_string(i);
    std::string a = req_str(e, "a", w), c = req_str(e, "b", w), t = req_str(e, "type", w);
    int na = b.find(a), nb = b.find(c), ty = b.edge_type(t);
    if (na < 0) throw DataError(w + ": unknown node '" + a + "'");
    if (nb < 0) throw DataError(w + ": unknown node '" + c + "'");
    if (ty < 0) throw DataError(w + ": unknown edge type '" + t + "'");
    if (na == nb) throw DataError(w + ": joins '" + a + "' to itself");
    for (const Edge& x : b.nodes[na].edges)
      if (x.to == nb && x.type == ty) throw DataError(w + ": duplicate edge " + a + "-" + c);
    b.nodes[na].edges.push_back({nb, ty});
    if (e.contains("directed") && !e["directed"].is_boolean())
      throw DataError(w + ": \"directed\" must be true or false");
    if (!e.value("directed", false)) b.nodes[nb].edges.push_back({na, ty});
  }
  float mx = 0, my = 0;
  for (const Node& n : b.nodes) mx = std::max(mx, n.x), my = std::max(my, n.y);
  for (const char* k : {"width", "height"})
    if (j.contains(k) && !j[k].is_number()) throw DataError(where + ": \"" + k + "\" must be a number");
  b.width = j.value("width", mx);
  b.height = j.value("height", my);
  if (j.contains("decorations")) {
    if (!j["decorations"].is_array()) throw DataError(where + ": \"decorations\" must be an array");
    for (const Json& d : j["decorations"]) b.decorations.push_back(d);
  }
  return b;
}

std::string Board::describe() const {
  std::ostringstream o;
  for (const Node& n : nodes) {
    o << n.id << ":";
    for (size_t i = 0; i < n.edges.size(); ++i)
      o << (i ? "; " : " ") << edge_types[n.edges[i].type] << " " << nodes[n.edges[i].to].id;
    o << "\n";
  }
  return o.str();
}

}  // namespace gamut
