// The rules panel: a game's rules text, each rule with where it comes from.
// Every entry carries a provenance of one of three kinds (core/data.h): the
// original text (quoted, in its language beside the English), a lost component
// we reconstructed, or our ruling where the text is silent. Each kind has its
// colour and its word, so the panel does not rely on colour alone.
#include "rules_panel.h"

#include <imgui.h>

#include <algorithm>
#include <map>
#include <vector>

#include "app.h"
#include "core/text.h"
#include "play/session.h"
#include "widgets.h"

namespace gamut::ui {

namespace {

struct Kind {
  const char* id;
  const char* word;  // shown on every entry: the kind is never told by colour alone
  const char* legend;
  ImVec4 color;
};

const Kind kKinds[] = {
    {"text", N("TEXT"), N("the original rules say so; quoted in their language"), ImVec4(0.47f, 0.80f, 0.47f, 1)},
    {"reconstructed", N("RECONSTRUCTED"), N("a lost board, card or table rebuilt, with our reasoning"),
     ImVec4(0.92f, 0.67f, 0.24f, 1)},
    {"ruling", N("RULING"), N("our decision where the text is silent or unclear, with the alternatives"),
     ImVec4(0.62f, 0.68f, 1.0f, 1)},
};

const Kind* kind_of(const Json& p) {
  std::string k = p.is_object() ? p.value("kind", "") : "";
  for (const Kind& x : kKinds)
    if (k == x.id) return &x;
  return nullptr;  // the loader refuses this, so it only shows on hand-edited data
}

// What the last frame showed, for the page API (App::rules_state).
Json g_shown;

// "The Geister rules (French, with notes in Dutch), "Déroulement d'un tour""
std::string citation(const Json& p, const Json& citations) {
  std::string cite = p.value("cite", "");
  std::string title = T(citations.contains(cite) ? citations[cite].value("title", cite) : cite);
  std::string sec = p.value("section", "");
  return sec.empty() ? title : strf(T("%s, \u201c%s\u201d"), title.c_str(), sec.c_str());
}

// A badge: the kind's word on its colour, then the text beside it.
void badge(const Kind& k) {
  ImVec2 pad(4, 1);
  const char* word = T(k.word);
  ImVec2 ts = ImGui::CalcTextSize(word);
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + ts.x + 2 * pad.x, p.y + ts.y + 2 * pad.y),
                                            ImGui::ColorConvertFloat4ToU32(k.color), 3);
  ImGui::SetCursorScreenPos(ImVec2(p.x + pad.x, p.y + pad.y));
  ImGui::TextColored(ImVec4(0.08f, 0.07f, 0.06f, 1), "%s", word);
  ImGui::SetCursorScreenPos(ImVec2(p.x + ts.x + 2 * pad.x + 6, p.y + pad.y));
}

// The original words and their English side by side; a quote already in
// English stands alone, and so does one in the language the player reads.
// Returns the translation drawn beside the quote, "" when it stands alone.
std::string quote(const Json& p, const Json& citations, const char* id) {
  std::string q = p.value("quote", ""), en = T(p.value("english", ""));
  if (q.empty()) return "";
  q = "\u00ab " + q + " \u00bb";
  std::string cite = p.value("cite", "");
  if (citations.contains(cite) && citations[cite].value("language", "") == language()) en.clear();
  if (en.empty()) {
    ImGui::TextWrapped("%s", q.c_str());
    return "";
  }
  if (ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", q.c_str());
    ImGui::TableNextColumn();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", en.c_str());
    ImGui::PopStyleColor();
    ImGui::EndTable();
  }
  return en;
}

// One provenance part, drawn, and as the page API reports it.
Json draw_part(const Json& p, const Json& citations, const std::string& id) {
  Json out = {{"kind", p.is_object() ? p.value("kind", "") : ""}};
  const Kind* k = kind_of(p);
  if (!k) {
    ImGui::TextWrapped("%s", T("(no valid provenance)"));
    return out;
  }
  badge(*k);
  if (p.contains("about")) out["about"] = p["about"];
  std::string about = p.contains("about") ? T(p["about"].get<std::string>()) + ": " : "";
  if (std::string(k->id) == "text") {
    std::string c = citation(p, citations);
    ImGui::TextWrapped("%s%s", about.c_str(), c.c_str());
    std::string beside = quote(p, citations, (id + "q").c_str());
    if (!beside.empty()) out["beside"] = beside;
    out["citation"] = c;
    out["quote"] = p.value("quote", "");
    if (p.contains("english")) out["english"] = p["english"];
    if (p.contains("note")) ImGui::TextDisabled("%s", T(p["note"].get<std::string>()).c_str());
  } else {
    ImGui::TextWrapped("%s%s", about.c_str(), T(p.value("why", "")).c_str());
    out["why"] = p.value("why", "");
    if (p.contains("cite")) {  // what the reasoning starts from
      std::string c = citation(p, citations);
      ImGui::TextDisabled(T("Based on %s:"), c.c_str());
      quote(p, citations, (id + "q").c_str());
      out["citation"] = c;
    }
    if (p.contains("alternatives") && !p["alternatives"].empty()) {
      ImGui::TextDisabled("%s", T("Other readings:"));
      for (const Json& a : p["alternatives"]) ImGui::BulletText("%s", T(a.get<std::string>()).c_str());
      out["alternatives"] = p["alternatives"];
    }
  }
  return out;
}

