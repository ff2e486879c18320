# benchbox.1.gz, the manual page, made from the command line's own help at build time (the
# benchbox_man target, cmake/BenchboxPackage.cmake):
#   cmake -DBENCHBOX=bin/benchbox -DHELP2MAN=help2man -DEXTRA=packaging/benchbox.h2m -DWORK=DIR -P BenchboxManPage.cmake
# help2man makes the synopsis, description and options from `benchbox --help`; this script adds a
# section for every command and every module from their own --help (the options every module shares
# once, under RUN OPTIONS), and EXTRA what no help says (exit status, environment, files). The
# modules are the ones this benchbox holds: it names them itself (`benchbox __complete list ''`).

cmake_minimum_required(VERSION 3.25)

# Help texts hold ';' (CMake's list separator) and may hold '|': inside lists, a ';' is SEMI and
# the parts of an entry are separated by SEP.
string(ASCII 1 SEMI)
string(ASCII 2 SEP)

# `benchbox ARGS`, found on PATH so that its usage lines say "benchbox", not the build's path.
function(_benchbox out)
  get_filename_component(dir ${BENCHBOX} DIRECTORY)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env "PATH=${dir}:$ENV{PATH}" benchbox ${ARGN}
                  OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "benchbox ${ARGN}: exit status ${rc}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The words of `benchbox __complete WORDS... ''`: a command's commands, or the modules.
function(_complete out)
  execute_process(COMMAND ${BENCHBOX} __complete ${ARGN} "" OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "benchbox __complete ${ARGN}: exit status ${rc}")
  endif()
  string(REPLACE "\n" ";" words "${text}")
  list(REMOVE_AT words 0)  # "words"
  list(REMOVE_ITEM words "")
  set(${out} ${words} PARENT_SCOPE)
endfunction()

