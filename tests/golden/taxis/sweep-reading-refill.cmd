taxis experiment sweep --heuristics md,pp,mc --c 6 --dups 2 --games 60 --mc-samples 16 --reading refill --json
