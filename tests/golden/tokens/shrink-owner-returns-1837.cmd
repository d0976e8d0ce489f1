# Issue 32 item 4: when the slots shrink and the game names no token to return, the owners
# return as few as let the rest fit and choose which. 1837, Vienna (G17), 427 at rotation 0 to
# 436 at rotation 5 (the real tiles; the tokens are added): KK in cities 1 and 3, SD in city 0,
# UG in city 4. Old cities 1, 2 and 3 all go to the new one-slot city 2, so one of KK's two
# tokens must go: two placements, the owner's choice, and the answer names the tokens that may
# go. Before: no --shrink; every rotation was short.
tokens upgrade --shrink --all --from 1837:427 --tokens 0:SD,1:KK,3:KK,4:UG --to 1837:436
