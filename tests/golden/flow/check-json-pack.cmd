flow check tests/golden/flow/files/pack_keyed.json tests/golden/flow/files/pack_keyed_answers.json
