// The container every code and link shares: varint-packed bytes, an FNV-1a
// checksum and base64url, so a code survives a URL, a chat message or an
// e-mail and a damaged one is refused with a reason. The share codes
// (match.h) and the watch codes (watch.h) write their fields with these.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace gamut::code {

void put_varint(std::string& out, uint64_t v);
void put_bytes(std::string& out, const std::string& s);              // length, then the bytes
void put_list(std::string& out, const std::vector<std::string>& l);  // count, then each as put_bytes

// Reads what put_varint and put_bytes wrote; throws DataError on a short or corrupt body.
struct Reader {
  const std::string& b;
  size_t p = 0;
  uint64_t varint();
  std::string bytes();
  // A put_list of at most `max` texts; `what` names it when the count is corrupt.
  std::vector<std::string> list(uint64_t max, const char* what);
  bool done() const { return p == b.size(); }
};

std::string pack(const std::string& body);    // checksum + base64url
std::string unpack(const std::string& code);  // the body; throws DataError on a bad character or checksum

}  // namespace gamut::code
