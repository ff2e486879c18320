// A store's location may hold a password (docs/store.md, "Secrets"): it is taken out of anything
// benchbox writes or says, the results file's command line, the store's rows, messages, the lock.
#pragma once

#include <string>
#include <vector>

namespace benchbox::store {

// `text` with every secret of a PostgreSQL connection replaced by "***": a URL's password
// (postgresql://user:***@host/db), a URL's query parameter password= or sslpassword= (its name
// percent-decoded as libpq decodes it), and a keyword/value string's password= or sslpassword=
// (quoted or not). Everything else as it was.
std::string without_secrets(const std::string& text);
std::vector<std::string> without_secrets(const std::vector<std::string>& words);

}  // namespace benchbox::store
