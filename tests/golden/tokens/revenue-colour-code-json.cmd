tokens upgrade --from 'city=revenue:40;path=a:0,b:_0;city=revenue:40;path=a:2,b:_1;city=revenue:40;path=a:4,b:_2;path=a:3,b:_2;label=HH' --tokens 0:BY,2:SX --to 'city=revenue:#cb7743_50|brown_60,slots:3;path=a:_0,b:0;path=a:_0,b:1;path=a:_0,b:2;path=a:_0,b:3;path=a:_0,b:4;path=a:_0,b:5;label=HH' --json
# Issue 32 item 1, as revenue-colour-code.cmd, in JSON.
