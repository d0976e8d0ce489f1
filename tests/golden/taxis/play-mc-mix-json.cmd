taxis play --heuristic mc --mc-eval mix --mc-samples 16 --seed 4 --index 1 --json
