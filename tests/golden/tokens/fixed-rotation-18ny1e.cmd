tokens upgrade --from 18NY1E:J20 --tokens '0:NY&H' --to 18NY1E:X11
# Issue 32 item 5: fixed-rotation tiles, 18NY 1st Edition (its own catalogue: the first
# edition's X32 differs from the second's, and only X11 and X22 are fixed there). New York
# City's X11 goes on J20 as printed, rotation 0 (the online engine's G18NY
# legal_tile_rotation?, inherited by the first edition; no rule-book text found by search).
# Recorded lay: fixture 18NY1stEdition/18NY1stEdition_game_end_bank, action 350: yellow J20
# with NY&H's token, green X11 laid; the engine allows rotation 0 only, so do we. Before:
# no 18NY1E catalogue, and asked with the tile strings rotation 1 passed too.
