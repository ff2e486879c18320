// benchbox/module.hpp: the module API, the one header a module's module.cpp includes.
//
// A module is one family of benchmarks (coroutines, JSON parsers, hash maps...). It declares its
// cases: what one operation is, the figures each case reports and which way is better, its
// parameter axes (each a number or a name from a list) and the points of the full suite, and how
// a trial's proof of work is verified. Modules register themselves from their own folder
// (modules/<id>/module.cpp); the driver never lists them and knows none of their concepts.
// docs/adding.md says what a module writes.
//
// The pieces, each its own header under benchbox/module/: figure.hpp (what a row reports),
// axis.hpp (a case's parameters), point.hpp (where a row runs), verification.hpp (traits, proof,
// verifiers), case.hpp (CaseSpec), registry.hpp (Module, ModuleRegistration), file_facts.hpp
// (what verification knows of an input file, read once).
#pragma once

#include <benchbox/module/axis.hpp>
#include <benchbox/module/case.hpp>
#include <benchbox/module/figure.hpp>
#include <benchbox/module/file_facts.hpp>
#include <benchbox/module/point.hpp>
#include <benchbox/module/registry.hpp>
#include <benchbox/module/verification.hpp>
