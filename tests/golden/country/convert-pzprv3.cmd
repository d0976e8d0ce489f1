country convert --to pzprv3 -
