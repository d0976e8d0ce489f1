# words (puchert) in a character format: renamed 0-9 a-z A-Z
flood convert --to grid -
