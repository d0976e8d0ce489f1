flood convert --to grid --start 2,3 data/flood/example.txt
