flood convert --to compact --json data/flood/ids.txt
