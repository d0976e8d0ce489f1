flow solve --format thomasahle -
