// The end-of-game summary (issue 7, "Play"): Notoriety by turn and what earned
// or cost the Performance Points, grouped by reason for the summary window.
#include <algorithm>
#include <map>

#include "core/cold.h"
#include "core/text.h"
#include "mosby.h"

namespace gamut::mosby {

GAMUT_COLD Json MosbyState::notoriety_series() const {
  Json by_turn = notoriety_by_turn_;
  // A game that ends inside a turn (Mosby killed, the band disbanded for good)
  // never reaches that turn's end-of-turn record: its final Notoriety stands in.
  if (over_ && int(notoriety_by_turn_.size()) < turn_) by_turn.push_back(notoriety_);
  return by_turn;
}

GAMUT_COLD Json MosbyState::summary() const {
  Json by_turn = notoriety_series();
  Json ledger = Json::array();
  struct Sum {
    int order, count = 0, earned = 0, lost = 0;
  };
  std::map<std::string, Sum> by_why;
  int earned = 0, lost = 0;
  for (const PpEntry& e : ledger_) {
    std::string why = e.why && *e.why ? e.why : N("other");
    for (size_t k = 0; k < g_->cards.size(); ++k)  // an Event card's points: its name as the reader reads it
      if (e.why == g_->cards[k].name.c_str()) why = g_->card_label(int(k));
    Json j;
    j["turn"] = e.turn;
    j["points"] = e.points;
    j["why"] = why;
    j["notoriety"] = e.notoriety;
    ledger.push_back(j);
    auto it = by_why.emplace(why, Sum{int(by_why.size())}).first;
    it->second.count++;
    (e.points > 0 ? it->second.earned : it->second.lost) += e.points;
    (e.points > 0 ? earned : lost) += e.points;
  }
  // Reasons in the order they first happened: the story of the game.
  std::vector<std::pair<std::string, Sum>> sums(by_why.begin(), by_why.end());
  std::sort(sums.begin(), sums.end(), [](const auto& a, const auto& b) { return a.second.order < b.second.order; });
  Json reasons = Json::array();
  for (const auto& [why, s] : sums) {
    Json j;
    j["why"] = why;
    j["count"] = s.count;
    j["earned"] = s.earned;
    j["lost"] = s.lost;
    j["total"] = s.earned + s.lost;
    reasons.push_back(j);
  }
  Json r;
  r["notoriety_by_turn"] = by_turn;
  r["ledger"] = ledger;
  r["reasons"] = reasons;
  r["earned"] = earned;
  r["lost"] = lost;
  r["notoriety"] = notoriety_;
  r["pp"] = pp_;
  r["victory"] = victory_;  // Notoriety needed after turn 8
  r["turn"] = turn_;
  r["over"] = over_;
  r["won"] = won_;
  return r;
}

}  // namespace gamut::mosby
