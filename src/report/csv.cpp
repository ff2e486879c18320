// --format csv: one row per result under a header line; RFC 4180 quoting, LF line ends.
#include <fmt/format.h>

#include "escape.hpp"
#include "reporter.hpp"

namespace benchbox {
namespace {

std::string number(double v) { return fmt::format("{:.6g}", v); }

class CsvReporter : public Reporter {
 public:
  std::string render(const Results& results) const override {
    std::string out =
        "module,case,param,param_label,unit,library,version,status,verified,ops,reps,ns_per_op,ns_per_op_mean,"
        "ns_per_op_min,ns_per_op_max,ns_per_op_stddev,ns_per_op_mad,ops_per_second,relative,reason\n";
    for (const auto& g : group_by_case(results)) {
      const Measurement* fastest = g.fastest();
      for (const auto* m : g.rows) {
        const bool ok = m->status == Status::ok;
        const Summary& s = m->summary;
        std::vector<std::string> f = {csv_field(m->module), csv_field(m->case_id), std::to_string(m->param),
                                      csv_field(m->param_label), csv_field(m->unit), csv_field(m->library),
                                      csv_field(m->version), to_string(m->status), m->verified ? "true" : "false",
                                      std::to_string(m->ops), std::to_string(m->ns_per_op.size())};
        for (double v : {s.median, s.mean, s.min, s.max, s.stddev, s.mad, m->ops_per_second()})
          f.push_back(ok ? number(v) : "");
        f.push_back(ok && fastest ? fmt::format("{:.4f}", s.median / fastest->summary.median) : "");
        f.push_back(csv_field(m->reason));
        out += fmt::format("{}\n", fmt::join(f, ","));
      }
    }
    return out;
  }
};
}  // namespace

std::unique_ptr<Reporter> make_csv_reporter() { return std::make_unique<CsvReporter>(); }

}  // namespace benchbox
