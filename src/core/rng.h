// Small, fast, portable RNG. The same seed gives the same stream on every
// platform (native and wasm), which saves and share codes depend on.
#pragma once
#include <cstdint>
#include <utility>

namespace gamut {

inline uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

struct Rng {
  uint64_t s[2];
  explicit Rng(uint64_t seed = 1) { seed_with(seed); }
  void seed_with(uint64_t seed) {
    s[0] = splitmix64(seed);
    s[1] = splitmix64(seed);
  }
  uint64_t next() {  // xoroshiro128+
    uint64_t s0 = s[0], s1 = s[1], r = s0 + s1;
    s1 ^= s0;
    s[0] = ((s0 << 24) | (s0 >> 40)) ^ s1 ^ (s1 << 16);
    s[1] = (s1 << 37) | (s1 >> 27);
    return r;
  }
  // Lemire's method would be faster; modulo bias at n < 2^16 is below 1e-14.
  int below(int n) { return int(next() % uint64_t(n)); }
  double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
  template <class T>
  void shuffle(T& v) {
    for (int i = int(v.size()) - 1; i > 0; --i) {
      int j = below(i + 1);
      typename T::value_type t = v[i];
      v[i] = v[j];
      v[j] = t;
    }
  }
};

}  // namespace gamut
