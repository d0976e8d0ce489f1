flood solve data/flood/ten.txt --method beam --beam-width 50
