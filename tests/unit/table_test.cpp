// The table (play/table.h), natively: what the page API does with a game -
// starting, opening codes, hand-over, undo, replay, hints' guide, autosave and
// the saved games - on a MemoryStorage that can be made full or disabled.
// The game is the first registered one that has the shape a test needs, so the
// tests name no game.
#include "play/table.h"

#include <doctest/doctest.h>

#include <set>

using namespace gamut;

namespace {

double fixed_date() { return 1.7e12; }

// The first game with at least two seats and a first move made by a person.
// The first two-seat game with hidden information, for the hand-over cover.
std::string hidden_game() {
  for (const std::string& id : game_ids())
    if (load_game(id)->info().hidden_info && load_game(id)->info().min_seats == 2) return id;
  return "";
}

std::string two_seat_game() {
  for (const std::string& id : game_ids())
    if (load_game(id)->info().max_seats >= 2) return id;
  return game_ids().front();
}

struct Fixture {
  MemoryStorage storage;
  Table table{storage, fixed_date};
  int changes = 0, fresh = 0, ended = 0;
  std::vector<std::string> storage_errors;
  Fixture() {
    table.on_change = [this](bool f, bool e) { ++changes, fresh += f, ended += e; };
    table.on_storage_error = [this](const std::string& e) { storage_errors.push_back(e); };
  }
  // Plays the first legal action of whoever is to move (a person here) and lets chance resolve.
  void play_one() {
    const State& s = table.session()->state();
    REQUIRE(s.to_move() >= 0);
    REQUIRE(table.act(s.action_name(s.legal().front())) == "");
    table.step(1000, 0);
  }
};

}  // namespace

TEST_CASE("table: a new game starts with the options given, and a bad request leaves the current game alone") {
  Fixture f;
  std::string id = two_seat_game();
  REQUIRE(f.table.new_game(id, R"({"seed": 7, "seats": ["human", "human"]})") == "");
  REQUIRE(f.table.session());
  CHECK(f.table.session()->match().record().seed == 7);
  CHECK(f.fresh == 1);
  std::string code = f.table.share_code();
  CHECK(f.table.new_game("no-such-game", "{}") != "");
  CHECK(f.table.new_game(id, "[1, 2]") == "options must be an object");
  CHECK(f.table.new_game(id, R"({"ai_delay": -1})").find("ai_delay") != std::string::npos);
  CHECK(f.table.new_game(id, "{not json") != "");
  CHECK(f.table.share_code() == code);  // the game on the table is the one started first
  CHECK(f.fresh == 1);
}

TEST_CASE("table: a share code or link opens as a new game; a corrupt one changes nothing") {
  Fixture f;
  std::string id = two_seat_game();
  REQUIRE(f.table.new_game(id, R"({"seed": 3, "seats": ["human", "human"]})") == "");
  f.play_one();
  std::string code = f.table.share_code();
  REQUIRE(f.table.new_game(id, R"({"seed": 4, "seats": ["human", "human"]})") == "");
  CHECK(f.table.load("https://example.org/gamut/#play=" + code) == "");
  CHECK(f.table.share_code() == code);
  CHECK(f.table.load(code.substr(0, code.size() / 2) + "!!") != "");
  CHECK(f.table.load("") != "");
  CHECK(f.table.share_code() == code);
}

TEST_CASE("table: hotseat hand-over - after a move the board is covered for the next person, and a move uncovers") {
  Fixture f;
  std::string id = two_seat_game();
  REQUIRE(f.table.new_game(id, R"({"seed": 5, "seats": ["human", "human"]})") == "");
  Session& s = *f.table.session();
  CHECK(!s.covered());  // the first person needs no hand-over
  int first = s.screen_seat();
  f.play_one();
  if (s.state().to_move() >= 0 && s.state().to_move() != first) {
    CHECK(s.covered());
    CHECK(f.table.state()["covered"] == true);
    std::string err;
    REQUIRE(f.table.command("uncover", err));
    CHECK(err == "");
    CHECK(!s.covered());
    CHECK(s.screen_seat() == s.state().to_move());
  }
}

