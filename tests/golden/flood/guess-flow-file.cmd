# flood solve reads a Flow Free file: refused
flood solve data/flow/seed_5x5.txt
