// The machine a run was measured on (docs/results-schema.md, context.machine): the name it was
// given (--machine, BENCHBOX_MACHINE, else the host name) and its fingerprint, a short hash of the
// hardware that keeps apart two machines that share a name. Files written before the machine
// object are read from their context's own fields: their name is their host name.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace benchbox {

struct MachineId {
  std::string name;
  std::string fingerprint;  // 8 hex digits
};

// The fingerprint of a machine object (or of an older file's context): what does not change
// while the machine is the same one and every results file has recorded, hashed: CPU model, CPU
// count, architecture, virtualised or not. The kernel, the distribution and the compiler are
// recorded beside it but not hashed: an upgrade leaves a machine's runs one line in `trend`. Nor
// is the memory, which older files lack: hashed, it split every stored machine in two, its runs
// before and after (docs/store.md, "One machine, one line").
std::string machine_fingerprint(const nlohmann::json& fields);

// The run's machine, from context.machine when the file has one, else from its older fields.
MachineId machine_of(const nlohmann::json& context);

// "name [fingerprint]": the store's key of a machine, one per machine however named.
std::string machine_key(const MachineId& machine);

}  // namespace benchbox
