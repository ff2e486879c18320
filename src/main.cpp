#include "cli/cli.hpp"

int main(int argc, char** argv) { return benchbox::run_cli(argc, argv); }
