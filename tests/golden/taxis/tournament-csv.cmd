taxis tournament --games 200 --heuristics rs,pp --csv
