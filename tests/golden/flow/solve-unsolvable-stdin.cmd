flow solve --style pipes -
