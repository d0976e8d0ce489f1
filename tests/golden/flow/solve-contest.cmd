flow solve data/flow/contest_10x8.txt
