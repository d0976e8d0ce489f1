# Issue 32 item 5: fixed-rotation tiles in a bundled catalogue (`NAME @ ROT`). 1822CA: Winnipeg's
# brown W4 goes as printed (the game's rule as the online engine applies it: its 1822CA rotation
# table, W2 W4..W7 at 0 only). Recorded game, hex N16: green W2 with GTP's token and CNoR's
# destination token, to W4. Before: the catalogue had no rotation rule and every rotation the
# track allows passed (0, 2 and 4).
tokens upgrade --from 1822CA:W2 --tokens 0:GTP --extra 0:CNoR --to 1822CA:W4
