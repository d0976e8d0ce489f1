taxis play --heuristic mc --mc-eval ply2 --mc-samples 64 --seed 4 --index 1
