country solve --print url -
