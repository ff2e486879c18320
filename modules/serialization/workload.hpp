// The serialization module's workload, defined once: the records a message holds, how they are
// generated, and the one order in which every library's graph is walked field by field.
//
// A message is a Batch of RECORDS records (the case's axis). A record has what records people
// serialize have: integers of several widths (u8, u16, i32, u32, u64, i64, some negative), a
// float and a double, a bool, short and longer strings, a nested message (Meta), a repeated field
// of small messages (Item) and an optional field. Every library's schema (.proto, .fbs, .capnp,
// .thrift) or serialize function in its folder describes exactly these fields.
//
// The walk (visit): each adapter writes the same walk over its library's own objects, calling a
// Fold with every field in this order. Two folds are used: Checksum (every byte of every field,
// after the clock: the proof) and Touch (each value added up, strings by length and first byte:
// what the `access` case's timed reading does with each field it reads).
#pragma once

#include <yardstick/splitmix.hpp>

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace benchbox::serialization::workload {

struct Item {
  std::uint32_t sku = 0;
  std::int32_t quantity = 0;  // negative for returns
  double price = 0;
  std::string label;
  bool operator==(const Item&) const = default;
};

struct Meta {
  std::string source;  // a host name
  std::uint16_t version = 0;
  std::int64_t created = 0;  // ms since the epoch
  bool operator==(const Meta&) const = default;
};

struct Record {
  std::uint64_t id = 0;         // any 64-bit value (varints of every width)
  std::int64_t timestamp = 0;   // ms since the epoch
  std::int32_t delta = 0;       // small, either sign
  std::uint8_t kind = 0;        // 0-15
  std::uint16_t flags = 0;
  bool active = false;
  float ratio = 0;
  double score = 0;
  std::string name;             // 3-12 letters
  std::string note;             // 0-10 words
  Meta meta;
  std::vector<Item> items;      // 0-4
  std::optional<std::uint32_t> parent;  // present in about half of the records
  bool operator==(const Record&) const = default;
};

struct Batch {
  std::vector<Record> records;
  bool operator==(const Batch&) const = default;
};

// The fields, for the walk and for error messages ("records[3].note").
enum class Field : std::uint8_t {
  records, id, timestamp, delta, kind, flags, active, ratio, score, name, note,
  meta_source, meta_version, meta_created, items, item_sku, item_quantity, item_price, item_label, parent
};

constexpr const char* field_name(Field f) {
  constexpr const char* names[] = {"records (count)", "id", "timestamp", "delta", "kind", "flags", "active", "ratio",
                                   "score", "name", "note", "meta.source", "meta.version", "meta.created",
                                   "items (count)", "items[].sku", "items[].quantity", "items[].price",
                                   "items[].label", "parent"};
  return names[static_cast<int>(f)];
}

namespace detail {
inline constexpr std::string_view kWords[] = {
    "alpha", "bravo", "cargo", "delta", "ember", "fjord", "gauge", "harbor", "index", "jetty", "kayak", "lumen",
    "metro", "north", "orbit", "pilot", "quartz", "relay", "sigma", "tango", "umber", "vector", "willow", "xenon",
    "yield", "zephyr", "anchor", "beacon", "copper", "dynamo", "engine", "falcon"};
inline constexpr std::string_view kHosts[] = {"db-1", "db-2", "edge-eu-3", "edge-us-1", "api", "batch-worker-07"};

inline std::string letters(yardstick::SplitMix& rng, std::size_t n) {
  std::string s(n, 'a');
  for (char& c : s) c = static_cast<char>('a' + rng.next() % 26);
  return s;
}

inline std::string words(yardstick::SplitMix& rng, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) (s += i ? " " : "") += kWords[rng.next() % std::size(kWords)];
  return s;
}
}  // namespace detail

