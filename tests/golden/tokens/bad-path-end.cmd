tokens upgrade --from 1867:L12 --to 'city=revenue:50;path=a:0,b:_1'
