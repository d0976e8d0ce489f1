taxis ideal --random --c 6 --dups 1 --seed 2 --heuristic md --quiet
