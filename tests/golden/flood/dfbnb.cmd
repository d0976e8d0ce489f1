flood solve data/flood/example.txt --method dfbnb --json
