tokens upgrade --from 'city=revenue:10,slots:4;path=a:0,b:_0@2' --tokens 0:A,0:B --to 'city=slots:2;city=slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:0,b:_1;path=a:1,b:_1;path=a:5,b:_1'