function(_roff_escape out text)
  string(REPLACE "${SEMI}" ";" text "${text}")
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REPLACE "," ",\\:" text "${text}")  # may break after a comma: long lists of ids have no space
  string(REGEX REPLACE "^([.'])" "\\\\&\\1" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# A command's --help as entries: its description, its usage, and one "HEADING SEP NAME SEP TEXT" per
# option, positional or command (a text CLI11 continued on the next lines joined to it).
function(_help_entries description usage entries)
  _benchbox(text ${ARGN} --help)
  string(REPLACE ";" "${SEMI}" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  list(GET lines 0 first)
  set(heading "")
  set(found)
  foreach(line IN LISTS lines)
    if(line MATCHES "^Usage: (.*)$")
      set(${usage} "${CMAKE_MATCH_1}" PARENT_SCOPE)
    elseif(line MATCHES "^([A-Z][a-z]+):$")
      set(heading "${CMAKE_MATCH_1}")
    elseif(line MATCHES "^  ([^ ]+( [^ ]+)*)  +(.*)$")
      list(APPEND found "${heading}${SEP}${CMAKE_MATCH_1}${SEP}${CMAKE_MATCH_3}")
    elseif(line MATCHES "^  ([^ ]+( [^ ]+)*)$")
      list(APPEND found "${heading}${SEP}${CMAKE_MATCH_1}${SEP}")
    elseif(line MATCHES "^   +([^ ].*)$" AND found)  # the text of the entry above, continued
      set(more "${CMAKE_MATCH_1}")
      list(POP_BACK found last)
      if(last MATCHES "${SEP}$")
        list(APPEND found "${last}${more}")
      else()
        list(APPEND found "${last} ${more}")
      endif()
    endif()
  endforeach()
  list(FILTER found EXCLUDE REGEX "^Options${SEP}-h,--help${SEP}")  # said once, under OPTIONS
  set(${description} "${first}" PARENT_SCOPE)
  set(${entries} "${found}" PARENT_SCOPE)
endfunction()

# Roff for entries: a tagged paragraph each, under its heading (Positionals, Options, Subcommands).
function(_roff_entries out)
  set(roff "")
  set(heading "")
  foreach(entry IN LISTS ARGN)
    string(REGEX MATCH "^([^${SEP}]*)${SEP}([^${SEP}]*)${SEP}(.*)$" _ "${entry}")
    set(h "${CMAKE_MATCH_1}")
    _roff_escape(name "${CMAKE_MATCH_2}")
    _roff_escape(text "${CMAKE_MATCH_3}")
    if(NOT h STREQUAL heading)
      string(APPEND roff ".PP\n${h}:\n")
      set(heading "${h}")
    endif()
    string(APPEND roff ".TP\n\\fB${name}\\fR\n${text}\n")
  endforeach()
  set(${out} "${roff}" PARENT_SCOPE)
endfunction()

function(_roff_command out description usage)
  _roff_escape(d "${description}")
  _roff_escape(u "${usage}")
  _roff_entries(entries ${ARGN})
  set(${out} ".SS \"${u}\"\n${d}\n${entries}" PARENT_SCOPE)
endfunction()

# The names under a help's "Subcommands:" heading.
function(_subcommands out)
  set(names)
  foreach(entry IN LISTS ARGN)
    if(entry MATCHES "^Subcommands${SEP}([^${SEP}]*)${SEP}")
      list(APPEND names ${CMAKE_MATCH_1})
    endif()
  endforeach()
  set(${out} ${names} PARENT_SCOPE)
endfunction()

# A command's section, then those of its own commands (store import).
function(_command_roff out)
  _help_entries(description usage entries ${ARGN})
  _roff_command(roff "${description}" "${usage}" ${entries})
  _subcommands(subs ${entries})
  foreach(sub IN LISTS subs)
    _command_roff(sub_roff ${ARGN} ${sub})
    string(APPEND roff "${sub_roff}")
  endforeach()
  set(${out} "${roff}" PARENT_SCOPE)
endfunction()

# The entries every module's help has (none with one module: its section says it all).
function(_shared_entries out)
  list(LENGTH ARGN count)
  set(shared)
  if(count GREATER 1)
    list(GET ARGN 0 first)
    set(shared ${entries_${first}})
    foreach(module IN LISTS ARGN)
      set(kept)
      foreach(entry IN LISTS shared)
        if(entry IN_LIST entries_${module})
          list(APPEND kept "${entry}")
        endif()
      endforeach()
      set(shared ${kept})
    endforeach()
  endif()
  set(${out} ${shared} PARENT_SCOPE)
endfunction()

# The commands, every module, and the options the modules share, as help2man's include sections.
function(_sections out)
  _help_entries(_ _ top)
  _subcommands(commands ${top})
  _complete(modules list)
  set(command_roff "")
  foreach(command IN LISTS commands)
    if(NOT command IN_LIST modules)
      _command_roff(roff ${command})
      string(APPEND command_roff "${roff}")
    endif()
  endforeach()
  foreach(module IN LISTS modules)
    _help_entries(description_${module} usage_${module} entries_${module} ${module})
  endforeach()
  _shared_entries(shared ${modules})
  set(module_roff "")
  foreach(module IN LISTS modules)
    set(own ${entries_${module}})
    if(shared)
      list(REMOVE_ITEM own ${shared})
    endif()
    _roff_command(roff "${description_${module}}" "${usage_${module}}" ${own})
    string(APPEND module_roff "${roff}")
  endforeach()
  # Left-aligned from here on: a long list of ids in a help text cannot be spread to both margins.
  string(CONCAT text "[COMMANDS]\n.ad l\n${command_roff}\n[MODULES]\nThe modules this benchbox holds, one family of libraries each.\n")
  if(shared)
    _roff_entries(shared_roff ${shared})
    string(APPEND text ".PP\nEvery module takes the options under RUN OPTIONS; its own follow its name.\n${module_roff}\n"
                       "[RUN OPTIONS]\nWhat every module's command takes.\n${shared_roff}")
  else()
    string(APPEND text "${module_roff}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

_sections(sections)
file(MAKE_DIRECTORY ${WORK})
file(WRITE ${WORK}/commands.h2m "${sections}")
_benchbox(top --help)
string(REGEX MATCH "^benchbox: ([^\n]*)" _ "${top}")
get_filename_component(dir ${BENCHBOX} DIRECTORY)
execute_process(COMMAND ${CMAKE_COMMAND} -E env "PATH=${dir}:$ENV{PATH}"
                        ${HELP2MAN} --no-info --section 1 "--name=${CMAKE_MATCH_1}"
                        --include ${WORK}/commands.h2m --include ${EXTRA} --output ${WORK}/benchbox.1 benchbox
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man: exit status ${rc}")
endif()
# Compressed as Debian's policy asks of a manual page (gzip -9n: no name or time stamp inside).
execute_process(COMMAND gzip -9n --force ${WORK}/benchbox.1 RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip ${WORK}/benchbox.1: exit status ${rc}")
endif()
