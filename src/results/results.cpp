#include "results/results.hpp"

namespace benchbox {

const FigureValues* Measurement::extra(const std::string& id) const {
  for (const auto& e : extra_figures)
    if (e.spec.id == id) return &e;
  return nullptr;
}

}  // namespace benchbox
