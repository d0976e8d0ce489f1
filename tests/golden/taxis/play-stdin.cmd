taxis play - --heuristic pp
