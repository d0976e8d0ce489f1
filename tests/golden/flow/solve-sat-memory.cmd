flow solve --method sat --memory-limit 1 data/flow/contest_10x8.txt
