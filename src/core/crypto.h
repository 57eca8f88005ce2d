// The few cryptographic primitives play by link needs (play/corr.h), from
// libsodium: BLAKE2b hashing (crypto_generichash) and random bytes (the
// browser's crypto.getRandomValues under Emscripten, the system's natively).
// Never the game's seeded generator: its numbers follow from a seed.
#pragma once
#include <cstdint>
#include <string>

namespace gamut::crypto {

constexpr size_t kHash = 32;  // bytes of every hash here

std::string hash(const std::string& data);                                // BLAKE2b-256
std::string hash512(const std::string& data);                             // BLAKE2b-512
std::string keyed_hash(const std::string& key, const std::string& data);  // BLAKE2b-256 keyed (key: 16-64 bytes)
std::string random_bytes(size_t n);
// The same bytes for the same seed: for reproducible tests only.
std::string seeded_bytes(size_t n, const std::string& seed32);
uint64_t first_u64(const std::string& h);  // the first 8 bytes, little-endian
std::string hex(const std::string& bytes);
bool equal(const std::string& a, const std::string& b);  // constant time when the sizes agree

}  // namespace gamut::crypto
