tokens upgrade --from 'city=revenue:30;path=a:0,b:_0;path=a:_0,b:5;label=NY' --tokens 0:NYC --to 1830:54
