// The screen reader's page API (Table::reader, Table::rules): the game in
// words for the DOM layer beside the canvas (web/reader.js). It is built from
// the same shown view, log and seat the board draws, so it holds exactly what
// the screen shows: under the hand-over cover nothing of either seat, in a
// hidden-information game only the seat at the screen's own secrets.
#include <algorithm>
#include <cctype>
#include <map>

#include "core/text.h"
#include "table.h"

namespace gamut {

namespace {

// A node as the board labels it: its id (the coordinates on a grid, the place
// name on a map), with the board's own label beside it when it has one.
std::string node_words(const Board& b, const std::string& id) {
  auto it = b.index.find(id);
  if (it == b.index.end()) return id;
  const Node& n = b.nodes[size_t(it->second)];
  std::string label = n.extra.is_object() && n.extra.contains("label") && n.extra["label"].is_string()
                          ? n.extra["label"].get<std::string>()
                          : "";
  return label.empty() || label == id ? id : strf(T("%s (%s)"), id.c_str(), label.c_str());
}

// A face in words: its style's "text" in the rules data, else its key.
std::string face_words(const Json& styles, const std::string& face) {
  if (styles.is_object() && styles.contains(face) && styles[face].is_object()) {
    const Json& st = styles[face];
    if (st.contains("text") && st["text"].is_string()) return T(st["text"].get<std::string>());
  }
  // A style key without words: "captain0" reads "captain", "union-blank" "union blank".
  std::string r = face;
  while (!r.empty() && std::isdigit(static_cast<unsigned char>(r.back()))) r.pop_back();
  for (char& c : r)
    if (c == '-' || c == '_') c = ' ';
  return r.empty() ? face : r;
}

std::string join(const std::vector<std::string>& xs) {
  std::string r;
  for (size_t i = 0; i < xs.size(); ++i) r += (i == 0 ? "" : i + 1 == xs.size() ? T(" and ") : ", ") + xs[i];
  return r;
}

std::string whose(const Game& g, int owner, int seat) {
  if (owner < 0) return T("Neutral pieces");
  const Json& names = g.data().contains("seat_names") ? g.data()["seat_names"] : Json();
  if (owner != seat && !(names.is_array() && owner < int(names.size()))) return T("Other pieces");
  if (owner == seat) return T("Your pieces");
  return strf(T("%s's pieces"), g.seat_label(owner).c_str());
}

}  // namespace

// The position as lines of text, from the typed view alone: pieces on nodes
// grouped by owner and face, the pieces beside the board, dice, spinner,
// status, cards. Nothing here reads the true state.
std::vector<std::string> describe_view(const Game& g, const view::View& v, int seat) {
  std::vector<std::string> out;
  const Json& styles = g.data().contains("pieces") ? g.data()["pieces"] : Json();
  // owner -> face words -> where, in the order the view lists them
  std::map<int, std::vector<std::pair<std::string, std::vector<std::string>>>> on_board;
  for (const view::Piece& p : v.pieces) {
    std::string face = face_words(styles, p.face);
    if (!p.label.empty()) face = strf(T("%s marked %s"), face.c_str(), p.label.c_str());
    auto& faces = on_board[p.seat];
    auto f = std::find_if(faces.begin(), faces.end(), [&](const auto& e) { return e.first == face; });
    if (f == faces.end()) f = faces.insert(faces.end(), {face, {}});
    f->second.push_back(node_words(g.board(), p.node));
  }
  // Yours first, then the others by seat, then neutral pieces.
  std::vector<int> owners;
  if (on_board.count(seat) && seat >= 0) owners.push_back(seat);
  for (auto& [o, _] : on_board)
    if (o >= 0 && o != seat) owners.push_back(o);
  if (on_board.count(-1)) owners.push_back(-1);
  for (int o : owners) {
    std::vector<std::string> parts;
    for (auto& [face, where] : on_board[o]) parts.push_back(strf(T("%s on %s"), face.c_str(), join(where).c_str()));
    std::string line = whose(g, o, seat) + ": ";
    for (size_t i = 0; i < parts.size(); ++i) line += (i ? "; " : "") + parts[i];
    out.push_back(line + ".");
  }
  if (v.pieces.empty()) out.push_back(T("No pieces on the board."));
  std::map<std::pair<std::string, int>, std::map<std::string, int>> side;  // (box, seat) -> face -> count
  for (const view::SidePiece& p : v.side) ++side[{p.where, p.seat}][face_words(styles, p.face)];
  for (auto& [box, faces] : side) {
    std::vector<std::string> parts;
    for (auto& [face, n] : faces) parts.push_back(n == 1 ? face : strf(T("%d times %s"), n, face.c_str()));
    // A box of no seat, or of a seat the rules data does not name (a solitaire's
    // opponent), is named by its box alone: no "Player 2".
    bool named = box.second >= 0 && g.data().contains("seat_names") && g.data()["seat_names"].is_array() &&
                 box.second < int(g.data()["seat_names"].size());
    if (box.second == seat && seat >= 0)
      out.push_back(strf(T("Beside the board, %s (yours): %s."), box.first.c_str(), join(parts).c_str()));
    else if (named)
      out.push_back(strf(T("Beside the board, %s (%s): %s."), box.first.c_str(), g.seat_label(box.second).c_str(),
                         join(parts).c_str()));
    else
      out.push_back(strf(T("Beside the board, %s: %s."), box.first.c_str(), join(parts).c_str()));
  }
  if (!v.last.empty()) {
    std::vector<std::string> ns;
    for (const std::string& n : v.last) ns.push_back(node_words(g.board(), n));
    out.push_back(strf(T("Last move: %s."), join(ns).c_str()));
  }
  if (!v.dice.empty()) {
    std::vector<std::string> ds;
    for (int d : v.dice) ds.push_back(std::to_string(d));
    out.push_back(strf(T("Dice: %s."), join(ds).c_str()));
  }
  if (v.spinner && v.spinner->at >= 0 && v.spinner->at < int(v.spinner->faces.size()))
    out.push_back(strf(T("The spinner shows %s."), v.spinner->faces[size_t(v.spinner->at)].label.c_str()));
  for (const std::string& s : v.status) out.push_back(s);
  if (!v.roll.empty()) out.push_back(strf(T("Roll: %s"), v.roll.c_str()));
  if (!v.step.empty()) out.push_back(strf(T("Next: %s"), v.step.c_str()));
  for (const view::Card& c : v.cards)
    out.push_back(
        strf(T("Card %s%s: %s"), c.title.c_str(), c.tag.empty() ? "" : (" (" + c.tag + ")").c_str(), c.text.c_str()));
  for (const view::Card& c : v.events) out.push_back(strf(T("In force: %s: %s"), c.title.c_str(), c.text.c_str()));
  return out;
}

// The layer's own headings and buttons, through T() like every other word.
static Json labels() {
  return {{"turn", T("Turn")},
          {"position", T("Position")},
          {"moves", T("Legal moves")},
          {"log", T("Move log")},
          {"rules", T("Rules")},
          {"new_game", T("New game")},
          {"play", T("Play %s against the computer")},
          {"no_moves", T("No move to make now.")},
          {"undone", T("Moves taken back")}};
}

Json Table::reader() const {
  Json j;
  j["labels"] = labels();
  if (!session_) {
    j["game"] = nullptr;
    j["banner"] = T("No game is open.");
    return j;
  }
  const State& s = session_->state();
  const Game& g = s.game();
  int seat = shown_seat(), t = watch_ ? kTerminal : s.to_move();
  j["game"] = session_->match().record().game;
  j["name"] = g.info().name;
  j["library_id"] = current_.empty() ? Json(nullptr) : Json(current_);
  j["seat"] = seat;
  j["seat_name"] = seat >= 0 ? Json(g.seat_name(seat)) : Json(nullptr);
  j["covered"] = session_->covered();
  j["moves"] = replay_length();
  j["result"] = s.terminal() && !replaying ? Json(s.describe_result()) : Json(nullptr);
  Json groups = Json::array();
  std::string banner;
  if (session_->covered()) {
    // The hand-over cover: nothing of either seat, only whom to hand over to.
    int next = t >= 0 ? t : session_->screen_seat();
    std::string who = g.seat_label(std::max(0, next));
    j["banner"] = strf(T("Pass the screen to %s"), who.c_str());
    j["show"] = strf(T("I am %s: show my side"), who.c_str());
    j["log"] = Json::array();
    j["position"] = Json::array();
    j["moves_by_piece"] = groups;
    return j;
  }
  if (watch_ || replaying) {
    banner = strf(T("Replay: after move %d of %d."), replaying ? replay_pos : replay_length(), replay_length());
  } else if (s.terminal()) {
    std::vector<double> r = s.returns();
    if (seat >= 0 && seat < int(r.size()))
      banner = r[size_t(seat)] > 0 ? T("You win") : r[size_t(seat)] < 0 ? T("You lose") : T("A draw");
    else
      banner = T("The game is over");
  } else if (const Session::UndoRequest* u = session_->undo_request()) {
    banner = strf(T("%s asks to take back moves."), g.seat_name(u->from).c_str());
  } else if (t >= 0 && session_->seats()[size_t(t)].ai) {
    banner = session_->thinking() ? T("The AI is thinking") : T("The AI is to move");
  } else if (t >= 0 && t == seat) {
    banner = session_->humans() > 1 ? strf(T("Your move, %s"), g.seat_name(t).c_str()) : T("Your move");
  } else if (t >= 0) {
    banner = strf(T("%s to move"), g.seat_name(t).c_str());
  } else {
    banner = T("Chance is drawn");
  }
  j["banner"] = banner;
  j["log"] = shown_log();
  std::vector<std::string> pos;
  try {
    pos = describe_view(g, view::parse(shown_view()), seat);
  } catch (const std::exception&) {
    pos = {T("The position cannot be described.")};  // a view off the contract; the random-game checks catch it
  }
  if (!watch_ && !replaying)
    for (const std::string& line : s.describe(seat)) pos.push_back(line);
  j["position"] = pos;
  // The legal moves, grouped by the node they start from (the piece that moves).
  if (can_act()) {
    std::map<std::string, size_t> at;
    view::View shown;
    try {
      shown = view::parse(s.view(seat));
    } catch (const std::exception&) {
    }
    const Json& styles = g.data().contains("pieces") ? g.data()["pieces"] : Json();
    for (Action a : s.legal()) {
      std::vector<int> n = s.action_nodes(a);
      std::string from = n.empty() || n[0] < 0 ? "" : g.board().nodes[size_t(n[0])].id;
      auto it = at.find(from);
      if (it == at.end()) {
        std::string label = T("Other moves");
        if (!from.empty()) {
          label = node_words(g.board(), from);
          for (const view::Piece& p : shown.pieces)
            if (p.node == from) label = strf(T("%s on %s"), face_words(styles, p.face).c_str(), label.c_str());
        }
        it = at.emplace(from, groups.size()).first;
        groups.push_back({{"from", from}, {"label", label}, {"moves", Json::array()}});
      }
      groups[it->second]["moves"].push_back({{"action", s.action_name(a)}, {"label", s.public_name(a, seat)}});
    }
  }
  j["moves_by_piece"] = groups;
  return j;
}

Json Table::rules() const {
  Json j = {{"game", nullptr}, {"rules", Json::array()}};
  j["kinds"] = {{"text", T("Text")}, {"reconstructed", T("Reconstructed")}, {"ruling", T("Our ruling")}};
  j["labels"] = {{"alternatives", T("Other readings:")}};
  if (!session_) return j;
  const Json& d = session_->state().game().data();
  j["game"] = session_->match().record().game;
  j["name"] = session_->state().game().info().name;
  const Json& cites = d.contains("citations") ? d["citations"] : Json::object();
  for (const Json& r : d.contains("rules") ? d["rules"] : Json::array()) {
    Json out = {{"title", T(r.value("title", ""))}, {"text", T(r.value("text", ""))}, {"sources", Json::array()}};
    const Json& prov = r.contains("provenance") ? r["provenance"] : Json();
    for (const Json& p : prov.is_array() ? prov : Json::array({prov})) {
      if (!p.is_object()) continue;
      Json src = {{"kind", p.value("kind", "")}};
      std::string cite = p.value("cite", "");
      if (!cite.empty()) {
        const Json& c = cites.contains(cite) ? cites[cite] : Json::object();
        std::string title = c.is_object() ? c.value("title", cite) : cite, sec = p.value("section", "");
        src["citation"] = sec.empty() ? title : title + ", \u201c" + sec + "\u201d";
        if (c.is_object() && c.contains("language")) src["language"] = c["language"];
      }
      for (const char* k : {"quote", "english", "why", "about", "note"})
        if (p.contains(k) && p[k].is_string()) src[k] = p[k];
      if (p.contains("alternatives") && p["alternatives"].is_array()) src["alternatives"] = p["alternatives"];
      out["sources"].push_back(src);
    }
    j["rules"].push_back(out);
  }
  return j;
}

}  // namespace gamut
