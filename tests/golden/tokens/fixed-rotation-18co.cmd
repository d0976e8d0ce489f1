# Issue 32 item 5: fixed-rotation tiles in a bundled catalogue (`NAME @ ROT`). 18CO: Denver's
# tiles co1, co2, co3 go as printed (the game's rule as the online engine applies it:
# TILES_FIXED_ROTATION co1 co2 co3 co5 co6 co7). Recorded game, hex E15: yellow co1 with KPAC's
# token, DRG's and DSL's homes and DPAC's extra token, to green co2. Only rotation 0, as the game
# allows. Before: the catalogue had no rotation rule and every rotation the track allows passed (0
# and 2).
tokens upgrade --from 18CO:co1 --tokens 0:KPAC --reserve 0:DRG,1:DSL --extra 2:DPAC --to 18CO:co2
