country solve --count 20 --json --quiet -
