tokens solve --json --quiet -
