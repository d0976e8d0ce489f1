# Issue 32 item 4: the game's catalogue rule. data/tiles/1837.txt says `436 shrinks`: laying
# Vienna's brown 436, old cities keep their tokens, not their empty slots, with no option
# given. The recorded lay of shrink-1837-vienna (427 at rotation 0, SD in city 0, KK in city
# 3): SD->1, KK->2 at rotation 5, as the engine placed them. Before: every rotation short.
tokens upgrade --from 1837:427 --tokens 0:SD,3:KK --to 1837:436
