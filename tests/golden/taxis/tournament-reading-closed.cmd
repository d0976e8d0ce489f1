taxis tournament --games 200 --heuristics rs,md,pp --reading closed --threads 2
