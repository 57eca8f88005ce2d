#include "session.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "core/text.h"

namespace gamut {

std::vector<Seat> parse_seats(const Json& j, int n) {
  std::vector<Seat> r(n);
  if (j.is_null()) {
    for (int i = 1; i < n; ++i) r[i].ai = true;  // default: one person against the AI
    return r;
  }
  if (!j.is_array() || int(j.size()) != n) throw DataError("seats: expected a list of " + std::to_string(n));
  for (int i = 0; i < n; ++i) {
    std::string s = j[i].is_string() ? j[i].get<std::string>() : "";
    if (s == "human") continue;
    if (s == "ai") {
      r[i].ai = true;
      continue;
    }
    if (s.rfind("ai:", 0) == 0 && s.size() == 4 && s[3] >= '1' && s[3] <= '5') {
      r[i].ai = true;
      r[i].level = s[3] - '0';
      continue;
    }
    throw DataError("seats: '" + s + "' is not human, ai or ai:1-5");
  }
  return r;
}

Session::Session(Record r, std::vector<Seat> seats) : rng_(r.seed ^ 0xa1a1) {
  match_ = std::make_unique<Match>(std::move(r));
  if (int(seats.size()) != match_->seats()) seats.resize(match_->seats());
  seats_ = std::move(seats);
  screen_ = -1;
  for (int i = 0; i < int(seats_.size()); ++i)
    if (!seats_[i].ai) {
      screen_ = i;
      break;
    }
  after_change();
  covered_ = false;  // the first person to sit down needs no hand-over
}

int Session::humans() const {
  return int(std::count_if(seats_.begin(), seats_.end(), [](const Seat& s) { return !s.ai; }));
}

void Session::uncover() {
  if (request_.from >= 0) return;  // the undo request is answered first
  covered_ = false;
  int t = state().to_move();
  if (t >= 0 && !seats_[t].ai) screen_ = t;
}

void Session::after_change() {
  search_.reset();
  clear_hint();
  const State& s = state();
  int t = s.to_move();
  if (t < 0 || seats_[t].ai || t == screen_) return;
  // A different person is to move: hand over, behind a cover if there are secrets.
  if (match_->game().info().hidden_info && humans() > 1)
    covered_ = true;
  else
    screen_ = t;
}

std::string Session::act(Action a) {
  const State& s = state();
  int t = s.to_move();
  if (t < 0 || seats_[t].ai) return N("it is not a person's turn");
  if (covered_) return N("hand over first");
  if (request_.from >= 0) return N("an undo is waiting for an answer");
  std::vector<Action> l = s.legal();
  if (!std::binary_search(l.begin(), l.end(), a)) return N("that move is not legal");
  match_->play(a);
  match_->resolve_chance();
  after_change();
  return "";
}

std::string Session::undo_barrier(long from) const {
  if (practice()) return "";
  bool alone = humans() == 1;  // against the AI, or solitaire: nobody else to ask
  if (!alone) return "";
  const std::vector<Action>& acts = match_->record().actions;
  std::unique_ptr<State> s = match_->state_at(size_t(from));
  for (size_t i = size_t(from); i < acts.size(); ++i) {
    if (s->to_move() == kChance)
      return N(
          "a die, spinner or draw has been seen since that move, so it cannot be taken back (start a practice "
          "game for free undo)");
    if (reveals(*s, acts[i], screen_))
      return N(
          "something hidden has been shown since that move, so it cannot be taken back (start a practice game "
          "for free undo)");
    s->apply(acts[i]);
  }
  return "";
}

std::string Session::undo() {
  if (request_.from >= 0) return N("an undo is already waiting for an answer");
  int seat = screen_;
  long last = seat < 0 ? -1 : match_->undo_point(seat);
  if (last < 0) return N("nothing to undo");
  if (std::string why = undo_barrier(last); !why.empty()) return why;
  if (humans() > 1) {
    // Another person's move, or turn, is taken back too: they must agree.
    int to = -1, t = state().to_move();
    if (t >= 0 && t != seat && !seats_[t].ai) to = t;
    std::unique_ptr<State> s = match_->state_at(size_t(last));
    for (size_t i = size_t(last); to < 0 && i < match_->record().actions.size(); ++i) {
      int m = s->to_move();
      if (m >= 0 && m != seat && !seats_[m].ai) to = m;
      s->apply(match_->record().actions[i]);
    }
    if (to >= 0) {
      request_ = {seat, to, covered_};
      // The person who answers must not see the asker's secrets meanwhile.
      if (match_->game().info().hidden_info) covered_ = true;
      search_.reset();
      clear_hint();
      return "";
    }
  }
  match_->undo(seat);
  // Uncovered, the screen stays on the seat whose move was taken back, so no
  // cover goes up and nothing new is shown. Under the cover, whoever is at the
  // screen now may not be that seat's player: the cover stays up until the
  // player to move claims the board.
  search_.reset();
  clear_hint();
  return "";
}

void Session::answer_undo(bool allow) {
  if (request_.from < 0) return;
  UndoRequest r = request_;
  request_ = UndoRequest();
  if (!allow) {
    // The one who answered is at the screen: with secrets, it is covered again for the asker.
    covered_ = r.was_covered || match_->game().info().hidden_info;
    return;
  }
  match_->undo(r.from);
  search_.reset();
  clear_hint();
  // The person at the screen answered; whoever is to move now claims it.
  int t = state().to_move();
  if (match_->game().info().hidden_info) {
    covered_ = true;
    screen_ = r.to;
  } else if (t >= 0 && !seats_[t].ai) {
    screen_ = t;
  }
}

bool Session::redo() {
  if (request_.from >= 0 || !match_->redo(screen_)) return false;
  match_->resolve_chance();
  after_change();
  return true;
}

int Session::ai_progress() const {
  if (!search_ || search_target_ <= 0) return 0;
  return std::min(100, search_->done() * 100 / search_target_);
}

void Session::clear_hint() {
  hint_search_.reset();
  hint_ = Hint();
}

void Session::start_hint(int iterations) {
  clear_hint();
  int t = state().to_move();
  if (t < 0 || seats_[t].ai) return;
  SearchParams p;
  p.iterations = iterations;
  // A horizon for games that set none of their own; Mosby, the game the hint
  // is drawn for, scores each leaf at once (MosbyState::playout_plies).
  p.playout_cap = 40;
  hint_search_ = std::make_unique<Search>(state(), t, p, rng_.next());
  hint_target_ = iterations;
}

int Session::hint_progress() const {
  if (!hint_search_ || hint_target_ <= 0) return 0;
  return std::min(100, hint_search_->done() * 100 / hint_target_);
}

static std::string fmt_value(double v) {
  char b[16];
  std::snprintf(b, sizeof b, "%.2f", v);
  return b;
}

static std::string fmt_count(int n) {
  std::string s = std::to_string(n);
  for (int i = int(s.size()) - 3; i > 0; i -= 3) s.insert(size_t(i), ",");
  return s;
}

void Session::finish_hint() {
  const State& s = state();
  std::vector<Action> legal = s.legal();
  Hint h;
  h.iterations = hint_search_->done();
  h.best = hint_search_->best();
  for (const Search::RootStat& r : hint_search_->root_stats()) {
    if (!std::binary_search(legal.begin(), legal.end(), r.a)) continue;
    if (r.a == h.best)
      h.value = r.mean, h.visits = r.visits;
    else if (h.second < 0)
      h.second = r.a, h.second_value = r.mean, h.second_visits = r.visits;
  }
  h.best_name = s.action_name(h.best);
  h.text = strf(T("%s: in %s simulated continuations it scored %s (tried %s times)"), T(h.best_name).c_str(),
                fmt_count(h.iterations).c_str(), fmt_value(h.value).c_str(), fmt_count(h.visits).c_str());
  if (h.second >= 0) {
    h.second_name = s.action_name(h.second);
    h.text += strf(T(", next best %s (%s)"), fmt_value(h.second_value).c_str(), T(h.second_name).c_str());
  } else {
    h.text += T("; it is the only choice");
  }
  h.text += T(". Higher is better: +1 is a game won, -1 a game lost, and the values between weigh the position.");
  hint_search_.reset();
  hint_ = h;
}

void Session::set_ai(int seat, bool ai, int level) {
  if (seat < 0 || seat >= int(seats_.size())) return;
  seats_[seat].ai = ai;
  seats_[seat].level = std::clamp(level, 1, 5);
  search_.reset();
  clear_hint();
  ai_ready_at_ = 0;
  if (!ai && screen_ < 0) screen_ = seat;
}

double Session::steady_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

// One slice of thinking. The search stops exactly at its target, whatever the
// slices were, so a move depends on the seed and never on the machine's speed.
void Session::think(Search& s, int target, double budget_ms) {
  if (s.done() >= target) return;
  if (frame_target_ms > 0)
    budget_ms = std::clamp(frame_target_ms - drawing_ms, std::min(kMinSlice, budget_ms), budget_ms);
  double t0 = clock(), until = t0 + budget_ms, chunk = 0, t = t0;
  do {
    double c0 = t;
    s.run(std::min(kChunk, target - s.done()));
    t = clock();
    chunk = t - c0;
  } while (s.done() < target && t < until);
  slices_.count++;
  slices_.budget_ms = std::max(slices_.budget_ms, budget_ms);
  slices_.longest_ms = std::max(slices_.longest_ms, t - t0);
  slices_.last_ms = t - t0;
  double over = (t - t0) - budget_ms - chunk;
  slices_.worst_overrun_ms = slices_.count == 1 ? over : std::max(slices_.worst_overrun_ms, over);
}

bool Session::step(double budget_ms, double now_ms) {
  if (hint_search_) {
    think(*hint_search_, hint_target_, budget_ms);
    if (hint_search_->done() >= hint_target_) finish_hint();
    return true;
  }
  if (state().to_move() == kChance) {
    match_->resolve_chance();
    after_change();
    return true;
  }
  int t = state().to_move();
  if (t < 0 || !seats_[t].ai) return false;
  if (!search_) {
    if (ai_ready_at_ == 0) ai_ready_at_ = now_ms + ai_delay_ms;
    std::vector<Action> l = state().legal();
    if (state().ai_randomizes() || l.size() == 1) {
      if (now_ms < ai_ready_at_) return false;
      ai_ready_at_ = 0;
      match_->play(l[rng_.below(int(l.size()))]);
      match_->resolve_chance();
      after_change();
      return true;
    }
    SearchParams p = level_params(seats_[t].level, state());
    search_ = std::make_unique<Search>(state(), t, p, rng_.next());
    search_seat_ = t;
    search_target_ = p.iterations;
  }
  // Think in small chunks until this frame's budget is spent, so the page
  // keeps drawing while the strongest level works.
  think(*search_, search_target_, budget_ms);
  if (search_->done() >= search_target_ && now_ms >= ai_ready_at_) {
    Action a = search_->best();
    search_.reset();
    ai_ready_at_ = 0;
    match_->play(a);
    match_->resolve_chance();
    after_change();
  }
  return true;
}

Json Session::save_json() const {
  Json j = match_->to_json();
  Json seats = Json::array();
  for (const Seat& s : seats_) seats.push_back(s.name());
  j["players"] = seats;
  j["screen"] = screen_;
  j["covered"] = covered_;  // a reload during a hand-over comes back covered
  if (request_.from >= 0) j["undo_request"] = {request_.from, request_.to, request_.was_covered};
  return j;
}

std::unique_ptr<Session> Session::from_json(const Json& j) {
  Record r = Match::record_from_json(j);
  std::vector<Seat> seats = parse_seats(j.value("players", Json()), int(r.seats));
  auto s = std::make_unique<Session>(std::move(r), std::move(seats));
  int scr = j.value("screen", s->screen_);
  if (scr >= -1 && scr < int(s->seats_.size())) s->screen_ = scr;
  s->covered_ = j.value("covered", false) && s->match_->game().info().hidden_info;
  const Json& rq = j.value("undo_request", Json());
  if (rq.is_array() && rq.size() == 3 && rq[0].is_number_integer() && rq[1].is_number_integer()) {
    int from = rq[0], to = rq[1], n = int(s->seats_.size());
    if (from >= 0 && from < n && to >= 0 && to < n) s->request_ = {from, to, rq[2].is_boolean() && rq[2].get<bool>()};
  }
  return s;
}

std::string undo_rules(const Game& g) {
  // Whether the game has chance at all: a few random games tell.
  bool chance = false;
  Rng rng(7);
  for (int k = 0; k < 4 && !chance; ++k) {
    std::unique_ptr<State> s = g.new_state(g.resolve_options(Json::object()), g.info().min_seats);
    for (int ply = 0; ply < 400 && !s->terminal() && !chance; ++ply) {
      chance = s->to_move() == kChance;
      std::vector<Action> l = s->legal();
      s->apply(l[rng.below(int(l.size()))]);
    }
  }
  const bool hidden = g.info().hidden_info, solo = g.info().max_seats == 1;
  // Whole sentences, each translated as one (core/text.h).
  const char* seen = chance && hidden ? T("a die, spin or card you have seen, or a hidden piece or card shown to you")
                     : chance         ? T("a die, spin or card you have seen")
                     : hidden         ? T("a hidden piece or card shown to you")
                                      : "";
  std::string r = solo ? T("Undo takes back your last move.")
                       : T("Undo takes back your last move, with the computer's replies to it.");
  r += " ";
  if (*seen)
    r += strf(solo ? T("It goes back no further than %s (the convention of Board Game Arena), so that undo cannot be "
                       "used to learn what is hidden or to try the dice again.")
                   : T("Against the computer it goes back no further than %s (the convention of Board Game Arena), so "
                       "that undo cannot be used to learn what is hidden or to try the dice again."),
              seen);
  else
    r += T("Nothing in this game is hidden or left to chance, so any move can be taken back.");
  if (!solo)
    r += std::string(" ") +
         T("With two or more people at this screen, Undo asks the others first, and goes ahead only if they allow it.");
  if (chance)
    r += std::string(" ") + T("Redo, or the same move made again, meets the same outcome; a different move meets a "
                              "fresh one.");
  r += std::string(" ") + T("A practice game (an option when you start) allows free undo, and says so in its log, its "
                            "result and its share code.");
  return r;
}

std::vector<std::string> Session::log() const { return public_log(*match_, viewer()); }

}  // namespace gamut
