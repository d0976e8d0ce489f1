flood solve data/flood/ten.txt --json
