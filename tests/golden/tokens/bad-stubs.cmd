tokens upgrade --from 'city=revenue:0;path=track:future,a:0,b:_0;path=track:future,a:2,b:_0@0' --to 'city=revenue:20;path=a:0,b:_0;path=a:2,b:_0' --stubs 0,3
# Issue 32: --stubs names only sides where the old tile prints a stub or future track (exit 2).
