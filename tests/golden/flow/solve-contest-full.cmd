flow solve --full --paths simple --style pipes data/flow/contest_10x8.txt
