flow solve --json tests/golden/flow/files/levels.json tests/golden/flow/files/levels_wrapped.json
