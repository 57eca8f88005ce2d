// Where games are kept: the browser's localStorage on the page, a map in the
// native tests. Every call reports failure instead of throwing: storage can be
// full, disabled or broken, and play must go on.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace gamut {

struct Storage {
  virtual ~Storage() = default;
  // False when the key is missing or storage is unavailable (err says which; "" for missing).
  virtual bool get(const std::string& key, std::string& value, std::string& err) const = 0;
  virtual std::string set(const std::string& key, const std::string& value) = 0;  // "" or the error
  virtual void remove(const std::string& key) = 0;
  virtual std::vector<std::string> keys(const std::string& prefix) const = 0;
};

// For tests: a map that can be made full (quota in bytes over all values) or disabled.
struct MemoryStorage : Storage {
  std::map<std::string, std::string> items;
  size_t quota = size_t(-1);
  bool disabled = false;

  bool get(const std::string& key, std::string& value, std::string& err) const override {
    err = disabled ? "storage is disabled" : "";
    auto it = items.find(key);
    if (disabled || it == items.end()) return false;
    value = it->second;
    return true;
  }
  std::string set(const std::string& key, const std::string& value) override {
    if (disabled) return "storage is disabled";
    size_t used = value.size();
    for (const auto& [k, v] : items) used += k == key ? 0 : v.size();
    if (used > quota) return "the storage quota is exceeded";
    items[key] = value;
    return "";
  }
  void remove(const std::string& key) override {
    if (!disabled) items.erase(key);
  }
  std::vector<std::string> keys(const std::string& prefix) const override {
    std::vector<std::string> out;
    if (!disabled)
      for (const auto& [k, v] : items)
        if (k.rfind(prefix, 0) == 0) out.push_back(k);
    return out;
  }
};

}  // namespace gamut
