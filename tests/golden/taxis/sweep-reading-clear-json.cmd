taxis experiment sweep --heuristics rs,pp --c 6 --dups 2 --games 200 --reading clear,start-all,ties-first --json
