// What an engine's adapter implements: its open database (Store) and how to open one (Opener).
// The module's shared code (kvstore_adapter.hpp) calls these and nothing else, so every engine is
// driven, timed and proven by the same loops.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace benchbox::kvstore {

// How a database is opened: `sync` true at the `commit` level (each commit durable when it
// returns), false at `none` (the engine's fastest documented setting, no sync).
struct Settings {
  bool sync = false;
};

class Store {
 public:
  virtual ~Store() = default;
  // A write transaction: begin(), puts or removes, commit(). At `commit` the transaction is
  // durable when commit() returns.
  virtual void begin() {}
  virtual void put(std::string_view key, std::string_view value) = 0;
  // false: the engine says the key was not there (an engine that does not say returns true; the
  // read-back after the clock proves every record gone).
  virtual bool remove(std::string_view key) = 0;
  virtual void commit() {}
  // The key's value, valid until the next call on the store, or nothing.
  virtual std::optional<std::string_view> get(std::string_view key) = 0;
  // Every record in the engine's key order (only engines whose library.json says "ordered").
  virtual void scan(const std::function<void(std::string_view key, std::string_view value)>& visit) = 0;
  // The records the database holds, as the engine counts them (or a walk over them).
  virtual std::uint64_t count() = 0;
  // Everything written reaches the database's files (synced at `commit`) and background work
  // ends; the store is unusable after it.
  virtual void close() = 0;
};

// Opens (creating when empty) the database in `folder`, a folder of its own.
using Opener = std::function<std::unique_ptr<Store>(const std::filesystem::path& folder, const Settings&)>;

// A C library's status: `ok` expected, anything else ends the trial with the call named.
inline void check(bool ok, const char* call, const std::string& detail = {}) {
  if (!ok) throw std::runtime_error(std::string(call) + " failed" + (detail.empty() ? "" : ": " + detail));
}

}  // namespace benchbox::kvstore
