flood solve data/flood/example.txt --memory-limit 2
