tokens upgrade --from 'city=revenue:20;path=a:0,b:_0;path=a:_0,b:3@1' --tokens 0:NER --extra 0:MR --to 'city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0'
# Issue 32 item 6: a token beyond the slots. 1822 (rules 7.4, destination tokens: "if there is
# no free token space the destination token is placed in addition"), recorded game on hex L19:
# yellow 57 at rotation 1 holds NER's token in its one slot and MR's destination token beyond
# it; green 15 (2 slots) is laid. The extra token takes no slot and keeps its edges {1,4}:
# rotations 1 and 4, as the game allows. Before: --extra was unknown, the question unaskable.
