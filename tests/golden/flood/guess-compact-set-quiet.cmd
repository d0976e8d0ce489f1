flood solve data/flood/ten.txt --method greedy
