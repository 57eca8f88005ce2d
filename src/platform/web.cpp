// The browser platform: SDL2 + WebGL2 window, the frame loop, storage and the
// page API. Frames are drawn only when something changed, to spare batteries.
#include <SDL.h>
#include <SDL_opengles2.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/text.h"
#include "platform.h"
#include "ui/app.h"
#include "ui/draw.h"
#include "ui/theme.h"
#include "ui/widgets.h"

using namespace gamut;

// ---- platform services, each guarded: storage may be full, disabled or broken.
// clang-format off

EM_JS(char*, js_storage_get, (const char* key, int* status), {
  try {
    var v = window.localStorage.getItem(UTF8ToString(key));
    if (v === null) {
      HEAP32[status >> 2] = 0;
      return 0;
    }
    HEAP32[status >> 2] = 1;
    var n = lengthBytesUTF8(v) + 1, p = _malloc(n);
    stringToUTF8(v, p, n);
    return p;
  } catch (e) {
    HEAP32[status >> 2] = -1;
    var m = String(e && e.name || e), n2 = lengthBytesUTF8(m) + 1, p2 = _malloc(n2);
    stringToUTF8(m, p2, n2);
    return p2;
  }
});

EM_JS(char*, js_storage_set, (const char* key, const char* value), {
  try {
    window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value));
    return 0;
  } catch (e) {
    var m =
        (e && e.name === 'QuotaExceededError') ? 'browser storage is full' : ('storage refused: ' + (e && e.name || e));
    var n = lengthBytesUTF8(m) + 1, p = _malloc(n);
    stringToUTF8(m, p, n);
    return p;
  }
});

EM_JS(void, js_storage_remove, (const char* key), {
  try {
    window.localStorage.removeItem(UTF8ToString(key));
  } catch (e) {
  }
});

