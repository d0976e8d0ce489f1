taxis experiment sweep --heuristics bogus --games 10
