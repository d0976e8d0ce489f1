# Issue 32 item 5: fixed-rotation tiles in a bundled catalogue (`NAME @ ROT`). 1860: Newport's
# green 763 goes as printed (the game's rule as the online engine applies it: NO_ROTATION_TILES
# 758 761 763 773 775). Recorded game, hex G5: the preprinted N city (track on sides 2 and 3) with
# C&N's token, to 763. Before: the catalogue had no rotation rule and every rotation the track
# allows passed (0, 1 and 5).
tokens upgrade --from 'city=revenue:30;path=a:2,b:_0;path=a:3,b:_0;label=N' --tokens '0:C&N' --to 1860:763
