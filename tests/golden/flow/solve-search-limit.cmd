flow solve --method search --style pipes -
