flood solve --count 2 data/flood/example.txt
