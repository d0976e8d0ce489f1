taxis experiment sweep --heuristics mc --mc-eval best
