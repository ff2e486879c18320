// Writes the trend of a small fixture as the browser test loads it (check_trend.sh): two points,
// four rows over six runs of one machine, one row 10% slower from run 4 (a change called), one
// run failed, a row named with markup, and three runs of a second machine.
// Usage: benchbox_trend_fixture DIR -> DIR/trend-{time,version,revision}.html, DIR/trend.svg, DIR/trend.txt
#include <cmath>
#include <fstream>
#include <iostream>

#include "report/trend.hpp"

using namespace benchbox;

namespace {

const std::string kMachine = "testhost / Test CPU <i> / 2 CPUs / x86_64";
const std::string kHostile = "tbox<script>console.error(2)</script><img src=x onerror=\"console.error(1)\">'&";

store::TrendRow row(long long run, const std::string& machine, const std::string& point, const std::string& lib, double ratio,
                    double ns) {
  store::TrendRow r;
  r.run_id = run;
  r.started = "2026-12-0" + std::to_string(1 + run / 4) + "T" + std::to_string(10 + run) + ":30:00Z";
  r.revision = run < 4 ? "0a1b2c3d4e" : "5f6a7b8c9d";
  r.machine = machine;
  r.point = point, r.point_label = point + " coroutines";
  r.row_id = lib, r.row_name = lib, r.library = lib;
  r.version = lib == "tbox" ? (run < 4 ? "1.7.3" : "1.7.4") : "1.0 <b>\"v\"</b>";
  r.status = "ok", r.verified = true;
  r.figure_id = "time", r.unit = "ns/op";
  const double wobble = 1 + 0.006 * std::sin(static_cast<double>(run * 7 + lib.size()));  // a little run-to-run noise
  r.ratio = ratio * wobble, r.ratio_low = *r.ratio * 0.99, r.ratio_high = *r.ratio * 1.01;
  r.median = ns * wobble, r.ci_low = *r.median * 0.985, r.ci_high = *r.median * 1.02;
  return r;
}

std::vector<store::TrendRow> fixture() {
  std::vector<store::TrendRow> rows;
  for (long long run = 1; run <= 6; ++run)
    for (const std::string point : {"2", "1000"}) {
      const double scale = point == "2" ? 1 : 3;
      const double slowed = run >= 4 ? 1.10 : 1.0;
      rows.push_back(row(run, kMachine, point, "floor", 0.3, 2.1 * scale));
      rows.push_back(row(run, kMachine, point, "tbox", 1.0 * slowed, 16.9 * scale * slowed));
      rows.push_back(row(run, kMachine, point, "boost.context", 0.6, 5.9 * scale));
      store::TrendRow hostile = row(run, kMachine, point, kHostile, 4.0, 70 * scale);
      if (run == 5) hostile.status = "failed", hostile.median.reset(), hostile.ratio.reset();
      rows.push_back(hostile);
    }
  for (long long run = 7; run <= 9; ++run) rows.push_back(row(run, "laptop / Other CPU / 8 CPUs / x86_64", "2", "tbox", 1.05, 12.0));
  return rows;
}

void write(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: benchbox_trend_fixture DIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  const auto series = store::trend_series(fixture(), {});
  const std::string title = "coroutine switch";
  write(dir + "/trend-time.html", trend_html(series, TrendAxis::time, title));
  write(dir + "/trend-version.html", trend_html(series, TrendAxis::version, title));
  write(dir + "/trend-revision.html", trend_html(series, TrendAxis::revision, title));
  write(dir + "/trend.svg", trend_svg(series, TrendAxis::time, title));
  write(dir + "/trend.txt", trend_text(series, TrendAxis::time, title));
  return 0;
}
