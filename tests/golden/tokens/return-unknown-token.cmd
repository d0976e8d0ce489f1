# Issue 32 item 4: --return names a token that is not on the old tile: a located error, exit 2.
tokens upgrade --return 1:KK --from 1837:427 --tokens 0:SD,3:KK --to 1837:436
