taxis play data/taxis/figure7.setting --heuristic md
