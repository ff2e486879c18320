// Writes the compression module's data sets, deterministically (the same bytes on every machine
// with the same word list): generate <data dir> <bytes> [<word list>]
//   text.bin     English-like text: words of Debian's wamerican list drawn with a Zipf-like
//                (log-uniform rank) law, in sentences and paragraphs wrapped at 72 columns;
//   log.bin      web-server log lines: increasing timestamps, addresses, requests, statuses, sizes;
//   records.bin  32-byte little-endian binary records (ids, times, prices, categories, customers);
//   random.bin   incompressible bytes (splitmix64).
// Each file has exactly <bytes> bytes. Without a word list, text.bin is not written.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "../../../include/yardstick/splitmix.hpp"

namespace {

struct SplitMix64 : yardstick::SplitMix {
  std::uint64_t below(std::uint64_t n) { return next() % n; }
  double unit() { return static_cast<double>(next() >> 11) / 9007199254740992.0; }
  // A rank in [0, n) with a log-uniform law: rank r about 1/r as likely as rank 1 (Zipf-like).
  std::uint64_t zipf(std::uint64_t n) { return static_cast<std::uint64_t>(std::pow(static_cast<double>(n), unit())) - 1; }
};

// Lower-case ASCII words of the list (no possessives, no accents), in the list's order.
std::vector<std::string> read_words(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> words;
  for (std::string w; std::getline(in, w);) {
    bool plain = !w.empty();
    for (char c : w) plain = plain && c >= 'a' && c <= 'z';
    if (plain) words.push_back(w);
  }
  return words;
}

std::string text(std::size_t size, const std::vector<std::string>& words) {
  SplitMix64 rng{1};
  std::string out, line;
  auto emit = [&](const std::string& word) {
    if (!line.empty() && line.size() + 1 + word.size() > 72) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  };
  while (out.size() < size) {
    for (std::uint64_t s = 3 + rng.below(5); s > 0; --s) {
      const std::uint64_t n = 5 + rng.below(16);
      for (std::uint64_t i = 0; i < n; ++i) {
        std::string w = words[rng.zipf(words.size())];
        if (i == 0) w[0] = static_cast<char>(w[0] - 'a' + 'A');
        if (i + 1 == n) w += rng.below(8) == 0 ? "?" : ".";
        else if (rng.below(10) == 0) w += ",";
        emit(w);
      }
    }
    out += line + "\n\n";
    line.clear();
  }
  return out;
}

std::string log_lines(std::size_t size) {
  SplitMix64 rng{2};
  static const char* methods[] = {"GET", "GET", "GET", "GET", "POST", "PUT", "DELETE"};
  static const char* paths[] = {"/api/v1/users/%u", "/api/v1/users/%u/orders", "/api/v1/orders/%u/items",
                                "/static/js/app.%u.js", "/images/products/%u.jpg", "/search?q=item%u&page=2", "/health"};
  static const char* agents[] = {"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
                                 "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/119.0 Safari/537.36",
                                 "curl/7.88.1", "python-requests/2.28.1", "Go-http-client/1.1"};
  static const int statuses[] = {200, 200, 200, 200, 200, 200, 304, 404, 500, 201};
  std::uint64_t ms = 1767225600000ull;  // 2026-01-01T00:00:00Z
  std::string out;
  char line[512], path[128];
  while (out.size() < size) {
    ms += rng.below(250);
    const std::uint64_t s = ms / 1000;
    std::snprintf(path, sizeof path, paths[rng.zipf(7)], static_cast<unsigned>(rng.zipf(100000)));
    std::snprintf(line, sizeof line, "2026-01-%02u %02u:%02u:%02u.%03u 10.%u.%u.%u %s %s %d %u %u.%03us \"%s\"\n",
                  static_cast<unsigned>(1 + s / 86400 % 28), static_cast<unsigned>(s / 3600 % 24),
                  static_cast<unsigned>(s / 60 % 60), static_cast<unsigned>(s % 60), static_cast<unsigned>(ms % 1000),
                  static_cast<unsigned>(rng.zipf(4)), static_cast<unsigned>(rng.zipf(256)),
                  static_cast<unsigned>(rng.below(256)), methods[rng.below(7)], path, statuses[rng.below(10)],
                  static_cast<unsigned>(rng.zipf(60000)), static_cast<unsigned>(rng.zipf(3)),
                  static_cast<unsigned>(rng.below(1000)), agents[rng.zipf(5)]);
    out += line;
  }
  return out;
}

void put(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>(v >> (8 * i) & 0xff);
}

std::string records(std::size_t size) {
  SplitMix64 rng{3};
  std::string out;
  std::uint64_t id = 1000000, time = 1767225600;
  std::int64_t price = 250000;
  while (out.size() < size) {
    time += rng.below(30);
    price += static_cast<std::int64_t>(rng.below(201)) - 100;
    put(out, id++, 8);
    put(out, time, 4);
    put(out, static_cast<std::uint64_t>(price), 4);
    put(out, rng.zipf(16), 2);           // category
    put(out, 1 + rng.zipf(100), 2);      // quantity
    put(out, rng.zipf(5000), 4);         // customer
    put(out, rng.below(4) == 0 ? rng.next() : 0, 8);  // an optional reference
  }
  return out;
}

std::string random_bytes(std::size_t size) {
  SplitMix64 rng{4};
  std::string out;
  while (out.size() < size) put(out, rng.next(), 8);
  return out;
}

bool write(const std::string& dir, const std::string& name, std::string bytes, std::size_t size) {
  bytes.resize(size);
  const std::string path = dir + "/" + name + ".bin", temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) return false;
  }
  return std::rename(temp.c_str(), path.c_str()) == 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: generate <data dir> <bytes> [<word list>]\n";
    return 2;
  }
  const std::string dir = argv[1];
  const auto size = static_cast<std::size_t>(std::strtoull(argv[2], nullptr, 10));
  bool ok = write(dir, "log", log_lines(size), size) && write(dir, "records", records(size), size) &&
            write(dir, "random", random_bytes(size), size);
  if (argc > 3) {
    const auto words = read_words(argv[3]);
    if (words.size() < 1000) {
      std::cerr << "generate: " << argv[3] << " holds " << words.size() << " plain words, too few for text.bin\n";
      return 1;
    }
    ok = ok && write(dir, "text", text(size, words), size);
  }
  if (!ok) std::cerr << "generate: cannot write into " << dir << "\n";
  return ok ? 0 : 1;
}
