# Issue 32 item 5: printed future track that binds nothing (--future-track ignore). 18SJ,
# recorded game, hex E20: a blank city printed with dashed future track on sides 1 and 4
# (18SJ's map), upgraded to yellow 6 (track on sides 0 and 2). The online engine allows all six
# rotations: it never enforces 18SJ's dashed lines (they are drawn, not stubs). Before: the
# future track was always a stub and no rotation was legal.
tokens upgrade --future-track ignore --from 'city=revenue:0;path=track:future,a:1,b:_0;path=track:future,a:4,b:_0;icon=image:18_sj/L-S,sticky:1' --to 'city=revenue:20;path=a:0,b:_0;path=a:2,b:_0'
