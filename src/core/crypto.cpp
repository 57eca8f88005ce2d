#include "crypto.h"

#include <sodium.h>

#include <stdexcept>

namespace gamut::crypto {

static void init() {
  // sodium_init is idempotent and thread-safe; -1 means no entropy source at all.
  static const bool ok = sodium_init() >= 0;
  if (!ok) throw std::runtime_error("libsodium could not start (no source of random numbers)");
}

static std::string generic(const std::string& data, size_t n) {
  init();
  std::string out(n, '\0');
  crypto_generichash(reinterpret_cast<unsigned char*>(&out[0]), n, reinterpret_cast<const unsigned char*>(data.data()),
                     data.size(), nullptr, 0);
  return out;
}

std::string hash(const std::string& data) { return generic(data, kHash); }
std::string hash512(const std::string& data) { return generic(data, 64); }

std::string keyed_hash(const std::string& key, const std::string& data) {
  init();
  if (key.size() < crypto_generichash_KEYBYTES_MIN || key.size() > crypto_generichash_KEYBYTES_MAX)
    throw std::invalid_argument("keyed_hash: bad key size");
  std::string out(kHash, '\0');
  crypto_generichash(reinterpret_cast<unsigned char*>(&out[0]), kHash,
                     reinterpret_cast<const unsigned char*>(data.data()), data.size(),
                     reinterpret_cast<const unsigned char*>(key.data()), key.size());
  return out;
}

std::string random_bytes(size_t n) {
  init();
  std::string out(n, '\0');
  randombytes_buf(&out[0], n);
  return out;
}

std::string seeded_bytes(size_t n, const std::string& seed32) {
  init();
  if (seed32.size() != randombytes_SEEDBYTES) throw std::invalid_argument("seeded_bytes: the seed must be 32 bytes");
  std::string out(n, '\0');
  randombytes_buf_deterministic(&out[0], n, reinterpret_cast<const unsigned char*>(seed32.data()));
  return out;
}

uint64_t first_u64(const std::string& h) {
  uint64_t v = 0;
  for (size_t i = 0; i < 8 && i < h.size(); ++i) v |= uint64_t(uint8_t(h[i])) << (8 * i);
  return v;
}

std::string hex(const std::string& bytes) {
  static const char* d = "0123456789abcdef";
  std::string r;
  for (unsigned char c : bytes) r += d[c >> 4], r += d[c & 15];
  return r;
}

bool equal(const std::string& a, const std::string& b) {
  return a.size() == b.size() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace gamut::crypto
