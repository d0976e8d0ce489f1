flood convert --to tatham data/flood/example.txt
