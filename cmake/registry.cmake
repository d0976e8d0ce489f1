# The registry of games, generated from the folders src/games/<name> (each defines
# `const gopt_game gopt_game_<name>`), so a game registers itself by existing. Used by the
# native build and the WebAssembly one (cmake/web): set GOPT_ROOT to the source tree first.
file(GLOB GOPT_GAME_DIRS LIST_DIRECTORIES true CONFIGURE_DEPENDS ${GOPT_ROOT}/src/games/*)
set(GOPT_REGISTRY_DECLS "")
set(GOPT_REGISTRY_ITEMS "")
foreach(d ${GOPT_GAME_DIRS})
  if(IS_DIRECTORY ${d})
    get_filename_component(g ${d} NAME)
    string(APPEND GOPT_REGISTRY_DECLS "extern const gopt_game gopt_game_${g};\n")
    string(APPEND GOPT_REGISTRY_ITEMS "    &gopt_game_${g},\n")
  endif()
endforeach()
configure_file(${GOPT_ROOT}/src/core/registry.c.in ${CMAKE_BINARY_DIR}/generated/registry.c @ONLY)