// A provenance (an object, or a list of parts for an item that is part text, part ours).
Json draw_provenance(const Json& v, const Json& citations, const std::string& id) {
  Json parts = Json::array();
  int i = 0;
  for (const Json& p : v.is_array() ? v : Json::array({v})) {
    ImGui::PushID(i);
    parts.push_back(draw_part(p, citations, id + std::to_string(i++)));
    ImGui::PopID();
  }
  return parts;
}

// The kinds of a provenance's parts, drawn or not.
Json kinds_of(const Json& v) {
  Json k = Json::array();
  for (const Json& p : v.is_array() ? v : Json::array({v})) k.push_back(p.is_object() ? p.value("kind", "") : "");
  return k;
}

void legend() {
  ImGui::TextWrapped("%s", T("Each rule says where it comes from:"));
  for (const Kind& k : kKinds) {
    badge(k);
    ImGui::TextWrapped("%s", T(k.legend));
  }
}

// A component's name, "board: nodes" or "pieces: agent", each part in the
// player's language: the parts are data keys or an item's own title.
std::string component_name(const std::string& name) {
  // The data keys the list shows, marked for the tables (an item's title is rules data).
  static const char* const kKeys[] = {N("info"),         N("board"),
                                      N("pieces"),       N("paths"),
                                      N("seat_names"),   N("grid"),
                                      N("zones"),        N("missions"),
                                      N("circles"),      N("spinner"),
                                      N("war_space"),    N("war_cards"),
                                      N("discs"),        N("edges"),
                                      N("nodes"),        N("board decorations"),
                                      N("tables"),       N("scenarios"),
                                      N("action_cards"), N("event_cards"),
                                      N("counters"),     N("numbers"),
                                      N("faces"),        N("name"),
                                      N("playing_time"), N("optional_tables"),
                                      N("balance"),      N("coordinates"),
                                      N("style")};
  (void)kKeys;
  std::string out;
  for (size_t p = 0;;) {
    size_t q = name.find(": ", p);
    out += T(name.substr(p, q == std::string::npos ? std::string::npos : q - p));
    if (q == std::string::npos) return out;
    out += ": ";
    p = q + 2;
  }
}

// The components (board, pieces, tables, cards...) whose provenance is not a
// rules entry: the top-level items, their "<field>_provenance"s and the items of
// short lists (missions, cards, paths). Long lists such as a map's spaces are
// counted by kind instead of listed.
void draw_components(const Json& d, const Json& citations, Json& shown) {
  struct Row {
    std::string name;
    const Json* prov;
  };
  std::vector<Row> rows;
  std::map<std::string, std::map<std::string, int>> counts;  // list -> kind -> items
  auto label = [](const Json& x, const std::string& fallback) {
    for (const char* k : {"title", "name", "label", "id"})
      if (x.is_object() && x.contains(k) && x[k].is_string()) return x[k].get<std::string>();
    return fallback;
  };
  auto visit = [&](auto& self, const Json& x, const std::string& name, int depth) -> void {
    if (!x.is_object() || depth > 3) return;
    for (auto it = x.begin(); it != x.end(); ++it) {
      const std::string& k = it.key();
      if (k == "provenance") {
        rows.push_back({name, &it.value()});
      } else if (k.size() > 11 && k.compare(k.size() - 11, 11, "_provenance") == 0) {
        rows.push_back({name + ": " + k.substr(0, k.size() - 11), &it.value()});
      } else if (it.value().is_array() && !it.value().empty() && it.value()[0].is_object()) {
        const Json& list = it.value();
        if (list.size() > 30) {
          for (const Json& e : list)
            if (e.contains("provenance"))
              for (const Json& p : e["provenance"].is_array() ? e["provenance"] : Json::array({e["provenance"]}))
                ++counts[name + ": " + k][p.value("kind", "?")];
        } else {
          for (size_t i = 0; i < list.size(); ++i) self(self, list[i], label(list[i], name + " " + k), depth + 1);
        }
      } else if (it.value().is_object()) {
        // An item keyed by an id ("pieces": {"chief": ...}) goes by its name where it has one.
        const Json& v = it.value();
        std::string item = v.contains("name") && v["name"].is_string() ? v["name"].get<std::string>() : k;
        self(self, v, name.empty() ? item : name + ": " + item, depth + 1);
      }
    }
  };
  for (auto it = d.begin(); it != d.end(); ++it) {
    const std::string& k = it.key();
    if (k == "rules" || k == "options" || k == "citations") continue;
    if (k.size() > 11 && k.compare(k.size() - 11, 11, "_provenance") == 0)
      rows.push_back({k.substr(0, k.size() - 11), &it.value()});
    else
      visit(visit, it.value(), k, 0);
  }
  if (rows.empty() && counts.empty()) return;
  section(T("Board, pieces, tables and cards"));
  int i = 0;
  for (const Row& r : rows) {
    ImGui::PushID(i++);
    // Closed by default: the rules come first, the components are for the curious.
    std::string head = component_name(r.name) + " \u2014";
    for (const Json& k : kinds_of(*r.prov))
      for (const Kind& x : kKinds)
        if (k == x.id) head += std::string(" ") + T(x.word);
    if (ImGui::TreeNode(r.name.c_str(), "%s", head.c_str())) {
      draw_provenance(*r.prov, citations, "c");
      ImGui::TreePop();
    }
    shown["components"].push_back({{"name", r.name}, {"kinds", kinds_of(*r.prov)}});
    ImGui::PopID();
  }
  for (auto& [list, by] : counts) {
    std::string line = component_name(list) + ":";
    for (auto& [k, n] : by) {
      const Kind* x = kind_of(Json{{"kind", k}});
      line += " " + std::to_string(n) + " " + (x ? T(x->word) : k.c_str());
    }
    ImGui::BulletText("%s", line.c_str());
  }
}

}  // namespace

