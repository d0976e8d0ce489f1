taxis tournament --heuristics pp,mc --games 60 --mc-samples 8 --threads 2
