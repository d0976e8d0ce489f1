flood solve data/flood/example.txt
