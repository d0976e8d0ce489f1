# Issue 32 item 5: fixed-rotation tiles in a bundled catalogue (`NAME @ ROT`). 1841: Venice's
# yellow 601 goes as printed (the game's rule as the online engine applies it: NO_ROTATION_TILES
# 601). Recorded game, hex F16: the preprinted Venice (a city and a town, no track) with IRSFF's
# token, to 601. Before: the catalogue had no rotation rule and every rotation the track allows
# passed (all six).
tokens upgrade --from 1841:F16 --tokens 0:IRSFF --to 1841:601
