taxis play data/taxis/figure7.setting --heuristic rs --index 3
