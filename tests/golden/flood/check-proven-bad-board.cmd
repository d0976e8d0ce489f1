flood check --json tests/golden/flood/files/proven-set.txt tests/golden/flood/files/proven-bad-board.tsv
