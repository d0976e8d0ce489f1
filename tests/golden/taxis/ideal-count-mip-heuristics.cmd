taxis ideal --random --c 7 --dups 3 --seed 1 --index 10 --count 4 --json --method mip --mip-start heuristics
