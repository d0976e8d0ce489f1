taxis experiment sweep --heuristics '' --games 10