EM_JS(char*, js_storage_keys, (const char* prefix), {
  var out = [];
  try {
    var pre = UTF8ToString(prefix);
    for (var i = 0; i < window.localStorage.length; i++) {
      var k = window.localStorage.key(i);
      if (k && k.indexOf(pre) === 0) out.push(k);
    }
  } catch (e) {
  }
  var s = JSON.stringify(out), n = lengthBytesUTF8(s) + 1, p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, js_copy, (const char* text), {
  var t = UTF8ToString(text);
  window.gamutLastCopied = t;
  try {
    navigator.clipboard.writeText(t).catch(function(){});
  } catch (e) {
  }
});

EM_JS(int, js_can_share, (), { return typeof navigator.share === "function" ? 1 : 0; });
EM_JS(void, js_share, (const char* title, const char* url), {
  try {
    navigator.share({title : UTF8ToString(title), url : UTF8ToString(url)}).catch(function(){});
  } catch (e) {
  }
});

EM_JS(char*, js_url_part, (int which, const char* name), {
  var s = "";
  try {
    if (which === 0)
      s = decodeURIComponent(location.hash.replace(/^#/, ""));
    else if (which === 1)
      s = new URLSearchParams(location.search).get(UTF8ToString(name)) || "";
    else if (which === 3)
      s = location.search.slice(1);
    else
      s = location.origin + location.pathname;
  } catch (e) {
  }
  var n = lengthBytesUTF8(s) + 1, p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, js_set_hash, (const char* h), {
  try {
    var s = UTF8ToString(h);
    history.replaceState(null, "", s ? '#' + s : location.pathname + location.search);
  } catch (e) {
  }
});

EM_JS(void, js_post, (const char* msg), {
  try {
    var m = JSON.parse(UTF8ToString(msg));
    if (window.parent && window.parent !== window) window.parent.postMessage(m, '*');
    window.dispatchEvent(new CustomEvent('gamut', {detail : m}));
  } catch (e) {
  }
});

EM_JS(double, js_date_now, (), { return Date.now(); });

EM_JS(char*, js_preferred_language, (), {
  var s = "en";
  try {
    s = window.gamutPreferredLanguage ? window.gamutPreferredLanguage() : "en";
  } catch (e) {
  }
  var n = lengthBytesUTF8(s) + 1, p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, js_language_changed, (const char* lang, int remember, const char* shell), {
  try {
    if (window.gamutLanguageChanged) window.gamutLanguageChanged(UTF8ToString(lang), !!remember, JSON.parse(UTF8ToString(shell)));
  } catch (e) {
  }
});

EM_JS(void, js_announce, (const char* t), {
  try {
    var el = document.getElementById('announce');
    if (el) el.textContent = UTF8ToString(t);
  } catch (e) {
  }
});

// A finger is the pointer (a phone, a tablet): targets are made a finger's size.
EM_JS(int, js_coarse_pointer, (), {
  try {
    return window.matchMedia('(pointer: coarse)').matches ? 1 : 0;
  } catch (e) {
    return 0;
  }
});

// 53 random bits from the browser's crypto source (a double holds them exactly).
EM_JS(double, js_random53, (), {
  var a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return (a[0] & 0x1fffff) * 4294967296 + a[1];
});

// clang-format on

static std::string take(char* p) {
  std::string s = p ? p : "";
  free(p);
  return s;
}

namespace gamut::platform {
bool storage_get(const std::string& key, std::string& value, std::string& err) {
  int status = 0;
  std::string r = take(js_storage_get(key.c_str(), &status));
  if (status < 0) err = r;
  if (status == 1) value = r;
  return status == 1;
}
std::string storage_set(const std::string& key, const std::string& value) {
  return take(js_storage_set(key.c_str(), value.c_str()));
}
void storage_remove(const std::string& key) { js_storage_remove(key.c_str()); }
std::vector<std::string> storage_keys(const std::string& prefix) {
  std::vector<std::string> r;
  try {
    for (auto& k : nlohmann::json::parse(take(js_storage_keys(prefix.c_str())))) r.push_back(k.get<std::string>());
  } catch (...) {
  }
  return r;
}
void copy_text(const std::string& t) { js_copy(t.c_str()); }
bool can_share() { return js_can_share() != 0; }
void share_link(const std::string& title, const std::string& url) { js_share(title.c_str(), url.c_str()); }
std::string url_hash() { return take(js_url_part(0, "")); }
void set_url_hash(const std::string& h) { js_set_hash(h.c_str()); }
std::string url_param(const std::string& n) { return take(js_url_part(1, n.c_str())); }
std::string page_url() { return take(js_url_part(2, "")); }
std::string url_query() { return take(js_url_part(3, "")); }
uint64_t random64() { return uint64_t(js_random53()) ^ (uint64_t(js_random53()) << 11); }
void post_to_host(const std::string& j) { js_post(j.c_str()); }
void announce(const std::string& t) { js_announce(t.c_str()); }
std::string preferred_language() { return take(js_preferred_language()); }
void language_changed(const std::string& l, bool remember, const std::string& shell) {
  js_language_changed(l.c_str(), remember, shell.c_str());
}
double now_ms() { return emscripten_get_now(); }
double date_now() { return js_date_now(); }

// A static picture as a texture (the board's static part, src/ui/board_view.cpp; the library's
// pictures, src/ui/home.cpp): a framebuffer and texture a slot, sized to the picture's area in
// device pixels and drawn by ImGui's own renderer.
static int g_bakes = 0;  // for the page API's probe: how often a picture was baked
void* bake(const ImDrawList& list, float x, float y, float w, float h, ImVec2& lo, ImVec2& hi, int slot) {
  static GLuint fbos[kBakeSlots], texs[kBakeSlots];
  static int tws[kBakeSlots], ths[kBakeSlots];
  if (slot < 0 || slot >= kBakeSlots) return nullptr;
  GLuint &fbo = fbos[slot], &tex = texs[slot];
  int &tw = tws[slot], &th = ths[slot];
  // ?bake=0 draws the board layer by layer, to compare the two (tests/web/boards.test.mjs).
  static bool broken = url_param("bake") == "0";
  ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  if (scale.x <= 0 || scale.y <= 0) return nullptr;
  // On whole device pixels, so that each texel lands on one pixel and the picture is the same.
  float px = std::floor(x * scale.x), py = std::floor(y * scale.y);
  int pw = int(std::ceil((x + w) * scale.x) - px), ph = int(std::ceil((y + h) * scale.y) - py);
  if (broken || pw <= 0 || ph <= 0) return nullptr;
  if (!fbo) {
    glGenFramebuffers(1, &fbo);
    glGenTextures(1, &tex);
  }
  if (pw != tw || ph != th) {
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, pw, ph, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (!ok) {  // the board is then drawn layer by layer, as before
      broken = true;
      return nullptr;
    }
    tw = pw, th = ph;
  }
  ImDrawList* lists[] = {const_cast<ImDrawList*>(&list)};
  ImDrawData d;
  d.Valid = true;
  d.CmdLists = lists;
  d.CmdListsCount = 1;
  d.TotalVtxCount = list.VtxBuffer.Size;
  d.TotalIdxCount = list.IdxBuffer.Size;
  lo = d.DisplayPos = ImVec2(px / scale.x, py / scale.y);
  d.DisplaySize = ImVec2(float(pw) / scale.x, float(ph) / scale.y);
  hi = ImVec2(lo.x + d.DisplaySize.x, lo.y + d.DisplaySize.y);
  d.FramebufferScale = scale;
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glViewport(0, 0, pw, ph);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(&d);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  ++g_bakes;
  return reinterpret_cast<void*>(intptr_t(tex));
}
}  // namespace gamut::platform

// ---- window, fonts, loop

static SDL_Window* g_window;
static ui::App g_app;
static float g_dpr = 0;
static int g_idle = 0;
static bool g_force = true;
// Frames drawn, and the frame that last took input: a click is handled by
// the frame after the one that polled it (ImGui acts on the release), so a
// test waits until input_age >= 2 and nothing is queued.
static long g_drawn = 0, g_input_frame = -1;
static std::vector<SDL_Event> g_held_keys;  // key events kept for the next frame (see frame())
// While the AI thinks and nothing else happens, most frames only think: the
// screen (its progress readout) is drawn again every kThinkRedrawMs, at once on
// input, and when the move is made. A frame aims at kFrameMs (one 60 Hz frame):
// a slice gets what drawing leaves of it (Session::frame_target_ms), so a
// costly drawing (software GL) no longer adds a whole slice on top.
constexpr double kThinkRedrawMs = 200, kFrameMs = 16;
// When the last drawing ended, and what drawing costs in this page's code (smoothed, without
// the slice; the browser's own compositing and software GL come on top, in the frame's gap).
static double g_last_draw_ms = 0, g_drawing_ms = 0;

// A frame that only thinks; true if the game moved on (the next frame draws).
static bool think_only(double now) {
  Session* s = g_app.table().session();
  if (!s) return false;
  size_t before = s->match().record().actions.size();
  Session::drawing_ms = 0;  // nothing is drawn in this frame
  g_app.table().step(kFrameMs, now);
  return s->match().record().actions.size() != before || !g_app.thinking();
}

static void load_fonts(float dpr) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  // The glyphs the build's font subsets hold: CMakeLists.txt defines GAMUT_GLYPHS_UI and _SERIF.
  static const ImWchar ranges[] = {GAMUT_GLYPHS_UI};
  ImFontConfig cfg;
  cfg.OversampleH = 2;
  ui::g_fonts.body = io.Fonts->AddFontFromFileTTF("/fonts/DejaVuSans.ttf", 16.0f * dpr, &cfg, ranges);
  ui::g_fonts.title = io.Fonts->AddFontFromFileTTF("/fonts/DejaVuSans-Bold.ttf", 24.0f * dpr, &cfg, ranges);
  // A period serif for titles; without it (a build with no fonts-ebgaramond) titles use the bold face.
  // Latin only: titles are names, and a smaller atlas at device pixel ratio 3.
  static const ImWchar latin[] = {GAMUT_GLYPHS_SERIF};
  ui::g_fonts.serif = io.Fonts->AddFontFromFileTTF("/fonts/EBGaramond12-Regular.otf", 30.0f * dpr, &cfg, latin);
  if (!ui::g_fonts.body) ui::g_fonts.body = io.Fonts->AddFontDefault();
  if (!ui::g_fonts.title) ui::g_fonts.title = ui::g_fonts.body;
  io.FontDefault = ui::g_fonts.body;
  io.FontGlobalScale = 1.0f / dpr;  // rasterised at device pixels, laid out in CSS pixels
  io.Fonts->Build();
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

static void style() {
  ImGuiStyle& s = ImGui::GetStyle();
  ImGui::StyleColorsDark();
  s.WindowRounding = 6;
  s.FrameRounding = 4;
  s.FramePadding = ImVec2(10, 6);
  s.ItemSpacing = ImVec2(8, 7);
  s.WindowBorderSize = 0;
  ImVec4* c = s.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.13f, 0.11f, 0.09f, 1);
  c[ImGuiCol_ChildBg] = ImVec4(0.17f, 0.14f, 0.11f, 1);
  c[ImGuiCol_PopupBg] = ImVec4(0.15f, 0.12f, 0.10f, 0.98f);
  c[ImGuiCol_Button] = ImVec4(0.45f, 0.30f, 0.16f, 1);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.58f, 0.40f, 0.20f, 1);
  c[ImGuiCol_ButtonActive] = ImVec4(0.68f, 0.48f, 0.24f, 1);
  c[ImGuiCol_FrameBg] = ImVec4(0.24f, 0.19f, 0.14f, 1);
  c[ImGuiCol_TitleBg] = ImVec4(0.30f, 0.20f, 0.11f, 1);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.40f, 0.27f, 0.14f, 1);
  c[ImGuiCol_Header] = ImVec4(0.40f, 0.28f, 0.15f, 1);
  c[ImGuiCol_SliderGrab] = ImVec4(0.85f, 0.62f, 0.30f, 1);
  c[ImGuiCol_CheckMark] = ImVec4(0.95f, 0.75f, 0.35f, 1);
  c[ImGuiCol_Text] = ImVec4(0.95f, 0.92f, 0.86f, 1);
  if (ui::touch()) ui::touch_style(s);
}

// Two fingers on the screen pinch and pan the board: the platform follows the
// fingers (SDL gives each as a fraction of the canvas) and tells the app how
// their centre moved and their spread changed. The first finger also drives
// SDL's mouse, which taps and one-finger drags use.
static std::map<SDL_FingerID, ImVec2> g_fingers;

static void finger(const SDL_TouchFingerEvent& f, float css_w, float css_h) {
  ImVec2 p(f.x * css_w, f.y * css_h);
  auto centre = [] {
    auto a = g_fingers.begin(), b = std::next(a);
    ImVec2 c((a->second.x + b->second.x) / 2, (a->second.y + b->second.y) / 2);
    float d = std::hypot(a->second.x - b->second.x, a->second.y - b->second.y);
    return std::make_pair(c, d);
  };
  if (f.type == SDL_FINGERDOWN) {
    g_fingers[f.fingerId] = p;
    if (g_fingers.size() == 2) g_app.gesture(true);
  } else if (f.type == SDL_FINGERUP) {
    size_t before = g_fingers.size();
    g_fingers.erase(f.fingerId);
    if (before >= 2 && g_fingers.size() < 2) g_app.gesture(false);
  } else if (g_fingers.count(f.fingerId)) {
    if (g_fingers.size() < 2) {
      g_fingers[f.fingerId] = p;
      return;
    }
    auto [c0, d0] = centre();
    g_fingers[f.fingerId] = p;
    auto [c1, d1] = centre();
    if (d0 > 1 && d1 > 1) g_app.pinch(c0, c1, d1 / d0);
  }
}

static void frame() {
  double w = 0, h = 0;
  emscripten_get_element_css_size("#canvas", &w, &h);
  float dpr = float(emscripten_get_device_pixel_ratio());
  int cw, ch;
  SDL_GetWindowSize(g_window, &cw, &ch);
  if (int(w) != cw || int(h) != ch) {
    SDL_SetWindowSize(g_window, int(w), int(h));
    g_force = true;
  }
  if (dpr != g_dpr) {
    // The page's zoom or another screen: the canvas is drawn at the new device
    // pixels (SDL re-reads the ratio when its size is set), and the text too.
    if (g_dpr != 0) SDL_SetWindowSize(g_window, int(w), int(h));
    g_dpr = dpr;
    load_fonts(dpr);
    g_force = true;
  }
  bool input = false;
  SDL_Event e;
  // ImGui 1.86 reads a key once a frame as held or not, so a key pressed and
  // released between two frames (a quick tap, a test's key press) would be
  // lost: its release, and every key event after it, waits for the next frame.
  std::vector<SDL_Keycode> changed;  // keys that went down or up in this frame
  // Typed text waits behind held keys too, so that it keeps its place among them
  // (a Backspace held for the next frame must not let the letter typed after it in first).
  auto hold = [&](const SDL_Event& k, bool holding) {
    if (k.type == SDL_TEXTINPUT || k.type == SDL_TEXTEDITING) return holding;
    if (k.type != SDL_KEYDOWN && k.type != SDL_KEYUP) return false;
    // A key changes once a frame: its release (or its next press) waits for the next frame.
    if (holding || std::count(changed.begin(), changed.end(), k.key.keysym.sym)) return true;
    changed.push_back(k.key.keysym.sym);
    return false;
  };
  std::vector<SDL_Event> earlier, later;
  earlier.swap(g_held_keys);
  for (SDL_Event& k : earlier) {
    if (hold(k, !later.empty())) {
      later.push_back(k);
      continue;
    }
    ImGui_ImplSDL2_ProcessEvent(&k);
    input = true;
  }
  g_held_keys.swap(later);
  while (SDL_PollEvent(&e)) {
    if (hold(e, !g_held_keys.empty())) {
      g_held_keys.push_back(e);
      continue;
    }
    // A touch arrives as a touch and as a synthetic mouse event: keep one.
    if ((e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) && e.button.which == SDL_TOUCH_MOUSEID) {
      ImGui_ImplSDL2_ProcessEvent(&e);
      input = true;
      continue;
    }
    if (e.type == SDL_FINGERDOWN || e.type == SDL_FINGERUP || e.type == SDL_FINGERMOTION) {
      if (!ui::touch()) {  // a finger touched a screen that said its pointer was fine
        ui::set_touch(true);
        style();
      }
      finger(e.tfinger, float(w), float(h));
      input = true;
      continue;
    }
    ImGui_ImplSDL2_ProcessEvent(&e);
    input = true;
  }
  if (input) g_input_frame = g_drawn;
  // Idle: nothing moved and nothing is thinking, so draw nothing.
  if (!input && !g_force && !g_app.busy() && g_idle > 4) return;
  g_idle = input || g_force || g_app.busy() ? 0 : g_idle + 1;
  double t0 = platform::now_ms();
  // A button held in the last frame gets the next one at once: ImGui acts on the release.
  if (!input && !g_force && g_app.thinking() && t0 - g_last_draw_ms < kThinkRedrawMs && !ImGui::IsAnyMouseDown()) {
    g_force = think_only(t0);
    return;
  }
  g_force = false;
  Session* session = g_app.table().session();
  int slices = session ? session->slices().count : 0;
  Session::drawing_ms = g_drawing_ms;

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  g_app.keys_before_frame();
  ImGui::NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  try {
    g_app.frame(io.DisplaySize.x, io.DisplaySize.y);
  } catch (const std::exception& ex) {
    // A drawing bug must not stop the page: close what was open, report, go on.
    ImGui::ErrorCheckEndFrameRecover(nullptr);
    EM_ASM({ console.error('gamut: frame failed: ' + UTF8ToString($0)); }, ex.what());
    g_app.report_error(ex.what());
  }
  ImGui::Render();
  int fw, fh;
  SDL_GL_GetDrawableSize(g_window, &fw, &fh);
  glViewport(0, 0, fw, fh);
  if (ui::light_theme())
    glClearColor(0.93f, 0.89f, 0.80f, 1);
  else
    glClearColor(0.1f, 0.08f, 0.07f, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  ++g_drawn;
  // What drawing cost, the frame's slice left out (a new game replaces the session).
  session = g_app.table().session();
  double drew = platform::now_ms() - t0;
  if (session && session->slices().count > slices) drew -= session->slices().last_ms;
  g_drawing_ms = 0.7 * g_drawing_ms + 0.3 * std::max(0.0, drew);
  g_last_draw_ms = platform::now_ms();
  EM_ASM({
    if (window.gamutFrame) window.gamutFrame();
  });
}

// ---- the page API (wrapped by web/gamut-api.js)

static std::string g_ret;
extern "C" {
EMSCRIPTEN_KEEPALIVE const char* gamut_state() { return (g_ret = g_app.api_state()).c_str(); }
EMSCRIPTEN_KEEPALIVE const char* gamut_act(const char* a) {
  g_force = true;
  return (g_ret = g_app.table().act(a)).c_str();
}
EMSCRIPTEN_KEEPALIVE const char* gamut_new_game(const char* id, const char* opts) {
  g_force = true;
  return (g_ret = g_app.table().new_game(id, opts)).c_str();
}
EMSCRIPTEN_KEEPALIVE const char* gamut_share_code() { return (g_ret = g_app.table().share_code()).c_str(); }
EMSCRIPTEN_KEEPALIVE const char* gamut_load(const char* code) {
  g_force = true;
  return (g_ret = g_app.table().load(code)).c_str();
}
EMSCRIPTEN_KEEPALIVE const char* gamut_node_pos(const char* n) { return (g_ret = g_app.api_node_pos(n)).c_str(); }
EMSCRIPTEN_KEEPALIVE const char* gamut_widget(const char* l) { return (g_ret = g_app.api_widget(l)).c_str(); }
EMSCRIPTEN_KEEPALIVE const char* gamut_undo() {
  g_force = true;
  return (g_ret = g_app.table().undo()).c_str();
}
EMSCRIPTEN_KEEPALIVE const char* gamut_redo() {
  g_force = true;
  return (g_ret = g_app.table().redo()).c_str();
}
EMSCRIPTEN_KEEPALIVE const char* gamut_ui(const char* c) {
  g_force = true;
  return (g_ret = g_app.api_ui(c)).c_str();
}
// The saved games, newest first: {id, game, name, moves, finished, practice, updated, players, code}.
EMSCRIPTEN_KEEPALIVE const char* gamut_games() {
  Json out = Json::array();
  for (const Table::Entry& e : g_app.table().library()) {
    if (!e.error.empty()) {
      out.push_back({{"id", e.id}, {"error", e.error}});
      continue;
    }
    out.push_back({{"id", e.id},
                   {"game", e.game},
                   {"name", e.name},
                   {"moves", e.moves},
                   {"finished", e.finished},
                   {"practice", e.practice},
                   {"updated", e.updated},
                   {"players", e.players},
                   {"code", e.code}});
  }
  return (g_ret = out.dump()).c_str();
}
EMSCRIPTEN_KEEPALIVE const char* gamut_open_game(const char* id) {
  g_force = true;
  return (g_ret = g_app.table().open_game(id)).c_str();
}
EMSCRIPTEN_KEEPALIVE const char* gamut_delete_game(const char* id) {
  g_force = true;
  return (g_ret = g_app.table().delete_game(id)).c_str();
}
EMSCRIPTEN_KEEPALIVE const char* gamut_watch_code() { return (g_ret = g_app.table().watch_code()).c_str(); }
// The games the home screen lists, in its order: the registry, so a new game's
// folder adds itself here and to every test that loops over this list.
EMSCRIPTEN_KEEPALIVE const char* gamut_catalog() {
  Json out = Json::array();
  for (const std::string& id : game_ids()) {
    Json g = {{"id", id}};
    try {
      const GameInfo& i = load_game(id)->info();
      g.update({{"name", i.name}, {"min_seats", i.min_seats}, {"max_seats", i.max_seats}, {"test", i.test}});
    } catch (const std::exception& e) {
      g["error"] = e.what();
    }
    out.push_back(g);
  }
  return (g_ret = out.dump()).c_str();
}
// The screen reader's layer (web/reader.js): the turn, log, position and moves in words.
EMSCRIPTEN_KEEPALIVE const char* gamut_reader() { return (g_ret = g_app.table().reader().dump()).c_str(); }
EMSCRIPTEN_KEEPALIVE const char* gamut_rules() { return (g_ret = g_app.table().rules().dump()).c_str(); }
EMSCRIPTEN_KEEPALIVE const char* gamut_widgets() { return (g_ret = ui::widgets_json()).c_str(); }
// The texts the last drawn frame asked T() for, each with its translation and
// whether the table had it; the first call switches the record on.
EMSCRIPTEN_KEEPALIVE const char* gamut_text_seen() {
  text_record(true);
  g_force = true;
  return (g_ret = text_seen().dump()).c_str();
}
EMSCRIPTEN_KEEPALIVE const char* gamut_hits() { return (g_ret = g_app.api_hits()).c_str(); }
EMSCRIPTEN_KEEPALIVE void gamut_wake() { g_force = true; }
// Cheap to call every animation frame, unlike gamut_state.
EMSCRIPTEN_KEEPALIVE const char* gamut_probe() {
  SDL_PumpEvents();
  bool pending = SDL_HasEvents(SDL_FIRSTEVENT, SDL_LASTEVENT) || !g_held_keys.empty();
  long age = g_input_frame < 0 ? g_drawn : g_drawn - g_input_frame;
  g_ret = "{\"frames\":" + std::to_string(g_drawn) + ",\"input_age\":" + std::to_string(age) +
          ",\"input_pending\":" + (pending ? "true" : "false") +
          ",\"layout_stable\":" + (g_app.layout_stable() ? "true" : "false") +
          ",\"thinking\":" + (g_app.thinking() ? "true" : "false") + ",\"draw_ms\":" + std::to_string(g_drawing_ms) +
          ",\"bakes\":" + std::to_string(platform::g_bakes) + "}";
  return g_ret.c_str();
}
}

int main() {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    EM_ASM({ window.gamutFatal&& window.gamutFatal('SDL could not start: ' + UTF8ToString($0)); }, SDL_GetError());
    return 1;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  // No keyboard-element hint: SDL then listens on the window, so keys work wherever focus is.
  double w = 0, h = 0;
  emscripten_get_element_css_size("#canvas", &w, &h);
  // No title: SDL would set the page's, and the page keeps its own.
  g_window = SDL_CreateWindow(nullptr, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, int(w), int(h),
                              SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  SDL_GLContext gl = SDL_GL_CreateContext(g_window);
  if (!g_window || !gl) {
    EM_ASM({ window.gamutFatal&& window.gamutFatal('WebGL 2 is not available in this browser.'); });
    return 1;
  }
  SDL_GL_MakeCurrent(g_window, gl);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no files on the web; layout is fixed anyway
  ui::set_touch(js_coarse_pointer());
  style();
  ui::set_theme(platform::url_param("theme"));
  ImGui_ImplSDL2_InitForOpenGL(g_window, gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  // Test games (tests/games) play through the page API, but players' library shows them only on request.
  list_test_games(platform::url_param("test-games") == "1");
  g_app.init();
  Session::frame_target_ms = kFrameMs;
  EM_ASM({ window.gamutReady&& window.gamutReady(); });
  emscripten_set_main_loop(frame, 0, true);
  return 0;
}
