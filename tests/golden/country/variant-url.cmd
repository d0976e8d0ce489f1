country solve --count 2 --json -
