taxis experiment sweep --heuristics pp,mc --c 6 --dups 2 --games 60 --mc-samples 16 --json
