flood solve data/flood/ids.txt --json
