// lua: Lua 5.4's coroutines (Lua threads) driven from C. Each coroutine is a Lua thread made with
// lua_newthread whose body is a C function: it counts its entry and yields with lua_yieldk, naming
// itself as the continuation, so every later lua_resume runs the continuation, which counts and
// yields again. No Lua bytecode runs: this is the cost of Lua's resume/yield machinery itself.
#include <lua.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "../common/coroutine_adapter.hpp"

namespace {

using benchbox::Trial;
using benchbox::coroutine::SwitchTally;

struct Body {
  SwitchTally* tally;
  std::size_t index;
};

int continuation(lua_State* co, int /*status*/, lua_KContext ctx) {
  const auto* self = reinterpret_cast<const Body*>(ctx);
  self->tally->entered(self->index);
  return lua_yieldk(co, 0, ctx, continuation);
}

int body(lua_State* co) {
  const auto ctx = reinterpret_cast<lua_KContext>(lua_touserdata(co, lua_upvalueindex(1)));
  return continuation(co, LUA_OK, ctx);
}

void resume(lua_State* co, lua_State* from) {
  int results = 0;
  if (lua_resume(co, from, 0, &results) != LUA_YIELD) throw std::runtime_error(lua_tostring(co, -1));
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  lua_State* L = luaL_newstate();
  if (!L) throw std::runtime_error("luaL_newstate failed");
  // The threads stay referenced from a table in the main state, so the collector keeps them.
  lua_createtable(L, static_cast<int>(n), 0);
  std::vector<Body> bodies(n);
  std::vector<lua_State*> threads(n);
  for (std::size_t i = 0; i < n; ++i) {
    bodies[i] = Body{&tally, i};
    threads[i] = lua_newthread(L);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    lua_pushlightuserdata(threads[i], &bodies[i]);
    lua_pushcclosure(threads[i], body, 1);
  }
  for (auto co : threads) resume(co, L);  // priming: runs body to its first yield
  tally.begin();
  SwitchTally::round_robin(tally.target() / 2, n, [&](std::size_t i) { resume(threads[i], L); });
  tally.end();
  tally.finish();
  lua_close(L);
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("lua", LUA_RELEASE);
  adapter.info("build", "C library (liblua5.4): errors and yields across C use _setjmp/_longjmp");
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "asymmetric",
               .stack_bytes = 0,
               .notes = "lua_resume() from C into each Lua thread, lua_yieldk() back: two switches. The body is a C "
                        "function continued by lua_yieldk's continuation (no Lua bytecode); each resume is a "
                        "protected call (_setjmp) and each yield a _longjmp back to it. Lua threads have no C stack "
                        "of their own (0 here): only a growable Lua value stack",
               .min_param = 1}),
              run_switch);
  adapter.not_applicable("channel", "Lua has no channel; coroutine.resume/yield pass values one switch at a time (a generator)");
  return adapter.main(argc, argv);
}
