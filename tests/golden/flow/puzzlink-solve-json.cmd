flow solve --count 2 --json -
