tokens upgrade --from 'city;city=slots:2;path=a:0,b:_0;path=a:3,b:_1;label=OO' --tokens 0:CPR,1:CPR --reserve 1:GT --to 'city=slots:3;path=a:0,b:_0;path=a:3,b:_0;path=a:1,b:_0;label=OO'
