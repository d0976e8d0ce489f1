taxis experiment sweep --heuristics pp,ideal --reading clear
