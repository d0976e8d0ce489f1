flood check tests/golden/flood/files/proven-set.txt tests/golden/flood/files/proven-set.tsv
