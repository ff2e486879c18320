#include "module_api/user_file.hpp"

#include <openssl/evp.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>

namespace benchbox {
namespace fs = std::filesystem;

std::string sha256_of_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot be read (" + std::string(std::strerror(errno)) + ")");
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1) throw std::runtime_error("SHA-256 unavailable");
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
    EVP_DigestUpdate(ctx.get(), buffer, static_cast<std::size_t>(in.gcount()));
  if (in.bad()) throw std::runtime_error("read error (" + std::string(std::strerror(errno)) + ")");
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_DigestFinal_ex(ctx.get(), digest, &size);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned i = 0; i < size; ++i) out += {hex[digest[i] >> 4], hex[digest[i] & 15]};
  return out;
}

AxisValue user_file_param(const AxisSpec& spec, const std::string& where, const std::string& text) {
  auto refuse = [&](const std::string& why) { return std::invalid_argument(where + ": '" + text + "': " + why); };
  std::error_code ec;
  const fs::path path = fs::absolute(text, ec).lexically_normal();
  const auto status = fs::status(path, ec);
  if (status.type() == fs::file_type::none) throw refuse(ec.message());  // e.g. a folder on the way that cannot be searched
  if (!fs::exists(status)) {
    std::string known;
    for (const auto& c : spec.choices) known += (known.empty() ? "" : ", ") + c;
    throw refuse("no such file, and not one of " + known);
  }
  if (fs::is_directory(status)) throw refuse("a directory, not a file");
  // Every library's adapter opens the file again: a pipe or a device would not give them the same bytes.
  if (!fs::is_regular_file(status)) throw refuse("not a regular file (each library reads it again, which a pipe or a device does not allow)");
  AxisValue value{path.string(), std::nullopt, UserFile{}};
  try {
    value.file->sha256 = sha256_of_file(path);
  } catch (const std::runtime_error& e) {
    throw refuse(e.what());
  }
  value.file->bytes = fs::file_size(path, ec);
  if (ec) throw refuse("its size cannot be read");
  if (value.file->bytes == 0) {
    const std::string full = path.string();  // normalized: ../../proc/x is /proc/x
    const bool kernel_file = full.rfind("/proc/", 0) == 0 || full.rfind("/sys/", 0) == 0;
    throw refuse(kernel_file ? "reports size 0, as files of /proc and /sys do: copy it to a file first" : "empty");
  }
  if (auto wrong = spec.user_file(path)) throw refuse(*wrong);
  return value;
}

}  // namespace benchbox
