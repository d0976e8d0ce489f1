flood solve data/flood/example.txt --json --stats
