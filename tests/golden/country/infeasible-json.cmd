country solve --json -
