taxis play --heuristic mc --mc-samples 16 --seed 3 --index 2
