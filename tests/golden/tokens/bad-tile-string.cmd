tokens upgrade --from 'city=revenue:40;pth=a:1,b:_0' --to 1867:X2
