// A store's location may hold a password (docs/store.md, "Secrets"): it is taken out of anything
// benchbox writes or says, the results file's command line, the store's rows, messages, the lock.
// Here, below the results file and the store, so that both take it out.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace benchbox {

// `text` with every secret of a PostgreSQL connection replaced by "***": a URL's password
// (postgresql://user:***@host/db), a URL's query parameter password= or sslpassword= (its name
// percent-decoded as libpq decodes it), and a keyword/value string's password= or sslpassword=
// (quoted or not). Everything else as it was.
std::string without_secrets(const std::string& text);
std::vector<std::string> without_secrets(const std::vector<std::string>& words);

// A results file's context with its command line (an array of words, or a text) without secrets:
// what every results file written and every stored run holds, whatever file it was read from.
nlohmann::json context_without_secrets(nlohmann::json context);

}  // namespace benchbox
