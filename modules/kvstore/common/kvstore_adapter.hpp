// The kvstore module's adapter side: an engine's rows, their facts (library.json) and the cases.
//
// A library folder's adapter.cpp implements Store (store.hpp) for its engine and gives the
// Library an Opener per row: `add(open)` for an engine of one row, `add(variant, open)` for each
// row of several (Berkeley DB's B-tree and hash). The timed loops and the proof are the module's
// (workload.hpp). library.json, read at the adapter's start:
//   "notes"     how the cases map to the engine's calls;
//   "close"     what the close inside a write case's clock calls (its flush, its background work);
//   "ordered"   whether the engine keeps keys in order (readseq n/a otherwise);
//   "levels"    [{"level": "none" or "commit", "settings": what the engine is opened with}, or
//               {"level": ..., "unavailable": why the engine cannot offer it}];
//   "variants"  rows of several: [{"id", "label", "ordered", "notes"}].
#pragma once

#include <benchbox/adapter.hpp>
#include <benchbox/library_facts.hpp>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "workload.hpp"

namespace benchbox::kvstore {

class Library : public Adapter {
 public:
  using Adapter::Adapter;

  // The engine's one row.
  Library& add(Opener open) { return add("", std::move(open)); }
  // One row of several: `variant` is library.json's "variants" id.
  Library& add(std::string variant, Opener open) {
    openers_.emplace_back(std::move(variant), std::move(open));
    return *this;
  }

 protected:
  int serve(int argc, char** argv) override {
    const LibraryFacts facts = LibraryFacts::embedded();
    CaseInfo info{.notes = facts.text("notes"), .min_value = 1, .bytes_per_unit = 4 * (kKeyBytes + 4) + 256, .traits = {}};
    ordered_[""] = facts.boolean_or("ordered", false);
    info.traits.emplace_back("ordered", ordered_[""] ? "yes" : "no");
    info.traits.emplace_back("close", facts.text("close"));
    read_levels(facts, info);
    read_variants(facts);
    facts.done();
    for (const Case c : case_id.values())
      Adapter::add(case_id(c), info, [this, c](Trial& t) { run(t, c); });
    return Adapter::serve(argc, argv);
  }

 private:
  void read_levels(const LibraryFacts& facts, CaseInfo& info) {
    for (const LibraryFacts& level : facts.objects("levels")) {
      const std::string name = level.text("level");
      if (name != kNone && name != kCommit) level.problem("\"level\" is \"" + name + "\": none or commit");
      if (level.has("unavailable")) {
        unavailable_[name] = level.text("unavailable");
        info.traits.emplace_back("at " + name, "not offered: " + unavailable_[name]);
      } else {
        info.traits.emplace_back("at " + name, level.text("settings"));
      }
      level.done();
    }
  }

  void read_variants(const LibraryFacts& facts) {
    for (const LibraryFacts& v : facts.objects("variants")) {
      const std::string variant = v.text("id");
      ordered_[variant] = v.boolean_or("ordered", false);
      Adapter::variant(variant, {.label = v.text("label"), .notes = v.text("notes"), .traits = {{"ordered", ordered_[variant] ? "yes" : "no"}}});
      v.done();
    }
  }

  const Opener& opener(const Trial& t) const {
    for (const auto& [variant, open] : openers_)
      if (variant == t.variant()) return open;
    throw std::runtime_error("the adapter has no row '" + std::string(t.variant()) + "'");
  }

  void run(Trial& t, Case c) {
    const std::string variant(t.variant());
    if (c == Case::readseq && !ordered_[variant])
      throw NotApplicable("a hash engine keeps no key order: a scan visits the records in the table's order");
    if (writes(c)) {
      const auto level = unavailable_.find(std::string(t.axis_text(kDurabilityAxis)));
      if (level != unavailable_.end()) throw NotApplicable(level->second);
      run_writes(t, c, opener(t));
    } else if (c == Case::readseq) {
      run_scans(t, opener(t));
    } else {
      run_reads(t, c, opener(t));
    }
  }

  std::vector<std::pair<std::string, Opener>> openers_;
  std::map<std::string, bool> ordered_;               // by variant ("" for the library's own row)
  std::map<std::string, std::string> unavailable_;    // durability level -> why not offered
};

}  // namespace benchbox::kvstore
