flood solve --depth 9 data/flood/example.txt
