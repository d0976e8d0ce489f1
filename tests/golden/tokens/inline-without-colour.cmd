tokens upgrade --from 'city;path=a:0,b:_0' --catalog 1867
