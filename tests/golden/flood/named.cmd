flood solve data/flood/named.txt