TEST_CASE("table: undo and redo go through the session and are saved; replay blocks moves until live again") {
  Fixture f;
  std::string id = two_seat_game();
  REQUIRE(f.table.new_game(id, R"({"seed": 9, "seats": ["human", "human"]})") == "");
  CHECK(f.table.undo() == "nothing to undo");
  f.play_one();
  size_t n = f.table.session()->match().record().actions.size();
  REQUIRE(n > 0);
  // Two people at the screen: the undo is a request the other one answers.
  CHECK(f.table.undo() == "");
  Json rq = f.table.state()["undo_request"];
  REQUIRE(rq.is_object());
  CHECK(f.table.session()->match().record().actions.size() == n);
  CHECK(f.table.act("anything") != "");  // nothing is played while the request waits
  std::string answer;
  REQUIRE(f.table.command("undo:allow", answer));
  CHECK(answer == "");
  CHECK(f.table.session()->match().record().actions.size() < n);
  CHECK(f.table.state()["undo_request"].is_null());
  if (f.table.session()->covered()) REQUIRE(f.table.command("uncover", answer));
  CHECK(f.table.redo() == "");
  CHECK(f.table.session()->match().record().actions.size() == n);
  CHECK(f.table.redo() == "nothing to redo");
  // The autosave follows every change.
  Fixture g;
  g.storage.items = f.storage.items;
  REQUIRE(g.table.resume() == "");
  CHECK(g.table.share_code() == f.table.share_code());

  std::string err;
  if (f.table.session()->covered()) {
    REQUIRE(f.table.command("replay:0", err));
    CHECK(err != "");  // nothing but the incoming player's claim lifts the cover
    CHECK(!f.table.replaying);
    REQUIRE(f.table.command("uncover", err));
  }
  REQUIRE(f.table.command("replay:0", err));
  CHECK(f.table.replaying);
  CHECK(f.table.state()["replay"] == 0);
  CHECK(!f.table.can_act());
  const State& s = f.table.session()->state();
  if (s.to_move() >= 0) CHECK(f.table.act(s.action_name(s.legal().front())) != "");
  REQUIRE(f.table.command("live", err));
  CHECK(!f.table.replaying);
  std::string unknown;
  CHECK(!f.table.command("no-such-command", unknown));
}

TEST_CASE("table: named copies never overwrite each other; unreadable entries are listed with the reason") {
  Fixture f;
  std::string id = two_seat_game();
  REQUIRE(f.table.new_game(id, R"({"seed": 11, "seats": ["human", "human"]})") == "");
  CHECK(f.table.save_as("first") == "");
  f.play_one();
  CHECK(f.table.save_as("second") == "");  // the same millisecond as the first (a fixed clock)
  f.storage.items["gamut.v2.game.broken"] = "{broken";
  std::vector<Table::Entry> lib = f.table.library();
  REQUIRE(lib.size() == 4);  // the game itself, its two copies, the broken one
  int broken = 0;
  for (const Table::Entry& e : lib) broken += !e.error.empty();
  CHECK(broken == 1);
  std::string first;
  for (const Table::Entry& e : lib)
    if (e.name == "first") first = e.id;
  REQUIRE(!first.empty());
  CHECK(f.table.open_game(first) == "");
  CHECK(f.table.session()->match().record().actions.empty());
  CHECK(f.table.current_id() == first);
  CHECK(f.table.open_game("broken") != "");  // the opened game stays
  CHECK(f.table.current_id() == first);
  CHECK(f.table.delete_game("broken") == "");
  CHECK(f.table.library().size() == 3);
}

