flow solve --method search --complete --count 10 --style pipes -
