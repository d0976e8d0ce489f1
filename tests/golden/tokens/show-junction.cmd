tokens show 'junction;city=revenue:20;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:1,b:_1;path=a:_1,b:3;label=Y'
