# Tatham IDs hold at most 10 colours
flood convert --to tatham -
