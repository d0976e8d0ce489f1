flow convert --to thomasahle -
