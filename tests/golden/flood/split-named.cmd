flood split data/flood/named.txt --depth 9 --json
