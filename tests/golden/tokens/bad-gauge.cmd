tokens upgrade --from 'city;path=a:0,b:_0;path=a:_0,b:3' --to 'city;path=a:0,b:_0,track:meter'
