taxis play --heuristic greedy
