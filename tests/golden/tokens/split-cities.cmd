tokens upgrade --split --all --from 'city=slots:2;city;path=a:0,b:_0;path=a:3,b:_1' --tokens 0:A,0:B,1:C --to 'city;city=slots:2;path=a:0,b:_0;path=a:3,b:_0;path=a:0,b:_1;path=a:3,b:_1'
