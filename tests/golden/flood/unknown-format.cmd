flood solve data/flood/example.txt --format png
