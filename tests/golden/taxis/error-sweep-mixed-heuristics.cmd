taxis experiment sweep --heuristics pp,bogus --games 10
