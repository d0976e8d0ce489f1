taxis tournament --heuristics md,pp --games 100 --reading refill,closed
