flow solve data/flow/no-such-file.txt