TEST_CASE("table: full or disabled storage - play goes on, the person is told once, and nothing is lost") {
  Fixture f;
  std::string id = two_seat_game();
  f.storage.quota = 10;  // far too small for any game
  REQUIRE(f.table.new_game(id, R"({"seed": 13, "seats": ["human", "human"]})") == "");
  CHECK(f.storage_errors.size() == 1);
  CHECK(f.table.storage_note().find("not being saved") != std::string::npos);
  f.play_one();
  CHECK(f.storage_errors.size() == 1);  // told once, not on every move
  CHECK(f.table.save_as("x") != "");
  f.storage.quota = size_t(-1);
  f.play_one();
  CHECK(f.table.storage_note().empty());  // saving works again

  Fixture d;
  d.storage.disabled = true;
  CHECK(d.table.resume() == "");
  CHECK(d.table.storage_note().find("unavailable") != std::string::npos);
  REQUIRE(d.table.new_game(id, R"({"seats": ["human", "human"]})") == "");
  d.play_one();
}

TEST_CASE("table: the tutorial command starts a scripted game and its guide is the script's next move") {
  Fixture f;
  std::string id = f.table.tutorial_game();
  const Json& d = load_game(id)->data();
  if (!d.contains("scenarios") || d["scenarios"].empty()) return;  // no game has a tutorial
  std::string err;
  REQUIRE(f.table.command("tutorial:" + id, err));
  REQUIRE(err == "");
  Json st = f.table.state();
  REQUIRE(st.contains("tutorial"));
  int kind = 0;
  Action guide = f.table.guide_action(&kind);
  if (!st["tutorial"]["expected"].is_null() && f.table.can_act()) {
    CHECK(kind == 2);
    CHECK(f.table.session()->state().action_name(guide) == st["tutorial"]["expected"]);
  }
  CHECK(f.table.command("tutorial:no-such-game", err));
  CHECK(err != "");
}

TEST_CASE("table: a finished game is reported ended once") {
  Fixture f;
  std::string id = two_seat_game();
  REQUIRE(f.table.new_game(id, R"({"seed": 17, "seats": ["ai:1", "ai:1"], "ai_delay": 0})") == "");
  for (int i = 0; i < 100000 && !f.table.session()->state().terminal(); ++i) f.table.step(1000, 1e9 + i);
  REQUIRE(f.table.session()->state().terminal());
  CHECK(f.ended == 1);
  f.table.step(1000, 2e9);
  CHECK(f.ended == 1);
}

TEST_CASE("table: under the hand-over cover nothing shows a seat's secrets - not undo, redo, replay or a reload") {
  std::string id = hidden_game();
  if (id.empty()) return;
  Fixture f;
  REQUIRE(f.table.new_game(id, R"({"seed": 21, "seats": ["human", "human"]})") == "");
  Session& s = *f.table.session();
  for (int i = 0; i < 40 && !s.covered(); ++i) f.play_one();
  REQUIRE(s.covered());
  // While covered the page API reports the spectator's view, which holds no secret of either seat.
  Json spectator = s.state().view(-1);
  CHECK(f.table.state()["view"] == spectator);
  CHECK(f.table.state()["seat"] == -1);
  // Undo under the cover is a request for the person to move; the board stays covered meanwhile.
  size_t n = s.match().record().actions.size();
  CHECK(f.table.undo() == "");
  CHECK(s.covered());
  CHECK(f.table.state()["view"] == s.state().view(-1));
  std::string answer;
  REQUIRE(f.table.command("uncover", answer));
  CHECK(answer != "");  // the request is answered before anything else
  CHECK(s.covered());
  REQUIRE(f.table.command("undo:refuse", answer));
  CHECK(s.match().record().actions.size() == n);
  CHECK(s.covered());
  CHECK(f.table.undo() == "");
  REQUIRE(f.table.command("undo:allow", answer));
  CHECK(s.match().record().actions.size() < n);
  CHECK(s.covered());  // covered again, for whoever is to move now
  CHECK(f.table.state()["view"] == s.state().view(-1));
  CHECK(f.table.redo() == "");
  CHECK(s.covered());
  std::string err;
  REQUIRE(f.table.command("replay:0", err));
  CHECK(err != "");
  CHECK(s.covered());
  // A reload (the autosave read back) comes back covered.
  Fixture g;
  g.storage.items = f.storage.items;
  REQUIRE(g.table.resume() == "");
  CHECK(g.table.session()->covered());
  CHECK(g.table.state()["view"] == g.table.session()->state().view(-1));
  // The incoming player's claim lifts it, for the seat to move.
  REQUIRE(g.table.command("uncover", err));
  CHECK(!g.table.session()->covered());
  CHECK(g.table.state()["seat"] == g.table.session()->state().to_move());
}

