flood solve --method greedy -