void option_tooltip(const Json& o) {
  if (!o.contains("provenance")) return;
  const Json& p = o["provenance"].is_array() ? o["provenance"][0] : o["provenance"];
  const Kind* k = kind_of(p);
  if (!k) return;
  std::string what = p.value("kind", "") == "text" ? p.value("section", "") : p.value("why", "");
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
  ImGui::TextColored(k->color, "%s", T(k->word));
  ImGui::TextWrapped("%s", T(what).c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

Json App::rules_state() const {
  Json j = {{"open", rules_open_}, {"game", rules_id_}};
  if (rules_open_ && g_shown.is_object() && g_shown.value("game", "") == rules_id_) j.update(g_shown);
  return j;
}

void App::draw_rules() {
  std::shared_ptr<const Game> g = dialog_game(rules_id_, rules_open_);
  if (!g) return;
  TextGame in(rules_id_);
  const Json& d = g->data();
  const Json citations = d.contains("citations") ? d["citations"] : Json::object();
  ImGuiIO& io = ImGui::GetIO();
  next_dialog(720, io.DisplaySize.y * 0.8f);
  std::string title = strf(T("Rules: %s"), T(g->info().name).c_str()) + "###rules";
  ImGui::Begin(title.c_str(), &rules_open_);
  keep_inside();
  close_button(rules_open_, "rules");
  Json shown = {{"game", rules_id_},
                {"legend", Json::array()},
                {"entries", Json::array()},
                {"options", Json::array()},
                {"components", Json::array()}};
  for (const Kind& k : kKinds) shown["legend"].push_back({{"kind", k.id}, {"word", k.word}, {"text", k.legend}});
  legend();
  if (d.contains("rules")) {
    int i = 0;
    for (const Json& r : d["rules"]) {
      ImGui::PushID(i++);
      section(T(r["title"].get<std::string>()).c_str());
      ImGui::TextWrapped("%s", T(r["text"].get<std::string>()).c_str());
      Json parts = draw_provenance(r.value("provenance", Json()), citations, "r");
      shown["entries"].push_back({{"title", r["title"]}, {"kinds", kinds_of(parts)}, {"provenance", parts}});
      ImGui::PopID();
    }
  }
  if (d.contains("options") && !d["options"].empty()) {
    section(T("Options"));
    int i = 0;
    for (const Json& o : d["options"]) {
      ImGui::PushID(1000 + i++);
      std::string def = o["default"].is_boolean()  ? (o["default"].get<bool>() ? T("on") : T("off"))
                        : o["default"].is_string() ? T(o["default"].get<std::string>())
                                                   : o["default"].dump();
      ImGui::BulletText(T("%s (default %s)"), T(o.value("label", "")).c_str(), def.c_str());
      ImGui::Indent();
      Json parts = draw_provenance(o.value("provenance", Json()), citations, "o");
      ImGui::Unindent();
      shown["options"].push_back({{"id", o.value("id", "")}, {"kinds", kinds_of(parts)}});
      ImGui::PopID();
    }
  }
  section(T("Taking moves back"));
  static std::map<std::string, std::string> undo_text;  // one random game per id to find out, then kept
  std::string& ut = undo_text[rules_id_ + ":" + language()];
  if (ut.empty()) ut = undo_rules(*g);
  ImGui::TextWrapped("%s", ut.c_str());
  ImGui::TextDisabled("%s", T("Gamut's rule for its own undo button; the original text has no undo."));
  shown["undo"] = ut;
  if (corr::available(rules_id_)) {
    section(T("Playing by link"));
    std::string by_link = corr::rules_text(rules_id_);
    ImGui::TextWrapped("%s", by_link.c_str());
    ImGui::TextDisabled("%s", T("Gamut's own mode; the original text knows only a table between the players."));
    shown["by_link"] = by_link;
  }
  draw_components(d, citations, shown);
  if (!citations.empty()) {
    section(T("The texts cited"));
    for (auto it = citations.begin(); it != citations.end(); ++it)
      ImGui::BulletText("%s", T(it.value().value("title", it.key())).c_str());
  }
  ImGui::End();
  g_shown = shown;
}

}  // namespace gamut::ui
