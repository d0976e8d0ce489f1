# Issue 32 item 5: fixed-rotation tiles in a bundled catalogue (`NAME @ ROT`). 18NY (second
# edition): New York City's tiles X11, X22, X32 go as printed on J20 (the game's rule as the
# online engine applies it: X11, X22 and, second edition, X32 at rotation 0 on J20). Recorded
# game, hex J20: green X11 with NY&H's and HR's tokens, to brown X22. Before: the catalogue had no
# rotation rule and every rotation the track allows passed (0, 1 and 5).
tokens upgrade --from 18NY:X11 --tokens '0:NY&H,0:HR' --to 18NY:X22
