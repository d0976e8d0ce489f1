taxis tournament --heuristics rs,bogus --games 10
