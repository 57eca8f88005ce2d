// The one include of nlohmann/json. Its const operator[] asserts on a missing
// key, which is undefined behaviour in a release build: a damaged rules-data
// file would read freed memory instead of being refused. Every file includes
// this header so the whole program agrees on a throwing JSON_ASSERT.
#pragma once
#include <string>

namespace gamut {
[[noreturn]] void json_assert_failed(const char* what);
}

#define JSON_ASSERT(x) ((x) ? (void)0 : gamut::json_assert_failed(#x))
#include <nlohmann/json.hpp>
