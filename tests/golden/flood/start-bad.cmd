flood solve data/flood/example.txt --start 13,1
