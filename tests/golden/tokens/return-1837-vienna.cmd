# Issue 32 item 4: tokens the game returns. 1837, Vienna (G17): when 436 is laid, KK keeps its
# home token and returns its other tokens in Vienna (the engine's G1837::Step::Track#lay_tile:
# "Keep home token - index 0"; no rule book text was found). The real tiles 427 (rotation 0) and
# 436 (rotation 5 only); tokens added: KK in cities 1 and 3 (its home in city 1), SD in city 0,
# UG in city 4. --return 3:KK says which token goes: one placement, KK@3 returned. Before: no
# --return; every rotation was short.
tokens upgrade --return 3:KK --from 1837:427 --tokens 0:SD,1:KK,3:KK,4:UG --to 1837:436
