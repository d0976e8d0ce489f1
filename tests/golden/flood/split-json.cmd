flood split data/flood/example.txt 5 2 --depth 2 --json
