flow solve --count 2 tests/golden/flow/files/pack_keyed.json
