#include "results/results.hpp"

namespace benchbox {

const FigureValues* Measurement::extra(const std::string& id) const {
  for (const auto& e : extra_figures)
    if (e.spec.id == id) return &e;
  return nullptr;
}

const char* to_string(Status s) {
  switch (s) {
    case Status::ok: return "ok";
    case Status::failed: return "failed";
    case Status::not_applicable: return "not_applicable";
    case Status::unavailable: return "unavailable";
  }
  return "failed";
}

}  // namespace benchbox
