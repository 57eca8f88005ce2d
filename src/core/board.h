// A board is a graph: named nodes with coordinates and tags, and typed edges.
// Rules ask the graph for adjacency; the renderer asks it for coordinates.
#pragma once
#include <string>
#include <unordered_map>
#include <vector>

#include "core/json.h"

namespace gamut {

using Json = nlohmann::json;

struct Edge {
  int to;
  int type;  // index into Board::edge_types
};

struct Node {
  std::string id;
  float x = 0, y = 0;
  std::vector<std::string> tags;
  std::vector<Edge> edges;
  Json extra;  // anything else the game stores on the node
  bool has(const std::string& tag) const;
  // How a log's notation writes this node, as the board shows it: its id (a
  // square's "m2"), or for a place the board names in words (START), that
  // name in the reader's language.
  std::string notation() const;
};

struct Board {
  std::vector<Node> nodes;
  std::vector<std::string> edge_types;
  Json edge_style;  // edge type -> {color, width, dash}, for the renderer
  float width = 1, height = 1;
  std::unordered_map<std::string, int> index;
  std::vector<Json> decorations;  // labels, zones, drawn only

  int find(const std::string& id) const;  // -1 when absent
  int at(const std::string& id) const;    // throws DataError when absent
  int edge_type(const std::string& name) const;
  std::vector<int> tagged(const std::string& tag) const;
  std::vector<int> neighbours(int n, int type = -1) const;
  // Reads {"nodes":[{id,x,y,tags}], "edges":[{a,b,type,directed?}], "edge_types":{name:style}}.
  static Board from_json(const Json& j, const std::string& where);
  std::string describe() const;  // `gamut board` format
};

}  // namespace gamut
