flood solve data/flood/example.txt --start x
