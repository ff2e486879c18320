// --format csv: one row per result under a header line; RFC 4180 quoting, LF line ends.
#include <fmt/format.h>

#include "report/escape.hpp"
#include "report/reporter.hpp"

namespace benchbox {
namespace {

std::string number(double v) { return fmt::format("{:.6g}", v); }

class CsvReporter : public Reporter {
 public:
  using Reporter::Reporter;
  std::string render(const Results& results) const override {
    // The figure's columns are named by its id and unit in every row (ns_per_op, bytes_per_...),
    // so a file mixing figures stays readable.
    std::string out =
        "module,case,param,param_label,unit,library,version,reference,status,verified,ops,reps,figure,figure_unit,"
        "lower_is_better,median,mean,min,max,stddev,mad,rate,rate_unit,relative,vs_ref,peak_rss_bytes,extra_figures,reason,"
        "variant,variant_label,cpus,figure_summary,robust_quantile,robust,robust_ci_low,robust_ci_high,robust_ci_level,vs_mean\n";
    for (const auto& g : groups(results)) {
      std::vector<const Measurement*> rows = g.rows;
      rows.insert(rows.end(), g.unavailable.begin(), g.unavailable.end());
      for (const auto* m : rows) {
        const bool ok = m->ok();
        const Summary& s = m->summary;
        std::vector<std::string> f = {csv_field(m->module), csv_field(m->case_id), csv_field(m->point.key()),
                                      csv_field(m->param_label), csv_field(m->unit), csv_field(m->library),
                                      csv_field(m->version), m->reference ? "true" : "false", to_string(m->status),
                                      m->verified ? "true" : "false", std::to_string(m->ops), std::to_string(m->values.size()),
                                      csv_field(m->figure.id), csv_field(m->figure.unit),
                                      m->figure.lower_is_better ? "true" : "false"};
        for (double v : {s.median, s.mean, s.min, s.max, s.stddev, s.mad}) f.push_back(ok ? number(v) : "");
        f.push_back(ok && m->rate() > 0 ? number(m->rate()) : "");
        f.push_back(ok && m->rate() > 0 ? csv_field(m->rate_unit) : "");
        f.push_back(ok ? fmt::format("{:.4f}", g.relative(*m)) : "");
        f.push_back(ok && m->reference_ratio ? fmt::format("{:.4f}", m->reference_ratio->median) : "");
        f.push_back(m->peak_rss_bytes ? std::to_string(m->peak_rss_bytes) : "");
        std::vector<std::string> extras;  // "id=median" each, in the figure's own unit
        for (const auto& e : m->extra_figures) extras.push_back(e.spec.id + "=" + number(e.summary.median));
        f.push_back(csv_field(fmt::format("{}", fmt::join(extras, ";"))));
        f.push_back(csv_field(m->reason));
        f.push_back(csv_field(m->variant));
        f.push_back(csv_field(m->variant.empty() ? "" : m->row_name()));
        f.push_back(std::to_string(m->cpus));
        f.push_back(to_string(m->figure.summary));
        const auto robust = m->robust();  // new columns go last: readers of older files keep their indices
        f.push_back(robust ? number(m->robust_quantile()) : "");
        for (double v : {robust ? robust->value : 0, robust ? robust->ci_low : 0, robust ? robust->ci_high : 0,
                         robust ? robust->ci_level : 0})
          f.push_back(robust ? number(v) : "");
        const auto vs_mean = ok ? g.vs_mean(*m) : std::nullopt;
        f.push_back(vs_mean ? number(*vs_mean) : "");
        out += fmt::format("{}\n", fmt::join(f, ","));
      }
    }
    return out;
  }
};
}  // namespace

std::unique_ptr<Reporter> make_csv_reporter(const ReportOptions& options) { return std::make_unique<CsvReporter>(options); }

}  // namespace benchbox