// RECORDS records, the same on every machine and in every process (splitmix64, seed fixed).
inline Batch generate(std::size_t records) {
  yardstick::SplitMix rng{0x5e71a1153ull};
  Batch b;
  b.records.reserve(records);
  for (std::size_t i = 0; i < records; ++i) {
    Record r;
    r.id = rng.next() >> (rng.next() % 64);  // 1 to 64 significant bits
    r.timestamp = 1'700'000'000'000 + static_cast<std::int64_t>(rng.next() % 100'000'000);
    r.delta = static_cast<std::int32_t>(rng.next() % 2001) - 1000;
    r.kind = static_cast<std::uint8_t>(rng.next() % 16);
    r.flags = static_cast<std::uint16_t>(rng.next());
    r.active = rng.next() % 2;
    r.ratio = static_cast<float>(rng.next() % 1000) / 1000.0f;
    r.score = static_cast<double>(rng.next() >> 11) * 0x1.0p-53 * 1000.0;
    r.name = detail::letters(rng, 3 + rng.next() % 10);
    r.note = detail::words(rng, rng.next() % 11);
    r.meta = {std::string(detail::kHosts[rng.next() % std::size(detail::kHosts)]), static_cast<std::uint16_t>(1 + rng.next() % 9),
              r.timestamp - static_cast<std::int64_t>(rng.next() % 86'400'000)};
    for (std::size_t k = rng.next() % 5; k > 0; --k)
      r.items.push_back({static_cast<std::uint32_t>(rng.next() % 1'000'000), static_cast<std::int32_t>(rng.next() % 21) - 5,
                         static_cast<double>(rng.next() % 100'000) / 100.0, detail::words(rng, 1 + rng.next() % 2)});
    if (rng.next() % 2) r.parent = static_cast<std::uint32_t>(rng.next() % 100'000);
    b.records.push_back(std::move(r));
  }
  return b;
}

// A Fold takes every field: u (unsigned), i (signed), f (float or double, compared as double), b,
// s (string) and n (a count: of records, of items, of parent's presence, 0 or 1).

// The proof: FNV-1a over each field's tag and bytes; the order and count of fields are part of it.
struct Checksum {
  std::uint64_t h = 14695981039346656037ull;
  void byte(std::uint8_t c) { h = (h ^ c) * 1099511628211ull; }
  void word(Field f, std::uint64_t v) {
    byte(static_cast<std::uint8_t>(f));
    for (int k = 0; k < 8; ++k) byte(static_cast<std::uint8_t>(v >> (8 * k)));
  }
  void u(Field f, std::uint64_t v) { word(f, v); }
  void i(Field f, std::int64_t v) { word(f, static_cast<std::uint64_t>(v)); }
  void f(Field f, double v) { word(f, std::bit_cast<std::uint64_t>(v)); }
  void b(Field f, bool v) { word(f, v); }
  void n(Field f, std::uint64_t v) { word(f, v); }
  void s(Field f, std::string_view v) {
    word(f, v.size());
    for (char c : v) byte(static_cast<std::uint8_t>(c));
  }
};

// Inside the clock of `access`: every value read and added up; a string by its length and first
// byte (its view obtained, as a program that then uses it would), not hashed.
struct Touch {
  std::uint64_t sum = 0;
  void u(Field, std::uint64_t v) { sum += v; }
  void i(Field, std::int64_t v) { sum += static_cast<std::uint64_t>(v); }
  void f(Field, double v) { sum += std::bit_cast<std::uint64_t>(v); }
  void b(Field, bool v) { sum += v; }
  void n(Field, std::uint64_t v) { sum += v; }
  void s(Field, std::string_view v) { sum += v.size() + (v.empty() ? 0u : static_cast<std::uint8_t>(v.front())); }
};

// The walk of the workload's own graph: the order every adapter's walk of its objects follows.
template <class F>
void visit(const Batch& batch, F& f) {
  f.n(Field::records, batch.records.size());
  for (const Record& r : batch.records) {
    f.u(Field::id, r.id);
    f.i(Field::timestamp, r.timestamp);
    f.i(Field::delta, r.delta);
    f.u(Field::kind, r.kind);
    f.u(Field::flags, r.flags);
    f.b(Field::active, r.active);
    f.f(Field::ratio, r.ratio);
    f.f(Field::score, r.score);
    f.s(Field::name, r.name);
    f.s(Field::note, r.note);
    f.s(Field::meta_source, r.meta.source);
    f.u(Field::meta_version, r.meta.version);
    f.i(Field::meta_created, r.meta.created);
    f.n(Field::items, r.items.size());
    for (const Item& it : r.items) {
      f.u(Field::item_sku, it.sku);
      f.i(Field::item_quantity, it.quantity);
      f.f(Field::item_price, it.price);
      f.s(Field::item_label, it.label);
    }
    f.n(Field::parent, r.parent.has_value());
    if (r.parent) f.u(Field::parent, *r.parent);
  }
}

template <class F>
F folded(const Batch& batch) {
  F f;
  visit(batch, f);
  return f;
}

// Where two walks first differ, for the error message: every field as (tag, checksum of its value).
struct Trace {
  struct Entry {
    Field field;
    std::uint64_t value;
  };
  std::vector<Entry> entries;
  std::uint64_t one(Field f, auto put) {
    Checksum c;
    put(c);
    entries.push_back({f, c.h});
    return c.h;
  }
  void u(Field f, std::uint64_t v) { one(f, [&](Checksum& c) { c.u(f, v); }); }
  void i(Field f, std::int64_t v) { one(f, [&](Checksum& c) { c.i(f, v); }); }
  void f(Field f, double v) { one(f, [&](Checksum& c) { c.f(f, v); }); }
  void b(Field f, bool v) { one(f, [&](Checksum& c) { c.b(f, v); }); }
  void n(Field f, std::uint64_t v) { one(f, [&](Checksum& c) { c.n(f, v); }); }
  void s(Field f, std::string_view v) { one(f, [&](Checksum& c) { c.s(f, v); }); }
};

// "record 3's note" for the first entry where `got` differs from `want`; empty when they agree.
inline std::string first_difference(const Trace& want, const Trace& got) {
  std::size_t ids = 0;  // records begun so far: each begins with its id
  for (std::size_t k = 0; k < want.entries.size(); ++k) {
    const Trace::Entry& w = want.entries[k];
    if (w.field == Field::id) ++ids;
    const std::string where = ids ? "record " + std::to_string(ids - 1) + "'s " + field_name(w.field) : field_name(w.field);
    if (k >= got.entries.size()) return "the decoded graph ends before " + where;
    const Trace::Entry& g = got.entries[k];
    if (g.field != w.field || g.value != w.value)
      return where + " differs from the original" +
             (g.field != w.field ? std::string(" (the walk found ") + field_name(g.field) + ")" : "");
  }
  return got.entries.size() > want.entries.size() ? "the decoded graph has more fields than the original" : "";
}

}  // namespace benchbox::serialization::workload
