tokens upgrade --from 'city;city;path=a:0,b:_0;path=a:3,b:_1@1' --tokens 0:A,1:B --to 'city=revenue:30,slots:2;path=a:1,b:_0;path=a:4,b:_0;path=a:2,b:_0'
