# What benchbox's core and every module build need from the system (Debian packages listed in
# scripts/project.json). Included by the top-level CMakeLists.txt and by a tree of modules built
# against a benchbox build (tests/docs/tree/CMakeLists.txt), which links the same core.
find_package(CLI11 REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(fmt REQUIRED)
find_package(PkgConfig)
find_package(Threads REQUIRED)
# SHA-256 of the user's own files (src/module_api/user_file.cpp): Debian's libssl-dev.
find_package(OpenSSL REQUIRED COMPONENTS Crypto)
# The results store (src/store/): SQLite (libsqlite3-dev) by default, PostgreSQL's client library
# (libpq-dev) for a team's server.
find_package(SQLite3 REQUIRED)
pkg_check_modules(LIBPQ REQUIRED IMPORTED_TARGET libpq)
