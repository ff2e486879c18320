// lua: Lua 5.4's coroutines (Lua threads) driven from C. Each coroutine is a Lua thread made with
// lua_newthread whose body is a C function: it counts its entry and yields with lua_yieldk, naming
// itself as the continuation, so every later lua_resume runs the continuation, which counts and
// yields again. No Lua bytecode runs: this is the cost of Lua's resume/yield machinery itself.
#include <lua.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "../common/coroutine_adapter.hpp"

using namespace benchbox::coroutine;

namespace {

// SwitchTally::body() as continuations: the first entry yields (priming); each later one counts
// a turn down in Body (a continuation keeps no locals across a yield) and yields again; the entry
// after the last turn says the body finished.
struct Body {
  SwitchTally* tally;
  std::size_t index;
  std::uint64_t turns_left;
};

int continuation(lua_State* co, int /*status*/, lua_KContext ctx) {
  auto* self = reinterpret_cast<Body*>(ctx);
  if (self->turns_left-- == 0) self->tally->finished(self->index);
  return lua_yieldk(co, 0, ctx, continuation);
}

int body(lua_State* co) {
  const auto ctx = reinterpret_cast<lua_KContext>(lua_touserdata(co, lua_upvalueindex(1)));
  return lua_yieldk(co, 0, ctx, continuation);  // the priming entry
}

void resume(lua_State* co, lua_State* from) {
  int results = 0;
  if (lua_resume(co, from, 0, &results) != LUA_YIELD) throw std::runtime_error(lua_tostring(co, -1));
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  lua_State* L = luaL_newstate();
  if (!L) throw std::runtime_error("luaL_newstate failed");
  // The threads stay referenced from a table in the main state, so the collector keeps them.
  lua_createtable(L, static_cast<int>(n), 0);
  std::vector<Body> bodies(n);
  std::vector<lua_State*> threads(n);
  for (std::size_t i = 0; i < n; ++i) {
    bodies[i] = Body{&tally, i, tally.turns() / 2};
    threads[i] = lua_newthread(L);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    lua_pushlightuserdata(threads[i], &bodies[i]);
    lua_pushcclosure(threads[i], body, 1);
  }
  tally.drive([&](std::size_t i) { resume(threads[i], L); });
  tally.finish();
  lua_close(L);
}

// Create: K Lua threads at a time (lua_newthread, kept in a table), each resumed once with its id;
// the body returns (LUA_OK); the table's slots are cleared so that the collector frees the
// threads, Lua's own way of releasing them.
CreateTally* create_tally = nullptr;

int create_body(lua_State* co) {
  create_tally->entered(static_cast<std::uint64_t>(lua_tointeger(co, 1)));
  create_tally->completed();
  return 0;
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  create_tally = &tally;
  const auto k = static_cast<int>(tally.alive());
  lua_State* L = luaL_newstate();
  if (!L) throw std::runtime_error("luaL_newstate failed");
  lua_createtable(L, k, 0);
  std::vector<lua_State*> batch(static_cast<std::size_t>(k));
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (int j = 0; j < k; ++j) {
      batch[static_cast<std::size_t>(j)] = lua_newthread(L);
      lua_rawseti(L, -2, j + 1);
    }
    for (auto co : batch) {
      lua_pushcfunction(co, create_body);
      lua_pushinteger(co, static_cast<lua_Integer>(++id));
      int results = 0;
      if (lua_resume(co, L, 1, &results) != LUA_OK) throw std::runtime_error(lua_tostring(co, -1));
    }
    for (int j = 0; j < k; ++j) {
      lua_pushnil(L);
      lua_rawseti(L, -2, j + 1);
    }
  }
  tally.stop();
  tally.finish();
  lua_close(L);
  create_tally = nullptr;
}

// Memory: N Lua threads, each resumed once and suspended in lua_yieldk; resumed again after the
// measurement, the continuation completes.
MemoryTally* memory_tally = nullptr;

int memory_continuation(lua_State*, int, lua_KContext) {
  memory_tally->completed();
  return 0;
}

int memory_body(lua_State* co) {
  const auto i = static_cast<std::uint64_t>(lua_tointeger(co, 1));
  memory_tally->entered(i);
  return lua_yieldk(co, 0, 0, memory_continuation);
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  memory_tally = &tally;
  const std::size_t n = tally.coroutines();
  lua_State* L = luaL_newstate();
  if (!L) throw std::runtime_error("luaL_newstate failed");
  std::vector<lua_State*> threads(n);
  tally.begin();
  lua_createtable(L, static_cast<int>(n), 0);
  for (std::size_t i = 0; i < n; ++i) {
    threads[i] = lua_newthread(L);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    lua_pushcfunction(threads[i], memory_body);
    lua_pushinteger(threads[i], static_cast<lua_Integer>(i));
    int results = 0;
    if (lua_resume(threads[i], L, 1, &results) != LUA_YIELD) throw std::runtime_error("did not yield");
  }
  tally.all_suspended();
  for (auto co : threads) {
    int results = 0;
    if (lua_resume(co, L, 0, &results) != LUA_OK) throw std::runtime_error(lua_tostring(co, -1));
  }
  tally.finish();
  lua_close(L);
  memory_tally = nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("lua", LUA_RELEASE);
  adapter.add(Case::switch_, run_switch).add(Case::create, run_create).add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
