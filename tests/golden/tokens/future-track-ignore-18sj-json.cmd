# Issue 32 item 5: printed future track that binds nothing (--future-track ignore), as
# future-track-ignore-18sj, in JSON; a stub mark (stub=edge:3) still binds.
tokens upgrade --json --future-track ignore --from 'city=revenue:0;path=track:future,a:1,b:_0;path=track:future,a:4,b:_0;stub=edge:3' --to 'city=revenue:20;path=a:0,b:_0;path=a:3,b:_0'