TEST_CASE("table: the library keeps every game - a new game, a link, a reload or another namespace overwrite none") {
  Fixture f;
  std::string id = two_seat_game();
  REQUIRE(f.table.new_game(id, R"({"seed": 31, "seats": ["human", "human"]})") == "");
  f.play_one();
  std::string first = f.table.current_id();
  auto code_of = [&](const std::string& e) {
    for (const Table::Entry& x : f.table.library())
      if (x.id == e) return x.code;
    return std::string();
  };
  std::string first_code = code_of(first);
  REQUIRE(!first_code.empty());
  CHECK(first_code == f.table.share_code());
  // A new game of the same kind is a new entry.
  REQUIRE(f.table.new_game(id, R"({"seed": 32, "seats": ["human", "ai:2"]})") == "");
  CHECK(f.table.current_id() != first);
  CHECK(code_of(first) == first_code);
  // A link to the first game opens its entry; to a new game, adds one, with the link's seat kinds.
  std::string second = f.table.current_id(), second_code = f.table.share_code();
  REQUIRE(f.table.load(first_code) == "");
  CHECK(f.table.current_id() == first);
  CHECK(f.table.library().size() == 2);
  f.play_one();
  std::string played = f.table.share_code();
  REQUIRE(f.table.load("https://example.org/#play=" + first_code) == "");  // the old link again
  CHECK(f.table.current_id() == first);
  CHECK(f.table.share_code() == played);  // the moves played after the link are kept
  Fixture other;
  REQUIRE(other.table.load(second_code) == "");
  CHECK(other.table.session()->seats()[1].ai);
  CHECK(other.table.session()->seats()[1].level == 2);
  // A reload resumes the game last played.
  Fixture g;
  g.storage.items = f.storage.items;
  REQUIRE(g.table.resume() == "");
  CHECK(g.table.current_id() == first);
  CHECK(g.table.share_code() == played);
  // An embed's namespace on the same storage neither reads nor writes the player's library.
  Table embed(f.storage, fixed_date, "gamut.embed.test.");
  CHECK(embed.library().empty());
  REQUIRE(embed.new_game(id, R"({"seed": 33, "seats": ["human", "human"]})") == "");
  CHECK(embed.library().size() == 1);
  CHECK(f.table.library().size() == 2);
  CHECK(code_of(first) == played);
  CHECK(code_of(second) == second_code);
}

TEST_CASE("table: when storage runs short finished games go first, oldest first, with a notice; unfinished stay") {
  struct {
    MemoryStorage storage;
    double now = 1.7e12;
    Table table{storage, [this] { return now += 1000; }};
    void play_one() {
      const State& s = table.session()->state();
      REQUIRE(table.act(s.action_name(s.legal().front())) == "");
      table.step(1000, 0);
      if (table.session()->covered()) table.session()->uncover();
    }
  } f;
  std::string id = two_seat_game();
  std::vector<std::string> notices;
  f.table.on_notice = [&](const std::string& n) { notices.push_back(n); };
  // Two finished games (AI against AI, played out), then an unfinished one.
  std::vector<std::string> finished;
  for (int k = 0; k < 2; ++k) {
    REQUIRE(f.table.new_game(id, R"({"seed": 40, "seats": ["ai:1", "ai:1"], "ai_delay": 0})") == "");
    for (int i = 0; i < 100000 && !f.table.session()->state().terminal(); ++i) f.table.step(1000, 1e9 + i);
    REQUIRE(f.table.session()->state().terminal());
    finished.push_back(f.table.current_id());
  }
  REQUIRE(f.table.new_game(id, R"({"seed": 41, "seats": ["human", "human"]})") == "");
  std::string open = f.table.current_id();
  size_t used = 0;
  for (const auto& [k, v] : f.storage.items) used += v.size();
  f.storage.quota = used + 2;  // the next moves need room
  for (int i = 0; i < 20 && notices.empty(); ++i) f.play_one();
  REQUIRE(notices.size() == 1);
  CHECK(notices[0].find("finished game") != std::string::npos);
  std::set<std::string> left;
  for (const Table::Entry& e : f.table.library()) left.insert(e.id);
  CHECK(left.count(open));
  CHECK(!left.count(finished[0]));  // the oldest finished game went first
  CHECK(f.table.storage_note().empty());
}

