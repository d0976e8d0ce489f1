flow explain --json tests/golden/flow/files/split_5x5.txt
