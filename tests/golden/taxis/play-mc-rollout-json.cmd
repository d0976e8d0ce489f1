taxis play --heuristic mc --mc-eval pp --mc-ties tentacles --mc-samples 8 --seed 5 --json
