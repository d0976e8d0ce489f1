flow solve --style text tests/golden/flow/files/levels_wrapped.json
