flood split data/flood/example.txt --depth 8
