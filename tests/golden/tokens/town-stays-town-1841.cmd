# Issue 32 item 2: an old town's track goes to a city only where the new tile has no town or
# halt to take it. 1841, recorded game, hex F16 (Venice): yellow 601 (city on side 1, town on
# side 5) with IRSFF's token, to green 602 (city on 0, 2, 3; town on 4). Only rotation 1, as
# the game allows: at rotation 5 the new city would swallow the old town's side 5 while 602's
# own town lies elsewhere. Before: rotations 1 and 5.
tokens upgrade --from 1841:601 --tokens 0:IRSFF --to 1841:602
