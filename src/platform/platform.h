// What the app needs from the host: storage, clipboard, URL, host page.
// Every call reports failure instead of throwing; storage can be full,
// disabled or broken, and play must go on.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct ImDrawList;
struct ImVec2;

namespace gamut::platform {

// Returns false when the key is missing or storage is unavailable (err set then).
bool storage_get(const std::string& key, std::string& value, std::string& err);
std::string storage_set(const std::string& key, const std::string& value);  // "" or the error
void storage_remove(const std::string& key);
std::vector<std::string> storage_keys(const std::string& prefix);
void copy_text(const std::string& text);
bool can_share();                                                   // the browser has a share sheet (navigator.share)
void share_link(const std::string& title, const std::string& url);  // opens it; nothing when there is none
std::string url_hash();                                             // without '#'
void set_url_hash(const std::string& h);                            // "" removes it; no history entry either way
std::string url_param(const std::string& name);                     // "" when absent
std::string page_url();                                             // without hash or query
std::string url_query();                                            // the query string, "" when none
uint64_t random64();                                                // from the browser's crypto source
void post_to_host(const std::string& json);                         // window.parent.postMessage when embedded
void announce(const std::string& text);                             // the page's live region, read by screen readers
// The language the visitor chose before, else the browser's ("fr" or "en"); web/boot.js decides.
std::string preferred_language();
// Tells the page (its lang attribute, the shell's own text), and keeps the choice when `remember`.
void language_changed(const std::string& lang, bool remember, const std::string& shell_json);
double now_ms();
// Renders `list` (screen coordinates, its area x, y, w, h) once into a texture and returns
// it, with where to draw it in `lo`, `hi` (the area widened to whole device pixels);
// nullptr where it cannot. One texture a slot (0 to kBakeSlots - 1), reused: a second call
// on a slot replaces its picture.
constexpr int kBakeSlots = 16;
void* bake(const ImDrawList& list, float x, float y, float w, float h, ImVec2& lo, ImVec2& hi, int slot = 0);
double date_now();  // ms since epoch, for save dates

}  // namespace gamut::platform
