flow solve tests/golden/flow/files/pack_truncated.json
