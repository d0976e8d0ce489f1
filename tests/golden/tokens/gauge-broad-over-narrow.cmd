tokens upgrade --from 'city;path=a:0,b:_0,track:narrow;path=a:_0,b:3,track:narrow' --tokens 0:A --to 'city=slots:2;path=a:0,b:_0;path=a:_0,b:3;path=a:_0,b:1;path=a:_0,b:4'
