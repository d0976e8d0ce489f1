flow solve --json -
