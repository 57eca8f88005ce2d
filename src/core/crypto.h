// The few cryptographic primitives play by link needs (play/corr.h), from
// libsodium: BLAKE2b hashing (crypto_generichash), random bytes (the
// browser's crypto.getRandomValues under Emscripten, the system's natively),
// and the group ristretto255 for cards dealt face down (mental poker, below).
// Never the game's seeded generator: its numbers follow from a seed.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace gamut::crypto {

constexpr size_t kHash = 32;  // bytes of every hash here

std::string hash(const std::string& data);                                // BLAKE2b-256
std::string hash512(const std::string& data);                             // BLAKE2b-512
std::string keyed_hash(const std::string& key, const std::string& data);  // BLAKE2b-256 keyed (key: 16-64 bytes)
std::string random_bytes(size_t n);
// The same bytes for the same seed: for reproducible tests only.
std::string seeded_bytes(size_t n, const std::string& seed32);
// For reproducible tests only: from now on random_bytes gives a stream that
// follows from `seed` ("" gives the system's random source back).
void seed_for_tests(const std::string& seed);
uint64_t first_u64(const std::string& h);  // the first 8 bytes, little-endian
std::string hex(const std::string& bytes);
bool equal(const std::string& a, const std::string& b);                      // constant time when the sizes agree
std::string keyed_hash512(const std::string& key, const std::string& data);  // BLAKE2b-512 keyed

// ---- ristretto255: cards locked by every seat in turn (play/corr.h, decks) ----
// Points and scalars are 32-byte strings. A card is a point; a seat locks it by
// multiplying by its secret scalar x, and unlocks by multiplying by 1/x. Locks
// commute, so a card locked by all seats opens only when each has unlocked it.
// Anything malformed (a string that is no point, a product that is the
// identity) throws std::invalid_argument.
constexpr size_t kPoint = 32, kScalar = 32;
std::string scalar(const std::string& key, const std::string& label);  // from a key, as keyed_hash512 reduced mod l
std::string point_from(const std::string& data);                       // hash to the group (Elligator, 64-byte hash)
bool valid_point(const std::string& p);                                // canonical and not the identity
std::string mul(const std::string& scalar, const std::string& point);
std::string mul_base(const std::string& scalar);  // scalar x the group's generator G
std::string inverse(const std::string& scalar);
std::string times(const std::string& a, const std::string& b);  // the product of two scalars

// Zero-knowledge proofs (Fiat-Shamir, `context` bound into the challenge),
// so a seat can show it unlocked a card truly, or that its card is not one,
// without giving its scalar away. Proofs use nonces derived from the scalar
// and the statement (as RFC 6979 does), never the game's generator.
//
// unlock: given K = x G, `out` = (1/x) `in`; proves log_G K = log_out in (Chaum-Pedersen). 64 bytes.
std::string prove_unlock(const std::string& x, const std::string& in, const std::string& context);
bool check_unlock(const std::string& K, const std::string& in, const std::string& out, const std::string& proof,
                  const std::string& context);
// not: K = x B (B the generator G when `base` is empty) and V != x Q: proves
// it without telling x (a discrete-log inequality, Camenisch and Shoup). With
// V = x P it says that P is not Q, and with B = K', Q = V' two cards under the
// same seat's locks it says they differ. 128 bytes; throws when V = x Q.
std::string prove_not(const std::string& x, const std::string& V, const std::string& Q, const std::string& context,
                      const std::string& base = "");
bool check_not(const std::string& K, const std::string& V, const std::string& Q, const std::string& proof,
               const std::string& context, const std::string& base = "");
// one of: K = x G and V = x Q[t] for one t, not told: proves V is x times one
// of the points Q (an OR of Chaum-Pedersen proofs, Cramer, Damgard and
// Schoenmakers). With V = x P it says P is one of the cards Q. 64 bytes a point.
std::string prove_in(const std::string& x, const std::string& V, const std::vector<std::string>& Q, size_t t,
                     const std::string& context);
bool check_in(const std::string& K, const std::string& V, const std::vector<std::string>& Q, const std::string& proof,
              const std::string& context);

}  // namespace gamut::crypto