TEST_CASE("table: the v1 layout (one autosave per game id, named saves) migrates into the library, once") {
  std::string id = two_seat_game();
  Fixture made;
  REQUIRE(made.table.new_game(id, R"({"seed": 51, "seats": ["human", "ai:4"]})") == "");
  Json save = made.table.session()->save_json();
  Fixture f;
  f.storage.items["gamut.v1.current"] = id;
  f.storage.items["gamut.v1.auto." + id] = save.dump();
  f.storage.items["gamut.v1.save.1"] = Json{{"name", "Evening"}, {"date", 1.6e12}, {"save", save}}.dump();
  f.storage.items["gamut.v1.save.2"] = Json{{"name", "Sunday"}, {"date", 1.6e12 + 1}, {"save", save}}.dump();
  f.storage.items["gamut.v1.save.3"] = "{broken";
  f.table.migrate_v1();
  std::vector<Table::Entry> lib = f.table.library();
  REQUIRE(lib.size() == 3);
  std::multiset<std::string> names;
  for (const Table::Entry& e : lib) {
    names.insert(e.name);
    CHECK(e.players == std::vector<std::string>{"human", "ai:4"});
  }
  CHECK(names == std::multiset<std::string>{"", "Evening", "Sunday"});
  CHECK(f.storage.items.count("gamut.v1.save.3"));  // nothing is lost, not even what cannot be read
  CHECK(f.storage.items.count("gamut.v1.auto." + id));
  REQUIRE(f.table.resume() == "");
  CHECK(f.table.library().size() == 3);
  f.table.migrate_v1();
  CHECK(f.table.library().size() == 3);  // once
}

TEST_CASE("table: a watch code holds the public views and log, no seed and no action, and only replays") {
  std::string id = hidden_game();
  if (id.empty()) return;
  Fixture f;
  REQUIRE(f.table.new_game(id, R"({"seed": 61, "seats": ["human", "human"]})") == "");
  for (int i = 0; i < 12; ++i) {
    if (f.table.session()->covered()) f.table.session()->uncover();
    f.play_one();
  }
  const Match& m = f.table.session()->match();
  std::string w = f.table.watch_code();
  CHECK(code_format(w) == 3);
  CHECK_THROWS_AS(decode_share_code(w), DataError);
  Watch dec = decode_watch_code(w);
  REQUIRE(dec.views.size() == m.record().actions.size() + 1);
  for (size_t i = 0; i < dec.views.size(); ++i) CHECK(dec.views[i] == m.state_at(i)->view(-1));
  CHECK(dec.log == public_log(m, -1));
  CHECK(dec.log != public_log(m, 0));  // the seat's own log shows what the watch code leaves out
  Fixture v;
  REQUIRE(v.table.load(w) == "");
  CHECK(v.table.watching());
  CHECK(v.table.library().empty());  // a watched game is not one of the player's
  CHECK(v.table.state()["view"] == m.state().view(-1));
  CHECK(v.table.state()["legal_actions"].empty());
  CHECK(v.table.act("anything").find("watch") != std::string::npos);
  std::string err;
  REQUIRE(v.table.command("replay:2", err));
  CHECK(v.table.state()["view"] == m.state_at(2)->view(-1));
  REQUIRE(v.table.command("live", err));
  CHECK(err != "");
  CHECK(v.table.undo() != "");
}

