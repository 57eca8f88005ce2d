#include "code.h"

#include <cctype>
#include <cstring>

#include "data.h"

namespace gamut::code {

static const char* kB64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

void put_varint(std::string& o, uint64_t v) {
  while (v >= 0x80) {
    o.push_back(char((v & 0x7f) | 0x80));
    v >>= 7;
  }
  o.push_back(char(v));
}

void put_bytes(std::string& o, const std::string& s) {
  put_varint(o, s.size());
  o += s;
}

void put_list(std::string& o, const std::vector<std::string>& l) {
  put_varint(o, l.size());
  for (const std::string& s : l) put_bytes(o, s);
}

uint64_t Reader::varint() {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (p >= b.size()) throw DataError("share code is truncated");
    unsigned char c = b[p++];
    v |= uint64_t(c & 0x7f) << shift;
    if (!(c & 0x80)) return v;
  }
  throw DataError("share code is corrupt (bad number)");
}

std::string Reader::bytes() {
  uint64_t n = varint();
  if (n > b.size() - p) throw DataError("share code is truncated");
  std::string s = b.substr(p, n);
  p += n;
  return s;
}

std::vector<std::string> Reader::list(uint64_t max, const char* what) {
  uint64_t n = varint();
  if (n > max) throw DataError(std::string("share code is corrupt (") + what + " count)");
  std::vector<std::string> l;
  for (uint64_t i = 0; i < n; ++i) l.push_back(bytes());
  return l;
}

static uint32_t fnv1a(const std::string& s) {
  uint32_t h = 2166136261u;
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return h;
}

std::string pack(const std::string& body) {
  std::string b = body;
  uint32_t h = fnv1a(b);
  for (int i = 0; i < 4; ++i) b.push_back(char(h >> (8 * i)));
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (unsigned char c : b) {
    acc = (acc << 8) | c;
    bits += 8;
    while (bits >= 6) out.push_back(kB64[(acc >> (bits -= 6)) & 63]);
  }
  if (bits) out.push_back(kB64[(acc << (6 - bits)) & 63]);
  return out;
}

std::string unpack(const std::string& code_in) {
  std::string code;
  for (char c : code_in)
    if (!std::isspace((unsigned char)c)) code.push_back(c);
  if (code.empty()) throw DataError("the share code is empty");
  std::string b;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : code) {
    const char* q = std::strchr(kB64, c);
    if (!q || !c) throw DataError(std::string("share code has a character that does not belong: '") + c + "'");
    acc = (acc << 6) | uint32_t(q - kB64);
    bits += 6;
    if (bits >= 8) b.push_back(char((acc >> (bits -= 8)) & 0xff));
  }
  if (b.size() < 5) throw DataError("share code is too short");
  std::string body = b.substr(0, b.size() - 4);
  uint32_t h = 0;
  for (int i = 0; i < 4; ++i) h |= uint32_t((unsigned char)b[b.size() - 4 + i]) << (8 * i);
  if (h != fnv1a(body)) throw DataError("share code is damaged or incomplete (checksum mismatch)");
  return body;
}

}  // namespace gamut::code
