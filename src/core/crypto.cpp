#include "crypto.h"

#include <sodium.h>

#include <stdexcept>
#include <vector>

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

static std::string& test_seed() {
  static std::string s;
  return s;
}
static uint64_t test_draws = 0;

void seed_for_tests(const std::string& seed) {
  test_seed() = seed.empty() ? "" : hash("gamut test seed" + seed);
  test_draws = 0;
}

std::string random_bytes(size_t n) {
  init();
  if (!test_seed().empty()) return seeded_bytes(n, hash(test_seed() + std::to_string(test_draws++)));
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

std::string keyed_hash512(const std::string& key, const std::string& data) {
  init();
  if (key.size() < crypto_generichash_KEYBYTES_MIN || key.size() > crypto_generichash_KEYBYTES_MAX)
    throw std::invalid_argument("keyed_hash512: bad key size");
  std::string out(64, '\0');
  crypto_generichash(reinterpret_cast<unsigned char*>(&out[0]), 64, reinterpret_cast<const unsigned char*>(data.data()),
                     data.size(), reinterpret_cast<const unsigned char*>(key.data()), key.size());
  return out;
}

// ---- ristretto255 ------------------------------------------------------------

static unsigned char* u(std::string& s) { return reinterpret_cast<unsigned char*>(&s[0]); }
static const unsigned char* u(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }

static std::string reduce(const std::string& h64) {
  std::string r(kScalar, '\0');
  crypto_core_ristretto255_scalar_reduce(u(r), u(h64));
  return r;
}

static std::string sadd(const std::string& a, const std::string& b) {
  std::string r(kScalar, '\0');
  crypto_core_ristretto255_scalar_add(u(r), u(a), u(b));
  return r;
}

static std::string smul(const std::string& a, const std::string& b) {
  std::string r(kScalar, '\0');
  crypto_core_ristretto255_scalar_mul(u(r), u(a), u(b));
  return r;
}

static std::string sneg(const std::string& a) {
  std::string r(kScalar, '\0');
  crypto_core_ristretto255_scalar_negate(u(r), u(a));
  return r;
}

static std::string padd(const std::string& p, const std::string& q) {
  std::string r(kPoint, '\0');
  if (p.size() != kPoint || q.size() != kPoint || crypto_core_ristretto255_add(u(r), u(p), u(q)) != 0)
    throw std::invalid_argument("not a point");
  return r;
}

static std::string psub(const std::string& p, const std::string& q) {
  std::string r(kPoint, '\0');
  if (p.size() != kPoint || q.size() != kPoint || crypto_core_ristretto255_sub(u(r), u(p), u(q)) != 0)
    throw std::invalid_argument("not a point");
  return r;
}

static bool identity(const std::string& p) { return p == std::string(kPoint, '\0'); }

std::string scalar(const std::string& key, const std::string& label) {
  std::string r = reduce(keyed_hash512(key, label));
  if (identity(r)) throw std::invalid_argument("a zero scalar");  // probability 2^-252
  return r;
}

std::string point_from(const std::string& data) {
  init();
  std::string p(kPoint, '\0');
  crypto_core_ristretto255_from_hash(u(p), u(hash512(data)));
  return p;
}

bool valid_point(const std::string& p) {
  init();
  return p.size() == kPoint && !identity(p) && crypto_core_ristretto255_is_valid_point(u(p)) == 1;
}

std::string mul(const std::string& n, const std::string& p) {
  init();
  std::string q(kPoint, '\0');
  if (n.size() != kScalar || p.size() != kPoint || crypto_scalarmult_ristretto255(u(q), u(n), u(p)) != 0)
    throw std::invalid_argument("not a point, or a product that is the identity");
  return q;
}

// The generator's encoding (RFC 9496). Multiplied as any other point, not by
// crypto_scalarmult_ristretto255_base, whose table of precomputed multiples
// would add tens of kilobytes to the page for a little speed the game does not need.
static const std::string& generator() {
  static const std::string g = [] {
    static const unsigned char b[kPoint] = {0xe2, 0xf2, 0xae, 0x0a, 0x6a, 0xbc, 0x4e, 0x71, 0xa8, 0x84, 0xa9,
                                            0x61, 0xc5, 0x00, 0x51, 0x5f, 0x58, 0xe3, 0x0b, 0x6a, 0xa5, 0x82,
                                            0xdd, 0x8d, 0xb6, 0xa6, 0x59, 0x45, 0xe0, 0x8d, 0x2d, 0x76};
    return std::string(reinterpret_cast<const char*>(b), kPoint);
  }();
  return g;
}

std::string mul_base(const std::string& n) { return mul(n, generator()); }

std::string inverse(const std::string& n) {
  std::string r(kScalar, '\0');
  if (n.size() != kScalar || crypto_core_ristretto255_scalar_invert(u(r), u(n)) != 0)
    throw std::invalid_argument("a zero scalar");
  return r;
}

std::string times(const std::string& a, const std::string& b) {
  if (a.size() != kScalar || b.size() != kScalar) throw std::invalid_argument("not a scalar");
  return smul(a, b);
}

// The challenge: every point of the statement and the commitments, with the context, hashed to a scalar.
static std::string challenge(const std::string& label, const std::string& context,
                             const std::vector<std::string>& points) {
  std::string b = label;
  b += char(context.size() & 0xff), b += char(context.size() >> 8 & 0xff), b += context;
  for (const std::string& p : points) b += p;
  return reduce(hash512(b));
}

std::string prove_unlock(const std::string& x, const std::string& in, const std::string& context) {
  std::string K = mul_base(x), out = mul(inverse(x), in);
  std::string w = scalar(x, "gamut nonce unlock" + context + in);
  std::string e = challenge("gamut unlock", context, {K, in, out, mul_base(w), mul(w, out)});
  return e + sadd(w, smul(e, x));
}

bool check_unlock(const std::string& K, const std::string& in, const std::string& out, const std::string& proof,
                  const std::string& context) {
  if (proof.size() != 2 * kScalar || !valid_point(K) || !valid_point(in) || !valid_point(out)) return false;
  try {
    std::string e = proof.substr(0, kScalar), z = proof.substr(kScalar);
    std::string A1 = psub(mul_base(z), mul(e, K)), A2 = psub(mul(z, out), mul(e, in));
    return equal(challenge("gamut unlock", context, {K, in, out, A1, A2}), e);
  } catch (const std::invalid_argument&) {
    return false;
  }
}

static std::string times_base(const std::string& n, const std::string& base) {
  return base.empty() ? mul_base(n) : mul(n, base);
}

std::string prove_not(const std::string& x, const std::string& V, const std::string& Q, const std::string& context,
                      const std::string& base) {
  std::string K = times_base(x, base), D = psub(mul(x, Q), V);
  if (identity(D)) throw std::invalid_argument("the card is the one it would be shown not to be");
  std::string r = scalar(x, "gamut nonce not" + context + V + Q + base);
  std::string Z = mul(r, D), a = smul(r, x), b = sneg(r);
  std::string w1 = scalar(x, "gamut nonce not 1" + context + V + Q + base),
              w2 = scalar(x, "gamut nonce not 2" + context + V + Q + base);
  std::string T1 = padd(mul(w1, Q), mul(w2, V)), T2 = padd(times_base(w1, base), mul(w2, K));
  std::string e = challenge("gamut not", context, {base, K, V, Q, Z, T1, T2});
  return Z + e + sadd(w1, smul(e, a)) + sadd(w2, smul(e, b));
}

bool check_not(const std::string& K, const std::string& V, const std::string& Q, const std::string& proof,
               const std::string& context, const std::string& base) {
  if (proof.size() != kPoint + 3 * kScalar || !valid_point(K) || !valid_point(V) || !valid_point(Q)) return false;
  if (!base.empty() && !valid_point(base)) return false;
  std::string Z = proof.substr(0, kPoint), e = proof.substr(kPoint, kScalar),
              s1 = proof.substr(kPoint + kScalar, kScalar), s2 = proof.substr(kPoint + 2 * kScalar);
  if (!valid_point(Z)) return false;  // the identity would say V = x Q
  try {
    std::string T1 = psub(padd(mul(s1, Q), mul(s2, V)), mul(e, Z)), T2 = padd(times_base(s1, base), mul(s2, K));
    return equal(challenge("gamut not", context, {base, K, V, Q, Z, T1, T2}), e);
  } catch (const std::invalid_argument&) {
    return false;
  }
}

static std::string ssub(const std::string& a, const std::string& b) {
  std::string r(kScalar, '\0');
  crypto_core_ristretto255_scalar_sub(u(r), u(a), u(b));
  return r;
}

std::string prove_in(const std::string& x, const std::string& V, const std::vector<std::string>& Q, size_t t,
                     const std::string& context) {
  if (t >= Q.size()) throw std::invalid_argument("no such point");
  std::string K = mul_base(x), all;
  for (const std::string& q : Q) all += q;
  if (!equal(mul(x, Q[t]), V)) throw std::invalid_argument("the card is none of those");
  std::vector<std::string> e(Q.size()), z(Q.size()), points = {K, V};
  points.insert(points.end(), Q.begin(), Q.end());
  std::string w = scalar(x, "gamut nonce in" + context + V + all), sum(kScalar, '\0');
  for (size_t j = 0; j < Q.size(); ++j) {
    if (j == t) {
      points.push_back(mul_base(w)), points.push_back(mul(w, Q[j]));
      continue;
    }
    // The other branches simulated: a challenge and an answer chosen first.
    e[j] = scalar(x, "gamut nonce in e" + context + V + all + char(j));
    z[j] = scalar(x, "gamut nonce in z" + context + V + all + char(j));
    points.push_back(psub(mul_base(z[j]), mul(e[j], K)));
    points.push_back(psub(mul(z[j], Q[j]), mul(e[j], V)));
    sum = sadd(sum, e[j]);
  }
  e[t] = ssub(challenge("gamut in", context, points), sum);
  z[t] = sadd(w, smul(e[t], x));
  std::string proof;
  for (size_t j = 0; j < Q.size(); ++j) proof += e[j] + z[j];
  return proof;
}

bool check_in(const std::string& K, const std::string& V, const std::vector<std::string>& Q, const std::string& proof,
              const std::string& context) {
  if (Q.empty() || proof.size() != 2 * kScalar * Q.size() || !valid_point(K) || !valid_point(V)) return false;
  try {
    std::vector<std::string> points = {K, V};
    points.insert(points.end(), Q.begin(), Q.end());
    std::string sum(kScalar, '\0');
    for (size_t j = 0; j < Q.size(); ++j) {
      if (!valid_point(Q[j])) return false;
      std::string e = proof.substr(2 * kScalar * j, kScalar), z = proof.substr(2 * kScalar * j + kScalar, kScalar);
      points.push_back(psub(mul_base(z), mul(e, K)));
      points.push_back(psub(mul(z, Q[j]), mul(e, V)));
      sum = sadd(sum, e);
    }
    return equal(challenge("gamut in", context, points), sum);
  } catch (const std::invalid_argument&) {
    return false;
  }
}

}  // namespace gamut::crypto
