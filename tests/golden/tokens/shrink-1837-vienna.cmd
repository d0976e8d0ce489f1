# Issue 32 item 4: upgrades that shrink slots. 1837, Vienna (hex G17): green 427 has six
# one-slot cities, one per edge; brown 436 has four, the three at edges 2, 3 and 4 joined in one
# city of one slot. Recorded game (the engine's fixture 1837_game_end_bank, action 930): SD in
# city 0 and KK in city 3, 427 at rotation 0 to 436, which the game lays at rotation 5 only
# (data/tiles/1837.txt: `436 @ 5`, the engine's G1837 legal_tile_rotation?). With --shrink the
# old cities keep their tokens, not their empty slots: SD goes to city 1, KK to city 2, as the
# engine placed them. Rule: the engine's (lib/engine/game/g_1837/game.rb and step/track.rb
# lay_tile; Hex#lay keeps every token); no rule book text was found. Before: no --shrink, and
# every rotation was short (six old slots for four new ones).
tokens upgrade --shrink --from 1837:427 --tokens 0:SD,3:KK --to 1837:436