TEST_CASE("table: against the AI, undo stops at a reveal; a practice game takes anything back") {
  std::string id = hidden_game();
  if (id.empty()) return;
  // Against the AI: play until a person's move is followed by a chance outcome or a reveal.
  for (bool practice : {false, true}) {
    Fixture f;
    Json o = {{"seed", 71}, {"seats", {"human", "ai:1"}}, {"ai_delay", 0}, {"practice", practice}};
    REQUIRE(f.table.new_game(id, o.dump()) == "");
    Session& s = *f.table.session();
    bool barrier = false;
    for (int i = 0; i < 300 && !barrier && !s.state().terminal(); ++i) {
      if (s.state().to_move() != 0) {
        f.table.step(1000, 1e9 + i);
        continue;
      }
      size_t n = s.match().record().actions.size();
      std::unique_ptr<State> before = s.match().state_at(n);
      Action a = s.state().legal()[size_t(i) % s.state().legal().size()];
      for (Action b : s.state().legal())
        if (reveals(s.state(), b, 0)) a = b;  // a capture, to meet a reveal soon
      REQUIRE(f.table.act(s.state().action_name(a)) == "");
      barrier = reveals(*before, a, 0);
      for (size_t k = n + 1; !barrier && k < s.match().record().actions.size(); ++k)
        barrier = s.match().state_at(k)->to_move() == kChance;
      if (!barrier) continue;
      std::string why = f.table.undo();
      if (practice) {
        CHECK(why == "");
        CHECK(s.match().record().actions.size() == n);
      } else {
        CHECK(why.find("cannot be taken back") != std::string::npos);
        CHECK(s.match().record().actions.size() > n);
      }
    }
    CHECK(barrier);
  }
}

TEST_CASE("table: notes set on a game travel in its save, share code and watch code, and narrate the replay") {
  std::string id = two_seat_game();
  Fixture f;
  REQUIRE(f.table.new_game(id, R"({"seed": 5, "seats": ["human", "human"]})") == "");
  for (int i = 0; i < 3; ++i) {
    if (f.table.session()->covered()) f.table.session()->uncover();
    f.play_one();
  }
  std::string err;
  REQUIRE(f.table.command(R"(notes:["The opening move.", "", "A reply, é and all."])", err));
  REQUIRE(err == "");
  const Record& r = f.table.session()->match().record();
  REQUIRE(r.notes.size() == 3);
  CHECK(Match::record_from_json(f.table.session()->match().to_json()).notes == r.notes);
  Record back = decode_share_code(f.table.share_code());
  CHECK(back.notes == r.notes);
  CHECK(decode_watch_code(f.table.watch_code()).notes == r.notes);
  // A code without notes stays as short as before, and reads back with none.
  Record plain = r;
  plain.notes.clear();
  CHECK(decode_share_code(encode_share_code(plain)).notes.empty());
  CHECK(encode_share_code(plain).size() < encode_share_code(r).size());
  for (const std::string& code : {f.table.share_code(), f.table.watch_code()}) {
    Fixture g;
    REQUIRE(g.table.load(code) == "");
    REQUIRE(g.table.command("replay:1", err));
    CHECK(g.table.note() == "The opening move.");
    REQUIRE(g.table.command("replay:2", err));
    CHECK(g.table.note() == "");
    REQUIRE(g.table.command("replay:3", err));
    CHECK(g.table.note() == "A reply, é and all.");
  }
  // The notes are saved in the library entry, so a reload keeps them.
  Fixture h;
  h.storage = f.storage;
  REQUIRE(h.table.resume() == "");
  CHECK(h.table.session()->match().record().notes == r.notes);
  REQUIRE(f.table.command("notes:{}", err));
  CHECK(err != "");
  CHECK(f.table.session()->match().record().notes == r.notes);  // a bad list changes nothing
}
