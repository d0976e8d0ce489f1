country solve --count 2 --ascii -
