flood solve --method greedy --json -
