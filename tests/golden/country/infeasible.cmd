country solve --count 2 -
