flow solve --full --style pipes data/flow/contest_10x8.txt
