taxis play --seed 5 --index 2 --c 6 --dups 3 --heuristic mt --json
