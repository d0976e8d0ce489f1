country convert --to block -
